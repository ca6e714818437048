"""pairs (the sections "Surrender and types of praise" to "Pants double" of the Goat rules): the praise deals.

Before each hand the boasting player (left of the dealer) announces how the hand is dealt.  Each
procedure is run here on a deck written out card by card (top first), with the expected hands,
pre-dealt tricks and leader worked out by hand from the readings the library took (the ``pairs``
docstring and ``kozel.engine.praise.drawing``).  Every test uses dealer 0, so seat 1 is the boasting
player, the order of play is 1, 2, 3, 0, and seats 1 + 3 (side 1) face seats 0 + 2 (side 0).

Card points: A 11, 10 10, K 4, Q 3, J 2.  Trumps, high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦.
"""

import hashlib

import pytest
from helpers import legal, legal_of, play

import kozel
from kozel import Card, CardSet, HandResult, IllegalMoveError, Move, MoveKind, Phase, parse_cards
from kozel.engine.praise.drawing import Draw, apply_lay, drawn_positions, start_drawing
from kozel.rules.praise import PraiseKind

PAIRS = kozel.variants.get("pairs")

KINDS = (
    "regular",
    "one_by_one",
    "merry",
    "mirror",
    "mirror_all",
    "trump_yourself",
    "fishing",
    "fishing_all",
    "trousers",
    "pants_double",
)

# The pack in its canonical order, top first: clubs, spades, hearts, diamonds, each 7 8 9 10 J Q K A.
PACK = "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣  7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠  7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥  7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"


def deck(text):
    """The 32 cards of ``text``, top first; each card of the pack exactly once."""
    cards = list(parse_cards(text))
    assert len(cards) == 32
    assert CardSet(cards) == CardSet(PAIRS.deck)
    return cards


def new_hand(text, dealer=0, seed=1):
    """A new match whose first hand lies as ``text`` (top first), waiting for the praise."""
    state = kozel.new_game(PAIRS, seed=seed, deck=deck(text), dealer=dealer)
    assert state.phase is Phase.PRAISE
    return state


def announce(text, kind, dealer=0, seed=1):
    """The boasting player (left of the dealer) announces ``kind`` for the deck ``text``."""
    return play(new_hand(text, dealer, seed), f"{(dealer + 1) % 4} praise {kind}")


def cut(seed, turn, length):
    """The size of the upper part of a mirror cut, drawn as the engine draws it (first deal: number 0): the
    64-byte BLAKE2b digest of the cut's text, little end first, by the places a deck can be cut at."""
    digest = hashlib.blake2b(f"kozel/{seed}/0/cut/{turn}".encode(), digest_size=64).digest()
    return int.from_bytes(digest, "little") % (length - 1) + 1


def laid(state):
    """The cards laid so far in a drawing praise, as a mask."""
    drawing = state.drawing
    if drawing is None:
        return 0
    return sum(move.mask for move in (*drawing.dark, *drawing.open))


def assert_every_card_once(state):
    """Every card of the pack lies in exactly one place: a hand, the stock, a side's tricks, or laid."""
    places = [*state.hand_masks, *state.won_masks, CardSet(state.stock).mask, laid(state)]
    assert len(state.stock) == CardSet(state.stock).mask.bit_count()
    for i, one in enumerate(places):
        for other in places[i + 1 :]:
            assert not one & other
    assert sum(places) == PAIRS.deck.mask


def assert_ready(state, kind, hands, *, turn, won=("", ""), counts=(0, 0)):
    """The hand dealt by ``kind``: ``hands`` by seat, tricks taken by side, ``turn`` to lead, play open."""
    assert state.phase is Phase.PLAY
    assert state.deal.praise == PraiseKind(kind)
    assert state.hands == tuple(CardSet(hand) for hand in hands)
    assert state.won == (CardSet(won[0]), CardSet(won[1]))
    assert state.trick_counts == counts
    assert state.turn == turn
    assert state.trick is None
    assert state.stock == ()
    assert len({len(hand) for hand in state.hands}) == 1  # equal hands at the start of play
    assert_every_card_once(state)


# --- the choice ----------------------------------------------------------------------------------


def test_the_boasting_player_is_offered_all_ten_deals():
    state = new_hand(PACK)
    assert state.turn == 1
    assert state.hands == (CardSet(""),) * 4
    assert state.stock == tuple(deck(PACK))
    assert legal(state) == {f"1 praise {kind}" for kind in KINDS}


def test_another_dealer_moves_the_choice_to_his_left():
    state = new_hand(PACK, dealer=2)
    assert state.turn == 3
    assert legal(state) == {f"3 praise {kind}" for kind in KINDS}


@pytest.mark.parametrize("text", ["0 praise merry", "2 praise regular", "3 praise fishing", "1 praise cards"])
def test_only_the_boasting_player_announces_and_only_a_known_deal(text):
    with pytest.raises(IllegalMoveError):
        play(new_hand(PACK), text)


