"""The praise deals run backwards: a deck order from which a procedure deals the given hands and tricks.

A search bot that samples the hidden cards of a praise deal (``kozel.determinize``) knows where
every card ended up and needs a deck order that the procedure of :mod:`kozel.engine.praise.procedures` turns
into exactly that.  For the procedures that deal by position (regular, one by one, fishing, on a
merry) the order follows from running the procedure on marked cards; each hand's cards lie in its
positions in card order, since which of them lay where is something no seat sees and no later play
reads.  The procedures that look at the cards (mirror, "trump yourself") are undone step by step:
how many trumps each player kept is drawn at random among the counts his hand allows; where a mirror
cut would go on taking the trump that lies above the trumps it took, that trump changes places with
a plain card dealt to the same seat; an order that the procedure would still not turn into this deal
is refused (None), so the caller draws again.  The drawing deals (trousers, pants double) are not
undone here: their worlds are drawn forward (:mod:`kozel.view.drawing_worlds`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from kozel.cards.card import CARDS, Card
from kozel.cards.masks import BITS, EVERY_CARD, cards_of, iter_bits
from kozel.engine import apply, cut_bottom, fill
from kozel.engine.memo import remember
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, stock_bytes
from kozel.rules.praise import PraiseKind
from kozel.view import draws

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_PRAISE: Final = MoveKind.PRAISE
_PRAISE_TRUMP_YOURSELF: Final = PraiseKind.TRUMP_YOURSELF

__all__ = ["by_position", "dealt_limits", "fill_seats", "praise_order", "undone"]

#: A seat's cards are marked with bits above every card's, so that counting them never mixes with the deck's.
_MARK_SHIFT: Final = 40
_MARK_WIDTH: Final = 16


def marked_hands(counts: Sequence[int]) -> list[int]:
    """Stand-in hands holding ``counts`` cards each, in bits no card uses."""
    return [((1 << count) - 1) << (_MARK_SHIFT + _MARK_WIDTH * seat) for seat, count in enumerate(counts)]


#: The seats of each fill worked out (``fill_seats``), by its counts, cards, first seat, size and packet.
_SEATS: dict[tuple[tuple[int, ...], int, int, int, int], tuple[int, ...]] = {}
_SEATS_LIMIT: Final = 4096


def fill_seats(counts: Sequence[int], cards: int, start: int, size: int, packet: int = 1) -> tuple[int, ...]:
    """The seat each of the next ``cards`` cards goes to when hands holding ``counts`` are filled up to ``size``.

    Worked out once for each such fill (a search asks for the same few again and again) and shared.
    """
    key = (tuple(counts), cards, start, size, packet)
    found = _SEATS.get(key)
    if found is None:
        hands = marked_hands(counts)
        deck = list(CARDS[:cards])
        fill(hands, deck, start, size, packet)
        seats = [0] * cards
        for seat, hand in enumerate(hands):
            for card in cards_of(hand & EVERY_CARD):
                seats[card] = seat
        found = remember(_SEATS, key, tuple(seats), _SEATS_LIMIT)
    return found


def dealt_limits(
    kind: PraiseKind, trumps: int, tricks: Sequence[Sequence[tuple[int, Card | None]]], players: int
) -> list[int]:
    """The cards each hand a praise deal dealt may hold (bitmasks), as far as its tricks tell by the procedure alone.

    In "trump yourself" a player keeps the trumps he draws until he draws a plain card, which goes to the trick, or
    his hand is full: a trump of his in the trick means that his hand holds only trumps.  Sampling a world, a hand
    drawn without this would hold only trumps once in hundreds of draws."""
    limits = [-1] * players
    if kind is _PRAISE_TRUMP_YOURSELF:
        for plays in tricks:
            for seat, card in plays:
                if card is not None and BITS[card] & trumps:
                    limits[seat] = trumps
    return limits


def by_position(kind: PraiseKind) -> bool:
    """Whether the procedure ``kind`` deals by position: its deck order reads of the waiting state neither a card
    nor the match's seed."""
    return kind in _BY_POSITION


