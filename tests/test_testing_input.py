"""The test kit's own input: a broken transition is an InvariantError, the caller's bad argument never is.

``check_step`` reports an ``after`` that is not the position ``move`` leads to from ``before`` as
the invariant ``one_move``; every public function of ``kozel.testing`` refuses a value of the
wrong kind with :class:`~kozel.WrongTypeError` and one out of range with a
:class:`~kozel.KozelError` that is no :class:`~kozel.testing.InvariantError` (which would blame the
ruleset or the engine); where nobody may move, the kit answers as the docs say.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozel
from kozel import IllegalMoveError, KozelError, RulesetError, SeatError, WrongTypeError
from kozel.engine import within_hand
from kozel.testing import (
    INVARIANTS,
    InvariantError,
    candidate_moves,
    cards_seen,
    check_move,
    check_round_trips,
    check_ruleset,
    check_state,
    check_step,
    check_view_hides,
    hand_bound,
    move_bound,
    random_move,
    reference_moves,
    strategies,
)

CLASSIC = kozel.variants.get("classic")
CHEAP = {"matches": 1, "sample_every": 10_000, "deep_every": 10_000}


def last_card_of_a_trick() -> tuple[kozel.GameState, kozel.Move]:
    """A position of the second hand or later whose next move ends a trick, and that move."""
    state = kozel.new_game(CLASSIC, seed=3)
    rng = random.Random(3)
    while not (state.hand_results and state.trick is not None and len(state.trick.plays) == CLASSIC.players - 1):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state, kozel.legal_moves(state)[0]


def hand_end() -> tuple[kozel.GameState, kozel.Move, kozel.GameState]:
    """The position before the last move of a hand played inside ``within_hand``, that move, and the hand's end."""
    state = kozel.new_game(CLASSIC, seed=3)
    rng = random.Random(3)
    with within_hand():
        while True:
            move = rng.choice(kozel.legal_moves(state))
            after = kozel.apply(state, move)
            if after.turn is None:
                return state, move, after
            state = after


def finished() -> kozel.GameState:
    state = kozel.new_game(CLASSIC, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


# -- check_step: a broken transition is named, whatever after is --------------------------------------


def test_check_step_names_an_after_that_is_the_start_of_the_match():
    before, move = last_card_of_a_trick()
    with pytest.raises(InvariantError) as error:
        check_step(before, move, kozel.new_game(CLASSIC, seed=3))
    assert error.value.invariant == "one_move"
    assert error.value.invariant in INVARIANTS
    assert "holds 0 moves of the match" in error.value.detail
    assert error.value.move == move
    assert kozel.record.loads(error.value.record) == before  # the record reproduces the position before


def test_check_step_names_an_after_with_hands_taken_back():
    before, move = last_card_of_a_trick()
    right = kozel.apply(before, move)
    taken_back = right._replace(match=right.match._replace(hand_results=()))
    with pytest.raises(InvariantError) as error:
        check_step(before, move, taken_back)
    assert error.value.invariant == "one_move"
    assert "holds 0 hand results" in error.value.detail


def test_check_step_names_an_after_built_by_hand_whose_fields_do_not_fit():
    before, move = last_card_of_a_trick()
    right = kozel.apply(before, move)
    with pytest.raises(InvariantError) as error:
        check_step(before, move, right._replace(won_masks=()))
    assert error.value.invariant == "one_move"
    assert "cannot be read as one of classic" in error.value.detail


def test_check_state_names_a_position_whose_legal_moves_cannot_be_listed():
    before, move = last_card_of_a_trick()
    nobody = kozel.apply(before, move)._replace(turn=None)  # a lead to play, and no seat to play it
    with pytest.raises(InvariantError) as error:
        check_state(nobody)
    assert error.value.invariant == "moves_until_end"
    assert "legal_moves raised" in error.value.detail


def test_check_step_names_an_after_that_is_the_position_before():
    before, move = last_card_of_a_trick()
    check_step(before, move, kozel.apply(before, move))  # the right after passes
    with pytest.raises(InvariantError) as error:
        check_step(before, move, before)
    assert error.value.invariant == "one_move"
    assert f"not the one {move} leads to" in error.value.detail


def test_every_step_of_a_match_passes_check_step_and_no_other_step_does():
    state = kozel.new_game(CLASSIC, seed=5)
    rng = random.Random(5)
    steps = []
    while not state.is_over:
        move = random_move(state, rng)
        after = kozel.apply(state, move)
        check_step(state, move, after)
        steps.append((state, move, after))
        state = after
    for (before, move, _), (_, _, later) in itertools.pairwise(steps):
        with pytest.raises(InvariantError, match="one_move"):
            check_step(before, move, later)  # one move too many


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (lambda before, move, after: (before, None, after), "check_step needs a Move, not NoneType"),
        (lambda before, move, after: (before, str(move), after), "read move text with kozel.parse_move"),
        (lambda before, move, after: (before, move, None), "check_step needs a GameState, not NoneType"),
        (lambda before, move, after: (kozel.observe(before, 0), move, after), "not PlayerView"),
        (lambda before, move, after: (before, move, kozel.observe(after, 0)), "not PlayerView"),
    ],
    ids=["move None", "move text", "after None", "before a view", "after a view"],
)
def test_check_step_refuses_arguments_of_the_wrong_kind(arguments, words):
    before, move = last_card_of_a_trick()
    with pytest.raises(WrongTypeError) as error:
        check_step(*arguments(before, move, kozel.apply(before, move)))
    assert words in str(error.value)


