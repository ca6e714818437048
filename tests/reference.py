"""A slow, literal reading of the beat-or-pass rules, to check the engine's legal moves against.

It works on whole cards with the ruleset's own ``Trumps`` component and plain
itertools searches, sharing none of the engine's bitmask tables, move memos or
matching shortcuts.
"""

from __future__ import annotations

from itertools import chain, combinations, permutations

from kozel import Card, GameState, Move, MoveKind, Phase


def _group(state: GameState, card: Card) -> str:
    return "trump" if state.ruleset.trumps.is_trump(card, state.trump) else card.suit.name


def _beats(state: GameState, cards: tuple[Card, ...], top: tuple[Card, ...]) -> bool:
    trumps = state.ruleset.trumps
    return any(
        all(trumps.beats(c, t, state.trump) for c, t in zip(order, top, strict=True)) for order in permutations(cards)
    )


def _is_molodka(state: GameState, hand: list[Card]) -> bool:
    rule = state.ruleset.play.molodka
    if rule is None or len(hand) != state.ruleset.dealing.hand_size:
        return False
    groups = {_group(state, card) for card in hand}
    return len(groups) == 1 and (not rule.trumps_only or groups == {"trump"})


def reference_moves(state: GameState) -> set[Move]:
    """Every legal move, found by trying every subset of cards against the rules as written."""
    if state.is_over:
        return set()
    rules = state.ruleset
    hands = [list(hand) for hand in state.hands]
    if state.phase is Phase.TRANSFER_BACK:
        pending = state.window.pending
        partner = rules.seating.partners(pending.seat)[0]
        plain = [c for c in hands[partner] if _group(state, c) != "trump"]
        return {Move(partner, MoveKind.TRANSFER_BACK, combo) for combo in combinations(plain, len(pending.cards))}
    seat = state.turn
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
    # Trump transfer: before the lead after a draw, one per side, partner able to give back.
    window = state.window
    if window is not None and trick is None and rules.transfer is not None:
        for giver in range(rules.players):
            if rules.side_of(giver) in window.done:
                continue
            trumps = [c for c in hands[giver] if _group(state, c) == "trump"]
            partner = rules.seating.partners(giver)[0]
            plain = [c for c in hands[partner] if _group(state, c) != "trump"]
            if len(trumps) in rules.transfer.counts and len(plain) >= len(trumps):
                moves.add(Move(giver, MoveKind.TRANSFER, trumps))
    return moves
