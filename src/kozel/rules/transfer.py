"""Trump transfer: a player with only one or two trumps hands them to the partner face down."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from kozel.errors import RulesetError
from kozel.limits import MAX_CARDS
from kozel.rules import checks

__all__ = ["TrumpTransfer"]

_flag = checks.flag("transfer")


def _sorted_counts(counts: Iterable[int]) -> tuple[int, ...]:
    """The counts in increasing order (the order they are given in says nothing); a repeat is left for the validator."""
    values = checks.as_tuple(counts)
    if not isinstance(values, tuple) or not all(checks.is_whole(n) for n in values):
        return values  # refused by the validator
    return tuple(sorted(values))


def _counts(instance: Any, attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    if (
        not isinstance(value, tuple)
        or not value
        or any(not checks.is_whole(n) or not 1 <= n <= MAX_CARDS for n in value)
        or len(set(value)) != len(value)
    ):
        raise RulesetError(
            f"transfer: counts must be a list of different whole numbers from 1 to {MAX_CARDS}, "
            f"not {checks.table_text(value)}"
        )


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
    after_deal: bool = attrs.field(default=False, validator=_flag)
    #: Whether the window opens after each draw from the stock.
    after_draw: bool = attrs.field(default=True, validator=_flag)
    #: Whether a transfer is allowed in the first hand of a match.
    first_hand: bool = attrs.field(default=True, validator=_flag)
    #: Whether a partner who holds only trumps gives back trumps instead of plain cards.  All or
    #: nothing: a partner with some plain cards, but fewer than he must give back, gives no trump to
    #: make up the count, so the transfer cannot be made.
    trump_back_if_no_plain: bool = attrs.field(default=False, validator=_flag)
    #: Whether a player with two trumps, only one of which counts card points, may hand over that one
    #: (the "spectacled" trump of the Goat four rules; the other is declared "not for the trump").
    #: It is a transfer of one trump where two are not handed over: ``counts`` holds 1 and not 2
    #: (with 2 too, whether he may then hand over both, that one, or either is not settled: refused).
    point_trump_of_two: bool = attrs.field(default=False, validator=_flag)

    def opens_after_draw(self, first_hand: bool) -> bool:
        """Whether the window opens after a draw from the stock in a hand (the match's first hand where
        ``first_hand``): after draws where ``after_draw`` says so, and in the first hand only where
        ``first_hand`` allows a transfer there."""
        return self.after_draw and (self.first_hand or not first_hand)

    def __attrs_post_init__(self) -> None:
        if not (self.after_deal or self.after_draw):
            raise RulesetError("transfer: the window never opens: after_deal and after_draw are both off")
        if self.point_trump_of_two and (1 not in self.counts or 2 in self.counts):
            raise RulesetError(
                "transfer: point_trump_of_two hands over one trump of two, so counts must hold 1 and not 2 "
                f"(with 2 among them, which of the two trumps may go is not settled), not {list(self.counts)}"
            )
