"""ViewTracker: every seat's view of one match, kept up to date from the events of each step.

A tracker follows one match.  Give it each move (:meth:`ViewTracker.step`), or the state and
events of a step made elsewhere (:meth:`ViewTracker.update`); ask it for a seat's view at any
moment (:meth:`ViewTracker.view`).  It keeps the deal's events once, as the engine gives them,
and what they show of the seats' voids; each seat's own rendering of the events (``for_seat``)
is made the first time that seat's view asks for them.  A step costs the same late in a hand as
early: nothing is replayed, and no history is copied until a view's ``history`` is read.  Only
a tracker started from a state in the middle of a deal (one loaded from a record, say) replays
that deal once, to know its events so far.

Its views equal ``kozel.observe(tracker.state, seat)``; they hold only their own seat's events.
A view is made when one of its fields is first read, not when :meth:`ViewTracker.view` hands it
out: from what the tracker keeps if it is still at the view's moment, else as ``observe`` makes
it.  :meth:`ViewTracker.advance` makes a move without working out its events, which are worked
out only when a view is next read.  The bot runner keeps one for each match it plays and moves
it with ``advance``, so a bot that never reads its view costs nothing for it.
"""

from __future__ import annotations

import copy
from typing import Final

from kozel.engine.core import apply
from kozel.engine.events import Dealt, Event, Played
from kozel.engine.transition import opening_events, step, transition_events
from kozel.errors import WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.view.events import CardsDrawn, same_match
from kozel.view.inference import Voids
from kozel.view.view import PlayerView, Seen, Unmade, make_view, observe, replay, unmade, voids_of

__all__ = ["ViewTracker"]

#: Moves after which the receiving seat's voids are forgotten.
_HANDED: Final = frozenset({MoveKind.TRANSFER, MoveKind.TRANSFER_BACK})


