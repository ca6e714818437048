"""Which ruleset a command plays: a built-in one by name, or a house ruleset from its file.

Every command that takes a ruleset (``match``, ``play``, ``simulate``, ``league``, ``check``,
``rules``) reads it here, the same way: a built-in name (``classic``), else the path of a house
ruleset file ending ``.toml`` or ``.json`` (``house.toml``), then ``--players`` where given.  A
name that is neither is refused, naming the closest built-in where one is close.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

import kozel
from kozel.errors import RulesetError
from kozel.rules.ruleset import Ruleset

__all__ = ["DEFAULT", "add_ruleset_argument", "named_ruleset"]

#: The ruleset a command plays when none is named.
DEFAULT: Final = "classic"
#: The endings of a house ruleset file.
_FILE_SUFFIXES: Final = (".toml", ".json")


def add_ruleset_argument(
    parser: argparse.ArgumentParser, *, required: bool = False, default: str | None = DEFAULT, absent: str = ""
) -> None:
    """Add the ``ruleset`` argument to a command's parser: a built-in name or a house file; unless ``required``,
    ``default`` where it is left out (``absent`` says what that does, for the help; by default, which ruleset)."""
    what = f"a built-in ruleset ({', '.join(kozel.variants.names())}) or a house ruleset file ending .toml or .json"
    if required:
        parser.add_argument("ruleset", help=what)
    else:
        parser.add_argument("ruleset", nargs="?", default=default, help=f"{what} ({absent or f'default {default}'})")


def named_ruleset(name: str, players: int | None = None) -> Ruleset:
    """The ruleset ``name`` names, seated for ``players`` where given.

    A built-in name gives that ruleset; else ``name`` is the path of a house ruleset file
    (:func:`kozel.load_ruleset`).  Anything else raises :class:`~kozel.RulesetError`: a name close
    to a built-in one is answered with it ("did you mean classic?"), a file that is not there or
    cannot be read is said so.
    """
    if name in kozel.variants.names():
        rules = kozel.variants.get(name)
    else:
        path = Path(name)
        try:
            is_file = path.is_file()
        except OSError:  # a name too long to be a path, say: read as a file if it is named as one, below
            is_file = False
        if is_file or path.suffix.lower() in _FILE_SUFFIXES:
            try:
                rules = kozel.load_ruleset(path)
            except OSError as error:
                raise RulesetError(f"cannot read the ruleset file {name}: {error.strerror or error}") from None
        else:
            try:  # not a built-in: the catalog's own refusal, with the closest name
                rules = kozel.variants.get(name)
            except RulesetError as error:
                raise RulesetError(f"{error}; or name a house ruleset file ending .toml or .json") from None
    return rules if players is None else rules.for_players(players)
