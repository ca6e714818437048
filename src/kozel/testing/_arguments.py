"""The test kit's checks of its arguments: a value of the wrong kind or out of range is refused before any work.

Each raises :class:`~kozel.WrongTypeError` for a value of the wrong kind and :class:`~kozel.KozelError`
for one of the right kind out of range, naming the function and the argument; neither is an
:class:`~kozel.testing.InvariantError`, which blames the ruleset or the engine, never the caller.
"""

from __future__ import annotations

import random
import reprlib
from typing import Final

from kozel.errors import KozelError, WrongTypeError
from kozel.game import GameState, Move
from kozel.limits import SEED_DIGITS, seed_fits
from kozel.plain_types import short_repr
from kozel.rules import Ruleset
from kozel.view import PlayerView

__all__ = ["count", "flag", "move", "ruleset", "seed", "shown", "source", "state", "view"]

_SHORT: Final = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60


def shown(value: object) -> str:
    """``value`` as an error message shows it: shortened, and a number too long to print named as such."""
    if isinstance(value, int) and not isinstance(value, bool) and not seed_fits(value):
        return f"a whole number of over {SEED_DIGITS} digits"
    try:
        return _SHORT.repr(value)
    except ValueError:  # a value holding an int too long to write out
        return short_repr(value)


def state(value: object, caller: str) -> GameState:
    """``value`` where it is a GameState, else a WrongTypeError naming ``caller``."""
    if isinstance(value, GameState):
        return value
    if isinstance(value, PlayerView):
        hint = ": a view holds one seat's knowledge, not the position; check the state it was observed from"
    elif isinstance(value, str | bytes | dict):
        hint = "; read a saved state with kozel.record.loads or kozel.record.from_json"
    else:
        hint = ""
    raise WrongTypeError(f"{caller} needs a GameState, not {type(value).__name__}{hint}")


def view(value: object, caller: str) -> PlayerView:
    """``value`` where it is a PlayerView, else a WrongTypeError naming ``caller``."""
    if isinstance(value, PlayerView):
        return value
    hint = "; a seat's view of a state is kozel.observe(state, seat)" if isinstance(value, GameState) else ""
    raise WrongTypeError(f"{caller} needs a PlayerView, not {type(value).__name__}{hint}")


def ruleset(value: object, caller: str) -> Ruleset:
    """``value`` where it is a Ruleset, else a WrongTypeError naming ``caller`` (text: how to get one by name)."""
    if isinstance(value, Ruleset):
        return value
    hint = "; a built-in ruleset by its name is kozel.variants.get(name)" if isinstance(value, str) else ""
    raise WrongTypeError(f"{caller} needs a Ruleset, not {type(value).__name__}{hint}")


def move(value: object, caller: str) -> Move:
    """``value`` where it is a Move, else a WrongTypeError naming ``caller`` (text: how to read it)."""
    if type(value) is Move:
        return value
    hint = "; read move text with kozel.parse_move" if isinstance(value, str) else ""
    raise WrongTypeError(f"{caller} needs a Move, not {type(value).__name__}{hint}")


def source(value: object, caller: str) -> random.Random:
    """``value`` where it is a random.Random, else a WrongTypeError naming ``caller``."""
    if isinstance(value, random.Random):
        return value
    raise WrongTypeError(f"{caller} needs a random.Random as its rng, not {type(value).__name__}")


def count(value: object, name: str, caller: str, least: int) -> int:
    """``value`` where it is a whole number of at least ``least`` (True and False are not numbers here)."""
    if type(value) is not int:
        raise WrongTypeError(f"{caller}: {name} is a whole number, not {shown(value)}")
    if value < least:
        raise KozelError(f"{caller}: {name} must be at least {least}, not {shown(value)}")
    return value


def flag(value: object, name: str, caller: str) -> bool:
    """``value`` where it is True or False (not a number or None)."""
    if type(value) is not bool:
        raise WrongTypeError(f"{caller}: {name} is True or False, not {shown(value)}")
    return value


def seed(value: object, caller: str) -> int:
    """``value`` where it is a seed: a whole number of at most SEED_DIGITS digits, as for a match."""
    if type(value) is not int:
        raise WrongTypeError(f"{caller}: seed is a whole number, not {shown(value)}")
    if not seed_fits(value):
        raise KozelError(f"{caller}: seed must be a whole number of at most {SEED_DIGITS} digits")
    return value
