"""Cards, card sets and decks: identity, order, parsing, formatting and set operations."""

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from kozel import CARDS, Card, CardSet, Deck, DeckError, NotationError, Rank, Suit, format_cards, parse_cards
from kozel.cards.masks import BITS, RANK_MASKS, bits_of, cards_of, iter_bits


def test_every_spelling_of_the_ten_of_hearts_is_the_same_card():
    ten = Card(Rank.TEN, Suit.HEARTS)
    for text in ("10♥", "TH", "10h", "th", "Th", "10H", " 10♡ "):
        assert Card.parse(text) is ten
    assert str(ten) == "10♥"
    assert ten.ascii == "TH"


def test_cards_are_interned_and_survive_copies():
    card = Card.parse("Q♣")
    assert Card(Rank.QUEEN, Suit.CLUBS) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


def test_cards_are_immutable():
    card = Card.parse("A♠")
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX  # type: ignore[misc]


def test_canonical_order_is_clubs_spades_hearts_diamonds_then_six_to_ace():
    assert [str(c) for c in CARDS[:9]] == ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"]
    assert [c.suit for c in CARDS[::9]] == [Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]
    shuffled = list(CARDS)
    random.Random(3).shuffle(shuffled)
    assert tuple(sorted(shuffled)) == CARDS
    assert [c.index for c in CARDS] == list(range(36))
    assert all(c.bit == 1 << c.index for c in CARDS)


def test_hash_is_the_index():
    assert {hash(c) for c in CARDS} == set(range(36))


@pytest.mark.parametrize("bad", ["", "1♥", "11h", "Xh", "10x", "A", "♥", "AA", "10♥♥", "Q♣ K♣"])
def test_bad_card_text_names_the_bad_token(bad):
    with pytest.raises(NotationError) as error:
        Card.parse(bad)
    assert error.value.token == bad.strip()
    assert repr(bad.strip()) in str(error.value)


def test_card_lists_parse_in_order_with_spaces_or_commas():
    assert parse_cards("A♠ 10♥ 7♣") == (Card.parse("AS"), Card.parse("TH"), Card.parse("7C"))
    assert parse_cards("as, th;7c") == parse_cards("A♠ 10♥ 7♣")
    assert parse_cards("   ") == ()
    assert format_cards(list(parse_cards("A♠ 10♥ 7♣"))) == "A♠ 10♥ 7♣"


def test_a_bad_token_in_a_list_is_named():
    with pytest.raises(NotationError, match="'1z'") as error:
        parse_cards("A♠ 1z 7♣")
    assert error.value.token == "1z"


def test_cardset_is_an_immutable_bitmask_set():
    hand = CardSet("A♠ 10♥ 7♣")
    assert len(hand) == 3
    assert Card.parse("10h") in hand
    assert Card.parse("9h") not in hand
    assert "A♠" not in hand  # only cards are members
    assert hand.mask == Card.parse("AS").bit | Card.parse("TH").bit | Card.parse("7C").bit
    assert list(hand) == sorted(hand)  # iteration in canonical order
    assert str(hand) == "7♣ A♠ 10♥"
    assert eval(repr(hand), {"CardSet": CardSet}) == hand
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]


def test_cardset_set_operations():
    a = CardSet("A♠ 10♥ 7♣")
    b = CardSet("10♥ K♦")
    assert a | b == CardSet("A♠ 10♥ 7♣ K♦")
    assert a & b == CardSet("10♥")
    assert a - b == CardSet("A♠ 7♣")
    assert a ^ b == CardSet("A♠ 7♣ K♦")
    assert a.union(["K♦"] and parse_cards("K♦")) == a | CardSet("K♦")
    assert a.intersection(b) == a & b
    assert a.difference(b) == a - b
    assert a.symmetric_difference(b) == a ^ b
    assert CardSet("10♥") <= a
    assert CardSet("10♥") < a
    assert not a < CardSet("A♠ 10♥ 7♣")
    assert a >= CardSet("7♣")
    assert a > CardSet("7♣")
    assert a.issubset(a | b)
    assert a.issuperset(CardSet("A♠"))
    assert a.isdisjoint(CardSet("K♦"))
    assert not a.isdisjoint(b)
    assert not CardSet()
    assert hash(CardSet("A♠ 7♣")) == hash(CardSet("7♣ A♠"))
    assert pickle.loads(pickle.dumps(a)) == a


