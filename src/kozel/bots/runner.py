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

Each question comes with the seat's :class:`~kozel.PlayerView`.  :func:`play_match` keeps every
seat's view with a :class:`~kozel.ViewTracker`, step by step; :func:`next_move` and
:func:`interrupting_move` take one too (``views=``), and without it make each view with
:func:`kozel.observe`, whose history is then replayed if a bot reads it.  A tracker's view is made
when the bot first reads it, so a bot that never looks at its view costs nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from kozel.bots.base import Bot, checked_seed
from kozel.engine.start import new_game
from kozel.errors import IllegalMoveError, KozelError, WrongTypeError
from kozel.game.move import Move
from kozel.game.state import GameState
from kozel.plain_types import short_repr
from kozel.play.decision import decision
from kozel.rules.ruleset import Ruleset
from kozel.view.tracker import ViewTracker
from kozel.view.view import PlayerView, observe

__all__ = [
    "BOT_FAILURES",
    "BotError",
    "bot_failed",
    "bot_refused",
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
    for seat, bot in enumerate(bots):
        if not isinstance(bot, Bot):
            raise WrongTypeError(f"bots: seat {seat}'s player is a Bot, not {type(bot).__name__}")


#: Makes the error for a bot's answer that is not one of its legal moves, from the bot, its seat and its answer.
_Refusal = Callable[[Bot, int, object], IllegalMoveError]


def bot_refused(bot: Bot, seat: int, move: object) -> IllegalMoveError:
    """The error for an answer of ``bot`` at ``seat`` that is not one of its legal moves: the bot named by its repr."""
    return IllegalMoveError(
        f"{bot!r} at seat {seat} answered {short_repr(move)}, not one of its legal moves", move, "bot"
    )


def _next(
    state: GameState, bots: Sequence[Bot], view: Callable[[int], PlayerView], refused: _Refusal = bot_refused
) -> Move:
    waited: tuple[int, ...] = ()
    while True:
        asked = decision(state, waited)
        if asked is None:
            raise KozelError("the match is over: nobody has a move to make")
        seat, moves = asked.seat, asked.moves
        if asked.out_of_turn:
            seen = view(seat)
            try:
                chosen = bots[seat].interrupt(seen, moves[:-1])
            except BOT_FAILURES as error:
                raise bot_failed(bots[seat], seat, error) from error
            if chosen is None:
                waited = (*waited, seat)
                continue
            return _checked(chosen, moves[:-1], bots[seat], seat, refused)
        if len(moves) == 1:
            return moves[0]
        seen = view(seat)
        try:
            chosen = bots[seat].choose(seen, moves)
        except BOT_FAILURES as error:
            raise bot_failed(bots[seat], seat, error) from error
        return _checked(chosen, moves, bots[seat], seat, refused)


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


def play_match(rules: Ruleset, bots: Sequence[Bot], *, seed: int | None) -> GameState:
    """Play a whole match of ``rules`` between ``bots`` (one per seat) from the deal of ``seed``; the final state.

    ``seed`` is a whole number of at most ``kozel.limits.SEED_DIGITS`` digits (as :func:`kozel.new_game` takes),
    or None for a seed drawn at random, kept in the final state's ``seed``: playing the match again with that seed
    (and bots that play the same from the same seed, as the built-in ones do) plays the same match.  Each bot is set
    up with its seat and that seed, and reset at the end.  The arguments are checked before any bot is set up:
    :class:`~kozel.WrongTypeError` for a value of the wrong kind, :class:`~kozel.KozelError` for a seed too long or
    a number of bots that is not the table's.  While it plays, :class:`~kozel.IllegalMoveError` (``rule``
    ``"bot"``, ``move`` the answer) if a bot answers with anything but one of the moves it was offered, and
    :class:`~kozel.bots.BotError` (a :class:`~kozel.KozelError`) if a bot's own code raises.
    """
    return _play_match(rules, bots, seed, bot_refused)


def _play_match(rules: Ruleset, bots: Sequence[Bot], seed: int | None, refused: _Refusal) -> GameState:
    """:func:`play_match`, a bot's answer that is not one of its legal moves refused with ``refused(bot, seat, move)``
    (a tournament names the bot by its spec and the match)."""
    if not isinstance(rules, Ruleset):
        raise WrongTypeError(f"play_match plays by a Ruleset, not {type(rules).__name__}")
    if seed is not None:
        seed = checked_seed("play_match: seed", seed)
    _check_bots(rules, bots)
    state = new_game(rules, seed=seed)
    for seat, bot in enumerate(bots):
        set_up(bot, rules, seat, state.seed)  # a seed drawn at random too, so that the match can be replayed
    tracker = ViewTracker(state)
    view = tracker.view
    advance = tracker.advance
    while state.match.result is None:
        state = advance(_next(state, bots, view, refused))
    for seat, bot in enumerate(bots):
        try:
            bot.reset()
        except BOT_FAILURES as error:
            raise bot_failed(bot, seat, error) from error
    return state
