"""Ratings from results between pairs of bots: a Bradley–Terry model fitted in pure Python, with 95% intervals.

In the Bradley–Terry model each bot ``i`` has a strength ``p_i`` and wins against ``j`` with
probability ``p_i / (p_i + p_j)``.  :func:`bradley_terry` fits the strengths to a table of wins by
maximum likelihood with the minorize-maximize iteration (each strength set to its wins over the
sum, over its opponents, of the games against them divided by the two strengths), and gives them
on the Elo scale: ``400 log10 p_i``, the mean rating 0, so that 400 points between two bots mean
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

from kozel.bots.stats import Z95
from kozel.errors import KozelError, WrongTypeError

__all__ = ["ELO", "PRIOR", "Ratings", "bradley_terry"]

#: Rating points per unit of log strength: 400 / ln 10, the Elo scale.
ELO: Final = 400 / math.log(10)
#: The wins added each way to every pair that met (one drawn game between them).
PRIOR: Final = 0.5
_TOLERANCE: Final = 1e-12
_MOST_STEPS: Final = 100_000


@attrs.frozen
class Ratings:
    """Each bot's Bradley–Terry rating on the Elo scale (mean 0), and its standard error."""

    #: The ratings, in the order of the table of wins.
    ratings: tuple[float, ...]
    #: The standard error of each rating (the mean rating held at 0).
    errors: tuple[float, ...]

    def interval(self, bot: int, z: float = Z95) -> tuple[float, float]:
        """The 95% interval of ``bot``'s rating (``z`` standard errors each way, ``z`` finite and 0 or more)."""
        self._check_bot(bot)
        if not _is_number(z):
            raise WrongTypeError(f"z, the standard errors each way, is a number, not {z!r}")
        if not math.isfinite(_as_float(z)) or z < 0:
            raise KozelError(f"z, the standard errors each way, is a finite number, 0 or more, not {z!r}")
        return (self.ratings[bot] - z * self.errors[bot], self.ratings[bot] + z * self.errors[bot])

    def expected(self, a: int, b: int) -> float:
        """The share of games ``a`` is expected to win against ``b``."""
        self._check_bot(a)
        self._check_bot(b)
        return 1 / (1 + 10 ** ((self.ratings[b] - self.ratings[a]) / 400))

    def _check_bot(self, bot: object) -> None:
        """:class:`~kozel.errors.KozelError` unless ``bot`` is a place in the table: 0 to one less than its size."""
        last = len(self.ratings) - 1
        if type(bot) is not int:
            raise WrongTypeError(
                f"a bot is given by its place in the table, a whole number from 0 to {last}, not {bot!r}"
            )
        if not 0 <= bot <= last:
            raise KozelError(f"there is no bot {bot} in a table of {last + 1}: bots are 0 to {last}")


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
                    f"a table of wins holds numbers of wins (whole or fractional), not {value!r} (row {i}, column {j})"
                )
            count = _as_float(value)
            if not math.isfinite(count) or count < 0 or (i == j and count):
                raise KozelError(
                    "a table of wins counts 0 or more wins, a finite number, and none of a bot against itself, "
                    f"not {value!r} (row {i}, column {j})"
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
    that is not a number).
    """
    table = _table(wins)
    if not _is_number(prior):
        raise WrongTypeError(f"the prior adds a number of wins to a pair, not {prior!r}")
    if not math.isfinite(_as_float(prior)) or prior < 0:
        raise KozelError(f"the prior adds 0 or more wins to a pair, a finite number, not {prior!r}")
    size = len(table)
    games = [[table[i][j] + table[j][i] for j in range(size)] for i in range(size)]
    won = [[table[i][j] + (_as_float(prior) if games[i][j] else 0.0) for j in range(size)] for i in range(size)]
    games = [[won[i][j] + won[j][i] for j in range(size)] for i in range(size)]
    _check_connected(games)
    totals = [sum(row) for row in won]
    if any(total == 0 for total in totals):
        raise KozelError("a bot that never won (and met no one with a prior) has no finite rating: give a prior")
    if any(sum(won[j][i] for j in range(size)) == 0 for i in range(size)):
        raise KozelError("a bot that never lost (and met no one with a prior) has no finite rating: give a prior")
    _check_both_ways(won)
    strength = [1.0] * size
    for _ in range(_MOST_STEPS):
        new = [
            totals[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(size) if games[i][j])
            for i in range(size)
        ]
        mean = math.exp(sum(math.log(value) for value in new) / size)
        new = [value / mean for value in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < _TOLERANCE:
            break
    theta = [math.log(value) for value in strength]
    information = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                weight = games[i][j] * p * (1 - p)
                information[i][j] -= weight
                information[i][i] += weight
    covariance = _constrained_inverse(information)
    return Ratings(
        tuple(ELO * value for value in theta),
        tuple(ELO * math.sqrt(max(covariance[i][i], 0.0)) for i in range(size)),
    )


def _check_connected(games: list[list[float]]) -> None:
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


def _check_both_ways(won: list[list[float]]) -> None:
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
