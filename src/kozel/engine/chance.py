"""The match's chance: every shuffle and every cut of a match, drawn from its seed alone.

One generator serves a whole match.  Its draw for a place in the match (a deal's number, and for a
cut of a mirror deal also the cut's turn) is the 64-byte BLAKE2b digest of the text
``kozel/{seed}/{number}`` (``kozel/{seed}/{number}/cut/{turn}`` for a cut), read as a whole number,
little end first.  Nothing else enters it, so any state can deal its next hand with no generator
kept anywhere, and the same seed deals the same hands on every machine and every Python.

A deck order is a Fisher-Yates shuffle whose choices are the digits of that number in the
factorial number system: going down from the last position ``i`` to the second, the number's
remainder by ``i + 1`` picks the card that goes to position ``i``, and the quotient goes on to the
next position.  Every order of a 36-card deck is reached, each as often as the others to within one
part in 2**370 (the digest has 512 bits, 36! needs 139).  A cut is the number's remainder by the
number of places the deck can be cut at.
"""

from __future__ import annotations

from hashlib import blake2b
from math import factorial
from typing import Final

from kozel.cards.card import CARDS, Card
from kozel.rules.ruleset import Ruleset

__all__ = ["DIGEST_BYTES", "cut_at", "draw", "shuffled_order"]

#: The bytes of one draw: 512 bits, far more than an order of the largest deck needs.
DIGEST_BYTES: Final = 64
#: The orders of each deck size: the shuffle reads the draw's remainder by it.
_ORDERS: Final = tuple(factorial(size) for size in range(len(CARDS) + 1))
assert _ORDERS[-1].bit_length() + 256 < 8 * DIGEST_BYTES  # every order equally likely to within 2**-256
#: Below this, a number is one digit of the interpreter's whole numbers (and a machine word compiled): fast.
_SMALL: Final = 1 << 30


def _groups(size: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The divisors of a shuffle of ``size`` cards (``i + 1`` for each position ``i`` from the last down to the
    second), each with its position, in runs whose product stays small, each with that product: the draw is taken
    apart a run at a time, and within a run by small numbers (the same digits as one divisor at a time, found
    faster)."""
    groups: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    steps: list[tuple[int, int]] = []
    product = 1
    for divisor in range(size, 1, -1):
        if product * divisor >= _SMALL:
            groups.append((product, tuple(steps)))
            steps, product = [], 1
        steps.append((divisor, divisor - 1))
        product *= divisor
    if steps:
        groups.append((product, tuple(steps)))
    return tuple(groups)


#: The runs of divisors of each deck size's shuffle (see ``_groups``).
_GROUPS: Final = tuple(_groups(size) for size in range(len(CARDS) + 1))


def draw(key: str) -> int:
    """The match's draw for ``key`` (its seed and the place in the match, as text): a whole number below 2**512."""
    return int.from_bytes(blake2b(key.encode(), digest_size=DIGEST_BYTES).digest(), "little")


def shuffled_order(ruleset: Ruleset, seed: int, number: int) -> tuple[Card, ...]:
    """The deck order of deal ``number`` (0 first, redeals counted) of the match with ``seed``, top card first."""
    order = list(ruleset.deck)
    size = len(order)
    digits = draw(f"kozel/{seed}/{number}") % _ORDERS[size]
    for product, steps in _GROUPS[size]:
        digits, run = divmod(digits, product)
        for divisor, position in steps:  # the position takes the card at the remainder
            j = run % divisor
            run //= divisor
            order[position], order[j] = order[j], order[position]
    return tuple(order)


def cut_at(seed: int, number: int, turn: int, length: int) -> int:
    """Where the ``turn``-th cut of deal ``number`` splits a deck of ``length`` cards (2 or more): the index of the
    bottom card of the upper part, from 0 (one card above the cut) to ``length - 2``."""
    return draw(f"kozel/{seed}/{number}/cut/{turn}") % (length - 1)
