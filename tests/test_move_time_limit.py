"""The time limit on a bot's calls (``move_seconds``): a bot over it fails with ``BotError`` wherever the match is
played (in this process, over processes, on Ray, from the command line); the signal handler and timer are put back;
bad limits and a thread that cannot keep one are refused; and a limit no bot reaches changes nothing."""

from __future__ import annotations

import importlib.util
import math
import os
import signal
import sys
import textwrap
import threading
import time

import pytest

import kozel
from kozel.bots import BotError, HeuristicBot, League, RandomBot, Tournament, play_match
from kozel.bots import runner as bot_runner
from kozel.cli.main import main
from kozel.errors import KozelError, WrongTypeError

CLASSIC = kozel.variants.get("classic")
LIMIT = 0.3
#: A match stopped by the limit ends well within this (the bots would otherwise sleep for 30 s).
QUICK = 10.0
#: The longest limit taken (``kozel.limits.MAX_MOVE_SECONDS``): a day.
MAX_MOVE_SECONDS = 86400

BOTS = textwrap.dedent(
    """
    import time

    from kozel.bots import RandomBot


    class Sleeper(RandomBot):
        name = "sleeper"

        def choose(self, view, moves):
            time.sleep(30)
            return moves[0]


    class Busy(RandomBot):
        name = "busy"

        def choose(self, view, moves):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    sum(range(1000))
                except Exception:
                    pass
            return moves[0]


    class Swallows(RandomBot):
        name = "swallows"

        def choose(self, view, moves):
            try:
                time.sleep(30)
            except BaseException:
                pass
            return moves[0]


    class SlowSetup(RandomBot):
        name = "slow_setup"

        def setup(self, rules, seat, seed):
            time.sleep(30)
            super().setup(rules, seat, seed)


    class SlowInit(RandomBot):
        # Built at once the first time (as the tournament learns its name), slowly every time after.

        name = "slow_init"
        made = 0

        def __init__(self):
            super().__init__()
            SlowInit.made += 1
            if SlowInit.made > 1:
                time.sleep(30)
    """
)


