"""Redeal calls: before the first lead a player with a poor hand may have the cards dealt again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from kozel.cards.card import CARDS, Card, Rank, Suit
from kozel.engine.chance import shuffled_order
from kozel.engine.deal import HandStart, deal_hand
from kozel.engine.explain import names_cards, no_seat, refuse
from kozel.engine.hand_end import Forfeit, finish_hand
from kozel.engine.leading import opening
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.rules.leading import LeadSeat
from kozel.rules.praise import PraiseKind
from kozel.rules.redeal import Redeal, RedealReason
from kozel.rules.ruleset import Ruleset

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_REDEAL: Final = MoveKind.REDEAL
_LEAD_HOLDER: Final = LeadSeat.HOLDER
_PHASE_PLAY: Final = Phase.PLAY
_PRAISE_REGULAR: Final = PraiseKind.REGULAR

__all__ = ["apply_redeal", "beyond_limit", "may_call_redeal", "redeal_moves", "redeal_reasons"]

_QUEENS = sum(card.bit for card in CARDS if card.rank == Rank.QUEEN)
_NINES = sum(card.bit for card in CARDS if card.rank == Rank.NINE)
_QUEEN_OF_DIAMONDS = Card(Rank.QUEEN, Suit.DIAMONDS).bit


def may_call_redeal(rules: Ruleset, rule: Redeal, hands: tuple[int, ...], seat: int) -> bool:
    """Whether ``seat``'s hand (or side) gives him one of the rule's reasons to call a redeal (the first found)."""
    holds = _reason_tests(rules, rule, hands, seat)
    return any(holds[reason]() for reason in rule.reasons)


def redeal_reasons(rules: Ruleset, rule: Redeal, hands: tuple[int, ...], seat: int) -> tuple[RedealReason, ...]:
    """The reasons of the rule that ``seat``'s hand (or, for a reason about the side, his side's hands) gives him
    to call a redeal, in the rule's order; none where he may not call one."""
    holds = _reason_tests(rules, rule, hands, seat)
    return tuple(reason for reason in rule.reasons if holds[reason]())


def _reason_tests(
    rules: Ruleset, rule: Redeal, hands: tuple[int, ...], seat: int
) -> dict[RedealReason, Callable[[], bool]]:
    """Each reason's test on ``seat``'s hand and side, to be asked only of the reasons the rule has."""
    hand = hands[seat]
    side = 0
    for mate in rules.seating.seats_of(rules.side_of(seat)):
        side |= hands[mate]
    deck = rules.deck.mask
    return {
        RedealReason.FEW_POINTS: lambda: rules.points.of_mask(hand) < rule.below_points,
        RedealReason.NO_QUEEN: lambda: not side & _QUEENS,
        RedealReason.NO_QUEEN_BUT_DIAMONDS: lambda: not side & _QUEENS & ~_QUEEN_OF_DIAMONDS,
        RedealReason.FOUR_NINES: lambda: bool(_NINES & deck) and hand & _NINES == _NINES & deck,
        RedealReason.FOUR_QUEENS: lambda: bool(_QUEENS & deck) and hand & _QUEENS == _QUEENS & deck,
    }


def beyond_limit(rule: Redeal, redeals: tuple[int, ...], side: int) -> bool:
    """Whether a redeal called by ``side`` now, after the calls ``redeals`` (the sides, oldest first), goes past the
    rule's limit of calls in a row: that call loses the hand instead."""
    limit = rule.limit
    return limit is not None and len(redeals) >= limit and set(redeals[-limit:]) == {side}


def _open(state: GameState) -> bool:
    rule = state.match.ruleset.redeal
    if rule is None or state.phase is not _PHASE_PLAY or not opening(state):
        return False
    if not rule.first_hand and not state.match.hand_results:
        return False
    if state.window is not None and state.window.done:  # asked on the cards as dealt: not after a pass
        return False
    return rule.after_praise or state.deal.praise in (None, _PRAISE_REGULAR)


def redeal_moves(state: GameState) -> tuple[Move, ...]:
    """The redeal calls open now: one per seat the rule allows, before the hand's first lead."""
    if not _open(state):
        return ()
    rules = state.match.ruleset
    rule = rules.redeal
    assert rule is not None
    return tuple(
        Move(seat, _KIND_REDEAL)
        for seat in range(rules.players)
        if may_call_redeal(rules, rule, state.hand_masks, seat)
    )


def apply_redeal(state: GameState, move: Move, log: bytes) -> GameState:
    """The same dealer deals again from the next shuffle (regularly: no praise); nothing is written.

    A side calling beyond the rule's limit of redeals in a row loses the hand instead.
    """
    if move not in redeal_moves(state):
        raise _explain(state, move)
    match = state.match
    deal = state.deal
    rules = match.ruleset
    rule = rules.redeal
    assert rule is not None
    side = rules.side_of(move.seat)
    if beyond_limit(rule, deal.redeals, side):
        return finish_hand(
            state,
            state.hand_masks,
            state.won_masks,
            state.trick_counts,
            deal.leader,
            log=log,
            forfeit=Forfeit(loser_side=side, written=rule.penalty),
        )
    lead = rules.leading.later_hands if match.hand_results else rules.leading.first_hand
    start = HandStart(
        number=deal.number + 1,
        dealer=deal.dealer,
        order=shuffled_order(rules, match.seed, deal.number + 1),
        lead=lead,
        last_opener=deal.last_opener,
        leader=None if lead is _LEAD_HOLDER else deal.leader,
        redeals=(*deal.redeals, side),
    )
    return deal_hand(match, start)


def _explain(state: GameState, move: Move) -> Exception:
    rules = state.match.ruleset
    rule = rules.redeal
    refused = no_seat(move, rules.players)
    if refused is not None:
        return refused
    if rule is None:
        return refuse(move, "redeal", "this game has no redeal")
    refused = names_cards(move, "redeal")
    if refused is not None:
        return refused
    if not opening(state) or state.phase is not _PHASE_PLAY:
        return refuse(move, "redeal", "a redeal is called after the deal, before the first lead")
    if not rule.first_hand and not state.match.hand_results:
        return refuse(move, "redeal", "no redeal in the first hand of a match")
    if state.window is not None and state.window.done:
        return refuse(move, "redeal", "a redeal is asked on the cards as dealt, not after a trump was passed")
    if not _open(state):
        return refuse(move, "redeal", "no redeal after a praise deal")
    side = "pair" if rules.seating.team_size == 2 else "side"
    words = {
        RedealReason.FEW_POINTS: f"a hand under {rule.below_points} card points",
        RedealReason.NO_QUEEN: f"a {side} without a queen",
        RedealReason.NO_QUEEN_BUT_DIAMONDS: f"a {side} without a queen but the queen of diamonds",
        RedealReason.FOUR_NINES: "all four nines",
        RedealReason.FOUR_QUEENS: "all four queens",
    }
    reasons = ", or ".join(words[reason] for reason in rule.reasons)
    return refuse(move, "redeal", f"a redeal needs {reasons}")
