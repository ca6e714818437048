"""Catches: a low card that catches a high one when both fall in one trick."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from kozel.cards.card import Card
from kozel.errors import RulesetError
from kozel.limits import MAX_POINTS
from kozel.rules import checks

__all__ = ["Catch"]


@attrs.frozen
class Catch:
    """``catcher`` catches ``victim``: when both lie in one trick, played by opposing sides, the hand stops.

    It stops the moment the second of them is played.  No card points are counted; the victim's side
    is written ``written`` (penalty scoring) or the catcher's side is credited it (credit scoring).
    """

    #: The card that is caught (the queen of clubs).
    victim: Card = attrs.field(validator=checks.card("catch"))
    #: The card that catches it (the seven or the six of clubs).
    catcher: Card = attrs.field(validator=checks.card("catch"))
    #: Points written for the catch.
    written: int = attrs.field(default=4, validator=checks.whole("catch", 0, MAX_POINTS))
    #: The two cards as one bitmask (derived), for the engine's test of whether a card played may make a catch.
    mask: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.victim == self.catcher:
            raise RulesetError("catch: a card cannot catch itself")
        # Derived once the cards are checked (a frozen record is set up this way only here).
        object.__setattr__(self, "mask", self.victim.bit | self.catcher.bit)

    def loser(self, plays: Iterable[tuple[int, Card]], side_of: Callable[[int], int]) -> int | None:
        """The side that loses the hand to this catch in a trick of ``plays`` (seat, card), or None.

        There is a catch when the trick holds both cards, played by opposing sides (``side_of``
        gives a seat's side); the side of the victim's player loses.
        """
        seats = {card: seat for seat, card in plays}
        if self.victim not in seats or self.catcher not in seats:
            return None
        victim = side_of(seats[self.victim])
        return victim if victim != side_of(seats[self.catcher]) else None
