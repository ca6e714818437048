"""seven_of_clubs: every rule on hand-built deals."""

import itertools

import pytest
from helpers import legal, play, start

import kozel
from kozel import Card, CardSet, Deck, HandResult, IllegalMoveError, Phase, parse_cards

SEVEN = kozel.variants.get("seven_of_clubs")


def with_hands(state, hands, stock=""):
    """``state`` with these hands dealt; the stock starts with ``stock`` and holds every other card."""
    held = [CardSet(hand).mask for hand in hands]
    top = list(parse_cards(stock))
    used = sum(held) | CardSet(top).mask
    rest = [card for card in SEVEN.deck if not used & card.bit]
    return state._replace(hand_masks=tuple(held), stock=tuple(top + rest))


def last_trick(state, hands, team0_won, counts=(4, 3)):
    """``state`` moved to the last trick of its hand: these one-card hands, every other card already won."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    won0 = CardSet(team0_won).mask
    rest = SEVEN.deck.mask & ~won0 & ~sum(masks)
    return state._replace(hand_masks=masks, stock=(), won_masks=(won0, rest), trick_counts=counts, window=None)


def play_round(state, hands):
    """Everybody plays his one card, from the seat to play round the table."""
    seats = [(state.turn + step) % 4 for step in range(4)]
    return play(state, *(f"{seat} play {hands[seat]}" for seat in seats))


PLAIN_HANDS = ["A♠ K♠ 9♠ 8♠", "A♦ 10♦ K♦ 9♦", "A♥ 10♥ K♥ 9♥", "7♠ 7♥ 7♦ 8♥"]
# Team 0 ends a hand on 59 card points (the last trick is worth nothing): written 2.
TEAM0_59 = "A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ J♦ J♠"


def next_hand_opened_by(state, winner):
    """Play ``state``'s hand to its end with ``winner`` taking the last trick (A♥ over small hearts)."""
    small = iter(["7♥", "8♥", "9♥"])
    hands = ["A♥" if seat == winner else next(small) for seat in range(4)]
    number = state.hand_number
    state = play_round(last_trick(state, hands, TEAM0_59), hands)
    assert state.hand_number == number + 1
    return state


# --- the deck and the deal -----------------------------------------------------------------------


def test_the_deck_is_32_cards_seven_to_ace_worth_120():
    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]
    assert len(SEVEN.deck) == 32
    assert CardSet(SEVEN.deck.cards) == CardSet(" ".join(rank + suit for suit in "♣♠♥♦" for rank in ranks))
    assert SEVEN.points.of_mask(SEVEN.deck.mask) == 120


