"""Hands as episodes: the signal that a hand has ended, with its result, between two states; how long they run.

A *decision* is one answer to :func:`kozel.decision`: a move, or ``wait`` by a seat asked out of
turn.  :func:`most_decisions` is the most decisions one deal can take (a hand, or a deal that a
redeal call ends), derived from the rules.  Neither the deals of a hand (redeals may follow each
other without end) nor the hands of a match (eggs repeat) has such a bound: :func:`hand_deals_cap`,
:func:`match_hands_cap` and :func:`match_decision_cap` are caps that random play does not pass,
not bounds.  Each function here refuses what is not a ruleset, or not a state, with a
:class:`~kozel.WrongTypeError`.
"""

from __future__ import annotations

from typing import Final

from kozel.errors import KozelError, SeatError, WrongTypeError
from kozel.game.results import HandResult
from kozel.game.state import GameState
from kozel.limits import MAX_SET_HANDS
from kozel.plain_types import whole_in
from kozel.rules.ruleset import Ruleset, checked_rules
from kozel.rules.trick_play import BeatOrPass

__all__ = [
    "REDEALS",
    "hand_deals_cap",
    "hand_ended",
    "hand_reward",
    "match_decision_cap",
    "match_hands_cap",
    "most_decisions",
    "new_deal",
]

#: The redeals that :func:`kozel.play.hand_deals_cap` allows a hand where a ruleset sets no limit.
REDEALS: Final = 10


def _states(before: object, after: object, what: str) -> None:
    if not isinstance(before, GameState) or not isinstance(after, GameState):
        wrong = after if isinstance(before, GameState) else before
        raise WrongTypeError(f"{what} compares two GameStates (before and after a move), not {type(wrong).__name__}")


def hand_ended(before: GameState, after: GameState) -> HandResult | None:
    """The result of the hand that the move from ``before`` to ``after`` ended, or None if no hand ended.

    A redeal call ends a deal but no hand; a hand scored (eggs included) or the match's last hand does.
    """
    if type(before) is not GameState or type(after) is not GameState:
        _states(before, after, "hand_ended")
    earlier, later = before.match.hand_results, after.match.hand_results
    if len(later) > len(earlier):
        return later[-1]
    return None


def hand_reward(rules: Ruleset, result: HandResult, seat: int) -> float:
    """What the hand ``result`` is worth to ``seat``'s side: its written points against the most any other side was
    written, as good or as bad as the ruleset counts written points (:attr:`~kozel.rules.ScoreMode.sign`).

    With penalty points (a side written up to the target is the goat) it is the most any other side was written
    minus what the seat's own side was written; with credit points (the first side written up to the target wins)
    and with points counted off toward the target, the seat's side's minus the most any other's.  With two sides
    the sides' rewards add up to 0.  Only the hand's written points count: a score the sheet wipes or a set that
    starts the sheet again is not in them.
    """
    checked_rules(rules, "hand_reward")
    if not isinstance(result, HandResult):
        raise WrongTypeError(f"hand_reward: a hand's result is a HandResult, not {type(result).__name__}")
    if len(result.written) != rules.sides:
        raise KozelError(
            f"hand_reward: {rules.name} has {rules.sides} sides, and the result writes {len(result.written)}"
        )
    try:  # an int or a NumPy integer, not a bool
        seat = whole_in(f"hand_reward: a seat of {rules.name}", seat, 0, rules.players - 1)
    except WrongTypeError:
        raise
    except KozelError as error:  # a seat not at the table
        raise SeatError(str(error)) from None
    side = rules.side_of(seat)
    written = result.written
    others = max((points for other, points in enumerate(written) if other != side), default=0)
    return float(rules.scoring.mode.sign * (written[side] - others))


def new_deal(before: GameState, after: GameState) -> bool:
    """Whether a new deal began between ``before`` and ``after`` (a hand ended or was redealt; the match goes on)."""
    if type(before) is not GameState or type(after) is not GameState:
        _states(before, after, "new_deal")
    return after.match.result is None and after.deal.number != before.deal.number


