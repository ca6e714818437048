"""The search bot's time a decision, on one fixed set of decisions: to choose a budget, or to compare two lines.

    python bench/decisions.py classic iterations=580
    python bench/decisions.py seven_of_clubs iterations=480 steps=12000 --matches 3
    python bench/decisions.py classic iterations=580,worlds=40 iterations=580

The decisions are those of seats 0 and 2 (one side) wherever they had more than one move, in
``--matches`` matches of four heuristic bots (seeds 100, 101, ...): the same set for every budget
and every line of the code, since the heuristic bot plays the same moves from the same seed.  For
each budget (``iterations=N``, ``steps=N`` or ``seconds=X``, as ``IsmctsBot`` takes them) a search
bot seeded 1 for each of the two seats makes its seat's decisions of the set once; it prints the
mean and median CPU time a decision.
To compare two lines of the code, time the same command as a whole process with each on the path,
in turn, several times: a shared machine moves single runs by a tenth or more.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

import kozel
from kozel.bots import HeuristicBot, IsmctsBot, play_match
from kozel.game.move import Move
from kozel.view import PlayerView


def decisions(rules: kozel.Ruleset, matches: int) -> list[tuple[PlayerView, tuple[Move, ...]]]:
    """The views and moves of seats 0 and 2 wherever they had a choice, in ``matches`` heuristic matches."""
    found: list[tuple[PlayerView, tuple[Move, ...]]] = []

    class Recorder(HeuristicBot):
        def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
            if self.seat in (0, 2) and len(moves) > 1:
                found.append((view, tuple(moves)))
            return super().choose(view, moves)

    for match in range(matches):
        play_match(rules, [Recorder() for _ in range(rules.players)], seed=100 + match)
    return found


def decision_times(
    rules: kozel.Ruleset, cases: list[tuple[PlayerView, tuple[Move, ...]]], keywords: dict[str, float]
) -> list[float]:
    """The CPU time of each decision of ``cases``, by a search bot with ``keywords`` set up for its seat (seed 1)."""
    bots: dict[int, IsmctsBot] = {}
    times = []
    for view, moves in cases:
        bot = bots.get(view.seat)
        if bot is None:
            bot = bots[view.seat] = IsmctsBot(**keywords)  # type: ignore[arg-type]
            bot.setup(rules, view.seat, 1)
        started = time.process_time()
        bot.choose(view, moves)
        times.append(time.process_time() - started)
    return times


def budget(text: str) -> dict[str, float]:
    """``iterations=N``, ``steps=N`` or ``seconds=X`` (and ``,worlds=N``) as keyword arguments of ``IsmctsBot``."""
    keywords: dict[str, float] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name not in ("iterations", "steps", "seconds", "worlds") or not value or name in keywords:
            raise argparse.ArgumentTypeError(
                f"a budget is iterations=N, steps=N or seconds=X, and ,worlds=N if given, not {text!r}"
            )
        try:
            keywords[name] = float(value) if name == "seconds" else int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} is a number, not {value!r}") from None
    return keywords


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", help="a built-in ruleset")
    parser.add_argument(
        "budgets", nargs="+", type=budget, help="iterations=N, steps=N or seconds=X, and ,worlds=N if given"
    )
    parser.add_argument("--matches", type=int, default=3, help="heuristic matches the decisions come from")
    args = parser.parse_args()
    rules = kozel.variants.get(args.ruleset)
    cases = decisions(rules, args.matches)
    print(f"kozel {kozel.__version__}, {rules.name}: {len(cases)} decisions from {args.matches} matches")
    for keywords in args.budgets:
        times = decision_times(rules, cases, keywords)
        bot = IsmctsBot(**keywords)  # type: ignore[arg-type]
        print(f"{bot!r}: mean {statistics.mean(times):.4f} s, median {statistics.median(times):.4f} s a decision")


if __name__ == "__main__":
    main()
