"""The game's invariants, as Hypothesis properties over every built-in ruleset.

Each example plays a whole match with choices drawn by Hypothesis and checks, after every move:
the deck's points, every card in exactly one place, equal hands, each trick to one side, each
hand's points adding up, legal moves until (and only until) the match is over, and the match
ending.  Other properties: ``apply`` leaves its input as it was, a seed and the moves replay the
same states, every legal move applies, the legal moves are exactly those of a literal reading of
the rules, and any other move raises ``IllegalMoveError``.
"""

from __future__ import annotations

import pickle
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from reference import reference_moves

import kozel
from kozel import CARDS, CardSet, GameState, IllegalMoveError, Move, MoveKind, Phase
from kozel.rules import ScoreMode

#: Every built-in ruleset, and the other player counts their sections allow.
RULESETS = [kozel.variants.get(name) for name in kozel.variants.names()] + [
    kozel.variants.get("classic").for_players(2),
    kozel.variants.get("classic").for_players(3),
    kozel.variants.get("classic").for_players(6),
    kozel.variants.get("hammer").for_players(3),
    kozel.variants.get("hammer").for_players(6),
]
IDS = [f"{rules.name}-{rules.players}" for rules in RULESETS]
MAX_MOVES = 20_000
#: A match is drawn from a seed: Hypothesis explores seeds, and a failing one replays exactly.
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def points(rules, mask):
    return sum(rules.card_points(card) for card in CardSet.from_mask(mask))


def check_state(state: GameState) -> None:
    """The invariants that hold in every state."""
    rules = state.ruleset
    assert rules.total_points == 120
    # Every card in exactly one place.
    places = [*state.hand_masks, CardSet(state.stock).mask, CardSet(state.talon).mask, *state.won_masks]
    if state.trick is not None:
        places += [play.mask for play in state.trick.plays]
    if state.drawing is not None:
        places += [play.mask for play in (*state.drawing.dark, *state.drawing.open)]
    union = 0
    for mask in places:
        assert union & mask == 0, "a card is in two places"
        union |= mask
    assert union == rules.deck.mask, "a card is missing"
    # Hands stay equal: counting cards already played into the trick, and a transfer not yet answered.
    sizes = [len(hand) for hand in state.hands]
    if state.trick is not None:
        for play in state.trick.plays:
            sizes[play.seat] += len(play.cards)
    if state.phase is Phase.TRANSFER_BACK:
        pending = state.window.pending
        sizes[pending.seat] += len(pending.cards)
        sizes[rules.seating.partners(pending.seat)[0]] -= len(pending.cards)
    if state.phase is Phase.LAY_AWAY:
        sizes[state.turn] -= rules.talon.bidding.lay_away
    if state.declarer is not None and state.phase is not Phase.LAY_AWAY:
        sizes[state.declarer] += rules.talon.bidding.lay_away - rules.talon.size
    stopped = state.is_over and (state.hand_results[-1].caught or state.hand_results[-1].forfeited)
    if not stopped and state.phase not in (Phase.PRAISE, Phase.DRAWING):
        assert len(set(sizes)) == 1, f"unequal hands {sizes}"
        assert all(size <= rules.dealing.hand_size for size in sizes)
    # Scores are what the hands wrote, where nothing else moves them.
    plain_sheet = rules.scoring.all_tricks is None and rules.match.sets == 1 and rules.talon is None
    if plain_sheet:
        sign = -1 if rules.scoring.mode is ScoreMode.COUNTDOWN else 1
        assert state.scores == tuple(
            rules.match.start + sign * sum(r.written[side] for r in state.hand_results) for side in range(rules.sides)
        )
    for result in state.hand_results:
        assert sum(result.points) == (0 if result.caught or result.forfeited else 120)
    # Legal moves exist exactly until the match is over.
    moves = kozel.legal_moves(state)
    assert bool(moves) == (not state.is_over)
    assert (state.phase is Phase.OVER) == state.is_over
    assert len(set(moves)) == len(moves), "a move is listed twice"


