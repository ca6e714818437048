"""A seat's events alone keep its hand and every hand's size: what a UI fed only events draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_praise import TROUSERS, new_hand
from test_properties import RULESETS

import kozel
from kozel import Card, CardSet
from kozel.view.events import (
    CardsDrawn,
    CardsReturned,
    Dealt,
    Event,
    Laid,
    Played,
    PraiseDealt,
    TalonTaken,
)

IDS = [f"{rules.name}-{rules.players}" for rules in RULESETS]


class EventHands:
    """One seat's hand and every hand's size, kept from that seat's events and nothing else."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand = 0
        self.sizes: list[int] = []
        self.talon = 0

    def see(self, event: Event) -> None:
        seat = self.seat
        if isinstance(event, Dealt):
            self.hand = event.hands[seat].mask
            self.sizes = list(event.sizes)
            self.talon = event.talon
        elif isinstance(event, Played):
            self.sizes[event.seat] -= event.count
            if event.seat == seat:
                self.hand &= ~sum(card.bit for card in event.cards)
            if event.to is not None:
                self.sizes[event.to] += event.count
                if event.to == seat:
                    self.hand |= sum(card.bit for card in event.cards)
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
                if owner == seat:
                    self.hand |= cards.mask
        elif isinstance(event, TalonTaken):
            self.sizes[event.seat] += self.talon
            if event.seat == seat:
                self.hand |= sum(card.bit for card in event.cards)
        elif isinstance(event, PraiseDealt):
            self.hand = event.hands[seat].mask
            self.sizes = [self.hand.bit_count()] * len(event.hands)  # a praise deal leaves every hand alike


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_seats_events_alone_keep_its_hand_and_every_hands_size(rules, seed):
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    kept = [EventHands(seat) for seat in range(rules.players)]
    for seat, hands in enumerate(kept):
        hands.see(kozel.observe(state, seat).history[0])
    for _ in range(400):
        if state.is_over:
            break
        state, events = kozel.step(state, rng.choice(kozel.legal_moves(state)))
        for seat, hands in enumerate(kept):
            for event in events:
                hands.see(event.for_seat(seat))
            view = kozel.observe(state, seat)
            assert hands.hand == view.hand.mask
            assert tuple(hands.sizes) == view.hand_sizes


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
