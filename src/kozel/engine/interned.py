"""Interned moves: moves that depend only on a seat and a few cards are made once and shared.

A search loop asks for the same one-card plays and single-suit leads again and again;
sharing them makes ``legal_moves`` cheap and keeps moves small in memory.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from kozel.cards.card import CARDS
from kozel.cards.cardset import cards_of
from kozel.engine.memo import remember
from kozel.game.move import Move, MoveKind

__all__ = ["singles", "subsets"]

_new: Final = tuple.__new__
_INTERNED: dict[tuple[int, MoveKind, int], tuple[Move, ...]] = {}


def singles(seat: int, kind: MoveKind) -> tuple[Move, ...]:
    """The one-card moves of ``kind`` for ``seat``, indexed by card."""
    key = (seat, kind, -1)
    moves = _INTERNED.get(key)
    if moves is None:
        moves = tuple(_new(Move, (seat, kind, (card,), 1 << card, None)) for card in CARDS)
        remember(_INTERNED, key, moves)
    return moves


def subsets(seat: int, kind: MoveKind, part: int) -> tuple[Move, ...]:
    """The moves of ``kind`` for ``seat`` with every non-empty subset of the cards of ``part``, smallest first."""
    key = (seat, kind, part)
    moves = _INTERNED.get(key)
    if moves is None:
        cards = cards_of(part)
        bits = [1 << card for card in cards]
        moves = tuple(
            _new(Move, (seat, kind, combo, mask, None))
            for size in range(1, len(cards) + 1)
            for combo, mask in zip(combinations(cards, size), map(sum, combinations(bits, size)), strict=True)
        )
        remember(_INTERNED, key, moves)
    return moves
