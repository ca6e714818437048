"""Refusals: the error for a move the rules do not allow, naming the rule it breaks.

Each is built only once a move has been refused, off the engine's hot path.
"""

from __future__ import annotations

from typing import Final

from kozel.cards.masks import cards_of
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState

__all__ = ["cards_text", "names_cards", "no_seat", "not_held", "off_phase", "plural", "refuse"]

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_WAIT: Final = MoveKind.WAIT
_PRAISE: Final = MoveKind.PRAISE
_LAYS: Final = frozenset({MoveKind.LAY_DARK, MoveKind.LAY_OPEN})
_BIDS: Final = frozenset({MoveKind.TAKE_TALON, MoveKind.DECLINE, MoveKind.LAY_AWAY})
_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK


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


def off_phase(state: GameState, move: Move, now: str) -> IllegalMoveError:
    """The refusal of a move of a kind this part of the hand never takes (rule ``phase``); ``now`` says what is due.

    A game without the kind's part of the rules says so instead; a wait is never a move.  ``now`` is
    sent to the move's sender: it names no card he may not see.
    """
    kind = move.kind
    rules = state.match.ruleset
    if kind is _WAIT:
        return refuse(move, "phase", "a wait is only an answer to kozel.decision, never a move")
    missing = ""
    if kind is _PRAISE and rules.praise is None:
        missing = "it has no praise deals"
    elif kind in _LAYS and (rules.praise is None or not any(choice.is_drawn for choice in rules.praise.choices)):
        missing = "cards are laid only in a drawing praise deal (trousers, pants double), which it does not have"
    elif kind in _BIDS and (rules.talon is None or rules.talon.bidding is None):
        missing = "it has no bidding for the talon"
    elif kind is _TRANSFER_BACK and rules.transfer is None:  # as a transfer is refused in such a game
        return refuse(move, "transfer", "this game has no trump transfer")
    if missing:
        return refuse(move, "phase", f"a {kind.word} move has no place in this game: {missing}")
    return refuse(move, "phase", f"no {kind.word} now: {now}")
