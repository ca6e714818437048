"""Leagues: every pairing of a list of bots, on the same deals in every seating, rated by Bradley–Terry.

A league of bots ``A B C D`` in a game of two sides plays every pairing (``A-B``, ``A-C``... six
of them) for ``matches`` matches each.  A pairing seats one bot per side (in a team game each bot
plays every seat of its side); in a game of more sides a "pairing" is every group of as many
bots as there are sides.  Each pairing is a :class:`~kozel.bots.Tournament` with
``duplicate=True``: match ``i`` is dealt from the seed of deal ``i // sides`` and the bots move
round by one side a match, so each deal is played once in every seating, with the sides swapped
in a game of two.  Every pairing is dealt the same deals, from the league's seed, so the luck of
the cards falls on every bot alike.

From the matches: a head-to-head table (for each two bots, how often each beat the other, with 95%
Wilson intervals), and a rating per bot, Bradley–Terry fitted to every pairing at once
(:mod:`kozel.bots.ratings`: Elo scale, 95% intervals from the Fisher information).  In a match a
bot beats another when its side is not a goat and the other's is; when both or neither are goats
it is a draw, half a win each.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, SupportsIndex  # noqa: F401 - SupportsIndex: League.__init__'s hints name it

import attrs

import kozel
from kozel.bots.ratings import Ratings, bradley_terry
from kozel.bots.runner import BotError
from kozel.bots.specs import BotLike, Entrant, entrant, unique_names
from kozel.bots.stats import share_interval
from kozel.bots.tournament import (
    Executor,
    MatchOutcome,
    Tournament,
    _check_callbacks,
    _check_outcome_types,
    _check_seed,
    _check_timer,
    _check_workers,
    _move_seconds,
    _plain_int,
    batches,
    play_batch,
)
from kozel.bots.tournament_log import (
    REPLAYED,
    LogCheckStopped,
    checked_replay,
    log_path,
    read_log,
    writing_log,
)
from kozel.errors import IllegalMoveError, KozelError, WrongTypeError
from kozel.limits import MAX_MATCHES
from kozel.plain_types import short_repr, text_in, whole_in
from kozel.rules.checks import table_text
from kozel.rules.ruleset import Ruleset

__all__ = ["HeadToHead", "League", "LeagueResult", "TableRow", "play_pairing_batch"]


#: What a log's file name keeps of a bot's name; anything else is written ``_``.
_SAFE: Final = re.compile(r"[^A-Za-z0-9._-]")
#: The name of a league's log as earlier versions named it, by the pairing's place.
_POSITIONAL: Final = re.compile(r"pairing-[0-9]+\.log")


def _no_log_options(replay: object, on_replay: object) -> None:
    """:class:`~kozel.errors.KozelError` if ``replay`` or ``on_replay`` is given to a run without a log."""
    if replay != REPLAYED or on_replay is not None:
        raise KozelError("replay and on_replay say how a run's log is checked: give them with log")


def _entrants(bots: Sequence[BotLike | Entrant]) -> tuple[Entrant, ...]:
    if isinstance(bots, (str, type)) or not isinstance(bots, Sequence):
        raise KozelError(f"a league's bots are a sequence of bots, not {type(bots).__name__}")
    return unique_names(tuple(entrant(bot) for bot in bots))


def play_pairing_batch(pairing: int, *call: Any) -> tuple[int, list[MatchOutcome]]:
    """Play one batch of the matches of ``pairing`` (what one process is sent); the pairing and the outcomes."""
    return pairing, play_batch(*call)


@attrs.frozen
class HeadToHead:
    """Two bots' record against each other over a league."""

    #: The first bot's name.
    a: str
    #: The second bot's name.
    b: str
    #: Matches they played together.
    matches: int
    #: Matches ``a`` beat ``b`` (its side not a goat, ``b``'s a goat).
    a_wins: int
    #: Matches ``b`` beat ``a``.
    b_wins: int

    def __attrs_post_init__(self) -> None:
        text_in("a head-to-head's a", self.a)
        text_in("a head-to-head's b", self.b)
        for field in ("matches", "a_wins", "b_wins"):  # a league plays at most MAX_MATCHES a pairing
            whole_in(f"a head-to-head's {field}", getattr(self, field), 0, MAX_MATCHES)
        if self.a_wins + self.b_wins > self.matches:
            raise KozelError(
                f"a head-to-head's wins, {self.a_wins} and {self.b_wins}, are more than its {self.matches} matches"
            )

    @property
    def draws(self) -> int:
        """Matches neither beat the other (both goats, or neither)."""
        return self.matches - self.a_wins - self.b_wins

    @property
    def a_rate(self) -> float:
        """The share of their matches ``a`` won, a draw counting half."""
        return (self.a_wins + self.draws / 2) / self.matches if self.matches else 0.0

    @property
    def a_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of ``a``'s share, :attr:`a_rate` (a draw counting half): around that share, and
        the mirror of ``b``'s (``b``'s low end is 1 minus ``a``'s high end)."""
        return share_interval(self.a_wins + self.draws / 2, self.matches)

    def as_data(self) -> dict[str, Any]:
        """The record as plain data (for ``--json``)."""
        return {
            "a": self.a,
            "b": self.b,
            "matches": self.matches,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "a_win_rate": self.a_rate,
            "a_win_rate_95": list(self.a_interval),
        }


