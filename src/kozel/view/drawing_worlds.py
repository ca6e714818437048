"""Worlds of the drawing praise deals ("trousers", "pants double"): hidden cards named as they are drawn.

In these deals the players draw from both ends of the deck and keep or lay each card by what it is,
so a deck order cannot be worked out backwards from where the cards ended up (as
:mod:`kozel.view.praise_orders` does for the other procedures).  Instead the drawing is run forward
here, card by card, by a copy of the engine's procedure (:mod:`kozel.engine.praise.drawing`), from a
deck whose never-drawn cards are still unnamed: each time an unnamed card is drawn, the search names
it.  It is a depth-first search that finds a world whenever the view has one:

- a card is named only as one the seat's whole history allows there: whose hand it may join (a card
  laid or later played by a player is one only he ever held; the seat's own cards are the ones it was
  shown; a card a player showed he lacks never joined his final hand; a hand holds as many trumps as
  a trump transfer made at once after the deal says), how many new cards each player is shown
  getting in the step, and, for the last card of a draw, what then follows (the card laid without a
  move that the view shows next, or the end of the step where the view says the next choice falls);
- before each choice, the cards still to be placed are checked to fit the room left in the hands that
  may end with them (Hall's condition over the sets of players); so are, at every card named, the
  cards of the kinds each hand must end with: the trumps a trump transfer made at once after the deal
  or later play says it holds, and where a player's last lay was made without a move, the cards he
  kept while drawing (every one of them a kind he keeps, for himself or his partner);
- once the drawing is done, the cards never drawn are dealt to the hands they may end in by a
  matching, so that a way is found whenever there is one;
- cards alike in everything the history and the procedure can tell (the same kind to keep or lay,
  the same known owner, the same hands allowed, shown to the seat in the same step) are one choice,
  and a draw that begins where another, alike up to such cards, began and led nowhere is not tried
  again: the search never tries what differs from a dead end only by the names of cards;
- a dead end backs up to the last choice; the search starts again from the beginning, with new random
  choices, each time it has named twice as many cards as before (so a bad early choice does not cost
  long), and it still finds a world whenever one exists, given the time.

Its random choices are the order in which it tries the cards a drawn card may be (the first one tried
is drawn at random among them, each equally likely; the next, where that led nowhere, at random among
the rest), the card another player laid face down unseen (likewise among those he could lay), and
the places of the cards never drawn.  So worlds are drawn at random and every world the view allows
can be drawn, but not with equal weight: a card is named the first time it is drawn, so a world that
gets there through more ways to fail is drawn less often than dealing at random and keeping the deals
that fit would draw it.  What the module returns is the deck order the world amounts to, the moves of
the drawing and the hands it ends with; :mod:`kozel.view.determinize` plays the moves with the engine
and compares every event with the view's.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from typing import Final

from kozel.cards.card import CARDS, Card, Rank
from kozel.cards.masks import BITS, RANK_MASKS, cards_of
from kozel.engine import apply_lay, drawn_positions, start_drawing
from kozel.engine.interned import singles
from kozel.engine.memo import remember
from kozel.engine.praise.drawing import _DARK_IN_TROUSERS, _DRAW, _LAYS, kept_cards
from kozel.game.log import append as log_append
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, stock_bytes
from kozel.rules.praise import PraiseKind
from kozel.rules.ruleset import Ruleset
from kozel.view import draws
from kozel.view.events import CardsDrawn, Event, Laid, Played, PraiseDealt
from kozel.view.praise_orders import fill_seats
from kozel.view.view import PlayerView

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_LAY_DARK: Final = MoveKind.LAY_DARK
_KIND_LAY_OPEN: Final = MoveKind.LAY_OPEN
_KIND_PRAISE: Final = MoveKind.PRAISE
_KIND_TRANSFER: Final = MoveKind.TRANSFER
_KIND_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK
_PRAISE_TROUSERS: Final = PraiseKind.TROUSERS

__all__ = ["DrawnDeal", "Known", "sample_drawing"]

#: How many cards the search names, at first, before it starts again with new random choices (then twice as many).
FIRST_LIMIT = 400
#: How many cards are named between two looks at the clock.
_CLOCK = 64
#: How many masks' classes a search remembers at once (see ``_Search.canon``).
_CANONS_LIMIT = 1 << 14

_LAY_KINDS = frozenset({MoveKind.LAY_DARK, MoveKind.LAY_OPEN})
_ACES = RANK_MASKS[Rank.ACE]

# What the search asks for next (``_Search.run``).
_FAIL, _NAME, _HIDDEN, _DONE = range(4)


class Known:
    """What the seat's whole history says about the drawing's outcome.

    ``targets`` gives, for a card known to be in a player's hand once the deal is done, that player;
    ``allowed`` gives per seat the cards his hand may hold then (all cards where nothing is known);
    ``dark`` and ``open`` are the face-down and face-up lays in order as ``(seat, card)``, once turned;
    ``guesses`` gives a player for some of the other cards, drawn at random among the ones allowed (kept for
    callers that pass them; the search does not need them).
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
        if kind is _PRAISE_TROUSERS:
            (plays,) = laid
            return cls(targets, allowed, plays[:_DARK_IN_TROUSERS], plays[_DARK_IN_TROUSERS:], guesses)
        dark, open_ = laid
        return cls(targets, allowed, dark, open_, guesses)


