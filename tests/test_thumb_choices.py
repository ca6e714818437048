"""The club player's choices in a trick pick the first of the best, as ``max`` and ``min`` with a key would.

The heuristic bot and the search bot's play-outs choose by explicit loops (cheaper in the compiled build than
``max``/``min`` with a key); these tests hold them to what those calls give, ties included, on the states of
random matches of every built-in ruleset.
"""

from __future__ import annotations

import random

import pytest
from helpers import random_steps

import kozel
from kozel.bots.thumb import TRICK, TRUMP_COST, Costs, answer_with, best_scored, cost_of, move_count, trick_score
from kozel.engine.within_hand import within_hand
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState


def _in_tricks(name: str, matches: int = 2) -> list[GameState]:
    """The states of a few random matches where the seat to move plays into a trick."""
    return [
        state
        for state, _, _ in random_steps(kozel.variants.get(name), matches, 23)
        if state.turn is not None
        and any(move.kind in TRICK and move.seat == state.turn for move in kozel.legal_moves(state))
    ]


def _answer_by_key(state: GameState, costs: Costs) -> Move | None:
    """The club player's answer written with ``max``/``min`` and keys (the rule of thumb as first written)."""
    seat = state.turn
    if seat is None:
        return None
    moves = [move for move in kozel.legal_moves(state) if move.seat == seat and move.kind in TRICK]
    if not moves:
        return None
    table = costs.table
    trick = state.trick
    if trick is None:
        aces = table.trump_mask

        def lead_value(move: Move) -> float:
            plain_aces = sum(1 for card in move.cards if card.rank is kozel.Rank.ACE and not card.bit & aces)
            return 20 * plain_aces - costs[move.mask]

        return max(moves, key=lead_value)
    side_of_seat = costs.side_of_seat
    if side_of_seat[trick.winner] == side_of_seat[seat]:
        last = len(trick.plays) == costs.players - 1 and move_count(trick) == 1
        plain = [move for move in moves if not move.mask & table.trump_mask and move.kind is not MoveKind.BEAT]
        if last and plain:
            return max(plain, key=lambda move: costs[move.mask])
        return min(moves, key=lambda move: costs[move.mask])

    def takes(move: Move) -> bool:
        if move.kind is MoveKind.PASS:
            return False
        if move.kind is not MoveKind.PLAY:
            return True
        return bool(state.table.beaters[trick.best.cards[0]] & move.mask)

    taking = [move for move in moves if takes(move)]
    return min(taking or moves, key=lambda move: costs[move.mask])


@pytest.mark.parametrize("name", kozel.variants.names())
def test_the_answer_is_the_first_of_the_best_as_max_and_min_give(name: str) -> None:
    states = _in_tricks(name)
    assert len(states) > 30
    ties = 0
    for state in states:
        costs = Costs(state.match.ruleset, state.table)
        expected = _answer_by_key(state, costs)
        assert answer_with(state, costs) == expected
        moves = [move for move in kozel.legal_moves(state) if move.seat == state.turn and move.kind in TRICK]
        ties += len({costs[move.mask] for move in moves}) < len(moves)
    assert ties, f"{name}: some states must offer moves of equal cost, so that the order of ties is tested"


@pytest.mark.parametrize("name", ["classic", "seven_of_clubs", "six_players", "pairs"])
def test_the_best_scored_move_is_the_first_of_the_best_summed_over_the_worlds(name: str) -> None:
    rng = random.Random(5)
    checked = 0
    for state in _in_tricks(name, matches=1)[::3]:
        seat = state.turn
        assert seat is not None
        view = kozel.observe(state, seat)
        moves = tuple(move for move in kozel.legal_moves(state) if move.seat == seat and move.kind in TRICK)
        worlds = [kozel.determinize(view, rng) for _ in range(5)]
        costs = Costs(state.match.ruleset, state.table)
        with within_hand():
            for count in (2, 3, 5):  # summed by Python's sum, whose rounding of three or more varies by version
                some = worlds[:count]
                expected = max(moves, key=lambda move: sum(trick_score(world, move, costs) for world in some))
                assert best_scored(some, moves, costs) == expected
            assert best_scored(worlds[:1], moves[::-1], costs) == max(
                moves[::-1], key=lambda move: trick_score(worlds[0], move, costs)
            )
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_cards_cost_is_its_points_and_for_a_trump_more_the_higher_the_more(name: str) -> None:
    rules = kozel.variants.get(name)
    rng = random.Random(8)
    for state in _in_tricks(name, matches=1)[::10]:
        table = state.table
        costs = Costs(rules, table)
        for _ in range(20):
            cards = sorted(rng.sample(list(rules.deck), rng.randint(1, 4)))
            mask = sum(card.bit for card in cards)
            expected = 0.0
            for card in cards:  # summed in card order, as the rule of thumb counts
                expected += rules.card_points(card)
                if card.bit & table.trump_mask:
                    expected += TRUMP_COST + table.power[card] / 100
            assert costs[mask] == expected
            assert cost_of(rules, table, cards) == expected
