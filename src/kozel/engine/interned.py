"""Interned moves: moves that depend only on a seat and a few cards are made once and shared.

A search loop asks for the same one-card plays and single-suit leads again and again;
sharing them makes ``legal_moves`` cheap and keeps moves small in memory.  A move's cards are
the very tuple :func:`~kozel.cards.cardset.cards_of` gives for its mask wherever that is a shared
tuple (the cards of one suit), so ``apply`` recognises them by identity.

For one-card moves there are also rows by suit pattern (:func:`single_rows`): the moves of every
card of a mask are four look-ups and three tuple joins, with no Python loop.  The two-card moves of a
seat and kind are made all at once (:func:`pair_moves`), a few hundred of them.
"""

from __future__ import annotations

import struct
import threading
from itertools import combinations
from typing import Final

from kozel.cards.card import CARDS
from kozel.cards.masks import SUIT_BITS, bits_of, cards_of
from kozel.engine.memo import MEMO_LIMIT, remember
from kozel.game.move import Move, MoveKind

__all__ = [
    "ANSWER_ROWS",
    "INTERNED",
    "KNOWN",
    "PAIRS",
    "PLAY_ROWS",
    "SingleRows",
    "answer_rows",
    "interned_objects",
    "numbers",
    "pair_moves",
    "play_rows",
    "single_rows",
    "singles",
    "subset_key",
    "subsets",
]

_new: Final = tuple.__new__
_INTERNED: Final[dict[int, tuple[Move, ...]]] = {}
#: The interned move tuples by key (see ``subset_key``): ``INTERNED.get(subset_key(seat, kind) | part)`` is
#: ``subsets(seat, kind, part)`` where it was made already.
INTERNED: Final = _INTERNED
_PATTERNS: Final = 1 << SUIT_BITS
#: The one-card moves of a seat and kind by suit: ``rows[suit][pattern]`` holds the moves of the
#: cards of ``suit`` whose bits within the suit are ``pattern``, in canonical order.
SingleRows = tuple[tuple[tuple[Move, ...], ...], ...]
_ROWS: Final[dict[int, SingleRows]] = {}
#: The one-card moves of each seat and kind (``singles``), kept for good.
_SINGLES: Final[dict[int, tuple[Move, ...]]] = {}
_NUMBERS: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
_pack: Final = struct.Struct("<Q").pack
#: The moves made here by their ``id``: each with its log entry (see ``kozel.game.log``) and its kind,
#: so ``apply`` takes one of the engine's own moves, well formed by construction, with one look-up.
#: An entry holds its move, so the id cannot be reused while the entry is there.  The moves of the lasting
#: tables (one card, two cards) stay for good; those of the bounded memo of subsets leave it together, when
#: :data:`~kozel.engine.memo.MEMO_LIMIT` of them have come.
KNOWN: Final[dict[int, tuple[Move, bytes, MoveKind]]] = {}
#: The ids in ``KNOWN`` of moves made for the memo of subsets (not lasting), oldest first.
_PASSING: Final[list[int]] = []
#: Held while the passing moves are purged or one is entered (matches may be played in threads of one process).
_PURGING: Final = threading.Lock()
#: Seats that pack into a log entry's five seat bits.
_PACKED_SEATS: Final = 32


def _known(moves: tuple[Move, ...], *, lasting: bool = True) -> tuple[Move, ...]:
    """Record ``moves`` in ``KNOWN`` (those of a seat the log packs) and return them; ``lasting`` for good.

    Matches played in threads of one process may come here at once: the passing moves are purged, and
    each is entered with its place among them, under a lock, so that no id is purged twice and none is
    left in ``KNOWN`` unlisted (the lasting moves are only ever added)."""
    for move in moves:
        seat, kind, _, mask, _ = move
        if seat < _PACKED_SEATS:
            entry = (move, _pack(mask | kind << 36 | seat << 41), kind)
            if lasting:
                KNOWN[id(move)] = entry
                continue
            with _PURGING:  # the purge, and an entry with its place among the passing, one thread at a time
                if len(_PASSING) >= MEMO_LIMIT:
                    for number in _PASSING:
                        KNOWN.pop(number, None)
                    _PASSING.clear()
                _PASSING.append(id(move))
                KNOWN[id(move)] = entry
    return moves


def singles(seat: int, kind: MoveKind) -> tuple[Move, ...]:
    """The one-card moves of ``kind`` for ``seat``, indexed by card."""
    key = subset_key(seat, kind)
    moves = _SINGLES.get(key)
    if moves is None:  # made once: a lasting table, bounded by seats x kinds
        moves = _SINGLES[key] = _known(
            tuple(_new(Move, (seat, kind, cards_of(1 << card), 1 << card, None)) for card in CARDS)
        )
    return moves


