"""One object per ruleset, made once: equal rulesets share it, however many threads ask at once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from kozel.rules.ruleset import Ruleset

__all__ = ["PerRuleset"]

T = TypeVar("T")


class PerRuleset(Generic[T]):
    """The object ``make(rules)`` of each ruleset, kept: the same object for equal rulesets, made once.

    Matches played in threads of one process may ask for a ruleset's object at the same moment; the
    first one made is the one every thread gets (a plain cache could make two and hand out both).
    """

    def __init__(self, make: Callable[[Ruleset], T]) -> None:
        self._make = make
        self._made: dict[Ruleset, T] = {}
        self._lock = threading.Lock()

    def __call__(self, rules: Ruleset) -> T:
        """The object of ``rules``, made now if no equal ruleset has one yet."""
        made = self._made.get(rules)
        if made is None:
            with self._lock:
                made = self._made.get(rules)
                if made is None:
                    made = self._made[rules] = self._make(rules)
        return made
