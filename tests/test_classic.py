"""classic: every rule on hand-built deals."""

import attrs
import pytest
from helpers import deck_order, legal, legal_of, move, play, start

import kozel
from kozel import Card, CardSet, Deck, IllegalMoveError, MoveKind, Suit

CLASSIC = kozel.variants.get("classic")


def pass_all(state):
    """The leader leads his lowest single card and everybody else passes their lowest card."""
    moves = kozel.legal_moves(state)
    if state.trick is None:
        return min((m for m in moves if m.kind is MoveKind.LEAD and len(m.cards) == 1), key=lambda m: m.cards)
    return min((m for m in moves if m.kind is MoveKind.PASS), key=lambda m: m.cards)


# --- the deal ----------------------------------------------------------------------------------


def test_one_card_at_a_time_clockwise_from_the_dealers_left_dealer_last():
    deck = list(Deck.pack36())  # 6♣ 7♣ ... A♦, top first
    state = kozel.new_game(CLASSIC, deck=deck)
    assert state.dealer == 0
    assert state.hands[1] == CardSet([deck[0], deck[4], deck[8], deck[12]])
    assert state.hands[2] == CardSet([deck[1], deck[5], deck[9], deck[13]])
    assert state.hands[3] == CardSet([deck[2], deck[6], deck[10], deck[14]])
    assert state.hands[0] == CardSet([deck[3], deck[7], deck[11], deck[15]])
    assert state.stock == tuple(deck[16:])
    assert str(state.hands[1]) == "6♣ 10♣ A♣ 9♠"


def test_another_dealer_deals_from_his_own_left():
    deck = list(Deck.pack36())
    state = kozel.new_game(CLASSIC, deck=deck, dealer=2)
    assert state.dealer == 2
    assert state.hands[3] == CardSet([deck[0], deck[4], deck[8], deck[12]])
    assert state.hands[2] == CardSet([deck[3], deck[7], deck[11], deck[15]])
    assert state.turn == 3  # the player left of the dealer leads the first hand


def test_the_middle_card_of_the_stock_is_shown_and_names_the_trump():
    deck = list(Deck.pack36())
    state = kozel.new_game(CLASSIC, deck=deck)
    assert len(state.stock) == 20
    assert state.trump_card == state.stock[10] == Card.parse("A♥")
    assert state.trump is Suit.HEARTS


def test_the_shown_card_stays_in_the_stock_and_is_drawn_like_any_other():
    state = start(
        CLASSIC,
        ["7♣ 8♣ 9♣ 10♣", "6♣ 6♠ 7♠ 8♠", "9♠ 10♠ J♠ Q♠", "K♠ A♠ 6♦ 7♦"],
        stock="J♣ Q♣ K♣ A♣ 6♥ 7♥ 8♥ 9♥",
        shown="8♦",
    )
    assert state.trump is Suit.DIAMONDS
    assert state.stock.index(Card.parse("8♦")) == 10
    # Seat 1 leads, everybody passes, seat 1 takes each trick and draws first: draws go 1, 2, 3, 0.
    for _ in range(3):
        for _ in range(4):
            state = kozel.apply(state, pass_all(state))
    # The third draw took stock cards 8..11; the shown card, stock[10], went to seat 3.
    assert Card.parse("8♦") in state.hands[3]
    assert Card.parse("8♦") not in state.stock
    assert state.trump is Suit.DIAMONDS  # the trump stays for the whole hand
    assert state.trump_card == Card.parse("8♦")


def test_a_seed_fixes_the_deal():
    assert kozel.new_game(CLASSIC, seed=11) == kozel.new_game(CLASSIC, seed=11)
    assert kozel.new_game(CLASSIC, seed=11).hands != kozel.new_game(CLASSIC, seed=12).hands


def test_an_explicit_deck_must_hold_every_card_once():
    deck = list(Deck.pack36())
    with pytest.raises(kozel.DeckError, match="missing: A♦"):
        kozel.new_game(CLASSIC, deck=deck[:-1])
    with pytest.raises(kozel.DeckError, match="twice: 6♣"):
        kozel.new_game(CLASSIC, deck=[deck[0], *deck[:-1]])
    piquet = attrs.evolve(CLASSIC, deck=Deck.pack32())
    with pytest.raises(kozel.DeckError, match="not in this deck: 6♣"):
        kozel.new_game(piquet, deck=[Card.parse("6♣"), *list(Deck.pack32())[1:]])
    with pytest.raises(kozel.KozelError, match="dealer must be a seat"):
        kozel.new_game(CLASSIC, seed=1, dealer=4)


