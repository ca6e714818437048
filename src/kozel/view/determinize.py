"""Determinization: a whole state drawn at random among those that one seat's view allows.

A search bot that sees only a :class:`~kozel.PlayerView` samples "worlds": full states in which
the hidden cards (the other hands, the stock, the talon, the face-down cards) are placed at random,
consistently with everything the view shows and everything the rules let the seat infer.  From a
world, play continues with :func:`kozel.legal_moves` and :func:`kozel.apply` as usual.

How a world is drawn: every card place of the deal (each dealt card, each card of the stock and
talon) is followed through the public history, as the seat saw it.  A card played face up fixes
the card of one place in its player's hand; a face-down card moves a place without naming it; a
player who showed he lacks a suit keeps no card of it in the places he held at that moment; a
transfer carries trumps, and the partner's answer carries plain cards (where the rule says so) from
places he held before the transfer, never those just handed to him; an opener who swaps held only
trumps.  An opening lead binds the leader's hand too: one who holds the card that must open leads it, and
one barred from trumps leads a trump only when he holds nothing else.  These rules bind the places
as the history is followed, so that few draws are thrown away.  The places still unnamed get the
cards still unplaced, at random.  The deal is then rebuilt from the deck order those places spell.

Once the hand was counted, each side's cards must add up to its points: the unnamed cards are drawn as
above, then swapped between the sides' piles (each step one of the swaps that bring the sides nearest
to their points, at random, each card allowed in its new place) until they add up; only where no swap
helps is the draw thrown away.

How the world is made from it: where, from the first card played on, the history holds only plays,
tricks, draws, trump transfers and molodkas, every rule that makes those moves legal has bound the
places already (or is checked on the cards once named: for a transfer, the giver handed all his trumps,
the partner could answer and gave back cards he may give; for a molodka, no seat nearer the trick's
leader held one, and the cards it sent back are those the seat saw), so the world is built straight from
where each place ended (:func:`kozel.game.state.make_state`), without playing its moves again. What the
places cannot vouch for, the public shape of that play, is checked from the events alone
(:mod:`kozel.view.trick_shape`: whose turn, which kind of play, who takes each trick, how many cards
each seat draws, which transfers the open window allows, where a molodka may restart a trick), and the
moves that settled the deal before it (a praise deal, the bidding) are played by the engine and their
events compared with the view's. A finished hand is built the same way up to its last card, which the
engine then plays, its events (the trick, the count, the match's end) compared with the view's. Any
other history (a catch, the opening swap, a molodka before the first lead, a view that does not add up)
is played by the engine from the deal's start, each event compared with the view's as it comes: a world
in which a move would be illegal, or in which the seat would see anything different, is thrown away and
another is drawn. So every world returned is one that legal play reaches, and
``observe(world, view.seat) == view``. The drawing praise deals ("trousers", "pants double") are not undone from where
the cards ended up: their drawing is run forward and each hidden card is named as it is drawn
(:mod:`kozel.view.drawing_worlds`).

What a world cannot know, it makes up: its seed (so later deals differ from the real ones), and the
moves of the earlier deals. A world of a match's first deal starts from its deck order as
``new_game(rules, seed, deck=...)`` would, so it has a match record (:mod:`kozel.record`); a world
of a later deal keeps the earlier hands only as its scores and hand results, and has none. Worlds
are drawn at random among those consistent with the view, but not with equal weight: each hidden card
is placed in turn among the places the rules leave it (so a world reached by fewer such choices is drawn
more often than another), no attempt is made to weigh them by how likely the other players' choices were,
the swaps that make a counted hand add up favour the worlds nearest the first draw, and in the drawing
praise deals each card drawn is the first the search tries among those the view still allows, uniform
among them, a world reached through fewer such choices drawn more often (:mod:`kozel.view.drawing_worlds`).
"""

from __future__ import annotations

import functools
import math
import numbers
import random
import time
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final, cast

from kozel.cards.card import CARDS, Card
from kozel.cards.masks import BITS, EVERY_CARD, cards_of, iter_bits
from kozel.engine import HandStart, legal_moves, refill, start_hand, step
from kozel.engine.hand_end import first_dealer_of
from kozel.engine.interned import KNOWN
from kozel.engine.leading import barred_from_trumps
from kozel.engine.transition import dealt_for_seat
from kozel.errors import DeckError, IllegalMoveError, KozelError, NoWorldError, StateError, WrongTypeError
from kozel.game.log import extend as log_extend
from kozel.game.move import Move, MoveKind, broken
from kozel.game.state import GameState, Match, Phase, TransferWindow, Trick, make_state, stock_bytes, with_match
from kozel.plain_types import whole_number
from kozel.rules.checks import table_text
from kozel.rules.leading import LeadSeat, TrumpLeads
from kozel.rules.praise import PraiseKind
from kozel.rules.ruleset import Ruleset
from kozel.rules.trick_play import BeatOrPass, FollowSuit
from kozel.view import draws
from kozel.view.check import check_view
from kozel.view.drawing_worlds import Known, sample_drawing
from kozel.view.events import (
    CardsDrawn,
    CardsReturned,
    Dealt,
    Event,
    HandScored,
    Played,
    PraiseDealt,
    TalonTaken,
    TrickTaken,
)
from kozel.view.inference import Voids
from kozel.view.praise_orders import by_position, dealt_limits, marked_hands, praise_order
from kozel.view.seen import seen
from kozel.view.trick_shape import TrickShape
from kozel.view.view import PlayerView, made_by_engine

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_DECLINE: Final = MoveKind.DECLINE
_KIND_WAIT: Final = MoveKind.WAIT
_KIND_LAY_AWAY: Final = MoveKind.LAY_AWAY
_KIND_PRAISE: Final = MoveKind.PRAISE
_KIND_TAKE_TALON: Final = MoveKind.TAKE_TALON
_KIND_TRANSFER: Final = MoveKind.TRANSFER
_KIND_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK
_LEAD_HOLDER: Final = LeadSeat.HOLDER
_PHASE_PLAY: Final = Phase.PLAY
_PHASE_TRANSFER_BACK: Final = Phase.TRANSFER_BACK
_TRUMP_LEADS_BOASTING_SIDE: Final = TrumpLeads.BOASTING_SIDE
_TRUMP_LEADS_NOT_LAST_OPENERS: Final = TrumpLeads.NOT_LAST_OPENERS
#: The engine's own moves by id (see ``kozel.engine.interned``): well formed, so not checked again.
_KNOWN_MOVES: Final = KNOWN

__all__ = ["determinize"]

_new_tuple: Final = tuple.__new__
#: The plays of a trick: their cards leave the player's hand for the trick.
_TRICK_PLAYS: Final = frozenset({MoveKind.LEAD, MoveKind.PLAY, MoveKind.BEAT, MoveKind.PASS})
_TRANSFERS: Final = frozenset({MoveKind.TRANSFER, MoveKind.TRANSFER_BACK})
#: Each praise deal by the name a move or an event gives it (a dictionary: the enumeration's own look-up is slow).
_PRAISE_KINDS: Final = {kind.value: kind for kind in PraiseKind}
#: The praise deals dealt by drawing (``PraiseKind.is_drawn``), as a set.
_DRAWN: Final = frozenset(kind for kind in PraiseKind if kind.is_drawn)
_DRAWN_NAMES: Final = frozenset(kind.value for kind in _DRAWN)
# The events a history is read by, bound as Final names: compiled code keeps Final names in C variables,
# where it looks any other name up in the module's dictionary at each use.
_PLAYED: Final = Played
_CARDS_RETURNED: Final = CardsReturned
_TRICK_TAKEN: Final = TrickTaken
_HAND_SCORED: Final = HandScored
_CARDS_DRAWN: Final = CardsDrawn
_TALON_TAKEN: Final = TalonTaken
_PRAISE_DEALT: Final = PraiseDealt
_MOLODKA: Final = MoveKind.MOLODKA

#: How many times the places a hidden card leaves from are drawn again where the seat could not keep the cards he
#: plays face up next (``_World.keeps``), before the world is left to fail.
_KEEP_TRIES: Final = 8

#: How many worlds are drawn, at most, before giving up on a view the engine did not make (one read from
#: JSON, built or changed by hand): by default, a view the engine made from a state is given draws until the
#: budget runs out.
TRIES = 2000
#: The same for a view in a praise deal dealt by drawing ("trousers", "pants double"), each of whose draws searches
#: the drawing through and costs milliseconds: views that legal play gave, read from JSON, took one draw nearly always
#: (2,976 times in 3,000) and 15 at most, so that an edited one is refused within a second or two there too.
DRAWN_TRIES = 200
#: The most seconds those draws take, within the budget, where ``tries`` is not given: a draw of an edited view can
#: take a tenth of a second or more in the drawing deals, where the views of legal play take milliseconds.
EDITED_SECONDS = 2.0


#: The starts of deals from the deck in canonical order, by what they depend on (see ``_World.marked``).
_MARKED: Final[dict[tuple[object, ...], tuple[Ruleset, GameState]]] = {}
_MARKED_LIMIT: Final = 1024


class _Failed(Exception):
    """This draw of a world went nowhere; draw another."""