# --- dealt without tricks ------------------------------------------------------------------------


def test_regular_is_four_and_four_from_the_boasting_player():
    state = announce(PACK, "regular", dealer=3)  # seat 0 boasts
    hands = [
        "7♣ 8♣ 9♣ 10♣ 7♥ 8♥ 9♥ 10♥",
        "J♣ Q♣ K♣ A♣ J♥ Q♥ K♥ A♥",
        "7♠ 8♠ 9♠ 10♠ 7♦ 8♦ 9♦ 10♦",
        "J♠ Q♠ K♠ A♠ J♦ Q♦ K♦ A♦",
    ]
    assert_ready(state, "regular", hands, turn=3)  # the first hand: the A♦ holder leads


ONE_BY_ONE = [
    "10♣ A♣ 10♠ A♠ 10♥ A♥ 10♦ A♦",
    "7♣ J♣ 7♠ J♠ 7♥ J♥ 7♦ J♦",
    "8♣ Q♣ 8♠ Q♠ 8♥ Q♥ 8♦ Q♦",
    "9♣ K♣ 9♠ K♠ 9♥ K♥ 9♦ K♦",
]


def test_one_by_one_starts_with_the_boasting_player():
    assert_ready(announce(PACK, "one_by_one"), "one_by_one", ONE_BY_ONE, turn=0)


def test_fishing_for_everyone_each_draws_his_eight_in_turn_from_the_top():
    hands = [
        "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦",
        "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
        "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
        "7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
    ]
    assert_ready(announce(PACK, "fishing_all"), "fishing_all", hands, turn=0)


def test_fishing_for_himself_he_draws_eight_and_the_others_are_dealt_one_at_a_time_from_his_left():
    # Seat 1 draws the clubs; 7♠ 8♠ 9♠ ... A♦ go to seats 2, 3, 0, 2, 3, 0, ...
    hands = [
        "9♠ Q♠ 7♥ 10♥ K♥ 8♦ J♦ A♦",
        "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
        "7♠ 10♠ K♠ 8♥ J♥ A♥ 9♦ Q♦",
        "8♠ J♠ A♠ 9♥ Q♥ 7♦ 10♦ K♦",
    ]
    assert_ready(announce(PACK, "fishing"), "fishing", hands, turn=0)


def test_regular_is_four_and_four_whatever_the_ruleset_s_packet():
    # The praise names its own deal: a house ruleset that deals one card at a time still deals the
    # regular praise four and four.
    house = kozel.forms.loads_ruleset('{"base": "pairs", "dealing": {"packet": 1}}')
    assert house.dealing.packet == 1
    state = kozel.new_game(house, seed=1, deck=deck(PACK), dealer=3)
    state = play(state, "0 praise regular")
    regular = announce(PACK, "regular", dealer=3)
    assert state.hands == regular.hands
    assert state.hands[0] == CardSet("7♣ 8♣ 9♣ 10♣ 7♥ 8♥ 9♥ 10♥")


@pytest.mark.parametrize("kind", ["regular", "one_by_one", "mirror", "mirror_all", "fishing", "fishing_all"])
def test_without_pre_dealt_tricks_the_boasting_player_leads_a_later_hand(kind):
    state = new_hand(PACK, seed=3)  # seed 3's mirror cuts leave A♦ with seat 0
    history = (HandResult(points=(60, 60), tricks=(4, 4), written=(0, 0), eggs=True),)
    state = state._replace(match=state.match._replace(hand_results=history))
    state = play(state, f"1 praise {kind}")
    assert state.phase is Phase.PLAY
    assert state.hands[0].mask & CardSet("A♦").mask  # the A♦ holder (seat 0) does not open a later hand
    assert state.turn == 1


# --- on a merry ----------------------------------------------------------------------------------

# Round 1: face down K♠ 10♥ Q♣ 7♠, face up 9♣ 7♦ J♦ A♣ (seats 1 2 3 0): J♦ over-trumps, seat 3 takes both.
# Round 2: face down 10♠ Q♠ 7♣ 8♣, face up 8♥ A♥ K♥ A♠: A♥ is the best heart, seat 2 takes both.
MERRY = "K♠ 10♥ Q♣ 7♠  9♣ 7♦ J♦ A♣  10♠ Q♠ 7♣ 8♣  8♥ A♥ K♥ A♠  10♣ J♣ K♣ 8♠ 9♠ J♠ 7♥ 9♥ J♥ Q♥ 8♦ 9♦ 10♦ Q♦ K♦ A♦"


def merry():
    return announce(MERRY, "merry")


def test_on_a_merry_the_face_up_cards_decide_two_tricks_per_round_and_the_last_winner_leads():
    hands = [
        "8♠ 9♥ 9♦ A♦",
        "10♣ 9♠ J♥ 10♦",
        "J♣ J♠ Q♥ Q♦",
        "K♣ 7♥ 8♦ K♦",
    ]
    won = ("10♠ Q♠ 7♣ 8♣ 8♥ A♥ K♥ A♠", "K♠ 10♥ Q♣ 7♠ 9♣ 7♦ J♦ A♣")
    # Seat 2 took the last pre-dealt trick and leads, though seat 0 holds A♦ in this first hand.
    assert_ready(merry(), "merry", hands, turn=2, won=won, counts=(2, 2))


