"""Matches played in threads of one process: the library's shared tables and caches hold, and every match plays as
it would alone."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import attrs
import pytest

import kozel
from kozel.bots import HeuristicBot, RandomBot, play_match
from kozel.engine import interned
from kozel.engine.memo import MEMO_LIMIT
from kozel.game.move import Move, MoveKind
from kozel.play.actions import actions
from kozel.play.encoding import encoding

CLASSIC = kozel.variants.get("classic")


@contextmanager
def switching_often() -> Iterator[None]:
    """Threads switched as often as the interpreter allows, so that a race shows up at once."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def in_threads(count: int, work: Callable[[int], object]) -> list[object]:
    """``work(number)`` in ``count`` threads started together: each one's result, or the exception it raised."""
    start = threading.Barrier(count)
    results: list[object] = [None] * count

    def run(number: int) -> None:
        start.wait()
        try:
            results[number] = work(number)
        except Exception as error:  # the test reports what each thread met
            results[number] = error

    threads = [threading.Thread(target=run, args=(number,)) for number in range(count)]
    with switching_often():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return results


def _fresh_moves(count: int) -> list[Move]:
    """``count`` new one-card moves (new objects, each its own id), as the memo of subsets makes them."""
    card = kozel.Card.parse("7♥")
    return [Move(0, MoveKind.LEAD, (card,)) for _ in range(count)]


def test_threads_entering_and_purging_passing_moves_at_once_leave_every_entry_listed():
    # The list of passing moves brought near its limit, then threads enter more at once: purges happen meanwhile.
    filler = _fresh_moves(MEMO_LIMIT - 100 - len(interned._PASSING))
    interned._known(tuple(filler), lasting=False)
    batches = [_fresh_moves(40) for _ in range(16)]

    def enter(number: int) -> None:
        for move in batches[number]:
            interned._known((move,), lasting=False)

    assert in_threads(16, enter) == [None] * 16
    passing = set(interned._PASSING)
    assert len(passing) == len(interned._PASSING)  # no id listed twice
    assert all(number in interned.KNOWN for number in passing)
    for move in [*filler, *(move for batch in batches for move in batch)]:
        # Entered and still listed, or purged: never left in KNOWN unlisted, to be kept for good.
        assert (id(move) in interned.KNOWN) == (id(move) in passing)
    # and play goes on
    state = kozel.new_game(kozel.variants.get("hammer_clubs"), seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))


@pytest.mark.parametrize("made", [actions, encoding], ids=["actions", "encoding"])
def test_threads_asking_at_once_get_the_one_object_of_a_ruleset(made):
    for number in range(4):
        rules = attrs.evolve(CLASSIC, name=f"threaded-{made.__name__}-{number}")
        found = in_threads(16, lambda _, rules=rules: made(rules))
        assert all(result is found[0] for result in found), found
        assert made(attrs.evolve(CLASSIC, name=rules.name)) is found[0]  # an equal ruleset shares it


def _match(seed: int) -> str:
    """A match of heuristic and random bots from ``seed`` (hammer_clubs or seven_of_clubs, where hidden cards are
    handed over), and a world drawn at every tenth move of a random match."""
    rules = kozel.variants.get("hammer_clubs" if seed % 2 else "seven_of_clubs")
    bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    result = play_match(rules, bots, seed=seed)
    state, rng = kozel.new_game(rules, seed=seed), random.Random(seed)
    worlds = []
    for number in range(120):
        if state.is_over:
            break
        if not number % 10:
            world = kozel.determinize(kozel.observe(state, number % 4), random.Random(number))
            worlds.append(str(sorted(world.hands[(number + 1) % 4])))
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return f"{result.result} {result.scores} {len(result.moves)} {'/'.join(worlds)}"


def test_matches_played_in_threads_play_as_each_would_alone():
    # The matches in threads first, while the tables the engine keeps are still filling; the memory account read
    # over and over meanwhile.
    playing = threading.Event()
    counted = []

    def work(number: int) -> object:
        if number == 8:  # read at least once, and on until a match is over (compiled, the matches may not yield)
            counted.append(len(interned.interned_objects()))
            while not playing.is_set():
                counted.append(len(interned.interned_objects()))
            return None
        try:
            return _match(number)
        finally:
            playing.set()

    found = in_threads(9, work)
    assert found[:8] == [_match(seed) for seed in range(8)]
    assert found[8] is None
    assert counted