def test_four_players_in_two_teams_partners_opposite():
    assert SEVEN.players == 4
    assert [SEVEN.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [SEVEN.seating.partner(seat) for seat in range(4)] == [2, 3, 0, 1]


def test_four_cards_each_one_at_a_time_from_the_dealers_left_the_rest_is_the_stock():
    deck = list(Deck.pack32())  # 7♣ 8♣ ... A♦, top first
    state = kozel.new_game(SEVEN, deck=deck)
    assert state.hands[1] == CardSet([deck[0], deck[4], deck[8], deck[12]])
    assert state.hands[2] == CardSet([deck[1], deck[5], deck[9], deck[13]])
    assert state.hands[3] == CardSet([deck[2], deck[6], deck[10], deck[14]])
    assert state.hands[0] == CardSet([deck[3], deck[7], deck[11], deck[15]])
    assert str(state.hands[1]) == "7♣ J♣ 7♠ J♠"
    assert state.stock == tuple(deck[16:])
    assert len(state.stock) == 16


# --- trumps and plain suits ----------------------------------------------------------------------


def test_the_permanent_trumps_high_to_low():
    state = kozel.new_game(SEVEN, seed=1)
    assert state.trump is None  # no suit is shown
    assert state.table.order == parse_cards("7♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣ 8♣")
    assert len(state.table.order) == 14
    for higher, lower in itertools.pairwise(state.table.order):
        assert SEVEN.trumps.beats(higher, lower, None)
        assert not SEVEN.trumps.beats(lower, higher, None)
    assert SEVEN.trumps.beats(Card.parse("8♣"), Card.parse("A♠"), None)  # the lowest trump beats a plain ace


@pytest.mark.parametrize("suit", ["♠", "♥", "♦"])
def test_plain_suits_rank_ace_ten_king_nine_eight_seven(suit):
    cards = [Card.parse(rank + suit) for rank in ["A", "10", "K", "9", "8", "7"]]
    assert not any(SEVEN.trumps.is_trump(card, None) for card in cards)
    for higher, lower in itertools.pairwise(cards):
        assert SEVEN.trumps.beats(higher, lower, None)
        assert not SEVEN.trumps.beats(lower, higher, None)
    assert SEVEN.trumps.is_trump(Card.parse("Q" + suit), None)
    assert SEVEN.trumps.is_trump(Card.parse("J" + suit), None)
    other = "♠" if suit == "♥" else "♥"
    assert not SEVEN.trumps.beats(Card.parse("A" + suit), Card.parse("7" + other), None)  # suits do not mix


# --- playing a trick -----------------------------------------------------------------------------

# Seat 0 deals and leads A♠; seat 1 holds K♠ and the trump Q♠; seat 2 has no plain spade.
FOLLOW_HANDS = ["A♠ 9♥ 8♦ 7♦", "K♠ Q♠ 8♣ 10♥", "7♥ J♦ A♦ 9♣", "10♠ 7♠ K♦ Q♥"]
FOLLOW_STOCK = "A♥ 10♦ K♥ 9♠"


def test_follow_the_led_plain_suit_where_the_queen_and_jack_are_trumps_not_spades():
    state = play(start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK), "0 play A♠")
    assert state.turn == 1
    assert legal(state) == {"1 play K♠"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("1 play Q♠"))


def test_without_the_led_suit_any_card_may_be_played():
    state = play(start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK), "0 play A♠", "1 play K♠")
    assert legal(state) == {"2 play 7♥", "2 play J♦", "2 play A♦", "2 play 9♣"}


def test_one_card_each_and_a_trump_takes_a_plain_trick():
    state = play(start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK), "0 play A♠", "1 play K♠", "2 play 9♣")
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("3 play 10♠ 7♠"))
    state = play(state, "3 play 10♠")
    assert state.trick is None
    assert state.won[0] == CardSet("A♠ K♠ 9♣ 10♠")
    assert state.trick_counts == (1, 0)
    assert state.turn == 2  # the 9♣ beat the A♠; its player leads next


def test_after_a_trick_everyone_draws_one_card_winner_first():
    state = start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♣", "3 play 10♠")
    # Seat 2 won: the draws go 2, 3, 0, 1.
    assert state.hands[2] == CardSet("7♥ J♦ A♦ A♥")
    assert state.hands[3] == CardSet("7♠ K♦ Q♥ 10♦")
    assert state.hands[0] == CardSet("9♥ 8♦ 7♦ K♥")
    assert state.hands[1] == CardSet("Q♠ 8♣ 10♥ 9♠")
    assert len(state.stock) == 12


def test_once_the_stock_is_empty_nobody_draws():
    state = start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK)
    # Three tricks later: four cards left in the stock.
    hands = ["A♠ 9♥ 8♦ 7♦", "K♠ Q♠ 8♣ 10♥", "7♥ J♦ A♦ 9♣", "10♠ 7♠ K♦ Q♥"]
    taken = CardSet("A♣ 10♣ K♣ Q♣ J♣ 8♠ 9♠ A♥ K♥ 8♥ 10♦ Q♦").mask
    state = state._replace(
        hand_masks=tuple(CardSet(hand).mask for hand in hands),
        stock=parse_cards("7♣ 9♦ J♥ J♠"),
        won_masks=(taken, 0),
        trick_counts=(3, 0),
    )
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♣", "3 play 10♠")
    assert state.stock == ()
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert Card.parse("7♣") in state.hands[2]  # the winner drew the top card
    state = play(state, "2 play 7♥", "3 play 7♠", "0 play 9♥", "1 play 10♥")
    assert [len(hand) for hand in state.hands] == [3, 3, 3, 3]
    assert state.turn == 1