def test_on_a_merry_the_round_goes_to_the_face_up_winner_whatever_lies_face_down():
    # As MERRY with the face-down cards of the two rounds swapped: the tricks still go by the face-up cards.
    swapped = "10♠ Q♠ 7♣ 8♣  9♣ 7♦ J♦ A♣  K♠ 10♥ Q♣ 7♠  8♥ A♥ K♥ A♠  10♣ J♣ K♣ 8♠ 9♠ J♠ 7♥ 9♥ J♥ Q♥ 8♦ 9♦ 10♦ Q♦ K♦ A♦"
    state = announce(swapped, "merry")
    assert state.won == (CardSet("K♠ 10♥ Q♣ 7♠ 8♥ A♥ K♥ A♠"), CardSet("10♠ Q♠ 7♣ 8♣ 9♣ 7♦ J♦ A♣"))
    assert state.trick_counts == (2, 2)
    assert state.turn == 2


# --- mirror --------------------------------------------------------------------------------------

# Seed 48 (MIRROR_SEED) cuts the first deck after its 9th card (computed below as the engine does): the
# upper part's bottom cards are Q♥ J♣ 7♦ (trumps, taken by the cutter) and then A♣ (plain: the taking
# stops; Q♣ above it stays in the deck).
MIRROR_SEED = 48
MIRROR = "7♣ 8♣ 9♣ 10♣ Q♣ A♣ 7♦ J♣ Q♥  K♣ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 7♥ 8♥ 9♥ 10♥ J♥ K♥ A♥ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"


def mirror():
    return announce(MIRROR, "mirror", seed=MIRROR_SEED)


def test_mirror_the_cutter_takes_the_trumps_under_the_cut_then_the_deal_is_one_at_a_time_from_him():
    assert cut(seed=MIRROR_SEED, turn=0, length=32) == 9
    hands = [
        "10♣ 7♠ J♠ 7♥ J♥ 8♦ J♦ A♦",
        "7♣ Q♣ 8♠ Q♠ 8♥ Q♥ J♣ 7♦",  # Q♥ J♣ 7♦ from the cut, then five dealt
        "8♣ A♣ 9♠ K♠ 9♥ K♥ 9♦ Q♦",
        "9♣ K♣ 10♠ A♠ 10♥ A♥ 10♦ K♦",
    ]
    assert_ready(mirror(), "mirror", hands, turn=0)  # the first hand: the A♦ holder leads


def test_mirror_with_a_plain_card_under_the_cut_takes_nothing():
    assert cut(seed=MIRROR_SEED, turn=0, length=32) == 9
    assert not PAIRS.trumps.is_trump(deck(PACK)[8], None)  # 7♠
    assert_ready(announce(PACK, "mirror", seed=MIRROR_SEED), "mirror", ONE_BY_ONE, turn=0)


# Seed 991286 (MIRROR_ALL_SEED): seat 1 cuts after card 18 and takes J♣ Q♠ (K♠ stops him); seat 2
# cuts the 30 left after card 13 and takes Q♣ (9♠ stops him); seat 3 cuts the 29 after card 12, where
# 9♠ lies: nothing; seat 0 cuts after card 8 and takes A♦ Q♦ J♥ (A♥ stops him).
MIRROR_ALL_SEED = 991286
MIRROR_ALL = "7♣ 8♣ 9♣ 10♣ A♥ J♥ Q♦ A♦ K♣ 7♠ 8♠ 9♠ Q♣ 10♠ J♠ K♠ Q♠ J♣  A♣ A♠ 7♥ 8♥ 9♥ 10♥ Q♥ K♥ 7♦ 8♦ 9♦ 10♦ J♦ K♦"


def mirror_all():
    return announce(MIRROR_ALL, "mirror_all", seed=MIRROR_ALL_SEED)


def test_mirror_for_everyone_each_cuts_in_turn_from_the_boasting_player():
    cuts = [cut(seed=MIRROR_ALL_SEED, turn=turn, length=length) for turn, length in enumerate([32, 30, 29, 29])]
    assert cuts == [18, 13, 12, 8]
    hands = [
        "10♣ 8♠ K♠ 8♥ K♥ A♦ Q♦ J♥",
        "7♣ A♥ 9♠ A♣ 9♥ 7♦ J♣ Q♠",
        "8♣ K♣ 10♠ A♠ 10♥ 8♦ 10♦ Q♣",
        "9♣ 7♠ J♠ 7♥ Q♥ 9♦ J♦ K♦",
    ]
    assert_ready(mirror_all(), "mirror_all", hands, turn=0)


