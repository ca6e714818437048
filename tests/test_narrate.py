"""The narrator (``kozel match``) tells a move the same from the events of ``kozel.step`` as from the two states."""

from __future__ import annotations

import random

import pytest
from test_properties import RULESETS

import kozel
from kozel.cli.narrate import describe_move

IDS = [f"{rules.name}-{rules.players}" for rules in RULESETS]


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_a_move_is_told_the_same_from_the_steps_events(rules):
    told = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over:
            move = rng.choice(kozel.legal_moves(state))
            after, events = kozel.step(state, move)
            lines = describe_move(state, move, after, events)
            assert lines == describe_move(state, move, after)
            told += any("takes the trick" in line for line in lines)
            state = after
    assert told > 0
