"""One decision at a time: the one seat asked now and the moves it may answer with.

``legal_moves`` may hold the moves of several seats at once (a molodka, a trump transfer or a
redeal call out of turn).  The asking order, the one the bot runner has always used:

1. When only the seat to move has moves, it is asked.
2. Otherwise every seat with a move, other than the seat to move, clockwise from the seat to move
   (from the lowest seat with a move when nobody is to move), is asked in turn whether it moves
   out of turn: its moves and the move ``wait`` (:attr:`~kozel.MoveKind.WAIT`, "let play go on").
   The first that answers with a move makes it.
3. When all of them wait, the seat to move is asked (or, when it has no move, the lowest seat with
   a move, which may so be asked twice), without ``wait``.

``wait`` is never a legal move: ``apply`` refuses it.  :func:`advance` applies a move, or for
``wait`` keeps the state and adds the seat to ``waited``, the seats that have waited at this state.

Where nobody has a move, nobody is asked: :func:`decision` is None once the match is over, and at
a hand's end reached inside :func:`kozel.engine.within_hand` (a state nothing is played from).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kozel.engine.core import apply, legal_moves
from kozel.errors import IllegalMoveError, KozelError, WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.plain_types import whole_number
from kozel.rules.checks import table_text

__all__ = ["Decision", "advance", "decision", "wait"]


class Decision(NamedTuple):
    """The seat asked now and what it may answer."""

    #: The seat asked.
    seat: int
    #: Its moves: legal moves, and ``wait`` last when asked out of turn.
    moves: tuple[Move, ...]
    #: Whether the seat is asked out of turn (it may wait).
    out_of_turn: bool
    #: The seats that have waited at this state, in the order asked.
    waited: tuple[int, ...]

    def __copy__(self) -> Decision:
        """A decision is an immutable value: its copy is itself."""
        return self

    def __deepcopy__(self, memo: object) -> Decision:
        """A decision is an immutable value: its deep copy is itself."""
        return self


def wait(seat: int) -> Move:
    """The move of ``seat`` letting play go on instead of moving out of turn."""
    return Move(seat, MoveKind.WAIT)


def decision(state: GameState, waited: Sequence[int] = ()) -> Decision | None:
    """The seat asked in ``state`` once the seats ``waited`` have waited, and its moves; None where nobody has a move.

    Nobody has a move once the match is over, and at a hand's end reached inside
    :func:`kozel.engine.within_hand`; ``waited`` is then empty (nobody can have waited there).
    """
    if not isinstance(state, GameState):
        raise WrongTypeError(f"a decision is asked in a GameState, not in {type(state).__name__}")
    if type(waited) is not tuple:
        waited = _seats(waited)
    if waited and not all(type(seat) is int for seat in waited):
        waited = _whole_seats(waited)
    moves = legal_moves(state) if state.result is None else ()
    if not moves:
        if waited:
            raise KozelError(f"nobody has a move here, so nobody waits; {_shown(waited)} was given")
        return None
    return _decide(state, moves, waited)


def _whole_seats(waited: tuple[object, ...]) -> tuple[int, ...]:
    """``waited`` as plain ints, where each is a whole number (an int or a NumPy integer, not a bool)."""
    seats = []
    for seat in waited:
        whole = whole_number(seat)
        if whole is None:
            raise WrongTypeError(f"waited holds seat numbers, whole numbers, not {_shown(waited)}")
        seats.append(whole)
    return tuple(seats)


def _shown(waited: tuple[object, ...]) -> str:
    """The seats ``waited`` as a message shows them: each one short, numbers too long to write out described."""
    text = table_text(list(waited))
    return text if len(text) <= 80 else text[:77] + "..."


def _seats(waited: object) -> tuple[int, ...]:
    """``waited`` as a tuple, where it is a sequence (of the seats that waited: ``_decide`` checks them)."""
    if not isinstance(waited, str | bytes):
        try:
            return tuple(waited)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise WrongTypeError(f"waited is a sequence of the seats that waited (a tuple), not {type(waited).__name__}")


def _decide(state: GameState, moves: tuple[Move, ...], waited: tuple[int, ...]) -> Decision:
    turn = state.turn
    for move in moves:
        if move.seat != turn:
            break
    else:  # the common case: only the seat to move has moves
        if waited:
            raise KozelError(f"nobody may move out of turn here, so nobody waits; {_shown(waited)} was given")
        return Decision(turn if turn is not None else moves[0].seat, moves, False, ())
    by_seat: dict[int, list[Move]] = {}
    for move in moves:
        by_seat.setdefault(move.seat, []).append(move)
    players = state.match.ruleset.players
    first = turn if turn is not None else min(by_seat)
    askers = [
        seat for seat in ((first + step) % players for step in range(players)) if seat != turn and seat in by_seat
    ]
    if list(waited) != askers[: len(waited)]:
        raise KozelError(
            f"the seats asked out of turn here are {askers}, in that order; {_shown(waited)} cannot have waited"
        )
    if len(waited) < len(askers):
        seat = askers[len(waited)]
        return Decision(seat, (*by_seat[seat], wait(seat)), True, waited)
    seat = turn if turn in by_seat else min(by_seat)
    return Decision(seat, tuple(by_seat[seat]), False, waited)


def advance(state: GameState, move: Move, waited: Sequence[int] = ()) -> tuple[GameState, tuple[int, ...]]:
    """The state and the seats waited after the seat asked answers ``move``: ``wait`` keeps the state, a move applies.

    An answer that is not one of the asked seat's (:func:`decision`) is refused with
    :class:`~kozel.IllegalMoveError`, and so is every answer where nobody has a move.
    """
    if not isinstance(move, Move):
        raise WrongTypeError(f"advance takes the answer as a Move (see kozel.decision), not {type(move).__name__}")
    asked = decision(state, waited)
    if asked is None:
        if state.result is not None:
            raise IllegalMoveError(f"{move} cannot be made: the match is over", move, "over")
        raise IllegalMoveError(
            f"{move} cannot be made: nobody has a move here (a hand's end reached inside kozel.engine.within_hand)",
            move,
            "over",
        )
    if move not in asked.moves:
        raise IllegalMoveError(
            f"{move} is not an answer of seat {asked.seat}, the seat asked now; see kozel.decision", move, "decision"
        )
    if move.kind is MoveKind.WAIT:
        return state, (*asked.waited, move.seat)
    return apply(state, move), ()