# --- trump yourself ------------------------------------------------------------------------------

# Seat 1 keeps Q♦ and lays 9♣; seat 2 keeps J♠ 7♦ and lays A♣; seat 3 lays 10♥ at once; seat 0 keeps
# Q♣ K♦ and lays 7♠.  A♣ is the best club: seat 2 takes the trick.
TRUMP_YOURSELF = (
    "Q♦ 9♣  J♠ 7♦ A♣  10♥  Q♣ K♦ 7♠  7♣ 8♣ 10♣ J♣ K♣ 8♠ 9♠ 10♠ Q♠ K♠ A♠ 7♥ 8♥ 9♥ J♥ Q♥ K♥ A♥ 8♦ 9♦ 10♦ J♦ A♦"
)


def trump_yourself():
    return announce(TRUMP_YOURSELF, "trump_yourself")


def test_trump_yourself_each_keeps_trumps_until_a_plain_card_goes_into_the_trick():
    hands = [
        "J♣ 10♠ 7♥ Q♥ 9♦ Q♣ K♦",
        "7♣ K♣ Q♠ 8♥ K♥ 10♦ Q♦",
        "8♣ 8♠ K♠ 9♥ A♥ J♠ 7♦",
        "10♣ 9♠ A♠ J♥ 8♦ J♦ A♦",
    ]
    # Seat 2 took the trick and leads, though seat 3 holds A♦ in this first hand.
    assert_ready(trump_yourself(), "trump_yourself", hands, turn=2, won=("9♣ A♣ 10♥ 7♠", ""), counts=(1, 0))


def test_trump_yourself_a_trump_beyond_seven_goes_into_the_trick():
    # Seat 1 keeps seven trumps; the eighth, J♦, goes into the trick and beats 7♣ 8♣ 9♣ of the others.
    text = "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦  7♣  8♣  9♣  10♣ K♣ A♣ 7♠ 8♠ 9♠ 10♠ K♠ A♠ 7♥ 8♥ 9♥ 10♥ K♥ A♥ 7♦ 8♦ 9♦ 10♦ K♦ A♦"
    hands = [
        "A♣ 9♠ A♠ 9♥ A♥ 9♦ A♦",
        "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥",
        "10♣ 7♠ 10♠ 7♥ 10♥ 7♦ 10♦",
        "K♣ 8♠ K♠ 8♥ K♥ 8♦ K♦",
    ]
    state = announce(text, "trump_yourself")
    assert_ready(state, "trump_yourself", hands, turn=1, won=("", "J♦ 7♣ 8♣ 9♣"), counts=(0, 1))


# --- trousers ------------------------------------------------------------------------------------

# Each draws the top and the bottom card.  Seat 1 draws Q♣ + A♣ (kept: a trump, and an ace for him), then
# 7♣ + J♦ and lays 7♣ face down without a choice.  Seat 2 draws A♥ + 9♠: both layable (an ace is, for
# him), so he chooses.  Seat 3 draws 10♦ + 8♦ (kept), then K♣ + 9♥ and chooses which to lay face up.
# Seat 0 draws 7♦ + 10♣ and lays 10♣ face up without a choice.  The rest is dealt to seven each.
TROUSERS = "Q♣ 7♣ A♥ 10♦ K♣ 7♦  8♣ 9♣ J♣ 7♠ 8♠ 10♠ J♠ J♥ K♠ A♠ 7♥ 9♦ 10♥ 8♥ A♦ Q♦ K♥ K♦ Q♥ Q♠  10♣ 9♥ 8♦ 9♠ J♦ A♣"


def trousers():
    return play(announce(TROUSERS, "trousers"), "2 lay_dark A♥", "3 lay_open K♣")


def test_trousers_the_boasting_player_keeps_trumps_and_aces_and_a_forced_lay_takes_no_move():
    state = announce(TROUSERS, "trousers")
    assert state.phase is Phase.DRAWING
    assert state.deal.praise is PraiseKind.TROUSERS
    assert [str(move) for move in state.drawing.dark] == ["1 lay_dark 7♣"]
    assert state.drawing.open == ()
    assert state.hands[1] == CardSet("Q♣ A♣ J♦")
    assert state.turn == 2
    assert state.hands[2] == CardSet("A♥ 9♠")
    assert state.hands[3] == state.hands[0] == CardSet("")
    assert len(state.stock) == 26  # six cards drawn
    assert_every_card_once(state)


def test_trousers_another_player_may_lay_an_ace_and_chooses_between_two_layable_cards():
    state = announce(TROUSERS, "trousers")
    assert legal(state) == {"2 lay_dark A♥", "2 lay_dark 9♠"}
    for text in ("2 lay_dark Q♣", "2 lay_open A♥", "3 lay_dark A♥", "1 praise regular", "2 play 9♠"):
        with pytest.raises(IllegalMoveError):
            play(state, text)


