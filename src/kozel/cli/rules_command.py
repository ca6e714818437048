"""``kozel rules [RULESET]``: the catalog of rulesets, or one ruleset's rule sheet in table words.

``RULESET`` is a built-in name (``kozel rules classic``) or a house ruleset file ending ``.toml`` or
``.json`` (``kozel rules house.toml``); ``--players N`` gives the sheet for another seating.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from kozel.cli.rulesets import add_ruleset_argument, named_ruleset
from kozel.cli.runs import whole
from kozel.errors import KozelError
from kozel.forms.pages import catalog
from kozel.forms.sheet import sheet

__all__ = ["add_parser", "run"]


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
    add_ruleset_argument(parser, default=None, absent="none: list the built-in ones")
    parser.add_argument("--players", type=whole, default=None, help="number of players (default: the ruleset's)")


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
        rules = named_ruleset(name, players)
    except KozelError as error:
        print(f"kozel rules: {error}", file=errors)
        return 2
    out.write(sheet(rules))
    return 0
