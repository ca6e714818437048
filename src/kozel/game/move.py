"""Moves: what a player does at the table, and their text notation."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any, Final, NamedTuple

from kozel.cards.card import Card
from kozel.cards.notation import parse_cards
from kozel.errors import IllegalMoveError, NotationError, WrongTypeError
from kozel.limits import SEAT_DIGITS
from kozel.plain_types import short_repr, whole_number

__all__ = ["Move", "MoveKind", "broken", "parse_move"]


class MoveKind(enum.IntEnum):
    """The kinds of move; each names a thing a player does at the table."""

    #: Open a trick with one or more cards of one suit, face up.
    LEAD = 0
    #: Beat every card on top one to one, face up.
    BEAT = 1
    #: Lay as many cards as lie on top face down, giving up the trick.
    PASS = 2
    #: Play a molodka out of turn: the trick restarts with it as the lead.
    MOLODKA = 3
    #: Play one card into a follow-suit trick.
    PLAY = 4
    #: Hand all one's (one or two) trumps to the partner face down.
    TRANSFER = 5
    #: Give the partner as many plain cards back for a transfer, face down.
    TRANSFER_BACK = 6
    #: Call for a redeal of a poor hand.
    REDEAL = 7
    #: Take the talon and play alone.
    TAKE_TALON = 8
    #: Let the talon pass to the next player.
    DECLINE = 9
    #: Lay cards away face down after taking the talon (they count for the declarer).
    LAY_AWAY = 10
    #: Choose how the hand is dealt (the boasting player's "praise"); the procedure is the move's choice.
    PRAISE = 11
    #: Lay a card face down into a trick dealt by a praise.
    LAY_DARK = 12
    #: Lay a card face up into a trick dealt by a praise.
    LAY_OPEN = 13
    #: Let play go on: a seat that may move out of turn does not (offered by ``kozel.decision``, never by
    #: ``legal_moves``; ``apply`` refuses it, the decision layer moves the asking on).
    WAIT = 14

    @property
    def word(self) -> str:
        """The kind as written in move notation: ``lead``, ``beat``, ``transfer_back``..."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def from_word(cls, word: str) -> MoveKind:
        """The kind a word of move notation names (``"lead"`` gives ``MoveKind.LEAD``), in either case.

        A word that names no kind raises :class:`~kozel.NotationError` listing the kinds; anything but
        text, :class:`~kozel.WrongTypeError`.

        >>> MoveKind.from_word("transfer_back")
        <MoveKind.TRANSFER_BACK: 6>
        """
        if not isinstance(word, str):
            raise WrongTypeError(f"a kind's word is text, not {short_repr(word)}")
        kind = _KINDS.get(word.lower())
        if kind is None:
            raise NotationError(f"{_short(word)} is not a kind of move; the kinds are {', '.join(_KINDS)}", word)
        return kind


_FACE_DOWN: Final = frozenset(
    {MoveKind.PASS, MoveKind.TRANSFER, MoveKind.TRANSFER_BACK, MoveKind.LAY_AWAY, MoveKind.LAY_DARK}
)
_KINDS: Final = {kind.word: kind for kind in MoveKind}
_KIND_TEXT: Final = re.compile(r"[A-Za-z_]+")
_SEAT_TEXT: Final = re.compile(r"[0-9]+")
#: The largest seat a move may name: seats are written with at most SEAT_DIGITS digits.
_MAX_SEAT: Final = 10**SEAT_DIGITS - 1
#: A move's choice: a word of 3 to 32 lowercase letters and underscores (the longest deal, "trump_yourself", has 14).
_CHOICE: Final = re.compile(r"[a-z][a-z_]{2,31}")


class MoveFields(NamedTuple):
    """A move's fields: the named tuple every Move is (compiled engine code reads a move through it, by position)."""

    seat: int
    kind: MoveKind
    cards: tuple[Card, ...]
    mask: int
    choice: str | None


