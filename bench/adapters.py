"""What the training adapters cost a step, next to kozel's own step, measured in the same run.

    python bench/adapters.py                  # classic, about 3 s per figure
    python bench/adapters.py hammer --seconds 5 --rounds 10

Each figure is timed in rounds, every figure in turn in each round, and each adapter's ratio is
the median of its rounds' ratios to kozel's step of the same round: a busy spell of the machine
slows the figures of one round together, not one figure alone.

Figures, in microseconds per step of random play, and as a ratio to kozel's own step
(``legal_moves`` + a random choice + ``apply``, whole matches):

- ``pettingzoo``: ``last()`` (the observation: the encoding and the action mask) + a random choice
  from the mask + ``step``, through ``kozel.integrations.pettingzoo.raw_env``, whole matches.
- ``openspiel``: ``legal_actions()`` + a random choice + ``apply_action`` in the hand game of
  ``kozel.integrations.openspiel``, whole hands from the first chance node; the chance nodes'
  cost (dealing the deck card by card) is spread over the players' steps, which the count is.
- ``encoding``: ``encoding(rules).observation(view)`` alone, on views of positions reached by
  random play (the views made beforehand).

The bar: each adapter step at most 5x a bare kozel step.  Each adapter figure is left out, saying
so, when its extra is not installed.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from statistics import median

import kozel
from kozel.play import encoding
from kozel.rules.ruleset import Ruleset


def timed(run: Callable[[random.Random], int], seconds: float) -> float:
    """Microseconds per step: ``run`` (one episode, returning its steps) repeated for ``seconds``."""
    rng = random.Random(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run(rng)
    return (time.perf_counter() - start) / steps * 1e6


def kozel_match(rules: Ruleset) -> Callable[[random.Random], int]:
    def run(rng: random.Random) -> int:
        state, steps = kozel.new_game(rules, seed=rng.randrange(2**32)), 0
        while not state.is_over:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
            steps += 1
        return steps

    return run


def pettingzoo_match(rules: Ruleset) -> Callable[[random.Random], int]:
    table = importlib.import_module("kozel.integrations.pettingzoo").raw_env(rules)

    def run(rng: random.Random) -> int:
        table.reset(seed=rng.randrange(2**32))
        steps = 0
        for _ in table.agent_iter():
            observation, _, done, truncated, _ = table.last()
            if done or truncated:
                table.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            table.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return run


def openspiel_hand(rules: Ruleset) -> Callable[[random.Random], int]:
    openspiel = importlib.import_module("kozel.integrations.openspiel")  # registers the games
    game = importlib.import_module("pyspiel").load_game(openspiel.game_name(rules))

    def run(rng: random.Random) -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def encode(rules: Ruleset, seconds: float) -> float:
    """Microseconds per ``observation(view)`` of views reached by random play (made beforehand)."""
    rng = random.Random(2)
    views = []
    while len(views) < 200:
        state = kozel.new_game(rules, seed=rng.randrange(2**32))
        for _ in range(rng.randrange(1, 60)):
            if state.is_over:
                break
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        if not state.is_over:
            views.append(kozel.observe(state, rng.randrange(rules.players)))
    coder = encoding(rules)
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for view in views:
            coder.observation(view)
        calls += len(views)
    return (time.perf_counter() - start) / calls * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default="classic", help="a built-in ruleset (classic)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per figure, all rounds together (3)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each timing every figure in turn (5)")
    args = parser.parse_args(argv)
    if args.ruleset not in kozel.variants.names():
        print(f"adapters: no built-in ruleset {args.ruleset!r}; one of {kozel.variants.names()}", file=sys.stderr)
        return 2
    if args.rounds < 1 or args.seconds <= 0:
        print("adapters: --rounds is at least 1 and --seconds more than 0", file=sys.stderr)
        return 2
    rules = kozel.variants.get(args.ruleset)
    figures: list[tuple[str, Callable[[random.Random], int]]] = [("kozel", kozel_match(rules))]
    missing = []
    for name, needs, make in (
        ("pettingzoo step (last + choice + step)", "pettingzoo", pettingzoo_match),
        ("openspiel step (legal_actions + choice + apply)", "pyspiel", openspiel_hand),
    ):
        if importlib.util.find_spec(needs) is None:
            missing.append(f"{name:45} left out: {needs} is not installed")
        else:
            figures.append((name, make(rules)))
    share = args.seconds / args.rounds
    costs: dict[str, list[float]] = {name: [] for name, _ in figures}
    coded: list[float] = []
    for _ in range(args.rounds):  # interleaved, so that a slower spell of the machine touches every figure
        for name, run in figures:
            costs[name].append(timed(run, share))
        coded.append(encode(rules, share))
    base = costs["kozel"]
    print(f"{rules.name}, {args.seconds:g} s per figure in {args.rounds} rounds; medians, ratios round by round")
    print(f"{'kozel step (legal_moves + choice + apply)':45} {median(base):8.1f} us   1.00x")
    for name, _ in figures[1:]:
        ratio = median(cost / own for cost, own in zip(costs[name], base, strict=True))
        verdict = "within" if ratio <= 5 else "over"
        print(f"{name:45} {median(costs[name]):8.1f} us {ratio:6.2f}x {verdict} 5x")
    for line in missing:
        print(line)
    ratio = median(cost / own for cost, own in zip(coded, base, strict=True))
    print(f"{'encoding(rules).observation(view)':45} {median(coded):8.1f} us {ratio:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
