"""Dealing a hand: shuffling from the match seed, giving out the cards, the talon, showing the trump."""

from __future__ import annotations

import random
from typing import NamedTuple

from typing_extensions import assert_never

from kozel.cards.card import Card
from kozel.engine.molodka import molodka_hands
from kozel.errors import KozelError
from kozel.game.state import Deal, GameState, HandBase, Match, Phase, TransferWindow
from kozel.rules.leading import LeadSeat
from kozel.rules.ruleset import Ruleset
from kozel.rules.trick_play import BeatOrPass
from kozel.rules.trump import TrumpSource

__all__ = ["HandStart", "deal_hand", "lead_seat", "shuffled_order"]


class HandStart(NamedTuple):
    """How a new deal begins, besides the match record: which deal, who deals, the deck, and who opens."""

    #: How many deals the match had before this one, redeals and replays included.
    number: int
    #: The seat that deals.
    dealer: int
    #: The deck order, top card first.
    order: tuple[Card, ...]
    #: The rule that names the leader, unless ``leader`` is given.
    lead: LeadSeat
    #: The seat that took the last trick of the previous hand, or None (for ``LeadSeat.LAST_TRICK_WINNER``).
    last_winner: int | None = None
    #: The seat that opened the previous hand, or None in the first hand.
    last_opener: int | None = None
    #: The seat due to open, where it is already known (a redeal, a deal rebuilt from its record).
    leader: int | None = None
    #: The sides whose redeal calls in a row led to this deal, oldest first.
    redeals: tuple[int, ...] = ()


def shuffled_order(ruleset: Ruleset, seed: int, number: int) -> tuple[Card, ...]:
    """The deck order of deal ``number`` (0 first, redeals counted) of the match with ``seed``, top card first."""
    order = list(ruleset.deck)
    random.Random(f"kozel/{seed}/{number}").shuffle(order)
    return tuple(order)


def lead_seat(
    rules: Ruleset, rule: LeadSeat, dealer: int, last_trick_winner: int | None, hands: tuple[int, ...]
) -> int:
    """The seat that ``rule`` names when ``dealer`` has dealt ``hands``."""
    players = rules.players
    if rule is LeadSeat.DEALER:
        return dealer
    if rule is LeadSeat.LEFT_OF_DEALER:
        return (dealer + 1) % players
    if rule is LeadSeat.LAST_TRICK_WINNER:
        if last_trick_winner is None:
            raise KozelError("leading: the first hand of a match has no previous trick")
        return last_trick_winner
    if rule is LeadSeat.HOLDER:
        card = rules.leading.holder_card
        assert card is not None
        for seat, hand in enumerate(hands):
            if hand & card.bit:
                return seat
        return (dealer + 1) % players  # the card lies in the talon or the stock: the dealer's left leads
    assert_never(rule)


def deal_hand(match: Match, start: HandStart) -> GameState:
    """The state at the start of a hand of ``match`` dealt as ``start`` says (the regular deal).

    Cards go ``packet`` at a time clockwise from the dealer's left, the dealer last, until every
    hand is full; then the talon, then the rest is the stock.  The trump card is shown where the
    ruleset says: the middle of the stock, the last card dealt, or the top of the talon.  The leader
    is the seat ``start.lead`` names, unless ``start.leader`` is given.
    """
    ruleset = match.ruleset
    dealer, order = start.dealer, start.order
    players = ruleset.players
    packet = ruleset.dealing.packet
    hands = [0] * players
    position = 0
    last_dealt = order[0]
    for _ in range(ruleset.dealing.hand_size // packet):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            for card in order[position : position + packet]:
                hands[seat] |= card.bit
                last_dealt = card
            position += packet
    talon = order[position : position + ruleset.talon_size]
    stock = order[position + ruleset.talon_size :]
    shown = ruleset.trumps.shown
    trump_card = {
        TrumpSource.NONE: None,
        TrumpSource.MIDDLE_OF_STOCK: stock[len(stock) // 2] if stock else None,
        TrumpSource.LAST_DEALT: last_dealt,
        TrumpSource.TALON_TOP: talon[0] if talon else None,
    }[shown]
    trump = trump_card.suit if trump_card is not None else None
    table = ruleset.trumps.table(trump)
    molodka = ruleset.play.molodka if isinstance(ruleset.play, BeatOrPass) else None
    leader = start.leader
    if leader is None:
        leader = lead_seat(ruleset, start.lead, dealer, start.last_winner, tuple(hands))
    deal = Deal(
        number=start.number,
        dealer=dealer,
        trump=trump,
        trump_card=trump_card,
        table=table,
        molodkas=molodka_hands(table, molodka, ruleset.dealing.hand_size) if molodka is not None else frozenset(),
        leader=leader,
        base=HandBase(order=bytes(order), leader=leader),
        last_opener=start.last_opener,
        redeals=start.redeals,
    )
    transfer = ruleset.transfer
    first_hand = not match.hand_results
    window_open = transfer is not None and transfer.after_deal and (transfer.first_hand or not first_hand)
    bidding = ruleset.talon is not None and ruleset.talon.bidding is not None
    return GameState(
        match=match,
        deal=deal,
        hand_masks=tuple(hands),
        stock=stock,
        talon=talon,
        turn=(dealer + 1) % players if bidding else leader,
        trick=None,
        won_masks=(0,) * ruleset.sides,
        trick_counts=(0,) * ruleset.sides,
        phase=Phase.BIDDING if bidding else Phase.PLAY,
        window=TransferWindow(leader=leader) if window_open else None,
    )
