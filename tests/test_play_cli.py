"""``kozel play``: a person against bots, driven through ``run`` with text streams (and the real command)."""

from __future__ import annotations

import argparse
import io
import random
import re
import subprocess
import sys

import attrs
import pytest

import kozel
import kozel.cli.play as play_module
from kozel.cli.play import DEFAULT_OPPONENTS, _lead_note, add_parser, opponents, run


def play(*argv: str, lines: str = "", tty: bool = False) -> tuple[int, str, str]:
    """Run ``kozel play ARGV`` with ``lines`` as the input: the exit status, the output and the errors."""
    parser = argparse.ArgumentParser(prog="kozel")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["play", *argv])
    out = _Terminal() if tty else io.StringIO()
    err = io.StringIO()
    code = run(args, io.StringIO(lines), out, err)
    return code, out.getvalue(), err.getvalue()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def prompts(out: str) -> list[str]:
    """The output cut at each prompt: ``prompts(out)[i]`` is everything printed before the (i+1)-th answer."""
    return out.split("\n> ")[:-1]


def last_table(block: str) -> tuple[list[kozel.Card], dict[int, str]]:
    """The player's hand and numbered options in the last table drawn in ``block``."""
    table = block[block.rindex("Your hand: ") :]
    hand_line = table.splitlines()[0].removeprefix("Your hand: ").split("   (")[0]
    hand = list(kozel.parse_cards(hand_line.replace("|", " ").replace("*", ""))) if "no cards" not in hand_line else []
    options = {int(n): label.strip() for n, label in re.findall(r"(\d+)\. (.+?)(?=\s{2,}\d+\. |\n|$)", table)}
    return hand, options


def first_prompt(*argv: str) -> tuple[list[kozel.Card], dict[int, str], str]:
    """The hand and options at the player's first prompt, and the output up to it."""
    _, out, _ = play(*argv, lines="q\n")
    block = prompts(out)[0]
    return (*last_table(block), block)


RANDOM = ("--opponents", "random")


@pytest.mark.parametrize("ruleset", kozel.variants.names())
def test_a_whole_match_played_with_option_one_finishes(ruleset):
    code, out, err = play(ruleset, "--seed", "5", "--seat", "1", *RANDOM, lines="1\n" * 600)
    assert code == 0, err
    assert "Match over after " in out
    assert "You win" in out or "You lose" in out
    assert "card points:" in out  # a hand result was told
    assert "End of input" not in out
    assert "Traceback" not in out
    assert "\x1b" not in out  # no colour through a pipe


def test_the_table_shows_the_seat_only_what_it_may_see():
    rules = kozel.variants.get("classic")
    state = kozel.new_game(rules, seed=3)
    assert state.turn == 1  # the player leads first: nothing is played before his prompt
    hand, options, block = first_prompt("classic", "--seed", "3", "--seat", "1", *RANDOM)
    assert set(hand) == set(state.hands[1])
    assert f"\nTrump suit {state.trump} ({state.trump_card} shown)\n" in block
    assert "Scores: your side 0, opponents 0 · a side that reaches 12 penalty points is the goat" in block
    progress = "This hand: tricks your side 0, opponents 0 · stock 20 cards · cards held: 4 by seat 0, 4 by seat 2, "
    progress += "4 by seat 3"
    assert progress in block
    assert "you play for your side (you and seat 3) against the opponents (seats 0 and 2)" in block
    assert "On the table: nothing yet" in block
    assert "Your lead: one card, or several of one suit." in block
    for seat in (0, 2, 3):
        for card in state.hands[seat]:
            assert str(card) not in block, f"seat {seat}'s {card} shows"
    assert all(label.startswith("lead ") for label in options.values())


