"""The state's records by lifetime, the fast builder's field order, the phase table, and rules asked of components."""

from __future__ import annotations

import inspect
import itertools
import random

import kozel
from kozel.cards.card import Card
from kozel.engine.core import PHASES
from kozel.engine.start import start_of_deal
from kozel.game.state import GameState, Match, Phase, make_state
from kozel.rules.praise import PraiseKind


def play(name: str, seed: int) -> list[GameState]:
    """Every state of a random match of ``name``."""
    rng = random.Random(seed)
    state = kozel.new_game(kozel.variants.get(name), seed=seed)
    states = [state]
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        states.append(state)
    return states


def test_make_state_takes_every_field_in_gamestate_order():
    assert tuple(inspect.signature(make_state).parameters) == GameState._fields
    state = kozel.new_game(kozel.variants.get("classic"), seed=3)
    assert make_state(*state) == state
    assert type(make_state(*state)) is GameState


def test_every_phase_has_one_row_of_moves_and_transition():
    assert set(PHASES) == set(Phase)


def test_the_match_record_changes_only_when_a_deal_ends_and_the_deal_only_before_its_first_lead():
    for name in ("classic", "pairs", "threesome", "six_of_clubs"):
        states = play(name, 11)
        for before, after in itertools.pairwise(states):
            if after.deal.number != before.deal.number:
                assert after.match.history == before.match.history + after.match.history[len(before.match.history) :]
                assert len(after.match_moves) == len(before.match_moves) + 1
                continue
            if not after.is_over:
                assert after.match is before.match or after.match == before.match
            if any(before.trick_counts) or before.trick is not None:
                assert after.deal == before.deal or after.is_over


def test_the_last_deal_remembers_the_match_it_began_in_and_replays_from_it():
    end = play("classic", 4)[-1]
    assert end.is_over
    assert end.deal.base.match is not None
    assert end.deal.base.match.result is None
    assert end.deal.base.match.hand_results == end.hand_results[:-1]
    start = start_of_deal(end)
    assert start.match == end.deal.base.match
    for move in end.moves:
        start = kozel.apply(start, move)
    assert start == end
    assert kozel.record.from_json(kozel.record.to_json(end)) == end


def test_the_praise_of_a_deal_is_a_praise_kind():
    state = kozel.new_game(kozel.variants.get("pairs"), seed=2)
    assert state.deal.praise is None
    state = kozel.apply(state, kozel.Move(state.turn, kozel.MoveKind.PRAISE, (), "mirror"))
    assert state.deal.praise is PraiseKind.MIRROR
    assert isinstance(state.match, Match)
    assert state.sets == (0, 0)


def test_praise_kinds_know_which_are_dealt_by_drawing():
    assert {kind for kind in PraiseKind if kind.is_drawn} == {PraiseKind.TROUSERS, PraiseKind.PANTS_DOUBLE}


def test_a_catch_names_the_side_that_loses():
    catch = kozel.variants.get("seven_of_clubs").catch
    assert catch is not None
    side_of = kozel.variants.get("seven_of_clubs").side_of
    victim, catcher, other = catch.victim, catch.catcher, Card.parse("A♠")
    assert catch.loser([(0, victim), (1, catcher)], side_of) == side_of(0)
    assert catch.loser([(1, catcher), (3, other), (2, victim)], side_of) == side_of(2)
    assert catch.loser([(0, victim), (2, catcher)], side_of) is None  # partners: no catch
    assert catch.loser([(0, victim), (1, other)], side_of) is None


def test_the_scoring_table_writes_a_side_with_no_trick_its_own_line():
    scoring = kozel.variants.get("classic").scoring
    no_trick = scoring.no_trick if scoring.no_trick is not None else scoring.row_for(0).written
    assert scoring.side_written(0, 0) == no_trick
    assert scoring.side_written(30, 2) == scoring.row_for(30).written
