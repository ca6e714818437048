"""Views kept step by step (``kozel.ViewTracker``) are the views ``kozel.observe`` makes from scratch."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_properties import RULESETS

import kozel
from kozel.bots import RandomBot, next_move, play_match
from kozel.record import from_json, to_json
from kozel.view import Caught, Dealt, TrickTaken, ViewTracker, opening_events
from kozel.view.inference import Voids

IDS = [f"{rules.name}-{rules.players}" for rules in RULESETS]


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_kept_view_is_the_observed_view_and_the_seats_events_after_every_step(rules, seed):
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    tracker = ViewTracker(state)
    sent = [[event.for_seat(seat) for event in opening_events(state)] for seat in range(rules.players)]
    for number in range(rng.randrange(20, 260)):
        if state.is_over:
            break
        events = tracker.step(rng.choice(kozel.legal_moves(state)))
        state = tracker.state
        for seat in range(rules.players):
            for event in events:
                if isinstance(event, Dealt):
                    sent[seat] = []
                sent[seat].append(event.for_seat(seat))
        for seat in range(rules.players):
            view = tracker.view(seat, now=(number + seat) % 2 == 0)  # made at once, or when first read
            assert view == kozel.observe(state, seat)
            assert view.history == tuple(sent[seat])
            if (number + seat) % 9 == 0:
                assert from_json(to_json(view)) == view
        if number % 50 == 49:  # a tracker started mid-deal (a state loaded, say) replays the deal once
            tracker = ViewTracker(state)


def test_a_view_read_before_its_history_equals_one_read_after():
    state = kozel.new_game(kozel.variants.get("classic"), seed=3)
    rng = random.Random(3)
    for _ in range(30):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    lazy, eager = kozel.observe(state, 2), kozel.observe(state, 2)
    assert eager.history  # filled in now
    assert eager.voids is not None
    assert lazy == eager
    assert hash(lazy) == hash(eager)
    assert pickle.loads(pickle.dumps(kozel.observe(state, 2))) == eager
    assert repr(lazy) == repr(eager)
    assert "_later" not in repr(lazy)


def test_observe_and_a_tracker_refuse_a_seat_that_is_not_at_the_table():
    tracker = ViewTracker(kozel.new_game(kozel.variants.get("classic"), seed=1))
    with pytest.raises(kozel.SeatError, match="no seat 4 at a table of 4: seats are 0 to 3"):
        tracker.view(4)
    with pytest.raises(kozel.SeatError, match="no seat -1 at a table of 4: seats are 0 to 3"):
        tracker.view(-1)
    with pytest.raises(kozel.WrongTypeError, match="a seat is a whole number, not True"):
        tracker.view(True)


def test_a_trick_stopped_by_a_catch_in_the_last_hand_is_not_taken():
    # six_of_clubs, seed 4 (the match of ``kozel match six_of_clubs --seed 4``): its last hand stops on a catch.
    rules = kozel.variants.get("six_of_clubs")
    found = None
    for seed in range(60):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over:
            state, events = kozel.step(state, rng.choice(kozel.legal_moves(state)))
            if state.is_over and any(isinstance(event, Caught) for event in events):
                found = events
        if found:
            break
    assert found is not None, "no match of six_of_clubs among these seeds ended on a catch"
    assert not any(isinstance(event, TrickTaken) for event in found)


def test_the_bot_runner_asks_bots_with_the_views_observe_makes():
    class Watching(RandomBot):
        def __init__(self, seen):
            super().__init__()
            self.seen = seen

        def choose(self, view, moves):
            self.seen.append(view)
            return super().choose(view, moves)

        def interrupt(self, view, moves):
            self.seen.append(view)
            return super().interrupt(view, moves)

    rules = kozel.variants.get("seven_of_clubs")
    kept, observed = [], []
    end = play_match(rules, [Watching(kept) for _ in range(rules.players)], seed=11)
    # The same match asked move by move with views made by observe (no tracker).
    bots = [Watching(observed) for _ in range(rules.players)]
    for seat, bot in enumerate(bots):
        bot.setup(rules, seat, 11)
    state = kozel.new_game(rules, seed=11)
    while not state.is_over:
        state = kozel.apply(state, next_move(state, bots))
    assert state == end
    assert len(kept) > 20
    assert kept == observed


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_views_a_bot_is_handed_are_the_observed_views_at_every_decision(rules, seed):
    # The bot runner's way: moves made by ``advance`` (their events worked out only when a view is read), a view
    # handed out unmade at each decision; some read then, some only after play has gone on, some never.
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    tracker = ViewTracker(state)
    unread = []
    for number in range(rng.randrange(20, 400)):
        if state.is_over:
            break
        asked = kozel.decision(state)
        view = tracker.view(asked.seat)
        assert tracker.view(asked.seat) is view  # one view a seat and position
        if number % 3 == 0:
            assert view == kozel.observe(state, asked.seat)
        elif number % 3 == 1:
            unread.append((view, state, asked.seat))
        if number % 7 == 0:
            state = tracker.advance(rng.choice(kozel.legal_moves(state)))
        else:  # mixed with steps taken in with their events
            tracker.step(rng.choice(kozel.legal_moves(state)))
            state = tracker.state
        assert tracker.state is state
    for seat in range(rules.players):
        assert tracker.view(seat) == kozel.observe(state, seat)
    for view, then, seat in unread:  # read after the tracker moved on: still the view of its own moment
        observed = kozel.observe(then, seat)
        assert view == observed
        assert view.history == observed.history
        assert view.voids == observed.voids


def test_an_unmade_view_behaves_as_a_made_one():
    rules = kozel.variants.get("classic")
    state = kozel.new_game(rules, seed=5)
    rng = random.Random(5)
    tracker = ViewTracker(state)
    for _ in range(23):
        state = tracker.advance(rng.choice(kozel.legal_moves(state)))
    made = kozel.observe(state, 1)
    assert repr(tracker.view(1)) == repr(made)
    assert hash(ViewTracker(state).view(1)) == hash(made)
    assert pickle.loads(pickle.dumps(ViewTracker(state).view(1))) == made
    assert ViewTracker(state).view(1).key() == made.key()
    assert from_json(to_json(ViewTracker(state).view(1))) == made
    with pytest.raises(AttributeError, match="no attribute 'no_such_field'"):
        ViewTracker(state).view(1).no_such_field  # noqa: B018


def test_a_bot_reading_its_view_at_each_decision_sees_what_observe_shows():
    class Checking(RandomBot):
        def __init__(self, seen):
            super().__init__()
            self.seen = seen

        def choose(self, view, moves):
            self.seen.append((view.history, view.voids, view.hand, view))
            return super().choose(view, moves)

        def interrupt(self, view, moves):
            self.seen.append((view.history, view.voids, view.hand, view))
            return super().interrupt(view, moves)

    for name in ("pairs", "hammer_clubs", "threesome"):
        rules = kozel.variants.get(name)
        kept = []
        end = play_match(rules, [Checking(kept) for _ in range(rules.players)], seed=7)
        observed = []
        bots = [Checking(observed) for _ in range(rules.players)]
        for seat, bot in enumerate(bots):
            bot.setup(rules, seat, 7)
        state = kozel.new_game(rules, seed=7)
        while not state.is_over:
            state = kozel.apply(state, next_move(state, bots))
        assert state == end
        assert len(kept) > 20
        assert kept == observed


def test_a_tracker_copies_and_pickles_and_each_copy_goes_on_alone():
    # The OpenSpiel states copy theirs: a copy or an unpickled tracker follows its own moves, in either build.
    state = kozel.new_game(kozel.variants.get("classic"), seed=3)
    tracker = ViewTracker(state)
    rng = random.Random(3)
    for _ in range(9):
        tracker.step(rng.choice(kozel.legal_moves(tracker.state)))
    for twin in (copy.deepcopy(tracker), pickle.loads(pickle.dumps(tracker))):
        assert twin.state == tracker.state
        assert twin.view(1) == tracker.view(1)
        move = kozel.legal_moves(twin.state)[0]
        twin.step(move)
        assert twin.view(2) == kozel.observe(kozel.apply(tracker.state, move), 2)
        assert tracker.view(2) == kozel.observe(tracker.state, 2)  # the original did not move


def test_the_voids_a_tracker_keeps_copy_and_pickle_and_each_copy_goes_on_alone():
    # Voids is compiled in the compiled build (a native class, no instance dictionary): it copies by its
    # __reduce__, so a copy holds what the original had seen and learns on its own after.
    rules = kozel.variants.get("seven_of_clubs")
    state = kozel.new_game(rules, seed=11)
    voids = Voids(rules, state.deal.table)
    for event in opening_events(state):
        voids.see(event)
    rng = random.Random(11)
    while not any(voids.groups) or not voids._trick or not voids._tricks_done:
        state, events = kozel.step(state, rng.choice(kozel.legal_moves(state)))
        for event in events:
            voids.see(event)
    seen = [set(groups) for groups in voids.groups]
    assert any(seen)
    assert voids._trick
    assert voids._tricks_done  # a trick taken: the first trick's rules no longer apply
    for twin in (copy.copy(voids), copy.deepcopy(voids), pickle.loads(pickle.dumps(voids))):
        assert type(twin) is Voids
        assert twin.groups == seen
        assert twin._trick == voids._trick
        assert twin._tricks_done == voids._tricks_done
        assert twin.informative
        assert twin.rules == rules
        assert twin.table == voids.table
    twin = copy.deepcopy(voids)
    twin.see(TrickTaken(winner=0, count=4, talon=0))
    twin.groups[0].add(4)
    assert voids._trick
    assert twin._trick == []
    assert voids.groups == seen
