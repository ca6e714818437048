"""Rulesets as plain data: the JSON-safe form of a ruleset, and reading it back, whole or as house changes.

:func:`kozel.forms.to_data` writes every field of a ruleset and of its components, so
:func:`kozel.forms.from_data` reads
it back to an equal ruleset.  A house variant needs only what it changes: ``base`` names the
built-in ruleset it starts from, and each field given replaces the base's (a component given in
part keeps its other fields).  ``null`` (or ``false``, since TOML has no null) removes an optional
component or value.  ``base_version`` pins the base: data that gives it is refused by a kozel whose
built-in of that name has another version, since the fields not written would come from other rules
(:func:`kozel.forms.compact` always writes it; a house file written by hand may leave it out).
Everything is built through the components' own constructors, so every check a ruleset makes
runs, and every problem raises :class:`~kozel.RulesetError` naming the field, such as ``scoring.rows[1].high``.

>>> import kozel
>>> data = to_data(kozel.variants.get("classic"))
>>> data["scoring"]["no_trick"], data["play"]
(6, {'kind': 'beat_or_pass', 'molodka': {'trumps_only': False}})
>>> house = from_data({"base": "classic", "name": "house", "match": {"target": 16}})
>>> house.match.target, house.scoring == kozel.variants.get("classic").scoring
(16, True)
>>> from_data({"base": "classic", "scoring": {"no_trik": 8}})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kozel.errors.RulesetError: scoring.no_trik: no such field; fields are mode, rows, no_trick, eggs, eggs_replay, ...
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from kozel import variants
from kozel.cards.card import Card, Rank, Suit, lookalike
from kozel.cards.deck import Deck
from kozel.cards.notation import format_cards
from kozel.errors import KozelError, RulesetError
from kozel.forms.changes import diff
from kozel.plain_types import error_text, hints, init_fields, join, kind_word, union_members
from kozel.rules.ruleset import Ruleset, checked_rules

__all__ = ["BASE", "KIND", "compact", "from_data", "to_data"]

#: The key of a ruleset's data that names the built-in ruleset it starts from.
BASE: Final = "base"
#: The key that gives the version of the built-in ``base`` the data was written against (checked when read).
_BASE_VERSION: Final = "base_version"
#: The key that says which kind a component of several kinds is (``play``: ``beat_or_pass`` or ``follow_suit``).
KIND: Final = "kind"

_SUIT_WORDS: Final = {
    word: suit for suit in Suit for word in (suit.symbol, suit.letter.lower(), suit.name.lower(), "♧♤♡♢"[suit])
}
_SEPARATORS: Final = re.compile(r"[\s,;]+")
_RANK_WORDS: Final = {
    word: rank for rank in Rank for word in (rank.text.lower(), rank.letter.lower(), rank.name.lower())
}


def to_data(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as plain data (text, whole numbers, true/false, null, lists and tables): every field, nested.

    Cards are written as text (``"10♥"``), the deck as one line of cards, enum values by their
    value, ranks as their text, suits as their symbol, and ``play`` with a ``kind``.
    """
    return typing.cast(dict[str, Any], _dump(checked_rules(rules, "to_data"), Ruleset))


