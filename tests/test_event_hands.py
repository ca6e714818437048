"""A seat's events alone keep its hand, every hand's size, the stock, the talon, the cards each side has taken and
the score sheet: what a UI fed only events draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_praise import TROUSERS, new_hand
from test_properties import RULESETS
from test_worlds import _edited

import kozel
from kozel import Card, CardSet, MoveKind
from kozel.engine import within_hand
from kozel.view.check import check_view
from kozel.view.events import (
    CardsDrawn,
    CardsReturned,
    Dealt,
    Event,
    HandScored,
    Laid,
    Played,
    PraiseDealt,
    TalonTaken,
    TrickTaken,
)

IDS = [f"{rules.name}-{rules.players}" for rules in RULESETS]


class EventTable:
    """What one seat's events alone say of the table: its hand, every hand's size, the stock, the talon, the cards
    each side has taken, and the score sheet (the recipe of the Build a UI page)."""

    def __init__(self, rules: kozel.Ruleset, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.hand = 0
        self.sizes: list[int] = []
        self.stock = self.talon = 0
        self.won: list[int] = []
        self.scores: tuple[int, ...] = ()
        self.sets: tuple[int, ...] = ()

    def taken(self, seat: int, count: int) -> None:
        self.won[self.rules.side_of(seat)] += count

    def see(self, event: Event) -> None:
        seat = self.seat
        if isinstance(event, Dealt):
            self.hand = event.hands[seat].mask
            self.sizes = list(event.sizes)
            self.stock, self.talon = event.stock, event.talon
            self.won = [0] * self.rules.sides
            self.scores, self.sets = event.scores, event.sets
        elif isinstance(event, Played):
            self.sizes[event.seat] -= event.count
            if event.seat == seat:
                self.hand &= ~sum(card.bit for card in event.cards)
            if event.to is not None:
                self.sizes[event.to] += event.count
                if event.to == seat:
                    self.hand |= sum(card.bit for card in event.cards)
            if event.kind is MoveKind.LAY_AWAY:  # laid away: the declarer's side's taken cards
                self.taken(event.seat, event.count)
        elif isinstance(event, CardsReturned):
            for owner, cards, count, _ in event.returned:
                self.sizes[owner] += count
                if owner == seat:
                    self.hand |= sum(card.bit for card in cards)
        elif isinstance(event, Laid):
            self.sizes[event.seat] -= 1
            if event.seat == seat:
                self.hand &= ~event.card.bit
        elif isinstance(event, CardsDrawn):
            for owner, cards, count in event.drawn:
                self.sizes[owner] += count
                self.stock -= count
                if owner == seat:
                    self.hand |= cards.mask
        elif isinstance(event, TalonTaken):
            self.sizes[event.seat] += self.talon
            self.talon = 0
            if event.seat == seat:
                self.hand |= sum(card.bit for card in event.cards)
        elif isinstance(event, TrickTaken):
            self.taken(event.winner, event.count + event.talon)
            self.talon -= event.talon
        elif isinstance(event, PraiseDealt):
            self.hand = event.hands[seat].mask
            self.sizes = [self.hand.bit_count()] * len(event.hands)  # a praise deal leaves every hand alike
            self.stock = event.stock
            for plays, winner in event.tricks:
                self.taken(winner, len(plays))
        elif isinstance(event, HandScored):
            self.scores, self.sets = event.scores, event.sets

    def assert_is(self, view: kozel.PlayerView) -> None:
        assert self.hand == view.hand.mask
        assert tuple(self.sizes) == view.hand_sizes
        assert (self.stock, self.talon) == (view.stock_size, view.talon_size)
        assert tuple(self.won) == view.won_sizes
        assert (self.scores, self.sets) == (view.scores, view.sets)


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_seats_events_alone_keep_its_table(rules, seed):
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    kept = [EventTable(rules, seat) for seat in range(rules.players)]
    for seat, table in enumerate(kept):
        table.see(kozel.observe(state, seat).history[0])
    for _ in range(600):
        if state.is_over:
            break
        state, events = kozel.step(state, rng.choice(kozel.legal_moves(state)))
        for seat, table in enumerate(kept):
            for event in events:
                table.see(event.for_seat(seat))
            table.assert_is(kozel.observe(state, seat))


def _played_to_the_end(rules: kozel.Ruleset, seed: int, stop=lambda state, events: False):
    """A random match of ``rules`` from ``seed``, played until it ends or ``stop(state, events)``: every step."""
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    steps = []
    while not state.is_over:
        state, events = kozel.step(state, rng.choice(kozel.legal_moves(state)))
        steps.append((state, events))
        if stop(state, events):
            break
    return steps


def test_a_praise_deal_says_what_it_left_in_the_stock():
    # pairs deals no card before the praise: a praise deal that does not draw deals the whole deck.
    state = new_hand(TROUSERS)
    assert kozel.observe(state, 0).stock_size == 32
    after, events = kozel.step(state, kozel.parse_move("1 praise regular"))
    dealt = events[-1]
    assert isinstance(dealt, PraiseDealt)
    assert dealt.stock == 0 == kozel.observe(after, 0).stock_size
    assert dealt.for_seat(2).stock == 0


def test_the_talon_no_one_took_goes_with_the_hands_last_trick_and_says_so():
    # fifteen: the talon is never taken; the last trick of each hand takes it along, face down.
    rules = kozel.variants.get("fifteen")
    ends = [
        events for _, events in _played_to_the_end(rules, 3) if any(isinstance(event, HandScored) for event in events)
    ]
    assert ends
    for events in ends:
        taken = [event for event in events if isinstance(event, TrickTaken)]
        assert [event.talon for event in taken] == [rules.talon_size]
    # A trick before the last takes no talon.
    first = next(events for _, events in _played_to_the_end(rules, 3) if any(isinstance(e, TrickTaken) for e in events))
    assert [event.talon for event in first if isinstance(event, TrickTaken)] == [0]


def test_the_last_hand_of_a_match_of_sets_says_the_sets_it_leaves():
    rules = kozel.variants.get("simple")
    state, events = _played_to_the_end(rules, 0)[-1]
    assert state.is_over
    scored = next(event for event in events if isinstance(event, HandScored))
    assert scored.sets == state.sets == kozel.observe(state, 1).sets
    assert max(scored.sets) == rules.match.sets  # the set that won the match is counted


def test_a_card_drawn_and_laid_again_in_the_same_move_is_counted_drawn():
    # Trousers: seat 1 draws 7♣ Q♣ A♣ J♦ and lays 7♣ face down without a move; seat 2 draws A♥ 9♠.
    state = new_hand(TROUSERS)
    after, events = kozel.step(state, kozel.parse_move("1 praise trousers"))
    assert after.hands[1] == CardSet("Q♣ A♣ J♦")
    assert [type(event) for event in events] == [Played, CardsDrawn, Laid]
    drawn, laid = events[1], events[2]
    assert drawn.drawn == ((1, CardSet("7♣ Q♣ A♣ J♦"), 4), (2, CardSet("A♥ 9♠"), 2))
    assert laid == Laid(1, False, Card.parse("7♣"))
    # Another seat sees the four cards go to seat 1 and one come out face down, but not which.
    assert drawn.for_seat(2).drawn == ((1, None, 4), (2, CardSet("A♥ 9♠"), 2))
    assert laid.for_seat(2) == Laid(1, False, None)
    assert drawn.for_seat(1).drawn == ((1, CardSet("7♣ Q♣ A♣ J♦"), 4), (2, None, 2))


def _last_edited(view, kind, **changes):
    """``view`` with the last event of ``kind`` in its history changed."""
    number = max(i for i, event in enumerate(view.history) if isinstance(event, kind))
    return _edited(view, number, **changes)


def test_a_view_whose_events_disagree_with_its_stock_talon_or_sheet_is_refused():
    rules = kozel.variants.get("fifteen")
    state, _ = next(
        (state, events)
        for state, events in _played_to_the_end(rules, 3, lambda state, events: state.is_over)
        if state.is_over
    )
    view = kozel.observe(state, 0)
    check_view(view)
    with pytest.raises(kozel.StateError, match=r"talon: 0 cards of the talon taken with the trick, but the hand's"):
        check_view(_last_edited(view, TrickTaken, talon=0))
    with pytest.raises(kozel.StateError, match=r"view\.sets: written as .* but the hand scored in this deal wrote"):
        check_view(_last_edited(view, HandScored, sets=(0, 0)))
    pairs = kozel.observe(kozel.apply(new_hand(TROUSERS), kozel.parse_move("1 praise regular")), 0)
    check_view(pairs)
    with pytest.raises(kozel.StateError, match=r"view\.stock_size: 0, but the deal left 4 cards in the stock"):
        check_view(_last_edited(pairs, PraiseDealt, stock=4))


def test_a_view_at_a_hands_end_inside_within_hand_reads_back():
    # A search's play-out stops at the hand's end (no HandScored, no next deal): the last trick took the talon along.
    rules = kozel.variants.get("fifteen")
    state, rng = kozel.new_game(rules, seed=1000), random.Random(7)
    with within_hand():
        while state.turn is not None:
            state, events = kozel.step(state, rng.choice(kozel.legal_moves(state)))
    assert [type(event) for event in events] == [Played, TrickTaken]
    assert events[1].talon == rules.talon_size
    view = kozel.observe(state, 0)
    assert view.talon_size == 0
    assert kozel.record.from_json(kozel.record.to_json(view)) == view
