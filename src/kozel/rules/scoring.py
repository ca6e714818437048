"""Hand scoring: turning each side's card points and tricks into points written on the score sheet."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Any

import attrs

from kozel.errors import RulesetError
from kozel.limits import MAX_POINTS, MAX_TABLE_POINTS
from kozel.plain_types import short_repr
from kozel.rules import checks

__all__ = ["AllTricks", "ScoreMode", "ScoreRow", "Scoring"]


class ScoreMode(enum.Enum):
    """Whether written points count against a side or for it."""

    #: Penalty points written on the losers; the side that reaches the match target is the goat.
    PENALTY = "penalty"
    #: Credit points written for the winners; the first side to reach the target wins the match.
    CREDIT = "credit"
    #: Every side starts at the match's ``start`` and counts written points off it; the first side
    #: down to the target wins.
    COUNTDOWN = "countdown"

    @property
    def sign(self) -> int:
        """What a written point is worth to the side it is written for: -1 for a penalty, +1 for a credit or a
        point counted off toward the target."""
        return -1 if self is ScoreMode.PENALTY else 1

    @property
    def step(self) -> int:
        """How a written point moves its side's score on the sheet: -1 counting down, else +1."""
        return -1 if self is ScoreMode.COUNTDOWN else 1


_card_points = checks.whole("scoring", 0, MAX_TABLE_POINTS)
_whole = checks.whole("scoring", 0, MAX_POINTS)
_written = checks.optional(_whole)
_flag = checks.flag("scoring")
_all_whole = checks.optional(checks.whole("all tricks", 0, MAX_POINTS))
_all_flag = checks.flag("all tricks")


@attrs.frozen
class ScoreRow:
    """One line of the scoring table: a side whose card points lie from ``low`` to ``high`` is written ``written``."""

    #: Lowest card points of the row (inclusive).
    low: int = attrs.field(validator=_card_points)
    #: Highest card points of the row (inclusive).
    high: int = attrs.field(validator=_card_points)
    #: Points written for (credit) or on (penalty) the side.
    written: int = attrs.field(validator=_whole)

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise RulesetError(f"scoring: the row {self.low}-{self.high} is empty (low is above high)")


def _row_tuple(rows: Iterable[ScoreRow]) -> tuple[ScoreRow, ...]:
    return checks.as_tuple(rows)


def _rows(instance: Any, attribute: attrs.Attribute[Any], rows: tuple[ScoreRow, ...]) -> None:
    if not isinstance(rows, tuple) or not rows or any(not isinstance(row, ScoreRow) for row in rows):
        raise RulesetError(f"scoring: rows must be a non-empty list of ScoreRow, not {checks.table_text(rows)}")
    if rows[0].low != 0:
        raise RulesetError(f"scoring: the table must start at 0 card points, but its first row starts at {rows[0].low}")
    for before, after in itertools.pairwise(rows):
        if after.low <= before.high:
            raise RulesetError(
                f"scoring: rows {checks.points_range(before.low, before.high)} and "
                f"{checks.points_range(after.low, after.high)} overlap "
                "(list rows from low to high, each starting one above the last)"
            )
        if after.low != before.high + 1:
            raise RulesetError(
                f"scoring: no row covers {checks.points_range(before.high + 1, after.low - 1)} card points "
                f"(gap between rows {checks.points_range(before.low, before.high)} and "
                f"{checks.points_range(after.low, after.high)})"
            )


@attrs.frozen
class AllTricks:
    """What taking every trick of a hand does besides the table ("Lucy", "blind", clearing the record)."""

    #: Written for the side instead of its row (None: its row).
    written: int | None = attrs.field(default=None, validator=_all_whole)
    #: Whether the side's own written points are wiped out.
    clears_own: bool = attrs.field(default=False, validator=_all_flag)
    #: Whether the side wins the match at once when the opponents have nothing written ("Lucy").
    wins_if_opponents_blank: bool = attrs.field(default=False, validator=_all_flag)
    #: Whether the opponents' written points otherwise go back to 0 ("Lucy").
    resets_opponents: bool = attrs.field(default=False, validator=_all_flag)
    #: Written on the opponents when it happens in the first hand of a match ("blind"), or None.  A
    #: penalty: only under penalty scoring (under credit or countdown scoring it is refused, since
    #: what is written for a side counts for it there).
    first_hand_opponents: int | None = attrs.field(default=None, validator=_all_whole)
    #: Whether the side that took every trick is the goat at once.
    loses_match: bool = attrs.field(default=False, validator=_all_flag)

    def __attrs_post_init__(self) -> None:
        if self.loses_match and self.wins_if_opponents_blank:
            raise RulesetError(
                "all tricks: taking every trick cannot both lose the match (loses_match) "
                "and win it (wins_if_opponents_blank)"
            )


