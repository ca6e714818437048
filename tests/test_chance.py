"""The match's chance: each deal's order and each cut come from the match seed, as the documented draw says.

The draw is written out here a second time, plainly, from its description in ``kozel.engine.chance``;
the engine's shuffle must give exactly what it gives, and a few orders and cuts are pinned as text, so
that a change of the mapping (which changes every seeded deal) cannot pass unnoticed.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

import kozel
from kozel.cards.notation import format_cards
from kozel.engine.chance import cut_at, shuffled_order

SEEDS = (0, 1, -5, 7, 2**40 + 3, 10**17, -(10**99))


def described_draw(text: str) -> int:
    """The 64-byte BLAKE2b digest of ``text``, read as a whole number, little end first."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=64).digest(), "little")


def described_order(deck: list[kozel.Card], seed: int, number: int) -> list[kozel.Card]:
    """A Fisher-Yates shuffle from the last position down, position ``i`` taking the card at the remainder by
    ``i + 1`` of what the positions above it left of the draw."""
    order = list(deck)
    rest = described_draw(f"kozel/{seed}/{number}")
    for i in range(len(order) - 1, 0, -1):
        rest, j = divmod(rest, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_deal_order_is_the_shuffle_the_draw_describes(name: str) -> None:
    rules = kozel.variants.get(name)
    for seed in SEEDS:
        for number in (0, 1, 9, 250):
            assert shuffled_order(rules, seed, number) == tuple(described_order(list(rules.deck), seed, number))


def test_the_orders_and_cuts_of_a_few_seeds_are_pinned() -> None:
    classic = kozel.variants.get("classic")
    assert format_cards(shuffled_order(classic, 7, 0)) == (
        "7♥ 8♠ 6♦ 9♠ 7♦ 7♣ K♦ Q♥ A♦ 6♠ 9♣ A♠ K♥ 8♦ K♣ 8♣ J♣ Q♠ "
        "6♣ 7♠ K♠ A♥ A♣ 9♥ 10♠ J♦ J♠ Q♣ 10♦ 10♣ Q♦ 8♥ 9♦ J♥ 6♥ 10♥"
    )
    simple = kozel.variants.get("simple")
    assert format_cards(shuffled_order(simple, 0, 1)) == (
        "8♠ Q♥ J♠ Q♠ 8♥ 10♦ 9♣ 10♥ Q♣ J♦ K♣ 9♦ 10♠ 7♠ 7♥ 8♦ K♥ 7♣ K♦ A♦ 9♥ 10♣ J♣ 7♦ K♠ 9♠ J♥ A♥ A♠ 8♣ A♣ Q♦"
    )
    assert [cut_at(7, 0, turn, 32) for turn in range(4)] == [30, 18, 13, 16]
    assert [cut_at(2**40 + 3, 5, 0, length) for length in (2, 3, 4, 36)] == [0, 1, 0, 30]


def test_a_new_game_deals_the_first_order_of_its_seed() -> None:
    rules = kozel.variants.get("simple")  # 32 cards, eight each, no stock left: the hands are the whole deck
    state = kozel.new_game(rules, seed=12)
    order = shuffled_order(rules, 12, 0)
    dealt = [kozel.CardSet(order[(seat - 1) % 4 :: 4]) for seat in range(4)]  # one at a time from the dealer's left
    assert list(state.hands) == dealt
    assert kozel.new_game(rules, seed=12) == state
    assert kozel.new_game(rules, seed=13).hands != state.hands


def test_each_card_lands_in_each_position_about_equally_often() -> None:
    # 12,000 deals of the 24-card deck: a chi-square statistic over the 24 x 24 (card, position) counts, with
    # 529 degrees of freedom; a shuffle that favoured any card in any place would lie far above it.
    rules = kozel.variants.get("six_of_clubs")
    deck = list(rules.deck)
    deals = 12_000
    counts: Counter[tuple[kozel.Card, int]] = Counter()
    for seed in range(deals):
        for position, card in enumerate(shuffled_order(rules, seed, 0)):
            counts[card, position] += 1
    expected = deals / len(deck)
    chi_square = sum((counts[card, position] - expected) ** 2 / expected for card in deck for position in range(24))
    freedom = (len(deck) - 1) ** 2
    assert freedom - 6 * (2 * freedom) ** 0.5 < chi_square < freedom + 6 * (2 * freedom) ** 0.5


def test_the_deals_of_one_match_are_drawn_apart() -> None:
    rules = kozel.variants.get("classic")
    orders = {shuffled_order(rules, 3, number) for number in range(600)}
    assert len(orders) == 600
    firsts = Counter(order[0] for order in orders)
    assert len(firsts) == 36  # every card is on top of some deal


def test_a_cut_is_the_draw_s_remainder_by_the_places_to_cut() -> None:
    for seed in SEEDS:
        for length in (2, 3, 17, 32, 36):
            for turn in range(4):
                at = cut_at(seed, 4, turn, length)
                assert at == described_draw(f"kozel/{seed}/4/cut/{turn}") % (length - 1)
                assert 0 <= at <= length - 2
    assert {cut_at(seed, 0, 0, 8) for seed in range(200)} == set(range(7))