def test_a_trump_lead_must_be_answered_with_a_trump_if_you_have_one():
    state = start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♣", "3 play 10♠", "2 play J♦")
    assert legal(state) == {"3 play Q♥"}  # seat 3 also holds K♦ and 10♦, but J♦ is a trump
    state = play(state, "3 play Q♥")
    # Seat 0 holds no trump: any card.
    assert legal(state) == {"0 play 9♥", "0 play 8♦", "0 play 7♦", "0 play K♥"}
    state = play(state, "0 play 7♦")
    assert legal(state) == {"1 play Q♠", "1 play 8♣"}


def test_the_highest_trump_wins_the_trick():
    state = start(SEVEN, FOLLOW_HANDS, FOLLOW_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♣", "3 play 10♠")
    state = play(state, "2 play J♦", "3 play Q♥", "0 play 7♦", "1 play 8♣")
    assert state.won[1] == CardSet("J♦ Q♥ 7♦ 8♣")
    assert state.trick_counts == (1, 1)
    assert state.turn == 3  # Q♥ is above J♦ and 8♣


def test_the_highest_card_of_the_led_suit_wins_another_plain_suit_never_does():
    hands = ["9♦ 7♠ 8♠ 9♠", "A♥ 10♥ K♥ 9♥", "K♦ 8♥ 7♥ 10♠", "10♦ A♠ K♠ 8♦"]
    state = play(start(SEVEN, hands), "0 play 9♦", "1 play A♥", "2 play K♦", "3 play 10♦")
    assert state.won[1] == CardSet("9♦ A♥ K♦ 10♦")
    assert state.won[0] == CardSet()
    assert state.turn == 3  # 10♦ over K♦ over 9♦; the A♥ is of another suit


# --- who opens, and with what --------------------------------------------------------------------

DEALER_HANDS = ["K♠ 9♠ 8♠ 7♠", "A♦ 10♦ K♦ 9♦", "Q♣ J♥ A♠ 7♥", "A♥ K♥ 9♥ 8♥"]


def test_the_dealer_leads_the_first_trick_of_the_match_with_a_plain_card():
    state = start(SEVEN, DEALER_HANDS, dealer=2)
    assert state.turn == 2
    assert legal(state) == {"2 play A♠", "2 play 7♥"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 play Q♣"))


def test_only_the_first_lead_is_barred_from_trumps():
    state = start(SEVEN, DEALER_HANDS, "8♦ 7♦ J♦ 10♥", dealer=2)
    state = play(state, "2 play A♠", "3 play 8♥", "0 play 7♠", "1 play 9♦")
    assert state.turn == 2
    assert state.hands[2] == CardSet("Q♣ J♥ 7♥ 8♦")
    assert legal(state) == {"2 play Q♣", "2 play J♥", "2 play 7♥", "2 play 8♦"}


ALL_TRUMPS = "Q♠ J♠ 9♣ 8♣"


def test_a_dealer_holding_only_trumps_first_swaps_one_with_the_partner_for_a_plain_card():
    state = start(SEVEN, [ALL_TRUMPS, "A♥ 10♥ 9♥ 8♥", "A♠ K♥ J♥ 7♦", "A♦ 10♦ K♦ 9♦"])
    assert state.turn == 0
    assert legal(state) == {"0 transfer Q♠", "0 transfer J♠", "0 transfer 9♣", "0 transfer 8♣"}
    state = play(state, "0 transfer J♠")
    assert state.phase is Phase.TRANSFER_BACK
    assert state.turn == 2
    assert state.hands[0] == CardSet("Q♠ 9♣ 8♣")
    assert legal(state) == {"2 transfer_back A♠", "2 transfer_back K♥", "2 transfer_back 7♦"}  # not J♥, J♠
    state = play(state, "2 transfer_back K♥")
    assert state.phase is Phase.PLAY
    assert state.hands[0] == CardSet("Q♠ 9♣ 8♣ K♥")
    assert state.hands[2] == CardSet("A♠ J♠ J♥ 7♦")
    assert state.turn == 0
    assert legal(state) == {"0 play K♥"}  # one swap, and the lead is the plain card


def test_the_swap_is_forced_and_only_a_plain_card_comes_back():
    state = start(SEVEN, [ALL_TRUMPS, "A♥ 10♥ 9♥ 8♥", "A♠ K♥ J♥ 7♦", "A♦ 10♦ K♦ 9♦"])
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("0 play Q♠"))
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("0 transfer Q♠ J♠"))  # one trump, not two
    state = play(state, "0 transfer J♠")
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 transfer_back J♥"))
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 transfer_back J♠"))


