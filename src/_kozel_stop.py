"""Ctrl-C while kozel is still loading: the signal handler the console script and ``python -m kozel`` install.

It lives outside the ``kozel`` package, as the console script's entry does: importing anything inside
the package loads the whole library first (``kozel/__init__.py``), and the handler must be in place
before that.
"""

from __future__ import annotations

# The C module under ``signal``: ``signal`` itself loads ``enum`` (and with it much else), and every
# module loaded before the handler is in place widens the moment in which a Ctrl-C ends in a traceback.
import _signal  # type: ignore[import-not-found,unused-ignore]
import os
import sys

TYPE_CHECKING = False  # not typing's: importing typing would take longer than the handler's whole work
if TYPE_CHECKING:
    from types import FrameType
    from typing import NoReturn

__all__ = ["INTERRUPTED", "stop_while_loading"]

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def stop_while_loading(signum: int, frame: FrameType | None) -> NoReturn:
    """A Ctrl-C while the library loads: say so and end the process with status 130, at once.

    It ends the process from the signal handler rather than raising: an exception raised there can
    surface as another one (Python 3.11 turns one raised while a class is being built into a
    ``RuntimeError``), which no handler would know for a Ctrl-C.  Nothing is running yet that needs
    to be wound down."""
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # a second Ctrl-C does not break the goodbye
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is sys.stderr:
                stream.write("\nkozel: interrupted (Ctrl-C)\n")
            stream.flush()
        except (OSError, ValueError, AttributeError):  # a stream that is closed or gone: nothing said there
            pass
    os._exit(INTERRUPTED)
