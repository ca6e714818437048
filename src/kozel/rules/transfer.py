"""Trump transfer: a player with only one or two trumps hands them to the partner face down."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from kozel.errors import RulesetError

__all__ = ["TrumpTransfer"]


def _sorted_counts(counts: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(set(counts)))


def _counts(instance: Any, attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    if not value or any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in value):
        raise RulesetError(f"trump transfer: counts must be whole numbers of at least 1, not {value!r}")


@attrs.frozen
class TrumpTransfer:
    """A player holding exactly ``counts`` trumps may hand all of them to the partner face down.

    The partner gives back as many plain cards, face down, of his choice (trumps, where
    ``trump_back_if_no_plain`` says so and he holds no plain card).  It is optional; it may be done
    while the next trick has not been led, once per side each time the window opens (after each
    draw from the stock, and after the deal where ``after_deal`` says so), and only when the
    partner holds enough cards to give back.
    """

    #: How many trumps a player may hold to hand them over (all of them go).
    counts: tuple[int, ...] = attrs.field(default=(1, 2), converter=_sorted_counts, validator=_counts)
    #: Whether the window opens right after the deal.
    after_deal: bool = False
    #: Whether the window opens after each draw from the stock.
    after_draw: bool = True
    #: Whether a transfer is allowed in the first hand of a match.
    first_hand: bool = True
    #: Whether a partner who holds only trumps gives back trumps instead of plain cards.
    trump_back_if_no_plain: bool = False
    #: Whether a player with two trumps, only one of which counts card points, may hand over that one
    #: (the seed's "spectacled" trump; the other is declared "not for the trump").
    point_trump_of_two: bool = False
