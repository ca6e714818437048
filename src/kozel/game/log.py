"""The move log: moves packed eight bytes each, so a state can carry its history cheaply.

A state keeps the moves of its deal, and its deal the moves before it, as ``bytes``: appending a
move copies a few hundred bytes at most, and a state costs a few bytes per move it remembers.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from typing import Final

from kozel.cards.masks import EVERY_CARD, cards_of
from kozel.game.move import Move, MoveKind, make_move

__all__ = ["CHOICES", "EMPTY", "append", "decode", "extend"]

#: The words a move's choice may be in the log; a choice is logged by its place here.
CHOICES: Final = (
    None,
    "regular",
    "one_by_one",
    "merry",
    "mirror",
    "mirror_all",
    "trump_yourself",
    "fishing",
    "fishing_all",
    "trousers",
    "pants_double",
)
_CHOICE_CODE: Final = {choice: code for code, choice in enumerate(CHOICES)}
_KINDS: Final = tuple(MoveKind)
_pack: Final = struct.Struct("<Q").pack
_MASK: Final = EVERY_CARD  # a log entry's card bits: one for each card there is
#: An empty log.
EMPTY: Final = b""


def _code(move: Move) -> int:
    """The eight bytes of ``move`` in the log, as a number: its cards, kind, seat and choice."""
    seat, kind, _, mask, choice = move
    code = mask | kind << 36 | seat << 41
    if choice is not None:
        code |= _CHOICE_CODE[choice] << 46
    return code


def append(log: bytes, move: Move) -> bytes:
    """``log`` with ``move`` added at the end."""
    return log + _pack(_code(move))


def extend(log: bytes, moves: Iterable[Move]) -> bytes:
    """``log`` with ``moves`` added at the end, in order (one copy of the log, not one a move)."""
    codes = 0  # the moves' codes side by side, eight bytes each, packed at once
    shift = 0
    for move in moves:
        codes |= _code(move) << shift
        shift += 64
    return log + codes.to_bytes(shift // 8, "little")


def decode(log: bytes) -> tuple[Move, ...]:
    """The moves of ``log``, oldest first."""
    moves = []
    for start in range(0, len(log), 8):
        code = int.from_bytes(log[start : start + 8], "little")
        mask = code & _MASK
        move = make_move(code >> 41 & 31, _KINDS[code >> 36 & 31], cards_of(mask), mask)
        choice = CHOICES[code >> 46]
        moves.append(move if choice is None else move._replace(choice=choice))
    return tuple(moves)
