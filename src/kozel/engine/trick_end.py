"""The end of a trick: its cards go to the winner's side, the stock is drawn, and the winner leads next."""

from __future__ import annotations

from typing import Final

from kozel.engine.hand_end import finish_hand
from kozel.engine.interned import numbers
from kozel.engine.refill import refill_from
from kozel.engine.taken import LISTENER
from kozel.game.move import Move
from kozel.game.state import GameState, Phase, TransferWindow, stock_at

__all__ = ["take_trick"]

_PLAY: Final = Phase.PLAY
_new: Final = tuple.__new__


def take_trick(state: GameState, hands: list[int], plays: tuple[Move, ...], winner: int, log: bytes) -> GameState:
    """Every card of the trick goes to ``winner``'s side; then the draw, and the next lead or the hand's end.

    ``hands`` are the bitmasks after the last play (changed in place by the draw); ``log`` is the deal's moves.
    """
    heard = LISTENER.get()
    if heard is not None:  # a step is listening: it reads the winner here rather than working it out again
        heard.append(winner)
    rules = state.match.ruleset
    side = winner % rules.seating.sides
    cards = 0
    for play in plays:
        cards |= play.mask
    won = list(state.won_masks)
    won[side] |= cards
    counts = list(state.trick_counts)
    counts[side] += 1
    deal = state.deal
    at = before = state.stock_at
    hand_size = rules.dealing.hand_size
    if isinstance(at, int):  # the stock is what is left of the deal's order, from ``at``
        order = deal.base.order
        if at < len(order):
            at = refill_from(hands, order, at, winner, hand_size)
        empty = at == len(order)
    else:  # stored as its own card indexes (never empty: an empty stock is stored as the order's end)
        drawn = refill_from(hands, at, 0, winner, hand_size)
        empty = drawn == len(at)
        if drawn:
            at = stock_at(deal, at[drawn:])
    if empty and not any(hands):
        return finish_hand(state, tuple(hands), tuple(won), tuple(counts), winner, log=log)
    transfer = rules.transfer
    drew = at != before
    window = TransferWindow(leader=winner) if drew and transfer is not None and transfer.after_draw else None
    return _new(
        GameState,
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