def _draws(rules: Ruleset) -> int:
    """The most times the hands are filled up from the stock in one deal (one card each a time at least)."""
    if not rules.dealing.refill:
        return 0
    talon = rules.talon.size if rules.talon is not None else 0
    stock = max(0, len(rules.deck) - rules.players * rules.dealing.hand_size - talon)
    return -(-stock // rules.players)


def most_decisions(rules: Ruleset) -> int:
    """The most decisions one deal of ``rules`` can take: its moves and its seats' waits, counted from the rules.

    Moves: every play (a lead, beat, pass, play, molodka or a card laid in a drawing praise deal)
    takes one card or more out of a hand for good, so there are at most as many as the deck has
    cards, less those a declarer lays away (a molodka hands back the plays of its trick, but its
    own trick then plays a whole hand a seat, so it never adds plays); with a talon, each seat
    takes it or declines it once and the taker lays away once; a praise deal is announced once;
    each transfer window holds a transfer and a transfer back per side (a window after the deal,
    and one after each draw from the stock where the rules open one there); the opener's swap is
    a transfer and a transfer back.  A redeal call ends the deal at once, so a deal that is
    redealt is shorter than one played out.

    Waits: only a seat that may move out of turn waits, once a position.  Between tricks (before
    each lead, and after each transfer of a window) that is every seat but the one to move where
    a transfer window or the opening's redeal call is open, else the one seat that may play a
    molodka; inside a trick it is that molodka seat, before its own turn.  A molodka needs a full
    hand, so it comes only in the tricks begun with full hands: the first, and one after each draw.

    The count is an upper bound that random play never exceeds (the test suite plays every
    built-in ruleset); where a ruleset has no transfer, molodka or redeal it is reached by a hand
    played one card at a time.
    """
    players, sides = checked_rules(rules, "most_decisions").players, rules.sides
    moves = len(rules.deck)
    talon = rules.talon
    if talon is not None:
        moves -= talon.bidding.lay_away if talon.bidding is not None else talon.size
    tricks = moves // players  # every seat plays a card at least into each trick
    if talon is not None:
        moves += players + 1
    if rules.praise is not None:
        moves += 1
    if rules.leading.swap_for_plain:
        moves += 2
    draws = _draws(rules)
    transfer = rules.transfer
    windows: set[int] = set()  # the tricks before whose lead a transfer window is open
    if transfer is not None:
        windows.update([0] if transfer.after_deal else [])
        windows.update(range(1, draws + 1) if transfer.after_draw else [])
        moves += 2 * sides * len(windows)
    molodka = isinstance(rules.play, BeatOrPass) and rules.play.molodka is not None
    full = draws + 1 if molodka else 0  # the tricks begun with full hands
    waits = 0
    for trick in range(tricks):
        positions = 1 + (sides if trick in windows else 0)
        if trick in windows or (trick == 0 and rules.redeal is not None):
            waits += positions * (players - 1)
        elif trick < full:
            waits += positions
        if trick < full:
            waits += players - 2
    return moves + waits


def hand_deals_cap(rules: Ruleset) -> int:
    """The deals one hand is assumed to take at most: a cap that random play does not pass, not a bound.

    Without a redeal a hand is dealt once: 1.  With one, nothing bounds a hand's deals: a
    ``redeal.limit`` stops only one side's calls in a row (the side that calls once more loses the
    hand), and sides calling in turn can redeal without end.  The cap allows ``1 + (limit + 1) *
    sides`` deals, or ``1 + REDEALS`` (:data:`kozel.play.episodes.REDEALS`) where the rule sets no
    limit.  Random play rarely redeals twice: of 2,000 random hands each of ``pairs`` (cap 7),
    ``six_of_clubs`` and ``simple`` (cap 11), with moves drawn uniformly, kind first
    (:func:`kozel.testing.random_move`) or as random answers to :func:`kozel.decision`, none took
    more than 4 deals.  Nothing enforces the cap: a hand past it goes on.
    """
    redeal = checked_rules(rules, "hand_deals_cap").redeal
    if redeal is None:
        return 1
    return 1 + (REDEALS if redeal.limit is None else (redeal.limit + 1) * rules.sides)


def match_hands_cap(rules: Ruleset) -> int:
    """The hands a match is assumed to take at most: a cap, not a bound, since eggs repeat.

    A hand that writes points writes a side at least the least the scoring table writes, and a
    ruleset's check makes sure that ``MAX_SET_HANDS`` such hands take a side to the target; so
    the cap allows ``MAX_SET_HANDS`` hands per side in each set the match can play: ``sides *
    (sets - 1) + 1`` sets of a match won by ``match.sets`` sets, every side but the winner having
    won one set fewer (the sets :func:`kozel.testing.hand_bound` counts too).  Hands that write
    nobody (eggs), and hands that set a side's score back where the rules have one, can repeat
    without end: a match has no bound at all.
    """
    sides = checked_rules(rules, "match_hands_cap").sides
    return MAX_SET_HANDS * sides * (sides * (rules.match.sets - 1) + 1)


def match_decision_cap(rules: Ruleset) -> int:
    """The decisions a match is assumed to take at most: what OpenSpiel's ``max_game_length`` is made of.

    :func:`most_decisions` a deal, :func:`hand_deals_cap` deals a hand, :func:`match_hands_cap`
    hands.  Nothing enforces it: a match past it goes on, taking eggs or redeals over and over,
    which random play never comes near.
    """
    checked_rules(rules, "match_decision_cap")
    return most_decisions(rules) * hand_deals_cap(rules) * match_hands_cap(rules)
