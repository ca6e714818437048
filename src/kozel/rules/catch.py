"""Catches: a low card that catches a high one when both fall in one trick."""

from __future__ import annotations

from typing import Any

import attrs

from kozel.cards.card import Card
from kozel.errors import RulesetError


def _card(instance: Any, attribute: attrs.Attribute[Card], value: Card) -> None:
    if not isinstance(value, Card):
        raise RulesetError(f"catch: {attribute.name} must be a card, not {value!r}")


@attrs.frozen
class Catch:
    """``catcher`` catches ``victim``: when both lie in one trick, played by opposing sides, the hand stops.

    It stops the moment the second of them is played.  No card points are counted; the victim's side
    is written ``written`` (penalty scoring) or the catcher's side is credited it (credit scoring).
    """

    #: The card that is caught (the queen of clubs).
    victim: Card = attrs.field(validator=_card)
    #: The card that catches it (the seven or the six of clubs).
    catcher: Card = attrs.field(validator=_card)
    #: Points written for the catch.
    written: int = 4

    def __attrs_post_init__(self) -> None:
        if self.victim == self.catcher:
            raise RulesetError("catch: a card cannot catch itself")
