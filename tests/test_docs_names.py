"""Every kozel name, field and attribute the user guide (docs/) names exists, as the guide spells it.

The guide names things in inline code, by these conventions, and each is checked here:

- ``kozel.a.b`` (a dotted path from the package): every step exists.
- ``Name.attr`` where ``Name`` is a public kozel class (``MatchOver.result``, ``MoveKind.PASS``):
  ``attr`` is a field (attrs or NamedTuple) or an attribute of the class.
- ``state.attr``, ``view.attr`` and the other variable names of ``VARIABLES``, which the guide
  always uses for a value of one type (``state`` is a ``GameState``): ``attr`` exists on it.

A chain goes on through the declared type of each field or property: ``state.result.goats``
checks that ``GameState.result`` exists and that its type, ``MatchResult``, has ``goats``.

A table right after ``<!-- fields: Name -->`` lists the fields of the class ``Name`` in its first
column, every one of them; a table after ``<!-- fields: each row -->`` names a class in the
first cell of each row and every field of that class in its ``fields`` column.

Code blocks are not read here: their Python is run by the docs example tests.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import importlib.util
import inspect
import pkgutil
import re
import types
import typing
from pathlib import Path

import attrs
import pytest

import kozel

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md"))

#: Variable names the guide uses for one type each, and that type's ``module:name``.
VARIABLES = {
    "state": "kozel:GameState",
    "world": "kozel:GameState",
    "view": "kozel:PlayerView",
    "move": "kozel:Move",
    "rules": "kozel:Ruleset",
    "ruleset": "kozel:Ruleset",
    "card": "kozel:Card",
    "kind": "kozel:MoveKind",
    "event": "kozel.view:Event",
    "error": "kozel:KozelError",
}

_FENCE = re.compile(r"^(`{3,}|~{3,}).*?^\1[ \t]*$", re.M | re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_STRING = re.compile(r"'[^']*'|\"[^\"]*\"")
_CHAIN = re.compile(r"(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")
_MARKER = re.compile(r"<!-- fields: ([\w ]+?) -->\n\n?((?:\|.*\n)+)")
_IDENTIFIER = re.compile(r"`([A-Za-z_]\w*)`")


def _public_classes() -> dict[str, type]:
    """Every class a public kozel module exports, by its name."""
    found: dict[str, type] = {}
    modules = [kozel]
    for info in pkgutil.walk_packages(kozel.__path__, "kozel."):
        if not info.name.startswith("kozel.cli") and not info.name.rsplit(".", 1)[-1].startswith("_"):
            try:
                modules.append(importlib.import_module(info.name))
            except ModuleNotFoundError as error:  # an integration whose extra is not installed here
                if not info.name.startswith("kozel.integrations.") or (error.name or "").startswith("kozel"):
                    raise
    for module in modules:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isclass(value):
                assert found.setdefault(name, value) is value, f"two public classes are called {name}"
    return found


CLASSES = _public_classes()


def _type(spec: str) -> type:
    modname, _, name = spec.partition(":")
    return getattr(importlib.import_module(modname), name)


def fields(cls: type) -> list[str]:
    """The fields of an attrs class or a NamedTuple."""
    if attrs.has(cls):
        return [field.name for field in attrs.fields(cls)]
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return list(cls._fields)
    raise AssertionError(f"{cls.__name__} is neither an attrs class nor a NamedTuple")


def _hints(owner: object) -> dict[str, object]:
    try:
        return typing.get_type_hints(owner)
    except (NameError, TypeError):  # a name imported only for type checkers: the chain stops
        return {}


def _kozel_class(hint: object) -> type | None:
    """The one kozel class that ``hint`` (``X``, ``X | None``) stands for, or None."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        found = [cls for arg in typing.get_args(hint) if (cls := _kozel_class(arg)) is not None]
        return found[0] if len(found) == 1 else None
    if inspect.isclass(hint) and hint.__module__.startswith("kozel"):
        return hint
    return None


def member(cls: type, attr: str) -> tuple[bool, type | None]:
    """Whether ``cls`` has ``attr`` (a field, a property, a method, an enum member), and its kozel type."""
    if attr in (fields(cls) if attrs.has(cls) or hasattr(cls, "_fields") else ()):
        return True, _kozel_class(_hints(cls).get(attr))
    if not hasattr(cls, attr):
        return False, None
    value = inspect.getattr_static(cls, attr)
    if isinstance(value, property) and value.fget is not None:
        return True, _kozel_class(_hints(value.fget).get("return"))
    if isinstance(value, enum.Enum):
        return True, type(value)
    return True, None