class _World:
    """One attempt at a world: card places followed through the history, then named and replayed."""

    def __init__(self, view: PlayerView, rng: random.Random, deadline: float = float("inf")) -> None:
        self.view = view
        self.deadline = deadline
        self.rng = rng
        self.rules = rules = view.ruleset
        self.table = rules.trumps.table(view.trump)
        self.side_of_seat = rules.seating.side_of_seat
        self.cards: list[Card | None] = []  # the card of each place, once named
        self.allowed: list[int] = []  # the cards each place may hold, as a bitmask
        self.where: dict[Card, int] = {}  # the place of each named card
        self.hands: list[list[int]] = [[] for _ in range(rules.seating.players)]
        self.stock: list[int] = []
        self.talon: list[int] = []
        self.trick: list[tuple[int, list[int]]] = []
        self.returning: list[tuple[int, list[int]]] = []
        self.deck: list[int] = []  # the places in deck order, top first, for a deal by position
        self.praise: tuple[PraiseKind, list[list[int]], list[list[int]]] | None = None
        self.drawing: PraiseKind | None = None  # a drawing praise deal, once announced
        self.drawing_at = 0  # where its moves go among ``moves``
        self.drawing_groups: list[list[Event]] = []  # its events, one group per move, until it is dealt
        self.drawn_deal: PraiseDealt | None = None  # its end, once dealt
        self.moves: list[tuple[Played, list[int]]] = []
        self.won: list[list[int]] = [[] for _ in range(rules.seating.sides)]  # the places each side has taken
        self.points: tuple[int, ...] | None = None  # each side's card points, when the hand was counted
        self.last_winner = 0
        self.pending: tuple[int, list[int]] | None = None  # a transfer not yet answered: its giver and places
        self.deck_mask = deck_mask = rules.deck.mask
        # Whether the world may be built without replaying its trick play (``construct``): from the first trick
        # play on, the history holds only plays, tricks and draws, each bound while drawing by the rules that
        # make it legal.
        self.direct = type(rules.play) in (BeatOrPass, FollowSuit)
        self.first_play: int | None = None  # where among ``moves`` the first trick play is
        self.first_event = 0  # and where among the history's events
        self.shape: TrickShape | None = None  # the trick play's public shape, followed from the first trick play
        self.marked_start: GameState | None = None
        self.tricks_done = 0
        # The trump transfers, to be checked against the transfer rule once the cards are named (``construct``):
        # their kind, the places handed over, and the hand they came from (and, for a transfer, the partner's).
        self.transfers: list[tuple[MoveKind, list[int], list[int], list[int]]] = []
        self.last_play = 0  # the event of the last trick play followed
        # The molodkas played in trick play, to be checked once the cards are named (``molodkas_legal``): where
        # among the moves, the places of the seats nearer the leader (none may hold one), the event of the cards
        # sent back (or None) and how many plays came back.
        self.molodkas: list[tuple[int, list[list[int]], int | None, int]] = []
        self.molodka_leader: int | None = None
        self.now = 0  # the event being followed
        self.later: dict[Card, int] | None = None  # see ``shown_later``
        self.last_trick: list[tuple[int, list[int]]] = []  # the places of the last trick taken, in play order
        # At the hand's end: its last trick, the best play of it before its last card, and the side that took it
        self.ending: tuple[list[tuple[int, list[int]]], int, int] | None = None
        self.talon_counted: list[int] = []  # and the cards left aside that went with that trick
        self.counted_trumps = deck_mask & self.table.trump_mask & rules.points.counted

    # -- places ---------------------------------------------------------------------------------

    def add_places(self, count: int) -> list[int]:
        """Make ``count`` new places, any card allowed, and return them."""
        first = len(self.cards)
        self.cards += [None] * count
        self.allowed += [self.deck_mask] * count
        return list(range(first, first + count))

    def assign(self, place: int, card: Card) -> None:
        """Say that place ``place`` holds ``card``."""
        if self.cards[place] == card:
            return
        if self.cards[place] is not None or card in self.where or not self.allowed[place] & BITS[card]:
            raise _Failed
        self.cards[place] = card
        self.where[card] = place

    def take(
        self,
        seat: int,
        cards: tuple[Card, ...] | None,
        count: int,
        among: Sequence[int] | None = None,
        mask: int = -1,
        *,
        handed: bool = False,
        whole: int = 0,
    ) -> list[int]:
        """The places of ``count`` cards leaving ``seat``'s hand: those of ``cards`` where they are known.

        Where the cards are hidden, they are drawn among the places of ``among`` (the whole hand by default)
        that may hold a card of ``mask``, and never a card seen played face up later on, unless the cards are
        ``handed`` to another seat (a transfer or a give-back), who may play them later.  Where every card of
        ``whole`` the seat holds goes (a transfer hands all the giver's trumps), the places that hold one (named
        with one, or allowed no other card) are among those drawn."""
        hand = self.hands[seat]
        pool = hand if among is None else among
        if len(pool) < count or count < 0:
            raise _Failed
        if cards is None:
            random_ = self.rng.random
            names = self.cards
            if mask != -1 or any(names[p] is not None for p in pool):
                # A place already named holds a card of ``mask``, never one this seat is seen to play face up later on.
                allowed, later, now = self.allowed, self.shown_later(), self.now
                pool = [
                    p
                    for p in pool
                    if allowed[p] & mask
                    and ((card := names[p]) is None or (BITS[card] & mask and (handed or later.get(card, -1) < now)))
                ]
                if len(pool) < count:
                    raise _Failed
                if whole:
                    bound = [
                        p
                        for p in pool
                        if ((card := names[p]) is None and not allowed[p] & ~whole)
                        or (card is not None and BITS[card] & whole)
                    ]
                    if len(bound) > count:
                        raise _Failed
                    if bound:
                        pool = [p for p in pool if p not in bound]
                        count -= len(bound)
                        chosen = bound + draws.sample(self.rng, pool, count) if count else bound
                        for taken in chosen:
                            hand.remove(taken)
                        return chosen
            chosen = [pool[int(random_() * len(pool))]] if count == 1 else draws.sample(self.rng, pool, count)
            if handed and len(pool) > count and not self.keeps(seat, chosen):
                # Cards handed over face down: the seat plays cards face up before any card joins his hand, and
                # his other places must hold them.
                for _ in range(_KEEP_TRIES):
                    chosen = [pool[int(random_() * len(pool))]] if count == 1 else draws.sample(self.rng, pool, count)
                    if self.keeps(seat, chosen):
                        break
        else:
            chosen = []
            where, names, allowed = self.where, self.cards, self.allowed
            for card in cards:
                place = where.get(card)
                if place is None:
                    bit = BITS[card]
                    free = [p for p in pool if names[p] is None and allowed[p] & bit and p not in chosen]
                    if not free:
                        raise _Failed
                    place = free[int(self.rng.random() * len(free))]
                    names[place] = card
                    where[card] = place
                elif place not in pool or place in chosen:
                    raise _Failed
                chosen.append(place)
        for place in chosen:
            hand.remove(place)
        return chosen

    def keeps(self, seat: int, chosen: list[int]) -> bool:
        """Whether ``seat``'s places other than ``chosen`` can hold the cards he plays face up from now until a card
        next joins his hand (those not named yet), each in a place of its own that allows it."""
        needed = self.needed(seat)
        if not needed:
            return True
        names, allowed = self.cards, self.allowed
        places = [p for p in self.hands[seat] if p not in chosen and names[p] is None]
        owner: dict[int, Card] = {}  # place -> the needed card it holds in the matching so far

        def fit(card: Card, seen: set[int]) -> bool:
            bit = BITS[card]
            for place in places:
                if place in seen or not allowed[place] & bit:
                    continue
                seen.add(place)
                if place not in owner or fit(owner[place], seen):
                    owner[place] = card
                    return True
            return False

        return all(fit(card, set()) for card in needed)

    def needed(self, seat: int) -> list[Card]:
        """The cards ``seat`` plays face up from the next event until a card next joins his hand (a draw, a
        transfer or give-back to him, the talon, a molodka's return, a new deal), those not named yet."""
        global _NEEDS  # noqa: PLW0603 - a one-entry cache: a view's worlds are drawn one after another
        view = self.view
        needs = _NEEDS  # read once: matches in other threads may replace it meanwhile
        if needs is None or needs[0] is not view:
            needs = _NEEDS = (view, _played_before_receiving(view.history, view.ruleset.seating.players))
        cards = needs[1][self.now][seat]
        if not cards:
            return []
        where = self.where
        return [card for card in cards if card not in where]

    def shown_later(self) -> dict[Card, int]:
        """The last event at which each card is played face up."""
        if self.later is None:
            self.later = {}
            for number, event in enumerate(self.view.history):
                if type(event) is Played and event.cards is not None:
                    for card in event.cards:
                        self.later[card] = number
        return self.later

    def assign_all(self, places: Sequence[int], cards: Sequence[Card], *, alike: bool = False) -> None:
        """Say that ``places`` hold ``cards`` (as many), in an order drawn at random where not already known.

        Where the places are ``alike`` (a hand just dealt: each allows the same cards, and nothing has happened
        to any), which of them holds which card tells nothing, and nothing is drawn: they are named in order."""
        unnamed = [p for p in places if self.cards[p] is None]
        if alike:
            unnamed.reverse()
        for card in cards:
            if self.where.get(card) in places:
                continue
            if not unnamed:
                raise _Failed
            self.assign(unnamed.pop() if alike else unnamed.pop(draws.below(self.rng, len(unnamed))), card)

    def receive(self, seat: int, places: list[int], cards: Sequence[Card] | None) -> None:
        """``places`` join ``seat``'s hand; where the cards are known (``cards``), they are named."""
        if cards is not None:
            self.assign_all(places, cards)
        self.hands[seat] += places

    def exclude(self, places: Sequence[int], mask: int) -> None:
        """None of ``places`` holds a card of ``mask``."""
        for place in places:
            self.allowed[place] &= ~mask
            card = self.cards[place]
            if card is not None and BITS[card] & mask:
                raise _Failed

    # -- the deal -------------------------------------------------------------------------------

    def place_deal(self, dealt: Dealt) -> GameState:
        """The places of the deal (in a deal by position), and a state of its start with any cards."""
        rules = self.rules
        marked = self.marked_start = self.marked(dealt)
        self.deck = self.add_places(len(rules.deck))
        for shown, real in ((marked.trump_card, dealt.trump_card), (marked.talon_shown, dealt.talon_shown)):
            if shown is not None and real is not None:
                self.assign(self.deck[shown], real)
        for seat, hand in enumerate(marked.hand_masks):
            self.hands[seat] = [self.deck[card] for card in cards_of(hand)]
            known = dealt.hands[seat]
            if known is not None:
                self.assign_all(self.hands[seat], tuple(known), alike=True)
        self.talon = [self.deck[card] for card in marked.talon]
        self.stock = [self.deck[index] for index in stock_bytes(marked)]
        rule = self.lead_rule(dealt)
        holder = rules.leading.holder_card
        if rule is _LEAD_HOLDER and holder is not None and dealt.leader != (dealt.dealer + 1) % rules.seating.players:
            if holder not in self.where:
                free = [p for p in self.hands[dealt.leader] if self.cards[p] is None]
                if not free:
                    raise _Failed
                self.assign(draws.choice(self.rng, free), holder)
            elif self.where[holder] not in self.hands[dealt.leader]:
                raise _Failed
        elif rule is _LEAD_HOLDER and holder is not None:  # the dealer's left leads: he holds the card, or nobody
            for seat, places in enumerate(self.hands):
                if seat != dealt.leader:
                    self.exclude(places, BITS[holder])
        return marked

    def marked(self, dealt: Dealt) -> GameState:
        """The start of the deal from the deck in canonical order: where each position of the deck goes.

        The engine's deal is a function of the match record and the hand's start, so the answer is kept for the
        next view of the same deal."""
        rules = self.rules
        key = (
            id(rules),
            dealt.scores,
            dealt.sets,
            self.view.hand_results[: dealt.hand_number],
            dealt.hand_number,
            dealt.redeals,
            dealt.dealer,
            dealt.last_opener,
            dealt.leader,
        )
        found = _MARKED.get(key)
        if found is None or found[0] is not rules:
            if len(_MARKED) >= _MARKED_LIMIT:
                _MARKED.clear()
            found = _MARKED[key] = (rules, self.start(dealt, tuple(CARDS[: len(rules.deck)])))
        return found[1]

    def lead_rule(self, dealt: Dealt) -> LeadSeat:
        """The rule that named this deal's leader."""
        leading = self.rules.leading
        return leading.later_hands if dealt.hand_number else leading.first_hand

    def start(
        self,
        dealt: Dealt,
        order: tuple[Card, ...],
        seed: int = 0,
        opening: tuple[Card, ...] | None = None,
    ) -> GameState:
        """The start of the deal from ``order``, as the engine deals it, in a match record with ``seed`` and
        ``opening`` (which the deal itself does not read).

        The record's first dealer is the seat the rotation names from the dealer and the hands finished, and
        the dealer himself where it names none (the deal passes to the last opener): any seat could have
        dealt first then."""
        rule = self.lead_rule(dealt)
        results = self.view.hand_results[: dealt.hand_number]
        first = first_dealer_of(self.rules, dealt.dealer, results)
        match = Match(
            ruleset=self.rules,
            seed=seed,
            first_dealer=dealt.dealer if first is None else first,
            opening=opening,
            history=b"",
            scores=dealt.scores,
            hand_results=results,
            sets=dealt.sets,
        )
        start = HandStart(
            number=dealt.hand_number + len(dealt.redeals),
            dealer=dealt.dealer,
            order=order,
            lead=rule,
            last_opener=dealt.last_opener,
            leader=None if rule is _LEAD_HOLDER else dealt.leader,
            redeals=dealt.redeals,
        )
        return start_hand(match, start)

    # -- the history ----------------------------------------------------------------------------

    def follow(self) -> None:
        """Follow every place through the view's history."""
        voids = self.voids = Voids(self.rules, self.table)
        informative = voids.informative
        # The lead rules of a follow-suit game look at the leader's hand.
        self.lead_rules = isinstance(self.rules.play, FollowSuit)
        for number, event in enumerate(self.view.history):
            if not number or self.ending is not None:  # after the hand's count: checked as its last card is played
                continue
            self.now = number
            shown = voids.see(event) if informative else None
            if self.drawing is not None and self.drawn_deal is None:  # inside a drawing deal: sampled as it is run
                self.follow_drawing(event)
                continue
            if type(event) is _PLAYED:
                kind = event.kind
                if kind in _TRICK_PLAYS:  # the common case
                    self.follow_play(event, kind, number, shown)
                    continue
            if isinstance(event, _PLAYED):
                if self.first_play is not None:
                    if event.kind in _TRANSFERS and self.rules.transfer is not None and self.shape is not None:
                        self.shape.transfer(event)
                    elif event.kind is _MOLODKA and self.shape is not None:
                        self.molodka_leader = self.shape.molodka(event)
                    else:
                        self.direct = False
                self.follow_move(event)
                if shown:
                    self.exclude_groups(event.seat, shown)
            elif isinstance(event, _CARDS_RETURNED):
                self.follow_returned(event, number)
            elif isinstance(event, _TRICK_TAKEN):
                side = self.side_of_seat[event.winner]
                self.won[side] += [place for _, places in self.trick for place in places]
                self.last_trick = self.trick
                self.trick = []
                self.last_winner = event.winner
                self.tricks_done += 1
                if self.shape is not None:
                    self.shape.taken(event.winner, event.count, bool(self.stock))
            elif isinstance(event, _HAND_SCORED):
                self.end_hand(event, number)
            elif isinstance(event, _CARDS_DRAWN):
                self.follow_draw(event)
            elif self.first_play is not None:
                self.direct = False
            if isinstance(event, _TALON_TAKEN):
                self.receive(event.seat, self.talon, event.cards)
                self.talon = []
            elif isinstance(event, _PRAISE_DEALT):
                self.follow_praise_deal(event)

    def follow_returned(self, event: CardsReturned, number: int) -> None:
        """The cards of the trick a molodka restarted (event ``number``), back in their owners' hands."""
        if self.shape is not None and self.molodkas and self.molodkas[-1][2] is None:
            self.shape.returned(len(event.returned))
            index, between, _, _ = self.molodkas[-1]
            self.molodkas[-1] = (index, between, number, len(self.returning))
        else:
            self.direct = False
        for owner, places in self.returning:
            self.hands[owner] += places
        self.returning = []

    def follow_molodka(self, event: Played, places: list[int]) -> None:
        """A molodka (its cards at ``places``): the trick restarts with it; the seats nearer the leader are noted."""
        self.returning = self.trick
        self.trick = [(event.seat, places)]
        leader, self.molodka_leader = self.molodka_leader, None
        if leader is not None:
            if self.hands[event.seat]:
                raise _Failed  # a molodka is the player's whole hand
            players = self.rules.seating.players
            between = [list(self.hands[(leader + step) % players]) for step in range(1, players)]
            self.molodkas.append((len(self.moves) - 1, between[: (event.seat - leader) % players - 1], None, 0))

    def follow_play(self, event: Played, kind: MoveKind, number: int, shown: set[int] | None) -> None:
        """A play into the trick (event ``number`` of the history, of ``kind``): its cards leave the player's hand."""
        seat, cards, count = event.seat, event.cards, event.count  # each read once: the events are interpreted
        leads = not self.trick
        if self.first_play is None:
            self.first_play = len(self.moves)
            self.first_event = number
            assert self.marked_start is not None
            tricks = len(self.praise[2]) if self.praise is not None else 0
            self.shape = TrickShape(self.rules, self.table, self.marked_start, tricks, self.view.seat)
        if self.shape is not None:
            self.shape.play(event, seat, kind, cards, count)
        self.last_play = number
        places = self.take(seat, cards, count)
        if leads and self.lead_rules and cards:
            self.bind_lead(seat, cards[0])
        self.moves.append((event, places))
        self.trick.append((seat, places))
        if shown:
            self.exclude_groups(seat, shown)

    def follow_drawing(self, event: Event) -> None:
        """An event of a drawing praise deal: kept, one group per move, for the drawing to be run."""
        if isinstance(event, Played):
            self.drawing_groups.append([])
        self.drawing_groups[-1].append(event)
        if isinstance(event, PraiseDealt):
            self.follow_praise_deal(event)
            self.drawn_deal = event

    def exclude_groups(self, seat: int, groups: set[int]) -> None:
        """``seat`` showed he holds no card of ``groups`` (suits, or the trumps) in the places he holds now."""
        mask = 0
        for group in groups:
            mask |= self.table.group_masks[group]
        self.exclude(self.hands[seat], mask)

    def bind_lead(self, seat: int, card: Card) -> None:
        """A card led in a follow-suit game: what the lead rules say of the cards the leader still holds.

        At the hand's opening lead, a leader who holds the card that must open leads it; and a leader barred
        from trumps leads one only when he holds nothing else.  (The first trick's suit is bound with the
        voids.)"""
        rules = self.rules
        leading = rules.leading
        marked = self.marked_start
        assert marked is not None
        at_opening = self.tricks_done == 0 and not (self.praise is not None and self.praise[2])  # tricks dealt count
        if at_opening:
            talon = rules.talon
            holder = leading.holder_card
            holder_opens = holder is not None and leading.holder_opens(not marked.match.hand_results)
            if talon is not None and talon.lead_follows_shown and self.view.declarer is None and self.talon:
                # The opening lead follows the talon's shown card where the leader holds one of its suit (or group).
                shown = self.cards[self.talon[0]]
                if shown is None or holder_opens or leading.swap_for_plain:
                    self.direct = False  # left to the replay
                    return
                group = self.table.group_masks[self.table.group[shown]]
                if BITS[card] & group:
                    return  # he may have led it for the talon's sake, whatever else he held
                self.exclude(self.hands[seat], group)
            if holder_opens:
                assert holder is not None
                if leading.swap_for_plain:
                    self.direct = False  # he may have had to swap first: that looks at his partner's hand
                if card == holder:
                    return
                self.exclude(self.hands[seat], BITS[holder])
            play = rules.play
            if isinstance(play, FollowSuit) and play.first_trick_suit is not None:
                if not self.voids.opening_lead_shows:
                    self.direct = False  # other lead rules bind the lead too: left to the replay
                return  # a trump led shows no card of the suit (a void), so only trumps were allowed
        trump_leads = leading.trump_leads
        restricted = trump_leads is _TRUMP_LEADS_BOASTING_SIDE or (
            at_opening and (trump_leads is _TRUMP_LEADS_NOT_LAST_OPENERS or leading.first_lead_plain)
        )
        trumps = self.table.trump_mask
        if restricted and BITS[card] & trumps and barred_from_trumps(marked, seat, at_opening):
            self.exclude(self.hands[seat], ~trumps)
            if at_opening and leading.swap_for_plain:
                self.direct = False  # he led a trump, so he had no swap to make: that looks at his partner's hand

    def end_hand(self, event: HandScored, number: int) -> None:
        """The hand was counted (event ``number``): the world is built up to its last card, which is then played."""
        history = self.view.history
        shape = self.shape
        talon = list(self.talon)
        self.bind_points(event)
        if (
            self.direct
            and shape is not None
            and shape.last is not None
            and self.ending is None
            and number >= 2
            and isinstance(history[number - 1], TrickTaken)
            and self.last_play == number - 2
            and not self.stock
            and not any(self.hands)
            and self.last_trick
        ):
            self.ending = (self.last_trick, shape.last[0], shape.last[1])
            self.talon_counted = talon
        else:
            self.direct = False

    def bind_points(self, event: HandScored) -> None:
        """The hand was counted: each side's card points are known, and bind the cards it took."""
        result = event.result
        if result.caught or result.forfeited:
            return
        if self.talon:  # the cards left aside went to the last trick
            self.won[self.side_of_seat[self.last_winner]] += self.talon
            self.talon = []
        if [len(places) for places in self.won] == list(self.view.won_sizes):
            self.points = result.points

    def follow_move(self, event: Played) -> None:
        """A move: its cards leave the mover's hand for the trick, the partner, or the declarer's pile."""
        kind = event.kind
        praise = _praise_kind(event.choice) if kind is _KIND_PRAISE and event.choice is not None else None
        if praise in _DRAWN:
            self.drawing = praise
            self.drawing_at = len(self.moves)
            self.drawing_groups = [[event]]
            return
        trumps = self.table.trump_mask
        rule = self.rules.transfer
        if kind is _KIND_TRANSFER:
            places = self.follow_transfer(event)
        elif kind is _KIND_TRANSFER_BACK:
            # Never the cards just received; plain cards, unless the rule lets a partner with none give trumps.
            received = self.pending[1] if self.pending is not None and self.pending[0] == event.to else []
            among = [p for p in self.hands[event.seat] if p not in received]
            if rule is not None and rule.trump_back_if_no_plain and self.trumps_back(event, among):
                self.exclude(among, ~trumps)  # he gave trumps back: he held no plain card
                places = self.take(event.seat, event.cards, event.count, among, trumps, handed=True)
            else:
                places = self.take(event.seat, event.cards, event.count, among, ~trumps, handed=True)
                self.exclude(places, trumps)
            if rule is not None:
                self.transfers.append((_KIND_TRANSFER_BACK, places, among, []))
        else:
            places = self.take(event.seat, event.cards, event.count)
        self.moves.append((event, places))
        if kind is _MOLODKA:
            self.follow_molodka(event, places)
        elif kind in _TRANSFERS:
            if event.to is None or not 0 <= event.to < self.rules.seating.players:
                raise _Failed
            if kind is _KIND_TRANSFER:
                self.exclude(places, ~trumps)
                self.pending = (event.seat, places)
            else:
                self.pending = None
            self.hands[event.to] += places
        elif kind is _KIND_LAY_AWAY:
            self.won[self.side_of_seat[event.seat]] += places
        elif kind not in (_KIND_PRAISE, _KIND_DECLINE, _KIND_TAKE_TALON):
            self.trick.append((event.seat, places))

    def follow_transfer(self, event: Played) -> list[int]:
        """A trump transfer, or the opening swap: the places of the trumps handed to the partner."""
        trumps = self.table.trump_mask
        rule = self.rules.transfer
        swap = self.rules.leading.swap_for_plain and event.count == 1 and self.may_swap(event.seat)
        if rule is not None and swap:
            # The opener's swap (he held only trumps) or his trump transfer (that was his one trump): one is
            # bound, as likely as the hands each allows, and the replay tells whether the world's hand fits.
            self.direct = False
            swap = self.rng.random() < self.swap_odds(event.seat)
        if swap:  # the opening swap: only trumps
            self.exclude(self.hands[event.seat], ~trumps)
        gone = 0  # the cards none of which he keeps
        if rule is not None and not swap:
            # All his trumps go; only a "spectacled" one may leave an uncounted trump behind.
            spectacled = rule.point_trump_of_two and event.count == 1 and 2 not in rule.counts
            gone = self.counted_trumps if spectacled else trumps
        places = self.take(event.seat, event.cards, event.count, mask=trumps, handed=True, whole=gone)
        if gone:
            self.exclude(self.hands[event.seat], gone)
            to = event.to if event.to is not None else -1
            partner = list(self.hands[to]) if 0 <= to < self.rules.seating.players else []
            self.transfers.append((_KIND_TRANSFER, places, self.hands[event.seat] + places, partner))
        return places

    def unplaced(self) -> int:
        """The cards of the deck not yet named in any place, as a bitmask."""
        return self.deck_mask & ~sum(BITS[card] for card in self.where)

    def unplaced_split(self) -> tuple[int, int]:
        """How many of the cards not yet named are trumps, and how many plain cards."""
        free = self.unplaced()
        trumps = (free & self.table.trump_mask).bit_count()
        return trumps, free.bit_count() - trumps

    def trumps_back(self, event: Played, among: list[int]) -> bool:
        """Whether the partner's give-back (from the places ``among``), where the rule lets one with no plain card
        give trumps, is bound as trumps: so where its cards are seen, else drawn as likely as the hands that
        allow each (no plain card at all, or as many plain cards as he gives back, at least)."""
        trumps = self.table.trump_mask
        if event.cards is not None:
            return any(BITS[card] & trumps for card in event.cards)
        names, allowed = self.cards, self.allowed
        plain = flexible = 0
        for place in among:
            card = names[place]
            if card is not None:
                plain += not BITS[card] & trumps
            elif not allowed[place] & trumps:
                plain += 1
            elif allowed[place] & ~trumps:
                flexible += 1
        free_trumps, free_plain = self.unplaced_split()
        no_plain = 0 if plain else math.comb(free_trumps, flexible)
        enough = sum(
            math.comb(free_plain, k) * math.comb(free_trumps, flexible - k)
            for k in range(max(0, event.count - plain), flexible + 1)
        )
        total = no_plain + enough
        return self.rng.random() * total < no_plain if total else self.rng.random() < 0.5

    def swap_odds(self, seat: int) -> float:
        """The chance that ``seat``'s one hidden card handed before the opening lead is the swap (he held only
        trumps), not a trump transfer (it was his only trump): the hands of each kind he may hold, as the cards
        not yet placed would deal them at random."""
        trumps = self.table.trump_mask
        names = self.cards
        named = [card for p in self.hands[seat] if (card := names[p]) is not None]
        unnamed = len(self.hands[seat]) - len(named)
        held = sum(1 for card in named if BITS[card] & trumps)
        free_trumps, free_plain = self.unplaced_split()
        swaps = math.comb(free_trumps, unnamed) if held == len(named) else 0
        transfers = 0
        if held == 1:
            transfers = math.comb(free_plain, unnamed)
        elif held == 0 and unnamed:
            transfers = free_trumps * math.comb(free_plain, unnamed - 1)
        return swaps / (swaps + transfers) if swaps + transfers else 0.5

    def may_swap(self, seat: int) -> bool:
        """Whether a card ``seat`` hands to his partner now may be the opening swap: no trick of the hand is counted
        or on the table, and (where no praise deal dealt again) the deal bars him from leading trumps at the
        opening, which only the swapper is (who opens is left to the replay: after a praise deal the deal's first
        event does not say)."""
        tricks = self.tricks_done + (len(self.praise[2]) if self.praise is not None else 0)
        if tricks or self.trick:
            return False
        marked = self.marked_start
        return self.praise is not None or marked is None or barred_from_trumps(marked, seat, True)

    def follow_draw(self, event: CardsDrawn) -> None:
        """Cards from the top of the stock, in the engine's draw order, the last trick's winner first."""
        stock = self.stock
        got = [
            [stock[position] for position in positions]
            for positions in _draw_positions(
                tuple(len(hand) for hand in self.hands), len(stock), self.last_winner, self.rules.dealing.hand_size
            )
        ]
        taken = sum(len(places) for places in got)
        shown = {owner: cards for owner, cards, _ in event.drawn}
        for seat, places in enumerate(got):
            if places or seat in shown:
                cards = shown.get(seat)
                self.receive(seat, places, tuple(cards) if cards is not None else None)
        self.stock = self.stock[taken:]
        if self.shape is not None:
            self.shape.drawn(event, {seat: len(places) for seat, places in enumerate(got) if places})

    def follow_praise_deal(self, event: PraiseDealt) -> None:
        """The hands and the tricks a praise dealt: new places, the deck's places being spent."""
        kind = _praise_kind(event.praise)
        players = self.rules.seating.players
        in_tricks = sum(len(plays) for plays, _ in event.tricks)
        size = (len(self.rules.deck) - in_tricks) // players
        hands = [self.add_places(size) for _ in range(players)]
        tricks = []
        for plays, _ in event.tricks:
            places = self.add_places(len(plays))
            for index, (_, card) in enumerate(plays):
                place = places[index]
                if card is not None:
                    self.assign(place, card)
            tricks.append(places)
        limits = dealt_limits(kind, self.table.trump_mask, [plays for plays, _ in event.tricks], players)
        for seat, places in enumerate(hands):
            limit = limits[seat]
            if limit != -1:
                for place in places:
                    self.allowed[place] &= limit
        for seat, known in enumerate(event.hands):
            if known is not None:
                self.assign_all(hands[seat], tuple(known), alike=True)
        self.bind_holder(event, hands)
        self.hands = [list(places) for places in hands]
        self.stock = []  # the praise deals the whole deck
        for index, (_, winner) in enumerate(event.tricks):
            self.won[self.side_of_seat[winner]] += tricks[index]
        self.praise = (kind, hands, tricks)

    def bind_holder(self, event: PraiseDealt, hands: list[list[int]]) -> None:
        """A praise deal that leaves the lead to the holder of a card: that card is in the leader's hand."""
        dealt = self.view.history[0]
        assert isinstance(dealt, Dealt)
        holder = self.rules.leading.holder_card
        leader = event.turn
        if event.tricks or holder is None or self.lead_rule(dealt) is not _LEAD_HOLDER or leader is None:
            return  # the procedure names the leader itself, or the lead rule looks at no card
        hand = hands[leader]
        place = self.where.get(holder)
        if place is None:
            free = [p for p in hand if self.cards[p] is None and self.allowed[p] & BITS[holder]]
            if not free:
                raise _Failed
            self.assign(free[int(self.rng.random() * len(free))], holder)
        elif place not in hand:
            raise _Failed

    # -- naming and replaying -------------------------------------------------------------------

    def assign_the_rest(self, tries: int = 8) -> None:
        """Give every unnamed place one of the cards still unplaced, at random, as each place allows (and, once
        the hand was counted, so that each side's cards add up to its points: ``tries`` draws, each then swapped
        into place, before the places followed are given up as unable to add up)."""
        if self.drawing is not None:
            return  # named as the drawing is run (``run_drawing``)
        # The deck's places are the first made (``place_deal``); a praise deal spent them, dealing new ones.
        names = self.cards
        first = len(self.deck) if self.praise is not None else 0
        places = [p for p in range(first, len(names)) if names[p] is None]
        free = self.unplaced()
        for _ in range(tries):
            named = self.draw_cards(places, free)
            if self.points is None or self.make_add_up(named):
                for place, card in named.items():
                    self.assign(place, card)
                return
        raise _Failed

    def make_add_up(self, named: dict[int, Card]) -> bool:
        """Swap cards of ``named`` between the sides' piles until each side's cards add up to its points.

        Each step takes, at random, one of the swaps of two unnamed cards of different sides (each allowed in the
        other's place) that bring the sides' points nearest to the counted ones; False where no swap helps."""
        assert self.points is not None
        value = self.rules.points.table
        allowed = self.allowed
        owner = {}
        short = list(self.points)  # each side's points still missing
        for side, places in enumerate(self.won):
            for place in places:
                card = self.cards[place]
                if card is None:
                    card = named[place]
                    owner[place] = side
                short[side] -= value[card]
        unnamed = list(owner)
        random_ = self.rng.random
        for _ in range(8):
            off = sum(abs(missing) for missing in short)
            if not off:
                return True
            best: list[tuple[int, int]] = []
            lowest = off - 1  # only a swap that brings them nearer
            for number, p in enumerate(unnamed):
                side_p, card_p = owner[p], named[p]
                worth_p, bit_p = value[card_p], BITS[card_p]
                need_p = short[side_p]
                for q in unnamed[number + 1 :]:
                    side_q = owner[q]
                    if side_q == side_p:
                        continue
                    card_q = named[q]
                    gain = value[card_q] - worth_p  # what side_p gains by the swap
                    if not gain:
                        continue
                    need_q = short[side_q]
                    after = off - abs(need_p) - abs(need_q) + abs(need_p - gain) + abs(need_q + gain)
                    if after > lowest or not (allowed[p] & BITS[card_q] and allowed[q] & bit_p):
                        continue
                    if after < lowest:
                        lowest, best = after, []
                    best.append((p, q))
            if not best:
                return False
            p, q = best[int(random_() * len(best))]
            card_p, card_q = named[p], named[q]
            gain = value[card_q] - value[card_p]
            short[owner[p]] -= gain
            short[owner[q]] += gain
            named[p], named[q] = card_q, card_p
        return not any(short)

    def draw_cards(self, places: list[int], pool: int) -> dict[int, Card]:
        """A card for each of ``places`` from ``pool``, at random, the most constrained places first."""
        allowed = self.allowed
        rng = self.rng
        # The places that may hold any card of the pool come last, in a random order: they take the cards left,
        # shuffled, as drawing them one by one would.
        bound = [p for p in places if pool & ~allowed[p]]
        free = [p for p in places if not pool & ~allowed[p]] if bound else places
        named = {}
        if bound:
            order = draws.sample(rng, bound, len(bound))
            order.sort(key=lambda p: (allowed[p] & pool).bit_count())
            random_ = rng.random
            for place in order:
                choices = cards_of(allowed[place] & pool)
                if not choices:
                    raise _Failed
                card = choices[int(random_() * len(choices))]
                named[place] = card
                pool &= ~BITS[card]
        left = cards_of(pool)
        if len(left) < len(free):
            raise _Failed
        drawn = draws.sample(rng, left, len(free))
        for index, place in enumerate(free):
            named[place] = drawn[index]
        return named

    def adds_up(self, named: dict[int, Card]) -> bool:
        """Whether, with ``named``, the cards each side took add up to its counted points."""
        points = self.rules.card_points
        for side, places in enumerate(self.won):
            total = 0
            for place in places:
                card = self.cards[place]
                total += points(card if card is not None else named[place])
            if self.points is not None and total != self.points[side]:
                return False
        return True

    def build(self, dealt: Dealt) -> GameState | None:
        """The world: the deal rebuilt from the named places, and the history replayed in it."""
        seed = self.rng.getrandbits(63)
        drawn: list[Move] = []
        if self.drawing is not None:
            found = self.run_drawing(dealt, seed)
            if found is None:
                return None
            order: tuple[Card, ...] | None
            order, drawn = found
        elif self.praise is None:
            order = tuple(self.card_of(place) for place in self.deck)
        else:
            order = self.praise_deck(dealt, seed)
        if order is None:
            return None
        # A world of a match's first deal starts its match: its deck is the match's opening deck.
        opening = order if not (dealt.hand_number or dealt.redeals) else None
        state = self.start(dealt, order, seed, opening)
        names = self.cards
        moves = []
        for event, places in self.moves:
            mask = 0
            for place in places:
                card = names[place]
                if card is None:
                    return None
                mask |= BITS[card]
            choice = event.choice
            if choice is None:  # the seat and kind are checked already, the named are the deck's, in card order
                moves.append(_new_tuple(Move, (event.seat, event.kind, cards_of(mask), mask, None)))
            else:
                moves.append(Move(event.seat, event.kind, cards_of(mask), choice))
        moves[self.drawing_at : self.drawing_at] = drawn
        if self.direct and self.first_play is not None:
            # The moves before the first trick play (a praise, the bidding) settle the deal: replayed; the rest not.
            if dealt_for_seat(state, self.view.seat) != self.view.history[0]:
                return None
            settled = state
            history = self.view.history
            seat = self.view.seat
            number = 1
            for move in moves[: len(moves) - (len(self.moves) - self.first_play)]:
                try:
                    settled, happened = step(settled, move)
                except IllegalMoveError:
                    return None
                for one in happened:  # these events show the seat what its history shows, one by one
                    if number >= self.first_event or one.for_seat(seat) != history[number]:
                        return None
                    number += 1
            shape = self.shape
            if (
                number == self.first_event
                and settled.phase is _PHASE_PLAY
                and settled.trick is None
                and shape is not None
                and shape.fits
                and not shape.draw_due
                and shape.first_seat == settled.turn
                and (self.stock or any(self.hands) or self.ending is not None)
            ):
                world = self.construct(settled, moves)
                if world is not None:
                    return world
        return self.replay(state, moves)

    def praise_deck(self, dealt: Dealt, seed: int) -> tuple[Card, ...] | None:
        """A deck order from which the deal's praise deals the hands and tricks as named (None: none found)."""
        assert self.praise is not None
        assert self.marked_start is not None
        kind, hands, tricks = self.praise
        # No procedure is undone from the cards of the deck it waits with: only its positions, the rules, the dealer
        # and (a mirror's cuts, not a deal by position) the match's seed; and a praise deal is played with permanent
        # trumps, so every deck gives the same trump table.  The deal's start on marked cards serves them all, given
        # the world's seed where it is read.
        marked = self.marked_start
        waiting = marked if by_position(kind) else with_match(marked, marked.match._replace(seed=seed))
        masks = [sum(BITS[self.card_of(p)] for p in places) for places in hands]
        cards = [[self.card_of(p) for p in places] for places in tricks]
        return praise_order(waiting, kind, masks, cards, self.rng)

    def construct(self, start: GameState, moves: Sequence[Move]) -> GameState | None:
        """The world built directly from where the places ended, without replaying the moves (None: replay it).

        Only for a deal whose history is plays, tricks and draws under rules whose every constraint on the
        hidden cards was bound while drawing (``direct``): each move is then legal in the world, each trick goes
        where the view says, and the cards end where the places say."""
        view = self.view
        seat = view.seat
        shape = self.shape
        assert shape is not None
        if shape.turn is None:
            return None
        if (self.transfers and not self.transfers_legal()) or (self.molodkas and not self.molodkas_legal(moves)):
            raise _Failed
        ending = self.ending
        hand_places, won_places, talon, on_table = self.hands, self.won, self.talon, self.trick
        turn, best, side_tricks = shape.turn, shape.best, shape.side_tricks
        molodka = shape.molodka_trick
        if ending is not None:  # the hand's end: the position before its last card, and that card played
            hand_places, won_places, talon, on_table, turn, best, side_tricks = self.before_end(ending, side_tricks)
            moves, final = moves[:-1], moves[-1]
            molodka = shape.last is not None and shape.last[2]
        names = self.cards
        hands, won = self.masks(hand_places), self.masks(won_places)
        trick = None
        if on_table and (ending is None or len(on_table) > 1):
            count = len(on_table) - (ending is not None)
            plays = tuple(moves[len(moves) - count :])
            trick = Trick(plays[0].seat, plays, plays[best], molodka)
        # The transfer window: open where the deal began with one, or where the last trick drew cards and the
        # rules open one then; a lead closes it.
        window = None
        phase = _PHASE_PLAY
        if ending is None and trick is None and shape.window is not None:
            pending = None
            if shape.pending is not None:  # a transfer waits for the partner's answer
                pending = moves[-1]
                phase, turn = _PHASE_TRANSFER_BACK, self.rules.seating.partner_of_seat[shape.pending[0]]
            window = TransferWindow(leader=shape.turn, done=tuple(shape.window), pending=pending)
        elif shape.pending is not None:
            return None
        log = log_extend(b"", moves)
        world = make_state(
            start.match,
            start.deal,
            tuple(hands),
            tuple(names[place] for place in self.stock),  # type: ignore[misc]
            tuple(names[place] for place in talon),  # type: ignore[misc]
            turn,
            trick,
            tuple(won),
            tuple([before + side_tricks[side] for side, before in enumerate(start.trick_counts)]),
            phase,
            window,
            None,
            log,
        )
        if ending is not None:
            try:
                world, happened = step(world, final)
            except IllegalMoveError:
                return None
            history = view.history
            number = self.last_play
            for one in happened:  # the last card's events: the trick, the count, the end of the match
                if number >= len(history) or one.for_seat(seat) != history[number]:
                    return None
                number += 1
            if number != len(history):
                return None
        if not _shows(world, seat, self.voids.groups, view):
            return None
        return world

    def masks(self, groups: list[list[int]]) -> list[int]:
        """The cards of each group of named places, as bitmasks."""
        names = self.cards
        found = []
        for places in groups:
            mask = 0
            for place in places:
                mask |= BITS[names[place]]  # type: ignore[index]
            found.append(mask)
        return found

    def before_end(
        self, ending: tuple[list[tuple[int, list[int]]], int, int], side_tricks: list[int]
    ) -> tuple[list[list[int]], list[list[int]], list[int], list[tuple[int, list[int]]], int, int, list[int]]:
        """The places before the hand's last card: hands, piles, talon, the trick, whose turn, its best, tricks."""
        on_table, best, side = ending
        turn, last = on_table[-1]
        hands: list[list[int]] = [[] for _ in self.hands]
        hands[turn] = last
        left_out = {place for _, places in on_table for place in places} | set(self.talon_counted)
        won = [[place for place in places if place not in left_out] for places in self.won]
        side_tricks = list(side_tricks)
        side_tricks[side] -= 1
        return hands, won, self.talon_counted, on_table, turn, best, side_tricks

    def molodkas_legal(self, moves: Sequence[Move]) -> bool:
        """Whether each molodka of trick play was the one allowed, with the cards named: no seat nearer the trick's
        leader held one, and the cards it sent back are those the seat saw go back."""
        names = self.cards
        molodkas = self.shape.molodkas if self.shape is not None else frozenset()
        seat = self.view.seat
        history = self.view.history
        for index, between, returned, count in self.molodkas:
            for places in between:
                mask = 0
                for place in places:
                    mask |= BITS[names[place]]  # type: ignore[index]
                if mask in molodkas:
                    return False
            if returned is not None:
                back = moves[index - count : index]
                event = CardsReturned(tuple((move.seat, move.cards, len(move.cards), move.face_up) for move in back))
                if event.for_seat(seat) != history[returned]:
                    return False
        return True

    def transfers_legal(self) -> bool:
        """Whether each trump transfer of the history is one the transfer rule allows, with the cards named."""
        rule = self.rules.transfer
        assert rule is not None
        trumps = self.table.trump_mask
        names = self.cards

        def mask_of(places: list[int]) -> int:
            mask = 0
            for place in places:
                mask |= BITS[names[place]]  # type: ignore[index]
            return mask

        def give_back(hand: int, count: int) -> int:
            plain = hand & ~trumps
            if plain.bit_count() >= count:
                return plain
            return hand if rule.trump_back_if_no_plain and not plain and hand.bit_count() >= count else 0

        for kind, places, hand_places, partner in self.transfers:
            given = mask_of(places)
            hand = mask_of(hand_places)
            count = given.bit_count()
            if kind is _KIND_TRANSFER_BACK:
                if given & ~give_back(hand, count):
                    return False
                continue
            held = hand & trumps
            if held.bit_count() == 2 and 2 not in rule.counts and rule.point_trump_of_two:
                counted = held & self.counted_trumps
                if counted.bit_count() == 1:
                    held = counted
            if held.bit_count() not in rule.counts or given != held:
                return False
            if give_back(mask_of(partner), count).bit_count() < count:
                return False
        return True

    def replay(self, state: GameState, moves: Sequence[Move]) -> GameState | None:
        """The moves played from ``state``, their events checked against the view's as they come; the world, or
        None where a move is illegal or the seat would see anything different.

        The world's view is then made from the state and the events already checked, without a second replay."""
        view = self.view
        seat = view.seat
        history = view.history
        if dealt_for_seat(state, seat) != history[0]:
            return None
        voids = Voids(self.rules, state.deal.table)
        number = 1
        end = len(history)
        for move in moves:
            try:
                state, found = step(state, move)
            except IllegalMoveError:
                return None
            for event in found:
                if number >= end or event.for_seat(seat) != history[number]:
                    return None
                number += 1
                voids.see(event)
        if number != end or not _shows(state, seat, voids.groups, view):
            return None
        return state

    def run_drawing(self, dealt: Dealt, seed: int) -> tuple[tuple[Card, ...], list[Move]] | None:
        """A drawing praise deal run in a world: the deck order it began from and its moves (None if stuck).

        The hands it deals name the places of the hands followed through later play."""
        assert self.drawing is not None
        deck = list(self.rules.deck)
        draws.shuffle(self.rng, deck)
        waiting = self.start(dealt, tuple(deck), seed)
        known = self.gather_known(self.drawing)
        deal = sample_drawing(waiting, self.view, self.drawing_groups, known, self.rng, deadline=self.deadline)
        if deal is None:
            return None
        if self.praise is not None:
            for seat, places in enumerate(self.praise[1]):
                hand = deal.hands[seat]
                unnamed = [place for place in places if self.cards[place] is None]
                named = sum(BITS[card] for place in places if (card := self.cards[place]) is not None)
                if named & ~hand:
                    return None
                for place, card in self.draw_cards(unnamed, hand & ~named).items():
                    self.assign(place, card)
        return deal.order, deal.moves

    def gather_known(self, kind: PraiseKind) -> Known:
        """What the rest of the history says of the hands a drawing deal dealt: known cards and cards allowed."""
        players = self.rules.seating.players
        if self.praise is None:
            return Known.from_deal(kind, None, [0] * players, [self.deck_mask] * players)
        unplaced = self.deck_mask & ~sum(BITS[card] for card in self.where)
        named = [0] * players
        allowed = [0] * players
        for seat, places in enumerate(self.praise[1]):
            for place in places:
                card = self.cards[place]
                if card is None:
                    allowed[seat] |= self.allowed[place] & unplaced
                else:
                    named[seat] |= BITS[card]
            allowed[seat] |= named[seat]
        guesses: dict[Card, int] = {}
        seat_of = {place: seat for seat, places in enumerate(self.praise[1]) for place in places}
        try:
            unnamed = [place for place in seat_of if self.cards[place] is None]
            for place, card in self.draw_cards(unnamed, unplaced).items():
                guesses[card] = seat_of[place]
        except _Failed:
            guesses = {}
        return Known.from_deal(kind, self.drawn_deal, named, allowed, guesses)

    def card_of(self, place: int) -> Card:
        card = self.cards[place]
        if card is None:
            raise _Failed
        return card


