"""IsmctsBot: information-set Monte Carlo tree search over worlds sampled from its view.

Each decision grows one search tree over the moves of the hand being played.  Every iteration
takes a world its view allows (a few are drawn with :func:`kozel.determinize` and used in turn),
walks down the tree choosing, among the moves legal in that world, the one with the best upper
confidence bound, adds one new move, plays the hand out at random, and credits every move on the
way with what the hand's end is worth to the side that made it: half its share of the card
points, half its written points (for it, or against the others).  Moves legal only in some worlds
are weighed by how often they were available.  The move made is the one visited most.

The default budget, 480 iterations over 40 worlds, is the one measured to beat the heuristic bot
in ``classic`` (docs/bots.md, "How strong they are"); 120 iterations were only its equal there, where a
decision can have many moves (multi-card leads, any mix of beats and face-down passes).

In a hand of ``pairs`` dealt by drawing ("trousers", "pants double") a world costs a hundred times
more to draw (:mod:`kozel.view.drawing_worlds`), so the search there takes at most
:data:`DRAWN_WORLDS` worlds per decision, its iterations unchanged.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Final

from kozel.bots.base import Bot
from kozel.bots.heuristic import answer, out_of_turn
from kozel.engine.core import apply, legal_moves
from kozel.engine.praise.drawing import DRAWN_DEALS
from kozel.errors import KozelError
from kozel.game.move import Move
from kozel.game.results import HandResult
from kozel.game.state import GameState
from kozel.rules.praise import PraiseKind
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode
from kozel.view.determinize import determinize
from kozel.view.view import PlayerView

__all__ = ["IsmctsBot"]

#: The exploration constant of the upper confidence bound.
EXPLORATION: Final = 0.3
#: The most worlds drawn per decision in a hand dealt by drawing.
DRAWN_WORLDS: Final = 4


class _Node:
    """A move in the search tree: how often it was tried and available, and what it earned its side."""

    __slots__ = ("available", "children", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0

    def bound(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


class IsmctsBot(Bot):
    """A player who searches: many imagined plays of the hand, in worlds drawn from what he may know."""

    name = "ismcts"

    def __init__(
        self, iterations: int = 480, seconds: float | None = None, worlds: int = 40, *, guided: bool = True
    ) -> None:
        super().__init__()
        for name, value in (("iterations", iterations), ("worlds", worlds)):
            if type(value) is not int or value < 1:
                raise KozelError(f"IsmctsBot: {name} is a whole number, 1 or more, not {value!r}")
        if seconds is not None and (type(seconds) not in (int, float) or not 0 < seconds < math.inf):
            raise KozelError(f"IsmctsBot: seconds is a number above 0, or None, not {seconds!r}")
        if type(guided) is not bool:
            raise KozelError(f"IsmctsBot: guided is True or False, not {guided!r}")
        #: Whether the hand is played out by the club player's rule of thumb (else at random).
        self.guided = guided
        #: Iterations per decision (the budget, unless ``seconds`` is given).
        self.iterations = iterations
        #: Seconds per decision, instead of a number of iterations.
        self.seconds = seconds
        #: How many worlds are drawn for each decision (the iterations take them in turn).
        self.worlds = worlds

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.iterations}"
        return f"IsmctsBot({budget}, worlds={self.worlds})"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The move visited most by the search."""
        if len(moves) == 1:
            return moves[0]
        count = self.worlds
        if view.praise is not None and PraiseKind(view.praise) in DRAWN_DEALS:
            count = min(count, DRAWN_WORLDS)
        try:
            worlds = [determinize(view, self.rng, moves=moves) for _ in range(count)]
        except KozelError:  # no world found for the view: no search
            return self.rng.choice(moves)
        root = _Node(side=-1)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        iteration = 0
        while iteration < self.iterations if deadline is None else time.perf_counter() < deadline:
            self._iterate(root, worlds[iteration % len(worlds)], set(moves))
            iteration += 1
        tried = [move for move in moves if move in root.children]
        if not tried:
            return self.rng.choice(moves)
        return max(tried, key=lambda move: root.children[move].visits)

    def interrupt(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """Out of turn it plays as the heuristic player does: a molodka, a lone trump to the partner."""
        return out_of_turn(moves)

    def _iterate(self, root: _Node, world: GameState, mine: set[Move]) -> None:
        rules = world.ruleset
        rng = self.rng
        state = world
        node = root
        path = []
        while True:
            if _over(world, state):
                break
            legal = legal_moves(state)
            if node is root:
                legal = tuple(move for move in legal if move in mine)
            for move in legal:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            untried = [move for move in legal if move not in node.children]
            if untried:
                move = rng.choice(untried)
                child = node.children[move] = _Node(rules.side_of(move.seat))
                child.available = 1
                path.append(child)
                state = apply(state, move)
                break
            move = max(legal, key=lambda move: node.children[move].bound())
            node = node.children[move]
            path.append(node)
            state = apply(state, move)
        while not _over(world, state):
            guess = answer(state) if self.guided else None
            state = apply(state, guess if guess is not None else rng.choice(legal_moves(state)))
        values = _values(rules, world, state)
        for child in path:
            child.visits += 1
            child.total += values[child.side]


def _over(world: GameState, state: GameState) -> bool:
    """Whether the hand being searched has ended."""
    return state.is_over or state.deal.number != world.deal.number


def _values(rules: Ruleset, world: GameState, state: GameState) -> list[float]:
    """What the end of the hand is worth to each side, from 0 to 1 (a hand dealt again: a half each)."""
    if len(state.hand_results) == len(world.hand_results):
        return [0.5] * rules.sides
    result: HandResult = state.hand_results[-1]
    total = sum(result.points) or 1
    written = result.written
    sign = -1 if rules.scoring.mode is ScoreMode.PENALTY else 1
    scale = max(1, *written)
    values = []
    for side in range(rules.sides):
        share = result.points[side] / total
        others = sum(written) - written[side]
        mark = sign * (written[side] - others / max(1, rules.sides - 1)) / scale
        values.append(0.5 * share + 0.25 * (mark + 1))
    return values
