"""Suits, ranks and cards: the 36 cards of the Russian pack, six to ace.

A :class:`Card` is interned (there is exactly one object per card) and is an
``int``: its index in the canonical order (clubs, spades, hearts, diamonds; six
up to ace inside a suit), so cards hash, compare and sort as small integers.
The index (0..35) is what card sets use as a bit position.
"""

from __future__ import annotations

import enum
import unicodedata
from typing import Final, final

from kozel.errors import NotationError, WrongTypeError
from kozel.plain_types import error_text, short_repr, whole_number

__all__ = ["CARDS", "Card", "Rank", "Suit", "lookalike"]


class Suit(enum.IntEnum):
    """A suit of the pack, in the canonical order used for sorting cards."""

    #: Clubs, ♣ (``C``).
    CLUBS = 0
    #: Spades, ♠ (``S``).
    SPADES = 1
    #: Hearts, ♥ (``H``).
    HEARTS = 2
    #: Diamonds, ♦ (``D``).
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        """The suit as its card symbol: ``♣ ♠ ♥ ♦``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit as one ASCII letter: ``C S H D``."""
        return _SUIT_LETTERS[self]

    def __str__(self) -> str:
        return _SUIT_SYMBOLS[self]


class Rank(enum.IntEnum):
    """A rank of the pack, from six (6) to ace (14); the value is the pip count, J=11, Q=12, K=13, A=14."""

    #: The six, ``6``.
    SIX = 6
    #: The seven, ``7``.
    SEVEN = 7
    #: The eight, ``8``.
    EIGHT = 8
    #: The nine, ``9``.
    NINE = 9
    #: The ten, ``10`` (``T`` in ASCII).
    TEN = 10
    #: The jack, ``J``.
    JACK = 11
    #: The queen, ``Q``.
    QUEEN = 12
    #: The king, ``K``.
    KING = 13
    #: The ace, ``A``.
    ACE = 14

    @property
    def text(self) -> str:
        """The rank as printed on a card: ``6 7 8 9 10 J Q K A``."""
        return _RANK_TEXT[self]

    @property
    def letter(self) -> str:
        """The rank as one ASCII character: ``6 7 8 9 T J Q K A``."""
        return _RANK_LETTERS[self]

    def __str__(self) -> str:
        return _RANK_TEXT[self]


_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_LETTERS: Final = {Suit.CLUBS: "C", Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D"}
_RANK_TEXT: Final = {r: (str(r.value) if r <= Rank.TEN else r.name[0]) for r in Rank}
_RANK_LETTERS: Final = {r: ("T" if r == Rank.TEN else _RANK_TEXT[r]) for r in Rank}

#: Suit spellings accepted by the parser, lower-case: symbols (filled and hollow) and ASCII letters.
_SUIT_LOWER: Final = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "c": Suit.CLUBS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "s": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "h": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "d": Suit.DIAMONDS,
}  # fmt: skip
#: Rank spellings accepted by the parser, lower-case ASCII.
_RANK_LOWER: Final = {
    "6": Rank.SIX, "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE,
    "10": Rank.TEN, "t": Rank.TEN, "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "a": Rank.ACE,
}  # fmt: skip
# The parser looks a spelling up exactly, in either case of an ASCII letter, and lower-cases nothing itself:
# str.lower() would also read lookalikes (the Kelvin sign "\u212a" lower-cases to "k") as cards.
_SUIT_WORDS: Final = {**_SUIT_LOWER, **{word.upper(): suit for word, suit in _SUIT_LOWER.items() if word.isascii()}}
_RANK_WORDS: Final = {**_RANK_LOWER, **{word.upper(): rank for word, rank in _RANK_LOWER.items() if word.isascii()}}

_RANKS_PER_SUIT: Final = len(Rank)


