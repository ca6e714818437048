"""One reader of a whole number within a range (``kozel.plain_types.whole_in``), and the checks that use it."""

from __future__ import annotations

import enum
import importlib
import importlib.util
import os
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import pytest

from kozel import KozelError, WrongTypeError
from kozel.bots.base import whole_count
from kozel.bots.pool import check_processes, max_processes
from kozel.bots.tournament import Tournament, play, seating
from kozel.limits import MAX_INDENT, MAX_MATCHES, indent
from kozel.plain_types import whole_in
from kozel.variants import get

CLASSIC = get("classic")
HUGE = 10**5000


class Level(enum.IntEnum):
    """An IntEnum: a whole number, as its value."""

    LOW = 2
    HIGH = 9


def refused(kind: type[Exception], call: Any, *args: Any, **keywords: Any) -> str:
    """The message of the error ``call`` raises, which is exactly of ``kind`` (not a subclass)."""
    with pytest.raises(KozelError) as caught:
        call(*args, **keywords)
    assert caught.type is kind, f"{caught.type.__name__}: {caught.value}"
    return str(caught.value)


def test_whole_in_takes_ints_and_int_enums_as_plain_ints():
    assert whole_in("n", 3, 1, 5) == 3
    assert whole_in("n", 1, 1, 5) == 1
    assert whole_in("n", 5, 1, 5) == 5
    assert whole_in("n", -(10**30), None, 0) == -(10**30)
    assert whole_in("n", 10**30, 0, None) == 10**30
    assert whole_in("n", -7, None, None) == -7
    taken = whole_in("n", Level.LOW, 1, 5)
    assert taken == 2
    assert type(taken) is int


def test_whole_in_takes_numpy_integers_as_plain_ints():
    numpy = pytest.importorskip("numpy", reason="numpy is not installed")
    for kind in (numpy.int8, numpy.int64, numpy.uint32):
        taken = whole_in("n", kind(4), 1, 5)
        assert taken == 4
        assert type(taken) is int
    assert "not np.int64(9)" in refused(KozelError, whole_in, "n", numpy.int64(9), 1, 5).replace("numpy.", "np.")
    refused(WrongTypeError, whole_in, "n", numpy.float64(2.0), 1, 5)
    refused(WrongTypeError, whole_in, "n", numpy.array([2]), 1, 5)


@pytest.mark.parametrize("value", [True, False, 2.0, 2.5, "2", b"2", None, [2], Fraction(4, 2), object()])
def test_whole_in_refuses_what_is_no_whole_number_as_a_wrong_type(value: object):
    message = refused(WrongTypeError, whole_in, "n", value, 1, 5)
    assert message.startswith("n is a whole number from 1 to 5, not ")


def test_whole_in_refuses_a_number_out_of_range_at_either_end():
    assert refused(KozelError, whole_in, "worlds", 0, 1, 5) == "worlds is a whole number from 1 to 5, not 0"
    assert refused(KozelError, whole_in, "worlds", 6, 1, 5) == "worlds is a whole number from 1 to 5, not 6"
    assert refused(KozelError, whole_in, "n", -1, 0, None) == "n is a whole number of at least 0, not -1"
    assert refused(KozelError, whole_in, "n", 4, None, 3) == "n is a whole number of at most 3, not 4"
    assert (
        refused(KozelError, whole_in, "n", Level.HIGH, 1, 5) == "n is a whole number from 1 to 5, not <Level.HIGH: 9>"
    )
    assert refused(WrongTypeError, whole_in, "n", "x", None, None) == "n is a whole number, not 'x'"


def test_whole_in_takes_none_only_where_it_is_allowed():
    assert whole_in("n", None, 1, 5, none=True) is None
    assert whole_in("n", 3, 1, 5, none=True) == 3
    assert refused(WrongTypeError, whole_in, "n", None, 1, 5) == "n is a whole number from 1 to 5, not None"
    assert refused(WrongTypeError, whole_in, "n", "x", 1, 5, none=True) == (
        "n is a whole number from 1 to 5, or None, not 'x'"
    )
    assert refused(KozelError, whole_in, "n", 9, 1, 5, none=True) == "n is a whole number from 1 to 5, or None, not 9"
    assert refused(WrongTypeError, whole_in, "n", 1.5, None, None, none=True) == "n is a whole number or None, not 1.5"


@pytest.mark.parametrize("value", [HUGE, -HUGE, [HUGE], "9" * 5000], ids=["int", "negative", "list", "text"])
def test_whole_in_quotes_a_huge_value_in_a_short_message(value: object):
    message = refused(WrongTypeError if not isinstance(value, int) else KozelError, whole_in, "n", value, 1, 5)
    assert message.startswith("n is a whole number from 1 to 5, not ")
    assert len(message) < 100


def test_whole_in_quotes_a_value_nested_too_deep_to_write_out():
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    assert refused(WrongTypeError, whole_in, "n", nested, 1, 5) == (
        "n is a whole number from 1 to 5, not a list nested too deep to show"
    )


