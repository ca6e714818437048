"""fifteen (the section "Goat rules for 15 cards" of the Goat rules): every rule on hand-built deals."""

import random

import pytest
from helpers import legal, play

import kozel
from kozel import Card, CardSet, Deck, IllegalMoveError, Suit, parse_cards
from kozel.engine import new_hand
from kozel.forms import loads_ruleset
from kozel.rules.scoring import ScoreMode

FIFTEEN = kozel.variants.get("fifteen")


def deal_order(hands, talon, dealer=0):
    """A deck order (top first) whose deal gives seat ``i`` the cards ``hands[i]``, then ``talon``.

    The engine deals one card at a time, starting left of the dealer, until both hold fifteen;
    the two cards left over follow, top card first.
    """
    held = [parse_cards(hand) for hand in hands]
    order = [held[(dealer + step) % 2][i] for i in range(15) for step in (1, 2)]
    order += parse_cards(talon)
    assert sorted(order) == sorted(FIFTEEN.deck), "the deal must use every card once"
    return order


HANDS = [
    "A♣ 10♣ K♣ Q♣ J♣ 9♣ 8♣ 7♣ A♠ 10♠ K♠ Q♠ J♠ 9♠ 8♠",  # seat 0, the dealer
    "7♠ A♥ 10♥ K♥ Q♥ J♥ 9♥ 8♥ 7♥ A♦ 10♦ K♦ Q♦ J♦ 9♦",  # seat 1
]


def start(trump="8♦", dealer=0):
    """A new match whose left-over cards are ``trump`` (shown) and 7♦, or 8♦ (shown) and 7♦."""
    hands = [hand.replace(trump, "8♦") if trump != "8♦" else hand for hand in HANDS]
    state = kozel.new_game(FIFTEEN, seed=1, deck=deal_order(hands, f"{trump} 7♦", dealer), dealer=dealer)
    assert state.trump_card == Card.parse(trump)
    return state


