"""Plain data: the record's values (results, events, views) as JSON-safe data and back, driven by their types.

Each attrs class becomes a table of its fields (a ruleset: a built-in ``base``, its ``base_version``
and the fields it changes, see :func:`kozel.forms.data.compact`); a field typed as a base class whose value is a
subclass (an :class:`~kozel.view.Event`) says which with ``"type"``, and ``"type"`` names a
subclass only (``"event"``, the base class itself, is no event).  Cards are written as text
(``"10♥"``), card sets as one line of cards, suits as their symbol, kinds of move as their word,
other enums by their value, tuples and frozen sets as lists.  Reading checks every value against
its type and raises :class:`~kozel.StateError` naming the path of the first bad one; the JSON
readers refuse a key given twice in one table (:func:`kozel.plain_types.unique_keys`).
"""

from __future__ import annotations

import enum
import typing
from typing import Any, Final

import attrs

from kozel.cards.card import Card, Rank, Suit
from kozel.cards.cardset import CardSet
from kozel.cards.notation import format_cards, parse_cards
from kozel.errors import KozelError, StateError
from kozel.forms.data import compact, from_data
from kozel.game.move import MoveKind
from kozel.plain_types import error_text, hints, init_fields, join, kind_word, short_repr, union_members
from kozel.rules.ruleset import Ruleset

__all__ = ["KIND", "dump", "load"]

#: The key that names the subclass of a value written where its base class is expected.
KIND: Final = "type"
_SUITS: Final = {suit.symbol: suit for suit in Suit}
_RANKS: Final = {rank.text: rank for rank in Rank}
_MOVE_KINDS: Final = {kind.word: kind for kind in MoveKind}


def dump(value: Any, hint: Any) -> Any:
    """``value``, of type ``hint``, as JSON-safe data."""
    if value is None:
        return None
    union = union_members(hint)
    if union is not None:
        return dump(value, union[0][0] if len(union[0]) == 1 else type(value))
    kind = type(value)
    if isinstance(value, Ruleset):
        return compact(value)
    if attrs.has(kind):
        fields = {field.name: dump(getattr(value, field.name), hints(kind)[field.name]) for field in init_fields(kind)}
        return {KIND: kind_word(kind), **fields} if kind is not hint else fields
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, CardSet):
        return format_cards(value)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Rank):
        return value.text
    if isinstance(value, MoveKind):
        return value.word
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | frozenset):
        items = _items(hint, len(value))
        values = sorted(value) if isinstance(value, frozenset) else value
        return [dump(each, item) for each, item in zip(values, items, strict=True)]
    if isinstance(value, bool | str | int):
        return value
    raise StateError(f"cannot write {short_repr(value)} as data")  # pragma: no cover - every field type is handled


def load(data: Any, hint: Any, path: str) -> Any:
    """The value of type ``hint`` that ``data`` spells; :class:`~kozel.StateError` names the bad path."""
    union = union_members(hint)
    if union is not None:
        classes, optional = union
        if data is None:
            if optional:
                return None
            raise _error(path, "cannot be null")
        if len(classes) == 1:
            return load(data, classes[0], path)
        for member in classes:
            try:
                return load(data, member, path)
            except StateError:
                continue
        raise _error(path, f"expected one of {', '.join(map(_type_name, classes))}, got {error_text(data)}")
    if hint is Ruleset:
        return _ruleset(data, path)
    if isinstance(hint, type) and attrs.has(hint):
        return _load_attrs(data, hint, path)
    origin = typing.get_origin(hint)
    if origin is tuple or origin is frozenset:
        if not isinstance(data, list):
            raise _error(path, f"expected a list, got {error_text(data)}")
        items = _items(hint, len(data), path)
        values = [
            load(each, item, f"{path}[{index}]") for index, (each, item) in enumerate(zip(data, items, strict=True))
        ]
        return frozenset(values) if origin is frozenset else tuple(values)
    if hint is Card:
        return _card(data, path)
    if hint is CardSet:
        if not isinstance(data, str):
            raise _error(path, f"expected cards as text such as 'A♠ 10♥', got {error_text(data)}")
        try:
            cards = parse_cards(data)
        except KozelError as error:
            raise _error(path, str(error)) from None
        twice = sorted({card for card in cards if cards.count(card) > 1})
        if twice:
            raise _error(path, f"{format_cards(twice)} written twice")
        return CardSet(cards)
    for words, what in ((_SUITS, Suit), (_RANKS, Rank), (_MOVE_KINDS, MoveKind)):
        if hint is what:
            if not isinstance(data, str) or data not in words:
                raise _error(path, f"expected one of {', '.join(words)}, got {error_text(data)}")
            return words[data]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for member in hint:
            if type(member.value) is type(data) and member.value == data:
                return member
        raise _error(path, f"expected one of {', '.join(repr(m.value) for m in hint)}, got {error_text(data)}")
    if hint is bool or hint is str:
        if type(data) is not hint:
            raise _error(path, f"expected {'true or false' if hint is bool else 'text'}, got {error_text(data)}")
        return data
    if hint is int:
        if type(data) is not int:
            raise _error(path, f"expected a whole number, got {error_text(data)}")
        return data
    raise _error(path, f"cannot read a value of type {hint!r}")  # pragma: no cover - every field type is handled


