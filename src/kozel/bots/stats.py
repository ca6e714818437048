"""The statistics of a tournament's table: intervals around a bot's win rate."""

from __future__ import annotations

import math
import numbers
from typing import Final

from kozel.errors import KozelError, WrongTypeError
from kozel.plain_types import whole_number
from kozel.rules.checks import table_text

__all__ = ["Z95", "wilson"]

#: The z value of a 95% confidence interval.
Z95: Final = 1.959963984540054
#: The largest z :func:`wilson` takes: its square, times 1 / trials squared, stays a float.
_LARGEST_Z: Final = 1e100
#: Trials from which 4 trials squared is too large for a float.
_HUGE: Final = 2**500


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``(low, high)``, 95% by default, always within 0-1.

    ``successes`` and ``trials`` are whole numbers (:class:`~kozel.errors.WrongTypeError` otherwise),
    0 <= ``successes`` <= ``trials``, of any size; ``z`` is a finite number above 0 and at most
    ``1e100`` (:class:`~kozel.errors.KozelError` otherwise).  The formula's ends lie within 0
    and 1, but rounding can take them a hair past (``1.0000000000000002`` at 11 of 11): they are
    clamped to 0-1, and the interval of 0 of ``n`` starts at exactly 0, that of ``n`` of ``n`` ends at
    exactly 1, as the formula gives them.
    """
    wins = whole_number(successes)
    games = whole_number(trials)
    if wins is None or games is None:
        raise WrongTypeError(
            "a proportion counts whole numbers of successes and trials, "
            f"not {table_text(successes)} of {table_text(trials)}"
        )
    if not 0 <= wins <= games:
        raise KozelError(
            f"a proportion counts 0 to {table_text(trials)} successes of {table_text(trials)} trials, "
            f"not {table_text(successes)}"
        )
    if isinstance(z, bool) or not isinstance(z, numbers.Real):
        raise WrongTypeError(f"z, the standard errors each way, is a number, not {table_text(z)}")
    if not 0 < z <= _LARGEST_Z:  # NaN fails this too
        raise KozelError(
            f"z, the standard errors each way, is a number above 0 and at most {_LARGEST_Z:g}, not {table_text(z)}"
        )
    z = float(z)
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games  # exact division of whole numbers, correctly rounded at any size
    if games < _HUGE:
        centre = rate + z * z / (2 * games)
        spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
        scale = 1 + z * z / games
    else:  # trials whose square is too large for a float: the same formula through 1 / trials
        inverse = 1 / games  # correctly rounded (to 0.0 past the smallest float)
        root = 1 / math.isqrt(games)  # 1 / sqrt(trials): the spread is this times a number near sqrt(rate)
        centre = rate + z * z * inverse / 2
        spread = z * root * math.sqrt(rate * (1 - rate) + z * z * inverse / 4)
        scale = 1 + z * z * inverse
    low = 0.0 if wins == 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if wins == games else min(1.0, (centre + spread) / scale)
    return (low, high)
