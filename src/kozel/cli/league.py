"""``kozel league``: every pairing of several bots on the same deals, a rating per bot, and a head-to-head table.

The command's help (:data:`DESCRIPTION`) says what it does; :mod:`kozel.bots.league` and
:mod:`kozel.bots.ratings` hold the rules it follows.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, Final, TextIO

from kozel.bots.league import League, LeagueResult
from kozel.bots.ratings import PRIOR
from kozel.bots.tournament_log import LogCheckStopped
from kozel.cli.ctrl_c import interrupted
from kozel.cli.rulesets import add_ruleset_argument, named_ruleset
from kozel.cli.runs import (
    add_replay_argument,
    add_run_arguments,
    backend,
    bot_specs,
    check_plot,
    check_writable,
    given,
    match_count,
    progress,
    replayed,
    whole,
)
from kozel.errors import KozelError

__all__ = ["DESCRIPTION", "add_parser", "report", "run"]

#: What ``kozel league --help`` says about the command: plain text, as a terminal shows it.
DESCRIPTION: Final = f"""\
kozel league: every pairing of several bots, a rating per bot with its 95% interval, and a
head-to-head table.

    kozel league classic --bots random heuristic "ismcts(iterations=60)" ismcts -n 100
    kozel league seven_of_clubs --bots heuristic mybot:MyBot random -n 200 --json league.json --plot league.png
    kozel league classic --bots heuristic random ismcts -n 1000 --backend ray --address HEAD:6379

Every pairing of the bots plays -n matches (one bot per side; in a team game a bot plays every
seat of its side; in a game of more sides every group of as many bots as sides).  Each deal is
played once in every seating of a pairing, the sides swapped in a game of two, and every pairing
gets the same deals from --seed: the luck of the cards falls on every bot alike.  So -n is a
multiple of the number of sides.

The ratings are a Bradley-Terry model fitted to every pairing at once, on the Elo scale (mean 0;
400 points are odds of 10 to 1), with 95% intervals from the Fisher information of the fit.  A bot
beats another in a match when its side is not a goat and the other's is; otherwise it is a draw,
half a win each.  Every two bots are given one drawn match more ({PRIOR} of a win each), so that a
bot that won every match still has a finite rating.

