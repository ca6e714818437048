"""Playing a match between bots: who is asked what, and when.

At each moment the seats with a move to make are asked in turn.  First every seat that may move
out of turn (a molodka, a trump transfer), clockwise from the seat to move, through
:meth:`~kozel.bots.Bot.interrupt`; the first that takes a move makes it.  If none does, the seat
to move picks one of its moves through :meth:`~kozel.bots.Bot.choose`.  A bot answering with a
move it may not make raises :class:`~kozel.IllegalMoveError` naming the bot.

Each question comes with the seat's :class:`~kozel.PlayerView`.  :func:`play_match` keeps every
seat's view with a :class:`~kozel.ViewTracker`, step by step; :func:`next_move` and
:func:`interrupting_move` take one too (``views=``), and without it make each view with
:func:`kozel.observe`, whose history is then replayed if a bot reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kozel.bots.base import Bot
from kozel.engine.core import legal_moves
from kozel.engine.start import new_game
from kozel.errors import IllegalMoveError, KozelError
from kozel.game.move import Move
from kozel.game.state import GameState
from kozel.rules.ruleset import Ruleset
from kozel.view.tracker import ViewTracker
from kozel.view.view import PlayerView, observe

__all__ = ["interrupting_move", "next_move", "play_match"]


def next_move(state: GameState, bots: Sequence[Bot], *, views: ViewTracker | None = None) -> Move:
    """The move the bots make in ``state``: an out-of-turn move someone takes, else the seat to move's choice.

    ``views``, a tracker whose state is ``state``, gives the bots their views (else ``observe`` does).
    """
    return _next(state, bots, _views_of(state, views))


def _next(state: GameState, bots: Sequence[Bot], view: Callable[[int], PlayerView]) -> Move:
    turn = state.turn
    moves = legal_moves(state)
    for move in moves:
        if move.seat != turn:
            break
    else:  # the common case: only the seat to move has moves
        if len(moves) == 1 or turn is None:
            return moves[0]
        return _checked(bots[turn].choose(view(turn), moves), moves, bots[turn], turn)
    by_seat = _grouped(moves)
    if len(by_seat) > 1 or turn not in by_seat:
        chosen = _interrupting(state, bots, by_seat, view)
        if chosen is not None:
            return chosen
    seat = turn if turn in by_seat else min(by_seat)
    own = by_seat[seat]
    chosen = own[0] if len(own) == 1 else bots[seat].choose(view(seat), tuple(own))
    return _checked(chosen, own, bots[seat], seat)


def interrupting_move(state: GameState, bots: Sequence[Bot], *, views: ViewTracker | None = None) -> Move | None:
    """The out-of-turn move some bot takes now (asked clockwise from the seat to move), or None if none does."""
    return _interrupting(state, bots, _by_seat(state), _views_of(state, views))


def _views_of(state: GameState, views: ViewTracker | None) -> Callable[[int], PlayerView]:
    if views is None:
        return lambda seat: observe(state, seat)
    if views.state is not state:
        raise KozelError("the view tracker given follows another state than the one the bots are asked in")
    return views.view


def _by_seat(state: GameState) -> dict[int, list[Move]]:
    return _grouped(legal_moves(state))


def _grouped(moves: Sequence[Move]) -> dict[int, list[Move]]:
    by_seat: dict[int, list[Move]] = {}
    for move in moves:
        by_seat.setdefault(move.seat, []).append(move)
    return by_seat


def _interrupting(
    state: GameState, bots: Sequence[Bot], by_seat: dict[int, list[Move]], view: Callable[[int], PlayerView]
) -> Move | None:
    players = state.ruleset.players
    turn = state.turn
    first = turn if turn is not None else min(by_seat)
    for step in range(players):
        seat = (first + step) % players
        if seat == turn or seat not in by_seat:
            continue
        chosen = bots[seat].interrupt(view(seat), tuple(by_seat[seat]))
        if chosen is not None:
            return _checked(chosen, by_seat[seat], bots[seat], seat)
    return None


def _checked(move: object, allowed: Sequence[Move], bot: Bot, seat: int) -> Move:
    if not isinstance(move, Move) or move not in allowed:
        raise IllegalMoveError(f"{bot!r} at seat {seat} answered {move!r}, not one of its legal moves", move, "bot")
    return move


def play_match(rules: Ruleset, bots: Sequence[Bot], *, seed: int) -> GameState:
    """Play a whole match of ``rules`` between ``bots`` (one per seat) from the deal of ``seed``; the final state.

    Each bot is set up with its seat and a seed derived from ``seed``, and reset at the end.
    """
    if len(bots) != rules.players:
        raise KozelError(f"{rules.name} is played by {rules.players}; {len(bots)} bots were given")
    for seat, bot in enumerate(bots):
        bot.setup(rules, seat, seed)
    state = new_game(rules, seed=seed)
    tracker = ViewTracker(state)
    view = tracker.view
    while not state.is_over:
        tracker.step(_next(state, bots, view))
        state = tracker.state
    for bot in bots:
        bot.reset()
    return state
