"""A tournament's log: each match's outcome written down as it ends, so a stopped run can go on.

The log is a text file of JSON lines.  The first line names the run::

    {"kozel tournament": 3, "kozel": "(its version)", "ruleset": "classic", "players": 4,
     "bots": ["ismcts", "heuristic"], "names": ["ismcts", "heuristic"], "duplicate": false, "seed": 1}

(on one line; a ruleset that is not a built-in one, or a built-in one seated for its players, is
named by its name and the SHA-256 of its whole JSON form, ``{"name": "house", "sha256": "..."}``, so that
a changed house ruleset is another run), and each further line is one match's outcome
(:meth:`~kozel.bots.MatchOutcome.as_data`, with the SHA-256 of the match's record text)
and its ``"seal"``: the SHA-256 of the run's first line and the outcome together (:func:`seal`).  A
run given the same log plays only the matches the log lacks; since each match depends only on the
run's seed and its number, the results are those of one uninterrupted run.  A run may ask for more
matches than the log's run did (to extend it), never fewer.  The kozel version is part of the run:
bots and rules may change between versions, so a log is taken up only by the version that began it.

Every line is checked against the run before any match is played:

* its outcome must fit the run (:meth:`~kozel.bots.Tournament.check_one`) and be its match's only
  line;
* its seal must be the seal of that outcome in this run, so a line copied from another run's log
  (another ruleset, seed or bot) or edited by hand (points swapped, a goat moved) is refused;
* a sample of the logged matches (:data:`REPLAYED` of them by default, drawn from the run's seed and
  the log's length, or every one with ``replay=None``) is played again and must come out exactly as
  logged, record digest included.  The seal is no signature: whoever recomputes it can forge a line,
  and such a line is found only if it is among those replayed.  ``replay=None`` replays them all
  (cheap with the random and heuristic bots; a search bot takes about as long as the matches took).

A log that is not one (a line that is not JSON, as a run killed while writing leaves; another
run's log; an outcome that fails one of the checks above; a match written twice) raises
:class:`LogError` naming the file and line: nothing in it is skipped or repaired.

:func:`run_logged` (``run_logged(tournament, PATH)``) does all of this in one call: it reads and
checks the log at ``PATH``, takes its matches as done, and writes each new match to it as it ends
(:meth:`League.run(log=FOLDER) <kozel.bots.League.run>` so too, with a log a pairing).

A log is a regular file: a folder, a FIFO, a device (``/dev/full``, ``/dev/zero``) or a socket is
refused before anything is read from it.  A log holds at most :data:`MAX_LOG_BYTES` bytes, and a
line at most :data:`MAX_LINE_BYTES`: a longer file or line is refused without being read whole, and a
run whose log would grow past the limit stops with :class:`LogError` before writing past it.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Final

import kozel
from kozel.bots.tournament import (
    BotResult,
    Executor,
    MatchOutcome,
    Tournament,
    _check_callbacks,
)
from kozel.errors import KozelError, WrongTypeError
from kozel.forms.files import dumps_ruleset, not_utf8
from kozel.limits import MAX_MATCHES
from kozel.plain_types import whole_in
from kozel.rules.checks import table_text
from kozel.rules.ruleset import Ruleset

__all__ = [
    "MAX_LINE_BYTES",
    "MAX_LOG_BYTES",
    "REPLAYED",
    "LogCheckStopped",
    "LogError",
    "read_log",
    "replay_sample",
    "run_logged",
    "seal",
    "writing_log",
]

#: The key (and format version) of a log's first line.
_FORMAT: Final = "kozel tournament"
#: The most bytes a log may hold (512 MiB, over a million matches' lines).
MAX_LOG_BYTES: Final = 512 * 1024 * 1024
#: The most bytes a line of a log may hold, its line end included (64 KiB).
MAX_LINE_BYTES: Final = 64 * 1024
#: How many of its matches a log read back has replayed by default.
REPLAYED: Final = 4
#: Open without waiting: a FIFO with no writer must not block the open (where the system has it).
_NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)


class LogError(KozelError, ValueError):
    """A tournament log that cannot be taken up: not a regular file, too large, or a line that is not this run's."""


