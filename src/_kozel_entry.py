"""The ``kozel`` console script's entry: a Ctrl-C while the library is still loading ends the command as one later does.

It lives outside the ``kozel`` package on purpose: importing anything inside it loads the whole
library first (``kozel/__init__.py``), and a Ctrl-C in that half second would otherwise end in
Python's traceback, before :func:`kozel.cli.main.main` could answer it.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType
from typing import NoReturn

__all__ = ["INTERRUPTED", "main", "stop_while_loading"]

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def stop_while_loading(signum: int, frame: FrameType | None) -> NoReturn:
    """A Ctrl-C while the library loads: say so and end the process with status 130, at once.

    It ends the process from the signal handler rather than raising: an exception raised there can
    surface as another one (Python 3.11 turns one raised while a class is being built into a
    ``RuntimeError``), which no handler would know for a Ctrl-C.  Nothing is running yet that needs
    to be wound down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not break the goodbye
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is sys.stderr:
                stream.write("\nkozel: interrupted (Ctrl-C)\n")
            stream.flush()
        except (OSError, ValueError, AttributeError):  # a stream that is closed or gone: nothing said there
            pass
    os._exit(INTERRUPTED)


def main() -> int:
    """Run the ``kozel`` command line; a Ctrl-C while it loads stops it with status 130 and a line saying so."""
    answering = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if answering:
        signal.signal(signal.SIGINT, stop_while_loading)
    try:
        from kozel.cli.main import main as run  # noqa: PLC0415 - loaded here, where a Ctrl-C can be answered
    except KeyboardInterrupt:  # raised by the import itself, not by the signal
        stop_while_loading(signal.SIGINT, None)
    if answering:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # from here the command line answers it
    return run()
