"""What the praise deals share: dealing out the rest of a deck, pre-dealt tricks, and the opening of play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from kozel.cards.card import Card
from kozel.cards.masks import BITS
from kozel.engine.deal import lead_seat
from kozel.engine.face import checked_cards, checked_hands
from kozel.game.state import Deal, GameState, Phase, TransferWindow, Trick, make_state
from kozel.plain_types import whole_in
from kozel.rules.leading import LeadSeat
from kozel.rules.praise import PraiseKind

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_LEAD_HOLDER: Final = LeadSeat.HOLDER
_PHASE_PLAY: Final = Phase.PLAY

__all__ = ["fill", "open_play"]

_new: Final = tuple.__new__


def fill(hands: object, deck: object, start: object, size: object, packet: object = 1) -> None:
    """Deal ``deck`` (top first; consumed) ``packet`` at a time clockwise from ``start`` until hands hold ``size``.

    ``hands`` is a list of card masks (changed in place), ``deck`` a list of cards, ``start`` a seat, ``size`` a
    whole number from 0 and ``packet`` one from 1: anything else raises the library's error, and changes nothing."""
    hands = checked_hands("fill", hands)
    deck = cast("list[Card]", checked_cards("fill", "deck", deck, list))
    seat = start = whole_in("fill: start", start, 0, len(hands) - 1)
    size = whole_in("fill: size", size, 0, None)
    packet = whole_in("fill: packet", packet, 1, None)
    players = len(hands)
    held = [hand.bit_count() for hand in hands]  # each hand's count, kept as it grows
    short = sum(1 for count in held if count < size)  # the hands still to fill
    top, left = 0, len(deck)
    while top < left and short:
        for _ in range(packet):
            if top < left and held[seat] < size:
                hands[seat] |= BITS[deck[top]]
                top += 1
                held[seat] += 1
                if held[seat] == size:
                    short -= 1
        seat = (seat + 1) % players
    del deck[:top]


def open_play(
    state: GameState,
    hands: Sequence[int],
    won: Sequence[int],
    counts: Sequence[int],
    log: bytes,
    *,
    praise: PraiseKind,
    leader: int | None = None,
    dealt_tricks: tuple[Trick, ...] = (),
) -> GameState:
    """The hand ready for its first lead after a praise deal: ``leader`` (else the lead rule) to play."""
    match = state.match
    deal = state.deal
    rules = match.ruleset
    if leader is None:
        rule = rules.leading.later_hands if match.hand_results else rules.leading.first_hand
        leader = lead_seat(rules, rule, deal.dealer, None, tuple(hands)) if rule is _LEAD_HOLDER else deal.leader
    transfer = rules.transfer
    window_open = transfer is not None and transfer.after_deal and (transfer.first_hand or bool(match.hand_results))
    return make_state(
        match,
        _new(Deal, (*deal[:6], leader, *deal[7:10], praise, dealt_tricks, deal.declarer)),  # leader, praise, tricks
        tuple(hands),
        (),
        (),
        leader,
        None,
        tuple(won),
        tuple(counts),
        _PHASE_PLAY,
        TransferWindow(leader=leader) if window_open else None,
        None,
        log,
    )
