"""The limits kozel puts on what it reads: each is documented, and input past one is refused with its error.

Text and documents come from outside (files, sockets, users typing), so every reader bounds the
work it will do: numbers are read from a few ASCII digits, JSON and TOML are nested a few levels
deep, and a ruleset's match ends within a stated number of hands.  Input just under a limit is
read as usual; input over it raises the reader's documented :class:`~kozel.KozelError` subclass,
naming the limit.
"""

from __future__ import annotations

import numbers
import re
from typing import Final

from kozel.errors import WrongTypeError
from kozel.plain_types import whole_in

__all__ = [
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_INDENT",
    "MAX_ITERATIONS",
    "MAX_MATCHES",
    "MAX_MOVE_SECONDS",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_REDEALS",
    "MAX_RULESET_BYTES",
    "MAX_SEARCH_SECONDS",
    "MAX_SETS",
    "MAX_SET_HANDS",
    "MAX_STEPS",
    "MAX_TABLE_POINTS",
    "MAX_WORLDS",
    "NUMBER_DIGITS",
    "SEAT_DIGITS",
    "SEED_DIGITS",
    "depth",
    "indent",
    "seed_fits",
]

#: The most digits of a seat in move notation (``"12 lead 7♠"``); a table seats at most MAX_PLAYERS.
SEAT_DIGITS: Final = 2
#: The most players at one table (a ruleset's ``seating.players``).
MAX_PLAYERS: Final = 12
#: The most digits of a match's seed (not counting a minus sign): ``new_game`` and a record's ``Seed``.
SEED_DIGITS: Final = 100
#: The most digits of any other whole number a record's header holds (``Format``, ``Players``, ``Dealer``...).
NUMBER_DIGITS: Final = 100
#: The deepest nesting of lists and tables in a JSON or TOML document kozel reads (in TOML, each part of a
#: dotted key or a table header after the first nests a table too).
MAX_DEPTH: Final = 64
#: The most spaces a JSON document kozel writes is indented by at each level (``to_json``, ``dumps_ruleset``).
MAX_INDENT: Final = 16
#: The largest ruleset file ``load_ruleset`` reads (every field of a ruleset written out takes a few KB).
MAX_RULESET_BYTES: Final = 2**20
#: The largest match target, countdown start, ``tails_short`` and ``tails_points`` of a match rule; also the most
#: points a card counts, and the most a ruleset writes for a side at once (a scoring row's ``written``,
#: ``no_trick``, a catch's ``written``, a redeal's ``penalty``...).
MAX_POINTS: Final = 1000
#: The most cards any count of cards names (``dealing.hand_size`` and ``packet``, ``talon.size``,
#: ``bidding.lay_away``, ``transfer.counts``): the whole pack, nine ranks of four suits.
MAX_CARDS: Final = 36
#: The most redeals one side may call in a row before the next is refused (``redeal.limit``).
MAX_REDEALS: Final = 100
#: The most card points a scoring row or ``bidding.wins_above`` names: 36 cards counting MAX_POINTS each.
MAX_TABLE_POINTS: Final = 36 * MAX_POINTS
#: The most sets a side may need to win a match.
MAX_SETS: Final = 5
#: A side reaches the target in at most this many hands in which it is written points (each
#: writes at least the least positive number of points the scoring table writes).
MAX_SET_HANDS: Final = 100
#: The most matches one tournament (``kozel simulate -n``, a league's pairing) plays: its outcomes are kept in memory.
MAX_MATCHES: Final = 10**7
#: The most worlds a bot draws a decision (``HeuristicBot(worlds=)``, ``IsmctsBot(worlds=)``).
MAX_WORLDS: Final = 100_000
#: The most iterations of the search bot a decision (``IsmctsBot(iterations=)``).
MAX_ITERATIONS: Final = 10**7
#: The most moves the search bot makes a decision, in its tree and play-outs (``IsmctsBot(steps=)``).
MAX_STEPS: Final = 10**9
#: The most seconds the search bot thinks a decision (``IsmctsBot(seconds=)``): an hour.
MAX_SEARCH_SECONDS: Final = 3600
#: The longest time limit on one call of a bot's own code in a match (``play_match(move_seconds=)``,
#: ``Tournament(move_seconds=)``, ``kozel simulate --move-seconds``): a day.
MAX_MOVE_SECONDS: Final = 86400

