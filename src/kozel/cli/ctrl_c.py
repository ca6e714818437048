"""Ctrl-C at the command line: how a command tells an error that came of one from any other, to answer it as the
Ctrl-C it was, and the line every command says when one stops it."""

from __future__ import annotations

__all__ = ["from_ctrl_c", "interrupted"]


def from_ctrl_c(error: BaseException) -> bool:
    """Whether ``error`` came of a Ctrl-C: it is a ``KeyboardInterrupt``, or one is among its causes (Python 3.11 makes
    one that comes as a class is built a ``RuntimeError``; Python 3.10's ``input()`` with line editing may raise a
    ``SystemError`` from one)."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def interrupted(command: str, what_is_kept: str = "") -> str:
    """The line a command says when Ctrl-C stops it: ``kozel simulate: interrupted (Ctrl-C)``, then what is kept
    (``": every match that ended is in runs.log, ..."``)."""
    return f"{command}: interrupted (Ctrl-C){what_is_kept}"
