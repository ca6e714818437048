"""Praise (похвала): the boasting player may choose how a hand is dealt.

The boasting player (left of the dealer) announces one of the deal procedures of the section
"Surrender and types of praise" of the Russian collection of Goat variants, instead of cutting.
The engine runs the chosen procedure; every decision it leaves to a player is a move.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from kozel.errors import RulesetError
from kozel.rules import checks

__all__ = ["Praise", "PraiseKind"]


class PraiseKind(enum.Enum):
    """A deal procedure the boasting player may announce."""

    #: The regular deal, four and four from the boasting player, as the praise names it (whatever the
    #: ruleset's ``dealing.packet``): no praise.
    REGULAR = "regular"
    #: One card at a time, from the boasting player.
    ONE_BY_ONE = "one_by_one"
    #: "On a merry": two rounds of a face-down and a face-up card each, the face-up cards deciding
    #: who takes both tricks; then four cards each.
    MERRY = "merry"
    #: The boasting player cuts and takes the trumps at the bottom of the upper part; then the deal.
    MIRROR = "mirror"
    #: Every player in turn cuts and takes the trumps at the bottom of the upper part; then the deal.
    MIRROR_ALL = "mirror_all"
    #: "Trump yourself, not a trump for a bribe": each draws, keeping trumps, until a plain card,
    #: which goes into a trick; then the deal.
    TRUMP_YOURSELF = "trump_yourself"
    #: "Fishing" for himself: the boasting player draws his eight, the others are dealt theirs.
    FISHING = "fishing"
    #: "Fishing" for everyone: each draws his eight in turn.
    FISHING_ALL = "fishing_all"
    #: "Trousers": each receives the top and bottom cards two at a time, keeps aces and trumps, and
    #: lays the first other card into a trick (the first two face down); then the deal.
    TROUSERS = "trousers"
    #: "Pants double": as trousers with four cards at a time, two cards laid, one face down and
    #: one face up, into two tricks.
    PANTS_DOUBLE = "pants_double"

    # Members are singletons that compare by identity, so they hash by identity: at C speed, where
    # Enum's own hash is a Python method run at every look-up keyed by a praise deal.
    __hash__ = object.__hash__

    @property
    def laid(self) -> int:
        """How many cards each player puts into the tricks this deal deals before play (0: none): they are not
        played, so his hand must hold more."""
        return _LAID.get(self, 0)

    @property
    def is_drawn(self) -> bool:
        """Whether this deal is dealt by drawing and laying cards in turn, with choices left to the players."""
        return self is PraiseKind.TROUSERS or self is PraiseKind.PANTS_DOUBLE


#: Cards each player puts into the tricks dealt before play, by deal: two face down and two face up on a
#: merry, one drawn in trump yourself, one laid in trousers, two laid in pants double.
_LAID: Final[Mapping[PraiseKind, int]] = {
    PraiseKind.MERRY: 4,
    PraiseKind.TRUMP_YOURSELF: 1,
    PraiseKind.TROUSERS: 1,
    PraiseKind.PANTS_DOUBLE: 2,
}


def _kinds(kinds: Iterable[PraiseKind]) -> tuple[PraiseKind, ...]:
    return checks.as_tuple(kinds)


_choices = checks.members("praise", PraiseKind, empty=False)


def _check_kinds(instance: Any, attribute: attrs.Attribute[Any], value: tuple[PraiseKind, ...]) -> None:
    _choices(instance, attribute, value)
    if PraiseKind.REGULAR not in value:
        raise RulesetError("praise: the regular deal must be among the choices")


@attrs.frozen
class Praise:
    """Before each hand the boasting player chooses one of ``choices``; after a redeal no praise is allowed."""

    #: The deal procedures the boasting player may announce.
    choices: tuple[PraiseKind, ...] = attrs.field(default=tuple(PraiseKind), converter=_kinds, validator=_check_kinds)
