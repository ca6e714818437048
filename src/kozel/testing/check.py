"""``check_ruleset``: random matches of any ruleset with every invariant checked, and a report of what came up."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from kozel.engine import apply, legal_moves, new_game
from kozel.errors import KozelError, WrongTypeError
from kozel.game import GameState, Move, MoveKind, Phase
from kozel.limits import MAX_MATCHES
from kozel.rules import BeatOrPass, Ruleset
from kozel.rules.match import Title
from kozel.testing import _arguments
from kozel.testing.invariants import (
    _Broken,
    _reporting,
    check_move,
    check_round_trips,
    check_state,
    hand_bound,
    move_bound,
)

__all__ = ["DEEP_EVERY", "SAMPLE_EVERY", "Report", "check_ruleset", "random_move"]

#: By default one position in this many (at random, and the first of each phase of each deal) gets the costly checks.
SAMPLE_EVERY: Final = 8
#: By default one in this many of the fully checked positions (at random) also gets the checks whose cost
#: grows with the match: the record and JSON round trips, and a world sampled from a view.
DEEP_EVERY: Final = 4
# The checks whose cost grows with the match replay it: a drawn one is made only while the moves they have
# replayed stay within this many a move played, so that their cost grows with the match, not its square.
_REPLAYS_PER_MOVE: Final = 16

_TITLE_WORDS: Final = {
    Title.EGGS: "eggs",
    Title.TAILS_OVER_TARGET: "tails",
    Title.TAILS_FINAL_HAND: "tails",
    Title.DRY: "dry",
    Title.BLIND: "blind",
}


def random_move(state: GameState, rng: random.Random) -> Move:
    """A legal move of ``state`` drawn at random: first a kind of move, uniformly, then a move of that kind.

    Drawing the kind first makes rare choices come up often: a redeal call, a transfer or a
    molodka out of turn is as likely as the ordinary play beside it, and every praise deal and bid
    is offered as often as the others.

    ``state`` is a GameState and ``rng`` a :class:`random.Random`, else :class:`~kozel.WrongTypeError`.
    Where nobody may move (the match is over, or a hand's end reached inside
    :func:`kozel.engine.within_hand`) there is no move to draw: it raises :class:`~kozel.KozelError`.
    """
    _arguments.state(state, "random_move")
    _arguments.source(rng, "random_move")
    moves = legal_moves(state)
    if not moves:
        where = "the match is over" if state.is_over else "the hand ended inside kozel.engine.within_hand"
        raise KozelError(f"random_move: nobody may move ({where}), so there is no legal move to draw")
    kinds = sorted({move.kind for move in moves})
    kind = rng.choice(kinds)
    return rng.choice([move for move in moves if move.kind is kind])


@attrs.frozen
class Report:
    """What :func:`check_ruleset` played and checked: a house author sees whether each of his rules came up."""

    #: The ruleset checked.
    ruleset: Ruleset
    #: The seed of the whole check.
    seed: int
    #: Matches played to the end.
    matches: int
    #: Hands finished (scored, caught or forfeited).
    hands: int
    #: Moves played.
    moves: int
    #: Positions that got the costly checks as well.
    thorough: int
    #: Moves played of each kind, by the kind's word (``lead``, ``transfer``, ``take_talon``...).
    kinds: Mapping[str, int]
    #: Praise deals chosen, by the procedure's value (``merry``, ``trousers``...).
    praise: Mapping[str, int]
    #: Titles the goats got at the end of a match (``goat``, ``goat with eggs``...).
    titles: Mapping[str, int]
    #: What happened in hands: ``catch``, ``eggs``, ``forfeit``, ``declarer``, ``for_less``, ``all_tricks``.
    events: Mapping[str, int]
    #: Positions played from in each phase, by phase name (``play``, ``praise``, ``bidding``...).
    phases: Mapping[str, int]

    def unexercised(self) -> tuple[str, ...]:
        """The things the ruleset allows that never came up: praise deals, kinds of move, events, titles."""
        rules = self.ruleset
        wanted_kinds: list[MoveKind] = []
        wanted_events: list[str] = []
        if isinstance(rules.play, BeatOrPass):
            wanted_kinds += [MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS]
            if rules.play.molodka is not None:
                wanted_kinds.append(MoveKind.MOLODKA)
        else:
            wanted_kinds.append(MoveKind.PLAY)
        if rules.transfer is not None or rules.leading.swap_for_plain:
            wanted_kinds.append(MoveKind.TRANSFER)
        if rules.redeal is not None:
            wanted_kinds.append(MoveKind.REDEAL)
        bidding = rules.talon.bidding if rules.talon is not None else None
        if bidding is not None:
            wanted_kinds += [MoveKind.TAKE_TALON, MoveKind.DECLINE, MoveKind.LAY_AWAY]
            wanted_events += ["declarer", "for_less"]
        if rules.catch is not None:
            wanted_events.append("catch")
        if rules.scoring.eggs:
            wanted_events.append("eggs")
        missing = [f"move {kind.word}" for kind in wanted_kinds if not self.kinds.get(kind.word)]
        if rules.praise is not None:
            missing += [f"praise {kind.value}" for kind in rules.praise.choices if not self.praise.get(kind.value)]
        missing += [f"event {event}" for event in wanted_events if not self.events.get(event)]
        for title in rules.match.titles:
            word = _TITLE_WORDS[title]
            if not any(word in name.split() for name in self.titles):
                missing.append(f"title {title.value}")
        return tuple(missing)

    def summary(self) -> str:
        """The report in a few lines of text, as ``kozel check`` prints it."""

        def counts(table: Mapping[str, int]) -> str:
            return ", ".join(f"{name} {count}" for name, count in sorted(table.items())) or "none"

        lines = [
            f"{self.ruleset.name} ({self.ruleset.players} players): {self.matches} matches, {self.hands} hands, "
            f"{self.moves} moves, every invariant held ({self.thorough} positions fully checked)",
            f"  moves: {counts(self.kinds)}",
        ]
        if self.ruleset.praise is not None:
            lines.append(f"  praise deals: {counts(self.praise)}")
        lines += [f"  events: {counts(self.events)}", f"  titles: {counts(self.titles)}"]
        missing = self.unexercised()
        if missing:
            lines.append(f"  never came up: {', '.join(missing)}")
        return "\n".join(lines) + "\n"


class _Tally:
    """The counts a check gathers while it plays."""

    def __init__(self) -> None:
        self.hands = 0
        self.moves = 0
        self.thorough = 0
        self.kinds: Counter[str] = Counter()
        self.praise: Counter[str] = Counter()
        self.titles: Counter[str] = Counter()
        self.events: Counter[str] = Counter()
        self.phases: Counter[str] = Counter()

    def move(self, state: GameState, move: Move, after: GameState) -> None:
        self.moves += 1
        self.kinds[move.kind.word] += 1
        self.phases[state.phase.name.lower()] += 1
        if move.kind is MoveKind.PRAISE and move.choice is not None:
            self.praise[move.choice] += 1
        rules = state.match.ruleset
        bidding = rules.talon.bidding if rules.talon is not None else None
        for result in after.match.hand_results[len(state.match.hand_results) :]:
            self.hands += 1
            for event, happened in (
                ("catch", result.caught),
                ("eggs", result.eggs),
                ("forfeit", result.forfeited),
                ("declarer", result.declarer is not None),
                ("for_less", bidding is not None and result.declarer is None and not result.forfeited),
                ("all_tricks", sum(result.tricks) > 0 and max(result.tricks) == sum(result.tricks)),
            ):
                if happened:
                    self.events[event] += 1
        if after.match.result is not None:
            self.titles.update(after.match.result.titles)


def check_ruleset(
    rules: Ruleset,
    *,
    matches: int = 20,
    seed: int = 0,
    sample_every: int = SAMPLE_EVERY,
    deep_every: int = DEEP_EVERY,
    max_hands: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Play ``matches`` random matches of ``rules`` from ``seed``, checking every invariant after every move.

    The players choose with :func:`random_move`.  Every position gets the cheap checks; one in
    ``sample_every`` (at random, and always the first position of each phase of a deal) also
    gets the costly ones (see :func:`kozel.testing.check_move`; ``sample_every=1`` checks every
    position fully), and one in ``deep_every`` of those the checks whose cost grows with the
    match (record and JSON round trips, a world sampled from a view by :func:`kozel.determinize`),
    as long as the moves those round trips replay stay within 16 a move played (so that a long match,
    such as one of four players each for himself, costs in proportion to its length, not its square);
    the last position of each match gets the round trips too.  A match must end within ``max_hands`` hands (by default
    :func:`kozel.testing.hand_bound` of the ruleset).  At the end of each match the seed and the
    moves must replay the same states.  ``progress(done, matches)`` is called after each match.

    Returns a :class:`Report` of what came up; a broken invariant raises
    :class:`~kozel.testing.InvariantError` with the invariant's name and the record of the match
    up to the failing move.  The same arguments always play the same matches.

    The arguments are checked before any match is played: ``rules`` must be a :class:`~kozel.Ruleset` (a
    built-in one by name is ``kozel.variants.get(name)``); ``matches``, ``sample_every``, ``deep_every`` and
    ``max_hands`` (where given) whole numbers of at least 1, ``matches`` at most 10,000,000
    (``kozel.limits.MAX_MATCHES``); ``seed`` a whole number of at most 100 digits, as a match's seed;
    ``progress`` None or callable.  A value of the wrong kind (text, None where a number belongs, True or False
    for a number) raises :class:`~kozel.WrongTypeError`, a number out of range :class:`~kozel.KozelError`:
    never an :class:`~kozel.testing.InvariantError`, which blames the ruleset or the engine.
    """
    _arguments.ruleset(rules, "check_ruleset")
    for name, value in (("matches", matches), ("sample_every", sample_every), ("deep_every", deep_every)):
        _arguments.count(value, name, "check_ruleset", 1)
    if matches > MAX_MATCHES:  # bounded as a tournament's and a league's are: a run past it would never end
        raise KozelError(f"check_ruleset: matches must be at most {MAX_MATCHES}, not {_arguments.shown(matches)}")
    _arguments.seed(seed, "check_ruleset")
    if max_hands is not None:
        _arguments.count(max_hands, "max_hands", "check_ruleset", 1)
    if progress is not None and not callable(progress):
        raise WrongTypeError(f"check_ruleset: progress is None or a function, not {_arguments.shown(progress)}")
    hands = hand_bound(rules) if max_hands is None else max_hands
    tally = _Tally()
    for index in range(matches):
        rng = random.Random(f"kozel.check:{seed}:{index}")
        _play_match(rules, rng, (sample_every, deep_every), hands, tally)
        if progress is not None:
            progress(index + 1, matches)
    return Report(
        ruleset=rules,
        seed=seed,
        matches=matches,
        hands=tally.hands,
        moves=tally.moves,
        thorough=tally.thorough,
        kinds=dict(tally.kinds),
        praise=dict(tally.praise),
        titles=dict(tally.titles),
        events=dict(tally.events),
        phases=dict(tally.phases),
    )


