"""Reading lists of cards from text: ``"A♠ 10♥ 7♣"``, ``"as th 7c"``, ``"A♠, 10♥"``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from kozel.cards.card import Card
from kozel.errors import WrongTypeError
from kozel.plain_types import short_repr

__all__ = ["format_cards", "parse_cards"]

_SEPARATORS: Final = re.compile(r"[\s,;]+")


def parse_cards(text: object) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, in the order written.

    A bad token raises :class:`~kozel.NotationError` naming it; an empty text gives no cards.
    ``text`` is typed ``object``: anything but text raises :class:`~kozel.WrongTypeError`, as the
    library's other type checks do (a compiled build would otherwise refuse it with its own ``TypeError``).

    >>> parse_cards("A♠ 10h, 7C")
    (Card.parse('A♠'), Card.parse('10♥'), Card.parse('7♣'))
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"cards are read from text, not from {type(text).__name__}")
    return tuple(Card.parse(token) for token in _SEPARATORS.split(text.strip()) if token)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the order given, separated by spaces: the inverse of :func:`parse_cards`.

    >>> format_cards(parse_cards("ah th 7c"))
    'A♥ 10♥ 7♣'

    Anything but cards (text, numbers, None) raises :class:`~kozel.WrongTypeError`: text is read
    with :func:`parse_cards`.
    """
    if isinstance(cards, str):
        raise WrongTypeError("format_cards writes cards, not text; read card text with kozel.parse_cards")
    try:
        listed = tuple(cards)
    except TypeError:
        raise WrongTypeError(f"format_cards writes cards, not {type(cards).__name__}") from None
    for card in listed:
        if not isinstance(card, Card):
            raise WrongTypeError(f"format_cards writes cards, not {short_repr(card)}")
    return " ".join(map(str, listed))