class DrawnDeal:
    """A drawing run to its end (or to where the view stands): the deck order it began from, its moves, the hands.

    ``hands`` are the hands (bitmasks) once the rest of the deck is dealt, or where the view stands inside the
    drawing; ``state``, the engine's state there, is worked out by playing the moves from the deck order when
    first asked for.
    """

    def __init__(self, order: tuple[Card, ...], moves: list[Move], hands: tuple[int, ...], waiting: GameState) -> None:
        self.order = order
        self.moves = moves
        self.hands = hands
        self._waiting = waiting
        self._state: GameState | None = None

    @property
    def state(self) -> GameState:
        """The engine's state after the moves, from the deck order (the world waiting for the praise)."""
        if self._state is None:
            state = self._waiting._replace(stock=self.order)  # type: ignore[call-arg]  # the stock by its cards
            for move in self.moves:
                log = log_append(state.log, move)
                if move.kind is _KIND_PRAISE:
                    state = start_drawing(state, PraiseKind(move.choice), log)
                else:
                    state = apply_lay(state, move, log)
            self._state = state
        return self._state


class _Step:
    """What the view shows of one move of the drawing and what it set off."""

    __slots__ = ("card", "counts", "dealt", "kind", "laid", "mine", "move", "seat")

    def __init__(self, group: Sequence[Event], viewer: int) -> None:
        played = group[0]
        if not isinstance(played, Played):
            raise _Unfit
        self.seat = played.seat
        self.kind = played.kind
        self.card: Card | None = played.cards[0] if played.cards else None
        self.move: Move | None = None
        if played.kind is _KIND_PRAISE:
            self.move = Move(played.seat, played.kind, (), played.choice)
        elif played.kind not in _LAY_KINDS or played.count != 1:
            raise _Unfit
        self.counts: dict[int, int] = {}  # cards each player got in the step, those laid at once too (none where none)
        self.mine = 0  # the seat's own new cards (those it laid at once too)
        self.laid: list[tuple[int, bool, Card | None]] = []  # the cards laid without a move, in order
        self.dealt: PraiseDealt | None = None
        for event in group[1:]:
            if isinstance(event, CardsDrawn):
                for owner, cards, count in event.drawn:
                    self.counts[owner] = count
                    if owner == viewer and cards is not None:
                        self.mine |= cards.mask
            elif isinstance(event, Laid):
                self.laid.append((event.seat, event.face_up, event.card))
            elif isinstance(event, PraiseDealt):
                self.dealt = event
            else:
                raise _Unfit


class _Unfit(Exception):
    """The view's events of the drawing are not the kinds a drawing gives."""


class _Restart(Exception):
    """The search has named as many cards as this round allows: start again with new random choices."""


class _OutOfTime(Exception):
    """The deadline has passed."""


class _Node:
    """The drawing part way: hands, the deck (unnamed cards as ``-1 - place``), what is laid, what the view
    has shown so far (the step, its laid cards matched), and the cards of the draw being taken in."""

    deck: list[int]
    free: int
    got: list[int]
    hands: list[int]
    laid: list[int]
    moves: list[Move]
    named: dict[int, Card]
    params: tuple[int, int, int, int | None, int] | None
    pending: int
    queue: list[int]
    shown: int
    start: tuple[int, ...]
    step: int
    begun: bool
    dark: list[tuple[int, Card]]
    open: list[tuple[int, Card]]

    __slots__ = (
        "begun",
        "dark",
        "deck",
        "free",
        "got",
        "hands",
        "laid",
        "moves",
        "named",
        "open",
        "params",
        "pending",
        "queue",
        "shown",
        "start",
        "step",
    )

    def copy(self) -> _Node:
        node = _Node.__new__(_Node)
        node.deck = list(self.deck)
        node.free = self.free
        node.hands = list(self.hands)
        node.got = list(self.got)
        node.laid = list(self.laid)
        node.moves = list(self.moves)
        node.named = dict(self.named)
        node.params = self.params
        node.pending = self.pending
        node.queue = list(self.queue)
        node.shown = self.shown
        node.start = self.start
        node.step = self.step
        node.begun = self.begun
        node.dark = list(self.dark)
        node.open = list(self.open)
        return node


