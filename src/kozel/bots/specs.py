"""Bots by name: the built-in bots, and the spec strings that name a bot on the command line and in tournaments.

Bots are named by their name in :data:`kozel.bots.BOTS` (``"heuristic"``), or as
``"package.module:Class"`` for a bot of one's own (a :class:`~kozel.bots.Bot` subclass built with
no arguments), optionally with keyword arguments: ``"ismcts(iterations=50)"``.  Each value is
written as in Python: a number, ``True``, ``False``, ``None``, or text in quotes
(``"mybot(style='bold')"``); a bare word such as ``bold`` is refused, not taken as text, so that a
mistyped number or ``None`` is not quietly passed on as text.

Where a bot is wanted as an object (:class:`~kozel.bots.Tournament`, :class:`~kozel.bots.League`),
it may also be given as a :class:`~kozel.bots.Bot` class, a factory (a function of no arguments
returning a bot) or a bot instance; :func:`entrant` turns each into an :class:`Entrant`, which
builds a fresh bot for every match.  An instance is copied for every match by pickling it, so it
must pickle; a class or factory must pickle (be defined at the top level of a module) to be played
in other processes or on a cluster.

The command line finds ``module:Class`` in the current folder too: it calls :func:`add_current_folder`
first, which puts the current folder at the front of ``sys.path``.
"""

from __future__ import annotations

import ast
import difflib
import functools
import importlib
import importlib.util
import inspect
import io
import os
import pickle
import re
import sys
import tokenize
from collections.abc import Callable
from typing import Any, Final

import attrs

from kozel.bots.base import Bot
from kozel.bots.heuristic import HeuristicBot
from kozel.bots.ismcts import IsmctsBot
from kozel.bots.random_bot import RandomBot
from kozel.bots.runner import BOT_FAILURES, described
from kozel.errors import KozelError, WrongTypeError
from kozel.plain_types import short_repr
from kozel.rules.checks import table_text

__all__ = ["BOTS", "BotLike", "Entrant", "add_current_folder", "entrant", "make_bot", "unique_names"]

#: The built-in bots by name.
BOTS: Final[dict[str, type[Bot]]] = {bot.name: bot for bot in (RandomBot, HeuristicBot, IsmctsBot)}
_SPEC: Final = re.compile(r"\s*([\w.:]+)\s*(?:\((.*)\))?\s*", re.DOTALL)


def make_bot(spec: str) -> Bot:
    """The bot named by ``spec``: a built-in name or ``module:Class``, with ``(keyword=value, ...)`` if wanted."""
    if not isinstance(spec, str):
        raise WrongTypeError(f"a bot is named by text such as 'heuristic' or 'module:Class', not {type(spec).__name__}")
    shown = table_text(spec)  # the spec as messages show it: cut short where it is long
    match = _SPEC.fullmatch(spec)
    if match is None:
        raise KozelError(f"{shown} does not name a bot: give a name ({', '.join(BOTS)}) or module:Class")
    name, arguments = match.groups()
    kind: Any
    if ":" in name:
        module, _, attribute = name.partition(":")
        if not module or not attribute:
            raise KozelError(f"{shown} does not name a bot: module:Class names both, such as mybots:Cautious")
        if module.startswith("."):
            raise KozelError(f"{shown}: a bot's module is named in full (mypackage.mybots), not relative to another")
        try:
            kind = getattr(importlib.import_module(module), attribute)
        except ModuleNotFoundError as error:
            raise KozelError(f"cannot load the bot {table_text(name)}: {_not_found(module, error)}") from None
        except (ImportError, AttributeError) as error:
            raise KozelError(f"cannot load the bot {table_text(name)}: {error}") from None
        except BOT_FAILURES as error:  # the module's own code failed as it was run: a SyntaxError, any error it raised
            why = described(error)
            if _names_no_file(error):  # source Python cannot read: it names no file
                why += f" (in {_origin(module)})"
            if isinstance(error, SystemExit):
                why += (
                    "; its module ends the program as it is loaded (a program of its own belongs under "
                    "if __name__ == '__main__':)"
                )
            raise KozelError(f"cannot load the bot {table_text(name)}: {why}") from error
    elif name in BOTS:
        kind = BOTS[name]
    else:
        raise KozelError(f"no bot is called {table_text(name)}; the bots are {', '.join(BOTS)}, or give module:Class")
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        hint = (
            ": a factory (a function returning a bot) can be passed from Python (Tournament, League); a spec, as "
            "on the command line, names a class, module:Class(key=value, ...)"
            if callable(kind) and not isinstance(kind, type)
            else ""
        )
        raise KozelError(f"{table_text(name)} is not a Bot class{hint}")
    keywords = _keywords(arguments or "", shown)
    _check_keywords(kind, keywords, shown)
    try:
        return kind(**keywords)
    except KozelError as error:  # a value it refuses, said in kozel's words
        raise KozelError(f"cannot make the bot {shown}: {error}") from None
    except (TypeError, ValueError) as error:  # an argument it does not take, or a value it refuses: named by kind
        raise KozelError(f"cannot make the bot {shown}: {described(error)}") from None
    except BOT_FAILURES as error:  # the bot's own constructor failed otherwise
        raise KozelError(f"cannot make the bot {shown}: {described(error)}") from error