def test_the_hand_is_sorted_with_trumps_last_and_marked():
    # seed 2 deals seat 1 10♠ 10♥ K♥ 10♦ with hearts trumps: the plain suits first (spades, then diamonds), then
    # the hearts after the diamonds, low to high by rank (K below 10), each marked
    _, out, _ = play("classic", "--seed", "2", "--seat", "1", *RANDOM, lines="q\n")
    assert "Your hand: 10♠ | 10♦ | K♥* 10♥*   (* trump)" in out


def test_bad_input_is_told_and_asked_again():
    rules = kozel.variants.get("classic")
    hand = kozel.new_game(rules, seed=3).hands[1]
    missing = next(card for card in rules.deck if card not in hand)
    two_suits = [next(c for c in hand if c.suit == suit) for suit in {c.suit for c in hand}][:2]
    single = min(hand)
    lines = ["xyz", str(missing), kozel.format_cards(two_suits), "9", "", "n", "the", single.ascii.lower()]
    code, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="\n".join(lines) + "\nq\n")
    assert code == 0
    answers = prompts(out)[1:]
    assert "'xyz' is not a card" in answers[0]
    assert f"You do not hold {missing}" in answers[1]
    assert "Not allowed: a lead is cards of one suit" in answers[2]
    assert "(rule: lead)" in answers[2]
    assert "There is no option 9: choose a number from 1 to 5." in answers[3]
    assert "It is your move" in answers[4]
    assert "You cannot let this pass" in answers[5]
    assert "'the' is not one of your moves" in answers[6]
    assert f"  you lead {single}" in answers[7]
    assert "Traceback" not in out


def _find(argv: tuple[str, ...], seeds: range, found):
    for seed in seeds:
        hand, options, _ = first_prompt(*argv, "--seed", str(seed))
        hit = found(hand, options)
        if hit is not None:
            return seed, hit
    raise AssertionError("no seed gives the position wanted")  # pragma: no cover


def test_an_illegal_card_names_the_rule_it_breaks():
    argv = ("seven_of_clubs", "--seat", "1", *RANDOM)

    def off_suit(hand, options):
        playable = {label.removeprefix("play ") for label in options.values()}
        return next((card for card in hand if str(card) not in playable), None)

    seed, card = _find(argv, range(30), off_suit)
    code, out, _ = play(*argv, "--seed", str(seed), lines=f"{card}\n1\nq\n")
    assert code == 0
    answer = prompts(out)[1]
    assert "Not allowed: follow the led suit" in answer
    assert "(rule: follow suit). Choose again." in answer
    assert "  you play " in prompts(out)[2]


def test_cards_that_fit_several_moves_are_asked_about():
    argv = ("classic", "--seat", "2", *RANDOM)

    def beat_or_pass(hand, options):
        beats = {label.removeprefix("beat with ") for label in options.values() if label.startswith("beat with ")}
        passes = {label.removeprefix("pass ").removesuffix(" face down") for label in options.values()}
        both = sorted(beats & passes)
        return both[0] if both else None

    seed, cards = _find(argv, range(40), beat_or_pass)
    _, options, _ = first_prompt(*argv, "--seed", str(seed))
    beat = next(n for n, label in options.items() if label == f"beat with {cards}")
    code, out, _ = play(*argv, "--seed", str(seed), lines=f"{cards}\n{beat}\nq\n")
    assert code == 0
    answer = prompts(out)[1]
    assert "That could be more than one move:" in answer
    assert f"{beat}. beat with {cards}" in answer
    assert f"pass {cards} face down" in answer
    assert f"  you beat with {cards}" in prompts(out)[2]
    # the word before the cards settles it
    code, out, _ = play(*argv, "--seed", str(seed), lines=f"pass {cards}\nq\n")
    assert "  you pass " in prompts(out)[1]


