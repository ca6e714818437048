"""The end of a trick: its cards go to the winner's side, the stock is drawn, and the winner leads next."""

from __future__ import annotations

from typing import Final

from kozel.engine.hand_end import finish_hand
from kozel.engine.interned import numbers
from kozel.engine.refill import refill_from
from kozel.engine.taken import LISTENER
from kozel.game.move import Move, MoveFields
from kozel.game.state import GameState, Phase, TransferWindow, stock_at

__all__ = ["take_trick"]

_PLAY: Final = Phase.PLAY
_new: Final = tuple.__new__
# The state built at every trick, bound as a Final name (compiled code reads it without a look-up).
_GAME_STATE: Final = GameState


def take_trick(state: GameState, hands: list[int], plays: tuple[Move, ...], winner: int, log: bytes) -> GameState:
    """Every card of the trick goes to ``winner``'s side; then the draw, and the next lead or the hand's end.

    ``hands`` are the bitmasks after the last play (changed in place by the draw); ``log`` is the deal's moves.
    """
    heard = LISTENER.get()
    if heard is not None:  # a step is listening: it reads the winner here rather than working it out again
        heard.append(winner)
    won = list(state.won_masks)
    side = winner % len(won)  # a list a side: the seating's sides
    cards = 0
    taken: tuple[MoveFields, ...] = plays  # read by position in the compiled build
    for play in taken:
        cards |= play.mask
    won[side] |= cards
    counts = list(state.trick_counts)
    counts[side] += 1
    deal = state.deal
    at = before = state.stock_at
    if isinstance(at, int):  # the stock is what is left of the deal's order, from ``at``
        order = deal.base.order
        if at < len(order):
            at = refill_from(hands, order, at, winner, state.match.ruleset.dealing.hand_size)
        empty = at == len(order)
    else:  # stored as its own card indexes (never empty: an empty stock is stored as the order's end)
        drawn = refill_from(hands, at, 0, winner, state.match.ruleset.dealing.hand_size)
        empty = drawn == len(at)
        if drawn:
            at = stock_at(deal, at[drawn:])
    if empty and not any(hands):
        return finish_hand(state, tuple(hands), tuple(won), tuple(counts), winner, log=log)
    window = None
    if at != before:  # cards were drawn: a transfer window may open
        transfer = state.match.ruleset.transfer
        if transfer is not None and transfer.opens_after_draw(not state.match.hand_results):
            window = TransferWindow(leader=winner)
    return _new(
        _GAME_STATE,
        (
            state.match,
            deal,
            tuple(hands),
            at,
            state.talon,
            winner,
            None,
            tuple(won),
            numbers(tuple(counts)),
            _PLAY,
            window,
            None,
            log,
        ),
    )
