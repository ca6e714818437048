"""Bidding for the talon: take it and play alone, or let it pass; the declarer then lays cards away."""

from __future__ import annotations

from itertools import combinations

from kozel.cards.masks import cards_of
from kozel.engine.explain import refuse
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase

__all__ = ["apply_bid", "apply_lay_away", "bidding_moves", "lay_away_moves"]


def bidding_moves(state: GameState) -> tuple[Move, ...]:
    """The seat to bid takes the talon or declines it."""
    seat = state.turn
    assert seat is not None
    return (Move(seat, MoveKind.TAKE_TALON), Move(seat, MoveKind.DECLINE))


def apply_bid(state: GameState, move: Move, log: bytes) -> GameState:
    """Take the talon (then lay away), or pass the choice on; when all decline the hand is played "for less"."""
    if move not in bidding_moves(state):
        raise refuse(move, "bidding", f"seat {state.turn} says whether he takes the talon: take_talon or decline")
    deal = state.deal
    rules = state.match.ruleset
    seat = move.seat
    if move.kind is MoveKind.TAKE_TALON:
        hands = list(state.hand_masks)
        hands[seat] |= sum(card.bit for card in state.talon)
        return state._replace(
            deal=deal._replace(declarer=seat),
            hand_masks=tuple(hands),
            talon=(),
            phase=Phase.LAY_AWAY,
            log=log,
        )
    following = (seat + 1) % rules.players
    if following == (deal.dealer + 1) % rules.players:  # everybody declined: play "for less"
        return state._replace(turn=deal.leader, phase=Phase.PLAY, log=log)
    return state._replace(turn=following, log=log)


def lay_away_moves(state: GameState) -> tuple[Move, ...]:
    """Every choice of the cards the declarer lays away."""
    bidding = state.match.ruleset.talon.bidding  # type: ignore[union-attr]
    assert bidding is not None
    seat = state.turn
    assert seat is not None
    cards = cards_of(state.hand_masks[seat])
    return tuple(Move(seat, MoveKind.LAY_AWAY, combo) for combo in combinations(cards, bidding.lay_away))


def apply_lay_away(state: GameState, move: Move, log: bytes) -> GameState:
    """The cards go face down to the declarer's own pile (they count for him); then the first lead."""
    rules = state.match.ruleset
    bidding = rules.talon.bidding  # type: ignore[union-attr]
    count = bidding.lay_away if bidding is not None else 0
    # One of ``lay_away_moves`` (checked without making them all): ``count`` cards of the hand, no choice, and
    # the move's cards those of its mask.
    mask = move.mask
    if (
        move.kind is not MoveKind.LAY_AWAY
        or move.seat != state.turn
        or move.choice is not None
        or type(mask) is not int
        or mask.bit_count() != count
        or mask & ~state.hand_masks[move.seat]
        or move.cards != tuple(sorted(cards_of(mask)))
    ):
        raise refuse(move, "lay away", f"seat {state.turn} lays away {count} cards of his own hand")
    hands = list(state.hand_masks)
    hands[move.seat] &= ~move.mask
    won = list(state.won_masks)
    won[rules.side_of(move.seat)] |= move.mask
    return state._replace(
        hand_masks=tuple(hands), won_masks=tuple(won), turn=state.deal.leader, phase=Phase.PLAY, log=log
    )
