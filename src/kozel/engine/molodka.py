"""The molodka: a full hand of one suit played out of turn, restarting the trick."""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Final

from kozel.cards.masks import cards_of, iter_bits
from kozel.engine.memo import remember
from kozel.game.move import Move, MoveKind, make_move
from kozel.game.state import GameState
from kozel.rules.trick_play import Molodka
from kozel.rules.trump import TrumpTable

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_MOLODKA: Final = MoveKind.MOLODKA

__all__ = ["SIEVE", "molodka_hands", "molodka_holder", "molodka_move", "molodka_seat", "molodka_sieve", "sieves"]

#: The modulus of a molodka sieve (a Mersenne prime: the remainder folds every bit of a hand into it).
SIEVE: Final = (1 << 13) - 1
_SIEVES: Final[dict[frozenset[int], bytes]] = {}


#: Each set of molodka hands made, kept once: tables that group the cards alike share one set (and its sieve).
_SHARED: Final[dict[frozenset[int], frozenset[int]]] = {}


@functools.cache
def molodka_hands(table: TrumpTable, rule: Molodka, hand_size: int) -> frozenset[int]:
    """Every hand (as a bitmask) that is a molodka under ``rule``: ``hand_size`` cards of one group."""
    groups = (table.trump_mask,) if rule.trumps_only else table.group_masks
    hands = frozenset(
        sum(1 << i for i in combo) for group in groups for combo in combinations(iter_bits(group), hand_size)
    )
    return _SHARED.setdefault(hands, hands)  # as many as functools.cache keeps tables


def molodka_sieve(molodkas: frozenset[int]) -> bytes:
    """A quick first test for ``hand in molodkas``: byte ``hand % SIEVE`` is 1 where some molodka leaves that remainder.

    A hand whose byte is 0 is no molodka; one whose byte is 1 may be (one hand in twenty or so that is
    not), and is looked up.  Looking a hand up in the set straight away costs far more: the molodkas of
    a suit share their low bits, where a set starts looking, so most look-ups walk a long way.
    """
    sieve = _SIEVES.get(molodkas)
    if sieve is None:
        marks = bytearray(SIEVE)
        for hand in molodkas:
            marks[hand % SIEVE] = 1
        sieve = remember(_SIEVES, molodkas, bytes(marks), limit=64)  # a ruleset has a few: one a shown suit
    return sieve


def sieves() -> dict[frozenset[int], bytes]:
    """The sieves made so far, by their molodka hands (the engine reads one at each play of a trick)."""
    return _SIEVES


def molodka_holder(hands: tuple[int, ...], leader: int, molodkas: frozenset[int]) -> int | None:
    """Among the seats after ``leader`` whose hand is one of ``molodkas``, the nearest clockwise."""
    players = len(hands)
    for step in range(1, players):
        seat = (leader + step) % players
        if hands[seat] in molodkas:
            return seat
    return None


def molodka_seat(state: GameState) -> int | None:
    """The one seat that may play a molodka now, or None.

    The trick's leader (or the player to lead) cannot; a trick takes one molodka at most; among the
    holders only the nearest clockwise to the leader may play.
    """
    molodkas = state.deal.molodkas
    trick = state.trick
    leader = state.turn if trick is None else None if trick.molodka else trick.leader
    if not molodkas or leader is None:
        return None
    return molodka_holder(state.hand_masks, leader, molodkas)


def molodka_move(state: GameState) -> Move | None:
    """The molodka move allowed now, if any: the whole hand of :func:`molodka_seat`."""
    seat = molodka_seat(state)
    if seat is None:
        return None
    mask = state.hand_masks[seat]
    return make_move(seat, _KIND_MOLODKA, cards_of(mask), mask)
