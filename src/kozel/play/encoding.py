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
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from kozel.errors import KozelError
from kozel.game.move import MoveKind
from kozel.game.state import Phase
from kozel.play.actions import largest_hand
from kozel.rules.ruleset import Ruleset
from kozel.view.events import Played
from kozel.view.view import PlayerView

__all__ = ["Encoding", "Slice", "encoding", "highest_score", "most_plays"]


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
    scoring = rules.scoring
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
    return 2 * len(rules.deck) + 2 * rules.players + 8


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
        self.rules = rules
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

    def slice(self, name: str) -> Slice:
        """The run called ``name``."""
        for item in self.slices:
            if item.name == name:
                return item
        raise KozelError(f"an observation has no slice {name!r}; its slices are {[s.name for s in self.slices]}")

    def _check(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise KozelError(f"an encoding writes a PlayerView, not {type(view).__name__}")
        if view.ruleset != self.rules:
            raise KozelError(f"this encoding is for {self.rules.name}, and the view is of {view.ruleset.name}")

    def observation(self, view: PlayerView) -> list[float]:
        """What ``view``'s seat sees now, as ``size`` numbers in [0, 1]."""
        self._check(view)
        rules = self.rules
        out = [0.0] * self.size
        at = self._at
        place = self._place
        players, sides = rules.players, rules.sides
        seat = view.seat
        own_side = rules.side_of(seat)

        def mark(name: str, offset: int) -> None:
            out[at[name] + offset] = 1.0

        def seat_of(name: str, other: int | None) -> None:
            if other is not None:
                mark(name, (other - seat) % players)

        for card in view.hand:
            mark("hand", place[card])
        down = 0
        for play in view.trick or ():
            if play.cards is None:
                down += play.count
            else:
                for card in play.cards:
                    mark("trick_face_up", place[card])
        out[at["trick_face_down"]] = min(1.0, down / self._cards)
        if view.trump is not None:
            mark("trump_suit", int(view.trump))
        if view.trump_card is not None:
            mark("trump_card", place[view.trump_card])
        if view.talon_shown is not None:
            mark("talon_shown", place[view.talon_shown])
        for other, size in enumerate(view.hand_sizes):
            out[at["hand_sizes"] + (other - seat) % players] = min(1.0, size / self._hand)
        seat_of("turn", view.turn)
        seat_of("dealer", view.dealer)
        seat_of("trick_winner", view.trick_winner)
        seat_of("declarer", view.declarer)
        mark("phase", self._phases[view.phase])
        out[at["stock_size"]] = min(1.0, view.stock_size / self._cards)
        out[at["talon_size"]] = min(1.0, view.talon_size / self._cards)
        for side in range(sides):
            to = (side - own_side) % sides
            out[at["trick_counts"] + to] = min(1.0, view.trick_counts[side] / self._cards)
            out[at["won_sizes"] + to] = min(1.0, view.won_sizes[side] / self._cards)
            out[at["scores"] + to] = min(1.0, max(0, view.scores[side]) / self._score)
            out[at["sets"] + to] = min(1.0, view.sets[side] / rules.match.sets)
        out[at["hands_played"]] = min(1.0, len(view.hand_results) / 100)
        if view.praise is not None and view.praise in self._choices:
            mark("praise", self._choices[view.praise])
        for side in view.transfers_done or ():
            mark("transfers_done", (side - own_side) % sides)
        for other, groups in enumerate(view.voids):
            for group in groups:
                mark("voids", ((other - seat) % players) * 5 + group)
        return out

    def information_state(self, view: PlayerView) -> list[float]:
        """The observation, then the deal's plays so far as ``view``'s seat saw them: ``state_size`` numbers."""
        out = self.observation(view)
        rows = [0.0] * (self._rows * self._row)
        players = self.rules.players
        kinds = len(MoveKind)
        plays = [event for event in view.history if isinstance(event, Played)]
        if len(plays) > self._rows:
            raise KozelError(
                f"the deal holds {len(plays)} plays, more than the {self._rows} an information state holds"
            )
        for number, play in enumerate(plays):
            base = number * self._row
            rows[base + (play.seat - view.seat) % players] = 1.0
            rows[base + players + int(play.kind)] = 1.0
            for card in play.cards or ():
                rows[base + players + kinds + self._place[card]] = 1.0
            rows[base + self._row - 1] = min(1.0, play.count / self._hand)
        out += rows
        return out

    def array(self, values: Sequence[float]) -> Any:
        """``values`` as a numpy array of float32 (numpy must be installed: the training extras bring it)."""
        try:
            numpy = importlib.import_module("numpy")
        except ImportError:
            raise KozelError(
                "encoding arrays need numpy: pip install numpy (or an extra such as kozel[gymnasium])"
            ) from None
        return numpy.asarray(values, dtype=numpy.float32)


@cache
def _encoding(rules: Ruleset) -> Encoding:
    return Encoding(rules)


def encoding(rules: Ruleset) -> Encoding:
    """The encoding of ``rules``' views (the same object for the same ruleset)."""
    if not isinstance(rules, Ruleset):
        raise KozelError(f"an encoding is made for a Ruleset, not for {type(rules).__name__}")
    return _encoding(rules)