def test_an_explicit_deck_can_be_written_as_text():
    text = " ".join(
        str(card) for card in deck_order(CLASSIC, ["6♣ 7♣ 8♣ 9♣", "6♠ 7♠ 8♠ 9♠", "6♥ 7♥ 8♥ 9♥", "6♦ 7♦ 8♦ 9♦"])
    )
    state = kozel.new_game(CLASSIC, deck=text)
    assert str(state.hands[2]) == "6♥ 7♥ 8♥ 9♥"


# --- leading -----------------------------------------------------------------------------------


HANDS = ["A♣ 9♣ 7♥ 6♥", "A♠ 10♠ 7♠ 6♦", "K♠ J♠ 9♠ 8♣", "K♦ Q♦ J♦ 9♥"]


def test_the_leader_plays_one_or_more_cards_of_one_suit():
    state = start(CLASSIC, HANDS, shown="A♥")
    assert state.turn == 1
    assert legal_of(state, MoveKind.LEAD) == {
        "1 lead 7♠", "1 lead 10♠", "1 lead A♠",
        "1 lead 7♠ 10♠", "1 lead 7♠ A♠", "1 lead 10♠ A♠", "1 lead 7♠ 10♠ A♠",
        "1 lead 6♦",
    }  # fmt: skip


def test_a_lead_of_two_suits_is_refused():
    state = start(CLASSIC, HANDS, shown="A♥")
    with pytest.raises(IllegalMoveError, match="cards of one suit") as error:
        kozel.apply(state, move("1 lead A♠ 6♦"))
    assert error.value.rule == "lead"


def test_only_the_player_to_lead_may_lead():
    state = start(CLASSIC, HANDS, shown="A♥")
    with pytest.raises(IllegalMoveError, match="seat 1's turn") as error:
        kozel.apply(state, move("2 lead 10♠"))
    assert error.value.rule == "turn"


def test_cards_not_in_hand_are_refused():
    state = start(CLASSIC, HANDS, shown="A♥")
    with pytest.raises(IllegalMoveError, match="does not hold K♠"):
        kozel.apply(state, move("1 lead K♠"))


def test_a_trick_must_be_answered_not_led():
    state = play(start(CLASSIC, HANDS, shown="A♥"), "1 lead 7♠")
    with pytest.raises(IllegalMoveError, match="must beat it or pass"):
        kozel.apply(state, move("2 lead 9♠"))
    fresh = start(CLASSIC, HANDS, shown="A♥")
    with pytest.raises(IllegalMoveError, match="must lead"):
        kozel.apply(fresh, move("1 pass 7♠"))


# --- beating and passing -------------------------------------------------------------------------


def test_beat_with_a_higher_card_of_the_suit_or_any_trump():
    # Trump hearts; seat 1 leads K♠.
    state = play(start(CLASSIC, ["A♣ 9♣ 8♣ 7♦", "K♠ 6♦ 9♦ 8♦", "10♠ A♦ 9♠ 6♥", "J♣ Q♣ K♣ 6♠"], shown="A♥"), "1 lead K♠")
    assert state.turn == 2
    # 10♠ is above K♠, 6♥ is a trump; A♦ is another plain suit and 9♠ is lower.
    assert legal(state) == {
        "2 beat 10♠", "2 beat 6♥",
        "2 pass 9♠", "2 pass 10♠", "2 pass 6♥", "2 pass A♦",
    }  # fmt: skip


def test_several_cards_are_beaten_one_to_one_mixing_suit_and_trump():
    # Trump hearts; seat 1 leads 9♠ K♠; seat 2 holds 10♠ J♠ 7♥ 8♣.
    state = play(
        start(CLASSIC, ["A♣ 9♣ 7♣ 6♥", "9♠ K♠ 6♦ 7♦", "10♠ J♠ 7♥ 8♣", "J♣ Q♣ K♣ 10♦"], shown="A♥"), "1 lead 9♠ K♠"
    )
    assert legal_of(state, MoveKind.BEAT) == {
        "2 beat 10♠ J♠",  # 10♠ on K♠ and J♠ on 9♠: found although J♠ cannot take K♠
        "2 beat 10♠ 7♥",
        "2 beat J♠ 7♥",  # J♠ on 9♠, the trump on K♠
    }
    assert len(legal_of(state, MoveKind.PASS)) == 6  # any two of the four cards, face down


