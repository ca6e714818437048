"""Catches: a low card that catches a high one when both fall in one trick."""

from __future__ import annotations

import attrs

from kozel.cards.card import Card
from kozel.errors import RulesetError
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
    written: int = attrs.field(default=4, validator=checks.whole("catch"))

    def __attrs_post_init__(self) -> None:
        if self.victim == self.catcher:
            raise RulesetError("catch: a card cannot catch itself")
