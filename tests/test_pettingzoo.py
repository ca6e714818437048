"""The PettingZoo adapter passes PettingZoo's own api_test, seed_test and render_test for every built-in ruleset."""

from __future__ import annotations

import importlib.util

import pytest
from hypothesis import settings
from profiles import DEFAULT_EXAMPLES

import kozel

MISSING = any(importlib.util.find_spec(name) is None for name in ("pettingzoo", "gymnasium", "numpy"))
if not MISSING:
    from pettingzoo.test import api_test, render_test, seed_test

    from kozel.integrations.pettingzoo import env, raw_env

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(
        MISSING,
        reason="the pettingzoo extra is not installed (pip install -e '.[pettingzoo]')",
    ),
]

NAMES = kozel.variants.names()


def seeds() -> range:
    """Seeds per ruleset: 3 under the default Hypothesis profile, 30 under the thorough one (a step of .ci/run)."""
    return range(30 if settings().max_examples > DEFAULT_EXAMPLES else 3)


@pytest.mark.hypothesis
@pytest.mark.parametrize("name", NAMES)
def test_api_test_on_every_seed(name, recwarn):
    for seed in seeds():
        environment = env(name)
        environment.reset(seed=seed)
        api_test(environment, num_cycles=10_000)


def test_seed_test_and_render_test():
    seed_test(lambda: env("hammer_clubs"), num_cycles=200)
    render_test(lambda render_mode=None: env("classic", render_mode=render_mode))


def test_a_match_through_the_environment_ends_with_rewards_that_add_up():
    environment = raw_env("classic")
    environment.reset(seed=4)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    steps = 0
    for agent in environment.agent_iter():
        observation, reward, done, truncated, _ = environment.last()
        totals[agent] += reward
        if done or truncated:
            environment.step(None)
            continue
        legal = [action for action, bit in enumerate(observation["action_mask"]) if bit]
        environment.step(legal[steps % len(legal)])
        steps += 1
    state = environment.state_
    assert state is not None
    assert state.is_over
    goats = [side for side, title in enumerate(state.result.titles) if title]
    loser = min(goats) if goats else None
    assert loser is not None
    assert totals["seat_0"] == totals["seat_2"]
    assert totals["seat_1"] == totals["seat_3"]
    assert totals[f"seat_{loser}"] < 0


def test_bad_render_mode_is_refused():
    with pytest.raises(kozel.KozelError, match="render_mode"):
        env("classic", render_mode="rgb_array")