class Move(MoveFields):
    """One player's action: ``seat`` does ``kind`` with ``cards`` (and, for a choice such as a deal, ``choice``).

    Moves are immutable values.  The cards are kept in canonical order, so two moves with the same
    cards are equal however the cards were listed; ``mask`` is the cards as a bitmask.  ``choice``
    names what a player chose where the move is not about cards, such as the praise deal
    ``"mirror"``; it is None otherwise.

    >>> str(Move(1, MoveKind.BEAT, [Card.parse("A♥"), Card.parse("10♠")]))
    '1 beat 10♠ A♥'
    """

    __slots__ = ()

    #: The seat that moves.
    seat: int
    #: What the seat does.
    kind: MoveKind
    #: The cards involved, in canonical order (possibly none).
    cards: tuple[Card, ...]
    #: The cards as a bitmask (derived from ``cards``).
    mask: int
    #: What the player chose, for a move that is a choice (a word such as ``"mirror"``), else None.
    choice: str | None

    def __new__(cls, seat: int, kind: MoveKind, cards: Iterable[Card] | str = (), choice: str | None = None) -> Move:
        """The move of ``seat`` doing ``kind`` with ``cards`` (cards or card text), checked and in canonical order.

        ``seat`` is a whole number (an ``int``, or a NumPy integer, kept as a plain ``int``; not a bool).
        """
        if type(seat) is not int:
            whole = whole_number(seat)
            if whole is None:
                raise WrongTypeError(f"a move's seat is a seat number, not {type(seat).__name__}")
            seat = whole
        if not 0 <= seat <= _MAX_SEAT:
            raise WrongTypeError(f"a move's seat is a seat number from 0 to {_MAX_SEAT}, not {_show_seat(seat)}")
        if not isinstance(kind, MoveKind):
            hint = ": read a kind's word with MoveKind.from_word" if isinstance(kind, str) else ""
            raise WrongTypeError(f"a move's kind is a MoveKind, not {short_repr(kind)}{hint}")
        if isinstance(cards, str):
            listed = parse_cards(cards)
        else:
            try:
                listed = tuple(cards)
            except TypeError:
                raise WrongTypeError(f"a move's cards are cards or card text, not {type(cards).__name__}") from None
        mask = 0
        for card in listed:
            if not isinstance(card, Card):
                raise WrongTypeError(f"a move's cards must be cards, not {short_repr(card)}")
            if mask & card.bit:
                raise NotationError(f"a move names {card} twice", str(card))
            mask |= card.bit
        if choice is not None and (not isinstance(choice, str) or not _CHOICE.fullmatch(choice)):
            raise NotationError(
                f"a move's choice is a word of 3 to 32 lowercase letters and underscores, not {short_repr(choice)}",
                choice if isinstance(choice, str) else short_repr(choice),
            )
        return tuple.__new__(cls, (seat, kind, tuple(sorted(listed)), mask, choice))

    def __copy__(self) -> Move:
        """A move is an immutable value: its copy is itself."""
        return self

    def __deepcopy__(self, memo: object) -> Move:
        """A move is an immutable value: its deep copy is itself."""
        return self

    def __getnewargs__(self) -> tuple[int, MoveKind, tuple[Card, ...], str | None]:
        return (self.seat, self.kind, self.cards, self.choice)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Move:  # type: ignore[override]
        """A move from ``(seat, kind, cards[, mask[, choice]])``, checked like any other."""
        try:
            fields = tuple(iterable)
        except TypeError:
            raise WrongTypeError(f"Move._make reads the fields of a move, not {type(iterable).__name__}") from None
        if not 3 <= len(fields) <= 5:
            raise WrongTypeError(f"Move._make reads (seat, kind, cards[, mask[, choice]]), not {len(fields)} values")
        seat, kind, cards, *rest = fields
        move = cls(seat, kind, cards, rest[1] if len(rest) > 1 else None)
        if rest and whole_number(rest[0]) != move.mask:
            raise NotationError(f"the mask {short_repr(rest[0])} does not hold exactly the cards {move.cards}")
        return move

    def _replace(self, **changes: object) -> Move:
        """A copy with some of ``seat``, ``kind`` and ``cards`` changed, checked like any other move."""
        if "mask" in changes:
            raise WrongTypeError("a move's mask follows from its cards; change the cards instead")
        unknown = sorted(changes.keys() - {"seat", "kind", "cards", "choice"})
        if unknown:
            raise WrongTypeError(f"a move has no field {', '.join(unknown)}: only seat, kind, cards and choice change")
        fields = {"seat": self.seat, "kind": self.kind, "cards": self.cards, "choice": self.choice, **changes}
        return Move(**fields)  # type: ignore[arg-type]

    @property
    def face_up(self) -> bool:
        """Whether the cards are shown to everyone (a pass or a transfer is face down)."""
        return self.kind not in _FACE_DOWN

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move written as ``"<seat> <kind> <cards>"``, for example ``"2 beat A♠ 10♥"``."""
        return parse_move(text)

    def __str__(self) -> str:
        words = [str(self.seat), self.kind.word]
        if self.choice is not None:
            words.append(self.choice)
        words.extend(str(card) for card in self.cards)
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _short(text: str) -> str:
    """Text as an error message quotes it: at most 60 characters of it."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + f"... ({len(text)} characters)"


