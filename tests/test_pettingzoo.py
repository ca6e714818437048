"""The PettingZoo adapter passes PettingZoo's own api_test, seed_test and render_test for every built-in ruleset."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest
from hypothesis import settings
from profiles import DEFAULT_EXAMPLES

import kozel
from kozel.rules.scoring import ScoreMode

MISSING = any(importlib.util.find_spec(name) is None for name in ("pettingzoo", "gymnasium", "numpy"))
if not MISSING:
    import numpy
    from pettingzoo.test import api_test, render_test, seed_test
    from pettingzoo.utils.wrappers import BaseWrapper

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


if not MISSING:

    class Reseeded(BaseWrapper):  # type: ignore[misc]
        """The environment with every seed given to ``reset`` moved by ``offset``: api_test resets with seed 0."""

        def __init__(self, environment: Any, offset: int) -> None:
            super().__init__(environment)
            self.offset = offset

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.env.reset(seed=None if seed is None else seed + self.offset, options=options)


@pytest.mark.hypothesis
@pytest.mark.parametrize("name", NAMES)
def test_api_test_on_every_seed(name, recwarn):
    """api_test resets with seed 0 and then without a seed: each seed here moves that whole chain of matches."""
    matches = set()
    for seed in seeds():
        environment = Reseeded(env(name), 1_000_003 * seed)
        api_test(environment, num_cycles=10_000)
        state = environment.unwrapped.state_
        matches.add((environment.unwrapped._seed, state.moves[:8] if state is not None else ()))
    assert len(matches) == len(seeds())  # a different match for every seed


@pytest.mark.parametrize("name", NAMES)
def test_seed_test_and_render_test(name):
    seed_test(lambda: env(name), num_cycles=200)
    render_test(lambda render_mode=None: env(name, render_mode=render_mode))


@pytest.mark.parametrize("name", ["classic", "seven_of_clubs", "pairs", "six_players", "fifteen"])
def test_the_goats_rewards_add_up_below_zero_whatever_the_scoring(name):
    """A whole match through the environment.  Penalty points (classic, seven_of_clubs), credit points (pairs,
    six_players), points counted off (fifteen): the goat side's rewards add up below 0, and every seat of a side
    gets the same, in a match that its hands' written points decide (no wipe, no new set)."""
    environment = raw_env(name)
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
    rules = environment.rules
    assert state is not None
    assert state.result is not None
    written = [sum(result.written[side] for result in state.hand_results) for side in range(rules.sides)]
    sign = -1 if rules.scoring.mode is ScoreMode.COUNTDOWN else 1
    assert state.scores == tuple(rules.match.start + sign * points for points in written)  # the hands decided it
    (goat,) = state.result.goats
    seats = {side: [f"seat_{seat}" for seat in range(rules.players) if rules.side_of(seat) == side] for side in (0, 1)}
    assert all(totals[seat] < 0 for seat in seats[goat])
    assert all(totals[seat] == -totals[seats[goat][0]] for seat in seats[1 - goat])


@pytest.mark.parametrize("name", ["classic", "pairs"])
def test_the_information_state_observation_passes_the_api_test_and_is_the_encodings(name):
    api_test(env(name, observation="information_state"), num_cycles=200)
    environment = raw_env(name, observation="information_state")
    code = kozel.encoding(environment.rules)
    environment.reset(seed=2)
    for step, _agent in enumerate(environment.agent_iter(max_iter=40)):
        for seat, other in enumerate(environment.possible_agents):
            expected = code.array(code.information_state(kozel.observe(environment.state_, seat)))
            assert numpy.array_equal(environment.observe(other)["observation"], expected)
        observation, _, done, truncated, _ = environment.last()
        legal = numpy.flatnonzero(observation["action_mask"])
        environment.step(None if done or truncated else int(legal[step % 2 - 1]))
    with pytest.raises(kozel.KozelError, match="observation= is 'observation' or 'information_state', not 3"):
        raw_env(name, observation=3)


def test_bad_render_mode_is_refused():
    with pytest.raises(kozel.KozelError, match="render_mode"):
        env("classic", render_mode="rgb_array")


def test_a_bad_action_is_refused_with_a_kozel_error_and_changes_nothing():
    environment = env("classic")
    environment.reset(seed=1)
    agent = environment.agent_selection
    observation, *_ = environment.last()
    legal = next(action for action, bit in enumerate(observation["action_mask"]) if bit)
    wrong = next(action for action, bit in enumerate(observation["action_mask"]) if not bit)
    before = environment.unwrapped.state_
    for action in (-1, 10**6, wrong):
        with pytest.raises(kozel.KozelError, match="is no answer of seat"):
            environment.step(action)
    for action in (legal + 0.5, float(legal), True, "x", numpy.array([legal])):
        with pytest.raises(kozel.KozelError, match="an action is a whole number"):
            environment.step(action)
    assert environment.unwrapped.state_ == before
    assert environment.agent_selection == agent
    environment.step(numpy.int64(legal))  # a NumPy integer is a whole number
    assert environment.unwrapped.state_ != before


