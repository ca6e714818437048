"""Playing a match between bots: who is asked what, and when.

At each moment the seats with a move to make are asked in turn, in the order of
:func:`kozel.decision`.  First every seat that may move out of turn (a molodka, a trump
transfer), clockwise from the seat to move, through :meth:`~kozel.bots.Bot.interrupt` (None is
the ``wait`` answer); the first that takes a move makes it.  If none does, the seat to move picks
one of its moves through :meth:`~kozel.bots.Bot.choose` (a lone move is made without asking).  A bot answering with a
move it may not make raises :class:`~kozel.IllegalMoveError` naming the bot; a bot whose own code raises
(in ``setup``, ``choose``, ``interrupt`` or ``reset``, ``sys.exit`` included) raises ``BotError``, naming its seat and
what it raised (the bot's error is its ``__cause__``).  Ctrl-C (:class:`KeyboardInterrupt`) is not a
bot's error: it stops the match as it is.

With ``move_seconds`` (:func:`play_match`, a tournament's or a league's) each call of a bot's own code (``setup``,
``choose``, ``interrupt``, ``reset``) has that many seconds: a call over it is stopped by a ``SIGALRM`` timer
(``signal.setitimer``), whose handler raises :class:`TimeUp` (a ``BaseException``, so that a bot's ``except
Exception`` does not catch it) inside the bot's code, and the bot fails with ``BotError`` as a bot that raises does.
The handler and timer there before are put back after every call.  Signal handlers are set only in the main thread
of a process, and only where POSIX signals are (not on Windows): elsewhere ``move_seconds`` is refused.

Each question comes with the seat's :class:`~kozel.PlayerView`.  :func:`play_match` keeps every
seat's view with a :class:`~kozel.ViewTracker`, step by step; :func:`next_move` and
:func:`interrupting_move` take one too (``views=``), and without it make each view with
:func:`kozel.observe`, whose history is then replayed if a bot reads it.  A tracker's view is made
when the bot first reads it, so a bot that never looks at its view costs nothing for it.
"""

from __future__ import annotations

import functools
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Final, TypeVar

from kozel.bots.base import Bot, checked_seed
from kozel.engine.start import new_game
from kozel.errors import IllegalMoveError, KozelError, WrongTypeError
from kozel.game.move import Move
from kozel.game.state import GameState
from kozel.limits import MAX_MOVE_SECONDS
from kozel.plain_types import short_repr, whole_number
from kozel.play.decision import decision
from kozel.rules.ruleset import Ruleset
from kozel.view.tracker import ViewTracker
from kozel.view.view import PlayerView, observe

__all__ = [
    "BOT_FAILURES",
    "BotError",
    "TimeUp",
    "bot_failed",
    "bot_late",
    "bot_refused",
    "check_main_thread",
    "checked_move_seconds",
    "described",
    "interrupting_move",
    "next_move",
    "play_match",
    "set_up",
]


#: What a bot's own code may raise that is its failure: any error, and ``SystemExit`` (a bot that calls
#: ``sys.exit`` fails; it does not end the program that plays it).  Ctrl-C (``KeyboardInterrupt``) is not one.
BOT_FAILURES: Final = (Exception, SystemExit)


class BotError(KozelError):
    """A bot's own code raised while it was asked (its ``__cause__``): which seat, and what it raised, as text."""

    def __init__(self, message: str, seat: int, reason: str) -> None:
        super().__init__(message)
        #: The seat of the bot that failed.
        self.seat = seat
        #: What the bot raised, on one line: its kind and its message (``RuntimeError: boom``).
        self.reason = reason
        #: Where a league raised it: the pairing's place among ``League.pairings()``; else None.
        self.pairing: int | None = None

    def __reduce__(self) -> tuple[type[BotError], tuple[str, int, str]]:
        # As it is sent back from a worker process: the message, seat and reason (not the bot's own error).
        return type(self), (str(self), self.seat, self.reason)


