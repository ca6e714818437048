"""Leading: who plays the first card of a hand, and which cards a leader may open with."""

from __future__ import annotations

import enum

import attrs

from kozel.cards.card import Card
from kozel.errors import RulesetError
from kozel.rules import checks

__all__ = ["LeadSeat", "Leading", "TrumpLeads"]


class LeadSeat(enum.Enum):
    """A seat named by its place at the table when a hand starts."""

    #: The player who dealt.
    DEALER = "dealer"
    #: The player next clockwise from the dealer.
    LEFT_OF_DEALER = "left_of_dealer"
    #: The player who took the last trick of the previous hand.
    LAST_TRICK_WINNER = "last_trick_winner"
    #: The player holding ``Leading.holder_card`` (the ace of diamonds); where nobody was dealt it (it
    #: lies in the stock or the talon), the player next clockwise from the dealer.
    HOLDER = "holder"


class TrumpLeads(enum.Enum):
    """Who may lead a trump."""

    #: Anyone, any time.
    ANY = "any"
    #: Only the side of the "boasting" player (left of the dealer); the other side only when holding
    #: nothing but trumps.
    BOASTING_SIDE = "boasting_side"
    #: The side whose player opened the previous hand may not open this one with a trump.
    NOT_LAST_OPENERS = "not_last_openers"


_seat = checks.member("leading", LeadSeat)
_flag = checks.flag("leading")


@attrs.frozen
class Leading:
    """Who leads the first trick of a hand, and what a leader may open with.

    The rules of the opening lead (the holder's card, a plain first lead, the swap, a first trick's
    suit) bind the hand's first lead while no trick of the hand is counted.  A praise deal that lays
    tricks while it deals ("on a merry", "trump yourself", "trousers", "pants double") counts them, so its first lead in
    play is not an opening lead.
    """

    #: Who leads the first hand of the match.
    first_hand: LeadSeat = attrs.field(default=LeadSeat.LEFT_OF_DEALER, validator=_seat)
    #: Who leads each later hand.
    later_hands: LeadSeat = attrs.field(default=LeadSeat.LAST_TRICK_WINNER, validator=_seat)
    #: The card whose holder leads, where a rule names a holder (the ace of diamonds).
    holder_card: Card | None = attrs.field(default=None, validator=checks.optional(checks.card("leading")))
    #: Whether the holder must open with that very card.
    lead_holder_card: bool = attrs.field(default=False, validator=_flag)
    #: Whether the first lead of the match must be a plain card.  The holder's card comes first: where
    #: the holder must open with it (``lead_holder_card``) and it is a trump, he leads that trump.
    first_lead_plain: bool = attrs.field(default=False, validator=_flag)
    #: Who may lead trumps.
    trump_leads: TrumpLeads = attrs.field(default=TrumpLeads.ANY, validator=checks.member("leading", TrumpLeads))
    #: Whether an opener barred from leading trumps who holds only trumps swaps one with the partner
    #: for a plain card before leading.  Beside a trump transfer, the swap opens no transfer window (in
    #: one open after the deal it is his side's exchange); beside a redeal, it may be asked before the
    #: swap, not after it.
    swap_for_plain: bool = attrs.field(default=False, validator=_flag)

    def holder_opens(self, first_hand: bool) -> bool:
        """Whether, in a hand (the match's first where ``first_hand``), an opener who holds ``holder_card`` must
        open with it: where ``lead_holder_card`` says so, in the first hand, and in every later hand whose
        opener the holder rule names (``later_hands`` is HOLDER)."""
        return (
            self.lead_holder_card
            and self.holder_card is not None
            and (first_hand or self.later_hands is LeadSeat.HOLDER)
        )

    def __attrs_post_init__(self) -> None:
        if self.first_hand is LeadSeat.LAST_TRICK_WINNER:
            raise RulesetError("leading: the first hand of a match has no previous trick to name its leader")
        if LeadSeat.HOLDER in (self.first_hand, self.later_hands) and self.holder_card is None:
            raise RulesetError("leading: the holder of a card leads, but no holder_card is named")
        if self.lead_holder_card and self.holder_card is None:
            raise RulesetError("leading: lead_holder_card needs a holder_card")