def test_check_step_refuses_a_state_of_another_ruleset_as_the_callers_mistake():
    before, move = last_card_of_a_trick()
    with pytest.raises(KozelError) as error:
        check_step(before, move, kozel.new_game(kozel.variants.get("pairs"), seed=3))
    assert not isinstance(error.value, InvariantError)
    assert "one move of one match" in str(error.value)
    assert "classic" in str(error.value)
    assert "pairs" in str(error.value)


def test_check_step_refuses_an_illegal_move_as_apply_does():
    before, _ = last_card_of_a_trick()
    move = kozel.Move(before.turn, kozel.MoveKind.PASS, ())  # no card: no move of a trick
    with pytest.raises(IllegalMoveError) as error:
        check_step(before, move, before)
    assert error.value.rule
    assert str(move) in str(error.value)


# -- where nobody may move ------------------------------------------------------------------------------


def test_the_end_of_a_hand_inside_within_hand_has_no_reference_move_and_no_random_one():
    _, _, end = hand_end()
    assert kozel.legal_moves(end) == ()
    assert reference_moves(end) == set()
    with pytest.raises(KozelError, match="nobody may move") as error:
        random_move(end, random.Random(0))
    assert "within_hand" in str(error.value)
    with pytest.raises(KozelError, match="nobody may move"):
        strategies.moves(end)


def test_a_finished_match_has_no_random_move():
    over = finished()
    assert reference_moves(over) == set()
    with pytest.raises(KozelError, match="nobody may move") as error:
        random_move(over, random.Random(0))
    assert "the match is over" in str(error.value)


def test_the_end_of_a_hand_inside_within_hand_passes_the_checks_of_a_position():
    before, move, end = hand_end()
    check_state(end)
    check_step(before, move, end)
    with within_hand():
        after = check_move(before, move)  # thorough and deep: views and round trips left out at the hand's end
    assert after == end
    check_view_hides(end, 0, random.Random(0))
    with pytest.raises(KozelError, match="no position of the match") as error:
        check_round_trips(end, 0)
    assert not isinstance(error.value, InvariantError)


