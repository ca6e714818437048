"""Refusals: the error for a move the rules do not allow, naming the rule it breaks."""

from __future__ import annotations

from kozel.errors import IllegalMoveError
from kozel.game.move import Move

__all__ = ["refuse"]


def refuse(move: Move, rule: str, why: str) -> IllegalMoveError:
    """The error for ``move``, which breaks ``rule`` because of ``why``."""
    return IllegalMoveError(f"{move} is not allowed: {why}", move=move, rule=rule)