def check_step(before: GameState, move: Move, after: GameState) -> None:
    """The invariants of one transition: a finished trick goes to one side, a finished hand adds up."""
    rules = before.ruleset
    trick = before.trick
    kinds = (MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY)
    if trick is None or move.kind not in kinds or len(trick.plays) != rules.players - 1:
        return
    if after.hand_number != before.hand_number and (after.hand_results[-1].caught or after.hand_results[-1].forfeited):
        return  # a catch stopped the hand in this very trick
    cards = move.mask | sum(play.mask for play in trick.plays)
    if move.kind is MoveKind.PLAY:  # the card that beats the card winning so far takes the trick
        card, best = move.cards[0], trick.best.cards[0]
        beats = rules.trumps.beats(card, best, before.trump)
        suit = rules.play.first_trick_suit
        if suit is not None and not sum(before.trick_counts):  # first trick: a discard never keeps it

            def counted(c):  # a card of the first trick's suit, or a trump
                return c.suit == suit or rules.trumps.is_trump(c, before.trump)

            beats = beats or (counted(card) and not counted(best))
        winner = move.seat if beats else trick.winner
    else:
        winner = move.seat if move.kind is MoveKind.BEAT else trick.winner
    side = rules.side_of(winner)
    if after.hand_number == before.hand_number:
        for s in range(rules.sides):
            gained = after.won_masks[s] & ~before.won_masks[s]
            assert gained == (cards if s == side else 0), "a trick's cards went to more than one side"
        assert after.turn == winner
        # The trump transfer opens after a draw from the stock, and only then.
        drew = len(after.stock) < len(before.stock)
        assert (after.window is not None) == (drew and rules.transfer is not None)
    else:  # the last trick of the hand: it and the talon (if any) went to one side
        result = after.hand_results[-1]
        talon = CardSet(before.talon).mask
        gained = [points(rules, before.won_masks[s]) for s in range(rules.sides)]
        assert sum(result.points) - sum(gained) == points(rules, cards | talon)
        assert sum(result.tricks) == sum(before.trick_counts) + 1
        plain_table = rules.talon is None and rules.scoring.all_tricks is None
        if plain_table:
            dealer_side = rules.side_of(before.dealer)
            assert result.written == rules.scoring.write(result.points, result.tricks, 120, dealer_side)


def play_match(rules, rng: random.Random, every_step=None) -> tuple[list[Move], list[GameState]]:
    state = kozel.new_game(rules, seed=rng.randrange(2**32))
    moves, states = [], [state]
    for _ in range(MAX_MOVES):
        check_state(state)
        if state.is_over:
            return moves, states
        if every_step is not None:
            every_step(state)
        move = rng.choice(kozel.legal_moves(state))
        after = kozel.apply(state, move)
        check_step(state, move, after)
        moves.append(move)
        states.append(after)
        state = after
    pytest.fail(f"the match did not end within {MAX_MOVES} moves")


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(15))
@given(seed=SEEDS)
def test_random_matches_keep_every_invariant(rules, seed):
    rng = random.Random(seed)
    _, states = play_match(rules, rng)
    assert states[-1].is_over
    assert states[-1].result.goats


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(8))
@given(seed=SEEDS)
def test_a_seed_and_the_moves_replay_the_same_states(rules, seed):
    rng = random.Random(seed)
    moves, states = play_match(rules, rng)
    replay = kozel.new_game(rules, seed=states[0].seed)
    assert replay == states[0]
    for move, expected in zip(moves, states[1:], strict=True):
        replay = kozel.apply(replay, move)
        assert replay == expected
        assert hash(replay) == hash(expected)


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(8))
@given(seed=SEEDS)
def test_legal_moves_are_the_rules_read_literally_and_all_apply(rules, seed):
    rng = random.Random(seed)

    def every_step(state):
        moves = kozel.legal_moves(state)
        assert set(moves) == reference_moves(state)
        frozen = pickle.dumps(state)
        for move in moves:
            kozel.apply(state, move)
        assert pickle.dumps(state) == frozen, "apply changed its input"

    play_match(rules, rng, every_step)


def candidate_moves(state: GameState, rng: random.Random) -> list[Move]:
    """Moves near the legal ones: other seats, other kinds, a card more or less, random cards."""
    players = state.ruleset.players
    found = []
    for move in kozel.legal_moves(state)[:6]:
        hand = state.hand_masks[move.seat]
        for kind in MoveKind:
            found.append(Move(move.seat, kind, move.cards))
        found.append(Move((move.seat + 1) % players, move.kind, move.cards))
        if len(move.cards) > 1:
            found.append(Move(move.seat, move.kind, move.cards[1:]))
        extra = [c for c in CardSet.from_mask(hand) if c not in move.cards]
        if extra:
            found.append(Move(move.seat, move.kind, (*move.cards, rng.choice(extra))))
    for _ in range(4):
        seat = rng.randrange(players)
        hand = list(CardSet.from_mask(state.hand_masks[seat])) or list(CARDS)
        size = rng.randint(1, min(4, len(hand)))
        found.append(Move(seat, rng.choice(list(MoveKind)), rng.sample(hand, size)))
        found.append(Move(seat, rng.choice(list(MoveKind)), rng.sample(CARDS, size)))
    found.append(Move(players, MoveKind.LEAD, ()))
    return found


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(6))
@given(seed=SEEDS)
def test_a_move_not_in_legal_moves_raises_and_a_legal_one_applies(rules, seed):
    rng = random.Random(seed)

    def every_step(state):
        legal = set(kozel.legal_moves(state))
        for move in candidate_moves(state, rng):
            if move in legal:
                kozel.apply(state, move)
            else:
                with pytest.raises(IllegalMoveError) as error:
                    kozel.apply(state, move)
                assert error.value.rule
                assert str(move) in str(error.value)

    play_match(rules, rng, every_step)


def test_the_over_state_refuses_everything():
    rng = random.Random(4)
    _, states = play_match(RULESETS[0], rng)
    over = states[-1]
    for seat, kind in combinations(range(4), 2):
        with pytest.raises(IllegalMoveError, match="match is over"):
            kozel.apply(over, Move(seat, MoveKind(kind), ()))
