"""Hands as episodes: the signal that a hand has ended, with its result, between two states."""

from __future__ import annotations

from kozel.game.results import HandResult
from kozel.game.state import GameState

__all__ = ["hand_ended", "new_deal"]


def hand_ended(before: GameState, after: GameState) -> HandResult | None:
    """The result of the hand that the move from ``before`` to ``after`` ended, or None if no hand ended.

    A redeal call ends a deal but no hand; a hand scored (eggs included) or the match's last hand does.
    """
    earlier, later = before.match.hand_results, after.match.hand_results
    if len(later) > len(earlier):
        return later[-1]
    return None


def new_deal(before: GameState, after: GameState) -> bool:
    """Whether a new deal began between ``before`` and ``after`` (a hand ended or was redealt; the match goes on)."""
    return after.match.result is None and after.deal.number != before.deal.number
