"""Bots by name: the built-in bots, and the spec strings that name a bot on the command line and in tournaments.

Bots are named by their name in :data:`kozel.bots.BOTS` (``"heuristic"``), or as
``"package.module:Class"`` for a bot of one's own (a :class:`~kozel.bots.Bot` subclass built with
no arguments), optionally with keyword arguments: ``"ismcts(iterations=50)"``.  Each value is
written as in Python: a number, ``True``, ``False``, ``None``, or text in quotes
(``"mybot(style='bold')"``); a bare word such as ``bold`` is refused, not taken as text, so that a
mistyped number or ``None`` is not quietly passed on as text.
"""

from __future__ import annotations

import ast
import importlib
import re
from typing import Any, Final

from kozel.bots.base import Bot
from kozel.bots.heuristic import HeuristicBot
from kozel.bots.ismcts import IsmctsBot
from kozel.bots.random_bot import RandomBot
from kozel.errors import KozelError

__all__ = ["BOTS", "make_bot"]

#: The built-in bots by name.
BOTS: Final[dict[str, type[Bot]]] = {bot.name: bot for bot in (RandomBot, HeuristicBot, IsmctsBot)}
_SPEC: Final = re.compile(r"\s*([\w.:]+)\s*(?:\((.*)\))?\s*", re.DOTALL)


def make_bot(spec: str) -> Bot:
    """The bot named by ``spec``: a built-in name or ``module:Class``, with ``(keyword=value, ...)`` if wanted."""
    match = _SPEC.fullmatch(spec)
    if match is None:
        raise KozelError(f"{spec!r} does not name a bot: give a name ({', '.join(BOTS)}) or module:Class")
    name, arguments = match.groups()
    kind: Any
    if ":" in name:
        module, _, attribute = name.partition(":")
        try:
            kind = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as error:
            raise KozelError(f"cannot load the bot {name!r}: {error}") from None
    elif name in BOTS:
        kind = BOTS[name]
    else:
        raise KozelError(f"no bot is called {name!r}; the bots are {', '.join(BOTS)}, or give module:Class")
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise KozelError(f"{name!r} is not a Bot class")
    keywords = _keywords(arguments or "", spec)
    try:
        return kind(**keywords)
    except (TypeError, ValueError, KozelError) as error:  # an argument it does not take, or a value it refuses
        raise KozelError(f"cannot make the bot {spec!r}: {error}") from None


def _keywords(text: str, spec: str) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        call = ast.parse(f"f({text})", mode="eval").body
    except SyntaxError:
        raise KozelError(f"{spec!r}: the bot's arguments are keyword=value, separated by commas") from None
    if not isinstance(call, ast.Call) or call.args:
        raise KozelError(f"{spec!r}: the bot's arguments are keyword=value, separated by commas")
    keywords: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise KozelError(f"{spec!r}: the bot's arguments are keyword=value, separated by commas, not **")
        if keyword.arg in keywords:
            raise KozelError(f"{spec!r}: {keyword.arg} is given twice")
        try:
            keywords[keyword.arg] = ast.literal_eval(keyword.value)
        except ValueError:
            value = ast.get_source_segment(f"f({text})", keyword.value) or "?"
            hint = f"; text goes in quotes: {keyword.arg}='{value}'" if isinstance(keyword.value, ast.Name) else ""
            raise KozelError(
                f"{spec!r}: the value of {keyword.arg}, {value}, is not a number, True, False, None "
                f"or quoted text{hint}"
            ) from None
    return keywords
