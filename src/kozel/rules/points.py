"""Card points: what each card is worth when a side counts the cards it has taken."""

from __future__ import annotations

from typing import Any, Final

import attrs

from kozel.cards.card import CARDS, Card, Rank
from kozel.errors import WrongTypeError
from kozel.limits import MAX_POINTS
from kozel.plain_types import short_repr
from kozel.rules import checks

__all__ = ["CardPoints"]

_PER_SUIT: Final = len(CARDS) // 4
_LOW: Final = (1 << _PER_SUIT) - 1


def _field(default: int) -> Any:
    return attrs.field(default=default, validator=checks.whole("points", 0, MAX_POINTS))


@attrs.frozen
class CardPoints:
    """The count of each rank: ace 11, ten 10, king 4, queen 3, jack 2, nine to six nothing (120 in a pack)."""

    #: Points for an ace.
    ace: int = _field(11)
    #: Points for a ten.
    ten: int = _field(10)
    #: Points for a king.
    king: int = _field(4)
    #: Points for a queen ("lady").
    queen: int = _field(3)
    #: Points for a jack.
    jack: int = _field(2)
    #: Points for a nine.
    nine: int = _field(0)
    #: Points for an eight.
    eight: int = _field(0)
    #: Points for a seven.
    seven: int = _field(0)
    #: Points for a six.
    six: int = _field(0)
    #: Points of every card, indexed by ``Card.index``: derived, for fast counting.
    table: tuple[int, ...] = attrs.field(init=False, default=(), eq=False, repr=False)
    #: Points of the cards of each suit, indexed by the suit's nine bits of a mask: derived, for fast counting.
    suit_tables: tuple[tuple[int, ...], ...] = attrs.field(init=False, default=(), eq=False, repr=False)
    #: The cards that count any points, as one bitmask: derived.
    counted: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Derived once every count is checked, so a wrong kind is the validator's error, not a TypeError here
        # (a frozen record is set up this way only here).
        by_rank = {rank: getattr(self, rank.name.lower()) for rank in Rank}
        table = tuple(by_rank[card.rank] for card in CARDS)
        suit_tables = tuple(
            tuple(
                sum(table[suit * _PER_SUIT + i] for i in range(_PER_SUIT) if pattern >> i & 1)
                for pattern in range(1 << _PER_SUIT)
            )
            for suit in range(len(CARDS) // _PER_SUIT)
        )
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "suit_tables", suit_tables)
        object.__setattr__(self, "counted", sum(1 << index for index, points in enumerate(table) if points))

    def of(self, card: Card) -> int:
        """The points ``card`` is worth (:class:`~kozel.WrongTypeError` for anything but a Card)."""
        if type(card) is not Card:
            raise WrongTypeError(f"card points are of a Card, not {short_repr(card)}")
        return self.table[card.index]

    def of_mask(self, mask: int) -> int:
        """The total points of the cards in bitmask ``mask``."""
        clubs, spades, hearts, diamonds = self.suit_tables
        return (
            clubs[mask & _LOW]
            + spades[mask >> _PER_SUIT & _LOW]
            + hearts[mask >> 2 * _PER_SUIT & _LOW]
            + diamonds[mask >> 3 * _PER_SUIT & _LOW]
        )
