"""Worlds of the drawing praise deals ("trousers", "pants double"): hidden cards named as they are drawn.

In these deals the players draw from both ends of the deck and keep or lay each card by what it is,
so a deck order cannot be worked out backwards from where the cards ended up (as
:mod:`kozel.view.praise_orders` does for the other procedures).  Instead the drawing is run
forward, step by step, from a deck whose never-drawn cards are still interchangeable: just before
a card is drawn, the engine's :data:`~kozel.engine.Arrange` hook lets this module choose
which of them lies there, favouring the cards known to end up with the drawing player.  A step
(one move of the seat's history and the draws it set off) is tried again until the events it
gives the seat are the ones its view shows and no card has gone where later play proves it was
not; the remaining interchangeable cards are finally placed so that the closing deal gives each
player the cards he is known to hold.  What the module returns is the deck order this amounts to
and the moves of the drawing; :mod:`kozel.view.determinize` replays them as a check.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from kozel.cards.card import Card
from kozel.cards.cardset import cards_of
from kozel.engine import Draw, apply_lay, drawn_positions, start_drawing
from kozel.engine.praise.drawing import lay_moves
from kozel.errors import IllegalMoveError
from kozel.game.log import append as log_append
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.rules.praise import PraiseKind
from kozel.view.events import CardsDrawn, Event, Laid, Played, PraiseDealt, move_events
from kozel.view.praise_orders import fill_seats
from kozel.view.view import PlayerView

__all__ = ["DrawnDeal", "Known", "sample_drawing"]

#: How many times one step of the drawing is drawn again before the step before it is drawn again.
STEP_TRIES = 150
#: How many steps are drawn, at most, for one world, before it is given up.
BUDGET = 3000
#: How much likelier a card known to end with the drawing player is drawn by him than any other card.
_FAVOURED = 12.0
#: How much likelier a card the seat is shown receiving is drawn by the seat himself.
_SEEN = 200.0
#: How much likelier a card guessed to end with the drawing player is drawn by him than an unknown card.
_GUESSED = 4.0
#: How much likelier a card he keeps is drawn by a player whose partner is shown getting cards from him.
_PASSING = 3.0
#: How likely, against any card, a card is drawn that would leave a player with more than he is shown with.
_BARRED = 0.01
#: How much likelier any other card is drawn than one known to end with somebody else.
_SHUNNED = 0.08


_LAYS = frozenset({MoveKind.LAY_DARK, MoveKind.LAY_OPEN})


class _Stuck(Exception):
    """The cards left cannot be placed as the closing deal needs."""


class Known:
    """What the seat's whole history says about the drawing's outcome.

    ``targets`` gives, for a card known to be in a player's hand once the deal is done, that player;
    ``allowed`` gives per seat the cards his hand may hold then (all cards where nothing is known);
    ``dark`` and ``open`` are the face-down and face-up lays in order as ``(seat, card)``, once turned;
    ``guesses`` gives a player for some of the other cards, drawn at random among the ones allowed: a hint
    of where the cards may go, which the sampler follows more often than not.
    """

    def __init__(
        self,
        targets: dict[Card, int],
        allowed: Sequence[int],
        dark: Sequence[tuple[int, Card]] | None,
        open_: Sequence[tuple[int, Card]] | None,
        guesses: dict[Card, int] | None = None,
    ) -> None:
        self.targets = targets
        self.guesses = guesses or {}
        self.allowed = list(allowed)
        self.dark = dark
        self.open = open_
        self.laid_by = {card: seat for seat, card in (*(dark or ()), *(open_ or ()))}

    @classmethod
    def from_deal(
        cls,
        kind: PraiseKind,
        event: PraiseDealt | None,
        hands: Sequence[int],
        allowed: Sequence[int],
        guesses: dict[Card, int] | None = None,
    ) -> Known:
        """From the praise deal's event (None while the drawing goes on) and what play showed of each hand."""
        targets = {card: seat for seat, mask in enumerate(hands) for card in cards_of(mask)}
        if event is None:
            return cls(targets, allowed, None, None, guesses)
        laid = [[(seat, card) for seat, card in plays if card is not None] for plays, _ in event.tricks]
        if kind is PraiseKind.TROUSERS:
            (plays,) = laid
            return cls(targets, allowed, plays[:2], plays[2:], guesses)
        dark, open_ = laid
        return cls(targets, allowed, dark, open_, guesses)