def position(state, hands, counts=(3, 3), turn=0, talon=None):
    """``state`` moved to a later trick: these hands, every other card outside the talon won by seat 1."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    talon = state.talon if talon is None else parse_cards(talon)
    rest = FIFTEEN.deck.mask & ~sum(masks) & ~CardSet(talon).mask
    return state._replace(hand_masks=masks, won_masks=(0, rest), trick_counts=counts, turn=turn, talon=talon)


def trick(trump, lead, answer, answer_hand=None):
    """Seat 0 leads ``lead``, seat 1 answers ``answer`` (holding ``answer_hand`` with it), trump ``trump``."""
    hands = [f"{lead} 9♣", answer_hand or f"{answer} 8♣"]
    return play(position(start(trump), hands), f"0 play {lead}", f"1 play {answer}")


def taker(state):
    """The seat that took the trick just played: it leads the next one."""
    assert state.trick is None
    return state.turn


# --- the deal ----------------------------------------------------------------------------------


def test_two_players_fifteen_each_and_the_top_left_over_card_names_the_trump():
    deck = list(Deck.pack32())  # 7♣ 8♣ ... A♦, top first
    state = kozel.new_game(FIFTEEN, deck=deck)
    assert state.hands[1] == CardSet(deck[0:30:2])  # one at a time, starting left of the dealer
    assert state.hands[0] == CardSet(deck[1:30:2])
    assert state.talon == parse_cards("K♦ A♦")  # the two left over
    assert state.trump_card == Card.parse("K♦")
    assert state.trump is Suit.DIAMONDS
    assert state.stock == ()


def test_a_hand_built_deal():
    state = start("10♥")
    assert state.hands[0] == CardSet(HANDS[0])
    assert state.hands[1] == CardSet(HANDS[1].replace("10♥", "8♦"))
    assert state.talon == parse_cards("10♥ 7♦")
    assert state.trump is Suit.HEARTS


# --- leading -----------------------------------------------------------------------------------


def test_the_dealer_leads_the_first_hand():
    assert start().turn == 0
    assert start(dealer=1).turn == 1
    assert kozel.new_game(FIFTEEN, seed=4, dealer=1).turn == 1


def test_later_hands_are_opened_by_the_winner_of_the_last_trick_and_the_deal_alternates():
    state = position(start(), ["8♥", "7♥"], counts=(7, 7))
    state = play(state, "0 play 8♥", "1 play 7♥")  # the dealer takes the last trick
    assert state.hand_number == 1
    assert state.dealer == 1
    assert state.turn == 0


# --- following ---------------------------------------------------------------------------------


def test_follow_the_led_suit_and_answer_a_trump_lead_with_a_trump():
    # Trump hearts.
    spade_lead = play(position(start("10♥"), ["7♠ 9♣ K♣", "8♠ 9♥ 7♣"]), "0 play 7♠")
    assert legal(spade_lead) == {"1 play 8♠"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(spade_lead, kozel.parse_move("1 play 9♥"))
    state = play(position(start("10♥"), ["7♥ 9♣ K♣", "8♠ 9♥ 8♦"]), "0 play 7♥")
    assert legal(state) == {"1 play 9♥"}
    state = play(position(start("10♥"), ["7♣ 9♣ K♣", "8♠ 9♥ 8♦"]), "0 play 7♣")
    assert legal(state) == {"1 play 8♠", "1 play 9♥", "1 play 8♦"}  # no club: any card


def test_a_higher_card_of_the_suit_or_a_trump_takes_the_trick():
    assert taker(trick("10♥", "K♠", "A♠")) == 1
    assert taker(trick("10♥", "A♠", "K♠")) == 0
    assert taker(trick("10♥", "10♠", "K♠")) == 0  # the ten is above the king
    assert taker(trick("10♥", "A♠", "7♥", answer_hand="7♥ 8♣")) == 1  # no spade: a trump
    assert taker(trick("10♥", "7♠", "A♦", answer_hand="A♦ 8♣")) == 0  # another plain suit does not


# --- the special jacks -------------------------------------------------------------------------


def test_the_jack_of_clubs_is_the_highest_trump():
    assert taker(trick("10♥", "A♥", "J♣")) == 1
    assert taker(trick("10♠", "J♠", "J♣")) == 1
    assert taker(trick("10♦", "J♣", "A♦")) == 0
    assert taker(trick("10♦", "J♣", "J♠", answer_hand="J♠ 8♣")) == 0
    assert taker(trick("10♦", "J♣", "J♥", answer_hand="J♥ 8♣")) == 0


def test_the_jack_of_clubs_is_not_a_club_and_answers_a_trump_lead():
    state = play(position(start("10♥"), ["7♣ 9♠", "J♣ 8♣"]), "0 play 7♣")
    assert legal(state) == {"1 play 8♣"}
    state = play(position(start("10♥"), ["7♥ 9♠", "J♣ 8♣"]), "0 play 7♥")
    assert legal(state) == {"1 play J♣"}
    state = play(position(start("10♥"), ["A♣ 9♠", "J♣ 7♠"]), "0 play A♣")
    assert legal(state) == {"1 play J♣", "1 play 7♠"}  # no club: the jack may take it as a trump
    assert taker(play(state, "1 play J♣")) == 1


def test_the_jack_of_spades_beats_every_spade():
    assert taker(trick("10♥", "A♠", "J♠")) == 1
    assert taker(trick("10♥", "J♠", "A♠")) == 0


def test_the_jack_of_spades_beats_every_trump_but_the_jack_of_clubs():
    assert taker(trick("10♥", "A♥", "J♠", answer_hand="J♠ 8♣")) == 1
    assert taker(trick("10♥", "J♠", "A♥", answer_hand="A♥ 8♣")) == 0
    assert taker(trick("10♦", "J♣", "J♠", answer_hand="J♠ 8♣")) == 0


def test_the_jack_of_spades_stays_a_spade():
    # Trump hearts: a trump lead is answered with a trump, not with J♠; a spade lead with J♠.
    state = play(position(start("10♥"), ["A♥ 9♣", "J♠ 7♥"]), "0 play A♥")
    assert legal(state) == {"1 play 7♥"}
    state = play(position(start("10♥"), ["A♠ 9♣", "J♠ 7♥"]), "0 play A♠")
    assert legal(state) == {"1 play J♠"}


def test_the_jack_of_spades_does_not_beat_a_plain_heart():
    assert taker(trick("10♦", "7♥", "J♠", answer_hand="J♠ 8♣")) == 0


def test_the_jack_of_hearts_beats_every_heart_and_every_trump_but_the_black_jacks():
    assert taker(trick("10♦", "A♥", "J♥")) == 1
    assert taker(trick("10♦", "A♦", "J♥", answer_hand="J♥ 8♣")) == 1
    assert taker(trick("10♦", "J♥", "A♦", answer_hand="A♦ 8♣")) == 0
    assert taker(trick("10♥", "A♥", "J♥")) == 1  # hearts are trumps: J♥ is the second trump
    assert taker(trick("10♠", "J♠", "J♥", answer_hand="J♥ 8♣")) == 0  # spades are trumps: J♠ stays above
    assert taker(trick("10♦", "J♣", "J♥", answer_hand="J♥ 8♣")) == 0


def test_the_special_jacks_rank_clubs_spades_hearts_wherever_they_meet():
    # Reading: J♥ gives way to J♣ and J♠, so J♠ takes a led J♥ even where neither is a trump.
    assert taker(trick("10♦", "J♥", "J♠", answer_hand="J♠ 8♣")) == 1
    assert taker(trick("10♦", "J♠", "J♥", answer_hand="J♥ 8♣")) == 0
    assert taker(trick("10♦", "J♠", "J♣", answer_hand="J♣ 8♣")) == 1


def test_the_jack_of_diamonds_is_an_ordinary_card():
    assert taker(trick("10♥", "Q♦", "J♦")) == 0
    assert taker(trick("10♥", "J♦", "Q♦")) == 1
    assert taker(trick("10♥", "A♥", "J♦", answer_hand="J♦ 8♣")) == 0  # no trump
    assert taker(trick("10♦", "Q♦", "J♦")) == 0  # diamonds are trumps: J♦ is an ordinary trump below Q♦


def test_a_card_takes_the_trick_only_when_it_beats_the_card_winning_it():
    # Trump diamonds: J♠ beats the trump A♦, and A♦ beats 7♥, yet J♠ does not beat 7♥.
    assert taker(trick("10♦", "A♦", "J♠", answer_hand="J♠ 8♣")) == 1
    assert taker(trick("10♦", "7♥", "A♦", answer_hand="A♦ 8♣")) == 1
    assert taker(trick("10♦", "7♥", "J♠", answer_hand="J♠ 8♣")) == 0
    # J♥ takes a trump lead, and a trump played on it does not take it back.
    assert taker(trick("10♦", "J♥", "A♦", answer_hand="A♦ 8♣")) == 0


# --- scoring -----------------------------------------------------------------------------------


def last_trick(state, seat0_won, taker, talon="9♦ 7♦"):
    """Play ``state``'s last trick, 8♥ against 7♥ (worth 0), so that ``taker`` takes it.

    Seat 0 has won ``seat0_won`` before, seat 1 every other card outside the left-over ``talon``.
    """
    hands = ["8♥", "7♥"] if taker == 0 else ["7♥", "8♥"]
    masks = tuple(CardSet(hand).mask for hand in hands)
    talon = parse_cards(talon)
    won0 = CardSet(seat0_won).mask
    rest = FIFTEEN.deck.mask & ~won0 & ~sum(masks) & ~CardSet(talon).mask
    state = state._replace(hand_masks=masks, won_masks=(won0, rest), trick_counts=(7, 7), talon=talon, turn=0)
    return play(state, f"0 play {hands[0]}", f"1 play {hands[1]}")


def test_each_player_starts_at_12():
    assert start().scores == (12, 12)


@pytest.mark.parametrize(
    ("dealer", "seat0_won", "points", "scores"),
    [
        (0, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥", (61, 59), (10, 12)),  # the dealer wins: 2 off
        (0, "A♣ 10♣ K♣ A♠ 10♠ K♠ K♥ Q♥ J♥", (59, 61), (12, 11)),  # the dealer loses: 1 off
        (1, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥", (61, 59), (11, 12)),  # the dealer (seat 1) loses: 1 off
        (1, "A♣ 10♣ K♣ A♠ 10♠ K♠ K♥ Q♥ J♥", (59, 61), (12, 10)),  # the dealer wins: 2 off
        (0, "A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠", (60, 60), (12, 12)),  # 60-60: nothing
    ],
)
def test_more_than_60_counts_2_off_or_1_when_the_loser_is_the_dealer(dealer, seat0_won, points, scores):
    state = last_trick(start(dealer=dealer), seat0_won, taker=0)
    assert state.hand_results[-1].points == points
    assert state.scores == scores
    assert not state.is_over


def test_the_same_points_are_written_by_who_dealt_hand_after_hand():
    # 61 to 59 for seat 0, four times over, the dealer changing: 2 off when the dealer wins, else 1.
    for dealer, scores in ((0, (10, 12)), (1, (11, 12)), (0, (10, 12)), (1, (11, 12))):
        state = last_trick(start(dealer=dealer), "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥", taker=0)
        assert state.hand_results[-1].points == (61, 59)
        assert state.scores == scores


def test_the_two_left_over_cards_go_to_the_taker_of_the_last_trick():
    # Seat 0 took 50 in tricks; the left-over A♦ 10♦ (21) go with the last trick to seat 1.
    state = last_trick(start(), "A♣ 10♣ K♣ A♠ 10♠ K♠", taker=1, talon="A♦ 10♦")
    assert state.hand_results[-1].points == (50, 70)
    assert state.scores == (12, 11)
    state = last_trick(start(), "A♣ 10♣ K♣ A♠ 10♠ K♠", taker=0, talon="A♦ 10♦")
    assert state.hand_results[-1].points == (71, 49)
    assert state.scores == (10, 12)


def test_the_first_to_reach_0_wins_and_the_other_is_the_goat():
    state = start()._replace(match=start().match._replace(scores=(2, 5)))
    state = last_trick(state, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥", taker=0)
    assert state.scores == (0, 5)
    assert state.is_over
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_1_left_is_not_yet_a_win():
    state = start()._replace(match=start().match._replace(scores=(12, 2)))
    state = last_trick(state, "A♣ 10♣ K♣ A♠ 10♠ K♠ K♥ Q♥ J♥", taker=0)  # seat 1 beats the dealer: 1 off
    assert state.scores == (12, 1)
    assert not state.is_over


def test_tails_in_the_final_hand_count_down_to_the_target():
    """Counting down, the winners stand ``tails_short`` above the target before the final hand."""
    rules = loads_ruleset('{"base": "fifteen", "match": {"titles": ["tails_final_hand"], "tails_points": 60}}')
    assert rules.match.tails_score(ScoreMode.COUNTDOWN) == rules.match.target + 2 == 2
    assert rules.match.tails_score(ScoreMode.PENALTY) == rules.match.target - 2
    deck = list(rules.deck)
    random.Random(0).shuffle(deck)
    state, rng = new_hand(rules, deck, scores=(2, 8)), random.Random(0)
    while not state.hand_results:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    assert state.is_over
    assert state.hand_results[-1].points == (76, 44)  # side 0 stood at 2, took 60 or more, and reached 0
    assert state.result is not None
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat with tails",)
