"""hammer_clubs (the section "Goat rules for 4 cards" of the Goat rules): permanent trumps and the trump transfer."""

import itertools

import pytest
from helpers import legal, legal_of, play, start

import kozel
from kozel import Card, CardSet, IllegalMoveError, MoveKind, Phase, parse_cards

CLUBS = kozel.variants.get("hammer_clubs")


def test_the_permanent_trumps_high_to_low():
    state = kozel.new_game(CLUBS, seed=1)
    assert state.trump is None
    assert state.trump_card is None
    assert state.table.order == parse_cards("7♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣ 8♣ 6♣")
    order = state.table.order
    for higher, lower in itertools.pairwise(order):
        assert CLUBS.trumps.beats(higher, lower, None)
        assert not CLUBS.trumps.beats(lower, higher, None)
    assert CLUBS.trumps.beats(Card.parse("6♣"), Card.parse("A♠"), None)  # the lowest trump beats a plain ace


@pytest.mark.parametrize("suit", ["♠", "♥", "♦"])
def test_plain_suits_rank_ace_ten_king_nine_eight_seven_six(suit):
    ranks = ["A", "10", "K", "9", "8", "7", "6"]
    cards = [Card.parse(rank + suit) for rank in ranks]
    assert not any(CLUBS.trumps.is_trump(card, None) for card in cards)
    for higher, lower in itertools.pairwise(cards):
        assert CLUBS.trumps.beats(higher, lower, None)
    assert CLUBS.trumps.is_trump(Card.parse("Q" + suit), None)
    assert CLUBS.trumps.is_trump(Card.parse("J" + suit), None)


def test_trumps_lead_together_as_one_suit():
    state = start(CLUBS, ["Q♥ 7♣ A♥ 6♠", "9♠ 8♠ 7♠ 6♦", "A♠ 10♠ K♠ 7♦", "8♥ 7♥ 9♥ K♦"])
    assert state.turn == 0  # the dealer leads, as in hammer
    assert legal_of(state, MoveKind.LEAD) == {
        "0 lead 7♣", "0 lead Q♥", "0 lead 7♣ Q♥", "0 lead A♥", "0 lead 6♠",
    }  # fmt: skip
    with pytest.raises(IllegalMoveError, match="cards of one suit"):
        kozel.apply(state, kozel.parse_move("0 lead Q♥ A♥"))  # Q♥ is a trump, not a heart


def test_a_trump_hammer_is_any_four_trumps():
    state = start(CLUBS, ["A♠ 10♠ K♠ 7♦", "9♠ 8♠ 7♠ 6♦", "A♥ 10♥ K♥ 9♥", "Q♠ J♦ 8♣ 6♣"])
    assert legal_of(state, MoveKind.MOLODKA) == {"3 molodka 6♣ 8♣ Q♠ J♦"}


# Seat 0 deals and leads A♠; everybody passes; the draw (0, 1, 2, 3) gives seat 0 the Q♥.
TRANSFER_HANDS = ["A♠ 9♠ 8♥ 7♥", "A♥ 10♥ K♥ 9♦", "10♠ K♠ 7♠ J♥", "A♦ 10♦ 7♦ 6♦"]
TRANSFER_STOCK = "Q♥ 8♠ 9♥ K♦"


def after_first_trick():
    state = start(CLUBS, TRANSFER_HANDS, TRANSFER_STOCK)
    return play(state, "0 lead A♠", "1 pass 9♦", "2 pass 7♠", "3 pass 6♦")


def test_no_transfer_right_after_the_deal():
    state = start(CLUBS, TRANSFER_HANDS, TRANSFER_STOCK)
    assert state.hands[2] & CardSet("J♥")  # seat 2 holds one trump
    assert state.window is None
    assert legal_of(state, MoveKind.TRANSFER) == set()


def test_after_a_draw_a_player_with_one_or_two_trumps_may_hand_them_to_the_partner():
    state = after_first_trick()
    assert state.hands[0] == CardSet("9♠ 8♥ 7♥ Q♥")
    assert state.hands[2] == CardSet("10♠ K♠ J♥ 9♥")
    assert legal_of(state, MoveKind.TRANSFER) == {"0 transfer Q♥", "2 transfer J♥"}
    state = play(state, "0 transfer Q♥")
    assert state.phase is Phase.TRANSFER_BACK
    assert state.turn == 2
    assert state.hands[0] == CardSet("9♠ 8♥ 7♥")
    assert state.hands[2] == CardSet("10♠ K♠ J♥ 9♥ Q♥")
    # The partner gives back as many plain cards, of his choice, face down.
    assert legal(state) == {"2 transfer_back 10♠", "2 transfer_back K♠", "2 transfer_back 9♥"}
    state = play(state, "2 transfer_back 9♥")
    assert state.phase is Phase.PLAY
    assert state.hands[0] == CardSet("9♠ 8♥ 7♥ 9♥")  # empty of trumps
    assert state.hands[2] == CardSet("10♠ K♠ J♥ Q♥")
    assert state.turn == 0
    # One transfer per team after each draw: seat 2 now holds two trumps but may not send them back.
    assert legal_of(state, MoveKind.TRANSFER) == set()
    assert all(m.seat == 0 and m.kind is MoveKind.LEAD for m in kozel.legal_moves(state))