def test_undo_takes_back_the_move_and_the_bots_moves_after_it():
    # seed 2: seat 1 leads first; option 1 is 10♠, then the three bots move and everyone draws
    code, out, _ = play("classic", "--seed", "2", "--seat", "1", *RANDOM, lines="u\n1\nu\nq\n")
    assert code == 0
    blocks = prompts(out)
    assert "Nothing to take back: you have not moved yet." in blocks[1]
    first_hand = re.findall(r"Your hand: .*", blocks[0])[-1]
    assert "  you lead 10♠" in blocks[2]
    assert re.findall(r"Your hand: .*", blocks[2])[-1] != first_hand
    undone = blocks[3]
    assert "Taken back: your move (lead 10♠) and everything after it." in undone
    assert re.findall(r"Your hand: .*", undone)[-1] == first_hand
    assert "stock 20 cards" in undone
    assert "On the table: nothing yet" in undone


def test_quit_and_end_of_input_end_cleanly():
    code, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="quit\n")
    assert code == 0
    assert out.rstrip().endswith("You leave the table; the match is not finished. Goodbye.")
    code, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="")
    assert code == 0
    assert out.rstrip().endswith("End of input: the match is left unfinished. Goodbye.")
    code, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="1\n1")  # no final newline
    assert code == 0
    assert out.rstrip().endswith("End of input: the match is left unfinished. Goodbye.")


def test_help_lists_the_commands():
    _, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="h\nq\n")
    for command in ("u / undo", "q / quit", "h / help", "10♥  th"):
        assert command in out


def test_a_follow_suit_hand_is_played_with_cards_typed():
    argv = ("six_of_clubs", "--seed", "2", "--seat", "0", *RANDOM)
    _hand, options, block = first_prompt(*argv)
    assert "Permanent trumps, high to low: 6♣" in block
    card = options[1].removeprefix("play ")
    code, out, _ = play(*argv, lines=f"{kozel.Card.parse(card).ascii}\nq\n")
    assert code == 0
    assert f"  you play {card}" in prompts(out)[1]


def test_pairs_the_boasting_player_chooses_the_praise_deal():
    argv = ("pairs", "--seed", "5", "--seat", "1", *RANDOM)
    _, options, block = first_prompt(*argv)
    assert "the deck lies face down: you announce how it is dealt" in block
    assert "Your turn: announce how this hand is dealt (the praise)." in block
    assert options[1].startswith("regular (")
    assert any(label.startswith("mirror (") for label in options.values())
    _, out, _ = play(*argv, lines="mirror\nq\n")
    assert "  you announce the deal: mirror" in out
    assert "  the mirror deal is dealt" in out
    assert "Deal announced: mirror" in out
    trousers = next(n for n, label in options.items() if label.startswith("trousers"))
    _, out, _ = play(*argv, lines=f"{trousers}\nq\n")
    assert "  you announce the deal: trousers" in out
    _, out, _ = play(*argv, lines="one by one\nq\n")
    assert "  you announce the deal: one by one" in out


def test_threesome_bidding_takes_the_talon_and_lays_away():
    argv = ("threesome", "--seed", "5", "--seat", "1", *RANDOM)
    _, options, block = first_prompt(*argv)
    assert "Your turn to bid" in block
    assert "talon 2 cards (" in block
    assert options == {1: options[1], 2: "decline: let the talon pass on"}
    assert options[1].startswith("take the talon (2 cards, ")
    _, out, _ = play(*argv, lines="take\nq\n")
    assert "  you take the talon and play alone" in out
    assert "  the talon goes into your hand: " in out
    block = prompts(out)[1]
    hand, options = last_table(block)
    assert "You took the talon and play alone" in block
    assert not options  # too many to list one by one: any two cards
    assert f"({len(hand) * (len(hand) - 1) // 2} ways: lay away any 2 cards of your hand; type them" in block
    assert "You play alone: you need more than 60 card points in your tricks" in block
    away = hand[:2]
    _, out, _ = play(*argv, lines=f"take\nlay away {kozel.format_cards(away)}\nq\n")
    assert f"  you lay away {kozel.format_cards(sorted(away))} face down" in out
    _, out, _ = play(*argv, lines="pass\nq\n")  # "pass" in the bidding lets the talon go
    assert "  you let the talon go" in out


