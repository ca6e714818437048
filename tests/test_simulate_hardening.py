"""``kozel simulate`` under bad input: its help and usage, its limits, forged and broken logs, kills."""

from __future__ import annotations

import functools
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozel
from kozel import KozelError
from kozel.bots import RandomBot, Tournament, tournament_log
from kozel.bots import pool as pool_module
from kozel.bots.pool import PROCESSES_PER_CORE, WATCH_SECONDS, check_processes, max_processes
from kozel.bots.tournament import MatchOutcome
from kozel.bots.tournament_log import (
    MAX_LINE_BYTES,
    MAX_LOG_BYTES,
    REPLAYED,
    LogError,
    read_log,
    replay_sample,
    seal,
    writing_log,
)
from kozel.cli import simulate as simulate_command
from kozel.cli.main import main

CLASSIC = kozel.variants.get("classic")
HAMMER = kozel.variants.get("hammer")
RANDOMS = ("random", "random")
ROOT = Path(__file__).resolve().parent.parent


def simulate(*arguments: str) -> int:
    return main(["simulate", "classic", "--bots", *RANDOMS, "--processes", "1", "--seed", "4", *arguments])


def logged(path: Path, tournament: Tournament) -> list[MatchOutcome]:
    """Play ``tournament`` whole, writing its log at ``path``; its outcomes."""
    with writing_log(path, tournament) as write:
        _, outcomes = tournament.run(on_outcome=write)
    return outcomes


def sealed_line(tournament: Tournament, outcome: MatchOutcome) -> str:
    """The log line of ``outcome`` in ``tournament``, sealed as the writer seals it (a forger can do as much)."""
    return json.dumps({**outcome.as_data(), "seal": seal(tournament, outcome)}, ensure_ascii=False)


# --- help and usage ----------------------------------------------------------------------------


def test_simulate_help_is_plain_text(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: kozel simulate")
    for markup in ("``", ":mod:", ":class:", ":func:", ":meth:", ":data:", ":attr:"):
        assert markup not in text
    assert "kozel simulate: many matches between bots" in text
    assert "a value is a number, True, False, None or 'quoted text'" in " ".join(text.split())
    assert f"at most {PROCESSES_PER_CORE} processes a core" in text
    assert "512 MiB" in text
    assert "64 KiB" in text


@pytest.mark.parametrize(
    ("arguments", "unknown"),
    [
        (["classic", "--frobnicate"], "--frobnicate"),
        (["--frobnicate", "classic", "-n", "2"], "--frobnicate"),
        (["classic", "hammer"], "hammer"),
        (["classic", "-n", "2", "--seed", "1", "-x", "3"], "-x 3"),
    ],
)
def test_an_unknown_option_of_simulate_prints_the_simulate_usage(capsys, arguments, unknown):
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", *arguments])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: kozel simulate [-h] [--bots BOTS [BOTS ...]]")
    assert captured.err.endswith(f"kozel simulate: error: unrecognized arguments: {unknown}\n")
    assert "{match,rules,play,simulate}" not in captured.err


def test_a_bot_argument_that_is_a_bare_word_is_refused_saying_how_to_write_text(capsys):
    assert simulate("--bots", "ismcts(iterations=abc)", "random", "-n", "1") == 2
    err = capsys.readouterr().err
    assert err == (
        "kozel simulate: 'ismcts(iterations=abc)': the value of iterations, abc, is not a number, True, False, None "
        "or quoted text; text goes in quotes: iterations='abc'\n"
    )
    assert simulate("--bots", "ismcts(iterations=true)", "random", "-n", "1") == 2  # Python's True, not JSON's
    assert "iterations='true'" in capsys.readouterr().err
    assert simulate("--bots", "ismcts(iterations='abc')", "random", "-n", "1") == 2  # text, but not a number
    assert "IsmctsBot: iterations is a whole number from 1 to 10000000, not 'abc'" in capsys.readouterr().err


# --- processes ---------------------------------------------------------------------------------


