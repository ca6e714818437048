"""What a new player reads from the ``kozel`` commands: plurals, the match's verdict, the written points,
the trump shown, the option numbers refused and the commands' error lines."""

from __future__ import annotations

import argparse
import io
import re

import pytest
from helpers import play, start

import kozel
from kozel.cli.main import main
from kozel.cli.play import _your_turn, add_parser, read_move, run
from kozel.cli.table import describe_match_result
from kozel.game.results import MatchResult

CLASSIC = kozel.variants.get("classic")


def _kozel_play(*argv: str, lines: str = "") -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="kozel")
    add_parser(parser.add_subparsers(dest="command", required=True))
    out, err = io.StringIO(), io.StringIO()
    code = run(parser.parse_args(["play", *argv]), io.StringIO(lines), out, err)
    return code, out.getvalue(), err.getvalue()


# --- the verdict at the end of the match -------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["fifteen", "threesome"])
def test_the_only_goat_is_told_it_is_the_goat(ruleset):
    rules = kozel.variants.get(ruleset)
    you = 1
    result = MatchResult(goats=(rules.side_of(you),), titles=("goat",))
    lines = describe_match_result(rules, result, (0,) * rules.sides, 5, you)
    assert lines[0] == "Match over after 5 hands: you are the goat."
    assert lines[-1] == "You lose: you are the goat."


def test_one_of_several_goats_is_told_it_is_among_them():
    rules = kozel.variants.get("threesome")
    result = MatchResult(goats=(1, 2), titles=("goat", "goat"))
    assert describe_match_result(rules, result, (0, 0, 0), 5, 1)[-1] == "You lose: you are among the goats."
    assert describe_match_result(rules, result, (0, 0, 0), 5, 0)[-1] == "You win: you are not the goat."


# --- kozel play: how many cards there are to beat ----------------------------------------------------


@pytest.mark.parametrize(("lead", "words"), [("A♠", "the 1 card on top"), ("9♠ A♠", "the 2 cards on top")])
def test_the_cards_to_beat_are_counted_in_words(lead, words):
    hands = ["A♣ 9♥ 8♥ 7♦", "A♠ 9♠ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), f"1 lead {lead}")
    said = _your_turn(kozel.observe(state, 2))
    assert said == f"Your turn: beat {words} one to one, or pass as many face down."
    assert "(s)" not in said


def test_the_play_prompt_writes_no_card_s():
    _, out, _ = _kozel_play("classic", "--seed", "7", lines="q\n")
    assert "Your turn: beat the 2 cards on top one to one, or pass as many face down." in out
    assert "(s)" not in out


# --- kozel play: a negative option number ------------------------------------------------------------


@pytest.mark.parametrize(("typed", "number"), [("-1", "-1"), ("-7", "-7"), ("-0", "0")])
def test_a_negative_number_is_no_option(typed, number):
    hands = ["A♣ 9♥ 8♥ 7♦", "A♠ 9♠ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = start(CLASSIC, hands, shown="A♥")
    options = [move for move in kozel.legal_moves(state) if move.seat == 1]
    said = read_move(typed, options, state, kozel.observe(state, 1))
    assert said == f"There is no option {number}: choose a number from 1 to {len(options)}."


def test_a_long_negative_number_is_no_option():
    hands = ["A♣ 9♥ 8♥ 7♦", "A♠ 9♠ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = start(CLASSIC, hands, shown="A♥")
    options = [move for move in kozel.legal_moves(state) if move.seat == 1]
    said = read_move("-" + "9" * 40, options, state, kozel.observe(state, 1))
    assert said == f"There is no option of 40 digits: choose a number from 1 to {len(options)}."


def test_the_prompt_answers_a_negative_number_as_an_option_out_of_range():
    _, out, _ = _kozel_play("classic", "--seed", "7", lines="-1\n99\nq\n")
    assert "There is no option -1: choose a number from 1 to " in out
    assert "There is no option 99: choose a number from 1 to " in out
    assert "is not a card" not in out


# --- kozel match: the seed's message is true to what is taken ----------------------------------------


def test_a_bad_seed_is_told_what_a_seed_may_be(capsys):
    with pytest.raises(SystemExit) as done:
        main(["match", "--seed", "abc"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: a whole number (digits 0-9, optionally with a leading minus), not 'abc'" in err


def test_a_negative_seed_is_taken_as_the_message_says(capsys):
    assert main(["match", "--seed", "-1", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith(f"kozel {kozel.__version__}: classic, 4 players, seed -1")


@pytest.mark.parametrize("seed", ["+1", "1_0", "- 1", "--1"])
def test_a_seed_the_message_does_not_allow_is_still_refused(seed, capsys):
    with pytest.raises(SystemExit):
        main(["match", f"--seed={seed}"])
    assert "optionally with a leading minus" in capsys.readouterr().err


# --- every command's error line names the command ----------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--players", "5"],
        ["simulate", "classic", "--bots", "random", "heuristic", "-n", "2", "--processes", "1", "--replay", "2"],
        ["league", "classic", "--bots", "random", "heuristic", "-n", "2", "--processes", "1", "--replay", "2"],
        ["play", "--players", "5"],
        ["rules", "classic", "--players", "5"],
    ],
)
def test_an_error_line_names_its_command(argv, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"kozel {argv[0]}: ")
    assert "Traceback" not in err


# --- the trump shown, in the same words in kozel match and kozel play -------------------------------


def test_match_and_play_show_the_trump_in_the_same_words(capsys):
    assert main(["match", "classic", "--seed", "7"]) == 0
    told = capsys.readouterr().out
    _, seen, _ = _kozel_play("classic", "--seed", "7", lines="q\n")
    assert "trump ♠ (J♠ shown)" in told
    assert "trump ♠ (J♠ shown)" in seen
    assert "(shown:" not in told


# --- kozel match: for whom the written points count --------------------------------------------------


def test_match_says_for_whom_pairs_writes_its_points(capsys):
    assert main(["match", "pairs", "--seed", "3", "--quiet"]) == 0
    hands = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Hand over")]
    assert hands
    for line in hands:
        written = re.search(r"; written (.+); scores ", line)
        assert written is not None, line
        assert re.fullmatch(r"nothing|\d+ points? for team [01]", written.group(1)), line
    assert any(" written 2 points for team " in line for line in hands)


@pytest.mark.parametrize(
    ("ruleset", "pattern"),
    [
        ("classic", r"nothing|\d+ penalty points? against team [01]"),
        ("fifteen", r"nothing|(seat \d counts \d+ off)(, seat \d counts \d+ off)*"),
    ],
)
def test_match_says_how_other_scorings_write_their_points(ruleset, pattern, capsys):
    assert main(["match", ruleset, "--seed", "3", "--quiet"]) == 0
    hands = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Hand over")]
    for line in hands:
        written = re.search(r"; written (.+); scores ", line)
        assert written is not None, line
        assert re.fullmatch(pattern, written.group(1)), line


def test_play_and_match_word_written_points_alike(capsys):
    _, out, _ = _kozel_play("pairs", "--seed", "3", "--opponents", "random", lines="1\n" * 600)
    said = re.findall(r"^  written: (.+?) · scores now: ", out, re.MULTILINE)
    assert said
    for words in said:
        assert re.fullmatch(r"nothing|\d+ points? for (your side|opponents)", words), words
