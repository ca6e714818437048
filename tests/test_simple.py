"""simple (the section "The simplest kind of Goat" of the Goat rules): every rule on hand-built deals."""

import itertools

import attrs
import pytest
from helpers import legal, legal_of, play, start

import kozel
from kozel import Card, CardSet, Deck, IllegalMoveError, MoveKind, Suit, parse_cards
from kozel.rules import FollowSuit, MatchRule, TrickWinner

SIMPLE = kozel.variants.get("simple")

# Dealer 0; the dealer's last card, 7♣, is shown: clubs are trumps.  Every hand counts 13 or more.
HANDS = [
    "9♦ 10♦ K♦ 10♣ K♣ A♣ 8♣ 7♣",  # seat 0, the dealer: 39 points
    "7♦ 8♦ A♦ J♣ K♥ 9♥ 8♥ Q♣",  # seat 1: plain diamonds; 20 points
    "Q♦ J♦ 7♥ Q♠ J♠ Q♥ J♥ 9♣",  # seat 2: no plain diamond, trumps; 15 points
    "A♠ 10♠ K♠ 9♠ 8♠ 7♠ A♥ 10♥",  # seat 3: neither diamonds nor trumps; 46 points
]


def plays(seat, cards):
    """The play moves of ``seat`` for each of ``cards``, as notation."""
    return {f"{seat} play {card}" for card in parse_cards(cards)}


