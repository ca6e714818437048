"""Ruleset files: rulesets written as JSON, and read from JSON or TOML text and files.

A file holds either the versioned envelope that :func:`~kozel.forms.dumps_ruleset` writes::

    {"kozel": "ruleset", "format": 1, "ruleset": {...}}

or a bare ruleset table, which is what a person writes by hand: ``base = "classic"`` and the
fields that change (see :mod:`kozel.forms.data`).  A file read by :func:`kozel.load_ruleset`
whose rules differ from its base gives them a ``name`` of its own: without one the ruleset would
go by the built-in's name, and such a file is refused.  Only JSON is written; TOML is read only (on
Python 3.10 it needs ``tomli``: ``pip install "kozel[toml]"``).

>>> import kozel
>>> house = loads_ruleset('''
... base = "classic"
... name = "house"
... [match]
... target = 16
... ''', format="toml")
>>> house.match.target, loads_ruleset(dumps_ruleset(house)) == house
(16, True)
"""

from __future__ import annotations

import importlib
import json
import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Literal, NoReturn

from kozel.errors import RulesetError, WrongTypeError
from kozel.forms.data import BASE, _check_own_name, from_data, to_data
from kozel.limits import MAX_DEPTH, MAX_RULESET_BYTES, depth
from kozel.limits import indent as checked_indent
from kozel.plain_types import LongNumberError, error_text, most_digits, read_int, short_repr, unique_keys
from kozel.rules.ruleset import Ruleset, checked_rules

__all__ = ["FORMAT", "dumps_ruleset", "load_ruleset", "loads_ruleset"]

#: The version of the file envelope this kozel writes and reads.
FORMAT: Final = 1

_ENVELOPE: Final = ("kozel", "format", "ruleset")
#: The byte order mark an editor may begin a UTF-8 file with (Windows Notepad): one is read past at a text's start.
BOM: Final = "\ufeff"
_BOM: Final = BOM.encode("utf-8")
_SUFFIXES: Final[Mapping[str, Literal["json", "toml"]]] = {".json": "json", ".toml": "toml"}


def dumps_ruleset(rules: Ruleset, *, indent: int | None = 2) -> str:
    """The ruleset as JSON text in the versioned envelope (every field; cards written as ``"10♥"``).

    ``indent`` is None (one line) or 0 to :data:`~kozel.limits.MAX_INDENT` spaces a level.
    """
    spaces = checked_indent(indent)
    envelope = {"kozel": "ruleset", "format": FORMAT, "ruleset": to_data(checked_rules(rules, "dumps_ruleset"))}
    return json.dumps(envelope, ensure_ascii=False, indent=spaces)


def loads_ruleset(text: str, *, format: Literal["json", "toml"] | None = None) -> Ruleset:
    """The ruleset in JSON or TOML ``text`` (without ``format``: JSON when it starts with ``{``, else TOML).

    One byte order mark at the start is skipped, as in a ruleset file.

    The text holds the envelope :func:`~kozel.forms.dumps_ruleset` writes or a bare ruleset table; anything
    wrong raises :class:`~kozel.RulesetError`, as does text larger than a ruleset file may be
    (:data:`~kozel.limits.MAX_RULESET_BYTES`, 1 MiB, in UTF-8).  TOML is read only, never written.
    """
    if isinstance(text, str):
        text = text.removeprefix(BOM)  # one byte order mark, as a ruleset file's text is read
    return _read(text, format)[1]


def _read(text: str, format: Literal["json", "toml"] | None) -> tuple[Any, Ruleset]:
    """The ruleset table in ``text`` (the envelope's, or the bare table) and the ruleset it makes."""
    if not isinstance(text, str):
        raise RulesetError(f"a ruleset is read from text, not from {type(text).__name__}")
    if format is None:
        format = "json" if text.lstrip().startswith("{") else "toml"
    elif type(format) is not str:
        raise WrongTypeError(f"format is 'json', 'toml' or None, not {short_repr(format)}")
    if len(text) > MAX_RULESET_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RULESET_BYTES:
        raise RulesetError(f"the ruleset text is larger than a ruleset file may be, {MAX_RULESET_BYTES // 2**20} MiB")
    if format in ("json", "toml") and depth(text) > MAX_DEPTH:
        raise RulesetError(
            f"the ruleset's lists, tables and dotted keys nest more than {MAX_DEPTH} deep; kozel reads at most that"
        )
    if format == "json":
        data = _parse_json(text)
    elif format == "toml":
        data = _parse_toml(text)
    else:
        raise RulesetError(f"no ruleset format is called {short_repr(format)}; the formats are 'json' and 'toml'")
    table = _unwrap(data)
    return table, from_data(table)


