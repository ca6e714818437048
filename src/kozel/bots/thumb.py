"""The club player's rules of thumb in a trick, and what playing cards costs him.

How he answers in a trick (:func:`answer`): he leads his best plain card (an ace), else the
cheapest; he takes the trick as cheaply as he can unless his side has it; he gives his partner
points when the partner takes it and nobody plays after him; else he throws his cheapest cards.
A card's cost is its points, and for a trump more, the higher the more (:func:`cost`).  How a move
is judged in a world (:func:`trick_score`): the trick played out by these rules, the points won
less those lost and the trumps spent.  The heuristic bot plays by them, and the search bot's
play-outs answer by them; the compiled build compiles this module.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable, Sequence
from typing import Final

from kozel.cards.card import Card, Rank
from kozel.cards.masks import BITS, RANK_MASKS, SUIT_BITS, cards_of
from kozel.engine.core import apply, legal_moves
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Trick
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode
from kozel.rules.trump import TrumpTable

__all__ = ["Costs", "answer", "answer_with", "best_scored", "cost", "cost_of", "move_count", "trick_score", "trumps"]

#: The moves that play into a trick.
TRICK: Final = frozenset({MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY, MoveKind.MOLODKA})
#: What spending a trump costs, in card points, on top of its own points.
TRUMP_COST: Final = 6
#: What a written point of the hand is worth, in card points.
WRITTEN: Final = 30
_ACES: Final = RANK_MASKS[Rank.ACE]
_SUIT: Final = (1 << SUIT_BITS) - 1
_SUIT_BITS2: Final = 2 * SUIT_BITS
_SUIT_BITS3: Final = 3 * SUIT_BITS
# Kinds read at every play out, bound as Final names (compiled code reads them without a look-up).
_BEAT: Final = MoveKind.BEAT
_PASS: Final = MoveKind.PASS
_PLAY: Final = MoveKind.PLAY
_PENALTY: Final = ScoreMode.PENALTY
#: Python's ``sum``, as an object (not ``Final``: compiled code calls it as the interpreter would).
_SUM: Callable[[list[float]], float] = builtins.sum


def best_scored(worlds: Sequence[GameState], moves: Sequence[Move], costs: Costs) -> Move:
    """The first of ``moves`` whose :func:`trick_score` summed over ``worlds`` (in their order, by Python's ``sum``,
    whose rounding differs between Python versions) is highest."""
    best = moves[0]
    top = -math.inf
    add_up = _SUM  # the built-in, called as an object: compiled code would otherwise add the scores its own way
    for move in moves:
        total = add_up([trick_score(world, move, costs) for world in worlds])
        if total > top:
            best, top = move, total
    return best


def trick_score(world: GameState, move: Move, costs: Costs) -> float:
    """``move`` played in ``world`` and the trick played out by rule of thumb: what it is worth to our side."""
    side_of_seat = costs.side_of_seat
    side = side_of_seat[move.seat]
    number = world.deal.number
    after = apply(world, move)
    steps = 0
    limit = 4 * costs.players
    while after.trick is not None and after.turn is not None and after.deal.number == number and steps < limit:
        reply = answer_with(after, costs)
        if reply is None:
            break
        after = apply(after, reply)
        steps += 1
    spent = TRUMP_COST * trumps(costs.table, move)
    if after.turn is None or after.deal.number != number:  # the hand is over (inside within_hand, no seat to move)
        result = after.match.hand_results[-1]
        sign = 1 if costs.rules.scoring.mode is not _PENALTY else -1
        mine = sign * result.written[side] - sum(sign * w for s, w in enumerate(result.written) if s != side)
        return WRITTEN * mine - spent
    suits = costs.suits
    won_after, won_before = after.won_masks, world.won_masks
    gained = _points(suits, won_after[side]) - _points(suits, won_before[side])
    lost = 0
    for other in range(costs.sides):
        if other != side:
            lost += _points(suits, won_after[other]) - _points(suits, won_before[other])
    trick = after.trick
    if trick is not None:  # the trick is still open: count what lies on it for whoever is taking it
        on_table = _points(suits, sum(play.mask for play in trick.plays))
        if side_of_seat[trick.winner] == side:
            gained += on_table // 2
        else:
            lost += on_table
    return gained - lost - spent


def _points(suits: tuple[tuple[int, ...], ...], mask: int) -> int:
    """The card points of ``mask``'s cards, by the rules' points of each suit's pattern (``CardPoints.suit_tables``)."""
    return (
        suits[0][mask & _SUIT]
        + suits[1][mask >> SUIT_BITS & _SUIT]
        + suits[2][mask >> _SUIT_BITS2 & _SUIT]
        + suits[3][mask >> _SUIT_BITS3 & _SUIT]
    )