@pytest.fixture
def bot_folder(tmp_path, monkeypatch):
    """A folder holding the module ``slowbots`` (bots that take too long), on the import path, and the current
    folder."""
    (tmp_path / "slowbots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "slowbots", raising=False)
    yield tmp_path
    sys.modules.pop("slowbots", None)


def slow(name):
    """A bot of the module ``slowbots``."""
    import slowbots  # noqa: PLC0415 - written by the fixture

    return getattr(slowbots, name)()


def timer_state():
    """The SIGALRM handler and the real-time timer, as they are now."""
    return signal.getsignal(signal.SIGALRM), signal.getitimer(signal.ITIMER_REAL)


def failing_match(bot, **options):
    """The BotError of a match of ``bot`` at seat 0 against random bots, with a limit of LIMIT; and its time."""
    started = time.monotonic()
    with pytest.raises(BotError) as raised:
        play_match(CLASSIC, [bot, RandomBot(), RandomBot(), RandomBot()], seed=7, move_seconds=LIMIT, **options)
    return raised.value, time.monotonic() - started


def test_a_bot_that_sleeps_in_choose_fails_quickly_with_bot_error(bot_folder):
    error, took = failing_match(slow("Sleeper"))
    assert took < QUICK
    assert error.seat == 0
    assert error.reason == "took longer than 0.3 s to choose (move_seconds)"
    assert str(error) == "the bot Sleeper at seat 0 failed: took longer than 0.3 s to choose (move_seconds)"
    assert isinstance(error.__cause__, bot_runner.TimeUp)
    assert not isinstance(error.__cause__, Exception)


def test_a_bot_that_catches_exception_in_a_busy_loop_is_still_stopped(bot_folder):
    error, took = failing_match(slow("Busy"))
    assert took < QUICK
    assert error.reason == "took longer than 0.3 s to choose (move_seconds)"


def test_a_bot_that_swallows_the_time_up_and_answers_late_still_fails(bot_folder):
    error, took = failing_match(slow("Swallows"))
    assert took < QUICK
    assert error.reason == "took longer than 0.3 s to choose (move_seconds)"


def test_a_setup_over_the_limit_fails(bot_folder):
    error, took = failing_match(slow("SlowSetup"))
    assert took < QUICK
    assert error.seat == 0
    assert error.reason == "took longer than 0.3 s to set up (move_seconds)"


def test_the_handler_and_timer_are_put_back_after_a_match(bot_folder):
    before = timer_state()
    failing_match(slow("Sleeper"))
    assert timer_state() == before
    play_match(CLASSIC, [RandomBot() for _ in range(4)], seed=3, move_seconds=60)
    assert timer_state() == before


def test_a_handler_and_timer_of_the_caller_are_put_back_with_the_time_they_had_left(bot_folder):
    rang = []

    def own(signum, frame):
        rang.append(signum)

    previous = signal.signal(signal.SIGALRM, own)
    try:
        signal.setitimer(signal.ITIMER_REAL, 600)
        failing_match(slow("Sleeper"))
        left, interval = signal.getitimer(signal.ITIMER_REAL)
        assert signal.getsignal(signal.SIGALRM) is own
        assert 590 < left < 600
        assert interval == 0
        assert rang == []
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("processes", [1, 2])
def test_a_tournament_names_the_slow_bot_and_its_match(bot_folder, processes):
    started = time.monotonic()
    with pytest.raises(BotError) as raised:
        Tournament(CLASSIC, ["slowbots:Sleeper", "random"], matches=4, move_seconds=LIMIT).run(processes)
    assert time.monotonic() - started < QUICK + 5
    error = raised.value
    assert str(error) == "bot 'slowbots:Sleeper' failed at match 0: took longer than 0.3 s to choose (move_seconds)"
    assert error.reason == "took longer than 0.3 s to choose (move_seconds)"
    assert error.seat in (0, 2)


def test_a_bot_slow_to_be_made_fails_in_a_tournament(bot_folder):
    started = time.monotonic()
    with pytest.raises(
        BotError, match=r"^bot 'slowbots:SlowInit' failed at match 0: took longer than 0\.3 s to be made"
    ):
        Tournament(CLASSIC, ["slowbots:SlowInit", "random"], matches=2, move_seconds=LIMIT).run(1)
    assert time.monotonic() - started < QUICK


def test_a_league_names_the_slow_bot_its_match_and_its_pairing(bot_folder):
    league = League(CLASSIC, ["random", "slowbots:Sleeper", "heuristic"], matches=2, move_seconds=LIMIT)
    with pytest.raises(BotError) as raised:
        league.run(1)
    assert str(raised.value) == (
        "bot 'slowbots:Sleeper' failed at match 0: took longer than 0.3 s to choose (move_seconds), "
        "in pairing 1 of 3 (random vs sleeper)"
    )


def test_the_simulate_command_says_the_slow_bot_in_one_line(bot_folder, capsys):
    arguments = ["simulate", "--bots", "slowbots:Sleeper", "random", "-n", "4", "--processes", "1"]
    assert main([*arguments, "--move-seconds", "0.3"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "kozel simulate: bot 'slowbots:Sleeper' failed at match 0: took longer than 0.3 s to choose (move_seconds)\n"
    )
    assert captured.out == ""


def test_the_league_command_says_the_slow_bot_in_one_line(bot_folder, capsys):
    arguments = ["league", "--bots", "random", "slowbots:Sleeper", "-n", "2", "--processes", "2"]
    assert main([*arguments, "--move-seconds", "0.3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kozel league: bot 'slowbots:Sleeper' failed at match 0: took longer than 0.3 s to choose")
    assert err.count("\n") == 1


@pytest.mark.parametrize("text", ["0", "-1", "nan", "inf", "1e3", str(MAX_MOVE_SECONDS + 1), "", "0.0"])
def test_the_commands_refuse_a_limit_that_is_not_one(capsys, text):
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "classic", "-n", "2", "--move-seconds", text])
    assert stopped.value.code == 2
    assert "argument --move-seconds: a number of seconds above 0 and at most 86400" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (True, WrongTypeError),
        ("1", WrongTypeError),
        (math.nan, KozelError),
        (math.inf, KozelError),
        (-1, KozelError),
        (0, KozelError),
        (0.0, KozelError),
        (MAX_MOVE_SECONDS + 1, KozelError),
    ],
)
def test_a_limit_that_is_not_a_number_of_seconds_above_0_is_refused(value, kind):
    bots = [RandomBot() for _ in range(4)]
    with pytest.raises(kind, match=r"move_seconds.* is a number of seconds above 0 and at most 86400"):
        play_match(CLASSIC, bots, seed=1, move_seconds=value)
    assert all(bot.rules is None for bot in bots)  # refused before any bot is set up
    with pytest.raises(kind, match=r"move_seconds.* is a number of seconds above 0 and at most 86400"):
        Tournament(CLASSIC, ["random", "random"], matches=2, move_seconds=value)
    with pytest.raises(kind, match=r"move_seconds.* is a number of seconds above 0 and at most 86400"):
        League(CLASSIC, ["random", "heuristic"], matches=2, move_seconds=value)


