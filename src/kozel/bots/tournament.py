"""Tournaments: many matches between bots, and their results with confidence intervals.

Match ``i`` of a tournament with seed ``s`` is dealt from the seed ``kozel/tournament/{s}/{i}`` and
seats the bots by turns: the bots are given one per side, and the side each bot plays moves round
by one every match, so every bot plays every side equally often.  A match's outcome depends only
on ``s`` and ``i``, so a tournament gives the same results however many processes play it.

Bots are named by their name in :data:`kozel.bots.BOTS` (``"heuristic"``), or as
``"package.module:Class"`` for a bot of one's own (a :class:`~kozel.bots.Bot` subclass built with
no arguments), optionally with keyword arguments: ``"ismcts(iterations=50)"``.
"""

from __future__ import annotations

import ast
import concurrent.futures
import hashlib
import importlib
import math
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import attrs

from kozel.bots.base import Bot
from kozel.bots.runner import play_match
from kozel.errors import KozelError
from kozel.rules.ruleset import Ruleset

__all__ = ["BotResult", "MatchOutcome", "Tournament", "make_bot", "match_seed", "play", "wilson"]

_SPEC: Final = re.compile(r"\s*([\w.:]+)\s*(?:\((.*)\))?\s*", re.DOTALL)
#: The z value of a 95% confidence interval.
Z95: Final = 1.959963984540054


def make_bot(spec: str) -> Bot:
    """The bot named by ``spec``: a built-in name or ``module:Class``, with ``(keyword=value, ...)`` if wanted."""
    from kozel.bots import BOTS  # noqa: PLC0415 - the package imports this module

    match = _SPEC.fullmatch(spec)
    if match is None:
        raise KozelError(f"{spec!r} does not name a bot: give a name ({', '.join(BOTS)}) or module:Class")
    name, arguments = match.groups()
    kind: Any
    if ":" in name:
        module, _, attribute = name.partition(":")
        try:
            kind = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as error:
            raise KozelError(f"cannot load the bot {name!r}: {error}") from None
    elif name in BOTS:
        kind = BOTS[name]
    else:
        raise KozelError(f"no bot is called {name!r}; the bots are {', '.join(BOTS)}, or give module:Class")
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise KozelError(f"{name!r} is not a Bot class")
    keywords = _keywords(arguments or "", spec)
    try:
        return kind(**keywords)
    except TypeError as error:
        raise KozelError(f"cannot make the bot {spec!r}: {error}") from None


def _keywords(text: str, spec: str) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        call = ast.parse(f"f({text})", mode="eval").body
    except SyntaxError:
        raise KozelError(f"{spec!r}: the bot's arguments are keyword=value, separated by commas") from None
    if not isinstance(call, ast.Call) or call.args:
        raise KozelError(f"{spec!r}: the bot's arguments are keyword=value, separated by commas")
    try:
        return {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords if keyword.arg}
    except ValueError:
        raise KozelError(f"{spec!r}: each argument's value is a number, text, true/false or None") from None


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a tournament with ``seed``."""
    digest = hashlib.sha256(f"kozel/tournament/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


@attrs.frozen
class MatchOutcome:
    """One match of a tournament: which bot sat on which side, and how it ended."""

    #: The match's number in the tournament.
    index: int
    #: The bot (by its place in the tournament's list) playing each side.
    sides: tuple[int, ...]
    #: The losing sides.
    goats: tuple[int, ...]
    #: The title of each goat.
    titles: tuple[str, ...]
    #: Each side's card points, summed over the hands of the match.
    points: tuple[int, ...]
    #: How many hands were played.
    hands: int


def play(rules: Ruleset, specs: Sequence[str], seed: int, index: int) -> MatchOutcome:
    """Play match ``index`` of the tournament of ``specs`` with ``seed``."""
    count = len(specs)
    sides = tuple((side + index) % count for side in range(rules.sides))
    bots = [make_bot(specs[sides[rules.side_of(seat)]]) for seat in range(rules.players)]
    state = play_match(rules, bots, seed=match_seed(seed, index))
    result = state.result
    assert result is not None
    points = tuple(sum(hand.points[side] for hand in state.hand_results) for side in range(rules.sides))
    return MatchOutcome(index, sides, result.goats, result.titles, points, len(state.hand_results))


def _play_chunk(rules: Ruleset, specs: Sequence[str], seed: int, indexes: Sequence[int]) -> list[MatchOutcome]:
    return [play(rules, specs, seed, index) for index in indexes]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``(low, high)``, 95% by default."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return ((centre - spread) / scale, (centre + spread) / scale)


@attrs.frozen
class BotResult:
    """One bot's record over a tournament."""

    #: The bot as it was named.
    spec: str
    #: Matches it played.
    matches: int
    #: Matches its side was not a goat.
    wins: int
    #: Matches its side was a goat.
    goats: int
    #: Card points its side took per hand, on average.
    mean_points: float
    #: How often each title fell on its side.
    titles: tuple[tuple[str, int], ...]

    @property
    def win_rate(self) -> float:
        """The share of matches won."""
        return self.wins / self.matches if self.matches else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the win rate."""
        return wilson(self.wins, self.matches)

    @property
    def goat_rate(self) -> float:
        """The share of matches in which it was a goat."""
        return self.goats / self.matches if self.matches else 0.0

    @property
    def goat_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the goat rate."""
        return wilson(self.goats, self.matches)

    def as_data(self) -> dict[str, Any]:
        """The record as plain data (for ``--json``)."""
        return {
            "bot": self.spec,
            "matches": self.matches,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": list(self.win_interval),
            "goats": self.goats,
            "goat_rate": self.goat_rate,
            "goat_rate_95": list(self.goat_interval),
            "mean_card_points_per_hand": self.mean_points,
            "titles": dict(self.titles),
        }


