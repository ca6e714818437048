"""GameState: everything about a match at one moment, as one immutable value.

States are built by the engine (:func:`kozel.new_game`, :func:`kozel.apply`);
they compare by value, so two states reached by the same moves from the same
deal are equal.  A state is a named tuple of small values (hands and won cards
are bitmasks), so building the next one is cheap; ``hands`` and ``won`` give
the same cards as :class:`~kozel.CardSet` values.  The engine knows every card;
what one seat may see is a view, never a whole state.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any, Final, NamedTuple

from kozel.cards.card import CARDS, Card, Suit
from kozel.cards.cardset import CardSet, cardset_from_mask
from kozel.errors import WrongTypeError
from kozel.game.log import decode
from kozel.game.move import Move
from kozel.game.results import HandResult, MatchResult
from kozel.rules.praise import PraiseKind
from kozel.rules.ruleset import Ruleset
from kozel.rules.trump import TrumpTable

__all__ = [
    "STATE_FIELDS",
    "Deal",
    "Drawing",
    "GameState",
    "HandBase",
    "Match",
    "Phase",
    "TransferWindow",
    "Trick",
    "make_state",
    "renewed_match",
    "stock_at",
    "stock_bytes",
    "with_match",
]

_new: Final = tuple.__new__
_iter: Final = tuple.__iter__


class Phase(enum.Enum):
    """What the table is doing."""

    #: Tricks are being played (a lead, or answers to the trick on the table).
    PLAY = "play"
    #: A partner must give back plain cards for the trumps just handed to him.
    TRANSFER_BACK = "transfer_back"
    #: Players, in turn from the dealer's left, say whether they take the talon.
    BIDDING = "bidding"
    #: The declarer lays away cards after taking the talon.
    LAY_AWAY = "lay_away"
    #: The boasting player chooses how the hand is dealt ("praise").
    PRAISE = "praise"
    #: Players draw and lay cards in a praise deal ("trousers").
    DRAWING = "drawing"
    #: The match is over.
    OVER = "over"

    # Members are singletons that compare by identity, so they hash by identity: at C speed, where
    # Enum's own hash is a Python method run at every look-up keyed by a phase.
    __hash__ = object.__hash__


class Trick(NamedTuple):
    """The trick on the table: its leader, the plays so far in order, and the play winning it so far."""

    #: The seat that led (after a molodka, the molodka's player).
    leader: int
    #: The plays in the order made; each has ``seat``, ``cards`` and ``face_up``.
    plays: tuple[Move, ...]
    #: The play that takes the trick if nobody beats it: the last beat, or the lead.
    best: Move
    #: Whether a molodka was played in this trick (only one is allowed).
    molodka: bool = False

    @property
    def winner(self) -> int:
        """The seat that takes the trick if play stopped now."""
        return self.best.seat

    @property
    def cards(self) -> CardSet:
        """Every card on the table, face up or face down."""
        mask = 0
        for play in self.plays:
            mask |= play.mask
        return cardset_from_mask(mask)


class TransferWindow(NamedTuple):
    """The moment before a lead when players may hand their few trumps to their partners."""

    #: The seat that leads once the window closes.
    leader: int
    #: Sides that have already made their transfer in this window.
    done: tuple[int, ...] = ()
    #: A transfer the partner has not answered yet.
    pending: Move | None = None
    #: Whether the opening swap opened it (no window was open): it stays shut to trump transfers.
    swap: bool = False


class Drawing(NamedTuple):
    """The progress of a praise deal in which players draw and lay cards in turn ("trousers")."""

    #: The praise being dealt.
    praise: PraiseKind
    #: How many players, from the boasting one, have finished drawing.
    step: int
    #: The cards the drawing player has received that he may lay, as a bitmask.
    pending: int
    #: The cards laid face down so far, in order.
    dark: tuple[Move, ...]
    #: The cards laid face up so far, in order.
    open: tuple[Move, ...]


class Match(NamedTuple):
    """The match around the deal in play: its rules and seed, how it began, its earlier moves, its score sheet.

    It stays the same while a deal is played; the engine replaces it when a deal ends (the hand's
    result and score written, the deal's moves joined to ``history``, or the match's result).
    """

    #: The rules being played.
    ruleset: Ruleset
    #: The seed every shuffle of the match comes from.
    seed: int
    #: The dealer of the match's first hand.
    first_dealer: int
    #: The deck order the match's first hand was dealt from, when it was given (``new_game(deck=...)``).
    opening: tuple[Card, ...] | None
    #: Every move of the match before this deal, packed (see ``kozel.game.log``; ``match_moves`` reads it); empty
    #: in a world drawn after the first deal (``kozel.determinize``), and in the deals it is played on into, whose
    #: earlier deals are not known.
    history: bytes
    #: Written match points per side, before this deal (the final points once the match is over).
    scores: tuple[int, ...]
    #: One result per finished hand, oldest first.
    hand_results: tuple[HandResult, ...]
    #: Sets won per side (all zero outside a match of sets).
    sets: tuple[int, ...]
    #: The match result once it is over, else None.
    result: MatchResult | None = None


class HandBase(NamedTuple):
    """What a deal began from beyond the match record: the deck order, and the seat due to open it as dealt."""

    #: The deck order, top first, as card indexes.
    order: bytes
    #: The seat due to open the deal as dealt (a praise deal may name another: ``Deal.leader``).
    leader: int
    #: The match record as the deal began, where the deal's end has replaced it since (the match
    #: ended with this deal); None while ``GameState.match`` is still that record.
    match: Match | None = None


class Deal(NamedTuple):
    """One deal of the match: its number, dealer, trump and opener, and what was settled before its play.

    The engine fills every field when it deals, except those the phases before play settle:
    ``praise``, ``leader`` and ``dealt_tricks`` once a praise deal is dealt, and ``declarer`` once
    the bidding is over.  From the first lead to the deal's end it does not change (a redeal is a
    new deal).
    """

    #: How many deals the match had before this one, redeals and replays included (it picks the shuffle).
    number: int
    #: The seat that dealt this hand.
    dealer: int
    #: The trump suit shown for this hand, or None where only permanent trumps play.
    trump: Suit | None
    #: The card that was shown to name the trump suit (it stays where it was), or None.
    trump_card: Card | None
    #: This hand's trump rule compiled to lookup tables (derived from the ruleset and ``trump``).
    table: TrumpTable
    #: Every hand that is a molodka in this hand, as bitmasks (derived; empty where there is none).
    molodkas: frozenset[int]
    #: The seat due to open this hand (after a praise deal, the seat its procedure named).
    leader: int
    #: What the deal began from (with the match record), from which its moves replay.
    base: HandBase
    #: The seat that opened the previous hand, or None in the first hand.
    last_opener: int | None = None
    #: The sides that called the redeals in a row that led to this deal, oldest first.
    redeals: tuple[int, ...] = ()
    #: The praise deal the boasting player chose for this hand, or None (not chosen yet, or no praise).
    praise: PraiseKind | None = None
    #: Tricks a praise deal dealt before play, in order: face-down cards are ``lay_dark`` plays.
    dealt_tricks: tuple[Trick, ...] = ()
    #: The seat playing alone after taking the talon, or None.
    declarer: int | None = None


#: A state's fields by their names, in the order ``make_state`` takes them.
STATE_FIELDS: Final = (
    "match",
    "deal",
    "hand_masks",
    "stock",
    "talon",
    "turn",
    "trick",
    "won_masks",
    "trick_counts",
    "phase",
    "window",
    "drawing",
    "log",
)


class GameState(NamedTuple):
    """A match at one moment: the match record, the deal in play, the cards, and whose turn it is.

    Three lifetimes: ``match`` changes only when a deal ends, ``deal`` only before its first lead,
    the other fields from move to move.  Their facts are also read directly: ``state.ruleset``,
    ``state.scores``, ``state.dealer``, ``state.trump``...  A state is immutable and compares by
    value.  The one mutable thing it reaches is a cache, never part of its value: the memo of beat
    tests kept on ``deal.table`` (see :class:`~kozel.rules.trump.TrumpTable`).  The engine builds
    states with :func:`kozel.game.state.make_state` (every field, in this order); ``GameState(...)``
    and ``_replace`` take the same fields by name.  They check nothing: a state built or changed by
    hand is the caller's to keep whole, and the engine's answer to one whose fields do not fit
    together is not specified (it may raise a Python error, and the pure and the compiled builds may
    differ).  States that come from outside are read with :func:`kozel.record.from_json` or
    :func:`kozel.record.loads`, which check every field and replay the moves.

    It is stored small, for searches that keep many states: the stock as where it begins in the
    deal's order (the cards not dealt are drawn from its top), so most states hold a small number
    for it; ``stock`` reads the cards back.
    """

    #: The match: rules, seed, score sheet and earlier moves (replaced when a deal ends).
    match: Match
    #: The deal in play: dealer, trump, opener (settled before its first lead).
    deal: Deal
    #: Each seat's hand as a bitmask (see ``hands``).
    hand_masks: tuple[int, ...]
    #: The stock: where it begins in ``deal.base.order`` when it is what is left of that order (so
    #: most states hold a small number), else its card indexes, top first; ``GameState.stock`` reads it.
    stock_at: int | bytes
    #: The talon still dealt aside, top card first (empty where there is none or it was taken).
    talon: tuple[Card, ...]
    #: The seat whose turn it is, or None once the match is over.
    turn: int | None
    #: The trick on the table, or None between tricks.
    trick: Trick | None
    #: The cards each side has taken in this hand, as bitmasks (see ``won``).
    won_masks: tuple[int, ...]
    #: How many tricks each side has taken in this hand.
    trick_counts: tuple[int, ...]
    #: What the table is doing.
    phase: Phase
    #: The open trump-transfer window, or None.
    window: TransferWindow | None
    #: A praise deal whose players are still drawing and laying cards ("trousers"), or None.
    drawing: Drawing | None = None
    #: The moves of this deal so far, packed (see ``kozel.game.log``; ``moves`` reads it).
    log: bytes = b""

    def __copy__(self) -> GameState:
        """A state is an immutable value: its copy is itself."""
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        """A state is an immutable value: its deep copy is itself (``copy.deepcopy`` of a state costs nothing)."""
        return self

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, top card first."""
        return tuple(map(CARDS.__getitem__, stock_bytes(self)))

    @property
    def ruleset(self) -> Ruleset:
        """The rules being played."""
        return self.match.ruleset

    @property
    def seed(self) -> int:
        """The seed every shuffle of the match comes from."""
        return self.match.seed

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self.deal.dealer

    @property
    def trump(self) -> Suit | None:
        """The trump suit shown for this hand, or None where only permanent trumps play."""
        return self.deal.trump

    @property
    def trump_card(self) -> Card | None:
        """The card shown to name the trump suit (it stays in the stock), or None."""
        return self.deal.trump_card

    @property
    def scores(self) -> tuple[int, ...]:
        """Written match points per side."""
        return self.match.scores

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        """One result per finished hand, oldest first."""
        return self.match.hand_results

    @property
    def sets(self) -> tuple[int, ...]:
        """Sets won per side, in a match of sets."""
        return self.match.sets

    @property
    def result(self) -> MatchResult | None:
        """The match result once it is over, else None."""
        return self.match.result

    @property
    def declarer(self) -> int | None:
        """The seat playing alone after taking the talon, or None."""
        return self.deal.declarer

    @property
    def talon_shown(self) -> Card | None:
        """The talon card shown face up (its top card), where the rules show one and it is still there."""
        return self.talon[0] if self.talon else None

    @property
    def table(self) -> TrumpTable:
        """This hand's trump rule compiled to lookup tables."""
        return self.deal.table

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves of this deal so far, oldest first (earlier ones are in ``match_moves``)."""
        return decode(self.log)

    @property
    def match_moves(self) -> tuple[Move, ...]:
        """Every move of the match so far, oldest first."""
        return decode(self.match.history + self.log)

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's hand."""
        return tuple(cardset_from_mask(mask) for mask in self.hand_masks)

    @property
    def won(self) -> tuple[CardSet, ...]:
        """The cards each side has taken in this hand."""
        return tuple(cardset_from_mask(mask) for mask in self.won_masks)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.match.result is not None

    @property
    def hand_number(self) -> int:
        """How many hands were finished before this one (0 during the first hand)."""
        return len(self.match.hand_results)

    def __repr__(self) -> str:
        match = self.match
        if match.result is not None:
            return f"<GameState {match.ruleset.name}: over, scores {match.scores}, goats {match.result.goats}>"
        trump = f", trump {self.deal.trump}" if self.deal.trump is not None else ""
        return (
            f"<GameState {match.ruleset.name}: hand {self.hand_number + 1}{trump}, "
            f"seat {self.turn} to move, scores {match.scores}>"
        )