def _check_keywords(kind: type[Bot], keywords: dict[str, Any], shown: str) -> None:
    """Refuse a keyword that ``kind`` does not take, naming the closest it takes and all of them (a bot class that
    takes any keyword, or whose signature cannot be read, is left to refuse what it will as it is built)."""
    try:  # the signature of the code itself, not of what a decorator wraps (the wrapper may take more)
        parameters = inspect.signature(kind, follow_wrapped=False).parameters.values()
    except Exception:  # no signature Python can read (a class built in C, an odd __signature__ that fails)
        return
    taken = [
        parameter.name
        for parameter in parameters
        if parameter.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    ]
    if any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters):
        return
    for keyword in keywords:
        if keyword not in taken:
            if not taken:
                raise KozelError(f"cannot make the bot {shown}: it takes no keywords, not {table_text(keyword)}")
            close = difflib.get_close_matches(keyword, taken, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise KozelError(
                f"cannot make the bot {shown}: it takes no keyword {table_text(keyword)}{hint}; "
                f"its keywords are {', '.join(taken)}"
            )


def _names_no_file(error: BaseException) -> bool:
    """Whether ``error`` is Python refusing a module's source without naming its file: a ``SyntaxError`` with no
    file name, or (Python 3.10 and 3.11) the ``ValueError`` for null bytes."""
    if isinstance(error, SyntaxError):
        return not error.filename
    return isinstance(error, ValueError) and "null bytes" in str(error)


def _origin(module: str) -> str:
    """The file ``module`` is loaded from, as a message names it (or the module's name, where none is found).

    Only looked up where its package is loaded already (or it has none): finding it would otherwise run the
    package's own code again, which may be what failed."""
    parent = module.rpartition(".")[0]
    if parent and parent not in sys.modules:
        return module
    try:
        spec = importlib.util.find_spec(module)
    except Exception:  # any failure to look it up leaves the module's name as the answer
        return module
    return spec.origin if spec is not None and spec.origin else module


def _not_found(module: str, error: ModuleNotFoundError) -> str:
    """Why the bot's ``module`` was not found (``error``): it, or a package above it, is not on the import path (where
    to run from); a module of the package is missing; or its own code imports a module that is not installed."""
    missing = error.name or module
    if module != missing and not module.startswith(missing + "."):
        return f"its module imports {missing}, which is not installed ({error})"
    if "." in missing:
        package, _, last = missing.rpartition(".")
        return f"{error}: the package {package} has no module {last}"
    where = f"the package {missing} (a folder {missing}/)" if "." in module else f"{missing}.py"
    return (
        f"{error}; a bot's module is looked for on the import path (sys.path), and by the kozel command in the "
        f"current folder ({os.getcwd()}): run it from the folder that holds {where}, install the bot's package, or "
        "add its folder to PYTHONPATH"
    )


def _keywords(text: str, shown: str) -> dict[str, Any]:
    """The keyword arguments written in ``text`` (a spec's parentheses); ``shown`` is the spec as messages show it."""
    if not text.strip():
        return {}
    try:
        call = ast.parse(f"f({text})", mode="eval").body
    except SyntaxError:
        digits = _longest_number(text)
        if digits is not None:  # a whole number past what Python reads from text, not a mistake of form
            raise KozelError(
                f"{shown}: a number in the bot's arguments has {digits} digits, more than the "
                f"{sys.get_int_max_str_digits()} that can be read"
            ) from None
        raise KozelError(f"{shown}: the bot's arguments are keyword=value, separated by commas") from None
    except (RecursionError, MemoryError):  # nested too deeply for the parser
        raise KozelError(f"{shown}: the bot's arguments are nested too deeply to be read") from None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.args:
        # not f(...) itself: f(...)(...) gives a second list of arguments, f(...).x(...) more besides
        raise KozelError(f"{shown}: the bot's arguments are keyword=value, separated by commas")
    keywords: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise KozelError(f"{shown}: the bot's arguments are keyword=value, separated by commas, not **")
        if keyword.arg in keywords:
            raise KozelError(f"{shown}: {keyword.arg} is given twice")
        try:
            keywords[keyword.arg] = ast.literal_eval(keyword.value)
        except (TypeError, RecursionError, MemoryError):  # {[]: 1} (unhashable), or nested too deeply
            value = ast.get_source_segment(f"f({text})", keyword.value) or "?"
            raise KozelError(
                f"{shown}: the value of {keyword.arg}, {value[:60]}, is not a number, True, False, None "
                "or quoted text that can be read"
            ) from None
        except ValueError:
            value = ast.get_source_segment(f"f({text})", keyword.value) or "?"
            hint = f"; text goes in quotes: {keyword.arg}='{value[:60]}'" if isinstance(keyword.value, ast.Name) else ""
            raise KozelError(
                f"{shown}: the value of {keyword.arg}, {value[:60]}, is not a number, True, False, None "
                f"or quoted text{hint}"
            ) from None
    return keywords


def _longest_number(text: str) -> int | None:
    """How many digits the first whole number written in ``text`` has where it has more than Python reads from text
    (``sys.get_int_max_str_digits``); None where none has (text in quotes is not read as numbers)."""
    limit = sys.get_int_max_str_digits()
    if not limit:
        return None
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NUMBER:
                digits = token.string.replace("_", "")
                if digits.isdigit() and len(digits) > limit:
                    return len(digits)
    except (tokenize.TokenError, SyntaxError):  # text that cannot be split into tokens: no number found
        return None
    return None


#: What may stand for a bot in a tournament: a spec string, a Bot class, a factory, or a Bot instance.
BotLike = str | type[Bot] | Callable[[], Bot] | Bot


def add_current_folder() -> None:
    """Put the current folder first on the import path (``sys.path``), so that ``mybot:MyBot`` finds ``./mybot.py``.

    The ``kozel`` command does this before it reads ``--bots``, as ``python -m`` does; a program of
    one's own decides for itself.  Nothing is done if the folder is on the path already.
    """
    folder = os.getcwd()
    if folder not in sys.path and "" not in sys.path:
        sys.path.insert(0, folder)


@attrs.frozen
class _Copies:
    """A factory that gives a fresh copy of one bot instance each call (the instance pickled once)."""

    pickled: bytes

    def __call__(self) -> Bot:
        bot = pickle.loads(self.pickled)
        assert isinstance(bot, Bot)
        return bot


#: What an :class:`Entrant` was given as.
_KINDS: Final = ("spec", "class", "factory", "instance")


@attrs.frozen
class Entrant:
    """One bot of a tournament: how to build it fresh for every match, its name in tables, and its spec."""

    #: Builds the bot for one match (a fresh one each call).
    factory: Callable[[], Bot] = attrs.field(eq=False, repr=False)
    #: The bot's name in tables, JSON and logs: its :attr:`kozel.bots.Bot.name`, with any arguments of its spec.
    name: str
    #: How the bot was given, for reproducing the run: the spec string, or ``module:Class`` of a class,
    #: factory or instance (an instance's own settings are not in it).
    spec: str
    #: What was given: ``"spec"``, ``"class"``, ``"factory"`` or ``"instance"``.
    kind: str = "spec"

    def __attrs_post_init__(self) -> None:
        if not callable(self.factory):
            raise WrongTypeError(f"an entrant's factory makes its bot when called, not {short_repr(self.factory)}")
        for field in ("name", "spec", "kind"):
            value = getattr(self, field)
            if type(value) is not str:
                raise WrongTypeError(f"an entrant's {field} is text, not {short_repr(value)}")
        if self.kind not in _KINDS:
            raise KozelError(f"an entrant's kind is one of {', '.join(_KINDS)}, not {short_repr(self.kind)}")
        if not self.name.isprintable() or not self.name.strip():  # a name is a row of a table, a field of a log
            raise KozelError(
                f"a bot's name is printable text of one line (no control characters, not only spaces), "
                f"not {short_repr(self.name)}: give its class another name"
            )

    def make(self) -> Bot:
        """A fresh bot for one match."""
        return self.factory()

    def check_portable(self) -> None:
        """:class:`~kozel.errors.KozelError` unless the bot can be sent to another process (it pickles)."""
        try:
            pickle.dumps(self.factory)
        except Exception as error:  # pickle raises many kinds: PicklingError, AttributeError, TypeError
            raise KozelError(
                f"the bot {self.name} ({self.spec}) cannot be sent to another process: {error}; define its "
                "class or factory at the top level of a module, or play it in this process (processes=1)"
            ) from None


def _qualified(thing: Any) -> str:
    module = getattr(thing, "__module__", None) or "?"
    return f"{module}:{getattr(thing, '__qualname__', type(thing).__qualname__)}"


def _own_name(bot: Bot) -> object:
    """``bot.name``, or None where the bot has none or its ``name`` property fails (it fails again in play)."""
    try:
        return getattr(bot, "name", None)
    except Exception:  # a name property that fails: the class's name stands for it
        return None


def _display(bot: Bot) -> str:
    """A bot's own name: its :attr:`kozel.bots.Bot.name`, or its class's name where the class kept the default."""
    name = _own_name(bot)
    return name if isinstance(name, str) and name and name != Bot.name else type(bot).__name__


def entrant(bot: BotLike | Entrant) -> Entrant:
    """The :class:`Entrant` for ``bot``: a spec string, a Bot class, a factory of no arguments, or a Bot instance.

    An :class:`Entrant` is returned as it is.  The bot is built once here, so that a bad one fails
    now, not in a worker.  A spec's name is the
    bot's name with the spec's arguments (``ismcts(iterations=50)``), and so is that of a
    ``functools.partial`` of keywords, whose spec is written as a spec string
    (``kozel.bots.ismcts:IsmctsBot(iterations=50)``); a class's, other factory's or instance's is
    the bot's :attr:`kozel.bots.Bot.name` (its class's name where the class kept the default).  A bot that
    sets its own name on the instance keeps it, without the arguments.
    An instance is copied for every match by pickling: :class:`~kozel.errors.KozelError` if it
    does not pickle.
    """
    if isinstance(bot, Entrant):
        return bot
    if isinstance(bot, str):
        made = make_bot(bot)
        match = _SPEC.fullmatch(bot)
        arguments = match.group(2) if match is not None else None
        name = _with_arguments(made, arguments.strip() if arguments else "")
        return Entrant(functools.partial(make_bot, bot), name, bot.strip(), "spec")
    if isinstance(bot, Bot):
        try:
            pickled = pickle.dumps(bot)
        except Exception as error:  # PicklingError, AttributeError (a local class), TypeError (a lock, a file)
            raise KozelError(
                f"the bot instance {bot!r} cannot be copied for each match (it must pickle): {error}; "
                "give its class or a factory function instead"
            ) from None
        return Entrant(_Copies(pickled), _display(bot), _qualified(type(bot)), "instance")
    if isinstance(bot, type):
        if not issubclass(bot, Bot):
            raise KozelError(f"{bot.__qualname__} is not a Bot class")
        kind = "class"
    elif callable(bot):
        kind = "factory"
    else:
        raise KozelError(
            f"{short_repr(bot)} is not a bot: give a spec string, a Bot class, a factory or a Bot instance"
        )
    try:
        made = bot()
    except KozelError:
        raise
    except BOT_FAILURES as error:  # the user's class or factory refused to be built without arguments
        raise KozelError(f"cannot make a bot from {_qualified(bot)} with no arguments: {described(error)}") from None
    if not isinstance(made, Bot):
        raise KozelError(f"{_qualified(bot)} made {short_repr(made)}, not a Bot")
    if isinstance(bot, functools.partial) and not bot.args:  # partial(IsmctsBot, iterations=60): as its spec
        arguments = ", ".join(f"{key}={short_repr(value)}" for key, value in bot.keywords.items())
        spec = f"{_qualified(bot.func)}({arguments})" if arguments else _qualified(bot.func)
        return Entrant(bot, _with_arguments(made, arguments), spec, kind)
    return Entrant(bot, _display(made), _qualified(bot), kind)


def _with_arguments(bot: Bot, arguments: str) -> str:
    """A bot's name with the arguments it was made with, unless it names itself after them already."""
    if not arguments or _own_name(bot) != getattr(type(bot), "name", None):  # a name of its own, set by the bot
        return _display(bot)
    return f"{_display(bot)}({arguments})"


def unique_names(entrants: tuple[Entrant, ...]) -> tuple[Entrant, ...]:
    """``entrants`` with names made distinct: a name given again gets `` #2``, `` #3``... in order, skipping any taken.

    The first bot of each name keeps it, except that a bot named by its spec string (``"random"``,
    ``"ismcts(iterations=50)"``) keeps its name before a class, factory or instance whose bot has the same
    name: ``[lambda: RandomBot(), "random"]`` names the built-in ``random`` and the factory's bot
    ``random #2``.  Each other one gets the lowest number that makes a name no other bot has or is given
    (with ``random``, ``random`` and a bot named ``random #2``, the second ``random`` becomes ``random #3``).
    """
    taken = {one.name for one in entrants}
    kept: set[str] = set()
    by_spec: dict[str, int] = {}  # the first bot named by its spec string, for each such name: it keeps the name
    for place, one in enumerate(entrants):
        if one.kind == "spec" and one.spec == one.name:
            by_spec.setdefault(one.name, place)
    last: dict[str, int] = {}
    named = []
    for place, one in enumerate(entrants):
        if one.name not in kept and by_spec.get(one.name, place) == place:
            kept.add(one.name)
            named.append(one)
            continue
        number = last.get(one.name, 1) + 1
        while f"{one.name} #{number}" in taken:
            number += 1
        last[one.name] = number
        taken.add(f"{one.name} #{number}")
        named.append(attrs.evolve(one, name=f"{one.name} #{number}"))
    return tuple(named)
