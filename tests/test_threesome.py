"""threesome (the section "Goat threesome" of the Goat rules): every rule on hand-built deals."""

import itertools
from math import comb

import pytest
from helpers import legal, legal_of, play
from helpers import start as dealt

import kozel
from kozel import Card, CardSet, Deck, IllegalMoveError, Move, MoveKind, Phase, parse_cards
from kozel.engine.bidding import apply_lay_away

THREESOME = kozel.variants.get("threesome")


def talon_deck(hands, talon, dealer=0):
    """A deck order (top first) whose deal gives seat ``i`` the cards ``hands[i]`` and the talon ``talon``.

    The engine deals one card at a time clockwise from the dealer's left until every hand holds
    ten, then the talon, top card first.
    """
    held = [parse_cards(hand) for hand in hands]
    order = [held[(dealer + step) % 3][i] for i in range(10) for step in range(1, 4)]
    order += parse_cards(talon)
    assert sorted(order) == sorted(THREESOME.deck), "the deal must use every card once"
    return order


def start(hands, talon, dealer=0):
    """A new match whose first hand is dealt as written."""
    state = kozel.new_game(THREESOME, seed=1, deck=talon_deck(hands, talon, dealer), dealer=dealer)
    assert state.hands == tuple(CardSet(hand) for hand in hands)
    assert state.talon == parse_cards(talon)
    return state


def plays(seat, cards):
    """The play moves of ``seat`` for each of ``cards``, as notation."""
    return {f"{seat} play {card}" for card in parse_cards(cards)}


HANDS = [
    "K♥ 9♥ 8♥ Q♥ Q♦ J♥ J♦ A♦ 10♦ K♦",  # seat 0, the dealer
    "A♣ 10♣ K♣ 9♣ 8♣ 7♣ Q♣ Q♠ A♠ 10♠",  # seat 1: no heart
    "7♥ K♠ 9♠ 8♠ 7♠ J♣ J♠ A♥ 10♥ 8♦",  # seat 2
]
TALON = "9♦ 7♦"


def all_decline(state):
    """Everyone lets the talon pass (dealer 0): the hand is played "for less"."""
    return play(state, "1 decline", "2 decline", "0 decline")


def last_trick(state, won, *, rest_to, counts, taker=0, talon=None):
    """``state`` moved to its last trick, which ``taker`` will take: 7♠ 8♠ 9♠, worth 0, seat 1 to lead.

    Each seat has also won ``won[seat]`` (added to what it holds already, such as laid-away cards),
    ``rest_to`` every other card outside the talon, and ``counts`` are the tricks taken so far.
    ``talon`` replaces the talon still aside, if given.
    """
    low = iter(("7♠", "8♠"))
    masks = tuple(CardSet("9♠" if seat == taker else next(low)).mask for seat in range(3))
    talon = state.talon if talon is None else parse_cards(talon)
    taken = [state.won_masks[seat] | CardSet(won[seat]).mask for seat in range(3)]
    taken[rest_to] |= THREESOME.deck.mask & ~sum(taken) & ~sum(masks) & ~CardSet(talon).mask
    return state._replace(hand_masks=masks, won_masks=tuple(taken), trick_counts=counts, talon=talon, turn=1)


def play_last_trick(state):
    """Play the one-card hands out, seat 1 first."""
    return play(state, *(f"{seat} play {state.hands[seat]}" for seat in (1, 2, 0)))


def finish(state, counts, won, *, rest_to, taker=0, talon=None):
    """Move ``state`` to its last trick (see ``last_trick``) and play it."""
    return play_last_trick(last_trick(state, won, rest_to=rest_to, counts=counts, taker=taker, talon=talon))


def with_scores(state, scores):
    """``state`` with these written points before the hand."""
    return state._replace(match=state.match._replace(scores=scores))


# --- the deal ----------------------------------------------------------------------------------


