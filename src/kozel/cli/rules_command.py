"""``kozel rules [RULESET]``: the catalog of rulesets, or one ruleset's rule sheet in table words.

``RULESET`` is a built-in name (``kozel rules classic``) or a house ruleset file ending ``.toml`` or
``.json`` (``kozel rules house.toml``); ``--players N`` gives the sheet for another seating.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

import kozel
from kozel.errors import KozelError
from kozel.forms.pages import catalog
from kozel.forms.sheet import sheet
from kozel.rules.ruleset import Ruleset

__all__ = ["add_parser", "run"]

_FILE_SUFFIXES = (".toml", ".json")


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``rules`` subcommand to ``subparsers`` (an ``ArgumentParser.add_subparsers()`` object)."""
    parser = subparsers.add_parser(
        "rules",
        help="list the rulesets, or print one ruleset's rules in table words",
        description=(
            "Without RULESET, list the built-in rulesets.  With one (a built-in name, or a house ruleset file "
            "ending .toml or .json), print its rule sheet in table words, generated from the ruleset itself."
        ),
    )
    parser.add_argument(
        "ruleset",
        nargs="?",
        default=None,
        help=f"one of: {', '.join(kozel.variants.names())}; or a .toml or .json file (none: list them)",
    )
    parser.add_argument("--players", type=int, default=None, help="number of players (default: the ruleset's)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO | None = None) -> int:
    """Print what ``args`` ask for to ``out`` (errors to ``err``, by default stderr); returns the exit status."""
    errors = sys.stderr if err is None else err
    name: str | None = args.ruleset
    players: int | None = args.players
    if name is None:
        if players is not None:
            print("kozel rules: --players needs a ruleset, such as: kozel rules classic --players 3", file=errors)
            return 2
        out.write(catalog())
        out.write("\nPrint a ruleset's rules with: kozel rules NAME (or kozel rules house.toml)\n")
        return 0
    try:
        rules = _ruleset(name)
        if players is not None:
            rules = rules.for_players(players)
    except _Unknown as unknown:
        print(f"kozel rules: {unknown}; the rulesets:", file=errors)
        print(file=errors)
        errors.write(catalog())
        return 2
    except (KozelError, OSError) as error:
        print(f"kozel rules: {error}", file=errors)
        return 2
    out.write(sheet(rules))
    return 0


class _Unknown(Exception):
    """Neither a built-in ruleset nor a ruleset file."""


def _ruleset(name: str) -> Ruleset:
    """The built-in ruleset called ``name``, or the one in the file at ``name``."""
    if name in kozel.variants.names():
        return kozel.variants.get(name)
    path = Path(name)
    if path.is_file():
        return kozel.load_ruleset(path)
    if path.suffix.lower() in _FILE_SUFFIXES:
        raise _Unknown(f"no ruleset file {name!r} (no such file)")
    raise _Unknown(f"no ruleset is called {name!r} (nor is it a .toml or .json file)")