def test_processes_are_bounded_at_a_few_a_core(monkeypatch, capsys):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert max_processes() == PROCESSES_PER_CORE == 4
    check_processes(1)
    check_processes(4)
    for bad in (0, -1, 5, 10_000, True):
        said = "processes (4 a core, 1 core here) is a whole number from 1 to 4, not "
        with pytest.raises(KozelError, match=re.escape(said)):
            check_processes(bad)
    randoms = Tournament(CLASSIC, RANDOMS, matches=4, seed=1)
    with pytest.raises(KozelError, match="not 5"):
        randoms.run(processes=5)
    with pytest.raises(KozelError, match="not 0"):
        randoms.replay([0], processes=0)
    for bad in ("5", "10000", "0", "-2"):
        assert simulate("--processes", bad, "-n", "1") == 2
        assert capsys.readouterr().err == (
            f"kozel simulate: --processes {bad}: processes (4 a core, 1 core here) is a whole number "
            f"from 1 to 4, not {bad}\n"
        )
    # at the edge: four processes on one core play the run, with the results of one process
    assert simulate("--processes", "4", "-n", "8", "--json", "-") == 0
    four = json.loads(capsys.readouterr().out)
    assert simulate("-n", "8", "--json", "-") == 0
    assert json.loads(capsys.readouterr().out) == four


def test_without_processes_a_run_takes_one_a_core(monkeypatch, capsys):
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: one process
    assert main(["simulate", "classic", "--bots", *RANDOMS, "-n", "1"]) == 0
    assert ", 1 process, " in capsys.readouterr().out


