"""Card bitmasks: the cards of a mask in canonical order, and the indexes of its set bits.

A mask has bit ``card.index`` set for each card it holds (see :class:`~kozel.CardSet`, the set
these masks stand for).  Kept apart from the set itself so that the compiled build compiles them:
the engine reads the cards of a mask at nearly every move.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from kozel.cards.card import CARDS, Card, Rank

__all__ = ["BITS", "EVERY_CARD", "RANK_MASKS", "SUIT_BITS", "bits_of", "cards_of", "iter_bits"]

# Module constants read by compiled functions are Final: compiled code keeps them in C variables, where
# it would look any other module name up in the module's dictionary at every use.
_SUITS: Final = 4
_PER_SUIT: Final = len(CARDS) // _SUITS
#: The bits of one suit in a card mask: suit ``s`` holds bits ``s * SUIT_BITS`` up to the next suit's.
SUIT_BITS: Final = _PER_SUIT
_LOW: Final = (1 << _PER_SUIT) - 1
#: For each suit and each 9-bit pattern of it, the cards that pattern holds.
_SUIT_CARDS: Final = tuple(
    tuple(
        tuple(CARDS[suit * _PER_SUIT + i] for i in range(_PER_SUIT) if pattern >> i & 1) for pattern in range(_LOW + 1)
    )
    for suit in range(_SUITS)
)
#: For each suit and each 9-bit pattern of it, the one-card masks of those cards.
_SUIT_CARD_BITS: Final = tuple(tuple(tuple(1 << card for card in cards) for cards in suit) for suit in _SUIT_CARDS)
_CLUBS: Final = _SUIT_CARDS[0]
_SPADES: Final = _SUIT_CARDS[1]
_HEARTS: Final = _SUIT_CARDS[2]
_DIAMONDS: Final = _SUIT_CARDS[3]
_CLUB_BITS: Final = _SUIT_CARD_BITS[0]
_SPADE_BITS: Final = _SUIT_CARD_BITS[1]
_HEART_BITS: Final = _SUIT_CARD_BITS[2]
_DIAMOND_BITS: Final = _SUIT_CARD_BITS[3]


#: The one-card bitmask of each card, by its index: ``BITS[card] == card.bit``, read without the card's
#: attribute (compiled code reads a tuple by position far faster than an attribute of a Python object).
BITS: Final = tuple(1 << index for index in range(len(CARDS)))
#: Every card there is as one bitmask: the largest mask a hand, a move or a deck can hold.
EVERY_CARD: Final = (1 << len(CARDS)) - 1
#: The cards of each rank as one bitmask: ``RANK_MASKS[Rank.ACE]`` holds the four aces.
RANK_MASKS: Final = {rank: sum(BITS[card] for card in CARDS if card.rank == rank) for rank in Rank}


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of bitmask ``mask`` as a tuple in canonical order (fast: four table lookups)."""
    return (
        _CLUBS[mask & _LOW]
        + _SPADES[(mask >> _PER_SUIT) & _LOW]
        + _HEARTS[(mask >> 2 * _PER_SUIT) & _LOW]
        + _DIAMONDS[mask >> 3 * _PER_SUIT]
    )


def bits_of(mask: int) -> tuple[int, ...]:
    """The one-card masks of the cards of ``mask``, in canonical order (``card.bit`` for each of ``cards_of(mask)``)."""
    return (
        _CLUB_BITS[mask & _LOW]
        + _SPADE_BITS[(mask >> _PER_SUIT) & _LOW]
        + _HEART_BITS[(mask >> 2 * _PER_SUIT) & _LOW]
        + _DIAMOND_BITS[mask >> 3 * _PER_SUIT]
    )


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the indexes of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
