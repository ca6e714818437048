"""Tournaments: many matches between bots, and their results with confidence intervals.

Match ``i`` of a tournament with seed ``s`` is dealt from the seed ``kozel/tournament/{s}/{i}`` and
seats the bots by turns: the bots are given one per side, and the side each bot plays moves round
by one every match, so every bot plays every side equally often.  A match's outcome depends only
on ``s`` and ``i``, so a tournament gives the same results however many processes play it.

With ``duplicate=True`` (as a :class:`~kozel.bots.League` plays) match ``i`` is dealt from
the seed of ``i // sides`` instead: each deal is played once in every seating, so the luck of the
cards falls on every bot alike.

Bots are given as spec strings (:func:`kozel.bots.make_bot`), Bot classes, factories or
instances (:func:`kozel.bots.specs.entrant`); a fresh bot is built for every match.  Tables, JSON
and logs name each bot by its :attr:`~kozel.bots.Bot.name`, its spec kept beside it.

Matches are played in this process, over a local process pool, or by any executor in the manner of
:mod:`concurrent.futures` (``submit`` returning a future that can be cancelled), such as
:class:`kozel.integrations.ray.RayExecutor` on a cluster: the outcomes are the same in each.  A run
over local processes is bounded and its workers end with it (:mod:`kozel.bots.pool`).

With ``move_seconds`` each call of a bot's own code (its making, ``setup``, ``choose``, ``interrupt``, ``reset``) has
that many seconds, as in :func:`kozel.bots.play_match`: a bot over it fails with :class:`~kozel.bots.BotError`, in
this process, a local worker or on Ray alike.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import hashlib
import itertools
import re
from collections.abc import Callable, Generator, Sequence
from typing import Any, Final, Protocol, SupportsIndex, TypeVar

import attrs

from kozel.bots.base import Bot, checked_seed
from kozel.bots.pool import check_processes, hold_calls, shut_down, start_worker
from kozel.bots.runner import (
    BOT_FAILURES,
    BotError,
    TimeUp,
    _play_match,
    _timed,
    check_main_thread,
    checked_move_seconds,
    described,
)
from kozel.bots.specs import BotLike, Entrant, entrant, unique_names
from kozel.bots.stats import wilson
from kozel.errors import IllegalMoveError, KozelError, WrongTypeError
from kozel.game.state import GameState
from kozel.limits import MAX_MATCHES
from kozel.plain_types import number_in, short_repr, text_in, whole_in, whole_number
from kozel.rules.checks import table_text
from kozel.rules.ruleset import Ruleset

__all__ = [
    "BotResult",
    "Executor",
    "MatchOutcome",
    "Tournament",
    "batches",
    "match_seed",
    "play",
    "play_batch",
    "record_digest",
    "seating",
]

_DIGEST: Final = re.compile(r"[0-9a-f]{64}")
#: How often, in seconds, the wait for matches played elsewhere is woken: Python then handles a Ctrl-C that came
#: just before the wait began (after it last looked for one), which would otherwise wait for the next batch to end.
_WAKE_SECONDS: Final = 0.25

_Batch = TypeVar("_Batch")
_Result = TypeVar("_Result")


class Executor(Protocol):
    """What plays matches away from this process: anything with ``submit(fn, *args)`` returning a future.

    The future is a :class:`concurrent.futures.Future`, which the run waits on and may cancel.  Every
    :class:`concurrent.futures.Executor` is one (a ``ProcessPoolExecutor``, a ``RayExecutor``...); so is
    a class of your own with such a ``submit`` method.
    """

    def submit(self, fn: Callable[..., _Result], /, *args: Any) -> concurrent.futures.Future[_Result]:
        """Start ``fn(*args)``; its future."""
        ...


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a tournament with ``seed``."""
    digest = hashlib.sha256(f"kozel/tournament/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


@attrs.frozen
class MatchOutcome:
    """One match of a tournament: which bot sat on which side, and how it ended."""

    #: The match's number in the tournament.
    index: int
    #: The bot (by its place in the tournament's list) playing each side.
    sides: tuple[int, ...]
    #: The losing sides.
    goats: tuple[int, ...]
    #: The title of each goat.
    titles: tuple[str, ...]
    #: Each side's card points, summed over the hands of the match.
    points: tuple[int, ...]
    #: How many hands were played.
    hands: int
    #: The SHA-256 of the match's moves (:func:`~kozel.bots.tournament.record_digest`): the same only for the same
    #: moves.
    record: str

    def as_data(self) -> dict[str, Any]:
        """The outcome as plain data (for ``--json`` and a tournament's log)."""
        return {
            "match": self.index,
            "sides": list(self.sides),
            "goats": list(self.goats),
            "titles": list(self.titles),
            "points": list(self.points),
            "hands": self.hands,
            "record": self.record,
        }

    @classmethod
    def from_data(cls, data: object) -> MatchOutcome:
        """The outcome written by :meth:`as_data`; :class:`~kozel.errors.KozelError` if it is not one."""
        fields = ("match", "sides", "goats", "titles", "points", "hands", "record")
        if not isinstance(data, dict) or sorted(data) != sorted(fields):
            raise KozelError(f"a match outcome is an object with exactly the fields {', '.join(fields)}")
        lists = [data[name] for name in ("sides", "goats", "titles", "points")]
        if not all(isinstance(value, list) for value in lists):
            raise KozelError("a match outcome's sides, goats, titles and points are lists")
        numbers = [data["match"], data["hands"], *data["sides"], *data["goats"], *data["points"]]
        if not all(type(value) is int for value in numbers):
            raise KozelError("a match outcome's match, hands, sides, goats and points are whole numbers")
        if not all(isinstance(title, str) for title in data["titles"]):
            raise KozelError("a match outcome's titles are text")
        if not isinstance(data["record"], str) or not _DIGEST.fullmatch(data["record"]):
            raise KozelError("a match outcome's record is the SHA-256 of its record text: 64 hex digits, 0-9 a-f")
        return cls(
            data["match"],
            tuple(data["sides"]),
            tuple(data["goats"]),
            tuple(data["titles"]),
            tuple(data["points"]),
            data["hands"],
            data["record"],
        )


@functools.cache
def _titles(rules: Ruleset) -> frozenset[str]:
    """Every title a goat may get under ``rules``."""
    words = sorted(set(rules.match.titles), key=lambda title: title.value)  # each word once: at most 2**5 choices
    return frozenset(
        rules.match.title(chosen) for size in range(len(words) + 1) for chosen in itertools.combinations(words, size)
    )


def seating(sides: int, index: int) -> tuple[int, ...]:
    """The bot (by its place in the list) on each of ``sides`` sides in match ``index``: they move round by one.

    ``sides`` is a whole number of 1 or more, ``index`` one of 0 or more: :class:`~kozel.errors.WrongTypeError`
    for another kind, :class:`~kozel.errors.KozelError` for a number out of range.
    """
    sides = whole_in("seating: sides", sides, 1, None)
    index = whole_in("seating: index, the match's number,", index, 0, None)
    return tuple((side + index) % sides for side in range(sides))


def play(
    rules: Ruleset,
    bots: Sequence[BotLike | Entrant],
    seed: int,
    index: int,
    duplicate: bool = False,
    *,
    move_seconds: float | None = None,
) -> MatchOutcome:
    """Play match ``index`` of the tournament of ``bots`` with ``seed`` (dealt from ``index // sides`` if duplicate).

    ``bots`` holds one bot per side, ``seed`` is a whole number of at most
    ``kozel.limits.SEED_DIGITS`` digits and ``index`` one of 0 or more, as in a
    :class:`Tournament`: :class:`~kozel.errors.WrongTypeError` for another kind,
    :class:`~kozel.errors.KozelError` for a value out of range.

    A bot whose own code raises (as it is built or as it plays) raises :class:`~kozel.bots.BotError`
    naming the bot by its spec, the match and what it raised: ``bot 'mybot:MyBot' failed at match 3:
    RuntimeError: boom``.  A bot answering with anything but one of the moves it was offered raises
    :class:`~kozel.errors.IllegalMoveError` (``rule`` ``"bot"``, ``move`` the answer) naming it the
    same way: ``bot 'mybot:MyBot' failed at match 3: answered Move.parse('2 beat A♥') at seat 2, not
    one of its legal moves``.

    ``move_seconds`` is the time limit on each call of a bot's code, as in :func:`kozel.bots.play_match` (building
    the bot included): a bot over it raises :class:`~kozel.bots.BotError`, ``bot 'mybot:MyBot' failed at match 3:
    took longer than 0.5 s to choose (move_seconds)``.
    """
    if not isinstance(rules, Ruleset):
        raise WrongTypeError(f"play: a match is played by a Ruleset, not {type(rules).__name__}")
    if isinstance(bots, (str, type)) or not isinstance(bots, Sequence):
        raise WrongTypeError(f"play: the bots are a sequence of bots, one per side, not {type(bots).__name__}")
    if len(bots) != rules.sides:
        raise KozelError(
            f"play: {rules.name} is played by {rules.sides} sides: give {rules.sides} bots, not {len(bots)}"
        )
    seed = _check_seed("play: seed", seed)
    index = whole_in("play: index, the match's number,", index, 0, None)
    if type(duplicate) is not bool:
        raise WrongTypeError(f"play: duplicate is True or False, not {table_text(duplicate)}")
    limit = checked_move_seconds("play: move_seconds", move_seconds)
    if limit is not None:
        check_main_thread("play: move_seconds")
    entrants = [entrant(bot) for bot in bots]
    sides = seating(rules.sides, index)
    seated = [entrants[sides[rules.side_of(seat)]] for seat in range(rules.players)]
    players = []
    for seat, one in enumerate(seated):
        try:
            players.append(one.make() if limit is None else _timed(one.make, limit))
        except BOT_FAILURES as error:  # its class or factory failed this time
            reason = described(error)
            raise BotError(f"bot {one.spec!r} failed at match {index}: {reason}", seat, reason) from error
        except TimeUp as error:
            reason = f"took longer than {limit} s to be made (move_seconds)"
            raise BotError(f"bot {one.spec!r} failed at match {index}: {reason}", seat, reason) from error
    deal = index // rules.sides if duplicate else index

    def refused(bot: Bot, seat: int, move: object) -> IllegalMoveError:
        spec = seated[seat].spec
        return IllegalMoveError(
            f"bot {spec!r} failed at match {index}: answered {short_repr(move)} at seat {seat}, "
            "not one of its legal moves",
            move,
            "bot",
        )

    try:
        state = _play_match(rules, players, match_seed(seed, deal), refused, limit)
    except BotError as error:
        spec = seated[error.seat].spec
        raise BotError(f"bot {spec!r} failed at match {index}: {error.reason}", error.seat, error.reason) from error
    result = state.result
    assert result is not None
    points = tuple(sum(hand.points[side] for hand in state.hand_results) for side in range(rules.sides))
    return MatchOutcome(
        index, sides, result.goats, result.titles, points, len(state.hand_results), record_digest(state)
    )


def record_digest(state: GameState) -> str:
    """The SHA-256 (64 hex digits) of every move of the match in ``state``, as the state packs them.

    The deal comes from the run's seed and the match's number, so two matches of a run have the same
    digest only when they were dealt the same cards and every move was the same: it tells whether a
    replayed match is the one that was played.  (The packed moves say the same as the match's record
    text, and cost nothing to read: writing the record would replay the match.)
    :class:`~kozel.errors.WrongTypeError` if ``state`` is not a :class:`~kozel.GameState`.
    """
    if not isinstance(state, GameState):
        raise WrongTypeError(f"record_digest: the digest is of a GameState, not {type(state).__name__}")
    return hashlib.sha256(state.match.history + state.log).hexdigest()


def play_batch(  # noqa: PLR0917 - sent to processes and Ray tasks, which take positional arguments only
    rules: Ruleset,
    entrants: Sequence[Entrant],
    seed: int,
    duplicate: bool,
    indexes: Sequence[int],
    move_seconds: float | None = None,
) -> list[MatchOutcome]:
    """Play the matches ``indexes`` of a tournament (what one process is sent); their outcomes."""
    return [play(rules, entrants, seed, index, duplicate, move_seconds=move_seconds) for index in indexes]


def batches(
    calls: Sequence[tuple[Any, ...]],
    function: Callable[..., _Batch],
    *,
    processes: int,
    executor: Executor | None,
    failing: Callable[[int, Exception], Exception] | None = None,
) -> Generator[_Batch, None, None]:
    """``function(*call)`` for each of ``calls``, as they finish: here, over a local pool, or on ``executor``.

    With no executor and one process every call runs here, in order.  With no executor and more
    processes, a local process pool of that many is started and shut down at the end.  With an
    executor, ``processes`` is how many calls it runs at once.  At most two calls a process are
    queued at a time, not the whole run; stopped early (an error, Ctrl-C, the caller gone), the
    calls not yet finished are cancelled, and a pool of its own is shut down.

    Where calls fail, the error raised is that of the first failing call in the order of ``calls``,
    however the calls were spread over processes: once one fails, no call is started, the later
    ones are cancelled, and the earlier ones still running are waited for (one of them may fail
    too), their results given as they end.  With ``failing``, the error raised for the call at place ``n`` of
    ``calls`` is ``failing(n, error)`` (a league names the failing pairing so), with the error's own cause.
    """

    if executor is None and processes <= 1:
        for number, call in enumerate(calls):
            try:
                result = function(*call)
            except Exception as error:
                raise _raised(failing, number, error)  # noqa: B904 - its cause is set by _raised
            yield result
        return
    own_pool: concurrent.futures.ProcessPoolExecutor | None = None  # a local pool of its own, shut down at the end
    pool: Executor = (
        executor
        if executor is not None
        else (own_pool := concurrent.futures.ProcessPoolExecutor(max_workers=processes, initializer=start_worker))
    )
    waiting = list(reversed(list(enumerate(calls))))
    running: dict[concurrent.futures.Future[_Batch], int] = {}  # each call's future, and the call's place in calls
    dropped: list[concurrent.futures.Future[_Batch]] = []  # calls after a failed one: their results are not wanted
    failed: tuple[int, Exception] | None = None  # the first failing call yet (its place), and its error
    held: int | None = None  # a pool of its own: a copy of its pipe of calls (see kozel.bots.pool.release_calls)
    try:
        while True:
            while failed is None and waiting and len(running) < 2 * processes:  # two a process, not the whole run
                number, call = waiting.pop()
                running[pool.submit(function, *call)] = number
                if own_pool is not None and held is None:
                    held = hold_calls(own_pool)
            if not running:
                break
            finished, _ = concurrent.futures.wait(
                running, timeout=_WAKE_SECONDS, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in sorted(finished, key=running.__getitem__):
                number = running.pop(future)
                try:
                    result = future.result()
                except Exception as error:
                    if failed is None or number < failed[0]:
                        failed = (number, error)
                    continue
                if failed is None or number < failed[0]:
                    yield result
            if failed is not None:  # only the calls before the failed one are still wanted
                for future, number in list(running.items()):
                    if number > failed[0]:
                        del running[future]
                        dropped.append(future)
                        if own_pool is None:  # a pool of its own ends its processes at the end (see below)
                            future.cancel()
        if failed is not None:
            raise _raised(failing, *failed)
    finally:  # stopped early (an error, Ctrl-C, the caller gone): the matches not yet begun are not played
        running_now = [future for future in (*running, *dropped) if not future.done()]
        if own_pool is not None:
            # Batches under way: their processes are ended now, not waited for (a batch may take minutes).  The
            # pool then fails every call it holds itself; none is cancelled here first, since a pool that finds
            # its processes gone fails its calls, and failing one already cancelled is an error in its thread.
            shut_down(own_pool, held, stopped_early=bool(running_now))
        else:
            for future in running_now:
                future.cancel()


def _raised(failing: Callable[[int, Exception], Exception] | None, number: int, error: Exception) -> Exception:
    """The error to raise for ``error``, raised by the call at place ``number``: ``failing``'s, with its cause."""
    if failing is None:
        return error
    renamed = failing(number, error)
    if renamed is not error:
        renamed.__cause__ = error.__cause__ if error.__cause__ is not None else error
    return renamed


@attrs.frozen
class BotResult:
    """One bot's record over a tournament."""

    #: The bot's name in the table (its :attr:`~kozel.bots.Bot.name`, with its spec's arguments).
    name: str
    #: The bot as it was given, for reproducing the run (:attr:`~kozel.bots.Entrant.spec`).
    spec: str
    #: Matches it played.
    matches: int
    #: Matches its side was not a goat.
    wins: int
    #: Matches its side was a goat.
    goats: int
    #: Card points its side took per hand, on average.
    mean_points: float
    #: How often each title fell on its side.
    titles: tuple[tuple[str, int], ...]

    def __attrs_post_init__(self) -> None:
        text_in("a bot's result's name", self.name)
        text_in("a bot's result's spec", self.spec)
        for field in ("matches", "wins", "goats"):  # a tournament plays at most MAX_MATCHES
            whole_in(f"a bot's result's {field}", getattr(self, field), 0, MAX_MATCHES)
        if self.wins > self.matches or self.goats > self.matches:
            raise KozelError(
                f"a bot's result counts {self.wins} wins and {self.goats} goats in {self.matches} matches: "
                "neither can be more than the matches"
            )
        number_in("a bot's result's mean_points", self.mean_points)
        if type(self.titles) is not tuple or not all(
            type(pair) is tuple and len(pair) == 2 and isinstance(pair[0], str) for pair in self.titles
        ):
            raise WrongTypeError(
                f"a bot's result's titles are a tuple of (title, count) pairs, not {short_repr(self.titles)}"
            )
        for _, count in self.titles:
            whole_in("a bot's result's count of a title", count, 0, MAX_MATCHES)

    @property
    def win_rate(self) -> float:
        """The share of matches won."""
        return self.wins / self.matches if self.matches else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the win rate."""
        return wilson(self.wins, self.matches)

    @property
    def goat_rate(self) -> float:
        """The share of matches in which it was a goat."""
        return self.goats / self.matches if self.matches else 0.0

    @property
    def goat_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the goat rate."""
        return wilson(self.goats, self.matches)

    def as_data(self) -> dict[str, Any]:
        """The record as plain data (for ``--json``)."""
        return {
            "bot": self.name,
            "spec": self.spec,
            "matches": self.matches,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": list(self.win_interval),
            "goats": self.goats,
            "goat_rate": self.goat_rate,
            "goat_rate_95": list(self.goat_interval),
            "mean_card_points_per_hand": self.mean_points,
            "titles": dict(self.titles),
        }


def _check_seed(what: str, seed: object) -> int:
    """``seed`` as a plain int: :class:`~kozel.errors.WrongTypeError` unless it is a whole number (an int or a NumPy
    integer, not a bool); :class:`~kozel.errors.KozelError` unless it has at most SEED_DIGITS digits.  ``what`` names
    it."""
    return checked_seed(what, seed)


def _plain_int(value: SupportsIndex) -> Any:
    """A converter: a whole number (a NumPy integer, an int subclass) as the plain int it stands for; anything else
    is left as it is, for the checks to refuse (so the result is not always an int).  Its parameter's type is
    what the generated ``__init__`` shows: a whole number."""
    number = whole_number(value)
    return value if number is None else number


def _entrants(bots: Sequence[BotLike | Entrant]) -> tuple[Entrant, ...]:
    if isinstance(bots, (str, type)) or not isinstance(bots, Sequence):
        raise KozelError(f"the bots are a sequence of bots, one per side, not {type(bots).__name__}")
    return unique_names(tuple(entrant(bot) for bot in bots))


def _check_workers(bots: Sequence[Entrant], processes: object, executor: Executor | None) -> int:
    """``processes`` as a plain int; :class:`~kozel.errors.KozelError` unless ``bots`` can be played over
    ``processes`` processes or on ``executor``.

    Without an executor ``processes`` is checked by :func:`~kozel.bots.pool.check_processes`; with
    one, it is a whole number of 1 or more, and the executor has a ``submit`` method
    (:class:`~kozel.errors.WrongTypeError` if not).  Every bot must pickle when played away from
    this process.
    """
    if executor is None:
        count = check_processes(processes)
    else:
        if not callable(getattr(executor, "submit", None)):
            raise WrongTypeError(
                f"an executor has a submit method, as those of concurrent.futures do, not {type(executor).__name__}"
            )
        count = whole_in("processes, the matches an executor plays at once,", processes, 1, None)
    if executor is not None or count > 1:
        for bot in bots:
            bot.check_portable()
    return count


def _check_timer(move_seconds: float | None, processes: int, executor: Executor | None) -> None:
    """:class:`~kozel.errors.KozelError` where a run with ``move_seconds`` would play in this process (one process,
    no executor) from a thread other than the main one, which cannot keep the time limit."""
    if move_seconds is not None and executor is None and processes <= 1:
        check_main_thread(
            "move_seconds with one process (the matches played in this process)",
            "run it from the main thread, or over 2 or more processes (each plays in its main thread)",
        )


def _move_seconds(value: float | None) -> Any:
    """A converter: a time limit checked (:func:`~kozel.bots.runner.checked_move_seconds`), None for none."""
    return checked_move_seconds("move_seconds, the time limit on each call of a bot's code,", value)


def _check_callbacks(**callbacks: object) -> None:
    """:class:`~kozel.errors.WrongTypeError` unless each of ``callbacks`` (by its argument name) is None or callable."""
    for name, callback in callbacks.items():
        if callback is not None and not callable(callback):
            raise WrongTypeError(f"{name} is a function to call, or None, not {table_text(callback)}")


def _check_outcome_types(outcome: object) -> None:
    """:class:`~kozel.errors.WrongTypeError` unless ``outcome`` is a MatchOutcome with fields of the right types."""
    if not isinstance(outcome, MatchOutcome):
        raise WrongTypeError(f"a match outcome is a MatchOutcome, not {type(outcome).__name__}")
    parts = (outcome.sides, outcome.goats, outcome.titles, outcome.points)
    if (
        not all(isinstance(part, tuple) for part in parts)
        or not all(
            type(value) is int
            for value in (outcome.index, outcome.hands, *outcome.sides, *outcome.goats, *outcome.points)
        )
        or not all(isinstance(title, str) for title in outcome.titles)
        or not isinstance(outcome.record, str)
    ):
        raise WrongTypeError(
            "a match outcome's match, hands, sides, goats and points are whole numbers, its titles and record "
            f"text, and its sides, goats, titles and points tuples: not so in {table_text(outcome)}"
        )


@attrs.frozen
class Tournament:
    """A tournament's settings; :meth:`run` plays it."""

    #: The rules played.
    rules: Ruleset
    #: The bots, one per side of each match (they take turns on the sides): spec strings, Bot
    #: classes, factories or instances, held as :class:`~kozel.bots.Entrant` values.
    bots: tuple[Entrant, ...] = attrs.field(converter=_entrants)
    #: How many matches.
    matches: int = attrs.field(converter=_plain_int)
    #: The seed of every match.
    seed: int = attrs.field(default=0, converter=_plain_int)
    #: Whether each deal is played once in every seating (match ``i`` dealt from ``i // sides``); the matches are
    #: then a multiple of the number of sides, as in a league.
    duplicate: bool = False
    #: The seconds each call of a bot's own code may take (its making, ``setup``, ``choose``, ``interrupt``,
    #: ``reset``; at most ``kozel.limits.MAX_MOVE_SECONDS``), or None for no limit: a bot over it fails with
    #: :class:`~kozel.bots.BotError`.  It needs POSIX signals (not Windows), and with one process the main thread.
    move_seconds: float | None = attrs.field(default=None, converter=_move_seconds, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Ruleset):
            raise WrongTypeError(f"a tournament is played by a Ruleset, not {type(self.rules).__name__}")
        _check_seed("a tournament's seed", self.seed)
        if len(self.bots) != self.rules.sides:
            raise KozelError(
                f"{self.rules.name} is played by {self.rules.sides} sides: name {self.rules.sides} bots, "
                f"not {len(self.bots)}"
            )
        whole_in("a tournament's number of matches", self.matches, 1, MAX_MATCHES)  # a plain int by its converter
        if type(self.duplicate) is not bool:
            raise WrongTypeError(f"a tournament's duplicate is True or False, not {table_text(self.duplicate)}")
        sides = self.rules.sides
        if self.duplicate and self.matches % sides:
            raise KozelError(
                f"a tournament with duplicate=True plays each deal once in each of the {sides} seatings: its "
                f"matches are a positive multiple of {sides}, not {table_text(self.matches)}"
            )

    @property
    def specs(self) -> tuple[str, ...]:
        """Each bot as it was given (a spec string, or ``module:Class``), for reproducing the run."""
        return tuple(bot.spec for bot in self.bots)

    @property
    def names(self) -> tuple[str, ...]:
        """Each bot's name in tables, JSON and logs (distinct: a name given again gets `` #2``)."""
        return tuple(bot.name for bot in self.bots)

    def run(
        self,
        processes: int = 1,
        progress: Callable[[int, int], None] | None = None,
        done: Sequence[MatchOutcome] = (),
        on_outcome: Callable[[MatchOutcome], None] | None = None,
        executor: Executor | None = None,
    ) -> tuple[list[BotResult], list[MatchOutcome]]:
        """Play every match (over ``processes`` processes, or on ``executor``); each bot's record, and every match.

        Without ``executor``, ``processes`` is from 1 to :func:`~kozel.bots.pool.max_processes`
        (:func:`~kozel.bots.pool.check_processes`) and more than one starts a local process pool.
        With ``executor`` (anything with ``submit`` returning a future, such as
        :class:`kozel.integrations.ray.RayExecutor`), ``processes`` is how many matches it plays at
        once; the executor is the caller's to shut down, and the matches not yet played are
        cancelled on it if the run stops early.  The outcomes are the same either way.  ``done`` holds
        matches already played (by an earlier run that was stopped): they are not played again, only
        checked (see :meth:`check`).  ``on_outcome(outcome)`` is called with each
        match this call plays as soon as it ends (each process then plays one match at a time, not a
        batch), and ``progress(played, to_play)`` as matches end, counting only this call's matches.

        With :attr:`move_seconds`, a run of one process without an executor plays in this process, which keeps the
        time limit only in its main thread: from another thread it is refused (:class:`~kozel.errors.KozelError`)
        before any match.
        """
        processes = _check_workers(self.bots, processes, executor)
        _check_timer(self.move_seconds, processes, executor)
        _check_callbacks(progress=progress, on_outcome=on_outcome)
        outcomes = list(self.check(done).values())
        known = {outcome.index for outcome in outcomes}
        to_play = [index for index in range(self.matches) if index not in known]
        played = 0
        with contextlib.closing(self._played(processes, to_play, on_outcome is not None, executor)) as chunks:
            for chunk in chunks:  # closed at once if a callback raises: the matches not begun are cancelled
                outcomes += chunk
                played += len(chunk)
                if on_outcome is not None:
                    for outcome in chunk:
                        on_outcome(outcome)
                if progress is not None:
                    progress(played, len(to_play))
        outcomes.sort(key=lambda outcome: outcome.index)
        return self._records(outcomes), outcomes  # each checked or played here

    def check(self, outcomes: Sequence[MatchOutcome]) -> dict[int, MatchOutcome]:
        """The ``outcomes`` by match number, each checked to be one of this tournament's matches.

        :class:`~kozel.errors.KozelError` names the first that is not: see :meth:`check_one`;
        :class:`~kozel.errors.WrongTypeError` if ``outcomes`` is not a sequence.
        """
        if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Sequence):
            raise WrongTypeError(
                f"match outcomes are given as a sequence of MatchOutcome values, not {type(outcomes).__name__}"
            )
        checked: dict[int, MatchOutcome] = {}
        for outcome in outcomes:
            self.check_one(outcome)
            if outcome.index in checked:
                raise KozelError(f"match {outcome.index} is given twice")
            checked[outcome.index] = outcome
        return checked

    def check_one(self, outcome: MatchOutcome) -> None:
        """:class:`~kozel.errors.KozelError` unless ``outcome`` fits one of this tournament's matches.

        It must be one of its matches, with the bots seated as that match seats them, at least one
        hand, card points for every side (none below 0, at most the deck's points a hand), one or
        more goats among the sides, each once, with a title this ruleset gives, and a record digest
        of 64 hex digits.  This looks at the outcome only; :meth:`replay` plays the match again to
        compare it with what really happens.  :class:`~kozel.errors.WrongTypeError` if it is not a
        :class:`~kozel.bots.MatchOutcome` whose numbers are whole numbers and whose titles and
        record are text.
        """
        _check_outcome_types(outcome)
        index, rules, sides = outcome.index, self.rules, self.rules.sides
        if not 0 <= index < self.matches:
            raise KozelError(f"match {table_text(index)} is not one of this tournament's {self.matches} matches")
        if outcome.sides != seating(sides, index):
            raise KozelError(
                f"match {index} seats the bots as {table_text(list(outcome.sides))}, but this tournament seats "
                f"them as {list(seating(sides, index))} (the bots move round by one side a match)"
            )
        if outcome.hands < 1:
            raise KozelError(f"match {index} has {table_text(outcome.hands)} hands: a match plays at least one")
        points = outcome.points
        if len(points) != sides or min(points) < 0 or sum(points) > rules.total_points * outcome.hands:
            raise KozelError(
                f"match {index} gives card points {table_text(list(points))}: {sides} sides, none below 0, "
                f"at most {rules.total_points} a hand in all"
            )
        goats = outcome.goats
        if not goats or len(set(goats)) != len(goats) or not all(0 <= goat < sides for goat in goats):
            raise KozelError(
                f"match {index} names goats {table_text(list(goats))}: one or more of sides 0-{sides - 1}, each once"
            )
        known = _titles(rules)
        if len(outcome.titles) != len(goats) or not all(title in known for title in outcome.titles):
            raise KozelError(
                f"match {index} gives titles {table_text(list(outcome.titles))}: one for each goat, "
                f"among {', '.join(sorted(known))}"
            )
        if not _DIGEST.fullmatch(outcome.record):
            raise KozelError(
                f"match {index} gives the record digest {table_text(outcome.record)}: 64 hex digits, 0-9 a-f"
            )

    def replay(
        self, indexes: Sequence[int], processes: int = 1, executor: Executor | None = None
    ) -> list[MatchOutcome]:
        """Play the matches ``indexes`` of this tournament again (over processes or on an executor); their outcomes.

        They come in the order of ``indexes``.  A match depends only on the seed and its number, so
        its replay is the match that was played,
        record digest included, as long as the bots play the same from the same seed (the built-in
        ones do).  ``indexes`` is a sequence of match numbers, whole numbers from 0 to ``matches - 1``.
        """
        processes = _check_workers(self.bots, processes, executor)
        _check_timer(self.move_seconds, processes, executor)
        indexes = self._match_numbers("the matches to replay", "a match to replay", indexes)
        played = {
            outcome.index: outcome for chunk in self._played(processes, indexes, False, executor) for outcome in chunk
        }
        return [played[index] for index in indexes]

    def _match_numbers(self, what: str, each: str, indexes: object) -> list[int]:
        """``indexes`` where it is a sequence of this tournament's match numbers (0 to ``matches - 1``), else the
        library's error, its message naming ``what`` (the whole) or ``each`` (one of them)."""
        if isinstance(indexes, (str, bytes)) or not isinstance(indexes, Sequence):
            raise WrongTypeError(f"{what} are a sequence of match numbers, not {type(indexes).__name__}")
        one = f"{each}, one of this tournament's {self.matches} matches,"
        return [whole_in(one, index, 0, self.matches - 1) for index in indexes]

    def chunks(self, processes: int, indexes: Sequence[int], one_by_one: bool) -> list[list[int]]:
        """The matches ``indexes`` in the batches sent to a process: one match each if ``one_by_one``.

        ``processes`` is a whole number from 1 and ``indexes`` a sequence of this tournament's match numbers
        (anything else raises the library's error)."""
        processes = whole_in("the processes a tournament's matches are batched for", processes, 1, None)
        indexes = self._match_numbers("the matches to batch", "a match to batch", indexes)
        count = len(indexes)
        size = 1 if one_by_one or processes <= 1 else max(1, min(25, count // (4 * processes)))
        return [list(indexes[start : start + size]) for start in range(0, count, size)]

    def calls(self, chunks: Sequence[Sequence[int]]) -> list[tuple[Any, ...]]:
        """The arguments of :func:`~kozel.bots.tournament.play_batch` that play each of ``chunks`` (a sequence of
        batches, each a sequence of this tournament's match numbers; anything else raises the library's error)."""
        if isinstance(chunks, (str, bytes)) or not isinstance(chunks, Sequence):
            raise WrongTypeError(f"the batches to play are a sequence of batches, not {type(chunks).__name__}")
        batches = [self._match_numbers("the matches of a batch", "a match of a batch", chunk) for chunk in chunks]
        return [(self.rules, self.bots, self.seed, self.duplicate, batch, self.move_seconds) for batch in batches]

    def _played(
        self, processes: int, indexes: Sequence[int], one_by_one: bool, executor: Executor | None = None
    ) -> Generator[list[MatchOutcome], None, None]:
        """The matches ``indexes`` played, in batches as they finish (a match each if ``one_by_one``)."""
        calls = self.calls(self.chunks(processes, indexes, one_by_one))
        yield from batches(calls, play_batch, processes=processes, executor=executor)

    def records(self, outcomes: Sequence[MatchOutcome]) -> list[BotResult]:
        """Each bot's record over ``outcomes``, each checked to be one of this tournament's matches (:meth:`check`).

        :class:`~kozel.errors.WrongTypeError` if ``outcomes`` is not a sequence of
        :class:`~kozel.bots.MatchOutcome` values, :class:`~kozel.errors.KozelError` if one does not fit.
        """
        self.check(outcomes)
        return self._records(outcomes)

    def _records(self, outcomes: Sequence[MatchOutcome]) -> list[BotResult]:
        """Each bot's record over ``outcomes``, known to be this tournament's matches."""
        results = []
        for bot, one in enumerate(self.bots):
            played = wins = goats = hands = 0
            points = 0
            titles: dict[str, int] = {}
            for outcome in outcomes:
                for side, sitter in enumerate(outcome.sides):
                    if sitter != bot:
                        continue
                    played += 1
                    hands += outcome.hands
                    points += outcome.points[side]
                    if side in outcome.goats:
                        goats += 1
                        title = outcome.titles[outcome.goats.index(side)]
                        titles[title] = titles.get(title, 0) + 1
                    else:
                        wins += 1
            mean = points / hands if hands else 0.0
            results.append(BotResult(one.name, one.spec, played, wins, goats, mean, tuple(sorted(titles.items()))))
        return results