def compact(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as the shortest data that reads back to it: a built-in ``base``, its version, the fields changed.

    The base is the built-in ruleset of the same name where there is one, else the one from which
    the fewest fields change; a field that changes is written whole.  ``base_version`` is the base's
    version, so that a kozel whose built-in has changed refuses the data rather than fill in the
    fields not written from other rules.

    >>> import attrs, kozel
    >>> classic = kozel.variants.get("classic")
    >>> compact(classic)
    {'base': 'classic', 'base_version': 1}
    >>> data = compact(attrs.evolve(classic, name="house", match=attrs.evolve(classic.match, target=8)))
    >>> data["base"], data["base_version"], data["name"], sorted(data)
    ('classic', 1, 'house', ['base', 'base_version', 'match', 'name'])
    >>> data["match"]  # written whole
    {'target': 8, 'titles': ['eggs'], 'start': 0, 'sets': 1, 'tails_short': 2, 'tails_points': 90}
    """
    full = to_data(checked_rules(rules, "compact"))
    best: dict[str, Any] | None = None
    for name in variants.names():
        base = variants.get(name)
        start = to_data(base)
        changes = {key: value for key, value in full.items() if value != start[key]}
        data = {BASE: name, _BASE_VERSION: base.version, **changes}
        if name == rules.name:
            return data
        if best is None or len(data) < len(best):
            best = data
    assert best is not None
    return best


def from_data(data: Mapping[str, Any]) -> Ruleset:
    """The ruleset that ``data`` describes: every field, or ``base`` and the fields it changes.

    Raises :class:`~kozel.RulesetError`, naming the bad field, for anything that does not make a
    ruleset, and for a ``base_version`` other than the version of the built-in ``base`` names here.
    """
    if not isinstance(data, Mapping):
        raise RulesetError(f"a ruleset is a table of fields, got {_shown(data)}")
    base = None
    if BASE in data:
        try:
            base = variants.get(data[BASE])
        except RulesetError as error:
            raise RulesetError(f"{BASE}: {error}") from error
    if _BASE_VERSION in data:
        _check_base_version(data[_BASE_VERSION], base)
    try:
        rules = typing.cast(Ruleset, _load_attrs(data, Ruleset, "", base, extra=(BASE, _BASE_VERSION)))
    except RulesetError as error:
        # A house ruleset that keeps its base's name: the ruleset's own errors, which start with its name, would
        # read as if the built-in one were wrong.
        if base is None or "name" in data or not str(error).startswith(f"{base.name}: "):
            raise
        raise RulesetError(f"house ruleset based on {base.name}: {str(error)[len(base.name) + 2 :]}") from error
    if base is not None and "name" in data:
        _check_own_name(rules)
    return rules


def _check_base_version(written: Any, base: Ruleset | None) -> None:
    """``base_version`` is a whole number, given with a ``base``, and the version of that built-in in this kozel."""
    if base is None:
        raise RulesetError(f"{_BASE_VERSION}: given without {BASE!r}; it is the version of the built-in named there")
    if isinstance(written, bool) or not isinstance(written, int):
        raise _error(_BASE_VERSION, f"expected a whole number, got {_shown(written)}")
    if written < 1:
        raise _error(_BASE_VERSION, f"expected a whole number from 1 (the built-in's version), got {_shown(written)}")
    if written != base.version:
        shown = _shown(written)  # cut where long: a version of thousands of digits is no version
        raise RulesetError(
            f"{_BASE_VERSION}: written against version {shown} of {base.name!r}; this kozel has version "
            f"{base.version} of it, so the fields not written would come from other rules: read it with a kozel "
            f"that has version {shown} of {base.name!r}"
        )


def _check_own_name(rules: Ruleset, *, inherited: bool = False) -> None:
    """A house ruleset named like a built-in plays that built-in's rules (seated for any number of players, as
    :meth:`~kozel.Ruleset.for_players` does): otherwise a table, a record or a score sheet would call it by the
    built-in's name and mean other rules.  ``inherited``: the name was not written but taken from ``base``."""
    if rules.name not in variants.names():
        return
    built_in = variants.get(rules.name)
    try:
        if rules == built_in.for_players(rules.players, rules.sides):
            return
    except RulesetError:  # the built-in cannot be seated so: these are other rules
        pass
    changes = [line for line in diff(built_in, rules) if not line.startswith("name: ")]
    shown = "; ".join(changes[:2]) + ("; ..." if len(changes) > 2 else "")
    given = f"not given, so taken from {BASE!r}: {rules.name!r}" if inherited else repr(rules.name)
    raise RulesetError(
        f"name: {given} is the name of a built-in ruleset, but these rules differ from it ({shown}); "
        "give the house ruleset a name of its own"
    )


# Writing ------------------------------------------------------------------------------------------


def _dump(value: Any, hint: Any) -> Any:
    if value is None:
        return None
    union = union_members(hint)
    if union is not None:
        classes, _ = union
        if len(classes) > 1:
            return {KIND: kind_word(type(value)), **_dump(value, type(value))}
        return _dump(value, classes[0])
    kind = type(value)
    if attrs.has(kind):
        types = hints(kind)
        return {field.name: _dump(getattr(value, field.name), types[field.name]) for field in init_fields(kind)}
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Deck):
        return format_cards(value.cards)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Rank):
        return value.text
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        item = _tuple_item(hint)
        return [_dump(each, item) for each in value]
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return int(value)
    raise RulesetError(f"cannot write {value!r} as data")  # pragma: no cover - every field type is handled


# Reading ------------------------------------------------------------------------------------------


def _load(data: Any, hint: Any, path: str, base: Any) -> Any:
    union = union_members(hint)
    if union is not None:
        classes, optional = union
        if data is None or (data is False and bool not in classes):  # TOML has no null: false says "none"
            if optional:
                return None
            if data is None:
                raise _error(path, "cannot be null: it is not optional")
        if len(classes) > 1:
            return _load_kind(data, classes, path, base)
        return _load(data, classes[0], path, base)
    if isinstance(hint, type) and attrs.has(hint):
        return _load_attrs(data, hint, path, base)
    if typing.get_origin(hint) is tuple:
        return _load_tuple(data, _tuple_item(hint), path)
    if hint is Deck:
        return _load_deck(data, path)
    if hint is Card:
        return _load_card(data, path)
    if hint is Suit:
        return _load_word(data, _SUIT_WORDS, "a suit such as '♦', 'D' or 'diamonds'", path)
    if hint is Rank:
        return _load_word(data, _RANK_WORDS, "a rank such as '10' or 'J'", path)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _load_enum(data, hint, path)
    if hint is bool:
        if isinstance(data, bool):
            return data
        raise _error(path, f"expected true or false, got {_shown(data)}")
    if hint is int:
        if isinstance(data, int) and not isinstance(data, bool):
            return int(data)
        raise _error(path, f"expected a whole number, got {_shown(data)}")
    if hint is str:
        if isinstance(data, str):
            return data
        raise _error(path, f"expected text, got {_shown(data)}")
    raise _error(path, f"cannot read a field of type {hint!r}")  # pragma: no cover - every field type is handled


