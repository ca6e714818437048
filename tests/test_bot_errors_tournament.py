"""A bot's failure in a tournament named alike however it failed: by its spec and the match, the lowest failing match
where several processes play; a bot that cannot be built named with its error's kind; kozel's errors as a task sends
them back (no Ray runtime needed here: see ``test_bot_errors_ray.py``)."""

from __future__ import annotations

import pickle
import time

import pytest

import kozel
from kozel.bots import Bot, BotError, RandomBot, Tournament, make_bot
from kozel.bots.specs import entrant
from kozel.bots.tournament import match_seed
from kozel.errors import IllegalMoveError, KozelError, NotationError
from kozel.game.move import Move
from kozel.integrations.ray import _call

CLASSIC = kozel.variants.get("classic")


class Cheat(RandomBot):
    """Answers a move that is never one of its legal moves."""

    def choose(self, view, moves):
        return "not a move"


class FailsAtMatchOneSlowlyAndTwoAtOnce(RandomBot):
    """Fails as it is set up for match 1 of a run with seed 0 after a pause, and at once for match 2."""

    def setup(self, rules, seat, seed):
        if seed == match_seed(0, 1):
            time.sleep(2)
            raise RuntimeError("match one")
        if seed == match_seed(0, 2):
            raise RuntimeError("match two")
        super().setup(rules, seat, seed)


class InitRaises(Bot):
    def __init__(self):
        raise ValueError("init boom")

    def choose(self, view, moves):
        return moves[0]


SPEC = f"{__name__}:InitRaises"


def test_an_illegal_answer_in_a_tournament_names_the_bot_by_its_spec_and_the_match():
    with pytest.raises(IllegalMoveError) as raised:
        Tournament(CLASSIC, [Cheat, "random"], matches=2).run()
    error = raised.value
    assert error.move == "not a move"
    assert error.rule == "bot"
    assert str(error).startswith(f"bot '{__name__}:Cheat' failed at match 0: answered 'not a move' at seat ")
    assert str(error).endswith(", not one of its legal moves")


def test_the_error_of_a_run_over_several_processes_is_that_of_its_lowest_failing_match():
    # Match 2 fails at once, match 1 two seconds later: match 1's error is the one raised.
    tournament = Tournament(CLASSIC, [FailsAtMatchOneSlowlyAndTwoAtOnce, "random"], matches=12)
    with pytest.raises(BotError, match="failed at match 1: RuntimeError: match one"):
        tournament.run(processes=2)


def test_a_bot_whose_init_raises_is_named_with_the_kind_of_its_error_as_one_whose_setup_raises():
    with pytest.raises(KozelError, match=rf"^cannot make the bot '{SPEC}': ValueError: init boom$"):
        make_bot(SPEC)
    with pytest.raises(KozelError, match=rf"^cannot make a bot from {SPEC} with no arguments: ValueError: init boom$"):
        entrant(InitRaises)


@pytest.mark.parametrize(
    "error",
    [
        IllegalMoveError("refused", Move.parse("2 beat A♥"), "bot"),
        BotError("bot 'x' failed at match 3: RuntimeError: boom", 2, "RuntimeError: boom"),
        NotationError("unreadable", "A♥♥"),
        KozelError("plain"),
    ],
)
def test_kozels_errors_raised_in_a_task_come_back_whole(error):
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), vars(copy)) == (type(error), str(error), vars(error))

    def task():
        raise error

    ok, sent = _call(task)
    assert not ok
    assert sent is error  # the error itself, for the driver to raise again: not its text


def test_an_error_raised_in_a_task_that_does_not_pickle_comes_back_as_its_text():
    error = IllegalMoveError("refused", object.__new__(type("Local", (), {})), "bot")

    def task():
        raise error

    assert _call(task) == (False, "refused")