def test_cardset_from_mask_checks_the_mask():
    assert CardSet.from_mask(0b101) == CardSet([CARDS[0], CARDS[2]])
    with pytest.raises(ValueError, match="mask"):
        CardSet.from_mask(1 << 36)
    with pytest.raises(ValueError, match="mask"):
        CardSet.from_mask(-1)


def test_cardset_refuses_things_that_are_not_cards():
    with pytest.raises(TypeError):
        CardSet([1, 2])  # type: ignore[list-item]


def test_the_usual_packs():
    assert len(Deck.pack36()) == 36
    assert Deck.pack36().cards == CARDS
    assert {c.rank for c in Deck.pack32()} == set(Rank) - {Rank.SIX}
    assert len(Deck.pack32()) == 32
    short = Deck.pack24()
    assert len(short) == 24
    assert {c.rank for c in short} == {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SIX}


def test_deck_is_ordered_and_shuffles_into_a_new_deck():
    deck = Deck("A♠ 10♥ 7♣")
    assert list(deck) == list(parse_cards("A♠ 10♥ 7♣"))
    assert deck[0] == Card.parse("A♠")
    assert Card.parse("7c") in deck
    assert deck.cardset() == CardSet("A♠ 10♥ 7♣")
    full = Deck.pack36()
    mixed = full.shuffled(random.Random(5))
    assert mixed != full
    assert sorted(mixed) == sorted(full)
    assert full.cards == CARDS  # unchanged
    assert mixed == Deck.pack36().shuffled(random.Random(5))  # the same rng gives the same order


def test_a_deck_refuses_a_card_twice():
    with pytest.raises(DeckError, match="A♠ appears twice"):
        Deck("A♠ 10♥ A♠")


CARD_PIECES = st.sampled_from(["A♠", "10h", "th", "TH", "1", "0", "♣", "x", ",", ";", " ", "QD", "6c"])


@settings(max_examples=examples(500))
@given(text=st.text(max_size=30) | st.lists(CARD_PIECES, max_size=6).map("".join))
def test_any_text_reads_as_cards_that_round_trip_or_raises_notation_error(text):
    try:
        cards = parse_cards(text)
    except NotationError:
        return
    assert parse_cards(format_cards(cards)) == cards
    for card in cards:
        assert Card.parse(str(card)) == card


def test_each_card_s_one_card_mask_is_read_by_its_index():
    assert len(BITS) == len(CARDS)
    for card in CARDS:
        assert BITS[card] == card.bit == 1 << card.index
        assert cards_of(BITS[card]) == (card,)
        assert list(iter_bits(BITS[card])) == [card.index]


@settings(max_examples=examples(300))
@given(mask=st.integers(min_value=0, max_value=(1 << len(CARDS)) - 1))
def test_the_one_card_masks_of_a_mask_are_its_cards_bits_in_order(mask):
    assert bits_of(mask) == tuple(card.bit for card in cards_of(mask))
    assert sum(bits_of(mask)) == mask


def test_the_one_card_masks_of_a_few_masks():
    assert bits_of(0) == ()
    assert bits_of(RANK_MASKS[Rank.ACE]) == tuple(card.bit for card in parse_cards("A♣ A♠ A♥ A♦"))
    assert bits_of(CardSet("10♦ 6♣ J♥").mask) == tuple(card.bit for card in parse_cards("6♣ J♥ 10♦"))


def test_each_rank_s_cards_are_one_mask():
    assert set(RANK_MASKS) == set(Rank)
    for rank, mask in RANK_MASKS.items():
        assert cards_of(mask) == tuple(card for card in CARDS if card.rank == rank)
    assert cards_of(RANK_MASKS[Rank.ACE]) == parse_cards("A♣ A♠ A♥ A♦")
