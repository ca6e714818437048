"""Where a transition notes the trick it has just taken, while :func:`kozel.step` is listening.

``apply`` pays one look-up per trick taken for this and nothing else: the list is there only
inside ``step``, which reads the winner from it instead of working it out a second time.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Final

__all__ = ["LISTENER"]

#: The list a step in progress collects the winners of the tricks taken in it, or None outside ``step``.
LISTENER: Final[ContextVar[list[int] | None]] = ContextVar("kozel_tricks_taken", default=None)
