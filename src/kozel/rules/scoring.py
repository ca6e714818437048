"""Hand scoring: turning each side's card points and tricks into points written on the score sheet."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Any

import attrs

from kozel.errors import RulesetError

__all__ = ["ScoreMode", "ScoreRow", "Scoring"]


class ScoreMode(enum.Enum):
    """Whether written points count against a side or for it."""

    #: Penalty points written on the losers; the side that reaches the match target is the goat.
    PENALTY = "penalty"
    #: Credit points written for the winners; the first side to reach the target wins the match.
    CREDIT = "credit"


def _whole(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RulesetError(f"scoring: {attribute.name} must be a whole number of 0 or more, not {value!r}")


@attrs.frozen
class ScoreRow:
    """One line of the scoring table: a side whose card points lie in ``low..high`` is written ``written``."""

    #: Lowest card points of the row (inclusive).
    low: int = attrs.field(validator=_whole)
    #: Highest card points of the row (inclusive).
    high: int = attrs.field(validator=_whole)
    #: Points written for (credit) or on (penalty) the side.
    written: int = attrs.field(validator=_whole)

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise RulesetError(f"scoring: the row {self.low}..{self.high} is empty (low is above high)")


def _row_tuple(rows: Iterable[ScoreRow]) -> tuple[ScoreRow, ...]:
    return tuple(rows)


def _rows(instance: Any, attribute: attrs.Attribute[Any], rows: tuple[ScoreRow, ...]) -> None:
    if not rows or any(not isinstance(row, ScoreRow) for row in rows):
        raise RulesetError("scoring: rows must be a non-empty tuple of ScoreRow")
    if rows[0].low != 0:
        raise RulesetError(f"scoring: the table must start at 0 card points, but its first row starts at {rows[0].low}")
    for before, after in itertools.pairwise(rows):
        if after.low <= before.high:
            raise RulesetError(
                f"scoring: rows {before.low}..{before.high} and {after.low}..{after.high} overlap "
                "(list rows from low to high, each starting one above the last)"
            )
        if after.low != before.high + 1:
            raise RulesetError(
                f"scoring: no row covers {before.high + 1}..{after.low - 1} card points "
                f"(gap between rows {before.low}..{before.high} and {after.low}..{after.high})"
            )


@attrs.frozen
class Scoring:
    """The scoring table of a hand: each side is written by its own card points.

    A side that took no trick is written ``no_trick`` instead of its row.  With ``eggs``, two sides
    that took exactly half of the points each are "eggs" (яйца): neither is written anything.
    """

    #: Whether written points are penalties on the losers or credits for the winners.
    mode: ScoreMode = attrs.field(validator=attrs.validators.instance_of(ScoreMode))
    #: The table by a side's own card points, low to high, covering 0 to the deck's total with no gap.
    rows: tuple[ScoreRow, ...] = attrs.field(converter=_row_tuple, validator=_rows)
    #: Written on a side that took no trick at all, instead of its row (None: use the row).
    no_trick: int | None = None
    #: Whether a tie at half the points each is eggs, with nothing written on the tied sides.
    eggs: bool = True

    @property
    def top(self) -> int:
        """The highest card points the table covers."""
        return self.rows[-1].high

    def row_for(self, points: int) -> ScoreRow:
        """The row that covers ``points`` card points."""
        for row in self.rows:
            if row.low <= points <= row.high:
                return row
        raise RulesetError(f"scoring: no row covers {points} card points")

    def is_eggs(self, points: tuple[int, ...], total: int) -> bool:
        """Whether a hand that ended with these card points per side is eggs."""
        return self.eggs and sum(2 * p == total for p in points) == 2

    def write(self, points: tuple[int, ...], tricks: tuple[int, ...], total: int) -> tuple[int, ...]:
        """The points written for each side, given its card points and tricks taken, out of ``total``."""
        eggs = self.is_eggs(points, total)
        written = []
        for side_points, side_tricks in zip(points, tricks, strict=True):
            if eggs and 2 * side_points == total:
                written.append(0)
            elif side_tricks == 0 and self.no_trick is not None:
                written.append(self.no_trick)
            else:
                written.append(self.row_for(side_points).written)
        return tuple(written)
