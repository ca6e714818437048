"""Card input is read exactly as the notation spells it: no lookalike letter, no bool or float for a rank or suit,
no card written twice in a set's text."""

from __future__ import annotations

import json

import pytest

import kozel
from kozel import Card, CardSet, Deck, MoveKind, NotationError, Rank, StateError, Suit, WrongTypeError
from kozel.record import dumps, loads
from kozel.record.plain import load

#: Characters that look like (or lower-case to) a letter or digit of card notation, and are none.
LOOKALIKES = {
    "\u212a": "KELVIN SIGN",  # lower-cases to "k"
    "\u212b": "ANGSTROM SIGN",
    "\uff21": "FULLWIDTH LATIN CAPITAL LETTER A",
    "\uff4b": "FULLWIDTH LATIN SMALL LETTER K",
    "\u0410": "CYRILLIC CAPITAL LETTER A",
    "\u041a": "CYRILLIC CAPITAL LETTER KA",
    "\u0455": "CYRILLIC SMALL LETTER DZE",
    "\u0421": "CYRILLIC CAPITAL LETTER ES",
    "\u0130": "LATIN CAPITAL LETTER I WITH DOT ABOVE",
    "\uff11": "FULLWIDTH DIGIT ONE",
}


def spellings(char: str) -> list[str]:
    """Card text with ``char`` in place of a rank or a suit letter."""
    return [f"{char}S", f"{char}♠", f"A{char}", f"{char}0♥", f"1{char}♥"]


@pytest.mark.parametrize("char", LOOKALIKES, ids=LOOKALIKES.values())
def test_a_lookalike_character_is_not_read_as_a_card(char):
    for text in spellings(char):
        with pytest.raises(NotationError, match=f"U\\+{ord(char):04X} {LOOKALIKES[char]}, not an ASCII letter"):
            Card.parse(text)
        with pytest.raises(NotationError, match="is not a card"):
            kozel.parse_cards(f"7♣ {text}")
        with pytest.raises(NotationError, match="is not a card"):
            CardSet.parse(text)
        with pytest.raises(NotationError, match="is not a card"):
            CardSet(text)


def test_the_kelvin_sign_is_refused_wherever_cards_are_read():
    kelvin = "\u212a"
    assert kelvin.lower() == "k"  # why it was read as a king
    with pytest.raises(NotationError, match="KELVIN SIGN"):
        kozel.parse_cards(f"{kelvin}S")
    with pytest.raises(NotationError, match="KELVIN SIGN"):
        kozel.parse_move(f"1 lead {kelvin}♠")
    with pytest.raises(NotationError, match="KELVIN SIGN"):
        kozel.Move(1, MoveKind.LEAD, f"{kelvin}♠")
    with pytest.raises(NotationError, match="KELVIN SIGN"):
        Deck(str(Deck.pack36()).replace("K♠", f"{kelvin}♠"))


def test_a_lookalike_in_a_record_move_line_is_refused():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    move = next(move for move in kozel.legal_moves(state) if any(card.rank == Rank.KING for card in move.cards))
    text = dumps(kozel.apply(state, move))
    assert loads(text) == kozel.apply(state, move)
    line = str(move)
    bad = text.replace(line, line.replace("K", "\u212a", 1))
    assert bad != text
    with pytest.raises(NotationError, match="KELVIN SIGN"):
        loads(bad)


def test_a_lookalike_in_a_json_card_field_is_refused():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    data = json.loads(kozel.record.to_json(state))
    text = json.dumps(data, ensure_ascii=False)
    assert "K" in text
    assert kozel.record.from_json(text) == state
    with pytest.raises(kozel.KozelError, match="KELVIN SIGN"):
        kozel.record.from_json(text.replace("K♠", "\u212a♠").replace("K♣", "\u212a♣").replace("K♥", "\u212a♥"))


def test_every_documented_spelling_still_reads():
    ten_of_hearts = Card(Rank.TEN, Suit.HEARTS)
    for text in ("10♥", "10♡", "TH", "Th", "tH", "th", "10h", "10H", " th "):
        assert Card.parse(text) is ten_of_hearts
    for card in kozel.CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.ascii) is card
        assert Card.parse(card.ascii.lower()) is card
        assert Card.parse(card.rank.letter.lower() + card.suit.symbol) is card


@pytest.mark.parametrize(
    ("rank", "suit", "what"),
    [
        (6, True, "suit"),
        (6, False, "suit"),
        (True, 0, "rank"),
        (6.0, 0, "rank"),
        (6, 0.0, "suit"),
        (14.0, 1, "rank"),
        ("6", 0, "rank"),
        (6, "0", "suit"),
        (None, 0, "rank"),
        (6, None, "suit"),
    ],
)
def test_a_card_is_built_from_whole_numbers_only(rank, suit, what):
    with pytest.raises(WrongTypeError, match=f"a card's {what} is a {what.capitalize()} or its number"):
        Card(rank, suit)


def test_a_card_is_built_from_ranks_suits_and_ints():
    ace_of_spades = Card.parse("A♠")
    assert Card(Rank.ACE, Suit.SPADES) is ace_of_spades
    assert Card(14, 1) is ace_of_spades
    assert Card(Rank.ACE, 1) is ace_of_spades
    with pytest.raises(NotationError, match="no card of rank 5"):
        Card(5, 0)
    with pytest.raises(NotationError, match="no card of rank 6 and suit 4"):
        Card(6, 4)
    with pytest.raises(NotationError, match=r"no card of rank .* too long to show and suit 0"):
        Card(10**5000, 0)  # too long for repr: the error says so, and is still a NotationError


def test_a_card_is_built_from_numpy_integers_as_from_ints():
    np = pytest.importorskip(
        "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
    )
    assert Card(np.int64(14), np.int8(1)) is Card.parse("A♠")
    with pytest.raises(WrongTypeError, match="a card's rank"):
        Card(np.float64(14), 1)
    with pytest.raises(WrongTypeError, match="a card's suit"):
        Card(14, np.bool_(True))


@pytest.mark.parametrize("text", ["AS AS", "AS AS as A♤", "7c 10♥ 7C", "A♠, K♠, a♠"])
def test_card_set_text_that_names_a_card_twice_is_refused(text):
    twice = sorted({card for card in kozel.parse_cards(text) if kozel.parse_cards(text).count(card) > 1})
    message = f"{kozel.format_cards(twice)} written twice"
    with pytest.raises(NotationError, match=message):
        CardSet.parse(text)
    with pytest.raises(NotationError, match=message):
        CardSet(text)


def test_card_set_text_names_every_card_it_repeats():
    with pytest.raises(NotationError, match="7♣ A♠ written twice") as caught:
        CardSet.parse("AS 7c ks 7C as")
    assert caught.value.token == "7♣"


def test_card_set_text_with_each_card_once_reads_as_before():
    assert CardSet.parse("A♠ 10h, 7C") == CardSet([Card.parse("A♠"), Card.parse("10♥"), Card.parse("7♣")])
    assert CardSet("") == CardSet() == CardSet.parse("")
    assert CardSet(str(Deck.pack36())) == Deck.pack36().cardset()
    assert CardSet([Card.parse("A♠"), Card.parse("A♠")]) == CardSet.parse("A♠")  # cards, not text: a set's union


def test_the_json_card_set_reader_and_card_set_text_agree():
    with pytest.raises(StateError, match="hand: A♠ written twice"):
        load("A♠ as", CardSet, "hand")
    with pytest.raises(NotationError, match="A♠ written twice"):
        CardSet.parse("A♠ as")