def test_an_out_of_turn_right_is_offered_and_may_be_let_pass():
    argv = ("hammer_clubs", "--seed", "5", "--seat", "0", *RANDOM)
    _, out, _ = play(*argv, lines="1\n" * 300)
    blocks = prompts(out)
    offered = next(i for i, block in enumerate(blocks) if "You may move out of turn now" in block)
    assert "Type its number or cards to take it, or press Enter (or n) to let play go on." in blocks[offered]
    _, taken, _ = play(*argv, lines="1\n" * (offered + 1) + "q\n")
    _, skipped, _ = play(*argv, lines="1\n" * offered + "\nq\n")
    after_taken = prompts(taken)[offered + 1]
    after_skipped = prompts(skipped)[offered + 1]
    assert after_taken.startswith(("1\n  you hand ", "1\n  you play a molodka"))
    assert after_skipped.startswith("\n  seat ")


def test_a_redeal_is_offered_out_of_turn():
    # seed 17: seat 3 is dealt 12 card points (8♣ 9♣ 7♠ 9♥ K♥ K♦ J♠ J♣), fewer than 13; seat 1 is to lead
    argv = ("simple", "--seed", "17", "--seat", "3", *RANDOM)
    _, out, _ = play(*argv, lines="1\n" * 300)
    blocks = prompts(out)
    label = "1. redeal: call for a new deal (your hand counts 12 card points, under 13)"
    offered = next(i for i, block in enumerate(blocks) if label in block)
    assert "You may move out of turn now" in blocks[offered]
    assert "  you call for a redeal" in blocks[offered + 1]


def test_bad_arguments_are_errors_with_status_2():
    code, _, err = play("goat", lines="")
    assert code == 2
    assert "no built-in ruleset is called 'goat'" in err
    code, _, err = play("classic", "--seat", "4", lines="")
    assert code == 2
    assert "--seat must be a seat from 0 to 3" in err
    code, _, err = play("classic", "--opponents", "nobody", lines="")
    assert code == 2
    assert "no bot is called 'nobody'" in err
    assert "random" in err


def test_other_player_counts():
    code, out, _ = play("classic", "--players", "3", "--seed", "1", *RANDOM, lines="1\n" * 400)
    assert code == 0
    assert "classic, 3 players (everyone for himself)" in out
    assert "Match over after " in out


def test_the_opponents_are_heuristic_bots_unless_said():
    assert DEFAULT_OPPONENTS == "heuristic"
    _, out, _ = play("classic", "--seed", "3", "--seat", "1", lines="q\n")
    assert "The other seats are played by heuristic bots." in out


OWN_BOTS = """
from kozel.bots import Bot


class First(Bot):
    seats = []

    def choose(self, view, moves):
        First.seats.append(self.seat)
        return moves[0]


class BadSetup(Bot):
    def setup(self, rules, seat, seed):
        raise ValueError("no seat for me")

    def choose(self, view, moves):
        return moves[0]
"""