# -- check_ruleset's arguments ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"rules": "classic"}, WrongTypeError, "kozel.variants.get(name)"),
        ({"matches": 0}, KozelError, "matches must be at least 1, not 0"),
        ({"matches": "1"}, WrongTypeError, "matches is a whole number, not '1'"),
        ({"matches": None}, WrongTypeError, "matches is a whole number, not None"),
        ({"matches": True}, WrongTypeError, "matches is a whole number, not True"),
        ({"matches": 1.0}, WrongTypeError, "matches is a whole number, not 1.0"),
        ({"sample_every": True}, WrongTypeError, "sample_every is a whole number, not True"),
        ({"sample_every": 0}, KozelError, "sample_every must be at least 1"),
        ({"deep_every": False}, WrongTypeError, "deep_every is a whole number, not False"),
        ({"max_hands": 0}, KozelError, "max_hands must be at least 1, not 0"),
        ({"max_hands": -1}, KozelError, "max_hands must be at least 1, not -1"),
        ({"max_hands": "3"}, WrongTypeError, "max_hands is a whole number"),
        ({"seed": None}, WrongTypeError, "seed is a whole number, not None"),
        ({"seed": 1.5}, WrongTypeError, "seed is a whole number, not 1.5"),
        ({"seed": "x"}, WrongTypeError, "seed is a whole number, not 'x'"),
        ({"seed": True}, WrongTypeError, "seed is a whole number, not True"),
        ({"seed": 10**5000}, KozelError, "at most 100 digits"),
        ({"progress": "x"}, WrongTypeError, "progress is None or a function"),
    ],
)
def test_check_ruleset_refuses_bad_arguments_before_playing(arguments, error, words):
    given = {"rules": CLASSIC, **CHEAP, **arguments}
    rules = given.pop("rules")
    with pytest.raises(error) as refused:
        check_ruleset(rules, **given)
    assert not isinstance(refused.value, InvariantError)  # the caller's mistake, not the ruleset's
    assert words in str(refused.value)
    if not isinstance(refused.value, WrongTypeError):
        assert type(refused.value) is KozelError


def test_check_ruleset_takes_a_whole_seed_and_a_bound_but_not_none():
    with pytest.raises(WrongTypeError, match="seed is a whole number"):
        check_ruleset(CLASSIC, seed=None, **CHEAP)
    report = check_ruleset(CLASSIC, seed=-7, max_hands=hand_bound(CLASSIC), **CHEAP)
    assert report.seed == -7
    assert report.matches == 1


# -- the other functions' arguments ---------------------------------------------------------------------

STATE = kozel.new_game(CLASSIC, seed=7)
MOVE = kozel.legal_moves(STATE)[0]
VIEW = kozel.observe(STATE, 0)
RNG = random.Random(0)

CALLS: list[tuple[str, Callable[[], Any], type[KozelError], str]] = [
    ("check_state(None)", lambda: check_state(None), WrongTypeError, "check_state needs a GameState, not NoneType"),
    ("check_state(view)", lambda: check_state(VIEW), WrongTypeError, "not PlayerView"),
    ("check_state(text)", lambda: check_state("{}"), WrongTypeError, "kozel.record"),
    ("check_move(None, m)", lambda: check_move(None, MOVE), WrongTypeError, "check_move needs a GameState"),
    ("check_move(s, None)", lambda: check_move(STATE, None), WrongTypeError, "check_move needs a Move, not NoneType"),
    ("check_move thorough", lambda: check_move(STATE, MOVE, thorough=1), WrongTypeError, "thorough is True or False"),
    ("check_move deep", lambda: check_move(STATE, MOVE, deep="yes"), WrongTypeError, "deep is True or False"),
    ("check_move max_hands", lambda: check_move(STATE, MOVE, max_hands=0), KozelError, "max_hands must be at least 1"),
    ("check_move max_moves", lambda: check_move(STATE, MOVE, max_moves=-1), KozelError, "max_moves must be at least"),
    ("candidate_moves(None)", lambda: candidate_moves(None, RNG), WrongTypeError, "candidate_moves needs a GameState"),
    ("candidate_moves rng", lambda: candidate_moves(STATE, 3), WrongTypeError, "needs a random.Random"),
    ("hand_bound(text)", lambda: hand_bound("classic"), WrongTypeError, "hand_bound needs a Ruleset, not str"),
    ("move_bound(text)", lambda: move_bound("classic", 3), WrongTypeError, "move_bound needs a Ruleset, not str"),
    ("move_bound -1", lambda: move_bound(CLASSIC, -1), KozelError, "hands must be at least 1, not -1"),
    ("move_bound 0", lambda: move_bound(CLASSIC, 0), KozelError, "hands must be at least 1, not 0"),
    ("move_bound True", lambda: move_bound(CLASSIC, True), WrongTypeError, "hands is a whole number, not True"),
    ("cards_seen(None)", lambda: cards_seen(None), WrongTypeError, "cards_seen needs a PlayerView, not NoneType"),
    ("cards_seen(state)", lambda: cards_seen(STATE), WrongTypeError, "kozel.observe(state, seat)"),
    ("check_round_trips(None)", lambda: check_round_trips(None, 0), WrongTypeError, "needs a GameState"),
    ("check_view_hides rng", lambda: check_view_hides(STATE, 0, None), WrongTypeError, "needs a random.Random"),
    ("check_view_hides tries", lambda: check_view_hides(STATE, 0, RNG, 0), KozelError, "tries must be at least 1"),
    ("reference_moves(None)", lambda: reference_moves(None), WrongTypeError, "reference_moves needs a GameState"),
    ("random_move(None)", lambda: random_move(None, RNG), WrongTypeError, "random_move needs a GameState"),
    ("random_move rng", lambda: random_move(STATE, None), WrongTypeError, "needs a random.Random"),
]


