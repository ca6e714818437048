"""The ``kozel`` console script's entry: a Ctrl-C while the library is still loading ends the command as one later does.

It lives outside the ``kozel`` package on purpose: importing anything inside it loads the whole
library first (``kozel/__init__.py``), and a Ctrl-C in that half second would otherwise end in
Python's traceback, before :func:`kozel.cli.main.main` could answer it.  Run as the console script,
its very first statements answer a Ctrl-C already, with the handler of ``_kozel_stop`` (which loads nothing
slower than ``os`` and ``sys``); what Python does before it reads this file (its own start, the script's first
line) comes earlier still.
"""

from __future__ import annotations

# The C module under ``signal`` (``signal`` itself loads ``enum`` first), and the handler of ``_kozel_stop``, which
# loads nothing slower: both before anything else, so that a Ctrl-C is answered from the first statements on.
import _signal  # type: ignore[import-not-found,unused-ignore]
import os
import sys

from _kozel_stop import INTERRUPTED, stop_while_loading


def _run_as_the_console_script() -> bool:
    """Whether the program run is the ``kozel`` console script (``kozel``, ``kozel.exe``, ``kozel-script.py``)."""
    name = os.path.basename(sys.argv[0] if sys.argv else "").lower()
    for end in (".exe", "-script.pyw", "-script.py"):
        name = name.removesuffix(end)
    return name == "kozel"


if _run_as_the_console_script() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, stop_while_loading)  # main() takes it from here

__all__ = ["INTERRUPTED", "main"]


def main() -> int:
    """Run the ``kozel`` command line; a Ctrl-C while it loads stops it with status 130 and a line saying so."""
    handler = _signal.getsignal(_signal.SIGINT)
    answering = handler is _signal.default_int_handler or handler is stop_while_loading
    if answering:
        _signal.signal(_signal.SIGINT, stop_while_loading)
    try:
        from kozel.cli.main import main as run  # noqa: PLC0415 - loaded here, where a Ctrl-C can be answered
    except KeyboardInterrupt:  # raised by the import itself, not by the signal
        stop_while_loading(_signal.SIGINT, None)
    if answering:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)  # from here the command line answers it
    return run()