def test_three_players_ten_each_and_a_two_card_talon_with_its_top_card_shown():
    deck = list(Deck.pack32())  # 7♣ 8♣ ... A♦, top first
    state = kozel.new_game(THREESOME, deck=deck)
    assert state.hands[1] == CardSet(deck[0:30:3])
    assert state.hands[2] == CardSet(deck[1:30:3])
    assert state.hands[0] == CardSet(deck[2:30:3])
    assert all(len(hand) == 10 for hand in state.hands)
    assert state.talon == parse_cards("K♦ A♦")
    assert state.talon_shown == Card.parse("K♦")
    assert state.stock == ()


def test_each_plays_for_himself():
    state = start(HANDS, TALON)
    assert state.scores == (0, 0, 0)
    assert [THREESOME.side_of(seat) for seat in range(3)] == [0, 1, 2]


# --- trumps and following ----------------------------------------------------------------------


def test_trumps_are_the_queens_the_jacks_and_the_diamonds():
    order = tuple(card for card in THREESOME.trumps.order(None) if card in THREESOME.deck)
    assert order == parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦")


def later(state, hands):
    """``state`` after the bidding, moved to a later trick with these hands (seat 1 to lead)."""
    masks = tuple(CardSet(hand).mask for hand in hands)
    rest = THREESOME.deck.mask & ~sum(masks)
    return state._replace(hand_masks=masks, won_masks=(rest, 0, 0), trick_counts=(3, 2, 2), talon=(), turn=1)


