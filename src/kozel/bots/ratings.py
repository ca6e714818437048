"""Ratings from results between pairs of bots: a Bradley–Terry model fitted in pure Python, with 95% intervals.

In the Bradley–Terry model each bot ``i`` has a strength ``p_i`` and wins against ``j`` with
probability ``p_i / (p_i + p_j)``.  :func:`~kozel.bots.bradley_terry` fits the strengths to a table of wins by
maximum likelihood with Newton's method on the log strengths (a line search halving a step that
overshoots, doubling one that falls short; it stops only once converged, else raises a KozelError),
and gives them on the Elo scale: ``400 log10 p_i``, the mean rating 0, so that 400 points between two bots mean
odds of 10 to 1.  The 95% intervals are ``rating ± 1.96`` standard errors from the observed
Fisher information of the fit (its inverse, taken with the ratings' mean held at 0): quick, and
close to a bootstrap's once each pair has played a few dozen games.

Every pair that met is given one drawn game more (half a win to each, :data:`PRIOR`), so that a bot
that won every game it played gets a finite rating, pulled a little towards the others, rather
than an infinite one.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Final

import attrs

from kozel.bots.base import shown
from kozel.bots.stats import Z95
from kozel.errors import KozelError, WrongTypeError
from kozel.plain_types import number_in

__all__ = ["ELO", "PRIOR", "Ratings", "bradley_terry"]

#: Rating points per unit of log strength: 400 / ln 10, the Elo scale.
ELO: Final = 400 / math.log(10)
#: The wins added each way to every pair that met (one drawn game between them).
PRIOR: Final = 0.5
#: Newton's method stops once its step moves no log strength by more than this.
_TOLERANCE: Final = 1e-10
#: The most steps of Newton's method before :func:`bradley_terry` gives up, with a KozelError.
_MOST_STEPS: Final = 500
#: The longest step, in log strength, that Newton's method takes at once (before its line search).
_LONGEST_STEP: Final = 20.0
#: The most times a climbing step is doubled in one line search.
_MOST_DOUBLINGS: Final = 64
#: A step no longer than this is taken whole: this close, Newton's method converges quadratically, and the
#: log-likelihood changes by less than its rounding.
_NEWTON_NEAR: Final = 1e-3
#: The widest gap, in log strength, between two bots that met (beyond it their information underflows).
_WIDEST_GAP: Final = 700.0
#: The widest span of counts in a table of wins, largest to smallest positive (the prior included).
_WIDEST: Final = 2.0**1000
_SMALLEST: Final = 1 / _WIDEST


@attrs.frozen
class Ratings:
    """Each bot's Bradley–Terry rating on the Elo scale (mean 0), and its standard error."""

    #: The ratings, in the order of the table of wins.
    ratings: tuple[float, ...]
    #: The standard error of each rating (the mean rating held at 0).
    errors: tuple[float, ...]

    def __attrs_post_init__(self) -> None:
        for field in ("ratings", "errors"):
            values = getattr(self, field)
            if type(values) is not tuple:
                raise WrongTypeError(f"the ratings' {field} are a tuple of numbers, not {shown(values)}")
            for value in values:
                number_in(f"each of the ratings' {field}", value)
        if len(self.ratings) != len(self.errors):
            raise KozelError(
                f"the ratings hold {len(self.ratings)} ratings and {len(self.errors)} errors: one error a rating"
            )

    def interval(self, bot: int, z: float = Z95) -> tuple[float, float]:
        """The 95% interval of ``bot``'s rating (``z`` standard errors each way, ``z`` finite and 0 or more)."""
        self._check_bot(bot)
        if not _is_number(z):
            raise WrongTypeError(f"z, the standard errors each way, is a number, not {shown(z)}")
        if not math.isfinite(_as_float(z)) or z < 0:
            raise KozelError(f"z, the standard errors each way, is a finite number, 0 or more, not {shown(z)}")
        return (self.ratings[bot] - z * self.errors[bot], self.ratings[bot] + z * self.errors[bot])

    def expected(self, a: int, b: int) -> float:
        """The share of games ``a`` is expected to win against ``b`` (0 or 1 where the gap is too wide for a float)."""
        self._check_bot(a)
        self._check_bot(b)
        return _sigmoid((self.ratings[a] - self.ratings[b]) / ELO)

    def _check_bot(self, bot: object) -> None:
        """:class:`~kozel.errors.KozelError` unless ``bot`` is a place in the table: 0 to one less than its size."""
        last = len(self.ratings) - 1
        if type(bot) is not int:
            raise WrongTypeError(
                f"a bot is given by its place in the table, a whole number from 0 to {last}, not {shown(bot)}"
            )
        if not 0 <= bot <= last:
            raise KozelError(f"there is no bot {shown(bot)} in a table of {last + 1}: bots are 0 to {last}")