class _Search:
    """The drawing of a view searched for, depth first, card by card (see the module's docstring)."""

    def __init__(
        self,
        *,
        waiting: GameState,
        view: PlayerView,
        steps: list[_Step],
        known: Known,
        rng: random.Random,
        deadline: float,
    ) -> None:
        rules = waiting.ruleset
        self.waiting = waiting
        self.view = view
        self.viewer = view.seat
        self.steps = steps
        self.rng = rng
        self.deadline = deadline
        self.players = players = rules.players
        self.boasting = boasting = (waiting.dealer + 1) % players
        first = steps[0].move
        assert first is not None
        assert first.choice is not None
        self.kind = kind = PraiseKind(first.choice)
        self.lays = _LAYS[kind]
        self.count = _DRAW[kind]
        self.keep = rules.dealing.hand_size - self.lays
        self.goods = [kept_cards(waiting.table, seat, boasting) for seat in range(players)]
        self.partners = [rules.seating.partner(seat) for seat in range(players)]
        self.deck_mask = sum([BITS[index] for index in stock_bytes(waiting)])
        self.dark_known = list(known.dark) if known.dark is not None else None
        self.open_known = list(known.open) if known.open is not None else None
        self.past = known.dark is not None  # the drawing is done in the view: every lay and hand is known
        targets = self.owners(known)
        # The trumps a final hand may hold, where a trump transfer made at once after the deal tells: as pairs
        # (trumps that count card points, trumps that do not), None where nothing is known.
        self.holds = _transfer_holds(view, steps, rules, self.keep) if self.past else [None] * players
        self.bounded = any(holds is not None for holds in self.holds)
        trumps = waiting.table.trump_mask & ~self.laid_mask
        self.counted = trumps & rules.points.counted
        self.uncounted = trumps & ~self.counted
        self.demands = self.least_kept(trumps) if self.past else []
        self.sort_cards(targets)
        # Hall's condition over the sets of players: each set, and the cards only its players' hands may end with.
        self.subsets = []
        for subset in range(1, 1 << players):
            members = [seat for seat in range(players) if subset >> seat & 1]
            outside = 0
            for seat in range(players):
                if seat not in members:
                    outside |= self.finals[seat]
            self.subsets.append((members, outside))
        self.named_cards = 0
        self.limit = 0
        self.dealt: tuple[int, ...] = ()  # the hands the closing deal gives, once found
        self.dead: set[tuple[object, ...]] = set()  # keys of nodes from which no world follows

    def owners(self, known: Known) -> dict[Card, int]:
        """Who lays which card (``laid_by``), who ends with which (returned), and so whose hand may take each."""
        viewer = self.viewer
        laid_by = dict(known.laid_by)
        targets = dict(known.targets)
        for card in self.view.hand:  # the seat's own cards stay with it from the moment it gets them
            targets.setdefault(card, viewer)
        for number, step in enumerate(self.steps):
            if number and step.card is not None:
                laid_by.setdefault(step.card, step.seat)
            for who, _, shown in step.laid:
                if shown is not None:
                    laid_by.setdefault(shown, who)
            mine = step.dealt.hands[viewer] if step.dealt is not None else None
            if mine is not None:
                for held in mine:
                    targets.setdefault(held, viewer)
        self.laid_by = laid_by
        self.laid_mask = laid_mask = sum(BITS[card] for card in laid_by)
        # The cards each player's hand may take in: the ones he lays, else the ones no one else ends with (and,
        # once the drawing is done in the view, that his final hand may hold).
        target_masks = [0] * self.players
        for card, seat in targets.items():
            if BITS[card] & laid_mask and laid_by[card] != seat:
                raise _Unfit
            target_masks[seat] |= BITS[card]
        everyone = sum(target_masks)
        self.target_masks = [mask & ~laid_mask for mask in target_masks]
        self.joins = []
        self.finals = []
        for seat in range(self.players):
            others = everyone & ~target_masks[seat]
            allowed = known.allowed[seat] if self.past else self.deck_mask
            final = allowed & self.deck_mask & ~laid_mask & ~others
            self.finals.append(final)
            self.joins.append(final | sum(BITS[card] for card, owner in laid_by.items() if owner == seat))
        # The cards the seat may be seen getting in each step: the new cards it is shown (those it lays at once too).
        self.mine_ok = [step.mine for step in self.steps]
        return targets

    def least_kept(self, trumps: int) -> list[list[tuple[int, int]]]:
        """Per seat, at least how many cards of which kinds his final hand holds (as pairs: count, mask), by what the
        drawing keeps: a trump transfer's bound, the trumps he is known to end with, and the cards he kept drawing.

        Every card a player takes in while drawing is one he keeps (his own kind, or his partner's, for whom he
        takes it) or one to lay; where his last lay is made without a move, he had just that one left to lay, so
        every card he ends the drawing with is one of the kinds kept.  The new cards the view shows him getting,
        less the cards he lays, are then kept cards (at least: some of the cards he lays he may have held before)."""
        players = self.players
        shown = [0] * players
        lays = [0] * players
        last_free = [False] * players  # his last lay was made without a move
        for number, step in enumerate(self.steps):
            if number:  # every step but the first (the praise) is a lay by a move
                lays[step.seat] += 1
                last_free[step.seat] = False
            for who, _, _ in step.laid:
                lays[who] += 1
                last_free[who] = True
            if step.dealt is None:  # the last step's counts hold the closing deal's cards too
                for who, count in step.counts.items():
                    shown[who] += count
        demands: list[list[tuple[int, int]]] = []
        for seat in range(players):
            own: list[tuple[int, int]] = []
            holds = self.holds[seat]
            if holds is not None:
                own.append((min(most + other for most, other in holds), trumps))
            known = (self.target_masks[seat] & trumps).bit_count()
            if known:
                own.append((known, trumps))
            if last_free[seat] and shown[seat] > lays[seat]:
                kept = self.goods[seat] | self.goods[self.partners[seat]]
                own.append((shown[seat] - lays[seat], kept & ~self.laid_mask))
            demands.append(own)
        return demands if any(demands) else []

    def sort_cards(self, targets: dict[Card, int]) -> None:
        """Cards alike in everything the search can tell are one choice: a class of cards for each."""
        mine_step = {card: number for number, step in enumerate(self.steps) for card in cards_of(step.mine)}
        trumps = self.waiting.table.trump_mask
        classes: dict[tuple[object, ...], int] = {}
        self.class_masks: list[int] = []
        self.named_class = [0] * len(CARDS)  # each card's class
        # A card's class as a digit of a number in base 64 (no class has 64 cards): ``canon`` adds them up.
        self.weights = [0] * len(CARDS)
        self.canons: dict[int, int] = {}  # ``canon`` of each mask met, for this search
        for card in cards_of(self.deck_mask):
            bit = BITS[card]
            key = (
                card if bit & self.laid_mask else None,
                bool(bit & trumps),
                bool(bit & _ACES),
                tuple(bool(join & bit) for join in self.joins),
                tuple(bool(final & bit) for final in self.finals),
                mine_step.get(card),
                targets.get(card),
                bool(bit & self.counted) if self.bounded else None,
            )
            number = classes.setdefault(key, len(classes))
            if number == len(self.class_masks):
                self.class_masks.append(0)
            self.class_masks[number] |= bit
            self.named_class[card] = number
            self.weights[card] = 1 << (6 * number)

    # -- the search -------------------------------------------------------------------------------------------

    def root(self) -> _Node:
        node = _Node()
        waiting = self.waiting
        node.deck = [-1 - place for place in range(len(stock_bytes(waiting)))]
        node.free = self.deck_mask
        node.hands = list(waiting.hand_masks)
        node.laid = [0] * self.players
        first = self.steps[0].move
        assert first is not None
        node.moves = [first]
        node.named = {}
        node.params = None
        node.pending = 0
        node.queue = []
        node.shown = 0
        node.start = tuple(node.hands)
        node.got = [0] * self.players
        node.step = 0
        node.begun = False
        node.dark = []
        node.open = []
        return node

    def solve(self, node: _Node) -> _Node | None:
        """A world that the drawing from ``node`` on can reach (the node it ends in), or None where none can."""
        status = self.run(node)
        if status is _FAIL:
            return None
        if status is _DONE:
            return node if self.place_the_rest(node) else None
        # Where a draw begins (its first card to be named) or a hidden lay is named, the cards left are checked to
        # fit the hands, and the node is looked up among the dead ones (and remembered, if it leads nowhere).
        # Where some hand must end with cards of some kind (``demands``: trumps a transfer or later play binds it to,
        # cards kept drawing), they are checked at every card named too: the card that hands the last card of such
        # a kind a hand could still take to another player ends the try there.
        key = None
        if self.demands and status is _NAME and not node.begun and not self.room_for_the_rest(node):
            return None
        if status is _HIDDEN or node.begun:
            if self.past and not self.room_for_the_rest(node):
                return None
            key = self.key(node, status)
            if key in self.dead:
                return None
        rng = self.rng
        pool = self.nameable(node) if status is _NAME else node.pending
        options = [
            (mask & pool, rng.random() ** (1.0 / (mask & pool).bit_count())) for mask in self.class_masks if mask & pool
        ]
        options.sort(key=lambda option: option[1], reverse=True)
        last = len(options) - 1
        for number, (mask, _) in enumerate(options):
            self.named_cards += 1
            if self.named_cards > self.limit:
                raise _Restart
            if not self.named_cards % _CLOCK and time.perf_counter() > self.deadline:
                raise _OutOfTime
            card = draws.choice(rng, cards_of(mask))
            child = node.copy() if number < last else node  # the last try needs no copy: nothing is tried after it
            if status is _NAME:
                place = -1 - child.queue[0]
                child.queue[0] = card
                child.named[place] = card
                child.free &= ~BITS[card]
                child.begun = False
            elif not self.lay_chosen(child, card):
                continue
            found = self.solve(child)
            if found is not None:
                return found
        if key is not None:
            self.dead.add(key)
        return None

    def key(self, node: _Node, status: int) -> tuple[object, ...]:
        """``node`` up to cards that are alike: nodes with the same key lead to worlds alike, or to none."""
        pending = node.pending
        holding = []
        for hand, before in zip(node.hands, node.start, strict=True):
            rest = hand & ~pending
            holding.append(self.canon(rest & before))
            holding.append(self.canon(rest & ~before))
        start = node.start[(self.boasting + node.step) % self.players] if node.step < self.players else 0
        named = self.named_class
        return (
            status,
            len(node.moves),
            node.step,
            node.shown,
            self.canon(pending & start),
            self.canon(pending & ~start),
            tuple(holding),
            tuple(map(self.canon, node.got)),
            tuple(named[card] if card >= 0 else -1 for card in node.deck),
            tuple(named[card] if card >= 0 else -1 for card in node.queue),
            tuple(node.laid),
            tuple(node.dark),
            tuple(node.open),
        )

    def canon(self, mask: int) -> int:
        """How many cards of each class ``mask`` holds, as one number: the same for masks alike.

        Remembered by mask for the search (the same hands come back at node after node), up to
        ``_CANONS_LIMIT`` masks at once.
        """
        found = self.canons.get(mask)
        if found is None:
            found = remember(self.canons, mask, sum(map(self.weights.__getitem__, cards_of(mask))), _CANONS_LIMIT)
        return found

    def nameable(self, node: _Node) -> int:
        """The never-drawn cards the card now drawn may be without the history ruling it out at once."""
        seat, good, room, partner, least = node.params  # type: ignore[misc]
        hands = node.hands
        held = hands[seat].bit_count()
        keeper: int | None = None  # where a card he keeps goes: his hand, his partner's, or back under the deck
        if held < room and (held - node.pending.bit_count() < self.keep or held < least):
            keeper = seat
            kept = self.welcome(node, seat)
        elif partner is not None and hands[partner].bit_count() < self.keep:
            keeper = partner
            kept = self.welcome(node, partner)
        else:
            kept = -1
        laid = -1
        if held < room:
            laid = self.welcome(node, seat) & self.next_lay(node, seat)
        if len(node.queue) == 1:  # the draw's last card: after it, his turn may end
            kept &= self.draw_end(node, seat, keeper, pending=False)
            laid &= self.draw_end(node, seat, seat if held < room else None, pending=held < room)
        return node.free & ((good & kept) | (~good & laid))

    def draw_end(self, node: _Node, seat: int, receiver: int | None, *, pending: bool) -> int:
        """The cards the last card of a draw may be, as far as what then follows tells: it goes to ``receiver``
        (None: back under the deck), among the drawer's cards to lay if ``pending``.  Where the drawer then holds
        enough to lay, he lays without a move (the view shows it next) or has a choice (the step ends: every new
        card it shows must be in, and the card he lays next one he may lay)."""
        waiting = node.pending.bit_count() + pending
        if waiting < self.lays - node.laid[seat]:
            return -1  # he draws on
        number = len(node.moves) - 1
        step = self.steps[number]
        if waiting == 1:  # he lays his one card without a move: the view shows that lay next
            if node.shown >= len(step.laid):
                return 0
            who, face_up, card = step.laid[node.shown]
            if card is None and not face_up and self.dark_known is not None and len(node.dark) < len(self.dark_known):
                card = self.dark_known[len(node.dark)][1]
            if who != seat or card is None:
                return -1 if who == seat else 0
            if pending:
                return BITS[card]
            return -1 if node.pending & BITS[card] else 0
        if step.dealt is not None or node.shown != len(step.laid):
            return 0
        hands = node.hands
        for who, got in enumerate(node.got):
            if got.bit_count() + (who == receiver) != step.counts.get(who, 0):
                return 0
        mask = step.mine & ~node.got[self.viewer] if receiver == self.viewer else -1
        if number == len(self.steps) - 1:  # where the view stands
            view = self.view
            sizes = tuple(hand.bit_count() + (who == receiver) for who, hand in enumerate(hands))
            stock = len(node.deck) + (receiver is None)
            return mask if (seat, sizes, stock) == (view.turn, view.hand_sizes, view.stock_size) else 0
        after = self.steps[number + 1]
        trousers = self.kind is _PRAISE_TROUSERS
        face_up = node.step >= _DARK_IN_TROUSERS if trousers else any(who == seat for who, _ in node.dark)
        if after.seat != seat or after.kind is not (_KIND_LAY_OPEN if face_up else _KIND_LAY_DARK):
            return 0
        card = after.card
        if card is None and not face_up and self.dark_known is not None and len(node.dark) < len(self.dark_known):
            card = self.dark_known[len(node.dark)][1]
        if card is not None and not node.pending & BITS[card]:
            if not pending:
                return 0
            mask &= BITS[card]
        return mask

    def next_lay(self, node: _Node, seat: int) -> int:
        """The cards the drawing ``seat`` may take in as cards to lay, by what the view shows of his next lay.

        Where he lays his last card without a move, and the view names it, no other card he may lay can come
        before it: with one waiting he would lay that one, with two he would have a choice to make."""
        if self.lays - node.laid[seat] != 1:
            return -1
        step = self.steps[len(node.moves) - 1]
        if node.shown >= len(step.laid):
            return -1  # he lays by a move, or the step ends before
        who, face_up, card = step.laid[node.shown]
        if who != seat:
            return 0
        if card is None and not face_up and self.dark_known is not None and len(node.dark) < len(self.dark_known):
            card = self.dark_known[len(node.dark)][1]
        return BITS[card] if card is not None else -1

    def welcome(self, node: _Node, seat: int) -> int:
        """The cards that may join ``seat``'s hand now, as far as the history tells at once."""
        number = len(node.moves) - 1
        step = self.steps[number]
        joins = self.joins[seat]
        if self.holds[seat] is not None:
            joins &= self.trumps_taken(node.hands[seat], seat)
        if seat == self.viewer:
            return joins & self.mine_ok[number]
        return joins if node.got[seat].bit_count() < step.counts.get(seat, 0) else 0

    def run(self, node: _Node) -> int:
        """The drawing played on from ``node`` (changed in place) until a card is to be named: what is asked."""
        hands = node.hands
        players = self.players
        while True:
            if node.queue:
                card = node.queue[0]
                if card < 0:
                    return _NAME
                del node.queue[0]
                if not self.take_in(node, CARDS[card]):
                    return _FAIL
                continue
            if node.step >= players:
                return _DONE if self.ends_well(node) else _FAIL
            seat = (self.boasting + node.step) % players
            due = self.lays - node.laid[seat]
            if not due:
                node.step += 1
                node.pending = 0
                continue
            room = self.keep + due
            waiting = node.pending.bit_count()
            if waiting >= due:
                if waiting == 1:
                    if not self.lay(node, seat, cards_of(node.pending)[0], by_move=False):
                        return _FAIL
                    continue
                status = self.choice(node, seat)
                if status is not None:
                    return status
                continue
            good = self.goods[seat]
            in_deck = node.free
            for card in node.deck:
                if card >= 0:
                    in_deck |= 1 << card
            held = hands[seat].bit_count()
            short = not in_deck & ~good  # no card left in the deck that he may lay
            if held >= room or (short and held >= due):
                layable = hands[seat] & ~good
                node.pending = layable if layable.bit_count() >= due else hands[seat]
                continue
            if not node.deck:
                return _FAIL
            partner = self.partners[seat]
            waits = (partner - self.boasting) % players > node.step
            node.params = (seat, good, room, partner if waits else None, due if short else 0)
            deck = node.deck
            places = drawn_positions(len(deck), self.count)
            node.queue = [deck[place] for place in places]
            node.begun = True
            taken = set(places)
            node.deck = [card for place, card in enumerate(deck) if place not in taken]

    def take_in(self, node: _Node, card: Card) -> bool:
        """The engine's ``_draw`` for one card: into the drawer's hand, to his partner, or back under the deck."""
        seat, good, room, partner, least = node.params  # type: ignore[misc]
        hands = node.hands
        bit = BITS[card]
        held = hands[seat].bit_count()
        if good & bit and held < room and (held - node.pending.bit_count() < self.keep or held < least):
            return self.join(node, seat, card)
        if not good & bit and held < room:
            node.pending |= bit
            return self.join(node, seat, card)
        if good & bit and partner is not None and hands[partner].bit_count() < self.keep:
            return self.join(node, partner, card)
        node.deck.append(card)
        return True

    def join(self, node: _Node, seat: int, card: Card) -> bool:
        """``card`` joins ``seat``'s hand: whether the history allows it."""
        bit = BITS[card]
        if not self.joins[seat] & bit:
            return False
        if self.holds[seat] is not None and not self.trumps_taken(node.hands[seat], seat) & bit:
            return False
        node.hands[seat] |= bit
        node.got[seat] = got = node.got[seat] | bit
        number = len(node.moves) - 1
        step = self.steps[number]
        if seat == self.viewer:
            return not got & ~self.mine_ok[number]
        return got.bit_count() <= step.counts.get(seat, 0)

    def lay(self, node: _Node, seat: int, card: Card, *, by_move: bool) -> bool:
        """``seat`` lays ``card`` (the move of the step, or without one): whether the history allows it."""
        trousers = self.kind is _PRAISE_TROUSERS
        face_up = node.step >= _DARK_IN_TROUSERS if trousers else any(who == seat for who, _ in node.dark)
        if not by_move:
            step = self.steps[len(node.moves) - 1]
            if node.shown >= len(step.laid):
                return False
            who, up, shown = step.laid[node.shown]
            if who != seat or up != face_up or (shown is not None and shown != card):
                return False
            node.shown += 1
        row, whole = (node.open, self.open_known) if face_up else (node.dark, self.dark_known)
        if whole is not None and (len(row) >= len(whole) or whole[len(row)] != (seat, card)):
            return False
        if self.laid_by.get(card, seat) != seat:
            return False
        bit = BITS[card]
        node.hands[seat] &= ~bit
        node.pending &= ~bit
        row.append((seat, card))
        node.laid[seat] += 1
        if by_move:
            kind = _KIND_LAY_OPEN if face_up else _KIND_LAY_DARK
            node.moves.append(singles(seat, kind)[card])  # the engine's shared one-card move
        return True

    def step_shown(self, node: _Node, number: int) -> bool:
        """Whether the step ``number`` ends as the view shows it (new cards of each player, every lay shown)."""
        step = self.steps[number]
        if step.dealt is not None or node.shown != len(step.laid):
            return False
        for seat, got in enumerate(node.got):
            if got.bit_count() != step.counts.get(seat, 0) or (seat == self.viewer and got != step.mine):
                return False
        return True

    def choice(self, node: _Node, seat: int) -> int | None:
        """``seat`` has a choice to make: the step ends; the next one's move is played (None: play goes on)."""
        number = len(node.moves) - 1
        if not self.step_shown(node, number):
            return _FAIL
        if number == len(self.steps) - 1:  # where the view stands
            view = self.view
            sizes = tuple(hand.bit_count() for hand in node.hands)
            fits = (seat, sizes, len(node.deck)) == (view.turn, view.hand_sizes, view.stock_size)
            return _DONE if fits else _FAIL
        step = self.steps[number + 1]
        trousers = self.kind is _PRAISE_TROUSERS
        face_up = node.step >= _DARK_IN_TROUSERS if trousers else any(who == seat for who, _ in node.dark)
        if step.seat != seat or step.kind is not (_KIND_LAY_OPEN if face_up else _KIND_LAY_DARK):
            return _FAIL
        node.start = tuple(node.hands)
        node.got = [0] * self.players
        node.shown = 0
        card = step.card
        if card is None and not face_up and self.dark_known is not None and len(node.dark) < len(self.dark_known):
            card = self.dark_known[len(node.dark)][1]
        if card is None:
            return _HIDDEN  # a card laid face down unseen: named by the search among those he may lay
        return None if self.lay_chosen(node, card) else _FAIL

    def lay_chosen(self, node: _Node, card: Card) -> bool:
        """The step's move: the drawing player lays ``card``, one of those he may lay."""
        seat = (self.boasting + node.step) % self.players
        return bool(node.pending & BITS[card]) and self.lay(node, seat, card, by_move=True)

    def ends_well(self, node: _Node) -> bool:
        """Everyone has laid: whether the view's last step is the one that ended the drawing, as shown."""
        number = len(node.moves) - 1
        step = self.steps[number]
        if number != len(self.steps) - 1 or step.dealt is None or node.shown != len(step.laid):
            return False
        # What each seat got in the last step: its draws, and the closing deal's cards that fill its hand.
        return all(
            got.bit_count() + self.keep - hand.bit_count() == step.counts.get(seat, 0)
            for seat, (got, hand) in enumerate(zip(node.got, node.hands, strict=True))
        )

    def room_for_the_rest(self, node: _Node) -> bool:
        """Whether the cards not yet in a final hand fit the room left in the hands that may end with them."""
        laid = self.laid_mask
        room = [self.keep - (hand & ~laid).bit_count() for hand in node.hands]
        if min(room) < 0:
            return False
        held = 0
        for hand in node.hands:
            held |= hand
        rest = self.deck_mask & ~held & ~laid
        for members, outside in self.subsets:
            space = 0
            for seat in members:
                space += room[seat]
            if (rest & ~outside).bit_count() > space:
                return False
        if self.demands and not self.kept_fits(node, rest):
            return False
        if self.bounded:  # the trumps a hand may end with, and the other cards, can still come
            counted, uncounted = self.counted, self.uncounted
            plain = ~(counted | uncounted)
            for seat, holds in enumerate(self.holds):
                if holds is None:
                    continue
                coming = self.target_masks[seat] & rest  # cards he is known to end with, still to come
                hand = (node.hands[seat] | coming) & ~laid
                now = (hand & counted).bit_count(), (hand & uncounted).bit_count(), (hand & plain).bit_count()
                final = self.finals[seat] & rest & ~coming
                more = (final & counted).bit_count(), (final & uncounted).bit_count(), (final & plain).bit_count()
                if not any(_reachable(self.keep, one, now, more) for one in holds):
                    return False
        return True

    def kept_fits(self, node: _Node, rest: int) -> bool:
        """Whether the cards still to come can give every hand as many of the kinds it must end with (``demands``)
        as it lacks: Hall's condition over the sets of players, each taking the kind he lacks most of."""
        laid = self.laid_mask
        wants: list[tuple[int, int]] = []
        for seat, own in enumerate(self.demands):
            best = 0
            pool = 0
            hand = node.hands[seat] & ~laid
            for count, mask in own:
                need = count - (hand & mask).bit_count()
                if need > best:
                    best = need
                    pool = mask & rest & self.finals[seat]
            if best:
                # the cards he must end with that are not of the kind, still to come, and these, fit his room
                others = (self.target_masks[seat] & rest & ~pool).bit_count()
                if best > pool.bit_count() or best + others > self.keep - hand.bit_count():
                    return False
                wants.append((best, pool))
        if len(wants) > 1:
            for subset in range(3, 1 << len(wants)):
                if subset & (subset - 1) == 0:
                    continue
                total = 0
                pool = 0
                for number, (need, mask) in enumerate(wants):
                    if subset >> number & 1:
                        total += need
                        pool |= mask
                if total > pool.bit_count():
                    return False
        return True

    def place_the_rest(self, node: _Node) -> bool:
        """Name the cards never drawn: dealt to the hands that may end with them (the drawing done), else at
        random (the view stands inside the drawing)."""
        deck = node.deck
        places = [index for index, card in enumerate(deck) if card < 0]
        cards = list(cards_of(node.free))
        draws.shuffle(self.rng, cards)
        if not self.past:
            for index, card in zip(places, cards, strict=True):
                node.named[-1 - deck[index]] = card
            node.free = 0
            return True
        counts = [hand.bit_count() for hand in node.hands]
        seats = fill_seats(counts, len(deck), self.boasting, self.keep)
        for index, item in enumerate(deck):
            if item >= 0 and not self.finals[seats[index]] & (1 << item):
                return False
        wanted = [0] * self.players
        for index in places:
            wanted[seats[index]] += 1
        owner = self.deal_out(node, cards, wanted, [seats[index] for index, item in enumerate(deck) if item >= 0])
        if owner is None:
            return False
        spots: list[list[int]] = [[] for _ in range(self.players)]
        for index in places:
            spots[seats[index]].append(index)
        dealt = list(node.hands)
        for index, item in enumerate(deck):
            if item >= 0:
                dealt[seats[index]] |= 1 << item
        for card, seat in zip(cards, owner, strict=True):
            node.named[-1 - deck[spots[seat].pop()]] = card
            dealt[seat] |= BITS[card]
        node.free = 0
        self.dealt = tuple(dealt)
        return True

    def trumps_taken(self, hand: int, seat: int) -> int:
        """The cards ``seat``'s hand may still take in, as far as the trumps it may end with tell (all but trumps
        of a kind he already holds as many of as he may)."""
        holds = self.holds[seat]
        assert holds is not None
        coming = self.target_masks[seat]  # the cards he is known to end with count already
        hand |= coming
        counted = (hand & self.counted).bit_count()
        uncounted = (hand & self.uncounted).bit_count()
        taken = -1
        if not any(most >= counted + 1 and other >= uncounted for most, other in holds):
            taken &= ~self.counted
        if not any(most >= counted and other >= uncounted + 1 for most, other in holds):
            taken &= ~self.uncounted
        return taken | coming

    def deal_out(
        self, node: _Node, cards: Sequence[Card], wanted: Sequence[int], put_back: Sequence[int]
    ) -> list[int] | None:
        """A player for each of ``cards`` (``wanted[seat]`` each) that his final hand may hold, keeping every
        hand's trumps to what the history allows (``put_back``: who gets each card put back under the deck)."""
        if not self.bounded:
            return _match(cards, wanted, self.finals, self.rng)
        counted, uncounted = self.counted, self.uncounted
        final = list(node.hands)
        for seat, card in zip(put_back, (card for card in node.deck if card >= 0), strict=True):
            final[seat] |= 1 << card
        # A hand whose trumps are known in number takes its new cards in three parts (trumps that count points,
        # trumps that do not, other cards); every way of splitting them is tried, in a random order.
        choices: list[list[tuple[int, int] | None]] = []
        for seat, holds in enumerate(self.holds):
            if holds is None:
                choices.append([None])
                continue
            hand = final[seat] & ~self.laid_mask
            have = (hand & counted).bit_count(), (hand & uncounted).bit_count()
            ways: list[tuple[int, int] | None] = []
            for most, other in sorted(holds):
                more = most - have[0], other - have[1]
                if min(more) >= 0 and sum(more) <= wanted[seat]:
                    ways.append(more)
            draws.shuffle(self.rng, ways)
            choices.append(ways)
        for split in itertools.product(*choices):
            parts: list[tuple[int, int]] = []
            counts: list[int] = []
            for seat, extra in enumerate(split):
                finals = self.finals[seat]
                if extra is None:
                    parts.append((seat, finals))
                    counts.append(wanted[seat])
                else:
                    parts += [
                        (seat, finals & counted),
                        (seat, finals & uncounted),
                        (seat, finals & ~counted & ~uncounted),
                    ]
                    counts += [extra[0], extra[1], wanted[seat] - extra[0] - extra[1]]
            owner = _match(cards, counts, [mask for _, mask in parts], self.rng)
            if owner is not None:
                return [parts[part][0] for part in owner]
        return None

    # -- the world ------------------------------------------------------------------------------------------------

    def world(self, node: _Node) -> DrawnDeal:
        """The deck order, moves and hands of ``node``'s drawing (the engine plays them again in the world)."""
        order = tuple(node.named[place] for place in range(len(stock_bytes(self.waiting))))
        hands = self.dealt if self.past else tuple(node.hands)
        return DrawnDeal(order, node.moves, hands, self.waiting)