def test_trousers_the_last_two_lay_face_up():
    state = play(announce(TROUSERS, "trousers"), "2 lay_dark A♥")
    assert state.phase is Phase.DRAWING
    assert state.turn == 3
    assert legal(state) == {"3 lay_open K♣", "3 lay_open 9♥"}
    assert [str(move) for move in state.drawing.dark] == ["1 lay_dark 7♣", "2 lay_dark A♥"]
    assert state.hands[2] == CardSet("9♠")
    assert state.hands[3] == CardSet("10♦ 8♦ K♣ 9♥")
    assert_every_card_once(state)
    with pytest.raises(IllegalMoveError):
        play(state, "3 lay_dark K♣")


def test_trousers_the_trick_winner_leads_and_everyone_holds_seven():
    state = trousers()
    # 7♣ leads (face down, seat 1), A♥ (seat 2) is off suit, K♣ (seat 3) beats 7♣, 10♣ (seat 0) beats K♣.
    hands = [
        "7♦ 7♠ J♥ 9♦ Q♦ K♦ Q♠",
        "Q♣ A♣ J♦ 8♣ 8♠ K♠ 10♥",
        "9♠ 9♣ 10♠ A♠ 8♥ K♥ Q♥",
        "10♦ 8♦ 9♥ J♣ J♠ 7♥ A♦",
    ]
    assert_ready(state, "trousers", hands, turn=0, won=("7♣ A♥ K♣ 10♣", ""), counts=(1, 0))


# --- pants double --------------------------------------------------------------------------------

# Each draws the two top and the two bottom cards.  Seat 1: Q♠ 9♣ + A♠ 8♥, lays 9♣ face down by choice and
# 8♥ face up without one.  Seat 2: 10♠ A♥ + J♣ 7♦, lays 10♠ down, A♥ up.  Seat 3: 7♠ K♦ + Q♥ J♠ (one card
# to lay: he draws again), 8♠ 10♥ + 9♦ 10♦, lays 8♠ down, then chooses 10♥ of 7♠ 10♥ to lay up.  Seat 0:
# Q♣ K♥ + J♦ A♣, lays K♥ down, A♣ up.  The rest is dealt to six each.
PANTS = "Q♠ 9♣ 10♠ A♥ 7♠ K♦ 8♠ 10♥ Q♣ K♥  7♣ 8♣ 10♣ K♣ 9♠ K♠ 7♥ 9♥ J♥ 8♦ Q♦ A♦  J♦ A♣ 9♦ 10♦ Q♥ J♠ J♣ 7♦ A♠ 8♥"
PANTS_MOVES = ("1 lay_dark 9♣", "2 lay_dark 10♠", "3 lay_dark 8♠", "3 lay_open 10♥", "0 lay_dark K♥")


def pants_double():
    return play(announce(PANTS, "pants_double"), *PANTS_MOVES)


def test_pants_double_draws_four_at_a_time_and_the_first_lay_is_a_choice():
    state = announce(PANTS, "pants_double")
    assert state.phase is Phase.DRAWING
    assert state.turn == 1
    assert state.hands[1] == CardSet("Q♠ 9♣ A♠ 8♥")
    assert legal(state) == {"1 lay_dark 9♣", "1 lay_dark 8♥"}
    assert len(state.stock) == 28
    assert_every_card_once(state)


def test_pants_double_the_second_card_is_laid_face_up_and_without_a_move_when_forced():
    state = play(announce(PANTS, "pants_double"), "1 lay_dark 9♣")
    assert [str(move) for move in state.drawing.dark] == ["1 lay_dark 9♣"]
    assert [str(move) for move in state.drawing.open] == ["1 lay_open 8♥"]
    assert state.hands[1] == CardSet("Q♠ A♠")
    assert state.turn == 2
    assert state.hands[2] == CardSet("10♠ A♥ J♣ 7♦")
    assert legal(state) == {"2 lay_dark 10♠", "2 lay_dark A♥"}
    assert_every_card_once(state)


def test_pants_double_a_player_with_one_card_to_lay_draws_again():
    state = play(announce(PANTS, "pants_double"), "1 lay_dark 9♣", "2 lay_dark 10♠")
    assert state.turn == 3
    assert state.hands[3] == CardSet("7♠ K♦ Q♥ J♠ 8♠ 10♥ 9♦ 10♦")
    assert legal(state) == {"3 lay_dark 7♠", "3 lay_dark 8♠", "3 lay_dark 10♥"}
    state = play(state, "3 lay_dark 8♠")
    assert legal(state) == {"3 lay_open 7♠", "3 lay_open 10♥"}
    assert_every_card_once(state)


