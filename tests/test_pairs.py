"""pairs (the section "Goat four" of the Goat rules): every rule of the regular deal on hand-built deals.

Each hand starts with the boasting player's choice of deal; these tests take the regular deal
(``praise regular``).  The praise deals and the retake requests have their own tests.
"""

import itertools
import random

import attrs
import pytest
from helpers import legal, legal_of, play
from helpers import start as dealt_as

import kozel
from kozel import Card, CardSet, Deck, HandResult, IllegalMoveError, MoveKind, Phase, parse_cards
from kozel.forms import loads_ruleset
from kozel.testing import check_ruleset

PAIRS = kozel.variants.get("pairs")


def pairs_deck(hands, dealer=0):
    """The deck order (top first) whose regular deal, 4 + 4 from the dealer's left, gives seat ``i`` ``hands[i]``."""
    held = [list(parse_cards(hand)) for hand in hands]
    assert all(len(hand) == 8 for hand in held)
    return [
        card for half in (0, 1) for step in range(1, 5) for card in held[(dealer + step) % 4][4 * half : 4 * half + 4]
    ]


def regular(state):
    """The boasting player (left of the dealer) announces the regular deal."""
    assert state.phase is Phase.PRAISE
    return play(state, f"{(state.dealer + 1) % 4} praise regular")


def start(hands, dealer=0, seed=1):
    """A new pairs match whose first hand is dealt regularly, as written."""
    state = regular(kozel.new_game(PAIRS, seed=seed, deck=pairs_deck(hands, dealer), dealer=dealer))
    assert state.hands == tuple(CardSet(hand) for hand in hands)
    return state


