"""House rules that play a hand's first trick in one suit beside other rules for the opening lead.

Where the holder of A♦ must open with it (``six_of_clubs``), or an opener barred from trumps who holds
only trumps must first swap one (``seven_of_clubs``), the opening lead is bound by that rule too: a
lead of another suit than the first trick's then shows no void, and the worlds drawn for a view
follow the swap rule as well as the first trick's suit.
"""

from __future__ import annotations

import random

import pytest
from helpers import deck_order, legal, play

import kozel
from kozel.cards.card import Suit
from kozel.forms import loads_ruleset
from kozel.rules.trump import TRUMP_GROUP
from kozel.testing import check_ruleset

SIX_HEARTS_FIRST = loads_ruleset(
    '{"base": "six_of_clubs", "play": {"kind": "follow_suit", "first_trick_suit": "hearts"}}'
)
SEVEN_HEARTS_FIRST = loads_ruleset(
    '{"base": "seven_of_clubs", "play": {"kind": "follow_suit", "first_trick_suit": "hearts"}}'
)

# Seat 0 holds A♦, so he opens the match with it, though he holds the 10♥ of the first trick's suit.
HANDS = ["A♦ 10♥ 6♠ J♣ Q♣ K♣", "A♥ K♠ 10♦ 6♣ 10♣ J♠", "K♥ 6♥ A♠ K♦ Q♠ J♥", "10♠ 6♦ A♣ Q♥ J♦ Q♦"]


def test_the_holder_opens_with_a_diamond_and_the_others_play_hearts_or_trumps():
    state = kozel.new_game(SIX_HEARTS_FIRST, deck=deck_order(SIX_HEARTS_FIRST, HANDS))
    assert legal(state) == {"0 play A♦"}
    state = play(state, "0 play A♦")
    assert legal(state) == {"1 play A♥"}
    state = play(state, "1 play A♥", "2 play 6♥")
    assert legal(state) == {"3 play A♣", "3 play Q♥", "3 play J♦", "3 play Q♦"}  # no heart: a trump


def test_the_holder_s_forced_lead_shows_no_void():
    state = kozel.new_game(SIX_HEARTS_FIRST, deck=deck_order(SIX_HEARTS_FIRST, HANDS))
    state = play(state, "0 play A♦", "1 play A♥", "2 play 6♥", "3 play Q♥")
    for seat in (1, 2, 3):
        assert kozel.observe(state, seat).voids[0] == frozenset()  # he holds the 10♥ and three trumps
    # A follower's card still shows what it shows: seat 3 answered hearts with a trump.
    assert kozel.observe(state, 1).voids[3] == frozenset({int(Suit.HEARTS)})
    assert TRUMP_GROUP not in kozel.observe(state, 1).voids[3]


def test_worlds_for_a_view_after_the_holder_plays_the_heart_he_kept():
    state = kozel.new_game(SIX_HEARTS_FIRST, deck=deck_order(SIX_HEARTS_FIRST, HANDS))
    state = play(state, "0 play A♦", "1 play A♥", "2 play 6♥", "3 play Q♥", "3 play 6♦", "0 play 10♥")
    view = kozel.observe(state, 1)
    for seed in range(20):
        world = kozel.determinize(view, random.Random(seed))
        assert kozel.observe(world, 1) == view
        assert world.hands[1] == state.hands[1]
        assert kozel.legal_moves(world) == kozel.legal_moves(state)  # seat 1 to play, his own cards


@pytest.mark.parametrize("seed", range(3))
def test_check_ruleset_passes_the_holder_lead_beside_a_first_trick_suit(seed):
    check_ruleset(SIX_HEARTS_FIRST, matches=3, seed=seed)


@pytest.mark.parametrize("seed", [1, 3, 4])
def test_check_ruleset_passes_the_opening_swap_beside_a_first_trick_suit(seed):
    # These seeds drew, before the fix, worlds where an opener who led a trump had to swap one first.
    check_ruleset(SEVEN_HEARTS_FIRST, matches=3, seed=seed)


def test_a_refused_opening_lead_names_the_rule_that_binds_it():
    # The rules are asked in the order the engine applies them: the holder's card only for its holder, then
    # the talon's shown card where the leader holds its suit, then the first trick's suit.
    holder_rules = loads_ruleset('{"base": "simple", "leading": {"holder_card": "A♦", "lead_holder_card": true}}')
    state = kozel.new_game(holder_rules, seed=0)
    assert kozel.Card.parse("A♦") not in state.hands[state.turn]
    with pytest.raises(kozel.IllegalMoveError, match="in the first trick play a diamond, else a trump") as refused:
        kozel.apply(state, kozel.Move(state.turn, kozel.MoveKind.PLAY, "A♠"))
    assert refused.value.rule == "first trick"  # not "the holder of A♦ opens the match with it": he has none
    talon_rules = loads_ruleset(
        '{"base": "simple", "talon": {"size": 4, "lead_follows_shown": true}, "dealing": {"hand_size": 7}, '
        '"redeal": null}'
    )
    state = kozel.new_game(talon_rules, seed=1)
    with pytest.raises(kozel.IllegalMoveError, match="follows the shown talon card K♠ when it can") as refused:
        kozel.apply(state, kozel.Move(state.turn, kozel.MoveKind.PLAY, "8♦"))
    assert refused.value.rule == "talon"
