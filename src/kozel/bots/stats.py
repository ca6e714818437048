"""The statistics of a tournament's table: intervals around a bot's win rate."""

from __future__ import annotations

import math
from typing import Final

from kozel.errors import KozelError

__all__ = ["Z95", "wilson"]

#: The z value of a 95% confidence interval.
Z95: Final = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``(low, high)``, 95% by default, always within 0-1.

    The formula's ends lie within 0 and 1, but rounding can take them a hair past (``1.0000000000000002``
    at 11 of 11): they are clamped to 0-1, and the interval of 0 of ``n`` starts at exactly 0, that of
    ``n`` of ``n`` ends at exactly 1, as the formula gives them.
    """
    if not 0 <= successes <= trials:
        raise KozelError(f"a proportion counts 0 to {trials} successes of {trials} trials, not {successes}")
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    low = 0.0 if successes == 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if successes == trials else min(1.0, (centre + spread) / scale)
    return (low, high)