# --- logs that are not regular files, or too large -----------------------------------------------


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "run.log"
    os.mkfifo(fifo)
    tournament = Tournament(CLASSIC, RANDOMS, matches=2)
    with pytest.raises(LogError, match=r"run.log is a FIFO: a log is a regular file \(or a path where none is yet\)"):
        read_log(fifo, tournament)
    with pytest.raises(LogError, match="is a FIFO"), writing_log(fifo, tournament):
        pass
    # the command too, in a process of its own so that a wait would show as a timeout, not a hang
    command = [sys.executable, "-m", "kozel", "simulate", "classic", "--bots", *RANDOMS, "-n", "1", "--log", str(fifo)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert (
        done.stderr
        == f"kozel simulate: the log {fifo} is a FIFO: a log is a regular file (or a path where none is yet)\n"
    )


def test_a_device_a_folder_and_a_link_to_a_device_are_refused(tmp_path, capsys):
    link = tmp_path / "link.log"
    link.symlink_to(os.devnull)
    for path, kind in ((Path(os.devnull), "a device"), (tmp_path, "a folder"), (link, "a device")):
        assert simulate("-n", "1", "--log", str(path)) == 2
        assert capsys.readouterr().err == (
            f"kozel simulate: the log {path} is {kind}: a log is a regular file (or a path where none is yet)\n"
        )
    assert link.is_symlink()


def test_an_oversize_log_is_refused_without_being_read(tmp_path, capsys, monkeypatch):
    log = tmp_path / "run.log"
    assert simulate("-n", "2", "--log", str(log)) == 0
    text = log.read_bytes()
    with log.open("r+b") as file:  # sparse: no disk is spent
        file.truncate(MAX_LOG_BYTES + 1)
    capsys.readouterr()
    assert simulate("-n", "2", "--log", str(log)) == 2
    assert capsys.readouterr().err == (
        f"kozel simulate: the log {log} is larger than a log may be, 512 MiB: a longer run goes on in another log, "
        "with another seed\n"
    )
    assert log.stat().st_size == MAX_LOG_BYTES + 1
    # a log that passes the limit while it is read is refused as well, and the writer stops short of it
    log.write_bytes(text)
    monkeypatch.setattr(tournament_log, "MAX_LOG_BYTES", len(text) - 1)
    assert simulate("-n", "2", "--log", str(log)) == 2
    assert "is larger than a log may be" in capsys.readouterr().err
    monkeypatch.setattr(tournament_log, "MAX_LOG_BYTES", len(text) + 10)
    assert simulate("-n", "3", "--log", str(log)) == 2
    assert "is larger than a log may be" in capsys.readouterr().err
    assert log.read_bytes() == text  # the line that would pass the limit is not written


def test_a_log_line_longer_than_the_limit_is_refused_without_reading_it_whole(tmp_path):
    tournament = Tournament(CLASSIC, RANDOMS, matches=2)
    log = tmp_path / "run.log"
    logged(log, tournament)
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(lines[0] + b"1" * (MAX_LINE_BYTES - 1) + b"\n")  # at the limit, line end included
    with pytest.raises(LogError, match="line 2: not a JSON line"):
        read_log(log, tournament)
    log.write_bytes(lines[0] + b"1" * MAX_LINE_BYTES + b"\n")  # one byte over
    with pytest.raises(LogError, match="line 2: longer than a log's line may be, 64 KiB"):
        read_log(log, tournament)
    long_bots = Tournament(CLASSIC, (f"test_simulate_hardening:Noted(note='{'x' * MAX_LINE_BYTES}')", "random"), 1)
    with (
        pytest.raises(LogError, match="first line would be longer than a log's line may be, 64 KiB"),
        writing_log(tmp_path / "long.log", long_bots),
    ):
        pass
    assert not (tmp_path / "long.log").exists()


class Noted(RandomBot):
    """The random bot, with a note of any length."""

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note


# --- forged logs ---------------------------------------------------------------------------------


def test_outcome_lines_of_another_ruleset_are_refused(tmp_path):
    """A classic header over a hammer run's lines: refused by their seals, and by replaying if resealed."""
    classic = Tournament(CLASSIC, RANDOMS, matches=6, seed=3)
    hammer = Tournament(HAMMER, RANDOMS, matches=6, seed=3)
    classic_log, hammer_log = tmp_path / "classic.log", tmp_path / "hammer.log"
    logged(classic_log, classic)
    hammer_outcomes = logged(hammer_log, hammer)
    header = classic_log.read_text(encoding="utf-8").splitlines()[0]
    mixed = tmp_path / "mixed.log"
    mixed.write_text("\n".join([header, *hammer_log.read_text(encoding="utf-8").splitlines()[1:]]) + "\n")
    with pytest.raises(LogError, match=r"mixed\.log, line 2: match 0's seal is not that of this outcome in this run"):
        read_log(mixed, classic)
    # sealed anew for the classic run, as a forger could: the replays tell them apart
    resealed = [header, *(sealed_line(classic, outcome) for outcome in hammer_outcomes)]
    mixed.write_text("\n".join(resealed) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=r"mixed.log, line \d: match \d does not replay as written: .*record"):
        read_log(mixed, classic)


@pytest.mark.parametrize(
    "forge",
    [
        lambda outcome: attrs.evolve(outcome, points=outcome.points[::-1]),
        lambda outcome: attrs.evolve(outcome, goats=(1 - outcome.goats[0],)),
        lambda outcome: attrs.evolve(outcome, hands=outcome.hands + 1),
        lambda outcome: attrs.evolve(outcome, record="0" * 64),
    ],
    ids=["points-swapped", "goat-flipped", "hands", "record"],
)
def test_a_forged_line_is_refused_by_its_seal_and_if_resealed_by_its_replay(tmp_path, forge):
    tournament = Tournament(CLASSIC, RANDOMS, matches=5, seed=8)
    log = tmp_path / "run.log"
    outcomes = logged(log, tournament)
    lines = log.read_text(encoding="utf-8").splitlines()
    target = outcomes[2]
    forged = forge(target)
    assert forged != target
    data = {**forged.as_data(), "seal": json.loads(lines[3])["seal"]}  # the old seal kept
    log.write_text("\n".join([*lines[:3], json.dumps(data), *lines[4:]]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=r"run\.log, line 4: match 2's seal is not that of this outcome in this run"):
        read_log(log, tournament)
    log.write_text("\n".join([*lines[:3], sealed_line(tournament, forged), *lines[4:]]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=r"run\.log, line 4: match 2 does not replay as written: ") as refused:
        read_log(log, tournament, replay=None)
    changed = str(refused.value).split("as written: ")[1]
    for key, value in forged.as_data().items():
        if value != target.as_data()[key]:
            assert f"{key} {value} (replayed: {target.as_data()[key]})" in changed


def test_a_log_is_replayed_in_a_sample_drawn_from_its_seed_and_length(tmp_path, capsys, monkeypatch):
    tournament = Tournament(CLASSIC, RANDOMS, matches=30, seed=2)
    indexes = list(range(30))
    sample = replay_sample(tournament, indexes)
    assert len(sample) == REPLAYED == 4
    assert sample == sorted(sample)
    assert set(sample) <= set(indexes)
    assert replay_sample(tournament, indexes) == sample  # the same log, the same sample
    assert replay_sample(tournament, indexes[:-1]) != sample  # a grown log, another sample
    assert replay_sample(attrs.evolve(tournament, seed=3), indexes) != sample
    assert replay_sample(tournament, indexes, None) == indexes
    assert replay_sample(tournament, [5, 1], 4) == [1, 5]
    assert replay_sample(tournament, indexes, 0) == []
    with pytest.raises(KozelError, match="replays 0 or more of its matches, not -1"):
        replay_sample(tournament, indexes, -1)
    played: list[list[int]] = []
    real = Tournament.replay

    def counted(self, indexes, processes=1, executor=None):
        played.append(list(indexes))
        return real(self, indexes, processes, executor)

    log = tmp_path / "run.log"
    assert simulate("-n", "10", "--log", str(log)) == 0
    capsys.readouterr()
    monkeypatch.setattr(Tournament, "replay", counted)
    assert simulate("-n", "12", "--log", str(log)) == 0
    assert simulate("-n", "12", "--log", str(log), "--replay", "all") == 0
    assert simulate("-n", "12", "--log", str(log), "--replay", "0") == 0
    run = Tournament(CLASSIC, RANDOMS, matches=12, seed=4)
    assert played == [replay_sample(run, list(range(10))), list(range(12))]
    err = capsys.readouterr().err
    assert f"checking {log}: replaying 4 of its 10 matches\n" in err
    assert f"checking {log}: replaying 12 of its 12 matches\n" in err
    for bad in ("-1", "some", "1.5"):
        with pytest.raises(SystemExit):
            simulate("-n", "12", "--log", str(log), "--replay", bad)
        assert "argument --replay: a number of matches (0 or more) or 'all'" in capsys.readouterr().err


# --- killed runs -------------------------------------------------------------------------------


def alive_in_group(group: int) -> list[int]:
    """The processes of the process group ``group`` still running (zombies, already ended, left out)."""
    if Path("/proc/self/stat").exists():
        alive = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:  # ended meanwhile
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                alive.append(int(entry.name))
        return alive
    listing = subprocess.run(["ps", "-A", "-o", "pid=,pgid=,stat="], capture_output=True, text=True, check=True)
    rows = (line.split() for line in listing.stdout.splitlines())
    return [int(pid) for pid, pgid, state in rows if int(pgid) == group and not state.startswith("Z")]


def test_simulate_killed_at_random_moments_goes_on_from_its_log_and_leaves_no_worker(tmp_path):
    # Each kill comes once a random number of further matches is in the log (10 to 119), not after a fixed
    # time, so that it lands in the middle of the run however fast the build plays: 3 kills log at most 357
    # of the 1000 matches.
    matches, seed = 1000, 5
    log = tmp_path / "run.log"
    command = [sys.executable, "-m", "kozel", "simulate", "classic", "--bots", *RANDOMS]
    command += ["-n", str(matches), "--seed", str(seed), "--processes", "2", "--log", str(log)]
    moments = random.Random(20240607)
    cut_short = 0

    def logged() -> int:
        return len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0

    for _ in range(3):
        target = logged() + moments.randrange(10, 120)
        running = subprocess.Popen(
            command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT
        )
        try:
            waited = time.monotonic()
            while running.poll() is None and logged() < target and time.monotonic() - waited < 60:
                time.sleep(0.01)
            if running.poll() is None:
                os.kill(running.pid, signal.SIGKILL)
            running.wait(timeout=30)
            killed = time.monotonic()
            while alive_in_group(running.pid) and time.monotonic() - killed < 10:
                time.sleep(0.05)
            left = alive_in_group(running.pid)
            outlived = time.monotonic() - killed
        finally:
            for pid in alive_in_group(running.pid):
                os.kill(pid, signal.SIGKILL)
        assert left == []
        assert outlived < 4 * WATCH_SECONDS + 3  # the workers end within moments of their parent
        if running.returncode == -signal.SIGKILL and logged() < 1 + matches:
            cut_short += 1
    assert cut_short >= 1  # at least one kill landed in the middle of the run
    result = tmp_path / "result.json"
    subprocess.run([*command, "--json", str(result)], check=True, capture_output=True, timeout=120, cwd=ROOT)
    records, outcomes = Tournament(CLASSIC, RANDOMS, matches=matches, seed=seed).run()
    data = json.loads(result.read_text(encoding="utf-8"))
    assert data["bots"] == [record.as_data() for record in records]
    assert data["outcomes"] == [outcome.as_data() for outcome in outcomes]


def test_a_worker_ends_when_its_parent_is_gone(monkeypatch):
    """The watch in each worker: once the parent is another process, the worker exits at once."""
    parents = iter([100, 100, 100, 1])
    exits: list[int] = []
    monkeypatch.setattr(pool_module.os, "getppid", lambda: next(parents))
    monkeypatch.setattr(pool_module.multiprocessing, "parent_process", lambda: None)

    class Ended(Exception):
        pass

    def exit_now(code: int) -> None:
        exits.append(code)
        raise Ended

    monkeypatch.setattr(pool_module.os, "_exit", exit_now)
    started: list[object] = []

    class Inline:
        def __init__(self, target, name, daemon):
            assert daemon
            self.target = target

        def start(self) -> None:
            started.append(self)
            with pytest.raises(Ended):
                self.target()

    monkeypatch.setattr(pool_module.threading, "Thread", Inline)
    monkeypatch.setattr(pool_module, "WATCH_SECONDS", 0.001)
    pool_module.end_with_parent()
    assert len(started) == 1
    assert exits == [1]


def test_a_match_outcome_in_json_carries_its_record_digest(capsys):
    assert simulate("-n", "2", "--json", "-") == 0
    data = json.loads(capsys.readouterr().out)
    tournament = Tournament(CLASSIC, RANDOMS, matches=2, seed=4)
    assert [outcome["record"] for outcome in data["outcomes"]] == [
        outcome.record for outcome in tournament.replay([0, 1])
    ]
    assert len({outcome["record"] for outcome in data["outcomes"]}) == 2


def test_the_simulate_description_is_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "-h"])
    assert simulate_command.DESCRIPTION.splitlines()[0] in capsys.readouterr().out


# --- fuzzing: logs corrupted and forged ----------------------------------------------------------

FUZZ_RUN = Tournament(CLASSIC, RANDOMS, matches=6, seed=9)


@functools.cache
def fuzz_log() -> tuple[tuple[bytes, ...], tuple[MatchOutcome, ...], tuple[bytes, ...]]:
    """A real log of four of the run's six matches (its lines), the whole run, and a line of another run."""
    _, whole = FUZZ_RUN.run()
    lines = [json.dumps(header_of(FUZZ_RUN)).encode()]
    lines += [sealed_line(FUZZ_RUN, outcome).encode() for outcome in whole[:4]]
    other = attrs.evolve(FUZZ_RUN, seed=10)
    _, foreign = other.run()
    return tuple(lines), tuple(whole), tuple(sealed_line(other, outcome).encode() for outcome in foreign[:2])


def header_of(tournament: Tournament) -> dict[str, object]:
    return {
        "kozel tournament": 3,
        "kozel": kozel.__version__,
        "ruleset": tournament.rules.name,
        "players": tournament.rules.players,
        "bots": list(tournament.specs),
        "names": list(tournament.names),
        "duplicate": tournament.duplicate,
        "seed": tournament.seed,
    }


def mutate(lines: list[bytes], mutation: tuple, foreign: tuple[bytes, ...]) -> list[bytes]:
    """``lines`` with one ``mutation``; positions are taken modulo the lengths, so any numbers do."""
    kind, where, at, size = mutation
    if not lines:
        return [foreign[where % len(foreign)]] if kind == "foreign" else lines
    i = where % len(lines)
    line = lines[i]
    pos = at % (len(line) + 1)
    if kind == "delete":
        return lines[:i] + lines[i + 1 :]
    if kind == "duplicate":
        return lines[: i + 1] + lines[i:]
    if kind == "swap":
        j = at % len(lines)
        swapped = list(lines)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return swapped
    if kind == "byte":
        line = line[:pos] + bytes([size % 256]) + line[pos + 1 :]
    elif kind == "digit":  # a value changed, the line still JSON
        digits = [k for k, byte in enumerate(line) if 48 <= byte <= 57]
        if digits:
            k = digits[at % len(digits)]
            line = line[:k] + str((line[k] - 48 + 1 + size % 9) % 10).encode() + line[k + 1 :]
    elif kind == "truncate":
        line = line[:pos]
    elif kind == "nul":
        line = line[:pos] + b"\x00" * (1 + size % 3) + line[pos:]
    elif kind == "long_digits":
        line = line[:pos] + b"9" * (size % 6000) + line[pos:]
    elif kind == "join":
        return [*lines[:i], line + lines[(i + 1) % len(lines)], *lines[i + 2 :]]
    elif kind == "foreign":
        return [*lines[:i], foreign[at % len(foreign)], *lines[i:]]
    return [*lines[:i], line, *lines[i + 1 :]]


MUTATIONS = st.tuples(
    st.sampled_from(
        ["delete", "duplicate", "swap", "byte", "digit", "truncate", "nul", "long_digits", "join", "foreign"]
    ),
    st.integers(0, 50),
    st.integers(0, 10_000),
    st.integers(0, 10_000),
)


@settings(derandomize=True)
@given(mutations=st.lists(MUTATIONS, min_size=1, max_size=4), line_end=st.booleans())
def test_a_corrupted_or_forged_log_is_taken_as_an_equal_run_or_refused_with_a_log_error(mutations, line_end):
    lines, whole, foreign = fuzz_log()
    damaged = list(lines)
    for mutation in mutations:
        damaged = mutate(damaged, mutation, foreign)
    text = b"\n".join(damaged) + (b"\n" if line_end and damaged else b"")
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "run.log"
        log.write_bytes(text)
        started = time.perf_counter()
        refusal = None
        try:
            done = read_log(log, FUZZ_RUN, replay=None)
        except LogError as error:  # the one error a bad log raises; any other fails the test
            done, refusal = None, str(error)
        assert time.perf_counter() - started < 10
        assert log.read_bytes() == text  # nothing repaired
    if refusal is not None:
        assert refusal.startswith(str(log))  # the file named, and the line where there is one
    if done is not None:  # taken: every outcome it gives is the run's own, each once
        assert len({outcome.index for outcome in done}) == len(done)
        for outcome in done:
            assert outcome == whole[outcome.index]
        _, outcomes = FUZZ_RUN.run(done=done)
        assert outcomes == list(whole)


def test_ctrl_c_while_the_log_is_replayed_stops_cleanly_and_leaves_the_log(tmp_path, capsys, monkeypatch):
    log = tmp_path / "run.log"
    assert simulate("-n", "3", "--log", str(log)) == 0
    text = log.read_bytes()
    capsys.readouterr()

    def pressed(self, indexes, processes=1, executor=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(Tournament, "replay", pressed)
    assert simulate("-n", "5", "--log", str(log)) == 130
    captured = capsys.readouterr()
    assert captured.err.endswith(f"kozel simulate: interrupted (Ctrl-C) while checking {log}, which is as it was\n")
    assert captured.out == ""
    assert log.read_bytes() == text


def _in_session(command: list[str], *, timeout: float, ready: Callable[[], bool] | None = None) -> tuple[int, str, str]:
    """Run ``command`` in a session of its own, sent Ctrl-C as the terminal sends it (to the whole group) once
    ``ready()`` where given: its status, output and errors, once it ended (within ``timeout`` seconds) and no process
    of its group is left."""
    running = subprocess.Popen(
        command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        if ready is not None:
            begun = time.monotonic()
            while not ready() and time.monotonic() - begun < 60:
                time.sleep(0.02)
            os.killpg(running.pid, signal.SIGINT)
        out, err = running.communicate(timeout=timeout)
        stopped = time.monotonic()
        while alive_in_group(running.pid) and time.monotonic() - stopped < 10:
            time.sleep(0.05)
        assert alive_in_group(running.pid) == []
    finally:
        for pid in alive_in_group(running.pid):
            os.kill(pid, signal.SIGKILL)
        running.kill()
    return running.returncode, out, err


def _interrupted(arguments: list[str], log: Path, ready: Callable[[], bool], timeout: float) -> tuple[int, str, str]:
    """``kozel simulate ARGUMENTS --log LOG`` in a session of its own, sent Ctrl-C once ``ready()``."""
    command = [sys.executable, "-m", "kozel", "simulate", *arguments, "--log", str(log)]
    return _in_session(command, timeout=timeout, ready=ready)


def test_ctrl_c_at_the_terminal_stops_a_pooled_run_cleanly(tmp_path):
    """Ctrl-C reaches the whole foreground group, workers included: one line, no traceback, no worker left."""
    log = tmp_path / "run.log"
    arguments = ["classic", "--bots", *RANDOMS, "-n", "400", "--processes", "2"]
    status, out, err = _interrupted(
        arguments, log, lambda: log.exists() and len(log.read_bytes().splitlines()) >= 4, timeout=60
    )
    assert status == 130
    assert "Traceback" not in err
    kept = f"every match that ended is in {log}, run the same command to go on"
    assert err.endswith(f"kozel simulate: interrupted (Ctrl-C): {kept}\n")
    assert out == ""
    lines = log.read_text(encoding="utf-8").splitlines()
    assert 4 <= len(lines) < 401
    assert len(read_log(log, Tournament(CLASSIC, RANDOMS, matches=400), replay=0)) == len(lines) - 1


def _script_run(script: Path, text: str) -> tuple[int, str, str]:
    """Run ``text`` as the script ``script`` in a session of its own (within 60 s: the calls of these scripts would
    take 600 s): its status, output and errors."""
    script.write_text(text, encoding="utf-8")
    return _in_session([sys.executable, str(script)], timeout=60)


#: A pool stopped while its calls for the workers fill the pipe to them: two long calls under way, the pipe
#: holding more, each far larger than a pipe holds (64 KiB on Linux, as little as 4 KiB on a loaded machine).
STOPPED_WITH_CALLS_WAITING = """
import sys, time
from kozel.bots.tournament import batches

def nap(seconds, payload):
    time.sleep(seconds)
    return len(payload)

if __name__ == "__main__":
    payload = bytes(300_000)
    results = batches([(0.0, payload)] + [(600.0, payload)] * 7, nap, processes=2, executor=None)
    print("first", next(results), flush=True)
    results.close()  # stopped early, as by Ctrl-C: the calls under way are ended, the pool shut down
    print("closed", flush=True)
"""


def test_a_pool_stopped_with_calls_waiting_for_its_workers_shuts_down(tmp_path):
    """The pool ends its workers and shuts down, though the calls it wrote for them were never read.

    Python 3.10's pool waited forever for a pipe that no process read any more (``kozel simulate --processes 8``
    did not end on Ctrl-C there); what it writes after its workers are ended is read away."""
    assert _script_run(tmp_path / "stopped.py", STOPPED_WITH_CALLS_WAITING) == (0, "first 300000\nclosed\n", "")


#: A pool whose worker dies by itself (a bot's crash, the memory killer) while calls for the workers fill the pipe.
WORKER_DIES_WITH_CALLS_WAITING = """
import os, time
from kozel.bots.tournament import batches

def nap(seconds, payload):
    if seconds < 0:
        time.sleep(0.5)
        os._exit(3)
    time.sleep(seconds)
    return len(payload)

if __name__ == "__main__":
    payload = bytes(300_000)
    try:
        for _ in batches([(-1.0, payload)] + [(600.0, payload)] * 7, nap, processes=2, executor=None):
            pass
    except Exception as error:
        print("raised", type(error).__name__, flush=True)
"""


def test_a_pool_whose_worker_dies_with_calls_waiting_shuts_down(tmp_path):
    """A worker that dies by itself breaks the pool: the run raises at once, with no worker left, though the calls
    the pool wrote for the workers were never read (Python 3.10's pool waited for them for ever)."""
    assert _script_run(tmp_path / "dies.py", WORKER_DIES_WITH_CALLS_WAITING) == (0, "raised BrokenProcessPool\n", "")


#: A run over a local pool waiting for its matches, with a Ctrl-C that Python has noted but that did not wake the
#: wait (as one that comes just before the wait begins): here it is sent to another thread, which only notes it.
CTRL_C_NOTED_BEFORE_THE_WAIT = """
import signal, sys, threading, time
from kozel.bots.tournament import batches

def press():
    time.sleep(1.0)  # the main thread waits for the calls by then
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

if __name__ == "__main__":
    threading.Thread(target=press, daemon=True).start()
    try:
        for _ in batches([(600.0,), (600.0,)], time.sleep, processes=2, executor=None):
            pass
    except KeyboardInterrupt:
        print("stopped", flush=True)
"""


def test_a_ctrl_c_noted_just_before_the_wait_for_matches_is_not_missed(tmp_path):
    """The wait for matches played elsewhere is woken from time to time: a Ctrl-C that came just before it is
    seen then, not once the next batch ends (minutes, with bots that think long)."""
    assert _script_run(tmp_path / "noted.py", CTRL_C_NOTED_BEFORE_THE_WAIT) == (0, "stopped\n", "")


def test_output_files_that_are_devices_and_empty_values_are_refused_before_any_match(tmp_path, capsys):
    if os.path.exists("/dev/full"):
        log = tmp_path / "run.log"
        arguments = ["simulate", "classic", "--bots", "random", "random", "-n", "2", "--log", str(log)]
        assert main([*arguments, "--json", "/dev/full"]) == 2
        assert "cannot write the results to /dev/full: it is a device, not a file (give - for standard output)" in (
            capsys.readouterr().err
        )
        assert not log.exists()  # refused before any match
    assert main(["simulate", "classic", "--bots", "random", "random", "-n", "2", "--json", os.devnull]) == 0
    capsys.readouterr()
    for option in ("--log", "--json", "--plot"):
        with pytest.raises(SystemExit) as stopped:
            main(["simulate", "classic", "--bots", "random", "random", "-n", "2", option, ""])
        assert stopped.value.code == 2
        assert f"argument {option}: an empty value names nothing" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "classic", "--opponents", " "])
    assert "argument --opponents: an empty value names nothing" in capsys.readouterr().err


def test_a_bot_module_named_relative_to_another_and_a_run_too_long_to_keep_are_refused(capsys):
    for spec in (".x:Y", "..x:Y", ".:X"):
        assert main(["simulate", "classic", "--bots", spec, "random", "-n", "2"]) == 2
        assert "a bot's module is named in full (mypackage.mybots), not relative to another" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["simulate", "classic", "--bots", "random", "random", "-n", "99999999999999999999"])
    assert done.value.code == 2
    said = "argument -n/--matches: a whole number from 1 to 10000000, not 99999999999999999999"
    assert said in capsys.readouterr().err


