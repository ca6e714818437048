"""Refilling hands from the stock after a trick: one card at a time, the trick winner first, then clockwise.

(Not to be confused with the praise deals dealt by drawing: :mod:`kozel.engine.praise.drawing`.)
"""

from __future__ import annotations

from typing import Final, cast

from kozel.cards.card import Card
from kozel.engine.face import checked_cards, checked_hands
from kozel.limits import MAX_PLAYERS
from kozel.plain_types import whole_in

__all__ = ["refill", "refill_from"]

#: The seats clockwise from each seat, at a table of each size: ``_CLOCKWISE[players][first]``.
_CLOCKWISE: Final = tuple(
    tuple(tuple((first + step) % players for step in range(players)) for first in range(players))
    for players in range(MAX_PLAYERS + 1)
)


def refill(hands: object, stock: object, first: object, hand_size: object) -> tuple[Card, ...]:
    """Refill ``hands`` (bitmasks, changed in place) from ``stock`` and return what is left of it.

    Starting with seat ``first`` and going clockwise, each player short of ``hand_size`` takes the
    top card in turn, round after round, until everyone is full or the stock is empty.  ``hands`` is a list
    of card masks, ``stock`` a tuple of cards, ``first`` a seat and ``hand_size`` a whole number from 0:
    anything else raises the library's error, and changes nothing.
    """
    hands = checked_hands("refill", hands)
    stock = cast("tuple[Card, ...]", checked_cards("refill", "stock", stock, tuple))
    first = whole_in("refill: first", first, 0, len(hands) - 1)
    hand_size = whole_in("refill: hand_size", hand_size, 0, None)
    taken = refill_from(hands, bytes(card.index for card in stock), 0, first, hand_size)
    return stock[taken:] if taken else stock


def refill_from(hands: list[int], cards: bytes, top: int, first: int, hand_size: int) -> int:
    """Refill ``hands`` (bitmasks, changed in place) from the stock ``cards[top:]`` (card indexes); the new ``top``.

    The same draw as :func:`refill`, read from the card indexes a state stores its stock as.
    """
    seats = _CLOCKWISE[len(hands)][first]
    left = len(cards)
    while top < left:
        short = False  # whether a seat is still short after this round: only then another round
        for seat in seats:
            hand = hands[seat]
            count = hand.bit_count()
            if count < hand_size:
                hands[seat] = hand | 1 << cards[top]
                top += 1
                if top == left:
                    return top
                if count + 1 < hand_size:
                    short = True
        if not short:
            break
    return top
