"""HeuristicBot: plays like a sensible club player, by rules of thumb checked on a sampled world.

How it plays a trick: it samples a world its view allows (:func:`kozel.determinize`) and, for
each move it may make, plays the trick out in that world, the players after it answering by the
club player's rule of thumb (take the trick as cheaply as you can if your side is not taking it,
else throw your least valuable cards).  A move scores the card points its side gains from the
trick, less the points it loses, less what the trumps spent were worth; ending a hand scores its
written points.  The move with the best score over a few worlds is played.  So it beats cheaply,
gives its partner points when the partner is taking the trick, gives the opponents none, keeps its
trumps, and catches a card when it can (a catch ends the hand in the catcher's favour).

Outside tricks it follows simple rules: it always plays a molodka and always hands a lone trump
to its partner; gives back its least valuable plain cards; announces the regular deal; calls a
redeal whenever it may without forfeiting; takes the talon with a strong hand; lays away the
points it can bank; and lays its least valuable card in a drawing deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kozel.bots.base import Bot
from kozel.cards.card import Card, Rank
from kozel.cards.cardset import cards_of
from kozel.engine.core import apply, legal_moves
from kozel.errors import KozelError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Trick
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode
from kozel.rules.trump import TrumpTable
from kozel.view.determinize import determinize
from kozel.view.events import Dealt
from kozel.view.view import PlayerView

__all__ = ["HeuristicBot", "answer", "out_of_turn"]

_TRICK: Final = frozenset({MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY, MoveKind.MOLODKA})
#: What spending a trump costs, in card points, on top of its own points.
_TRUMP_COST: Final = 6
#: What a written point of the hand is worth, in card points.
_WRITTEN: Final = 30


class HeuristicBot(Bot):
    """A player who keeps trumps, gives the partner points, gives the opponents none, and beats cheaply."""

    name = "heuristic"

    def __init__(self, worlds: int = 2) -> None:
        super().__init__()
        if type(worlds) is not int or worlds < 1:
            raise KozelError(f"HeuristicBot: worlds is a whole number, 1 or more, not {worlds!r}")
        #: How many sampled worlds each trick move is scored in.
        self.worlds = worlds

    def interrupt(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """A molodka, else a lone trump handed to the partner, else nothing."""
        return out_of_turn(moves)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The move with the best score: by rule of thumb outside tricks, in sampled worlds inside them."""
        rules = view.ruleset
        table = rules.trumps.table(view.trump)
        out_of_trick = [move for move in moves if move.kind not in _TRICK]
        if out_of_trick:
            return max(moves, key=lambda move: self._rule_of_thumb(view, table, move))
        worlds = self._worlds(view, moves)
        if not worlds:
            return min(moves, key=lambda move: _cost(rules, table, move))
        costs = Costs(rules, table)  # every world of the view has its trump table
        return max(moves, key=lambda move: sum(_trick_score(world, move, costs) for world in worlds))

    def _worlds(self, view: PlayerView, moves: Sequence[Move]) -> list[GameState]:
        try:
            return [determinize(view, self.rng, moves=moves) for _ in range(self.worlds)]
        except KozelError:  # no world found for the view: play by the cards alone
            return []

    def _rule_of_thumb(self, view: PlayerView, table: TrumpTable, move: Move) -> float:
        rules = view.ruleset
        kind = move.kind
        if kind in (MoveKind.MOLODKA, MoveKind.TRANSFER):
            return 1000
        if kind is MoveKind.PRAISE:
            return 100 if move.choice == "regular" else 0
        if kind is MoveKind.REDEAL:
            return 100 if _redeal_is_safe(view) else -100
        if kind is MoveKind.TAKE_TALON:
            return 100 if _strong(rules, table, view) else -100
        if kind is MoveKind.LAY_AWAY:
            return sum(rules.card_points(card) for card in move.cards) - _TRUMP_COST * _trumps(table, move)
        if kind in _TRICK:
            return -_cost(rules, table, move) - 50  # a trick move beside a choice: only when nothing better
        return -_cost(rules, table, move)  # a transfer back, a card laid in a drawing deal, declining


def _trick_score(world: GameState, move: Move, costs: Costs) -> float:
    """``move`` played in ``world`` and the trick played out by rule of thumb: what it is worth to our side."""
    rules = world.match.ruleset
    side = rules.side_of(move.seat)
    number = world.deal.number
    after = apply(world, move)
    steps = 0
    limit = 4 * rules.players
    while after.trick is not None and after.match.result is None and after.deal.number == number and steps < limit:
        reply = answer_with(after, costs)
        if reply is None:
            break
        after = apply(after, reply)
        steps += 1
    spent = _TRUMP_COST * _trumps(costs.table, move)
    if after.match.result is not None or after.deal.number != number:  # the hand is over
        result = after.match.hand_results[-1]
        sign = 1 if rules.scoring.mode is not ScoreMode.PENALTY else -1
        mine = sign * result.written[side] - sum(sign * w for s, w in enumerate(result.written) if s != side)
        return _WRITTEN * mine - spent
    of_mask = rules.points.of_mask
    won_after, won_before = after.won_masks, world.won_masks
    gained = of_mask(won_after[side]) - of_mask(won_before[side])
    lost = 0
    for other in range(rules.sides):
        if other != side:
            lost += of_mask(won_after[other]) - of_mask(won_before[other])
    trick = after.trick
    if trick is not None:  # the trick is still open: count what lies on it for whoever is taking it
        on_table = of_mask(sum(play.mask for play in trick.plays))
        if rules.side_of(trick.winner) == side:
            gained += on_table // 2
        else:
            lost += on_table
    return gained - lost - spent