def _is_number(value: object) -> bool:
    """Whether ``value`` is a real number (a whole number or a float, not True or False)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _as_float(value: float) -> float:
    """A real number as a float: infinite if it is a whole number too large for one."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _table(wins: object) -> list[list[float]]:
    """The table of wins as floats: :class:`~kozel.errors.KozelError` unless it is one (see :func:`bradley_terry`)."""
    if isinstance(wins, (str, bytes)) or not isinstance(wins, Sequence):
        raise WrongTypeError(f"a table of wins is a sequence of rows, one for each bot, not {type(wins).__name__}")
    for row in wins:
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise WrongTypeError(f"each row of a table of wins is a sequence of numbers, not {type(row).__name__}")
    size = len(wins)
    if size < 2 or any(len(row) != size for row in wins):
        raise KozelError(f"a table of wins is square, with a row for each of two or more bots, not {size} rows")
    table = []
    for i, row in enumerate(wins):
        counts = []
        for j, value in enumerate(row):
            if not _is_number(value):
                raise WrongTypeError(
                    f"a table of wins holds numbers of wins (whole or fractional), not {shown(value)} "
                    f"(row {i}, column {j})"
                )
            count = _as_float(value)
            if not math.isfinite(count) or count < 0 or (i == j and count):
                raise KozelError(
                    "a table of wins counts 0 or more wins, a finite number, and none of a bot against itself, "
                    f"not {shown(value)} (row {i}, column {j})"
                )
            counts.append(count)
        table.append(counts)
    return table


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = PRIOR) -> Ratings:
    """The Bradley–Terry ratings of the table ``wins`` (``wins[i][j]``: the games ``i`` won against ``j``).

    A drawn game counts half a win to each, so a count is a whole number or a float (not True or
    False).  ``prior`` wins (a finite number, 0 or more) are added each way to every pair that met.
    :class:`~kozel.errors.KozelError` if the table is not square, has a count that is negative or
    not finite, splits the bots into groups that never met (their ratings could not be compared),
    or has no finite maximum: a bot, or a group of bots, that never won against the others, or
    never lost to them, once the prior is added (:class:`~kozel.errors.WrongTypeError` for a value
    that is not a number); also if its positive counts (with the prior) span more than ``2**1000``
    to 1, or if the fit does not converge (it never returns an unconverged fit).
    """
    table = _table(wins)
    if not _is_number(prior):
        raise WrongTypeError(f"the prior adds a number of wins to a pair, not {shown(prior)}")
    if not math.isfinite(_as_float(prior)) or prior < 0:
        raise KozelError(f"the prior adds 0 or more wins to a pair, a finite number, not {shown(prior)}")
    size = len(table)
    added = _as_float(prior)
    met = [[bool(table[i][j] or table[j][i]) for j in range(size)] for i in range(size)]
    _check_connected(met)
    positive = [[bool(table[i][j] or (met[i][j] and added)) for j in range(size)] for i in range(size)]
    if not all(any(row) for row in positive):
        raise KozelError("a bot that never won (and met no one with a prior) has no finite rating: give a prior")
    if not all(any(positive[j][i] for j in range(size)) for i in range(size)):
        raise KozelError("a bot that never lost (and met no one with a prior) has no finite rating: give a prior")
    _check_both_ways(positive)
    # Scaling every count by one power of 2 changes neither the fit nor any rounding, and keeps sums finite.
    scale = math.ldexp(1.0, math.frexp(max(added, *(value for row in table for value in row)))[1] - 1)
    won = [[table[i][j] / scale + (added / scale if met[i][j] else 0.0) for j in range(size)] for i in range(size)]
    if any(positive[i][j] and won[i][j] < _SMALLEST for i in range(size) for j in range(size)):
        raise KozelError(
            f"a table of wins whose counts (with the prior) span more than {_WIDEST:.3g} to 1 cannot be rated: "
            "the smallest would be lost beside the largest"
        )
    games = [[won[i][j] + won[j][i] for j in range(size)] for i in range(size)]
    theta = _fit(won, games)
    covariance = _constrained_inverse(_information(theta, games))
    return Ratings(
        tuple(ELO * value for value in theta),
        tuple(ELO * math.sqrt(max(covariance[i][i], 0.0)) / math.sqrt(scale) for i in range(size)),
    )