def undone(kind: PraiseKind) -> bool:
    """Whether :func:`praise_order` can undo the procedure ``kind``."""
    return kind in _BY_POSITION or kind in _BY_STEPS


def praise_order(
    state: GameState,
    kind: PraiseKind,
    hands: Sequence[int],
    tricks: Sequence[Sequence[Card]],
    rng: random.Random,
) -> tuple[Card, ...] | None:
    """A deck order (top first) from which ``kind``, announced in ``state``, deals ``hands`` (bitmasks) and the
    pre-dealt ``tricks`` (their cards, in play order); None when the random choices made do not lead to one.

    Of ``state`` (the deal waiting for its praise) only the rules, the dealer, the deal's number, the match's
    seed, the trump table and the stock's size are read, never its cards: a state on marked cards serves."""
    if kind in _BY_POSITION:
        return _by_position(state, kind, hands, tricks, rng)
    return _BY_STEPS[kind](state, hands, tricks, rng)


def _by_position(
    state: GameState, kind: PraiseKind, hands: Sequence[int], tricks: Sequence[Sequence[Card]], rng: random.Random
) -> tuple[Card, ...] | None:
    size = len(stock_bytes(state))
    seats, in_tricks = _positions(state, kind)
    order: list[Card | None] = [None] * size
    # Which of a hand's positions holds which of its cards no seat sees and no later play reads: they lie in
    # card order, and nothing is drawn.
    for seat, positions in enumerate(seats):
        cards = cards_of(hands[seat])
        if len(cards) != len(positions):
            return None
        for index, position in enumerate(positions):
            order[position] = cards[index]
    if len(tricks) != len(in_tricks):
        return None
    for number, trick_positions in enumerate(in_tricks):
        played = tricks[number]
        if len(played) != len(trick_positions):
            return None
        for index, position in enumerate(trick_positions):
            order[position] = played[index]
    return _complete(order)


#: The deck positions each procedure that deals by position sends to each hand and to each dealt trick, by the
#: rules (held by identity), the dealer, the procedure and the deck's size; kept for the next world.
_POSITIONS: dict[tuple[int, int, PraiseKind, int], tuple[object, tuple[list[int], ...], tuple[list[int], ...]]] = {}
_POSITIONS_LIMIT: Final = 512


def _positions(state: GameState, kind: PraiseKind) -> tuple[tuple[list[int], ...], tuple[list[int], ...]]:
    """The deck positions (top first) that ``kind`` deals to each hand and to each dealt trick, in play order.

    The procedures that deal by position look at no card, so they are run once on marked cards for each rules,
    dealer and deck size."""
    rules = state.match.ruleset
    size = len(stock_bytes(state))
    key = (id(rules), state.deal.dealer, kind, size)
    found = _POSITIONS.get(key)
    if found is None or found[0] is not rules or any(state.hand_masks):
        marked = state._replace(stock=tuple(CARDS[:size]))  # type: ignore[call-arg]  # the stock by its cards
        dealt = apply(marked, Move((state.deal.dealer + 1) % rules.seating.players, _KIND_PRAISE, (), kind.value))
        seats = tuple(list(iter_bits(positions)) for positions in dealt.hand_masks)
        in_tricks = tuple([play.cards[0].index for play in trick.plays] for trick in dealt.deal.dealt_tricks)
        if any(state.hand_masks):
            return seats, in_tricks
        if len(_POSITIONS) >= _POSITIONS_LIMIT:
            _POSITIONS.clear()
        found = _POSITIONS[key] = (rules, seats, in_tricks)
    return found[1], found[2]


def _complete(order: Sequence[Card | None]) -> tuple[Card, ...] | None:
    cards: list[Card] = []
    for card in order:
        if card is None:
            return None
        cards.append(card)
    return tuple(cards)


def _deal_rest(
    state: GameState, hands: Sequence[int], taken: Sequence[int], size: int, rng: random.Random
) -> list[Card]:
    """The rest of the deck, top first, that the final ``fill`` deals out: each hand's cards not ``taken`` before."""
    players = len(hands)
    rest = [cards_of(hands[seat] & ~taken[seat]) for seat in range(players)]
    counts = [mask.bit_count() for mask in taken]
    seats = fill_seats(counts, sum(len(cards) for cards in rest), (state.deal.dealer + 1) % players, size)
    piles = [draws.sample(rng, cards, len(cards)) for cards in rest]
    return [piles[seat].pop() for seat in seats]


