"""pairs (the section "Retake request" of the Goat rules): the retake (redeal) requests.

After a regular deal (``praise regular``), before the first lead, a player with all four nines,
with 12 or fewer card points, or with all four queens, or either player of a pair holding no queen
but Q♦ (or none), may call ``"<seat> redeal"``.  The same dealer then deals again regularly from the
next shuffle, with no praise and nothing written.  A pair calling its third retake in a row is
refused and loses the hand: the opponents are credited 2.
"""

import pytest
from helpers import legal_of, play

import kozel
from kozel import Card, CardSet, HandResult, IllegalMoveError, MoveKind, Phase, parse_cards
from kozel.engine.chance import shuffled_order

PAIRS = kozel.variants.get("pairs")

# Card points as the spec counts them: ace 11, ten 10, king 4, queen 3, jack 2, nine to seven 0.
VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def card_points(hand):
    """The card points of a hand written as text, counted with the table above."""
    return sum(VALUES.get(card[:-1], 0) for card in hand.split())


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


def regular_deal(order, dealer):
    """The hands of the regular deal of ``order`` (top first) by ``dealer``: four and four from his left."""
    hands = [[] for _ in range(4)]
    for packet in range(8):
        hands[(dealer + 1 + packet) % 4] += order[4 * packet : 4 * packet + 4]
    return tuple(CardSet(hand) for hand in hands)


def with_hands(state, hands):
    """``state`` with the hands replaced by ``hands`` (a position built by hand, as if dealt so)."""
    state = state._replace(hand_masks=tuple(CardSet(hand).mask for hand in hands))
    assert state.hands == tuple(CardSet(hand) for hand in hands)
    return state


def calls(state):
    """The redeal calls offered now."""
    return legal_of(state, MoveKind.REDEAL)


def refused(state, text):
    """Assert that ``text`` is refused as a redeal."""
    with pytest.raises(IllegalMoveError) as error:
        play(state, text)
    assert error.value.rule == "redeal"


def holder_of_ace_of_diamonds(hands):
    return next(seat for seat, hand in enumerate(hands) if Card.parse("A♦") in hand)


def second_hand(seed=39):
    """The second hand of a match, in its praise phase: the first hand (seed 39) is played out with
    the first legal card each time; it ends 33-87, side 1 is credited 2 and seat 1 deals."""
    state = regular(kozel.new_game(PAIRS, seed=seed))
    while state.hand_number == 0:
        state = kozel.apply(state, next(move for move in kozel.legal_moves(state) if move.kind is MoveKind.PLAY))
    assert state.hand_results == (HandResult(points=(33, 87), tricks=(2, 6), written=(0, 2)),)
    assert state.scores == (0, 2)
    assert state.dealer == 1
    assert state.phase is Phase.PRAISE
    return state


# With dealer 0, seats 1 + 3 are the boasting pair (side 1), seats 0 + 2 are side 0.
# In every position below each hand counts 13 or more card points unless said otherwise.

# No reason for anybody: side 0 holds Q♣ Q♥, side 1 Q♠ Q♦; nobody holds four nines.
NONE = [
    "A♣ 10♣ 9♣ 8♣ 7♣ Q♣ 7♠ 8♠",  # 24
    "A♠ 10♠ 9♠ K♠ Q♠ 7♥ 8♥ 9♥",  # 28
    "A♥ 10♥ K♥ Q♥ J♣ J♠ 9♦ 8♦",  # 32
    "K♣ J♥ J♦ Q♦ A♦ 10♦ K♦ 7♦",  # 36
]

# Seat 0 holds all four nines; the queens are split between the pairs.
NINES = [
    "9♣ 9♠ 9♥ 9♦ A♣ 10♣ Q♣ 7♣",  # 24
    "A♠ 10♠ K♠ Q♠ 8♠ 7♠ 7♥ 8♥",  # 28
    "A♥ 10♥ K♥ Q♥ J♣ J♠ 8♣ 8♦",  # 32
    "K♣ J♥ J♦ Q♦ A♦ 10♦ K♦ 7♦",  # 36
]