def test_a_bots_count_is_read_by_whole_in():
    assert whole_count("worlds", 3, 10) == 3
    refused(WrongTypeError, whole_count, "worlds", True, 10)
    refused(WrongTypeError, whole_count, "worlds", 2.0, 10)
    assert refused(KozelError, whole_count, "worlds", 0, 10) == "worlds is a whole number from 1 to 10, not 0"
    assert refused(KozelError, whole_count, "worlds", 11, 10) == "worlds is a whole number from 1 to 10, not 11"
    assert len(refused(KozelError, whole_count, "worlds", HUGE, 10)) < 100


def test_the_indent_of_written_json_is_read_by_whole_in():
    assert indent(None) is None
    assert indent(0) == 0
    assert indent(MAX_INDENT) == MAX_INDENT
    for value in (True, 1.5, "2", [2]):
        assert refused(WrongTypeError, indent, value).startswith("indent is a whole number from 0 to 16, or None, not")
    assert refused(KozelError, indent, -1) == "indent is a whole number from 0 to 16, or None, not -1"
    assert refused(KozelError, indent, MAX_INDENT + 1) == "indent is a whole number from 0 to 16, or None, not 17"


def test_the_tournament_numbers_are_read_by_whole_in():
    assert seating(2, 3) == (1, 0)
    refused(WrongTypeError, seating, True, 1)
    refused(WrongTypeError, seating, 2, "1")
    assert refused(KozelError, seating, 0, 1) == "seating: sides is a whole number of at least 1, not 0"
    assert refused(KozelError, seating, 2, -1) == (
        "seating: index, the match's number, is a whole number of at least 0, not -1"
    )
    refused(WrongTypeError, play, CLASSIC, ["random", "random"], 1, 0.0)
    refused(KozelError, play, CLASSIC, ["random", "random"], 1, -1)


def test_the_matches_an_executor_plays_at_once_are_read_by_whole_in():
    tournament = Tournament(CLASSIC, ["random", "random"], 1)
    with ThreadPoolExecutor(1) as executor:
        for processes in (True, 1.0, "2", None):
            message = refused(WrongTypeError, tournament.run, processes=processes, executor=executor)
            assert message.startswith(
                "processes, the matches an executor plays at once, is a whole number of at least 1"
            )
        for processes in (0, -1):
            message = refused(KozelError, tournament.run, processes=processes, executor=executor)
            assert message == (
                f"processes, the matches an executor plays at once, is a whole number of at least 1, not {processes}"
            )


@pytest.mark.extra
def test_gymnasium_reset_seed_is_read_by_whole_in():
    pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")
    from kozel.integrations.gymnasium import KozelSeatEnv  # noqa: PLC0415

    environment = KozelSeatEnv("classic")
    environment.reset(seed=None)
    environment.reset(seed=0)
    for seed in (True, 1.5, "1"):
        message = refused(WrongTypeError, environment.reset, seed=seed)
        assert message.startswith("reset's seed is a whole number of at least 0, or None, not")
    assert refused(KozelError, environment.reset, seed=-1) == (
        "reset's seed is a whole number of at least 0, or None, not -1"
    )


@pytest.mark.extra
def test_pettingzoo_reset_seed_is_read_by_whole_in():
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    from kozel.integrations import pettingzoo  # noqa: PLC0415

    environment = pettingzoo.raw_env("classic")
    environment.reset(seed=-3)  # any whole number: the match's seed
    environment.reset(seed=None)
    for seed in (True, 1.5, "1"):
        message = refused(WrongTypeError, environment.reset, seed=seed)
        assert message.startswith("reset's seed is a whole number or None, not")


def test_ray_num_cpus_is_read_by_whole_in_and_bounded_by_the_local_process_bound(monkeypatch: pytest.MonkeyPatch):
    # The arguments are checked before Ray is imported: this needs no ray extra.  Where Ray is installed, it must
    # never be started here.
    from kozel.integrations.ray import RayExecutor  # noqa: PLC0415

    if importlib.util.find_spec("ray") is not None:
        ray = importlib.import_module("ray")

        def started(*args: object, **keywords: object) -> None:
            raise AssertionError("Ray was asked to start before num_cpus was checked")

        monkeypatch.setattr(ray, "init", started)
        monkeypatch.setattr(ray, "is_initialized", lambda: False)

    most = max_processes()
    for cpus in (True, 2.0, "2"):
        message = refused(WrongTypeError, RayExecutor, num_cpus=cpus)
        assert message.startswith(f"num_cpus is a whole number from 1 to {most}, or None, not")
    for cpus in (0, -1, most + 1, 10**9, HUGE):
        message = refused(KozelError, RayExecutor, num_cpus=cpus)
        assert message.startswith(f"num_cpus is a whole number from 1 to {most}, or None, not")
        assert len(message) < 100


