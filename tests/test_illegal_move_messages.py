"""A refused move's message names the rule it breaks and says truly what is wrong with it.

Each position is hand-built (a deck laid out card by card, top first); the move refused in it is
one that legal_moves does not list, and the refusal must name the actual fault: the card a seat may
not pass, the face a card is due, a card a move must not name, a seat the table does not have.
"""

import attrs
import pytest
from helpers import legal, legal_of, play, start
from test_six_players import CATCH

import kozel
from kozel import CardSet, IllegalMoveError, MoveKind, Phase, parse_cards

PAIRS = kozel.variants.get("pairs")
SIMPLE = kozel.variants.get("simple")
SEVEN = kozel.variants.get("seven_of_clubs")
SIX_PLAYERS = kozel.variants.get("six_players")
THREESOME = kozel.variants.get("threesome")
SIX_OF_CLUBS = kozel.variants.get("six_of_clubs")
# six_of_clubs opens its trump transfer from the first hand on, so that a hand-built deal reaches it.
SIX_OF_CLUBS_FIRST = attrs.evolve(SIX_OF_CLUBS, transfer=attrs.evolve(SIX_OF_CLUBS.transfer, first_hand=True))


def refused(state: kozel.GameState, text: str, rule: str, why: str) -> None:
    """Assert that ``text`` is refused in ``state`` for breaking ``rule``, with exactly ``why`` as the reason."""
    move = kozel.parse_move(text)
    assert str(move) == text, "written as the engine writes it (cards in card order)"
    assert move not in kozel.legal_moves(state)
    with pytest.raises(IllegalMoveError) as caught:
        kozel.apply(state, move)
    assert str(caught.value) == f"{text} is not allowed: {why}"
    assert caught.value.rule == rule


def pairs_regular(hands: list[str]) -> kozel.GameState:
    """A pairs match (dealer 0) whose first hand is dealt regularly, four and four from seat 1, as written."""
    held = [list(parse_cards(hand)) for hand in hands]
    deck = [card for half in (0, 1) for seat in (1, 2, 3, 0) for card in held[seat][4 * half : 4 * half + 4]]
    state = play(kozel.new_game(PAIRS, seed=1, deck=deck, dealer=0), "1 praise regular")
    assert state.hands == tuple(CardSet(hand) for hand in hands)
    return state


# pairs, dealer 0: seat 1 holds two trumps, Q♦ (3 points) and 8♦ (none); seat 3, his partner, holds plain
# cards; seat 2 holds eight trumps.  Side 1 (seats 1 + 3) holds no queen but Q♦: it may call a redeal.
SPECTACLED = [
    "A♣ 10♣ K♣ 9♣ A♠ 10♠ K♠ 9♠",
    "Q♦ 8♦ 8♣ 7♣ 8♠ 7♠ A♥ 10♥",
    "Q♣ Q♠ Q♥ J♣ J♠ J♥ J♦ A♦",
    "10♦ K♦ 9♦ 7♦ K♥ 9♥ 8♥ 7♥",
]
ONE_TRUMP = "only a player holding exactly 1 trump may hand it over"
OR_THE_ONE = "(or, holding two trumps of which only one counts card points, that one)"


def test_of_two_trumps_the_refusal_names_the_one_that_counts_points_as_the_one_to_pass():
    state = pairs_regular(SPECTACLED)
    assert legal_of(state, MoveKind.TRANSFER) == {"1 transfer Q♦"}
    only_queen = "of his two trumps seat 1 may hand over only Q♦, the one that counts card points"
    refused(state, "1 transfer 8♦ Q♦", "transfer", only_queen)
    refused(state, "1 transfer 8♦", "transfer", only_queen)
    refused(state, "2 transfer Q♣", "transfer", f"{ONE_TRUMP} {OR_THE_ONE}")  # one trump: singular
    refused(state, "1 transfer A♣", "hand", "seat 1 does not hold A♣")
    refused(state, "9 transfer Q♦", "seat", "there is no seat 9 at a table of 4")


def test_of_two_trumps_both_counting_points_the_refusal_says_so():
    # As SPECTACLED, but seat 3 holds 10♦ and K♦ (both counting points) and seat 1 four trumps.
    hands = [
        "A♣ 10♣ K♣ 9♣ A♠ 10♠ K♠ 9♠",
        "Q♦ 8♦ 9♦ 7♦ 8♠ 7♠ A♥ 10♥",
        "Q♣ Q♠ Q♥ J♣ J♠ J♥ J♦ A♦",
        "10♦ K♦ 8♣ 7♣ K♥ 9♥ 8♥ 7♥",
    ]
    state = pairs_regular(hands)
    both = "of seat 3's two trumps 10♦ K♦ both count card points"
    refused(state, "3 transfer 10♦", "transfer", f"{ONE_TRUMP} {OR_THE_ONE}; {both}")


