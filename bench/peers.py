"""Full hands per second: kozel's classic game against OpenSpiel's C++ oh_hell, random play, in one run.

    python bench/peers.py                                   # this interpreter's kozel, and oh_hell
    python bench/peers.py --kozel .venv/bin/python --kozel /tmp/compiled/bin/python --seconds 3

Each ``--kozel`` interpreter (default: this one) plays random classic matches in a subprocess and
counts the hands finished (every deal, the last trick to the next shuffle); it says whether its
kozel is the pure-Python or the compiled build.  OpenSpiel's ``oh_hell`` (four players, 32 cards,
seven tricks, random bids and plays, chance outcomes sampled by their probabilities) is played
through ``pyspiel`` in this process, and the rounds alternate (kozel builds, then oh_hell, twice)
so a busy machine weighs on each alike.  Without ``open_spiel`` installed it says so and times
kozel alone.  Quote the ratios: machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from typing import Any

OH_HELL = "oh_hell(players=4,num_suits=4,num_cards_per_suit=8,num_tricks_fixed=7)"


def kozel_hands(seconds: float, seed: int = 1) -> dict[str, Any]:
    """Random classic matches for about ``seconds``: hands finished per second, and which build ran."""
    import kozel  # noqa: PLC0415 - the child imports the kozel of its own interpreter

    rules = kozel.variants.get("classic")
    rng = random.Random(seed)
    legal_moves, apply, choice, clock = kozel.legal_moves, kozel.apply, rng.choice, time.perf_counter
    hands = 0
    start = clock()
    while clock() - start < seconds:
        state = kozel.new_game(rules, seed=rng.randrange(2**32))
        while state.match.result is None:
            state = apply(state, choice(legal_moves(state)))
        hands += len(state.match.hand_results)
    elapsed = clock() - start
    build = "compiled" if getattr(kozel, "__compiled__", False) else "pure Python"
    return {"build": build, "hands_per_s": hands / elapsed, "hands": hands}


def oh_hell_hands(pyspiel: Any, seconds: float, seed: int = 1) -> float:
    """Random oh_hell hands through pyspiel for about ``seconds``: hands per second."""
    game = pyspiel.load_game(OH_HELL)
    rng = random.Random(seed)
    clock = time.perf_counter
    hands = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    return hands / (clock() - start)


def _child(python: str, seconds: float) -> dict[str, Any]:
    out = subprocess.run(
        [python, __file__, "--child", "--seconds", str(seconds)], check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kozel", action="append", help="an interpreter whose kozel to time (repeatable)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per round of each")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(kozel_hands(args.seconds)))
        return
    try:
        import pyspiel  # noqa: PLC0415 - optional: only this benchmark uses it
    except ImportError:
        pyspiel = None
        print("open_spiel is not installed (pip install open_spiel): timing kozel alone, no oh_hell figure")
    pythons = args.kozel or [sys.executable]
    kozel_runs: dict[str, list[float]] = {}
    builds: dict[str, str] = {}
    peer_runs: list[float] = []
    for _ in range(args.rounds):
        for python in pythons:
            result = _child(python, args.seconds)
            builds[python] = result["build"]
            kozel_runs.setdefault(python, []).append(result["hands_per_s"])
        if pyspiel is not None:
            peer_runs.append(oh_hell_hands(pyspiel, args.seconds))
    print(f"Python {sys.version.split()[0]}, {args.rounds} alternating rounds of {args.seconds:g} s each")
    peer = sum(peer_runs) / len(peer_runs) if peer_runs else None
    if peer is not None:
        print(f"{'oh_hell (OpenSpiel C++, pyspiel)':<44}{peer:10.0f} hands/s  (runs: {_runs(peer_runs)})")
    for python, runs in kozel_runs.items():
        mean = sum(runs) / len(runs)
        ratio = f"  {mean / peer:.2f}x oh_hell" if peer else ""
        label = f"kozel classic, {builds[python]}"
        print(f"{label:<44}{mean:10.0f} hands/s{ratio}  (runs: {_runs(runs)}; {python})")


def _runs(runs: list[float]) -> str:
    return ", ".join(f"{run:.0f}" for run in runs)


if __name__ == "__main__":
    main()
