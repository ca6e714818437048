"""``kozel simulate``: many matches between bots, across all cores, and a table of their results.

The command's help (:data:`DESCRIPTION`, plain text as a terminal shows it) says what it does;
:mod:`kozel.bots.tournament` and :mod:`kozel.bots.tournament_log` hold the rules it follows.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, Final, TextIO

import kozel
from kozel.bots.pool import PROCESSES_PER_CORE
from kozel.bots.tournament import BotResult, Executor, MatchOutcome, Tournament
from kozel.bots.tournament_log import MAX_LINE_BYTES, MAX_LOG_BYTES, REPLAYED, LogCheckStopped, run_logged
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

#: What ``kozel simulate --help`` says about the command: plain text, as a terminal shows it.
DESCRIPTION: Final = f"""\
kozel simulate: many matches between bots, across all cores, and a table of their results.

    kozel simulate classic --bots heuristic random -n 1000
    kozel simulate seven_of_clubs --bots "ismcts(iterations=100)" heuristic -n 200 --json results.json
    kozel simulate threesome --bots heuristic random random --processes 4 --seed 7
    kozel simulate classic --bots "mypackage.mybots:Styled(style='bold')" heuristic
    kozel simulate classic --bots mybot:MyBot heuristic --plot wins.png
    kozel simulate classic --bots heuristic random -n 100000 --backend ray --address HEAD:6379

One bot per side; the bots take turns on the sides, match by match.  The seed makes the whole run
reproducible, whatever the number of processes.  The table gives, per bot, the matches won (its
side not a goat) and the goat rate, each with its 95% confidence interval, the card points its
side took per hand, and the titles it got.

A bot's arguments are keyword=value, each value a number, True, False, None or text in quotes:
iterations=100, style='bold' (a bare word is refused, not taken as text).  A module:Class is
looked for in the current folder first (mybot:MyBot is ./mybot.py), then on the import path.
The table names each bot by its name (Bot.name), with the spec it was given beside it.

--backend ray plays the matches on a Ray cluster (pip install 'kozel[ray]'): the one at
--address, or the one RAY_ADDRESS names, or a Ray runtime started on this machine.  The outcomes
are the same as on the local processes for the same seed and -n.  --plot FILE.png draws the win
rates with their 95% intervals (pip install 'kozel[plot]').

With --log PATH each match's outcome is written to PATH as it ends; the same command run again
with the same PATH plays only the matches missing from it, so a long run that was stopped goes on
where it stopped (or is extended, with a larger -n) and gives the results of one whole run.  Every
line of the log must carry the seal of this run, and {REPLAYED} of the logged matches (--replay) are
played again first and must come out as logged: a log that fails is refused, naming the line.

--move-seconds S gives each call of a bot's own code (setup, choose, interrupt, reset, making the
bot) S seconds: a bot that takes longer stops the run with an error naming it and its match, as a
bot that raises does, on the local processes and on Ray alike.  Without it there is no limit, and a
bot that never answers stalls the run (Ctrl-C stops it; with --log every match that ended is kept).
It needs POSIX signals (not Windows), and code in C that never returns to Python is stopped only
when it does.