def described(error: BaseException) -> str:
    """An error raised by a bot's own code, on one line: its kind and its message (``RuntimeError: boom``)."""
    try:
        message = " ".join(str(error).split())
    except Exception:  # an error whose own message fails: said without it
        message = "(its message cannot be shown)"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def bot_failed(bot: Bot, seat: int, error: BaseException) -> BotError:
    """The ``BotError`` for ``error``, raised by the code of ``bot`` at ``seat`` (raise it ``from error``)."""
    reason = described(error)
    return BotError(f"the bot {type(bot).__name__} at seat {seat} failed: {reason}", seat, reason)


class TimeUp(BaseException):
    """Raised inside a bot's code by the time limit (``move_seconds``) when a call runs past it: not the bot's error.

    It derives from ``BaseException``, as ``KeyboardInterrupt`` does, so that a bot catching ``Exception`` does not
    catch it.  It is the ``__cause__`` of the :class:`BotError` the runner raises for the bot.
    """


#: The answer of a bot's call under a time limit.
_Answer = TypeVar("_Answer")

#: The shortest timer set (seconds): ``signal.setitimer`` with a time that rounds to 0 would set none.
_SHORTEST_TIMER: Final = 1e-6


def checked_move_seconds(what: str, value: object) -> float | None:
    """``value`` as a time limit on each call of a bot's code: None (no limit), or seconds above 0 and at most
    ``kozel.limits.MAX_MOVE_SECONDS`` (a whole number kept as a plain int, a float as a float).

    :class:`~kozel.WrongTypeError` for another kind (a bool, text), :class:`~kozel.KozelError` for a number out of
    range (0, below 0, NaN, infinity) or on a system without POSIX signals (``signal.setitimer``), such as Windows.
    ``what`` names the value in the message.
    """
    if value is None:
        return None
    number: float | None = whole_number(value)
    if number is None and isinstance(value, float):
        number = float(value)
    wanted = f"{what} is a number of seconds above 0 and at most {MAX_MOVE_SECONDS}, or None for no time limit"
    if number is None:
        raise WrongTypeError(f"{wanted}, not {short_repr(value)}")
    if not 0 < number <= MAX_MOVE_SECONDS:  # NaN is refused too
        raise KozelError(f"{wanted}, not {short_repr(value)}")
    if not hasattr(signal, "setitimer"):
        raise KozelError(
            f"{what}: the time limit on a bot's calls needs POSIX signals (signal.setitimer and SIGALRM), "
            f"which Python does not have on this system ({sys.platform}); leave it out here"
        )
    return number


def check_main_thread(what: str, instead: str = "call it from the main thread, or leave move_seconds out") -> None:
    """:class:`~kozel.KozelError` unless this is the main thread of its process, where a time limit can be kept.

    Only the main thread may set a signal handler, and the time limit is kept with ``SIGALRM``; ``what`` says
    what needs it (``"play_match: move_seconds"``) and ``instead`` how to do without."""
    if threading.current_thread() is not threading.main_thread():
        raise KozelError(
            f"{what} needs the main thread of its process: the time limit stops a bot with SIGALRM, whose handler "
            f"only the main thread may set, and this is the thread {threading.current_thread().name!r}; {instead}"
        )


class _Alarm:
    """The ``SIGALRM`` handler of one call under a time limit: it notes that the time ran out and raises TimeUp."""

    __slots__ = ("limit", "rang")

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.rang = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.rang = True
        raise TimeUp(f"the call ran past its {self.limit} s (move_seconds)")


def _stop_timer() -> None:
    """Stop the timer; a signal that came just before is handled as this call returns, while the handler is ours."""
    signal.setitimer(signal.ITIMER_REAL, 0)