def _transfer_holds(
    view: PlayerView, steps: Sequence[_Step], rules: Ruleset, size: int
) -> list[frozenset[tuple[int, int]] | None]:
    """The trumps each hand may hold once a drawing deal is dealt, by the trump transfers made at once after it,
    as pairs (trumps that count card points, trumps that do not); None where they tell nothing.

    The giver held as many as he handed over, or (where the rule allows) two of which only the one handed
    over counts points; his partner held enough other cards to give back."""
    holds: list[frozenset[tuple[int, int]] | None] = [None] * rules.players
    rule = rules.transfer
    dealt = steps[-1].dealt
    if rule is None or dealt is None:
        return holds
    history = view.history
    start = next((number for number, event in enumerate(history) if event is dealt), len(history))

    def bind(seat: int, allowed: set[tuple[int, int]]) -> None:
        known = holds[seat]
        holds[seat] = frozenset(allowed) if known is None else known & allowed

    for event in history[start + 1 :]:
        if not isinstance(event, Played) or event.kind not in (_KIND_TRANSFER, _KIND_TRANSFER_BACK):
            break
        if event.kind is _KIND_TRANSFER:
            count = event.count
            held = {(most, count - most) for most in range(count + 1)} if count in rule.counts else set()
            if rule.point_trump_of_two and count == 1 and 2 not in rule.counts:
                held.add((1, 1))  # two trumps, the one handed over the only one that counts points
            bind(event.seat, held)
            if not rule.trump_back_if_no_plain:
                bind(
                    rules.seating.partner(event.seat),
                    {(most, other) for most in range(size + 1) for other in range(size + 1 - count - most)},
                )
    return holds


