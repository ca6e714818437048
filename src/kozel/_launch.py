"""``python -m kozel``: a Ctrl-C while the library is still loading ends the command as one later does.

Python imports the whole package (``kozel/__init__.py``) before ``kozel/__main__.py`` runs, so the
command line cannot answer a Ctrl-C that comes in that half second; without this it would end in
Python's traceback.  The console script does the same from outside the package (``_kozel_entry``); both
install the handler of ``_kozel_stop``.
"""

from __future__ import annotations

# The C module under ``signal``, which loads ``enum`` first: nothing that slow before the handler is in place.
import _signal  # type: ignore[import-not-found,unused-ignore]
import sys

from _kozel_stop import INTERRUPTED, stop_while_loading

__all__ = ["INTERRUPTED", "answer_ctrl_c_while_loading", "loading_as_command", "restore_ctrl_c"]


def loading_as_command(argv: list[str]) -> bool:
    """Whether ``argv`` (the interpreter's own arguments, ``sys.orig_argv``) runs ``python -m kozel``."""
    at = 1
    while at < len(argv):
        argument = argv[at]
        if not argument.startswith("-") or argument.startswith("--") or argument == "-":
            return False  # a script, a long option or standard input: not a module run (or not one read here)
        letters = argument[1:]
        for place, letter in enumerate(letters):
            if letter == "m":  # the module's name follows, joined or as the next argument
                rest = letters[place + 1 :]
                return rest == "kozel" if rest else argv[at + 1 : at + 2] == ["kozel"]
            if letter == "c":
                return False
            if letter in "XW":  # an option with a value, joined or as the next argument
                at += 0 if letters[place + 1 :] else 1
                break
        at += 1
    return False


def answer_ctrl_c_while_loading() -> None:
    """Under ``python -m kozel``, until :func:`restore_ctrl_c`: a Ctrl-C stops with status 130 and a line saying so."""
    if (
        loading_as_command(getattr(sys, "orig_argv", []))
        and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
    ):
        _signal.signal(_signal.SIGINT, stop_while_loading)


def restore_ctrl_c() -> None:
    """Give Ctrl-C back to Python (a ``KeyboardInterrupt``), for the command line to answer from now on."""
    if _signal.getsignal(_signal.SIGINT) is stop_while_loading:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
