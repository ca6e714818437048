"""A world drawn mid-match (``kozel.determinize``) and played on into later deals: saved and read back alike.

A world knows no deal before the one it was drawn in: its match history is empty.  Played on into
the next deal, it stays so (the deal that ended does not become a history that starts mid-match),
so that its JSON document reads back as the same state, and a text record, which needs the whole
match, is refused with the error that says so.
"""

from __future__ import annotations

import random

import pytest

import kozel
from kozel.errors import StateError
from kozel.record import dumps, from_json, to_json


def _played_until(state: kozel.GameState, rng: random.Random, deal: int) -> kozel.GameState:
    """``state`` played at random until its deal number passes ``deal`` (or the match ends)."""
    while state.deal.number <= deal and state.result is None:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_world_played_on_into_its_next_deal_reads_back_and_has_no_text_record(name):
    rules = kozel.variants.get(name)
    rng = random.Random(3)
    state = _played_until(kozel.new_game(rules, seed=11), rng, 0)
    assert state.result is None
    assert state.match.history  # the second deal: the first is known
    world = kozel.determinize(kozel.observe(state, state.turn or 0), random.Random(5))
    assert world.match.history == b""  # the world knows no earlier deal
    number = world.deal.number
    later = _played_until(world, rng, number)
    if later.result is None:
        assert later.deal.number > number
    assert later.match.history == b""  # the deal that ended is not a history starting mid-match
    assert later.match_moves == later.moves
    assert from_json(to_json(later)) == later
    with pytest.raises(StateError, match="does not go back to the start of its match"):
        dumps(later)


def test_a_match_from_its_start_keeps_every_deal_in_its_history():
    rules = kozel.variants.get("classic")
    rng = random.Random(0)
    state = _played_until(kozel.new_game(rules, seed=0), rng, 1)
    assert state.deal.number == 2
    assert len(state.match_moves) > len(state.moves)
    assert kozel.record.loads(dumps(state)) == state


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_world_names_the_first_dealer_the_rotation_gives(name):
    # Where the deal passes to the left, the dealer now and the hands that passed the deal name the first
    # dealer: the world names the same seat as the match it was drawn from.  Where it passes to the last
    # opener, nothing names him, and the world names its dealer.
    rules = kozel.variants.get(name)
    rng = random.Random(7)
    first = rules.players - 1
    state = _played_until(kozel.new_game(rules, seed=21, dealer=first), rng, 1)
    assert state.result is None
    assert state.deal.number == 2
    world = kozel.determinize(kozel.observe(state, state.turn or 0), random.Random(1))
    if rules.dealing.rotation is kozel.rules.DealerRotation.CLOCKWISE:
        assert world.match.first_dealer == state.match.first_dealer == first
    else:
        assert world.match.first_dealer == world.deal.dealer
    assert from_json(to_json(world)) == world


def test_a_world_document_whose_dealer_the_rotation_cannot_reach_from_its_first_dealer_is_refused():
    # A world's document holds no earlier moves to replay: the reader checks its first dealer by the rotation.
    rules = kozel.variants.get("classic")
    state = _played_until(kozel.new_game(rules, seed=21, dealer=2), random.Random(7), 1)
    assert (state.deal.dealer, len(state.match.hand_results)) == (0, 2)  # the deal passed twice to the left
    world = kozel.determinize(kozel.observe(state, 0), random.Random(1))
    document = to_json(world)
    assert from_json(document) == world
    edited = document.replace('"first_dealer": 2', '"first_dealer": 1')
    assert edited != document
    message = (
        r"state\.deal\.dealer: in 'classic' the deal passes to the left after each hand not dealt again \(2 so far\), "
        r"so after the first dealer \(1\) seat 3 deals, not 0"
    )
    with pytest.raises(StateError, match=message):
        from_json(edited)
