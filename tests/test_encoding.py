"""Observation tensors: within [0, 1] over random matches of every ruleset; view keys."""

from __future__ import annotations

import random

import pytest

import kozel
from kozel.play.encoding import encoding, highest_score

NAMES = kozel.variants.names()


@pytest.mark.parametrize("name", NAMES)
def test_encodings_stay_within_bounds_over_whole_matches(name):
    rules = kozel.variants.get(name)
    code = encoding(rules)
    assert code.size == sum(item.size for item in code.slices)
    for seed in range(2):
        rng = random.Random(seed)
        tracker = kozel.ViewTracker(kozel.new_game(rules, seed=seed))
        while not tracker.state.is_over:
            state = tracker.state
            assert max(state.scores) <= highest_score(rules)
            for seat in {state.turn or 0, rng.randrange(rules.players)}:
                values = code.information_state(tracker.view(seat))
                assert len(values) == code.state_size
                assert all(0.0 <= value <= 1.0 for value in values)
            tracker.step(rng.choice(kozel.legal_moves(state)))
        final = code.observation(tracker.view(0))
        assert final[code.slice("phase").start + list(kozel.Phase).index(kozel.Phase.OVER)] == 1.0


def test_a_goat_past_the_target_is_written_as_one():
    rules = kozel.variants.get("classic")
    state = kozel.engine.new_hand(rules, list(rules.deck), scores=(11, 0))
    code = encoding(rules)
    scores = code.slice("scores")
    values = code.observation(kozel.observe(state, 0))
    assert values[scores.start : scores.start + 2] == [11 / highest_score(rules), 0.0]
    with pytest.raises(kozel.KozelError, match="no slice"):
        code.slice("nothing")


def test_the_hand_slice_holds_the_hand():
    rules = kozel.variants.get("classic")
    view = kozel.observe(kozel.new_game(rules, seed=7), 1)
    code = encoding(rules)
    hand = code.slice("hand")
    values = code.observation(view)[hand.start : hand.start + hand.size]
    assert [card for card, value in zip(sorted(rules.deck), values, strict=False) if value] == sorted(view.hand)


def test_view_keys_are_short_stable_and_tell_views_apart():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    key = kozel.observe(state, 1).key()
    assert key == "e88a399911f882dc85dde3c038922238"
    assert kozel.observe(state, 2).key() != key
    after = kozel.apply(state, kozel.legal_moves(state)[0])
    assert kozel.observe(after, 1).key() != key
    tracker = kozel.ViewTracker(state)
    assert tracker.view(1).key() == key


@pytest.mark.parametrize("name", NAMES)
def test_write_fills_a_zeroed_buffer_as_the_lists_are_made(name):
    rules = kozel.variants.get(name)
    code = encoding(rules)
    rng = random.Random(3)
    tracker = kozel.ViewTracker(kozel.new_game(rules, seed=3))
    for _ in range(120):
        if tracker.state.is_over:
            break
        view = tracker.view(rng.randrange(rules.players))
        observation, state = [0.0] * code.size, [0.0] * code.state_size
        code.write(view, observation)
        code.write(view, state, information_state=True)
        assert observation == code.observation(view)
        assert state == code.information_state(view)
        assert state[: code.size] == observation
        tracker.step(rng.choice(kozel.legal_moves(tracker.state)))
    with pytest.raises(kozel.KozelError, match="PlayerView"):
        code.write(tracker.state, [0.0] * code.size)  # type: ignore[arg-type]
