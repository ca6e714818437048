"""The engine's fast paths give exactly what the plain versions they replace give; a state is stored small."""

from __future__ import annotations

import argparse
import itertools
import pickle
import random
import sys
from pathlib import Path

import attrs
import pytest

import kozel
from kozel.cards.card import CARDS
from kozel.cards.cardset import cards_of
from kozel.engine import plan as plan_module
from kozel.engine.beat_or_pass import beats
from kozel.engine.interned import KNOWN, numbers, pair_moves, single_rows, singles, subsets
from kozel.engine.memo import MEMO_LIMIT
from kozel.engine.molodka import SIEVE, molodka_hands, molodka_move, molodka_sieve
from kozel.engine.plan import PLANS_LIMIT, plan_of
from kozel.engine.refill import refill, refill_from
from kozel.game.move import MoveKind
from kozel.game.state import STATE_FIELDS, make_state
from kozel.rules.dealing import DealerRotation
from kozel.rules.scoring import ScoreMode
from kozel.rules.trick_play import BeatOrPass

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
import decisions  # bench/ is not a package
import playouts


@pytest.mark.parametrize("name", kozel.variants.names())
def test_card_points_by_suit_table_match_the_sum_of_card_points(name: str) -> None:
    points = kozel.variants.get(name).points
    rng = random.Random(3)
    for _ in range(300):
        mask = rng.getrandbits(len(CARDS))
        assert points.of_mask(mask) == sum(points.table[card] for card in CARDS if mask >> card & 1)


def test_single_rows_hold_the_one_card_moves_of_each_suit_pattern() -> None:
    rng = random.Random(4)
    for _ in range(200):
        mask = rng.getrandbits(len(CARDS))
        seat = rng.randrange(6)
        r0, r1, r2, r3 = single_rows(seat, MoveKind.PLAY)
        joined = r0[mask & 511] + r1[mask >> 9 & 511] + r2[mask >> 18 & 511] + r3[mask >> 27]
        row = singles(seat, MoveKind.PLAY)
        assert joined == tuple(row[card] for card in CARDS if mask >> card & 1)


def test_interned_moves_hold_the_canonical_card_tuple() -> None:
    clubs = sum(card.bit for card in CARDS[:9])
    for move in subsets(1, MoveKind.LEAD, clubs & 0b10110):
        assert move.cards is cards_of(move.mask)
        assert move == kozel.Move(1, MoveKind.LEAD, move.cards)


def test_two_card_answers_are_the_shared_pair_moves_every_pair_and_only_the_beating_ones() -> None:
    seen = 0
    for seed in range(40):
        for state in _states("classic", seed):
            trick = state.trick
            if state.phase is not kozel.Phase.PLAY or trick is None or trick.best.mask.bit_count() != 2:
                continue
            seen += 1
            seat, hand, top = state.turn, state.hand_masks[state.turn], trick.best.mask
            answers = [move for move in kozel.legal_moves(state) if move.kind in (MoveKind.BEAT, MoveKind.PASS)]
            pairs = [sum(pair) for pair in itertools.combinations([card.bit for card in cards_of(hand)], 2)]
            beating = [mask for mask in pairs if beats(state.table, mask, top)]
            assert [(move.kind, move.mask) for move in answers] == [(MoveKind.BEAT, mask) for mask in beating] + [
                (MoveKind.PASS, mask) for mask in pairs
            ]
            for move in answers:
                assert move is pair_moves(seat, move.kind)[move.mask]
                assert move.cards == cards_of(move.mask)
                assert move == kozel.Move(seat, move.kind, move.cards)
                assert KNOWN[id(move)][0] is move
    assert seen > 50


