"""The end of a hand: counting card points, writing the score, ending the match or dealing the next hand."""

from __future__ import annotations

from kozel.engine.deal import deal_hand, lead_seat, shuffled_order
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Phase

__all__ = ["finish_hand"]


def finish_hand(state: GameState, won: tuple[int, ...], counts: tuple[int, ...], last_winner: int) -> GameState:
    """The state after the last trick of a hand: scored, then the match's end or the next deal.

    ``won`` holds each side's cards taken (as bitmasks) and ``counts`` its tricks; ``last_winner``
    took the last trick.
    """
    deal = state.deal
    rules = deal.ruleset
    total = rules.total_points
    points = tuple(rules.points.of_mask(mask) for mask in won)
    written = rules.scoring.write(points, counts, total)
    hand = HandResult(points=points, tricks=counts, written=written, eggs=rules.scoring.is_eggs(points, total))
    scores = tuple(score + add for score, add in zip(deal.scores, written, strict=True))
    results = (*deal.hand_results, hand)
    goats = rules.match.goats(scores, rules.scoring.mode)
    if goats:
        result = MatchResult(goats=goats, titles=rules.match.titles(any(r.eggs for r in results)))
        return GameState(
            deal=deal._replace(scores=scores, hand_results=results, result=result),
            hand_masks=(0,) * rules.players,
            stock=(),
            turn=None,
            trick=None,
            won_masks=won,
            trick_counts=counts,
            phase=Phase.OVER,
            window=None,
        )
    dealer = (deal.dealer + 1) % rules.players
    leader = lead_seat(rules.leading.later_hands, dealer, rules.players, last_winner)
    order = shuffled_order(rules, deal.seed, len(results))
    return deal_hand(
        rules, seed=deal.seed, dealer=dealer, leader=leader, order=order, scores=scores, hand_results=results
    )