@attrs.frozen
class Tournament:
    """A tournament's settings; :meth:`run` plays it."""

    #: The rules played.
    rules: Ruleset
    #: The bots, one per side of each match (they take turns on the sides).
    specs: tuple[str, ...]
    #: How many matches.
    matches: int
    #: The seed of every match.
    seed: int = 0

    def __attrs_post_init__(self) -> None:
        if len(self.specs) != self.rules.sides:
            raise KozelError(
                f"{self.rules.name} is played by {self.rules.sides} sides: name {self.rules.sides} bots, "
                f"not {len(self.specs)}"
            )
        if self.matches < 1:
            raise KozelError(f"a tournament plays at least one match, not {self.matches}")
        for spec in self.specs:
            make_bot(spec)  # a bad name fails now, not in a worker

    def run(
        self, processes: int = 1, progress: Callable[[int, int], None] | None = None
    ) -> tuple[list[BotResult], list[MatchOutcome]]:
        """Play every match (over ``processes`` processes); each bot's record, and every match in order.

        ``progress(done, total)`` is called as matches finish.
        """
        outcomes: list[MatchOutcome] = []
        for chunk in self._played(processes):
            outcomes += chunk
            if progress is not None:
                progress(len(outcomes), self.matches)
        outcomes.sort(key=lambda outcome: outcome.index)
        return self.records(outcomes), outcomes

    def _played(self, processes: int) -> Iterator[list[MatchOutcome]]:
        size = max(1, min(25, self.matches // (4 * max(1, processes)) or 1))
        chunks = [list(range(start, min(start + size, self.matches))) for start in range(0, self.matches, size)]
        if processes <= 1:
            for chunk in chunks:
                yield _play_chunk(self.rules, self.specs, self.seed, chunk)
            return
        with concurrent.futures.ProcessPoolExecutor(max_workers=processes) as pool:
            futures = [pool.submit(_play_chunk, self.rules, self.specs, self.seed, chunk) for chunk in chunks]
            for future in concurrent.futures.as_completed(futures):
                yield future.result()

    def records(self, outcomes: Sequence[MatchOutcome]) -> list[BotResult]:
        """Each bot's record over ``outcomes``."""
        results = []
        for bot, spec in enumerate(self.specs):
            played = wins = goats = hands = 0
            points = 0
            titles: dict[str, int] = {}
            for outcome in outcomes:
                for side, sitter in enumerate(outcome.sides):
                    if sitter != bot:
                        continue
                    played += 1
                    hands += outcome.hands
                    points += outcome.points[side]
                    if side in outcome.goats:
                        goats += 1
                        title = outcome.titles[outcome.goats.index(side)]
                        titles[title] = titles.get(title, 0) + 1
                    else:
                        wins += 1
            mean = points / hands if hands else 0.0
            results.append(BotResult(spec, played, wins, goats, mean, tuple(sorted(titles.items()))))
        return results