@pytest.fixture
def own_bots(tmp_path, monkeypatch):
    """The module ``ownbots`` in the current folder (which ``kozel play`` puts on the import path)."""
    (tmp_path / "ownbots.py").write_text(OWN_BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [path for path in sys.path if path not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "ownbots", raising=False)
    yield
    sys.modules.pop("ownbots", None)


def test_a_bot_of_ones_own_plays_every_other_seat(own_bots):
    code, out, err = play("classic", "--seed", "4", "--seat", "2", "--opponents", "ownbots:First", lines="1\n" * 600)
    assert code == 0, err
    assert "The other seats are played by ownbots:First bots." in out
    assert "Match over after " in out
    asked = sys.modules["ownbots"].First.seats
    assert set(asked) == {0, 1, 3}  # the person's seat is never a bot's


def test_one_bot_for_each_other_seat_in_seat_order(own_bots):
    specs = ("ownbots:First", "random", "ismcts(iterations=4)")
    code, out, err = play("classic", "--seed", "4", "--seat", "1", "--opponents", *specs, lines="1\n" * 600)
    assert code == 0, err
    said = "The other seats are played by bots: seat 0 ownbots:First, seat 2 random, seat 3 ismcts(iterations=4)."
    assert said in out
    assert set(sys.modules["ownbots"].First.seats) == {0}


@pytest.mark.parametrize(
    ("specs", "expected"),
    [
        (
            ("random", "random"),
            "give one bot for all the other seats, or one for each of the 3 other seats in "
            "order (seats 0, 2, 3), not 2",
        ),
        (("random",) * 4, "or one for each of the 3 other seats in order (seats 0, 2, 3), not 4"),
        (("ismcts(iterations='x')",), "cannot make the bot \"ismcts(iterations='x')\""),
        (("ownbots:Missing",), "cannot load the bot 'ownbots:Missing'"),
        (("ownbots:BadSetup",), "the bot BadSetup at seat 0 failed: ValueError: no seat for me"),
    ],
)
def test_opponents_that_cannot_play_are_refused_before_the_match(own_bots, specs, expected):
    code, out, err = play("classic", "--seat", "1", "--opponents", *specs, lines="1\n")
    assert code == 2
    assert out == ""
    assert err.startswith("kozel play: ")
    assert expected in err


def test_the_opponents_of_each_seat():
    assert opponents(None, 4, 1) == {0: "heuristic", 2: "heuristic", 3: "heuristic"}
    assert opponents(["random"], 3, 0) == {1: "random", 2: "random"}
    assert opponents(["a", "b"], 3, 2) == {0: "a", 1: "b"}


def test_colour_only_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    # seed 2: seat 1 holds 10♠ | 10♦ | K♥* 10♥*, hearts trumps
    _, out, _ = play("classic", "--seed", "2", "--seat", "1", *RANDOM, lines="q\n", tty=True)
    assert "\x1b[1m" in out
    assert "\x1b[31;4mK♥*\x1b[0m" in out  # a red trump, underlined, in the hand
    assert "\x1b[31mK♥\x1b[0m" not in out  # hearts are trumps: every heart is underlined
    assert "\x1b[4m10♠\x1b[0m" not in out  # a black plain card is left as it is
    assert "10♠" in out
    assert "\x1b[31m10♦\x1b[0m" in out  # a red plain card is red
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = play("classic", "--seed", "2", "--seat", "1", *RANDOM, lines="q\n", tty=True)
    assert "\x1b[" not in out


def test_the_real_command_plays_through_a_pipe():
    done = subprocess.run(
        [sys.executable, "-m", "kozel", "play", "six_of_clubs", "--seed", "1", "--seat", "1", *RANDOM],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Match over after " in done.stdout
    assert "\x1b" not in done.stdout


def test_face_down_cards_of_others_show_as_backs():
    _, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="1\n" * 200)
    assert re.search(r"On the table: .*seat \d passed \[##\]", out)
    assert re.search(r"^  seat \d passes \d cards? face down$", out, re.MULTILINE)
    assert not re.search(r"^  seat \d passes .*\(", out, re.MULTILINE)  # never the cards of another seat
    assert re.search(r"^  you pass \d face down \(", out, re.MULTILINE)  # but the player's own, yes


def test_the_match_result_is_told_in_table_words():
    # seed 61: hand 6 is eggs (60-60, nothing written), and hand 7 takes the opponents from 10 to 12
    _, out, _ = play("classic", "--seed", "61", "--seat", "1", *RANDOM, lines="1\n" * 400)
    assert "Eggs! The card points are split evenly." in out
    assert "  card points: your side 60, opponents 60 · tricks: " in out
    assert "Match over after 7 hands: the opponents (seats 0 and 2) are the goat with eggs." in out
    assert "  final scores: your side 6, opponents 12" in out
    assert out.rstrip().endswith("You win: you are not the goat.")


def test_an_only_move_is_played_for_you_and_said_so():
    argv = ("six_of_clubs", "--seed", "2", "--seat", "0", *RANDOM)
    code, out, _ = play(*argv, lines="1\n" * 400)
    assert code == 0
    assert "Match over after " in out
    forced = re.findall(r"^  you \w+ .* \(your only move, played for you\)$", out, re.MULTILINE)
    assert forced  # the last card of each hand, at least
    _, asked, _ = play(*argv, "--no-autoplay", lines="1\n" * 400)
    assert "your only move" not in asked
    assert len(prompts(asked)) > len(prompts(out))
    assert "Match over after " in asked


def test_undo_skips_the_moves_played_for_you():
    argv = ("six_of_clubs", "--seed", "2", "--seat", "0", *RANDOM)
    _, out, _ = play(*argv, lines="1\n" * 400)
    blocks = prompts(out)
    # the first prompt after a move played for you: undo takes back the move you chose before it
    after = next(i for i, block in enumerate(blocks) if i and "(your only move, played for you)" in block)
    _, undone, _ = play(*argv, lines="1\n" * after + "u\nq\n")
    answer = prompts(undone)[after + 1]
    assert "Taken back: your move (play " in answer
    assert "Nothing to take back" not in answer


def test_the_table_is_shown_again_only_where_it_changed():
    # seed 2: seat 1 leads 10♠ (option 1), the three bots pass, and seat 1 takes the first trick
    code, out, _ = play("classic", "--seed", "2", "--seat", "1", *RANDOM, lines="1\nt\nq\n")
    assert code == 0
    first, second, again = prompts(out)
    for part in ("── classic · hand 1 · seat 0 dealt", "\nTrump suit ♥ (J♥ shown)\n", "Scores: ", "This hand: "):
        assert part in first
    assert "── classic" not in second  # nothing in the header, trumps and scores changed after one trick
    assert "Trump suit" not in second
    assert "Scores: " not in second
    assert "This hand: tricks your side 1, opponents 0 · stock 16 cards" in second  # the progress did
    assert "On the table: " in second
    assert "Your hand: " in second
    assert "── classic · hand 1" in again  # t shows all of it
    assert "Scores: " in again
    # a new hand changes the header: it is shown again
    _, whole, _ = play("classic", "--seed", "2", "--seat", "1", *RANDOM, lines="1\n" * 30)
    headers = re.findall(r"^── classic · hand (\d+) ", whole, re.MULTILINE)
    assert headers[:2] == ["1", "2"]


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("7" * 5000, "There is no option of 5000 digits: choose a number from 1 to 5."),
        ("0", "There is no option 0: choose a number from 1 to 5."),
        ("٣", "I cannot read that: "),  # an Arabic-Indic three: no option number
        ("²", "I cannot read that: "),
        ("\x00\x00", "I cannot read that: "),
        ("\ufffd", "I cannot read that: "),
    ],
)
def test_odd_text_at_the_prompt_is_told_and_asked_again(typed, told):
    code, out, _ = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines=f"{typed}\nq\n")
    assert code == 0
    echo, answer = prompts(out)[1].split("\n", 1)
    assert echo == typed  # a pipe's input is echoed
    assert told in answer
    assert "7" * 50 not in answer  # a long number is not repeated back
    assert out.rstrip().endswith("Goodbye.")


