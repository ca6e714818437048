"""Play that stops at the hand's end (``within_hand``): the hand scored as ``apply`` scores it, no next deal."""

from __future__ import annotations

import random

import pytest
from helpers import random_steps

import kozel
from kozel.bots.thumb import TRICK, Costs, trick_score
from kozel.engine.within_hand import WITHIN_HAND, within_hand
from kozel.game.state import GameState, Phase


def _hand_ends(name: str, matches: int = 3) -> list[tuple[GameState, kozel.Move, GameState]]:
    """Every move of a few random matches, with the state before it and the state ``apply`` gives after it."""
    return random_steps(kozel.variants.get(name), matches, 11)


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_hand_ending_move_stops_at_the_scored_hand(name: str) -> None:
    finished = 0
    for state, move, after in _hand_ends(name):
        with within_hand():
            stopped = kozel.apply(state, move)
        hand_ended = len(after.hand_results) > len(state.hand_results)
        if not hand_ended or after.is_over:  # every other move, and the match's last: exactly as apply plays it
            assert stopped == after
            continue
        finished += 1
        # The hand is scored as apply scores it ...
        assert stopped.hand_results == after.hand_results
        assert stopped.scores == after.scores
        assert stopped.sets == after.sets
        # ... and play stops there: the same deal, no seat to move, nothing to play, the match not over.
        # the deal played, which keeps the match it began in (as at the match's end), so its start is dealt again
        assert stopped.deal._replace(base=state.deal.base) == state.deal
        assert stopped.deal.base.match is state.match
        assert stopped.turn is None
        assert stopped.phase is Phase.OVER
        assert kozel.legal_moves(stopped) == ()
        assert stopped.result is None
        assert after.deal.number > state.deal.number  # where apply dealt the next hand
    assert finished >= 3, f"{name}: the random matches must finish some hands before the last"


def test_within_hand_holds_only_inside_and_is_reset_by_an_error() -> None:
    assert WITHIN_HAND.get() is False
    with within_hand():
        assert WITHIN_HAND.get() is True
    assert WITHIN_HAND.get() is False
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    with pytest.raises(kozel.IllegalMoveError), within_hand():
        kozel.apply(state, kozel.parse_move("2 lead 7♠"))  # not seat 2's turn
    assert WITHIN_HAND.get() is False


def test_outside_the_context_the_next_hand_is_dealt() -> None:
    steps = _hand_ends("classic", matches=1)
    state, move, after = next(step for step in steps if len(step[2].hand_results) == 1)
    with within_hand():
        kozel.apply(state, move)
    again = kozel.apply(state, move)
    assert again == after
    assert again.deal.number == state.deal.number + 1
    assert again.turn is not None


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_trick_is_scored_by_rule_of_thumb_alike_inside_and_outside(name: str) -> None:
    # The heuristic bot scores its trick moves inside within_hand: a trick that ends the hand is worth the
    # same there as where apply deals the next hand.
    ended = 0
    for state, _, after in _hand_ends(name, matches=2):
        if len(after.hand_results) == len(state.hand_results) or state.turn is None:
            continue  # only the moves of the trick that ended a hand
        costs = Costs(state.ruleset, state.table)
        seat = state.turn
        for move in kozel.legal_moves(state):
            if move.seat != seat or move.kind not in TRICK:
                continue
            outside = trick_score(state, move, costs)
            with within_hand():
                inside = trick_score(state, move, costs)
            assert inside == outside, (name, str(move))
            ended += 1
    assert ended >= 3, f"{name}: the random matches must end some hands in a trick"


def _end_within_hand(rules: kozel.Ruleset, seed: int, deck: list[kozel.Card]) -> tuple[GameState, GameState] | None:
    """A hand played at random inside ``within_hand`` from ``deck``, in two matches whose seeds differ (hidden from
    every seat); None where a redeal (dealt from the seed) made the two part ways."""
    rng = random.Random(seed)
    one, two = kozel.new_game(rules, seed=1, deck=deck), kozel.new_game(rules, seed=2, deck=deck)
    with within_hand():
        while one.turn is not None:
            move = rng.choice(kozel.legal_moves(one))
            one = kozel.apply(one, move)
            if move not in kozel.legal_moves(two):
                return None
            two = kozel.apply(two, move)
    return one, two


@pytest.mark.parametrize("name", kozel.variants.names())
def test_the_view_of_a_hand_ended_within_hand_shows_that_hand_and_nothing_of_the_seed(name: str) -> None:
    rules = kozel.variants.get(name)
    compared = 0
    for seed in range(12):
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)
        ends = _end_within_hand(rules, seed, deck)
        if ends is None:
            continue
        one, two = ends
        assert one.phase is Phase.OVER
        for seat in range(rules.players):
            view = kozel.observe(one, seat)
            dealt = [event for event in view.history if isinstance(event, kozel.view.events.Dealt)]
            assert len(dealt) == 1  # the deal played, not the next one (which the seed would give)
            assert view == kozel.observe(two, seat)
            assert kozel.ViewTracker(one).view(seat) == view
            compared += 1
    assert compared >= rules.players * 6


def test_a_tracker_stepped_within_hand_gives_the_view_observe_gives() -> None:
    rules = kozel.variants.get("pairs")
    state = kozel.new_game(rules, seed=4)
    tracker = kozel.ViewTracker(state)
    rng = random.Random(4)
    with within_hand():
        while tracker.state.turn is not None:
            tracker.step(rng.choice(kozel.legal_moves(tracker.state)))
    for seat in range(rules.players):
        assert tracker.view(seat) == kozel.observe(tracker.state, seat)