# six_of_clubs, dealer 0: seat 1 holds one trump (6♣) and his partner seat 3 only trumps, so seat 3 gives a
# trump back; seat 0 holds one trump (Q♠) and his partner seat 2 two plain cards besides trumps.
SIX_HANDS = [
    "Q♠ 10♥ K♥ A♥ 6♦ 10♦",
    "6♣ 6♠ 10♠ K♠ A♠ 6♥",
    "J♥ Q♥ J♦ Q♦ K♦ A♦",
    "10♣ J♣ Q♣ K♣ A♣ J♠",
]


def test_a_trump_given_back_is_refused_for_what_is_wrong_with_it():
    state = start(SIX_OF_CLUBS_FIRST, SIX_HANDS)
    assert legal_of(state, MoveKind.TRANSFER) == {"1 transfer 6♣", "0 transfer Q♠"}
    back = play(state, "1 transfer 6♣")
    assert legal(back) == {f"3 transfer_back {card}" for card in ("10♣", "J♣", "Q♣", "K♣", "A♣", "J♠")}
    refused(back, "3 transfer_back 6♣", "transfer", "seat 3 may not give back 6♣: the card just handed to him")
    refused(back, "3 transfer_back 6♠", "hand", "seat 3 does not hold 6♠")
    refused(back, "3 transfer_back J♣ Q♣", "transfer", "give back exactly 1 card, as many as were handed over")
    refused(back, "4 transfer_back J♣", "seat", "there is no seat 4 at a table of 4")
    back = play(state, "0 transfer Q♠")
    assert legal(back) == {"2 transfer_back K♦", "2 transfer_back A♦"}
    refused(
        back,
        "2 transfer_back J♥",
        "transfer",
        "seat 2 holds plain cards to give back, so he may not give back a trump: J♥",
    )
    refused(back, "2 transfer_back Q♠", "transfer", "seat 2 may not give back Q♠: the card just handed to him")


# seven_of_clubs, dealer 0: seat 0 opens holding only trumps, barred from leading one: he swaps one first.
SWAP_HANDS = ["Q♠ J♠ 9♣ 8♣", "A♥ 10♥ 9♥ 8♥", "A♠ K♥ J♥ 7♦", "A♦ 10♦ K♦ 9♦"]


def test_the_opening_swap_is_refused_for_what_is_wrong_with_it():
    state = start(SEVEN, SWAP_HANDS)
    assert legal(state) == {"0 transfer Q♠", "0 transfer J♠", "0 transfer 9♣", "0 transfer 8♣"}
    refused(state, "0 transfer 8♣ 9♣", "swap", "the opener swaps exactly one trump, not 2 cards")
    refused(state, "0 transfer A♥", "hand", "seat 0 does not hold A♥")
    refused(state, "2 transfer A♠", "swap", "only the opener, seat 0, swaps a trump now")
    refused(state, "4 transfer Q♠", "seat", "there is no seat 4 at a table of 4")
    back = play(state, "0 transfer J♠")
    refused(back, "2 transfer_back J♠", "transfer", "seat 2 may not give back J♠: the card just handed to him")
    refused(back, "2 transfer_back J♥", "transfer", "the cards given back are plain cards, not trumps: J♥")


# simple, dealer 0: seat 1's hand counts no card points, so he may call a redeal; the others may not.
POOR = [
    "10♣ J♣ Q♣ K♣ A♣ 10♠ J♠ Q♠",
    "7♣ 8♣ 9♣ 7♠ 8♠ 9♠ 7♥ 8♥",
    "K♠ A♠ 9♥ 10♥ J♥ Q♥ K♥ A♥",
    "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦",
]


def test_a_redeal_naming_a_card_or_an_empty_seat_is_refused_for_that():
    state = start(SIMPLE, POOR)
    assert legal_of(state, MoveKind.REDEAL) == {"1 redeal"}
    refused(state, "1 redeal Q♣", "redeal", "a redeal move names no cards, not Q♣")
    refused(state, "1 redeal 7♣ 8♣", "redeal", "a redeal move names no cards, not 7♣ 8♣")
    refused(state, "9 redeal", "seat", "there is no seat 9 at a table of 4")
    refused(state, "4 redeal", "seat", "there is no seat 4 at a table of 4")
    refused(state, "0 redeal", "redeal", "a redeal needs a hand under 13 card points")  # he has no reason
    pairs = pairs_regular(SPECTACLED)
    assert legal_of(pairs, MoveKind.REDEAL) == {"1 redeal", "3 redeal"}
    refused(pairs, "1 redeal Q♦", "redeal", "a redeal move names no cards, not Q♦")


