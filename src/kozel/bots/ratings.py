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
from collections.abc import Sequence
from typing import Final

import attrs

from kozel.bots.stats import Z95
from kozel.errors import KozelError

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
        """The 95% interval of ``bot``'s rating (``z`` standard errors each way)."""
        return (self.ratings[bot] - z * self.errors[bot], self.ratings[bot] + z * self.errors[bot])

    def expected(self, a: int, b: int) -> float:
        """The share of games ``a`` is expected to win against ``b``."""
        return 1 / (1 + 10 ** ((self.ratings[b] - self.ratings[a]) / 400))


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = PRIOR) -> Ratings:
    """The Bradley–Terry ratings of the table ``wins`` (``wins[i][j]``: the games ``i`` won against ``j``).

    A drawn game counts half a win to each.  ``prior`` wins are added each way to every pair that
    met.  :class:`~kozel.errors.KozelError` if the table is not square, has a negative count, or
    splits the bots into groups that never met (their ratings could not be compared).
    """
    size = len(wins)
    if size < 2 or any(len(row) != size for row in wins):
        raise KozelError(f"a table of wins is square, with a row for each of two or more bots, not {size} rows")
    if any(wins[i][j] < 0 or (i == j and wins[i][j]) for i in range(size) for j in range(size)):
        raise KozelError("a table of wins counts 0 or more wins, and none of a bot against itself")
    if prior < 0:
        raise KozelError(f"the prior adds 0 or more wins to a pair, not {prior}")
    games = [[wins[i][j] + wins[j][i] for j in range(size)] for i in range(size)]
    won = [[wins[i][j] + (prior if games[i][j] else 0.0) for j in range(size)] for i in range(size)]
    games = [[won[i][j] + won[j][i] for j in range(size)] for i in range(size)]
    _check_connected(games)
    totals = [sum(row) for row in won]
    if any(total == 0 for total in totals):
        raise KozelError("a bot that never won (and met no one with a prior) has no finite rating: give a prior")
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


def _constrained_inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of an information matrix whose rows sum to 0, on ratings whose mean is held at 0.

    That is its pseudo-inverse: ``(M + J/n)^-1 - J/n``, ``J`` the matrix of ones.
    """
    size = len(matrix)
    shifted = [[matrix[i][j] + 1 / size for j in range(size)] for i in range(size)]
    inverse = _inverse(shifted)
    return [[inverse[i][j] - 1 / size for j in range(size)] for i in range(size)]


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
