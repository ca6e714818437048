"""Perft: the number of legal move sequences to a fixed depth from fixed deals, kept in ``data/perft.json``.

Any change to what is legal changes these counts, so a change in legality fails here loudly; a
deliberate rule change updates the data (and says why in the CHANGELOG).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kozel
from kozel import GameState

DATA = json.loads((Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8"))


def perft(state: GameState, depth: int) -> int:
    """How many move sequences of length ``depth`` the rules allow from ``state``."""
    if depth == 0 or state.is_over:
        return 1
    moves = kozel.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(kozel.apply(state, move), depth - 1) for move in moves)


def position(case: dict) -> GameState:
    """The case's starting position: a new game dealt from the case's deck, then the moves it names, if any.

    The deck order is written out, so that the counts do not depend on the match's shuffle; the seed,
    where a case gives one, draws what comes after (the cuts of a mirror deal, the deals after a redeal).
    """
    rules = kozel.variants.get(case["ruleset"]).for_players(case["players"])
    state = kozel.new_game(rules, seed=case.get("seed", 0), deck=case["deck"], dealer=case.get("dealer", 0))
    for move in case.get("moves", ()):
        state = kozel.apply(state, kozel.parse_move(move))
    return state


@pytest.mark.parametrize("case", DATA, ids=[case["name"] for case in DATA])
def test_perft(case):
    state = position(case)
    assert [perft(state, depth) for depth in range(1, len(case["counts"]) + 1)] == case["counts"]
