"""What a leader may open with: the follow-suit lead rules, and the opening swap.

The rules live in :class:`~kozel.rules.Leading` (and a ruleset's first-trick suit and talon);
this module turns them into the set of cards the seat to lead may play now.
"""

from __future__ import annotations

from typing import Final

from kozel.cards.card import Suit
from kozel.cards.masks import cards_of
from kozel.engine.interned import singles
from kozel.errors import WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.plain_types import whole_in
from kozel.rules.leading import TrumpLeads
from kozel.rules.trick_play import FollowSuit
from kozel.rules.trump import TRUMP_GROUP, TrumpTable

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_TRANSFER: Final = MoveKind.TRANSFER
_PHASE_PLAY: Final = Phase.PLAY
_SUITS: Final = len(Suit)
_TRUMP_LEADS_BOASTING_SIDE: Final = TrumpLeads.BOASTING_SIDE
_TRUMP_LEADS_NOT_LAST_OPENERS: Final = TrumpLeads.NOT_LAST_OPENERS

__all__ = [
    "barred_from_trumps",
    "first_trick_cards",
    "first_trick_suit_cards",
    "lead_options",
    "must_swap",
    "opening",
    "suit_cards",
    "swap_moves",
]


def opening(state: GameState) -> bool:
    """Whether no card of this hand has been played yet: the hand's first lead is due."""
    return state.trick is None and not any(state.trick_counts)


def first_trick_suit_cards(table: object, suit: object) -> int:
    """The cards of ``suit`` as the game counts suits: its plain cards, or every trump when it is the trump suit.

    ``table`` is a :class:`~kozel.rules.trump.TrumpTable` and ``suit`` a suit's number (0 to 3): anything else
    raises the library's error."""
    if type(table) is not TrumpTable:
        raise WrongTypeError(f"first_trick_suit_cards needs a TrumpTable, not {type(table).__name__}")
    if type(suit) is not int or not 0 <= suit < _SUITS:
        suit = whole_in("first_trick_suit_cards: suit", suit, 0, _SUITS - 1)
    return suit_cards(table, suit)


def suit_cards(table: TrumpTable, suit: int) -> int:
    """:func:`first_trick_suit_cards` for the engine's own table and suit, unchecked (read at each first-trick move)."""
    return table.group_masks[TRUMP_GROUP if table.suit is not None and int(table.suit) == suit else suit]


def first_trick_cards(table: TrumpTable, hand: int, suit: int) -> int:
    """The cards of ``hand`` allowed in a first trick played in ``suit``: that suit, else trumps, else any."""
    return hand & suit_cards(table, suit) or hand & table.trump_mask or hand


def barred_from_trumps(state: GameState, seat: int, at_opening: bool | None = None) -> bool:
    """Whether ``seat`` may lead a trump now only if he holds nothing else (``at_opening``: see :func:`opening`)."""
    deal = state.deal
    rules = state.match.ruleset
    leading = rules.leading
    seating = rules.seating
    side = seating.side_of_seat[seat]
    if (
        leading.trump_leads is _TRUMP_LEADS_BOASTING_SIDE
        and side != seating.side_of_seat[(deal.dealer + 1) % seating.players]
    ):
        return True
    if not (opening(state) if at_opening is None else at_opening):
        return False
    if (
        leading.trump_leads is _TRUMP_LEADS_NOT_LAST_OPENERS
        and deal.last_opener is not None
        and seating.side_of_seat[deal.last_opener] == side
    ):
        return True
    return leading.first_lead_plain and not state.match.hand_results


def lead_options(state: GameState, seat: int, hand: int) -> int:
    """The cards ``seat`` may lead now, as a bitmask (0 while he must first swap a trump)."""
    rules = state.match.ruleset
    leading = rules.leading
    trump_leads = leading.trump_leads
    at_opening = state.trick is None and not any(state.trick_counts)
    if not at_opening and trump_leads is not _TRUMP_LEADS_BOASTING_SIDE:  # a later lead, the common case: any card
        return hand
    deal = state.deal
    table = deal.table
    allowed = hand
    if at_opening:  # the hand's opening lead
        if leading.swap_for_plain and must_swap(state):
            return 0  # the swap comes first, before even the holder's card
        holder = leading.holder_card
        if holder is not None and hand & holder.bit and leading.holder_opens(not state.match.hand_results):
            return holder.bit
        play = rules.play
        if isinstance(play, FollowSuit) and play.first_trick_suit is not None:
            allowed = first_trick_cards(table, hand, int(play.first_trick_suit))
        talon = rules.talon
        if talon is not None and talon.lead_follows_shown and deal.declarer is None and state.talon:
            follow = hand & table.group_masks[table.group[state.talon[0]]]
            allowed = follow or allowed
    restricted = trump_leads is _TRUMP_LEADS_BOASTING_SIDE or (
        at_opening and (trump_leads is _TRUMP_LEADS_NOT_LAST_OPENERS or leading.first_lead_plain)
    )
    if restricted and barred_from_trumps(state, seat, at_opening):
        allowed = allowed & ~table.trump_mask or allowed
    return allowed


def must_swap(state: GameState) -> bool:
    """Whether the opener, barred from trumps and holding only trumps, must first swap one with the partner."""
    rules = state.match.ruleset
    seat = state.turn
    if not rules.leading.swap_for_plain or seat is None or state.phase is not _PHASE_PLAY or not opening(state):
        return False
    trumps = state.deal.table.trump_mask
    partner = rules.seating.partner_of_seat[seat]
    return (
        barred_from_trumps(state, seat, True)
        and not state.hand_masks[seat] & ~trumps
        and bool(state.hand_masks[partner] & ~trumps)
        and (state.window is None or rules.seating.side_of_seat[seat] not in state.window.done)
    )


def swap_moves(state: GameState) -> tuple[Move, ...]:
    """The opener's choices of the trump to swap: one move per trump in his hand."""
    seat = state.turn
    assert seat is not None
    row = singles(seat, _KIND_TRANSFER)
    return tuple(row[card] for card in cards_of(state.hand_masks[seat]))
