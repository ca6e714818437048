"""A tournament's log: each match's outcome written down as it ends, so a stopped run can go on.

The log is a text file of JSON lines.  The first line names the run::

    {"kozel tournament": 1, "kozel": "(its version)", "ruleset": "classic", "players": 4,
     "bots": ["ismcts", "heuristic"], "seed": 1}

(on one line), and each further line is one match's outcome
(:meth:`~kozel.bots.tournament.MatchOutcome.as_data`).  A run given the same log plays only the
matches the log lacks; since each match depends only on the run's seed and its number, the results
are those of one uninterrupted run.  A run may ask for more matches than the log's run did (to
extend it), never fewer.  The kozel version is part of the run: bots and rules may change between
versions, so a log is taken up only by the version that began it.

A log that is not one (a line that is not JSON, as a run killed while writing leaves; another
run's log; an outcome that does not fit the run, see :meth:`~kozel.bots.Tournament.check_one`;
a match written twice) raises :class:`~kozel.errors.KozelError` naming the file and line: nothing
in it is skipped or repaired.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

import kozel
from kozel.bots.tournament import MatchOutcome, Tournament
from kozel.errors import KozelError

__all__ = ["read_log", "writing_log"]

#: The key (and format version) of a log's first line.
_FORMAT: Final = "kozel tournament"


def _header(tournament: Tournament) -> dict[str, Any]:
    rules = tournament.rules
    return {
        _FORMAT: 1,
        "kozel": kozel.__version__,
        "ruleset": rules.name,
        "players": rules.players,
        "bots": list(tournament.specs),
        "seed": tournament.seed,
    }


def read_log(path: str | Path, tournament: Tournament) -> list[MatchOutcome]:
    """The matches of ``tournament`` already written in the log at ``path``; none if there is no file."""
    path = Path(path)
    if not path.exists():
        return []
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as error:
        raise KozelError(f"cannot read the log {path}: {error.strerror}") from None
    if lines[-1] == b"":  # the line end of the last line
        lines.pop()
    header = _header(tournament)
    outcomes: list[MatchOutcome] = []
    lines_of: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        where = f"{path}, line {number}"
        data = _json(line, where, last=number == len(lines))
        if number == 1:
            if not isinstance(data, dict) or _FORMAT not in data:
                raise KozelError(f"{path}: not a kozel tournament log (its first line names the run)")
            if _canonical(data) != _canonical(header):
                raise KozelError(f"{path}: the log of another run ({_canonical(data)}), not of {_canonical(header)}")
            continue
        try:
            outcome = MatchOutcome.from_data(data)
            tournament.check_one(outcome)
        except KozelError as error:
            raise KozelError(f"{where}: {error}") from None
        if outcome.index in lines_of:
            raise KozelError(f"{where}: match {outcome.index} is written twice (line {lines_of[outcome.index]} too)")
        lines_of[outcome.index] = number
        outcomes.append(outcome)
    return outcomes


def _json(raw: bytes, where: str, last: bool) -> object:
    """The value on one line of a log; :class:`~kozel.errors.KozelError` if it is not one JSON value."""
    if not raw.strip():
        raise KozelError(f"{where}: a blank line (delete it to go on)")

    def no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in pairs]
        if len(set(keys)) != len(keys):
            raise KozelError(f"{where}: a field is given twice")
        return dict(pairs)

    try:
        return json.loads(raw.decode("utf-8"), object_pairs_hook=no_repeats)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, a number too long, nesting too deep
        hint = " (a run stopped while writing leaves its last line cut short: delete it to go on)"
        raise KozelError(f"{where}: not a JSON line{hint if last else ''}") from None


def _canonical(data: object) -> str:
    """``data`` as JSON text with sorted keys, so that ``1`` and ``true``, ``4`` and ``4.0`` differ."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@contextmanager
def writing_log(path: str | Path, tournament: Tournament) -> Iterator[Callable[[MatchOutcome], None]]:
    """Open the log at ``path`` for ``tournament``'s run (naming the run if the file is new); yields a writer.

    The writer adds one outcome and flushes it to the file, so a run killed at any time loses at most
    the line it was writing.  Call :func:`read_log` first: this does not check what is there.
    """
    path = Path(path)
    try:
        opened = path.open("a+b")
    except OSError as error:
        raise KozelError(f"cannot write the log {path}: {error.strerror}") from None
    with opened as file:
        file.seek(0, 2)
        if file.tell() == 0:
            file.write(_line(_header(tournament)))
        else:  # a last line complete but for its line end is ended first, so the next is a line of its own
            file.seek(-1, 2)
            if file.read(1) != b"\n":
                file.write(b"\n")
        file.flush()

        def write(outcome: MatchOutcome) -> None:
            file.write(_line(outcome.as_data()))
            file.flush()

        yield write


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8")
