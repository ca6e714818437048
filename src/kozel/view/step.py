"""``step``: one transition and its events, for UIs that animate a match."""

from __future__ import annotations

from kozel.engine.core import apply
from kozel.game.move import Move
from kozel.game.state import GameState
from kozel.view.events import Event, events

__all__ = ["step"]


def step(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (as :func:`kozel.apply`) and the events of the transition, all cards shown.

    Send each seat ``tuple(event.for_seat(seat) for event in events)``: the same events with the
    cards it may not see left out.
    """
    after = apply(state, move)
    return after, events(state, move, after)
