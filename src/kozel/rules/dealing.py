"""Dealing: how many cards each player gets, and whether the hands are refilled from the stock."""

from __future__ import annotations

import enum

import attrs

from kozel.errors import RulesetError
from kozel.limits import MAX_CARDS
from kozel.rules import checks

__all__ = ["DealerRotation", "Dealing"]


class DealerRotation(enum.Enum):
    """Who deals the next hand."""

    #: The player left of the last dealer.
    CLOCKWISE = "clockwise"
    #: The player who opened the last hand (the first leader), so the deal follows the first lead.
    OPENER = "opener"


@attrs.frozen
class Dealing:
    """The deal: ``hand_size`` cards each, ``packet`` at a time clockwise from the dealer's left, dealer last.

    What is not dealt is the stock, face down, top card first.  With ``refill``, after each trick every
    player draws one card at a time from the top of the stock, the trick winner first and then
    clockwise, until everyone holds ``hand_size`` again or the stock is empty.  ``rotation`` says who
    deals next.
    """

    #: Cards in each player's hand after the deal.
    hand_size: int = attrs.field(default=4, validator=checks.whole("dealing", 1, MAX_CARDS))
    #: Cards given to a player at a time while dealing (1: one card at a time).
    packet: int = attrs.field(default=1, validator=checks.whole("dealing", 1, MAX_CARDS))
    #: Whether players draw back up to ``hand_size`` from the stock after each trick.
    refill: bool = attrs.field(default=True, validator=checks.flag("dealing"))
    #: Who deals the next hand.
    rotation: DealerRotation = attrs.field(
        default=DealerRotation.CLOCKWISE, validator=checks.member("dealing", DealerRotation)
    )

    def __attrs_post_init__(self) -> None:
        if self.hand_size % self.packet:
            raise RulesetError(f"dealing: a hand of {self.hand_size} cannot be dealt in packets of {self.packet}")
