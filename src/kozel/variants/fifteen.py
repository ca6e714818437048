"""fifteen: the two-player game of fifteen cards each, a trump shown from the two left over, and special jacks.

Source: a Russian collection of Goat variants, read in English translation: its section "Goat
rules for 15 cards".

At the table:

- Two players.  32 cards, seven to ace, fifteen each dealt one at a time; of the two left over the
  top one is shown and its suit is trump.
- Follow suit; a trump lead needs a trump.  Special jacks: J♣ beats every card; J♠ beats every
  spade and every trump except J♣; J♥ beats every heart and every trump except J♣ and J♠; J♦ is an
  ordinary card of its suit.
- The dealer leads the first hand; later hands are opened by the winner of the last trick.  The
  deal alternates.
- Each player starts at 12.  A player who takes more than 60 counts 2 off his own number (1 when
  the loser is the dealer).  The first to reach 0 wins; the other is the goat.

Readings taken: J♣ is the highest trump (so a club lead is not followed with it, and it answers a
trump lead); J♠ and J♥ stay cards of their own suits, which they head, and also beat the trumps
below them; among themselves the special jacks rank J♣, J♠, J♥ wherever they meet (J♥ "except J♣
and J♠").  So "beats" is not a total order: a card takes the trick when it beats the card winning
it so far.  The two cards left over go to whoever takes the last trick, so every hand counts 120.
A 60-60 hand counts nothing off.
"""

from kozel.cards.deck import Deck
from kozel.cards.notation import parse_cards
from kozel.rules import (
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
    TrumpSource,
)

RULESET = Ruleset(
    name="fifteen",
    deck=Deck.pack32(),
    seating=Seating(players=2, sides=2),
    points=CardPoints(),
    trumps=Trumps(shown=TrumpSource.TALON_TOP, fixed=parse_cards("J♣"), over_trumps=parse_cards("J♠ J♥")),
    dealing=Dealing(hand_size=15, packet=1, refill=False),
    play=FollowSuit(),
    transfer=None,
    scoring=Scoring(
        mode=ScoreMode.COUNTDOWN,
        rows=(ScoreRow(0, 60, 0), ScoreRow(61, 120, 2)),
        eggs=True,
        dealer_loses_written=1,
    ),
    match=MatchRule(target=0, start=12, titles=()),
    leading=Leading(first_hand=LeadSeat.DEALER, later_hands=LeadSeat.LAST_TRICK_WINNER),
    talon=Talon(size=2),
    doc=__doc__ or "",
)
