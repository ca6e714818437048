"""Redeal calls: before the first lead a player with a poor hand may have the cards dealt again."""

from __future__ import annotations

from kozel.cards.card import Rank
from kozel.cards.cardset import cards_of
from kozel.engine.deal import deal_hand, shuffled_order
from kozel.engine.explain import refuse
from kozel.engine.leading import opening
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.rules.leading import LeadSeat
from kozel.rules.redeal import RedealReason

__all__ = ["apply_redeal", "redeal_moves"]

_QUEENS = sum(card.bit for card in cards_of((1 << 36) - 1) if card.rank == Rank.QUEEN)


def redeal_moves(state: GameState) -> tuple[Move, ...]:
    """The redeal calls open now: one per seat the rule allows, before the hand's first lead."""
    deal = state.deal
    rules = deal.ruleset
    rule = rules.redeal
    if rule is None or state.phase is not Phase.PLAY or not opening(state):
        return ()
    if not rule.first_hand and not deal.hand_results:
        return ()
    hands = state.hand_masks
    callers = []
    for seat, hand in enumerate(hands):
        if rule.reason is RedealReason.FEW_POINTS:
            allowed = rules.points.of_mask(hand) < rule.below_points
        else:
            side = rules.seating.seats_of(rules.side_of(seat))
            allowed = not any(hands[mate] & _QUEENS for mate in side)
        if allowed:
            callers.append(Move(seat, MoveKind.REDEAL))
    return tuple(callers)


def apply_redeal(state: GameState, move: Move) -> GameState:
    """The same dealer deals again from the next shuffle; nothing is written."""
    if move not in redeal_moves(state):
        rule = state.deal.ruleset.redeal
        if rule is None:
            raise refuse(move, "redeal", "this game has no redeal")
        if not opening(state):
            raise refuse(move, "redeal", "a redeal is called after the deal, before the first lead")
        if not rule.first_hand and not state.deal.hand_results:
            raise refuse(move, "redeal", "no redeal in the first hand of a match")
        if rule.reason is RedealReason.FEW_POINTS:
            raise refuse(move, "redeal", f"only a hand of fewer than {rule.below_points} card points calls a redeal")
        raise refuse(move, "redeal", "only a pair that holds no queen calls a redeal")
    deal = state.deal
    rules = deal.ruleset
    lead = rules.leading.later_hands if deal.hand_results else rules.leading.first_hand
    return deal_hand(
        rules,
        seed=deal.seed,
        number=deal.number + 1,
        dealer=deal.dealer,
        lead=lead,
        last_winner=None,
        order=shuffled_order(rules, deal.seed, deal.number + 1),
        scores=deal.scores,
        hand_results=deal.hand_results,
        last_opener=deal.last_opener,
        sets=deal.sets,
        leader=None if lead is LeadSeat.HOLDER else deal.leader,
    )
