"""A slow, literal reading of the rules: an independent oracle to check the engine's legal moves against.

It works on whole cards with the ruleset's own components and plain itertools searches, sharing
none of the engine's bitmask tables, interned moves or shortcuts: two readings of the same rules,
written apart, that must agree in every position.  :func:`kozel.testing.check_ruleset` compares
them at its sampled steps (the invariant ``literal_rules``).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, combinations, permutations
from typing import TypeVar

from kozel.cards import Card, CardSet, Rank, Suit
from kozel.errors import StateError, WrongTypeError
from kozel.game import GameState, Move, MoveKind, Phase
from kozel.rules import BeatOrPass, FollowSuit, RedealReason, TrumpLeads

__all__ = ["reference_moves"]

_T = TypeVar("_T")


def _present(value: _T | None, what: str) -> _T:
    """``value``, which the position's phase needs; missing, the position is one no legal play reaches."""
    if value is None:
        raise StateError(f"reference_moves: the position lacks the {what} its phase needs: no legal play reaches it")
    return value


def _turn(state: GameState) -> int:
    return _present(state.turn, "seat to move")


def _group(state: GameState, card: Card) -> str:
    return "trump" if state.ruleset.trumps.is_trump(card, state.trump) else card.suit.name


def _beats(state: GameState, cards: tuple[Card, ...], top: tuple[Card, ...]) -> bool:
    trumps = state.ruleset.trumps
    return any(
        all(trumps.beats(c, t, state.trump) for c, t in zip(order, top, strict=True)) for order in permutations(cards)
    )


def _is_molodka(state: GameState, hand: list[Card]) -> bool:
    play = state.ruleset.play
    rule = play.molodka if isinstance(play, BeatOrPass) else None
    if rule is None or len(hand) != state.ruleset.dealing.hand_size:
        return False
    groups = {_group(state, card) for card in hand}
    return len(groups) == 1 and (not rule.trumps_only or groups == {"trump"})


def reference_moves(state: GameState) -> set[Move]:
    """Every legal move, found by trying every card or subset of cards against the rules as written.

    Where nobody may move (the match is over, or a hand's scored end reached inside
    :func:`kozel.engine.within_hand`), the set is empty, as ``legal_moves`` is.  Anything but a
    GameState raises :class:`~kozel.WrongTypeError`; a position no legal play reaches (a phase
    without the seat, the talon or the window it needs) raises :class:`~kozel.StateError`.
    """
    if not isinstance(state, GameState):
        raise WrongTypeError(f"reference_moves needs a GameState, not {type(state).__name__}")
    if state.is_over or state.phase is Phase.OVER:
        return set()
    if state.phase is Phase.BIDDING:
        return {Move(_turn(state), MoveKind.TAKE_TALON), Move(_turn(state), MoveKind.DECLINE)}
    if state.phase is Phase.LAY_AWAY:
        talon = _present(state.ruleset.talon, "talon rule")
        count = _present(talon.bidding, "bidding rule").lay_away
        hand = list(state.hands[_turn(state)])
        return {Move(_turn(state), MoveKind.LAY_AWAY, combo) for combo in combinations(hand, count)}
    if state.phase is Phase.TRANSFER_BACK:
        return _give_back(state)
    if state.phase is Phase.PRAISE:
        praise = _present(state.ruleset.praise, "praise rule")
        return {Move(_turn(state), MoveKind.PRAISE, (), kind.value) for kind in praise.choices}
    if state.phase is Phase.DRAWING:
        drawing = _present(state.drawing, "drawing")
        # trousers: the first two players from the boasting one lay face down; pants double: each
        # player lays face down first, then face up.
        if drawing.praise.value == "trousers":
            kind = MoveKind.LAY_DARK if drawing.step < 2 else MoveKind.LAY_OPEN
        else:
            kind = MoveKind.LAY_OPEN if any(m.seat == _turn(state) for m in drawing.dark) else MoveKind.LAY_DARK
        return {Move(_turn(state), kind, [card]) for card in CardSet.from_mask(drawing.pending)}
    if isinstance(state.ruleset.play, BeatOrPass):
        return _beat_or_pass(state)
    return _follow_suit(state)