@final
class Card(int):
    """One playing card; ``Card(Rank.TEN, Suit.HEARTS)`` is the ten of hearts, written ``10♥``.

    A card is also its index in the canonical order (an ``int`` from 0 to 35), which is its bit in
    a card set; there is one object per card.

    >>> Card.parse("qs") == Card(Rank.QUEEN, Suit.SPADES)
    True
    """

    #: Position of the card in the canonical order, 0..35; also its bit in a card set.
    index: int
    #: ``1 << index``: the card as a one-card bitmask.
    bit: int
    #: The card's rank.
    rank: Rank
    #: The card's suit.
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """The card of ``rank`` and ``suit``: always the same object.

        ``rank`` is a :class:`Rank` or its number (6 to 14), ``suit`` a :class:`Suit` or its number
        (0 to 3): an ``int`` or a NumPy integer.  Anything else (a bool, a float, text) raises
        :class:`~kozel.WrongTypeError`; a number that is no rank or suit raises :class:`~kozel.NotationError`.
        """
        if type(rank) is not Rank and type(rank) is not int:
            rank = _number(rank, "rank", "a Rank or its number, 6 (six) to 14 (ace)")  # type: ignore[assignment]
        if type(suit) is not Suit and type(suit) is not int:
            suit = _number(suit, "suit", "a Suit or its number, 0 (clubs) to 3 (diamonds)")  # type: ignore[assignment]
        try:
            return CARDS[Suit(suit) * _RANKS_PER_SUIT + Rank(rank) - Rank.SIX]
        except ValueError:
            raise NotationError(f"no card of rank {error_text(rank)} and suit {error_text(suit)}") from None

    @classmethod
    def _make(cls, index: int) -> Card:
        card = int.__new__(cls, index)
        suit, offset = divmod(index, _RANKS_PER_SUIT)
        for name, value in (
            ("index", index),
            ("bit", 1 << index),
            ("rank", Rank(Rank.SIX + offset)),
            ("suit", Suit(suit)),
        ):
            object.__setattr__(card, name, value)
        return card

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card: ``"10♥"``, ``"TH"``, ``"10h"`` and ``"th"`` all give the ten of hearts.

        Letters are ASCII, in either case; a character that only looks like one (the Kelvin sign
        ``"\\u212a"``, a fullwidth or Cyrillic letter) raises :class:`~kozel.NotationError`, naming it.

        >>> Card.parse("qs")
        Card.parse('Q♠')
        """
        if not isinstance(text, str):  # a NotationError still, as the documented error of card text
            raise NotationError(f"a card is read from text, such as '10♥', not {short_repr(text)}", short_repr(text))
        token = text.strip()
        if len(token) >= 2:
            rank = _RANK_WORDS.get(token[:-1])
            suit = _SUIT_WORDS.get(token[-1])
            if rank is not None and suit is not None:
                return CARDS[suit * _RANKS_PER_SUIT + rank - Rank.SIX]
        shown = repr(token) if len(token) <= 60 else repr(token[:57]) + f"... ({len(token)} characters)"
        raise NotationError(
            f"{shown} is not a card{lookalike(token[:60])}: write a rank (6-10, T, J, Q, K, A) then a suit "
            "(♣ ♠ ♥ ♦ or C S H D), as in '10♥' or 'TH'",
            token[:60],
        )

    @property
    def ascii(self) -> str:
        """The card in two ASCII characters, rank then suit: ``TH`` for the ten of hearts."""
        return _RANK_LETTERS[self.rank] + _SUIT_LETTERS[self.suit]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _number(value: object, what: str, is_: str) -> int:
    """``value`` as a plain ``int`` where it is a whole number (not a bool), else a WrongTypeError saying what it is."""
    number = whole_number(value)
    if number is None:
        shown = repr(value) if isinstance(value, bool) or value is None else error_text(value)
        raise WrongTypeError(f"a card's {what} is {is_}, not {shown}")
    return number


def lookalike(token: str) -> str:
    """A note naming the first character of ``token`` that is neither ASCII nor a suit symbol (a lookalike), or ""."""
    for char in token:
        if not char.isascii() and char not in _SUIT_WORDS:
            name = unicodedata.name(char, "an unnamed character")
            return f" ({char!a} is U+{ord(char):04X} {name}, not an ASCII letter or digit)"
    return ""


#: Every card, indexed by :attr:`Card.index`.
CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(len(Suit) * _RANKS_PER_SUIT))
