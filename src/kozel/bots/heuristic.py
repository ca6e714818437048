"""HeuristicBot: plays like a sensible club player, by rules of thumb checked on sampled worlds.

How it plays a trick: it samples worlds its view allows (:func:`kozel.determinize`; two by default,
``worlds``) and, for each move it may make, plays the trick out in each world, the players after it
answering by the club player's rule of thumb (take the trick as cheaply as you can if your side is
not taking it, else throw your least valuable cards).  A move scores the card points its side
gains from the trick, less the points it loses, less what the trumps spent were worth; ending a
hand scores its written points.  The move with the best score over the worlds is played.  So it beats cheaply,
gives its partner points when the partner is taking the trick, gives the opponents none, keeps its
trumps, and catches a card when it can (a catch ends the hand in the catcher's favour).

Outside tricks it follows simple rules: it always plays a molodka and always hands a lone trump
to its partner; gives back its least valuable plain cards; announces the regular deal; calls a
redeal whenever it may without forfeiting; takes the talon with a strong hand; lays away the
points it can bank; and lays its least valuable card in a drawing deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from kozel.bots.base import Bot, check_asked, whole_count
from kozel.bots.thumb import TRICK, TRUMP_COST, Costs, answer, best_scored, cost, trumps
from kozel.engine import within_hand
from kozel.errors import NoWorldError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.limits import MAX_WORLDS
from kozel.rules.ruleset import Ruleset
from kozel.rules.trump import TrumpTable
from kozel.view.determinize import determinize
from kozel.view.events import Dealt
from kozel.view.view import PlayerView

__all__ = ["HeuristicBot", "answer", "out_of_turn"]


class HeuristicBot(Bot):
    """A player who keeps trumps, gives the partner points, gives the opponents none, and beats cheaply."""

    name = "heuristic"

    def __init__(self, worlds: int = 2) -> None:
        super().__init__()
        #: How many sampled worlds each trick move is scored in.
        self.worlds = whole_count("HeuristicBot: worlds", worlds, MAX_WORLDS)
        self._costs: Costs | None = None  # the last hand's card costs, kept while its rules and trump table hold

    def interrupt(self, view: PlayerView | None, moves: Sequence[Move]) -> Move | None:
        """A molodka, else a lone trump handed to the partner, else nothing."""
        check_asked(self, view, moves, choosing=False)
        return out_of_turn(moves)

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The move with the best score: by rule of thumb outside tricks, in sampled worlds inside them."""
        check_asked(self, view, moves, choosing=True)
        rules = view.ruleset
        table = rules.trumps.table(view.trump)
        out_of_trick = [move for move in moves if move.kind not in TRICK]
        if out_of_trick:
            return max(moves, key=lambda move: self._rule_of_thumb(view, table, move))
        worlds = self._worlds(view, moves)
        if not worlds:
            return min(moves, key=lambda move: cost(rules, table, move))
        costs = self._costs  # every world of the view has its trump table
        if costs is None or costs.table is not table or costs.rules is not rules:
            costs = self._costs = Costs(rules, table)
        with within_hand():  # a trick that ends the hand is scored without dealing the next one
            return best_scored(worlds, moves, costs)

    def _worlds(self, view: PlayerView, moves: Sequence[Move]) -> list[GameState]:
        try:
            return [determinize(view, self.rng, moves=moves) for _ in range(self.worlds)]
        except NoWorldError:  # no world found for the view in the time or tries: play by the cards alone
            return []  # (a view or moves no legal play gives raise another StateError: refused, not played around)

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
            return sum(rules.card_points(card) for card in move.cards) - TRUMP_COST * trumps(table, move)
        if kind in TRICK:
            return -cost(rules, table, move) - 50  # a trick move beside a choice: only when nothing better
        return -cost(rules, table, move)  # a transfer back, a card laid in a drawing deal, declining


def out_of_turn(moves: Sequence[Move]) -> Move | None:
    """The club player's out-of-turn rule: always play a molodka, always hand a lone trump to the partner."""
    for kind in (MoveKind.MOLODKA, MoveKind.TRANSFER):
        for move in moves:
            if move.kind is kind:
                return move
    return None


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