class TableRow(NamedTuple):
    """One bot's line of a league's table (:meth:`LeagueResult.table`), a tuple of these six in this order."""

    #: The bot's name in the league (distinct: a name given again gets `` #2``).
    name: str
    #: The bot's spec, as it was given or as it is written for an instance.
    spec: str
    #: Its Bradley-Terry rating on the Elo scale (the league's mean is 0).
    rating: float
    #: The 95% interval of its rating.
    interval: tuple[float, float]
    #: The matches it played.
    matches: int
    #: The matches its side was not a goat in.
    wins: int


@attrs.frozen
class LeagueResult:
    """What a league came to: every pairing's matches, the head-to-head table and the ratings."""

    #: The league played.
    league: League
    #: The outcomes of each pairing's matches, in the order of :meth:`League.pairings`, each in match order.
    outcomes: tuple[tuple[MatchOutcome, ...], ...]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.league, League):
            raise WrongTypeError(f"a league's result is of a League, not {type(self.league).__name__}")
        outcomes = self.outcomes
        if type(outcomes) is not tuple or not all(type(each) is tuple for each in outcomes):
            raise WrongTypeError(
                f"a league's outcomes are a tuple of each pairing's outcomes, each a tuple, not {short_repr(outcomes)}"
            )
        pairings = len(self.league.pairings())
        if len(outcomes) != pairings:
            raise KozelError(f"a league's outcomes are given for {len(outcomes)} pairings; this league has {pairings}")
        for each in outcomes:
            for outcome in each:
                _check_outcome_types(outcome)

    def wins(self) -> list[list[float]]:
        """The table of wins: ``wins[i][j]``, the matches bot ``i`` beat bot ``j``, each draw half a win each."""
        size = len(self.league.bots)
        table = [[0.0] * size for _ in range(size)]
        for pairing, outcomes in zip(self.league.pairings(), self.outcomes, strict=True):
            for outcome in outcomes:
                bots = [pairing[sitter] for sitter in outcome.sides]  # the league's bot on each side
                for x, y in itertools.combinations(range(len(bots)), 2):
                    x_goat, y_goat = x in outcome.goats, y in outcome.goats
                    if x_goat == y_goat:
                        table[bots[x]][bots[y]] += 0.5
                        table[bots[y]][bots[x]] += 0.5
                    elif y_goat:
                        table[bots[x]][bots[y]] += 1
                    else:
                        table[bots[y]][bots[x]] += 1
        return table

    def ratings(self) -> Ratings:
        """Each bot's Bradley–Terry rating, in the order of the league's bots (see :mod:`kozel.bots.ratings`)."""
        return bradley_terry(self.wins())

    def head_to_head(self) -> list[HeadToHead]:
        """Each two bots' record against each other, in the order of the league's bots."""
        names = self.league.names
        size = len(names)
        together = [[0] * size for _ in range(size)]
        beat = [[0] * size for _ in range(size)]
        for pairing, outcomes in zip(self.league.pairings(), self.outcomes, strict=True):
            for outcome in outcomes:
                bots = [pairing[sitter] for sitter in outcome.sides]
                for x, y in itertools.permutations(range(len(bots)), 2):
                    together[bots[x]][bots[y]] += 1
                    if x not in outcome.goats and y in outcome.goats:
                        beat[bots[x]][bots[y]] += 1
        return [
            HeadToHead(names[i], names[j], together[i][j], beat[i][j], beat[j][i])
            for i, j in itertools.combinations(range(size), 2)
        ]

    def table(self) -> list[TableRow]:
        """The bots from the best rated, a :class:`TableRow` each: name, spec, rating, its 95% interval, matches
        played, matches won."""
        ratings = self.ratings()
        played = [0] * len(self.league.bots)
        won = [0] * len(self.league.bots)
        for pairing, outcomes in zip(self.league.pairings(), self.outcomes, strict=True):
            for outcome in outcomes:
                for side, sitter in enumerate(outcome.sides):
                    played[pairing[sitter]] += 1
                    won[pairing[sitter]] += side not in outcome.goats
        rows = [
            TableRow(bot.name, bot.spec, ratings.ratings[i], ratings.interval(i), played[i], won[i])
            for i, bot in enumerate(self.league.bots)
        ]
        return sorted(rows, key=lambda row: -row.rating)

    def as_data(self) -> dict[str, Any]:
        """The league's results as plain data (for ``--json``)."""
        league = self.league
        return {
            "kozel_version": kozel.__version__,
            "ruleset": league.rules.name,
            "players": league.rules.players,
            "matches_per_pairing": league.matches,
            "seed": league.seed,
            "rating": "Bradley-Terry, Elo scale (mean 0), 95% intervals from the Fisher information",
            "ratings": [
                {
                    "bot": name,
                    "spec": spec,
                    "rating": rating,
                    "rating_95": list(interval),
                    "matches": matches,
                    "wins": wins,
                }
                for name, spec, rating, interval, matches, wins in self.table()
            ],
            "head_to_head": [row.as_data() for row in self.head_to_head()],
            "pairings": [
                {
                    "bots": [league.names[i] for i in pairing],
                    "specs": [league.bots[i].spec for i in pairing],
                    "outcomes": [outcome.as_data() for outcome in outcomes],
                }
                for pairing, outcomes in zip(league.pairings(), self.outcomes, strict=True)
            ],
        }