def test_lasting_moves_stay_known_when_the_memo_of_subsets_turns_over() -> None:
    # Real limits (a compiled build reads its module constants as compiled): seat 11, which no built-in
    # ruleset seats, leads every subset of every suit, more moves than the memo keeps.
    lasting = [*singles(2, MoveKind.PLAY), *pair_moves(2, MoveKind.PASS).values()]
    before = singles(2, MoveKind.PLAY)
    made = [
        move for suit in range(4) for part in range(1, 512) for move in subsets(11, MoveKind.LEAD, part << 9 * suit)
    ]
    assert len(made) > MEMO_LIMIT  # the memo's moves turned over
    assert all(KNOWN[id(move)][0] is move for move in lasting)
    assert singles(2, MoveKind.PLAY) is before  # the very moves: never made again
    passing = sum(1 for move in made if id(move) in KNOWN)
    assert 0 < passing <= MEMO_LIMIT
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    move = kozel.legal_moves(state)[0]
    assert kozel.apply(state, move) == kozel.apply(state, kozel.Move(move.seat, move.kind, move.cards))


def _states(name: str, seed: int) -> list[kozel.GameState]:
    """Every state of one random match of ``name``."""
    rng = random.Random(seed)
    state = kozel.new_game(kozel.variants.get(name), seed=seed)
    states = [state]
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_stored_state_reads_back_its_fields_and_rebuilds_equal(name: str) -> None:
    rules = kozel.variants.get(name)
    states = _states(name, 12)
    for state in states[::5] + states[-1:]:
        assert len(state.hand_masks) == rules.players
        assert all(type(card) is kozel.Card for card in state.stock)
        fields = tuple(getattr(state, name) for name in STATE_FIELDS)
        assert tuple(state) == fields
        assert [state[place] for place in range(len(STATE_FIELDS))] == list(fields)
        again = make_state(*fields)
        assert again == state
        assert hash(again) == hash(state)
        assert pickle.loads(pickle.dumps(state)) == state
        assert state._replace(turn=state.turn) == state
        # A stock given as cards is stored as the engine stores it: equal states stay equal.
        assert state._replace(stock=tuple(state.stock)) == state
        assert state._asdict() == dict(zip(STATE_FIELDS, fields, strict=True))
        if state.phase is kozel.Phase.PLAY:  # the stock is what is left of the deal's order: stored as a number
            assert type(state.stock_at) is int


def test_replace_changes_the_stock_and_nothing_else() -> None:
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    shuffled = state._replace(stock=state.stock[::-1])
    assert shuffled.stock == state.stock[::-1]
    assert type(shuffled.stock_at) is bytes
    assert shuffled != state
    assert (shuffled.hand_masks, shuffled.won_masks, shuffled.turn) == (state.hand_masks, state.won_masks, state.turn)
    assert shuffled._replace(stock=state.stock) == state
    assert state._replace(stock=()).stock == ()
    with pytest.raises(ValueError, match="unexpected field"):
        state._replace(stock_masks=0)


def test_a_draw_from_the_stored_stock_is_refill() -> None:
    rng = random.Random(5)
    for _ in range(300):
        players = rng.choice((2, 3, 4, 6))
        size = rng.randrange(1, 7)
        order = list(CARDS)
        rng.shuffle(order)
        hands = [0] * players
        for seat in range(players):
            for _ in range(rng.randrange(size + 1)):
                hands[seat] |= order.pop().bit
        stock = tuple(order[: rng.randrange(len(order) + 1)])
        top = rng.randrange(len(stock) + 1)
        first = rng.randrange(players)
        drawn = list(hands)
        after = refill_from(drawn, bytes(stock), top, first, size)
        left = refill(hands, stock[top:], first, size)
        assert drawn == hands
        assert stock[after:] == left


def described_refill(hands: list[int], stock: list[int], first: int, size: int) -> None:
    """The draw as the rules tell it: round after round, clockwise from ``first``, each player short of ``size``
    cards takes the top card (card indexes, ``stock`` emptied from its front) until all are full or it is empty."""
    while stock and any(hand.bit_count() < size for hand in hands):
        for step in range(len(hands)):
            seat = (first + step) % len(hands)
            if stock and hands[seat].bit_count() < size:
                hands[seat] |= 1 << stock.pop(0)


