"""Card points: what each card is worth when a side counts the cards it has taken."""

from __future__ import annotations

from typing import Any

import attrs

from kozel.cards.card import CARDS, Card, Rank
from kozel.rules import checks

__all__ = ["CardPoints"]


def _field(default: int) -> Any:
    return attrs.field(default=default, validator=checks.whole("card points"))


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
    table: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    @table.default
    def _table(self) -> tuple[int, ...]:
        by_rank = {rank: getattr(self, rank.name.lower()) for rank in Rank}
        return tuple(by_rank[card.rank] for card in CARDS)

    def of(self, card: Card) -> int:
        """The points ``card`` is worth."""
        return self.table[card.index]

    def of_mask(self, mask: int) -> int:
        """The total points of the cards in bitmask ``mask``."""
        table = self.table
        total = 0
        while mask:
            low = mask & -mask
            total += table[low.bit_length() - 1]
            mask ^= low
        return total