class LogCheckStopped(KeyboardInterrupt):
    """Ctrl-C while a run given a log read it and replayed its matches: nothing was written to the log."""


def log_path(log: object, what: str = "a log") -> Path:
    """``log`` (text or an :class:`os.PathLike`, never empty) as a :class:`~pathlib.Path`; ``what`` names it."""
    if not isinstance(log, (str, os.PathLike)):
        raise WrongTypeError(f"{what} is a path, text or os.PathLike, not {type(log).__name__}")
    text = os.fspath(log)
    if not isinstance(text, str):
        raise WrongTypeError(f"{what} is a path as text, not as {type(text).__name__}")
    if not text.strip():
        raise KozelError(f"{what} is named by a path; an empty one names nothing")
    return Path(text)


def checked_replay(replay: object) -> int | None:
    """How many logged matches to play again: a whole number from 0, or None for every one."""
    return whole_in("replay, the logged matches to play again,", replay, 0, None, none=True)


def run_logged(
    tournament: Tournament,
    log: str | os.PathLike[str],
    processes: int = 1,
    *,
    progress: Callable[[int, int], None] | None = None,
    on_outcome: Callable[[MatchOutcome], None] | None = None,
    executor: Executor | None = None,
    replay: int | None = REPLAYED,
    on_replay: Callable[[int, int], None] | None = None,
) -> tuple[list[BotResult], list[MatchOutcome]]:
    """``tournament`` run on from its log at ``log``, as ``kozel simulate --log`` runs it: the whole run's results.

    The matches the log holds are taken as done: every line is checked, ``replay`` of them (all if None) are
    played again first and compared (``on_replay(replayed, logged)`` is called before that); each match this
    call plays is written to the log as it ends, before ``on_outcome`` is called with it.  ``processes``,
    ``progress`` and ``executor`` are as in :meth:`Tournament.run <kozel.bots.Tournament.run>`.  A log of another
    run is refused with :class:`LogError` before any match is played; Ctrl-C while the log is checked raises
    :class:`LogCheckStopped` (a ``KeyboardInterrupt``), the log left as it was.
    """
    path = log_path(log)
    _check_callbacks(progress=progress, on_outcome=on_outcome, on_replay=on_replay)
    replay = checked_replay(replay)
    try:
        logged = read_log(path, tournament, replay=replay, processes=processes, on_replay=on_replay, executor=executor)
    except KeyboardInterrupt:
        raise LogCheckStopped(f"stopped while checking {path}, which is as it was") from None
    with writing_log(path, tournament) as write:

        def written(outcome: MatchOutcome) -> None:
            write(outcome)
            if on_outcome is not None:
                on_outcome(outcome)

        return tournament.run(processes, progress, logged, written, executor)


def _header(tournament: Tournament) -> dict[str, Any]:
    rules = tournament.rules
    return {
        _FORMAT: 3,
        "kozel": kozel.__version__,
        "ruleset": _ruleset_name(rules),
        "players": rules.players,
        "bots": list(tournament.specs),
        "names": list(tournament.names),
        "duplicate": tournament.duplicate,
        "seed": tournament.seed,
    }


@functools.lru_cache(maxsize=16)
def _ruleset_name(rules: Ruleset) -> str | dict[str, str]:
    """The ruleset as a log's first line names it: a built-in one (seated for any players) by its name, any other by
    its name and the SHA-256 of its whole JSON form."""
    built_in = kozel.variants.CATALOG.get(rules.name)
    if built_in is not None and (rules == built_in or rules == built_in.for_players(rules.players)):
        return rules.name
    return {"name": rules.name, "sha256": hashlib.sha256(dumps_ruleset(rules, indent=None).encode("utf-8")).hexdigest()}


