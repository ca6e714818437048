"""Text a terminal's encoding cannot hold: suits written as their letters, anything else escaped.

A terminal or file whose encoding has no card symbols (ASCII, the Russian Windows code page cp1251)
would end a command in a ``UnicodeEncodeError``.  The ``kozel`` command writes its output through
the ``"kozel-letters"`` error handler instead: ``10♥`` becomes ``10H``, which every command reads back
as the same card, a line, a dash or an arrow its ASCII form (``-``, ``->``), and any other character the
encoding lacks is written as its Python escape
(``Козёл`` as ``\\u041a\\u043e\\u0437\\u0451\\u043b``).  Text the encoding holds is written unchanged.
"""

from __future__ import annotations

import codecs
import contextlib
import io
from typing import Final

from kozel.cards.card import Suit

__all__ = ["HANDLER", "hold_any_text"]

#: The name of the codec error handler that writes suits as letters and escapes the rest.
HANDLER: Final = "kozel-letters"
#: Each suit's symbol and the letter written in its place, and the plain forms of the other signs kozel writes.
_LETTERS: Final = {
    **{suit.symbol: suit.letter for suit in Suit},
    "─": "-",  # a box-drawing line
    "·": ".",
    "–": "-",  # an en dash
    "→": "->",
    "±": "+/-",
}


def _letters(error: UnicodeError) -> tuple[str | bytes, int]:
    """The replacement for the characters an encoding could not hold: suit letters, else backslash escapes; a byte
    that was not text where it was read (a file name's, kept as a lone surrogate) is written back as that byte."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    held = error.object[error.start : error.end]
    if all(0xDC80 <= ord(char) <= 0xDCFF for char in held):  # as Python's "surrogateescape" writes them
        return bytes(ord(char) - 0xDC00 for char in held), error.end
    return "".join(_LETTERS.get(char) or char.encode("ascii", "backslashreplace").decode("ascii") for char in held), (
        error.end
    )


codecs.register_error(HANDLER, _letters)


def hold_any_text(*streams: object) -> None:
    """Make each of ``streams`` (text files such as ``sys.stdout``) write what its encoding cannot hold as
    :data:`HANDLER` does, where it would otherwise fail (its errors ``strict``, or Python's ``surrogateescape``,
    whose bytes the handler writes as they were); a stream given another handler (``PYTHONIOENCODING=ascii:replace``)
    or that cannot be changed (not a real text file, or closed) is left as it is."""
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
            with contextlib.suppress(ValueError, io.UnsupportedOperation, OSError):
                stream.reconfigure(errors=HANDLER)
