"""The Gymnasium adapter passes Gymnasium's env_checker for every built-in ruleset, and plays a match against bots."""

from __future__ import annotations

import importlib.util
import re

import pytest

import kozel

MISSING = any(importlib.util.find_spec(name) is None for name in ("gymnasium", "numpy"))
if not MISSING:
    import numpy
    from gymnasium.utils.env_checker import check_env

    from kozel.integrations.gymnasium import KozelSeatEnv
    from kozel.play import hand_reward
    from kozel.rules.scoring import ScoreMode

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(
        MISSING,
        reason="the gymnasium extra is not installed (pip install -e '.[gymnasium]')",
    ),
]


@pytest.mark.parametrize("name", kozel.variants.names())
def test_check_env(name):
    check_env(KozelSeatEnv(name, bots="random"), skip_render_check=True)


def test_a_match_against_the_heuristic_bots():
    environment = KozelSeatEnv("classic", seat=1)
    observation, info = environment.reset(seed=2)
    assert observation.shape == environment.observation_space.shape
    done, steps = False, 0
    while not done:
        legal = [action for action, bit in enumerate(info["action_mask"]) if bit]
        assert legal
        observation, reward, done, _truncated, info = environment.step(legal[0])
        steps += 1
    assert environment.render() is None
    assert steps > 10
    illegal = KozelSeatEnv("classic")
    _, info = illegal.reset(seed=0)
    wrong = next(action for action, bit in enumerate(info["action_mask"]) if not bit)
    _, reward, done, _, info = illegal.step(wrong)
    assert info["illegal_action"]
    assert reward == 0.0
    assert not done


def _episode(environment, seed):
    """Play one episode with the first legal action each time: the rewards, in order."""
    _, info = environment.reset(seed=seed)
    rewards, done = [], False
    while not done:
        action = next(action for action, bit in enumerate(info["action_mask"]) if bit)
        _, reward, done, _, info = environment.step(action)
        rewards.append(reward)
    return rewards


@pytest.mark.parametrize(("name", "seat", "seed"), [("classic", 1, 2), ("pairs", 0, 3), ("fifteen", 1, 5)])
def test_the_rewards_are_every_hands_signed_as_the_ruleset_counts_written_points(name, seat, seed):
    environment = KozelSeatEnv(name, seat=seat, bots="random")
    rewards = _episode(environment, seed)
    state = environment.state
    rules = environment.rules
    side = rules.side_of(seat)
    results = state.hand_results
    assert sum(rewards) == sum(hand_reward(rules, result, seat) for result in results)
    ahead = [result for result in results if result.written[side] > max(result.written[1 - side], 0)]
    assert ahead  # hands the learner's side was written more in: good for it unless the points are penalties
    good = rules.scoring.mode is not ScoreMode.PENALTY
    assert all((hand_reward(rules, result, seat) > 0) is good for result in ahead)
    assert [reward for reward in rewards if reward] == [
        hand_reward(rules, result, seat) for result in results if hand_reward(rules, result, seat)
    ]


def test_a_hand_that_ends_before_the_learner_plays_is_paid_with_its_first_move():
    """seven_of_clubs, seat 3, seed 988: the random bots end the first hand on a catch before seat 3 is asked."""
    environment = KozelSeatEnv("seven_of_clubs", seat=3, bots="random")
    _, info = environment.reset(seed=988)
    (caught,) = environment.state.hand_results
    assert caught.caught
    owed = hand_reward(environment.rules, caught, 3)
    assert owed == -4.0
    action = next(action for action, bit in enumerate(info["action_mask"]) if bit)
    _, reward, _, _, _ = environment.step(action)
    after = environment.state.hand_results
    assert reward == owed + sum(hand_reward(environment.rules, result, 3) for result in after[1:])
    environment.reset(seed=988)
    rewards = _episode(environment, 988)
    assert sum(rewards) == sum(hand_reward(environment.rules, result, 3) for result in environment.state.hand_results)


def test_the_state_is_the_match_as_it_stands():
    environment = KozelSeatEnv("classic", bots="random")
    assert environment.state is None
    _, info = environment.reset(seed=1)
    state = environment.state
    assert isinstance(state, kozel.GameState)
    assert (state.scores, state.is_over) == ((0, 0), False)
    environment.step(next(action for action, bit in enumerate(info["action_mask"]) if bit))
    assert environment.state is not state
    assert len(environment.state.moves) > len(state.moves)


@pytest.mark.parametrize("name", ["classic", "pairs", "threesome"])
def test_the_information_state_observation_holds_the_deals_plays_so_far(name):
    """With observation="information_state" each observation is the encoding's information state of the learner's
    view: the cards the other seats played after the learner's move are in it, where the observation drops them."""
    environment = KozelSeatEnv(name, seat=1, bots="random", observation="information_state")
    code = kozel.encoding(environment.rules)
    assert environment.observation_space.shape == (code.state_size,)
    check_env(environment, skip_render_check=True)
    observation, info = environment.reset(seed=3)
    for _ in range(12):
        view = kozel.observe(environment.state, 1)
        assert numpy.array_equal(observation, code.array(code.information_state(view)))
        assert environment.observation_space.contains(observation)
        action = next(action for action, bit in enumerate(info["action_mask"]) if bit)
        observation, _, done, _, info = environment.step(action)
        if done:
            break
    with pytest.raises(kozel.KozelError, match="observation= is 'observation' or 'information_state', not 'full'"):
        KozelSeatEnv(name, observation="full")
    with pytest.raises(kozel.KozelError, match="observation= is 'observation' or 'information_state', not array"):
        KozelSeatEnv(name, observation=numpy.array(["observation", "x"]))


