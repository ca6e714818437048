"""Helpers for hand-built deals: put chosen cards in chosen hands and read states in table words; and the steps of
seeded random matches."""

from __future__ import annotations

import random
from collections.abc import Sequence

import kozel
from kozel import Card, CardSet, GameState, Move, MoveKind, Ruleset, parse_cards


def deck_order(
    rules: Ruleset,
    hands: Sequence[str],
    stock: str = "",
    *,
    dealer: int = 0,
    shown: str | None = None,
) -> list[Card]:
    """A deck order (top first) whose deal gives seat ``i`` the cards ``hands[i]``.

    The stock starts with ``stock`` and goes on with every other card in canonical order; with
    ``shown``, that card is moved to the middle of the stock, where the trump card is shown.
    """
    players, size = rules.players, rules.dealing.hand_size
    held = [parse_cards(hand) for hand in hands]
    assert len(held) == players, "one hand per seat"
    assert all(len(hand) == size for hand in held), f"every hand holds {size} cards"
    order = [held[(dealer + step) % players][i] for i in range(size) for step in range(1, players + 1)]
    top = list(parse_cards(stock))
    twice = [str(card) for card in set(order + top) if (order + top).count(card) > 1]
    assert not twice, f"cards dealt twice: {twice}"
    rest = [card for card in rules.deck if card not in order and card not in top]
    pile = top + rest
    if shown is not None:
        card = Card.parse(shown)
        pile.remove(card)
        pile.insert((len(pile) + 1) // 2, card)  # the stock's middle card: stock[len(stock) // 2]
    assert sorted(order + pile) == sorted(rules.deck), "the deal must use every card once"
    return order + pile


def start(
    rules: Ruleset, hands: Sequence[str], stock: str = "", *, dealer: int = 0, shown: str | None = None
) -> GameState:
    """A new match whose first hand is dealt as written."""
    state = kozel.new_game(
        rules, seed=1, deck=deck_order(rules, hands, stock, dealer=dealer, shown=shown), dealer=dealer
    )
    for seat, hand in enumerate(hands):
        assert state.hands[seat] == CardSet(hand)
    if shown is not None:
        assert state.trump_card == Card.parse(shown)
    return state


def move(text: str) -> Move:
    """A move from its notation, such as ``"1 beat 10♠"``."""
    return kozel.parse_move(text)


def play(state: GameState, *moves: str) -> GameState:
    """Apply moves written in notation, in order."""
    for text in moves:
        state = kozel.apply(state, move(text))
    return state


def legal(state: GameState) -> set[str]:
    """The legal moves as notation strings."""
    return {str(m) for m in kozel.legal_moves(state)}


def legal_of(state: GameState, kind: MoveKind) -> set[str]:
    """The legal moves of one kind as notation strings."""
    return {str(m) for m in kozel.legal_moves(state) if m.kind is kind}


def random_steps(rules: Ruleset, matches: int, seed: int) -> list[tuple[GameState, Move, GameState]]:
    """Every step of ``matches`` random matches of ``rules`` (each dealt from a seed drawn from ``seed``'s
    generator, each move drawn from it too): the state before, the move, and the state ``apply`` gives."""
    rng = random.Random(seed)
    steps = []
    for _ in range(matches):
        state = kozel.new_game(rules, seed=rng.randrange(2**32))
        while not state.is_over:
            move = rng.choice(kozel.legal_moves(state))
            after = kozel.apply(state, move)
            steps.append((state, move, after))
            state = after
    return steps
