"""The end of a hand: counting, writing the score sheet, then the match's end or the next deal.

A hand ends when the cards run out, or at once on a catch.  Written points come from
the scoring table (the declarer's table, or the "for less" one, in a talon game),
then what taking every trick does; the match ends when a side reaches the target
(or wins its sets), or at once where taking every trick says so.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from kozel.cards.masks import BITS
from kozel.engine.chance import shuffled_order
from kozel.engine.deal import HandStart
from kozel.engine.interned import numbers
from kozel.engine.memo import remember
from kozel.engine.plan import Plan, plan_of
from kozel.engine.start import begin_hand
from kozel.engine.within_hand import WITHIN_HAND
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import Deal, GameState, HandBase, Match, Phase, Trick, renewed_match
from kozel.rules.dealing import DealerRotation
from kozel.rules.match import Title
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import AllTricks, ScoreMode

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_PHASE_OVER: Final = Phase.OVER

__all__ = ["Forfeit", "Sheet", "dealt_again", "finish_hand", "first_dealer_of", "sheet_after", "sweep_of"]

_new: Final = tuple.__new__
assert HandStart._fields == ("number", "dealer", "order", "lead", "last_winner", "last_opener", "leader", "redeals")


class Forfeit(NamedTuple):
    """A hand stopped before its cards were counted (a catch, a refused redeal): who loses it, and how much.

    Under penalty scoring the loser is written ``written``; otherwise every other side is credited it.
    """

    loser_side: int
    written: int


class _Tally(NamedTuple):
    """What a finished hand writes: card and written points, eggs (and dealt again for it) or blind, and who took
    every trick by what rule."""

    points: tuple[int, ...]
    written: tuple[int, ...]
    eggs: bool
    replay: bool
    blind: bool
    sweep: tuple[AllTricks, int] | None


class Sheet(NamedTuple):
    """The score sheet after a hand: each side's score and sets won, and the goats where the match is over."""

    #: Each side's score (the sheet starts again where a set was won).
    scores: tuple[int, ...]
    #: The sets each side has won.
    sets: tuple[int, ...]
    #: The goats, where the hand ended the match; else None.
    goats: tuple[int, ...] | None


def sweep_of(rules: Ruleset, tricks: tuple[int, ...], declarer: int | None) -> tuple[AllTricks, int] | None:
    """The rule for taking every trick that a hand counted by its table is scored by, and the side that took every
    trick; None where no side did or the table has no such rule (the "for less" table of a hand nobody bid for)."""
    bidding = rules.talon.bidding if rules.talon is not None else None
    table = rules.scoring
    if bidding is not None and declarer is None and bidding.for_less is not None:
        table = bidding.for_less  # a hand nobody bid for is scored by the "for less" table
    every = table.all_tricks
    everything = sum(tricks)
    if every is None or not everything:
        return None
    for side, taken in enumerate(tricks):
        if taken == everything:
            return every, side
    return None


def sheet_after(
    rules: Ruleset,
    scores: tuple[int, ...],
    sets: tuple[int, ...],
    written: tuple[int, ...],
    sweep: tuple[AllTricks, int] | None,
) -> Sheet:
    """The score sheet after a hand that wrote ``written`` on a sheet at ``scores`` and ``sets``; ``sweep``, the rule
    for taking every trick and the side that took them all (see :func:`sweep_of`), or None.

    The written points are added (taken off, counting down); then taking every trick clears the taker's sheet,
    ends the match or wipes the opponents' sheets, as its rule says; then a side that reached the target wins
    a set (the sheet starts again) or, under penalty scoring, is a goat.
    """
    sign = plan_of(rules).sign
    sheet = [score + sign * add for score, add in zip(scores, written, strict=True)]
    winners_now: tuple[int, ...] = ()
    losers_now: tuple[int, ...] = ()
    if sweep is not None:
        every, taker = sweep
        start = rules.match.start
        opponents = [side for side in range(len(sheet)) if side != taker]
        if every.clears_own:
            sheet[taker] = start
        if every.wins_if_opponents_blank and all(scores[side] == start for side in opponents):
            winners_now = (taker,)
        elif every.resets_opponents:
            for side in opponents:
                sheet[side] = start
        if every.loses_match:
            losers_now = (taker,)
    won = list(sets)
    goats = _goats(rules, tuple(sheet), won, winners_now, losers_now)
    if goats is None and tuple(won) != sets:  # a set was won: the score sheet starts again
        sheet = [rules.match.start] * len(sheet)
    return Sheet(tuple(sheet), tuple(won), goats)


