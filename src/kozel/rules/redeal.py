"""Redeals: a player whose hand is too poor may call for the cards to be dealt again."""

from __future__ import annotations

import enum

import attrs

__all__ = ["Redeal", "RedealReason"]


class RedealReason(enum.Enum):
    """What allows a redeal call."""

    #: A player whose hand counts fewer than ``Redeal.below_points`` card points.
    FEW_POINTS = "few_points"
    #: A side that holds no queen at all; either of its players may call.
    NO_QUEEN = "no_queen"


@attrs.frozen
class Redeal:
    """After the deal and before the first lead a player may call a redeal; the same dealer deals again."""

    #: What allows the call.
    reason: RedealReason = attrs.field(validator=attrs.validators.instance_of(RedealReason))
    #: For ``FEW_POINTS``: a hand under this many card points may call.
    below_points: int = 13
    #: Whether the call is allowed in the first hand of a match.
    first_hand: bool = True