# As NINES, but seat 0's 9♦ and seat 2's 8♦ change places: three nines only.
THREE_NINES = [
    "9♣ 9♠ 9♥ 8♦ A♣ 10♣ Q♣ 7♣",
    NINES[1],
    "A♥ 10♥ K♥ Q♥ J♣ J♠ 8♣ 9♦",
    NINES[3],
]

# Seat 1 counts exactly 12 card points; side 1 still holds Q♠ and Q♦.
TWELVE = [
    "A♣ 10♣ K♣ Q♣ 9♣ 8♣ 7♣ 8♥",  # 28
    "K♠ K♥ J♠ J♥ 9♠ 8♠ 7♠ 7♥",  # 12
    "A♠ 10♠ A♥ 10♥ Q♥ 9♥ J♣ 9♦",  # 47
    "Q♠ Q♦ J♦ A♦ 10♦ K♦ 8♦ 7♦",  # 33
]

# As TWELVE, but seat 1's J♥ and seat 2's Q♥ change places: seat 1 counts 13.
THIRTEEN = [
    TWELVE[0],
    "K♠ K♥ J♠ Q♥ 9♠ 8♠ 7♠ 7♥",  # 13
    "A♠ 10♠ A♥ 10♥ J♥ 9♥ J♣ 9♦",  # 46
    TWELVE[3],
]

# Seat 2 holds all four queens (so side 1 holds none: seats 1 and 3 may call as well).
FOUR_QUEENS = [
    "A♣ 10♣ K♣ J♣ 9♣ 8♣ 7♣ 10♠",  # 37
    "K♠ J♠ A♥ 10♥ K♥ J♥ 9♥ 8♥",  # 33
    "Q♣ Q♠ Q♥ Q♦ A♠ 7♠ 8♠ 9♠",  # 23
    "7♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦",  # 27
]

# As FOUR_QUEENS, but seat 2's Q♦ and seat 0's 10♠ change places: three queens only.
THREE_QUEENS = [
    "A♣ 10♣ K♣ J♣ 9♣ 8♣ 7♣ Q♦",  # 30
    FOUR_QUEENS[1],
    "Q♣ Q♠ Q♥ 10♠ A♠ 7♠ 8♠ 9♠",  # 30
    FOUR_QUEENS[3],
]

# Side 1 (seats 1 + 3) holds no queen at all; side 0 holds two each.
NO_QUEEN = [
    "Q♣ Q♠ A♣ 10♣ K♣ 9♣ 8♣ 7♣",  # 31
    "J♣ J♠ A♥ 10♥ K♥ 9♥ 8♥ 7♥",  # 29
    "Q♥ Q♦ A♠ 10♠ K♠ 9♠ 8♠ 7♠",  # 31
    "J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦",  # 29
]

# As NO_QUEEN, but seat 2's Q♦ and seat 3's J♥ change places: side 1's only queen is Q♦.
ONLY_QUEEN_OF_DIAMONDS = [
    NO_QUEEN[0],
    NO_QUEEN[1],
    "Q♥ J♥ A♠ 10♠ K♠ 9♠ 8♠ 7♠",  # 30
    "Q♦ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦",  # 30
]

# Side 1 holds Q♥ (seat 1) beside Q♦ (seat 3); side 0 holds Q♣ Q♠.
ANOTHER_QUEEN = [
    "Q♣ Q♠ A♣ 10♣ K♣ 9♣ 8♣ 7♣",  # 31
    "Q♥ J♠ A♥ 10♥ K♥ 9♥ 8♥ 7♥",  # 30
    "J♣ J♥ A♠ 10♠ K♠ 9♠ 8♠ 7♠",  # 29
    "Q♦ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦",  # 30
]