def test_a_draw_goes_round_by_round_from_the_winner_as_the_rules_tell_it() -> None:
    rng = random.Random(11)
    for _ in range(500):
        players = rng.randrange(1, 13)
        size = rng.randrange(1, 9)
        order = list(range(len(CARDS)))
        rng.shuffle(order)
        hands = [0] * players
        for seat in range(players):
            for _ in range(rng.randrange(min(size, len(order) // players) + 1)):
                hands[seat] |= 1 << order.pop()
        stock = order[: rng.randrange(len(order) + 1)]
        top = rng.randrange(len(stock) + 1)
        first = rng.randrange(players)
        drawn = list(hands)
        after = refill_from(drawn, bytes(stock), top, first, size)
        rest = stock[top:]
        described_refill(hands, rest, first, size)
        assert drawn == hands
        assert stock[after:] == rest


def test_number_tuples_are_shared() -> None:
    counts = numbers((3, 1))
    assert numbers((3, 1)) is counts
    assert counts == (3, 1)


@pytest.mark.parametrize("name", ["classic", "seven_of_clubs"])
def test_a_mid_hand_state_retains_at_most_one_kilobyte(name: str) -> None:
    """The bar of bench/playouts.py: the mid-hand state it samples keeps at most 1,024 bytes of its own."""
    middle, _ = playouts.sample_states(kozel.variants.get(name))
    assert middle.trick is not None
    sizes = playouts.retained(middle)
    assert sizes.own <= 1024
    assert sizes.own + sizes.deal < sizes.old  # the deal's records and the shared objects are all it leaves out


def test_the_decision_set_of_the_search_bench_is_the_same_every_time():
    rules = kozel.variants.get("classic")
    first, again = decisions.decisions(rules, 1), decisions.decisions(rules, 1)
    assert len(first) > 20
    assert [(view.seat, moves) for view, moves in first] == [(view.seat, moves) for view, moves in again]
    assert {view.seat for view, _ in first} == {0, 2}
    assert all(len(moves) > 1 for _, moves in first)
    assert decisions.budget("steps=900") == {"steps": 900}
    assert decisions.budget("seconds=0.5") == {"seconds": 0.5}
    assert decisions.budget("iterations=580,worlds=40") == {"iterations": 580, "worlds": 40}
    for bad in ("depth=3", "iterations=5,iterations=6", "worlds="):
        with pytest.raises(argparse.ArgumentTypeError, match="iterations=N, steps=N or seconds=X"):
            decisions.budget(bad)
    with pytest.raises(argparse.ArgumentTypeError, match="worlds is a number, not 'x'"):
        decisions.budget("iterations=5,worlds=x")
    # Each seat's decisions are made by a bot set up for that seat (one bot for both was refused: SeatError).
    some = first[:3] + [case for case in first if case[0].seat == 2][:3]
    times = decisions.decision_times(rules, some, {"iterations": 5})
    assert len(times) == len(some)
    assert all(seconds >= 0 for seconds in times)


@pytest.mark.parametrize("name", kozel.variants.names())
def test_the_plan_of_a_ruleset_is_what_its_components_say(name: str) -> None:
    rules = kozel.variants.get(name)
    plan = plan_of(rules)
    assert plan_of(rules) is plan  # read once, then kept
    assert plan.ruleset is rules
    size = rules.dealing.hand_size
    assert (plan.players, plan.sides, plan.hand_size, plan.talon_size, plan.total_points) == (
        rules.players,
        rules.sides,
        size,
        rules.talon_size,
        rules.total_points,
    )
    assert plan.side_of_seat == tuple(rules.side_of(seat) for seat in range(rules.players))
    assert plan.penalty == (rules.scoring.mode is ScoreMode.PENALTY)
    assert plan.sign == (-1 if rules.scoring.mode is ScoreMode.COUNTDOWN else 1)
    assert plan.opener_deals == (rules.dealing.rotation is DealerRotation.OPENER)
    assert plan.later_hands is rules.leading.later_hands
    assert plan.shown is rules.trumps.shown
    assert plan.bidding == (rules.talon.bidding if rules.talon is not None else None)
    for dealer in range(rules.players):
        seats = plan.seat_cards[dealer]
        assert sorted(position for seat in seats for position in seat) == list(range(rules.players * size))
        assert all(len(seat) == size for seat in seats)
        assert seats[(dealer + 1) % rules.players][0] == 0  # the dealer's left is served first
        assert seats[dealer][-1] == rules.players * size - 1  # and the dealer last
    # Every shown suit a regular deal met has the ruleset's own trump table and molodka hands.
    for seed in range(6):
        state = kozel.new_game(rules, seed=seed)
        if rules.praise is None:  # a praise deal waits for the boasting player's choice
            assert plan.tables[state.deal.trump] == (state.deal.table, state.deal.molodkas)
    molodka = rules.play.molodka if isinstance(rules.play, BeatOrPass) else None
    assert plan.tables or rules.praise is not None
    for suit, (table, molodkas) in plan.tables.items():
        assert table is rules.trumps.table(suit)
        assert molodkas == (molodka_hands(table, molodka, size) if molodka is not None else frozenset())


def test_the_plans_kept_are_bounded_however_many_rulesets_are_built() -> None:
    rules = kozel.variants.get("classic")
    for _ in range(PLANS_LIMIT + 3):
        again = attrs.evolve(rules)
        assert kozel.new_game(again, seed=2).hand_masks == kozel.new_game(rules, seed=2).hand_masks
        assert len(plan_module._PLANS) <= PLANS_LIMIT
    assert plan_of(rules).ruleset is rules


def test_an_equal_ruleset_built_again_gets_a_plan_of_its_own() -> None:
    rules = kozel.variants.get("classic")
    again = attrs.evolve(rules)
    assert again == rules
    assert again is not rules
    assert plan_of(again).ruleset is again
    assert plan_of(rules).ruleset is rules
    six = rules.for_players(6)
    assert plan_of(six).players == 6
    assert kozel.new_game(six, seed=1).hand_masks == kozel.new_game(attrs.evolve(six), seed=1).hand_masks


#: The built-in rulesets with a molodka.
MOLODKA_GAMES = [
    name
    for name in kozel.variants.names()
    if isinstance(play := kozel.variants.get(name).play, BeatOrPass) and play.molodka is not None
]


@pytest.mark.parametrize("name", MOLODKA_GAMES)
def test_the_molodka_sieve_lets_every_molodka_through_and_few_other_hands(name: str) -> None:
    rules = kozel.variants.get(name)
    assert isinstance(rules.play, BeatOrPass)
    rule = rules.play.molodka
    assert rule is not None
    size = rules.dealing.hand_size
    for suit in (*kozel.Suit, None):
        molodkas = molodka_hands(rules.trumps.table(suit), rule, size)
        sieve = molodka_sieve(molodkas)
        assert len(sieve) == SIEVE
        assert all(sieve[hand % SIEVE] for hand in molodkas)
        assert sum(sieve) <= SIEVE // 4  # at most one remainder in four marked: most hands need no look-up
        assert molodka_sieve(molodkas) is sieve  # made once
        for other in (*kozel.Suit, None):  # equal sets of molodka hands are one set, with one sieve
            again = molodka_hands(rules.trumps.table(other), rule, size)
            assert (again is molodkas) == (again == molodkas)


@pytest.mark.parametrize("name", MOLODKA_GAMES)
def test_a_molodka_is_offered_exactly_when_the_rule_allows_one(name: str) -> None:
    # The plain rule (molodka_move, which looks each hand up in the set) against what legal_moves offers.
    rules = kozel.variants.get(name)
    rng = random.Random(11)
    offered = 0
    for seed in range(40):
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over:
            moves = kozel.legal_moves(state)
            molodkas = [move for move in moves if move.kind is MoveKind.MOLODKA]
            expected = molodka_move(state) if state.phase is kozel.Phase.PLAY and state.turn is not None else None
            assert molodkas == ([expected] if expected is not None else [])
            offered += len(molodkas)
            state = kozel.apply(state, rng.choice(moves))
    assert offered  # random play meets molodkas in these matches
