"""What the commands that play many matches share: where they are played, the bots named, the files written, progress.

``kozel simulate`` and ``kozel league`` take the same ``--processes``, ``--players``, ``--json``,
``--backend``, ``--address`` and ``--move-seconds`` (:func:`add_run_arguments`), name their bots the same way
(:func:`bot_specs`), refuse an output file that could not be written before any match is played
(:func:`check_writable`, :func:`check_plot`), and show their progress the same way
(:func:`progress`); ``kozel check`` shows its progress so too.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from kozel.bots.pool import PROCESSES_PER_CORE, check_processes, max_processes
from kozel.bots.runner import checked_move_seconds
from kozel.bots.specs import add_current_folder
from kozel.bots.tournament import Executor
from kozel.bots.tournament_log import REPLAYED
from kozel.errors import KozelError, MissingExtraError
from kozel.limits import MAX_MATCHES, MAX_MOVE_SECONDS
from kozel.plain_types import short_repr

__all__ = [
    "Bar",
    "Lines",
    "add_replay_argument",
    "add_run_arguments",
    "backend",
    "bot_specs",
    "check_plot",
    "check_writable",
    "move_seconds",
    "progress",
    "replay_count",
    "replayed",
    "whole",
]


#: A number of seconds as ``--move-seconds`` takes it: ASCII digits, with a decimal point if wanted.
_SECONDS = re.compile(r"[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20}")


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--processes``, ``--players``, ``--json``, ``--backend``, ``--address`` and ``--move-seconds`` to a
    command's parser."""
    parser.add_argument(
        "--processes",
        type=whole,
        default=None,
        help=f"processes to use, 1 to {PROCESSES_PER_CORE} a core (default: one a core); with --backend ray, "
        "matches played at once (default: the cluster's CPUs)",
    )
    parser.add_argument("--players", type=whole, default=None, help="number of players (default: the ruleset's)")
    parser.add_argument(
        "--json", metavar="PATH", type=given, default=None, help="also write the results as JSON (- for stdout)"
    )
    parser.add_argument(
        "--backend",
        choices=("process", "ray"),
        default="process",
        help="where the matches are played: local processes (the default) or a Ray cluster (needs kozel[ray])",
    )
    parser.add_argument(
        "--address",
        default=None,
        help="with --backend ray: the cluster's address (HEAD:6379, ray://HEAD:10001 or auto; default: the "
        "cluster RAY_ADDRESS names, or a Ray runtime started on this machine)",
    )
    parser.add_argument(
        "--move-seconds",
        metavar="S",
        type=move_seconds,
        default=None,
        help="a time limit on each call of a bot's own code (setup, choose, interrupt, reset, making the bot): "
        f"a bot taking longer than S seconds (above 0, at most {MAX_MOVE_SECONDS}) fails the run as a bot that "
        "raises does, named with its match; it needs POSIX signals (not Windows) and stops code in C only once "
        "it returns to Python (default: no limit)",
    )


