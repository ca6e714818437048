"""The shapes of values written as plain data: attrs fields, type hints, unions, and values shown in errors.

Rulesets (:mod:`kozel.forms.data`) and the record's results, events and views
(:mod:`kozel.record.plain`) are written as plain data by walking their attrs fields and type
hints; this module answers the questions both ask.
"""

from __future__ import annotations

import functools
import json
import operator
import re
import sys
import types
import typing
from typing import Any, Final, Literal, overload

import attrs

from kozel.errors import KozelError, WrongTypeError

__all__ = [
    "error_text",
    "hints",
    "init_fields",
    "join",
    "kind_word",
    "number_in",
    "short_repr",
    "text_in",
    "too_long",
    "union_members",
    "unique_keys",
    "whole_in",
    "whole_number",
]


@functools.cache
def hints(kind: type) -> dict[str, Any]:
    """The resolved type of each field of the attrs class ``kind``."""
    return typing.get_type_hints(kind)


@functools.cache
def init_fields(kind: type) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of the attrs class ``kind`` that its constructor takes."""
    return tuple(field for field in attrs.fields(kind) if field.init)


def union_members(hint: Any) -> tuple[tuple[Any, ...], bool] | None:
    """For a union type: its members other than None, and whether None is allowed; None for any other type."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    members = typing.get_args(hint)
    classes = tuple(member for member in members if member is not type(None))
    return classes, len(classes) < len(members)


def kind_word(kind: type) -> str:
    """The word that names a class in plain data: ``FollowSuit`` is ``follow_suit``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()


def join(path: str, name: str) -> str:
    """The path of field ``name`` inside ``path``: ``scoring.rows``."""
    return f"{path}.{name}" if path else name


def error_text(value: Any) -> str:
    """``value`` as an error message shows it: ``null``, ``true`` and ``false`` as a file says them, else short."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return short_repr(value)


def short_repr(value: object) -> str:
    """``value`` as a message quotes it: its ``repr``, cut to 60 characters, or its kind where Python will not write
    it out (an int of thousands of digits, or a value holding one; lists in lists past Python's recursion limit)."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        return too_long(value)
    except RecursionError:  # nested too deep to write out
        return f"a {type(value).__name__} nested too deep to show"
    return text if len(text) <= 60 else text[:57] + "..."


def too_long(value: object) -> str:
    """What a message says of a value Python will not write out (an int of thousands of digits): its kind."""
    kind = type(value).__name__
    return f"{'an' if kind[0] in 'aeiouAEIOU' else 'a'} {kind} too long to show"


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The table of a JSON object's ``pairs`` (a ``json.loads`` ``object_pairs_hook``): a key given twice is refused.

    JSON readers disagree on which of two equal keys wins, so kozel reads neither: it raises
    :class:`ValueError`, which the reader turns into its own error.
    """
    table: dict[str, Any] = {}
    for key, value in pairs:
        if key in table:
            raise ValueError(f"the key {error_text(key)} is given twice in one table")
        table[key] = value
    return table


def whole_number(value: object) -> int | None:
    """``value`` as a plain ``int`` where it is a whole number (an int, a subclass of int such as an IntEnum, or a
    NumPy integer; not a bool), else None."""
    if isinstance(value, bool):
        return None
    try:
        return int(operator.index(value))  # type: ignore[arg-type]  # a plain int, not an int subclass
    except TypeError:
        return None


@overload
def whole_in(what: str, value: object, least: int | None, most: int | None, *, none: Literal[False] = False) -> int: ...


@overload
def whole_in(what: str, value: object, least: int | None, most: int | None, *, none: bool) -> int | None: ...


def whole_in(what: str, value: object, least: int | None, most: int | None, *, none: bool = False) -> int | None:
    """``value`` as a plain ``int`` where it is a whole number (see :func:`whole_number`) from ``least`` to ``most``
    (no end where None), or None where ``value`` is None and ``none`` allows it.

    Anything else raises :class:`~kozel.errors.WrongTypeError` (not a whole number) or
    :class:`~kozel.errors.KozelError` (out of range), its message naming ``what``, the range and the
    refused value as :func:`short_repr` quotes it: ``"worlds is a whole number from 1 to 100000, not 0"``.
    """
    if none and value is None:
        return None
    number = whole_number(value)
    if number is None or not ((least is None or least <= number) and (most is None or number <= most)):
        if least is not None and most is not None:
            bounds = f" from {least} to {most}"
        elif least is not None:
            bounds = f" of at least {least}"
        elif most is not None:
            bounds = f" of at most {most}"
        else:
            bounds = ""
        also = (", or None" if bounds else " or None") if none else ""
        error = WrongTypeError if number is None else KozelError
        raise error(f"{what} is a whole number{bounds}{also}, not {short_repr(value)}")
    return number


def text_in(what: str, value: object) -> str:
    """``value`` where it is text (a ``str``), else a :class:`~kozel.errors.WrongTypeError` naming ``what``."""
    if not isinstance(value, str):
        raise WrongTypeError(f"{what} is text, not {short_repr(value)}")
    return value


def number_in(what: str, value: object) -> float:
    """``value`` where it is a real number (an int or a float, not a bool), else a WrongTypeError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WrongTypeError(f"{what} is a number, not {short_repr(value)}")
    return value


#: The most digits a whole number in a document or a file may have (Python reads no longer one from text by default).
MOST_DIGITS: Final = 4300


class LongNumberError(ValueError):
    """A whole number in a document with more digits than kozel reads (:data:`MOST_DIGITS`)."""


def read_int(digits: str) -> int:
    """The whole number a JSON document or file writes as ``digits``; one too long for kozel raises LongNumberError."""
    count = len(digits) - digits.startswith("-")
    most = most_digits()
    if count > most:
        raise LongNumberError(f"a number of {count} digits: kozel reads numbers of at most {most} digits")
    return int(digits)


def most_digits() -> int:
    """The most digits kozel reads in a whole number: :data:`MOST_DIGITS`, or Python's own limit where it is lower."""
    python: Any = getattr(sys, "get_int_max_str_digits", None)  # Python 3.10.7 and later
    limit = python() if python is not None else 0
    return min(MOST_DIGITS, limit or MOST_DIGITS)
