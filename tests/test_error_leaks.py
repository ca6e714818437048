"""A refused move's message names no card hidden from the seat that sent it.

A server shows a player the message of his own refused move, so the message may say only what
that seat may know: its view (``kozel.observe``, hand and history, as its JSON document shows
them) and the cards the move itself names.  Every built-in ruleset is played at random from a few
seeds; at each position every seat sends a broad set of moves in its own name (every kind, no
card, its own cards, cards another seat holds), and each refusal's message is read for cards.
"""

import random
import re

import pytest

import kozel
from kozel import IllegalMoveError, Move, MoveKind, Phase
from kozel.rules.praise import PraiseKind

_CARD = re.compile(r"(?:10|[6-9JQKA])[♣♠♥♦]")
#: Seeds played for each ruleset, and positions checked from the start of each match.
_SEEDS = (0, 1)
_STEPS = 24
#: Then every so many moves, up to that many moves into the match.
_LATER_EVERY = 7
_LATER_UNTIL = 90
_CHOICES = (None, "regular", "trousers", "pants_double", "mirror")


def _named(text: str) -> set[kozel.Card]:
    """The cards ``text`` names."""
    return set(kozel.parse_cards(" ".join(_CARD.findall(text))))


def _visible(state: kozel.GameState, seat: int) -> set[kozel.Card]:
    """Every card ``seat`` may see: those its view's JSON document names."""
    return _named(kozel.record.to_json(kozel.observe(state, seat)))


def _sent(state: kozel.GameState, seat: int, rng: random.Random) -> set[Move]:
    """A broad set of moves ``seat`` might send in its own name: every kind, with no card, its own, others'."""
    hand = list(state.hands[seat])
    others = [card for other, cards in enumerate(state.hands) if other != seat for card in cards]
    own = rng.sample(hand, min(2, len(hand)))
    foreign = rng.sample(others, min(1, len(others)))
    groups = [(), tuple(own[:1]), tuple(own), tuple(foreign), (*own[:1], *foreign)]
    moves = set()
    for kind in MoveKind:
        for cards in groups:
            for choice in _CHOICES if kind is MoveKind.PRAISE else (None,):
                moves.add(Move(seat, kind, cards, choice))
    return moves


def _refusals(state: kozel.GameState, seat: int, rng: random.Random) -> list[tuple[Move, IllegalMoveError]]:
    """Each move of :func:`_sent` that ``apply`` refuses, with its error."""
    refused = []
    for move in _sent(state, seat, rng):
        try:
            kozel.apply(state, move)
        except IllegalMoveError as error:
            refused.append((move, error))
    return refused


def _next(state: kozel.GameState, rng: random.Random, drawn: str) -> kozel.GameState:
    """A random move, but the ``drawn`` praise deal where one may be announced (drawing deals are the risky ones)."""
    moves = kozel.legal_moves(state)
    praised = [move for move in moves if move.choice == drawn]
    return kozel.apply(state, praised[0] if praised else rng.choice(moves))


@pytest.mark.parametrize("name", kozel.variants.names())
def test_no_refusal_names_a_card_hidden_from_the_seat_that_sent_the_move(name):
    rules = kozel.variants.get(name)
    drawing = 0
    for seed in _SEEDS:
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        drawn = (PraiseKind.TROUSERS, PraiseKind.PANTS_DOUBLE)[seed % 2].value
        for moved in range(_LATER_UNTIL):
            if state.is_over:
                break
            if moved < _STEPS or moved % _LATER_EVERY == 0:
                drawing += state.phase is Phase.DRAWING
                for seat in range(rules.players):
                    visible = _visible(state, seat)
                    for move, error in _refusals(state, seat, rng):
                        hidden = _named(str(error)) - visible - set(move.cards)
                        assert not hidden, f"{name}, seed {seed}: seat {seat} learns {hidden} from: {error}"
            state = _next(state, rng, drawn)
    if rules.praise is not None and any(kind.is_drawn for kind in rules.praise.choices):
        assert drawing, f"{name}: no drawing deal was reached"


def _pairs_trousers() -> kozel.GameState:
    state = kozel.new_game(kozel.variants.get("pairs"), seed=2)
    return kozel.apply(state, kozel.parse_move("1 praise trousers"))


def test_another_seat_sending_any_move_in_a_drawing_deal_learns_only_whose_turn_it_is():
    state = _pairs_trousers()
    assert state.turn == 2
    assert kozel.observe(state, 0).hand_sizes == (0, 1, 2, 0)
    with pytest.raises(IllegalMoveError) as refused:
        kozel.apply(state, kozel.parse_move("0 transfer"))
    assert refused.value.rule == "phase"
    assert str(refused.value) == (
        "0 transfer is not allowed: no transfer now: seat 2 lays a card face down (lay_dark) in the drawing deal"
    )
    with pytest.raises(IllegalMoveError) as refused:
        kozel.apply(state, kozel.parse_move("0 lay_dark 7♥"))
    assert refused.value.rule == "turn"
    assert str(refused.value) == "0 lay_dark 7♥ is not allowed: it is seat 2's turn to lay"


def test_the_laying_seat_himself_is_told_the_cards_he_may_lay():
    state = _pairs_trousers()
    with pytest.raises(IllegalMoveError) as refused:
        kozel.apply(state, kozel.parse_move("2 transfer"))
    assert refused.value.rule == "phase"
    assert str(refused.value).endswith("seat 2 lays a card face down (lay_dark) in the drawing deal, one of A♣ 7♠")
    assert _named(str(refused.value)) <= set(kozel.observe(state, 2).hand)
