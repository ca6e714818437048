"""Sampled worlds at scale: how long ``determinize`` takes, its tail, and whether it ever fails.

    python bench/worlds.py                        # every built-in ruleset, 20,000 views each
    python bench/worlds.py pairs --views 2000     # fewer views, one ruleset
    python bench/worlds.py --clock cpu            # each call timed by the CPU time it took
    python bench/worlds.py bench/house/*.json --tries 2000   # house rulesets, at most 2000 draws a call

Views are taken from random matches: a match from a random seed, played by random legal moves
for a random number of moves (0 to 150, across deals), viewed from every seat.  Each view gets one
``kozel.determinize(view, random.Random(n))`` call, timed on its own; the figures are the median,
the 99th percentile and the slowest call, in microseconds and as multiples of the reference step of
``bench/reference.py`` timed in the same run (before and after).  ``--clock cpu`` times each call by the
process's CPU time instead of the wall clock: on a shared machine the wall clock's tail is mostly the time
the process waited for a processor.  Each view is made whole before it is
timed (its history and voids read once, as a tracker's views come), so the time is ``determinize``'s own
and not that of ``observe`` working out the history; and the stored views are set aside from the garbage
collector (``gc.freeze``), whose full passes over tens of thousands of them would otherwise land in
whichever call they happen to interrupt.  A failure is a call that raised:
every view here comes from legal play, so there should be none; each is printed with the match seed,
the number of moves and the seat, so that it can be replayed.  A ruleset is a built-in's name or a house
ruleset file (``.toml`` or ``.json``; ``bench/house/`` holds some that hand many cards face down).  By
default each call draws as ``determinize`` does for a view the engine made (until its budget runs out);
``--tries N`` caps the draws, to count how often the sampler alone would give up.  In ``pairs`` the views inside or
after a praise deal dealt by drawing ("trousers", "pants double") are also counted on their own
(the ``pairs/drawing`` row); they are part of the ``pairs`` row as well.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time

from reference import reference_us_per_step

import kozel
from kozel.view import PlayerView

_DRAWING = {"trousers", "pants_double"}


def views(rules: kozel.Ruleset, count: int, seed: int) -> list[tuple[PlayerView, str]]:
    """``count`` views of random positions, every seat of each; each with how to reach it again."""
    rng = random.Random(seed)
    found: list[tuple[PlayerView, str]] = []
    while len(found) < count:
        match = rng.randrange(2**32)
        moves = rng.randrange(0, 151)
        play = random.Random(match)
        state = kozel.new_game(rules, seed=match)
        done = 0
        while done < moves and not state.is_over:
            state = kozel.apply(state, play.choice(kozel.legal_moves(state)))
            done += 1
        for seat in range(rules.players):
            view = kozel.observe(state, seat)
            view.history  # noqa: B018 - made whole before it is timed
            view.voids  # noqa: B018
            found.append((view, f"seed {match}, {done} moves, seat {seat}"))
    return found[:count]


def percentile(times: list[float], share: float) -> float:
    """The ``share`` percentile of ``times`` (sorted), nearest rank."""
    return times[min(len(times) - 1, max(0, round(share * len(times)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rulesets", nargs="*", default=list(kozel.variants.names()))
    parser.add_argument("--views", type=int, default=20_000, help="views per ruleset")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random matches")
    parser.add_argument("--tries", type=int, default=None, help="the most draws a call (default: determinize's)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time each call by the wall clock (default) or by the process's CPU time, which leaves out the time"
        " the process waited for a processor on a shared machine (the reference step is timed by the wall clock)",
    )
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    started = time.perf_counter()
    marks = [reference_us_per_step(2.0)]
    rows = []
    for given in args.rulesets:
        rules = kozel.load_ruleset(given) if given.endswith((".toml", ".json")) else kozel.variants.get(given)
        name = rules.name
        groups: dict[str, list[float]] = {name: []}
        failures = []
        taken = views(rules, args.views, args.seed)
        gc.collect()
        gc.freeze()
        for number, (view, where) in enumerate(taken):
            rng = random.Random(number)
            start = clock()
            try:
                kozel.determinize(view, rng, tries=args.tries)
            except kozel.KozelError as error:
                failures.append(f"{name}: {where}: {error}")
            spent = clock() - start
            groups[name].append(spent)
            if view.praise in _DRAWING:
                groups.setdefault(f"{name}/drawing", []).append(spent)
        del taken
        gc.unfreeze()
        for failure in failures:
            print("FAILED", failure, flush=True)
        for group, times in groups.items():
            rows.append((group, sorted(times), len(failures) if group == name else None))
        for group, spent in groups.items():
            times = sorted(spent)
            median, p99 = percentile(times, 0.5) * 1e6, percentile(times, 0.99) * 1e6
            print(
                f"... {group}: {len(times)} views, {len(failures)} failed, median {median:.0f} us, p99 {p99:.0f} us,"
                f" max {times[-1] * 1e6:.0f} us ({time.perf_counter() - started:.0f} s in)",
                file=sys.stderr,
                flush=True,
            )
    marks.append(reference_us_per_step(2.0))
    mark = sum(marks) / len(marks)
    print(
        f"kozel {kozel.__version__}, Python {sys.version.split()[0]}, {args.views} views per ruleset,"
        f" calls timed by the {args.clock} clock" + (f", at most {args.tries} draws a call" if args.tries else "")
    )
    print(f"reference: {mark:.3f} us/step (before {marks[0]:.3f}, after {marks[1]:.3f})")
    header = f"{'ruleset':<22}{'views':>7}{'fails':>6}{'median us':>11}{'x ref':>7}{'p99 us':>10}{'x ref':>7}"
    print(header + f"{'max us':>11}{'x ref':>8}")
    for group, times, fails in rows:
        median, p99, top = percentile(times, 0.5) * 1e6, percentile(times, 0.99) * 1e6, times[-1] * 1e6
        print(
            f"{group:<22}{len(times):>7}{'' if fails is None else fails:>6}{median:11.0f}{median / mark:7.0f}"
            f"{p99:10.0f}{p99 / mark:7.0f}{top:11.0f}{top / mark:8.0f}"
        )
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