def _written(
    state: GameState, plan: Plan, points: tuple[int, ...], counts: tuple[int, ...]
) -> tuple[list[int], bool, bool]:
    """Points written per side for a hand played out, whether it was eggs, and whether it is dealt again for that
    (the ``eggs_replay`` of the table that scored it)."""
    deal = state.deal
    rules = state.match.ruleset
    total = plan.total_points
    bidding = plan.bidding
    if bidding is not None and deal.declarer is None:
        table = bidding.for_less
        assert table is not None
        eggs = table.is_eggs(points, total)  # a hand nobody bid for, by the "for less" table's own eggs
        return list(table.write(points, counts, total)), eggs, eggs and table.eggs_replay
    if bidding is not None and deal.declarer is not None:
        declarer = plan.side_of_seat[deal.declarer]
        others = [side for side in range(plan.sides) if side != declarer]
        written = [0] * plan.sides
        if points[declarer] > bidding.wins_above:
            opponents = rules.scoring.side_written(total - points[declarer], sum(counts[s] for s in others))
            for side in others:
                written[side] = opponents
        else:
            written[declarer] = rules.scoring.side_written(points[declarer], counts[declarer])
        return written, False, False
    scoring = rules.scoring
    dealer_side = plan.side_of_seat[deal.dealer]
    key = (points, counts, dealer_side)
    known = plan.written.get(key)
    if known is None:  # the scoring table's answer, kept for the next hand that ends alike
        answer = (scoring.write(points, counts, total, dealer_side), scoring.is_eggs(points, total))
        known = remember(plan.written, key, answer)
    return list(known[0]), known[1], known[1] and scoring.eggs_replay


def _tally(
    state: GameState, plan: Plan, won: tuple[int, ...], counts: tuple[int, ...], forfeit: Forfeit | None
) -> _Tally:
    """Score a hand: the table, or the forfeit; then what taking every trick does."""
    match = state.match
    rules = match.ruleset
    sides = plan.sides
    eggs = replay = blind = False
    sweep = None
    if forfeit is not None:
        points = (0,) * sides
        penalty = plan.penalty
        written = [forfeit.written if (side == forfeit.loser_side) == penalty else 0 for side in range(sides)]
    else:
        points = tuple(rules.points.of_mask(mask) for mask in won)
        written, eggs, replay = _written(state, plan, points, counts)
        sweep = sweep_of(rules, counts, state.deal.declarer)
    if sweep is not None and not match.hand_results:  # every trick of the match's first hand: "blind"
        blind = True
        every, taker = sweep
        blind_written = every.first_hand_opponents
        if blind_written is not None:
            for side in range(sides):
                if side != taker:
                    written[side] = blind_written
    return _Tally(points, tuple(written), eggs, replay, blind, sweep)


def finish_hand(
    state: GameState,
    hands: tuple[int, ...],
    won: tuple[int, ...],
    counts: tuple[int, ...],
    last_winner: int,
    *,
    log: bytes,
    trick: Trick | None = None,
    forfeit: Forfeit | None = None,
    caught: bool = False,
) -> GameState:
    """The state after a hand has ended, scored; then the match's end or the next deal.

    ``hands``, ``won`` and ``counts`` are the position when it ended (bitmasks; tricks per side),
    ``last_winner`` the seat that took (or was taking) the last trick, ``log`` the deal's moves,
    ``trick`` a trick left on the table when the hand stopped, ``forfeit`` what stopped it before
    the cards were counted, and ``caught`` whether that was a catch.
    """
    match = state.match
    deal = state.deal
    rules = match.ruleset
    plan = plan_of(rules)
    talon = state.talon
    if talon and forfeit is None:  # the cards left aside go to the last trick
        taken = list(won)
        taken[plan.side_of_seat[last_winner]] |= sum([BITS[card] for card in talon])
        won, talon = tuple(taken), ()
    tally = _tally(state, plan, won, counts, forfeit)
    hand = HandResult(
        points=tally.points,
        tricks=counts,
        written=tally.written,
        eggs=tally.eggs,
        caught=caught,
        forfeited=forfeit is not None and not caught,
        declarer=deal.declarer,
    )
    results = (*match.hand_results, hand)
    scores, sets, goats = sheet_after(rules, match.scores, match.sets, tally.written, tally.sweep)
    if goats is not None:
        result = MatchResult(
            goats=goats, titles=_titles(rules, match, scores=scores, goats=goats, results=results, tally=tally)
        )
        over = match._replace(scores=scores, hand_results=results, result=result, sets=sets)
        ended = deal._replace(base=deal.base._replace(match=match))  # the deal keeps the match it began in
        fields = (over, ended, hands, state.stock_at, talon, None, trick, won, counts, _PHASE_OVER, None, None, log)
        return _new(GameState, fields)  # the stock stored as it was: the deal's order is the same
    following = renewed_match(
        match, history=match.history, scores=numbers(scores), hand_results=results, sets=numbers(sets)
    )
    if WITHIN_HAND.get():  # a search's play-out: the hand's end, scored, and no next deal (see within_hand)
        # The deal keeps the match it began in, as at the match's end, so that its start can be dealt again.
        base = deal.base
        kept = _new(Deal, (*deal[:7], _new(HandBase, (base.order, base.leader, match)), *deal[8:]))
        fields = (following, kept, hands, state.stock_at, talon, None, trick, won, counts, _PHASE_OVER, None, None, log)
        return _new(GameState, fields)
    return _next_hand(state, plan, following, last_winner, replay=tally.replay)