def _show_seat(seat: int) -> str:
    return str(seat) if -(10**20) < seat < 10**20 else f"a number of {'more than 20' if seat > 0 else 'many'} digits"


def broken(move: Move) -> str | None:
    """Why ``move`` breaks the invariants every Move keeps (one built around its constructor), or None.

    A Move made by its constructor, by :func:`parse_move` or by the engine always keeps them: a
    seat number, a :class:`MoveKind`, distinct cards in canonical order, the mask of exactly those
    cards, and a choice that is None or a word.
    """
    if len(move) != len(MoveFields._fields):
        return f"a move has {len(MoveFields._fields)} fields, not {len(move)}"
    seat, kind, cards, mask, choice = move
    if type(seat) is not int or not 0 <= seat <= _MAX_SEAT:
        return f"its seat is not a seat number from 0 to {_MAX_SEAT}"
    if type(kind) is not MoveKind:
        return "its kind is not a MoveKind"
    if type(cards) is not tuple or any(type(card) is not Card for card in cards):
        return "its cards are not a tuple of cards"
    if type(mask) is not int or mask < 0 or mask != sum(card.bit for card in cards):
        return "its mask does not hold exactly its cards"
    if list(cards) != sorted(set(cards)):
        return "its cards repeat or are not in canonical order"
    if choice is not None and (type(choice) is not str or not _CHOICE.fullmatch(choice)):
        return "its choice is neither None nor a word"
    return None


def broken_move_error(move: Move) -> IllegalMoveError | None:
    """The error for a Move built around its constructor that breaks a Move's invariants, or None."""
    why = broken(move)
    if why is None:
        return None
    return IllegalMoveError(
        f"this Move was built around its constructor and breaks a Move's invariants: {why}; "
        "build moves with Move(...) or kozel.parse_move",
        move=move,
        rule="move",
    )


def make_move(seat: int, kind: MoveKind, cards: tuple[Card, ...], mask: int) -> Move:
    """A move built without checks, for the engine's hot paths: ``cards`` must be canonical and match ``mask``."""
    return _new_tuple(Move, (seat, kind, cards, mask, None))


_new_tuple: Final = tuple.__new__


def parse_move(text: str) -> Move:
    """Read the text notation of a move, the inverse of ``str(move)``.

    >>> str(parse_move("2 beat th as"))
    '2 beat A♠ 10♥'
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is read from text, not from {type(text).__name__}")
    parts = text.split(None, 1)  # the seat, then the rest (str.split is linear on any text)
    seat = parts[0] if parts else ""
    match = _KIND_TEXT.match(parts[1]) if len(parts) == 2 else None
    if match is None or not _SEAT_TEXT.fullmatch(seat):
        raise NotationError(
            f"{_short(text)} is not a move: write '<seat> <kind> <cards>', as in '2 beat A♠ 10♥'",
            text,
        )
    word, after = match.group(), parts[1][match.end() :]
    if after and not after[0].isspace():  # "1 lead7♠": the kind and the cards run together
        raise NotationError(
            f"{_short(text)} is not a move: a space goes between the kind ({word}) and the cards, "
            "as in '2 beat A♠ 10♥'",
            text,
        )
    rest = after.strip()
    if len(seat) > SEAT_DIGITS:
        raise NotationError(f"a seat is written with at most {SEAT_DIGITS} digits, not {len(seat)}", seat)
    kind = MoveKind.from_word(word)
    choice = None
    pieces = rest.split(None, 1)  # the first word, and the rest after any white space (as between the others)
    first = pieces[0] if pieces else ""
    others = pieces[1] if len(pieces) == 2 else ""
    if _CHOICE.fullmatch(first):  # a word too long to be a card: the move's choice
        choice, rest = first, others
    return Move(int(seat), kind, parse_cards(rest), choice)
