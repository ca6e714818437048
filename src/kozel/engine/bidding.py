"""Bidding for the talon: take it and play alone, or let it pass; the declarer then lays cards away."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from kozel.cards.masks import cards_of
from kozel.engine.explain import names_cards, no_seat, not_held, off_phase, plural, refuse
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveKind
from kozel.game.state import Deal, GameState, Phase

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_DECLINE: Final = MoveKind.DECLINE
_KIND_LAY_AWAY: Final = MoveKind.LAY_AWAY
_KIND_TAKE_TALON: Final = MoveKind.TAKE_TALON
_PHASE_LAY_AWAY: Final = Phase.LAY_AWAY
_PHASE_PLAY: Final = Phase.PLAY

__all__ = ["apply_bid", "apply_lay_away", "bidding_moves", "lay_away_moves"]

_new: Final = tuple.__new__
#: Each seat's two bids, made once (bounded by the seats).
_BIDS: Final[dict[int, tuple[Move, ...]]] = {}
# The next states are built directly, field by field in the order they are stored (see GameState); a deal
# taken by a declarer differs from its deal in the last field only.
assert Deal._fields[-1] == "declarer"


def bidding_moves(state: GameState) -> tuple[Move, ...]:
    """The seat to bid takes the talon or declines it."""
    seat = state.turn
    assert seat is not None
    moves = _BIDS.get(seat)
    if moves is None:
        moves = _BIDS[seat] = (Move(seat, _KIND_TAKE_TALON), Move(seat, _KIND_DECLINE))
    return moves


def apply_bid(state: GameState, move: Move, log: bytes) -> GameState:
    """Take the talon (then lay away), or pass the choice on; when all decline the hand is played "for less"."""
    if move not in bidding_moves(state):
        raise _explain_bid(state, move)
    deal = state.deal
    hand_masks = state.hand_masks
    players = len(hand_masks)
    seat = move.seat
    phase = state.phase
    turn = state.turn
    if move.kind is _KIND_TAKE_TALON:
        talon = 0
        for card in state.talon:
            talon |= card.bit
        hand_masks = (*hand_masks[:seat], hand_masks[seat] | talon, *hand_masks[seat + 1 :])
        deal = _new(Deal, (*deal[:-1], seat))
        phase = _PHASE_LAY_AWAY
    elif (seat + 1) % players == (deal.dealer + 1) % players:  # everybody declined: play "for less"
        turn = deal.leader
        phase = _PHASE_PLAY
    else:
        turn = (seat + 1) % players
    return _new(
        GameState,
        (
            state.match,
            deal,
            hand_masks,
            state.stock_at,
            () if phase is _PHASE_LAY_AWAY else state.talon,
            turn,
            state.trick,
            state.won_masks,
            state.trick_counts,
            phase,
            state.window,
            state.drawing,
            log,
        ),
    )


def lay_away_moves(state: GameState) -> tuple[Move, ...]:
    """Every choice of the cards the declarer lays away."""
    bidding = state.match.ruleset.talon.bidding  # type: ignore[union-attr]
    assert bidding is not None
    seat = state.turn
    assert seat is not None
    cards = cards_of(state.hand_masks[seat])
    return tuple(Move(seat, _KIND_LAY_AWAY, combo) for combo in combinations(cards, bidding.lay_away))


def apply_lay_away(state: GameState, move: Move, log: bytes) -> GameState:
    """The cards go face down to the declarer's own pile (they count for him); then the first lead."""
    rules = state.match.ruleset
    bidding = rules.talon.bidding  # type: ignore[union-attr]
    count = bidding.lay_away if bidding is not None else 0
    # One of ``lay_away_moves`` (checked without making them all): ``count`` cards of the hand, no choice, and
    # the move's cards those of its mask.
    mask = move.mask
    if (
        move.kind is not _KIND_LAY_AWAY
        or move.seat != state.turn
        or move.choice is not None
        or type(mask) is not int
        or mask.bit_count() != count
        or mask & ~state.hand_masks[move.seat]
        or move.cards != tuple(sorted(cards_of(mask)))
    ):
        raise _explain_lay_away(state, move, count)
    seat = move.seat
    hands = state.hand_masks
    won = state.won_masks
    side = rules.side_of(seat)
    return _new(
        GameState,
        (
            state.match,
            state.deal,
            (*hands[:seat], hands[seat] & ~mask, *hands[seat + 1 :]),
            state.stock_at,
            state.talon,
            state.deal.leader,
            state.trick,
            (*won[:side], won[side] | mask, *won[side + 1 :]),
            state.trick_counts,
            _PHASE_PLAY,
            state.window,
            state.drawing,
            log,
        ),
    )


def _explain_bid(state: GameState, move: Move) -> IllegalMoveError:
    refused = no_seat(move, state.match.ruleset.players)
    if refused is not None:
        return refused
    if move.kind is not _KIND_TAKE_TALON and move.kind is not _KIND_DECLINE:
        return off_phase(
            state, move, f"the talon is bid for: seat {state.turn} says whether he takes it (take_talon or decline)"
        )
    if move.seat != state.turn:
        return refuse(move, "turn", f"it is seat {state.turn}'s turn to bid")
    refused = names_cards(move, "bidding")
    if refused is not None:
        return refused
    return refuse(move, "bidding", f"seat {state.turn} says whether he takes the talon: take_talon or decline")


def _explain_lay_away(state: GameState, move: Move, count: int) -> IllegalMoveError:
    lay_away = f"seat {state.turn} lays away {plural(count, 'card')} of his own hand"
    refused = no_seat(move, state.match.ruleset.players)
    if refused is not None:
        return refused
    if move.kind is not _KIND_LAY_AWAY:
        return off_phase(state, move, f"{lay_away} (lay_away)")
    if move.seat != state.turn:
        return refuse(move, "turn", f"it is seat {state.turn}'s turn to lay away")
    mask = move.mask
    if move.choice is not None or type(mask) is not int or move.cards != tuple(sorted(cards_of(mask))):
        return refuse(move, "lay away", lay_away)
    if len(move.cards) != count:
        return refuse(move, "lay away", f"{lay_away}, not {len(move.cards)}")
    refused = not_held(move, state.hand_masks[move.seat])
    return refuse(move, "lay away", lay_away) if refused is None else refused
