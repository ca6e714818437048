"""A bounded memo for values that depend only on cards and trumps, such as the test for beating some top cards."""

from __future__ import annotations

from typing import Any, Final, TypeVar

__all__ = ["MEMO_LIMIT", "remember"]

#: Entries kept per trump table before the memo starts afresh; bounds memory in long simulations.
MEMO_LIMIT: Final = 1 << 16

T = TypeVar("T")


def remember(memo: dict[Any, Any], key: Any, value: T, limit: int = MEMO_LIMIT) -> T:
    """Store ``value`` under ``key`` in ``memo`` (emptied first when it holds ``limit`` entries) and return it."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value
