"""six_players (the section "Goat with six" of the Goat rules): three on three, and the six of clubs catching Q♣."""

import itertools

import pytest
from helpers import legal, legal_of, play, start

import kozel
from kozel import Card, CardSet, Deck, HandResult, IllegalMoveError, MoveKind, Phase, parse_cards

SIX = kozel.variants.get("six_players")


def position(state, hands, counts, turn, won0=""):
    """``state`` moved late into its hand: these hands, ``won0`` taken by side 0, every other card by side 1."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    won = CardSet(won0).mask
    rest = SIX.deck.mask & ~won & ~sum(masks)
    return state._replace(hand_masks=masks, won_masks=(won, rest), trick_counts=counts, turn=turn, window=None)


# Dealer 0: seat 1 is the boasting one (team 1 = seats 1, 3, 5).  Seat 1 holds A♦ and Q♣ and leads;
# seat 2, an opponent, holds 6♣ and no trump.
CATCH = [
    "Q♠ J♣ 10♦ A♣ 10♣ K♣",
    "Q♣ A♦ K♦ 9♣ 8♣ 7♣",
    "6♣ A♠ 10♠ K♠ 9♠ 8♠",
    "Q♥ J♠ 9♦ 7♠ 6♠ A♥",
    "Q♦ J♥ 8♦ 10♥ K♥ 9♥",
    "J♦ 7♦ 6♦ 8♥ 7♥ 6♥",
]

# As CATCH, but 6♣ is held by seat 3, a partner of the Q♣ player, who holds no trump.
SAME_TEAM = [
    "Q♠ J♣ 10♦ A♣ 10♣ K♣",
    "Q♣ A♦ K♦ 9♣ 8♣ 7♣",
    "Q♥ J♠ 9♦ A♠ 10♠ K♠",
    "6♣ 9♠ 8♠ 7♠ 6♠ A♥",
    "Q♦ J♥ 8♦ 10♥ K♥ 9♥",
    "J♦ 7♦ 6♦ 8♥ 7♥ 6♥",
]

# Seat 1 holds A♦ and 6♣ and leads; seat 2, an opponent, holds Q♣ and no club.
CLUB_LEAD = [
    "Q♠ J♣ 10♦ A♣ 10♣ K♣",
    "6♣ A♦ K♦ 9♣ 8♣ 7♣",
    "Q♣ J♠ 9♦ A♠ 10♠ K♠",
    "Q♥ 9♠ 8♠ 7♠ 6♠ A♥",
    "Q♦ J♥ 8♦ 10♥ K♥ 9♥",
    "J♦ 7♦ 6♦ 8♥ 7♥ 6♥",
]

# The last trick of a hand: seat 1 leads 7♣ and seat 0's 9♣ takes it; the trick is worth nothing.
LAST = ["9♣", "7♣", "8♣", "6♠", "7♠", "8♠"]
LAST_TRICK = ("1 play 7♣", "2 play 8♣", "3 play 6♠", "4 play 7♠", "5 play 8♠", "0 play 9♣")
CLUBS_SPADES = "A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠"  # 60 card points


def last_trick(won0, scores=(0, 0), counts=(3, 2)):
    """The first hand of a match at its last trick, with ``won0`` taken by side 0 and the rest by side 1."""
    state = start(SIX, CATCH)  # seed 1: the next deal gives A♦ to nobody left of its dealer
    state = state._replace(match=state.match._replace(scores=scores))
    return position(state, LAST, counts, 1, won0)


# --- seats, cards and the deal --------------------------------------------------------------------


def test_six_players_in_two_teams_of_three_seated_alternately():
    assert SIX.players == 6
    assert SIX.sides == 2
    assert SIX.seating.seats_of(0) == (0, 2, 4)
    assert SIX.seating.seats_of(1) == (1, 3, 5)


def test_thirty_six_cards_all_dealt_six_each():
    state = kozel.new_game(SIX, seed=5)
    assert CardSet(SIX.deck) == CardSet(Deck.pack36())
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6, 6, 6]
    assert state.stock == ()
    assert sum(state.hand_masks) == SIX.deck.mask


def test_dealt_one_card_at_a_time_from_the_dealers_left():
    state = kozel.new_game(SIX, deck=list(Deck.pack36()), dealer=0)  # 6♣ 7♣ ... A♦, top first
    assert state.hands[1] == CardSet("6♣ Q♣ 9♠ 6♥ Q♥ 9♦")
    assert state.hands[2] == CardSet("7♣ K♣ 10♠ 7♥ K♥ 10♦")
    assert state.hands[3] == CardSet("8♣ A♣ J♠ 8♥ A♥ J♦")
    assert state.hands[4] == CardSet("9♣ 6♠ Q♠ 9♥ 6♦ Q♦")
    assert state.hands[5] == CardSet("10♣ 7♠ K♠ 10♥ 7♦ K♦")
    assert state.hands[0] == CardSet("J♣ 8♠ A♠ J♥ 8♦ A♦")


def test_the_permanent_trumps_high_to_low():
    order = parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦ 6♦")
    assert start(SIX, CATCH).table.order == order
    for higher, lower in itertools.pairwise(order):
        assert SIX.trumps.beats(higher, lower, None)
        assert not SIX.trumps.beats(lower, higher, None)
    assert SIX.trumps.beats(Card.parse("6♦"), Card.parse("A♠"), None)


@pytest.mark.parametrize("suit", ["♣", "♠", "♥"])
def test_plain_suits_rank_ace_ten_king_nine_eight_seven_six(suit):
    cards = [Card.parse(rank + suit) for rank in ["A", "10", "K", "9", "8", "7", "6"]]
    assert not any(SIX.trumps.is_trump(card, None) for card in cards)
    for higher, lower in itertools.pairwise(cards):
        assert SIX.trumps.beats(higher, lower, None)
        assert not SIX.trumps.beats(lower, higher, None)


# --- play as pairs -------------------------------------------------------------------------------


def test_the_ace_of_diamonds_holder_opens_the_first_hand():
    state = start(SIX, CATCH, dealer=2)  # the boasting one is seat 3; seat 1 holds A♦
    assert state.turn == 1


def test_the_boasting_team_may_lead_a_trump():
    state = start(SIX, CATCH)
    assert legal(state) == {"1 play Q♣", "1 play A♦", "1 play K♦", "1 play 9♣", "1 play 8♣", "1 play 7♣"}


def test_the_other_team_may_not_lead_a_trump_while_holding_a_plain_card():
    state = start(SIX, CATCH, dealer=1)  # the boasting one is seat 2: team 0 boasts
    assert state.turn == 1
    assert legal(state) == {"1 play 9♣", "1 play 8♣", "1 play 7♣"}
    with pytest.raises(IllegalMoveError):
        play(state, "1 play Q♣")


def test_the_other_team_may_lead_a_trump_when_holding_nothing_else():
    state = position(
        start(SIX, CATCH), ["Q♠ J♣", "9♣ 8♣", "A♠ 10♠", "J♠ 7♠", "10♥ K♥", "8♥ 7♥"], (2, 2), 0, "A♣ 10♣ K♣"
    )
    assert legal(state) == {"0 play Q♠", "0 play J♣"}


def test_follow_suit_else_any_card_and_the_trick_goes_to_the_team():
    state = play(start(SIX, CLUB_LEAD), "1 play 9♣")
    assert legal(state) == {"2 play Q♣", "2 play J♠", "2 play 9♦", "2 play A♠", "2 play 10♠", "2 play K♠"}  # no club
    state = play(state, "2 play A♠", "3 play 6♠", "4 play Q♦", "5 play 6♥")
    assert legal(state) == {"0 play A♣", "0 play 10♣", "0 play K♣"}  # J♣ is a trump, not a club
    state = play(state, "0 play A♣")
    assert state.trick is None
    assert state.turn == 4  # the trump takes the trick, for seat 4's team: seats 0, 2 and 4
    assert state.won == (CardSet("9♣ A♠ 6♠ Q♦ 6♥ A♣"), CardSet())
    assert state.trick_counts == (1, 0)


def test_a_trump_lead_must_be_answered_with_a_trump():
    state = play(start(SIX, SAME_TEAM), "1 play Q♣")
    assert legal(state) == {"2 play Q♥", "2 play J♠", "2 play 9♦"}


def test_no_lone_trump_pass_with_teams_of_three():
    state = start(SIX, CLUB_LEAD)
    assert state.hands[3] == CardSet("Q♥ 9♠ 8♠ 7♠ 6♠ A♥")  # Q♥ is seat 3's one trump
    assert state.window is None
    assert legal_of(state, MoveKind.TRANSFER) == set()
    with pytest.raises(IllegalMoveError):
        play(state, "3 transfer Q♥")


# --- the six of clubs catches the queen of clubs --------------------------------------------------


def test_six_of_clubs_played_onto_the_queen_of_clubs_stops_the_hand():
    state = play(start(SIX, CATCH), "1 play Q♣")
    assert legal(state) == {"2 play 6♣", "2 play A♠", "2 play 10♠", "2 play K♠", "2 play 9♠", "2 play 8♠"}  # no trump
    state = play(state, "2 play 6♣")
    assert state.hand_results == (HandResult(points=(0, 0), tricks=(0, 0), written=(4, 0), caught=True),)
    assert state.scores == (4, 0)  # the catching team: two "pairs"
    assert state.hand_number == 1  # a new hand is dealt at once
    assert state.dealer == 1
    assert state.turn == 2
    assert Card.parse("A♦") not in state.hands[2]
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6, 6, 6]


def test_the_queen_of_clubs_played_onto_the_six_of_clubs_is_caught_too():
    state = play(start(SIX, CLUB_LEAD), "1 play 6♣")
    assert legal(state) == {"2 play Q♣", "2 play J♠", "2 play 9♦", "2 play A♠", "2 play 10♠", "2 play K♠"}  # no club
    state = play(state, "2 play Q♣")
    assert state.hand_results == (HandResult(points=(0, 0), tricks=(0, 0), written=(0, 4), caught=True),)
    assert state.scores == (0, 4)


def test_no_catch_when_one_team_plays_both():
    state = play(start(SIX, SAME_TEAM), "1 play Q♣", "2 play 9♦", "3 play 6♣")
    assert state.hand_number == 0
    assert len(state.trick.plays) == 3
    assert state.turn == 4
    state = play(state, "4 play 8♦", "5 play 6♦", "0 play 10♦")
    assert state.won == (CardSet(), CardSet("Q♣ 9♦ 6♣ 8♦ 6♦ 10♦"))
    assert state.turn == 1
    assert state.hand_results == ()


def test_a_catch_counts_no_card_points():
    hands = ["8♦ 7♣", "Q♣ 7♥", "J♠ 8♥", "9♦ 9♥", "6♣ 10♥", "7♦ 6♥"]
    won0 = "A♣ 10♣ K♣ A♠ 10♠ K♠ A♥ K♥"  # 65 card points taken by team 0 before the catch
    state = position(start(SIX, CATCH), hands, (2, 2), 1, won0)
    state = play(state, "1 play Q♣", "2 play J♠", "3 play 9♦", "4 play 6♣")
    assert state.hand_results == (HandResult(points=(0, 0), tricks=(2, 2), written=(4, 0), caught=True),)
    assert state.scores == (4, 0)


def test_a_catch_ends_the_hand_at_once_and_can_end_the_match():
    state = start(SIX, CATCH)
    state = state._replace(match=state.match._replace(scores=(8, 10)))
    state = play(state, "1 play Q♣", "2 play 6♣")
    assert state.is_over
    assert state.scores == (12, 10)
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat",)
    assert [str(p) for p in state.trick.plays] == ["1 play Q♣", "2 play 6♣"]  # nobody else played
    assert state.hands[3] == CardSet(CATCH[3])


# --- scoring as pairs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won0", "points", "written"),
    [
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ K♥", (61, 59), (2, 0)),
        (CLUBS_SPADES + " A♥ 10♥ K♥ Q♥ J♥", (90, 30), (2, 0)),
        (CLUBS_SPADES + " A♥ 10♥ K♥ Q♥ Q♦", (91, 29), (4, 0)),
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ J♥", (59, 61), (0, 2)),
    ],
)
def test_credit_two_over_sixty_four_over_ninety(won0, points, written):
    state = play(last_trick(won0), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=points, tricks=(4, 2), written=written)
    assert state.scores == written


def test_sixty_sixty_is_eggs_and_the_same_dealer_deals_again():
    state = play(last_trick(CLUBS_SPADES, scores=(2, 4)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=(60, 60), tricks=(4, 2), written=(0, 0), eggs=True)
    assert state.scores == (2, 4)
    assert state.hand_number == 1
    assert state.dealer == 0  # replayed by the same dealer
    assert state.turn == 1  # the player left of the dealer leads the replay
    assert Card.parse("A♦") not in state.hands[1]


def test_lucy_resets_the_opponents_or_wins_at_once():
    lucy = " ".join(str(card) for card in SIX.deck if str(card) not in LAST)
    state = play(last_trick(lucy, scores=(2, 8), counts=(5, 0)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=(120, 0), tricks=(6, 0), written=(4, 0))
    assert state.scores == (6, 0)
    assert not state.is_over
    state = play(last_trick(lucy, scores=(2, 0), counts=(5, 0)), *LAST_TRICK)
    assert state.is_over
    assert state.scores == (6, 0)
    assert state.result.goats == (1,)


def test_the_first_team_to_twelve_wins():
    state = play(last_trick("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ K♥", scores=(10, 6)), *LAST_TRICK)
    assert state.scores == (12, 6)
    assert state.phase is Phase.OVER
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat",)
