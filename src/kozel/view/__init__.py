"""Hidden information: what one seat may know (views), events as each seat sees them, and worlds sampled from a view."""

from kozel.view.determinize import determinize
from kozel.view.events import (
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
    move_events,
    opening_events,
)
from kozel.view.step import step
from kozel.view.tracker import ViewTracker
from kozel.view.view import PlayerView, observe

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
    "PlayerView",
    "PraiseDealt",
    "TalonTaken",
    "TrickTaken",
    "ViewTracker",
    "determinize",
    "move_events",
    "observe",
    "opening_events",
    "step",
]