With --log DIR each match's outcome is written as it ends to the log of its pairing in the folder
DIR, each a log as kozel simulate --log writes it, named by the pairing's bots, not by its place:
random_vs_heuristic-0a1b2c3d4e.log (the names, and a hash of the bots' specs and names).  The same
command run again with the same DIR plays only the matches missing from them, so a league that was
stopped goes on where it stopped (or is extended, with a larger -n); with a bot added to --bots, only
the pairings with the new bot are played, and the others are read from their logs.  Every line is
checked, and --replay of each pairing's logged matches are played again first.  A log named by its
place (pairing-1.log), as earlier versions wrote, is refused: play the league again in a new folder.

--backend ray plays on a Ray cluster (pip install 'kozel[ray]'), --plot FILE.png draws the ratings
and the head-to-head win rates with their intervals (pip install 'kozel[plot]').

--move-seconds S gives each call of a bot's own code (setup, choose, interrupt, reset, making the
bot) S seconds: a bot that takes longer stops the league with an error naming it, its match and its
pairing (and the pairing's log), as a bot that raises does.  Without it there is no limit, and a
bot that never answers stalls the league.  It needs POSIX signals (not Windows), and code in C that
never returns to Python is stopped only when it does.  """


def add_parser(subparsers: Any) -> None:
    """Add the ``league`` command to the ``kozel`` command line."""
    parser = subparsers.add_parser(
        "league",
        help="rate several bots: every pairing on the same deals, Bradley-Terry ratings",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_ruleset_argument(parser)
    parser.add_argument(
        "--bots",
        nargs="+",
        required=True,
        help="two or more bots: names (random, heuristic, ismcts) or module:Class (looked for in the current "
        "folder first), with (key=value, ...) arguments if wanted",
    )
    parser.add_argument(
        "-n",
        "--matches",
        type=match_count,
        default=100,
        help="matches per pairing, a multiple of the sides (default 100)",
    )
    parser.add_argument("--seed", type=whole, default=0, help="seed of the deals (default 0)")
    add_run_arguments(parser)
    parser.add_argument(
        "--log",
        metavar="DIR",
        type=given,
        default=None,
        help="write each match's outcome as it ends to a log per pairing, named by its bots, in the folder DIR "
        "(made if missing), and play only the matches those logs lack (resume a league, or add a bot to it)",
    )
    add_replay_argument(parser, "logged matches of each pairing")
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        type=given,
        default=None,
        help="also draw the ratings and head-to-head win rates with their 95%% intervals (any format matplotlib "
        "writes, such as .png, .svg or .pdf; needs kozel[plot])",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``kozel league`` with parsed ``args``; the exit status."""
    rules = named_ruleset(args.ruleset, args.players)
    replay = replayed(args)
    league = League(rules, bot_specs(args.bots), args.matches, args.seed, move_seconds=args.move_seconds)
    if args.json not in (None, "-"):
        check_writable(Path(args.json))
    check_plot(args.plot, args.json)
    if args.log is not None:
        _check_logs(league, args)

    def replaying(path: Path, replayed: int, logged: int) -> None:
        print(f"checking {path}: replaying {replayed} of its {logged} matches", file=err, flush=True)

    played = 0

    def count(pairing: int, outcome: object) -> None:
        nonlocal played
        played += 1

    with backend(args) as (executor, processes, where):
        started = time.perf_counter()
        bar = progress(err)
        try:
            result = league.run(
                processes,
                progress=bar.update,
                executor=executor,
                on_outcome=count if args.log is not None else None,
                log=args.log,
                replay=replay,
                on_replay=replaying if args.log is not None else None,
            )
        except LogCheckStopped:  # while the logged matches were replayed: nothing was written
            print(
                interrupted("kozel league", f" while checking the logs in {args.log}, which are as they were"),
                file=err,
            )
            return 130
        except KozelError:
            bar.close()
            raise
        except KeyboardInterrupt:
            bar.close()
            kept = (
                f": every match that ended is in the logs in {args.log}, run the same command to go on"
                if args.log is not None
                else ""
            )
            print(interrupted("kozel league", kept), file=err)
            return 130
        bar.close()
        elapsed = time.perf_counter() - started
    pairings = len(league.pairings())
    if args.json != "-":
        read = pairings * args.matches - played if args.log is not None else 0
        logged = f" ({read} of them read from the logs in {args.log})" if read else ""
        print(
            f"{rules.name}: {len(league.bots)} bots, {pairings} pairing{'s' if pairings != 1 else ''} of "
            f"{args.matches} matches{logged}, seed {args.seed}, {where}, {elapsed:.1f} s",
            file=out,
        )
        print(report(result), file=out)
    if args.json is not None:
        text = json.dumps(result.as_data(), indent=2, ensure_ascii=False)
        if args.json == "-":
            print(text, file=out)
        else:
            try:
                Path(args.json).write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                raise KozelError(f"cannot write the results to {args.json}: {error.strerror}") from None
    if args.plot is not None:
        from kozel.integrations.plot import plot_league  # noqa: PLC0415 - the plot extra is needed only here

        plot_league(result, args.plot, f"{rules.name}: {args.matches} matches a pairing, seed {args.seed}")
    return 0


def _check_logs(league: League, args: argparse.Namespace) -> None:
    """Make the folder ``--log`` names (:meth:`League.log_paths`) and refuse ``--json`` or ``--plot`` naming one of
    its logs, before any match is played."""
    folder = Path(args.log)
    try:
        logs = league.log_paths(folder)
    except KozelError:
        if _not_a_folder(folder):  # said as the option it is
            raise KozelError(f"--log names a folder for the logs of the pairings; {folder} is not one") from None
        raise
    for option, path in (("--json", args.json), ("--plot", args.plot)):
        if path not in (None, "-") and Path(path).resolve() in {log.resolve() for log in logs}:
            raise KozelError(f"{option} names one of the logs in {args.log}, {path}: it would overwrite it")


def _not_a_folder(path: Path) -> bool:
    """Whether ``path`` is something other than a folder (False where it cannot even be looked at)."""
    try:
        return path.exists() and not path.is_dir()
    except OSError:  # a name too long, a loop of links: refused as such by League.log_paths
        return False


def _columns(rows: list[list[str]]) -> str:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    )


def report(result: LeagueResult) -> str:
    """The ratings (best first, with their 95% intervals) and the head-to-head table, as text."""
    table = result.table()
    specs = any(name != spec for name, spec, *_ in table)
    rows = [["rank", "bot", "rating (95% CI)", "matches", "wins", *(["spec"] if specs else [])]]
    for rank, (name, spec, rating, (low, high), matches, wins) in enumerate(table, 1):
        rows.append(
            [str(rank), name, f"{_signed(rating)} ({_signed(low)} to {_signed(high)})", str(matches), str(wins)]
            + ([spec] if specs else [])
        )
    pairs = [["a", "b", "matches", "a wins", "b wins", "draws", "a's share (95% CI)"]]
    for pair in result.head_to_head():
        low, high = pair.a_interval
        pairs.append(
            [
                pair.a,
                pair.b,
                str(pair.matches),
                str(pair.a_wins),
                str(pair.b_wins),
                str(pair.draws),
                f"{pair.a_rate:.3f} ({low:.3f}-{high:.3f})",
            ]
        )
    return f"{_columns(rows)}\n\nhead to head:\n{_columns(pairs)}"


def _signed(value: float) -> str:
    """A rating in whole points with its sign, a value that rounds to 0 written ``0`` (not ``-0`` or ``+0``)."""
    rounded = round(value)
    return f"{rounded:+d}" if rounded else "0"