def _sigmoid(x: float) -> float:
    """``1 / (1 + e^-x)``, the chance of winning by ``x`` in log strength, with no overflow."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    small = math.exp(x)
    return small / (1 + small)


def _log_sigmoid(x: float) -> float:
    """``log(1 / (1 + e^-x))``, with no overflow."""
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _log_likelihood(theta: list[float], won: list[list[float]]) -> float:
    """The log-likelihood of the log strengths ``theta`` given the wins (the prior's among them).

    Minus infinity where two bots that met are more than :data:`_WIDEST_GAP` apart: there the
    chances of the weaker winning, and the information, would be lost below the smallest float.
    """
    size = len(theta)
    if any(won[i][j] and theta[j] - theta[i] > _WIDEST_GAP for i in range(size) for j in range(size)):
        return -math.inf
    return sum(won[i][j] * _log_sigmoid(theta[i] - theta[j]) for i in range(size) for j in range(size) if won[i][j])


def _information(theta: list[float], games: list[list[float]]) -> list[list[float]]:
    """The observed Fisher information of the log strengths ``theta`` (minus the Hessian of the log-likelihood)."""
    size = len(theta)
    information = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i != j and games[i][j]:
                weight = games[i][j] * _sigmoid(theta[i] - theta[j]) * _sigmoid(theta[j] - theta[i])
                information[i][j] -= weight
                information[i][i] += weight
    return information


def _fit(won: list[list[float]], games: list[list[float]]) -> list[float]:
    """The log strengths of the maximum likelihood, mean 0, by Newton's method with a backtracking line search.

    The log-likelihood is concave, and strictly so on log strengths of mean 0 once the table is
    connected both ways, so its maximum is unique and each step either climbs or halves.
    :class:`~kozel.errors.KozelError` if it has not converged within :data:`_MOST_STEPS` steps.
    """
    size = len(won)
    theta = [0.0] * size
    value = _log_likelihood(theta, won)
    for _ in range(_MOST_STEPS):
        # the gradient, each term with both chances worked out without cancelling 1 - p
        gradient = [
            sum(
                won[i][j] * _sigmoid(theta[j] - theta[i]) - won[j][i] * _sigmoid(theta[i] - theta[j])
                for j in range(size)
                if j != i and games[i][j]
            )
            for i in range(size)
        ]
        covariance = _constrained_inverse(_information(theta, games))
        step = [sum(covariance[i][j] * gradient[j] for j in range(size)) for i in range(size)]
        longest = max(abs(change) for change in step)
        if longest < _TOLERANCE:
            return [change + old for change, old in zip(step, theta, strict=True)]
        step = [change / longest for change in step]
        found = _line_search(theta, step, won, value, min(longest, _LONGEST_STEP))
        if found is None:
            break
        trial, trial_value = found
        mean = sum(trial) / size
        theta = [old - mean for old in trial]
        value = trial_value
    raise KozelError(
        f"the Bradley–Terry fit did not converge (Newton's method, at most {_MOST_STEPS} steps, bots that met "
        f"at most {_WIDEST_GAP * ELO:.0f} rating points apart): no ratings are given rather than wrong ones"
    )


def _line_search(
    theta: list[float], direction: list[float], won: list[list[float]], value: float, length: float
) -> tuple[list[float], float] | None:
    """A step along ``direction`` (longest move 1) from ``theta``, and the log-likelihood there; None if none climbs.

    Close to the maximum (``length`` at most :data:`_NEWTON_NEAR`) Newton's step is taken whole.
    Otherwise it is halved until the log-likelihood does not fall, or, where it climbs at once, doubled
    while it climbs more: far from the maximum (a bot winning nearly every game) Newton's step is
    short, about 1 in log strength, and doubling crosses a wide gap in a few tries, not hundreds.
    """

    def at(length: float) -> list[float]:
        return [old + length * change for old, change in zip(theta, direction, strict=True)]

    trial = at(length)
    trial_value = _log_likelihood(trial, won)
    if length <= _NEWTON_NEAR:
        return trial, trial_value
    if trial_value < value:
        while trial_value < value:
            length /= 2
            if length <= _NEWTON_NEAR:
                return None
            trial = at(length)
            trial_value = _log_likelihood(trial, won)
        return trial, trial_value
    for _ in range(_MOST_DOUBLINGS):
        further = at(2 * length)
        further_value = _log_likelihood(further, won)
        if not further_value > trial_value:
            break
        length, trial, trial_value = 2 * length, further, further_value
    return trial, trial_value


def _check_connected(games: list[list[bool]]) -> None:
    """:class:`~kozel.errors.KozelError` unless every bot met every other, directly or through others."""
    reached = {0}
    frontier = [0]
    while frontier:
        i = frontier.pop()
        for j, count in enumerate(games[i]):
            if count and j not in reached:
                reached.add(j)
                frontier.append(j)
    if len(reached) != len(games):
        raise KozelError("some bots never met the others, directly or through others: their ratings cannot be compared")


def _check_both_ways(won: list[list[bool]]) -> None:
    """:class:`~kozel.errors.KozelError` unless every bot beat, and was beaten by, every other through others.

    Otherwise some group of bots never lost to the rest, and the best fit puts them infinitely far
    above: there is no finite rating (the fit would stop wherever its iteration gave up).
    """
    size = len(won)
    for forward in (True, False):
        reached = {0}
        frontier = [0]
        while frontier:
            i = frontier.pop()
            for j in range(size):
                if (won[i][j] if forward else won[j][i]) and j not in reached:
                    reached.add(j)
                    frontier.append(j)
        if len(reached) != size:
            raise KozelError(
                "some bots never lost to the others (and met them with no prior): their ratings would be "
                "infinitely far apart; give a prior"
            )


def _constrained_inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of an information matrix whose rows sum to 0, on ratings whose mean is held at 0.

    That is its pseudo-inverse: ``(M + J/n)^-1 - J/n``, ``J`` the matrix of ones, worked out on ``M``
    scaled to a largest entry of 1 (then scaled back), so that ``J/n`` is not lost beside huge counts.
    """
    size = len(matrix)
    scale = max(abs(value) for row in matrix for value in row) or 1.0
    shifted = [[matrix[i][j] / scale + 1 / size for j in range(size)] for i in range(size)]
    inverse = _inverse(shifted)
    return [[(inverse[i][j] - 1 / size) / scale for j in range(size)] for i in range(size)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix, by Gauss–Jordan elimination with partial pivoting."""
    size = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        if abs(rows[pivot][column]) < 1e-300:
            raise KozelError("the ratings' information matrix is singular: too few games to rate the bots")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for row in range(size):
            if row != column and rows[row][column]:
                factor = rows[row][column]
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    return [row[size:] for row in rows]
