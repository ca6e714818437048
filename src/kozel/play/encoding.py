"""Observation tensors: a view as a fixed-length vector of numbers in [0, 1], with named slices.

``Encoding(rules)`` lays out one ruleset's vectors.  Seats are written relative to the viewer
(the viewer is seat 0 of every seat slice, then clockwise), sides by their number counted from
the viewer's side.  Cards are one number per card of the deck, in canonical card order.  Counts are divided
by their most (the deck's size for cards, :func:`~kozel.play.actions.largest_hand` for a hand),
and a score by :func:`highest_score`, and a number past its most is written as 1, so every
number lies in [0, 1] whatever happens at the table.

``observation(view)`` is what the seat sees now; ``information_state(view)`` adds the deal's
plays so far, in order, one row each (seat, kind, the cards it could see, how many), up to
:func:`most_plays` rows: the whole public history of the deal as the seat saw it.  Both are
lists of floats; ``array`` gives a numpy array where numpy is installed.

A view the engine made (:func:`kozel.observe`, a :class:`~kozel.ViewTracker`) fits its ruleset's
encoding by construction and is written without a check.  Any other view (built by hand, changed
with ``attrs.evolve``, unpickled, read from JSON) is checked field by field first, and one that
does not fit is refused, nothing written: a field of the wrong kind with a
:class:`~kozel.WrongTypeError`, a seat not at the table with a :class:`~kozel.SeatError`, and a
count below 0, a card not of the deck, a void group other than 0 to 4, a praise deal the
ruleset does not offer or a row per seat or side of the wrong length with a :class:`~kozel.StateError`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol

from kozel.cards.card import Card, Suit
from kozel.cards.cardset import CardSet
from kozel.errors import KozelError, SeatError, StateError, WrongTypeError
from kozel.game.move import MoveKind
from kozel.game.state import Phase
from kozel.plain_types import short_repr, whole_number
from kozel.play.actions import largest_hand
from kozel.play.per_ruleset import PerRuleset
from kozel.rules.ruleset import Ruleset, checked_rules
from kozel.view.events import Played
from kozel.view.view import PlayerView, made_by_engine

if TYPE_CHECKING:  # numpy is needed only by Encoding.array, and imported there
    import numpy
    import numpy.typing

__all__ = ["Buffer", "Encoding", "Slice", "encoding", "highest_score", "most_plays"]


class Buffer(Protocol):
    """Numbers written in place by position: a list of floats, or a numpy array."""

    def __setitem__(self, index: int, value: float, /) -> None:
        """Set the number at ``index``."""


class Slice(NamedTuple):
    """One named run of an encoded vector."""

    #: What the numbers say.
    name: str
    #: Where the run starts.
    start: int
    #: Its shape (rows, columns) or (length,).
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many numbers the run holds."""
        size = 1
        for length in self.shape:
            size *= length
        return size


def highest_score(rules: Ruleset) -> int:
    """The highest score a side can have in a match: the target (or start) plus twice the most one hand writes."""
    scoring = checked_rules(rules, "highest_score").scoring
    written = [row.written for row in scoring.rows]
    written += [value for value in (scoring.no_trick, scoring.dealer_loses_written) if value is not None]
    if scoring.all_tricks is not None:
        written += [v for v in (scoring.all_tricks.written, scoring.all_tricks.first_hand_opponents) if v is not None]
    if rules.catch is not None:
        written.append(rules.catch.written)
    if rules.redeal is not None:
        written.append(rules.redeal.penalty)
    if rules.talon is not None and rules.talon.bidding is not None and rules.talon.bidding.for_less is not None:
        written += [row.written for row in rules.talon.bidding.for_less.rows]
    return max(rules.match.target, rules.match.start) + 2 * max(written, default=0)


def most_plays(rules: Ruleset) -> int:
    """The most plays one deal can hold: each card moved twice (a transfer and back, then played), and a few choices."""
    return 2 * len(checked_rules(rules, "most_plays").deck) + 2 * rules.players + 8


#: The runs ``Encoding.write`` fills itself (the trick's and the sides' runs have helpers of their own).
_WRITTEN = (
    "hand",
    "trump_suit",
    "trump_card",
    "talon_shown",
    "hand_sizes",
    "turn",
    "dealer",
    "trick_winner",
    "declarer",
    "phase",
    "stock_size",
    "talon_size",
    "hands_played",
    "praise",
    "transfers_done",
    "voids",
)


