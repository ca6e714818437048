"""Redeals: a player whose hand is too poor may call for the cards to be dealt again."""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from kozel.limits import MAX_POINTS, MAX_REDEALS, MAX_TABLE_POINTS
from kozel.rules import checks

__all__ = ["Redeal", "RedealReason"]


class RedealReason(enum.Enum):
    """What allows a redeal call."""

    #: A player whose hand counts fewer than ``Redeal.below_points`` card points.
    FEW_POINTS = "few_points"
    #: A side that holds no queen at all; either of its players may call.
    NO_QUEEN = "no_queen"
    #: A side that holds no queen but the queen of diamonds (or none); either of its players may call.
    NO_QUEEN_BUT_DIAMONDS = "no_queen_but_diamonds"
    #: A player holding all four nines.
    FOUR_NINES = "four_nines"
    #: A player holding all four queens.
    FOUR_QUEENS = "four_queens"


def _reasons(reasons: Iterable[RedealReason]) -> tuple[RedealReason, ...]:
    return checks.as_tuple(reasons)


@attrs.frozen
class Redeal:
    """After the deal and before the first lead a player may call a redeal; the same dealer deals again.

    With a ``limit``, a side that has called that many redeals in a row and calls again is refused:
    it loses the hand, its opponents being credited ``penalty`` (or it being written ``penalty``).
    With ``after_praise`` False, no redeal may follow a praise deal.
    """

    #: What allows the call (any one of them).
    reasons: tuple[RedealReason, ...] = attrs.field(
        converter=_reasons, validator=checks.members("redeal", RedealReason, empty=False)
    )
    #: For ``FEW_POINTS``: a hand under this many card points may call.
    below_points: int = attrs.field(default=13, validator=checks.whole("redeal", 1, MAX_TABLE_POINTS))
    #: Whether the call is allowed in the first hand of a match.
    first_hand: bool = attrs.field(default=True, validator=checks.flag("redeal"))
    #: Whether a redeal may be called after a praise deal.
    after_praise: bool = attrs.field(default=True, validator=checks.flag("redeal"))
    #: How many redeals in a row one side may call; None for no limit.
    limit: int | None = attrs.field(default=None, validator=checks.optional(checks.whole("redeal", 1, MAX_REDEALS)))
    #: What a side loses when it calls beyond the limit.
    penalty: int = attrs.field(default=2, validator=checks.whole("redeal", 0, MAX_POINTS))
