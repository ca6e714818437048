"""The catalog of built-in rulesets: ``get(name)`` and ``names()``.

Each ruleset's ``doc`` (and its module's docstring) tells its rules in table words and the reading
taken wherever the source text is unclear.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from kozel.errors import RulesetError
from kozel.plain_types import too_long
from kozel.rules.ruleset import Ruleset

#: The built-in rulesets, one module each under ``kozel.variants``, in the catalog's order.  Adding a
#: variant is adding its module (with a ``RULESET``) and its name here.
VARIANTS: Final = (
    "classic",
    "hammer",
    "hammer_clubs",
    "seven_of_clubs",
    "pairs",
    "six_players",
    "six_of_clubs",
    "simple",
    "threesome",
    "fifteen",
)

__all__ = ["CATALOG", "VARIANTS", "get", "names"]


def _ruleset(module: str) -> Ruleset:
    """The ``RULESET`` of a variant's module."""
    ruleset: Ruleset = importlib.import_module(f"{__name__}.{module}").RULESET
    return ruleset


#: Every built-in ruleset by name.
CATALOG: Final[Mapping[str, Ruleset]] = MappingProxyType({rules.name: rules for rules in map(_ruleset, VARIANTS)})


def names() -> tuple[str, ...]:
    """The names of the built-in rulesets.

    >>> names()[:3]
    ('classic', 'hammer', 'hammer_clubs')
    """
    return tuple(CATALOG)


def get(name: str) -> Ruleset:
    """The built-in ruleset called ``name``; an unknown name raises :class:`~kozel.RulesetError`, naming the
    closest built-in where one is close (a misspelling).

    The error quotes at most 60 characters of an unknown name, and says how long it is where cut.

    >>> get("classic").players, get("threesome").players
    (4, 3)
    >>> get("clasic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kozel.errors.RulesetError: no built-in ruleset is called 'clasic' (did you mean classic?); the catalog has ...
    """
    try:
        return CATALOG[name]
    except (KeyError, TypeError):
        if not isinstance(name, str):
            kind = type(name).__name__
            article = "an" if kind[0] in "aeiouAEIOU" else "a"
            raise RulesetError(
                f"a built-in ruleset is named by text, such as 'classic', not {_shown(name)} ({article} {kind})"
            ) from None
        # difflib needs a ratio of 0.6, which a name over 7/3 times as long as every built-in one cannot reach:
        # such a name is no misspelling, and is not compared (difflib would take long over a long one).
        close = difflib.get_close_matches(name, CATALOG, n=1) if len(name) <= _CLOSE_LENGTH else []
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise RulesetError(
            f"no built-in ruleset is called {_shown(name)}{hint}; the catalog has {', '.join(CATALOG)}"
        ) from None


#: The longest name that may be a misspelling of a built-in one (difflib's cutoff 0.6 allows 7/3 times).
_CLOSE_LENGTH: Final = 3 * max(map(len, CATALOG))


def _shown(name: object) -> str:
    """``name`` as an error quotes it: at most 60 characters of it, and how long it is where cut."""
    if isinstance(name, str):
        return repr(name) if len(name) <= 60 else repr(name[:57]) + f"... ({len(name)} characters)"
    try:
        text = repr(name)
    except ValueError:  # an integer too long to write out
        return too_long(name)
    return text if len(text) <= 60 else text[:57] + "..."
