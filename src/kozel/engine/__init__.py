"""The engine: dealing, trick play, drawing and scoring, behind ``new_game``, ``legal_moves``, ``apply`` and ``step``.

``step`` is ``apply`` that also returns the events of the transition (``kozel.engine.events``);
``apply`` builds none.  Besides these, the engine's face towards the layers above it (views, sampling, records):
how a deal is started (:class:`HandStart`, :func:`start_hand`, :func:`start_of_deal`), how hands
are refilled from the stock (:func:`refill`), who takes a trick (:func:`trick_taker`), the cards
laid so far in a deal dealt by drawing (:func:`lays`), and the drawing deals' steps with their
hook for choosing hidden cards (:data:`Arrange`, :class:`Draw`, :func:`start_drawing`,
:func:`apply_lay`, :func:`drawn_positions`), and play that stops at the hand's end for a search's
play-outs (:func:`within_hand`).  Everything else under ``kozel.engine`` is internal.
"""

from kozel.engine.core import apply, legal_moves
from kozel.engine.deal import HandStart
from kozel.engine.leading import first_trick_suit_cards
from kozel.engine.praise.common import fill
from kozel.engine.praise.drawing import Arrange, Draw, apply_lay, drawn_positions, lays, start_drawing
from kozel.engine.praise.procedures import cut_bottom
from kozel.engine.refill import refill
from kozel.engine.start import new_game, new_hand, start_hand, start_of_deal, with_deck
from kozel.engine.transition import step
from kozel.engine.trick_winner import trick_taker
from kozel.engine.within_hand import within_hand

__all__ = [
    "Arrange",
    "Draw",
    "HandStart",
    "apply",
    "apply_lay",
    "cut_bottom",
    "drawn_positions",
    "fill",
    "first_trick_suit_cards",
    "lays",
    "legal_moves",
    "new_game",
    "new_hand",
    "refill",
    "start_drawing",
    "start_hand",
    "start_of_deal",
    "step",
    "trick_taker",
    "with_deck",
    "within_hand",
]