@attrs.frozen
class League:
    """A league's settings: every pairing of ``bots`` plays ``matches`` matches; :meth:`run` plays it."""

    #: The rules played.
    rules: Ruleset
    #: The bots: spec strings, Bot classes, factories or instances, held as entrants (names made distinct).
    bots: tuple[Entrant, ...] = attrs.field(converter=_entrants)
    #: Matches per pairing: a multiple of the number of sides, so that each deal is played in every seating
    #: (at most ``kozel.limits.MAX_MATCHES``).
    matches: int = attrs.field(converter=_plain_int)
    #: The seed of the deals (the same deals for every pairing).
    seed: int = attrs.field(default=0, converter=_plain_int)
    #: The seconds each call of a bot's own code may take, or None for no limit, as in a
    #: :class:`~kozel.bots.Tournament` (at most ``kozel.limits.MAX_MOVE_SECONDS``): a bot over it fails with
    #: :class:`~kozel.bots.BotError`.  It needs POSIX signals (not Windows), and with one process the main thread.
    move_seconds: float | None = attrs.field(default=None, converter=_move_seconds, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Ruleset):
            raise WrongTypeError(f"a league is played by a Ruleset, not {type(self.rules).__name__}")
        _check_seed("a league's seed", self.seed)
        sides = self.rules.sides
        if len(self.bots) < max(2, sides):
            raise KozelError(f"a league of {self.rules.name} ({sides} sides) needs {max(2, sides)} or more bots")
        if type(self.matches) is not int:
            raise WrongTypeError(
                f"a league plays a whole number of matches per pairing, not {table_text(self.matches)}"
            )
        if self.matches < 1 or self.matches % sides:
            raise KozelError(
                f"a league plays each deal once in each of the {sides} seatings of a pairing: its matches per "
                f"pairing are a positive multiple of {sides}, not {table_text(self.matches)}"
            )
        if self.matches > MAX_MATCHES:
            raise KozelError(
                f"a league plays at most {MAX_MATCHES} matches per pairing, not {table_text(self.matches)}"
            )

    @property
    def names(self) -> tuple[str, ...]:
        """Each bot's name in tables and JSON (distinct: a name given again gets `` #2``)."""
        return tuple(bot.name for bot in self.bots)

    def log_name(self, pairing: Sequence[int]) -> str:
        """The file name of ``pairing``'s log in a league's log folder (``kozel league --log DIR``), made of its bots.

        The bots' names joined by ``_vs_`` (each cut to 40 characters, fewer in a game of more than three sides so
        that the name stays well under the 255 bytes a file name may have; anything but letters, digits, ``.``,
        ``_`` and ``-`` as ``_``), then 10 hex digits of the SHA-256 of the bots' specs and names:
        ``random_vs_heuristic-0a1b2c3d4e.log``.  It depends only on the pairing's bots, in their order, not on
        its place among the pairings, so a league with a bot added (or the bots in another order that keeps
        each pairing's two in theirs) finds the logs of the pairings it played already.  ``pairing`` is
        checked as :meth:`tournament` checks it.
        """
        tournament = self.tournament(pairing)
        each = min(40, max(8, 120 // len(tournament.names)))  # a file name stays far below 255 bytes, sides as many
        shown = "_vs_".join(_SAFE.sub("_", name)[:each] for name in tournament.names)
        key = json.dumps({"bots": list(tournament.specs), "names": list(tournament.names)}, ensure_ascii=False)
        return f"{shown}-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:10]}.log"

    def log_paths(self, folder: str | os.PathLike[str]) -> list[Path]:
        """The log of each pairing (in the order of :meth:`pairings`) in ``folder``, made if it is missing.

        Each is named by :meth:`log_name`.  A log named by its place among the pairings (``pairing-1.log``), as
        earlier versions of kozel named them, is refused (:class:`~kozel.errors.KozelError`), and so is a
        ``folder`` that is not one or cannot be made.
        """
        folder = log_path(folder, "a league's log folder")
        try:
            if folder.exists() and not folder.is_dir():
                raise KozelError(f"a league's logs go in a folder, one log a pairing; {folder} is not one")
            folder.mkdir(exist_ok=True)
            positional = sorted(path.name for path in folder.iterdir() if _POSITIONAL.fullmatch(path.name))
        except OSError as error:
            raise KozelError(f"cannot make the log folder {folder}: {error.strerror}") from None
        if positional:
            raise KozelError(
                f"{folder / positional[0]}: a league's log named by the pairing's place, as earlier versions of "
                "kozel named them; a league's logs are now named by their bots (such as "
                "random_vs_heuristic-0a1b2c3d4e.log) and are taken up only by the kozel version that began them: "
                "play the league again in a new folder"
            )
        return [folder / self.log_name(pairing) for pairing in self.pairings()]

    def _in_pairing(self, number: int, error: Exception) -> Exception:
        """A bot's failure in pairing ``number`` (its place in :meth:`pairings`), said with the pairing's bots."""
        if not isinstance(error, (BotError, IllegalMoveError)):
            return error
        pairings = self.pairings()
        bots = " vs ".join(self.names[place] for place in pairings[number])
        message = f"{error}, in pairing {number + 1} of {len(pairings)} ({bots})"
        renamed: BotError | IllegalMoveError = (
            BotError(message, error.seat, error.reason)
            if isinstance(error, BotError)
            else IllegalMoveError(message, error.move, error.rule)
        )
        renamed.pairing = number  # where it failed, for the command's log name
        return renamed

    def pairings(self) -> list[tuple[int, ...]]:
        """Every pairing: the bots (by their place in the list) of each, one per side, in order."""
        return list(itertools.combinations(range(len(self.bots)), self.rules.sides))

    def tournament(self, pairing: Sequence[int]) -> Tournament:
        """The tournament one pairing plays: its bots, this league's matches and seed, each deal in every seating.

        ``pairing`` names one bot per side by its place in the league's list, each once (as :meth:`pairings` does):
        :class:`~kozel.errors.WrongTypeError` for another kind, :class:`~kozel.errors.KozelError` for another value.
        """
        if isinstance(pairing, (str, bytes)) or not isinstance(pairing, Sequence):
            raise WrongTypeError(
                f"a pairing is a sequence of the bots' places in the list, not {type(pairing).__name__}"
            )
        count, sides = len(self.bots), self.rules.sides
        for place in pairing:
            if type(place) is not int:
                raise WrongTypeError(f"a pairing names each bot by its place, a whole number, not {table_text(place)}")
        if len(pairing) != sides or len(set(pairing)) != sides or not all(0 <= place < count for place in pairing):
            raise KozelError(
                f"a pairing names {sides} different bots by their places, 0 to {count - 1}, "
                f"not {table_text(list(pairing))}"
            )
        return Tournament(
            self.rules,
            tuple(self.bots[i] for i in pairing),
            self.matches,
            self.seed,
            duplicate=True,
            move_seconds=self.move_seconds,
        )

    def run(
        self,
        processes: int = 1,
        progress: Callable[[int, int], None] | None = None,
        executor: Executor | None = None,
        done: Sequence[Sequence[MatchOutcome]] = (),
        on_outcome: Callable[[int, MatchOutcome], None] | None = None,
        *,
        log: str | os.PathLike[str] | None = None,
        replay: int | None = REPLAYED,
        on_replay: Callable[[Path, int, int], None] | None = None,
    ) -> LeagueResult:
        """Play every pairing (over ``processes`` local processes, or on ``executor``); the results.

        ``processes`` and ``executor`` are as in :meth:`Tournament.run
        <kozel.bots.Tournament.run>`.  ``done`` holds, for each pairing in the order of
        :meth:`pairings`, the matches already played (by an earlier run that was stopped): they are
        not played again, only checked to be that pairing's (:meth:`Tournament.check
        <kozel.bots.Tournament.check>`).  ``on_outcome(pairing, outcome)`` is called with each
        match this call plays as soon as it ends (each process then plays one match at a time), and
        ``progress(played, to_play)`` as matches end, counting only this call's matches.

        A bot that fails raises what it raises in a tournament (:class:`~kozel.bots.BotError`, or
        :class:`~kozel.errors.IllegalMoveError` for an answer that is not a legal move), its message naming
        the pairing besides the bot and the match (``bot 'mybots:Raiser' failed at match 0: RuntimeError:
        boom, in pairing 2 of 3 (random vs raiser)``), and its ``pairing`` attribute that pairing's place in
        :meth:`pairings`.  A bot over the league's ``move_seconds`` fails so too (``... took longer than 0.5 s to
        choose (move_seconds), in pairing 2 of 3 ...``).

        With ``log`` (a folder, as text or :class:`os.PathLike`; made if missing), the league goes on from its
        logs, as ``kozel league --log DIR`` does: one log a pairing in the folder, named by :meth:`log_name`
        (:meth:`log_paths`), each read and checked as :func:`~kozel.bots.tournament_log.run_logged`
        reads its log (``replay`` of each pairing's logged matches played again first, all if ``None``,
        ``on_replay(path, replayed, logged)`` being called before), its matches taken as done, and each new
        match written to its pairing's log as it ends, before ``on_outcome`` is called with it.  So a league
        with a bot added plays only the pairings with the new bot.  A bot's failure then names the pairing's
        log too (``...; its log: FOLDER/random_vs_raiser-0a1b2c3d4e.log``); Ctrl-C while the logs are checked
        raises :class:`~kozel.bots.tournament_log.LogCheckStopped`, the logs left as they were.  ``done`` is
        then left empty.  Without ``log``, ``replay`` and ``on_replay`` are left out.
        """
        if log is not None:
            return self._run_logged(
                log,
                processes=processes,
                progress=progress,
                executor=executor,
                done=done,
                on_outcome=on_outcome,
                replay=replay,
                on_replay=on_replay,
            )
        _no_log_options(replay, on_replay)
        processes = _check_workers(self.bots, processes, executor)
        _check_timer(self.move_seconds, processes, executor)
        _check_callbacks(progress=progress, on_outcome=on_outcome)
        if isinstance(done, (str, bytes)) or not isinstance(done, Sequence):
            raise WrongTypeError(
                f"the matches done are given as a sequence of each pairing's outcomes, not {type(done).__name__}"
            )
        pairings = self.pairings()
        if done and len(done) != len(pairings):
            raise KozelError(f"the matches done are given for {len(done)} pairings; this league has {len(pairings)}")
        tournaments = [self.tournament(pairing) for pairing in pairings]
        found: list[list[MatchOutcome]] = []
        to_play: list[list[int]] = []
        for number, tournament in enumerate(tournaments):
            known = tournament.check(done[number]) if done else {}
            found.append(list(known.values()))
            to_play.append([index for index in range(self.matches) if index not in known])
        total = sum(len(indexes) for indexes in to_play)
        size = 1 if processes <= 1 or on_outcome is not None else max(1, min(25, total // (4 * processes)))
        calls = []
        for number, (tournament, indexes) in enumerate(zip(tournaments, to_play, strict=True)):
            chunks = [indexes[start : start + size] for start in range(0, len(indexes), size)]
            calls += [(number, *call) for call in tournament.calls(chunks)]
        played = 0

        def failing(call: int, error: Exception) -> Exception:
            return self._in_pairing(calls[call][0], error)

        running = batches(calls, play_pairing_batch, processes=processes, executor=executor, failing=failing)
        with contextlib.closing(running) as batch:
            for number, chunk in batch:  # closed at once if a callback raises: the matches not begun are cancelled
                found[number] += chunk
                played += len(chunk)
                if on_outcome is not None:
                    for outcome in chunk:
                        on_outcome(number, outcome)
                if progress is not None:
                    progress(played, total)
        return LeagueResult(self, tuple(tuple(sorted(each, key=lambda outcome: outcome.index)) for each in found))

    def _run_logged(
        self,
        log: str | os.PathLike[str],
        *,
        processes: int,
        progress: Callable[[int, int], None] | None,
        executor: Executor | None,
        done: Sequence[Sequence[MatchOutcome]],
        on_outcome: Callable[[int, MatchOutcome], None] | None,
        replay: int | None,
        on_replay: Callable[[Path, int, int], None] | None,
    ) -> LeagueResult:
        """:meth:`run` with a log folder: each pairing's log read and checked, then written as its matches end."""
        _check_callbacks(progress=progress, on_outcome=on_outcome, on_replay=on_replay)
        replay = checked_replay(replay)
        if isinstance(done, (str, bytes)) or not isinstance(done, Sequence) or done:
            raise KozelError("a league given its logs takes the matches done from them: give done or log, not both")
        paths = self.log_paths(log)
        tournaments = [self.tournament(pairing) for pairing in self.pairings()]

        def replaying(path: Path) -> Callable[[int, int], None] | None:
            if on_replay is None:
                return None
            return lambda replayed, logged: on_replay(path, replayed, logged)

        try:
            logged = [
                read_log(
                    path,
                    tournament,
                    replay=replay,
                    processes=processes,
                    on_replay=replaying(path),
                    executor=executor,
                )
                for path, tournament in zip(paths, tournaments, strict=True)
            ]
        except KeyboardInterrupt:
            raise LogCheckStopped(f"stopped while checking the logs in {log}, which are as they were") from None
        with contextlib.ExitStack() as stack:
            writers = [
                stack.enter_context(writing_log(path, tournament))
                for path, tournament in zip(paths, tournaments, strict=True)
            ]

            def written(number: int, outcome: MatchOutcome) -> None:
                writers[number](outcome)
                if on_outcome is not None:
                    on_outcome(number, outcome)

            try:
                return self.run(processes, progress, executor, logged, written)
            except (BotError, IllegalMoveError) as error:
                if error.pairing is None:
                    raise
                raise _with_log(error, paths[error.pairing]) from error.__cause__


def _with_log(error: BotError | IllegalMoveError, path: Path) -> BotError | IllegalMoveError:
    """``error`` (a bot's failure in a league's pairing) with the pairing's log named after its message."""
    message = f"{error}; its log: {path}"
    renamed: BotError | IllegalMoveError = (
        BotError(message, error.seat, error.reason)
        if isinstance(error, BotError)
        else IllegalMoveError(message, error.move, error.rule)
    )
    renamed.pairing = error.pairing
    return renamed
