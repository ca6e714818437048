"""Hypothesis strategies for testing a bot, a UI or a house variant: positions, views, moves and rulesets.

Every position is reached by legal play from a new match: a strategy draws the match's seed and
how many moves to play, and the moves are drawn by :func:`kozel.testing.random_move` from that
seed.  Shrinking lowers the seed and the number of moves, so a failing example shrinks to a
shorter match, never to a position no play could reach.

This module needs Hypothesis, which kozel does not depend on: ``pip install "kozel[testing]"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from kozel.errors import KozelError, MissingExtraError, RulesetError, WrongTypeError

try:
    from hypothesis import strategies as st
except ImportError as missing:  # pragma: no cover - the message is tested with Hypothesis hidden
    raise MissingExtraError(
        'kozel.testing.strategies needs Hypothesis, which kozel does not install: pip install "kozel[testing]"',
        name="hypothesis",
    ) from missing

from kozel import variants
from kozel.cards import Rank
from kozel.engine import apply, legal_moves, new_game
from kozel.game import GameState, Move, Phase
from kozel.rules import BeatOrPass, ScoreMode
from kozel.rules.ruleset import Ruleset
from kozel.testing import _arguments
from kozel.testing.check import random_move
from kozel.view import PlayerView, observe

__all__ = ["MAX_MOVES", "PLAYERS", "TARGETS", "moves", "rulesets", "states", "views"]

#: The most moves :func:`states` plays by default: enough to reach the later hands of most matches.
MAX_MOVES: Final = 400
#: The player counts :func:`rulesets` tries (each kept only where the ruleset's deal serves it).
PLAYERS: Final = (2, 3, 4, 5, 6, 8)
#: The match targets :func:`rulesets` draws from (a countdown match keeps its own start and target).
TARGETS: Final = (1, 30)

_T = TypeVar("_T")
_SEEDS: Final = st.integers(min_value=0, max_value=2**32 - 1)


def _rules_given(rules: object, caller: str) -> None:
    """Refuse, when the strategy is made, ``rules`` that are neither a Ruleset nor a strategy (of Rulesets)."""
    if not isinstance(rules, Ruleset | st.SearchStrategy):
        hint = "; a built-in ruleset by its name is kozel.variants.get(name)" if isinstance(rules, str) else ""
        raise WrongTypeError(f"{caller} needs a Ruleset or a strategy of Rulesets, not {type(rules).__name__}{hint}")


def _ruleset(
    draw: Callable[[st.SearchStrategy[Any]], Any], rules: Ruleset | st.SearchStrategy[Ruleset], caller: str
) -> Ruleset:
    if isinstance(rules, Ruleset):
        return rules
    drawn = draw(rules)
    if not isinstance(drawn, Ruleset):
        raise WrongTypeError(f"{caller}: the strategy given as rules drew a {type(drawn).__name__}, not a Ruleset")
    return drawn


def _phase(phase: object, caller: str) -> None:
    if phase is not None and not isinstance(phase, Phase):
        raise WrongTypeError(f"{caller}: phase is None or a kozel.Phase, not {_arguments.shown(phase)}")


def play_to(rules: Ruleset, seed: int, count: int, phase: Phase | None = None) -> GameState:
    """The position after ``count`` moves of :func:`kozel.testing.random_move` from seed ``seed`` (or the end).

    With ``phase``, play goes on from there (up to :data:`MAX_MOVES` moves more) until a position of
    that phase comes up, or the match ends.  ``count`` is a whole number of at least 0, ``seed``
    a match's seed: anything else raises :class:`~kozel.WrongTypeError` or :class:`~kozel.KozelError`.
    """
    _arguments.ruleset(rules, "play_to")
    _arguments.seed(seed, "play_to")
    _arguments.count(count, "count", "play_to", 0)
    _phase(phase, "play_to")
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(count):
        if state.is_over:
            break
        state = apply(state, random_move(state, rng))
    if phase is not None:
        for _ in range(MAX_MOVES):
            if state.phase is phase or state.is_over:
                break
            state = apply(state, random_move(state, rng))
    return state


def states(
    rules: Ruleset | st.SearchStrategy[Ruleset],
    *,
    max_moves: int = MAX_MOVES,
    over: bool = True,
    phase: Phase | None = None,
) -> st.SearchStrategy[GameState]:
    """Positions of ``rules`` (a ruleset, or a strategy of rulesets) reached by legal play, in every phase.

    A match is played from a drawn seed for a drawn number of moves, up to ``max_moves``; half the
    time play then goes on to the next position of a drawn phase, so that short-lived phases (a
    transfer to answer, cards to lay away) come up as often as long ones.  With ``phase`` every
    position drawn is of that phase (the ruleset must have it); with ``over=False`` a match that
    ended is not drawn, so the position has legal moves.

    The arguments are checked when the strategy is made, not when it draws: ``rules`` that are
    neither a :class:`~kozel.Ruleset` nor a strategy (a built-in's name among them: pass
    ``kozel.variants.get(name)``), a ``max_moves`` that is not a whole number, ``over`` not True or
    False, ``phase`` not a :class:`~kozel.Phase` raise :class:`~kozel.WrongTypeError`; a negative
    ``max_moves`` raises :class:`~kozel.KozelError`.
    """
    _rules_given(rules, "states")
    _arguments.count(max_moves, "max_moves", "states", 0)
    _arguments.flag(over, "over", "states")
    _phase(phase, "states")

    @st.composite
    def build(draw: Callable[[st.SearchStrategy[Any]], Any]) -> GameState:
        ruleset = _ruleset(draw, rules, "states")
        seed = draw(_SEEDS)
        count = draw(st.integers(min_value=0, max_value=max_moves))
        target = phase if phase is not None else draw(st.none() | st.sampled_from(list(Phase)))
        state = play_to(ruleset, seed, count, target)
        if (not over and state.is_over) or (phase is not None and state.phase is not phase):
            state = draw(st.nothing())
        return state

    return build()


def views(rules: Ruleset | st.SearchStrategy[Ruleset], *, max_moves: int = MAX_MOVES) -> st.SearchStrategy[PlayerView]:
    """What one seat sees (:func:`kozel.observe`) at a position of :func:`states`, the seat drawn too.

    The arguments are checked as :func:`states` checks them, when the strategy is made.
    """
    _rules_given(rules, "views")
    _arguments.count(max_moves, "max_moves", "views", 0)

    @st.composite
    def build(draw: Callable[[st.SearchStrategy[Any]], Any]) -> PlayerView:
        state: GameState = draw(states(rules, max_moves=max_moves))
        seat = draw(st.integers(min_value=0, max_value=state.match.ruleset.players - 1))
        return observe(state, seat)

    return build()


def moves(state: GameState) -> st.SearchStrategy[Move]:
    """A legal move of ``state``; shrinks towards the first of ``legal_moves(state)``.

    A state whose match is over (or a hand's end reached inside :func:`kozel.engine.within_hand`)
    has no move: it raises :class:`~kozel.KozelError`; anything but a GameState raises
    :class:`~kozel.WrongTypeError`.
    """
    _arguments.state(state, "moves")
    legal = legal_moves(state)
    if not legal:
        where = "the match is over" if state.is_over else "the hand ended inside kozel.engine.within_hand"
        raise KozelError(f"moves(state): nobody may move ({where}), so there is no legal move to draw")
    return st.sampled_from(legal)


def _players(rules: Ruleset, players: int) -> Ruleset:
    return rules.for_players(players)


def _target(rules: Ruleset, target: int) -> Ruleset:
    if rules.scoring.mode is ScoreMode.COUNTDOWN:
        return rules
    return attrs.evolve(rules, match=attrs.evolve(rules.match, target=target))


def _points(rules: Ruleset, order: list[int]) -> Ruleset:
    """The ruleset with the card points of the ranks in its deck shuffled among them: the deck's total stays."""
    names = [rank.name.lower() for rank in Rank if any(card.rank is rank for card in rules.deck)]
    values = [getattr(rules.points, name) for name in names]
    shuffled = [values[index] for index in order]  # order: a permutation of range(len(values))
    return attrs.evolve(rules, points=attrs.evolve(rules.points, **dict(zip(names, shuffled, strict=True))))


def _no_eggs(rules: Ruleset, _: bool) -> Ruleset:
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, eggs=False, eggs_replay=False))