def _plain(state: GameState, cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if _group(state, c) != "trump"]


def _trumps(state: GameState, cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if _group(state, c) == "trump"]


def _give_back(state: GameState) -> set[Move]:
    rules = state.ruleset
    pending = _present(_present(state.window, "transfer window").pending, "transfer to answer")
    partner = rules.seating.partners(pending.seat)[0]
    own = [c for c in state.hands[partner] if c not in pending.cards]
    choice = _plain(state, own)
    if len(choice) < len(pending.cards):
        fallback = rules.transfer is not None and rules.transfer.trump_back_if_no_plain and not choice
        choice = own if fallback else []
    return {Move(partner, MoveKind.TRANSFER_BACK, combo) for combo in combinations(choice, len(pending.cards))}


def _transfers(state: GameState) -> set[Move]:
    rules = state.ruleset
    window = state.window
    moves: set[Move] = set()
    if window is None or window.swap or state.trick is not None or rules.transfer is None:
        return moves  # a window the opening swap opened is shut to transfers
    for giver in range(rules.players):
        if rules.side_of(giver) in window.done:
            continue
        trumps = _trumps(state, state.hands[giver])
        if rules.transfer.point_trump_of_two and len(trumps) == 2:
            counted = [c for c in trumps if rules.card_points(c)]
            trumps = counted if len(counted) == 1 else trumps
        partner = rules.seating.partners(giver)[0]
        own = list(state.hands[partner])
        plain = _plain(state, own)
        enough = len(plain) >= len(trumps) or (
            rules.transfer.trump_back_if_no_plain and not plain and len(own) >= len(trumps)
        )
        if len(trumps) in rules.transfer.counts and enough:
            moves.add(Move(giver, MoveKind.TRANSFER, trumps))
    return moves


def _opening(state: GameState) -> bool:
    return state.trick is None and sum(state.trick_counts) == 0


def _redeals(state: GameState) -> set[Move]:
    rules = state.ruleset
    rule = rules.redeal
    if rule is None or not _opening(state) or (not rule.first_hand and not state.hand_results):
        return set()
    if not rule.after_praise and getattr(state.deal.praise, "value", None) not in (None, "regular"):
        return set()
    if state.window is not None and state.window.done:
        return set()
    moves = set()
    for seat in range(rules.players):
        hand = list(state.hands[seat])
        team = [c for mate in rules.seating.seats_of(rules.side_of(seat)) for c in state.hands[mate]]
        reasons = {
            RedealReason.FEW_POINTS: sum(rules.card_points(c) for c in hand) < rule.below_points,
            RedealReason.NO_QUEEN: not any(c.rank is Rank.QUEEN for c in team),
            RedealReason.NO_QUEEN_BUT_DIAMONDS: not any(
                c.rank is Rank.QUEEN and c.suit is not Suit.DIAMONDS for c in team
            ),
            RedealReason.FOUR_NINES: sum(c.rank is Rank.NINE for c in hand) == 4,
            RedealReason.FOUR_QUEENS: sum(c.rank is Rank.QUEEN for c in hand) == 4,
        }
        if any(reasons[reason] for reason in rule.reasons):
            moves.add(Move(seat, MoveKind.REDEAL))
    return moves


def _barred(state: GameState, seat: int) -> bool:
    rules = state.ruleset
    leading = rules.leading
    boasting = (state.dealer + 1) % rules.players
    if leading.trump_leads is TrumpLeads.BOASTING_SIDE and rules.side_of(seat) != rules.side_of(boasting):
        return True
    if _opening(state):
        last = state.deal.last_opener
        same_side = last is not None and rules.side_of(last) == rules.side_of(seat)
        if leading.trump_leads is TrumpLeads.NOT_LAST_OPENERS and same_side:
            return True
        if leading.first_lead_plain and not state.hand_results:
            return True
    return False


