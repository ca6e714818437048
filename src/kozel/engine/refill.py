"""Refilling hands from the stock after a trick: one card at a time, the trick winner first, then clockwise.

(Not to be confused with the praise deals dealt by drawing: :mod:`kozel.engine.praise.drawing`.)
"""

from __future__ import annotations

from kozel.cards.card import Card

__all__ = ["refill", "refill_from"]


def refill(hands: list[int], stock: tuple[Card, ...], first: int, hand_size: int) -> tuple[Card, ...]:
    """Refill ``hands`` (bitmasks, changed in place) from ``stock`` and return what is left of it.

    Starting with seat ``first`` and going clockwise, each player short of ``hand_size`` takes the
    top card in turn, round after round, until everyone is full or the stock is empty.
    """
    taken = refill_from(hands, bytes(card.index for card in stock), 0, first, hand_size)
    return stock[taken:] if taken else stock


def refill_from(hands: list[int], cards: bytes, top: int, first: int, hand_size: int) -> int:
    """Refill ``hands`` (bitmasks, changed in place) from the stock ``cards[top:]`` (card indexes); the new ``top``.

    The same draw as :func:`refill`, read from the card indexes a state stores its stock as.
    """
    players = len(hands)
    left = len(cards)
    while top < left:
        drew = False
        for step in range(players):
            seat = (first + step) % players
            if top < left and hands[seat].bit_count() < hand_size:
                hands[seat] |= 1 << cards[top]
                top += 1
                drew = True
        if not drew:
            break
    return top