_NEEDS: tuple[PlayerView, list[list[tuple[Card, ...]]]] | None = None


def _played_before_receiving(history: Sequence[Event], players: int) -> list[list[tuple[Card, ...]]]:
    """For each event of ``history`` and each seat, the cards the seat plays face up after that event until a card
    next joins his hand (a draw, a card handed to him; anything but plays, draws and taken tricks ends the run)."""
    ahead: list[tuple[Card, ...]] = [()] * players
    table: list[list[tuple[Card, ...]]] = [ahead] * len(history)
    for number in range(len(history) - 1, -1, -1):
        table[number] = ahead
        event = history[number]
        if isinstance(event, Played):
            ahead = list(ahead)
            to = event.to
            if to is not None and 0 <= to < players:
                ahead[to] = ()
            if event.cards is not None and 0 <= event.seat < players:
                ahead[event.seat] = (*event.cards, *ahead[event.seat])
        elif isinstance(event, CardsDrawn):
            ahead = list(ahead)
            for owner, _, count in event.drawn:
                if count and 0 <= owner < players:
                    ahead[owner] = ()
        elif not isinstance(event, TrickTaken):
            ahead = [()] * players
    return table


@functools.lru_cache(maxsize=4096)
def _draw_positions(counts: tuple[int, ...], stock: int, first: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The stock positions (top first) each seat draws, in the engine's draw order, hands holding ``counts``."""
    hands = marked_hands(counts)
    refill(hands, tuple(CARDS[:stock]), first, size)
    return tuple(tuple(iter_bits(hand & EVERY_CARD)) for hand in hands)


def _shows(state: GameState, seat: int, voids: Sequence[AbstractSet[int]], view: PlayerView) -> bool:
    """Whether ``seat``'s view of ``state`` is ``view``, once its moves are known to give the seat's history and these
    voids (each seat's groups): each field the state holds compared with the view's, first by identity (the ruleset
    is shared)."""
    for name, mine in seen(state, seat).items():
        theirs = getattr(view, name)
        if mine is not theirs and mine != theirs:
            return False
    shown = view.voids
    if len(voids) != len(shown):
        return False
    return all(groups == shown[index] for index, groups in enumerate(voids))  # a set equals a frozenset of its members


def _same_moves(state: GameState, view: PlayerView, moves: frozenset[Move]) -> bool:
    """Whether the seat's legal moves in ``state`` are ``moves``."""
    return {move for move in legal_moves(state) if move.seat == view.seat} == moves


_HUGE: Final = 2**1000  # read as no limit: past any budget, and short of where a float overflows
#: The shortest time the clock ``determinize`` times its budget with can tell (seconds).
_TICK: Final = time.get_clock_info("perf_counter").resolution


def _seconds(value: object) -> float:
    """``value`` as a positive number of seconds (a real number or a whole one, not a bool; ``math.inf``, or a number
    past what a float holds: no limit); a value of another kind raises WrongTypeError, one that is not positive, or
    too small for the clock to time, KozelError."""
    if type(value) is float and value >= _TICK:  # the common case (the default): a float the clock can time
        return value
    whole = whole_number(value)
    if whole is not None:
        if whole <= 0:
            raise KozelError(f"determinize: budget must be a positive number of seconds, not {table_text(value)}")
        return float(whole) if whole < _HUGE else math.inf
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise WrongTypeError(f"determinize: budget must be a positive number of seconds, not {table_text(value)}")
    number: Any = value
    try:
        seconds = float(number)
    except OverflowError:  # a real number past what a float holds (a Fraction of huge numbers)
        seconds = math.inf if number > 0 else -math.inf
    if not seconds > 0:  # NaN is not above 0
        if seconds == 0 and number > 0:
            raise KozelError(
                f"determinize: budget {table_text(value)} is too small to time: it is positive, but rounds to 0 s"
            )
        raise KozelError(f"determinize: budget must be a positive number of seconds, not {table_text(value)}")
    if seconds < _TICK:
        raise KozelError(
            f"determinize: budget {table_text(value)} is too small to time: it is below the clock's resolution "
            f"({_TICK:g} s)"
        )
    return seconds  # math.inf: no limit but the tries


def _tries(tries: object) -> int | None:
    """``determinize``'s ``tries``, checked: None (the default for the view) or a whole number of at least 1."""
    if tries is None:
        return None
    most = whole_number(tries)
    if most is None:
        raise WrongTypeError(
            f"determinize: tries must be None or a whole number of at least 1, not {table_text(tries)}"
        )
    if most < 1:
        raise KozelError(f"determinize: tries must be None or a whole number of at least 1, not {table_text(tries)}")
    return most


def _moves(moves: object) -> frozenset[Move]:
    """The moves a bot is handed (any iterable of Move), as a set; WrongTypeError for anything else."""
    if isinstance(moves, str | bytes):
        raise WrongTypeError(f"determinize: moves= is an iterable of moves, not {type(moves).__name__}")
    try:
        listed: tuple[object, ...] = tuple(cast(Iterable[object], moves))
    except TypeError:
        raise WrongTypeError(f"determinize: moves= is an iterable of moves, not {type(moves).__name__}") from None
    known = _KNOWN_MOVES
    for move in listed:
        entry = known.get(id(move))
        if entry is not None and entry[0] is move:  # one of the engine's own moves: well formed by construction
            continue
        if not isinstance(move, Move):
            raise WrongTypeError(f"determinize: moves= holds moves, not {table_text(move)}")
        why = broken(move)
        if why is not None:
            raise WrongTypeError(f"determinize: moves= holds moves, not a Move built around its constructor ({why})")
    return frozenset(cast(tuple[Move, ...], listed))


def _check_moves(moves: frozenset[Move] | None, view: PlayerView, given: object) -> None:
    """Refuse, at once, ``moves`` no world could give the view's seat: none at all for the seat to move, another seat's
    move, a wait (a bot is handed it beside its moves, but it is no move of the engine's), or cards the seat does not
    hold.  Moves that pass, ``given`` as a tuple, are remembered with the view (a tuple cannot change: the next call
    with both need not check them again)."""
    if moves is None:
        return
    seat, held = view.seat, view.hand.mask
    if not moves and view.turn == seat:  # looked at only for no moves: the common case pays nothing more
        raise KozelError(
            f"determinize: moves= is empty, but seat {seat} is to move and always has a legal move; moves= are "
            "all of the seat's legal moves now"
        )
    wrong = [
        move for move in moves if move.seat != seat or move.kind is _KIND_WAIT or move.mask & ~held
    ]  # well-formed moves (``_moves``): a move's mask holds exactly its cards
    if wrong:
        move = min(wrong, key=str)  # the same one named, whatever the set's order
        why = (
            "another seat's move"
            if move.seat != seat
            else "a wait, which no world lists"
            if move.kind is _KIND_WAIT
            else "cards the seat does not hold"
        )
        raise KozelError(f"determinize: moves= are seat {seat}'s legal moves now; {move} is {why}")
    if type(given) is tuple:
        _ask(view, given, moves)


def _praise_kind(name: object) -> PraiseKind:
    """The praise deal ``name`` names; a name no praise deal has raises ``ValueError`` (the view is refused)."""
    found = _PRAISE_KINDS.get(name) if isinstance(name, str) else None
    return found if found is not None else PraiseKind(name)


def _refuse(view: PlayerView, why: str) -> StateError:
    fields: Any = view  # read as a plain object: a compiled build would refuse a seat of the wrong kind
    seat = getattr(fields, "seat", None)  # a view missing its fields is refused too
    return StateError(f"determinize: no legal play gives this view of seat {table_text(seat)}: {why}")


#: How long, by default, ``determinize`` looks for a world before it gives up (seconds).
BUDGET = 60.0

#: The errors a view with fields of the wrong kinds can set off deep in the sampler; they mean the view is not legal.
_BAD_VIEW = (
    IndexError,
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    AssertionError,
    ZeroDivisionError,
    OverflowError,
)


#: The last view checked and its deal: a bot that samples twice for the same view checks it once.  One entry, held
#: by identity (views are immutable), so that it keeps alive no more than one view.
_CHECKED: tuple[PlayerView, Dealt] | None = None


def _remember(view: PlayerView, dealt: Dealt) -> None:
    global _CHECKED  # noqa: PLW0603 - a one-entry cache
    _CHECKED = (view, dealt)


#: The last view and tuple of moves checked together, and the moves as a set: a bot that samples twice for the same
#: view and moves checks them once.  One entry, held by identity (the view and the tuple are immutable).
_ASKED: tuple[PlayerView, tuple[object, ...], frozenset[Move]] | None = None


def _ask(view: PlayerView, moves: tuple[object, ...], wanted: frozenset[Move]) -> None:
    global _ASKED  # noqa: PLW0603 - a one-entry cache
    _ASKED = (view, moves, wanted)


def _wanted(view: PlayerView, moves: object) -> tuple[frozenset[Move] | None, bool]:
    """``moves`` as a set (None for None), and whether it is still to be checked against ``view`` (not where the
    last call had the same view and the same tuple of moves)."""
    if moves is None:
        return None, False
    asked = _ASKED
    if asked is not None and asked[0] is view and asked[1] is moves:
        return asked[2], False
    return _moves(moves), True


def dealt_by_drawing(view: PlayerView) -> bool:
    """Whether the view's hand is a praise deal dealt by drawing ("trousers", "pants double"), whose worlds cost far
    more to draw."""
    praise = view.praise
    return isinstance(praise, str) and praise in _DRAWN_NAMES  # a praise no deal has: refused by the view's checks


def determinize(
    view: PlayerView,
    rng: object,
    *,
    tries: object = None,
    moves: object = None,
    budget: object = BUDGET,
) -> GameState:
    """A whole state drawn at random among those that ``view`` allows: ``observe(world, view.seat) == view``.

    Every hidden card (other hands, stock, talon, face-down cards) is placed at random, consistently
    with what the view shows and what the rules let its seat infer; the world is one that legal play
    reaches, so play continues from it.  ``rng`` is a :class:`random.Random`; the same ``rng`` state
    gives the same world.

    Worlds are drawn one after another until one fits, for at most ``budget`` seconds (60 by
    default: views reached by legal play take about a millisecond, the drawing praise deals of
    ``pairs`` longer) and at most ``tries`` of them.  By default (``tries=None``) a view the engine
    made from a state (:func:`~kozel.observe`, a :class:`~kozel.ViewTracker`), which legal play
    reached, is given draws until the budget runs out, so that a world is found even where the
    fitting draws are rare (in house rules that hand many cards face down they can be one in
    thousands: a second or so); any other view is given 2000 draws (200 in a praise deal dealt by
    drawing, where each draw searches the drawing through) and at most 2 seconds of the budget
    (``EDITED_SECONDS`` of its module), so that an edited one is refused within a second or two; ``tries=``
    given lifts both (the budget still holds).  ``budget=math.inf`` (or any number past what a float holds)
    sets no limit of time (with ``tries=None``, a view the engine made is then drawn for until a
    world fits); a budget too small for the clock to time (below its resolution, or one that rounds
    to 0 s) raises :class:`~kozel.KozelError`.
    A view that no legal play gives raises
    :class:`~kozel.StateError` (a :class:`~kozel.KozelError`): at once where its fields do not fit
    together (a seat out of range, a card not in the deck, a praise deal with too few hands: the
    checks of :mod:`kozel.view.check`, which :func:`kozel.record.from_json` makes of a view document
    too, the message naming the field), else when the tries or the budget run out: then
    :class:`~kozel.NoWorldError`, the kind of StateError that says only that no world was found
    in time (what a bot may play around, where a broken view must not be).  Those field
    checks are made once per view object, and not at all for a view the engine made from a state
    (:func:`~kozel.observe`, a :class:`~kozel.ViewTracker`), whose fields fit together by
    construction; a view built by hand, changed with ``attrs.evolve``, copied, unpickled or read from
    JSON is checked.

    ``moves``, where given, are the seat's legal moves now (what a bot is handed with its view): the
    world must give the seat exactly these.  They can say more than the view, where a rule looks at
    the partner's hand: in ``seven_of_clubs`` an opener barred from trumps who holds only trumps
    must swap one with his partner only if the partner holds a plain card; in ``hammer_clubs`` a
    trump transfer needs a partner with enough plain cards; in ``six_of_clubs`` a redeal is called
    by a pair with no queen.  A move no world could give the seat (another seat's, a ``wait``, one of
    cards the seat does not hold), or no move at all for the seat to move (who always has one), raises
    :class:`~kozel.KozelError` at once; moves that are only
    not all of the seat's moves (a part of them, say) are found out when the draws or the budget
    run out.

    >>> import kozel, random
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> view = kozel.observe(state, 0)
    >>> world = kozel.determinize(view, random.Random(1))
    >>> kozel.observe(world, 0) == view and world.hands[0] == state.hands[0]
    True
    """
    if not isinstance(view, PlayerView):
        raise WrongTypeError(f"determinize needs a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise WrongTypeError(f"determinize draws with a random.Random, not {type(rng).__name__}")
    most = _tries(tries)
    seconds = _seconds(budget)
    wanted, fresh = _wanted(view, moves)
    checked = _CHECKED
    if checked is not None and checked[0] is view:
        dealt = checked[1]
    elif made_by_engine(view):  # made from a state: its fields fit together, and its history starts with the deal
        dealt = cast(Dealt, view.history[0])
        if most is None:
            most = _HUGE  # legal play reached it: a world fits, so draws go on until one does or the budget ends
    else:
        try:
            dealt = check_view(view)
        except StateError as error:
            raise _refuse(view, str(error)) from None
        except _BAD_VIEW as error:
            raise _refuse(view, f"a field of the wrong kind ({type(error).__name__}: {error})") from None
        _remember(view, dealt)
    capped = most is None  # a view the engine did not make, its draws not given: at most so many, and EDITED_SECONDS
    limit = (DRAWN_TRIES if dealt_by_drawing(view) else TRIES) if most is None else most
    if fresh:
        _check_moves(wanted, view, moves)
    within = min(seconds, EDITED_SECONDS) if capped else seconds
    state, drawn = _first_fit(view, rng, dealt, wanted, most=limit, deadline=time.perf_counter() + within)
    if state is not None:
        return state
    if drawn >= limit:
        spent = "tries"
    elif within < seconds:
        spent = f"{within:g} s given to a view the engine did not make"
    else:
        spent = f"{seconds:g} s budget"
    raise NoWorldError(_refuse(view, f"no world fits it in {drawn} draws (the {spent} ran out)").args[0])


def _first_fit(
    view: PlayerView, rng: random.Random, dealt: Dealt, wanted: frozenset[Move] | None, *, most: int, deadline: float
) -> tuple[GameState | None, int]:
    """The first world drawn that fits ``view`` (and gives the seat the ``wanted`` moves, where given), within ``most``
    draws and until ``deadline`` (one draw at least), and how many were drawn; None where none fitted."""
    drawn = 0
    while drawn < most and (drawn == 0 or time.perf_counter() < deadline):
        drawn += 1
        try:
            world = _World(view, rng, deadline)
            world.place_deal(dealt)
            world.follow()
            world.assign_the_rest()
            state = world.build(dealt)
            if state is None:
                continue
        except (_Failed, IllegalMoveError):
            continue
        except (StateError, DeckError) as error:
            raise _refuse(view, str(error)) from None
        except _BAD_VIEW as error:
            raise _refuse(view, f"its events do not fit together ({type(error).__name__}: {error})") from None
        if wanted is None or _same_moves(state, view, wanted):
            return state, drawn
    return None, drawn