#: Where each field of a state lies in its storage: ``stock`` is stored as ``stock_at`` (see ``stock_at``).
_PLACE: Final = {name: place for place, name in enumerate(GameState._fields)} | {"stock": 3}


# A state is stored as the named tuple above, so compiled code reads its fields by position.  As a
# tuple it is its fields by their names: iterating it, indexing it, ``_fields``, ``_replace``,
# ``_make``, ``_asdict``, ``GameState(...)`` and pickling all go by ``STATE_FIELDS``, with the stock
# as cards.  (A subclass would give the same, but compiled code reads a subclass's fields by name,
# several times slower.)
def _public(state: GameState) -> tuple[Any, ...]:
    """The state's fields by their names, in ``STATE_FIELDS`` order (what iterating a state gives)."""
    stored = tuple(_iter(state))
    return (*stored[:3], state.stock, *stored[4:])


def _new_state(  # noqa: PLR0917 - every field, positionally, as make_state takes them
    cls: type[GameState],
    match: Match,
    deal: Deal,
    hand_masks: tuple[int, ...],
    stock: tuple[Card, ...],
    talon: tuple[Card, ...],
    turn: int | None,
    trick: Trick | None,
    won_masks: tuple[int, ...],
    trick_counts: tuple[int, ...],
    phase: Phase,
    window: TransferWindow | None,
    drawing: Drawing | None = None,
    log: bytes = b"",
) -> GameState:
    """A state from its fields by their names (as ``make_state`` takes them)."""
    return make_state(
        match, deal, hand_masks, stock, talon, turn, trick, won_masks, trick_counts, phase, window, drawing, log
    )