@pytest.mark.parametrize(("call", "error", "words"), [case[1:] for case in CALLS], ids=[case[0] for case in CALLS])
def test_the_kit_refuses_arguments_of_the_wrong_kind_with_its_own_error(call, error, words):
    with pytest.raises(error) as refused:
        call()
    assert not isinstance(refused.value, InvariantError)
    assert words in str(refused.value)


# -- the strategies' arguments, refused when the strategy is made ---------------------------------------

STRATEGIES: list[tuple[str, Callable[[], Any], type[KozelError], str]] = [
    ("states(text)", lambda: strategies.states("classic"), WrongTypeError, "kozel.variants.get(name)"),
    ("views(text)", lambda: strategies.views("classic"), WrongTypeError, "kozel.variants.get(name)"),
    ("states(None)", lambda: strategies.states(None), WrongTypeError, "a Ruleset or a strategy of Rulesets"),
    ("states max_moves", lambda: strategies.states(CLASSIC, max_moves=-1), KozelError, "max_moves must be at least 0"),
    ("states over", lambda: strategies.states(CLASSIC, over=None), WrongTypeError, "over is True or False"),
    ("states phase", lambda: strategies.states(CLASSIC, phase="play"), WrongTypeError, "a kozel.Phase"),
    ("views max_moves", lambda: strategies.views(CLASSIC, max_moves="9"), WrongTypeError, "max_moves is a whole"),
    ("rulesets(text)", lambda: strategies.rulesets("classic"), WrongTypeError, "a single name is ('classic',)"),
    ("rulesets(unknown)", lambda: strategies.rulesets(("clasic",)), RulesetError, "did you mean classic?"),
    ("rulesets(none)", lambda: strategies.rulesets(()), KozelError, "names no ruleset"),
    ("rulesets(number)", lambda: strategies.rulesets((1,)), WrongTypeError, "names of built-in rulesets, not 1"),
    ("play_to(text)", lambda: strategies.play_to("classic", 1, 3), WrongTypeError, "play_to needs a Ruleset"),
    ("play_to count", lambda: strategies.play_to(CLASSIC, 1, "3"), WrongTypeError, "count is a whole number"),
]


@pytest.mark.parametrize(
    ("make", "error", "words"), [case[1:] for case in STRATEGIES], ids=[case[0] for case in STRATEGIES]
)
def test_the_strategies_refuse_bad_arguments_when_made(make, error, words):
    with pytest.raises(error) as refused:
        make()
    assert words in str(refused.value)


def test_moves_names_itself_when_given_no_state():
    with pytest.raises(WrongTypeError) as refused:
        strategies.moves(None)
    assert str(refused.value).startswith("moves needs a GameState, not NoneType")  # not legal_moves


def test_a_seat_is_checked_where_the_hand_is_over_and_nothing_else_is():
    over = finished()
    check_view_hides(over, 0, random.Random(0))  # nothing hidden to check once the match is over
    with pytest.raises(SeatError, match="no seat 9"):
        check_view_hides(over, 9, random.Random(0))
    with pytest.raises(WrongTypeError, match=r"needs a random\.Random"):
        check_view_hides(over, 0, None)


def test_a_strategy_of_rules_that_draws_no_ruleset_is_refused_when_drawn():
    @settings(max_examples=1, database=None)
    @given(strategies.states(st.just("classic")))
    def draw(state):
        raise AssertionError("no state may be drawn")

    with pytest.raises(WrongTypeError, match="drew a str, not a Ruleset"):
        draw()
