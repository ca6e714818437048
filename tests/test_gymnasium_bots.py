"""The Gymnasium environment's other seats are played by any bot a tournament takes: a spec, a class, a factory or an
instance, each seat with a bot of its own."""

from __future__ import annotations

import functools
import importlib.util

import pytest

import kozel
from kozel.bots import Bot, BotError, HeuristicBot, IsmctsBot, RandomBot

MISSING = any(importlib.util.find_spec(name) is None for name in ("gymnasium", "numpy"))
if not MISSING:
    import numpy

    from kozel.integrations.gymnasium import KozelSeatEnv

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(MISSING, reason="the gymnasium extra is not installed (pip install -e '.[gymnasium]')"),
]


class Lowest(Bot):
    """Plays the first move it is offered."""

    name = "lowest"

    def choose(self, view, moves):
        return moves[0]


def _episode(environment, seed: int, steps: int = 40) -> list[tuple[float, ...]]:
    """The observations of the first ``steps`` steps of a match, the learner taking its first legal action."""
    observation, info = environment.reset(seed=seed)
    seen = [tuple(observation)]
    for _ in range(steps):
        action = int(numpy.flatnonzero(info["action_mask"])[0])
        observation, _, over, _, info = environment.step(action)
        seen.append(tuple(observation))
        if over:
            break
    return seen


@pytest.mark.parametrize(
    ("bots", "kind", "name"),
    [
        ("ismcts(iterations=4, worlds=2)", IsmctsBot, "ismcts(iterations=4, worlds=2)"),
        (HeuristicBot, HeuristicBot, "heuristic"),
        (functools.partial(IsmctsBot, iterations=3, worlds=1), IsmctsBot, "ismcts(iterations=3, worlds=1)"),
        (Lowest(), Lowest, "lowest"),
        (Lowest, Lowest, "lowest"),
    ],
)
def test_any_bot_a_tournament_takes_plays_the_other_seats(bots, kind, name):
    environment = KozelSeatEnv("classic", seat=1, bots=bots)
    assert environment.bots == name
    others = [bot for seat, bot in enumerate(environment._bots) if seat != 1]
    assert all(type(bot) is kind for bot in others)
    assert len({id(bot) for bot in others}) == len(others)  # a bot of its own for each seat
    seen = _episode(environment, seed=5, steps=12)
    assert len(seen) > 1


def test_a_spec_and_its_class_play_the_same_match():
    by_spec = _episode(KozelSeatEnv("seven_of_clubs", bots="random"), seed=11)
    by_class = _episode(KozelSeatEnv("seven_of_clubs", bots=RandomBot), seed=11)
    by_default = _episode(KozelSeatEnv("seven_of_clubs"), seed=11)
    by_heuristic = _episode(KozelSeatEnv("seven_of_clubs", bots="heuristic"), seed=11)
    assert by_spec == by_class
    assert by_default == by_heuristic
    assert by_spec != by_heuristic


@pytest.mark.parametrize(
    ("bots", "error", "words"),
    [
        ("nosuchbot", kozel.KozelError, "no bot is called .nosuchbot."),
        ("ismcts(iterations=0)", kozel.KozelError, "iterations"),
        (5, kozel.WrongTypeError, "bots= is a bot as a tournament takes it"),
        (["random"], kozel.WrongTypeError, "bots= is a bot as a tournament takes it"),
        (int, kozel.KozelError, "not a Bot class"),
    ],
)
def test_a_bot_that_cannot_be_made_is_refused_at_once(bots, error, words):
    with pytest.raises(error, match=words):
        KozelSeatEnv("classic", bots=bots)


class Raising(Bot):
    """Raises when asked to choose."""

    def choose(self, view, moves):
        raise RuntimeError("boom")


class Cheating(Bot):
    """Answers a move it was not offered."""

    def choose(self, view, moves):
        return kozel.parse_move(f"{view.seat} lead A♠ A♣")


@pytest.mark.parametrize(
    ("bots", "error", "words"),
    [(Raising, BotError, "RuntimeError: boom"), (Cheating, kozel.IllegalMoveError, "not one of its legal moves")],
)
def test_a_failing_or_cheating_bot_stops_the_step_as_the_bot_runner_says(bots, error, words):
    environment = KozelSeatEnv("classic", seat=0, bots=bots)
    with pytest.raises(error, match=words) as caught:
        _episode(environment, seed=3)
    if error is BotError:
        assert caught.value.seat != 0
        assert isinstance(caught.value.__cause__, RuntimeError)
    else:
        assert caught.value.rule == "bot"


def test_the_environment_is_registered_with_gymnasium():
    import gymnasium  # noqa: PLC0415 - the extra, present here (the module is skipped without it)

    from kozel.integrations.gymnasium import ENV_ID  # noqa: PLC0415

    made = gymnasium.make(ENV_ID, rules="seven_of_clubs", seat=2, bots="random")
    assert made.spec is not None
    assert made.spec.id == "kozel/Seat-v0"
    assert isinstance(made.unwrapped, KozelSeatEnv)
    assert made.unwrapped.rules.name == "seven_of_clubs"
    assert made.unwrapped.seat == 2
    direct = KozelSeatEnv("seven_of_clubs", seat=2, bots="random")
    assert _episode(made, seed=4) == _episode(direct, seed=4)