def test_no_partial_beat():
    state = play(
        start(CLASSIC, ["A♣ 9♣ 7♣ 6♥", "9♠ K♠ 6♦ 7♦", "J♠ Q♠ 8♦ 8♣", "J♣ Q♣ K♣ 10♦"], shown="A♥"), "1 lead 9♠ K♠"
    )
    # J♠ and Q♠ both beat only the 9♠: together they do not beat the pair.
    assert legal_of(state, MoveKind.BEAT) == set()
    with pytest.raises(IllegalMoveError, match="cannot beat 9♠ K♠ one to one") as error:
        kozel.apply(state, move("2 beat J♠ Q♠"))
    assert error.value.rule == "beat"
    with pytest.raises(IllegalMoveError, match="exactly 2 card"):
        kozel.apply(state, move("2 beat Q♠"))
    with pytest.raises(IllegalMoveError, match="exactly 2 card"):
        kozel.apply(state, move("2 pass Q♠"))


def test_beating_is_never_compulsory_and_a_pass_is_face_down():
    state = play(start(CLASSIC, ["A♣ 9♣ 8♣ 7♦", "K♠ 6♦ 9♦ 8♦", "10♠ A♦ 9♠ 6♥", "J♣ Q♣ K♣ 6♠"], shown="A♥"), "1 lead K♠")
    state = play(state, "2 pass 6♥")
    last = state.trick.plays[-1]
    assert last.kind is MoveKind.PASS
    assert not last.face_up
    assert state.trick.plays[0].face_up
    assert state.trick.winner == 1


def test_one_card_on_top_is_passed_with_exactly_one_card():
    state = play(start(CLASSIC, ["A♣ 9♣ 8♣ 7♦", "K♠ 6♦ 9♦ 8♦", "10♠ A♦ 9♠ 6♥", "J♣ Q♣ K♣ 6♠"], shown="A♥"), "1 lead K♠")
    assert "2 pass 9♠ 6♥" not in legal(state)
    for cards in ("9♠ 6♥", "10♠ A♦ 9♠"):
        with pytest.raises(IllegalMoveError, match="exactly 1 card"):
            kozel.apply(state, move(f"2 pass {cards}"))
    assert str(kozel.apply(state, move("2 pass 6♥")).trick.cards) == "K♠ 6♥"


def test_the_next_player_answers_the_last_cards_that_beat():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♠ J♠ 10♣ J♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead 9♠", "2 beat K♠")
    assert state.trick.winner == 2
    assert legal_of(state, MoveKind.BEAT) == {"3 beat 10♠"}  # J♠ beat the 9♠ but not the K♠


def test_the_last_to_beat_takes_every_card_face_down_ones_too():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = play(start(CLASSIC, hands, "6♠ 7♥ 8♥ 9♥", shown="A♥"), "1 lead 9♠", "2 beat K♠", "3 pass Q♦", "0 pass 10♦")
    assert state.trick is None
    assert state.won[0] == CardSet("9♠ K♠ Q♦ 10♦")  # seat 2 plays for side 0
    assert state.won[1] == CardSet()
    assert state.trick_counts == (1, 0)
    assert state.turn == 2  # the trick winner leads


def test_the_leader_takes_the_trick_when_everybody_passes():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead 9♠", "2 pass A♦", "3 pass Q♦", "0 pass 10♦")
    assert state.won[1] == CardSet("9♠ A♦ Q♦ 10♦")
    assert state.turn == 1


# --- drawing -----------------------------------------------------------------------------------


def test_after_a_trick_everyone_draws_one_at_a_time_winner_first():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = start(CLASSIC, hands, "A♠ 10♥ J♥ Q♥", shown="A♥")
    state = play(state, "1 lead 9♠", "2 beat K♠", "3 pass Q♦", "0 pass 10♦")
    assert Card.parse("A♠") in state.hands[2]  # the winner takes the top card
    assert Card.parse("10♥") in state.hands[3]
    assert Card.parse("J♥") in state.hands[0]
    assert Card.parse("Q♥") in state.hands[1]
    assert all(len(hand) == 4 for hand in state.hands)
    assert len(state.stock) == 16