def _timed(call: Callable[[], _Answer], limit: float) -> _Answer:
    """``call()`` with ``limit`` seconds: :class:`TimeUp` if it runs past them (or catches the TimeUp and goes on).

    The ``SIGALRM`` handler and the real-time timer there before are put back after the call, whatever it does; a
    timer that was running is set again to the time it had left (a moment, if that ran out meanwhile).  A bot's own
    error is raised as it is, unless the time ran out first (then TimeUp, from it); Ctrl-C too.
    """
    check_main_thread("move_seconds")
    previous = signal.getsignal(signal.SIGALRM)
    if previous is None:
        raise KozelError(
            "move_seconds: SIGALRM has a handler that was not set from Python, which the time limit could not put "
            "back after a bot's call; leave move_seconds out here"
        )
    alarm = _Alarm(limit)
    outer = (0.0, 0.0)
    started = time.monotonic()
    signal.signal(signal.SIGALRM, alarm)
    try:
        outer = signal.setitimer(signal.ITIMER_REAL, max(limit, _SHORTEST_TIMER))
        try:
            answer = call()
        except BOT_FAILURES as error:
            _stop_timer()
            if alarm.rang:  # the bot caught the TimeUp, and raised something else
                raise TimeUp(f"the call ran past its {limit} s (move_seconds)") from error
            raise
        except BaseException:  # a TimeUp, or Ctrl-C: as it is
            _stop_timer()
            raise
        _stop_timer()
        if alarm.rang:  # the bot caught the TimeUp, and answered after all
            raise TimeUp(f"the call ran past its {limit} s (move_seconds)")
        return answer
    finally:
        signal.signal(signal.SIGALRM, previous)
        if outer[0] > 0:  # a timer that was running: set again to the time it had left
            left = outer[0] - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, _SHORTEST_TIMER), outer[1])


def bot_late(bot: Bot, seat: int, limit: float, doing: str) -> BotError:
    """The ``BotError`` for ``bot`` at ``seat`` whose call ran past ``limit`` seconds (raise it ``from`` the TimeUp).

    ``doing`` is what it was asked: ``"choose"``, ``"set up"``..."""
    reason = f"took longer than {limit} s to {doing} (move_seconds)"
    return BotError(f"the bot {type(bot).__name__} at seat {seat} failed: {reason}", seat, reason)


def next_move(state: GameState, bots: Sequence[Bot], *, views: ViewTracker | None = None) -> Move:
    """The move the bots make in ``state``: an out-of-turn move someone takes, else the seat to move's choice.

    ``views``, a tracker whose state is ``state``, gives the bots their views (else ``observe`` does).
    Raises :class:`~kozel.IllegalMoveError` (``rule`` ``"bot"``, ``move`` the answer) if a bot answers
    with anything but one of the moves it was offered, :class:`~kozel.bots.BotError` if a bot's own
    code raises, :class:`~kozel.WrongTypeError` if ``state`` is not a GameState, a bot not a Bot or
    ``views`` not a ViewTracker, and :class:`~kozel.KozelError` for a number of bots that is not the
    table's, a tracker following another state, or a match that is over.
    """
    _check_position("next_move", state, bots)
    return _next(state, bots, _views_of(state, views))


def _check_position(caller: str, state: GameState, bots: Sequence[Bot]) -> None:
    """Refuse anything but a state and one Bot a seat."""
    if not isinstance(state, GameState):
        raise WrongTypeError(f"{caller} needs a GameState, not {type(state).__name__}")
    _check_bots(state.ruleset, bots)