def _getnewargs(state: GameState) -> tuple[Any, ...]:
    return _public(state)


def _iterate(state: GameState) -> Iterator[Any]:
    return iter(_public(state))


def _getitem(state: GameState, index: Any) -> Any:
    return _public(state)[index]


def _make(cls: type[GameState], iterable: Iterable[Any]) -> GameState:
    """A state from its fields by their names, in ``STATE_FIELDS`` order."""
    return make_state(*iterable)


def _asdict(state: GameState) -> dict[str, Any]:
    """The state's fields by their names."""
    return dict(zip(STATE_FIELDS, _public(state), strict=True))


def _replace(state: GameState, /, **changes: Any) -> GameState:
    """This state with some fields (named as ``make_state`` names them, or ``stock_at`` as stored) changed."""
    unknown = changes.keys() - _PLACE.keys()
    if unknown:
        raise ValueError(f"Got unexpected field names: {sorted(unknown)!r}")
    if "stock" in changes or ("deal" in changes and "stock_at" not in changes):  # stored against the deal's order
        public = _public(state)
        return make_state(*(changes.get(name, public[place]) for place, name in enumerate(STATE_FIELDS)))
    stored = list(_iter(state))
    for name, value in changes.items():
        stored[_PLACE[name]] = value
    return _new(GameState, stored)