def test_pants_double_two_tricks_and_the_face_down_winner_leads_with_six_each():
    state = pants_double()
    # Face down: 9♣ (seat 1) leads, 10♠ 8♠ K♥ are off suit: seat 1.  Face up: 8♥ A♥ 10♥ A♣: A♥, seat 2.
    hands = [
        "10♣ K♠ J♥ A♦ Q♣ J♦",
        "7♣ K♣ 7♥ 8♦ Q♠ A♠",
        "8♣ 9♠ 9♥ Q♦ J♣ 7♦",
        "K♦ Q♥ J♠ 9♦ 10♦ 7♠",
    ]
    won = ("8♥ A♥ 10♥ A♣", "9♣ 10♠ 8♠ K♥")
    assert_ready(state, "pants_double", hands, turn=1, won=won, counts=(1, 1))


# Seats 1, 2 and 3 each draw one card to lay and three to keep, then four cards to lay, and lay two:
# together they take all eighteen plain cards (the boasting seat 1 keeps his aces).  Seat 0 finds
# only trumps left: he keeps the four he draws (Q♥ J♣ from the top, 9♦ 8♦ from the bottom) and lays
# two of them.
SHORT = "K♣ A♣ 7♥ 9♠ 8♥ K♦ 10♣ K♥ 10♥ A♦ 8♣ 7♣  Q♥ J♣ J♠ J♥ J♦ 10♦ 9♦ 8♦  10♠ K♠ 7♦ Q♦ 8♠ 9♣ Q♠ Q♣ 7♠ 9♥ A♥ A♠"
SHORT_MOVES = ("1 lay_dark K♣", "1 lay_open 7♠", "2 lay_dark 9♣", "2 lay_open 10♣", "3 lay_dark 7♣", "3 lay_open 8♣")


def pants_double_short():
    """The pants double of ``SHORT`` up to seat 0's lays."""
    return play(announce(SHORT, "pants_double"), *SHORT_MOVES)


def test_pants_double_with_no_plain_card_left_a_player_lays_trumps_from_what_he_drew():
    state = pants_double_short()
    assert state.phase is Phase.DRAWING
    assert state.turn == 0
    assert state.hands[0] == CardSet("Q♥ J♣ 9♦ 8♦")
    assert state.stock == tuple(parse_cards("J♠ J♥ J♦ 10♦"))
    assert legal(state) == {"0 lay_dark Q♥", "0 lay_dark J♣", "0 lay_dark 9♦", "0 lay_dark 8♦"}
    state = play(state, "0 lay_dark 8♦")
    assert legal(state) == {"0 lay_open Q♥", "0 lay_open J♣", "0 lay_open 9♦"}
    state = play(state, "0 lay_open 9♦")
    # Face down: K♣ 9♣ 7♣ 8♦, face up: 7♠ 10♣ 8♣ 9♦: seat 0's trumps take both; he leads, and the four
    # trumps left are dealt to him.
    hands = [
        "Q♥ J♣ J♠ J♥ J♦ 10♦",
        "A♣ 9♠ A♠ 7♥ 9♥ A♥",
        "Q♣ Q♠ 8♥ K♥ K♦ 8♠",
        "10♥ A♦ 7♦ Q♦ 10♠ K♠",
    ]
    won = ("K♣ 9♣ 7♣ 8♦ 7♠ 10♣ 8♣ 9♦", "")
    assert_ready(state, "pants_double", hands, turn=0, won=won, counts=(2, 0))


# --- after the deal: the lone trump and the retake ------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "transfers"),
    [
        (lambda: announce(PACK, "one_by_one"), {"3 transfer K♦"}),  # seat 3: 9♦ K♦
        (merry, {"3 transfer K♦"}),  # seat 3: 8♦ K♦; seat 0's 9♦ A♦ but seat 2 holds only trumps
        (mirror, {"2 transfer Q♦"}),  # seat 2: 9♦ Q♦
        (mirror_all, set()),
        (trump_yourself, {"2 transfer J♠"}),  # seat 2: J♠ 7♦
        (lambda: announce(PACK, "fishing_all"), set()),  # two counting trumps each, or eight
        (trousers, {"2 transfer Q♥"}),  # seat 2's one trump
        (pants_double, {"1 transfer Q♠"}),  # seat 1: Q♠ 8♦
    ],
    ids=["one_by_one", "merry", "mirror", "mirror_all", "trump_yourself", "fishing_all", "trousers", "pants_double"],
)
def test_the_lone_trump_pass_is_open_after_a_praise(deal, transfers):
    state = deal()
    assert state.phase is Phase.PLAY
    assert legal_of(state, MoveKind.TRANSFER) == transfers


def test_a_lone_trump_after_trousers_goes_to_the_partner_for_a_plain_card():
    state = play(trousers(), "2 transfer Q♥")
    assert state.phase is Phase.TRANSFER_BACK
    assert legal(state) == {"0 transfer_back 7♠"}  # seat 0's one plain card
    state = play(state, "0 transfer_back 7♠")
    assert state.phase is Phase.PLAY
    assert state.hands[2] == CardSet("9♠ 9♣ 10♠ A♠ 8♥ K♥ 7♠")
    assert state.hands[0] == CardSet("7♦ Q♥ J♥ 9♦ Q♦ K♦ Q♠")
    assert state.turn == 0  # the trick winner still leads
    assert_every_card_once(state)