ORDER = [
    *itertools.pairwise(parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦")),
    *itertools.pairwise(parse_cards("A♠ 10♠ K♠ 9♠ 8♠ 7♠")),
]


def trick(hands, lead, answer):
    """Seat 1 leads ``lead``, seat 2 answers ``answer``, seat 0 (void) throws 9♥: a later trick, for less."""
    state = later(all_decline(start(HANDS, TALON)), hands)
    return play(state, f"1 play {lead}", f"2 play {answer}", "0 play 9♥")


@pytest.mark.parametrize(("higher", "lower"), ORDER, ids=[f"{h}>{lo}" for h, lo in ORDER])
def test_the_highest_card_takes_the_trick(higher, lower):
    # Seat 0 holds neither the led suit nor a trump.
    state = trick(["9♥ 10♥", f"{lower} 7♥", f"{higher} 8♥"], lower, higher)
    assert state.turn == 2
    assert state.won[2] == CardSet(f"{lower} {higher} 9♥")  # his own, shared with nobody
    state = trick(["9♥ 10♥", f"{higher} 7♥", f"{lower} 8♥"], higher, lower)
    assert state.turn == 1
    assert state.won[1] == CardSet(f"{lower} {higher} 9♥")


def test_follow_the_led_suit_a_queen_is_not_of_it():
    state = later(all_decline(start(HANDS, TALON)), ["A♣ 10♥ K♣", "7♠ K♥ 7♣", "Q♠ 8♠ 9♥"])
    state = play(state, "1 play 7♠")
    assert legal(state) == plays(2, "8♠")
    state = play(state, "2 play 8♠")
    assert legal(state) == plays(0, "A♣ 10♥ K♣")  # no spade: any card


def test_a_trump_lead_needs_a_trump():
    state = later(all_decline(start(HANDS, TALON)), ["A♣ 10♥ K♣", "7♦ K♥ 7♣", "Q♠ 8♠ 9♥"])
    state = play(state, "1 play 7♦")
    assert legal(state) == plays(2, "Q♠")
    state = play(state, "2 play Q♠")
    assert legal(state) == plays(0, "A♣ 10♥ K♣")  # no trump: any card


# --- bidding -----------------------------------------------------------------------------------


def test_bidding_starts_left_of_the_dealer():
    state = start(HANDS, TALON)
    assert state.phase is Phase.BIDDING
    assert legal(state) == {"1 take_talon", "1 decline"}
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 take_talon"))
    state = start(HANDS, TALON, dealer=1)
    assert legal(state) == {"2 take_talon", "2 decline"}


def test_bidding_goes_clockwise_one_round():
    state = play(start(HANDS, TALON), "1 decline")
    assert legal(state) == {"2 take_talon", "2 decline"}
    state = play(state, "2 decline")
    assert legal(state) == {"0 take_talon", "0 decline"}
    state = play(state, "0 decline")
    assert state.phase is Phase.PLAY  # nobody is asked again
    assert state.declarer is None
    assert state.talon == parse_cards(TALON)
    assert legal_of(state, MoveKind.TAKE_TALON) == set()


def test_the_first_who_takes_the_talon_adds_it_to_his_hand():
    state = play(start(HANDS, TALON), "1 decline", "2 take_talon")
    assert state.declarer == 2
    assert state.hands[2] == CardSet(HANDS[2]) | CardSet(TALON)
    assert state.talon == ()
    assert state.phase is Phase.LAY_AWAY
    assert "0 take_talon" not in legal(state)  # the bidding is over


def test_the_declarer_lays_away_two_of_his_twelve_cards():
    state = play(start(HANDS, TALON), "1 decline", "2 take_talon")
    moves = legal(state)
    assert len(moves) == comb(12, 2)
    assert all(m.startswith("2 lay_away ") and len(m.split()) == 4 for m in moves)
    assert "2 lay_away 7♦ 9♦" in moves
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 lay_away A♥"))
    with pytest.raises(IllegalMoveError):
        kozel.apply(state, kozel.parse_move("2 lay_away A♥ A♣"))  # A♣ is not his
    with pytest.raises(IllegalMoveError) as refused:
        kozel.apply(state, kozel.parse_move("2 lay_away A♥ 10♥ 9♦"))  # three cards
    assert refused.value.rule == "lay away"
    # A lay-away that chooses something, or whose mask is not its cards (made without Move's checks): apply
    # refuses them before the lay-away's own check, which refuses them too.
    legal_move = kozel.parse_move("2 lay_away A♥ 10♥")
    chosen = Move(2, MoveKind.LAY_AWAY, "A♥ 10♥", choice="mirror")
    forged = tuple.__new__(Move, (2, MoveKind.LAY_AWAY, legal_move.cards, CardSet("7♦ 9♦").mask, None))
    for move in (chosen, forged):
        with pytest.raises(IllegalMoveError):
            kozel.apply(state, move)
        with pytest.raises(IllegalMoveError) as refused:
            apply_lay_away(state, move, state.log)
        assert refused.value.rule == "lay away"
    assert kozel.apply(state, legal_move).won[2] == CardSet("A♥ 10♥")
    assert apply_lay_away(state, legal_move, state.log).won_masks == kozel.apply(state, legal_move).won_masks


def test_laid_away_cards_count_for_the_declarer_and_the_dealers_left_leads():
    state = play(start(HANDS, TALON), "1 decline", "2 take_talon", "2 lay_away A♥ 10♥")
    assert state.hands[2] == CardSet("7♥ K♠ 9♠ 8♠ 7♠ J♣ J♠ 8♦ 9♦ 7♦")
    assert state.won[2] == CardSet("A♥ 10♥")
    assert state.phase is Phase.PLAY
    assert state.turn == 1
    assert legal(state) == plays(1, HANDS[1])  # a taken talon sets no lead


# --- the declarer's hand -----------------------------------------------------------------------


def declared(scores=(0, 0, 0)):
    """Seat 1 takes the talon and lays away A♣ 10♣ (21 points)."""
    state = with_scores(start(HANDS, TALON), scores)
    return play(state, "1 take_talon", "1 lay_away A♣ 10♣")


def test_declarer_over_60_opponents_each_written_2_for_31_to_60_together():
    # Seat 1: 21 laid away + 46 = 67.  Seat 0 27, seat 2 26: each under 31, together 53.
    state = finish(declared(), (2, 4, 3), ["A♦ 10♦ K♦ J♦", "A♠ 10♠ K♠ A♥ 10♥", ""], rest_to=2)
    result = state.hand_results[-1]
    assert result.declarer == 1
    assert result.points == (27, 67, 26)
    assert result.written == (2, 0, 2)
    assert state.scores == (2, 0, 2)


def test_declarer_over_60_opponents_each_written_4_under_31_together():
    # Seat 1: 21 + 71 = 92; the opponents 28 together.
    state = finish(declared(), (2, 4, 3), ["", "A♠ 10♠ K♠ A♥ 10♥ K♥ A♦ 10♦", ""], rest_to=2)
    assert state.hand_results[-1].points == (0, 92, 28)
    assert state.scores == (4, 0, 4)


def test_declarer_over_60_opponents_each_written_6_with_no_trick():
    state = finish(declared(), (0, 9, 0), ["", "", ""], rest_to=1, taker=1)
    result = state.hand_results[-1]
    assert result.points == (0, 120, 0)
    assert result.tricks == (0, 10, 0)
    assert state.scores == (6, 0, 6)


def test_declarer_with_60_loses_and_is_written_2():
    # 21 laid away + 39.
    state = finish(declared(), (3, 3, 3), ["", "A♠ 10♠ K♠ A♥ Q♥", ""], rest_to=2)
    assert state.hand_results[-1].points[1] == 60
    assert state.scores == (0, 2, 0)


def test_declarer_under_31_is_written_4():
    state = finish(declared(), (4, 1, 4), ["", "7♥ 8♥ 9♥", ""], rest_to=2)
    assert state.hand_results[-1].points[1] == 21
    assert state.scores == (0, 4, 0)


def test_declarer_without_a_trick_is_written_6():
    state = finish(declared(), (5, 0, 4), ["", "", ""], rest_to=2)
    result = state.hand_results[-1]
    assert result.points[1] == 21  # the laid-away cards are no trick
    assert result.tricks[1] == 0
    assert state.scores == (0, 6, 0)


# --- "for less" --------------------------------------------------------------------------------


def test_for_less_the_dealers_left_leads_the_shown_talon_cards_suit():
    # The talon's top card 9♦ is a trump: seat 1 must lead a trump.
    state = all_decline(start(HANDS, "9♦ 7♦"))
    assert state.turn == 1
    assert legal(state) == plays(1, "Q♣ Q♠")


def test_for_less_a_shown_spade_asks_for_a_plain_spade():
    hands = [HANDS[0], HANDS[1], "7♥ K♠ 9♦ 8♠ 7♠ J♣ J♠ A♥ 10♥ 8♦"]
    state = all_decline(start(hands, "9♠ 7♦"))
    assert legal(state) == plays(1, "A♠ 10♠")  # Q♠ is a trump, not a spade


def test_for_less_a_leader_without_the_shown_suit_leads_anything():
    hands = ["K♥ 9♦ 8♥ Q♥ Q♦ J♥ J♦ A♦ 10♦ K♦", HANDS[1], HANDS[2]]
    state = all_decline(start(hands, "9♥ 7♦"))
    assert legal(state) == plays(1, HANDS[1])


def test_for_less_only_the_first_lead_follows_the_shown_card():
    state = all_decline(start(HANDS, TALON))
    state = play(state, "1 play Q♣", "2 play J♣", "0 play Q♦")
    assert state.turn == 1
    assert legal(state) == plays(1, "A♣ 10♣ K♣ 9♣ 8♣ 7♣ Q♠ A♠ 10♠")


@pytest.mark.parametrize(
    ("seat1_won", "points", "written"),
    [
        ("A♠ 10♠ K♠ Q♠ J♠", (0, 30, 90), (0, 0, 4)),  # under 31: 0; 61-90: 4
        ("A♠ 10♠ 10♥", (0, 31, 89), (0, 2, 4)),  # 31: 2
        ("A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥", (0, 60, 60), (0, 2, 2)),  # 60: 2, and 60-60 is no eggs here
        ("A♠ 10♠ K♠ A♥ 10♥ K♥ A♦", (0, 61, 59), (0, 4, 2)),  # 61: 4
        ("A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥ A♦ 10♦ K♦ Q♦ J♦", (0, 90, 30), (0, 4, 0)),  # 90: 4
        ("A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥ A♦ 10♦ 10♣", (0, 91, 29), (0, 6, 0)),  # over 90: 6
    ],
)
def test_for_less_each_is_written_by_his_own_points(seat1_won, points, written):
    state = all_decline(start(HANDS, TALON))  # the talon 9♦ 7♦ counts 0; it goes to seat 0
    state = finish(state, (3, 3, 3), ["", seat1_won, ""], rest_to=2)
    result = state.hand_results[-1]
    assert result.declarer is None
    assert result.points == points
    assert result.written == written
    assert state.scores == written


def test_for_less_the_talon_goes_to_the_taker_of_the_last_trick():
    state = all_decline(start(HANDS, TALON))
    state = finish(state, (3, 3, 3), ["A♣", "", ""], rest_to=2, taker=0, talon="A♦ 10♦")
    result = state.hand_results[-1]
    assert result.points == (32, 0, 88)  # A♣ and the talon's 21
    assert result.written == (2, 0, 4)


def test_for_less_whoever_takes_every_trick_is_the_goat_at_once():
    state = all_decline(start(HANDS, TALON))
    state = finish(state, (9, 0, 0), ["", "", ""], rest_to=0, taker=0)
    assert state.hand_results[-1].tricks == (10, 0, 0)
    assert state.is_over
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat",)


# --- the match ---------------------------------------------------------------------------------


def test_a_player_who_reaches_12_is_the_goat():
    state = finish(declared(scores=(0, 10, 5)), (3, 3, 3), ["", "A♠ 10♠ K♠ A♥ Q♥", ""], rest_to=2)
    assert state.scores == (0, 12, 5)
    assert state.is_over
    assert state.result.goats == (1,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()


def test_both_opponents_may_reach_12_together():
    state = finish(declared(scores=(10, 0, 11)), (2, 4, 3), ["", "A♠ 10♠ K♠ A♥ 10♥", ""], rest_to=2)
    assert state.scores == (12, 0, 13)
    assert state.result.goats == (0, 2)


def test_under_12_the_next_hand_is_bid_for_from_the_new_dealers_left():
    state = finish(declared(scores=(0, 9, 0)), (3, 3, 3), ["", "A♠ 10♠ K♠ A♥ Q♥", ""], rest_to=2)
    assert state.scores == (0, 11, 0)
    assert not state.is_over
    assert state.hand_number == 1
    assert state.phase is Phase.BIDDING
    assert state.turn == (state.dealer + 1) % 3


def test_a_hand_nobody_bid_for_is_eggs_and_dealt_again_where_the_for_less_table_says_so():
    """The "for less" table's own ``eggs`` and ``eggs_replay`` score a hand nobody bid for (house rules)."""
    base = kozel.forms.to_data(kozel.variants.get("threesome"))
    for_less = {**base["talon"]["bidding"]["for_less"], "eggs": True, "eggs_replay": True, "all_tricks": None}
    rules = kozel.forms.from_data({"base": "threesome", "talon": {"bidding": {"for_less": for_less}}})
    hands = ["A♣ 10♣ K♣ A♠ 10♠ Q♣ Q♠ J♣ J♠ A♦", "K♠ A♥ 10♥ K♥ Q♥ Q♦ J♥ J♦ 10♦ K♦", "7♣ 8♣ 9♣ 7♠ 8♠ 9♠ 7♥ 8♥ 9♥ 7♦"]
    state = dealt(rules, hands, stock="8♦ 9♦", dealer=2)
    state = play(state, "0 decline", "1 decline", "2 decline")
    line = (
        "0 play J♣ / 1 play J♥ / 2 play 7♦ / 0 play 10♣ / 1 play K♠ / 2 play 7♣ / 0 play Q♣ / 1 play Q♥ / "
        "2 play 8♣ / 0 play K♣ / 1 play 10♥ / 2 play 9♣ / 0 play A♣ / 1 play K♥ / 2 play 7♠ / 0 play 10♠ / "
        "1 play 10♦ / 2 play 8♠ / 1 play A♥ / 2 play 7♥ / 0 play A♠ / 1 play J♦ / 2 play 9♠ / 0 play A♦ / "
        "1 play Q♦ / 2 play 8♥ / 0 play J♠ / 1 play K♦ / 2 play 9♥ / 0 play Q♠"
    )
    state = play(state, *line.split(" / "))
    result = state.hand_results[-1]
    assert result.points == (60, 60, 0)
    assert result.eggs  # sixty each, by the "for less" table, which has eggs
    assert result.written == (0, 0, 0)
    assert (state.hand_number, state.dealer) == (1, 2)  # dealt again by the same dealer (eggs_replay)