def test_why_trumps_are_not_among_the_leads():
    # seven_of_clubs: the first lead of the match is plain; the side that opened the last hand opens no trump
    _, _, block = first_prompt("seven_of_clubs", "--seed", "0", "--seat", "0", *RANDOM)
    assert "No trump among your leads: the first lead of the match is a plain card." in block
    _, _, block = first_prompt("classic", "--seed", "3", "--seat", "1", *RANDOM)
    assert "No trump among your leads" not in block  # trumps may lead: no word about it


def test_the_lead_rules_are_explained_from_the_leading_component():
    rules = kozel.variants.get("pairs")
    told = set()
    for seed in range(10):
        state = kozel.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.hand_number < 2:
            moves = kozel.legal_moves(state)
            turn = state.turn
            if turn is not None and state.phase is kozel.Phase.PLAY and state.trick is None:
                note = _lead_note(state, turn, [move for move in moves if move.seat == turn])
                boasting = rules.side_of((state.dealer + 1) % rules.players)
                if rules.side_of(turn) == boasting:
                    assert note is None  # the boasting side leads trumps freely
                elif note is not None:
                    told.add(note)
            state = kozel.apply(state, rng.choice(moves))
    assert any("only the side of the boasting player (seat " in note for note in told)
    # the same rule in another ruleset's clothes: the words follow the component, not the name
    simple = kozel.variants.get("simple")
    assert not simple.leading.first_lead_plain
    barred = attrs_evolve(simple, leading=attrs_evolve(simple.leading, first_lead_plain=True))
    notes = []
    for seed in range(5):
        for rules in (simple, barred):
            state = kozel.new_game(rules, seed=seed)
            moves = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
            trumps = state.deal.table.trump_mask
            if state.hand_masks[state.turn] & trumps and state.hand_masks[state.turn] & ~trumps:
                notes.append((rules is barred, _lead_note(state, state.turn, moves)))
    plain_first = "No trump among your leads: the first lead of the match is a plain card."
    assert any(barred_rule and plain_first in (note or "") for barred_rule, note in notes)
    assert not any(not barred_rule and plain_first in (note or "") for barred_rule, note in notes)
    # simple plays its first trick in diamonds: the leads leave out the rest, and say so
    first_trick = "The first trick of a hand is played in diamonds (♦): lead one, else a trump."
    assert (False, first_trick) in notes