def _check_bots(rules: Ruleset, bots: Sequence[Bot]) -> None:
    """Refuse anything but one Bot a seat."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise WrongTypeError(f"bots: one Bot a seat, in a list, not {type(bots).__name__}")
    if len(bots) != rules.players:
        raise KozelError(f"{rules.name} is played by {rules.players}; {len(bots)} bots were given")
    first_seat: dict[int, int] = {}
    for seat, bot in enumerate(bots):
        if not isinstance(bot, Bot):
            raise WrongTypeError(f"bots: seat {seat}'s player is a Bot, not {type(bot).__name__}")
        earlier = first_seat.setdefault(id(bot), seat)
        if earlier != seat:  # one object would be set up for both seats: the later setup would take it from the first
            raise KozelError(
                f"bots: seats {earlier} and {seat} are given the same {type(bot).__name__} object; a bot plays one "
                f"seat, so give each seat a bot of its own ({type(bot).__name__}() for each, or copy.deepcopy)"
            )


#: Makes the error for a bot's answer that is not one of its legal moves, from the bot, its seat and its answer.
_Refusal = Callable[[Bot, int, object], IllegalMoveError]


def bot_refused(bot: Bot, seat: int, move: object) -> IllegalMoveError:
    """The error for an answer of ``bot`` at ``seat`` that is not one of its legal moves: the bot named by its repr."""
    return IllegalMoveError(
        f"{bot!r} at seat {seat} answered {short_repr(move)}, not one of its legal moves", move, "bot"
    )


def _next(
    state: GameState,
    bots: Sequence[Bot],
    view: Callable[[int], PlayerView],
    refused: _Refusal = bot_refused,
    limit: float | None = None,
) -> Move:
    waited: tuple[int, ...] = ()
    while True:
        asked = decision(state, waited)
        if asked is None:
            raise KozelError("the match is over: nobody has a move to make")
        seat, moves = asked.seat, asked.moves
        if asked.out_of_turn:
            seen = view(seat)
            bot = bots[seat]
            try:
                if limit is None:
                    chosen = bot.interrupt(seen, moves[:-1])
                else:
                    chosen = _timed(functools.partial(bot.interrupt, seen, moves[:-1]), limit)
            except BOT_FAILURES as error:
                raise bot_failed(bot, seat, error) from error
            except TimeUp as error:
                raise bot_late(bot, seat, limit or 0, "answer out of turn (interrupt)") from error
            if chosen is None:
                waited = (*waited, seat)
                continue
            return _checked(chosen, moves[:-1], bots[seat], seat, refused)
        if len(moves) == 1:
            return moves[0]
        seen = view(seat)
        bot = bots[seat]
        try:
            chosen = (
                bot.choose(seen, moves) if limit is None else _timed(functools.partial(bot.choose, seen, moves), limit)
            )
        except BOT_FAILURES as error:
            raise bot_failed(bot, seat, error) from error
        except TimeUp as error:
            raise bot_late(bot, seat, limit or 0, "choose") from error
        return _checked(chosen, moves, bot, seat, refused)


def interrupting_move(state: GameState, bots: Sequence[Bot], *, views: ViewTracker | None = None) -> Move | None:
    """The out-of-turn move some bot takes now (asked clockwise from the seat to move), or None if none does.

    ``views`` is as in :func:`next_move`.  Raises :class:`~kozel.IllegalMoveError` (``rule`` ``"bot"``,
    ``move`` the answer) if a bot answers with anything but None or one of the moves it was offered,
    :class:`~kozel.bots.BotError` if a bot's own code raises, :class:`~kozel.WrongTypeError` if
    ``state`` is not a GameState, a bot not a Bot or ``views`` not a ViewTracker, and
    :class:`~kozel.KozelError` for a number of bots that is not the table's or a tracker following
    another state.
    """
    _check_position("interrupting_move", state, bots)
    view = _views_of(state, views)
    waited: tuple[int, ...] = ()
    while True:
        asked = decision(state, waited)
        if asked is None or not asked.out_of_turn:
            return None
        seat, moves = asked.seat, asked.moves[:-1]
        seen = view(seat)
        try:
            chosen = bots[seat].interrupt(seen, moves)
        except BOT_FAILURES as error:
            raise bot_failed(bots[seat], seat, error) from error
        if chosen is not None:
            return _checked(chosen, moves, bots[seat], seat)
        waited = (*waited, seat)


def _views_of(state: GameState, views: ViewTracker | None) -> Callable[[int], PlayerView]:
    if views is None:
        return lambda seat: observe(state, seat)
    if not isinstance(views, ViewTracker):
        raise WrongTypeError(f"views is a ViewTracker following the state, or None, not {type(views).__name__}")
    if views.state is not state:
        raise KozelError("the view tracker given follows another state than the one the bots are asked in")
    return views.view


def _checked(move: object, allowed: Sequence[Move], bot: Bot, seat: int, refused: _Refusal = bot_refused) -> Move:
    if not isinstance(move, Move) or move not in allowed:
        raise refused(bot, seat, move)
    return move


def set_up(bot: Bot, rules: Ruleset, seat: int, seed: int) -> None:
    """Seat ``bot`` at ``seat`` of a match of ``rules`` dealt from ``seed`` (:meth:`~kozel.bots.Bot.setup`).

    :class:`~kozel.bots.BotError` if the bot's own code raises."""
    try:
        bot.setup(rules, seat, seed)
    except BOT_FAILURES as error:
        raise bot_failed(bot, seat, error) from error


