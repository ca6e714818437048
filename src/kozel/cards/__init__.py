"""Cards and card sets: suits, ranks, interned cards, bitmask card sets, decks and card text."""

from kozel.cards.card import CARDS, Card, Rank, Suit
from kozel.cards.cardset import CardSet
from kozel.cards.deck import Deck
from kozel.cards.notation import format_cards, parse_cards

__all__ = ["CARDS", "Card", "CardSet", "Deck", "Rank", "Suit", "format_cards", "parse_cards"]
