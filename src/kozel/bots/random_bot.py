"""RandomBot: picks uniformly at random, the baseline every other bot should beat."""

from __future__ import annotations

from collections.abc import Sequence

from kozel.bots.base import Bot, check_asked
from kozel.game.move import Move
from kozel.view.view import PlayerView

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """A player who picks any legal move at random, and takes an out-of-turn move as often as he lets it pass."""

    name = "random"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """Any of ``moves``, at random."""
        check_asked(self, view, moves, choosing=True)
        return self.rng.choice(moves)

    def interrupt(self, view: PlayerView | None, moves: Sequence[Move]) -> Move | None:
        """Nothing, or any of ``moves``, at random (each equally likely)."""
        check_asked(self, view, moves, choosing=False)
        return self.rng.choice((None, *moves))