def test_a_draw_after_a_longer_trick_goes_round_again():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 10♠ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = start(CLASSIC, hands, "A♠ 10♥ J♥ Q♥ K♥ 6♥ 7♥ 8♥", shown="A♥")
    state = play(state, "1 lead 9♠ 10♠", "2 pass 6♣ 7♠", "3 pass Q♦ J♣", "0 pass 8♣ 10♦")
    # Seat 1 won; draws go 1, 2, 3, 0, 1, 2, 3, 0.
    assert state.hands[1] == CardSet("7♦ 8♦ A♠ K♥")
    assert state.hands[2] == CardSet("K♠ A♦ 10♥ 6♥")
    assert state.hands[3] == CardSet("10♣ Q♣ J♥ 7♥")
    assert state.hands[0] == CardSet("A♣ 9♣ Q♥ 8♥")


# --- molodka -----------------------------------------------------------------------------------

MOLODKA_HANDS = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]


def test_a_molodka_may_go_before_the_lead():
    state = start(CLASSIC, MOLODKA_HANDS, shown="A♥")
    assert "3 molodka 6♣ 7♣ 8♣ 9♣" in legal(state)
    after = play(state, "3 molodka 6♣ 7♣ 8♣ 9♣")
    assert after.trick.leader == 3
    assert after.trick.molodka
    assert after.turn == 0
    assert after.hands[3] == CardSet()


def test_a_molodka_after_others_have_played_sends_their_cards_back():
    state = play(start(CLASSIC, MOLODKA_HANDS, shown="A♥"), "1 lead A♠", "2 pass 7♠")
    assert "3 molodka 6♣ 7♣ 8♣ 9♣" in legal(state)
    after = play(state, "3 molodka 6♣ 7♣ 8♣ 9♣")
    assert after.hands[1] == CardSet("A♠ 10♥ J♦ 6♠")  # the cards on the table went back
    assert after.hands[2] == CardSet("K♠ Q♥ 10♦ 7♠")
    assert [str(p) for p in after.trick.plays] == ["3 molodka 6♣ 7♣ 8♣ 9♣"]
    assert after.trick.leader == 3
    assert after.turn == 0  # play goes on clockwise from the molodka's player
    # Everybody now answers four cards.
    assert {len(m.cards) for m in kozel.legal_moves(after)} == {4}


def test_only_the_molodka_nearest_clockwise_to_the_leader_may_be_played():
    hands = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "6♦ 8♦ 9♦ Q♦", "6♣ 7♣ 8♣ 9♣"]
    state = start(CLASSIC, hands, shown="A♥")
    assert legal_of(state, MoveKind.MOLODKA) == {"2 molodka 6♦ 8♦ 9♦ Q♦"}
    with pytest.raises(IllegalMoveError, match="seat 2 also holds a molodka and sits nearer") as error:
        kozel.apply(state, move("3 molodka 6♣ 7♣ 8♣ 9♣"))
    assert error.value.rule == "molodka"
    # Once seat 2 has played into the trick it holds no molodka; seat 3's is now the nearest.
    state = play(state, "1 lead A♠", "2 pass 6♦")
    assert legal_of(state, MoveKind.MOLODKA) == {"3 molodka 6♣ 7♣ 8♣ 9♣"}


def test_only_one_molodka_per_trick():
    hands = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "6♦ 8♦ 9♦ Q♦", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "2 molodka 6♦ 8♦ 9♦ Q♦")
    assert legal_of(state, MoveKind.MOLODKA) == set()
    with pytest.raises(IllegalMoveError, match="only one molodka"):
        kozel.apply(state, move("3 molodka 6♣ 7♣ 8♣ 9♣"))


