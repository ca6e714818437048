"""The bot protocol: a player that sees only its seat's view and the moves it may make, and picks one.

A bot is asked two things.  :meth:`Bot.choose`: it is the bot's turn (or a move is due from it)
and it must pick one of ``moves``.  :meth:`Bot.interrupt`: the bot may make a move out of turn
now (a molodka, a trump transfer) and may pick one of ``moves`` or None to let play go on.  Each
question comes with the bot's :class:`~kozel.PlayerView` and nothing else: a bot cannot see other
hands, the stock or the seed.  :meth:`Bot.setup` is called once before each match with the rules,
the bot's seat and a seed for its own choices; :meth:`Bot.reset` when the match is over.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence

from kozel.game.move import Move
from kozel.rules.ruleset import Ruleset
from kozel.view.view import PlayerView

__all__ = ["Bot"]


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
        """Get ready for a match of ``rules`` at ``seat``; ``seed`` seeds the bot's own choices."""
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