def _set_up_timed(bot: Bot, rules: Ruleset, seat: int, seed: int, limit: float) -> None:
    """:func:`set_up`, within ``limit`` seconds."""
    try:
        _timed(functools.partial(bot.setup, rules, seat, seed), limit)
    except BOT_FAILURES as error:
        raise bot_failed(bot, seat, error) from error
    except TimeUp as error:
        raise bot_late(bot, seat, limit, "set up") from error


def play_match(
    rules: Ruleset, bots: Sequence[Bot], *, seed: int | None, move_seconds: float | None = None
) -> GameState:
    """Play a whole match of ``rules`` between ``bots`` (one per seat) from the deal of ``seed``; the final state.

    ``seed`` is a whole number of at most ``kozel.limits.SEED_DIGITS`` digits (as :func:`kozel.new_game` takes),
    or None for a seed drawn at random, kept in the final state's ``seed``: playing the match again with that seed
    (and bots that play the same from the same seed, as the built-in ones do) plays the same match.  Each bot is set
    up with its seat and that seed, and reset at the end.  The arguments are checked before any bot is set up:
    :class:`~kozel.WrongTypeError` for a value of the wrong kind, :class:`~kozel.KozelError` for a seed too long or
    a number of bots that is not the table's.  While it plays, :class:`~kozel.IllegalMoveError` (``rule``
    ``"bot"``, ``move`` the answer) if a bot answers with anything but one of the moves it was offered, and
    :class:`~kozel.bots.BotError` (a :class:`~kozel.KozelError`) if a bot's own code raises.

    ``move_seconds``, None by default (no limit), is the time each call of a bot's own code may take (``setup``,
    ``choose``, ``interrupt``, ``reset``): seconds above 0 and at most ``kozel.limits.MAX_MOVE_SECONDS``.  A bot
    whose call runs past it fails with :class:`~kozel.bots.BotError`, its ``reason`` ``took longer than 0.5 s to
    choose (move_seconds)``.  The limit is kept with ``SIGALRM`` (``signal.setitimer``): it needs POSIX signals
    and the main thread of the process (:class:`~kozel.KozelError` elsewhere, before any bot is set up), and
    stops a bot inside code of C only once that returns to Python.  It changes no move of a bot within it.
    """
    return _play_match(rules, bots, seed, bot_refused, move_seconds)


def _play_match(
    rules: Ruleset, bots: Sequence[Bot], seed: int | None, refused: _Refusal, limit: float | None = None
) -> GameState:
    """:func:`play_match`, a bot's answer that is not one of its legal moves refused with ``refused(bot, seat, move)``
    (a tournament names the bot by its spec and the match), with ``limit`` as ``move_seconds``."""
    if not isinstance(rules, Ruleset):
        raise WrongTypeError(f"play_match plays by a Ruleset, not {type(rules).__name__}")
    if seed is not None:
        seed = checked_seed("play_match: seed", seed)
    _check_bots(rules, bots)
    if limit is not None:
        limit = checked_move_seconds("play_match: move_seconds", limit)
        check_main_thread("play_match: move_seconds")
    state = new_game(rules, seed=seed)
    for seat, bot in enumerate(bots):  # with a seed drawn at random too, so that the match can be replayed
        if limit is None:
            set_up(bot, rules, seat, state.seed)
        else:
            _set_up_timed(bot, rules, seat, state.seed, limit)
    tracker = ViewTracker(state)
    view = tracker.view
    advance = tracker.advance
    while state.match.result is None:
        state = advance(_next(state, bots, view, refused, limit))
    for seat, bot in enumerate(bots):
        try:
            if limit is None:
                bot.reset()
            else:
                _timed(bot.reset, limit)
        except BOT_FAILURES as error:
            raise bot_failed(bot, seat, error) from error
        except TimeUp as error:
            raise bot_late(bot, seat, limit or 0, "reset") from error
    return state