def test_four_of_a_suit_led_in_turn_is_an_ordinary_lead_and_a_molodka_may_follow():
    hands = ["A♣ 10♠ 8♥ 7♦", "6♠ 7♠ 8♠ 9♠", "K♠ Q♥ 10♦ J♠", "6♣ 7♣ 8♣ 9♣"]
    state = start(CLASSIC, hands, shown="A♥")
    assert "1 lead 6♠ 7♠ 8♠ 9♠" in legal(state)
    assert legal_of(state, MoveKind.MOLODKA) == {"3 molodka 6♣ 7♣ 8♣ 9♣"}
    with pytest.raises(IllegalMoveError, match="ordinary lead"):
        kozel.apply(state, move("1 molodka 6♠ 7♠ 8♠ 9♠"))
    state = play(state, "1 lead 6♠ 7♠ 8♠ 9♠")
    assert state.trick.plays[0].kind is MoveKind.LEAD
    assert legal_of(state, MoveKind.MOLODKA) == {"3 molodka 6♣ 7♣ 8♣ 9♣"}
    state = play(state, "3 molodka 6♣ 7♣ 8♣ 9♣")
    assert state.hands[1] == CardSet("6♠ 7♠ 8♠ 9♠")
    assert legal_of(state, MoveKind.MOLODKA) == set()  # seat 1 holds four spades again, but one molodka is all


def test_a_molodka_must_be_the_whole_hand_of_one_suit():
    state = start(CLASSIC, MOLODKA_HANDS, shown="A♥")
    with pytest.raises(IllegalMoveError, match="full hand of 4 cards of one suit"):
        kozel.apply(state, move("3 molodka 6♣ 7♣ 8♣"))
    with pytest.raises(IllegalMoveError, match="full hand"):
        kozel.apply(state, move("2 molodka K♠ Q♥ 10♦ 7♠"))


def test_a_trump_molodka_counts_too():
    hands = ["A♣ 9♠ 8♣ 7♦", "A♠ 10♣ J♦ 6♠", "K♠ Q♣ 10♦ 7♠", "6♥ 7♥ 8♥ 9♥"]
    state = start(CLASSIC, hands, shown="A♥")
    assert legal_of(state, MoveKind.MOLODKA) == {"3 molodka 6♥ 7♥ 8♥ 9♥"}


# --- the end of a hand and the match -------------------------------------------------------------


def test_a_whole_match_where_one_team_takes_every_trick():
    state = kozel.new_game(CLASSIC, seed=3)
    assert state.turn == 1  # left of the dealer leads the first hand
    while state.hand_number == 0:
        state = kozel.apply(state, pass_all(state))
    first = state.hand_results[0]
    # Seat 1 led every single-card trick and nobody beat, so team 1 took all nine tricks.
    assert first.points == (0, 120)
    assert first.tricks == (0, 9)
    assert first.written == (6, 0)  # no trick: 6
    assert not first.eggs
    assert state.scores == (6, 0)
    assert state.dealer == 1  # the deal passes clockwise
    assert state.turn == 1  # the winner of the last trick leads the next hand
    assert state.won == (CardSet(), CardSet())
    assert len(state.stock) == 20
    while not state.is_over:
        state = kozel.apply(state, pass_all(state))
    assert state.scores == (12, 0)
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat",)
    assert kozel.legal_moves(state) == ()
    assert state.turn is None
    with pytest.raises(IllegalMoveError, match="the match is over"):
        kozel.apply(state, move("1 lead 6♣"))


def last_trick(state, hands, team0_won):
    """``state`` moved to the last trick of its hand: these one-card hands, the rest already won."""
    masks = tuple(CardSet(h).mask for h in hands)
    won0 = CardSet(team0_won).mask
    rest = CLASSIC.deck.mask & ~won0 & ~sum(masks)
    return state._replace(hand_masks=masks, stock=(), won_masks=(won0, rest), trick_counts=(4, 4))


def test_sixty_sixty_is_eggs_and_nobody_is_written():
    state = last_trick(
        start(CLASSIC, MOLODKA_HANDS, shown="A♥"),
        ["9♠", "6♠", "7♠", "8♠"],
        "A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦",  # 60 points
    )
    state = play(state, "1 lead 6♠", "2 pass 7♠", "3 pass 8♠", "0 pass 9♠")
    result = state.hand_results[-1]
    assert result.points == (60, 60)
    assert result.eggs
    assert result.written == (0, 0)
    assert state.scores == (0, 0)
    assert state.hand_number == 1


