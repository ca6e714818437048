"""``kozel play`` as a player walks through it: what is typed is read as he meant it, or asked back, never
played otherwise; leaving asks first at a terminal; the help, the choices and the refusals speak table words."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import kozel
from kozel.cli.main import main
from kozel.cli.play import _in_table_order, _your_turn, add_parser, read_move, run
from kozel.cli.table import describe_events, describe_hand_result, option_label
from kozel.game.results import HandResult
from kozel.view.events import Caught, Laid, TrickTaken
from kozel.view.view import observe

SRC = Path(kozel.__file__).resolve().parent.parent  # the src folder of the kozel under test
RANDOM = ("--opponents", "random")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def play(*argv: str, lines: str = "", tty_in: bool = False, tty_out: bool = False) -> tuple[int, str]:
    """Run ``kozel play ARGV`` with ``lines`` as the input (typed at a terminal where ``tty_in``)."""
    parser = argparse.ArgumentParser(prog="kozel")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["play", *argv])
    out = _Terminal() if tty_out else io.StringIO()
    stdin = _Terminal(lines) if tty_in else io.StringIO(lines)
    code = run(args, stdin, out, io.StringIO())
    return code, out.getvalue()


def answers(out: str) -> list[str]:
    """What was printed after each answer, up to the next prompt."""
    return out.split("> ")[1:]


# --- cards typed without a word are never passed face down ------------------------------------------------


def test_cards_that_cannot_beat_are_refused_not_passed_face_down():
    # classic seed 7: 7♥ K♥ are led; the hand is 8♣ | Q♥ | 9♠* A♠*
    _, out = play("classic", "--seed", "7", lines="8c qh\nq\n")
    said = answers(out)[0]
    assert "you pass" not in said
    assert "8♣ Q♥ cannot beat 7♥ K♥ (8♣ is no heart and no trump)" in said
    assert "type: pass 8c qh" in said
    _, out = play("classic", "--seed", "7", lines="pass 8c qh\nq\n")
    assert "  you pass 2 face down (8♣ Q♥)" in answers(out)[0]


def test_a_lead_typed_at_a_trick_is_refused_to_you_not_to_your_seat_number():
    _, out = play("classic", "--seed", "7", lines="lead 9s\nq\n")
    assert "Not allowed: a trick is on the table: you must beat it or pass (rule: lead)" in answers(out)[0]


def test_the_answer_to_too_few_cards_counts_them_in_words():
    _, out = play("classic", "--seed", "7", lines="beat as\nq\n")
    assert "answer the 2 cards on top with exactly 2 cards, not 1" in answers(out)[0]


# --- a number that is also the rank of a card held ----------------------------------------------------------


def test_ten_is_asked_back_when_it_is_both_an_option_and_a_ten_held():
    # threesome seed 9: at the third prompt the hand holds 10♦ and ten leads are offered
    _, out = play("threesome", "--seed", "9", *RANDOM, lines="1\n1\n10\n#10\nq\n")
    said = answers(out)
    assert "10 is both option 10 (" in said[2]
    assert "type #10 for the option, or the card with its suit (10d)" in said[2]
    assert "  you " not in said[2]
    assert "  you play " in said[3] or "  you lead " in said[3]


def test_option_numbers_may_be_written_as_they_are_listed():
    for typed in ("1.", "1)", "#1", "option 1"):
        _, out = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines=f"{typed}\nq\n")
        assert "  you lead " in answers(out)[0], typed


# --- leaving -----------------------------------------------------------------------------------------------


def test_q_at_a_terminal_asks_first_and_the_seed_is_told_on_leaving():
    code, out = play("classic", "--seed", "3", "--seat", "1", *RANDOM, lines="q\nn\nquit\ny\n", tty_in=True)
    assert code == 0
    assert out.count("Leave the table? The match is not finished (y/N) ") == 2
    assert "You stay at the table." in out
    assert "Seed 3; to play the same deal again:\nkozel play classic --seed 3 --seat 1 --opponents random\n" in out
    assert out.rstrip().endswith("You leave the table; the match is not finished. Goodbye.")


def test_q_from_a_pipe_leaves_at_once_and_tells_the_seed():
    code, out = play("classic", "--seed", "3", lines="q\n")
    assert code == 0
    assert "(y/N)" not in out
    assert "Seed 3; to play the same deal again:\nkozel play classic --seed 3\n" in out


# --- help, and the commands a player reaches for ---------------------------------------------------------


def test_help_is_printed_line_by_line_at_a_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    _, out = play("classic", "--seed", "3", lines="h\nq\n", tty_out=True)
    assert "\n  t / table          show the table again\n" in out
    assert "\n  h / help           this help\n" in out
    for command in ("last ", "rules ", "score "):
        assert f"\n  {command}" in out


def test_last_rules_and_score():
    _, out = play("classic", "--seed", "7", lines="last\nrules\nscore\npass 8c qh\nlast\nq\n")
    said = answers(out)
    assert "No trick has been taken yet in this hand." in said[0]
    assert "# classic" in said[1]
    assert "Scores: your side 0, opponents 0" in out
    last = "Last trick: seat 1 led 7♥ K♥ · seat 2 passed [##] [##] · seat 3 passed [##] [##] · you passed 8♣ Q♥"
    assert f"{last} (face down) -> seat 1 took it" in out


# --- prompts without cards: the praise and the bidding ------------------------------------------------------


def test_a_praise_deal_is_chosen_by_its_first_word():
    # pairs seed 0, seat 1: the player announces how the first hand is dealt
    _, out = play("pairs", "--seed", "0", "--seat", "1", *RANDOM, lines="pants\nq\n")
    assert "  you announce the deal: pants double" in answers(out)[0]
    _, out = play("pairs", "--seed", "0", "--seat", "1", *RANDOM, lines="one\nq\n")
    assert "  you announce the deal: one by one" in answers(out)[0]


def test_a_word_that_is_no_choice_is_answered_with_the_choices():
    _, out = play("pairs", "--seed", "0", "--seat", "1", *RANDOM, lines="regular please\n\nq\n")
    said = answers(out)
    assert "'regular please' is not one of the choices here: type an option number (1 to " in said[0]
    assert "regular, one by one" in said[0]
    assert "is not a card" not in said[0]
    assert "It is your move: type an option number" in said[1]


def test_bidding_takes_yes_and_no():
    argv = ("threesome", "--seed", "5", "--seat", "1", *RANDOM)
    _, out = play(*argv, lines="n\nq\n")
    assert "  you let the talon go" in answers(out)[0]
    _, out = play(*argv, lines="yes\nq\n")
    assert "  you take the talon and play alone" in answers(out)[0]
    assert "You play alone: you need more than 60 card points in your tricks" in answers(out)[0]
    _, out = play(*argv, lines="maybe\nq\n")
    assert "'maybe' is not one of the choices here: type an option number (1 to 2) or one of: " in out
    assert "take (or y), decline (or n)" in out


def test_a_talon_taken_by_another_seat_counts_its_hidden_card():
    _, out = play("threesome", "--seed", "1", *RANDOM, lines="n\n" * 40)
    assert "and 1 hidden card" in out
    assert "hidden cards" not in out


# --- the swap before the lead, the transfer, the redeal --------------------------------------------------------


def _swap_state() -> kozel.GameState:
    """seven_of_clubs, the first lead: seat 1 holds only trumps and must swap first."""
    rules = kozel.variants.get("seven_of_clubs")
    for seed in range(400):
        state = kozel.new_game(rules, seed=seed)
        moves = kozel.legal_moves(state)
        if moves and all(move.kind is kozel.MoveKind.TRANSFER for move in moves):
            return state
    raise AssertionError("no deal of seeds 0 to 399 begins with a swap before the first lead")


def test_swap_is_understood_and_the_headline_says_it():
    state = _swap_state()
    view = observe(state, state.turn)
    options = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
    assert _your_turn(view, options) == "Your turn: swap a trump with your partner before leading."
    move = options[0]
    cards = " ".join(f"{card.rank.text}{card.ascii[-1]}".lower() for card in move.cards)
    partner = kozel.variants.get("seven_of_clubs").seating.partners(state.turn)[0]
    for typed in (f"swap {cards}", f"transfer {cards} to partner", f"transfer {cards} to seat {partner}"):
        assert read_move(typed, options, state, view) == move, typed
    label = option_label(move, view)
    assert f"to your partner (seat {partner}) face down" in label
    if len(move.cards) == 1:
        assert label.startswith("transfer your trump ")


def test_a_refusal_names_no_engine_word():
    state = _swap_state()
    view = observe(state, state.turn)
    options = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
    card = options[0].cards[0]
    said = read_move(f"give back {card.rank.text}{card.ascii[-1]}", options, state, view)
    assert isinstance(said, str)
    assert "transfer_back" not in said
    assert "_" not in said


def test_the_redeal_names_its_reason():
    _, out = play("simple", "--seed", "17", "--seat", "3", *RANDOM, lines="1\n" * 300)
    assert "1. redeal: call for a new deal (your hand counts 12 card points, under 13)" in out
    assert "poor hand" not in out


def test_the_open_transfer_states_the_rule_of_pairs():
    _, out = play("pairs", "--seed", "5", *RANDOM, lines="1\n" * 60)
    assert "Trump transfer open: a player holding exactly one trump" in out
    assert "a player with few trumps" not in out


def test_a_forced_first_lead_says_why():
    # seven_of_clubs seed 5: the hand 10♥ | 10♣* J♥* J♠*, and the first lead of the match is a plain card
    _, out = play("seven_of_clubs", "--seed", "5", lines="q\n")
    assert "  you play 10♥ (your only move, played for you)\n" in out
    assert "    (No trump among your leads: the first lead of the match is a plain card.)" in out


def test_you_catch_in_the_first_person():
    rules = kozel.variants.get("seven_of_clubs")
    view = observe(kozel.new_game(rules, seed=5), 0)
    caught = Caught(catcher_seat=0, catcher=kozel.Card.parse("7♣"), victim_seat=3, victim=kozel.Card.parse("Q♣"))
    assert describe_events([caught], view, view) == ["  caught! you catch Q♣ of seat 3 with 7♣: the hand stops"]


# --- kozel match --help, and Ctrl-C at start-up ------------------------------------------------------------------


def test_match_help_says_what_it_does_and_what_quiet_does(capsys):
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Play a whole match between random players and tell it trick by trick" in text
    assert "With --quiet only the hand results and the outcome are printed" in text


def _fresh(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60, check=True)
    return done.stdout


def test_the_ctrl_c_handler_loads_nothing_slow_before_it_is_in_place():
    loaded = _fresh("import sys; before = set(sys.modules); import _kozel_stop; print(*set(sys.modules) - before)")
    assert not {"enum", "typing", "types", "signal"} & set(loaded.split()), loaded


def test_python_m_kozel_installs_its_handler_before_enum_loads():
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "kozel", "--version"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    names = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line]
    assert "kozel._launch" in names
    before = names[: names.index("kozel._launch")]
    assert "enum" not in before
    assert "typing" not in before


# --- numbers and seats typed at the table ---------------------------------------------------------------------


def _lead_with_a_face_card_and_many_options() -> tuple[kozel.GameState, kozel.PlayerView, list[kozel.Move]]:
    """classic: a lead with at least 11 options, the leader holding a jack (rank 11 of the card order)."""
    rules = kozel.variants.get("classic")
    for seed in range(400):
        state = kozel.new_game(rules, seed=seed)
        options = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
        view = observe(state, state.turn)
        faces = [card for card in view.hand if card.rank.text == "J"]
        if len(options) >= 11 and faces:
            return state, view, options
    raise AssertionError("no deal of seeds 0 to 399 gives a lead of 11 options with a jack in hand")


def test_eleven_is_an_option_even_with_a_jack_in_hand():
    state, view, options = _lead_with_a_face_card_and_many_options()
    assert read_move("11", options, state, view) == options[10]


def test_a_seat_too_long_to_read_is_refused_as_no_partner():
    state = _swap_state()
    view = observe(state, state.turn)
    options = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
    cards = " ".join(f"{card.rank.text}{card.ascii[-1]}".lower() for card in options[0].cards)
    said = read_move(f"give {cards} to seat {'1' * 5000}", options, state, view)
    assert isinstance(said, str)
    assert said.startswith("Trumps go only to your partner (seat ")


def test_a_transfer_refusal_speaks_of_your_trumps():
    # hammer_clubs seed 18, seat 2: a transfer of J♣ A♣ is offered out of turn; the hand also holds 10♠
    _, out = play("hammer_clubs", "--seed", "18", "--seat", "2", *RANDOM, lines="transfer 10s\nq\n")
    assert "Not allowed: the transfer hands over all of your trumps and nothing else: J♣ A♣" in out
    assert "the player's" not in out


def test_the_redeal_warning_on_the_call_past_the_limit_says_what_the_scoring_does():
    # pairs (credit scoring, a limit of 2 calls in a row) seed 2: seat 0 may call a redeal on the deal
    rules = kozel.variants.get("pairs")
    state = kozel.new_game(rules, seed=2)
    while state.phase is not kozel.Phase.PLAY:
        moves = kozel.legal_moves(state)
        state = kozel.apply(state, next((move for move in moves if move.choice == "regular"), moves[0]))
    calls = [move for move in kozel.legal_moves(state) if move.kind is kozel.MoveKind.REDEAL]
    assert calls[0].seat == 0
    view = observe(state, 0)
    label = option_label(calls[0], view)
    assert label == "redeal: call for a new deal (your side holds no queen but Q♦)"
    dealt = view.history[0]
    twice = attrs.evolve(view, history=(attrs.evolve(dealt, redeals=(0, 0)), *view.history[1:]))
    assert option_label(calls[0], twice) == (
        "redeal: call for a new deal (your side holds no queen but Q♦); WARNING: your side has called 2 redeals in "
        "a row, the limit: this call loses the hand (2 points credited to the other side)"
    )


# --- the drawing deals: every card received is shown before it is laid -------------------------------------------


def _trousers_narration(seed: int) -> tuple[list[str], list[kozel.Card], kozel.CardSet]:
    """pairs, seed ``seed``: the announcer's narration of his own ``trousers`` call, the cards he laid in that
    step without a move, and the cards he held after it."""
    rules = kozel.variants.get("pairs")
    tracker = kozel.ViewTracker(kozel.new_game(rules, seed=seed))
    you = tracker.state.turn
    before = tracker.view(you)
    before.hand  # noqa: B018 - made now, before the tracker moves on
    praise = next(move for move in kozel.legal_moves(tracker.state) if move.choice == "trousers")
    seen = [event.for_seat(you) for event in tracker.step(praise)]
    after = tracker.view(you)
    lines = describe_events(seen, before, after)
    laid = [event.card for event in seen if isinstance(event, Laid) and event.seat == you and event.card]
    return lines, laid, kozel.CardSet(after.hand)


def test_a_card_drawn_and_laid_at_once_in_trousers_is_shown_as_received_first():
    for seed in range(60):
        lines, laid, held = _trousers_narration(seed)
        if laid:
            break
    else:
        raise AssertionError("no pairs deal of seeds 0 to 59 lets the announcer lay a card at once in trousers")
    drawn = next(at for at, line in enumerate(lines) if line.startswith("  cards drawn: you get "))
    got = lines[drawn].removeprefix("  cards drawn: you get ").split(";")[0].split()
    for card in laid:
        said = (f"  you lay {card} face down", f"  you lay {card} face up")
        laying = next(at for at, line in enumerate(lines) if line in said)
        assert drawn < laying
        assert str(card) in got
    assert set(got) >= {str(card) for card in held}


def test_the_others_counts_drawn_in_trousers_include_the_cards_they_laid():
    lines, _, _ = _trousers_narration(5)
    drawn = next(line for line in lines if line.startswith("  cards drawn: "))
    for part in drawn.removeprefix("  cards drawn: ").split("; ")[1:]:
        count = int(part.rsplit(" ", 1)[1])
        assert count % 2 == 0, drawn  # trousers deals two cards at a time, top and bottom


# --- smaller notes: a space inside a card, the order of a refusal's cards, why you lead, eggs dealt again ----------


def _first_lead(name: str, seed: int) -> tuple[kozel.GameState, kozel.PlayerView, list[kozel.Move]]:
    state = kozel.new_game(kozel.variants.get(name), seed=seed)
    while state.phase is not kozel.Phase.PLAY:
        moves = kozel.legal_moves(state)
        state = kozel.apply(state, next((move for move in moves if move.choice == "regular"), moves[0]))
    view = observe(state, state.turn)
    return state, view, [move for move in kozel.legal_moves(state) if move.seat == state.turn]


def test_a_card_typed_with_a_space_inside_is_asked_back_as_the_card_held():
    state, view, options = _first_lead("classic", 3)
    card = options[0].cards[0]
    typed = f"{card.rank.text} {card.ascii[-1]}".lower()
    said = read_move(typed, options, state, view)
    assert isinstance(said, str)
    assert f"Did you mean {typed.replace(' ', '')} ({card}), without the space?" in said


def test_a_space_inside_a_card_not_held_gets_no_guess():
    state, view, options = _first_lead("classic", 3)
    other = next(card for card in kozel.variants.get("classic").deck if card not in view.hand)
    said = read_move(f"{other.rank.text} {other.ascii[-1]}", options, state, view)
    assert isinstance(said, str)
    assert "Did you mean" not in said


def test_the_follow_suit_refusal_lists_the_cards_in_the_order_of_the_options():
    rules = kozel.variants.get("pairs")
    state = kozel.new_game(rules, seed=0)
    while True:  # seat by seat, the first of the regular deal's moves, up to a follower with cards he may not play
        moves = kozel.legal_moves(state)
        if state.phase is kozel.Phase.PLAY and state.trick is not None:
            options = [move for move in moves if move.seat == state.turn]
            view = observe(state, state.turn)
            barred = [card for card in view.hand if all(card not in move.cards for move in options)]
            options = _in_table_order(options, view)
            cards = [move.cards[0] for move in options]
            if barred and cards != sorted(cards, key=lambda card: card.index):  # the deck's order is not the table's
                break
        state = kozel.apply(state, next((move for move in moves if move.choice == "regular"), moves[-1]))
    said = read_move(str(barred[0]), options, state, view)
    assert isinstance(said, str)
    listed = said.split("play one of ", 1)[1].split(" (rule")[0]
    assert listed == " ".join(str(move.cards[0]) for move in options)


def test_your_lead_says_you_took_the_last_trick():
    rules = kozel.variants.get("classic")
    tracker = kozel.ViewTracker(kozel.new_game(rules, seed=3))
    while True:
        state = tracker.state
        moves = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
        events = tracker.step(moves[0])
        if any(isinstance(event, TrickTaken) for event in events):
            break
    taker = next(event.winner for event in events if isinstance(event, TrickTaken))
    view = tracker.view(taker)
    assert view.turn == taker
    assert _your_turn(view).startswith("Your lead (you took the last trick): ")
    assert _your_turn(tracker.view((taker + 1) % 4)) != _your_turn(view)


def test_your_lead_in_the_first_hand_of_pairs_says_you_hold_the_ace_of_diamonds():
    for seed in range(40):
        _, view, options = _first_lead("pairs", seed)
        if kozel.Card.parse("A♦") in view.hand and not any(view.trick_counts):
            break
    else:
        raise AssertionError("no pairs deal of seeds 0 to 39 gives the first lead to the holder of A♦")
    assert _your_turn(view, options).startswith("Your lead (you hold A♦, and its holder leads first): ")


def test_eggs_with_a_replay_say_the_hand_is_dealt_again():
    rules = kozel.variants.get("pairs")
    assert rules.scoring.eggs_replay
    eggs = HandResult(points=(60, 60), tricks=(4, 4), written=(0, 0), eggs=True)
    head = describe_hand_result(rules, eggs, (0, 0), 0)[0]
    assert head == (
        "Eggs! The card points are split evenly: nothing is written, and the same dealer deals the hand again."
    )
    plain = describe_hand_result(kozel.variants.get("classic"), eggs, (0, 0), 0)[0]
    assert "again" not in plain
