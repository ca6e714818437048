"""A tournament's log: each match's outcome written down as it ends, so a stopped run can go on.

The log is a text file of JSON lines.  The first line names the run::

    {"kozel tournament": 1, "ruleset": "classic", "players": 4, "bots": ["ismcts", "heuristic"], "seed": 1}

and each further line is one match's outcome (:meth:`~kozel.bots.tournament.MatchOutcome.as_data`).  A run given the
same log plays only the matches the log lacks; since each match depends only on the run's seed
and its number, the results are those of one uninterrupted run.  A run may ask for more matches
than the log's run did (to extend it), never fewer.

A log that is not one (a line that is not JSON, as a run killed while writing leaves; another
run's log; an outcome that no match of the run could have) raises
:class:`~kozel.errors.KozelError` naming the file and line: nothing in it is skipped or repaired.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from kozel.bots.tournament import MatchOutcome, Tournament
from kozel.errors import KozelError

__all__ = ["read_log", "writing_log"]

#: The key (and format version) of a log's first line.
_FORMAT: Final = "kozel tournament"


def _header(tournament: Tournament) -> dict[str, Any]:
    rules = tournament.rules
    return {
        _FORMAT: 1,
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
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise KozelError(f"cannot read the log {path}: {error}") from None
    outcomes: list[MatchOutcome] = []
    for number, line in enumerate(lines, start=1):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise KozelError(
                f"{path}, line {number}: not a JSON line (a run stopped while writing leaves its last line "
                "cut short: delete that line to go on)"
            ) from None
        if number == 1:
            if not isinstance(data, dict) or _FORMAT not in data:
                raise KozelError(f"{path}: not a kozel tournament log (its first line names the run)")
            if data != _header(tournament):
                raise KozelError(f"{path}: the log of another run ({line.strip()}), not of {_header(tournament)}")
            continue
        try:
            outcomes.append(MatchOutcome.from_data(data))
        except KozelError as error:
            raise KozelError(f"{path}, line {number}: {error}") from None
    try:
        tournament.check(outcomes)
    except KozelError as error:
        raise KozelError(f"{path}: {error}") from None
    return outcomes


@contextmanager
def writing_log(path: str | Path, tournament: Tournament) -> Iterator[Callable[[MatchOutcome], None]]:
    """Open the log at ``path`` for ``tournament``'s run (naming the run if the file is new); yields a writer.

    The writer adds one outcome and flushes it to the file, so a run killed at any time loses at most
    the line it was writing.  Call :func:`read_log` first: this does not check what is there.
    """
    path = Path(path)
    new = not path.exists() or path.stat().st_size == 0
    try:
        opened = path.open("a", encoding="utf-8")
    except OSError as error:
        raise KozelError(f"cannot write the log {path}: {error.strerror}") from None
    with opened as file:
        if new:
            file.write(json.dumps(_header(tournament), ensure_ascii=False) + "\n")
            file.flush()

        def write(outcome: MatchOutcome) -> None:
            file.write(json.dumps(outcome.as_data(), ensure_ascii=False) + "\n")
            file.flush()

        yield write
