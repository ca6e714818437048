"""Play that stops at the hand's end, for searches that only read how the hand they search came out.

A search's play-outs end with their hand; the next deal (its shuffle, the dealing, the state of its
start) would be thrown away unread, at about a tenth of a play-out's cost.  See :func:`within_hand`.
A hand dealt again without being finished (a redeal) is dealt as usual.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from kozel.game.state import GameState

__all__ = ["WITHIN_HAND", "ended_within_hand", "within_hand"]

#: Whether play stops at the end of the hand (True only inside ``within_hand``).
WITHIN_HAND: Final[ContextVar[bool]] = ContextVar("kozel_within_hand", default=False)


@contextmanager
def within_hand() -> Iterator[None]:
    """Inside it, a move that ends a hand stops at the hand's scored end instead of dealing the next hand.

    For a search's play-outs, which read only how the hand came out: the state such a move gives has
    the hand's result written (``hand_results``, ``scores``, ``sets``), the deal it was played in,
    no seat to move and the phase ``OVER``; it is not a position of the match, and nothing can be
    played from it.  Every other move is played exactly as outside.

    >>> import random, kozel
    >>> from kozel.engine import within_hand
    >>> state, rng = kozel.new_game(kozel.variants.get("classic"), seed=3), random.Random(3)
    >>> with within_hand():
    ...     while state.turn is not None:
    ...         state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    >>> len(state.hand_results), state.deal.number, state.phase.name, sum(state.hand_results[0].points)
    (1, 0, 'OVER', 120)
    """
    token = WITHIN_HAND.set(True)
    try:
        yield
    finally:
        WITHIN_HAND.reset(token)


def ended_within_hand(state: GameState) -> bool:
    """Whether ``state`` is a hand's scored end reached inside :func:`within_hand`: no seat to move, the match not
    over (the next deal not dealt)."""
    return state.turn is None and state.match.result is None
