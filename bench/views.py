"""Views and sampled worlds: what ``observe`` and ``determinize`` cost, for a bot that only sees views.

    python bench/views.py                      # every built-in ruleset
    python bench/views.py classic --positions 200

For each ruleset it reaches positions by random play (a random number of moves into a random
match) and times ``kozel.observe(state, seat)`` and ``kozel.determinize(view, rng)`` there, in
microseconds per call, and a ``kozel.ViewTracker``'s update after one step (``update``: taking in
the step's events) and the view it then gives (``update+view``), with the reference engine of
``bench/reference.py`` timed in the same run.  The ``pairs`` row leaves out the deals dealt by
drawing ("trousers", "pants double"), whose worlds are drawn another way: the row
``pairs/drawing`` times positions inside and after them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from reference import reference_us_per_step

import kozel
from kozel.game.state import GameState
from kozel.rules.ruleset import Ruleset
from kozel.view import PlayerView

_DRAWING = {"trousers", "pants_double"}


def positions(rules: Ruleset, count: int, seed: int = 3) -> list[tuple[GameState, int]]:
    """``count`` positions reached by random play, each with a seat to view it from."""
    rng = random.Random(seed)
    found: list[tuple[GameState, int]] = []
    while len(found) < count:
        state = kozel.new_game(rules, seed=rng.randrange(2**32))
        for _ in range(rng.randrange(1, 120)):
            if state.is_over:
                break
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        if getattr(state.deal.praise, "value", None) not in _DRAWING:
            found.append((state, rng.randrange(rules.players)))
    return found


def drawing_positions(count: int, seed: int = 5) -> list[tuple[GameState, int]]:
    """``count`` positions of a first deal of ``pairs`` dealt by drawing, up to 40 random moves into it."""
    rng = random.Random(seed)
    rules = kozel.variants.get("pairs")
    found: list[tuple[GameState, int]] = []
    while len(found) < count:
        state = kozel.new_game(rules, seed=rng.randrange(2**32))
        state = kozel.apply(state, kozel.Move(state.turn, kozel.MoveKind.PRAISE, (), rng.choice(sorted(_DRAWING))))
        for _ in range(rng.randrange(0, 40)):
            if state.is_over or state.deal.number:
                break
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        if getattr(state.deal.praise, "value", None) in _DRAWING:
            found.append((state, rng.randrange(rules.players)))
    return found


def timed(calls: list[tuple[object, ...]], function: object, repeat: int) -> float:
    """Microseconds per call of ``function`` over ``calls``, the best of ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for args in calls:
            function(*args)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best / len(calls) * 1e6


def timed_updates(found: list[tuple[GameState, int]], repeat: int) -> tuple[float, float]:
    """Microseconds of a tracker's ``update`` after one random step, and of ``update`` and ``view``, best of ``repeat``.

    Each tracker has already given the seat's view at its position (as a runner's would), so the
    view after the step renders only that step's events.
    """
    rng = random.Random(9)
    steps = [
        (state, seat, kozel.step(state, rng.choice(kozel.legal_moves(state))))
        for state, seat in found
        if not state.is_over
    ]
    best_update = best_both = float("inf")
    for _ in range(repeat):
        for both in (False, True):
            trackers = [kozel.ViewTracker(state) for state, _, _ in steps]
            for tracker, (_, seat, _) in zip(trackers, steps, strict=True):
                tracker.view(seat)
            start = time.perf_counter()
            for tracker, (_, seat, (after, events)) in zip(trackers, steps, strict=True):
                tracker.update(after, events)
                if both:
                    tracker.view(seat)
            elapsed = time.perf_counter() - start
            if both:
                best_both = min(best_both, elapsed)
            else:
                best_update = min(best_update, elapsed)
    return best_update / len(steps) * 1e6, best_both / len(steps) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rulesets", nargs="*", default=list(kozel.variants.names()))
    parser.add_argument("--positions", type=int, default=100, help="positions timed per ruleset")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the positions; the best counts")
    args = parser.parse_args()
    marks = [reference_us_per_step(2.0)]
    rows = []
    names = [*args.rulesets, *(["pairs/drawing"] if "pairs" in args.rulesets else [])]
    for name in names:
        found = (
            drawing_positions(args.positions)
            if name == "pairs/drawing"
            else positions(kozel.variants.get(name), args.positions)
        )
        views: list[PlayerView] = [kozel.observe(state, seat) for state, seat in found]
        observe_us = timed(list(found), kozel.observe, args.repeat)
        draws = [(view, random.Random(index)) for index, view in enumerate(views)]
        determinize_us = timed(draws, kozel.determinize, args.repeat)
        update_us, both_us = timed_updates(found, args.repeat)
        rows.append((name, observe_us, determinize_us, update_us, both_us))
    marks.append(reference_us_per_step(2.0))
    mark = sum(marks) / len(marks)
    print(f"kozel {kozel.__version__}, Python {sys.version.split()[0]}")
    print(f"reference: {mark:.3f} us/step")
    print(
        f"{'ruleset':<14}{'observe us':>11}{'x ref':>7}{'determinize us':>15}{'x ref':>7}"
        f"{'update us':>10}{'x ref':>7}{'update+view us':>15}{'x ref':>7}"
    )
    for name, observe_us, determinize_us, update_us, both_us in rows:
        print(
            f"{name:<14}{observe_us:11.1f}{observe_us / mark:7.1f}{determinize_us:15.0f}{determinize_us / mark:7.0f}"
            f"{update_us:10.1f}{update_us / mark:7.1f}{both_us:15.1f}{both_us / mark:7.1f}"
        )


if __name__ == "__main__":
    main()
