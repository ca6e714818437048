"""hammer (the opening section of the Goat rules): the dealer leads and only a trump hammer goes out of turn."""

import pytest
from helpers import legal_of, play, start
from test_classic import MOLODKA_HANDS, last_trick, pass_all

import kozel
from kozel import CardSet, IllegalMoveError, MoveKind, RulesetError

HAMMER = kozel.variants.get("hammer")


def test_the_dealer_leads_the_first_trick():
    assert kozel.new_game(HAMMER, seed=5).turn == 0
    assert kozel.new_game(HAMMER, seed=5, dealer=2).turn == 2


def test_the_dealer_leads_every_hand_and_the_deal_passes_clockwise():
    state = kozel.new_game(HAMMER, seed=8, dealer=1)
    while state.hand_number == 0:
        state = kozel.apply(state, pass_all(state))
    # Seat 1 led every trick and took them all: the last trick was seat 1's, but the new dealer leads.
    assert state.hand_results[0].tricks == (0, 9)
    assert state.dealer == 2
    assert state.turn == 2
    while state.hand_number == 1:
        state = kozel.apply(state, pass_all(state))
    assert state.hand_results[1].tricks == (9, 0)
    assert state.scores == (6, 6)
    assert (state.dealer, state.turn) == (3, 3)


def test_the_new_dealer_leads_even_when_another_seat_took_the_last_trick():
    state = last_trick(start(HAMMER, MOLODKA_HANDS, shown="A♥"), ["9♥", "6♥", "7♥", "8♥"], "A♣")
    state = state._replace(turn=1)
    state = play(state, "1 lead 6♥", "2 pass 7♥", "3 beat 8♥", "0 pass 9♥")
    assert (state.dealer, state.turn) == (1, 1)


def test_only_a_trump_hammer_goes_out_of_turn():
    # Trump hearts.  Seat 2 holds four clubs, seat 3 four hearts.
    state = start(HAMMER, ["A♠ 10♠ K♠ 7♦", "9♠ 8♠ 7♠ 6♦", "6♣ 7♣ 8♣ 9♣", "6♥ 7♥ 8♥ 9♥"], shown="A♥")
    assert state.turn == 0
    assert legal_of(state, MoveKind.MOLODKA) == {"3 molodka 6♥ 7♥ 8♥ 9♥"}
    with pytest.raises(IllegalMoveError, match="full hand of 4 trumps"):
        kozel.apply(state, kozel.parse_move("2 molodka 6♣ 7♣ 8♣ 9♣"))
    state = play(state, "0 lead A♠", "1 pass 6♦", "3 molodka 6♥ 7♥ 8♥ 9♥")
    assert state.hands[0] == CardSet("A♠ 10♠ K♠ 7♦")
    assert state.hands[1] == CardSet("9♠ 8♠ 7♠ 6♦")
    assert state.trick.leader == 3
    assert state.turn == 0


def test_four_plain_cards_of_a_suit_are_an_ordinary_lead():
    state = start(HAMMER, ["A♠ 10♠ K♠ 7♦", "9♠ 8♠ 7♠ 6♦", "6♣ 7♣ 8♣ 9♣", "6♥ 7♥ 8♥ K♦"], shown="A♥", dealer=2)
    assert state.turn == 2
    assert legal_of(state, MoveKind.MOLODKA) == set()
    assert "2 lead 6♣ 7♣ 8♣ 9♣" in legal_of(state, MoveKind.LEAD)


def test_the_trump_hammer_priority_is_the_molodkas():
    state = start(HAMMER, ["A♠ 10♠ K♠ 7♦", "9♥ 10♥ J♥ Q♥", "6♣ 7♣ 8♣ 9♣", "6♥ 7♥ 8♥ K♥"], shown="A♥")
    assert legal_of(state, MoveKind.MOLODKA) == {"1 molodka 9♥ 10♥ J♥ Q♥"}


@pytest.mark.parametrize(("players", "sides"), [(2, 2), (3, 3), (4, 2), (6, 2)])
def test_two_or_more_play_each_for_himself_or_in_alternating_teams(players, sides):
    rules = HAMMER.for_players(players)
    assert rules.sides == sides
    state = kozel.new_game(rules, seed=players)
    assert state.turn == 0
    while not state.is_over:
        state = kozel.apply(state, pass_all(state))
    assert state.result.goats


def test_five_players_would_end_with_unequal_hands():
    with pytest.raises(RulesetError, match="unequal hands"):
        HAMMER.for_players(5)


def test_scoring_is_the_classic_2_4_6_table():
    assert HAMMER.scoring == kozel.variants.get("classic").scoring
    assert HAMMER.match == kozel.variants.get("classic").match