def test_without_a_plain_card_in_the_partners_hand_the_opener_leads_a_trump():
    state = start(SEVEN, [ALL_TRUMPS, "A♥ 10♥ 9♥ 8♥", "Q♥ J♥ A♣ 10♣", "A♦ 10♦ K♦ 9♦"])
    assert legal(state) == {"0 play Q♠", "0 play J♠", "0 play 9♣", "0 play 8♣"}


@pytest.mark.parametrize("winner", [0, 1, 2, 3])
def test_later_hands_are_opened_by_the_winner_of_the_last_trick_and_the_deal_passes_clockwise(winner):
    state = next_hand_opened_by(start(SEVEN, PLAIN_HANDS), winner)
    assert state.dealer == 1
    assert state.turn == winner
    assert state.trick is None
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert len(state.stock) == 16
    state = next_hand_opened_by(state, (winner + 1) % 4)
    assert state.dealer == 2
    assert state.turn == (winner + 1) % 4


SECOND_HANDS = ["A♠ K♠ 9♠ 8♠", "A♦ 10♦ K♦ 9♦", "Q♣ J♥ A♥ 7♥", "7♣ Q♠ 10♥ K♥"]


def test_the_team_that_opened_the_last_hand_may_not_open_this_one_with_a_trump():
    # Seat 0 dealt and opened the first hand; his partner, seat 2, opens the second.
    state = with_hands(next_hand_opened_by(start(SEVEN, PLAIN_HANDS), 2), SECOND_HANDS)
    assert state.turn == 2
    assert legal(state) == {"2 play A♥", "2 play 7♥"}


def test_the_other_team_may_open_with_a_trump():
    state = with_hands(next_hand_opened_by(start(SEVEN, PLAIN_HANDS), 3), SECOND_HANDS)
    assert state.turn == 3
    assert legal(state) == {"3 play 7♣", "3 play Q♠", "3 play 10♥", "3 play K♥"}


def test_the_bar_moves_to_the_team_that_opened_the_hand_before():
    second = next_hand_opened_by(start(SEVEN, PLAIN_HANDS), 3)  # team 1 opens the second hand
    third = with_hands(next_hand_opened_by(second, 1), ["A♠ K♠ 9♠ 8♠", "7♣ Q♠ 10♥ K♥", "A♦ 10♦ K♦ 9♦", "Q♣ J♥ A♥ 7♥"])
    assert third.turn == 1
    assert legal(third) == {"1 play 10♥", "1 play K♥"}
    hands = ["A♦ 10♦ K♦ 9♦", "A♠ K♠ 9♠ 8♠", "Q♣ J♥ A♥ 7♥", "7♣ Q♠ 10♥ K♥"]
    third = with_hands(next_hand_opened_by(second, 2), hands)  # team 0 is free again
    assert third.turn == 2
    assert legal(third) == {"2 play Q♣", "2 play J♥", "2 play A♥", "2 play 7♥"}


