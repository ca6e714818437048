"""Trick play: how cards are led and answered in a trick.

Kozel has two families.  In the beat-or-pass games (:class:`BeatOrPass`) the
leader plays one or more cards of one suit and each next player either beats
all of them one to one or passes the same number face down; the last player to
beat takes the trick.  In the follow-suit games (:class:`FollowSuit`) each
player plays one card, following the led suit when he can.
"""

from __future__ import annotations

import enum

import attrs

from kozel.cards.card import Suit
from kozel.rules import checks

__all__ = ["BeatOrPass", "FollowSuit", "Molodka", "TrickWinner"]


@attrs.frozen(cache_hash=True)  # hashed with its trump table each time the molodka hands are looked up
class Molodka:
    """Molodka (молодка): a full hand of one suit, played out of turn at any moment of a trick.

    A molodka is a full hand (four cards in the four-card games) of one suit; a hand shrunk at the
    end of the stock is none.  The cards already on the table go back to their owners and the
    trick starts again with the molodka as its lead, its player now the leader.  Only one molodka
    per trick; when several players could play one, only the one nearest clockwise to the leader
    may.  A leader who leads such cards in turn makes an ordinary lead.  With ``trumps_only`` only
    a "trump hammer" (every card a trump) counts.
    """

    #: Whether only trumps make a molodka (the "trump hammer").
    trumps_only: bool = attrs.field(default=False, validator=checks.flag("molodka"))


@attrs.frozen
class BeatOrPass:
    """Beat or pass: lead cards of one suit; each next player beats them all one to one, or passes as many face down.

    A beat plays as many cards face up as lie on top, each beating a different one of them (a
    higher card of its suit or a trump; suit and trump cards may be mixed).  There is no partial
    beat, and beating is never compulsory.  The next player answers the last cards that beat (or
    the lead), and the last player who beat (or the leader) takes every card of the trick, the
    face-down ones too, and leads next.  Trumps form one suit for leading.
    """

    #: The out-of-turn molodka, or None where the game has none.
    molodka: Molodka | None = attrs.field(
        default=Molodka(), validator=checks.optional(checks.instance("beat or pass", Molodka))
    )


class TrickWinner(enum.Enum):
    """Who takes a follow-suit trick."""

    #: The highest card: the highest trump, else the highest card of the led suit.
    HIGHEST_CARD = "highest_card"
    #: The side whose cards in the trick count the most points; on a tie, the highest card.  The
    #: trick goes to that side's player with the highest card, who leads next.
    MOST_POINTS = "most_points"


@attrs.frozen
class FollowSuit:
    """Follow suit: one card each; follow the led suit, answer a trump lead with a trump, else play any card.

    With ``first_trick_suit`` every player, the leader too, must play that suit in the first trick
    of a hand; without it a trump; without both any card.  The other rules of the opening lead
    (:class:`~kozel.rules.Leading`, the talon) come first where they bind it: a leader who must
    open with the holder's card opens with it, and an opener who must swap a trump swaps first.
    Otherwise the lead follows the talon's shown card where the leader holds one of its suit, else
    the first trick's suit (else a trump, else any card); a bar on leading trumps then takes the
    trumps out of those, where another card is left.
    """

    #: Who takes the trick.
    winner: TrickWinner = attrs.field(
        default=TrickWinner.HIGHEST_CARD, validator=checks.member("follow suit", TrickWinner)
    )
    #: The suit everyone must play in a hand's first trick, or None.
    first_trick_suit: Suit | None = attrs.field(
        default=None, validator=checks.optional(checks.instance("follow suit", Suit, "a suit"))
    )
