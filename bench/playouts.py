"""Random playouts: how fast the engine plays whole matches, as a ratio to the reference engine.

    python bench/playouts.py                      # every built-in ruleset, about 3 s each
    python bench/playouts.py classic --seconds 10

For each ruleset it plays random matches (``legal_moves`` + a random choice + ``apply`` per step,
whole matches including every deal) and prints matches/s, moves/s, microseconds per step and
the retained size of a mid-hand state.  In the same run it times the reference engine of
``bench/reference.py``, before and after, and prints each step's cost as a multiple of the
reference step.  Machines are noisy: quote the ratio, not the microseconds.
"""

from __future__ import annotations

import argparse
import enum
import gc
import random
import sys
import time
from types import ModuleType

from reference import reference_us_per_step

import kozel
from kozel.game.state import GameState
from kozel.rules.ruleset import Ruleset
from kozel.rules.trump import TrumpTable


def playouts(rules: Ruleset, seconds: float, seed: int = 1) -> tuple[int, int, float]:
    """Play random matches for about ``seconds``; return (matches, steps, elapsed seconds)."""
    rng = random.Random(seed)
    legal_moves, apply, choice, clock = kozel.legal_moves, kozel.apply, rng.choice, time.perf_counter
    matches = steps = 0
    start = clock()
    while clock() - start < seconds:
        state = kozel.new_game(rules, seed=rng.randrange(2**32))
        while state.match.result is None:
            state = apply(state, choice(legal_moves(state)))
            steps += 1
        matches += 1
    return matches, steps, clock() - start


def _shared(obj: object) -> bool:
    """Objects every state of the same rules shares, or the interpreter interns: not retained by one state."""
    return (
        isinstance(obj, (Ruleset, TrumpTable, kozel.Card, enum.Enum, type, ModuleType, frozenset))
        or obj is None
        or isinstance(obj, bool)
        or (type(obj) is int and -5 <= obj <= 256)  # type: ignore[operator]
    )


def retained_size(state: GameState) -> int:
    """Bytes of the objects reachable from ``state`` that are its own (see ``_shared``)."""
    seen: set[int] = set()
    total = 0
    todo: list[object] = [state]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or _shared(obj):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


def sample_states(rules: Ruleset, seed: int = 5) -> tuple[GameState, int]:
    """A mid-hand state of the first hand (half the stock drawn, a trick on the table) and the largest size seen."""
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    stock = len(state.stock)
    middle = None
    largest = 0
    while not state.is_over:
        largest = max(largest, retained_size(state))
        if middle is None and state.trick is not None and len(state.stock) <= stock // 2:
            middle = state
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return (middle or state), largest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rulesets", nargs="*", default=list(kozel.variants.names()))
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each ruleset")
    args = parser.parse_args()
    marks = [reference_us_per_step(2.0)]
    rows = []
    for name in args.rulesets:
        rules = kozel.variants.get(name)
        matches, steps, elapsed = playouts(rules, args.seconds)
        middle, largest = sample_states(rules)
        rows.append((name, matches / elapsed, steps / elapsed, elapsed / steps * 1e6, retained_size(middle), largest))
    marks.append(reference_us_per_step(2.0))
    mark = sum(marks) / len(marks)
    print(f"kozel {kozel.__version__}, Python {sys.version.split()[0]}")
    print(f"reference: {mark:.3f} us/step (runs: {', '.join(f'{m:.3f}' for m in marks)})")
    print(
        f"{'ruleset':<14}{'matches/s':>10}{'moves/s':>10}{'us/step':>9}{'x ref':>8}{'mid-hand B':>12}{'largest B':>11}"
    )
    for name, per_match, per_move, us, size, largest in rows:
        print(f"{name:<14}{per_match:10.1f}{per_move:10.0f}{us:9.2f}{us / mark:8.2f}{size:12d}{largest:11d}")


if __name__ == "__main__":
    main()
