"""Duplicate hands: two bots compared on the same deals, each deal played twice with the sides swapped.

    python bench/duplicate.py classic ismcts heuristic --deals 300
    python bench/duplicate.py classic "ismcts(iterations=480)" heuristic --deals 120 --start 5000

Whole matches (``kozel simulate``) are what a bot is judged by, but most of a match's outcome is
the cards dealt, so telling two close bots apart takes thousands of matches.  Here each deal (the
first hand of a match from the seed ``start + i``) is played twice: bot A on side 0 and bot B on
side 1, then the other way round, with the same deck.  The luck of the deal cancels out of the
difference, which is what is reported per hand: A's card points above an even share (60 of 120),
and the written points A's side came out ahead by (penalties on the other side, or credits on its
own), each with a 95% interval (1.96 standard errors).  Two-sided rulesets only.

It is a screen, not a verdict: the first hand of a match only, and a hand's value rather than the
match's.  ``kozel league`` plays the same scheme on whole matches (each deal once in both seatings
of a pairing, the same deals for every pairing: ``Tournament(..., duplicate=True)``) and rates the
bots from the match wins; a bot that gains here still has to win matches there.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import sys
import time

from kozel.bots.runner import next_move
from kozel.bots.specs import make_bot
from kozel.engine.core import apply
from kozel.engine.start import new_game
from kozel.rules.scoring import ScoreMode
from kozel.variants import get


def play_hand(ruleset: str, specs: tuple[str, str], seed: int) -> tuple[float, int]:
    """The first hand of the match of ``seed``, ``specs[0]`` on side 0: side 0's card points of 120, written lead."""
    rules = get(ruleset)
    bots = [make_bot(specs[rules.side_of(seat)]) for seat in range(rules.players)]
    for seat, bot in enumerate(bots):
        bot.setup(rules, seat, seed)
    state = new_game(rules, seed=seed)
    while not state.is_over and not state.hand_results:
        state = apply(state, next_move(state, bots))
    result = state.hand_results[-1]
    total = sum(result.points)
    points = 120 * result.points[0] / total if total else 60.0
    lead = result.written[0] - result.written[1]
    return points, -lead if rules.scoring.mode is ScoreMode.PENALTY else lead


def deal(ruleset: str, a: str, b: str, seed: int) -> tuple[float, float]:
    """A's card points above 60 and written lead, per hand, over the two seatings of one deal."""
    first = play_hand(ruleset, (a, b), seed)
    second = play_hand(ruleset, (b, a), seed)
    return (first[0] + (120 - second[0])) / 2 - 60, (first[1] - second[1]) / 2


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half width of its 95% interval."""
    mean = sum(values) / len(values)
    spread = sum((value - mean) ** 2 for value in values) / max(1, len(values) - 1)
    return mean, 1.96 * math.sqrt(spread / len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("a", help="the bot measured (a name or module:Class, with (key=value) arguments)")
    parser.add_argument("b", help="the bot it is measured against")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--start", type=int, default=1000, help="the seed of the first deal")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    if get(args.ruleset).sides != 2:
        sys.exit(f"{args.ruleset} has more than two sides; duplicate hands here swap two sides")
    started = time.perf_counter()
    seeds = range(args.start, args.start + args.deals)
    with concurrent.futures.ProcessPoolExecutor(args.processes) as pool:
        pairs = list(pool.map(deal, [args.ruleset] * len(seeds), [args.a] * len(seeds), [args.b] * len(seeds), seeds))
    points, points_width = interval([pair[0] for pair in pairs])
    written, written_width = interval([pair[1] for pair in pairs])
    print(
        f"{args.ruleset}: {args.a} vs {args.b}, {args.deals} deals from seed {args.start}, "
        f"{time.perf_counter() - started:.0f} s\n"
        f"  card points above 60 per hand: {points:+.2f} ± {points_width:.2f}\n"
        f"  written points ahead per hand: {written:+.3f} ± {written_width:.3f}"
    )


if __name__ == "__main__":
    main()
