"""Every ``kozel`` command names its ruleset the same way: a built-in name, or a house ruleset file."""

import io
import json

import pytest

from kozel.cli.main import main

HOUSE = 'base = "classic"\nname = "house"\n[match]\ntarget = 16\n'
CATALOG = "classic, hammer, hammer_clubs, seven_of_clubs, pairs, six_players, six_of_clubs, simple, threesome, fifteen"


@pytest.fixture
def house(tmp_path, monkeypatch):
    """A house ruleset file, house.toml, in the current folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.toml").write_text(HOUSE, encoding="utf-8")
    return tmp_path / "house.toml"


def test_match_plays_a_house_file(house, capsys):
    assert main(["match", "house.toml", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "kozel 0.1.0: house, 4 players, seed 3"
    assert out[-1].startswith("Match over after ")
    assert ", team 1 20." in out[-1] or ", team 0 " in out[-1]
    scores = [int(word.rstrip(".,")) for word in out[-1].split("Scores: ")[1].split() if word.rstrip(".,").isdigit()]
    assert max(scores) >= 16  # the house target, not classic's 12


def test_simulate_and_league_play_a_house_file(house, capsys):
    assert main(["simulate", "house.toml", "-n", "2", "--processes", "1", "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["ruleset"], data["matches"]) == ("house", 2)
    assert main(["league", "house.toml", "--bots", "random", "heuristic", "-n", "2", "--processes", "1"]) == 0
    assert "head to head" in capsys.readouterr().out


def test_play_check_and_rules_read_a_house_file(house, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "house.toml", "--seed", "1"]) == 0
    assert "a side that reaches 16 penalty points is the goat" in capsys.readouterr().out
    assert main(["check", "house.toml", "-n", "1"]) == 0
    assert "house" in capsys.readouterr().out
    assert main(["rules", "house.toml"]) == 0
    assert "16" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["match", "play", "simulate", "league", "check", "rules"])
def test_a_misspelt_ruleset_is_one_line_naming_the_closest_built_in(command, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    extra = ["--bots", "random", "heuristic"] if command == "league" else []
    assert main([command, "clasic", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith(
        f"no built-in ruleset is called 'clasic' (did you mean classic?); the catalog has {CATALOG}; "
        "or name a house ruleset file ending .toml or .json\n"
    )
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", ["match", "play", "simulate", "check", "rules"])
def test_a_ruleset_file_that_is_not_there_is_said_so(command, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main([command, "missing.json"]) == 2
    err = capsys.readouterr().err
    assert err.endswith("cannot read the ruleset file missing.json: No such file or directory\n")
    (tmp_path / "folder.toml").mkdir()
    assert main([command, "folder.toml"]) == 2
    assert "folder.toml: not a regular file (a folder, a FIFO or a device)" in capsys.readouterr().err


def test_a_log_of_a_house_ruleset_names_its_content_and_refuses_a_changed_file(house, capsys):
    log = house.parent / "run.log"
    assert main(["simulate", "house.toml", "-n", "2", "--processes", "1", "--log", str(log)]) == 0
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["ruleset"]["name"] == "house"
    assert len(header["ruleset"]["sha256"]) == 64
    house.write_text(HOUSE.replace("16", "20"), encoding="utf-8")  # the same name, other rules: another run
    before = log.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["simulate", "house.toml", "-n", "4", "--processes", "1", "--log", str(log)]) == 2
    assert "the log of another run" in capsys.readouterr().err
    assert log.read_text(encoding="utf-8") == before


def test_a_log_of_a_built_in_ruleset_names_it_by_name(tmp_path):
    log = tmp_path / "run.log"
    for players in ([], ["--players", "6"]):
        log.unlink(missing_ok=True)
        assert main(["simulate", "classic", "-n", "2", "--processes", "1", "--log", str(log), *players]) == 0
        assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["ruleset"] == "classic"


@pytest.mark.parametrize("command", ["simulate", "league"])
def test_replay_without_a_log_is_refused_before_any_match(command, capsys):
    bots = ["--bots", "random", "heuristic"]
    assert main([command, "classic", *bots, "-n", "2", "--processes", "1", "--replay", "2"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err == f"kozel {command}: --replay says how many of a log's matches to play again first: give it with --log\n"
    )


def test_the_help_says_what_is_played_when_nothing_is_named(capsys):
    for command, says in (
        ("match", ["(default classic)", "(default: a random one, printed at the start)"]),
        ("play", ["(default classic)", "(default: a random one, printed at the start)"]),
        ("simulate", ["(default classic)", "(default: heuristic against random)", "any format matplotlib writes"]),
        ("league", ["(default classic)", "any format matplotlib writes"]),
        ("rules", ["(none: list the built-in ones)", "house ruleset file ending .toml or .json"]),
    ):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for words in says:
            assert words in text, (command, words)
