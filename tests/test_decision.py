"""One decision at a time: the asking order, wait, and the numbering's mask at every step of random play."""

from __future__ import annotations

import random

import pytest

import kozel
import kozel.bots
from kozel.play.actions import actions
from kozel.play.decision import advance, decision, wait

NAMES = kozel.variants.names()


def old_order(state):
    """The bot runner's asking order before the decision layer: out-of-turn seats from the turn, then the chooser."""
    moves = kozel.legal_moves(state)
    turn = state.turn
    by_seat = {}
    for move in moves:
        by_seat.setdefault(move.seat, []).append(move)
    if set(by_seat) == {turn}:
        return [], turn
    first = turn if turn is not None else min(by_seat)
    players = state.ruleset.players
    askers = [(first + step) % players for step in range(players)]
    return [seat for seat in askers if seat != turn and seat in by_seat], (turn if turn in by_seat else min(by_seat))


@pytest.mark.parametrize("name", NAMES)
def test_random_play_through_the_decision_layer(name):
    rules = kozel.variants.get(name)
    compact = actions(rules).compact
    out_of_turn = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        waited: tuple[int, ...] = ()
        while (asked := decision(state, waited)) is not None:
            askers, chooser = old_order(state)
            legal = [move for move in kozel.legal_moves(state) if move.seat == asked.seat]
            if asked.out_of_turn:
                out_of_turn += 1
                assert asked.seat == askers[len(waited)]
                assert asked.moves == (*legal, wait(asked.seat))
            else:
                assert asked.seat == chooser
                assert list(asked.moves) == legal
            hand = state.hand_masks[asked.seat]
            mask = compact.mask(asked.moves, hand)
            assert [i for i, bit in enumerate(mask) if bit] == compact.indices(asked.moves, hand)
            assert sum(mask) == len(asked.moves)
            state, waited = advance(state, rng.choice(asked.moves), waited)
        assert state.is_over
    if name in ("hammer_clubs", "simple"):
        assert out_of_turn > 0


def test_wait_is_never_legal_and_advance_checks_the_asked_seat():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    with pytest.raises(kozel.IllegalMoveError):
        kozel.apply(state, wait(1))
    with pytest.raises(kozel.IllegalMoveError, match="the seat asked now"):
        advance(state, wait(1))
    with pytest.raises(kozel.KozelError, match="nobody waits"):
        decision(state, (2,))
    assert str(wait(3)) == "3 wait"
    assert kozel.parse_move("3 wait") == wait(3)


def old_next(state, bots):
    """The bot runner's choice as it was before it asked through the decision layer."""
    askers, chooser = old_order(state)
    moves = kozel.legal_moves(state)
    for seat in askers:
        chosen = bots[seat].interrupt(kozel.observe(state, seat), tuple(m for m in moves if m.seat == seat))
        if chosen is not None:
            return chosen
    own = tuple(move for move in moves if move.seat == chooser)
    return own[0] if len(own) == 1 else bots[chooser].choose(kozel.observe(state, chooser), own)


@pytest.mark.parametrize("name", ["classic", "hammer_clubs", "simple"])
def test_the_bot_runner_asks_as_it_always_did(name):
    rules = kozel.variants.get(name)
    old = [kozel.bots.RandomBot() for _ in range(rules.players)]
    new = [kozel.bots.RandomBot() for _ in range(rules.players)]
    for seat in range(rules.players):
        old[seat].setup(rules, seat, 5)
        new[seat].setup(rules, seat, 5)
    state = kozel.new_game(rules, seed=5)
    while not state.is_over:
        move = kozel.bots.next_move(state, new)
        assert move == old_next(state, old)
        state = kozel.apply(state, move)