@pytest.mark.parametrize(
    ("team0_won", "points", "written"),
    [
        ("A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦ A♠", (71, 49), (0, 2)),  # 31-60: 2
        ("A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦ A♠ 10♠ K♠ Q♠ J♠", (90, 30), (0, 4)),  # under 31 with a trick: 4
        ("A♣", (11, 109), (4, 0)),
        ("A♣ 10♣ K♣ Q♣ J♣", (30, 90), (4, 0)),
        ("A♣ 10♣ K♣ Q♣ J♣ 10♦", (40, 80), (2, 0)),
    ],
)
def test_the_2_4_6_table(team0_won, points, written):
    state = last_trick(start(CLASSIC, MOLODKA_HANDS, shown="A♥"), ["9♥", "6♥", "7♥", "8♥"], team0_won)
    state = play(state, "1 lead 6♥", "2 pass 7♥", "3 pass 8♥", "0 pass 9♥")
    result = state.hand_results[-1]
    assert result.points == points
    assert result.written == written
    assert state.scores == written


def test_the_winner_of_the_last_trick_leads_the_next_hand():
    state = last_trick(start(CLASSIC, MOLODKA_HANDS, shown="A♥"), ["9♥", "6♥", "7♥", "8♥"], "A♣")
    state = play(state, "1 lead 6♥", "2 pass 7♥", "3 beat 8♥", "0 pass 9♥")
    assert state.hand_number == 1
    assert state.dealer == 1  # the deal passed clockwise
    assert state.turn == 3  # seat 3 took the last trick, so seat 3 leads, not the dealer's left
    assert state.trick is None


def test_a_multi_card_beat_is_checked_one_to_one_when_applied():
    # Trump diamonds.  6♦ is the only card that beats K♠ or A♠, so it cannot cover both.
    hands = ["A♣ 9♣ 7♣ 6♥", "6♠ K♠ A♠ 7♦", "6♦ 7♠ 8♠ J♣", "Q♣ K♣ 10♣ 8♥"]
    state = play(start(CLASSIC, hands, shown="A♦"), "1 lead 6♠ K♠ A♠")
    assert legal_of(state, MoveKind.BEAT) == set()
    with pytest.raises(IllegalMoveError, match="cannot beat 6♠ K♠ A♠ one to one"):
        kozel.apply(state, move("2 beat 7♠ 8♠ 6♦"))
    hands = ["A♣ 9♣ 7♣ 6♥", "6♠ 9♠ K♠ 7♦", "6♦ 7♠ A♠ J♣", "Q♣ K♣ 10♣ 8♥"]
    state = play(start(CLASSIC, hands, shown="A♦"), "1 lead 6♠ 9♠ K♠")
    assert legal_of(state, MoveKind.BEAT) == {"2 beat 7♠ A♠ 6♦"}  # 7♠ on 6♠, A♠ and 6♦ on 9♠ and K♠
    state = play(state, "2 beat 7♠ A♠ 6♦")
    assert state.trick.winner == 2
    assert state.trick.best.cards == tuple(sorted(kozel.parse_cards("7♠ A♠ 6♦")))


def test_a_goat_with_eggs():
    state = start(CLASSIC, MOLODKA_HANDS, shown="A♥")
    eggs = kozel.HandResult(points=(60, 60), tricks=(4, 5), written=(0, 0), eggs=True)
    state = state._replace(match=state.match._replace(scores=(10, 0), hand_results=(eggs,)))
    state = last_trick(state, ["9♥", "6♥", "7♥", "8♥"], "A♣ 10♣ K♣ Q♣ J♣ 10♦")  # team 0 ends with 40: written 2
    state = play(state, "1 lead 6♥", "2 pass 7♥", "3 pass 8♥", "0 pass 9♥")
    assert state.scores == (12, 0)
    assert state.is_over
    assert state.result.goats == (0,)
    assert state.result.titles == ("goat with eggs",)
    assert state.phase is kozel.Phase.OVER


def test_other_player_counts_play_to_the_end():
    for players in (2, 3, 6):
        rules = CLASSIC.for_players(players)
        state = kozel.new_game(rules, seed=players)
        assert len(state.hands) == players
        assert all(len(hand) == 4 for hand in state.hands)
        assert len(state.stock) == 36 - 4 * players
        while not state.is_over:
            state = kozel.apply(state, pass_all(state))
        assert len(state.scores) == rules.sides
