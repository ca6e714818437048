"""Events: what happened in each transition, as the engine tells it, and what each seat may see of it.

The records of what happened: the move itself, then what followed from it (cards returned by a
molodka, a trick taken, cards drawn, cards laid without a move, a praise deal, a hand scored, a
catch, the match over, the next deal).  Each event holds everything; ``event.for_seat(seat)`` is
the same event as that seat may see it, with hidden cards left out (their number stays).  A seat is
an ``int`` from 0 (a NumPy integer is given as ``int(seat)``): anything else raises
:class:`~kozel.WrongTypeError` (a negative number
:class:`~kozel.SeatError`); an event does not know how many sit at the table, so a seat past the last
is answered as a seat that sees no one else's hidden cards.  Which
events a transition has is worked out in :mod:`kozel.engine.transition` (:func:`~kozel.step`).
"""

from __future__ import annotations

from typing import Final

import attrs
from typing_extensions import Self

from kozel.cards.card import Card
from kozel.cards.cardset import CardSet
from kozel.errors import SeatError, WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.results import HandResult, MatchResult
from kozel.plain_types import whole_number
from kozel.rules.checks import table_text

__all__ = [
    "CardsDrawn",
    "CardsReturned",
    "Caught",
    "Dealt",
    "Event",
    "HandScored",
    "Laid",
    "MatchOver",
    "Played",
    "PraiseDealt",
    "TalonTaken",
    "TrickTaken",
]

#: Moves whose cards only the mover sees (and, for a transfer, the partner who gets them).
_PRIVATE: Final = frozenset({MoveKind.PASS, MoveKind.LAY_AWAY, MoveKind.LAY_DARK})
#: Moves whose cards go from one partner to the other.
BETWEEN_PARTNERS: Final = frozenset({MoveKind.TRANSFER, MoveKind.TRANSFER_BACK})
#: Moves whose cards some seat at the table does not see (laid face down, or handed to a partner).
HIDDEN_KINDS: Final = _PRIVATE | BETWEEN_PARTNERS
#: How many shared events a table of them holds before it is emptied.
PLAYED_LIMIT: Final = 1 << 14
#: The ``Played`` events with their cards hidden, by what they still show: made once and shared.
_HIDDEN: Final[dict[tuple[int, MoveKind, int, str | None, int | None], Played]] = {}


def _plain_seat(seat: object, players: int | None = None) -> int:
    """The seat ``for_seat`` was given, off its common path (anything but a plain int from 0, or a seat past
    the last of ``players`` where the event knows its table): a whole number of another type (a NumPy integer,
    an IntEnum) as a plain int; else :class:`~kozel.WrongTypeError` or :class:`~kozel.SeatError`."""
    plain = whole_number(seat)
    if plain is None:
        raise WrongTypeError(f"for_seat: a seat is a whole number from 0 (not a bool), not {table_text(seat)}")
    if plain < 0:
        raise SeatError(f"for_seat: there is no seat {table_text(plain)}: seats are numbered from 0")
    if players is not None and plain >= players:
        raise SeatError(
            f"for_seat: there is no seat {table_text(plain)} at a table of {players}: seats are 0 to {players - 1}"
        )
    return plain


@attrs.frozen
class Event:
    """Something that happened at the table."""

    def for_seat(self, seat: int) -> Self:
        """This event as ``seat`` sees it (hidden cards left out): an event of the same class."""
        if type(seat) is not int or seat < 0:
            return self.for_seat(_plain_seat(seat))
        return self


