"""The engine's shared records: trump tables and moves read by position, enums hashed by identity, praise deals."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import kozel
from kozel import Card, Move, MoveKind, Phase
from kozel.cards.card import CARDS, Suit
from kozel.engine.praise.common import fill
from kozel.game.move import MoveFields
from kozel.rules.praise import Praise, PraiseKind
from kozel.rules.trump import TrumpTable

CLASSIC = kozel.variants.get("classic")
PAIRS = kozel.variants.get("pairs")


def test_a_trump_table_is_a_named_tuple_read_by_position_and_compared_by_its_rule_and_suit() -> None:
    table = CLASSIC.trumps.table(Suit(1))
    assert isinstance(table, tuple)
    assert table.beaters is table[TrumpTable._fields.index("beaters")]
    assert table.group_masks is table[TrumpTable._fields.index("group_masks")]
    assert table.trumps is CLASSIC.trumps
    assert table.suit is Suit(1)
    # Shared, and equal and hashed by the rule and suit alone: the memo never counts.
    assert CLASSIC.trumps.table(Suit(1)) is table
    other = CLASSIC.trumps.table(Suit(2))
    assert table != other
    assert not table == other  # noqa: SIM201 - both operators are defined
    rebuilt = table._replace(memo={"something": 1})
    assert rebuilt == table
    assert not rebuilt != table  # noqa: SIM202 - both operators are defined
    assert hash(rebuilt) == hash(table)
    # Pickled or copied, it is the shared table again.
    assert pickle.loads(pickle.dumps(table)) is table
    assert copy.deepcopy(table) is table
    # What it says about the cards is unchanged: the ace of the trump suit beats its king.
    ace, king = Card.parse("A♠"), Card.parse("K♠")
    assert table.beats(ace, king)
    assert not table.beats(king, ace)


def test_a_move_is_read_through_its_fields_by_position() -> None:
    move = Move(2, MoveKind.LEAD, "A♠ K♠")
    fields: MoveFields = move
    assert fields.seat == move[0] == 2
    assert fields.kind is move[1] is MoveKind.LEAD
    assert fields.mask == move[3] == move.mask
    assert MoveFields._fields == ("seat", "kind", "cards", "mask", "choice")


def test_phases_and_praise_deals_hash_by_identity() -> None:
    for member in (*Phase, *PraiseKind):
        assert hash(member) == object.__hash__(member)
        assert pickle.loads(pickle.dumps(member)) is member
    assert {Phase.PLAY: 1, Phase.OVER: 2}[Phase.OVER] == 2


def test_the_praise_moves_are_made_once_a_rule_and_seat_and_never_confused_between_rules() -> None:
    state = kozel.new_game(PAIRS, seed=4)
    assert state.phase is Phase.PRAISE
    first = kozel.legal_moves(state)
    assert kozel.legal_moves(state) is first
    assert [move.choice for move in first] == [kind.value for kind in PAIRS.praise.choices]  # type: ignore[union-attr]
    narrow = attrs.evolve(PAIRS, praise=Praise(choices=(PraiseKind.REGULAR, PraiseKind.MIRROR)))
    fewer = kozel.legal_moves(kozel.new_game(narrow, seed=4))
    assert [move.choice for move in fewer] == ["regular", "mirror"]
    # A choice the rule does not offer is refused, naming the rule.
    fishing = Move(fewer[0].seat, MoveKind.PRAISE, (), "fishing")
    with pytest.raises(kozel.IllegalMoveError) as refused:
        kozel.apply(kozel.new_game(narrow, seed=4), fishing)
    assert refused.value.rule == "praise"


def _fill_by_scanning(hands: list[int], deck: list[int], start: int, size: int, packet: int) -> None:
    """The deal-out as the rule says it, scanning every hand before each seat's turn (the reference)."""
    players = len(hands)
    seat = start
    while deck and any(hand.bit_count() < size for hand in hands):
        for _ in range(packet):
            if deck and hands[seat].bit_count() < size:
                hands[seat] |= 1 << deck.pop(0)
        seat = (seat + 1) % players


@given(
    players=st.integers(2, 6),
    size=st.integers(0, 8),
    packet=st.integers(1, 4),
    data=st.data(),
)
def test_the_rest_of_a_deck_is_dealt_as_scanning_every_hand_would_deal_it(
    players: int, size: int, packet: int, data: st.DataObject
) -> None:
    order = data.draw(st.permutations(range(36)))
    cut = data.draw(st.integers(0, 36))
    held = order[:cut]
    deck = order[cut:]
    hands = [0] * players
    for position, card in enumerate(held):  # some cards already held, some hands perhaps over the size
        hands[position % players] |= 1 << card
    start = data.draw(st.integers(0, players - 1))
    expected_hands, expected_deck = list(hands), list(deck)
    _fill_by_scanning(expected_hands, expected_deck, start, size, packet)
    cards = [CARDS[card] for card in deck]
    fill(hands, cards, start, size, packet)
    assert hands == expected_hands
    assert [card.index for card in cards] == expected_deck
