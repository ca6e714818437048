"""The ``kozel`` console script's entry: a Ctrl-C while the library is still loading ends the command as one later does.

It lives outside the ``kozel`` package on purpose: importing anything inside it loads the whole
library first (``kozel/__init__.py``), and a Ctrl-C in that half second would otherwise end in
Python's traceback, before :func:`kozel.cli.main.main` could answer it.
"""

from __future__ import annotations

import signal
import sys

__all__ = ["main"]

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def main() -> int:
    """Run the ``kozel`` command line; a Ctrl-C while it loads stops it with status 130 and a line saying so."""
    try:
        from kozel.cli.main import main as run  # noqa: PLC0415 - loaded here, where a Ctrl-C can be answered
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not break the goodbye
        print("\nkozel: interrupted (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    return run()