@attrs.frozen
class Dealt(Event):
    """A deal: each seat's cards (None where hidden), the stock and talon left, the shown cards, who is to move."""

    #: The dealer.
    dealer: int
    #: Each seat's hand, or None for a hand this seat may not see.
    hands: tuple[CardSet | None, ...]
    #: How many cards each seat holds.
    sizes: tuple[int, ...]
    #: Cards left in the stock.
    stock: int
    #: Cards in the talon.
    talon: int
    #: The card shown to name the trump suit, or None.
    trump_card: Card | None
    #: The talon card shown face up, or None.
    talon_shown: Card | None
    #: The seat to move first.
    turn: int | None
    #: The seat due to open the hand (after the bidding or the praise, where there is one).
    leader: int = 0
    #: Written points per side before this deal.
    scores: tuple[int, ...] = ()
    #: Sets won per side before this deal, in a match of sets.
    sets: tuple[int, ...] = ()
    #: How many hands were finished before this deal.
    hand_number: int = 0
    #: The seat that opened the previous hand, or None.
    last_opener: int | None = None
    #: The sides whose redeal calls in a row led to this deal, oldest first.
    redeals: tuple[int, ...] = ()

    def for_seat(self, seat: int) -> Dealt:
        """Only ``seat``'s own hand is shown; a deal knows its table, so a seat past the last is refused too."""
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            return self.for_seat(_plain_seat(seat, len(self.hands)))
        hands = tuple([hand if i == seat else None for i, hand in enumerate(self.hands)])
        return Dealt(
            self.dealer,
            hands,
            self.sizes,
            self.stock,
            self.talon,
            self.trump_card,
            self.talon_shown,
            self.turn,
            self.leader,
            self.scores,
            self.sets,
            self.hand_number,
            self.last_opener,
            self.redeals,
        )


@attrs.frozen
class Played(Event):
    """A seat made a move: its cards (None where hidden from this seat) and how many there were."""

    #: The seat that moved.
    seat: int
    #: What it did.
    kind: MoveKind
    #: The cards, or None where hidden from the viewer.
    cards: tuple[Card, ...] | None
    #: How many cards.
    count: int
    #: What the seat chose: for a ``PRAISE`` move the deal announced, the value of one of the ruleset's
    #: ``praise.choices`` (a :class:`~kozel.rules.PraiseKind` value such as ``"mirror"``); None for every other move.
    choice: str | None = None
    #: The seat that received the cards of a transfer, or None.
    to: int | None = None

    def for_seat(self, seat: int) -> Played:
        """Face-down cards only for the mover (and the partner of a transfer)."""
        if type(seat) is not int or seat < 0:
            return self.for_seat(_plain_seat(seat))
        kind = self.kind
        if seat == self.seat or self.cards is None:
            return self
        if kind in _PRIVATE or (kind in BETWEEN_PARTNERS and seat != self.to):
            key = (self.seat, kind, self.count, self.choice, self.to)
            hidden = _HIDDEN.get(key)
            if hidden is None:
                hidden = Played(self.seat, kind, None, self.count, self.choice, self.to)
                if len(_HIDDEN) >= PLAYED_LIMIT:
                    _HIDDEN.clear()
                _HIDDEN[key] = hidden
            return hidden
        return self

    @property
    def move(self) -> Move | None:
        """The move, where its cards are known."""
        return Move(self.seat, self.kind, self.cards, self.choice) if self.cards is not None else None


@attrs.frozen
class CardsReturned(Event):
    """A molodka sent the cards on the table back to their owners: ``(seat, cards or None, count, face_up)`` each."""

    #: Each play taken back: the seat, its cards (None where face down and not the viewer's), how many,
    #: and whether they had been played face up.
    returned: tuple[tuple[int, tuple[Card, ...] | None, int, bool], ...]

    def for_seat(self, seat: int) -> CardsReturned:
        """Face-down cards only for their owner."""
        if type(seat) is not int or seat < 0:
            return self.for_seat(_plain_seat(seat))
        return CardsReturned(
            tuple(
                (owner, cards if face_up or owner == seat else None, count, face_up)
                for owner, cards, count, face_up in self.returned
            )
        )