def test_a_barred_opener_holding_only_trumps_swaps_one_with_the_partner():
    second = next_hand_opened_by(start(SEVEN, PLAIN_HANDS), 2)
    state = with_hands(second, ["A♠ K♥ J♥ 7♦", "A♥ 10♥ 9♥ 8♥", ALL_TRUMPS, "A♦ 10♦ K♦ 9♦"])
    assert legal(state) == {"2 transfer Q♠", "2 transfer J♠", "2 transfer 9♣", "2 transfer 8♣"}
    state = play(state, "2 transfer 9♣")
    assert state.turn == 0
    assert legal(state) == {"0 transfer_back A♠", "0 transfer_back K♥", "0 transfer_back 7♦"}
    state = play(state, "0 transfer_back A♠")
    assert state.hands[2] == CardSet("Q♠ J♠ 8♣ A♠")
    assert state.hands[0] == CardSet("K♥ J♥ 7♦ 9♣")
    assert state.turn == 2
    assert legal(state) == {"2 play A♠"}


def test_an_unbarred_opener_holding_only_trumps_just_leads():
    second = next_hand_opened_by(start(SEVEN, PLAIN_HANDS), 3)
    state = with_hands(second, ["A♠ K♥ J♥ 7♦", "A♥ 10♥ 9♥ 8♥", "A♦ 10♦ K♦ 9♦", ALL_TRUMPS])
    assert legal(state) == {"3 play Q♠", "3 play J♠", "3 play 9♣", "3 play 8♣"}


# --- the queen of clubs meets the seven of clubs -------------------------------------------------

# Seat 0 takes the first trick (A♠, 15 card points) and draws A♦; then a club lead.
CATCH_STOCK = "A♦ J♥ K♥ 7♥"


def catch_hands(seat0_club, seat1_club):
    return [f"A♠ {seat0_club} 8♥ 7♦", f"K♠ {seat1_club} 9♥ 8♦", "9♠ 10♥ K♦ A♥", "8♠ 7♠ 10♦ 9♦"]


@pytest.mark.parametrize(
    ("seat0_club", "seat1_club", "written"),
    [
        ("Q♣", "7♣", (4, 0)),  # the seven falls on the queen: team 0 played Q♣
        ("7♣", "Q♣", (0, 4)),  # the queen falls on the seven: team 1 played Q♣
    ],
)
def test_queen_and_seven_of_clubs_in_one_trick_stop_the_hand(seat0_club, seat1_club, written):
    state = start(SEVEN, catch_hands(seat0_club, seat1_club), CATCH_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♠", "3 play 8♠")
    assert state.won[0] == CardSet("A♠ K♠ 9♠ 8♠")
    state = play(state, f"0 play {seat0_club}")
    assert legal(state) == {f"1 play {seat1_club}", "1 play J♥"}
    state = play(state, f"1 play {seat1_club}")
    # Seats 2 and 3 never play: the hand is over and the next one is dealt.
    assert state.hand_number == 1
    result = state.hand_results[0]
    assert result.caught
    assert result.points == (0, 0)  # the 15 points team 0 took are not counted
    assert result.written == written
    assert not result.eggs
    assert state.scores == written
    assert state.dealer == 1
    assert state.trick is None
    assert state.won == (CardSet(), CardSet())
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]


