"""The Ray backend against the local process pool: Ray's fixed cost, and matches a second on the same cores.

    python bench/backends.py --cpus 2

Plays 2,000 random-vs-random and 400 heuristic-vs-random classic matches (seed 1) on ``--cpus``
local processes, then on a local Ray runtime of as many CPUs, and prints the time of each, Ray's
start (``ray.init``) and shutdown, and whether the outcomes are identical.  Needs the ray extra.
"""

from __future__ import annotations

import argparse
import time

import kozel
from kozel.bots import Tournament
from kozel.integrations.ray import RayExecutor

RUNS = ((("random", "random"), 2000), (("heuristic", "random"), 400))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cpus", type=int, default=2)
    args = parser.parse_args()
    rules = kozel.variants.get("classic")
    local = {}
    for bots, matches in RUNS:
        started = time.perf_counter()
        local[bots] = Tournament(rules, bots, matches, seed=1).run(args.cpus)[1]
        spent = time.perf_counter() - started
        print(
            f"process pool, {args.cpus} processes: {' vs '.join(bots)} x {matches}: {spent:.1f} s, "
            f"{matches / spent:.1f} matches/s, {args.cpus * spent / matches * 1000:.0f} ms of CPU a match"
        )
    started = time.perf_counter()
    executor = RayExecutor(num_cpus=args.cpus)
    print(f"ray.init: {time.perf_counter() - started:.1f} s")
    for bots, matches in RUNS:
        started = time.perf_counter()
        outcomes = Tournament(rules, bots, matches, seed=1).run(args.cpus, executor=executor)[1]
        spent = time.perf_counter() - started
        print(
            f"ray, {args.cpus} CPUs: {' vs '.join(bots)} x {matches}: {spent:.1f} s, "
            f"{matches / spent:.1f} matches/s, identical: {outcomes == local[bots]}"
        )
    started = time.perf_counter()
    executor.shutdown()
    print(f"ray.shutdown: {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
