"""Events: what a UI can show of each transition, and what each seat may see of it.

The engine says what happened: ``kozel.step(state, move)`` returns the next state and the events
of the transition (the move itself, then what followed from it: cards returned by a molodka, a
trick taken, cards drawn, cards laid without a move, a praise deal, a hand scored, a catch, the
match over, the next deal).  Each event holds everything; ``event.for_seat(seat)`` is the same
event as that seat may see it, with hidden cards left out (their number stays).  The event
classes are defined with the engine (``kozel.engine.events``, their making in ``kozel.engine.transition``) and
shown here, where views use them.
"""

from __future__ import annotations

from kozel.engine.events import (
    CardsDrawn,
    CardsReturned,
    Caught,
    Dealt,
    Event,
    HandScored,
    Laid,
    MatchOver,
    Played,
    PraiseDealt,
    TalonTaken,
    TrickTaken,
)
from kozel.engine.transition import opening_events, transition_events
from kozel.game.move import Move
from kozel.game.state import GameState

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
    "move_events",
    "opening_events",
]


def move_events(before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
    """Every event of the transition ``before`` --``move``--> ``after``, with all cards shown.

    For a caller that already holds both states; :func:`kozel.step` gives the same events while it
    applies the move, and is cheaper (it hears the trick's winner from the transition).
    """
    return transition_events(before, move, after)
