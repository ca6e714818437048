"""Leading: who plays the first card of a hand."""

from __future__ import annotations

import enum

import attrs

from kozel.errors import RulesetError

__all__ = ["LeadSeat", "Leading"]


class LeadSeat(enum.Enum):
    """A seat named by its place at the table when a hand starts."""

    #: The player who dealt.
    DEALER = "dealer"
    #: The player next clockwise from the dealer.
    LEFT_OF_DEALER = "left_of_dealer"
    #: The player who took the last trick of the previous hand.
    LAST_TRICK_WINNER = "last_trick_winner"


@attrs.frozen
class Leading:
    """Who leads the first trick: one rule for the match's first hand, one for every later hand."""

    #: Who leads the first hand of the match.
    first_hand: LeadSeat = attrs.field(
        default=LeadSeat.LEFT_OF_DEALER, validator=attrs.validators.instance_of(LeadSeat)
    )
    #: Who leads each later hand.
    later_hands: LeadSeat = attrs.field(
        default=LeadSeat.LAST_TRICK_WINNER, validator=attrs.validators.instance_of(LeadSeat)
    )

    def __attrs_post_init__(self) -> None:
        if self.first_hand is LeadSeat.LAST_TRICK_WINNER:
            raise RulesetError("leading: the first hand of a match has no previous trick to name its leader")
