"""Trick play: how cards are led and answered in a trick.

Kozel has two families.  In the beat-or-pass games (:class:`BeatOrPass`) the
leader plays one or more cards of one suit and each next player either beats
all of them one to one or passes the same number face down; the last player to
beat takes the trick.  The follow-suit games play one card each; their
component arrives with those rulesets.
"""

from __future__ import annotations

import attrs

__all__ = ["BeatOrPass", "Molodka"]


@attrs.frozen
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
    trumps_only: bool = False


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
    molodka: Molodka | None = Molodka()
