"""Bots at play: what ``kozel simulate`` costs against the bare random playout loop, in the same run.

    python bench/simulate.py                          # random vs random, 2000 matches, one process
    python bench/simulate.py --bots heuristic random --matches 100

It times the bare loop of ``bench/playouts.py`` (``legal_moves`` + a random choice + ``apply``,
whole matches) for ``--seconds``, then runs ``kozel simulate RULESET --bots ... -n MATCHES
--processes 1`` in this process (its table thrown away) and times it, then the bare loop again;
it prints both rates and their ratio, and the reference step of ``bench/reference.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time

from playouts import playouts
from reference import reference_us_per_step

import kozel
from kozel.cli.main import main as kozel_main


def simulate_rate(ruleset: str, bots: list[str], matches: int, seed: int) -> float:
    """Matches a second of ``kozel simulate`` on one process, the whole command timed."""
    args = ["simulate", ruleset, "--bots", *bots, "-n", str(matches), "--processes", "1", "--seed", str(seed)]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        start = time.perf_counter()
        status = kozel_main(args)
        elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"kozel {' '.join(args)} failed with status {status}")
    return matches / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ruleset", nargs="?", default="classic")
    parser.add_argument("--bots", nargs="+", default=["random", "random"])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each run of the bare loop")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = kozel.variants.get(args.ruleset)
    mark = reference_us_per_step(2.0)
    bare = []
    played, _, elapsed = playouts(rules, args.seconds)
    bare.append(played / elapsed)
    rate = simulate_rate(args.ruleset, args.bots, args.matches, args.seed)
    played, _, elapsed = playouts(rules, args.seconds)
    bare.append(played / elapsed)
    loop = sum(bare) / len(bare)
    print(f"kozel {kozel.__version__}, Python {sys.version.split()[0]}; reference {mark:.3f} us/step")
    print(f"bare random playout loop, {args.ruleset}: {loop:.1f} matches/s (runs: {bare[0]:.1f}, {bare[1]:.1f})")
    command = f"kozel simulate {args.ruleset} --bots {' '.join(args.bots)} -n {args.matches} --processes 1"
    print(f"{command}: {rate:.1f} matches/s")
    print(f"ratio simulate / bare loop: {rate / loop:.2f}")


if __name__ == "__main__":
    main()
