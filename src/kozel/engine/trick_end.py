"""The end of a trick: its cards go to the winner's side, the stock is drawn, and the winner leads next."""

from __future__ import annotations

from typing import Final

from kozel.engine.hand_end import finish_hand
from kozel.engine.refill import refill
from kozel.engine.taken import LISTENER
from kozel.game.move import Move
from kozel.game.state import GameState, Phase, TransferWindow, make_state

__all__ = ["take_trick"]

_PLAY: Final = Phase.PLAY


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
    stock = state.stock
    if stock:
        stock = refill(hands, stock, winner, rules.dealing.hand_size)
    if not stock and not any(hands):
        return finish_hand(state, tuple(hands), tuple(won), tuple(counts), winner, log=log)
    transfer = rules.transfer
    drew = len(stock) != len(state.stock)
    window = TransferWindow(leader=winner) if drew and transfer is not None and transfer.after_draw else None
    return make_state(
        state.match,
        state.deal,
        tuple(hands),
        stock,
        state.talon,
        winner,
        None,
        tuple(won),
        tuple(counts),
        _PLAY,
        window,
        None,
        log,
    )