def test_the_transfer_is_optional_and_the_lead_closes_the_window():
    state = play(after_first_trick(), "0 lead 9♠")
    assert state.window is None
    assert legal_of(state, MoveKind.TRANSFER) == set()
    with pytest.raises(IllegalMoveError, match="only in the window the rules open, before a lead"):
        kozel.apply(state, kozel.parse_move("2 transfer J♥"))


def test_the_transfer_hands_over_every_trump():
    state = after_first_trick()
    state = state._replace(hand_masks=(CardSet("9♠ 8♥ Q♥ J♠").mask, *state.hand_masks[1:]))
    assert "0 transfer J♠ Q♥" in legal_of(state, MoveKind.TRANSFER)
    with pytest.raises(IllegalMoveError, match="all of the player's trumps"):
        kozel.apply(state, kozel.parse_move("0 transfer Q♥"))


def test_three_trumps_stay_put():
    state = after_first_trick()
    state = state._replace(hand_masks=(CardSet("9♠ Q♠ Q♥ J♠").mask, *state.hand_masks[1:]))
    assert "0 transfer" not in " ".join(legal_of(state, MoveKind.TRANSFER))
    with pytest.raises(IllegalMoveError, match="exactly 1 or 2 trumps"):
        kozel.apply(state, kozel.parse_move("0 transfer Q♠ Q♥ J♠"))


def test_the_partner_must_have_plain_cards_to_give_back():
    state = after_first_trick()
    hands = list(state.hand_masks)
    hands[0], hands[2] = CardSet("9♠ 8♥ 7♥ Q♥").mask, CardSet("Q♠ J♠ J♥ 6♣").mask
    state = state._replace(hand_masks=tuple(hands))
    assert "0 transfer Q♥" not in legal_of(state, MoveKind.TRANSFER)
    with pytest.raises(IllegalMoveError, match="not hold enough plain cards"):
        kozel.apply(state, kozel.parse_move("0 transfer Q♥"))


def test_only_the_partner_gives_back_and_only_plain_cards():
    state = play(after_first_trick(), "0 transfer Q♥")
    with pytest.raises(IllegalMoveError, match="seat 2 gives the cards back"):
        kozel.apply(state, kozel.parse_move("1 transfer_back 8♠"))
    with pytest.raises(IllegalMoveError, match="plain card"):
        kozel.apply(state, kozel.parse_move("2 transfer_back J♥"))
    with pytest.raises(IllegalMoveError, match="exactly 1 card"):
        kozel.apply(state, kozel.parse_move("2 transfer_back 10♠ K♠"))
    with pytest.raises(IllegalMoveError, match="first give back"):
        kozel.apply(state, kozel.parse_move("0 lead 9♠"))


def test_the_other_team_keeps_its_own_transfer():
    state = after_first_trick()
    hands = list(state.hand_masks)
    hands[1] = CardSet("A♥ 10♥ K♥ Q♦").mask  # seat 1 now holds one trump, partner seat 3 plain cards
    hands[3] = CardSet("A♦ 10♦ 7♦ K♦").mask
    state = state._replace(hand_masks=tuple(hands))
    state = play(state, "0 transfer Q♥", "2 transfer_back 9♥")
    assert legal_of(state, MoveKind.TRANSFER) == {"1 transfer Q♦"}
    state = play(state, "1 transfer Q♦", "3 transfer_back K♦")
    assert state.hands[1] == CardSet("A♥ 10♥ K♥ K♦")
    assert state.hands[3] == CardSet("A♦ 10♦ 7♦ Q♦")
    assert state.turn == 0


def test_a_transfer_keeps_every_card_in_one_place():
    state = play(after_first_trick(), "0 transfer Q♥", "2 transfer_back K♠")
    cards = sum(state.hand_masks) + CardSet(state.stock).mask + sum(state.won_masks)
    assert cards == CLUBS.deck.mask
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