# pairs, dealer 0: trousers; seat 2 lays first, face down, then seat 3 face up.
TROUSERS = "Q♣ 7♣ A♥ 10♦ K♣ 7♦  8♣ 9♣ J♣ 7♠ 8♠ 10♠ J♠ J♥ K♠ A♠ 7♥ 9♦ 10♥ 8♥ A♦ Q♦ K♥ K♦ Q♥ Q♠  10♣ 9♥ 8♦ 9♠ J♦ A♣"


def test_a_card_laid_with_the_wrong_face_in_a_drawing_deal_is_refused_naming_the_face_due():
    deck = list(parse_cards(TROUSERS))
    state = play(kozel.new_game(PAIRS, seed=1, deck=deck, dealer=0), "1 praise trousers")
    assert state.phase is Phase.DRAWING
    assert legal(state) == {"2 lay_dark A♥", "2 lay_dark 9♠"}
    refused(state, "2 lay_open A♥", "praise", "seat 2 lays his card face down now (lay_dark), not face up")
    refused(state, "3 lay_dark A♥", "turn", "it is seat 2's turn to lay")
    refused(state, "2 lay_dark 9♠ A♥", "praise", "seat 2 lays one card at a time, not 2 cards")
    refused(state, "2 lay_dark K♠", "hand", "seat 2 does not hold K♠")
    refused(state, "4 lay_dark A♥", "seat", "there is no seat 4 at a table of 4")
    later = play(state, "2 lay_dark A♥")
    assert legal(later) == {"3 lay_open K♣", "3 lay_open 9♥"}
    refused(later, "3 lay_dark K♣", "praise", "seat 3 lays his card face up now (lay_open), not face down")


def test_a_praise_naming_a_card_or_made_by_another_seat_is_refused_for_that():
    state = kozel.new_game(PAIRS, seed=1, dealer=0)
    assert state.phase is Phase.PRAISE
    assert state.turn == 1
    refused(state, "1 praise regular J♣", "praise", "a praise move names no cards, not J♣")
    refused(state, "2 praise regular", "turn", "it is seat 1's turn to announce the deal")
    refused(state, "4 praise regular", "seat", "there is no seat 4 at a table of 4")
    refused(state, "9 praise mirror", "seat", "there is no seat 9 at a table of 4")


# threesome, dealer 0: seat 1 bids first.
THREESOME_HANDS = [
    "K♥ 9♥ 8♥ Q♥ Q♦ J♥ J♦ A♦ 10♦ K♦",
    "A♣ 10♣ K♣ 9♣ 8♣ 7♣ Q♣ Q♠ A♠ 10♠",
    "7♥ K♠ 9♠ 8♠ 7♠ J♣ J♠ A♥ 10♥ 8♦",
]


def test_a_bid_or_a_lay_away_is_refused_for_what_is_wrong_with_it():
    state = start(THREESOME, THREESOME_HANDS, stock="9♦ 7♦")
    assert state.phase is Phase.BIDDING
    assert legal(state) == {"1 take_talon", "1 decline"}
    refused(state, "1 take_talon 10♣", "bidding", "a take_talon move names no cards, not 10♣")
    refused(state, "1 decline 10♣ A♣", "bidding", "a decline move names no cards, not 10♣ A♣")
    refused(state, "2 take_talon", "turn", "it is seat 1's turn to bid")
    refused(state, "3 decline", "seat", "there is no seat 3 at a table of 3")
    taken = play(state, "1 take_talon")
    assert taken.phase is Phase.LAY_AWAY
    refused(taken, "1 lay_away 7♣", "lay away", "seat 1 lays away 2 cards of his own hand, not 1")
    refused(taken, "1 lay_away 7♣ K♥", "hand", "seat 1 does not hold K♥")
    refused(taken, "2 lay_away K♠ 7♥", "turn", "it is seat 1's turn to lay away")
    refused(taken, "3 lay_away 7♣ 8♣", "seat", "there is no seat 3 at a table of 3")


# six_players, dealer 1: seat 2 boasts, so side 0 (seats 0, 2, 4) may lead trumps and seat 1 may not.
SIX_PLAYERS_HANDS = CATCH  # the six-player rules tests' deal, dealt here by seat 1


def test_the_trump_lead_bar_speaks_of_sides_where_they_are_not_pairs():
    state = start(SIX_PLAYERS, SIX_PLAYERS_HANDS, dealer=1)
    assert state.turn == 1
    assert legal(state) == {"1 play 9♣", "1 play 8♣", "1 play 7♣"}
    refused(
        state,
        "1 play Q♣",
        "trump lead",
        "only the boasting side leads trumps; the other side only when holding nothing else; "
        "the cards that may lead now are 7♣ 8♣ 9♣",
    )
