"""The match record: ``kozel.record.dumps`` / ``loads`` round-trip every state of legal play; bad text is refused."""

from __future__ import annotations

import datetime
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import examples
from test_properties import RULESETS
from test_views import IDS, random_state

import kozel
from kozel import NotationError, StateError
from kozel.record import dumps, loads, read

CLASSIC = kozel.variants.get("classic")


def finished(rules, seed):
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_state_reached_by_legal_play_reads_back_equal(rules, seed):
    state, _ = random_state(rules, seed)
    text = dumps(state)
    assert loads(text) == state
    assert dumps(loads(text)) == text


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_a_whole_match_reads_back_with_its_result(rules):
    state = finished(rules, 5)
    text = dumps(state)
    record = read(text)
    assert record.state == state
    assert record.moves == state.match_moves
    assert record.headers["Result"] == "; ".join(
        f"side {side}: {title}" for side, title in zip(state.result.goats, state.result.titles, strict=True)
    )
    assert record.headers["Scores"] == " ".join(map(str, state.scores))


def test_the_headers_of_a_record():
    state = kozel.new_game(CLASSIC, seed=7)
    move = kozel.legal_moves(state)[0]
    state = kozel.apply(state, move)
    text = dumps(state, date=datetime.date(2026, 11, 30), names=["Anna", None, "Vera", "Gleb"])
    assert text.splitlines()[:14] == [
        '[Game "Kozel"]',
        '[Format "1"]',
        '[Ruleset "classic"]',
        '[RulesetVersion "1"]',
        '[Players "4"]',
        '[Seed "7"]',
        '[Dealer "0"]',
        '[Date "2026.11.30"]',
        '[Seat0 "Anna"]',
        '[Seat2 "Vera"]',
        '[Seat3 "Gleb"]',
        '[Moves "1"]',
        '[Result "*"]',
        "",
    ]
    assert text.splitlines()[14:] == ["; hand 1, dealt by seat 0", str(move), "end"]
    assert read(text).names == ("Anna", None, "Vera", "Gleb")


def test_a_given_deck_and_dealer_are_written_and_replayed():
    deck = list(CLASSIC.deck)
    random.Random(3).shuffle(deck)
    state = kozel.new_game(CLASSIC, seed=9, deck=deck, dealer=2)
    state = kozel.apply(state, kozel.legal_moves(state)[0])
    text = dumps(state)
    assert f'[Deck "{kozel.format_cards(deck)}"]' in text.splitlines()
    assert '[Dealer "2"]' in text.splitlines()
    assert loads(text) == state


def test_a_house_ruleset_is_written_out_and_read_back_without_help():
    house = attrs.evolve(CLASSIC, name="house", match=attrs.evolve(CLASSIC.match, target=8))
    state = finished(house, 3)
    text = dumps(state)
    assert any(line.startswith("[RulesetData ") for line in text.splitlines())
    assert loads(text) == state
    assert loads(text).ruleset.match.target == 8


def test_another_number_of_players_is_read_from_the_players_header():
    rules = CLASSIC.for_players(3)
    state = finished(rules, 4)
    text = dumps(state)
    assert '[Players "3"]' in text.splitlines()
    assert not any(line.startswith("[RulesetData ") for line in text.splitlines())
    assert loads(text) == state


def test_a_world_of_the_first_deal_has_a_record_and_a_world_of_a_later_deal_has_none():
    state = kozel.new_game(CLASSIC, seed=2)
    world = kozel.determinize(kozel.observe(state, 1), random.Random(0))
    assert loads(dumps(world)) == world
    rng = random.Random(1)
    while not state.hand_results:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    later = kozel.determinize(kozel.observe(state, 1), random.Random(0))
    with pytest.raises(StateError, match="does not go back to the start of its match"):
        dumps(later)


def with_line(text, index, line):
    lines = text.splitlines()
    lines[index] = line
    return "\n".join(lines) + "\n"  # a record dumps wrote ends with a line break


