"""Validators shared by the rule components: each refuses a bad field with a :class:`~kozel.RulesetError`.

Every message starts with the component in table words and names the field, as in
``"talon: size must be a whole number from 1 to 36, not 0"``, so a ruleset loaded from a file
points at the line to fix.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from kozel.cards.card import Card, Rank, Suit
from kozel.errors import RulesetError
from kozel.plain_types import short_repr

__all__ = [
    "Check",
    "as_tuple",
    "card",
    "document",
    "flag",
    "instance",
    "is_whole",
    "line",
    "member",
    "members",
    "optional",
    "points_range",
    "table_text",
    "text",
    "whole",
]

_T = TypeVar("_T")


def table_text(value: object) -> str:
    """A value as the table writes it: cards and ranks as text, enum members by their value, anything else as repr.

    A value nested too deep to write out (lists in lists past Python's recursion limit) is described instead.
    """
    try:
        return _table_text(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deep to show"


def _table_text(value: object) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Rank):
        return value.text
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, enum.Enum):
        return repr(value.value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(map(_table_text, value)) + "]"
    return short_repr(value)


def points_range(low: int, high: int) -> str:
    """A range of card points as the sheets write it: ``"0-30"``, or ``"31"`` for a single value."""
    return str(low) if low == high else f"{low}-{high}"


def as_tuple(values: Iterable[_T]) -> tuple[_T, ...]:
    """A converter: any list of values as a tuple; text or a non-list is left as it is, for the validator to refuse."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        return values  # type: ignore[return-value]  # refused by the field's validator with a clear message
    return tuple(values)


@attrs.frozen
class Check:
    """A validator: a field of ``component`` must be ``what``, which ``test`` tells; anything else is refused."""

    #: The component in table words, such as ``"talon"``.
    component: str
    #: What the field must be, in table words, such as ``"a whole number of at least 1"``.
    what: str
    #: Whether a value is good.
    test: Callable[[Any], bool]
    #: How a refused value is shown in the message (by default as the table writes it).
    refused: Callable[[Any], str] = table_text

    def __call__(self, instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        """Raise :class:`~kozel.RulesetError` naming the component and the field when ``value`` is bad."""
        if not self.test(value):
            raise RulesetError(f"{self.component}: {attribute.name} must be {self.what}, not {self.refused(value)}")


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number (an int, but not true or false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(component: str, minimum: int = 0, maximum: int | None = None) -> Check:
    """A validator: the field is a whole number (not true/false) of ``minimum`` or more (and ``maximum`` or less)."""
    if maximum is not None:
        top = maximum
        return Check(
            component,
            f"a whole number from {minimum} to {maximum}",
            lambda value: is_whole(value) and minimum <= value <= top,
        )
    what = "a whole number of 0 or more" if minimum == 0 else f"a whole number of at least {minimum}"
    return Check(component, what, lambda value: is_whole(value) and value >= minimum)


def flag(component: str) -> Check:
    """A validator: the field is true or false."""
    return Check(component, "true or false", lambda value: isinstance(value, bool))


def member(component: str, kind: type[enum.Enum]) -> Check:
    """A validator: the field is a member of the enum ``kind``.

    Code gives the member (``LeadSeat.DEALER``); a ruleset file gives its value as text (``"dealer"``).  Text
    given in code is refused with the member to write instead.
    """
    return Check(
        component,
        f"a {kind.__name__} ({_values(kind)} by value)",
        lambda value: isinstance(value, kind),
        lambda value: _not_member(value, kind),
    )


def members(component: str, kind: type[enum.Enum], *, empty: bool = True) -> Check:
    """A validator: the field is a tuple of different members of the enum ``kind`` (at least one unless ``empty``).

    A member given twice is refused, not dropped: a list that names one twice is a mistake (a praise
    choice listed twice would be offered twice)."""
    what = f"a list of {'' if empty else 'at least one '}{kind.__name__} ({_values(kind)} by value), each at most once"

    def test(value: Any) -> bool:
        return (
            isinstance(value, tuple)
            and (empty or bool(value))
            and all(isinstance(each, kind) for each in value)
            and len(set(value)) == len(value)
        )

    def refused(value: Any) -> str:
        shown = table_text(value)
        texts = [each for each in value if isinstance(each, str)] if isinstance(value, tuple | list) else []
        if not texts:
            return shown
        return f"{shown}, which holds text: {_write_instead(texts[0], kind)}"

    return Check(component, what, test, refused)


def _values(kind: type[enum.Enum]) -> str:
    return ", ".join(repr(each.value) for each in kind)


def _not_member(value: Any, kind: type[enum.Enum]) -> str:
    """A value refused for the enum field ``kind``, shown so that it cannot read as one of the allowed values."""
    if isinstance(value, str):
        return f"the text {short_repr(value)}: {_write_instead(value, kind)}"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return table_text(value)


def _write_instead(text: str, kind: type[enum.Enum]) -> str:
    """What to write in code for ``text``: the member whose value it is, or any member of ``kind``."""
    found = next((each for each in kind if each.value == text), None)
    if found is None:
        return f"in code give a member, such as {kind.__name__}.{next(iter(kind)).name} (a ruleset file gives the text)"
    return f"in code write {kind.__name__}.{found.name} (a ruleset file gives the text)"


def instance(component: str, kind: type | tuple[type, ...], what: str = "") -> Check:
    """A validator: the field is an instance of ``kind`` (a class, or a tuple of classes), called ``what``."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    what = what or " or ".join(f"{'an' if each.__name__[0] in 'AEIOU' else 'a'} {each.__name__}" for each in kinds)
    return Check(component, what, lambda value: isinstance(value, kinds))


def card(component: str) -> Check:
    """A validator: the field is a card."""
    return Check(component, "a card", lambda value: isinstance(value, Card))


def text(component: str) -> Check:
    """A validator: the field is text."""
    return Check(component, "text", lambda value: isinstance(value, str))


def document(component: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator: the field is text of any lines, with no control character but newline and tab, and no lone
    surrogate (it is printed as it is, and written out as UTF-8); the message names the first bad character."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str):
            raise RulesetError(f"{component}: {attribute.name} must be text, not {table_text(value)}")
        for position, char in enumerate(value):
            kind = unicodedata.category(char)
            if (kind == "Cc" and char not in "\n\t") or kind == "Cs":
                what = "a lone surrogate" if kind == "Cs" else "a control character"
                raise RulesetError(
                    f"{component}: {attribute.name} must be text with no control character but newline and tab "
                    f"and no lone surrogate, but character {position + 1} is U+{ord(char):04X}, {what}"
                )

    return check


def line(component: str) -> Check:
    """A validator: the field is text of one line with no control characters (it is printed as it is)."""
    return Check(
        component,
        "printable text of one line (no control characters)",
        lambda value: isinstance(value, str) and value.isprintable(),
    )


def title(component: str) -> Check:
    """A validator: the field is a name to print, text of one line with no control characters and not blank."""
    return Check(
        component,
        "printable text of one line with more than spaces (no control characters)",
        lambda value: isinstance(value, str) and value.isprintable() and bool(value.strip()),
    )


def optional(check: Check) -> Check:
    """A validator: the field is None (none at all), or passes ``check``."""
    return Check(
        check.component, f"{check.what}, or None", lambda value: value is None or check.test(value), check.refused
    )