def _suit_of(state: GameState, suit: Suit) -> str:
    return "trump" if state.trump is not None and state.trump == suit else suit.name


def _first_trick(state: GameState, hand: list[Card], suit: Suit) -> list[Card]:
    return [c for c in hand if _group(state, c) == _suit_of(state, suit)] or _trumps(state, hand) or hand


def _follow_suit(state: GameState) -> set[Move]:
    rules = state.ruleset
    seat = _turn(state)
    hand = list(state.hands[seat])
    play = rules.play
    if not isinstance(play, FollowSuit):  # a Ruleset's play is one of the two: checked where it is built
        raise StateError(f"reference_moves: {rules.name} plays neither beat-or-pass nor follow-suit")
    trick = state.trick
    if trick is not None:
        if play.first_trick_suit is not None and sum(state.trick_counts) == 0:
            cards = _first_trick(state, hand, play.first_trick_suit)
        else:
            led = _group(state, trick.plays[0].cards[0])
            cards = [c for c in hand if _group(state, c) == led] or hand
        return {Move(seat, MoveKind.PLAY, [c]) for c in cards}
    # The opening swap: barred from trumps, only trumps in hand, a partner with a plain card.
    if rules.leading.swap_for_plain and _opening(state) and _barred(state, seat) and not _plain(state, hand):
        partner = rules.seating.partners(seat)[0]
        done = state.window is not None and rules.side_of(seat) in state.window.done
        if _plain(state, state.hands[partner]) and not done:
            # The swap comes before any lead; the transfers and redeals open before a lead stay open beside it.
            return {Move(seat, MoveKind.TRANSFER, [c]) for c in hand} | _transfers(state) | _redeals(state)
    cards = hand
    if _opening(state):
        holder = rules.leading.holder_card
        if holder is not None and rules.leading.holder_opens(not state.hand_results) and holder in hand:
            return {Move(seat, MoveKind.PLAY, [holder])} | _transfers(state) | _redeals(state)
        if play.first_trick_suit is not None:
            cards = _first_trick(state, hand, play.first_trick_suit)
        talon = rules.talon
        if talon is not None and talon.lead_follows_shown and state.declarer is None and state.talon:
            shown = _group(state, state.talon[0])
            cards = [c for c in hand if _group(state, c) == shown] or cards
    if _barred(state, seat):
        cards = _plain(state, cards) or cards
    return {Move(seat, MoveKind.PLAY, [c]) for c in cards} | _transfers(state) | _redeals(state)


def _beat_or_pass(state: GameState) -> set[Move]:
    rules = state.ruleset
    hands = [list(hand) for hand in state.hands]
    seat = _turn(state)
    moves: set[Move] = set()
    trick = state.trick
    if trick is None:
        every_subset = chain.from_iterable(combinations(hands[seat], n) for n in range(1, len(hands[seat]) + 1))
        for subset in every_subset:
            if len({_group(state, c) for c in subset}) == 1:
                moves.add(Move(seat, MoveKind.LEAD, subset))
    else:
        top = trick.best.cards
        for subset in combinations(hands[seat], len(top)):
            moves.add(Move(seat, MoveKind.PASS, subset))
            if _beats(state, subset, top):
                moves.add(Move(seat, MoveKind.BEAT, subset))
    # Molodka: not in a trick that had one; only the holder nearest clockwise to the leader.
    leader = seat if trick is None else trick.leader
    if trick is None or not trick.molodka:
        for step in range(1, rules.players):
            holder = (leader + step) % rules.players
            if _is_molodka(state, hands[holder]):
                moves.add(Move(holder, MoveKind.MOLODKA, hands[holder]))
                break
    return moves | _transfers(state)