def attrs_evolve(instance, **changes):
    return attrs.evolve(instance, **changes)


def test_bots_moves_are_paced_on_a_terminal_only(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    slept: list[float] = []
    monkeypatch.setattr(play_module.time, "sleep", slept.append)
    argv = ("classic", "--seed", "3", "--seat", "1", *RANDOM)
    _, out, _ = play(*argv, lines="1\nq\n", tty=True)
    bots = len(re.findall(r"^  seat \d ", prompts(out)[1], re.MULTILINE))
    assert bots >= 3  # the three bots' moves after your lead, and more
    assert slept == [play_module.DEFAULT_DELAY] * bots  # a pause before each
    slept.clear()
    play(*argv, lines="1\nq\n")
    assert slept == []
    play(*argv, "--delay", "0.2", lines="1\nq\n", tty=True)
    assert slept == [0.2] * bots
    slept.clear()
    play(*argv, "--delay", "0", lines="1\nq\n", tty=True)
    assert slept == []
    for bad in ("-1", "nan", "11", "soon"):
        with pytest.raises(SystemExit) as refused:
            play(*argv, "--delay", bad, lines="q\n")
        assert refused.value.code == 2


def test_lines_fit_the_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setenv("NO_COLOR", "1")
    argv = ("classic", "--seed", "3", "--seat", "1", *RANDOM, "--delay", "0")
    _, narrow, _ = play(*argv, lines="1\n" * 20 + "q\n", tty=True)
    _, piped, _ = play(*argv, lines="1\n" * 20 + "q\n")
    assert max(len(line) for line in narrow.splitlines()) <= 60
    assert max(len(line) for line in piped.splitlines()) > 60  # a pipe gets whole lines
    # broken only at spaces: the same words, in the same order (the pipe also echoes the answers)
    assert narrow.split() == piped.split()
