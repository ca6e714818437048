"""Events: what a UI can show of each transition, and what each seat may see of it.

The engine says what happened: ``kozel.step(state, move)`` returns the next state and the events
of the transition (the move itself, then what followed from it: cards returned by a molodka, a
trick taken, cards drawn, cards laid without a move, a praise deal, a hand scored, a catch, the
match over, the next deal).  Each event holds everything; ``event.for_seat(seat)`` is the same
event as that seat may see it, with hidden cards left out (their number stays).  ``for_seat``
refuses a seat that is not an int or is below 0; a ``Dealt`` knows its table and refuses a seat past
the last too, but the other events do not know how many sit at the table and answer such a seat as
one that sees no one else's hidden cards (check the seat against the table, as ``kozel.observe``
does, before asking).  The event classes are defined with the engine (``kozel.engine.events``, their
making in ``kozel.engine.transition``) and shown here, where views use them.
"""

from __future__ import annotations

from kozel.engine.core import apply
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
from kozel.engine.transition import opening_events as _opening_events
from kozel.engine.transition import transition_events
from kozel.engine.within_hand import ended_within_hand, within_hand
from kozel.errors import StateError, WrongTypeError
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


def opening_events(state: GameState) -> tuple[Event, ...]:
    """The events of the start of ``state``'s deal (its ``Dealt``), with all cards shown.

    ``state`` is a :class:`~kozel.GameState`; anything else raises :class:`~kozel.WrongTypeError`.
    """
    if not isinstance(state, GameState):
        raise WrongTypeError(f"opening_events needs a GameState, not {type(state).__name__}")
    return _opening_events(state)


def move_events(before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
    """Every event of the transition ``before`` --``move``--> ``after``, with all cards shown.

    For a caller that already holds both states; :func:`kozel.step` gives the same events while it
    applies the move, and is cheaper (it hears the trick's winner from the transition, and checks
    nothing more).  Here the move is made again from ``before`` (as :func:`kozel.apply` makes it;
    inside :func:`~kozel.engine.within_hand` where ``after`` is a hand's end reached there), and
    ``after`` must be the state it gives: a state of another ruleset or match, or one the move does
    not lead to, raises :class:`~kozel.StateError`, and a move not legal in ``before``
    :class:`~kozel.IllegalMoveError`.  States or a move of the wrong kind raise
    :class:`~kozel.WrongTypeError`.
    """
    for name, state in (("before", before), ("after", after)):
        if not isinstance(state, GameState):
            raise WrongTypeError(f"move_events: {name} is a GameState, not {type(state).__name__}")
    if not isinstance(move, Move):
        raise WrongTypeError(f"move_events: move is a Move, not {type(move).__name__}")
    same_match(before, after, "move_events: before and after are")
    if ended_within_hand(after):
        with within_hand():
            made = apply(before, move)
    else:
        made = apply(before, move)
    if made != after:
        raise StateError(f"move_events: after is not the state that {move} leads to from before")
    return transition_events(before, move, after)


def same_match(before: GameState, after: GameState, who: str) -> None:
    """Refuse, with a StateError that ``who`` begins, states of two rulesets or of two matches (another seed, first
    dealer or first deck): cheap, for an entry point handed a state that must follow another."""
    mine, theirs = before.match, after.match
    if mine is theirs:
        return
    if theirs.ruleset is not mine.ruleset and theirs.ruleset != mine.ruleset:
        raise StateError(f"{who} states of two rulesets, {mine.ruleset.name!r} and {theirs.ruleset.name!r}")
    if (
        theirs.seed != mine.seed
        or theirs.first_dealer != mine.first_dealer
        or (theirs.opening is not mine.opening and theirs.opening != mine.opening)
    ):
        raise StateError(f"{who} states of two matches (their seeds or first deals differ)")