def _play_match(rules: Ruleset, rng: random.Random, every: tuple[int, int], hands: int, tally: _Tally) -> None:
    sampler = random.Random(rng.random())
    state = new_game(rules, seed=rng.randrange(2**32))
    check_state(state)
    states = [state]
    moves: list[Move] = []
    phase: tuple[int, Phase] | None = None
    limit = move_bound(rules, hands)
    credit = 0  # the moves the deep checks may still replay
    while not state.is_over:
        move = random_move(state, rng)
        here = (state.deal.number, state.phase)
        thorough = here != phase or sampler.randrange(every[0]) == 0
        deep = thorough and sampler.randrange(every[1]) == 0
        credit += _REPLAYS_PER_MOVE
        if deep:
            cost = len(state.match_moves) + 1
            deep = cost <= credit
            credit -= cost if deep else 0
        phase = here
        after = check_move(state, move, thorough=thorough, deep=deep, max_hands=hands, max_moves=limit)
        tally.thorough += thorough
        tally.move(state, move, after)
        moves.append(move)
        states.append(after)
        state = after
    check_round_trips(state, rng.randrange(rules.players))
    _check_replay(rules, states, moves)


def _check_replay(rules: Ruleset, states: list[GameState], moves: list[Move]) -> None:
    first = states[0]
    replay = new_game(rules, seed=first.match.seed)
    with _reporting(first, None):
        if replay != first:
            raise _Broken("replay", f"new_game from seed {first.match.seed} deals another position")
    for move, before, expected in zip(moves, states, states[1:], strict=False):
        replay = apply(replay, move)
        with _reporting(before, move):
            if replay != expected or hash(replay) != hash(expected):
                raise _Broken("replay", f"replaying {move} from the seed gives another state")
