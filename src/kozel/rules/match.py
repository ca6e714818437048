"""The match: hands are played until a side reaches the target; the losers are the goats."""

from __future__ import annotations

from typing import Any

import attrs

from kozel.errors import RulesetError
from kozel.rules.scoring import ScoreMode

__all__ = ["MatchRule"]


def _target(instance: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RulesetError(f"match: target must be a whole number of at least 1, not {value!r}")


@attrs.frozen
class MatchRule:
    """A match ("party") runs until a side has ``target`` or more written points.

    Under penalty scoring the sides that reach it are the goats (козёл); under credit scoring they
    win and every other side is a goat.  With ``eggs_title``, goats of a match that had an eggs hand
    are "goat with eggs".
    """

    #: Written points that end the match.
    target: int = attrs.field(default=12, validator=_target)
    #: Whether a match with an eggs hand makes its losers "goat with eggs".
    eggs_title: bool = True

    def goats(self, scores: tuple[int, ...], mode: ScoreMode) -> tuple[int, ...]:
        """The losing sides once the match is over, or ``()`` while no side has reached the target."""
        reached = tuple(side for side, score in enumerate(scores) if score >= self.target)
        if not reached or mode is ScoreMode.PENALTY:
            return reached
        return tuple(side for side in range(len(scores)) if side not in reached)

    def titles(self, eggs_played: bool) -> tuple[str, ...]:
        """What the table calls the goats of a finished match."""
        return ("goat with eggs",) if self.eggs_title and eggs_played else ("goat",)
