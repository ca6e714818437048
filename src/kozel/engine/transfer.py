"""Handing cards to the partner face down, and the partner giving as many back.

Two rules use it: the trump transfer (a player with one or two trumps may hand all of
them to the partner; see :class:`~kozel.rules.TrumpTransfer`) and the opening swap (an
opener barred from leading trumps who holds only trumps swaps one for a plain card;
see :mod:`kozel.engine.leading`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from kozel.cards.masks import cards_of
from kozel.engine.explain import cards_text, no_seat, not_held, off_phase, plural, refuse
from kozel.engine.leading import must_swap
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveKind, make_move
from kozel.game.state import GameState, Phase, TransferWindow

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_TRANSFER: Final = MoveKind.TRANSFER
_KIND_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK
_PHASE_PLAY: Final = Phase.PLAY
_PHASE_TRANSFER_BACK: Final = Phase.TRANSFER_BACK

__all__ = ["apply_transfer", "apply_transfer_back", "give_back_cards", "transfer_back_moves", "transfer_moves"]


def give_back_cards(state: GameState, partner: int, count: int, received: int = 0) -> int:
    """The cards ``partner`` may give back for ``count`` cards he got (``received``): plain ones, or trumps.

    Trumps only where the transfer rule allows them and he holds no plain card; never the cards
    just received.
    """
    trumps = state.deal.table.trump_mask
    hand = state.hand_masks[partner] & ~received
    plain = hand & ~trumps
    if plain.bit_count() >= count:
        return plain
    rule = state.match.ruleset.transfer
    if rule is not None and rule.trump_back_if_no_plain and not plain and hand.bit_count() >= count:
        return hand
    return 0


def transfer_moves(state: GameState) -> tuple[Move, ...]:
    """The optional trump transfers open now: one per seat whose side has not transferred in this window."""
    window, rule = state.window, state.match.ruleset.transfer
    if window is None or window.swap or rule is None or state.trick is not None or state.phase is not _PHASE_PLAY:
        return ()
    seating = state.match.ruleset.seating
    points = state.match.ruleset.points
    trumps = state.deal.table.trump_mask
    partner_of_seat = seating.partner_of_seat
    moves = []
    for seat, hand in enumerate(state.hand_masks):
        if seating.side_of_seat[seat] in window.done:
            continue
        held = hand & trumps
        count = held.bit_count()
        if count not in rule.counts and rule.point_trump_of_two and count == 2:
            counted = [card for card in cards_of(held) if points.table[card]]
            if len(counted) == 1:  # two trumps, one of them "spectacled": that one may go
                held, count = counted[0].bit, 1
        if count in rule.counts and give_back_cards(state, partner_of_seat[seat], count, held).bit_count() >= count:
            moves.append(make_move(seat, _KIND_TRANSFER, cards_of(held), held))
    return tuple(moves)


def transfer_back_moves(state: GameState) -> tuple[Move, ...]:
    """The partner's choices of cards to give back for the pending transfer."""
    window = state.window
    if window is None or window.pending is None:
        return ()
    pending = window.pending
    partner = state.match.ruleset.seating.partner_of_seat[pending.seat]
    allowed = give_back_cards(state, partner, len(pending.cards), pending.mask)
    return tuple(
        Move(partner, _KIND_TRANSFER_BACK, combo) for combo in combinations(cards_of(allowed), len(pending.cards))
    )


def _swap(state: GameState, giver: int, taker: int, mask: int) -> tuple[int, ...]:
    hands = list(state.hand_masks)
    hands[giver] &= ~mask
    hands[taker] |= mask
    return tuple(hands)


def apply_transfer(state: GameState, move: Move, offered: tuple[Move, ...], log: bytes) -> GameState:
    """Hand the cards over (``move`` must be among ``offered``); the partner must now give cards back."""
    if move not in offered:
        raise _explain_transfer(state, move)
    seating = state.match.ruleset.seating
    partner = seating.partner_of_seat[move.seat]
    # The opening swap, made where no window is open, opens one of its own, shut to trump transfers.
    window = state.window or TransferWindow(leader=state.deal.leader if state.turn is None else state.turn, swap=True)
    return state._replace(
        hand_masks=_swap(state, move.seat, partner, move.mask),
        turn=partner,
        phase=_PHASE_TRANSFER_BACK,
        window=window._replace(done=(*window.done, seating.side_of_seat[move.seat]), pending=move),
        log=log,
    )


def apply_transfer_back(state: GameState, move: Move, log: bytes) -> GameState:
    """Give the cards back; the window stays open for the other sides (one the swap opened stays shut to
    transfers) and the leader is to lead."""
    if move not in transfer_back_moves(state):
        raise _explain_transfer_back(state, move)
    window = state.window
    assert window is not None
    assert window.pending is not None
    return state._replace(
        hand_masks=_swap(state, move.seat, window.pending.seat, move.mask),
        turn=window.leader,
        phase=_PHASE_PLAY,
        window=window._replace(pending=None),
        log=log,
    )


