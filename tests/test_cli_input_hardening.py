"""Input the ``kozel`` command must refuse in one line, never with a traceback: a bot module that fails
to load, a bot that raises as it plays, numbers in other digits, names too long to be paths, and an
output path that could not be written."""

from __future__ import annotations

import importlib.util
import os
import pickle
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import kozel
from kozel.bots import RandomBot, Tournament, play_match
from kozel.cli.main import main

CLASSIC = kozel.variants.get("classic")
HAS_PLOT = importlib.util.find_spec("matplotlib") is not None
LONG = "a" * 300  # longer than a file's name may be (255 bytes on the usual file systems)

BOTS = textwrap.dedent(
    """
    import sys

    from kozel.bots import Bot


    class Boom(Bot):
        def __init__(self, after=3):
            super().__init__()
            self.asked = 0
            self.after = after

        def choose(self, view, moves):
            self.asked += 1
            if self.asked > self.after:
                raise RuntimeError("boom")
            return moves[0]


    class Deep(Bot):
        def choose(self, view, moves):
            def again():
                return again()

            return again()


    class Nameless(Bot):
        @property
        def name(self):
            raise AttributeError("no name")

        def choose(self, view, moves):
            return moves[0]


    class Stop(Bot):
        def choose(self, view, moves):
            raise KeyboardInterrupt


    class Quits(Bot):
        def choose(self, view, moves):
            sys.exit(4)


    class QuitsAtSetup(Bot):
        def setup(self, rules, seat, seed):
            sys.exit("not today")

        def choose(self, view, moves):
            return moves[0]
    """
)