# Fishing for everyone: seat 1 holds Q♦ (3 points) and 7♦ (none), seat 3 holds 9♦ 8♦ (no points).
SPECTACLED = "Q♦ 7♦ A♣ 10♣ K♣ 9♣ 8♣ 7♣  Q♣ Q♠ Q♥ J♣ J♠ A♠ 10♠ K♠  9♦ 8♦ A♥ 10♥ K♥ 9♥ 8♥ 7♥  J♥ J♦ A♦ 10♦ K♦ 9♠ 8♠ 7♠"


def test_of_two_trumps_the_one_counting_points_may_be_passed():
    state = announce(SPECTACLED, "fishing_all")
    assert state.hands[1] == CardSet("Q♦ 7♦ A♣ 10♣ K♣ 9♣ 8♣ 7♣")
    assert legal_of(state, MoveKind.TRANSFER) == {"1 transfer Q♦"}
    for text in ("1 transfer 7♦", "1 transfer Q♦ 7♦"):
        with pytest.raises(IllegalMoveError):
            play(state, text)
    state = play(state, "1 transfer Q♦", "3 transfer_back 7♥")
    assert state.hands[1] == CardSet("7♦ 7♥ A♣ 10♣ K♣ 9♣ 8♣ 7♣")
    assert state.hands[3] == CardSet("Q♦ 9♦ 8♦ A♥ 10♥ K♥ 9♥ 8♥")
    assert state.turn == 0  # the A♦ holder opens the first hand
    assert_every_card_once(state)


def test_of_two_trumps_without_points_neither_may_be_passed():
    state = announce(SPECTACLED, "fishing_all")
    assert state.hands[3] == CardSet("9♦ 8♦ A♥ 10♥ K♥ 9♥ 8♥ 7♥")  # seat 1, his partner, holds plain cards
    for text in ("3 transfer 9♦", "3 transfer 8♦", "3 transfer 9♦ 8♦"):
        with pytest.raises(IllegalMoveError):
            play(state, text)


def test_of_two_trumps_both_counting_points_neither_may_be_passed():
    # Seat 1 holds J♣ (2 points) and A♦ (11); seat 3, his partner, holds one trump and plain cards.
    text = "J♣ A♦ A♠ 10♠ K♠ 9♠ 8♠ 7♠  Q♣ Q♠ Q♦ J♠ J♥ J♦ 10♣ K♣  Q♥ A♥ 10♥ K♥ 9♥ 8♥ 7♥ A♣  10♦ K♦ 9♦ 8♦ 7♦ 9♣ 8♣ 7♣"
    state = announce(text, "fishing_all")
    assert state.hands[1] == CardSet("J♣ A♦ A♠ 10♠ K♠ 9♠ 8♠ 7♠")
    assert legal_of(state, MoveKind.TRANSFER) == {"3 transfer Q♥"}
    for text in ("1 transfer J♣", "1 transfer A♦", "1 transfer J♣ A♦"):
        with pytest.raises(IllegalMoveError):
            play(state, text)


def regular_deck(hands):
    """The deck whose regular deal (four and four from seat 1) gives seat ``i`` ``hands[i]``."""
    held = [list(parse_cards(hand)) for hand in hands]
    return " ".join(
        str(card) for half in (0, 1) for seat in (1, 2, 3, 0) for card in held[seat][4 * half : 4 * half + 4]
    )


def one_by_one_deck(hands):
    """The deck whose one-by-one deal from seat 1 gives seat ``i`` ``hands[i]``."""
    held = [list(parse_cards(hand)) for hand in hands]
    return " ".join(str(card) for i in range(8) for seat in (1, 2, 3, 0) for card in held[seat][i : i + 1])


def fishing_all_deck(hands):
    """The deck from which seats 1, 2, 3, 0 fish ``hands`` in turn."""
    return " ".join(hands[seat] for seat in (1, 2, 3, 0))


# Seats 1 + 3 hold no queen but Q♦: a reason for a retake, after a regular deal.
RETAKE = [
    "J♥ J♦ A♦ 10♦ K♦ 9♠ 8♠ 7♠",
    "Q♦ 7♦ A♣ 10♣ K♣ 9♣ 8♣ 7♣",
    "Q♣ Q♠ Q♥ J♣ J♠ A♠ 10♠ K♠",
    "9♦ 8♦ A♥ 10♥ K♥ 9♥ 8♥ 7♥",
]


def test_a_retake_may_be_called_after_the_regular_deal():
    state = announce(regular_deck(RETAKE), "regular")
    assert state.hands == tuple(CardSet(hand) for hand in RETAKE)
    assert legal_of(state, MoveKind.REDEAL) == {"1 redeal", "3 redeal"}


