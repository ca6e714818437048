"""The match: hands are played until a side reaches the target; the losers are the goats."""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from kozel.limits import MAX_POINTS, MAX_SETS
from kozel.rules import checks
from kozel.rules.scoring import ScoreMode

__all__ = ["MatchRule", "Title"]


class Title(enum.Enum):
    """A word the table adds to "goat" when a match ends."""

    #: "with eggs": the match had an eggs hand.
    EGGS = "eggs"
    #: "with tails": the goat ended over the target.
    TAILS_OVER_TARGET = "tails_over_target"
    #: "with tails": the winners stood ``tails_short`` short of the target before the final hand and took
    #: ``tails_points`` card points or more in it (:class:`MatchRule`).
    TAILS_FINAL_HAND = "tails_final_hand"
    #: "dry": the winners have nothing written (penalty scoring).
    DRY = "dry"
    #: "blind": the match ended by taking every trick of its first hand.
    BLIND = "blind"


def _titles(titles: Iterable[Title]) -> tuple[Title, ...]:
    return checks.as_tuple(titles)


@attrs.frozen
class MatchRule:
    """A match runs until a side reaches ``target`` written points.

    Under penalty scoring the sides that reach it are the goats (козёл); under credit scoring they
    win and every other side is a goat; under countdown scoring every side starts at ``start`` and
    the first down to ``target`` wins.  With ``sets`` above 1 the target ends a set, the score sheet
    starts again, and the first side to win ``sets`` sets wins the match.  ``titles`` are the words
    the table adds to "goat".  The target, the start and the two tails numbers are at most
    :data:`~kozel.limits.MAX_POINTS` (1000) and ``sets`` at most :data:`~kozel.limits.MAX_SETS`
    (5), so that every match ends (the ruleset further ties the target to its scoring table).
    """

    #: Written points that end the match (or the set).
    target: int = attrs.field(default=12, validator=checks.whole("match", 0, MAX_POINTS))
    #: What the goats may be called, besides "goat".
    titles: tuple[Title, ...] = attrs.field(
        default=(Title.EGGS,), converter=_titles, validator=checks.members("match", Title)
    )
    #: Where every side's score starts (countdown scoring starts above the target).
    start: int = attrs.field(default=0, validator=checks.whole("match", 0, MAX_POINTS))
    #: Sets a side must win to win the match.
    sets: int = attrs.field(default=1, validator=checks.whole("match", 1, MAX_SETS))
    #: For "tails" earned in the final hand: how far short of the target the winners stood before it.
    tails_short: int = attrs.field(default=2, validator=checks.whole("match", 1, MAX_POINTS))
    #: For "tails" earned in the final hand: the card points the winners took in it, at least.
    tails_points: int = attrs.field(default=90, validator=checks.whole("match", 1, MAX_POINTS))

    def tails_score(self, mode: ScoreMode) -> int:
        """The score ``tails_short`` short of the target (above it when counting down), where the winners of a match
        earn "tails" by taking ``tails_points`` or more in the final hand."""
        return self.target + self.tails_short if mode is ScoreMode.COUNTDOWN else self.target - self.tails_short

    def reached(self, scores: tuple[int, ...], mode: ScoreMode) -> tuple[int, ...]:
        """The sides whose score has reached the target (at or above it; at or below it when counting down)."""
        if mode is ScoreMode.COUNTDOWN:
            return tuple(side for side, score in enumerate(scores) if score <= self.target)
        return tuple(side for side, score in enumerate(scores) if score >= self.target)

    def title(self, words: Iterable[Title]) -> str:
        """The full title of a goat, such as "goat with eggs and tails" or "dry goat"."""
        chosen = set(words) & set(self.titles)
        before = [word for title, word in ((Title.DRY, "dry"), (Title.BLIND, "blind")) if title in chosen]
        after = ["eggs"] if Title.EGGS in chosen else []
        if chosen & {Title.TAILS_OVER_TARGET, Title.TAILS_FINAL_HAND}:
            after.append("tails")
        name = " ".join([*before, "goat"])
        return f"{name} with {' and '.join(after)}" if after else name