@attrs.frozen
class Scoring:
    """The scoring table of a hand: each side is written by its own card points.

    A side that took no trick is written ``no_trick`` instead of its row.  With ``eggs``, two sides
    that took exactly half of the points each are "eggs" (яйца): neither is written anything (and
    with ``eggs_replay`` the hand is played again, dealt by the same dealer).  ``all_tricks`` says
    what taking every trick does; ``dealer_loses_written`` replaces the winner's points when the
    losing side is the dealer's.
    """

    #: Whether written points are penalties on the losers or credits for the winners.
    mode: ScoreMode = attrs.field(validator=checks.member("scoring", ScoreMode))
    #: The table by a side's own card points, low to high, covering 0 to the deck's total with no gap.
    rows: tuple[ScoreRow, ...] = attrs.field(converter=_row_tuple, validator=_rows)
    #: Written on a side that took no trick at all, instead of its row (None: use the row).
    no_trick: int | None = attrs.field(default=None, validator=_written)
    #: Whether a tie at half the points each is eggs, with nothing written on the tied sides.
    eggs: bool = attrs.field(default=True, validator=_flag)
    #: Whether an eggs hand is dealt again by the same dealer.
    eggs_replay: bool = attrs.field(default=False, validator=_flag)
    #: What taking every trick does, or None for nothing beyond the table.
    all_tricks: AllTricks | None = attrs.field(
        default=None, validator=checks.optional(checks.instance("scoring", AllTricks))
    )
    #: Written for the winner instead of its row when the loser is the dealer's side (None: the row).
    #: Only where the winner is written (credit or countdown scoring): under penalty scoring it is refused.
    dealer_loses_written: int | None = attrs.field(default=None, validator=_written)

    def __attrs_post_init__(self) -> None:
        if self.eggs_replay and not self.eggs:
            raise RulesetError("scoring: eggs_replay deals an eggs hand again, but eggs is off, so no hand is eggs")
        if (
            self.all_tricks is not None
            and self.all_tricks.first_hand_opponents  # 0 writes nothing, under any scoring
            and self.mode is not ScoreMode.PENALTY
        ):
            raise RulesetError(
                "scoring: all_tricks.first_hand_opponents writes points on the opponents as a penalty, but under "
                f"{self.mode.value} scoring what is written for a side counts for it"
            )
        if self.dealer_loses_written is not None and self.mode is ScoreMode.PENALTY:
            raise RulesetError(
                "scoring: dealer_loses_written replaces what the winner is written, but under penalty scoring "
                "only the losers are written"
            )

    @property
    def least_written(self) -> int | None:
        """The fewest points (above none) this table ever writes for a side in a hand, or None if it writes none."""
        special = (self.no_trick, self.dealer_loses_written, self.all_tricks.written if self.all_tricks else None)
        written = [row.written for row in self.rows] + [each for each in special if each is not None]
        positive = [each for each in written if each > 0]
        return min(positive) if positive else None

    def least_reached(self, totals: int, total: int, sides: int) -> int | None:
        """The fewest points (above none) this table writes for a side in a hand that can happen, or None if none.

        ``totals`` holds a bit for each number of card points a side can take (bit ``n`` for ``n``) out of the
        deck's ``total``, among ``sides`` sides.  A row no side's card points fall in writes nothing; nor does
        a hand of eggs: with two sides and eggs on, a side at exactly half the points (and with no card points
        at all, every side in every hand) is written nothing.
        """
        eggs = self.eggs and sides == 2

        def written(points: int) -> bool:
            return bool(totals >> points & 1) and not (eggs and 2 * points == total)

        reached = [row.written for row in self.rows if any(map(written, range(row.low, row.high + 1)))]
        if not (eggs and total == 0):  # a side with no trick, or with every trick, holds no half of the points
            all_tricks = self.all_tricks.written if self.all_tricks else None
            reached += [each for each in (self.no_trick, all_tricks) if each is not None]
        positive = [each for each in reached if each > 0]
        if positive and self.dealer_loses_written:  # it replaces what a winner is written
            positive.append(self.dealer_loses_written)
        return min(positive) if positive else None

    def two_written(self, totals: int, total: int, sides: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Two sides' card points and written points in a hand that writes points for both, or None if none can.

        ``totals`` and ``total`` are as in :meth:`least_reached`.  A side is taken to be written the most the table
        may write it for its card points: its row; with no card points, ``no_trick`` too (it may have taken no
        trick); with every card point, ``all_tricks.written`` too.  Two sides at exactly half the points each with
        eggs on are written nothing.  With two sides the other side holds the rest of the points; with more, the
        sides besides the two hold the rest, which some side must be able to take.
        """
        special = self.all_tricks.written if self.all_tricks is not None else None

        def most(points: int) -> int:
            options = [self.row_for(points).written]
            if points == 0 and self.no_trick is not None:
                options.append(self.no_trick)
            if points == total and special is not None:
                options.append(special)
            return max(options)

        def eggs(first: int, second: int) -> bool:
            return self.eggs and 2 * first == total and 2 * second == total

        written = [points for points in range(total + 1) if totals >> points & 1 and most(points) > 0]
        if sides == 2:  # the other side holds the rest
            for first in written:
                second = total - first
                if first <= second and totals >> second & 1 and most(second) > 0 and not eggs(first, second):
                    return (first, most(first)), (second, most(second))
            return None
        # More sides: a second side at ``second`` points, the rest, ``total - first - second``, a sum some side can
        # take; looked for with the sums as bits (``rest >> first`` has bit ``second`` where the rest is one).
        chosen = sum(1 << points for points in written)
        rest = sum(1 << (total - points) for points in range(total + 1) if totals >> points & 1)
        for first in written:
            found = chosen & (rest >> first) & ~((1 << first) - 1)  # a second at ``first`` points or more
            while found:
                second = (found & -found).bit_length() - 1
                if not eggs(first, second):
                    return (first, most(first)), (second, most(second))
                found &= found - 1
        return None

    @property
    def most_written(self) -> int:
        """The most points this table ever writes for a side in a hand (0 if it writes none)."""
        all_tricks = self.all_tricks
        special = (
            self.no_trick,
            self.dealer_loses_written,
            all_tricks.written if all_tricks else None,
            all_tricks.first_hand_opponents if all_tricks else None,
        )
        return max([row.written for row in self.rows] + [each for each in special if each is not None])

    @property
    def top(self) -> int:
        """The highest card points the table covers."""
        return self.rows[-1].high

    def row_for(self, points: int) -> ScoreRow:
        """The row that covers ``points`` card points."""
        for row in self.rows:
            if row.low <= points <= row.high:
                return row
        raise RulesetError(f"scoring: no row covers {short_repr(points)} card points")

    def side_written(self, points: int, tricks: int) -> int:
        """What one side is written by the table for ``points`` card points and ``tricks`` tricks:
        ``no_trick`` for a side that took none (where the table has it), else its row."""
        if tricks == 0 and self.no_trick is not None:
            return self.no_trick
        return self.row_for(points).written

    def is_eggs(self, points: tuple[int, ...], total: int) -> bool:
        """Whether a hand that ended with these card points per side is eggs."""
        return self.eggs and sum(2 * p == total for p in points) == 2

    def write(
        self, points: tuple[int, ...], tricks: tuple[int, ...], total: int, dealer_side: int | None = None
    ) -> tuple[int, ...]:
        """The points written for each side, given its card points and tricks taken, out of ``total``."""
        eggs = self.is_eggs(points, total)
        everything = sum(tricks)
        written = []
        for side_points, side_tricks in zip(points, tricks, strict=True):
            if eggs and 2 * side_points == total:
                written.append(0)
            elif (
                side_tricks == everything
                and self.all_tricks is not None
                and self.all_tricks.written is not None
                and (side_tricks or self.no_trick is None)  # a side with no trick is written ``no_trick`` first
            ):
                written.append(self.all_tricks.written)
            else:
                written.append(self.side_written(side_points, side_tricks))
        if self.dealer_loses_written is not None and dealer_side is not None:
            winners = [side for side, points_written in enumerate(written) if points_written]
            if len(winners) == 1 and winners[0] != dealer_side:  # the dealer's side lost
                written[winners[0]] = self.dealer_loses_written
        return tuple(written)