class DrawnDeal:
    """A drawing run to its end (or to where the view stands): the deck order it began from, its moves, the state."""

    def __init__(self, order: tuple[Card, ...], moves: list[Move], state: GameState) -> None:
        self.order = order
        self.moves = moves
        self.state = state


class _Trial:
    """One try at a step: the never-drawn cards (``fresh``) and each card's place in the deck order (``index``)."""

    def __init__(self, sampler: _Sampler, wanted: int, counts: dict[int, int] | None) -> None:
        self.sampler = sampler
        self.fresh = sampler.fresh
        self.index = dict(sampler.index)
        self.wanted = wanted  # the cards the seat is shown receiving in this step
        self.counts = counts  # how many cards each player is shown receiving in this step, if it shows any

    def arrange(self, deck: list[Card], hands: Sequence[int], draw: Draw | None) -> None:
        """The engine's hook: choose the never-drawn cards about to be drawn (or dealt, ``draw`` None)."""
        if draw is None:
            self.deal_rest(deck, hands)
            return
        keep, room = draw.keep, draw.room
        seat = draw.seat
        partner = self.sampler.partner(seat)
        before = self.sampler.state.hand_masks
        counts = self.counts or {}
        # While his partner is shown getting cards he has not got yet, the drawer fills up with cards he keeps
        # and passes them on; after that, he passes on no more.
        owed = (
            counts.get(partner, 0) - (hands[partner] & ~before[partner]).bit_count() if draw.partner is not None else 0
        )
        # A card he keeps never leaves his hand (only cards he may lay do): once he holds as many new cards
        # as he is shown with, a card he would keep cannot come.
        new = hands[seat] & ~before[seat]
        quota = counts.get(seat, 0) - (new & draw.good).bit_count() if self.counts is not None else room
        for position in drawn_positions(len(deck), draw.size):
            card = deck[position]
            if self.fresh & card.bit:  # else a card put back under the deck: already known
                choices = cards_of(self.fresh)
                joins = [room > 0 and (keep > 0 or not draw.good & choice.bit) for choice in choices]
                weights = [self.weight(choice, draw, join) for choice, join in zip(choices, joins, strict=True)]
                for number, (choice, join) in enumerate(zip(choices, joins, strict=True)):
                    if not draw.good & choice.bit:
                        continue
                    if join:  # he keeps it: not beyond what he is shown with; all he may if cards are to pass
                        weights[number] *= _BARRED if quota <= 0 else _PASSING if owed > 0 and keep <= quota else 1
                    elif draw.partner is not None:  # his partner gets it
                        weights[number] *= _PASSING if owed > 0 else _BARRED
                chosen = self.sampler.rng.choices(choices, weights)[0]
                self.swap(deck, card, chosen)
                self.fresh &= ~chosen.bit
                card = chosen
            # What his hand does with it, as far as the proposal needs to know.
            if draw.good & card.bit:
                if room > 0 and keep > 0:
                    keep, room, quota = keep - 1, room - 1, quota - 1
                else:
                    owed -= 1
            elif room > 0:
                room -= 1

    def weight(self, card: Card, draw: Draw, joins: bool) -> float:
        """How likely ``card`` is proposed for the draw; ``joins``: whether it would join the drawer's hand."""
        known = self.sampler.known
        viewer = self.sampler.seat
        seat = draw.seat
        partner = self.sampler.partner(seat)
        owner = known.targets.get(card, known.laid_by.get(card))
        passed = bool(draw.good & card.bit)  # a card he always keeps goes to his partner when he has no room
        if not joins:  # to the partner, or back under the deck to be drawn again
            if self.wanted & card.bit:
                return _FAVOURED if passed and partner == viewer else _SHUNNED
            return _FAVOURED if passed and owner == partner else 1.0
        if self.wanted & card.bit:
            if self.counts is None and not passed:
                return _SHUNNED  # the seat keeps a card it may lay only if the closing deal gives it
            return _SEEN if seat == viewer else _SHUNNED
        if owner is None:
            if not known.allowed[seat] & card.bit:
                return _SHUNNED
            return _GUESSED if known.guesses.get(card) == seat else 1.0
        return _FAVOURED if owner == seat else _SHUNNED

    def swap(self, deck: list[Card], here: Card, chosen: Card) -> None:
        if chosen is here:
            return
        a, b = deck.index(here), deck.index(chosen)
        deck[a], deck[b] = chosen, here
        self.index[here], self.index[chosen] = self.index[chosen], self.index[here]

    def deal_rest(self, deck: list[Card], hands: Sequence[int]) -> None:
        """Place the never-drawn cards so that the closing deal gives each player the cards he is known to hold."""
        sampler = self.sampler
        players = len(hands)
        size = (sum(hand.bit_count() for hand in hands) + len(deck)) // players
        seats = fill_seats([hand.bit_count() for hand in hands], len(deck), sampler.boasting, size)
        open_places = [position for position, card in enumerate(deck) if self.fresh & card.bit]
        cards = [deck[position] for position in open_places]
        placed: dict[int, Card] = {}
        free = list(open_places)
        for card in sampler.rng.sample(cards, len(cards)):
            seat = sampler.known.targets.get(card)
            if seat is None:
                continue
            mine = [position for position in free if seats[position] == seat]
            if not mine:
                raise _Stuck
            position = sampler.rng.choice(mine)
            placed[position] = card
            free.remove(position)
        rest = [card for card in cards if card not in placed.values()]
        free.sort(key=lambda position: sum(1 for card in rest if sampler.known.allowed[seats[position]] & card.bit))
        for position in free:
            fits = [card for card in rest if sampler.known.allowed[seats[position]] & card.bit]
            if not fits:
                raise _Stuck
            card = sampler.rng.choice(fits)
            placed[position] = card
            rest.remove(card)
        for position, card in placed.items():
            deck[position] = card
        order = sorted(self.index[card] for card in cards)
        for place, card in zip(order, (placed[position] for position in open_places), strict=True):
            self.index[card] = place
        self.fresh = 0


