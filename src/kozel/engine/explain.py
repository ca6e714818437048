"""Refusals: the error for a move the rules do not allow, naming the rule it breaks.

Each is built only once a move has been refused, off the engine's hot path.
"""

from __future__ import annotations

from kozel.cards.masks import cards_of
from kozel.errors import IllegalMoveError
from kozel.game.move import Move

__all__ = ["cards_text", "names_cards", "no_seat", "not_held", "plural", "refuse"]


def refuse(move: Move, rule: str, why: str) -> IllegalMoveError:
    """The error for ``move``, which breaks ``rule`` because of ``why``."""
    return IllegalMoveError(f"{move} is not allowed: {why}", move=move, rule=rule)


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, the word in the plural unless the count is one: ``1 trump``, ``2 trumps``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def cards_text(mask: int) -> str:
    """The cards of ``mask`` in table words, in card order: ``7♠ 9♥``."""
    return " ".join(map(str, cards_of(mask)))


def no_seat(move: Move, players: int) -> IllegalMoveError | None:
    """The refusal of a move by a seat a table of ``players`` does not have; None for a seat it has."""
    if 0 <= move.seat < players:
        return None
    return refuse(move, "seat", f"there is no seat {move.seat} at a table of {players}")


def not_held(move: Move, hand: int) -> IllegalMoveError | None:
    """The refusal of a move naming cards its seat does not hold (``hand``, a bitmask); None if he holds them all."""
    missing = move.mask & ~hand
    if not missing:
        return None
    return refuse(move, "hand", f"seat {move.seat} does not hold {cards_text(missing)}")


def names_cards(move: Move, rule: str) -> IllegalMoveError | None:
    """The refusal of a move whose kind names no cards but which names some; None for one naming none."""
    if not move.cards:
        return None
    return refuse(move, rule, f"a {move.kind.word} move names no cards, not {cards_text(move.mask)}")