# Both pairs have a reason: seat 0 holds all four nines, and side 1's only queen is Q♦.
BOTH = [
    "9♣ 9♠ 9♥ 9♦ Q♣ Q♠ A♣ 10♣",  # 27
    "Q♦ J♣ J♠ A♥ 10♥ K♥ 8♥ 7♥",  # 32
    "Q♥ A♠ 10♠ K♠ 8♠ 7♠ K♣ 8♣",  # 32
    "J♥ J♦ A♦ 10♦ K♦ 8♦ 7♦ 7♣",  # 29
]


# --- the reasons ---------------------------------------------------------------------------------


def test_no_redeal_without_a_reason():
    state = start(NONE)
    assert calls(state) == set()
    for seat in range(4):
        refused(state, f"{seat} redeal")


def test_a_player_with_all_four_nines_may_call():
    state = start(NINES)
    assert calls(state) == {"0 redeal"}
    refused(state, "2 redeal")  # the partner of the four nines has no reason of his own
    refused(state, "1 redeal")


def test_three_nines_are_no_reason():
    state = start(THREE_NINES)
    assert calls(state) == set()
    refused(state, "0 redeal")


def test_a_player_with_twelve_card_points_may_call():
    assert card_points(TWELVE[1]) == 12
    state = start(TWELVE)
    assert calls(state) == {"1 redeal"}
    refused(state, "3 redeal")


def test_thirteen_card_points_are_no_reason():
    assert card_points(THIRTEEN[1]) == 13
    state = start(THIRTEEN)
    assert calls(state) == set()
    refused(state, "1 redeal")


def test_a_player_with_all_four_queens_may_call():
    state = start(FOUR_QUEENS)
    # Seat 2 for his four queens; seats 1 and 3 because their pair holds no queen; not seat 0.
    assert calls(state) == {"1 redeal", "2 redeal", "3 redeal"}
    refused(state, "0 redeal")


def test_three_queens_are_no_reason():
    state = start(THREE_QUEENS)
    assert calls(state) == {"1 redeal", "3 redeal"}  # their pair still holds no queen
    refused(state, "2 redeal")


def test_either_player_of_a_pair_with_no_queen_may_call():
    state = start(NO_QUEEN)
    assert calls(state) == {"1 redeal", "3 redeal"}
    refused(state, "0 redeal")
    refused(state, "2 redeal")


def test_either_player_of_a_pair_whose_only_queen_is_the_queen_of_diamonds_may_call():
    state = start(ONLY_QUEEN_OF_DIAMONDS)
    assert calls(state) == {"1 redeal", "3 redeal"}  # seat 3 holds the Q♦, seat 1 nothing of it


def test_a_pair_holding_another_queen_may_not_call():
    state = start(ANOTHER_QUEEN)
    assert calls(state) == set()
    refused(state, "1 redeal")
    refused(state, "3 redeal")


# --- the redeal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 2])
def test_the_same_dealer_deals_the_next_shuffle_regularly(dealer):
    before = start(NINES, dealer=dealer, seed=5)
    assert before.deal.number == 0
    state = play(before, "0 redeal")
    assert state.dealer == dealer
    assert state.deal.number == 1
    assert state.hands == regular_deal(shuffled_order(PAIRS, 5, 1), dealer)
    assert state.hands != before.hands
    assert state.deal.redeals == (0,)  # seat 0 called for side 0


def test_no_praise_after_a_redeal():
    state = play(start(NINES, seed=5), "0 redeal")
    assert state.phase is Phase.PLAY
    assert state.stock == ()
    assert legal_of(state, MoveKind.PRAISE) == set()
    with pytest.raises(IllegalMoveError):
        play(state, "1 praise regular")


def test_a_redeal_writes_nothing_and_is_no_hand():
    before = with_hands(regular(second_hand()), BOTH)
    state = play(before, "0 redeal")
    assert state.hand_number == 1
    assert state.hand_results == before.hand_results
    assert state.scores == (0, 2)
    assert state.won == (CardSet(), CardSet())
    assert state.trick_counts == (0, 0)
    assert state.trick is None