def single_rows(seat: int, kind: MoveKind) -> SingleRows:
    """The one-card moves of ``kind`` for ``seat`` by suit and pattern (see :data:`SingleRows`)."""
    rows = _ROWS.get(seat << 5 | kind)
    if rows is None:
        row = singles(seat, kind)
        rows = tuple(
            tuple(
                tuple(row[suit * SUIT_BITS + i] for i in range(SUIT_BITS) if pattern >> i & 1)
                for pattern in range(_PATTERNS)
            )
            for suit in range(len(CARDS) // SUIT_BITS)
        )
        _ROWS[seat << 5 | kind] = rows  # bounded by seats x kinds
    return rows


#: Each seat's beat rows then pass rows by suit (``answer_rows``): what a one-card answer reads, in one look-up.
ANSWER_ROWS: Final[dict[int, tuple[tuple[tuple[Move, ...], ...], ...]]] = {}
#: Each seat's rows of one-card ``play`` moves by suit (``single_rows(seat, MoveKind.PLAY)``), in one look-up.
PLAY_ROWS: Final[dict[int, SingleRows]] = {}


def answer_rows(seat: int) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """The beat rows of ``seat`` by suit, then its pass rows (eight rows of :data:`SingleRows`)."""
    rows = ANSWER_ROWS.get(seat)
    if rows is None:
        rows = ANSWER_ROWS[seat] = single_rows(seat, MoveKind.BEAT) + single_rows(seat, MoveKind.PASS)  # by seat
    return rows


def play_rows(seat: int) -> SingleRows:
    """The one-card ``play`` moves of ``seat`` by suit and pattern."""
    rows = PLAY_ROWS.get(seat)
    if rows is None:
        rows = PLAY_ROWS[seat] = single_rows(seat, MoveKind.PLAY)  # bounded by seats
    return rows


def subset_key(seat: int, kind: MoveKind) -> int:
    """The part of the key of ``subsets(seat, kind, part)`` in ``INTERNED`` that does not depend on the cards."""
    return int(kind) << 36 | seat << 41


def subsets(seat: int, kind: MoveKind, part: int) -> tuple[Move, ...]:
    """The moves of ``kind`` for ``seat`` with every non-empty subset of the cards of ``part``, smallest first."""
    key = part | int(kind) << 36 | seat << 41
    moves = _INTERNED.get(key)
    if moves is None:
        bits = bits_of(part)
        moves = _known(
            tuple(
                _new(Move, (seat, kind, cards_of(mask), mask, None))
                for size in range(1, len(bits) + 1)
                for mask in map(sum, combinations(bits, size))
            ),
            lasting=False,
        )
        remember(_INTERNED, key, moves)
    return moves


_PAIRS: Final[dict[int, dict[int, Move]]] = {}
#: The two-card moves of a seat and kind, made all at once (``pair_moves``): ``PAIRS[subset_key(seat, kind)][mask]``.
PAIRS: Final = _PAIRS


def pair_moves(seat: int, kind: MoveKind) -> dict[int, Move]:
    """Every two-card move of ``kind`` for ``seat``, by its mask: the answers of two cards to two on top."""
    key = subset_key(seat, kind)
    moves = _PAIRS.get(key)
    if moves is None:
        made = tuple(
            _new(Move, (seat, kind, cards_of(1 << low | 1 << high), 1 << low | 1 << high, None))
            for low, high in combinations(CARDS, 2)
        )
        moves = _PAIRS[key] = {move.mask: move for move in _known(made)}  # bounded by seats x kinds
    return moves


def numbers(values: tuple[int, ...]) -> tuple[int, ...]:
    """The one shared tuple equal to ``values``: trick counts and score sheets, which many states hold alike."""
    shared = _NUMBERS.get(values)
    if shared is None:
        shared = remember(_NUMBERS, values, values)
    return shared


def interned_objects() -> list[object]:
    """Every move and tuple this module has made so far: shared by every state that holds one (for memory accounts)."""
    # Each table read at once (``list`` of a dict's values), so that matches played meanwhile in other threads,
    # which add to the tables, do not change one while it is read.
    found: list[object] = [move for moves in list(_INTERNED.values()) for move in moves]
    found += [move for rows in list(_ROWS.values()) for suit in rows for row in suit for move in row]
    found += [move for moves in list(_SINGLES.values()) for move in moves]
    found += [move for moves in list(_PAIRS.values()) for move in list(moves.values())]
    found += list(_NUMBERS.values())
    return found
