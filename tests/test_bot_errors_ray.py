"""Errors from matches played on a Ray cluster: the same classes, messages and attributes as a local run gives.

Needs the ``ray`` extra (``pip install -e ".[ray]"``); without it this test is skipped, saying so.
It starts a local Ray runtime of two CPUs (seconds).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

import kozel
from kozel.bots import BotError, RandomBot, Tournament
from kozel.errors import IllegalMoveError

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(
        importlib.util.find_spec("ray") is None, reason="the ray extra is not installed (pip install -e '.[ray]')"
    ),
]

CLASSIC = kozel.variants.get("classic")


class AnswersBadly(RandomBot):
    def choose(self, view, moves):
        return "not a move"


class Raises(RandomBot):
    def choose(self, view, moves):
        raise RuntimeError("on purpose")


def failure(bot, **options):
    """The error a tournament of ``bot`` against ``random`` raises."""
    with pytest.raises(kozel.KozelError) as raised:
        Tournament(CLASSIC, [bot, "random"], matches=4).run(**options)
    return raised.value


def test_a_bots_errors_come_back_from_ray_as_they_were_raised(monkeypatch):
    from kozel.integrations.ray import RayExecutor  # noqa: PLC0415 - only where the extra is installed

    # The workers import this module, as the nodes of a cluster import a bot's module.
    here = str(Path(__file__).parent)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")])))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    executor = RayExecutor(num_cpus=2)
    try:
        for bot, kind in [(AnswersBadly, IllegalMoveError), (Raises, BotError)]:
            local, remote = failure(bot, processes=2), failure(bot, processes=2, executor=executor)
            assert type(local) is type(remote) is kind
            assert str(remote) == str(local)
            assert vars(remote) == vars(local)  # the move and rule, or the seat and reason
        # A failure of Ray itself (here a worker that died) is told as one of the cluster.
        with pytest.raises(kozel.KozelError, match=r"^a task on the Ray cluster failed: ") as raised:
            executor.submit(os._exit, 1).result(timeout=120)
        assert type(raised.value) is kozel.KozelError
    finally:
        executor.shutdown()