def _load_attrs(data: Any, kind: type, path: str, base: Any, extra: tuple[str, ...] = ()) -> Any:
    if not isinstance(data, Mapping):
        raise _error(path, f"expected a table of fields, got {_shown(data)}")
    fields = init_fields(kind)
    names = [*extra, *(field.name for field in fields)]
    for key in data:
        if key not in names:
            name = key if isinstance(key, str) else repr(key)
            raise _error(join(path, name), f"no such field; fields are {', '.join(names)}")
    types = hints(kind)
    given: dict[str, Any] = {}
    for field in fields:
        where = join(path, field.name)
        under = getattr(base, field.name) if base is not None else None
        if field.name in data:
            given[field.name] = _load(data[field.name], types[field.name], where, under)
        elif base is not None:
            given[field.name] = under
        elif field.default is attrs.NOTHING:
            start = "" if path else f", or start from a built-in ruleset with {BASE!r}"
            raise _error(where, f"missing; give it{start}")
    return _build(kind, given, path)


def _load_kind(data: Any, classes: tuple[type, ...], path: str, base: Any) -> Any:
    if not isinstance(data, Mapping):
        raise _error(path, f"expected a table of fields, got {_shown(data)}")
    kinds = {kind_word(kind): kind for kind in classes}
    allowed = ", ".join(map(repr, kinds))
    if KIND in data:
        name = data[KIND]
        if not isinstance(name, str) or name not in kinds:
            raise _error(join(path, KIND), f"expected one of {allowed}, got {_shown(name)}")
        kind = kinds[name]
    elif base is not None:
        kind = type(base)
    else:
        raise _error(join(path, KIND), f"missing; say which kind: {allowed}")
    return _load_attrs(data, kind, path, base if isinstance(base, kind) else None, extra=(KIND,))


def _load_tuple(data: Any, item: Any, path: str) -> tuple[Any, ...]:
    if item is Card and isinstance(data, str):
        data = [token for token in _SEPARATORS.split(data) if token]
    if isinstance(data, str | bytes) or not isinstance(data, Sequence):
        cards = " or cards as text" if item is Card else ""
        raise _error(path, f"expected a list{cards}, got {_shown(data)}")
    return tuple(_load(each, item, f"{path}[{index}]", None) for index, each in enumerate(data))


def _load_deck(data: Any, path: str) -> Deck:
    cards = _load_tuple(data, Card, path)
    try:
        return Deck(cards)
    except KozelError as error:
        raise _error(path, str(error)) from error


def _load_card(data: Any, path: str) -> Card:
    if not isinstance(data, str):
        raise _error(path, f"expected a card such as '10♥', got {_shown(data)}")
    try:
        return Card.parse(data)
    except KozelError as error:
        raise _error(path, str(error)) from error


def _load_word(data: Any, words: Mapping[str, Any], what: str, path: str) -> Any:
    # Only ASCII is read in either case: "\u212aing" (a Kelvin sign) lower-cases to "king", a lookalike, not a word.
    word = data.strip() if isinstance(data, str) else None
    found = words.get(word.lower() if word.isascii() else word) if word is not None else None
    if found is None:
        raise _error(path, f"expected {what}, got {_shown(data)}{lookalike(word[:60]) if word is not None else ''}")
    return found


def _load_enum(data: Any, kind: type[enum.Enum], path: str) -> enum.Enum:
    for member in kind:
        if type(member.value) is type(data) and member.value == data:
            return member
    allowed = ", ".join(repr(member.value) for member in kind)
    raise _error(path, f"expected one of {allowed}, got {_shown(data)}")


#: The name a rule component starts its errors with: lowercase words and a colon.
_LABEL: Final = re.compile(r"[a-z][a-z ]*: ")


def _build(kind: type, given: dict[str, Any], path: str) -> Any:
    try:
        return kind(**given)
    except RulesetError as error:
        text = str(error)
        if not path or text.startswith(f"{path}:"):
            raise
        # The component names itself ("bidding:", "all tricks:"); the file's reader is told the path instead.
        label = _LABEL.match(text)
        raise _error(path, text[label.end() :] if label else text) from error
    except (TypeError, ValueError) as error:
        raise _error(path or kind.__name__, str(error)) from error


# Types --------------------------------------------------------------------------------------------


def _tuple_item(hint: Any) -> Any:
    args = typing.get_args(hint)
    return args[0] if args else Any


# Errors -------------------------------------------------------------------------------------------


def _shown(value: Any) -> str:
    """``value`` as an error message shows it (``null``, ``true``, short text); a value nested too deep to write
    out (Python stops at its recursion limit) is described instead."""
    try:
        return error_text(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deep to show"


def _error(path: str, message: str) -> RulesetError:
    return RulesetError(f"{path}: {message}" if path else message)
