"""Dealing a hand: giving out a deck order's cards, the talon, showing the trump (the order: ``engine.chance``)."""

from __future__ import annotations

from typing import Final, NamedTuple

from typing_extensions import assert_never

from kozel.cards.card import Card, Suit
from kozel.engine.molodka import molodka_hands
from kozel.engine.plan import Plan, plan_of
from kozel.errors import KozelError
from kozel.game.state import Deal, GameState, HandBase, Match, Phase, TransferWindow
from kozel.rules.leading import LeadSeat
from kozel.rules.ruleset import Ruleset
from kozel.rules.trick_play import BeatOrPass
from kozel.rules.trump import TrumpSource, TrumpTable

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_LEAD_DEALER: Final = LeadSeat.DEALER
_LEAD_HOLDER: Final = LeadSeat.HOLDER
_LEAD_LAST_TRICK_WINNER: Final = LeadSeat.LAST_TRICK_WINNER
_LEAD_LEFT_OF_DEALER: Final = LeadSeat.LEFT_OF_DEALER
_PHASE_BIDDING: Final = Phase.BIDDING
_PHASE_PLAY: Final = Phase.PLAY

__all__ = ["HandStart", "deal_hand", "lead_seat"]

_new: Final = tuple.__new__
_NO_MOLODKAS: Final[frozenset[int]] = frozenset()


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


def lead_seat(
    rules: Ruleset, rule: LeadSeat, dealer: int, last_trick_winner: int | None, hands: tuple[int, ...]
) -> int:
    """The seat that ``rule`` names when ``dealer`` has dealt ``hands``."""
    players = rules.seating.players
    if rule is _LEAD_DEALER:
        return dealer
    if rule is _LEAD_LEFT_OF_DEALER:
        return (dealer + 1) % players
    if rule is _LEAD_LAST_TRICK_WINNER:
        if last_trick_winner is None:
            raise KozelError("leading: the first hand of a match has no previous trick")
        return last_trick_winner
    if rule is _LEAD_HOLDER:
        card = rules.leading.holder_card
        assert card is not None
        for seat, hand in enumerate(hands):
            if hand & card.bit:
                return seat
        return (dealer + 1) % players  # the card lies in the talon or the stock: the dealer's left leads
    assert_never(rule)


def _tables(plan: Plan, trump: Suit | None) -> tuple[TrumpTable, frozenset[int]]:
    """The trump table and the molodka hands of a hand of ``plan``'s ruleset whose shown suit is ``trump``."""
    found = plan.tables.get(trump)
    if found is None:
        ruleset = plan.ruleset
        table = ruleset.trumps.table(trump)
        molodka = ruleset.play.molodka if isinstance(ruleset.play, BeatOrPass) else None
        molodkas = molodka_hands(table, molodka, plan.hand_size) if molodka is not None else _NO_MOLODKAS
        found = plan.tables[trump] = (table, molodkas)  # bounded by the suits
    return found


def deal_hand(match: Match, start: HandStart) -> GameState:
    """The state at the start of a hand of ``match`` dealt as ``start`` says (the regular deal).

    Cards go ``packet`` at a time clockwise from the dealer's left, the dealer last, until every
    hand is full; then the talon, then the rest is the stock.  The trump card is shown where the
    ruleset says: the middle of the stock, the last card dealt, or the top of the talon.  The leader
    is the seat ``start.lead`` names, unless ``start.leader`` is given.  What it reads of the ruleset
    is read once per ruleset (``kozel.engine.plan``); the state is built directly, its stock stored as where it
    begins in the deal's order.
    """
    ruleset = match.ruleset
    plan = plan_of(ruleset)
    dealer, order = start.dealer, start.order
    indexes = bytes(order)
    hands = [sum([1 << indexes[position] for position in cards]) for cards in plan.seat_cards[dealer]]
    position = plan.players * plan.hand_size
    talon_size = plan.talon_size
    talon = order[position : position + talon_size]
    stock_start = position + talon_size
    shown = plan.shown
    trump_card: Card | None
    if shown is TrumpSource.NONE:
        trump_card = None
    elif shown is TrumpSource.MIDDLE_OF_STOCK:
        stock = order[stock_start:]
        trump_card = stock[len(stock) // 2] if stock else None
    elif shown is TrumpSource.LAST_DEALT:
        trump_card = order[position - 1]  # the dealer's last card
    else:
        trump_card = talon[0] if talon else None
    trump = trump_card.suit if trump_card is not None else None
    table, molodkas = _tables(plan, trump)
    leader = start.leader
    if leader is None:
        leader = lead_seat(ruleset, start.lead, dealer, start.last_winner, tuple(hands))
    deal = _new(
        Deal,
        (
            start.number,
            dealer,
            trump,
            trump_card,
            table,
            molodkas,
            leader,
            _new(HandBase, (indexes, leader, None)),
            start.last_opener,
            start.redeals,
            None,
            (),
            None,
        ),
    )
    window_open = plan.window_later if match.hand_results else plan.window_first
    bidding = plan.bidding is not None
    nothing = plan.nothing
    return _new(
        GameState,
        (
            match,
            deal,
            tuple(hands),
            stock_start,  # the stock is the rest of the deal's order (its end where there is none)
            talon,
            (dealer + 1) % plan.players if bidding else leader,
            None,
            nothing,
            nothing,
            _PHASE_BIDDING if bidding else _PHASE_PLAY,
            TransferWindow(leader=leader) if window_open else None,
            None,
            b"",
        ),
    )
