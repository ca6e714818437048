"""A seat given as a NumPy integer is read as the plain int it stands for, in ``observe`` and in a Move; a bool
is no seat."""

from __future__ import annotations

import enum
import pickle

import pytest

import kozel
from kozel import Move, MoveKind, SeatError, WrongTypeError
from kozel.game.move import broken

np = pytest.importorskip(
    "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
)

CLASSIC = kozel.variants.get("classic")
INTEGERS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64]


@pytest.mark.parametrize("kind", INTEGERS, ids=lambda kind: kind.__name__)
def test_observe_takes_a_numpy_seat_as_its_int(kind):
    state = kozel.new_game(CLASSIC, seed=7)
    view = kozel.observe(state, kind(1))
    assert view == kozel.observe(state, 1)
    assert type(view.seat) is int
    assert view.seat == 1
    assert view.history == kozel.observe(state, 1).history


def test_observe_refuses_a_numpy_seat_off_the_table_or_a_bool():
    state = kozel.new_game(CLASSIC, seed=7)
    with pytest.raises(SeatError, match="there is no seat 4 at a table of 4"):
        kozel.observe(state, np.int64(4))
    with pytest.raises(SeatError, match="there is no seat -1 at a table of 4"):
        kozel.observe(state, np.int64(-1))
    for bad in (True, np.bool_(True), 1.0, np.float64(1.0), "1"):
        with pytest.raises(WrongTypeError, match="a seat is a whole number"):
            kozel.observe(state, bad)


@pytest.mark.parametrize("kind", INTEGERS, ids=lambda kind: kind.__name__)
def test_a_move_takes_a_numpy_seat_as_its_int(kind):
    move = Move(kind(2), MoveKind.BEAT, "A♠ 10♥")
    assert move == Move(2, MoveKind.BEAT, "A♠ 10♥")
    assert type(move.seat) is int
    assert broken(move) is None
    assert pickle.loads(pickle.dumps(move)) == move
    assert type(move._replace(seat=kind(3)).seat) is int
    assert type(Move._make((kind(1), MoveKind.LEAD, "7♣", np.int64(2))).seat) is int


def test_a_move_of_a_numpy_seat_is_applied_as_any_other():
    state = kozel.new_game(CLASSIC, seed=7)
    move = kozel.legal_moves(state)[0]
    again = Move(np.int64(move.seat), move.kind, move.cards, move.choice)
    assert kozel.apply(state, again) == kozel.apply(state, move)


def test_an_int_enum_seat_is_kept_as_a_plain_int():
    class Seat(enum.IntEnum):
        NORTH = 0

    move = Move(Seat.NORTH, MoveKind.LEAD, "7♣")
    assert type(move.seat) is int
    assert broken(move) is None


def test_a_move_refuses_a_bool_or_a_float_seat():
    for bad in (True, np.bool_(False), 1.0, np.float64(1.0), "1", None):
        with pytest.raises(WrongTypeError, match="a move's seat is a seat number"):
            Move(bad, MoveKind.LEAD, "7♣")
    with pytest.raises(WrongTypeError, match="a seat number from 0 to 99, not 100"):
        Move(np.int64(100), MoveKind.LEAD, "7♣")
    with pytest.raises(WrongTypeError, match="a seat number from 0 to 99, not -1"):
        Move(np.int8(-1), MoveKind.LEAD, "7♣")


def test_a_view_tracker_takes_a_numpy_seat_as_its_int():
    state = kozel.new_game(CLASSIC, seed=7)
    tracker = kozel.ViewTracker(state)
    view = tracker.view(np.int64(2))
    assert type(view.seat) is int
    assert view == kozel.observe(state, 2)
    with pytest.raises(SeatError, match="there is no seat 9 at a table of 4"):
        tracker.view(np.int16(9))
    with pytest.raises(WrongTypeError, match="a seat is a whole number, not True"):
        tracker.view(True)


def test_the_seating_reads_a_numpy_seat_as_a_plain_int():
    seating = CLASSIC.seating
    assert type(seating.checked_seat(np.uint8(3))) is int
    assert seating.checked_seat(np.uint8(3)) == 3
    with pytest.raises(WrongTypeError, match=r"^a seat is a whole number, not (np\.)?True_?$"):
        seating.checked_seat(np.bool_(True))


def test_the_testing_kit_takes_a_numpy_seat():
    from kozel.testing import check_view_hides  # noqa: PLC0415 - the kit, as a user imports it

    state = kozel.new_game(CLASSIC, seed=7)
    check_view_hides(state, np.int64(1), __import__("random").Random(0), 2)  # raises where the view leaks
