"""The entry points of views, events and sampled worlds check what they are handed: a number too long to write
out is shown as such (the message never fails to be made), a budget too small to time is refused, and a state of
another match is refused where a state must follow another."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

import kozel
from kozel import IllegalMoveError, KozelError, SeatError, StateError, WrongTypeError
from kozel.engine import within_hand
from kozel.game.results import HandResult
from kozel.view.events import move_events, opening_events

CLASSIC = kozel.variants.get("classic")
THREESOME = kozel.variants.get("threesome")
#: A whole number too long for Python to write out (past its default limit of 4300 digits).
HUGE = 10**5000


def _state() -> kozel.GameState:
    return kozel.new_game(CLASSIC, seed=7)


def _other() -> kozel.GameState:
    return kozel.new_game(THREESOME, seed=3)


# Numbers too long to write out --------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [HUGE, -HUGE], ids=["positive", "negative"])
def test_a_seat_too_long_to_write_out_is_refused_with_a_seat_error(seat: int):
    with pytest.raises(SeatError, match="there is no seat an int too long to show at a table of 4"):
        kozel.observe(_state(), seat)
    with pytest.raises(SeatError, match="there is no seat an int too long to show at a table of 4"):
        kozel.ViewTracker(_state()).view(seat)


def test_a_seat_of_the_wrong_kind_too_long_to_write_out_is_refused_with_a_wrong_type_error():
    with pytest.raises(WrongTypeError, match="a seat is a whole number, not a Fraction too long to show"):
        kozel.observe(_state(), Fraction(HUGE, 3))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"tries": -HUGE}, KozelError, "tries must be None or a whole number of at least 1, not an int too long"),
        ({"tries": Fraction(HUGE, 3)}, WrongTypeError, "tries must be None or a whole .*, not a Fraction too long"),
        ({"moves": [HUGE]}, WrongTypeError, "moves= holds moves, not an int too long to show"),
    ],
    ids=["tries", "tries-fraction", "moves"],
)
def test_determinize_shows_arguments_too_long_to_write_out(arguments: dict[str, Any], error: type, message: str):
    with pytest.raises(error, match=message):
        kozel.determinize(kozel.observe(_state(), 1), random.Random(1), **arguments)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seat": HUGE}, "of seat an int too long to show: view.seat: a seat from 0 to 3, not an int too long"),
        (
            {"hand_results": (HandResult((-HUGE, 120), (0, 0), (0, 0)),)},
            r"hand_results\[0\]\.points\[0\]: a whole number of 0 or more, not an int too long to show",
        ),
        (
            {"hand_results": (HandResult((0, 120), (HUGE, 0), (0, 0)),)},
            r"hand_results\[0\]\.tricks: a number of thousands of digits, more than",
        ),
        (
            {"hand_results": (HandResult((HUGE, 120), (0, 0), (0, 0)),)},
            r"hand_results\[0\]\.points: add up to a number of thousands of digits",
        ),
    ],
    ids=["seat", "points-negative", "tricks", "points-sum"],
)
def test_determinize_refuses_a_view_edited_to_hold_a_number_too_long_to_write_out(fields: dict[str, Any], message: str):
    view = attrs.evolve(kozel.observe(_state(), 1), **fields)
    with pytest.raises(StateError, match=message):
        kozel.determinize(view, random.Random(1))


def test_a_view_holding_a_number_too_long_to_write_out_has_no_key():
    view = kozel.observe(_state(), 1)
    edited = attrs.evolve(view, hand_sizes=(HUGE, 4, 4, 4))
    with pytest.raises(StateError, match=r"key: view\.hand_sizes holds a number too long to write out"):
        edited.key()
    assert view.key() == kozel.observe(_state(), 1).key()


def test_a_view_whose_ruleset_is_no_ruleset_has_no_key():
    with pytest.raises(WrongTypeError, match=r"key: view\.ruleset is a Ruleset, not NoneType"):
        attrs.evolve(kozel.observe(_state(), 1), ruleset=None).key()


# determinize's budget -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [-HUGE, Fraction(-(10**400), 3)], ids=["int", "fraction"])
def test_a_negative_budget_past_a_float_is_not_positive(budget: Any):
    with pytest.raises(KozelError, match="budget must be a positive number of seconds") as raised:
        kozel.determinize(kozel.observe(_state(), 1), random.Random(1), budget=budget)
    assert len(str(raised.value)) < 200


def test_a_budget_past_a_float_sets_no_limit():
    view = kozel.observe(_state(), 1)
    world = kozel.determinize(view, random.Random(1), budget=Fraction(10**400, 3))
    assert kozel.observe(world, 1) == view


@pytest.mark.parametrize(
    ("budget", "why"),
    [(Fraction(1, 10**400), "it is positive, but rounds to 0 s"), (1e-12, "below the clock's resolution")],
    ids=["rounds-to-zero", "below-resolution"],
)
def test_a_budget_too_small_to_time_is_refused_as_such(budget: Any, why: str):
    view = kozel.observe(_state(), 1)
    with pytest.raises(KozelError, match="is too small to time") as raised:
        kozel.determinize(view, random.Random(1), budget=budget)
    message = str(raised.value)
    assert why in message
    assert "must be a positive number" not in message
    assert len(message) < 200  # a 400-digit value is not repeated in full


# Events ------------------------------------------------------------------------------------------------------


def test_opening_events_refuses_what_is_not_a_state():
    with pytest.raises(WrongTypeError, match="opening_events needs a GameState, not NoneType"):
        opening_events(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("which", "message"),
    [
        ("move", "move_events: move is a Move, not NoneType"),
        ("before", "move_events: before is a GameState, not NoneType"),
        ("after", "move_events: after is a GameState, not NoneType"),
    ],
    ids=["move", "before", "after"],
)
def test_move_events_refuses_arguments_of_the_wrong_kind(which: str, message: str):
    state = _state()
    move = kozel.legal_moves(state)[0]
    arguments: dict[str, Any] = {"before": state, "move": move, "after": kozel.apply(state, move), which: None}
    with pytest.raises(WrongTypeError, match=message):
        move_events(**arguments)


#: Each ``after`` the move does not lead to, and what the refusal says.
_MISMATCHES = {
    "before-of-another-ruleset": "states of two rulesets, 'threesome' and 'classic'",
    "after-of-another-ruleset": "states of two rulesets, 'classic' and 'threesome'",
    "after-of-another-match": "states of two matches",
    "after-is-before": "after is not the state that 1 lead 7♥ leads to from before",
    "after-of-another-move": "after is not the state that .* leads to from before",
}


@pytest.mark.parametrize("case", list(_MISMATCHES))
def test_move_events_refuses_an_after_the_move_does_not_lead_to(case: str):
    state = _state()
    move = kozel.legal_moves(state)[0]
    after = kozel.apply(state, move)
    before, made, given = {
        "before-of-another-ruleset": (_other(), move, after),
        "after-of-another-ruleset": (state, move, _other()),
        "after-of-another-match": (state, move, kozel.new_game(CLASSIC, seed=8)),
        "after-is-before": (state, move, state),
        "after-of-another-move": (state, kozel.legal_moves(state)[1], after),
    }[case]
    with pytest.raises(StateError, match=_MISMATCHES[case]):
        move_events(before, made, given)


def test_move_events_refuses_a_move_not_legal_before():
    state = _state()
    move = kozel.legal_moves(state)[0]
    after = kozel.apply(state, move)
    with pytest.raises(IllegalMoveError):
        move_events(after, move, after)  # seat 1 has moved: the move is not legal again


def test_move_events_gives_the_events_of_step_to_the_end_of_a_match_and_within_a_hand():
    for rules in (CLASSIC, THREESOME, kozel.variants.get("pairs")):
        state = kozel.new_game(rules, seed=2)
        rng = random.Random(2)
        assert opening_events(state) == kozel.view.opening_events(state)
        while not state.is_over:
            move = rng.choice(kozel.legal_moves(state))
            after, events = kozel.step(state, move)
            assert move_events(state, move, after) == events
            state = after
        state = kozel.new_game(rules, seed=4)
        steps = []
        with within_hand():
            while state.turn is not None:
                move = rng.choice(kozel.legal_moves(state))
                after, events = kozel.step(state, move)
                assert move_events(state, move, after) == events
                steps.append((state, move, after, events))
                state = after
        # Outside it too: the hand's end reached inside within_hand is made again there.
        assert all(move_events(before, move, after) == events for before, move, after, events in steps)


# ViewTracker.update --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("other", "message"),
    [
        (_other, "update: .* states of two rulesets, 'classic' and 'threesome'"),
        (lambda: kozel.new_game(CLASSIC, seed=8), "update: .* states of two matches"),
    ],
    ids=["ruleset", "match"],
)
def test_tracker_update_refuses_a_state_of_another_ruleset_or_match_and_stays_as_it_was(other: Any, message: str):
    state = _state()
    tracker = kozel.ViewTracker(state)
    with pytest.raises(StateError, match=message):
        tracker.update(other(), ())
    assert tracker.state is state
    for seat in range(CLASSIC.players):
        assert tracker.view(seat, now=True) == kozel.observe(state, seat)
    move = kozel.legal_moves(state)[0]
    after, events = kozel.step(state, move)
    tracker.update(after, events)
    assert tracker.view(3, now=True) == kozel.observe(after, 3)


def test_a_deal_seen_by_a_seat_past_the_table_is_refused_and_others_are_shown_safely():
    (dealt,) = opening_events(kozel.new_game(kozel.variants.get("classic"), seed=7))
    with pytest.raises(kozel.SeatError, match=r"^for_seat: there is no seat 9 at a table of 4: seats are 0 to 3$"):
        dealt.for_seat(9)
    with pytest.raises(kozel.SeatError, match=r"^for_seat: there is no seat an int too long to show"):
        dealt.for_seat(-(10**5000))
    assert dealt.for_seat(3).hands[3] is not None


def test_a_decision_takes_numpy_seats_as_waited_and_shows_huge_ones_safely():
    np = pytest.importorskip("numpy", reason="NumPy is not installed: a NumPy seat needs it")
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    with pytest.raises(kozel.KozelError, match=r"nobody waits; \[0\] was given$"):
        kozel.decision(state, (np.int64(0),))
    with pytest.raises(kozel.KozelError, match=r"nobody waits; \[an int too long to show\] was given$"):
        kozel.decision(state, (10**5000,))
    with pytest.raises(kozel.WrongTypeError, match=r"^waited holds seat numbers, whole numbers, not \['x'\]$"):
        kozel.decision(state, ("x",))


def _with_a_pass_hidden_from_seat_0() -> kozel.GameState:
    """A classic state whose trick holds another seat's pass, laid face down (hidden from seat 0)."""
    state, rng = _state(), random.Random(3)
    while not any(play.cards is None for play in kozel.observe(state, 0).trick or ()):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