def _reachable(size: int, final: tuple[int, int], now: tuple[int, int, int], more: tuple[int, int, int]) -> bool:
    """Whether a hand holding ``now`` (trumps that count points, other trumps, other cards) can end with ``final``
    trumps of the two kinds and ``size`` cards in all, with at most ``more`` of each kind still to come."""
    plain = size - final[0] - final[1]
    wants = (final[0] - now[0], final[1] - now[1], plain - now[2])
    return all(0 <= want <= extra for want, extra in zip(wants, more, strict=True))


def _match(cards: Sequence[Card], wanted: Sequence[int], finals: Sequence[int], rng: random.Random) -> list[int] | None:
    """A player for each of ``cards``, ``wanted[seat]`` cards each, each card one his final hand may hold (the
    players tried in a random order, so that a card that may go to several does not always go to the same)."""
    players = len(wanted)
    seats = list(range(players))
    draws.shuffle(rng, seats)
    owner: list[int] = [-1] * len(cards)
    held: list[list[int]] = [[] for _ in range(players)]

    def place(number: int, seen: set[int]) -> bool:
        bit = BITS[cards[number]]
        for seat in seats:
            if not finals[seat] & bit or seat in seen:
                continue
            seen.add(seat)
            if len(held[seat]) < wanted[seat]:
                held[seat].append(number)
                owner[number] = seat
                return True
            for other in list(held[seat]):
                held[seat].remove(other)
                if place(other, seen):
                    held[seat].append(number)
                    owner[number] = seat
                    return True
                held[seat].append(other)
        return False

    for number in range(len(cards)):
        if not place(number, set()):
            return None
    return owner


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
    world waiting for the praise; None when no drawing gives them (the search has tried every way), or at
    ``deadline`` (a :func:`time.perf_counter` time)."""
    try:
        steps = [_Step(group, view.seat) for group in groups]
        if not steps or steps[0].move is None or steps[0].move.choice is None:
            return None
        search = _Search(waiting=waiting, view=view, steps=steps, known=known, rng=rng, deadline=deadline)
    except (_Unfit, ValueError, KeyError):
        return None
    search.limit = FIRST_LIMIT
    while True:
        search.named_cards = 0
        try:
            found = search.solve(search.root())
        except _Restart:
            search.limit *= 2
            continue
        except _OutOfTime:
            return None
        return search.world(found) if found is not None else None