_SEED_BOUND: Final = 10**SEED_DIGITS


def seed_fits(value: int) -> bool:
    """Whether the whole number ``value`` has at most SEED_DIGITS digits (a minus sign aside), as a seed must
    (:class:`~kozel.WrongTypeError` for what is not a whole number)."""
    if type(value) is not int and (isinstance(value, bool) or not isinstance(value, numbers.Integral)):
        raise WrongTypeError(f"a seed is a whole number, not {type(value).__name__}")
    return -_SEED_BOUND < value < _SEED_BOUND


# Each kind of string is one token even where it is never closed (to the end of the text, or of its line): the text is
# then no JSON or TOML, which its parser says, and a string that failed to match is never looked at again from each
# of its quotes (which made a text of many unclosed strings, such as '"\\' repeated, take time growing as its square).
_TOKENS: Final = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*(?:"""(?:""?)?|\\?\Z)'  # a TOML multi-line basic string
    r"|'''[\s\S]*?(?:'''(?:''?)?|\Z)"  # a TOML multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*(?:"|\\?(?=\n|\Z))'  # a JSON or TOML string on one line
    r"|'[^'\n]*'?"  # a TOML literal string
    r"|#[^\n]*"  # a TOML comment
    r"|[\[\]{}.=,\n]"
)
_OPENERS: Final = frozenset("[{")
_CLOSERS: Final = frozenset("]}")


def depth(text: str) -> int:
    """How deeply the lists and tables of a JSON or TOML text nest (brackets inside strings and comments aside).

    In TOML each part of a dotted key after the first nests a table (``a.b.c = 1`` is
    ``a = {b = {c = 1}}``), and so does each part of a table header: the keys under ``[a.b]`` sit
    as deep as ``a = {b = {...}}`` puts them.

    >>> depth('{"a": [1, [2, "]]"]]}')
    3
    >>> depth('[a.b]\\nc.d = [1]')
    4
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"the depth of a JSON or TOML text is counted in text, not {type(text).__name__}")
    deepest = level = base = dots = header_level = 0
    header = False  # inside a TOML table header, ``[a.b]`` or ``[[a.b]]``
    keys = [0]  # the dots of the key whose value is open, at each level of brackets
    carried = 0  # their sum: the tables the keys of the open values nest
    line_start = True
    previous = ""
    for token in _TOKENS.findall(text):
        if token in _OPENERS:
            if token == "[" and level == 0 and line_start:
                header, base, dots, header_level = True, 0, 0, 0
            level += 1
            keys.append(0)
            if header and level <= 2 and (level == 1 or previous == "["):
                header_level = level  # ``[[`` opens an array of tables: one level more
            deepest = max(deepest, base + level + carried)
            if not header:
                dots = 0
        elif token in _CLOSERS:
            if level:
                level -= 1
                carried -= keys.pop()
            if header and level == 0:  # the header ends: the tables under it sit as deep as its parts
                base = header_level + dots
                deepest = max(deepest, base)
                header = False
            if not header:
                dots = 0
        elif token == ".":
            dots += 1
        elif token == "=":  # each dot of the key nests its value a table deeper
            carried += dots - keys[-1]
            keys[-1] = dots
            deepest = max(deepest, base + level + carried)
            dots = 0
        elif token in ",\n":
            dots = 0
            if token == "," or level == 0:  # the value ends
                carried -= keys[-1]
                keys[-1] = 0
        line_start = token == "\n"
        previous = token
    return deepest


def indent(value: object) -> int | None:
    """``value`` as the indent of written JSON: None (one line) or a whole number of spaces up to MAX_INDENT.

    Anything else raises :class:`~kozel.WrongTypeError` (not a whole number, or a bool) or
    :class:`~kozel.KozelError` (below 0 or over the limit).
    """
    return whole_in("indent", value, 0, MAX_INDENT, none=True)