def test_a_view_document_that_shows_another_seats_hidden_cards_is_refused() -> None:
    state = _with_a_pass_hidden_from_seat_0()
    seen = kozel.observe(state, 0)
    assert kozel.record.from_json(kozel.record.to_json(seen)) == seen
    dealt = seen.history[0]
    assert isinstance(dealt, kozel.view.events.Dealt)
    theirs = kozel.observe(state, 1).history[0]  # the deal as seat 1 saw it: its own hand shown
    assert isinstance(theirs, kozel.view.events.Dealt)
    told = attrs.evolve(dealt, hands=(dealt.hands[0], theirs.hands[1], *dealt.hands[2:]))
    shown = attrs.evolve(seen, history=(told, *seen.history[1:]))
    with pytest.raises(StateError, match=r"view.history\[0\]: a Dealt event that shows cards seat 0 does not see"):
        kozel.record.from_json(kozel.record.to_json(shown))
    assert seen.trick is not None
    index = next(number for number, play in enumerate(seen.trick) if play.cards is None)
    hidden = kozel.observe(state, seen.trick[index].seat).trick[index]  # as its own seat sees it: with its cards
    assert hidden.cards is not None
    trick = (*seen.trick[:index], hidden, *seen.trick[index + 1 :])
    said = rf"view.trick\[{index}\]: a Played event that shows cards seat 0 does not see"
    with pytest.raises(StateError, match=said):
        kozel.determinize(attrs.evolve(seen, trick=trick), random.Random(1))