def test_after_a_redeal_in_the_first_hand_the_ace_of_diamonds_holder_leads():
    before = start(NINES, seed=5)
    assert before.turn == 3  # seat 3 holds A♦ in NINES
    state = play(before, "0 redeal")
    # Seed 5: the next shuffle gives A♦ to seat 2, neither the dealer's left nor the old leader.
    assert holder_of_ace_of_diamonds(state.hands) == 2
    assert state.turn == 2
    assert state.deal.leader == 2


def test_after_a_redeal_in_a_later_hand_the_player_left_of_the_dealer_leads():
    # The second hand (dealer 1) is dealt regularly; its hands are then replaced by BOTH.
    before = with_hands(regular(second_hand()), BOTH)
    assert before.turn == 2
    state = play(before, "0 redeal")
    assert state.dealer == 1
    assert state.deal.number == 2
    assert state.hands == regular_deal(shuffled_order(PAIRS, 39, 2), 1)
    assert holder_of_ace_of_diamonds(state.hands) == 0  # seed 39: A♦ does not decide the lead
    assert state.turn == 2


# --- when a retake may be asked ------------------------------------------------------------------


def one_by_one_deck(hands, dealer=0):
    """The deck order whose one-by-one deal, from the dealer's left, gives seat ``i`` ``hands[i]``."""
    held = [list(parse_cards(hand)) for hand in hands]
    return [held[(dealer + 1 + turn % 4) % 4][turn // 4] for turn in range(32)]


def fishing_deck(hands, dealer=0):
    """The deck order whose "fishing for everyone" (eight each in turn from the dealer's left) gives ``hands``."""
    return [card for step in range(1, 5) for card in parse_cards(hands[(dealer + step) % 4])]


@pytest.mark.parametrize(("praise", "deck"), [("one_by_one", one_by_one_deck), ("fishing_all", fishing_deck)])
def test_no_retake_after_a_praise_deal(praise, deck):
    state = play(kozel.new_game(PAIRS, seed=1, deck=deck(BOTH)), f"1 praise {praise}")
    assert state.hands == tuple(CardSet(hand) for hand in BOTH)  # seat 0 holds the nines, side 1 only Q♦
    assert state.phase is Phase.PLAY
    assert calls(state) == set()
    for seat in (0, 1, 3):
        refused(state, f"{seat} redeal")


def test_no_retake_once_the_first_card_is_led():
    state = start(BOTH)
    assert state.turn == 3  # the A♦ holder opens the match
    state = play(state, "3 play 7♣")
    assert calls(state) == set()
    refused(state, "0 redeal")
    state = play(state, "0 play 10♣", "1 play J♣", "2 play 8♣")  # J♣, a trump, takes the trick
    assert state.trick is None
    assert state.turn == 1
    assert calls(state) == set()
    refused(state, "0 redeal")
    refused(state, "1 redeal")


# --- retakes in a row ----------------------------------------------------------------------------

# After each redeal the new deal's hands are replaced by BOTH, so that the same reasons hold again.


def test_a_second_retake_in_a_row_is_allowed():
    state = with_hands(play(start(BOTH, seed=5), "1 redeal"), BOTH)
    assert calls(state) == {"0 redeal", "1 redeal", "3 redeal"}
    state = play(state, "3 redeal")  # the partner calls the pair's second retake
    assert state.deal.redeals == (1, 1)
    assert state.deal.number == 2
    assert state.hands == regular_deal(shuffled_order(PAIRS, 5, 2), 0)
    assert state.phase is Phase.PLAY
    assert state.hand_number == 0
    assert state.hand_results == ()


def test_a_third_retake_in_a_row_by_the_same_pair_loses_the_hand():
    state = with_hands(regular(second_hand()), BOTH)  # dealer 1, scores (0, 2), deal number 1
    state = with_hands(play(state, "1 redeal"), BOTH)
    state = with_hands(play(state, "3 redeal"), BOTH)
    assert state.deal.redeals == (1, 1)
    assert "1 redeal" in calls(state)  # still offered: the call is made, and refused as a redeal
    state = play(state, "1 redeal")
    assert state.hand_results[-1] == HandResult(points=(0, 0), tricks=(0, 0), written=(2, 0), forfeited=True)
    assert state.scores == (2, 2)  # the opponents, side 0, are credited 2
    assert state.hand_number == 2
    # The next hand is dealt: the next dealer, from the next shuffle, and praise again.
    assert state.dealer == 2
    assert state.phase is Phase.PRAISE
    assert state.turn == 3
    assert state.deal.number == 4
    assert state.stock == shuffled_order(PAIRS, 39, 4)
    assert state.deal.redeals == ()


@pytest.mark.parametrize(
    ("earlier", "caller", "refused_as_redeal"),
    [
        ((), 1, False),
        ((1,), 1, False),
        ((1, 1), 1, True),
        ((1, 1), 3, True),  # the run is the pair's, whichever player calls
        ((1, 1), 0, False),  # the other pair's first
        ((0, 1), 1, False),  # side 0's call broke side 1's run
        ((1, 0, 1), 3, False),
        ((0, 0, 1, 1), 3, True),
    ],
)
def test_only_a_third_call_in_a_row_by_the_same_pair_is_refused(earlier, caller, refused_as_redeal):
    # Built position: the earlier redeals of the run are written into the deal.
    state = start(BOTH, seed=5)
    state = state._replace(deal=state.deal._replace(redeals=earlier))
    state = play(state, f"{caller} redeal")
    if refused_as_redeal:
        assert state.hand_results[-1].forfeited
        assert state.phase is Phase.PRAISE
        assert state.deal.redeals == ()
    else:
        assert state.hand_results == ()
        assert state.phase is Phase.PLAY
        assert state.deal.redeals == (*earlier, caller % 2)


def test_a_call_by_the_other_pair_breaks_the_run():
    state = with_hands(start(BOTH, seed=5), BOTH)
    for call in ("1 redeal", "3 redeal", "0 redeal", "1 redeal", "3 redeal"):
        state = with_hands(play(state, call), BOTH)
        assert state.phase is Phase.PLAY
        assert state.hand_number == 0
    assert state.deal.redeals == (1, 1, 0, 1, 1)
    assert state.deal.number == 5
    state = play(state, "1 redeal")  # side 1's third in a row since side 0's call
    assert state.hand_results == (HandResult(points=(0, 0), tricks=(0, 0), written=(2, 0), forfeited=True),)
    assert state.scores == (2, 0)
    assert state.dealer == 1
    assert state.phase is Phase.PRAISE


# Seat 0 holds one trump, Q♥; seat 2 the other three queens; the pair 1 + 3 holds no queen.
PASS_TO_FOUR_QUEENS = [
    "A♣ 10♣ K♣ 9♣ 8♣ 7♣ 10♠ Q♥",  # 38
    "J♣ J♠ A♥ 10♥ K♥ 9♥ 8♥ 7♥",  # 29
    "Q♣ Q♠ Q♦ A♠ K♠ 9♠ 8♠ 7♠",  # 24
    "J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦",  # 29
]


def test_no_retake_once_a_trump_has_been_passed():
    # Reading: a retake is asked on the cards as dealt; a pass of the lone trump closes it.
    state = start(PASS_TO_FOUR_QUEENS)
    assert calls(state) == {"1 redeal", "3 redeal"}
    assert "0 transfer Q♥" in legal_of(state, MoveKind.TRANSFER)
    state = play(state, "0 transfer Q♥", "2 transfer_back 7♠")
    assert state.hands[2] == CardSet("Q♣ Q♠ Q♥ Q♦ A♠ K♠ 9♠ 8♠")  # four queens now ...
    assert calls(state) == set()  # ... but no retake, for anybody
    refused(state, "2 redeal")
    refused(state, "1 redeal")
