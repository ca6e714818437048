"""What a seat sees of a state: every field of its view that the state itself holds, read straight from it.

A :class:`~kozel.PlayerView` is these fields and two more, the deal's ``history`` and the ``voids`` it
shows, which need the deal's events (see :mod:`kozel.view.view`).  Kept apart so that the compiled
build compiles it: every view a bot, a tracker or a sampled world's check makes is read here.
"""

from __future__ import annotations

from kozel.cards.cardset import cardset_from_mask
from kozel.engine.events import Played
from kozel.engine.transition import played_event
from kozel.game.move import Move
from kozel.game.state import GameState, stock_bytes

__all__ = ["seen"]


def seen(state: GameState, seat: int) -> dict[str, object]:
    """The fields of ``seat``'s view of ``state``, by name, all but ``history`` and ``voids``."""
    match = state.match
    deal = state.deal
    rules = match.ruleset
    trick = state.trick
    window = state.window
    praise = deal.praise
    talon = state.talon
    return {
        "ruleset": rules,
        "seat": seat,
        "hand": cardset_from_mask(state.hand_masks[seat]),
        "hand_sizes": tuple([mask.bit_count() for mask in state.hand_masks]),
        "dealer": deal.dealer,
        "turn": state.turn,
        "phase": state.phase,
        "trump": deal.trump,
        "trump_card": deal.trump_card,
        "talon_shown": (talon[0] if talon else None) if rules.talon is not None else None,
        "talon_size": len(talon),
        "stock_size": len(stock_bytes(state)),
        "trick": None if trick is None else tuple([_played(play, seat) for play in trick.plays]),
        "trick_winner": None if trick is None else trick.best.seat,
        "trick_counts": state.trick_counts,
        "won_sizes": tuple([mask.bit_count() for mask in state.won_masks]),
        "scores": match.scores,
        "sets": match.sets,
        "hand_results": match.hand_results,
        "result": match.result,
        "declarer": deal.declarer,
        "praise": praise.value if praise is not None else None,
        "transfers_done": None if window is None else window.done,
    }


def _played(play: Move, seat: int) -> Played:
    return played_event(play).for_seat(seat)
