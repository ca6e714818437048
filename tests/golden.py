"""The golden corpus: seeded random matches of every built-in ruleset, written down once.

A change of structure must not change behaviour: ``tests/test_golden.py`` plays the same matches
again and compares, byte for byte, each match's record, and the JSON of a few states and views
along the way.  A deliberate change of behaviour (a new rule reading, a new seed-to-deal mapping)
re-records the corpus, and says why in the CHANGELOG::

    python tests/golden.py        # rewrites tests/data/golden/<ruleset>.json
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import kozel
from kozel import GameState, Ruleset

FOLDER = Path(__file__).parent / "data" / "golden"
#: Seeded random matches per ruleset, and how many of them are kept in full (the rest by digest).
MATCHES, KEPT = 30, 2
#: After how many moves of the first match a state and a view (from each seat in turn) are kept.
SNAPSHOTS = (0, 7, 25, 60)


def play(rules: Ruleset, seed: int) -> tuple[GameState, list[GameState]]:
    """Match ``seed``: random legal play from ``new_game(rules, seed=seed)``; its end and every state on the way."""
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    states = [state]
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        states.append(state)
    return state, states


def corpus(rules: Ruleset) -> dict[str, object]:
    """What the corpus keeps of one ruleset, as it plays today."""
    records, snapshots = [], []
    for seed in range(MATCHES):
        end, states = play(rules, seed)
        records.append(kozel.record.dumps(end))
        if seed == 0:
            for number, moves in enumerate(SNAPSHOTS):
                state = states[min(moves, len(states) - 1)]
                seat = number % rules.players
                snapshots.append(
                    {
                        "moves": moves,
                        "seat": seat,
                        "state": kozel.record.to_json(state),
                        "view": kozel.record.to_json(kozel.observe(state, seat)),
                    }
                )
    return {
        "ruleset": rules.name,
        "records": records[:KEPT],
        "digests": [hashlib.sha256(record.encode()).hexdigest() for record in records],
        "snapshots": snapshots,
    }


def path(name: str) -> Path:
    """The corpus file of one ruleset."""
    return FOLDER / f"{name}.json"


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in kozel.variants.names():
        data = corpus(kozel.variants.get(name))
        path(name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path(name)}: {len(data['digests'])} matches")


if __name__ == "__main__":
    main()
