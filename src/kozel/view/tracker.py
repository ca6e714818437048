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
The bot runner keeps one for each match it plays.
"""

from __future__ import annotations

from typing import Final

from kozel.engine.events import Dealt, Event, Played, step
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.view.events import CardsDrawn
from kozel.view.inference import Voids
from kozel.view.view import PlayerView, Seen, make_view, replay, voids_of

__all__ = ["ViewTracker"]

#: Moves after which the receiving seat's voids are forgotten.
_HANDED: Final = frozenset({MoveKind.TRANSFER, MoveKind.TRANSFER_BACK})


class ViewTracker:
    """Every seat's view of one match, kept up to date step by step from the engine's events.

    >>> import kozel
    >>> tracker = kozel.ViewTracker(kozel.new_game(kozel.variants.get("classic"), seed=7))
    >>> events = tracker.step(kozel.parse_move("1 lead K♣"))
    >>> tracker.view(2) == kozel.observe(tracker.state, 2), len(tracker.view(2).history)
    (True, 2)
    """

    __slots__ = ("_events", "_players", "_seen", "_state", "_views", "_voids", "_voids_now")

    def __init__(self, state: GameState) -> None:
        self._players = state.match.ruleset.players
        self._state = state
        events, voids = replay(state)
        self._start(events, voids)

    def _start(self, events: list[Event], voids: Voids) -> None:
        #: The deal's events so far, all cards shown.
        self._events = events
        self._voids = voids
        self._voids_now: tuple[frozenset[int], ...] | None = None
        #: Each seat's rendering of the deal's events, as far as its views have asked.
        self._seen: list[list[Event]] = [[] for _ in range(self._players)]
        self._views: list[PlayerView | None] = [None] * self._players

    @property
    def state(self) -> GameState:
        """The state the tracker's views are of (the whole state: the table's, not a seat's)."""
        return self._state

    def step(self, move: Move) -> tuple[Event, ...]:
        """Make ``move`` (as :func:`kozel.step`), take in its events, and return them (all cards shown)."""
        after, events = step(self._state, move)
        self.update(after, events)
        return events

    def update(self, after: GameState, events: tuple[Event, ...]) -> None:
        """Take in a step made elsewhere: ``after`` and ``events`` are what ``kozel.step`` returned from the
        tracker's state (the caller vouches for that; nothing is checked)."""
        self._state = after
        self._views = [None] * self._players
        see = self._voids.see
        changed = False
        for event in events:
            if type(event) is Dealt:
                self._start([event], Voids(after.match.ruleset, after.deal.table))
                return
            self._events.append(event)
            if see(event) or type(event) is CardsDrawn or (type(event) is Played and event.kind in _HANDED):
                changed = True
        if changed:
            self._voids_now = None

    def view(self, seat: int) -> PlayerView:
        """``seat``'s view now: equal to ``kozel.observe(self.state, seat)``, its history kept, not replayed."""
        view = self._views[seat] if 0 <= seat < self._players else None
        if view is not None:
            return view
        if not isinstance(seat, int) or not 0 <= seat < self._players:
            raise ValueError(f"seat must be a seat from 0 to {self._players - 1}, not {seat!r}")
        seen = self._seen[seat]
        events = self._events
        if len(seen) < len(events):
            seen.extend([event.for_seat(seat) for event in events[len(seen) :]])
        voids = self._voids_now
        if voids is None:
            voids = self._voids_now = voids_of(self._voids)
        view = self._views[seat] = make_view(self._state, seat, Seen(seen, len(seen)), voids)
        return view