def _next_hand(state: GameState, plan: Plan, match: Match, last_winner: int, *, replay: bool) -> GameState:
    """The next deal of ``match``: by the same dealer for a replay, else by the rules' rotation."""
    deal = state.deal
    rules = match.ruleset
    if replay:
        dealer = deal.dealer
    elif plan.opener_deals:
        dealer = deal.leader
    else:
        dealer = (deal.dealer + 1) % plan.players
    order = shuffled_order(rules, match.seed, deal.number + 1)
    # Built directly (a named tuple's keyword constructor runs as interpreted code): number, dealer,
    # order, lead rule, last trick's winner, last opener, leader (the rule names it), redeals.
    start = _new(HandStart, (deal.number + 1, dealer, order, plan.later_hands, last_winner, deal.leader, None, ()))
    return begin_hand(match, start)


def dealt_again(rules: Ruleset, result: HandResult) -> bool:
    """Whether the finished hand ``result`` is dealt again by its dealer: eggs, under a table that replays eggs.

    Every other finished hand passes the deal on, by the rules' rotation (``_next_hand``)."""
    bidding = rules.talon.bidding if rules.talon is not None else None
    table = bidding.for_less if bidding is not None and result.declarer is None else rules.scoring
    return result.eggs and table is not None and table.eggs_replay


def first_dealer_of(rules: Ruleset, dealer: int, results: tuple[HandResult, ...]) -> int | None:
    """The seat that dealt the match's first hand, from the dealer now and the hands finished before his deal.

    Where every finished hand was dealt again, the dealer now; where the deal passes to the left, as many
    seats to his right as hands passed it on; where it passes to the last opener, None: that tells nothing.
    """
    passed = sum(not dealt_again(rules, result) for result in results)
    if not passed:
        return dealer
    if rules.dealing.rotation is DealerRotation.CLOCKWISE:
        return (dealer - passed) % rules.players
    return None


def _goats(
    rules: Ruleset,
    scores: tuple[int, ...],
    sets: list[int],
    winners_now: tuple[int, ...],
    losers_now: tuple[int, ...],
) -> tuple[int, ...] | None:
    """The goats if the match is over (``sets`` is updated for a won set), else None."""
    everyone = range(len(scores))
    if losers_now:
        return losers_now
    if winners_now:
        return tuple(side for side in everyone if side not in winners_now)
    reached = rules.match.reached(scores, rules.scoring.mode)
    if not reached:
        return None
    if rules.scoring.mode is ScoreMode.PENALTY:
        return reached
    for side in reached:
        sets[side] += 1
    champions = [side for side in everyone if sets[side] >= rules.match.sets]
    if not champions:
        return None
    return tuple(side for side in everyone if side not in champions)


def _titles(
    rules: Ruleset,
    before: Match,
    *,
    scores: tuple[int, ...],
    goats: tuple[int, ...],
    results: tuple[HandResult, ...],
    tally: _Tally,
) -> tuple[str, ...]:
    """What the table calls each goat."""
    match = rules.match
    penalty = rules.scoring.mode is ScoreMode.PENALTY
    common = set()
    if any(result.eggs for result in results):
        common.add(Title.EGGS)
    if tally.blind:
        common.add(Title.BLIND)
    winners = [side for side in range(rules.sides) if side not in goats]
    if penalty and winners and all(scores[side] == match.start for side in winners):
        common.add(Title.DRY)
    short = match.tails_score(rules.scoring.mode)
    if any(before.scores[side] == short and tally.points[side] >= match.tails_points for side in winners):
        common.add(Title.TAILS_FINAL_HAND)
    titles = []
    for goat in goats:
        words = set(common)
        if penalty and scores[goat] > match.target:
            words.add(Title.TAILS_OVER_TARGET)
        titles.append(match.title(words))
    return tuple(titles)