Limits: at most {PROCESSES_PER_CORE} processes a core; a log is a regular file of at most \
{MAX_LOG_BYTES // 2**20} MiB, with lines of at most {MAX_LINE_BYTES // 1024} KiB.

Progress goes to standard error: a bar at a terminal; otherwise (a log file, nohup, a pipe) a
line at each tenth of the matches, so a long run can be followed.
"""


def add_parser(subparsers: Any) -> None:
    """Add the ``simulate`` command to the ``kozel`` command line."""
    parser = subparsers.add_parser(
        "simulate",
        help="play many matches between bots and compare them",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_ruleset_argument(parser)
    parser.add_argument(
        "--bots",
        nargs="+",
        default=None,
        help="one bot per side: a name (random, heuristic, ismcts) or module:Class (looked for in the current "
        "folder first), with (key=value, ...) arguments if wanted; a value is a number, True, False, None or "
        "'quoted text' (default: heuristic against random)",
    )
    parser.add_argument("-n", "--matches", type=match_count, default=100, help="how many matches (default 100)")
    parser.add_argument("--seed", type=whole, default=0, help="seed of the whole run (default 0)")
    add_run_arguments(parser)
    parser.add_argument(
        "--log",
        metavar="PATH",
        type=given,
        default=None,
        help="write each match's outcome to PATH as it ends, and play only the matches PATH lacks (resume a run)",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        type=given,
        default=None,
        help="also draw the win rates with their 95%% intervals to FILE (any format matplotlib writes, such as "
        ".png, .svg or .pdf; needs kozel[plot])",
    )
    add_replay_argument(parser, "logged matches")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``kozel simulate`` with parsed ``args``; the exit status."""
    rules = named_ruleset(args.ruleset, args.players)
    replay = replayed(args)
    specs = bot_specs(args.bots) if args.bots else ("heuristic", *("random",) * (rules.sides - 1))
    tournament = Tournament(rules, specs, args.matches, args.seed, move_seconds=args.move_seconds)
    if args.json not in (None, "-"):
        _check_writable(Path(args.json), args.log)
    check_plot(args.plot, args.json, args.log)
    with backend(args) as (executor, processes, where):
        return _simulate(args, out, err, tournament, executor=executor, processes=processes, where=where, replay=replay)


def _simulate(
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    tournament: Tournament,
    *,
    executor: Executor | None,
    processes: int,
    where: str,
    replay: int | None,
) -> int:
    rules = tournament.rules

    def replaying(replayed: int, logged: int) -> None:
        print(f"checking {args.log}: replaying {replayed} of its {logged} matches", file=err, flush=True)

    played: list[MatchOutcome] = []  # with --log: this call's matches, the others read from the log
    started = time.perf_counter()
    bar = progress(err)
    try:
        if args.log:
            records, outcomes = run_logged(
                tournament,
                args.log,
                processes,
                progress=bar.update,
                on_outcome=played.append,
                executor=executor,
                replay=replay,
                on_replay=replaying,
            )
        else:
            records, outcomes = tournament.run(processes, progress=bar.update, executor=executor)
    except LogCheckStopped:  # while the logged matches were replayed: nothing was written
        print(interrupted("kozel simulate", f" while checking {args.log}, which is as it was"), file=err)
        return 130
    except KeyboardInterrupt:
        bar.close()
        kept = f": every match that ended is in {args.log}, run the same command to go on" if args.log else ""
        print(interrupted("kozel simulate", kept), file=err)
        return 130
    bar.close()
    elapsed = time.perf_counter() - started
    if args.json != "-":
        read = len(outcomes) - len(played) if args.log else 0
        logged = f" ({read} of them read from {args.log})" if read else ""
        print(
            f"{rules.name}: {args.matches} matches{logged}, seed {args.seed}, {where}, {elapsed:.1f} s",
            file=out,
        )
        print(report(records), file=out)
    if args.json is not None:
        text = json.dumps(_data(tournament, records, outcomes), indent=2, ensure_ascii=False)
        if args.json == "-":
            print(text, file=out)
        else:
            try:
                Path(args.json).write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                raise KozelError(f"cannot write the results to {args.json}: {error.strerror}") from None
    if args.plot is not None:
        from kozel.integrations.plot import plot_tournament  # noqa: PLC0415 - the plot extra is needed only here

        plot_tournament(records, args.plot, f"{rules.name}: {args.matches} matches, seed {args.seed}")
    return 0


def _check_writable(path: Path, log: str | None) -> None:
    """Refuse a ``--json`` path the results could not be written to, before any match is played."""
    if log is not None and path.resolve() == Path(log).resolve():
        raise KozelError(f"--json and --log name the same file, {path}: the results would overwrite the log")
    check_writable(path)


def report(records: list[BotResult]) -> str:
    """The results as a table: wins and goat rate with their 95% intervals, card points per hand, titles.

    Each bot is named by its name; where a bot's spec differs from its name, a last column gives the specs.
    """
    specs = any(record.spec != record.name for record in records)
    rows = [["bot", "matches", "wins", "win rate (95% CI)", "goat rate (95% CI)", "points/hand", "titles"]]
    if specs:
        rows[0].append("spec")
    for record in records:
        low, high = record.win_interval
        goat_low, goat_high = record.goat_interval
        titles = ", ".join(f"{title} {count}" for title, count in record.titles) or "-"
        rows.append(
            [
                record.name,
                str(record.matches),
                str(record.wins),
                f"{record.win_rate:.3f} ({low:.3f}-{high:.3f})",
                f"{record.goat_rate:.3f} ({goat_low:.3f}-{goat_high:.3f})",
                f"{record.mean_points:.1f}",
                titles,
                *([record.spec] if specs else []),
            ]
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    )


def _data(tournament: Tournament, records: list[BotResult], outcomes: list[MatchOutcome]) -> dict[str, Any]:
    return {
        "kozel_version": kozel.__version__,
        "ruleset": tournament.rules.name,
        "players": tournament.rules.players,
        "matches": tournament.matches,
        "seed": tournament.seed,
        "bots": [record.as_data() for record in records],
        "outcomes": [outcome.as_data() for outcome in outcomes],
    }
