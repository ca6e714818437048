"""six_of_clubs (the 24-card network game): every rule on hand-built deals."""

import itertools

import pytest
from helpers import legal, legal_of, play, start

import kozel
from kozel import Card, CardSet, Deck, HandResult, IllegalMoveError, MoveKind, Phase, parse_cards

SIX = kozel.variants.get("six_of_clubs")

# The A♦ lies with seat 2, so seat 2 opens the first hand.
FIRST = ["A♠ 10♠ K♠ 6♠ Q♥ J♥", "A♥ 10♥ K♥ 6♥ J♣ K♣", "A♦ K♦ 6♦ Q♠ J♠ A♣", "10♦ 6♣ Q♣ Q♦ J♦ 10♣"]
# Every card but the sixes, which make up the last trick.
HONOURS = "A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥ A♦ 10♦ K♦ Q♦ J♦"


def with_hands(state, hands):
    """``state`` with these hands dealt instead."""
    return state._replace(hand_masks=tuple(CardSet(hand).mask for hand in hands))


def last_trick(state, hands, team0_won, counts):
    """``state`` moved to the last trick of its hand: these one-card hands, every other card already won."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    won0 = CardSet(team0_won).mask
    rest = SIX.deck.mask & ~won0 & ~sum(masks)
    return state._replace(hand_masks=masks, won_masks=(won0, rest), trick_counts=counts, window=None)


def end_hand(state, team0_won, *, taker=3, counts=(3, 2)):
    """Play ``state``'s hand to its end: the last trick is the four sixes, and the 6♣ (``taker``'s) takes it."""
    others = iter(["6♠", "6♥", "6♦"])
    hands = ["6♣" if seat == taker else next(others) for seat in range(4)]
    state = last_trick(state, hands, team0_won, counts)
    seats = [(state.turn + step) % 4 for step in range(4)]
    return play(state, *(f"{seat} play {hands[seat]}" for seat in seats))


def second_hand():
    """The second hand of a match whose first hand seat 2 (the A♦) opened: seat 2 deals, seat 3 leads."""
    state = end_hand(start(SIX, FIRST), "A♣ 10♣ K♣ Q♣ J♣ A♠")  # team 0 41: written 2
    assert state.hand_number == 1
    return state


def with_scores(state, scores, earlier=None):
    earlier = earlier or HandResult(points=(40, 80), tricks=(2, 4), written=(2, 0))
    return state._replace(match=state.match._replace(scores=scores, hand_results=(earlier,)))


# --- the deck and the deal -----------------------------------------------------------------------


def test_the_deck_is_24_cards_ace_ten_king_queen_jack_six_worth_120():
    ranks = ["A", "10", "K", "Q", "J", "6"]
    assert len(SIX.deck) == 24
    assert CardSet(SIX.deck.cards) == CardSet(" ".join(rank + suit for suit in "♣♠♥♦" for rank in ranks))
    assert SIX.points.of_mask(SIX.deck.mask) == 120


def test_four_players_partners_opposite():
    assert SIX.players == 4
    assert [SIX.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [SIX.seating.partner(seat) for seat in range(4)] == [2, 3, 0, 1]


def test_six_cards_each_dealt_one_at_a_time_and_nothing_left_over():
    deck = list(Deck.pack24())  # 6♣ 10♣ J♣ Q♣ K♣ A♣ 6♠ ... A♦, top first
    state = kozel.new_game(SIX, deck=deck)
    assert state.hands[1] == CardSet(deck[0::4])
    assert state.hands[2] == CardSet(deck[1::4])
    assert state.hands[3] == CardSet(deck[2::4])
    assert state.hands[0] == CardSet(deck[3::4])
    assert str(state.hands[1]) == "6♣ K♣ J♠ 6♥ K♥ J♦"
    assert state.stock == ()
    assert state.talon == ()


# --- trumps and plain suits ----------------------------------------------------------------------


def test_the_permanent_trumps_high_to_low_six_of_clubs_on_top():
    state = kozel.new_game(SIX, seed=1)
    assert state.trump is None
    assert state.table.order == parse_cards("6♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣")
    for higher, lower in itertools.pairwise(state.table.order):
        assert SIX.trumps.beats(higher, lower, None)
        assert not SIX.trumps.beats(lower, higher, None)
    assert SIX.trumps.beats(Card.parse("K♣"), Card.parse("A♠"), None)  # the lowest trump beats a plain ace


@pytest.mark.parametrize("suit", ["♠", "♥", "♦"])
def test_plain_suits_rank_ace_ten_king_six(suit):
    cards = [Card.parse(rank + suit) for rank in ["A", "10", "K", "6"]]
    assert not any(SIX.trumps.is_trump(card, None) for card in cards)
    for higher, lower in itertools.pairwise(cards):
        assert SIX.trumps.beats(higher, lower, None)
        assert not SIX.trumps.beats(lower, higher, None)
    assert SIX.trumps.is_trump(Card.parse("Q" + suit), None)
    assert SIX.trumps.is_trump(Card.parse("J" + suit), None)


# --- the first hand: the ace of diamonds -----------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 2, 3])
def test_in_the_first_hand_the_ace_of_diamonds_holder_leads_it_and_nothing_else(dealer):
    state = start(SIX, FIRST, dealer=dealer)
    assert state.turn == 2
    assert legal(state) == {"2 play A♦"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 play K♦"))


def test_follow_the_led_plain_suit_where_queen_and_jack_are_trumps():
    state = play(start(SIX, FIRST), "2 play A♦")
    assert legal(state) == {"3 play 10♦"}  # Q♦ and J♦ are trumps, not diamonds
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("3 play Q♦"))


def test_without_the_led_suit_any_card():
    state = play(start(SIX, FIRST), "2 play A♦", "3 play 10♦")
    assert legal(state) == {"0 play A♠", "0 play 10♠", "0 play K♠", "0 play 6♠", "0 play Q♥", "0 play J♥"}


def test_the_highest_trump_takes_the_trick():
    state = play(start(SIX, FIRST), "2 play A♦", "3 play 10♦", "0 play J♥", "1 play J♣")
    assert state.won[1] == CardSet("A♦ 10♦ J♥ J♣")
    assert state.trick_counts == (0, 1)
    assert state.turn == 1  # J♣ over J♥, both over the A♦


def test_a_trump_lead_must_be_answered_with_a_trump():
    state = play(start(SIX, FIRST), "2 play A♦", "3 play 10♦", "0 play J♥", "1 play J♣")
    state = play(state, "1 play K♣")
    assert legal(state) == {"2 play Q♠", "2 play J♠", "2 play A♣"}
    state = play(state, "2 play A♣")
    assert legal(state) == {"3 play 6♣", "3 play Q♣", "3 play Q♦", "3 play J♦", "3 play 10♣"}


def test_the_highest_card_of_the_led_suit_wins():
    state = with_hands(
        second_hand(), ["A♠ 10♠ K♠ Q♥ 6♦ 6♣", "Q♠ J♠ A♥ K♥ 6♥ Q♦", "A♦ 10♦ K♦ Q♣ J♣ J♦", "6♠ 10♥ J♥ A♣ 10♣ K♣"]
    )
    assert state.turn == 3
    state = play(state, "3 play 10♥", "0 play 6♦", "1 play A♥", "2 play A♦")
    assert state.won[1] == CardSet("10♥ 6♦ A♥ A♦")  # A♥ over 10♥; the A♦ is of another suit
    assert state.turn == 1


def test_the_holder_of_the_ace_deals_the_second_hand_and_his_left_leads():
    state = second_hand()
    assert state.dealer == 2
    assert state.turn == 3
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]


def test_after_that_the_deal_passes_clockwise_and_the_dealers_left_leads():
    state = second_hand()
    state = end_hand(state, "A♣ 10♣ K♣ Q♣ J♣ A♠", taker=1)
    assert (state.dealer, state.turn) == (3, 0)
    state = end_hand(state, "A♣ 10♣ K♣ Q♣ J♣ A♠", taker=0)
    assert (state.dealer, state.turn) == (0, 1)


def test_in_later_hands_the_ace_of_diamonds_is_not_forced():
    state = with_hands(
        second_hand(), ["A♠ 10♠ K♠ 6♠ Q♥ J♥", "A♥ 10♥ K♥ 6♥ J♣ K♣", "10♦ 6♣ Q♣ Q♦ J♦ 10♣", "A♦ K♦ 6♦ Q♠ J♠ A♣"]
    )
    assert legal_of(state, MoveKind.PLAY) == {
        "3 play A♦", "3 play K♦", "3 play 6♦", "3 play Q♠", "3 play J♠", "3 play A♣",
    }  # fmt: skip


# --- lone trump ------------------------------------------------------------------------------------

# Seat 0 holds one trump (Q♥); his partner, seat 2, holds one plain card (10♦).
LONE = ["Q♥ A♠ 10♠ K♠ 6♠ A♥", "10♥ K♥ 6♥ A♦ K♦ 6♦", "6♣ Q♣ Q♠ J♣ J♠ 10♦", "Q♦ J♥ J♦ A♣ 10♣ K♣"]


def test_a_lone_trump_is_exchanged_with_the_partner_for_a_plain_card():
    state = with_hands(second_hand(), LONE)
    assert legal_of(state, MoveKind.TRANSFER) == {"0 transfer Q♥"}  # not seat 2 (5 trumps) nor seat 3 (6)
    state = play(state, "0 transfer Q♥")
    assert state.phase is Phase.TRANSFER_BACK
    assert state.turn == 2
    assert legal(state) == {"2 transfer_back 10♦"}
    state = play(state, "2 transfer_back 10♦")
    assert state.hands[0] == CardSet("10♦ A♠ 10♠ K♠ 6♠ A♥")
    assert state.hands[2] == CardSet("6♣ Q♣ Q♠ J♣ J♠ Q♥")
    assert state.phase is Phase.PLAY
    assert state.turn == 3  # the leader leads


def test_the_exchange_is_optional():
    state = with_hands(second_hand(), LONE)
    assert "3 play Q♦" in legal(state)
    state = play(state, "3 play Q♦")
    assert legal_of(state, MoveKind.TRANSFER) == set()
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("0 transfer Q♥"))


def test_a_partner_holding_only_trumps_gives_a_trump_but_not_the_one_he_got():
    hands = ["A♠ 10♠ K♠ 6♠ A♥ 6♦", "J♥ 10♥ K♥ 6♥ A♦ K♦", "Q♠ Q♥ J♣ J♠ K♣ 10♦", "6♣ Q♣ Q♦ J♦ A♣ 10♣"]
    state = with_hands(second_hand(), hands)
    assert legal_of(state, MoveKind.TRANSFER) == {"1 transfer J♥"}
    state = play(state, "1 transfer J♥")
    assert state.turn == 3
    assert legal(state) == {
        "3 transfer_back 6♣", "3 transfer_back Q♣", "3 transfer_back Q♦",
        "3 transfer_back J♦", "3 transfer_back A♣", "3 transfer_back 10♣",
    }  # fmt: skip
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("3 transfer_back J♥"))
    state = play(state, "3 transfer_back Q♦")
    assert state.hands[1] == CardSet("Q♦ 10♥ K♥ 6♥ A♦ K♦")
    assert state.hands[3] == CardSet("6♣ Q♣ J♥ J♦ A♣ 10♣")


def test_no_lone_trump_exchange_in_the_first_hand():
    state = start(SIX, LONE)
    assert state.turn == 1  # the A♦
    assert legal_of(state, MoveKind.TRANSFER) == set()
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("0 transfer Q♥"))


def test_two_trumps_are_no_lone_trump():
    hands = ["Q♥ J♥ 10♠ K♠ 6♠ A♥", "10♥ K♥ 6♥ A♦ K♦ 6♦", "6♣ Q♣ Q♠ J♣ J♠ A♠", "Q♦ 10♦ J♦ A♣ 10♣ K♣"]
    state = with_hands(second_hand(), hands)
    assert legal_of(state, MoveKind.TRANSFER) == set()


# --- the no-queen redeal -------------------------------------------------------------------------

# All four queens lie with team 0; team 1 (seats 1 and 3) holds none.
NO_QUEEN = ["Q♣ Q♠ A♠ 10♠ K♠ 6♠", "6♣ J♣ J♠ A♦ 10♦ K♦", "Q♥ Q♦ A♥ 10♥ K♥ 6♥", "J♥ J♦ A♣ 10♣ K♣ 6♦"]


def test_either_player_of_a_pair_without_a_queen_may_call_a_redeal():
    state = with_hands(second_hand(), NO_QUEEN)
    assert legal_of(state, MoveKind.REDEAL) == {"1 redeal", "3 redeal"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("0 redeal"))


@pytest.mark.parametrize("caller", [1, 3])
def test_the_redeal_is_dealt_by_the_same_dealer_and_writes_nothing(caller):
    before = with_hands(second_hand(), NO_QUEEN)
    state = play(before, f"{caller} redeal")
    assert state.dealer == 2
    assert state.turn == 3
    assert state.hand_number == 1  # no hand was scored
    assert state.hand_results == before.hand_results
    assert state.scores == before.scores == (2, 0)
    assert state.hands != before.hands
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]
    assert state.trick is None


def test_no_redeal_in_the_first_hand():
    state = start(SIX, NO_QUEEN)
    assert legal_of(state, MoveKind.REDEAL) == set()
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("1 redeal"))


def test_no_redeal_once_the_first_card_is_led():
    state = play(with_hands(second_hand(), NO_QUEEN), "3 play A♣")
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("1 redeal"))


def test_a_pair_with_a_queen_may_not_call_a_redeal():
    state = with_hands(second_hand(), LONE)  # both pairs hold a queen
    assert legal_of(state, MoveKind.REDEAL) == set()


# --- the six of clubs catches the queen of clubs -------------------------------------------------

# Seat 0 opens with A♦ and takes the first trick (25 card points); then A♠, and seats 1..3 are void.
CATCH = ["A♦ A♠ 6♠ K♠ J♦ 10♦", "K♦ A♥ 10♥ K♥ 6♥ {one}", "6♦ 6♣ Q♥ J♥ J♣ A♣", "10♠ Q♠ J♠ Q♦ 10♣ {three}"]


@pytest.mark.parametrize(
    ("one", "three", "moves"),
    [
        ("Q♣", "K♣", ["1 play Q♣", "2 play 6♣"]),  # the six falls on the queen
        ("K♣", "Q♣", ["1 play A♥", "2 play 6♣", "3 play Q♣"]),  # the queen falls on the six
    ],
)
def test_six_and_queen_of_clubs_in_one_trick_stop_the_hand(one, three, moves):
    hands = [hand.format(one=one, three=three) for hand in CATCH]
    state = start(SIX, hands, dealer=1)
    state = play(state, "0 play A♦", "1 play K♦", "2 play 6♦", "3 play 10♠")
    assert state.won[0] == CardSet("A♦ K♦ 6♦ 10♠")
    state = play(state, "0 play A♠", *moves)
    assert state.hand_number == 1  # a new hand is dealt
    result = state.hand_results[0]
    assert result.caught
    assert result.points == (0, 0)  # the 25 points team 0 took are not counted
    assert result.written == (0, 4)  # the queen's pair
    assert state.scores == (0, 4)
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]
    assert state.won == (CardSet(), CardSet())
    assert state.dealer == 0  # the A♦ player, who opened the first hand, deals the second
    assert state.turn == 1


def test_six_and_queen_of_one_pair_is_no_catch():
    hands = ["A♦ A♠ 6♠ K♠ Q♣ 10♦", "K♦ A♥ 10♥ K♥ 6♥ J♦", "6♦ 6♣ Q♥ J♥ J♣ A♣", "10♠ Q♠ J♠ Q♦ 10♣ K♣"]
    state = start(SIX, hands, dealer=1)
    state = play(state, "0 play A♦", "1 play K♦", "2 play 6♦", "3 play 10♠")
    state = play(state, "0 play Q♣", "1 play J♦", "2 play 6♣")
    assert state.hand_number == 0
    assert state.turn == 3
    state = play(state, "3 play K♣")
    assert state.won[0] == CardSet("A♦ K♦ 6♦ 10♠ Q♣ J♦ 6♣ K♣")
    assert state.turn == 2  # the 6♣ took it


# --- scoring ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("team0_won", "points", "written"),
    [
        ("A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ Q♠", (61, 59), (0, 2)),
        ("A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ J♦ J♠", (59, 61), (2, 0)),
        ("A♣ 10♣ K♣ Q♣ J♣", (30, 90), (2, 0)),  # 30 is not under 30
        ("A♣ 10♣ K♣ J♣ J♠", (29, 91), (4, 0)),
        ("J♣ A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥ A♦ 10♦ K♦ Q♦ J♦", (92, 28), (0, 4)),
        ("A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦ A♠ 10♠ K♠ Q♠ J♠", (90, 30), (0, 2)),
    ],
)
def test_the_pair_with_fewer_points_is_written_2_or_4_under_30(team0_won, points, written):
    state = end_hand(start(SIX, FIRST), team0_won)
    result = state.hand_results[-1]
    assert result.points == points
    assert result.written == written
    assert not result.eggs
    assert state.scores == written


def test_sixty_sixty_is_eggs_and_nothing_is_written():
    state = end_hand(start(SIX, FIRST), "A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦")
    result = state.hand_results[-1]
    assert result.points == (60, 60)
    assert result.eggs
    assert result.written == (0, 0)
    assert state.scores == (0, 0)


def test_a_pair_that_takes_every_trick_has_its_own_record_cleared():
    state = with_scores(start(SIX, FIRST), (6, 4))
    state = end_hand(state, HONOURS, taker=2, counts=(5, 0))
    result = state.hand_results[-1]
    assert result.tricks == (6, 0)
    assert result.points == (120, 0)
    assert result.written == (0, 4)
    assert state.scores == (0, 8)
    assert not state.is_over


def test_every_trick_of_the_first_hand_writes_12_on_the_opponents_a_blind_goat():
    state = end_hand(start(SIX, FIRST), HONOURS, taker=2, counts=(5, 0))
    result = state.hand_results[-1]
    assert result.points == (120, 0)
    assert result.written == (0, 12)
    assert state.scores == (0, 12)
    assert state.is_over
    assert state.result.goats == (1,)
    assert state.result.titles == ("dry blind goat",)  # blind; and the winners have nothing written


def test_every_trick_of_a_later_hand_is_no_blind_goat():
    state = with_scores(start(SIX, FIRST), (0, 0))
    state = end_hand(state, HONOURS, taker=2, counts=(5, 0))
    assert state.hand_results[-1].written == (0, 4)
    assert not state.is_over


def test_a_later_hand_ending_as_a_blind_first_one_is_written_by_the_table_alone():
    # The same card points and tricks, first in the first hand (12 written on the opponents: blind), then in a
    # later one (the table's 4): what the first hand added is not carried over to the hand that ends alike.
    first = end_hand(start(SIX, FIRST), HONOURS, taker=2, counts=(5, 0))
    later = end_hand(with_scores(start(SIX, FIRST), (0, 0)), HONOURS, taker=2, counts=(5, 0))
    again = end_hand(start(SIX, FIRST), HONOURS, taker=2, counts=(5, 0))
    assert first.hand_results[-1].written == again.hand_results[-1].written == (0, 12)
    assert later.hand_results[-1].written == (0, 4)
    assert later.hand_results[-1].points == first.hand_results[-1].points == (120, 0)


# --- the match and its titles ------------------------------------------------------------------------


def test_a_pair_reaching_12_is_the_goat():
    state = end_hand(with_scores(start(SIX, FIRST), (10, 2)), "A♣ 10♣ K♣ Q♣ J♣ A♠")  # 41: written 2
    assert state.scores == (12, 2)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_over_12_is_a_goat_with_tails():
    state = end_hand(with_scores(start(SIX, FIRST), (10, 2)), "A♣ 10♣ K♣ Q♣")  # 28: written 4
    assert state.scores == (14, 2)
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat with tails",)


def test_a_match_with_an_eggs_hand_makes_a_goat_with_eggs():
    eggs = HandResult(points=(60, 60), tricks=(3, 3), written=(0, 0), eggs=True)
    state = end_hand(with_scores(start(SIX, FIRST), (10, 2), eggs), "A♣ 10♣ K♣ Q♣ J♣ A♠")
    assert state.scores == (12, 2)
    assert state.result.titles == ("goat with eggs",)


def test_when_the_winners_have_nothing_written_the_goat_is_dry():
    state = end_hand(with_scores(start(SIX, FIRST), (10, 0)), "A♣ 10♣ K♣ Q♣ J♣ A♠")
    assert state.scores == (12, 0)
    assert state.result.goats == (0,)
    assert state.result.titles == ("dry goat",)


def test_a_catch_can_make_the_goat():
    hands = [hand.format(one="Q♣", three="K♣") for hand in CATCH]
    state = with_scores(start(SIX, hands, dealer=1), (2, 10))
    state = play(state, "0 play A♦", "1 play K♦", "2 play 6♦", "3 play 10♠", "0 play A♠", "1 play Q♣", "2 play 6♣")
    assert state.scores == (2, 14)
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat with tails",)
