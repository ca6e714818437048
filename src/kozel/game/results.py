"""The record of finished hands and of a finished match."""

from __future__ import annotations

import attrs

__all__ = ["HandResult", "MatchResult"]


@attrs.frozen
class HandResult:
    """How one hand ended: card points, tricks and written points per side, and whether it was eggs."""

    #: Card points each side took in the hand.
    points: tuple[int, ...]
    #: Tricks each side took in the hand.
    tricks: tuple[int, ...]
    #: Points written for (credit) or on (penalty) each side for the hand.
    written: tuple[int, ...]
    #: Whether the hand was eggs (two sides with half the points each).
    eggs: bool = False
    #: Whether the hand stopped on a catch (its card points were not counted).
    caught: bool = False
    #: Whether a side lost the hand before it was played, by calling a redeal beyond the limit.
    forfeited: bool = False
    #: The seat that played alone after taking the talon, or None.
    declarer: int | None = None


@attrs.frozen
class MatchResult:
    """How a match ended: the sides that are goats, and the titles the table gives them."""

    #: The losing sides: the goats.
    goats: tuple[int, ...]
    #: What the table calls each goat, in the order of ``goats``: ``"goat"``, ``"goat with eggs"``...
    titles: tuple[str, ...]