@pytest.fixture
def bot_folder(tmp_path, monkeypatch):
    """A folder holding the module ``hardbots`` (bots that fail as they play) and modules that fail to load,
    on the import path, and the current folder."""
    (tmp_path / "hardbots.py").write_text(BOTS, encoding="utf-8")
    (tmp_path / "synmod.py").write_text("syntax error here(\n", encoding="utf-8")
    (tmp_path / "valmod.py").write_text('raise ValueError("at import")\n', encoding="utf-8")
    (tmp_path / "exitmod.py").write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    (tmp_path / "nullmod.py").write_bytes(b"x = 1\x00\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    for name in ("hardbots", "synmod", "valmod", "exitmod", "nullmod"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield tmp_path
    for name in ("hardbots", "synmod", "valmod", "exitmod", "nullmod"):
        sys.modules.pop(name, None)


def kozel_command(*arguments: str, cwd: Path, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m kozel ARGUMENTS`` in ``cwd``, with ``path`` put first on PYTHONPATH."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(one) for one in (path, os.environ.get("PYTHONPATH")) if one)}
    return subprocess.run(
        [sys.executable, "-m", "kozel", *arguments],
        check=False,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# --- a bot module that fails to load (item 1) ----------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("synmod:X", "kozel simulate: cannot load the bot 'synmod:X': SyntaxError: "),
        ("valmod:X", "kozel simulate: cannot load the bot 'valmod:X': ValueError: at import"),
        (
            "exitmod:X",
            "kozel simulate: cannot load the bot 'exitmod:X': SystemExit: 3; its module ends the program as it is "
            "loaded (a program of its own belongs under if __name__ == '__main__':)\n",
        ),
    ],
)
def test_a_bot_module_that_fails_as_it_is_imported_is_refused_in_one_line(bot_folder, capsys, spec, said):
    json_path = bot_folder / "out.json"
    assert main(["simulate", "--bots", spec, "random", "-n", "2", "--json", str(json_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(said)  # a SyntaxError's wording after its kind is Python's own
    assert captured.err.count("\n") == 1
    assert captured.out == ""
    assert not json_path.exists()


def test_a_bot_module_python_cannot_read_names_its_file(bot_folder, capsys):
    assert main(["simulate", "--bots", "nullmod:X", "random", "-n", "2"]) == 2
    said = capsys.readouterr().err
    # Python 3.12 and later call null bytes a SyntaxError, 3.10 and 3.11 a ValueError: the kind is Python's own
    assert re.match(r"kozel simulate: cannot load the bot 'nullmod:X': (SyntaxError|ValueError): .*null bytes", said)
    assert said.endswith(f"(in {bot_folder / 'nullmod.py'})\n")


def test_a_bot_module_in_a_package_python_cannot_read_is_refused_in_one_line(tmp_path):
    package = tmp_path / "nullpkg"
    package.mkdir()
    (package / "__init__.py").write_bytes(b"x = 1\x00\n")
    (package / "mod.py").write_text("class X:\n    pass\n", encoding="utf-8")
    done = kozel_command("simulate", "--bots", "nullpkg.mod:X", "random", "-n", "2", cwd=tmp_path, path=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert re.match(r"kozel simulate: cannot load the bot 'nullpkg.mod:X': (SyntaxError|ValueError): ", done.stderr)
    assert done.stderr.endswith("(in nullpkg.mod)\n")  # its package failed: the file is not looked up again


def test_a_bot_module_that_fails_to_load_gives_no_traceback_from_the_command(tmp_path):
    (tmp_path / "synmod.py").write_text("syntax error here(\n", encoding="utf-8")
    done = kozel_command("simulate", "--bots", "synmod:X", "random", "-n", "2", cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("kozel simulate: cannot load the bot 'synmod:X': SyntaxError: ")
    assert done.stderr.count("\n") == 1


# --- a bot that raises as it plays (item 2) --------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("hardbots:Boom", "RuntimeError: boom"),
        ("hardbots:Deep", "RecursionError: maximum recursion depth exceeded"),
        ("hardbots:Nameless", "AttributeError: no name"),
        ("hardbots:Boom(after='x')", "TypeError: '>' not supported between instances of 'int' and 'str'"),
        ("hardbots:Quits", "SystemExit: 4"),
        ("hardbots:QuitsAtSetup", "SystemExit: not today"),
    ],
)
def test_a_bot_that_raises_as_it_plays_is_named_with_its_match_in_one_line(bot_folder, capsys, spec, reason):
    json_path = bot_folder / "out.json"
    arguments = ["simulate", "--bots", spec, "random", "-n", "4", "--processes", "1", "--json", str(json_path)]
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.err == f"kozel simulate: bot {spec!r} failed at match 0: {reason}\n"
    assert captured.out == ""
    assert not json_path.exists()


def test_a_bot_that_raises_in_a_league_is_named_in_one_line(bot_folder, capsys):
    assert main(["league", "--bots", "random", "hardbots:Boom", "heuristic", "-n", "2", "--processes", "1"]) == 2
    assert capsys.readouterr().err == (
        "kozel league: bot 'hardbots:Boom' failed at match 0: RuntimeError: boom, in pairing 1 of 3 (random vs Boom)\n"
    )


@pytest.mark.parametrize(
    ("spec", "reason"), [("hardbots:Boom", "RuntimeError: boom"), ("hardbots:Quits", "SystemExit: 4")]
)
def test_a_bot_that_raises_in_worker_processes_is_said_once_without_a_traceback(bot_folder, spec, reason):
    # A bot that calls sys.exit fails as any other: the run does not end silently with the bot's status.
    json_path = bot_folder / "out.json"
    done = kozel_command(
        *("simulate", "--bots", spec, "random", "-n", "6", "--processes", "2"),
        *("--json", str(json_path)),
        cwd=bot_folder,
        path=bot_folder,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"kozel simulate: bot '{spec}' failed at match ")
    assert lines[0].endswith(f": {reason}")
    assert done.stdout == ""
    assert not json_path.exists()


def test_ctrl_c_raised_in_a_bot_still_stops_the_run_with_status_130(bot_folder, capsys):
    assert main(["simulate", "--bots", "hardbots:Stop", "random", "-n", "2", "--processes", "1"]) == 130
    assert capsys.readouterr().err.endswith("kozel simulate: interrupted (Ctrl-C)\n")


def test_a_bot_that_raises_is_a_bot_error_from_the_api(bot_folder):
    import hardbots  # noqa: PLC0415 - written by the fixture

    from kozel.bots.runner import BotError  # noqa: PLC0415 - looked up here, so that the other tests run without it

    with pytest.raises(BotError) as failed:
        play_match(CLASSIC, [RandomBot(), hardbots.Boom(after=0), RandomBot(), RandomBot()], seed=1)
    assert isinstance(failed.value, kozel.KozelError)
    assert failed.value.seat == 1
    assert failed.value.reason == "RuntimeError: boom"
    assert str(failed.value) == "the bot Boom at seat 1 failed: RuntimeError: boom"
    assert isinstance(failed.value.__cause__, RuntimeError)
    again = pickle.loads(pickle.dumps(failed.value))  # as a worker process sends it back
    assert (type(again), str(again), again.seat, again.reason) == (BotError, str(failed.value), 1, failed.value.reason)
    with pytest.raises(BotError, match=r"^bot 'hardbots:Boom' failed at match 0: RuntimeError: boom$") as failed:
        Tournament(CLASSIC, ["hardbots:Boom", "random"], matches=4).run(1)
    assert failed.value.reason == "RuntimeError: boom"


def test_a_bot_that_calls_sys_exit_is_a_bot_error_from_the_api(bot_folder):
    import hardbots  # noqa: PLC0415 - written by the fixture

    from kozel.bots.runner import BotError  # noqa: PLC0415 - looked up here, as in the test above

    with pytest.raises(BotError) as failed:
        play_match(CLASSIC, [RandomBot(), RandomBot(), hardbots.Quits(), RandomBot()], seed=1)
    assert (failed.value.seat, failed.value.reason) == (2, "SystemExit: 4")
    assert isinstance(failed.value.__cause__, SystemExit)


# --- numbers in ASCII digits only (item 4) --------------------------------------------------------

NUMBER_OPTIONS = [
    ["match", "--seed"],
    ["match", "--players"],
    ["simulate", "-n"],
    ["simulate", "--seed"],
    ["simulate", "--players"],
    ["simulate", "--processes"],
    ["league", "--bots", "random", "heuristic", "-n"],
    ["league", "--bots", "random", "heuristic", "--seed"],
    ["check", "classic", "-n"],
    ["check", "classic", "--seed"],
    ["check", "classic", "--players"],
    ["rules", "classic", "--players"],
    ["play", "--seat"],
    ["play", "--seed"],
    ["play", "--players"],
]


@pytest.mark.parametrize("bad", ["٣", "３", "1_0", " 7", "7 ", "+7", "1e3", "-"])
@pytest.mark.parametrize("command", NUMBER_OPTIONS, ids=" ".join)
def test_a_number_option_takes_ascii_digits_only(capsys, command, bad):
    with pytest.raises(SystemExit) as refused:
        main([*command, bad])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    option = "-n/--matches" if command[-1] == "-n" else command[-1]
    assert f"argument {option}: a whole number (digits 0-9, optionally with a leading minus), not {bad!r}" in err
    assert "Traceback" not in err


def test_a_seed_may_be_negative_and_a_negative_count_is_refused_by_its_range(capsys):
    assert main(["simulate", "--seed", "-3", "-n", "2", "--processes", "1", "--json", "-"]) == 0
    assert '"seed": -3' in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main(["simulate", "-n", "-2", "--processes", "1"])
    assert done.value.code == 2
    assert "kozel simulate: error: argument -n/--matches: a whole number from 1 to" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["٣", "1_0", " 3", "+3"])
def test_a_replay_count_takes_ascii_digits_only(tmp_path, capsys, bad):
    with pytest.raises(SystemExit) as refused:
        main(["simulate", "-n", "2", "--log", str(tmp_path / "run.log"), "--replay", bad])
    assert refused.value.code == 2
    assert f"argument --replay: a number of matches (0 or more) or 'all', not {bad!r}" in capsys.readouterr().err


def test_a_replay_count_above_what_the_log_holds_replays_all_it_holds_and_says_so(tmp_path, capsys):
    # --replay is a most: a run stopped early and resumed with the same command replays what its log holds.
    log = tmp_path / "run.log"
    assert main(["simulate", "-n", "3", "--processes", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    for count, total in (("4", 4), ("99999999999999999999999", 5)):
        assert main(["simulate", "-n", str(total), "--processes", "1", "--log", str(log), "--replay", count]) == 0
        logged = total - 1
        assert f"checking {log}: replaying {logged} of its {logged} matches" in capsys.readouterr().err


# --- names too long to be paths (item 5), and --save checked first (item 6) -----------------------


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["rules", f"{LONG}.toml"], f"kozel rules: cannot read the ruleset file {LONG}.toml: File name too long"),
        (
            ["simulate", "-n", "2", "--json", f"{LONG}.json"],
            f"kozel simulate: cannot write the results to {LONG}.json: ",
        ),
        pytest.param(
            ["simulate", "-n", "2", "--plot", f"{LONG}.png"],
            f"kozel simulate: cannot write the plot to {LONG}.png: ",
            marks=[
                pytest.mark.extra,
                pytest.mark.skipif(not HAS_PLOT, reason="the plot extra is not installed (pip install -e '.[plot]')"),
            ],
        ),
        (["simulate", "-n", "2", "--log", f"{LONG}.log"], f"kozel simulate: cannot read the log {LONG}.log: "),
        (
            ["league", "--bots", "random", "heuristic", "-n", "2", "--log", LONG],
            f"kozel league: cannot make the log folder {LONG}: ",
        ),
        (
            ["league", "--bots", "random", "heuristic", "-n", "2", "--json", LONG],
            f"kozel league: cannot write the results to {LONG}: ",
        ),
        (["check", "classic", "-n", "1", "--save", LONG], f"kozel check: --save: cannot write the record to {LONG}: "),
    ],
    ids=["rules", "simulate-json", "simulate-plot", "simulate-log", "league-log", "league-json", "check-save"],
)
def test_a_name_too_long_to_be_a_path_says_what_was_being_read_or_written(
    tmp_path, monkeypatch, capsys, arguments, said
):
    monkeypatch.chdir(tmp_path)
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(said)
    assert "File name too long" in captured.err
    assert captured.err.count("\n") == 1
    assert captured.out == ""  # refused before any match was played
    assert list(tmp_path.iterdir()) == []


def test_check_refuses_a_save_path_that_could_not_be_written_before_it_plays(tmp_path, capsys):
    missing = tmp_path / "no such folder" / "record.txt"
    assert main(["check", "classic", "-n", "1", "--save", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"kozel check: --save: cannot write the record to {missing}: its folder does not exist\n"
    assert captured.out == ""
    assert main(["check", "classic", "-n", "1", "--save", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err
    assert main(["check", "classic", "-n", "1", "--save", str(tmp_path / "record.txt")]) == 0
    assert not (tmp_path / "record.txt").exists()  # written only on a failure


# --- a path with a null character (item 3) --------------------------------------------------------


@pytest.mark.parametrize("path", ["a\0.toml", Path("folder/a\0b.json"), "\0"])
def test_load_ruleset_refuses_a_path_with_a_null_character(path):
    with pytest.raises(kozel.RulesetError, match="a path cannot hold a null character"):
        kozel.load_ruleset(path)
