"""The bot protocol: a player that sees only its seat's view and the moves it may make, and picks one.

A bot is asked two things.  :meth:`Bot.choose`: it is the bot's turn (or a move is due from it)
and it must pick one of ``moves``.  :meth:`Bot.interrupt`: the bot may make a move out of turn
now (a molodka, a trump transfer) and may pick one of ``moves`` or None to let play go on.  Each
question comes with the bot's :class:`~kozel.PlayerView` and nothing else: a bot cannot see other
hands, the stock or the seed.  :meth:`Bot.setup` is called once before each match with the rules,
the bot's seat and a seed for its own choices; :meth:`Bot.reset` when the match is over.

The built-in bots check what they are asked with (:func:`check_asked`): a view that is no
:class:`~kozel.PlayerView`, moves that are not a sequence of :class:`~kozel.Move` values
(:class:`~kozel.WrongTypeError`), moves of another seat than the view's, or a view of other rules
than the bot was set up for (:class:`~kozel.KozelError`) are refused, not answered.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from typing import Final

from kozel.errors import KozelError, SeatError, StateError, WrongTypeError
from kozel.game.move import Move
from kozel.limits import SEED_DIGITS, seed_fits
from kozel.plain_types import whole_in, whole_number
from kozel.rules.checks import table_text
from kozel.rules.ruleset import Ruleset
from kozel.view.check import check_view
from kozel.view.view import PlayerView, made_by_engine

__all__ = ["Bot", "check_asked", "checked_seed", "shown", "whole_count"]


class Bot(abc.ABC):
    """A player that picks its moves from what its seat sees."""

    #: The bot's name in tables and on the command line.
    name: str = "bot"

    def __init__(self) -> None:
        #: The rules of the match being played (set by :meth:`setup`).
        self.rules: Ruleset | None = None
        #: The seat the bot plays.
        self.seat = 0
        #: The bot's own source of randomness, seeded by :meth:`setup`.
        self.rng = random.Random(0)

    def setup(self, rules: Ruleset, seat: int, seed: int) -> None:
        """Get ready for a match of ``rules`` at ``seat``; ``seed`` seeds the bot's own choices.

        ``rules`` is a :class:`~kozel.Ruleset`, ``seat`` one of its seats (an int or a NumPy integer) and
        ``seed`` a whole number of at most ``kozel.limits.SEED_DIGITS`` digits, as a match's seed:
        :class:`~kozel.WrongTypeError` for another kind, :class:`~kozel.SeatError` for a seat not at the
        table, :class:`~kozel.KozelError` for a seed too long.  Nothing is set up if one is refused.

        It sets ``self.rng``, a :class:`random.Random` seeded from the bot's :attr:`name`, ``seed`` and
        ``seat`` (the text ``"{name}/{seed}/{seat}"``): the same bot plays the same from the same match and
        seat, but a bot given another name draws other numbers, and so plays otherwise, from the same seed.
        """
        if not isinstance(rules, Ruleset):
            raise WrongTypeError(f"{type(self).__name__}.setup: a bot plays by a Ruleset, not {type(rules).__name__}")
        seat = rules.seating.checked_seat(seat)
        seed = checked_seed(f"{type(self).__name__}.setup: seed", seed)
        self.rules = rules
        self.seat = seat
        self.rng = random.Random(f"{self.name}/{seed}/{seat}")

    def reset(self) -> None:  # noqa: B027 - optional: most bots keep nothing between matches
        """Forget the match just played."""

    @abc.abstractmethod
    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The move to make now: one of ``moves`` (the seat's legal moves; never empty)."""

    def interrupt(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        """A move to make out of turn now (one of ``moves``), or None to let play go on (the default)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


#: The longest text a refused value is shown by in full (a number of a few hundred digits); a longer one is cut short.
_WHOLE_TEXT: Final = 500


def shown(value: object) -> str:
    """``value`` as a message refusing it shows it: its ``repr`` in full where that is short enough to read (a number a
    few digits past a limit is shown whole), else as :func:`kozel.rules.checks.table_text` shows it, cut short (an
    int too long to write out is said to be so)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out
        return table_text(value)
    return text if len(text) <= _WHOLE_TEXT else table_text(value)


def checked_seed(what: str, seed: object) -> int:
    """``seed`` as a plain int where it is a match's seed: a whole number (an int or a NumPy integer, not a bool) of
    at most ``kozel.limits.SEED_DIGITS`` digits; else :class:`~kozel.WrongTypeError` (another kind) or
    :class:`~kozel.KozelError` (too many digits), ``what`` naming it."""
    number = whole_number(seed)
    if number is None:
        raise WrongTypeError(f"{what} is a whole number of at most {SEED_DIGITS} digits, not {table_text(seed)}")
    if not seed_fits(number):
        raise KozelError(f"{what} is a whole number of at most {SEED_DIGITS} digits, not {shown(seed)}")
    return number


def whole_count(what: str, value: object, most: int) -> int:
    """``value`` as a plain int where it is a whole number (an int or a NumPy integer, not a bool) from 1 to ``most``;
    else :class:`~kozel.WrongTypeError` (another kind) or :class:`~kozel.KozelError` (out of range), ``what``
    naming it (see ``kozel.plain_types.whole_in``)."""
    return whole_in(what, value, 1, most)


def check_asked(bot: Bot, view: object, moves: object, *, choosing: bool) -> None:
    """Refuse what a bot is asked with unless ``view`` is a :class:`~kozel.PlayerView` and ``moves`` a sequence of
    :class:`~kozel.Move` values of the view's seat (not empty where the bot must ``choose``), the view of the rules
    the bot was set up for.

    Out of turn (``choosing`` false) the view may be None: the built-in bots decide out of turn by the moves alone.
    A view the engine did not make (read from JSON, built or changed by hand) is checked as :func:`~kozel.record.
    from_json` checks a view document, and one no play at the table gives raises :class:`~kozel.StateError`.
    :class:`~kozel.WrongTypeError` for a value of another kind, :class:`~kozel.KozelError` for the rest.  It costs
    next to nothing: a view handed out before it is made (by a :class:`~kozel.ViewTracker`, made when first read)
    is not made for the check, which compares its seat and rules only once it has been made.
    """
    fields: dict[str, object]
    if isinstance(view, PlayerView):
        fields = view.__dict__  # read as they are: a view not made yet is not made here
        if not made_by_engine(view):  # built or changed by hand: refused as no play gives it, as from_json refuses
            try:
                check_view(view)
            except StateError as error:
                raise StateError(f"{_asked(bot, choosing)}: {error}") from None
    elif view is None and not choosing:
        fields = {}
    else:
        raise WrongTypeError(f"{_asked(bot, choosing)}: the view is a PlayerView, not {type(view).__name__}")
    if type(moves) is not tuple and (isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence)):
        raise WrongTypeError(
            f"{_asked(bot, choosing)}: the moves are a sequence of Move values, not {type(moves).__name__}"
        )
    if choosing and not moves:
        raise KozelError(f"{_asked(bot, choosing)}: moves is never empty: a seat is asked only when it has a move")
    seat = fields.get("seat")
    rules = bot.rules
    if rules is not None and seat is not None and seat != bot.seat:
        raise SeatError(
            f"{_asked(bot, choosing)}: the view is seat {table_text(seat)}'s, but the bot was set up for seat "
            f"{bot.seat}"
        )
    played = fields.get("ruleset")
    if rules is not None and played is not None and played is not rules and played != rules:
        of = played.name if isinstance(played, Ruleset) else f"a {type(played).__name__}, not a Ruleset"
        if of == rules.name:
            of = f"other rules of the same name, {of},"
        raise KozelError(f"{_asked(bot, choosing)}: the view is of {of} but the bot was set up for {rules.name}")
    for move in moves:
        if not isinstance(move, Move):
            raise WrongTypeError(f"{_asked(bot, choosing)}: the moves are Move values, not {table_text(move)}")
        if move.seat != seat and seat is not None:
            raise KozelError(
                f"{_asked(bot, choosing)}: the moves are those of the view's seat, {table_text(seat)}; "
                f"{move} is seat {move.seat}'s"
            )


def _asked(bot: Bot, choosing: bool) -> str:
    """The question a bot was asked, as an error names it: ``RandomBot.choose``."""
    return f"{type(bot).__name__}.{'choose' if choosing else 'interrupt'}"
