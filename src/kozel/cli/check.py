"""``kozel check RULESET_OR_FILE``: random matches of a ruleset with every invariant checked, and what came up.

Exit status 0 when every invariant held, 1 when one broke (its name, and the record that
reproduces it: printed, or written to ``--save PATH``), 2 for a ruleset that cannot be read or a
``--save PATH`` that could not be written (refused before any match is played).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from kozel.cli.rulesets import add_ruleset_argument, named_ruleset
from kozel.cli.runs import check_writable, given, match_count, progress, whole
from kozel.errors import KozelError
from kozel.testing import InvariantError, check_ruleset

__all__ = ["DESCRIPTION", "add_parser", "run"]

#: What ``kozel check --help`` says about the command.
DESCRIPTION = """\
kozel check: play random matches of a ruleset and check every invariant after every move.

    kozel check classic
    kozel check house.toml --matches 200 --seed 7

RULESET is a built-in name or a house ruleset file ending .toml or .json.  The players choose at
random among the kinds of legal move, so praise deals, bids, redeal calls, transfers and moves
out of turn all come up.  After every move: every card in one place, each trick to one side,
each hand's card points adding up, legal moves until the match ends and no longer; at sampled
positions also the literal reading of the rules, refused near-miss moves, hidden cards staying
hidden, sampled worlds, and the record and JSON round trips.  The report says what came up, and
what the ruleset allows that never did.

Exit status: 0 when every invariant held; 1 when one broke, with its name and the match record
up to the failing move (printed, or written to --save PATH); 2 when the ruleset cannot be read,
or --save names a path that could not be written (refused before any match is played).
Progress goes to standard error: a bar at a terminal, else a line at each tenth of the matches.
"""


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``check`` command to the ``kozel`` command line."""
    parser = subparsers.add_parser(
        "check",
        help="play random matches of a ruleset (or a house file) and check every invariant",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_ruleset_argument(parser, required=True)
    parser.add_argument("-n", "--matches", type=match_count, default=20, help="how many matches (default 20)")
    parser.add_argument("--seed", type=whole, default=0, help="seed of the whole check (default 0)")
    parser.add_argument("--players", type=whole, default=None, help="number of players (default: the ruleset's)")
    parser.add_argument(
        "--save", metavar="PATH", type=given, default=None, help="on a failure, write the reproducing record to PATH"
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``kozel check`` with parsed ``args``; the exit status."""
    try:
        rules = named_ruleset(args.ruleset, args.players)
    except KozelError as error:
        print(f"kozel check: {' '.join(str(error).split())}", file=err)
        return 2
    if args.save is not None:  # refused now, not found out only once a match has failed
        try:
            check_writable(Path(args.save), "the record")
        except KozelError as error:
            print(f"kozel check: --save: {error}", file=err)
            return 2
    bar = progress(err)
    try:
        report = check_ruleset(rules, matches=args.matches, seed=args.seed, progress=bar.update)
    except InvariantError as failure:
        bar.close()
        print(f"kozel check: {rules.name}: FAILED: invariant {failure.invariant}: {failure.detail}", file=out)
        if failure.move is not None:
            print(f"the move that broke it: {failure.move}", file=out)
        text = failure.record or ""
        if args.save is not None:
            try:
                Path(args.save).write_text(text, encoding="utf-8")
            except OSError as error:
                print(f"kozel check: cannot write {args.save}: {error}; the record follows", file=err)
            else:
                print(f"the record that reproduces it: {args.save}", file=out)
                return 1
        print("the record that reproduces it:", file=out)
        out.write(text)
        return 1
    bar.close()
    out.write(report.summary())
    return 0