def _no_trick(rules: Ruleset, written: int) -> Ruleset:
    return attrs.evolve(rules, scoring=attrs.evolve(rules.scoring, no_trick=written))


def _no_molodka(rules: Ruleset, _: bool) -> Ruleset:
    if not isinstance(rules.play, BeatOrPass):
        return rules
    return attrs.evolve(rules, play=attrs.evolve(rules.play, molodka=None))


def _no_transfer(rules: Ruleset, _: bool) -> Ruleset:
    return attrs.evolve(rules, transfer=None)


def _optional(value: st.SearchStrategy[_T]) -> st.SearchStrategy[_T | None]:
    return st.none() | value


def rulesets(bases: tuple[str, ...] | None = None) -> st.SearchStrategy[Ruleset]:
    """Valid variations of the built-in rulesets (of ``bases``, by default every one), each named ``BASE_house``.

    Each variation is drawn or not: another player count (:data:`PLAYERS`, through
    :meth:`~kozel.Ruleset.for_players`), another match target (within :data:`TARGETS`), the card
    points shuffled among the ranks of the deck (the deck's total stays, so the scoring tables fit),
    no eggs, another amount written for no trick (0 to 8), no molodka, no trump transfer.  A
    variation the ruleset's checks refuse is left out, so every ruleset drawn validates; with none
    drawn, the ruleset is the built-in one as it stands.  Shrinking leaves variations out.

    ``bases`` is checked when the strategy is made: a tuple or list of built-in names, at least
    one (a single name is ``("classic",)``, not ``"classic"``); else :class:`~kozel.WrongTypeError`
    for the wrong kind, :class:`~kozel.RulesetError` for a name that is no built-in one, and
    :class:`~kozel.KozelError` for none at all.
    """
    names = tuple(variants.names()) if bases is None else _bases(bases)
    steps: tuple[tuple[Callable[[Ruleset, Any], Ruleset], st.SearchStrategy[Any]], ...] = (
        (_players, st.sampled_from(PLAYERS)),
        (_target, st.integers(min_value=TARGETS[0], max_value=TARGETS[1])),
        (_points, st.permutations(range(len(Rank)))),
        (_no_eggs, st.just(True)),
        (_no_trick, st.integers(min_value=0, max_value=8)),
        (_no_molodka, st.just(True)),
        (_no_transfer, st.just(True)),
    )

    @st.composite
    def build(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Ruleset:
        base = variants.get(draw(st.sampled_from(names)))
        rules = base
        for step, values in steps:
            value = draw(_optional(values))
            if value is None:
                continue
            if step is _points:
                value = [index for index in value if index < _ranks_in(rules)]
            try:
                rules = step(rules, value)
            except RulesetError:
                continue  # a variation this ruleset refuses: left out
        if rules != base:
            rules = attrs.evolve(rules, name=f"{base.name}_house")
        return rules

    return build()


def _bases(bases: object) -> tuple[str, ...]:
    if not isinstance(bases, tuple | list):
        hint = f": a single name is ({_arguments.shown(bases)},)" if isinstance(bases, str) else ""
        raise WrongTypeError(f"rulesets: bases is a tuple of built-in ruleset names, not {type(bases).__name__}{hint}")
    if not bases:
        raise KozelError("rulesets: bases names no ruleset: name at least one, or pass None for every built-in one")
    for name in bases:
        if not isinstance(name, str):
            raise WrongTypeError(f"rulesets: bases holds the names of built-in rulesets, not {_arguments.shown(name)}")
        variants.get(name)  # an unknown name raises RulesetError, naming the closest built-in
    return tuple(bases)


def _ranks_in(rules: Ruleset) -> int:
    return sum(1 for rank in Rank if any(card.rank is rank for card in rules.deck))