class Costs:
    """What playing a move's cards gives up (:func:`cost`), by the cards' mask (``costs[mask]``), under one trump
    table: each worked out once."""

    def __init__(self, rules: Ruleset, table: TrumpTable) -> None:
        #: The rules the costs are counted by.
        self.rules = rules
        #: The trump table the costs are counted under.
        self.table = table
        #: The side of each seat (the rules' seating, as a table).
        self.side_of_seat = rules.seating.side_of_seat
        #: How many play, and on how many sides (read once, not at every play).
        self.players, self.sides = rules.players, rules.sides
        #: The card points of a mask's cards (the rules' count, looked up once).
        self.points = rules.points.of_mask
        #: The card points of each suit's cards by their pattern of bits (the rules' count, read once).
        self.suits = rules.points.suit_tables
        self._card_points = rules.points.table
        self._known: dict[int, float] = {}

    def __getitem__(self, mask: int) -> float:
        """What playing the cards of ``mask`` gives up."""
        known = self._known.get(mask)
        if known is None:
            known = self._known[mask] = _cost(self._card_points, self.table, cards_of(mask))
        return known


def answer(state: GameState) -> Move | None:
    """The club player's play in a trick: lead his best plain card; take the trick as cheaply as he can unless his
    side has it; give his partner points when the partner takes it and nobody plays after him; else throw low."""
    return answer_with(state, Costs(state.match.ruleset, state.table))


def answer_with(state: GameState, costs: Costs) -> Move | None:
    """:func:`answer`, the cards' costs read from ``costs`` (made for ``state``'s trump table)."""
    seat = state.turn
    if seat is None:
        return None
    moves = [move for move in legal_moves(state) if move.seat == seat and move.kind in TRICK]
    if not moves:
        return None
    table = costs.table
    side_of_seat = costs.side_of_seat
    trick = state.trick
    if trick is None:  # a lead: a plain card that will likely hold (an ace), else the cheapest
        best = moves[0]
        top = _lead_value(table, best, costs)
        for move in moves:
            value = _lead_value(table, move, costs)
            if value > top:  # the first of the best, as ``max`` gives
                best, top = move, value
        return best
    if side_of_seat[trick.winner] == side_of_seat[seat]:
        last = len(trick.plays) == costs.players - 1 and move_count(trick) == 1
        trump_mask = table.trump_mask
        plain = [move for move in moves if not move.mask & trump_mask and move.kind is not _BEAT]
        if last and plain:  # his side takes this trick whatever: give it points
            return _dearest(plain, costs)
        return _cheapest(moves, costs)
    taking = [move for move in moves if _takes(state, move)]
    return _cheapest(taking or moves, costs)


def _cheapest(moves: list[Move], costs: Costs) -> Move:
    """The first of ``moves`` (not empty) whose cards cost least (as ``min`` gives)."""
    best = moves[0]
    low = costs[best.mask]
    for move in moves:
        value = costs[move.mask]
        if value < low:
            best, low = move, value
    return best


def _dearest(moves: list[Move], costs: Costs) -> Move:
    """The first of ``moves`` (not empty) whose cards cost most (as ``max`` gives)."""
    best = moves[0]
    high = costs[best.mask]
    for move in moves:
        value = costs[move.mask]
        if value > high:
            best, high = move, value
    return best


def move_count(trick: Trick) -> int:
    """How many cards each play of ``trick`` holds (one in a follow-suit trick)."""
    return len(trick.plays[0].cards)


def _lead_value(table: TrumpTable, move: Move, costs: Costs) -> float:
    """How good a lead is: plain aces first, then the cheapest cards."""
    aces = (move.mask & _ACES & ~table.trump_mask).bit_count()
    return 20 * aces - costs[move.mask]


def _takes(state: GameState, move: Move) -> bool:
    """Whether ``move`` makes its player the one taking the trick (as far as the card order tells)."""
    kind = move.kind
    if kind is _PASS:
        return False
    trick = state.trick
    if kind is not _PLAY or trick is None:
        return True  # a lead, a beat, a molodka
    return bool(state.table.beaters[trick.best.cards[0]] & move.mask)


def trumps(table: TrumpTable, move: Move) -> int:
    """How many trumps ``move`` plays."""
    return (move.mask & table.trump_mask).bit_count()


def cost(rules: Ruleset, table: TrumpTable, move: Move) -> float:
    """What playing ``move``'s cards gives up: their points, and more for trumps, the higher the more."""
    return cost_of(rules, table, move.cards)


def cost_of(rules: Ruleset, table: TrumpTable, cards: Sequence[Card]) -> float:
    """What playing ``cards`` gives up (in their order: the sum is the same to the last bit every time)."""
    return _cost(rules.points.table, table, cards)


def _cost(points: tuple[int, ...], table: TrumpTable, cards: Sequence[Card]) -> float:
    """:func:`cost_of`, each card's points read from ``points`` (the rules' points by card index)."""
    cost = 0.0
    trump_mask, power = table.trump_mask, table.power
    for card in cards:
        cost += points[card]
        if trump_mask & BITS[card]:
            cost += TRUMP_COST + power[card] / 100
    return cost