class Encoding:
    """How the views of one ruleset are written as vectors (see the module for the layout)."""

    #: The ruleset encoded.
    rules: Ruleset
    #: The named runs of the observation, in order.
    slices: tuple[Slice, ...]
    #: The observation's length.
    size: int
    #: The information state's length: the observation, then ``most_plays`` rows of a play each.
    state_size: int

    def __init__(self, rules: Ruleset) -> None:
        """The encoding of ``rules``' views."""
        self.rules = checked_rules(rules, "Encoding")
        cards = sorted(rules.deck)
        self._place = {card: place for place, card in enumerate(cards)}
        self._cards = len(cards)
        players, sides = rules.players, rules.sides
        self._hand = largest_hand(rules)
        self._score = highest_score(rules)
        choices = tuple(kind.value for kind in rules.praise.choices) if rules.praise is not None else ()
        self._choices = {choice: place for place, choice in enumerate(choices)}
        self._phases = {phase: place for place, phase in enumerate(Phase)}
        layout = [
            ("hand", (self._cards,)),
            ("trick_face_up", (self._cards,)),
            ("trick_face_down", (1,)),
            ("trump_suit", (4,)),
            ("trump_card", (self._cards,)),
            ("talon_shown", (self._cards,)),
            ("hand_sizes", (players,)),
            ("turn", (players,)),
            ("dealer", (players,)),
            ("trick_winner", (players,)),
            ("declarer", (players,)),
            ("phase", (len(Phase),)),
            ("stock_size", (1,)),
            ("talon_size", (1,)),
            ("trick_counts", (sides,)),
            ("won_sizes", (sides,)),
            ("scores", (sides,)),
            ("sets", (sides,)),
            ("hands_played", (1,)),
            ("praise", (len(choices),)),
            ("transfers_done", (sides,)),
            ("voids", (players, 5)),
        ]
        slices = []
        start = 0
        for name, shape in layout:
            slices.append(Slice(name, start, shape))
            start += slices[-1].size
        self.slices = tuple(slices)
        self.size = start
        self._row = players + len(MoveKind) + self._cards + 1
        self._rows = most_plays(rules)
        self.state_size = self.size + self._rows * self._row
        self._at = {item.name: item.start for item in self.slices}
        #: Where the runs that ``write`` fills itself start, in the order it unpacks them.
        self._starts = tuple(self._at[name] for name in _WRITTEN)
        self._side_starts = tuple(self._at[name] for name in ("trick_counts", "won_sizes", "scores", "sets"))
        self._sides, self._sets = sides, rules.match.sets
        self._side_of = tuple(rules.side_of(seat) for seat in range(players))
        self._outside = ~rules.deck.mask

    def slice(self, name: str) -> Slice:
        """The run called ``name``."""
        if not isinstance(name, str):
            raise WrongTypeError(
                f"a slice is named by text, one of {[s.name for s in self.slices]}, not {short_repr(name)}"
            )
        for item in self.slices:
            if item.name == name:
                return item
        raise KozelError(
            f"an observation has no slice {short_repr(name)}; its slices are {[s.name for s in self.slices]}"
        )

    def _check(self, view: PlayerView) -> bool:
        """Refuse a view that does not fit; True for a view the engine made (its fields fit by construction)."""
        if not isinstance(view, PlayerView):
            raise WrongTypeError(f"an encoding writes a PlayerView, not {type(view).__name__}")
        made = made_by_engine(view)
        rules = view.ruleset
        if rules is not self.rules and rules != self.rules:
            if not isinstance(rules, Ruleset):
                raise WrongTypeError(f"a view's ruleset is a Ruleset, not {type(rules).__name__}")
            raise KozelError(f"this encoding is for {self.rules.name}, and the view is of {rules.name}")
        if not made:
            _Fit(self, view).check()
        return made

    def kind_size(self, kind: object) -> int:
        """The length of the vectors of ``kind``, an environment's ``observation=``: ``"observation"`` (``size``,
        what the seat sees now) or ``"information_state"`` (``state_size``: the deal's plays so far too, the cards
        others played after the seat included); :class:`~kozel.KozelError` for anything else."""
        if isinstance(kind, str) and kind == "observation":
            return self.size
        if isinstance(kind, str) and kind == "information_state":
            return self.state_size
        raise KozelError(f"observation= is 'observation' or 'information_state', not {short_repr(kind)}")

    def observation(self, view: PlayerView) -> list[float]:
        """What ``view``'s seat sees now, as ``size`` numbers in [0, 1]."""
        out = [0.0] * self.size
        self.write(view, out)
        return out

    def write(self, view: PlayerView, out: Buffer, *, information_state: bool = False) -> None:
        """Write ``view``'s observation (or information state) into ``out``, all 0 beforehand (a zeroed numpy array).

        ``out`` holds ``size`` numbers (``state_size`` for the information state), or more, of which
        these are the first; only the numbers that are not 0 are written, so that writing into an
        array costs no list.  A view that does not fit (see the module) and a shorter ``out`` are
        refused before anything is written.
        """
        made = self._check(view)
        plays = self._plays(view, made) if information_state else None  # checked before anything is written
        self._room(out, information_state)
        hand, trump_suit, trump_card, talon_shown, sizes, turn, dealer, winner, declarer = self._starts[:9]
        phase, stock, talon, played, praise, transfers, voids = self._starts[9:]
        place = self._place
        players = self.rules.players
        seat = view.seat
        cards = self._cards
        for card in view.hand:
            out[hand + place[card]] = 1.0
        if view.trick:
            self._write_trick(view, out)
        if view.trump is not None:
            out[trump_suit + int(view.trump)] = 1.0
        if view.trump_card is not None:
            out[trump_card + place[view.trump_card]] = 1.0
        if view.talon_shown is not None:
            out[talon_shown + place[view.talon_shown]] = 1.0
        most = self._hand
        for other, size in enumerate(view.hand_sizes):
            if size:
                out[sizes + (other - seat) % players] = size / most if size < most else 1.0
        if view.turn is not None:
            out[turn + (view.turn - seat) % players] = 1.0
        if view.dealer is not None:
            out[dealer + (view.dealer - seat) % players] = 1.0
        if view.trick_winner is not None:
            out[winner + (view.trick_winner - seat) % players] = 1.0
        if view.declarer is not None:
            out[declarer + (view.declarer - seat) % players] = 1.0
        out[phase + self._phases[view.phase]] = 1.0
        if view.stock_size:
            out[stock] = view.stock_size / cards if view.stock_size < cards else 1.0
        if view.talon_size:
            out[talon] = view.talon_size / cards if view.talon_size < cards else 1.0
        own_side = self._side_of[seat]
        self._write_sides(view, out, own_side)
        if view.hand_results:
            out[played] = len(view.hand_results) / 100 if len(view.hand_results) < 100 else 1.0
        if view.praise is not None and view.praise in self._choices:
            out[praise + self._choices[view.praise]] = 1.0
        if view.transfers_done:
            sides = self._sides
            for side in view.transfers_done:
                out[transfers + (side - own_side) % sides] = 1.0
        for other, groups in enumerate(view.voids):
            if groups:
                row = voids + ((other - seat) % players) * 5
                for group in groups:
                    out[row + group] = 1.0
        if plays is not None:
            self._write_plays(view, plays, out)

    def _room(self, out: Buffer, information_state: bool) -> None:
        """Refuse an ``out`` that cannot be written into, or too short for what is written."""
        needed, what = (self.state_size, "an information state") if information_state else (self.size, "an observation")
        if not hasattr(type(out), "__setitem__"):  # None, a tuple: written by position, so a list or a numpy array
            raise WrongTypeError(
                f"out is a buffer written in place, such as a list of {needed} floats or a numpy array, "
                f"not {type(out).__name__}"
            )
        try:
            length = len(out)  # type: ignore[arg-type]
        except TypeError:  # a buffer with no length says itself where it ends
            return
        if length < needed:
            raise KozelError(f"out holds {length} numbers, and {what} of {self.rules.name} {needed}")

    def _write_trick(self, view: PlayerView, out: Buffer) -> None:
        face_up, place, down = self._at["trick_face_up"], self._place, 0
        for play in view.trick or ():
            if play.cards is None:
                down += play.count
            else:
                for card in play.cards:
                    out[face_up + place[card]] = 1.0
        if down:
            out[self._at["trick_face_down"]] = down / self._cards if down < self._cards else 1.0

    def _write_sides(self, view: PlayerView, out: Buffer, own_side: int) -> None:
        counts, won, scores, sets = self._side_starts
        cards, score, most_sets = self._cards, self._score, self._sets
        sides = self._sides
        for side in range(sides):
            to = (side - own_side) % sides
            value = view.trick_counts[side]
            if value:
                out[counts + to] = value / cards if value < cards else 1.0
            value = view.won_sizes[side]
            if value:
                out[won + to] = value / cards if value < cards else 1.0
            value = view.scores[side]
            if value > 0:
                out[scores + to] = value / score if value < score else 1.0
            value = view.sets[side]
            if value:
                out[sets + to] = value / most_sets if value < most_sets else 1.0

    def information_state(self, view: PlayerView) -> list[float]:
        """The observation, then the deal's plays so far as ``view``'s seat saw them: ``state_size`` numbers."""
        out = [0.0] * self.state_size
        self.write(view, out, information_state=True)
        return out

    def _plays(self, view: PlayerView, made: bool) -> list[Played]:
        if not made and type(view.history) is not tuple:
            raise WrongTypeError(f"a view's history is a tuple of events, not {type(view.history).__name__}")
        plays = [event for event in view.history if isinstance(event, Played)]
        if not made:
            fit = _Fit(self, view)
            for number, play in enumerate(plays):
                fit.play(play, f"the history's play {number}")
        if len(plays) > self._rows:
            raise KozelError(
                f"the deal holds {len(plays)} plays, more than the {self._rows} an information state holds"
            )
        return plays

    def _write_plays(self, view: PlayerView, plays: list[Played], out: Buffer) -> None:
        players = self.rules.players
        kinds = len(MoveKind)
        for number, play in enumerate(plays):
            base = self.size + number * self._row
            out[base + (play.seat - view.seat) % players] = 1.0
            out[base + players + int(play.kind)] = 1.0
            for card in play.cards or ():
                out[base + players + kinds + self._place[card]] = 1.0
            out[base + self._row - 1] = play.count / self._hand if play.count < self._hand else 1.0

    def array(self, values: Sequence[float]) -> numpy.typing.NDArray[numpy.float32]:
        """``values`` as a numpy array of float32 (numpy must be installed: the training extras bring it).

        :class:`~kozel.errors.WrongTypeError` unless ``values`` is a sequence of numbers (a list, a numpy array).
        """
        if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
            raise WrongTypeError(f"values are a sequence of numbers, such as a list, not {type(values).__name__}")
        try:
            module = importlib.import_module("numpy")
        except ImportError:
            raise KozelError(
                "encoding arrays need numpy: pip install numpy (or an extra such as 'kozel[gymnasium]')"
            ) from None
        try:
            array: numpy.typing.NDArray[numpy.float32] = module.asarray(values, dtype=module.float32)
        except (TypeError, ValueError, OverflowError) as error:  # ['a'], a ragged list, None, an int past float32
            raise WrongTypeError(f"values are a sequence of numbers, such as a list: {error}") from None
        return array