@pytest.mark.parametrize(("kind", "build"), [("one_by_one", one_by_one_deck), ("fishing_all", fishing_all_deck)])
def test_no_retake_after_a_praise(kind, build):
    state = announce(build(RETAKE), kind)
    assert state.hands == tuple(CardSet(hand) for hand in RETAKE)
    assert legal_of(state, MoveKind.REDEAL) == set()
    assert legal_of(state, MoveKind.TRANSFER) == {"1 transfer Q♦"}  # while the lone-trump pass is open
    with pytest.raises(IllegalMoveError):
        play(state, "1 redeal")


@pytest.mark.parametrize("deal", [merry, mirror, mirror_all, trump_yourself, trousers, pants_double])
def test_no_retake_after_the_other_praises(deal):
    state = deal()
    assert state.deal.praise is not PraiseKind.REGULAR
    assert legal_of(state, MoveKind.REDEAL) == set()


def test_trousers_a_player_full_of_good_cards_dials_them_to_his_partner():
    # The boasting seat 1 draws top and bottom: Q♣ A♣, Q♠ A♠, Q♥ A♥, Q♦ J♣.  He keeps seven good
    # cards; the eighth (J♣) goes to his partner, seat 3, who has yet to draw.  Then 7♣ and 9♣: he
    # lays 7♣ face down (the only way), and 9♣, with no room left, goes back under the deck.
    top = "Q♣ Q♠ Q♥ Q♦ 7♣ 8♣"
    bottom = "10♣ 9♣ J♣ A♥ A♠ A♣"  # A♣ is the bottom card
    named = CardSet(f"{top} {bottom}")
    middle = " ".join(str(card) for card in parse_cards(PACK) if card not in named)
    state = announce(f"{top} {middle} {bottom}", "trousers")
    assert state.hands[1] == CardSet("Q♣ Q♠ Q♥ Q♦ A♣ A♠ A♥")
    assert state.hands[3] == CardSet("J♣")
    assert [str(move) for move in state.drawing.dark] == ["1 lay_dark 7♣"]
    # Seat 2 draws 8♣ from the top and, from the bottom, the 9♣ put back there: two cards he may lay.
    assert state.phase is Phase.DRAWING
    assert state.turn == 2
    assert legal(state) == {"2 lay_dark 8♣", "2 lay_dark 9♣"}
    assert_every_card_once(state)


# The hook through which kozel.determinize names hidden cards as they are drawn (kozel.view.drawing_worlds).


def test_a_drawing_draws_one_card_from_each_end_in_trousers_and_two_in_pants_double():
    assert drawn_positions(26, 1) == [0, 25]
    assert drawn_positions(26, 2) == [0, 1, 24, 25]
    assert drawn_positions(3, 2) == [0, 1, 2]  # what is left, once the deck runs short


def test_the_drawing_hook_is_told_of_each_draw_and_of_the_closing_deal():
    waiting = new_hand(TROUSERS)
    seen = []

    def watch(deck, hands, draw):
        seen.append(draw)

    state = start_drawing(waiting, PraiseKind.TROUSERS, waiting.log, watch)
    # A hook that moves nothing changes nothing.
    assert state == start_drawing(waiting, PraiseKind.TROUSERS, waiting.log)
    trumps = PAIRS.trumps.table(None).trump_mask
    aces = CardSet("A♣ A♠ A♥ A♦").mask  # kept by the boasting player only
    # Seat 1 (boasting, partner 3 still to draw) draws Q♣ + A♣, then 7♣ + J♦, laying 7♣; seat 2 draws A♥ + 9♠.
    assert seen == [Draw(1, 1, trumps | aces, 7, 8, 3), Draw(1, 1, trumps | aces, 5, 6, 3), Draw(2, 1, trumps, 7, 8, 0)]
    seen.clear()
    state = apply_lay(state, Move.parse("2 lay_dark A♥"), state.log, watch)
    last = apply_lay(state, Move.parse("3 lay_open K♣"), state.log, watch)
    assert seen[-1] is None  # the rest of the deck is about to be dealt
    assert last.hand_masks == play(state, "3 lay_open K♣").hand_masks


def test_a_card_the_hook_moves_is_drawn_where_it_was_moved_to():
    waiting = new_hand(TROUSERS)
    moved = []

    def swap_top(deck, hands, draw):
        if not moved:
            deck[0], deck[5] = deck[5], deck[0]  # 7♦ comes up instead of Q♣
            moved.append(draw)

    order = list(waiting.stock)
    order[0], order[5] = order[5], order[0]
    hooked = start_drawing(waiting, PraiseKind.TROUSERS, waiting.log, swap_top)
    plain = start_drawing(waiting._replace(stock=tuple(order)), PraiseKind.TROUSERS, waiting.log)
    assert (hooked.hand_masks, hooked.stock, hooked.drawing, hooked.turn) == (
        plain.hand_masks,
        plain.stock,
        plain.drawing,
        plain.turn,
    )
    assert Card.parse("7♦") in hooked.hands[1]