def add_replay_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--replay``: how many of the ``what`` (a log's matches) to play again and compare before going on."""
    parser.add_argument(
        "--replay",
        metavar="COUNT",
        type=replay_count,
        default=argparse.SUPPRESS,  # left out: REPLAYED (see replayed), so that --replay without --log is seen
        help=f"with --log: how many of the {what} to play again and compare first (default {REPLAYED}; "
        "'all' for every one, 0 for none: then only each line's seal is checked)",
    )


def replayed(args: argparse.Namespace) -> int | None:
    """How many logged matches to play again first (None: all): ``--replay`` where given, else :data:`REPLAYED`.

    ``--replay`` without ``--log`` is refused: there is no log whose matches it could play again."""
    if not hasattr(args, "replay"):
        return REPLAYED
    if args.log is None:
        raise KozelError("--replay says how many of a log's matches to play again first: give it with --log")
    count: int | None = args.replay
    return count


def given(text: str) -> str:
    """An option's text as given, never empty: an empty path or list names nothing, and is not the option left out."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty value names nothing: give one, or leave the option out")
    return text


def whole(text: str) -> int:
    """A whole-number option's value: ASCII digits 0-9, a leading ``-`` allowed (each command checks the range).

    Other scripts' digits (``٣``), underscores (``1_0``), spaces and a ``+`` sign, all of which
    :class:`int` would take, are refused, as are numbers of more digits than Python reads (4300).
    """
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(
            f"a whole number (digits 0-9, optionally with a leading minus), not {short_repr(text)}"
        )
    try:
        return int(text)
    except ValueError:  # more digits than int() reads
        raise argparse.ArgumentTypeError(f"a whole number of at most 4300 digits, not one of {len(digits)}") from None


def match_count(text: str) -> int:
    """The value of ``-n/--matches``: a whole number (as :func:`whole` reads it) from 1 to ``MAX_MATCHES``."""
    number = whole(text)
    if not 1 <= number <= MAX_MATCHES:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to {MAX_MATCHES}, not {short_repr(number)}")
    return number


def move_seconds(text: str) -> float:
    """The value of ``--move-seconds``: seconds in ASCII digits, a decimal point allowed (``0.5``, ``2``), above 0
    and at most ``kozel.limits.MAX_MOVE_SECONDS``, where POSIX signals keep the time limit."""
    wanted = f"a number of seconds above 0 and at most {MAX_MOVE_SECONDS}, in the digits 0-9 (0.5, 2)"
    if not _SECONDS.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{wanted}, not {short_repr(text)}")
    number = float(text) if "." in text else int(text)
    if not 0 < number <= MAX_MOVE_SECONDS:
        raise argparse.ArgumentTypeError(f"{wanted}, not {text}")
    try:
        limit = checked_move_seconds("--move-seconds", number)  # refused where Python has no POSIX signals
    except KozelError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    assert limit is not None
    return limit


def replay_count(text: str) -> int | None:
    """The value of ``--replay``: a count in the digits 0-9, or ``None`` for ``all``."""
    if text == "all":
        return None
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"a number of matches (0 or more) or 'all', not {short_repr(text)}")
    try:
        return int(text)
    except ValueError:  # more digits than int() reads
        raise argparse.ArgumentTypeError(
            f"a number of matches of at most 4300 digits, not one of {len(text)}"
        ) from None


def bot_specs(specs: list[str]) -> tuple[str, ...]:
    """The ``--bots`` as given, the current folder put on the import path first if one names ``module:Class``."""
    if any(":" in spec for spec in specs):
        add_current_folder()
    return tuple(specs)


@contextmanager
def backend(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int, str]]:
    """The executor ``args`` ask for (None: local processes), how many matches at once, and how to say it."""
    if args.address is not None and args.backend != "ray":
        raise KozelError("--address names a Ray cluster: give it with --backend ray")
    if args.backend == "process":
        processes = args.processes if args.processes is not None else min(os.cpu_count() or 1, max_processes())
        try:
            check_processes(processes)
        except KozelError as error:
            raise KozelError(f"--processes {short_repr(processes)}: {error}") from None
        yield None, processes, f"{processes} process{'es' if processes != 1 else ''}"
        return
    if args.processes is not None and args.processes < 1:
        raise KozelError(f"--processes {short_repr(args.processes)}: a Ray cluster plays 1 or more matches at once")
    from kozel.integrations.ray import RayExecutor  # noqa: PLC0415 - the ray extra is needed only here

    executor = RayExecutor(args.address)
    try:
        at_once = args.processes if args.processes is not None else executor.workers
        yield executor, at_once, f"Ray, {at_once} at once"
    finally:
        executor.shutdown(cancel_futures=True)


def check_plot(path: str | None, *others: str | None) -> None:
    """Refuse a ``--plot`` that could not be drawn (no matplotlib, a path not writable) before any match."""
    if path is None:
        return
    if importlib.util.find_spec("matplotlib") is None:
        raise MissingExtraError("--plot needs matplotlib, the plot extra: pip install 'kozel[plot]'", name="matplotlib")
    for other in others:
        if other not in (None, "-") and Path(path).resolve() == Path(other).resolve():
            raise KozelError(f"--plot names a file given to another option too, {path}")
    check_writable(Path(path), "the plot", dash=False)
    from kozel.integrations.plot import check_plot_path  # noqa: PLC0415 - the plot extra is needed only here

    check_plot_path(path)


def check_writable(path: Path, what: str = "the results", *, dash: bool = True) -> None:
    """Refuse a path ``what`` could not be written to (a folder, no such folder, no permission, a name too long, a
    file system that takes no new files), before any match is played.  ``dash``: whether ``-`` (standard output) is
    an option to suggest.

    The path is tried as the run will write it: a file that exists is opened to append (nothing is written, so
    it is unchanged), and one that does not is made and removed again."""
    try:
        _check_writable(path, what, dash)
    except OSError as error:  # the path itself cannot be looked at, or written: a name too long, a loop of links
        raise KozelError(f"cannot write {what} to {path}: {error.strerror or error}") from None


def _check_writable(path: Path, what: str, dash: bool) -> None:
    if path.is_dir():
        raise KozelError(f"cannot write {what} to {path}: it is a folder")
    if path.exists() and not path.is_file() and not path.is_fifo() and not path.samefile(os.devnull):
        # A device other than the null one (/dev/full, a terminal) would fail, or scramble, only at the end.
        # A FIFO (a pipe, such as bash's >(...)) is written as a reader takes it, as by any program.
        hint = " (give - for standard output)" if dash else ""
        raise KozelError(f"cannot write {what} to {path}: it is a device, not a file{hint}")
    folder = path.resolve().parent
    if not folder.is_dir():
        raise KozelError(f"cannot write {what} to {path}: its folder does not exist")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise KozelError(f"cannot write {what} to {path}: permission denied")
    target = path.resolve() if path.is_symlink() else path  # a link (even one to no file yet) is written at its target
    if target.is_file():
        with target.open("a", encoding="utf-8"):  # opened to append and closed: the file is as it was
            pass
    elif not target.exists():
        try:
            with target.open("x", encoding="utf-8"):  # made and removed: the folder takes new files
                pass
        finally:
            target.unlink(missing_ok=True)


class Bar:
    """A progress bar on a terminal."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.started = time.perf_counter()

    def update(self, done: int, total: int) -> None:
        """Redraw the bar: ``done`` of ``total`` matches played."""
        width = 30
        filled = width * done // total
        rate = done / max(time.perf_counter() - self.started, 1e-9)
        left = (total - done) / rate if rate else 0
        _show(self, f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches, about {left:.0f} s left ")

    def close(self) -> None:
        """End the bar's line."""
        _show(self, "\n")


class Lines:
    """Progress as a line at each tenth of the matches, where standard error is not a terminal."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.started = time.perf_counter()
        self.tenths = 0

    def update(self, done: int, total: int) -> None:
        """Write a line when ``done`` of ``total`` matches reaches another tenth."""
        tenths = 10 * done // total
        if tenths == self.tenths:
            return
        self.tenths = tenths
        spent = time.perf_counter() - self.started
        left = spent * (total - done) / done
        _show(self, f"{done}/{total} matches played, {spent:.0f} s so far, about {left:.0f} s left\n")

    def close(self) -> None:
        """Nothing to finish: every line is complete."""


def _show(shown: Bar | Lines, text: str) -> None:
    """Write ``text`` of the progress shown; where its stream cannot take it (a reader gone, a full disk), progress
    stops being shown and the run goes on: the results are what matters."""
    stream = shown.stream
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):  # ValueError: the stream was closed
        shown.stream = None


def progress(stream: TextIO | None) -> Bar | Lines:
    """Progress shown on ``stream``: a bar at a terminal, else a line at each tenth of the matches (None: not shown)."""
    try:
        at_terminal = stream is not None and stream.isatty()
    except (OSError, ValueError):
        at_terminal = False
    return Bar(stream) if at_terminal else Lines(stream)