class ViewTracker:
    """Every seat's view of one match, kept up to date step by step from the engine's events.

    >>> import kozel
    >>> tracker = kozel.ViewTracker(kozel.new_game(kozel.variants.get("classic"), seed=7))
    >>> events = tracker.step(kozel.parse_move("1 lead K♥"))
    >>> tracker.view(2) == kozel.observe(tracker.state, 2), len(tracker.view(2).history)
    (True, 2)
    """

    __slots__ = (
        "_events",
        "_pending",
        "_players",
        "_seen",
        "_state",
        "_views",
        "_views_at",
        "_voids",
        "_voids_now",
    )

    def __init__(self, state: GameState) -> None:
        if not isinstance(state, GameState):
            raise WrongTypeError(f"ViewTracker follows a GameState, not {type(state).__name__}")
        self._players = state.match.ruleset.players
        self._state = state
        self._views: list[PlayerView | None] = [None] * self._players
        self._views_at: GameState | None = None
        events, voids = replay(state)
        self._start(events, voids)

    def _start(self, events: list[Event], voids: Voids) -> None:
        #: The deal's events so far, all cards shown.
        self._events = events
        self._voids = voids
        self._voids_now: tuple[frozenset[int], ...] | None = None
        #: Each seat's rendering of the deal's events, as far as its views have asked.
        self._seen: list[list[Event]] = [[] for _ in range(self._players)]
        #: The steps made by ``advance`` whose events are not worked out yet: (state before, move), oldest first.
        self._pending: list[tuple[GameState, Move]] = []

    def __copy__(self) -> ViewTracker:
        """A tracker of the same match at the same moment, kept apart from this one from now on: what is immutable
        (the states, the events, the views made) is shared, what changes (the lists it grows) is copied."""
        copied = object.__new__(ViewTracker)
        copied._players = self._players
        copied._state = self._state
        copied._views = list(self._views)
        copied._views_at = self._views_at
        copied._events = list(self._events)
        copied._voids = copy.copy(self._voids)
        copied._voids_now = self._voids_now
        copied._seen = [list(seen) for seen in self._seen]
        copied._pending = list(self._pending)
        return copied

    def __deepcopy__(self, memo: object) -> ViewTracker:
        """As :meth:`__copy__`: nothing it shares can change (``copy.deepcopy`` of a tracker costs little)."""
        return self.__copy__()

    @property
    def state(self) -> GameState:
        """The state the tracker's views are of (the whole state: the table's, not a seat's)."""
        return self._state

    def step(self, move: Move) -> tuple[Event, ...]:
        """Make ``move`` (as :func:`kozel.step`), take in its events, and return them (all cards shown)."""
        after, events = step(self._state, move)
        self.update(after, events)
        return events

    def advance(self, move: Move) -> GameState:
        """Make ``move`` (as :func:`kozel.apply`) and return the new state, its events left to work out later.

        The cheapest way to follow a match whose views are not all read: the events of the moves made
        this way are worked out (the same as :meth:`step` gives) only when a view is next read, and
        never for a deal no view was read in.
        """
        before = self._state
        after = apply(before, move)
        self._state = after
        if after.deal.number != before.deal.number and after.match.result is None:
            self._start(list(opening_events(after)), Voids(after.match.ruleset, after.deal.table))
        else:
            self._pending.append((before, move))
        return after

    def update(self, after: GameState, events: tuple[Event, ...]) -> None:
        """Take in a step made elsewhere: ``after`` and ``events`` are what ``kozel.step`` returned from the
        tracker's state (the caller vouches for that: whether they are, is not checked beyond what is cheap).

        Arguments of the wrong kind (``after`` not a state, ``events`` not a tuple of events) raise
        :class:`~kozel.WrongTypeError`, and a state of another ruleset or another match (another seed, first
        dealer or first deck) :class:`~kozel.StateError`; either way the tracker is left as it was."""
        if not isinstance(after, GameState):
            raise WrongTypeError(f"update takes the state kozel.step gave, not {type(after).__name__}")
        if not isinstance(events, tuple) or not all(isinstance(event, Event) for event in events):
            raise WrongTypeError(
                f"update takes the events kozel.step gave, a tuple of Event, not {type(events).__name__}"
            )
        same_match(self._state, after, "update: the tracker's state and after are")
        if self._pending:
            self._catch_up()
        self._state = after
        self._take(events)

    def _take(self, events: tuple[Event, ...]) -> None:
        see = self._voids.see
        changed = False
        for event in events:
            if type(event) is Dealt:
                self._start([event], Voids(self._state.match.ruleset, self._state.deal.table))
                return
            self._events.append(event)
            if see(event) or type(event) is CardsDrawn or (type(event) is Played and event.kind in _HANDED):
                changed = True
        if changed:
            self._voids_now = None

    def _catch_up(self) -> None:
        """Work out and take in the events of the moves made by ``advance``."""
        pending = self._pending
        self._pending = []
        take = self._take
        for number, (before, move) in enumerate(pending, 1):
            after = pending[number][0] if number < len(pending) else self._state
            take(transition_events(before, move, after))

    def view(self, seat: int, *, now: bool = False) -> PlayerView:
        """``seat``'s view now: equal to ``kozel.observe(self.state, seat)``, made when first read, its history
        kept, not replayed.

        ``now=True`` makes it at once, for a caller that reads it straight away (an adapter encoding it):
        the same value, without the cost of handing it out unmade.
        """
        state = self._state
        views = self._views
        if self._views_at is not state:
            views = self._views = [None] * self._players
            self._views_at = state
        if type(seat) is not int or not 0 <= seat < self._players:
            seat = state.match.ruleset.seating.checked_seat(seat)  # a NumPy integer is read as the plain int
        view = views[seat]
        if view is None:
            view = views[seat] = self._made(seat) if now else unmade(_Kept(self, state, seat))
        return view

    def _made(self, seat: int) -> PlayerView:
        """``seat``'s view of the tracker's state, made now."""
        if self._pending:
            self._catch_up()
        seen = self._seen[seat]
        events = self._events
        if len(seen) < len(events):
            seen.extend([event.for_seat(seat) for event in events[len(seen) :]])
        voids = self._voids_now
        if voids is None:
            voids = self._voids_now = voids_of(self._voids)
        return make_view(self._state, seat, Seen(seen, len(seen)), voids)


class _Kept(Unmade):
    """A tracker's view not made yet: made from the tracker if it is still at the view's state, else as ``observe``
    makes it."""

    __slots__ = ("_seat", "_state", "_tracker")

    def __init__(self, tracker: ViewTracker, state: GameState, seat: int) -> None:
        self._tracker = tracker
        self._state = state
        self._seat = seat

    def made(self) -> PlayerView:
        """The view of the seat in the state it was asked in."""
        tracker = self._tracker
        if tracker.state is self._state:
            return tracker._made(self._seat)
        return observe(self._state, self._seat)