class Costs(dict[int, float]):
    """What playing a move's cards gives up (:func:`_cost`), by the cards' mask, under one trump table:
    each worked out once."""

    __slots__ = ("rules", "table")

    def __init__(self, rules: Ruleset, table: TrumpTable) -> None:
        super().__init__()
        self.rules = rules
        self.table = table

    def __missing__(self, mask: int) -> float:
        cost = self[mask] = _cost_of(self.rules, self.table, cards_of(mask))
        return cost


def out_of_turn(moves: Sequence[Move]) -> Move | None:
    """The club player's out-of-turn rule: always play a molodka, always hand a lone trump to the partner."""
    for kind in (MoveKind.MOLODKA, MoveKind.TRANSFER):
        for move in moves:
            if move.kind is kind:
                return move
    return None


def answer(state: GameState) -> Move | None:
    """The club player's play in a trick: lead his best plain card; take the trick as cheaply as he can unless his
    side has it; give his partner points when the partner takes it and nobody plays after him; else throw low."""
    return answer_with(state, Costs(state.match.ruleset, state.table))


def answer_with(state: GameState, costs: Costs) -> Move | None:
    """:func:`answer`, the cards' costs read from ``costs`` (made for ``state``'s trump table)."""
    seat = state.turn
    if seat is None:
        return None
    moves = [move for move in legal_moves(state) if move.seat == seat and move.kind in _TRICK]
    if not moves:
        return None
    rules = state.match.ruleset
    table = costs.table
    side_of = rules.side_of
    trick = state.trick
    if trick is None:  # a lead: a plain card that will likely hold (an ace), else the cheapest
        return max(moves, key=lambda move: _lead_value(table, move, costs))
    if side_of(trick.winner) == side_of(seat):
        last = len(trick.plays) == rules.players - 1 and move_count(trick) == 1
        trump_mask = table.trump_mask
        plain = [move for move in moves if not move.mask & trump_mask and move.kind is not MoveKind.BEAT]
        if last and plain:  # his side takes this trick whatever: give it points
            return max(plain, key=lambda move: costs[move.mask])
        return min(moves, key=lambda move: costs[move.mask])
    taking = [move for move in moves if _takes(state, move)]
    return min(taking or moves, key=lambda move: costs[move.mask])


def move_count(trick: Trick) -> int:
    """How many cards each play of ``trick`` holds (one in a follow-suit trick)."""
    return len(trick.plays[0].cards)


def _lead_value(table: TrumpTable, move: Move, costs: Costs) -> float:
    """How good a lead is: plain aces first, then the cheapest cards."""
    aces = sum(1 for card in move.cards if card.rank == Rank.ACE and not table.trump_mask & card.bit)
    return 20 * aces - costs[move.mask]


def _takes(state: GameState, move: Move) -> bool:
    """Whether ``move`` makes its player the one taking the trick (as far as the card order tells)."""
    kind = move.kind
    if kind is MoveKind.PASS:
        return False
    trick = state.trick
    if kind is not MoveKind.PLAY or trick is None:
        return True  # a lead, a beat, a molodka
    return bool(state.table.beaters[trick.best.cards[0]] & move.mask)


def _trumps(table: TrumpTable, move: Move) -> int:
    return (move.mask & table.trump_mask).bit_count()


def _cost(rules: Ruleset, table: TrumpTable, move: Move) -> float:
    """What playing ``move``'s cards gives up: their points, and more for trumps, the higher the more."""
    return _cost_of(rules, table, move.cards)


def _cost_of(rules: Ruleset, table: TrumpTable, cards: Sequence[Card]) -> float:
    """What playing ``cards`` gives up (in their order: the sum is the same to the last bit every time)."""
    cost = 0.0
    for card in cards:
        cost += rules.card_points(card)
        if table.trump_mask & card.bit:
            cost += _TRUMP_COST + table.power[card] / 100
    return cost


def _strong(rules: Ruleset, table: TrumpTable, view: PlayerView) -> bool:
    """A hand worth taking the talon with: many trumps, or many points."""
    trumps = (view.hand.mask & table.trump_mask).bit_count()
    points = sum(rules.card_points(card) for card in view.hand)
    return trumps * 3 >= len(view.hand) or points >= 40


def _redeal_is_safe(view: PlayerView) -> bool:
    """Whether calling a redeal now is not the call that forfeits the hand."""
    rules = view.ruleset
    redeal = rules.redeal
    if redeal is None or redeal.limit is None:
        return True
    dealt = view.history[0] if view.history else None
    calls = dealt.redeals if isinstance(dealt, Dealt) else ()
    mine = rules.side_of(view.seat)
    in_a_row = 0
    for side in reversed(calls):
        if side != mine:
            break
        in_a_row += 1
    return in_a_row < redeal.limit