@attrs.frozen
class Laid(Event):
    """In a deal dealt by drawing, a player laid the one card he could, without a move of his own."""

    #: The player.
    seat: int
    #: Whether it was laid face up (else face down).
    face_up: bool
    #: The card, or None where laid face down and not the viewer's.
    card: Card | None

    def for_seat(self, seat: int) -> Laid:
        """A face-down card only for its player."""
        if type(seat) is not int or seat < 0:
            return self.for_seat(_plain_seat(seat))
        return self if self.face_up or seat == self.seat else Laid(self.seat, self.face_up, None)


@attrs.frozen
class TrickTaken(Event):
    """A trick was taken: by whom, how many cards it held, and the talon's cards that went with it."""

    #: The seat that took it.
    winner: int
    #: Cards in the trick.
    count: int
    #: Cards of the talon that went with it, face down: the talon no one took goes to the last trick of the hand.
    talon: int


@attrs.frozen
class CardsDrawn(Event):
    """Seats drew or received cards out of sight: ``(seat, cards or None, count)`` each.

    A card that joined a hand and was laid again in the same move (the drawing praise deals) is counted,
    and named to its owner, with the rest: the ``Laid`` events that follow say it left the hand.
    """

    #: Each seat's new cards, those laid again at once included (None for a hand the viewer may not see), and how many.
    drawn: tuple[tuple[int, CardSet | None, int], ...]

    def for_seat(self, seat: int) -> CardsDrawn:
        """Only ``seat``'s own cards are shown."""
        if type(seat) is not int or seat < 0:
            return self.for_seat(_plain_seat(seat))
        return CardsDrawn(tuple((owner, cards if owner == seat else None, n) for owner, cards, n in self.drawn))


@attrs.frozen
class PraiseDealt(Event):
    """A praise deal was dealt: the hands (None where hidden), and the tricks it dealt before play."""

    #: The praise announced.
    praise: str
    #: Each seat's hand, or None for a hand the viewer may not see.
    hands: tuple[CardSet | None, ...]
    #: The tricks dealt: each play ``(seat, card or None)`` (face-down cards hidden), and the winner.
    tricks: tuple[tuple[tuple[tuple[int, Card | None], ...], int], ...]
    #: The seat to lead.
    turn: int | None
    #: Cards left in the stock.
    stock: int

    def for_seat(self, seat: int) -> PraiseDealt:
        """Only ``seat``'s own hand is shown; a deal knows its table, so a seat past the last is refused too."""
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            return self.for_seat(_plain_seat(seat, len(self.hands)))
        hands = tuple([hand if i == seat else None for i, hand in enumerate(self.hands)])
        return PraiseDealt(self.praise, hands, self.tricks, self.turn, self.stock)


@attrs.frozen
class TalonTaken(Event):
    """The declarer took the talon into his hand (the viewer sees its cards only if he is the declarer)."""

    #: The declarer.
    seat: int
    #: The talon's cards, or None where hidden from the viewer.
    cards: tuple[Card, ...] | None
    #: The card that was shown face up.
    shown: Card | None

    def for_seat(self, seat: int) -> TalonTaken:
        """The talon's hidden card only for the declarer."""
        if type(seat) is not int or seat < 0:
            return self.for_seat(_plain_seat(seat))
        return self if seat == self.seat else TalonTaken(self.seat, None, self.shown)


@attrs.frozen
class HandScored(Event):
    """A hand ended and was scored (eggs, a catch and a forfeit are marked in the result)."""

    #: The hand's result.
    result: HandResult
    #: Written points per side after the hand.
    scores: tuple[int, ...]
    #: Sets won per side after the hand (all zero outside a match of sets).
    sets: tuple[int, ...]


@attrs.frozen
class Caught(Event):
    """A catch stopped the hand: the catching card and seat, and the caught card and seat."""

    #: The card that caught.
    catcher: Card
    #: Its player.
    catcher_seat: int
    #: The card caught.
    victim: Card
    #: Its player.
    victim_seat: int


@attrs.frozen
class MatchOver(Event):
    """The match is over: the goats and their titles."""

    #: The match's result.
    result: MatchResult