def _explain_transfer(state: GameState, move: Move) -> IllegalMoveError:
    rules, window = state.match.ruleset, state.window
    rule = rules.transfer
    refused = no_seat(move, rules.players)
    if refused is not None:
        return refused
    if rules.leading.swap_for_plain and (
        rule is None
        or (must_swap(state) and move.seat == state.turn and all(m.seat != move.seat for m in transfer_moves(state)))
    ):
        return _explain_swap(state, move)
    if rule is None:
        return refuse(move, "transfer", "this game has no trump transfer")
    if window is None or window.swap or state.trick is not None:
        return refuse(move, "transfer", "trumps are handed over only in the window the rules open, before a lead")
    if rules.seating.side_of_seat[move.seat] in window.done:
        return refuse(move, "transfer", f"seat {move.seat}'s side has already made its transfer in this window")
    hand = state.hand_masks[move.seat]
    held = hand & state.deal.table.trump_mask
    count = held.bit_count()
    counted = [card for card in cards_of(held) if rules.points.table[card]]
    spectacled = rule.point_trump_of_two and count == 2 and len(counted) == 1
    if count not in rule.counts and not spectacled:
        one = rule.counts == (1,)
        counts = " or ".join(map(str, rule.counts))
        held_words = f"{counts} trump" if one else f"{counts} trumps"
        why = f"only a player holding exactly {held_words} may hand {'it' if one else 'them'} over"
        if rule.point_trump_of_two:
            why += " (or, holding two trumps of which only one counts card points, that one)"
            if count == 2:
                which = "both count" if counted else "neither counts"
                why += f"; of seat {move.seat}'s two trumps {cards_text(held)} {which} card points"
        return refuse(move, "transfer", why)
    refused = not_held(move, hand)
    if refused is not None:
        return refused
    if spectacled:
        if move.mask != counted[0].bit:
            return refuse(
                move,
                "transfer",
                f"of his two trumps seat {move.seat} may hand over only {counted[0]}, the one that counts card points",
            )
    elif move.mask != held:
        return refuse(
            move,
            "transfer",
            f"the transfer hands over all of the player's trumps and nothing else: {cards_text(held)}",
        )
    partner = rules.seating.partner_of_seat[move.seat]
    return refuse(
        move,
        "transfer",
        f"the partner, seat {partner}, does not hold enough plain cards to give back {plural(len(move.cards), 'card')}",
    )


def _explain_swap(state: GameState, move: Move) -> IllegalMoveError:
    """Why ``move``, a transfer, is not a swap the opener may make (in a game with the opening swap)."""
    general = refuse(move, "swap", "only an opener barred from trumps who holds nothing else swaps one trump")
    if not must_swap(state):
        return general
    if move.seat != state.turn:
        return refuse(move, "swap", f"only the opener, seat {state.turn}, swaps a trump now")
    if len(move.cards) != 1:
        return refuse(move, "swap", f"the opener swaps exactly one trump, not {plural(len(move.cards), 'card')}")
    refused = not_held(move, state.hand_masks[move.seat])
    return general if refused is None else refused


def _explain_transfer_back(state: GameState, move: Move) -> IllegalMoveError:
    rules, window = state.match.ruleset, state.window
    refused = no_seat(move, rules.players)
    if refused is not None:
        return refused
    if window is None or window.pending is None:
        return refuse(move, "transfer", "the partner must first give back cards for those handed to him")
    pending = window.pending
    if move.kind is not _KIND_TRANSFER_BACK:
        partner = rules.seating.partner_of_seat[pending.seat]
        return off_phase(
            state,
            move,
            f"seat {partner}, the partner, must first give back cards for those handed to him (transfer_back)",
        )
    partner = rules.seating.partner_of_seat[pending.seat]
    if move.seat != partner:
        return refuse(move, "transfer", f"seat {partner} gives the cards back, not seat {move.seat}")
    count = len(pending.cards)
    if len(move.cards) != count:
        return refuse(move, "transfer", f"give back exactly {plural(count, 'card')}, as many as were handed over")
    back = move.mask & pending.mask
    if back:
        just = "the card" if back.bit_count() == 1 else "cards"
        why = f"seat {partner} may not give back {cards_text(back)}: {just} just handed to him"
        return refuse(move, "transfer", why)
    refused = not_held(move, state.hand_masks[partner])
    if refused is not None:
        return refused
    trumps = move.mask & state.deal.table.trump_mask
    allowed = give_back_cards(state, partner, count, pending.mask)
    rule = rules.transfer
    if trumps and (rule is None or not rule.trump_back_if_no_plain):
        return refuse(move, "transfer", f"the cards given back are plain cards, not trumps: {cards_text(trumps)}")
    if trumps and not allowed & trumps:
        return refuse(
            move,
            "transfer",
            f"seat {partner} holds plain cards to give back, so he may not give back a trump: {cards_text(trumps)}",
        )
    return refuse(move, "transfer", f"give back {plural(count, 'card')} of {cards_text(allowed)}")
