"""The trump transfer: a player with one or two trumps hands them all to the partner, who gives plain cards back."""

from __future__ import annotations

from itertools import combinations

from kozel.cards.cardset import cards_of
from kozel.engine.beat_or_pass import refuse
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveKind, make_move
from kozel.game.state import GameState, Phase, TransferWindow

__all__ = ["apply_transfer", "apply_transfer_back", "transfer_back_moves", "transfer_moves"]


def transfer_moves(state: GameState) -> tuple[Move, ...]:
    """The transfers open now: one per seat whose side has not transferred in this window."""
    window, rule = state.window, state.deal.ruleset.transfer
    if window is None or rule is None or state.trick is not None:
        return ()
    trumps = state.deal.table.trump_mask
    moves = []
    for seat, hand in enumerate(state.hand_masks):
        if state.deal.ruleset.side_of(seat) in window.done:
            continue
        held = hand & trumps
        count = held.bit_count()
        plain_of_partner = state.hand_masks[state.deal.ruleset.seating.partner(seat)] & ~trumps
        if count in rule.counts and plain_of_partner.bit_count() >= count:
            moves.append(make_move(seat, MoveKind.TRANSFER, cards_of(held), held))
    return tuple(moves)


def transfer_back_moves(state: GameState) -> tuple[Move, ...]:
    """The partner's choices of plain cards to give back for the pending transfer."""
    window = state.window
    if window is None or window.pending is None:
        return ()
    partner = state.deal.ruleset.seating.partner(window.pending.seat)
    plain = state.hand_masks[partner] & ~state.deal.table.trump_mask
    return tuple(
        Move(partner, MoveKind.TRANSFER_BACK, combo)
        for combo in combinations(cards_of(plain), len(window.pending.cards))
    )


def _swap(state: GameState, giver: int, taker: int, mask: int) -> tuple[int, ...]:
    hands = list(state.hand_masks)
    hands[giver] &= ~mask
    hands[taker] |= mask
    return tuple(hands)


def apply_transfer(state: GameState, move: Move) -> GameState:
    """Hand the trumps over; the partner must now give plain cards back."""
    if move not in transfer_moves(state):
        raise _explain_transfer(state, move)
    window = state.window
    assert window is not None
    partner = state.deal.ruleset.seating.partner(move.seat)
    return state._replace(
        hand_masks=_swap(state, move.seat, partner, move.mask),
        turn=partner,
        phase=Phase.TRANSFER_BACK,
        window=TransferWindow(
            leader=window.leader, done=(*window.done, state.deal.ruleset.side_of(move.seat)), pending=move
        ),
    )


def apply_transfer_back(state: GameState, move: Move) -> GameState:
    """Give the plain cards back; the window stays open for the other sides and the leader is to lead."""
    if move not in transfer_back_moves(state):
        raise _explain_transfer_back(state, move)
    window = state.window
    assert window is not None
    assert window.pending is not None
    return state._replace(
        hand_masks=_swap(state, move.seat, window.pending.seat, move.mask),
        turn=window.leader,
        phase=Phase.PLAY,
        window=TransferWindow(leader=window.leader, done=window.done),
    )


def _explain_transfer(state: GameState, move: Move) -> IllegalMoveError:
    rule, window = state.deal.ruleset.transfer, state.window
    if rule is None:
        return refuse(move, "transfer", "this game has no trump transfer")
    if window is None or state.trick is not None:
        return refuse(move, "transfer", "trumps are handed over only after a draw, before the next lead")
    if not 0 <= move.seat < state.deal.ruleset.players:
        return refuse(move, "seat", f"there is no seat {move.seat}")
    if state.deal.ruleset.side_of(move.seat) in window.done:
        return refuse(move, "transfer", f"seat {move.seat}'s side has already made its transfer since the draw")
    held = state.hand_masks[move.seat] & state.deal.table.trump_mask
    counts = " or ".join(map(str, rule.counts))
    if held.bit_count() not in rule.counts:
        return refuse(move, "transfer", f"only a player holding exactly {counts} trumps may hand them over")
    if move.mask != held:
        return refuse(move, "transfer", "the transfer hands over all of the player's trumps and nothing else")
    return refuse(move, "transfer", "the partner does not hold enough plain cards to give back")


def _explain_transfer_back(state: GameState, move: Move) -> IllegalMoveError:
    window = state.window
    if move.kind is not MoveKind.TRANSFER_BACK or window is None or window.pending is None:
        return refuse(move, "transfer", "the partner must first give back plain cards for the trumps handed to him")
    partner = state.deal.ruleset.seating.partner(window.pending.seat)
    if move.seat != partner:
        return refuse(move, "transfer", f"seat {partner} gives the cards back, not seat {move.seat}")
    count = len(window.pending.cards)
    if len(move.cards) != count:
        return refuse(move, "transfer", f"give back exactly {count} card(s), as many as were handed over")
    return refuse(move, "transfer", f"give back {count} plain card(s) from seat {partner}'s own hand")