class _Fit:
    """The check of a view the engine did not make: every field the encoding reads, of the kind and range it needs."""

    def __init__(self, code: Encoding, view: PlayerView) -> None:
        self.code, self.view = code, view
        self.rules = code.rules

    def refuse(self, kind: type[KozelError], text: str) -> KozelError:
        return kind(f"the view does not fit {self.rules.name}'s encoding: {text}")

    def whole(self, value: object, what: str, *, low: int | None = 0) -> int:
        number = whole_number(value)
        if number is None:
            raise self.refuse(WrongTypeError, f"{what} is a whole number, not {short_repr(value)}")
        if low is not None and number < low:
            raise self.refuse(StateError, f"{what} is {short_repr(number)}, below {low}")
        return number

    def seat(self, value: object, what: str, *, optional: bool = True) -> None:
        if value is None and optional:
            return
        seat = whole_number(value)
        if seat is None:
            raise self.refuse(WrongTypeError, f"{what} is a seat number, not {short_repr(value)}")
        if not 0 <= seat < self.rules.players:
            raise self.refuse(
                SeatError, f"{what} is seat {short_repr(seat)}, and seats are 0 to {self.rules.players - 1}"
            )

    def row(self, value: object, what: str, length: int, per: str) -> tuple[object, ...]:
        if type(value) is not tuple:
            raise self.refuse(WrongTypeError, f"{what} is a tuple, one entry per {per}, not {type(value).__name__}")
        if len(value) != length:
            raise self.refuse(StateError, f"{what} holds one entry per {per} ({length}), not {len(value)}")
        return value

    def card(self, value: object, what: str) -> None:
        if value is None:
            return
        if not isinstance(value, Card):
            raise self.refuse(WrongTypeError, f"{what} is a card or None, not {short_repr(value)}")
        if value not in self.rules.deck:
            raise self.refuse(StateError, f"{what} is {value}, not a card of the deck")

    def play(self, play: object, what: str) -> None:
        if not isinstance(play, Played):
            raise self.refuse(WrongTypeError, f"{what} is a Played event, not {type(play).__name__}")
        self.seat(play.seat, f"{what}'s seat", optional=False)
        if not isinstance(play.kind, MoveKind):
            raise self.refuse(WrongTypeError, f"{what}'s kind is a MoveKind, not {short_repr(play.kind)}")
        self.whole(play.count, f"{what}'s count")
        if play.cards is not None:
            if type(play.cards) is not tuple:
                raise self.refuse(
                    WrongTypeError, f"{what}'s cards are a tuple or None, not {type(play.cards).__name__}"
                )
            for card in play.cards:
                if card is None:
                    raise self.refuse(WrongTypeError, f"{what}'s cards are cards, not None")
                self.card(card, f"a card of {what}")

    def check(self) -> None:
        view, rules, code = self.view, self.rules, self.code
        players, sides = rules.players, rules.sides
        self.seat(view.seat, "view.seat", optional=False)
        for name in ("dealer", "turn", "trick_winner", "declarer"):
            self.seat(getattr(view, name), f"view.{name}")
        if not isinstance(view.hand, CardSet):
            raise self.refuse(WrongTypeError, f"view.hand is a CardSet, not {type(view.hand).__name__}")
        if view.hand.mask & code._outside:
            outside = " ".join(str(card) for card in view.hand if card not in rules.deck)
            raise self.refuse(StateError, f"view.hand holds cards not of the deck: {outside}")
        for seat, size in enumerate(self.row(view.hand_sizes, "view.hand_sizes", players, "seat")):
            self.whole(size, f"view.hand_sizes[{seat}]")
        if not isinstance(view.phase, Phase):
            raise self.refuse(WrongTypeError, f"view.phase is a Phase, not {short_repr(view.phase)}")
        if view.trump is not None and not isinstance(view.trump, Suit):
            raise self.refuse(WrongTypeError, f"view.trump is a Suit or None, not {short_repr(view.trump)}")
        self.card(view.trump_card, "view.trump_card")
        self.card(view.talon_shown, "view.talon_shown")
        self.whole(view.stock_size, "view.stock_size")
        self.whole(view.talon_size, "view.talon_size")
        if view.trick is not None:
            if type(view.trick) is not tuple:
                raise self.refuse(
                    WrongTypeError, f"view.trick is a tuple of plays or None, not {short_repr(view.trick)}"
                )
            for number, play in enumerate(view.trick):
                self.play(play, f"view.trick[{number}]")
        for name in ("trick_counts", "won_sizes", "scores", "sets"):
            low = None if name == "scores" else 0  # a score may fall below 0 where the rules set one back
            for side, value in enumerate(self.row(getattr(view, name), f"view.{name}", sides, "side")):
                self.whole(value, f"view.{name}[{side}]", low=low)
        if type(view.hand_results) is not tuple:
            raise self.refuse(
                WrongTypeError, f"view.hand_results is a tuple of results, not {type(view.hand_results).__name__}"
            )
        if view.praise is not None and (not isinstance(view.praise, str) or view.praise not in code._choices):
            offered = ", ".join(code._choices) or "none"
            raise self.refuse(
                StateError, f"view.praise is a praise deal of the ruleset ({offered}), not {short_repr(view.praise)}"
            )
        if view.transfers_done is not None:
            if type(view.transfers_done) is not tuple:
                raise self.refuse(
                    WrongTypeError,
                    f"view.transfers_done is a tuple of sides or None, not {short_repr(view.transfers_done)}",
                )
            for side in view.transfers_done:
                if not 0 <= self.whole(side, "a side in view.transfers_done") < sides:
                    raise self.refuse(
                        StateError, f"view.transfers_done names side {short_repr(side)}; sides are 0 to {sides - 1}"
                    )
        for seat, groups in enumerate(self.row(view.voids, "view.voids", players, "seat")):
            if not isinstance(groups, frozenset):
                raise self.refuse(
                    WrongTypeError, f"view.voids[{seat}] is a frozenset of groups, not {short_repr(groups)}"
                )
            for group in groups:
                if not 0 <= self.whole(group, f"a group of view.voids[{seat}]") <= 4:
                    raise self.refuse(
                        StateError,
                        f"view.voids[{seat}] holds group {short_repr(group)}: "
                        "groups are 0-3 (plain suits) and 4 (trumps)",
                    )


_encoding: Final = PerRuleset(Encoding)


def encoding(rules: Ruleset) -> Encoding:
    """The encoding of ``rules``' views (the same object for the same ruleset)."""
    if not isinstance(rules, Ruleset):
        checked_rules(rules, "encoding()")
    return _encoding(rules)