_PROTOCOL: Final[dict[str, Any]] = {
    "_fields": STATE_FIELDS,
    "__match_args__": STATE_FIELDS,
    "__new__": _new_state,
    "__getnewargs__": _getnewargs,
    "__iter__": _iterate,
    "__getitem__": _getitem,
    "_make": classmethod(_make),
    "_asdict": _asdict,
    "_replace": _replace,
}
for _name, _value in _PROTOCOL.items():
    setattr(GameState, _name, _value)


def stock_bytes(state: GameState) -> bytes:
    """The card indexes of ``state``'s stock, top first."""
    at = state.stock_at
    return state.deal.base.order[at:] if type(at) is int else at  # type: ignore[return-value]


def stock_at(deal: Deal, stock: bytes) -> int | bytes:
    """How a state of ``deal`` stores ``stock`` (card indexes): where it begins in the deal's order, else the bytes."""
    order = deal.base.order
    return len(order) - len(stock) if order.endswith(stock) else stock


def renewed_match(
    match: Match,
    *,
    history: bytes,
    scores: tuple[int, ...],
    hand_results: tuple[HandResult, ...],
    sets: tuple[int, ...],
) -> Match:
    """``match`` with a new history, score sheet, hand results and sets, the rest kept (built directly)."""
    fields = (match.ruleset, match.seed, match.first_dealer, match.opening, history, scores, hand_results, sets)
    return _new(Match, (*fields, match.result))


def with_match(state: GameState, match: Match) -> GameState:
    """``state`` with another match record, its other fields as stored: built directly, for the engine."""
    stored = list(_iter(state))
    stored[0] = match
    return _new(GameState, stored)


def make_state(  # noqa: PLR0917 - every field, positionally, is the point
    match: Match,
    deal: Deal,
    hand_masks: tuple[int, ...],
    stock: tuple[Card, ...],
    talon: tuple[Card, ...],
    turn: int | None,
    trick: Trick | None,
    won_masks: tuple[int, ...],
    trick_counts: tuple[int, ...],
    phase: Phase,
    window: TransferWindow | None,
    drawing: Drawing | None,
    log: bytes,
) -> GameState:
    """A state from all its fields, given in ``GameState`` order: how the engine builds one off its hot paths."""
    fields = (
        match,
        deal,
        hand_masks,
        stock_at(deal, bytes(stock)),
        talon,
        turn,
        trick,
        won_masks,
        trick_counts,
        phase,
        window,
        drawing,
        log,
    )
    return _new(GameState, fields)


def not_a_state(state: object, caller: str) -> WrongTypeError:
    """The error for something the engine cannot read as a state (only a GameState is one)."""
    hint = "; read a saved state with kozel.record.from_json" if isinstance(state, str | bytes | dict) else ""
    return WrongTypeError(f"{caller} needs a GameState, not {type(state).__name__}{hint}")
