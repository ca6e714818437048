"""The statistics of a tournament's table: intervals around a bot's win rate."""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Final, cast

from kozel.errors import KozelError, WrongTypeError
from kozel.plain_types import whole_number
from kozel.rules.checks import table_text

__all__ = ["Z95", "share_interval", "wilson"]

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
    z = _checked_z(z)
    if games == 0:
        return (0.0, 1.0)
    low, high = _bounds(wins / games, games, z)  # exact division of whole numbers, correctly rounded at any size
    return (0.0 if wins == 0 else max(0.0, low), 1.0 if wins == games else min(1.0, high))


def share_interval(share: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share that need not be a whole number (a draw counting half a win): ``share``
    of ``trials``, within 0-1, 95% by default.

    The formula holds for a proportion that is not a whole number of successes, so the interval is that of
    ``share / trials`` itself, and it contains it.  It is worked out from the side below one half and mirrored, so
    that the interval of ``trials - share`` is ``(1 - high, 1 - low)`` exactly.  ``share`` is a finite number from 0
    to ``trials`` and ``trials`` a whole number (:class:`~kozel.errors.WrongTypeError` for another kind,
    :class:`~kozel.errors.KozelError` out of range); ``z`` as in :func:`wilson`; ``(0, 1)`` for no trials.
    """
    games = whole_number(trials)
    if games is None or isinstance(share, bool) or not isinstance(share, numbers.Real):
        raise WrongTypeError(
            f"a share counts a number of successes of whole trials, not {table_text(share)} of {table_text(trials)}"
        )
    if not 0 <= share <= games:  # NaN fails this too
        raise KozelError(
            f"a share counts 0 to {table_text(trials)} successes of {table_text(trials)} trials, "
            f"not {table_text(share)}"
        )
    z = _checked_z(z)
    if games == 0:
        return (0.0, 1.0)
    if 2 * share > games:
        low, high = share_interval(games - share, games, z)
        return (1.0 - high, 1.0 - low)
    low, high = _bounds(float(Fraction(share) / games), games, z)  # exact at any size, then rounded once
    return (0.0 if share == 0 else max(0.0, low), min(1.0, high))


def _checked_z(z: object) -> float:
    """``z``, the standard errors each way, as a float: a finite number above 0 and at most ``1e100``."""
    if isinstance(z, bool) or not isinstance(z, numbers.Real):
        raise WrongTypeError(f"z, the standard errors each way, is a number, not {table_text(z)}")
    number = cast(float, z)  # compared as it is: an int too large for a float is refused, not converted
    if not 0 < number <= _LARGEST_Z:  # NaN fails this too
        raise KozelError(
            f"z, the standard errors each way, is a number above 0 and at most {_LARGEST_Z:g}, not {table_text(z)}"
        )
    return float(number)


def _bounds(rate: float, games: int, z: float) -> tuple[float, float]:
    """The ends of the Wilson interval around ``rate`` of ``games`` trials, before they are clamped to 0-1."""
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
    return ((centre - spread) / scale, (centre + spread) / scale)
