"""Random draws for worlds: the numbers ``random.Random``'s own methods draw, made without their Python frames.

Drawing a world takes a few hundred random choices: a place for a card, a sample of places, a
shuffle.  ``random.Random``'s ``randrange``, ``choice``, ``sample``, ``shuffle`` and ``randint`` are
Python code around the generator's ``getrandbits``; here the same algorithms (those of CPython 3.10
to 3.13, which agree) are written once more, so that the compiled build runs them as compiled code.
Each function draws exactly what the method of the same name draws from the same generator, and
leaves the generator in the same state, so a world does not depend on which build drew it.  A
generator of a subclass of ``random.Random`` (which may draw its numbers another way) is handed to
its own method.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from math import ceil, log
from typing import TypeVar

__all__ = ["below", "choice", "randint", "sample", "shuffle"]

_T = TypeVar("_T")


def below(rng: random.Random, n: int) -> int:
    """A whole number from 0 to ``n - 1`` (``n`` at least 1), as ``rng.randrange(n)`` draws it."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n < 1:
        raise ValueError("empty range for randrange()")
    return _below(rng.getrandbits, n)


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """``below`` from the generator's ``getrandbits`` (bound once by a caller that draws many numbers)."""
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def randint(rng: random.Random, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (``low <= high``), as ``rng.randint(low, high)`` draws it."""
    if type(rng) is not random.Random:
        return rng.randint(low, high)
    return low + below(rng, high - low + 1)


def choice(rng: random.Random, items: Sequence[_T]) -> _T:
    """One of ``items`` (not empty), as ``rng.choice(items)`` draws it."""
    if type(rng) is not random.Random:
        return rng.choice(items)
    if not items:
        raise IndexError("Cannot choose from an empty sequence")
    return items[below(rng, len(items))]


def shuffle(rng: random.Random, items: MutableSequence[_T]) -> None:
    """``items`` put in a random order in place, as ``rng.shuffle(items)`` orders them."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        j = _below(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, items: Sequence[_T], count: int) -> list[_T]:
    """``count`` of ``items`` drawn without repeats, in the order ``rng.sample(items, count)`` draws them."""
    if type(rng) is not random.Random:
        return rng.sample(items, count)
    n = len(items)
    if not 0 <= count <= n:
        raise ValueError("Sample larger than population or is negative")
    # The two ways CPython samples (from a shrinking copy, or by redrawing repeats), chosen as it chooses them.
    setsize = 21
    if count > 5:
        setsize += 4 ** ceil(log(count * 3, 4))
    result: list[_T] = []
    getrandbits = rng.getrandbits
    if n <= setsize:
        pool = list(items)
        for i in range(count):
            j = _below(getrandbits, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(count):
            j = _below(getrandbits, n)
            while j in selected:
                j = _below(getrandbits, n)
            selected.add(j)
            result.append(items[j])
    return result
