"""The ``kozel`` console script's entry: a Ctrl-C while the library is still loading ends the command as one later does.

It lives outside the ``kozel`` package on purpose: importing anything inside it loads the whole
library first (``kozel/__init__.py``), and a Ctrl-C in that half second would otherwise end in
Python's traceback, before :func:`kozel.cli.main.main` could answer it.  Run as the console script,
its very first statements answer a Ctrl-C already, before it loads even the handler of ``_kozel_stop``;
what Python does before it reads this file (its own start, the script's first line) comes earlier still.
"""

from __future__ import annotations

import os
import signal
import sys


def _stop_at_start(signum: int, frame: object) -> None:
    """A Ctrl-C before the handler of ``_kozel_stop`` is loaded: the same line, and status 130, at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is sys.stderr:
                stream.write("\nkozel: interrupted (Ctrl-C)\n")
            stream.flush()
        except (OSError, ValueError, AttributeError):  # a stream that is closed or gone: nothing said there
            pass
    os._exit(130)


def _run_as_the_console_script() -> bool:
    """Whether the program run is the ``kozel`` console script (``kozel``, ``kozel.exe``, ``kozel-script.py``)."""
    name = os.path.basename(sys.argv[0] if sys.argv else "").lower()
    for end in (".exe", "-script.pyw", "-script.py"):
        name = name.removesuffix(end)
    return name == "kozel"


if _run_as_the_console_script() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _stop_at_start)  # before anything else is loaded: main() takes it from here

from _kozel_stop import INTERRUPTED, stop_while_loading  # noqa: E402 - after the handler, which must come first

__all__ = ["INTERRUPTED", "main"]


def main() -> int:
    """Run the ``kozel`` command line; a Ctrl-C while it loads stops it with status 130 and a line saying so."""
    handler = signal.getsignal(signal.SIGINT)
    answering = handler is signal.default_int_handler or handler is _stop_at_start
    if answering:
        signal.signal(signal.SIGINT, stop_while_loading)
    try:
        from kozel.cli.main import main as run  # noqa: PLC0415 - loaded here, where a Ctrl-C can be answered
    except KeyboardInterrupt:  # raised by the import itself, not by the signal
        stop_while_loading(signal.SIGINT, None)
    if answering:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # from here the command line answers it
    return run()