@pytest.fixture(scope="module")
def record_text():
    state = kozel.new_game(CLASSIC, seed=7)
    rng = random.Random(0)
    for _ in range(6):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return dumps(state)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda t: t.replace('[Seed "7"]', "[Seed 7]"), NotationError, r'line 6: a header is written \[Name "value"\]'),
        (lambda t: t.replace('[Seed "7"]', '[Seed "seven"]'), StateError, "the Seed header is a whole number"),
        (lambda t: t.replace('[Seed "7"]\n', ""), StateError, "the record has no Seed header"),
        (lambda t: t.replace('"classic"', '"poker"'), StateError, "no built-in ruleset is called 'poker'"),
        (lambda t: t.replace('[Format "1"]', '[Format "2"]'), StateError, "this kozel reads format 1"),
        (lambda t: t.replace('[RulesetVersion "1"]', '[RulesetVersion "9"]'), StateError, "version 9 of 'classic'"),
        (lambda t: t.replace('[Dealer "0"]', '[Dealer "4"]'), StateError, "dealer must be a seat from 0 to 3"),
        (lambda t: t.replace('[Result "*"]', '[Result "side 1: goat"]'), StateError, "the Result header says"),
        (lambda t: t.replace("\nend\n", "\n1 lead Z♠\nend\n"), NotationError, r"line \d+: .*Z♠"),
        (lambda t: t.replace("\nend\n", "\n0 fly A♠\nend\n"), NotationError, "'fly' is not a kind of move"),
        (
            lambda t: t.replace("\nend\n", '\n[Date "2026.11.30"]\nend\n'),
            NotationError,
            "the headers come before the moves",
        ),
        (lambda t: t + "1 lead A♠\n", NotationError, r"the record ended at line \d+ \('end'\); only comments"),
        (lambda t: t.replace('[Dealer "0"]', '[Seed "8"]'), NotationError, "the header Seed is given twice"),
        (lambda t: t.replace('[Date "????.??.??"]', '[Date "yesterday"]'), StateError, "the Date header"),
        (lambda t: t.replace('[Date "????.??.??"]', '[Date "a\\q"]'), NotationError, "is not an escape"),
    ],
)
def test_bad_records_are_refused_with_the_line_and_the_rule(record_text, change, error, message):
    bad = change(record_text)
    assert bad != record_text
    with pytest.raises(error, match=message):
        loads(bad)


def test_an_illegal_move_in_a_record_names_its_line_and_the_broken_rule(record_text):
    lines = record_text.splitlines()
    last = len(lines) - 2  # the last move, before the record's end
    assert lines[-1] == "end"
    seat = lines[last].split()[0]
    bad = with_line(record_text, last, f"{seat} lead A♠ A♥ A♣ A♦")
    with pytest.raises(StateError, match=f"line {last + 1}: .* is not allowed") as caught:
        loads(bad)
    assert isinstance(caught.value.__cause__, kozel.IllegalMoveError)


def test_a_record_of_a_house_ruleset_needs_the_ruleset_or_its_data(record_text):
    house = attrs.evolve(CLASSIC, name="house")
    text = record_text.replace('"classic"', '"house"')
    with pytest.raises(StateError, match="pass ruleset="):
        loads(text)
    assert loads(text, ruleset=house).ruleset is house
    with pytest.raises(StateError, match="not by the ruleset given"):
        loads(record_text, ruleset=house)


def test_comments_and_blank_lines_are_ignored_and_unknown_headers_kept(record_text):
    text = '[Event "Club night"]\n' + record_text.replace("\n\n", "\n\n; a comment\n\n")
    record = read(text)
    assert record.headers["Event"] == "Club night"
    assert record.state == loads(record_text)


def test_quotes_and_backslashes_in_names_round_trip():
    state = kozel.new_game(CLASSIC, seed=1)
    names = ['Ivan "the Goat"', "back\\slash", "Борис [the 2nd]", None]
    assert read(dumps(state, names=names)).names == tuple(names)


def test_bad_arguments_to_dumps():
    state = kozel.new_game(CLASSIC, seed=1)
    with pytest.raises(NotationError, match="a record's date"):
        dumps(state, date="30/11/2026")
    with pytest.raises(kozel.KozelError, match="one name"):
        dumps(state, names=["a"])
    with pytest.raises(TypeError, match="GameState"):
        dumps("not a state")


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(text=st.text(st.characters(codec="utf-8"), max_size=400))
def test_any_text_either_reads_as_a_record_that_round_trips_or_raises_a_documented_error(text):
    try:
        state = loads(text)
    except (NotationError, StateError):
        return
    assert loads(dumps(state)) == state


@settings(max_examples=examples(200), deadline=None)
@given(
    lines=st.lists(
        st.sampled_from(
            [
                '[Ruleset "classic"]',
                '[Seed "7"]',
                '[Seed "x"]',
                '[Players "3"]',
                '[Players "0"]',
                '[Players "5"]',
                '[Dealer "2"]',
                '[Format "1"]',
                '[Result "*"]',
                '[RulesetData "{}"]',
                '[Deck "A♠"]',
                "1 lead A♠",
                "2 pass 7♠",
                "; comment",
                "",
                "[broken",
            ]
        ),
        max_size=12,
    )
)
def test_records_made_of_plausible_lines_read_back_or_raise_a_documented_error(lines):
    text = "\n".join(lines)
    try:
        state = loads(text)
    except (NotationError, StateError):
        return
    assert loads(dumps(state)) == state


def test_a_record_written_by_hand_needs_only_its_ruleset_and_seed():
    state = kozel.new_game(kozel.variants.get("classic"), seed=11)
    move = kozel.legal_moves(state)[2]
    text = f'[Ruleset "classic"]\n[Seed "11"]\n\n{move}\n'
    record = kozel.record.read(text)
    assert record.state == kozel.apply(state, move)  # Game Kozel, Format 1, Players 4, Dealer 0 by default
    with pytest.raises(kozel.StateError, match="the record has no Seed header"):
        kozel.record.read('[Ruleset "classic"]\n')
    with pytest.raises(kozel.StateError, match="the record has no Ruleset header"):
        kozel.record.read('[Seed "11"]\n')