def _trump_yourself(
    state: GameState, hands: Sequence[int], tricks: Sequence[Sequence[Card]], rng: random.Random
) -> tuple[Card, ...] | None:
    rules = state.match.ruleset
    table = state.deal.table
    players = rules.seating.players
    size = rules.dealing.hand_size - 1
    boasting = (state.deal.dealer + 1) % players
    (trick,) = tricks
    order: list[Card] = []
    taken = [0] * players
    for step, card in enumerate(trick):
        seat = (boasting + step) % players
        trumps = cards_of(hands[seat] & table.trump_mask)
        # A trump goes to the trick only once his hand holds all the trumps it may.
        count = size if table.trump_mask & BITS[card] else draws.randint(rng, 0, min(len(trumps), size))
        if count > len(trumps):
            return None
        kept = draws.sample(rng, trumps, count)
        order += [*kept, card]
        taken[seat] = sum(BITS[kept_card] for kept_card in kept)
    return (*order, *_deal_rest(state, hands, taken, size, rng))


def _mirror(state: GameState, hands: Sequence[int], cutters: int, rng: random.Random) -> tuple[Card, ...] | None:
    rules = state.match.ruleset
    table = state.deal.table
    players = rules.seating.players
    size = rules.dealing.hand_size
    boasting = (state.deal.dealer + 1) % players
    taken = [0] * players
    runs: list[tuple[int, list[Card]]] = []
    length = len(stock_bytes(state))
    for turn in range(cutters):
        seat = (boasting + turn) % players
        trumps = cards_of(hands[seat] & table.trump_mask)
        bottom = cut_bottom(state, turn, length)
        count = draws.randint(rng, 0, min(len(trumps), size, bottom + 1))
        run = draws.sample(rng, trumps, count)
        taken[seat] = sum(BITS[card] for card in run)
        runs.append((bottom, run))
        length -= count
    deck = _deal_rest(state, hands, taken, size, rng)
    in_runs = sum(taken)
    pinned = 0  # the cards that stop a cut: never swapped away
    for bottom, run in reversed(runs):
        top = bottom - len(run) + 1  # the run lay at top..bottom, the first card taken at the bottom
        above = top - 1
        if above >= 0 and len(run) < size:
            card = deck[above]
            if table.trump_mask & BITS[card]:
                # The cut would have gone on taking that trump: it changes places with a plain card dealt to the
                # same seat (the seat's hand stays the same), where there is one.
                if BITS[card] & (in_runs | pinned):
                    return None
                owner = next(seat for seat in range(players) if hands[seat] & BITS[card])
                spare = hands[owner] & ~table.trump_mask & ~in_runs & ~pinned
                swaps = [index for index, other in enumerate(deck) if BITS[other] & spare]
                if not swaps:
                    return None
                index = draws.choice(rng, swaps)
                deck[above], deck[index] = deck[index], card
            pinned |= BITS[deck[above]]
        deck[top:top] = list(reversed(run))
    return tuple(deck)


_BY_POSITION: Final = frozenset(
    {PraiseKind.REGULAR, PraiseKind.ONE_BY_ONE, PraiseKind.FISHING, PraiseKind.FISHING_ALL, PraiseKind.MERRY}
)
_Undo = Callable[[GameState, Sequence[int], Sequence[Sequence[Card]], random.Random], "tuple[Card, ...] | None"]
_BY_STEPS: Final[dict[PraiseKind, _Undo]] = {
    PraiseKind.TRUMP_YOURSELF: _trump_yourself,
    PraiseKind.MIRROR: lambda state, hands, tricks, rng: _mirror(state, hands, 1, rng),
    PraiseKind.MIRROR_ALL: lambda state, hands, tricks, rng: _mirror(state, hands, state.ruleset.seating.players, rng),
}