class _Sampler:
    """The drawing run forward, step by step, each step tried until it shows the seat what its view shows."""

    def __init__(
        self, waiting: GameState, view: PlayerView, known: Known, rng: random.Random, deadline: float = float("inf")
    ) -> None:
        self.view = view
        self.deadline = deadline
        self.seat = view.seat
        self.known = known
        self.rng = rng
        self.rules = waiting.ruleset
        self.boasting = (waiting.dealer + 1) % self.rules.players
        self.table = waiting.table
        self.fresh = sum(card.bit for card in waiting.stock)
        self.index = {card: place for place, card in enumerate(waiting.stock)}
        self.state = waiting
        self.budget = BUDGET
        self.partners = [self.rules.seating.partner(seat) for seat in range(self.rules.players)]

    def partner(self, seat: int) -> int:
        return self.partners[seat]

    def search(self, groups: Sequence[Sequence[Event]], moves: list[Move]) -> bool:
        """Play the moves of ``groups`` from the current state, each drawn until its events match, going back
        a step when one cannot be matched; the moves are appended to ``moves``.  Whether it got to the end."""
        if len(moves) == len(groups):
            return True
        group = groups[len(moves)]
        last = len(moves) == len(groups) - 1
        saved = self.fresh, self.index, self.state
        while self.budget > 0:
            move = self.step(group, last)
            if move is None:
                return False
            moves.append(move)
            if self.search(groups, moves):
                return True
            moves.pop()
            self.fresh, self.index, self.state = saved
        return False

    def step(self, group: Sequence[Event], last: bool) -> Move | None:
        """Play the move that opens ``group``, drawing its cards until its events match; the move, or None."""
        played = group[0]
        assert isinstance(played, Played)
        wanted = 0
        counts: dict[int, int] | None = None
        for event in group:
            if isinstance(event, CardsDrawn):
                counts = {}
                for owner, cards, count in event.drawn:
                    counts[owner] = count
                    if owner == self.seat and cards is not None:
                        wanted |= cards.mask
            elif isinstance(event, PraiseDealt):
                hand = event.hands[self.seat]
                wanted |= hand.mask if hand is not None else 0
        move = self.move(played)
        if move is None:
            return None
        if move.kind is not MoveKind.PRAISE and move not in lay_moves(self.state):
            return None  # the card is not his to lay here however the draw goes: the step before is drawn again
        for _ in range(STEP_TRIES):
            if self.budget <= 0 or time.perf_counter() > self.deadline:
                self.budget = 0
                return None
            self.budget -= 1
            trial = _Trial(self, wanted, counts)
            try:
                log = log_append(self.state.log, move)
                if move.kind is MoveKind.PRAISE:
                    after = start_drawing(self.state, PraiseKind(move.choice), log, trial.arrange)
                else:
                    after = apply_lay(self.state, move, log, trial.arrange)
            except (_Stuck, IllegalMoveError):
                continue
            shown = tuple(event.for_seat(self.seat) for event in move_events(self.state, move, after))
            if shown != tuple(group) or not self.fits(after, last):
                continue
            self.fresh, self.index, self.state = trial.fresh, trial.index, after
            return move
        return None

    def move(self, played: Played) -> Move | None:
        """The move of the history, its card named where the seat did not see it."""
        if played.cards is not None:
            return Move(played.seat, played.kind, tuple(played.cards), played.choice)
        drawing = self.state.drawing
        if drawing is None or played.kind is not MoveKind.LAY_DARK:
            return None
        if self.known.dark is not None:
            seat, card = self.known.dark[len(drawing.dark)]
            return Move(played.seat, played.kind, (card,)) if seat == played.seat else None
        pending = cards_of(drawing.pending)
        return Move(played.seat, played.kind, (self.rng.choice(pending),)) if pending else None

    def fits(self, state: GameState, last: bool) -> bool:
        """Whether no card has gone where the history proves it is not, and (at the view's end) the view's sizes."""
        known = self.known
        drawing = state.drawing
        if drawing is not None:
            for done, whole in ((drawing.dark, known.dark), (drawing.open, known.open)):
                laid = [(move.seat, move.cards[0]) for move in done]
                if whole is not None and laid != list(whole[: len(laid)]):
                    return False
        lays_known = known.dark is not None
        for seat, hand in enumerate(state.hand_masks):
            for card in cards_of(hand):
                owner = known.laid_by.get(card)
                if owner is not None:
                    if owner != seat:
                        return False
                    continue
                if known.targets.get(card, seat) != seat:
                    return False
                if lays_known and not known.allowed[seat] & card.bit:
                    return False
        if last and drawing is not None:
            view = self.view
            sizes = tuple(hand.bit_count() for hand in state.hand_masks)
            return (state.turn, sizes, len(state.stock)) == (view.turn, view.hand_sizes, view.stock_size)
        return True

    def order(self) -> tuple[Card, ...]:
        """The deck order the deal began from, with every never-drawn card where it now lies."""
        return tuple(sorted(self.index, key=self.index.__getitem__))


def sample_drawing(
    waiting: GameState,
    view: PlayerView,
    groups: Sequence[Sequence[Event]],
    known: Known,
    rng: random.Random,
    *,
    deadline: float = float("inf"),
) -> DrawnDeal | None:
    """The drawing of ``groups`` (the view's events of the deal from the praise on, one group per move) run in a
    world waiting for the praise; None when a step could not be made to match, or at ``deadline``
    (a :func:`time.perf_counter` time)."""
    for card in view.hand:  # the seat's own cards stay with it from the moment it gets them
        known.targets.setdefault(card, view.seat)
    for group in groups:  # the lays the seat saw are known before the drawing ends
        for event in group:
            if isinstance(event, Played) and event.kind in _LAYS and event.cards:
                known.laid_by.setdefault(event.cards[0], event.seat)
            elif isinstance(event, Laid) and event.card is not None:
                known.laid_by.setdefault(event.card, event.seat)
    sampler = _Sampler(waiting, view, known, rng, deadline)
    moves: list[Move] = []
    if not sampler.search(groups, moves):
        return None
    return DrawnDeal(sampler.order(), moves, sampler.state)
