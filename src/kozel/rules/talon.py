"""The talon ("buy-in", прикуп): cards dealt aside, taken by a declarer or by the last trick."""

from __future__ import annotations

import attrs

from kozel.errors import RulesetError
from kozel.limits import MAX_CARDS, MAX_TABLE_POINTS
from kozel.rules import checks
from kozel.rules.scoring import Scoring

__all__ = ["Bidding", "Talon"]


@attrs.frozen
class Bidding:
    """From the dealer's left each player in turn may take the talon; the first who does plays alone.

    The declarer adds the talon to his hand and lays ``lay_away`` cards face down, which count for
    him; the others play together and share their tricks.  The declarer wins the hand with more
    than ``wins_above`` card points; then each opponent is written by the table on the opponents'
    points together, else the declarer is written by it on his own.  When nobody takes the talon
    the hand is played "for less", each for himself, and scored by ``for_less``.
    """

    #: Cards the declarer lays away after taking the talon.
    lay_away: int = attrs.field(default=2, validator=checks.whole("bidding", 1, MAX_CARDS))
    #: The declarer wins with more than this many card points.
    wins_above: int = attrs.field(default=60, validator=checks.whole("bidding", 0, MAX_TABLE_POINTS))
    #: The scoring of a hand that nobody took the talon for.
    for_less: Scoring | None = attrs.field(default=None, validator=checks.optional(checks.instance("bidding", Scoring)))

    def __attrs_post_init__(self) -> None:
        if self.for_less is None:
            raise RulesetError("bidding: say how a hand nobody bids for is scored (for_less)")


@attrs.frozen
class Talon:
    """``size`` cards dealt aside after the hands, top card first; where the trump comes from the talon it is shown.

    Where nobody takes it (or nobody may), it goes to whoever takes the last trick.  With
    ``lead_follows_shown`` the first lead of such a hand must be of the shown card's suit (or a
    trump, for a trump) when the leader has one.
    """

    #: How many cards the talon holds.
    size: int = attrs.field(default=2, validator=checks.whole("talon", 1, MAX_CARDS))
    #: The bidding for the talon, or None where nobody may take it.
    bidding: Bidding | None = attrs.field(default=None, validator=checks.optional(checks.instance("talon", Bidding)))
    #: Whether the first lead of a hand nobody took the talon for follows the shown card.
    lead_follows_shown: bool = attrs.field(default=False, validator=checks.flag("talon"))