def test_after_a_catch_the_player_whose_card_was_winning_opens_the_next_hand():
    state = start(SEVEN, catch_hands("Q♣", "7♣"), CATCH_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♠", "3 play 8♠", "0 play Q♣", "1 play 7♣")
    assert state.turn == 1
    state = start(SEVEN, catch_hands("7♣", "Q♣"), CATCH_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♠", "3 play 8♠", "0 play 7♣", "1 play Q♣")
    assert state.turn == 0


def test_the_queen_catch_can_fall_later_in_the_trick():
    # Seat 0 leads a heart; seat 1 plays its heart; seats 2 and 3, void, throw the clubs.
    hands = ["A♥ 9♠ 8♠ 7♠", "K♥ A♦ 10♦ K♦", "Q♣ A♠ 10♠ K♠", "7♣ 9♦ 8♦ 7♦"]
    state = play(start(SEVEN, hands), "0 play A♥", "1 play K♥", "2 play Q♣", "3 play 7♣")
    assert state.hand_number == 1
    assert state.hand_results[0].written == (4, 0)
    assert state.hand_results[0].points == (0, 0)
    assert state.turn == 3


def test_queen_and_seven_of_one_team_is_no_catch():
    hands = ["A♠ Q♣ 8♥ 7♦", "K♠ 10♥ 9♥ 8♦", "9♠ 7♣ K♦ A♥", "8♠ 7♠ 10♦ 9♦"]
    state = start(SEVEN, hands, CATCH_STOCK)
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♠", "3 play 8♠")
    state = play(state, "0 play Q♣", "1 play J♥", "2 play 7♣")
    assert state.hand_number == 0
    assert state.turn == 3
    state = play(state, "3 play 7♠")
    assert state.hand_number == 0
    assert state.won[0] == CardSet("A♠ K♠ 9♠ 8♠ Q♣ J♥ 7♣ 7♠")
    assert state.trick_counts == (2, 0)
    assert state.turn == 2  # the 7♣ took it


# --- scoring and the match -----------------------------------------------------------------------

LAST = ["9♥", "7♥", "8♥", "7♠"]  # seat 0 leads 9♥ and takes it; no card points


@pytest.mark.parametrize(
    ("team0_won", "points", "written"),
    [
        ("A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ Q♠", (61, 59), (0, 2)),
        (TEAM0_59, (59, 61), (2, 0)),
        ("A♣ 10♣ K♣ Q♣ J♣", (30, 90), (2, 0)),
        ("", (0, 120), (2, 0)),  # no 4 or 6 in this game
        (
            "A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥ A♦ 10♦ K♦ Q♦ J♦",
            (120, 0),
            (0, 2),
        ),
    ],
)
def test_the_team_with_more_than_60_wins_and_the_loser_is_written_2(team0_won, points, written):
    state = last_trick(start(SEVEN, PLAIN_HANDS), LAST, team0_won)
    state = play(state, "0 play 9♥", "1 play 7♥", "2 play 8♥", "3 play 7♠")
    result = state.hand_results[-1]
    assert result.points == points
    assert result.written == written
    assert not result.eggs
    assert not result.caught
    assert state.scores == written
    assert state.hand_number == 1


def test_sixty_sixty_is_eggs_and_nobody_is_written():
    state = last_trick(start(SEVEN, PLAIN_HANDS), LAST, "A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦")
    state = play(state, "0 play 9♥", "1 play 7♥", "2 play 8♥", "3 play 7♠")
    result = state.hand_results[-1]
    assert result.points == (60, 60)
    assert result.eggs
    assert result.written == (0, 0)
    assert state.scores == (0, 0)


def with_scores(state, scores):
    earlier = HandResult(points=(40, 80), tricks=(3, 5), written=(2, 0))
    return state._replace(match=state.match._replace(scores=scores, hand_results=(earlier,)))


def test_the_team_that_reaches_12_is_the_goat():
    state = last_trick(with_scores(start(SEVEN, PLAIN_HANDS), (10, 4)), LAST, TEAM0_59)
    state = play(state, "0 play 9♥", "1 play 7♥", "2 play 8♥", "3 play 7♠")
    assert state.scores == (12, 4)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_one_short_of_12_plays_on():
    state = last_trick(with_scores(start(SEVEN, PLAIN_HANDS), (8, 10)), LAST, TEAM0_59)
    state = play(state, "0 play 9♥", "1 play 7♥", "2 play 8♥", "3 play 7♠")
    assert state.scores == (10, 10)
    assert not state.is_over
    assert state.hand_number == 2


def test_a_catch_can_make_the_goat():
    state = with_scores(start(SEVEN, catch_hands("Q♣", "7♣"), CATCH_STOCK), (10, 0))
    state = play(state, "0 play A♠", "1 play K♠", "2 play 9♠", "3 play 8♠", "0 play Q♣", "1 play 7♣")
    assert state.scores == (14, 0)
    assert state.is_over
    assert state.result.goats == (0,)
