"""The engine's entry points: ``legal_moves`` and ``apply``, dispatching on the phase and the trick-play component."""

from __future__ import annotations

from types import ModuleType
from typing import Final

from kozel.engine import beat_or_pass
from kozel.engine.beat_or_pass import refuse
from kozel.engine.transfer import apply_transfer, apply_transfer_back, transfer_back_moves, transfer_moves
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.rules.trick_play import BeatOrPass

__all__ = ["apply", "legal_moves"]

#: The engine module that plays each kind of trick-play component.
_TRICK_ENGINES: Final[dict[type, ModuleType]] = {BeatOrPass: beat_or_pass}


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every move any seat may make now; empty exactly when the match is over."""
    phase = state.phase
    if phase is Phase.PLAY:
        moves: tuple[Move, ...] = _TRICK_ENGINES[type(state.deal.ruleset.play)].legal_moves(state)
        if state.window is not None:
            moves += transfer_moves(state)
        return moves
    if phase is Phase.TRANSFER_BACK:
        return transfer_back_moves(state)
    return ()


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` is unchanged.

    Raises :class:`~kozel.IllegalMoveError`, naming the broken rule, for a move not in
    ``legal_moves(state)``.
    """
    if not isinstance(move, Move):
        raise IllegalMoveError(f"{move!r} is not a Move", move=move, rule="move")
    phase = state.phase
    if phase is Phase.PLAY:
        if move.kind is MoveKind.TRANSFER:
            return apply_transfer(state, move)
        result: GameState = _TRICK_ENGINES[type(state.deal.ruleset.play)].apply(state, move)
        return result
    if phase is Phase.TRANSFER_BACK:
        return apply_transfer_back(state, move)
    raise refuse(move, "match over", "the match is over")
