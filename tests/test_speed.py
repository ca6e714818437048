"""The engine's fast paths give exactly what the plain versions they replace give."""

from __future__ import annotations

import random

import pytest

import kozel
from kozel.cards.card import CARDS
from kozel.cards.cardset import cards_of
from kozel.engine.deal import shuffled_order
from kozel.engine.interned import single_rows, singles, subsets
from kozel.game.move import MoveKind


@pytest.mark.parametrize("name", kozel.variants.names())
def test_shuffled_order_is_the_random_module_shuffle_of_the_seed_text(name: str) -> None:
    rules = kozel.variants.get(name)
    for seed in (0, 1, -5, 7, 2**40 + 3, 10**17):
        for number in (0, 1, 9):
            order = list(rules.deck)
            random.Random(f"kozel/{seed}/{number}").shuffle(order)
            assert shuffled_order(rules, seed, number) == tuple(order)


@pytest.mark.parametrize("name", kozel.variants.names())
def test_card_points_by_suit_table_match_the_sum_of_card_points(name: str) -> None:
    points = kozel.variants.get(name).points
    rng = random.Random(3)
    for _ in range(300):
        mask = rng.getrandbits(len(CARDS))
        assert points.of_mask(mask) == sum(points.table[card] for card in CARDS if mask >> card & 1)


def test_single_rows_hold_the_one_card_moves_of_each_suit_pattern() -> None:
    rng = random.Random(4)
    for _ in range(200):
        mask = rng.getrandbits(len(CARDS))
        seat = rng.randrange(6)
        r0, r1, r2, r3 = single_rows(seat, MoveKind.PLAY)
        joined = r0[mask & 511] + r1[mask >> 9 & 511] + r2[mask >> 18 & 511] + r3[mask >> 27]
        row = singles(seat, MoveKind.PLAY)
        assert joined == tuple(row[card] for card in CARDS if mask >> card & 1)


def test_interned_moves_hold_the_canonical_card_tuple() -> None:
    clubs = sum(card.bit for card in CARDS[:9])
    for move in subsets(1, MoveKind.LEAD, clubs & 0b10110):
        assert move.cards is cards_of(move.mask)
        assert move == kozel.Move(1, MoveKind.LEAD, move.cards)