def test_ctrl_c_stops_a_pooled_run_of_slow_matches_without_waiting_for_the_batches_under_way(tmp_path):
    """The workers ignore Ctrl-C; a batch of slow matches would keep them busy for minutes: they are ended."""
    log = tmp_path / "slow.log"
    arguments = ["classic", "--bots", "ismcts(iterations=5000)", "heuristic", "-n", "100", "--processes", "2"]
    begun: list[float] = []

    def ready() -> bool:  # a second into the first batches, each many seconds of search
        if log.exists() and not begun:
            begun.append(time.monotonic())
        return bool(begun) and time.monotonic() - begun[0] > 1.0

    status, _, err = _interrupted(arguments, log, ready, timeout=30)  # waiting for the batches took minutes
    assert status == 130
    assert "Traceback" not in err
    kept = f"every match that ended is in {log}, run the same command to go on"
    assert err.endswith(f"kozel simulate: interrupted (Ctrl-C): {kept}\n")


class MissingFileBot(RandomBot):
    """A bot whose own file is missing: its first decision raises FileNotFoundError."""

    def choose(self, view, moves):
        raise FileNotFoundError(2, "No such file or directory", "my-bot-weights.bin")


def test_an_error_from_the_system_that_is_not_the_output_s_is_said_as_it_is(capsys):
    spec = "test_simulate_hardening:MissingFileBot"
    assert main(["simulate", "classic", "--bots", spec, "random", "-n", "1", "--processes", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (  # the bot's own error, said with the bot and the match, not as the output's
        f"kozel simulate: bot '{spec}' failed at match 0: FileNotFoundError: [Errno 2] No such file or directory: "
        "'my-bot-weights.bin'\n"
    )
    print("still here")  # called from Python, standard output is left as it was
    assert capsys.readouterr().out == "still here\n"
