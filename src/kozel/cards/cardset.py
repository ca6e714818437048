"""CardSet: an immutable set of cards stored as one bitmask.

Bit ``card.index`` is set when the card is in the set.  Set operations are
single integer operations, and iteration is always in the canonical card
order, so a card set prints and iterates the same way every time.
"""

from __future__ import annotations

import collections.abc
import operator
from collections.abc import Iterable, Iterator
from typing import Any, Final, cast, final

from kozel.cards.card import CARDS, Card
from kozel.cards.masks import SUIT_BITS, cards_of, iter_bits
from kozel.cards.notation import format_cards, parse_cards
from kozel.errors import NotationError, StateError, WrongTypeError
from kozel.plain_types import short_repr

__all__ = ["SUIT_BITS", "CardSet", "cards_of", "cardset_from_mask", "iter_bits"]


@final
class CardSet:
    """An unordered, immutable set of cards, such as a hand or the cards a side has won.

    >>> hand = CardSet.parse("A♠ 10♥ 7♣")
    >>> len(hand), Card.parse("10h") in hand
    (3, True)
    >>> str(hand - CardSet.parse("7c"))
    'A♠ 10♥'
    """

    __slots__ = ("mask",)

    #: The set as a bitmask over card indexes.
    mask: int

    def __init__(self, cards: Iterable[Card] | str = ()) -> None:
        if isinstance(cards, str):
            cards = _read(cards)
        try:
            listed = tuple(cards)
        except TypeError:
            raise WrongTypeError(f"a CardSet holds cards or card text, not {type(cards).__name__}") from None
        mask = 0
        for card in listed:
            if not isinstance(card, Card):
                raise WrongTypeError(f"a CardSet holds cards, not {short_repr(card)}")
            mask |= card.bit
        _set_mask(self, mask)

    @staticmethod
    def from_mask(mask: int) -> CardSet:
        """The card set whose bitmask is ``mask`` (bit ``i`` stands for ``CARDS[i]``).

        ``mask`` is a whole number (an int, or a NumPy integer, read as an int; not a bool):
        :class:`~kozel.WrongTypeError` for anything else, :class:`~kozel.StateError` for a number
        below 0 or with a bit beyond the last card.
        """
        if isinstance(mask, bool):
            raise WrongTypeError(f"a card mask is a whole number, not {short_repr(mask)}")
        try:
            number = operator.index(mask)
        except TypeError:
            raise WrongTypeError(f"a card mask is a whole number, not {short_repr(mask)}") from None
        if number < 0 or number >> len(CARDS):
            shown = f"{number:#x}"
            if len(shown) > 60:
                shown = shown[:57] + "..."
            raise StateError(f"{shown} is not a mask of the {len(CARDS)} cards")
        return cardset_from_mask(number)

    @staticmethod
    def parse(text: object) -> CardSet:
        """Read a list of cards such as ``"A♠ 10♥ 7♣"`` (commas allowed) into a set.

        Text that names a card twice (``"A♠ as"``) raises :class:`~kozel.NotationError`, as does
        text that is not cards: a set's text lists each card once.
        """
        return CardSet(_read(text))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card sets are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("card sets are immutable")

    def __copy__(self) -> CardSet:
        """A card set is an immutable value: its copy is itself."""
        return self

    def __deepcopy__(self, memo: object) -> CardSet:
        """A card set is an immutable value: its deep copy is itself."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return cardset_from_mask(self.mask | other.mask)

    def __and__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return cardset_from_mask(self.mask & other.mask)

    def __sub__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return cardset_from_mask(self.mask & ~other.mask)

    def __xor__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return cardset_from_mask(self.mask ^ other.mask)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask & ~other.mask == 0

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != other.mask and self.mask & ~other.mask == 0

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other.mask & ~self.mask == 0

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != other.mask and other.mask & ~self.mask == 0

    def union(self, *others: Iterable[Card]) -> CardSet:
        """The cards in this set or in any of ``others``."""
        mask = self.mask
        for other in others:
            mask |= _as_set(other).mask
        return cardset_from_mask(mask)

    def intersection(self, *others: Iterable[Card]) -> CardSet:
        """The cards in this set and in every one of ``others``."""
        mask = self.mask
        for other in others:
            mask &= _as_set(other).mask
        return cardset_from_mask(mask)

    def difference(self, *others: Iterable[Card]) -> CardSet:
        """The cards in this set and in none of ``others``."""
        mask = self.mask
        for other in others:
            mask &= ~_as_set(other).mask
        return cardset_from_mask(mask)

    def symmetric_difference(self, other: Iterable[Card]) -> CardSet:
        """The cards in exactly one of this set and ``other``."""
        return cardset_from_mask(self.mask ^ _as_set(other).mask)

    def issubset(self, other: Iterable[Card]) -> bool:
        """Whether every card of this set is in ``other``."""
        return self.mask & ~_as_set(other).mask == 0

    def issuperset(self, other: Iterable[Card]) -> bool:
        """Whether every card of ``other`` is in this set."""
        return _as_set(other).mask & ~self.mask == 0

    def isdisjoint(self, other: Iterable[Card]) -> bool:
        """Whether this set and ``other`` share no card."""
        return self.mask & _as_set(other).mask == 0

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


_set_mask: Final = cast(Any, CardSet.__dict__["mask"]).__set__
_new: Final = object.__new__


def cardset_from_mask(mask: int) -> CardSet:
    """The card set of ``mask``, unchecked: the engine's fast path (``CardSet.from_mask`` checks)."""
    cards = _new(CardSet)
    _set_mask(cards, mask)
    return cards


def _read(text: object) -> tuple[Card, ...]:
    """The cards of card text, each written once (a card written twice raises NotationError)."""
    cards = parse_cards(text)
    seen = twice = 0
    for card in cards:
        twice |= seen & card.bit
        seen |= card.bit
    if twice:
        again = cards_of(twice)
        raise NotationError(
            f"{format_cards(again)} written twice: the text of a set of cards names each card once", str(again[0])
        )
    return cards


def _as_set(cards: Iterable[Card]) -> CardSet:
    return cards if isinstance(cards, CardSet) else CardSet(cards)


collections.abc.Set.register(CardSet)