def seal(tournament: Tournament, outcome: MatchOutcome) -> str:
    """The seal of ``outcome``'s line in ``tournament``'s log: the SHA-256 of the run's first line and the outcome.

    It ties the line to the run: the same outcome has another seal in a run of another ruleset, seed,
    bots or kozel version, and a changed outcome has another seal.
    """
    text = _canonical(_header(tournament)) + "\n" + _canonical(outcome.as_data())
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def replay_sample(tournament: Tournament, indexes: Sequence[int], count: int | None = REPLAYED) -> list[int]:
    """Which of the logged matches ``indexes`` to replay: ``count`` of them (all if ``None``), in order.

    The choice is drawn from the run's seed and how many matches are logged, so the same log gives
    the same choice, and a log that has grown gets a new one.
    """
    if count is not None and count < 0:
        raise KozelError(f"a log replays 0 or more of its matches, not {table_text(count)}")
    if count is None or count >= len(indexes):
        return sorted(indexes)

    def draw(index: int) -> bytes:
        return hashlib.sha256(f"kozel/replay/{tournament.seed}/{len(indexes)}/{index}".encode()).digest()

    return sorted(sorted(indexes, key=draw)[:count])


def read_log(
    path: str | Path,
    tournament: Tournament,
    *,
    replay: int | None = REPLAYED,
    processes: int = 1,
    on_replay: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> list[MatchOutcome]:
    """The matches of ``tournament`` already written in the log at ``path``; none if there is no file.

    Every line is checked (see the module's notes), and ``replay`` of the logged matches (all if
    ``None``, see :func:`replay_sample`) are played again over ``processes`` (or on ``executor``,
    see :meth:`~kozel.bots.Tournament.run`) and compared with their
    lines; ``on_replay(replayed, logged)`` is called before that.  :class:`LogError` names the first
    line that fails.
    """
    path = Path(path)
    header = _header(tournament)
    outcomes: list[MatchOutcome] = []
    lines_of: dict[int, int] = {}
    furthest = -1  # the furthest match logged past this run's matches
    with _opened(path) as file:
        for number, line, last in _lines(file, path):
            where = f"{path}, line {number}"
            if number == 1:
                try:
                    data = _json(line, where, last)
                except LogError:
                    if last and line.startswith(b'{"kozel tournament"'):  # a run stopped while writing its first line
                        raise
                    raise LogError(f"{path}: not a kozel tournament log (its first line names the run)") from None
            else:
                data = _json(line, where, last)
            if number == 1:
                if not isinstance(data, dict) or _FORMAT not in data:
                    raise LogError(f"{path}: not a kozel tournament log (its first line names the run)")
                if _canonical(data) != _canonical(header):
                    raise LogError(
                        f"{path}: the log of another run: {_differences(data, header)}; give this run a log of its "
                        "own (another file), or take this one up with the run that began it"
                    )
                continue
            try:
                outcome = _outcome(data, tournament, where)
            except _PastTheRun as past:  # the log of a longer run: how long is said once every line is read
                furthest = max(furthest, past.index)
                continue
            if outcome.index in lines_of:
                raise LogError(f"{where}: match {outcome.index} is written twice (line {lines_of[outcome.index]} too)")
            lines_of[outcome.index] = number
            outcomes.append(outcome)
    if furthest >= 0:
        raise LogError(
            f"{path}: the log of a longer run, with matches up to match {furthest}, past this run's "
            f"{tournament.matches}: run it with {furthest + 1} matches or more to go on"
        )
    if outcomes:
        _check_replays(
            path,
            tournament,
            outcomes,
            lines_of,
            replay=replay,
            processes=processes,
            on_replay=on_replay,
            executor=executor,
        )
    return outcomes


class _PastTheRun(Exception):
    """A logged match past the run's matches: the log is of a longer run."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


def _outcome(data: object, tournament: Tournament, where: str) -> MatchOutcome:
    """The outcome on a line other than the first, checked to fit the run and to carry its seal."""
    if not isinstance(data, dict) or "seal" not in data:
        raise LogError(f"{where}: a match's line is its outcome's fields and its seal")
    fields = {key: value for key, value in data.items() if key != "seal"}
    try:
        outcome = MatchOutcome.from_data(fields)
        if type(outcome.index) is int and tournament.matches <= outcome.index < MAX_MATCHES:
            raise _PastTheRun(outcome.index)
        tournament.check_one(outcome)
    except KozelError as error:
        raise LogError(f"{where}: {error}") from None
    if data["seal"] != seal(tournament, outcome):
        raise LogError(
            f"{where}: match {outcome.index}'s seal is not that of this outcome in this run: "
            "a line of another run's log, or one changed after it was written"
        )
    return outcome


def _check_replays(
    path: Path,
    tournament: Tournament,
    outcomes: list[MatchOutcome],
    lines_of: dict[int, int],
    *,
    replay: int | None,
    processes: int,
    on_replay: Callable[[int, int], None] | None,
    executor: Executor | None = None,
) -> None:
    """Replay a sample of the logged matches; :class:`LogError` at the first that comes out otherwise."""
    logged = {outcome.index: outcome for outcome in outcomes}
    chosen = replay_sample(tournament, list(logged), replay)
    if not chosen:
        return
    if on_replay is not None:
        on_replay(len(chosen), len(logged))
    for again in tournament.replay(chosen, processes, executor):
        written = logged[again.index]
        if again != written:
            changed = [
                f"{key} {value} (replayed: {again.as_data()[key]})"
                for key, value in written.as_data().items()
                if again.as_data()[key] != value
            ]
            raise LogError(
                f"{path}, line {lines_of[again.index]}: match {again.index} does not replay as written: "
                f"{', '.join(changed)}; a line of another run, a forged one, or a bot that does not play "
                "the same from the same seed"
            )


@contextmanager
def _opened(path: Path) -> Iterator[IO[bytes]]:
    """The log at ``path`` open for reading, if it is a regular file; an empty file if there is none."""
    try:
        mode = os.stat(path).st_mode  # a device is not even opened
        if not stat.S_ISREG(mode):
            raise LogError(_not_a_file(path, mode))
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK)
    except FileNotFoundError:
        yield io.BytesIO()
        return
    except OSError as error:
        raise LogError(f"cannot read the log {path}: {error.strerror}") from None
    with os.fdopen(descriptor, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):  # replaced between the look and the opening
            raise LogError(_not_a_file(path, status.st_mode))
        if status.st_size > MAX_LOG_BYTES:
            raise LogError(_too_large(path))
        yield file


def _not_a_file(path: Path, mode: int) -> str:
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    )
    kind = next((name for test, name in kinds if test(mode)), "not a regular file")
    return f"the log {path} is {kind}: a log is a regular file (or a path where none is yet)"


def _too_large(path: Path) -> str:
    return (
        f"the log {path} is larger than a log may be, {MAX_LOG_BYTES // 2**20} MiB: "
        "a longer run goes on in another log, with another seed"
    )


def _lines(file: IO[bytes], path: Path) -> Iterator[tuple[int, bytes, bool]]:
    """Each line of the log without its line end: ``(number, line, whether it is the last)``, within the limits."""
    total = 0
    number = 0
    line = file.readline(MAX_LINE_BYTES + 1)
    while line:
        number += 1
        total += len(line)
        if total > MAX_LOG_BYTES:
            raise LogError(_too_large(path))
        if len(line) > MAX_LINE_BYTES:
            raise LogError(f"{path}, line {number}: longer than a log's line may be, {MAX_LINE_BYTES // 1024} KiB")
        following = file.readline(MAX_LINE_BYTES + 1)
        yield number, line.removesuffix(b"\n"), not following
        line = following


def _differences(logged: dict[Any, Any], header: dict[str, Any]) -> str:
    """How the first line of a log (``logged``) differs from this run's (``header``), key by key, in words."""
    parts = []
    for key in sorted(map(str, set(logged) | set(header))):
        there, here = logged.get(key, _ABSENT), header.get(key, _ABSENT)
        if there is not _ABSENT and here is not _ABSENT and _canonical(there) == _canonical(here):
            continue
        if key == _FORMAT and here is not _ABSENT:
            newer = " (a newer kozel wrote it: upgrade kozel)" if type(there) is int and there > here else ""
            parts.append(f"log format {_shown(there)}; this kozel reads {here}{newer}")
        elif key == "kozel" and here is not _ABSENT:
            parts.append(
                f"begun by kozel {_shown(there)}, not by this kozel {here} (a log is taken up only by the version "
                "that began it)"
            )
        else:
            where, there, here = _first_difference(key, there, here)
            parts.append(f"{where} is {_shown(there)} in the log, {_shown(here)} in this run")
    return "; ".join(parts)


def _first_difference(where: str, there: object, here: object) -> tuple[str, object, object]:
    """Where two values of a first line's key first differ, inside lists of one length and tables of the same keys
    (a long list of bots that differs at its last one is shown by that one, not cut where both still agree)."""
    while True:
        if isinstance(there, list) and isinstance(here, list) and len(there) == len(here):
            index = next(i for i, (a, b) in enumerate(zip(there, here, strict=True)) if _canonical(a) != _canonical(b))
            where, there, here = f"{where}[{index}]", there[index], here[index]
        elif isinstance(there, dict) and isinstance(here, dict) and there.keys() == here.keys():
            name = next(k for k in sorted(there, key=str) if _canonical(there[k]) != _canonical(here[k]))
            where, there, here = f"{where}.{name}", there[name], here[name]
        else:
            return where, there, here


#: A key one of two first lines lacks.
_ABSENT: Final = object()


def _shown(value: object) -> str:
    """A value of a log's first line as a message shows it: its JSON, cut at 80 characters, or 'not given'."""
    if value is _ABSENT:
        return "not given"
    text = _canonical(value) if not isinstance(value, str) else value
    return text if len(text) <= 80 else text[:77] + "..."


def _json(raw: bytes, where: str, last: bool) -> object:
    """The value on one line of a log; :class:`LogError` if it is not one JSON value."""
    if not raw.strip():
        raise LogError(f"{where}: a blank line (delete it to go on)")

    def no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in pairs]
        if len(set(keys)) != len(keys):
            raise LogError(f"{where}: a field is given twice")
        return dict(pairs)

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogError(f"{where}: {not_utf8(error, within=' of the line')}") from None
    try:
        return json.loads(text, object_pairs_hook=no_repeats)
    except (ValueError, RecursionError) as error:  # not JSON, a number too long, nesting too deep
        if isinstance(error, LogError):
            raise
        hint = " (a run stopped while writing leaves its last line cut short: delete it to go on)"
        raise LogError(f"{where}: not a JSON line{hint if last else ''}") from None


