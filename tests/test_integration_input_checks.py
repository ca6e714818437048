"""The integrations, and the bot runner, answer values too long to write out (an int of thousands of digits) and
other wrong kinds with kozel's errors, checked before anything is started."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

import kozel
from kozel import KozelError, WrongTypeError
from kozel.bots import Bot, BotError, RandomBot
from kozel.bots.runner import play_match
from kozel.bots.tournament import Tournament

HUGE = 10**5000  # Python will not write it out
CLASSIC = kozel.variants.get("classic")
LEARNERS_SEAT = "seat=, the learner's seat, is a whole number from 0 to 3, not "  # how the seat is refused


def _missing(*names):
    return any(importlib.util.find_spec(name) is None for name in names)


NO_OPENSPIEL = _missing("pyspiel", "numpy")
NO_PETTINGZOO = _missing("pettingzoo", "gymnasium", "numpy")
NO_GYMNASIUM = _missing("gymnasium", "numpy")
NO_RAY = _missing("ray")
if not (NO_OPENSPIEL and NO_PETTINGZOO and NO_GYMNASIUM):
    import numpy
if not NO_OPENSPIEL:
    from kozel.integrations import openspiel
if not NO_PETTINGZOO:
    from kozel.integrations import pettingzoo
if not NO_GYMNASIUM:
    from kozel.integrations.gymnasium import KozelSeatEnv
if not NO_RAY:
    import ray

    from kozel.integrations.ray import RayExecutor

openspiel_extra = pytest.mark.skipif(
    NO_OPENSPIEL, reason="the openspiel extra is not installed (pip install -e '.[openspiel]')"
)
pettingzoo_extra = pytest.mark.skipif(
    NO_PETTINGZOO,
    reason="the pettingzoo extra is not installed (pip install -e '.[pettingzoo]')",
)
gymnasium_extra = pytest.mark.skipif(
    NO_GYMNASIUM, reason="the gymnasium extra is not installed (pip install -e '.[gymnasium]')"
)
ray_extra = pytest.mark.skipif(NO_RAY, reason="the ray extra is not installed (pip install -e '.[ray]')")


# --- the bot runner -----------------------------------------------------------------------------------------------


class _HugeAnswer(Bot):
    def choose(self, view, moves):
        return HUGE


class _HugeInterrupt(RandomBot):
    def interrupt(self, view, moves):
        return [HUGE]


@pytest.mark.parametrize(("kind", "shown"), [(_HugeAnswer, "an int"), (_HugeInterrupt, "a list")])
def test_a_bot_answering_a_value_too_long_to_show_is_named_with_kozels_error(kind, shown):
    rules = kozel.variants.get("hammer_clubs")  # where seats are asked out of turn at once
    bots = [kind() for _ in range(rules.players)]
    with pytest.raises(
        KozelError, match=rf"{kind.__name__}\(\) at seat \d answered {shown} too long to show"
    ) as raised:
        play_match(rules, bots, seed=1)
    assert not isinstance(raised.value, BotError)  # the bot's own code did not raise: its answer is refused


def test_a_tournament_whose_bot_answers_a_value_too_long_to_show_stops_with_kozels_error():
    with pytest.raises(
        KozelError, match=r"bot '[\w.]+:_HugeAnswer' failed at match 0: answered an int too long to show at seat \d"
    ):
        Tournament(CLASSIC, [_HugeAnswer, "random"], matches=1).run()


# --- OpenSpiel ----------------------------------------------------------------------------------------------------


@pytest.mark.extra
@openspiel_extra
@pytest.mark.parametrize("match", [HUGE, [HUGE]], ids=["huge", "list"])
@pytest.mark.parametrize("call", ["load", "game_name"])
def test_openspiel_a_match_flag_too_long_to_show_is_refused(call, match):

    with pytest.raises(WrongTypeError, match=r"not an? (int|list) too long to show"):
        getattr(openspiel, call)(CLASSIC, match)


@pytest.mark.extra
@openspiel_extra
def test_openspiel_observer_parameters_too_long_to_show_are_refused():

    with pytest.raises(KozelError, match="take no parameters, not a dict too long to show"):
        openspiel.load(CLASSIC).make_py_observer(None, {"x": HUGE})


@pytest.mark.extra
@openspiel_extra
def test_openspiel_resampler_takes_a_numpy_integer_seed_as_the_int():

    game = openspiel.load(CLASSIC)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    drawn = openspiel.resampler(numpy.int64(3))(state, player)
    again = openspiel.resampler(3)(state, player)
    assert str(drawn) == str(again)


@pytest.mark.extra
@openspiel_extra
@pytest.mark.parametrize(
    "seed", [Fraction(HUGE, 3), [HUGE], 2.5, "3", True, None], ids=["fraction", "list", "float", "text", "bool", "none"]
)
def test_openspiel_resampler_refuses_a_seed_that_is_no_whole_number(seed):

    with pytest.raises(WrongTypeError, match="resampler's seed is a whole number, not"):
        openspiel.resampler(seed)


# --- PettingZoo ---------------------------------------------------------------------------------------------------


@pytest.mark.extra
@pettingzoo_extra
@pytest.mark.parametrize("mode", [HUGE, [HUGE]], ids=["huge", "list"])
def test_pettingzoo_a_render_mode_too_long_to_show_is_refused(mode):

    with pytest.raises(KozelError, match=r"render_mode is None, 'human' or 'ansi', not an? (int|list) too long"):
        pettingzoo.raw_env("classic", render_mode=mode)


@pytest.mark.extra
@pettingzoo_extra
def test_pettingzoo_a_render_mode_that_is_an_array_is_refused():

    with pytest.raises(KozelError, match="render_mode is None"):
        pettingzoo.raw_env("classic", render_mode=numpy.array([1, 2]))


@pytest.mark.extra
@pettingzoo_extra
@pytest.mark.parametrize("call", ["observe", "observation_space", "action_space"])
def test_pettingzoo_an_agent_too_long_to_show_is_refused(call):

    env = pettingzoo.raw_env("classic")
    env.reset(seed=1)
    with pytest.raises(KozelError, match="no agent is called an int too long to show"):
        getattr(env, call)(HUGE)


@pytest.mark.extra
@pettingzoo_extra
def test_pettingzoo_an_action_too_long_to_show_is_refused():

    env = pettingzoo.raw_env("classic")
    env.reset(seed=1)
    with pytest.raises(KozelError, match="action an int too long to show is no answer"):
        env.step(HUGE)


@pytest.mark.extra
@pettingzoo_extra
@pytest.mark.parametrize("seed", [[HUGE], Fraction(HUGE, 3), "array"], ids=["list", "fraction", "array"])
def test_pettingzoo_a_seed_that_is_no_whole_number_is_refused_and_changes_nothing(seed):

    if seed == "array":
        seed = numpy.array([5])
    env = pettingzoo.raw_env("classic")
    env.reset(seed=1)
    before = env.state_
    with pytest.raises(WrongTypeError, match="reset's seed is a whole number or None, not"):
        env.reset(seed=seed)
    assert env.state_ is before


# --- Gymnasium ----------------------------------------------------------------------------------------------------


@pytest.mark.extra
@gymnasium_extra
@pytest.mark.parametrize(
    ("arguments", "error", "said"),
    [
        ({"bots": HUGE}, WrongTypeError, "bots= is a bot as a tournament takes it .*, not an int too long to show"),
        ({"render_mode": HUGE}, KozelError, "render_mode is None or 'ansi', not an int too long to show"),
        ({"render_mode": [HUGE]}, KozelError, "render_mode is None or 'ansi', not a list too long to show"),
        ({"seat": [HUGE]}, WrongTypeError, f"{LEARNERS_SEAT}a list too long to show"),
        ({"seat": Fraction(HUGE, 3)}, WrongTypeError, f"{LEARNERS_SEAT}a Fraction too long to show"),
    ],
)
def test_gymnasium_arguments_too_long_to_show_are_refused(arguments, error, said):

    with pytest.raises(error, match=said):
        KozelSeatEnv("classic", **arguments)


@pytest.mark.extra
@gymnasium_extra
@pytest.mark.parametrize(
    ("seed", "error", "said"),
    [
        (-HUGE, KozelError, "not an int too long to show"),
        (-1, KozelError, "of at least 0, or None, not -1"),
        (2.0, WrongTypeError, "not 2.0"),
        (True, WrongTypeError, "not True"),
        ([HUGE], WrongTypeError, "not a list too long to show"),
    ],
    ids=["huge-negative", "negative", "float", "bool", "list"],
)
def test_gymnasium_a_seed_gymnasium_refuses_is_refused_with_kozels_error(seed, error, said):

    env = KozelSeatEnv("classic", bots="random")
    with pytest.raises(error, match=said):
        env.reset(seed=seed)


@pytest.mark.extra
@gymnasium_extra
def test_gymnasium_a_numpy_integer_seed_deals_as_the_int():

    first, _ = KozelSeatEnv("classic", bots="random").reset(seed=numpy.int64(3))
    second, _ = KozelSeatEnv("classic", bots="random").reset(seed=3)
    assert (first == second).all()


# --- Ray ----------------------------------------------------------------------------------------------------------


@pytest.fixture
def no_ray_start(monkeypatch):
    """Ray is never started or joined here: a refused argument must be refused before Ray is asked."""

    def refused(*args, **kwargs):
        raise AssertionError("Ray was asked to start before the arguments were checked")

    monkeypatch.setattr(ray, "init", refused)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)


@pytest.mark.extra
@ray_extra
@pytest.mark.usefixtures("no_ray_start")
@pytest.mark.parametrize(
    ("arguments", "error", "said"),
    [
        ({"address": 5}, WrongTypeError, "address is a Ray cluster's address .*, not 5"),
        ({"address": HUGE}, WrongTypeError, "not an int too long to show"),
        ({"num_cpus": True}, WrongTypeError, r"num_cpus is a whole number from 1 to \d+, or None, not True"),
        ({"num_cpus": 2.0}, WrongTypeError, "not 2.0"),
        ({"num_cpus": [HUGE]}, WrongTypeError, "not a list too long to show"),
        ({"num_cpus": 0}, KozelError, r"num_cpus is a whole number from 1 to \d+, or None, not 0"),
        ({"num_cpus": -HUGE}, KozelError, "not an int too long to show"),
    ],
)
def test_ray_executor_arguments_are_checked_before_ray_is_asked(arguments, error, said):

    with pytest.raises(error, match=said):
        RayExecutor(**arguments)


@pytest.mark.extra
@ray_extra
@pytest.mark.usefixtures("no_ray_start")
def test_ray_executor_takes_a_numpy_integer_number_of_cpus_as_the_int(monkeypatch):

    asked = {}

    def init(**options):
        asked.update(options)

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "remote", lambda **options: lambda function: function)

    executor = RayExecutor(num_cpus=numpy.int64(3))
    executor._started = False  # nothing was started: nothing to stop
    assert asked["num_cpus"] == 3
    assert type(asked["num_cpus"]) is int
