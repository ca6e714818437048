"""threesome: Goat threesome, each for himself with 32 cards and a two-card talon taken by a declarer.

Source: a Russian collection of Goat variants, read in English translation: its section "Goat
threesome".

At the table:

- Three players, each for himself.  32 cards, seven to ace: ten each, dealt one at a time from the
  dealer's left, and two to the talon ("buy-in"), whose top card is shown.
- Permanent trumps as in pairs: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦; plain suits A 10 K 9
  8 7.  Follow suit; a trump lead needs a trump.
- Bidding: from the dealer's left, clockwise, each says whether he takes the talon.  The first who
  takes it adds it to his hand, lays away two cards face down (they count for him), and plays
  alone against the other two, who share their tricks.  He wins with more than 60: each opponent
  is then written 2 if the two took 31-60 together, 4 under 31, 6 with no trick.  He loses with 60
  or less: he is written 2, 4 under 31, 6 with no trick.
- Nobody takes it: the hand is played "for less", each for himself.  The player left of the dealer
  leads, and his first lead must be of the shown talon card's suit (a trump for a trump) if he has
  one; the talon goes to whoever takes the last trick.  Each is written by his own points: under
  31 nothing, 31-60 2, 61-90 4, over 90 6; a player who takes every trick is the goat at once.
- A player who reaches 12 is the goat.

Readings taken: the source text gives only the declarer's win; his loss is written by the same
table on his own points.  The player left of the dealer also leads when there is a declarer.  The bidding is
one round: each player in turn takes the talon or declines it.
"""

from kozel.cards.deck import Deck
from kozel.rules import (
    AllTricks,
    Bidding,
    CardPoints,
    Dealing,
    FollowSuit,
    Leading,
    LeadSeat,
    MatchRule,
    Ruleset,
    ScoreMode,
    ScoreRow,
    Scoring,
    Seating,
    Talon,
    Trumps,
)
from kozel.variants.classic import PENALTY_2_4_6
from kozel.variants.pairs import QUEENS_JACKS_DIAMONDS

#: "For less": each by his own points, under 31 nothing, then 2, 4, 6; every trick makes the goat.
FOR_LESS = Scoring(
    mode=ScoreMode.PENALTY,
    rows=(ScoreRow(0, 30, 0), ScoreRow(31, 60, 2), ScoreRow(61, 90, 4), ScoreRow(91, 120, 6)),
    eggs=False,
    all_tricks=AllTricks(loses_match=True),
)

RULESET = Ruleset(
    name="threesome",
    deck=Deck.pack32(),
    seating=Seating(players=3, sides=3),
    points=CardPoints(),
    trumps=Trumps(fixed=QUEENS_JACKS_DIAMONDS),
    dealing=Dealing(hand_size=10, packet=1, refill=False),
    play=FollowSuit(),
    transfer=None,
    scoring=PENALTY_2_4_6,
    match=MatchRule(target=12, titles=()),
    leading=Leading(first_hand=LeadSeat.LEFT_OF_DEALER, later_hands=LeadSeat.LEFT_OF_DEALER),
    talon=Talon(size=2, bidding=Bidding(lay_away=2, wins_above=60, for_less=FOR_LESS), lead_follows_shown=True),
    doc=__doc__ or "",
)