def test_used_before_reset_or_with_an_unknown_agent_it_answers_with_kozel_errors():
    table = raw_env()
    for call in (lambda: table.step(0), lambda: table.observe("seat_0"), table.last):
        with pytest.raises(kozel.KozelError, match=r"before reset\(\): there is no match yet"):
            call()
    table.reset(seed=1)
    for call in (
        lambda: table.observe("seat_7"),
        lambda: table.action_space("seat_7"),
        lambda: table.observation_space("x"),
        lambda: table.observe(0),
    ):
        with pytest.raises(
            kozel.KozelError, match=r"no agent is called .*; the agents are seat_0, seat_1, seat_2, seat_3"
        ):
            call()
    with pytest.raises(kozel.WrongTypeError, match="rules= is a Ruleset"):
        raw_env(rules=5)


def test_once_every_agent_is_done_last_and_step_answer_with_kozel_errors():
    environment = raw_env("classic")
    environment.reset(seed=1)
    for _agent in environment.agent_iter():
        observation, _, done, truncated, _ = environment.last()
        environment.step(None if done or truncated else int(numpy.flatnonzero(observation["action_mask"])[0]))
    assert environment.agents == []
    state = environment.state_
    for call, what in ((environment.last, "last"), (lambda: environment.step(0), "step")):
        with pytest.raises(kozel.KozelError, match=f"^{what}: the match is over and every agent is done; call reset"):
            call()
    assert environment.state_ is state
    environment.reset(seed=2)
    assert environment.agents == environment.possible_agents


def test_before_reset_the_agents_are_possible_only_and_what_reset_sets_is_refused_saying_so():
    table = raw_env()
    assert table.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]  # there at once, as PettingZoo has it
    assert table.max_num_agents == 4
    for name in ("agents", "num_agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        assert not hasattr(table, name)  # an AttributeError, as PettingZoo's order check gives ...
        with pytest.raises(kozel.KozelError, match=rf"^{name} before reset\(\): there is no match yet; call reset"):
            getattr(table, name)  # ... and a KozelError saying what comes first
    with pytest.raises(kozel.KozelError, match=r"agent_iter before reset\(\): there is no match yet"):
        table.agent_iter()
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        table.nothing  # noqa: B018 - any other missing attribute is a plain AttributeError
    table.reset(seed=1)
    assert table.agents == table.possible_agents
    assert table.num_agents == 4
    assert next(iter(table.agent_iter())) == table.agent_selection
    wrapped = env()
    with pytest.raises(AttributeError, match="agents cannot be accessed before reset"):  # PettingZoo's own check
        wrapped.agents  # noqa: B018


def test_a_refused_reset_changes_nothing_and_numpy_seeds_are_whole_numbers():
    table = raw_env()
    table.reset(seed=5)
    first = table.state_
    for bad, error in (("abc", kozel.WrongTypeError), (True, kozel.WrongTypeError), (1.0, kozel.WrongTypeError),
                       (10**101, kozel.KozelError)):  # fmt: skip
        with pytest.raises(error, match="seed"):
            table.reset(seed=bad)
        assert table.state_ is first
    again = raw_env()
    again.reset(seed=numpy.int64(5))
    assert again.state_ == first
    table.reset()  # the environment's own sequence of seeds goes on from seed 5, as if nothing had been refused
    again.reset()
    assert table.state_ == again.state_
    wrapped = env()
    with pytest.raises(kozel.WrongTypeError):
        wrapped.reset(seed="abc")
    with pytest.raises(AssertionError, match="reset"):  # PettingZoo's own order check: a refused reset is none
        wrapped.step(0)
    wrapped.reset(seed=5)
    assert wrapped.unwrapped.state_ == first


def test_render_says_which_seats_waited_at_the_position():
    """Where a seat asked out of turn waits, the next line says so (and is not the line before again)."""
    found = 0
    for seed in range(40):
        table = raw_env("hammer_clubs", render_mode="ansi")
        table.reset(seed=seed)
        rng = numpy.random.default_rng(seed)
        for _agent in table.agent_iter(max_iter=400):
            observation, _, done, truncated, _ = table.last()
            if done or truncated:
                table.step(None)
                continue
            legal = numpy.flatnonzero(observation["action_mask"])
            before = table.render()
            waited = table._asked.waited if table._asked is not None else ()
            table.step(int(rng.choice(legal)))
            after = table.render()
            now = table._asked.waited if table._asked is not None else ()
            if len(now) > len(waited):  # the seat asked waited: the line names the seats that have
                assert after != before
                assert f"seats {', '.join(map(str, now))} waited" in after
                found += 1
        if found >= 3:
            break
    assert found >= 3, "random hammer_clubs play must reach seats asked out of turn that wait"
