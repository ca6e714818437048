"""IsmctsBot: information-set Monte Carlo tree search over worlds sampled from its view.

Each decision grows one search tree over the moves of the hand being played.  Every iteration
takes a world its view allows (160 by default, :data:`DEFAULT_WORLDS`, are drawn with
:func:`kozel.determinize` and used in turn; never more than the decision's iterations), walks down
the tree choosing, among the moves legal in that world, the one with the best upper confidence
bound, adds one new move, plays the hand out (by the heuristic bot's rule of thumb, or
at random with ``guided=False``), and credits every move on the way with what the hand's end is
worth to the side that made it: half its share of the card points, half its written points (for
it, or against the others), measured against the most a hand can write under the rules (a catch and
a redeal called beyond the limit included), so that a hand written four is worse than one written
two; a hand that ended with no card points counted (a catch) shares them as it writes.  Moves legal
only in some worlds are weighed by how often they were available.  Another seat's move whose cards
the searching seat would not see (a pass laid face down, trumps handed between two other partners)
is one move in the tree, what the seat would see of it (who, what kind,
how many cards); in each world it stands for one of those moves, drawn at random, so that the tree
never tells apart what its seat could not, and its later choices never depend on it.  The move
made is the one visited most.  The tree and play-outs run inside :func:`kozel.engine.within_hand`,
so a play-out stops at its hand's scored end and the engine does not deal the next hand for it.

A decision's budget is one of: a number of iterations (the default, 580), a number of moves made in
the tree and its play-outs (``steps``: it counts the moves searched, not the worlds drawn; a decision
late in a hand, whose play-outs are short, gets more iterations for about the same work), or a time
(``seconds``: the clock starts before the worlds are drawn, each when its first iteration comes, and
no more are drawn once it runs out, so a short time draws fewer worlds, one at least).  The default is
a number of iterations, not a time, so that a seeded tournament plays the same moves on any machine
and under any load; 580 is about what takes the time the earlier default of 480 took then (about 0.15 s a decision in
``classic`` on one core of the development machine) once the play-outs got cheaper; with the cheaper worlds since,
a decision takes about 0.1 s in the pure build and 0.04 s in the compiled one.  480 iterations
beat the heuristic bot in ``classic`` (docs/bots/measurements.md, the earlier lines); 120 were only its equal
there, where a decision can have many moves (multi-card leads, any mix of beats and face-down passes).

In a hand of ``pairs`` dealt by drawing ("trousers", "pants double") a world costs several times
more to draw (a millisecond or so, :mod:`kozel.view.drawing_worlds`), so the search there takes at most
:data:`DRAWN_WORLDS` worlds per decision, its iterations unchanged.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from kozel.bots.base import Bot, check_asked, whole_count
from kozel.bots.heuristic import out_of_turn
from kozel.bots.thumb import Costs, answer_with
from kozel.engine import within_hand
from kozel.engine.core import apply, legal_moves
from kozel.engine.events import HIDDEN_KINDS, Played
from kozel.engine.transition import played_in
from kozel.errors import KozelError, NoWorldError, WrongTypeError
from kozel.game.move import Move
from kozel.game.results import HandResult
from kozel.game.state import GameState
from kozel.limits import MAX_ITERATIONS, MAX_SEARCH_SECONDS, MAX_STEPS, MAX_WORLDS
from kozel.plain_types import whole_number
from kozel.rules.checks import table_text
from kozel.rules.ruleset import Ruleset
from kozel.rules.trump import TrumpTable
from kozel.view.determinize import dealt_by_drawing, determinize
from kozel.view.view import PlayerView

__all__ = ["IsmctsBot"]

#: The exploration constant of the upper confidence bound.
EXPLORATION: Final = 0.3
#: The most worlds drawn per decision in a hand dealt by drawing.
DRAWN_WORLDS: Final = 4
#: The default budget: iterations per decision (chosen to take the time 480 iterations took before the search's
#: play-outs got cheaper, then about 0.15 s a decision in ``classic`` on one core of the development machine).
DEFAULT_ITERATIONS: Final = 580
#: The default number of worlds drawn per decision (never more than the decision's iterations, where
#: they are its budget: a world no iteration takes is not drawn).
DEFAULT_WORLDS: Final = 160
#: The least time a world drawn within a budget of seconds is given (seconds).
_SHORTEST_DRAW: Final = 0.001


class _Node:
    """A move in the search tree: how often it was tried and available, and what it earned its side."""

    __slots__ = ("available", "children", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.children: dict[Move | Played, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0

    def bound(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


class IsmctsBot(Bot):
    """A player who searches: many imagined plays of the hand, in worlds drawn from what he may know."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        worlds: int = DEFAULT_WORLDS,
        *,
        steps: int | None = None,
        guided: bool = True,
    ) -> None:
        super().__init__()
        if iterations is not None:
            iterations = whole_count("IsmctsBot: iterations", iterations, MAX_ITERATIONS)
        if steps is not None:
            steps = whole_count("IsmctsBot: steps", steps, MAX_STEPS)
        worlds = whole_count("IsmctsBot: worlds", worlds, MAX_WORLDS)
        if seconds is not None:
            seconds = _seconds(seconds)
        if type(guided) is not bool:
            raise WrongTypeError(f"IsmctsBot: guided is True or False, not {table_text(guided)}")
        budgets = (("iterations", iterations), ("seconds", seconds), ("steps", steps))
        given = [name for name, value in budgets if value is not None]
        if len(given) > 1:
            raise KozelError(f"IsmctsBot: give one budget, iterations, seconds or steps, not {' and '.join(given)}")
        if not given:
            iterations = DEFAULT_ITERATIONS
        #: Whether the hand is played out by the club player's rule of thumb (else at random).
        self.guided = guided
        #: Iterations per decision, where the budget is a number of iterations (the default; else None).
        self.iterations = iterations
        #: Seconds per decision, where the budget is a time (else None): the worlds are drawn within it too.
        self.seconds = seconds
        #: Moves made per decision in the tree and its play-outs, where that is the budget (else None): it counts
        #: the moves searched, not the worlds drawn.
        self.steps = steps
        #: How many worlds are drawn for each decision (the iterations take them in turn; never more than a budget of
        #: iterations; with a budget of seconds, fewer where the time runs out first, one at least).
        self.worlds = worlds

    def __repr__(self) -> str:
        if self.seconds is not None:
            budget = f"seconds={self.seconds}"
        elif self.iterations is not None:
            budget = f"iterations={self.iterations}"
        else:
            budget = f"steps={self.steps}"
        return f"IsmctsBot({budget}, worlds={self.worlds})"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The move visited most by the search."""
        check_asked(self, view, moves, choosing=True)
        if len(moves) == 1:
            return moves[0]
        if self.seconds is not None:
            return self._choose_in_time(view, moves, time.perf_counter() + self.seconds)
        count = self.worlds if self.iterations is None else min(self.worlds, self.iterations)
        if dealt_by_drawing(view):
            count = min(count, DRAWN_WORLDS)
        try:
            worlds = [determinize(view, self.rng, moves=moves) for _ in range(count)]
        except NoWorldError:  # no world found for the view: no search (a broken view raises another StateError)
            return self.rng.choice(moves)
        root = _Node(side=-1)
        costs: dict[TrumpTable, Costs] = {}  # the cards' costs for the play-outs, worked out once a decision
        scale = view.ruleset.most_written
        mine = set(moves)
        iteration = made = 0
        with within_hand():  # the play-outs stop at the hand's end: the next hand is not dealt
            if self.iterations is not None:
                while iteration < self.iterations:
                    made += self._iterate(root, worlds[iteration % len(worlds)], mine, costs, scale)
                    iteration += 1
            else:
                assert self.steps is not None
                while made < self.steps:  # each iteration counted one move at least, so the budget always ends
                    made += max(1, self._iterate(root, worlds[iteration % len(worlds)], mine, costs, scale))
                    iteration += 1
        return self._most_visited(root, moves)

    def _choose_in_time(self, view: PlayerView, moves: Sequence[Move], deadline: float) -> Move:
        """The search with a budget of seconds, ending at ``deadline``: the clock covers drawing the worlds too.  Each
        world is drawn when its first iteration comes, while time is left (the first whatever the time), so that a
        short time draws fewer worlds."""
        count = min(self.worlds, DRAWN_WORLDS) if dealt_by_drawing(view) else self.worlds
        first = self._world(view, moves, None)
        if first is None:  # no world found for the view: no search
            return self.rng.choice(moves)
        worlds = [first]
        root = _Node(side=-1)
        costs: dict[TrumpTable, Costs] = {}
        scale = view.ruleset.most_written
        mine = set(moves)
        iteration = 0
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            if iteration == len(worlds) < count:  # the next world, not drawn yet: drawn within the time left
                world = self._world(view, moves, left)
                if world is None:  # none found in the time left: the search goes on with those drawn
                    count = len(worlds)
                else:
                    worlds.append(world)
                if time.perf_counter() >= deadline:
                    break
            with within_hand():  # the play-outs stop at the hand's end (a world is drawn outside it)
                self._iterate(root, worlds[iteration % len(worlds)], mine, costs, scale)
            iteration += 1
        return self._most_visited(root, moves)

    def _world(self, view: PlayerView, moves: Sequence[Move], seconds: float | None) -> GameState | None:
        """A world drawn for the view (within ``seconds``, where given), or None where none was found in time."""
        try:
            if seconds is None:
                return determinize(view, self.rng, moves=moves)
            return determinize(view, self.rng, moves=moves, budget=max(seconds, _SHORTEST_DRAW))
        except NoWorldError:  # a broken view raises another StateError: refused, not played around
            return None

    def _most_visited(self, root: _Node, moves: Sequence[Move]) -> Move:
        """The move of ``moves`` visited most in the tree (at random where the search tried none)."""
        tried = [move for move in moves if move in root.children]
        if not tried:
            return self.rng.choice(moves)
        return max(tried, key=lambda move: root.children[move].visits)

    def interrupt(self, view: PlayerView | None, moves: Sequence[Move]) -> Move | None:
        """Out of turn it plays as the heuristic player does: a molodka, a lone trump to the partner."""
        check_asked(self, view, moves, choosing=False)
        return out_of_turn(moves)

    def _iterate(
        self, root: _Node, world: GameState, mine: set[Move], costs: dict[TrumpTable, Costs], scale: int
    ) -> int:
        """One iteration from ``world``: down the tree, one new move, the play-out; how many moves it made.
        ``scale`` is the most a hand can write (``Ruleset.most_written``)."""
        rules = world.ruleset
        rng = self.rng
        me = self.seat
        state = world
        node = root
        path = []
        made = 0
        while True:
            if _over(world, state):
                break
            legal = legal_moves(state)
            if node is root:
                legal = tuple(move for move in legal if move in mine)
            options = _as_seen(state, legal, me)
            for key in options:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [key for key in options if key not in node.children]
            if untried:
                key = rng.choice(untried)
                move = _one_of(options[key], rng)
                child = node.children[key] = _Node(rules.side_of(move.seat))
                child.available = 1
                path.append(child)
                state = apply(state, move)
                made += 1
                break
            key = max(options, key=lambda key: node.children[key].bound())
            node = node.children[key]
            path.append(node)
            state = apply(state, _one_of(options[key], rng))
            made += 1
        known: Costs | None = None
        while not _over(world, state):
            guess = None
            if self.guided:
                table = state.table
                if known is None or known.table is not table:  # the trumps named in the play-out: new costs
                    known = costs.get(table) or costs.setdefault(table, Costs(rules, table))
                guess = answer_with(state, known)
            state = apply(state, guess if guess is not None else rng.choice(legal_moves(state)))
            made += 1
        values = _values(rules, world, state, scale)
        for child in path:
            child.visits += 1
            child.total += values[child.side]
        return made


def _seconds(value: object) -> float:
    """``IsmctsBot``'s ``seconds``, checked: a number above 0 and at most MAX_SEARCH_SECONDS (a whole number is kept as
    a plain int, a float as a float)."""
    number: float | None = whole_number(value)
    if number is None and isinstance(value, float):
        number = float(value)
    if number is None:
        raise WrongTypeError(
            f"IsmctsBot: seconds is a number above 0 and at most {MAX_SEARCH_SECONDS}, or None, not {table_text(value)}"
        )
    if not 0 < number <= MAX_SEARCH_SECONDS:  # NaN is refused too
        raise KozelError(
            f"IsmctsBot: seconds is a number above 0 and at most {MAX_SEARCH_SECONDS}, or None, not {table_text(value)}"
        )
    return number


def _as_seen(state: GameState, legal: tuple[Move, ...], seat: int) -> dict[Move | Played, Move | list[Move]]:
    """The moves of ``legal`` by what ``seat`` sees of them (:func:`_seen_as`): a move it sees stands for itself;
    the moves of another seat whose cards it does not see are one, standing for all of them."""
    options: dict[Move | Played, Move | list[Move]] = {}
    for move in legal:
        key = move if move.seat == seat or move.kind not in HIDDEN_KINDS else _seen_as(state, move, seat)
        if key is move:
            options[move] = move
        else:
            alike = options.setdefault(key, [])
            assert isinstance(alike, list)
            alike.append(move)
    return options


def _seen_as(state: GameState, move: Move, seat: int) -> Move | Played:
    """``move``, made in ``state``, as ``seat`` sees it: the move itself, or, where its cards are hidden from
    ``seat`` (another seat's face-down pass, a transfer between others), the event it sees: who, what kind, how
    many cards."""
    if move.seat == seat or move.kind not in HIDDEN_KINDS:
        return move
    seen = played_in(state, move).for_seat(seat)
    return move if seen.cards is not None else seen


def _one_of(moves: Move | list[Move], rng: random.Random) -> Move:
    """The move a tree's choice stands for in this world: itself, or one of the hidden moves it stands for, at
    random (another seat's face-down cards are a chance to the searching seat, not a choice it can tell apart)."""
    if isinstance(moves, Move):
        return moves
    return moves[0] if len(moves) == 1 else rng.choice(moves)


def _over(world: GameState, state: GameState) -> bool:
    """Whether the hand being searched has ended: the match is over, or the hand (no seat to move, inside
    ``within_hand``), or the deal was dealt again."""
    return state.turn is None or state.deal.number != world.deal.number


def _values(rules: Ruleset, world: GameState, state: GameState, scale: int) -> list[float]:
    """What the end of the hand is worth to each side, from 0 to 1 (a hand dealt again: a half each): half its share
    of the card points, and half its written points against the others', as a share of ``scale``, the most a hand
    can write (``Ruleset.most_written``; so that a hand written four is worse than one written two).  A hand that
    ended with no card points counted (a catch) shares them as it writes: all to a side written nothing while the
    others were written the most, none to a side written the most."""
    if len(state.hand_results) == len(world.hand_results):
        return [0.5] * rules.sides
    result: HandResult = state.hand_results[-1]
    total = sum(result.points)
    written = result.written
    sign = rules.scoring.mode.sign
    scale = max(scale, *written)  # a safeguard: whatever a hand writes, its value stays within 0..1
    values = []
    for side in range(rules.sides):
        others = sum(written) - written[side]
        mark = sign * (written[side] - others / max(1, rules.sides - 1)) / scale
        share = result.points[side] / total if total else (mark + 1) / 2
        values.append(0.5 * share + 0.25 * (mark + 1))
    return values
