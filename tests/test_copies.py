"""Copies: the immutable values (states, moves, card sets, decisions) are their own copies, and a copied
ViewTracker follows its match apart from the one it was copied from."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import random

import pytest

import kozel
from kozel.play.decision import decision


def _midway(name: str, moves: int, seed: int = 4) -> kozel.GameState:
    state = kozel.new_game(kozel.variants.get(name), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


@pytest.mark.parametrize("name", kozel.variants.names())
def test_immutable_values_are_their_own_copies(name):
    state = _midway(name, 60)
    move = kozel.legal_moves(state)[0]
    asked = decision(state, ())
    for value in (state, move, state.hands[0], asked):
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
    # inside containers too, so that a copied list of moves still holds the engine's own moves
    moves = list(kozel.legal_moves(state))
    copied = copy.deepcopy({"state": state, "moves": moves})
    assert copied["state"] is state
    assert copied["moves"] is not moves
    assert all(a is b for a, b in zip(copied["moves"], moves, strict=True))
    assert kozel.apply(copied["state"], copied["moves"][0]) == kozel.apply(state, move)


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy])
@pytest.mark.parametrize("name", ["classic", "seven_of_clubs", "pairs", "six_players"])
def test_a_copied_tracker_follows_its_own_match(name, copier):
    state = _midway(name, 25)
    tracker = kozel.ViewTracker(state)
    players = state.ruleset.players
    before = [tracker.view(seat) for seat in range(players)]
    rng = random.Random(9)
    tracker.advance(rng.choice(kozel.legal_moves(state)))  # a pending step, its events not worked out yet
    copied = copier(tracker)
    assert copied is not tracker
    assert copied.state is tracker.state
    # each goes its own way: the copy's views follow the copy's moves, the original's the original's
    for _ in range(30):
        if copied.state.is_over or tracker.state.is_over:
            break
        copied.step(rng.choice(kozel.legal_moves(copied.state)))
        tracker.advance(rng.choice(kozel.legal_moves(tracker.state)))
        for seat in range(players):
            assert copied.view(seat) == kozel.observe(copied.state, seat)
            assert tracker.view(seat) == kozel.observe(tracker.state, seat)
    assert copied.state != tracker.state
    assert before == [kozel.observe(state, seat) for seat in range(players)]


@pytest.mark.extra
@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None, reason="the openspiel extra is not installed")
def test_an_openspiel_clone_plays_apart_and_shares_the_immutable_parts():
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    importlib.import_module("kozel.integrations.openspiel")  # registers the games

    game = pyspiel.load_game("kozel_match_classic")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 60:
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.table is state.table  # an immutable value: shared, not copied
    assert clone.kgame is state.kgame
    assert clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.table is not state.table
    assert len(clone.history()) == len(state.history()) + 1
    assert str(state) != str(clone)
