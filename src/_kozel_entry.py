"""The ``kozel`` console script's entry: a Ctrl-C while the library is still loading ends the command as one later does.

It lives outside the ``kozel`` package on purpose: importing anything inside it loads the whole
library first (``kozel/__init__.py``), and a Ctrl-C in that half second would otherwise end in
Python's traceback, before :func:`kozel.cli.main.main` could answer it.
"""

from __future__ import annotations

import signal

from _kozel_stop import INTERRUPTED, stop_while_loading

__all__ = ["INTERRUPTED", "main"]


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