def position(state, hands, counts, turn, won0=""):
    """``state`` moved late into its hand: these hands, ``won0`` taken by side 0, every other card by side 1."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    won = CardSet(won0).mask
    rest = PAIRS.deck.mask & ~won & ~sum(masks)
    return state._replace(hand_masks=masks, won_masks=(won, rest), trick_counts=counts, turn=turn, window=None)


# Dealer 0: seat 1 is the boasting one, so seats 1 + 3 are the boasting pair; seat 2 holds A♦.
HANDS = [
    "A♣ 10♣ 9♣ A♠ 7♠ A♥ Q♠ 8♦",
    "K♣ 8♣ 10♠ K♠ 10♥ K♥ J♣ 9♦",
    "7♣ 9♠ 9♥ 8♥ 7♥ Q♥ A♦ J♥",
    "8♠ Q♣ Q♦ J♠ J♦ 10♦ K♦ 7♦",
]

# The last trick of a hand: seat 1 leads 7♣ and seat 0's 9♣ takes it; the trick is worth nothing.
LAST = ["9♣", "7♣", "8♣", "7♠"]
LAST_TRICK = ("1 play 7♣", "2 play 8♣", "3 play 7♠", "0 play 9♣")

CLUBS_SPADES = "A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠"  # 60 card points
HONOURS = CLUBS_SPADES + " A♥ 10♥ K♥ Q♥ J♥"  # 90 card points


def last_trick(won0, scores=(0, 0), history=(), counts=(4, 3)):
    """The first hand of a match at its last trick, with ``won0`` taken by side 0 and the rest by side 1.

    Seed 2 shuffles the next deal so that the player left of the dealer does not get A♦.
    """
    state = start(HANDS, seed=2)
    state = state._replace(match=state.match._replace(scores=scores, hand_results=history))
    return position(state, LAST, counts, 1, won0)


# --- cards and the deal ------------------------------------------------------------------------


def test_thirty_two_cards_all_dealt_eight_each():
    state = regular(kozel.new_game(PAIRS, seed=5))
    assert len(PAIRS.deck) == 32
    assert CardSet(PAIRS.deck) == CardSet(Deck.pack32())
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]
    assert state.stock == ()
    assert state.talon == ()
    assert sum(state.hand_masks) == PAIRS.deck.mask


def test_the_regular_deal_is_four_and_four_from_the_boasting_player():
    deck = list(Deck.pack32())  # 7♣ 8♣ ... A♣, 7♠ ... A♠, 7♥ ... A♥, 7♦ ... A♦; top first
    state = regular(kozel.new_game(PAIRS, deck=deck, dealer=0))
    assert state.hands[1] == CardSet("7♣ 8♣ 9♣ 10♣ 7♥ 8♥ 9♥ 10♥")
    assert state.hands[2] == CardSet("J♣ Q♣ K♣ A♣ J♥ Q♥ K♥ A♥")
    assert state.hands[3] == CardSet("7♠ 8♠ 9♠ 10♠ 7♦ 8♦ 9♦ 10♦")
    assert state.hands[0] == CardSet("J♠ Q♠ K♠ A♠ J♦ Q♦ K♦ A♦")


def test_another_dealer_deals_four_and_four_from_his_own_left():
    deck = list(Deck.pack32())
    state = regular(kozel.new_game(PAIRS, deck=deck, dealer=2))
    assert state.dealer == 2
    assert state.hands[3] == CardSet("7♣ 8♣ 9♣ 10♣ 7♥ 8♥ 9♥ 10♥")
    assert state.hands[0] == CardSet("J♣ Q♣ K♣ A♣ J♥ Q♥ K♥ A♥")
    assert state.hands[1] == CardSet("7♠ 8♠ 9♠ 10♠ 7♦ 8♦ 9♦ 10♦")
    assert state.hands[2] == CardSet("J♠ Q♠ K♠ A♠ J♦ Q♦ K♦ A♦")


# --- trumps --------------------------------------------------------------------------------------


def test_the_permanent_trumps_high_to_low():
    state = start(HANDS)
    assert state.trump is None
    order = parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦")
    assert state.table.order == order
    for higher, lower in itertools.pairwise(order):
        assert PAIRS.trumps.beats(higher, lower, None)
        assert not PAIRS.trumps.beats(lower, higher, None)
    assert PAIRS.trumps.beats(Card.parse("7♦"), Card.parse("A♣"), None)  # the lowest trump beats a plain ace


@pytest.mark.parametrize("suit", ["♣", "♠", "♥"])
def test_plain_suits_rank_ace_ten_king_nine_eight_seven(suit):
    cards = [Card.parse(rank + suit) for rank in ["A", "10", "K", "9", "8", "7"]]
    assert not any(PAIRS.trumps.is_trump(card, None) for card in cards)
    for higher, lower in itertools.pairwise(cards):
        assert PAIRS.trumps.beats(higher, lower, None)
        assert not PAIRS.trumps.beats(lower, higher, None)
    assert PAIRS.trumps.is_trump(Card.parse("Q" + suit), None)
    assert PAIRS.trumps.is_trump(Card.parse("J" + suit), None)


# --- leading and following -----------------------------------------------------------------------


def test_the_ace_of_diamonds_holder_opens_the_first_hand():
    state = start(HANDS)
    assert state.dealer == 0
    assert state.turn == 2  # seat 2 holds A♦; the boasting seat 1 does not open the match


def test_the_other_pair_may_not_lead_a_trump_while_holding_a_plain_card():
    state = start(HANDS)  # seat 2 is not of the boasting pair (seats 1 + 3)
    assert legal_of(state, MoveKind.PLAY) == {"2 play 7♣", "2 play 9♠", "2 play 9♥", "2 play 8♥", "2 play 7♥"}
    for trump in ("A♦", "Q♥", "J♥"):
        with pytest.raises(IllegalMoveError):
            play(state, f"2 play {trump}")


def test_the_other_pair_may_lead_a_trump_when_holding_nothing_else():
    hands = [
        "A♣ 10♣ 9♣ A♠ 7♠ A♥ 10♥ 8♠",
        "K♣ 8♣ 10♠ K♠ 9♠ K♥ 9♥ 8♥",
        "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ A♦",
        "7♣ 7♥ J♦ 10♦ K♦ 9♦ 8♦ 7♦",
    ]
    state = start(hands)
    assert state.turn == 2
    assert legal_of(state, MoveKind.PLAY) == {
        "2 play Q♣", "2 play Q♠", "2 play Q♥", "2 play Q♦",
        "2 play J♣", "2 play J♠", "2 play J♥", "2 play A♦",
    }  # fmt: skip


def test_the_boasting_pair_is_the_pair_of_the_dealers_left():
    state = start(HANDS, dealer=1)  # now seat 2 is the boasting one, and holds A♦
    assert state.turn == 2
    assert legal_of(state, MoveKind.PLAY) == {
        "2 play 7♣", "2 play 9♠", "2 play 9♥", "2 play 8♥",
        "2 play 7♥", "2 play Q♥", "2 play A♦", "2 play J♥",
    }  # fmt: skip


def test_a_plain_lead_must_be_followed_and_without_the_suit_any_card_goes():
    state = play(start(HANDS), "2 play 7♣")
    # Seat 3 holds no club (Q♣ is a trump, not a club): any card.
    assert legal(state) == {
        "3 play 8♠", "3 play Q♣", "3 play Q♦", "3 play J♠",
        "3 play J♦", "3 play 10♦", "3 play K♦", "3 play 7♦",
    }  # fmt: skip
    state = play(state, "3 play 7♦")
    assert legal(state) == {"0 play A♣", "0 play 10♣", "0 play 9♣"}
    state = play(state, "0 play A♣")
    assert legal(state) == {"1 play K♣", "1 play 8♣"}  # J♣ is a trump and does not follow clubs
    with pytest.raises(IllegalMoveError):
        play(state, "1 play J♣")
    with pytest.raises(IllegalMoveError):
        play(state, "1 play 10♥")


def test_a_trump_takes_a_plain_trick_and_its_player_leads_next():
    state = play(start(HANDS), "2 play 7♣", "3 play 7♦", "0 play A♣", "1 play K♣")
    assert state.trick is None
    assert state.won == (CardSet(), CardSet("7♣ 7♦ A♣ K♣"))
    assert state.trick_counts == (0, 1)
    assert state.turn == 3
    assert state.hands[3] == CardSet("8♠ Q♣ Q♦ J♠ J♦ 10♦ K♦")


def test_the_boasting_pair_may_lead_a_trump():
    state = play(start(HANDS), "2 play 7♣", "3 play 7♦", "0 play A♣", "1 play K♣")
    assert legal(state) == {"3 play 8♠", "3 play Q♣", "3 play Q♦", "3 play J♠", "3 play J♦", "3 play 10♦", "3 play K♦"}


def test_a_trump_lead_must_be_answered_with_a_trump_and_the_highest_trump_wins():
    state = play(start(HANDS), "2 play 7♣", "3 play 7♦", "0 play A♣", "1 play K♣", "3 play Q♦")
    assert legal(state) == {"0 play Q♠", "0 play 8♦"}
    state = play(state, "0 play 8♦")
    assert legal(state) == {"1 play J♣", "1 play 9♦"}
    state = play(state, "1 play 9♦")
    assert legal(state) == {"2 play Q♥", "2 play A♦", "2 play J♥"}
    state = play(state, "2 play Q♥")
    assert state.won[0] == CardSet("Q♦ 8♦ 9♦ Q♥")  # Q♥ is above Q♦
    assert state.trick_counts == (1, 1)
    assert state.turn == 2


def test_the_other_pair_stays_barred_from_trumps_in_later_tricks():
    state = play(start(HANDS), "2 play 7♣", "3 play 7♦", "0 play A♣", "1 play K♣")
    state = play(state, "3 play Q♦", "0 play 8♦", "1 play 9♦", "2 play Q♥")
    assert legal(state) == {"2 play 9♠", "2 play 9♥", "2 play 8♥", "2 play 7♥"}  # not A♦ or J♥


def test_the_highest_card_of_the_led_suit_wins_another_plain_suit_never_does():
    state = position(start(HANDS), ["9♠ 7♣", "K♠ 7♥", "10♠ 8♥", "A♥ 9♥"], (3, 3), 1, "A♣ 10♣ K♣")
    state = play(state, "1 play K♠", "2 play 10♠")
    assert legal(state) == {"3 play A♥", "3 play 9♥"}  # no spade: any card
    state = play(state, "3 play A♥", "0 play 9♠")
    assert state.trick is None
    assert state.turn == 2  # 10♠ is above K♠ and 9♠; A♥ is of another suit
    assert state.trick_counts == (4, 3)
    assert state.won[0] == CardSet("A♣ 10♣ K♣ K♠ 10♠ A♥ 9♠")


# --- the lone trump ------------------------------------------------------------------------------

# Seat 0 holds one trump (Q♥); seat 1 holds one (J♦) but his partner, seat 3, holds no plain card.
LONE = [
    "A♣ 10♣ K♣ 9♣ A♠ 10♠ K♠ Q♥",
    "8♣ 7♣ 9♠ 8♠ 7♠ A♥ 10♥ J♦",
    "K♥ 9♥ 8♥ 7♥ Q♣ Q♠ Q♦ J♣",
    "J♠ J♥ A♦ 10♦ K♦ 9♦ 8♦ 7♦",
]


def test_a_lone_trump_may_be_passed_to_the_partner_who_gives_back_a_plain_card():
    state = start(LONE)
    assert state.turn == 3  # the A♦ holder leads once the passes are done
    assert legal_of(state, MoveKind.TRANSFER) == {"0 transfer Q♥"}
    state = play(state, "0 transfer Q♥")
    assert state.phase is Phase.TRANSFER_BACK
    assert state.turn == 2
    assert legal(state) == {"2 transfer_back K♥", "2 transfer_back 9♥", "2 transfer_back 8♥", "2 transfer_back 7♥"}
    state = play(state, "2 transfer_back 7♥")
    assert state.phase is Phase.PLAY
    assert state.hands[0] == CardSet("A♣ 10♣ K♣ 9♣ A♠ 10♠ K♠ 7♥")
    assert state.hands[2] == CardSet("K♥ 9♥ 8♥ Q♥ Q♣ Q♠ Q♦ J♣")
    assert state.turn == 3
    assert legal_of(state, MoveKind.TRANSFER) == set()


def test_the_partner_gives_back_a_plain_card_of_his_own_not_a_trump():
    state = play(start(LONE), "0 transfer Q♥")
    for card in ("Q♥", "Q♣", "J♣"):
        with pytest.raises(IllegalMoveError):
            play(state, f"2 transfer_back {card}")
    with pytest.raises(IllegalMoveError):
        play(state, "3 play 7♦")  # nobody leads before the card comes back


def test_no_pass_when_the_partner_has_no_plain_card_to_give_back():
    state = start(LONE)
    with pytest.raises(IllegalMoveError):
        play(state, "1 transfer J♦")


def test_only_a_player_with_exactly_one_trump_may_pass():
    state = start(LONE)
    with pytest.raises(IllegalMoveError):
        play(state, "2 transfer Q♣ Q♠ Q♦ J♣")
    with pytest.raises(IllegalMoveError):
        play(state, "2 transfer Q♣")
    with pytest.raises(IllegalMoveError):
        play(state, "3 transfer J♠")


def test_the_pass_is_optional_and_only_before_the_first_lead():
    state = play(start(LONE), "3 play 7♦")
    assert legal_of(state, MoveKind.TRANSFER) == set()
    with pytest.raises(IllegalMoveError):
        play(state, "0 transfer Q♥")
    state = play(state, "0 play Q♥", "1 play J♦", "2 play Q♣")
    assert state.trick is None
    assert state.turn == 2
    assert legal_of(state, MoveKind.TRANSFER) == set()


# --- scoring -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won0", "points", "written"),
    [
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ K♥", (61, 59), (2, 0)),  # more than 60: 2
        (HONOURS, (90, 30), (2, 0)),  # 90 is not more than 90
        (CLUBS_SPADES + " A♥ 10♥ K♥ Q♥ Q♦", (91, 29), (4, 0)),  # more than 90: 4
        ("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ J♥", (59, 61), (0, 2)),
        ("A♣ 10♣ K♣ Q♣ J♣", (30, 90), (0, 2)),
        ("A♣ 10♣ K♣ J♣ J♥", (29, 91), (0, 4)),
    ],
)
def test_credit_two_over_sixty_four_over_ninety(won0, points, written):
    state = play(last_trick(won0, scores=(2, 2)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=points, tricks=(5, 3), written=written)
    assert state.scores == (2 + written[0], 2 + written[1])
    assert state.hand_number == 1
    assert not state.is_over


def test_all_the_points_with_a_zero_point_trick_for_the_opponents_is_still_four_not_lucy():
    zero = ["7♥", "8♥", "9♥", "8♠"]  # the opponents' one trick, worth nothing
    won0 = " ".join(str(card) for card in PAIRS.deck if str(card) not in LAST + zero)
    state = play(last_trick(won0, counts=(6, 1)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=(120, 0), tricks=(7, 1), written=(4, 0))
    assert state.scores == (4, 0)
    assert not state.is_over  # the opponents have nothing written, but it was no Lucy


def test_the_boasting_player_leads_every_later_hand():
    state = play(last_trick("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ K♥"), *LAST_TRICK)
    assert state.hand_number == 1
    assert state.dealer == 1  # the deal passed to the left
    assert state.turn == 2  # the new boasting one announces the deal ...
    state = regular(state)
    assert state.turn == 2  # ... and leads: not the last trick's winner (seat 0) ...
    assert Card.parse("A♦") not in state.hands[2]  # ... nor the A♦ holder
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]


def test_the_boasting_pair_changes_with_the_deal():
    state = regular(play(last_trick("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ K♥"), *LAST_TRICK))
    state = state._replace(hand_masks=tuple(CardSet(hand).mask for hand in HANDS), window=None)
    # Dealer 1: seats 2 + 0 boast now; seat 2 may lead his trumps.
    assert legal_of(state, MoveKind.PLAY) == {
        "2 play 7♣", "2 play 9♠", "2 play 9♥", "2 play 8♥",
        "2 play 7♥", "2 play Q♥", "2 play A♦", "2 play J♥",
    }  # fmt: skip


def test_sixty_sixty_is_eggs_and_the_same_dealer_deals_again():
    state = play(last_trick(CLUBS_SPADES, scores=(4, 6)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=(60, 60), tricks=(5, 3), written=(0, 0), eggs=True)
    assert state.scores == (4, 6)
    assert state.hand_number == 1
    assert state.dealer == 0  # replayed by the same dealer
    state = regular(state)
    assert state.turn == 1  # the replay is a new hand, led by the player left of the dealer
    assert Card.parse("A♦") not in state.hands[1]
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]


# --- Lucy: every trick ---------------------------------------------------------------------------

LUCY = " ".join(str(card) for card in PAIRS.deck if str(card) not in LAST)  # every card but the last trick's


def test_lucy_wins_the_match_at_once_when_the_opponents_have_nothing_written():
    state = play(last_trick(LUCY, scores=(6, 0), counts=(7, 0)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=(120, 0), tricks=(8, 0), written=(4, 0))
    assert state.is_over
    assert state.scores == (10, 0)  # short of 12, and still the match
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_lucy_resets_the_opponents_to_zero_and_play_goes_on():
    state = play(last_trick(LUCY, scores=(2, 8), counts=(7, 0)), *LAST_TRICK)
    assert state.hand_results[-1] == HandResult(points=(120, 0), tricks=(8, 0), written=(4, 0))
    assert not state.is_over
    assert state.scores == (6, 0)  # the Lucy pair is written its 4, the opponents go back to 0
    assert state.hand_number == 1


def test_no_reset_without_lucy():
    state = play(last_trick(HONOURS + " Q♦ K♦ A♦", scores=(2, 8)), *LAST_TRICK)
    assert state.hand_results[-1].written == (4, 0)
    assert state.scores == (6, 8)


# --- the match -----------------------------------------------------------------------------------


def test_the_first_pair_to_twelve_wins_and_the_others_are_goats():
    state = play(last_trick("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ J♥", scores=(6, 10)), *LAST_TRICK)  # 59-61
    assert state.scores == (6, 12)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_goat_with_eggs():
    eggs = HandResult(points=(60, 60), tricks=(4, 4), written=(0, 0), eggs=True)
    state = play(last_trick("A♣ 10♣ K♣ Q♣ J♣ A♠ 10♠ K♠ J♠ K♥", scores=(10, 4), history=(eggs,)), *LAST_TRICK)
    assert state.scores == (12, 4)
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat with eggs",)


def test_goat_with_tails_when_the_winners_stood_at_ten_and_took_more_than_89():
    state = play(last_trick(HONOURS, scores=(10, 4)), *LAST_TRICK)  # 90 card points: written 2
    assert state.scores == (12, 4)
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat with tails",)


def test_no_tails_with_89():
    state = play(last_trick(CLUBS_SPADES + " A♥ 10♥ K♥ K♦", scores=(10, 4)), *LAST_TRICK)  # 89
    assert state.hand_results[-1].points == (89, 31)
    assert state.scores == (12, 4)
    assert state.result.titles == ("goat",)


def _house_tails(state, **numbers):
    """``state`` under a house ``pairs`` whose final-hand "tails" take other numbers."""
    house = attrs.evolve(PAIRS, match=attrs.evolve(PAIRS.match, **numbers))
    return state._replace(match=state.match._replace(ruleset=house))


def test_a_house_rule_may_give_tails_to_winners_further_from_the_target():
    state = _house_tails(last_trick(CLUBS_SPADES + " A♥ 10♥ K♥ Q♥ Q♦", scores=(8, 4)), tails_short=4)
    state = play(state, *LAST_TRICK)  # 91: written 4, from 8
    assert state.scores == (12, 4)
    assert state.result.titles == ("goat with tails",)


def test_a_house_rule_may_give_tails_for_fewer_card_points():
    state = _house_tails(last_trick(CLUBS_SPADES + " A♥ 10♥ K♥ K♦", scores=(10, 4)), tails_points=89)
    state = play(state, *LAST_TRICK)  # 89
    assert state.result.titles == ("goat with tails",)


def test_the_tails_numbers_are_checked():
    for numbers in ({"tails_short": 0}, {"tails_points": 0}, {"tails_points": True}):
        with pytest.raises(kozel.RulesetError, match="match"):
            attrs.evolve(PAIRS.match, **numbers)


def test_no_tails_when_the_winners_stood_below_ten():
    state = play(last_trick(CLUBS_SPADES + " A♥ 10♥ K♥ Q♥ Q♦", scores=(8, 4)), *LAST_TRICK)  # 91: written 4
    assert state.scores == (12, 4)
    assert state.result.titles == ("goat",)


def test_goat_with_eggs_and_tails():
    eggs = HandResult(points=(60, 60), tricks=(4, 4), written=(0, 0), eggs=True)
    state = play(last_trick(HONOURS, scores=(10, 4), history=(eggs,)), *LAST_TRICK)
    assert state.scores == (12, 4)
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat with eggs and tails",)


def test_a_match_ended_by_taking_every_trick_of_its_first_hand_is_blind_however_it_ends():
    """``Title.BLIND``: here the sweep ends the match because the opponents have nothing written (no
    ``first_hand_opponents`` is written at all), and the goats are still blind."""
    rules = loads_ruleset(
        '{"base": "pairs", "praise": null, "redeal": null, "transfer": null, "leading": {"trump_leads": "any"}, '
        '"dealing": {"packet": 1}, "match": {"titles": ["blind"]}}'
    )
    # Side 0 (seats 0 and 2) holds all fourteen trumps and two aces: it takes every trick, whatever is played.
    hands = [
        "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ A♦",
        "7♣ 8♣ 9♣ 10♣ K♣ 7♠ 8♠ 9♠",
        "J♦ 10♦ K♦ 9♦ 8♦ 7♦ A♣ A♠",
        "10♠ K♠ 7♥ 8♥ 9♥ 10♥ K♥ A♥",
    ]
    state, rng = dealt_as(rules, hands, dealer=0), random.Random(1)
    while not state.hand_results:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    assert state.hand_results[0].tricks == (8, 0)
    assert state.result is not None
    assert state.result.goats == (1,)
    assert state.result.titles == ("blind goat",)


def test_where_the_holder_leads_every_hand_he_opens_each_with_the_card():
    """``lead_holder_card`` with ``later_hands`` HOLDER: the holder of A♦ opens every hand with it, not only the
    match's first (the rule sheet says "Every later hand: the player holding A♦ leads A♦")."""
    rules = loads_ruleset(
        '{"base": "pairs", "praise": null, "redeal": null, "transfer": null, "leading": {"trump_leads": "any", '
        '"later_hands": "holder", "lead_holder_card": true}}'
    )
    assert rules.leading.holder_opens(True)
    assert rules.leading.holder_opens(False)
    state, rng, openings = kozel.new_game(rules, seed=3), random.Random(3), 0
    while not state.is_over and openings < 3:
        if not any(state.trick_counts) and state.trick is None and state.phase is Phase.PLAY:
            holder = next(seat for seat, hand in enumerate(state.hands) if Card.parse("A♦") in hand)
            assert state.turn == holder
            assert legal(state) == {f"{holder} play A♦"}
            openings += 1
        number = len(state.hand_results)
        while len(state.hand_results) == number and not state.is_over:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    assert openings == 3
    check_ruleset(rules, matches=2, seed=1)  # the reference and the sampled worlds read the rule the same way