def check_chain(chain: str) -> str | None:
    """Why the dotted name ``chain`` does not exist, or None if it does (or is not a kozel name)."""
    root, *attrs_ = chain.split(".")
    if root == "kozel":
        value: object = kozel
        path = "kozel"
        for attr in attrs_:
            if not hasattr(value, attr) and inspect.ismodule(value):
                with contextlib.suppress(ImportError):
                    importlib.import_module(f"{path}.{attr}")
            if not hasattr(value, attr):
                if path == "kozel.integrations" and importlib.util.find_spec(f"{path}.{attr}") is not None:
                    return None  # an integration whose extra is not installed here: the module is there
                return f"{path} has no {attr}"
            value = getattr(value, attr)
            path = f"{path}.{attr}"
            if inspect.isclass(value):
                rest = chain.removeprefix(path)
                return check_chain(f"{value.__name__}{rest}") if rest else None
        return None
    if root in CLASSES:
        cls: type | None = CLASSES[root]
    elif root in VARIABLES:
        cls = _type(VARIABLES[root])
    else:
        return None  # not a kozel name: `random.Random`, `bench/RESULTS.md`
    path = root
    for attr in attrs_:
        if cls is None:
            return None  # the type of the last step is no kozel class: nothing more to check
        found, next_cls = member(cls, attr)
        if not found:
            kind = "" if path == cls.__name__ else f" (a {cls.__name__})"
            return f"{path}{kind} has no {attr}"
        cls, path = next_cls, f"{path}.{attr}"
    return None


def spans(text: str) -> list[str]:
    """The inline code spans of a page, outside code blocks and HTML comments."""
    prose = _COMMENT.sub("", _FENCE.sub("", text))
    return _SPAN.findall(prose)


def chains(text: str) -> list[str]:
    """The dotted names in the inline code of a page (string literals left out)."""
    return [chain for span in spans(text) for chain in _CHAIN.findall(_STRING.sub("", span))]


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def field_tables(text: str) -> list[tuple[str, list[str], list[str]]]:
    """Each ``<!-- fields: ... -->`` table: the class, the fields it lists, and the class's fields."""
    found = []
    for marker, table in _MARKER.findall(text):
        header, _, *rows = [_cells(row) for row in table.splitlines()]
        if marker == "each row":
            column = header.index("fields")
            for row in rows:
                (name,) = _IDENTIFIER.findall(row[0])
                listed = _IDENTIFIER.findall(row[column])
                found.append((name, listed, fields(CLASSES[name])))
        else:
            listed = [name for row in rows for name in _IDENTIFIER.findall(row[0])]
            found.append((marker, listed, fields(CLASSES[marker])))
    return found


def _read(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES)
def test_every_kozel_name_in_the_page_exists(page):
    missing = [f"`{chain}`: {why}" for chain in chains(_read(page)) if (why := check_chain(chain))]
    assert not missing, f"docs/{page} names what kozel lacks:\n" + "\n".join(missing)


@pytest.mark.parametrize("page", PAGES)
def test_every_fields_table_lists_exactly_the_fields_of_its_class(page):
    for name, listed, real in field_tables(_read(page)):
        assert sorted(listed) == sorted(real), (
            f"docs/{page}: the table of {name} lists {sorted(listed)}, but its fields are {sorted(real)}"
        )


def test_the_check_reads_the_guide_and_finds_its_names():
    # The conventions are in use: the scan is not vacuous.
    named = {chain for page in PAGES for chain in chains(_read(page))}
    assert {"MatchOver.result", "CardsDrawn.drawn", "state.result.goats", "kozel.record.dumps"} <= named
    tables = {name for page in PAGES for name, _, _ in field_tables(_read(page))}
    assert {"PlayerView", "Played", "Dealt", "MatchOver", "CardsDrawn"} <= tables


def test_the_check_refuses_names_that_do_not_exist():
    assert check_chain("MatchOver.goats") == "MatchOver has no goats"
    assert check_chain("state.result.goatz") == "state.result (a MatchResult) has no goatz"
    assert check_chain("kozel.record.dump") == "kozel.record has no dump"
    assert check_chain("kozel.view.Dealt.handz") == "Dealt has no handz"
    assert check_chain("view.voids") is None
    assert check_chain("MoveKind.PASS.word") is None
    assert check_chain("random.Random") is None
    text = "<!-- fields: MatchOver -->\n| field | meaning |\n|---|---|\n| `result`, `goats` | x |\n"
    assert field_tables(text) == [("MatchOver", ["result", "goats"], ["result"])]
    assert chains("`ev.x` and `MatchOver.goats` but not\n```python\nMatchOver.titles\n```\n") == [
        "ev.x",
        "MatchOver.goats",
    ]