def test_the_largest_limit_is_taken():
    assert kozel.limits.MAX_MOVE_SECONDS == MAX_MOVE_SECONDS
    assert Tournament(CLASSIC, ["random", "random"], matches=2, move_seconds=MAX_MOVE_SECONDS).move_seconds == 86400
    assert League(CLASSIC, ["random", "random"], matches=2, move_seconds=0.5).move_seconds == 0.5


def test_a_limit_is_refused_in_another_thread_with_one_process():
    caught: list[BaseException] = []
    tournament = Tournament(CLASSIC, ["random", "random"], matches=2, move_seconds=5)

    def run():
        for attempt in (
            lambda: play_match(CLASSIC, [RandomBot() for _ in range(4)], seed=1, move_seconds=5),
            lambda: tournament.run(1),
        ):
            try:
                attempt()
            except BaseException as error:
                caught.append(error)

    thread = threading.Thread(target=run, name="not the main one")
    thread.start()
    thread.join(60)
    assert len(caught) == 2
    for error in caught:
        assert type(error) is KozelError
        assert "needs the main thread of its process" in str(error)
        assert "'not the main one'" in str(error)


def test_a_generous_limit_changes_no_outcome():
    bots = ("heuristic", "random")
    without = Tournament(CLASSIC, bots, matches=6, seed=5).run(1)
    within = Tournament(CLASSIC, bots, matches=6, seed=5, move_seconds=60).run(1)
    assert within == without
    first = play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=11)
    second = play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=11, move_seconds=60)
    assert first == second
    assert first.match.history == second.match.history


@pytest.mark.extra
@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="the ray extra is not installed (pip install -e '.[ray]')"
)
def test_on_ray_a_slow_bot_fails_as_it_does_here(bot_folder, monkeypatch):
    from kozel.integrations.ray import RayExecutor  # noqa: PLC0415 - only where the extra is installed

    # The workers import the bots' module, as the nodes of a cluster import a bot's module.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(bot_folder), os.environ.get("PYTHONPATH")])))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    tournament = Tournament(CLASSIC, ["slowbots:Sleeper", "random"], matches=2, move_seconds=LIMIT)
    with pytest.raises(BotError) as here:
        tournament.run(1)
    executor = RayExecutor(num_cpus=1)
    try:
        with pytest.raises(BotError) as there:
            tournament.run(1, executor=executor)
    finally:
        executor.shutdown()
    assert str(there.value) == str(here.value)
    assert vars(there.value) == vars(here.value)