def load_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """The ruleset in the file at ``path``: JSON for ``.json``, TOML for ``.toml``.

    The file is a regular file of at most :data:`~kozel.limits.MAX_RULESET_BYTES` (1 MiB): a folder,
    a FIFO (which would wait for a writer), a device (``/dev/zero`` would never end) or a larger file
    raises :class:`~kozel.RulesetError` before anything is read.  A file that cannot be read (not
    there, no permission) raises :class:`OSError`; a path holding a null character, which no file has,
    raises :class:`~kozel.RulesetError`; one whose text makes no ruleset raises
    :class:`~kozel.RulesetError` starting with the file's name, as does one that is not UTF-8 text, and one
    with a ``base`` and no ``name`` whose rules differ from that built-in's (seated for its players): the
    ruleset would go by the built-in's name, so the file must give it one of its own.
    """
    if not isinstance(path, str | os.PathLike):
        raise WrongTypeError(f"load_ruleset reads the file at a path (text or a Path), not {type(path).__name__}")
    file = Path(path)
    if "\0" in str(file):  # the system takes no such path: said so, not a ValueError from deep in the library
        raise RulesetError(f"{str(file)!r}: a path cannot hold a null character (\\0); no file has this name")
    suffix = _suffix(file)
    format = _SUFFIXES.get(suffix.lower())
    if format is None:
        raise RulesetError(f"{file}: cannot tell the format from {suffix!r}; name the file .json or .toml")
    if not stat.S_ISREG(file.stat().st_mode):
        raise RulesetError(f"{file}: not a regular file (a folder, a FIFO or a device); a ruleset is read from a file")
    with file.open("rb") as handle:
        data = handle.read(MAX_RULESET_BYTES + 1)
    if len(data) > MAX_RULESET_BYTES:
        raise RulesetError(f"{file}: larger than a ruleset file may be, {MAX_RULESET_BYTES // 2**20} MiB")
    body = data.removeprefix(_BOM)  # one byte order mark, as an editor may save UTF-8 with
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RulesetError(f"{file}: {not_utf8(error, len(data) - len(body))}") from None
    try:
        table, rules = _read(text, format)
        if isinstance(table, Mapping) and BASE in table and "name" not in table:
            _check_own_name(rules, inherited=True)
    except RulesetError as error:
        raise RulesetError(f"{file}: {error}") from error
    return rules


def not_utf8(error: UnicodeDecodeError, skipped: int = 0, within: str = "") -> str:
    """What text that failed to decode as UTF-8 is, and what to do: its first bad byte and that byte's offset
    (``skipped``: the bytes before those decoded, such as a byte order mark; ``within``: what the offset counts in,
    such as ``" of the line"``)."""
    byte = error.object[error.start]
    return f"not UTF-8 text (byte 0x{byte:02x} at offset {error.start + skipped}{within}): save it as UTF-8"


def _suffix(file: Path) -> str:
    """The file's suffix: what its name holds from its last dot (``.toml`` for a file named just that), else ''."""
    dot = file.name.rfind(".")
    return file.name[dot:] if dot >= 0 else ""


def _parse_json(text: str) -> Any:
    def refuse_constant(name: str) -> NoReturn:
        raise ValueError(f"{name} is not a JSON value")

    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_constant=refuse_constant, parse_int=read_int)
    except LongNumberError as error:
        raise RulesetError(f"the file holds {error}") from None
    except (ValueError, RecursionError) as error:
        raise RulesetError(f"not valid JSON: {error}") from error


def _parse_toml(text: str) -> Any:
    if sys.version_info >= (3, 11):
        import tomllib  # noqa: PLC0415 - TOML is read only when asked for

        parse = tomllib.loads
    else:
        try:
            parse = importlib.import_module("tomli").loads
        except ImportError:
            raise RulesetError('reading TOML on Python 3.10 needs tomli: pip install "kozel[toml]"') from None
    most = most_digits()
    try:
        data = parse(text)
    except (ValueError, RecursionError) as error:
        if "integer string conversion" in str(error):  # Python's own limit on reading a number from text
            raise RulesetError(
                f"the file holds a number of more than {most} digits: kozel reads numbers of at most {most} digits"
            ) from None
        raise RulesetError(f"not valid TOML: {error}") from error
    _refuse_long_numbers(data, most)  # where Python's own limit was raised above kozel's
    return data


def _refuse_long_numbers(data: Any, most: int) -> None:
    """:class:`~kozel.RulesetError` for a whole number in ``data`` (tables and lists, walked without recursion) of more
    than ``most`` digits, as a JSON file's is refused when read."""
    bound = 10**most
    waiting = [data]
    while waiting:
        value = waiting.pop()
        if isinstance(value, dict):
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= bound:
            raise RulesetError(
                f"the file holds a number of more than {most} digits: kozel reads numbers of at most {most} digits"
            )


def _unwrap(data: Any) -> Any:
    """The ruleset table inside the file's envelope, or ``data`` itself when it is a bare ruleset."""
    if not isinstance(data, Mapping) or "kozel" not in data:
        return data
    if data["kozel"] != "ruleset":
        raise RulesetError(f"kozel: this file holds {error_text(data['kozel'])}, not 'ruleset'")
    for key in data:
        if key not in _ENVELOPE:
            name = key if isinstance(key, str) else repr(key)
            raise RulesetError(f"{name}: no such field in a ruleset file; fields are {', '.join(_ENVELOPE)}")
    for key in _ENVELOPE:
        if key not in data:
            raise RulesetError(f"{key}: missing from the ruleset file")
    version = data["format"]
    if version != FORMAT or isinstance(version, bool) or not isinstance(version, int):
        newer = " (a newer kozel wrote it: upgrade kozel)" if isinstance(version, int) and version > FORMAT else ""
        raise RulesetError(
            f"format: this kozel reads ruleset files of format {FORMAT}, not {error_text(version)}{newer}"
        )
    return data["ruleset"]
