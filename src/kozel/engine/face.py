"""What the engine's inner face refuses: the arguments of the functions the layers above it call.

Views, sampled worlds and records call a few of the engine's steps directly (``kozel.engine``'s
``__all__``).  Each checks what it is handed with these, so that a wrong value is answered with the
library's error (a :class:`~kozel.errors.WrongTypeError` or :class:`~kozel.errors.KozelError` naming the
function and the argument), before anything is read or changed.
"""

from __future__ import annotations

from kozel.cards.card import Card
from kozel.errors import KozelError, StateError, WrongTypeError
from kozel.game.state import GameState, Phase, not_a_state
from kozel.limits import MAX_PLAYERS
from kozel.plain_types import short_repr

__all__ = ["checked_cards", "checked_hands", "checked_state"]


def checked_state(caller: str, state: object, phase: Phase | None = None) -> GameState:
    """``state`` where it is a GameState (in ``phase``, where given), else the library's error naming ``caller``."""
    if type(state) is not GameState:
        raise not_a_state(state, caller)
    if phase is not None and state.phase is not phase:
        raise StateError(f"{caller} needs a state in the {phase.name} phase, not in {state.phase.name}")
    return state


def checked_hands(caller: str, hands: object) -> list[int]:
    """``hands`` where it is a list of card masks (whole numbers from 0), one per seat, 1 to MAX_PLAYERS of them."""
    if type(hands) is not list:
        raise WrongTypeError(f"{caller}: hands is a list of card masks, one per seat, not {short_repr(hands)}")
    if not 1 <= len(hands) <= MAX_PLAYERS:
        raise KozelError(f"{caller}: hands holds one card mask per seat, 1 to {MAX_PLAYERS}, not {len(hands)}")
    for hand in hands:
        if type(hand) is not int or hand < 0:  # a sampler's hands may hold the bits of places, not of cards
            raise WrongTypeError(f"{caller}: hands holds card masks (whole numbers from 0), not {short_repr(hand)}")
    return hands


def checked_cards(caller: str, what: str, cards: object, kind: type) -> list[Card] | tuple[Card, ...]:
    """``cards`` where it is a ``kind`` (list or tuple) of cards, else the library's error naming ``caller``."""
    if type(cards) is not kind:
        raise WrongTypeError(f"{caller}: {what} is a {kind.__name__} of cards, not {short_repr(cards)}")
    assert isinstance(cards, list | tuple)
    for card in cards:
        if type(card) is not Card:
            raise WrongTypeError(f"{caller}: {what} holds cards, not {short_repr(card)}")
    return cards
