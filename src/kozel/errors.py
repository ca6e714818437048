"""The errors kozel raises: every one derives from :class:`KozelError`.

Each error says what was wrong and, where a table rule applies, which rule.
Nothing is ever silently fixed: bad input raises and leaves everything as it was.
"""

from __future__ import annotations

__all__ = [
    "DeckError",
    "IllegalMoveError",
    "KozelError",
    "NoWorldError",
    "NotationError",
    "RulesetError",
    "SeatError",
    "StateError",
    "WrongTypeError",
]


class KozelError(Exception):
    """Base class of every error raised by kozel."""


class NotationError(KozelError, ValueError):
    """Text that does not spell a card, a list of cards or a move."""

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        #: The piece of text that could not be read, when there is one.
        self.token = token


class RulesetError(KozelError, ValueError):
    """A ruleset whose parts contradict each other, so no game could follow it."""


class StateError(KozelError, ValueError):
    """A saved state, view or record that no legal play could reach: a card twice, a card missing, a bad field."""


class NoWorldError(StateError):
    """A view for which ``determinize`` found no world before its tries or its time ran out (worlds can be rare)."""


class DeckError(KozelError, ValueError):
    """A deck or a deal that does not hold the ruleset's cards exactly once each."""


class IllegalMoveError(KozelError, ValueError):
    """A move the rules do not allow in this position; ``rule`` names the rule it breaks."""

    def __init__(self, message: str, move: object = None, rule: str = "") -> None:
        super().__init__(message)
        #: The refused move.
        self.move = move
        #: A short name of the table rule the move breaks, such as ``"beat"``.
        self.rule = rule
        #: Where a league raised it (a bot's answer that is no legal move): the pairing's place among its pairings;
        #: else None.
        self.pairing: int | None = None


class SeatError(KozelError, ValueError):
    """A seat number that is not at the table: below 0, or not below the number of players."""


class WrongTypeError(KozelError, TypeError):
    """A value of the wrong type where kozel expects one of its own, such as text where a Move belongs."""
