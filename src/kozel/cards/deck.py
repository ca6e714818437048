"""Deck: the ordered cards a ruleset plays with, and the usual Russian packs."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import final, overload

from kozel.cards.card import CARDS, Card, Rank
from kozel.cards.cardset import CardSet, cardset_from_mask
from kozel.cards.notation import parse_cards
from kozel.errors import DeckError, WrongTypeError
from kozel.plain_types import short_repr

__all__ = ["Deck"]


@final
class Deck:
    """An immutable, ordered pack of distinct cards: the cards a game is played with.

    >>> len(Deck.pack36()), len(Deck.pack32()), len(Deck.pack24())
    (36, 32, 24)
    """

    __slots__ = ("_cards", "_mask")

    _cards: tuple[Card, ...]
    _mask: int

    def __init__(self, cards: Iterable[Card] | str) -> None:
        if isinstance(cards, str):
            cards = parse_cards(cards)
        try:
            ordered = tuple(cards)
        except TypeError:
            raise WrongTypeError(f"a Deck holds cards or card text, not {type(cards).__name__}") from None
        mask = 0
        for card in ordered:
            if not isinstance(card, Card):
                raise WrongTypeError(f"a Deck holds cards, not {short_repr(card)}")
            if mask & card.bit:
                raise DeckError(f"a deck holds each card once, but {card} appears twice")
            mask |= card.bit
        object.__setattr__(self, "_cards", ordered)
        object.__setattr__(self, "_mask", mask)

    @staticmethod
    def pack36() -> Deck:
        """The full Russian pack of 36 cards, six to ace in each suit."""
        return Deck(CARDS)

    @staticmethod
    def pack32() -> Deck:
        """The piquet pack of 32 cards, seven to ace in each suit."""
        return Deck(card for card in CARDS if card.rank >= Rank.SEVEN)

    @staticmethod
    def pack24() -> Deck:
        """The short pack of 24 cards: ace, ten, king, queen, jack and six of each suit."""
        keep = {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SIX}
        return Deck(card for card in CARDS if card.rank in keep)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in deck order, top card first."""
        return self._cards

    @property
    def mask(self) -> int:
        """The deck's cards as a bitmask (see :class:`CardSet`)."""
        return self._mask

    def cardset(self) -> CardSet:
        """The deck's cards as an unordered :class:`CardSet`."""
        return cardset_from_mask(self._mask)

    def shuffled(self, rng: random.Random) -> Deck:
        """A new deck with the same cards in an order drawn from ``rng``; this deck is unchanged."""
        if not isinstance(rng, random.Random):
            raise WrongTypeError(f"a deck is shuffled with a random.Random, not {short_repr(rng)}")
        cards = list(self._cards)
        rng.shuffle(cards)
        return Deck(cards)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("decks are immutable")

    def __reduce__(self) -> tuple[type[Deck], tuple[tuple[Card, ...]]]:
        return (Deck, (self._cards,))

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask & card.bit)

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...
    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self._cards[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self._cards == other._cards
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards)

    def __repr__(self) -> str:
        return f"Deck({str(self)!r})"
