"""Random playouts: how fast the engine plays whole matches, as a ratio to the reference engine.

    python bench/playouts.py                      # every built-in ruleset, about 3 s each
    python bench/playouts.py classic --seconds 10

For each ruleset it plays random matches (``legal_moves`` + a random choice + ``apply`` per step,
whole matches including every deal) and prints matches/s, moves/s, microseconds per step and
the retained size of a mid-hand state: "mid-hand B", what it holds on its own; "+deal B", the
deal's records (``state.match``, ``state.deal``) it shares with every other state of its deal,
retained once per deal; "old B", the accounting used before 2026-12-02 (everything reachable but
the rules' shared objects, the engine's interned moves, empty tuples and the deal's records
counted as the state's own); "largest B", the most any state of that hand holds on its own.
In the same run it times the reference engine of ``bench/reference.py``, before and after, and
prints each step's cost as a multiple of the reference step.  Machines are noisy: quote the ratio, not the microseconds.
"""

from __future__ import annotations

import argparse
import enum
import gc
import random
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

from reference import reference_us_per_step

import kozel
from kozel.cards.cardset import cards_of
from kozel.engine import interned
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


def _shared_old(obj: object) -> bool:
    """What the accounting before 2026-12-02 left out: objects every state of the same rules shares, or small ints."""
    return (
        isinstance(obj, (Ruleset, TrumpTable, kozel.Card, enum.Enum, type, ModuleType, frozenset))
        or obj is None
        or isinstance(obj, bool)
        or (type(obj) is int and -5 <= obj <= 256)  # type: ignore[operator]
    )


def _shared(obj: object, interned_ids: frozenset[int]) -> bool:
    """Objects no state holds on its own: shared by every state of the same rules, or kept once by the interpreter or
    by the engine's tables (its interned moves and number tuples, ``cards_of``'s card tuples of one suit)."""
    if _shared_old(obj):
        return True
    if (type(obj) is tuple or type(obj) is bytes) and not obj:  # the interpreter's one empty tuple and bytes
        return True
    return id(obj) in interned_ids or (type(obj) is tuple and _is_card_tuple(obj))  # type: ignore[arg-type]


def _is_card_tuple(cards: tuple[object, ...]) -> bool:
    """Whether ``cards`` is the very tuple ``cards_of`` keeps for its cards (a card set of one suit)."""
    if not all(type(card) is kozel.Card for card in cards):
        return False
    return cards is cards_of(sum(1 << card for card in cards))  # type: ignore[call-overload]


def _interned_ids() -> frozenset[int]:
    """The ids of every object the engine's tables hold so far (an engine without ``interned_objects``: none)."""
    listed = getattr(interned, "interned_objects", None)
    return frozenset(map(id, listed())) if listed is not None else frozenset()


def _walk(roots: list[object], skip: Callable[[object], bool], seen: set[int]) -> int:
    """Bytes of the objects reachable from ``roots`` that ``skip`` does not rule out and ``seen`` does not hold yet."""
    total = 0
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or skip(obj):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


class Sizes(NamedTuple):
    """A state's retained bytes, counted three ways (see ``retained``)."""

    #: What the state holds on its own: beyond the deal's records and what nothing holds alone.
    own: int
    #: The deal's records (``state.match``, ``state.deal``), shared by every state of the deal: once per deal.
    deal: int
    #: The accounting before 2026-12-02: everything reachable but the rules' shared objects and small ints.
    old: int


def retained(state: GameState) -> Sizes:
    """Bytes of the objects reachable from ``state`` that are its own, and of those its deal shares, and the old count.

    A state's ``match`` and ``deal`` records are the same objects in every state of the deal (the
    engine passes them on): retained once per deal, they are counted apart, not in each state.
    """
    ids = _interned_ids()

    def skip(obj: object) -> bool:
        return _shared(obj, ids)

    seen = {id(state)}
    deal = _walk([state.match, state.deal], skip, seen)
    own = _walk([state], skip, seen - {id(state)})
    return Sizes(own, deal, _walk([state], _shared_old, set()))


def retained_size(state: GameState) -> int:
    """Bytes of the objects reachable from ``state`` that are its own (see ``retained``)."""
    return retained(state).own


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
        sizes = retained(middle)
        rows.append((name, matches / elapsed, steps / elapsed, elapsed / steps * 1e6, *sizes, largest))
    marks.append(reference_us_per_step(2.0))
    mark = sum(marks) / len(marks)
    print(f"kozel {kozel.__version__}, Python {sys.version.split()[0]}")
    print(f"reference: {mark:.3f} us/step (runs: {', '.join(f'{m:.3f}' for m in marks)})")
    print(
        f"{'ruleset':<14}{'matches/s':>10}{'moves/s':>10}{'us/step':>9}{'x ref':>8}{'mid-hand B':>12}"
        f"{'+deal B':>9}{'old B':>7}{'largest B':>11}"
    )
    for name, per_match, per_move, us, own, deal, old, largest in rows:
        speed = f"{name:<14}{per_match:10.1f}{per_move:10.0f}{us:9.2f}{us / mark:8.2f}"
        print(f"{speed}{own:12d}{deal:9d}{old:7d}{largest:11d}")


if __name__ == "__main__":
    main()
