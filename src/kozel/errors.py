"""The errors kozel raises: every one derives from :class:`KozelError`.

Each error says what was wrong and, where a table rule applies, which rule: ``RULES`` holds every
value of ``IllegalMoveError.rule`` with its meaning.  Nothing is ever silently fixed: bad input
raises and leaves everything as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = [
    "RULES",
    "DeckError",
    "IllegalMoveError",
    "KozelError",
    "MissingExtraError",
    "NoWorldError",
    "NotationError",
    "RulesetError",
    "SeatError",
    "StateError",
    "WrongTypeError",
]

#: Every value of :attr:`~kozel.IllegalMoveError.rule`, with what a move so refused breaks, in table words: a UI
#: checks its own translations against these keys.  ``kozel.apply`` (and ``kozel.step``) give all but the
#: last three; a game gives only the rules it plays.
RULES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "turn": "it is another seat's turn",
        "hand": "the player does not hold the cards named",
        "seat": "the table has no such seat",
        "phase": "the move's kind has no place in this part of the hand, or in this game; a wait is never a move",
        "lead": (
            "a lead of beat or pass is one or more cards of one suit; no lead while a trick is on the table;"
            " in a follow-suit game, that card may not lead now"
        ),
        "beat": "the cards cannot beat the cards on top one to one",
        "pass": "a pass gives as many cards face down as lie on top",
        "beat or pass": "a play of one card has no place in a beat-or-pass trick: lead, beat or pass",
        "molodka": (
            "a molodka is a full hand of one suit (of trumps, in a trumps-only game), one a trick, and not from"
            " the leader"
        ),
        "follow suit": (
            "follow the led suit, answer a trump lead with a trump; one card each (no lead, beat, pass or molodka)"
        ),
        "first trick": "in the first trick of a hand, play the suit the rules name, else a trump",
        "trump lead": "this side may not lead a trump now, or the first lead of the match is a plain card",
        "holder's card": "the holder of the card the rules name opens with it",
        "talon": "the first lead follows the suit of the talon's shown card",
        "swap": "the opener barred from leading trumps first swaps one trump with the partner for a plain card",
        "transfer": "the trump transfer: who hands over, how many, when, and what comes back",
        "redeal": "a redeal is called after the deal, before the first lead, only for the reasons the rules give",
        "bidding": "the bidding for the talon: take it or decline, in turn",
        "lay away": "the declarer lays away as many cards as the rules say",
        "praise": "the praise deal: what a player announces or lays, and when",
        "choice": "only a praise move names a choice",
        "move": "the Move was not made by Move(...) or kozel.parse_move and breaks a move's form",
        "match over": "the match is over: no move is made",
        "decision": "kozel.advance: the answer is not one of the moves kozel.decision asks of the seat asked now",
        "over": "kozel.advance: nobody has a move (the match is over, or a hand ended inside kozel.engine.within_hand)",
        "bot": "a bot answered something that is not one of the legal moves it was offered",
    }
)


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
        #: A short name of the table rule the move breaks, such as ``"beat"``: a key of ``kozel.errors.RULES``.
        self.rule = rule
        #: Where a league raised it (a bot's answer that is no legal move): the pairing's place among its pairings;
        #: else None.
        self.pairing: int | None = None


class SeatError(KozelError, ValueError):
    """A seat number that is not at the table: below 0, or not below the number of players."""


class MissingExtraError(KozelError, ModuleNotFoundError):
    """An optional integration whose extra is not installed; the message says which extra to install.

    It is a ``ModuleNotFoundError`` too (an ``ImportError``), whose ``name`` is the package missing, so code that
    tries ``import kozel.integrations.gymnasium`` and goes on without it keeps working."""

    @classmethod
    def of(cls, missing: ModuleNotFoundError, module: str, extra: str) -> MissingExtraError:
        """The error of ``module`` (``"kozel.integrations.gymnasium"``), which could not import a package of ``extra``
        (``missing``, Python's own error): ``kozel.integrations.gymnasium needs gymnasium, of the gymnasium extra:
        pip install 'kozel[gymnasium]'``."""
        package = missing.name or extra
        return cls(f"{module} needs {package}, of the {extra} extra: pip install 'kozel[{extra}]'", name=package)


class WrongTypeError(KozelError, TypeError):
    """A value of the wrong type where kozel expects one of its own, such as text where a Move belongs."""
