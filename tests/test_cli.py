"""The ``kozel`` command, through its real entry point."""

import re
import subprocess
import sys

import pytest

import kozel
from kozel.cli.main import main


def test_a_whole_match_is_told_trick_by_trick(capsys):
    assert main(["match", "classic", "--seed", "7"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"kozel {kozel.__version__}: classic, 4 players, seed 7"
    assert out[1].startswith("Hand 1: seat 0 deals; trump ")
    assert out[2].startswith("  seat 0: ")
    assert any(line.startswith("  seat 1 leads ") for line in out)
    assert any(" takes the trick (" in line for line in out)
    assert any(line.startswith("Hand over") for line in out)
    assert out[-1].startswith("Match over after ")
    assert "is the goat" in out[-1]


def test_the_same_seed_tells_the_same_match(capsys):
    main(["match", "hammer", "--seed", "3"])
    first = capsys.readouterr().out
    main(["match", "hammer", "--seed", "3"])
    assert capsys.readouterr().out == first


def test_quiet_prints_only_results(capsys):
    assert main(["match", "hammer_clubs", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert not any(line.startswith("  ") for line in out)
    assert out[-1].startswith("Match over")


def test_other_player_counts(capsys):
    assert main(["match", "classic", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out
    assert "seat " in out.splitlines()[-1]


def test_a_bad_ruleset_or_player_count_is_a_clear_error(capsys):
    assert main(["match", "goat"]) == 2
    assert "no built-in ruleset is called 'goat'" in capsys.readouterr().err
    assert main(["match", "classic", "--players", "5"]) == 2
    assert "unequal hands" in capsys.readouterr().err


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert kozel.__version__ in capsys.readouterr().out


def test_the_installed_command_runs():
    done = subprocess.run(
        [sys.executable, "-m", "kozel", "match", "classic", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    )
    assert done.stdout.splitlines()[-1].startswith("Match over")


@pytest.mark.parametrize("ruleset", kozel.variants.names())
def test_every_trick_names_its_taker_and_no_python_values_show(ruleset, capsys):
    assert main(["match", ruleset, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    taken = [line for line in out.splitlines() if "takes the trick" in line]
    assert taken
    assert all(re.fullmatch(r"  -> seat \d takes the trick \(\d+ points\)(; stock \d+ left)?", line) for line in taken)
    assert not re.search(r"\(\d+, \d+|\('", out)  # no tuples
    # the last trick of each hand is named too: the line before each hand's result names a seat or a catch
    lines = out.splitlines()
    for at, line in enumerate(lines):
        if line.startswith("Hand over"):
            assert lines[at - 1].startswith(("  -> seat ", "  -> caught!", "  seat ")), lines[at - 1]


def test_a_praise_deal_tells_the_hand_once_and_the_tricks_dealt_in_words(capsys):
    # seed 20: seat 1 announces "on a merry"; seat 3 wins both face-up tricks (Q♣, then Q♦), so his team takes
    # all four tricks of the two rounds and the other team none
    assert main(["match", "pairs", "--seed", "20"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith("Hand 1:")] == [
        "Hand 1: seat 0 deals; permanent trumps Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; scores team 0 0, team 1 0"
    ]
    assert out[3] == "  seat 1 announces the deal: merry"
    assert out[4].startswith("  seat 0: ")
    assert out[8] == (
        "  tricks dealt before play: team 0 0 tricks (no cards); "
        "team 1 4 tricks (7♣ 10♣ J♣ Q♣ K♣ 7♠ 8♠ 10♠ J♠ 9♥ Q♥ A♥ 8♦ J♦ Q♦ K♦)"
    )
    result = next(line for line in out if line.startswith("Hand over"))
    assert re.fullmatch(
        r"Hand over( \(eggs\))?: card points team 0 \d+, team 1 \d+; tricks team 0 \d, team 1 \d; "
        r"written (nothing|\d+ points? for team [01]); scores team 0 \d+, team 1 \d+",
        result,
    )
    assert re.fullmatch(r"Match over after \d+ hands: .* Scores: team 0 \d+, team 1 \d+\.", out[-1])


@pytest.mark.parametrize("command", ["match", "play", "rules", "simulate"])
def test_an_unknown_option_of_any_command_prints_that_command_s_usage(capsys, command):
    with pytest.raises(SystemExit) as stopped:
        main([command, "classic", "--frobnicate"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: kozel {command} [-h]")
    assert err.endswith(f"kozel {command}: error: unrecognized arguments: --frobnicate\n")