def _ruleset(data: Any, path: str) -> Ruleset:
    if not isinstance(data, dict):
        raise _error(path, f"expected a ruleset table, got {error_text(data)}")
    try:
        return from_data(data)
    except KozelError as error:
        raise _error(path, str(error)) from None


def _card(data: Any, path: str) -> Card:
    if not isinstance(data, str):
        raise _error(path, f"expected a card such as '10♥', got {error_text(data)}")
    try:
        return Card.parse(data)
    except KozelError as error:
        raise _error(path, str(error)) from None


def _load_attrs(data: Any, kind: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise _error(path, f"expected a table of fields, got {error_text(data)}")
    subclasses = _subclasses(kind)
    if subclasses and KIND not in data and not attrs.fields(kind):  # a kind of value, no value itself: an event
        words = ", ".join(kind_word(sub) for sub in subclasses)
        raise _error(join(path, KIND), f"missing; one of {words}")
    kinds = {kind_word(sub): sub for sub in subclasses} if KIND in data else {}
    if kinds:  # a class with no subclass takes no "type": it is then an unknown field
        name = data[KIND]
        if not isinstance(name, str) or name not in kinds:
            raise _error(join(path, KIND), f"expected one of {', '.join(kinds)}, got {error_text(name)}")
        kind = kinds[name]
        data = {key: value for key, value in data.items() if key != KIND}
    fields = init_fields(kind)
    names = [field.name for field in fields]
    for key in data:
        if key not in names:
            raise _error(join(path, str(key)), f"no such field; fields are {', '.join(names)}")
    given = {}
    for field in fields:
        where = join(path, field.name)
        if field.name not in data:  # every field is written: one left out was lost, not defaulted
            raise _error(where, "missing")
        given[field.name] = load(data[field.name], hints(kind)[field.name], where)
    try:
        return kind(**given)
    except (KozelError, TypeError, ValueError) as error:
        raise _error(path or kind.__name__, str(error)) from None


def _subclasses(kind: type) -> tuple[type, ...]:
    """The classes that derive from ``kind``, at any depth: the kinds ``"type"`` may name (``kind`` itself is not one).

    A value of the class a field is typed as is written without ``"type"``, so the tag only ever
    names a subclass; the base class of the view's events (:class:`~kozel.view.Event`) is no event.
    """
    found: list[type] = []
    sub: type
    for sub in kind.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return tuple(found)


def _items(hint: Any, count: int, path: str = "") -> tuple[Any, ...]:
    """The type of each of ``count`` items of the tuple or frozen set type ``hint``."""
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return (args[0],) * count
    if typing.get_origin(hint) is frozenset:
        return (args[0],) * count
    if len(args) != count:
        raise _error(path, f"expected a list of {len(args)} items, got {count}")
    return args


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def _error(path: str, message: str) -> StateError:
    return StateError(f"{path}: {message}" if path else message)
