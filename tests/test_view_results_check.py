"""A view's finished hands and score sheet are checked as a state document's are.

``kozel.view.check.check_view`` (what ``determinize`` and ``from_json`` check of a view they did not
make) refuses a finished hand no play gives, and scores, sets or a match result that the sheet at
the deal's start and the hand finished since do not give.  ``from_json`` also refuses a view whose
deal began at a sheet the finished hands did not write from the match's start, as it refuses such
a state.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

import kozel
from kozel.engine import new_hand
from kozel.errors import StateError
from kozel.record import from_json, to_json
from kozel.view.check import check_view

CLASSIC = kozel.variants.get("classic")


def played(rules: kozel.Ruleset, *, hands: int, seed: int = 3) -> kozel.GameState:
    """A match of ``rules`` played at random until ``hands`` hands have finished (or it is over)."""
    rng = random.Random(0)
    state = kozel.new_game(rules, seed=seed)
    while state.hand_number < hands and not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


@pytest.fixture(scope="module")
def view() -> kozel.PlayerView:
    """Seat 0's view of the third deal of a classic match."""
    state = played(CLASSIC, hands=2)
    assert state.hand_number == 2
    return kozel.observe(state, 0)


def edited(view: kozel.PlayerView, change) -> str:
    data = json.loads(to_json(view))
    change(data["view"])
    return json.dumps(data, ensure_ascii=False)


def test_a_view_of_a_later_deal_reads_back(view):
    assert from_json(to_json(view)) == view
    assert check_view(view) == view.history[0]


def test_card_points_that_do_not_add_up_to_the_deck_are_refused(view):
    points = view.hand_results[0].points
    assert sum(points) == CLASSIC.total_points

    def change(body):
        body["hand_results"][0]["points"][1] += 1

    message = rf"view\.hand_results\[0\]\.points: add up to {sum(points) + 1}, but a hand counts the deck's 120"
    with pytest.raises(StateError, match=message):
        from_json(edited(view, change))
    wrong = attrs.evolve(view.hand_results[0], points=(points[0], points[1] + 1))
    with pytest.raises(StateError, match=message):
        check_view(attrs.evolve(view, hand_results=(wrong, *view.hand_results[1:])))


def test_scores_that_contradict_the_deals_sheet_are_refused(view):
    wrong = (view.scores[0] + 7, view.scores[1])
    message = rf"view\.scores: written as \[{wrong[0]}, {wrong[1]}\], but the deal began at \[{view.scores[0]}, "
    with pytest.raises(StateError, match=message):
        from_json(edited(view, lambda body: body["scores"].__setitem__(0, wrong[0])))
    with pytest.raises(StateError, match=message):
        check_view(attrs.evolve(view, scores=wrong))


def test_a_score_too_long_to_quote_is_named_by_its_digits(view):
    with pytest.raises(
        StateError, match=r"^view\.scores: .* the deal began at \[a number of 1001 digits, \d+\]"
    ) as error:
        from_json(edited(view, lambda body: body["history"][0]["scores"].__setitem__(0, 10**1000)))
    assert len(str(error.value)) < 200


def test_written_points_that_contradict_the_sheet_from_the_matchs_start_are_refused(view):
    def change(body):
        body["hand_results"][0]["written"][0] += 3

    with pytest.raises(
        StateError, match=r"view\.history\[0\]\.scores: written as \[\d+, \d+\], but the finished hands wrote"
    ):
        from_json(edited(view, change))


def test_a_hand_that_breaks_the_rules_of_the_ruleset_is_refused(view):
    for change, message in (
        ({"declarer": 1}, r"\.declarer: 'classic' has no bidding for the talon"),
        ({"caught": True, "points": [0, 0]}, r"\.caught: 'classic' has no catch"),
        ({"tricks": [40, 0]}, r"\.tricks: 40, more than the deck's 36 cards make"),
    ):
        with pytest.raises(StateError, match=r"view\.hand_results\[1\]" + message):
            from_json(edited(view, lambda body, change=change: body["hand_results"][1].update(change)))


def test_more_finished_hands_than_one_since_the_deal_are_refused(view):
    def change(body):
        body["history"][0]["hand_number"] = 0

    with pytest.raises(StateError, match=r"view\.hand_results: 2 finished hands, but the deal began after 0"):
        from_json(edited(view, change))


def test_the_match_result_is_what_the_last_hand_wrote():
    state = played(CLASSIC, hands=10**6)
    assert state.is_over
    view = kozel.observe(state, 1)
    assert from_json(to_json(view)) == view
    goats = list(view.result.goats)
    others = [side for side in range(CLASSIC.sides) if side not in goats]

    def other_goats(body):
        body["result"]["goats"] = others

    message = rf"view\.result\.goats: written as \[{others[0]}\], but .* made goats of \[{goats[0]}\]"
    with pytest.raises(StateError, match=message):
        from_json(edited(view, other_goats))
    with pytest.raises(StateError, match=r"view\.result: None, but the hand finished in this deal ended the match"):
        check_view(attrs.evolve(view, result=None, sets=(0,) * CLASSIC.sides))
    going = kozel.observe(played(CLASSIC, hands=1), 1)
    with pytest.raises(StateError, match=r"view\.result: the match is over, but no hand finished in this deal"):
        check_view(attrs.evolve(going, result=view.result))


def test_a_view_of_a_hand_started_at_given_scores_is_a_view_but_no_document_of_a_match():
    """``new_hand`` starts a hand at a given sheet (for training and search): its views are checked and sampled;
    the JSON form, whose sheet starts at the match's start (as for a state), refuses it."""
    deck = list(CLASSIC.deck)
    random.Random(1).shuffle(deck)
    state = new_hand(CLASSIC, deck, scores=(5, 7))
    view = kozel.observe(state, 0)
    assert check_view(view) == view.history[0]
    assert kozel.determinize(view, random.Random(0)).scores == (5, 7)
    with pytest.raises(StateError, match=r"view\.history\[0\]\.scores: written as \[5, 7\], but the finished hands"):
        from_json(to_json(view))
    with pytest.raises(StateError, match=r"state\.deal\.scores: written as \[5, 7\], but the finished hands"):
        from_json(to_json(state))