def position(state, hands, team0_won="", counts=(2, 2), turn=1):
    """``state`` moved to a later trick: these hands, ``team0_won`` won by team 0 and every other card by team 1."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    won0 = CardSet(team0_won).mask
    rest = state.ruleset.deck.mask & ~won0 & ~sum(masks)
    return state._replace(hand_masks=masks, won_masks=(won0, rest), trick_counts=counts, turn=turn)


def with_score(state, scores, sets=(0, 0)):
    """``state`` with these written points and sets won before the hand."""
    return state._replace(match=state.match._replace(scores=scores, sets=sets))


# --- the deal and the trumps -------------------------------------------------------------------


def test_all_32_cards_are_dealt_8_each_one_at_a_time_from_the_dealers_left():
    deck = list(Deck.pack32())  # 7♣ 8♣ ... A♦, top first
    state = kozel.new_game(SIMPLE, deck=deck)
    assert len(deck) == 32
    assert state.hands[1] == CardSet("7♣ J♣ 7♠ J♠ 7♥ J♥ 7♦ J♦")
    assert state.hands[2] == CardSet("8♣ Q♣ 8♠ Q♠ 8♥ Q♥ 8♦ Q♦")
    assert state.hands[3] == CardSet("9♣ K♣ 9♠ K♠ 9♥ K♥ 9♦ K♦")
    assert state.hands[0] == CardSet("10♣ A♣ 10♠ A♠ 10♥ A♥ 10♦ A♦")
    assert state.stock == ()
    assert state.talon == ()


def test_the_last_card_dealt_is_shown_names_the_trump_and_stays_with_the_dealer():
    state = kozel.new_game(SIMPLE, deck=list(Deck.pack32()))
    assert state.trump_card == Card.parse("A♦")  # the 32nd card, the dealer's last
    assert state.trump is Suit.DIAMONDS
    assert Card.parse("A♦") in state.hands[0]


def test_a_shown_queen_names_its_own_suit():
    state = start(SIMPLE, HANDS, dealer=1)  # seat 1 deals; his last card is Q♣
    assert state.trump_card == Card.parse("Q♣")
    assert state.trump is Suit.CLUBS


def test_four_players_partners_opposite():
    state = start(SIMPLE, HANDS)
    assert len(state.hands) == 4
    assert state.scores == (0, 0)
    assert [SIMPLE.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def in_deck(cards):
    """``cards`` without those the 32-card deck lacks (the trump tables cover all 36 cards)."""
    return tuple(card for card in cards if card in SIMPLE.deck)


def test_queens_and_jacks_rank_above_the_trump_suit():
    state = start(SIMPLE, HANDS)
    assert in_deck(state.table.order) == parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣ 8♣ 7♣")
    assert in_deck(SIMPLE.trumps.order(Suit.HEARTS)) == parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♥ 10♥ K♥ 9♥ 8♥ 7♥")


ORDER = [
    *itertools.pairwise(parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣ 8♣ 7♣")),  # trumps, clubs shown
    *itertools.pairwise(parse_cards("A♠ 10♠ K♠ 9♠ 8♠ 7♠")),  # a plain suit
]


@pytest.mark.parametrize(("higher", "lower"), ORDER, ids=[f"{h}>{lo}" for h, lo in ORDER])
def test_the_highest_card_takes_the_trick(higher, lower):
    # Seats 3 and 0 hold neither the led suit nor a trump.
    hands = ["9♥ 10♥", f"{lower} K♥", f"{higher} A♥", "7♥ 8♥"]
    state = position(start(SIMPLE, HANDS), hands)
    state = play(state, f"1 play {lower}", f"2 play {higher}", "3 play 7♥", "0 play 9♥")
    assert state.turn == 2  # the trick winner leads next
    assert state.won[0] >= CardSet(f"{lower} {higher} 7♥ 9♥")
    # The other way round the led card keeps the trick.
    hands = ["9♥ 10♥", f"{higher} K♥", f"{lower} A♥", "7♥ 8♥"]
    state = position(start(SIMPLE, HANDS), hands)
    state = play(state, f"1 play {higher}", f"2 play {lower}", "3 play 7♥", "0 play 9♥")
    assert state.turn == 1
    assert state.won[1] >= CardSet(f"{lower} {higher} 7♥ 9♥")


def test_a_trump_beats_a_plain_card_and_another_plain_suit_never_does():
    hands = ["9♥ 10♥", "A♠ K♥", "7♣ A♥", "7♥ 8♥"]
    state = play(position(start(SIMPLE, HANDS), hands), "1 play A♠", "2 play 7♣", "3 play 7♥", "0 play 9♥")
    assert state.turn == 2  # the lowest trump takes the ace
    hands = ["9♥ 10♥", "7♠ K♥", "A♥ 7♣", "8♥ 7♥"]
    state = play(position(start(SIMPLE, HANDS), hands), "1 play 7♠", "2 play A♥", "3 play 8♥", "0 play 10♥")
    assert state.turn == 1  # aces of another suit do not beat the led seven


# --- the first trick ---------------------------------------------------------------------------


def test_the_player_left_of_the_dealer_leads_the_first_hand():
    assert start(SIMPLE, HANDS).turn == 1


def test_the_leader_too_must_lead_a_plain_diamond_in_the_first_trick():
    state = start(SIMPLE, HANDS)
    assert legal(state) == plays(1, "7♦ 8♦ A♦")


def test_first_trick_without_a_diamond_a_trump_and_queen_and_jack_of_diamonds_are_trumps():
    state = play(start(SIMPLE, HANDS), "1 play A♦")
    # Seat 2 holds Q♦ and J♦: they are trumps, not diamonds, so seat 2 has no diamond.
    assert legal(state) == plays(2, "Q♦ J♦ Q♠ J♠ Q♥ J♥ 9♣")


def test_first_trick_without_diamond_or_trump_any_card():
    state = play(start(SIMPLE, HANDS), "1 play A♦", "2 play 9♣")
    assert legal(state) == plays(3, "A♠ 10♠ K♠ 9♠ 8♠ 7♠ A♥ 10♥")


def test_first_trick_a_diamond_is_played_even_when_a_trump_could_be():
    state = play(start(SIMPLE, HANDS), "1 play A♦", "2 play 9♣", "3 play 10♥")
    assert legal(state) == plays(0, "9♦ 10♦ K♦")


def test_first_trick_a_diamond_is_due_even_after_a_trump_lead():
    # Seat 1 deals (his last card Q♣ names clubs); seat 2 leads and, without a diamond, must lead a trump.
    state = start(SIMPLE, HANDS, dealer=1)
    assert state.turn == 2
    assert legal(state) == plays(2, "Q♦ J♦ Q♠ J♠ Q♥ J♥ 9♣")
    state = play(state, "2 play Q♠", "3 play A♠")
    assert legal(state) == plays(0, "9♦ 10♦ K♦")  # not a trump, though a trump was led
    state = play(state, "0 play K♦")
    assert legal(state) == plays(1, "7♦ 8♦ A♦")


def test_a_card_against_the_first_trick_rule_is_refused():
    state = start(SIMPLE, HANDS)
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("1 play K♥"))
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("1 play Q♣"))
    state = play(state, "1 play 7♦", "2 play J♦", "3 play 7♠")
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("0 play A♣"))


def test_the_first_trick_goes_to_the_highest_card_and_its_team():
    state = play(start(SIMPLE, HANDS), "1 play A♦", "2 play 9♣", "3 play 10♥", "0 play 10♦")
    assert state.trick is None
    assert state.won[0] == CardSet("A♦ 9♣ 10♥ 10♦")  # the trump of seat 2, for team 0
    assert state.won[1] == CardSet()
    assert state.trick_counts == (1, 0)
    assert state.turn == 2


def test_in_the_first_trick_a_card_of_neither_diamonds_nor_trumps_is_a_discard():
    # Reading: the first trick is played in diamonds, so a lead of another plain suit never keeps it.
    hands = [HANDS[0], HANDS[3], HANDS[1], HANDS[2]]
    state = start(SIMPLE, hands)
    assert legal(state) == plays(1, "A♠ 10♠ K♠ 9♠ 8♠ 7♠ A♥ 10♥")  # neither diamond nor trump: any card
    state = play(state, "1 play A♠", "2 play 7♦")
    assert state.trick.winner == 2  # the lowest diamond takes it from the ace of spades
    state = play(state, "3 play 9♣")
    assert state.trick.winner == 3  # a trump takes it from a diamond
    state = play(state, "0 play K♦")
    assert state.trick is None
    assert state.turn == 3


def test_when_diamonds_are_trumps_the_first_trick_asks_for_a_trump():
    hands = [
        "Q♦ J♣ J♦ A♦ 10♦ K♦ 8♦ 9♦",  # the dealer's last card 9♦: diamonds are trumps
        "7♦ Q♣ J♥ A♠ 10♠ K♠ 9♠ 8♠",
        "7♠ A♥ 10♥ K♥ 9♥ 8♥ 7♥ A♣",
        "10♣ K♣ 9♣ 8♣ 7♣ Q♠ J♠ Q♥",
    ]
    state = start(SIMPLE, hands)
    assert state.trump is Suit.DIAMONDS
    assert legal(state) == plays(1, "7♦ Q♣ J♥")
    state = play(state, "1 play J♥")
    assert legal(state) == plays(2, "7♠ A♥ 10♥ K♥ 9♥ 8♥ 7♥ A♣")  # no trump: any card
    state = play(state, "2 play A♣")
    assert legal(state) == plays(3, "Q♠ J♠ Q♥")


# --- later tricks ------------------------------------------------------------------------------

LATER = ["8♠ 9♦ 10♦", "A♠ 7♣ 7♦", "7♠ Q♠ 9♥", "Q♥ 10♥ K♥"]


def test_later_tricks_have_no_diamond_rule():
    state = position(start(SIMPLE, HANDS), LATER)
    assert legal(state) == plays(1, "A♠ 7♣ 7♦")


def test_later_tricks_follow_the_led_suit_and_a_queen_is_not_of_its_suit():
    state = play(position(start(SIMPLE, HANDS), LATER), "1 play A♠")
    assert legal(state) == plays(2, "7♠")
    state = play(state, "2 play 7♠")
    assert legal(state) == plays(3, "Q♥ 10♥ K♥")  # no spade: any card
    state = play(state, "3 play 10♥")
    assert legal(state) == plays(0, "8♠")


def test_a_trump_lead_needs_a_trump():
    state = play(position(start(SIMPLE, HANDS), LATER), "1 play 7♣")
    assert legal(state) == plays(2, "Q♠")
    state = play(state, "2 play Q♠")
    assert legal(state) == plays(3, "Q♥")
    state = play(state, "3 play Q♥")
    assert legal(state) == plays(0, "8♠ 9♦ 10♦")  # no trump: any card


def test_a_plain_diamond_lead_is_an_ordinary_suit_later():
    state = play(position(start(SIMPLE, HANDS), LATER), "1 play 7♦")
    assert legal(state) == plays(2, "7♠ Q♠ 9♥")
    state = play(state, "2 play 9♥", "3 play K♥")
    assert legal(state) == plays(0, "9♦ 10♦")


# --- the most-points option --------------------------------------------------------------------

MOST_POINTS = attrs.evolve(SIMPLE, play=FollowSuit(winner=TrickWinner.MOST_POINTS, first_trick_suit=Suit.DIAMONDS))


def test_most_points_option_the_team_with_more_points_takes_the_trick():
    hands = ["8♠ 10♥", "10♠ 7♥", "7♣ 8♥", "A♠ 9♥"]
    moves = ("1 play 10♠", "2 play 7♣", "3 play A♠", "0 play 8♠")
    # Team 1 put 21 points in (10♠, A♠), team 0 none; the trump 7♣ is the highest card.
    state = play(position(start(MOST_POINTS, HANDS), hands), *moves)
    assert state.won[1] >= CardSet("10♠ 7♣ A♠ 8♠")
    assert state.trick_counts == (2, 3)
    assert state.turn == 3  # the winning team's player with its highest card leads next
    # By default the highest card takes it.
    state = play(position(start(SIMPLE, HANDS), hands), *moves)
    assert state.won[0] >= CardSet("10♠ 7♣ A♠ 8♠")
    assert state.turn == 2


def test_most_points_option_a_tie_goes_to_the_highest_card():
    hands = ["7♠ 10♥", "9♠ 7♥", "K♠ 8♥", "K♥ 9♥"]
    # 4 points each: K♠ for team 0, K♥ for team 1; K♠ is the highest card.
    state = play(position(start(MOST_POINTS, HANDS), hands), "1 play 9♠", "2 play K♠", "3 play K♥", "0 play 7♠")
    assert state.won[0] >= CardSet("9♠ K♠ K♥ 7♠")
    assert state.trick_counts == (3, 2)
    assert state.turn == 2


# --- the redeal --------------------------------------------------------------------------------

REDEAL_HANDS = [
    "A♦ K♦ A♣ 10♣ K♣ 9♣ 8♣ 7♣",  # 40 points; clubs are trumps
    "J♣ J♠ J♥ J♦ Q♣ 7♠ 8♠ 9♠",  # 11 points
    "10♦ Q♦ 7♥ 8♥ 9♥ 7♦ 8♦ 9♦",  # 13 points
    "A♠ 10♠ K♠ Q♠ A♥ 10♥ K♥ Q♥",  # 56 points
]


def test_a_hand_under_13_points_may_call_a_redeal_but_not_one_of_13():
    state = start(SIMPLE, REDEAL_HANDS)
    assert legal_of(state, MoveKind.REDEAL) == {"1 redeal"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 redeal"))


def test_a_redeal_is_dealt_again_by_the_same_dealer_and_nothing_is_written():
    state = start(SIMPLE, REDEAL_HANDS, dealer=0)
    after = play(state, "1 redeal")
    assert after.dealer == 0
    assert after.hand_number == 0
    assert after.hand_results == ()
    assert after.scores == (0, 0)
    assert after.hands != state.hands
    assert all(len(hand) == 8 for hand in after.hands)
    assert CardSet.union(*after.hands) == SIMPLE.deck.cardset()
    assert after.trump_card in after.hands[0]  # shown again from the new deal's last card
    assert after.turn == 1
    assert after.trick_counts == (0, 0)


def test_no_redeal_once_the_hand_is_played():
    state = play(start(SIMPLE, REDEAL_HANDS), "1 play J♣")
    assert legal_of(state, MoveKind.REDEAL) == set()
    state = play(state, "2 play 7♦", "3 play Q♠", "0 play K♦")
    assert state.turn == 3
    assert legal_of(state, MoveKind.REDEAL) == set()  # seat 1 still counts 9 points
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("1 redeal"))


# --- scoring -----------------------------------------------------------------------------------

LAST = ["7♠", "7♥", "8♥", "9♥"]  # seat 1 leads 7♥; seat 3's 9♥ takes the last trick for team 1, worth 0


def last_trick(state, team0_won, counts=(3, 4)):
    """``state`` moved to its last trick (``LAST``), with ``team0_won`` won by team 0 and the rest by team 1."""
    return position(state, LAST, team0_won, counts=counts, turn=1)


def finish(state):
    """Play the last trick of ``LAST``."""
    return play(state, "1 play 7♥", "2 play 8♥", "3 play 9♥", "0 play 7♠")


@pytest.mark.parametrize(
    ("team0_won", "counts", "points", "written"),
    [
        ("A♣ 10♣ K♣ A♠ 10♠ K♠ A♥", (3, 4), (61, 59), (2, 0)),  # 61: 2
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥", (3, 4), (90, 30), (2, 0)),  # 90: 2
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ Q♦", (3, 4), (91, 29), (4, 0)),  # over 90: 4
        ("A♣ 10♣ K♣ J♣ J♠", (3, 4), (29, 91), (0, 4)),
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠", (3, 4), (60, 60), (0, 0)),  # 60-60: nothing written
        ("", (0, 7), (0, 120), (0, 5)),  # all tricks: 5
        ("7♣ 8♣ 9♣ 7♦", (1, 6), (0, 120), (0, 4)),  # 120 points, but team 0 took a trick: 4
    ],
)
def test_credit_2_for_61_to_90_4_over_90_5_for_all_tricks(team0_won, counts, points, written):
    state = finish(last_trick(start(SIMPLE, HANDS), team0_won, counts))
    result = state.hand_results[-1]
    assert result.points == points
    assert result.tricks == (counts[0], counts[1] + 1)
    assert result.written == written
    assert state.scores == written
    assert not state.is_over


def test_the_winner_of_the_last_trick_opens_the_next_hand():
    state = finish(last_trick(start(SIMPLE, HANDS), "A♣"))
    assert state.hand_number == 1
    assert state.turn == 3  # seat 3 took the last trick
    assert state.trick_counts == (0, 0)


def test_a_set_is_won_at_14_and_the_score_sheet_starts_again():
    state = with_score(start(SIMPLE, HANDS), (12, 6))
    state = finish(last_trick(state, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥"))  # team 0 written 2
    assert state.match.sets == (1, 0)
    assert state.scores == (0, 0)
    assert not state.is_over
    assert state.hand_number == 1


def test_13_does_not_win_a_set():
    state = with_score(start(SIMPLE, HANDS), (11, 0))
    state = finish(last_trick(state, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥"))
    assert state.scores == (13, 0)
    assert state.match.sets == (0, 0)


def test_the_first_team_to_win_two_sets_wins_the_match():
    state = with_score(start(SIMPLE, HANDS), (0, 10), sets=(1, 1))
    state = finish(last_trick(state, "A♣ 10♣ K♣ J♣ J♠"))  # team 1 takes 91: written 4
    assert state.is_over
    assert state.match.sets == (1, 2)
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_one_set_does_not_win_the_match():
    state = with_score(start(SIMPLE, HANDS), (0, 12), sets=(0, 0))
    state = finish(last_trick(state, "A♣"))
    assert state.match.sets == (0, 1)
    assert not state.is_over


def test_option_a_set_is_won_at_16():
    sixteen = attrs.evolve(SIMPLE, match=MatchRule(target=16, sets=2, titles=()))
    state = with_score(start(sixteen, HANDS), (12, 0))
    state = finish(last_trick(state, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥"))
    assert state.scores == (14, 0)
    assert state.match.sets == (0, 0)
    state = with_score(start(sixteen, HANDS), (14, 0))
    state = finish(last_trick(state, "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥"))
    assert state.match.sets == (1, 0)
    assert state.scores == (0, 0)