def test_a_bad_action_or_setting_is_refused_with_a_kozel_error_and_never_rounded():
    with pytest.raises(kozel.KozelError, match="rules= is a Ruleset or the name of one, not int"):
        KozelSeatEnv(5)  # type: ignore[arg-type]
    with pytest.raises(kozel.KozelError, match="seat=, the learner's seat, is a whole number from 0 to 3, not True"):
        KozelSeatEnv("classic", seat=True)
    environment = KozelSeatEnv("classic", bots="random")
    _, info = environment.reset(seed=0)
    legal = next(action for action, bit in enumerate(info["action_mask"]) if bit)
    before = environment._tracker.state
    for action in (legal + 0.7, float(legal), True, "1", None, [legal]):  # never rounded, never read as text
        with pytest.raises(kozel.KozelError, match="an action is a whole number from 0 to"):
            environment.step(action)
    size = environment.action_space.n
    for action in (-1, size, numpy.int64(size), 10**30, 10**5000):  # whole numbers, but no action of the space
        with pytest.raises(kozel.KozelError, match=f"^an action is a whole number from 0 to {size - 1}, not "):
            environment.step(action)
    assert environment._tracker.state == before  # nothing was played
    illegal = next(action for action, bit in enumerate(info["action_mask"]) if not bit)
    assert environment.step(illegal)[4]["illegal_action"]  # of the space, but not legal now: no move, no error
    _, _, _, _, info = environment.step(numpy.int64(legal))  # a NumPy integer is a whole number
    assert "illegal_action" not in info


def test_a_seat_may_be_a_numpy_integer_and_a_seat_that_is_none_is_refused():
    environment = KozelSeatEnv("classic", seat=numpy.int64(1), bots="random")
    assert environment.seat == 1
    assert type(environment.seat) is int  # kept as a plain int
    plain = KozelSeatEnv("classic", seat=1, bots="random")
    observation, info = environment.reset(seed=5)
    expected, expected_info = plain.reset(seed=5)
    assert numpy.array_equal(observation, expected)  # the learner sits at seat 1, as with a plain 1
    assert numpy.array_equal(info["action_mask"], expected_info["action_mask"])
    assert KozelSeatEnv("classic", seat=numpy.uint8(3)).seat == 3
    said = "seat=, the learner's seat, is a whole number from 0 to 3, not "
    for bad in (True, numpy.bool_(True), 1.0, numpy.float64(1), "1", None):
        with pytest.raises(kozel.WrongTypeError, match=said):
            KozelSeatEnv("classic", seat=bad)
    for bad in (4, -1, numpy.int64(4), numpy.int8(-1)):
        with pytest.raises(kozel.SeatError, match=f"{said}{re.escape(repr(bad))}$"):
            KozelSeatEnv("classic", seat=bad)
    with pytest.raises(kozel.SeatError, match=f"{said}an int too long to show$"):
        KozelSeatEnv("classic", seat=10**5000)


def test_step_or_render_before_reset_and_a_bots_list_are_kozel_errors():
    table = KozelSeatEnv(render_mode="ansi")
    with pytest.raises(kozel.KozelError, match=r"step before reset\(\): there is no match yet"):
        table.step(0)
    with pytest.raises(kozel.KozelError, match=r"render before reset\(\)"):
        table.render()
    assert KozelSeatEnv().render() is None
    with pytest.raises(kozel.WrongTypeError, match="bots= is a bot as a tournament takes it"):
        KozelSeatEnv(bots=["random"])
    with pytest.raises(kozel.WrongTypeError, match="rules= is a Ruleset"):
        KozelSeatEnv(rules=5)
    table.reset(seed=3)
    assert table.render().startswith("classic: ")


class _Flaky(kozel.bots.RandomBot):
    """A bot whose code raises at its third decision of a match."""

    def setup(self, rules, seat, seed):
        super().setup(rules, seat, seed)
        self.asked = 0

    def choose(self, view, moves):
        self.asked += 1
        if self.asked == 3:
            raise ValueError("flake")
        return super().choose(view, moves)


def test_after_a_bot_fails_the_match_cannot_go_on_until_reset():
    environment = KozelSeatEnv("classic", bots=_Flaky)
    _, info = environment.reset(seed=0)
    failed = None
    for _ in range(200):
        action = int(numpy.flatnonzero(info["action_mask"])[0])
        try:
            *_, info = environment.step(action)
        except kozel.bots.BotError as error:
            failed = error
            break
    assert failed is not None
    assert "ValueError: flake" in str(failed)
    for action in (0, 5):
        with pytest.raises(kozel.KozelError, match=r"^the match cannot go on, since the bot _Flaky at seat \d failed"):
            environment.step(action)
    _, info = environment.reset(seed=1)  # a new match plays on
    assert info["action_mask"].any()


def test_the_environment_declares_a_render_rate():
    assert KozelSeatEnv.metadata == {"render_modes": ["ansi"], "render_fps": 4}