def test_the_processes_of_a_run_are_read_by_whole_in_and_say_the_cores(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert check_processes(1) == 1
    assert check_processes(8) == 8
    taken = check_processes(Level.LOW)
    assert taken == 2
    assert type(taken) is int
    said = "processes (4 a core, 2 cores here) is a whole number from 1 to 8, not "
    for processes in (True, 1.0, "2", None, [1]):
        assert refused(WrongTypeError, check_processes, processes).startswith(said)
    for processes in (0, -1, 9):
        assert refused(KozelError, check_processes, processes) == f"{said}{processes}"
    assert len(refused(KozelError, check_processes, HUGE)) < 120


def test_the_processes_of_a_run_may_be_numpy_integers():
    numpy = pytest.importorskip("numpy", reason="numpy is not installed")
    for kind in (numpy.int8, numpy.int64, numpy.uint16):
        taken = check_processes(kind(1))
        assert taken == 1
        assert type(taken) is int
    refused(WrongTypeError, check_processes, numpy.float64(1.0))
    refused(KozelError, check_processes, numpy.int64(0))


def test_a_tournaments_number_of_matches_is_read_by_whole_in():
    assert Tournament(CLASSIC, ["random", "random"], Level.LOW).matches == 2
    said = f"a tournament's number of matches is a whole number from 1 to {MAX_MATCHES}, not "
    for matches in (True, 2.0, "2", None):
        assert refused(WrongTypeError, Tournament, CLASSIC, ["random", "random"], matches).startswith(said)
    for matches in (0, -1, MAX_MATCHES + 1):
        assert refused(KozelError, Tournament, CLASSIC, ["random", "random"], matches) == f"{said}{matches}"
    assert len(refused(KozelError, Tournament, CLASSIC, ["random", "random"], HUGE)) < 120


def test_a_tournaments_number_of_matches_may_be_a_numpy_integer():
    numpy = pytest.importorskip("numpy", reason="numpy is not installed")
    tournament = Tournament(CLASSIC, ["random", "random"], numpy.int16(3))
    assert tournament.matches == 3
    assert type(tournament.matches) is int
    refused(WrongTypeError, Tournament, CLASSIC, ["random", "random"], numpy.float64(3.0))
    refused(KozelError, Tournament, CLASSIC, ["random", "random"], numpy.int64(0))


def test_the_matches_to_replay_are_read_by_whole_in():
    tournament = Tournament(CLASSIC, ["random", "random"], 2, seed=4)
    said = "a match to replay, one of this tournament's 2 matches, is a whole number from 0 to 1, not "
    for index in (True, 1.0, "0", None):
        assert refused(WrongTypeError, tournament.replay, [0, index]) == f"{said}{index!r}"
    for index in (2, -1):
        assert refused(KozelError, tournament.replay, [index]) == f"{said}{index}"
    assert refused(KozelError, tournament.replay, [Level.HIGH]) == f"{said}<Level.HIGH: 9>"
    assert len(refused(KozelError, tournament.replay, [HUGE])) < 120
    replayed = tournament.replay([Level.LOW - 1, 0])
    assert [outcome.index for outcome in replayed] == [1, 0]


def test_the_matches_to_replay_may_be_numpy_integers():
    numpy = pytest.importorskip("numpy", reason="numpy is not installed")
    tournament = Tournament(CLASSIC, ["random", "random"], 2, seed=4)
    assert [outcome.index for outcome in tournament.replay([numpy.uint8(1)])] == [1]
    refused(WrongTypeError, tournament.replay, [numpy.float64(1.0)])
    refused(KozelError, tournament.replay, [numpy.int64(2)])


@pytest.mark.extra
def test_gymnasium_seat_is_read_by_whole_in_and_refused_out_of_range_as_a_seat_error():
    pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")
    numpy = pytest.importorskip("numpy", reason="the gymnasium extra is not installed")
    from kozel.errors import SeatError  # noqa: PLC0415
    from kozel.integrations.gymnasium import KozelSeatEnv  # noqa: PLC0415

    assert KozelSeatEnv("classic", seat=3, bots="random").seat == 3
    seat = KozelSeatEnv("classic", seat=Level.LOW, bots="random").seat
    assert seat == 2
    assert type(seat) is int
    seat = KozelSeatEnv("classic", seat=numpy.int64(1), bots="random").seat
    assert seat == 1
    assert type(seat) is int
    said = "seat=, the learner's seat, is a whole number from 0 to 3, not "
    for bad in (True, 1.0, "1", None, numpy.float64(1.0)):
        assert refused(WrongTypeError, KozelSeatEnv, "classic", seat=bad).startswith(said)
    for bad in (-1, 4):
        assert refused(SeatError, KozelSeatEnv, "classic", seat=bad) == f"{said}{bad}"
    assert refused(SeatError, KozelSeatEnv, "classic", seat=numpy.int8(4)).startswith(said)
    assert len(refused(SeatError, KozelSeatEnv, "classic", seat=HUGE)) < 120


@pytest.mark.extra
def test_openspiel_resampler_seed_is_read_by_whole_in():
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    numpy = pytest.importorskip("numpy", reason="the openspiel extra is not installed")
    from kozel.integrations.openspiel import resampler  # noqa: PLC0415

    for seed in (0, -(10**30), HUGE, Level.LOW, numpy.int64(7), numpy.uint8(3)):
        assert callable(resampler(seed))
    for seed in (True, 1.5, "1", None, numpy.float64(1.0), [1]):
        assert refused(WrongTypeError, resampler, seed).startswith("resampler's seed is a whole number, not ")
