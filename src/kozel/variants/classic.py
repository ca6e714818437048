"""classic: the 36-card game of four-card hands, a trump suit shown from the stock, beat or pass, and molodka.

Source: the Russian yard rules of Goat for four cards, read in Ukrainian, Spanish and Galician
translations, which tell the same game.

At the table:

- 36 cards, six to ace.  Four players in two teams, partners opposite (seats 0+2 against 1+3).
  Other counts: two players head to head, three each for himself, six three against three with
  seats alternating; counts that would leave unequal hands (5, 7, ...) or no stock (9) are refused.
- The dealer deals one card at a time clockwise from his left, himself last, four each.  The rest
  is the stock.  The middle card of the stock is shown (counted from the top; of an even number of
  cards, the lower of the two middle ones, the one drawn later: the 11th of 20): its suit is trump
  for the hand.  It stays where it is in the stock and is drawn like any other card; which
  card was shown is public.
- Inside a suit, low to high: 6 7 8 9 J Q K 10 A.  Any trump beats any plain card; plain cards of
  different suits do not beat each other.
- The leader plays one or more cards of one suit face up.  Each next player either beats (as many
  cards face up, each beating a different card on top, suit and trump cards mixed as needed) or
  passes (as many cards face down, any cards).  No partial beat, and beating is never compulsory.
  The next player answers the last cards that beat.  The last to beat, or the leader when nobody
  beat, takes the whole trick, face-down cards included, and leads next.
- Molodka: a player holding four cards of one suit may play them out of turn at any moment of a
  trick, before the lead or after others have played.  The cards on the table go back to their
  owners and the trick restarts with the molodka as its lead.  One molodka per trick; when
  several hold one, only the nearest clockwise to the leader may play it.  A leader who leads four
  of a suit in turn makes an ordinary lead, and a molodka may still follow it.
- After each trick everyone draws one card at a time from the stock, the trick winner first, until
  all hold four or the stock is empty.  The hand ends when stock and hands are empty.
- The player left of the dealer leads the first hand of the match (the source text leaves it
  open; the dealer gives himself the last card).  Later, the winner of the previous hand's last
  trick leads, and the deal passes clockwise.
- Penalty scoring, written on the loser: 61 or more wins the hand; the other side is written 2 for
  31-60, 4 for 0-30 with at least one trick, 6 with no trick.  60-60 is eggs: nothing is written.
  With more than two sides, each side under 61 is written by the same table, two sides tied at 60
  are eggs and are written nothing, and any other side is still written by the table.
- The side that reaches 12 is the goat; "goat with eggs" if the match had an eggs hand.

Readings taken: the source text gives 31-59 for 2 points; a side can hold exactly 60 only in eggs
with two sides, so the row is read as 31-60, which also covers 60 with three sides.
"""

from kozel.cards.deck import Deck
from kozel.rules import (
    BeatOrPass,
    CardPoints,
    Dealing,
    Leading,
    LeadSeat,
    MatchRule,
    Molodka,
    Ruleset,
    ScoreMode,
    ScoreRow,
    Scoring,
    Seating,
    Title,
    Trumps,
    TrumpSource,
)

#: The 2/4/6 penalty table of the yard rules: 31-60 gives 2, 0-30 gives 4, no trick 6, 61+ nothing.
PENALTY_2_4_6 = Scoring(
    mode=ScoreMode.PENALTY,
    rows=(ScoreRow(0, 30, 4), ScoreRow(31, 60, 2), ScoreRow(61, 120, 0)),
    no_trick=6,
    eggs=True,
)

RULESET = Ruleset(
    name="classic",
    deck=Deck.pack36(),
    seating=Seating(players=4, sides=2),
    points=CardPoints(),
    trumps=Trumps(shown=TrumpSource.MIDDLE_OF_STOCK),
    dealing=Dealing(hand_size=4, packet=1, refill=True),
    play=BeatOrPass(molodka=Molodka(trumps_only=False)),
    transfer=None,
    scoring=PENALTY_2_4_6,
    match=MatchRule(target=12, titles=(Title.EGGS,)),
    leading=Leading(first_hand=LeadSeat.LEFT_OF_DEALER, later_hands=LeadSeat.LAST_TRICK_WINNER),
    doc=__doc__ or "",
)
