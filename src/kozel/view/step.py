"""``step``: one transition and its events, for UIs that animate a match."""

from __future__ import annotations

from kozel.engine import apply
from kozel.game.move import Move
from kozel.game.state import GameState
from kozel.view.events import Event, move_events

__all__ = ["step"]


def step(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (as :func:`kozel.apply`) and the events of the transition, all cards shown.

    Send each seat ``tuple(event.for_seat(seat) for event in events)``: the same events with the
    cards it may not see left out.  A seat sent ``opening_events(state)`` at the start of a match
    and then every step's events so rendered has, since the last :class:`~kozel.view.Dealt`,
    exactly the ``history`` of ``kozel.observe(state, seat)``.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> after, events = kozel.step(state, kozel.parse_move("1 lead K♣"))
    >>> [type(event).__name__ for event in events], after.turn
    (['Played'], 2)
    """
    after = apply(state, move)
    return after, move_events(state, move, after)