def _canonical(data: object) -> str:
    """``data`` as JSON text with sorted keys, so that ``1`` and ``true``, ``4`` and ``4.0`` differ."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@contextmanager
def writing_log(path: str | Path, tournament: Tournament) -> Iterator[Callable[[MatchOutcome], None]]:
    """Open the log at ``path`` for ``tournament``'s run (naming the run if the file is new); yields a writer.

    The writer adds one outcome with its seal and flushes it to the file, so a run killed at any
    time loses at most the line it was writing.  A path that is not a regular file, or a run whose
    first line would be longer than :data:`MAX_LINE_BYTES`, is refused with :class:`LogError` before
    anything is written; the writer raises it rather than take the log past :data:`MAX_LOG_BYTES`.
    Call :func:`read_log` first: this does not check what is there.
    """
    path = Path(path)
    first = _line(_header(tournament))
    if len(first) > MAX_LINE_BYTES:
        raise LogError(f"the run's first line would be longer than a log's line may be, {MAX_LINE_BYTES // 1024} KiB")
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | _NONBLOCK, 0o666)
    except OSError as error:
        raise LogError(f"cannot write the log {path}: {error.strerror}") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise LogError(_not_a_file(path, mode))
    with os.fdopen(descriptor, "a+b") as file:
        file.seek(0, 2)
        if file.tell() == 0:
            file.write(first)
        else:  # a last line complete but for its line end is ended first, so the next is a line of its own
            file.seek(-1, 2)
            if file.read(1) != b"\n":
                file.write(b"\n")
        file.flush()
        size = file.tell()

        def write(outcome: MatchOutcome) -> None:
            nonlocal size
            line = _line({**outcome.as_data(), "seal": seal(tournament, outcome)})
            if size + len(line) > MAX_LOG_BYTES:
                raise LogError(_too_large(path))
            file.write(line)
            file.flush()
            size += len(line)

        yield write


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8")
