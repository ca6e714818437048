"""seven_of_clubs: the 32-card pair game with clubs, queens and jacks as trumps and the seven of clubs on top.

Source: a Russian guide to the seven-of-clubs game, "How to play Goat", read in Swedish
translation.

At the table:

- 32 cards, seven to ace.  Four players in two teams, partners opposite.  Four cards each, dealt
  one at a time from the dealer's left; the rest is the stock, face down.
- Permanent trumps, high to low: 7♣, Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♣ 10♣ K♣ 9♣ 8♣.  The plain suits
  ♠ ♥ ♦ rank A 10 K 9 8 7.
- One card each per trick.  Follow the led plain suit if you can, else play any card; a trump
  lead must be answered with a trump if you have one.  The highest trump wins, else the highest
  card of the led suit; the winner leads next.  After each trick everyone draws one card from the
  stock, the winner first, until the stock is empty.
- The dealer leads the first trick of the match, with a plain card.  The deal passes clockwise;
  every later hand is opened by the winner of the last trick of the previous hand.  The team whose
  player opened the previous hand may not open this one with a trump; a player of that team who
  must open and holds only trumps first swaps one trump with the partner for a plain card (he
  hands over the trump of his choice, and the partner gives back a plain card of his).
- Queen of clubs meets seven of clubs: when Q♣ and 7♣ lie in one trick, played by the two teams,
  the hand stops the moment the second is played, no card points are counted, and the team that
  played Q♣ is written 4.
- Penalty scoring: the team with more than 60 wins the hand and the other is written 2; 60-60 is
  eggs and nobody is written.  The team that reaches 12 is the goat.

Readings taken: the Swedish translation's word "omgång" (a round of play) is read as the hand,
so only the opening lead of a hand is barred from trumps for the team that opened the previous
one.  The dealer's plain first lead follows the same swap rule when he holds only trumps; a swap
needs a partner with a plain card, and without one the opener leads a trump after all.  After a
catch the next hand is opened by the player whose card was winning the stopped trick.
"""

from kozel.cards.deck import Deck
from kozel.cards.notation import parse_cards
from kozel.rules import (
    CardPoints,
    Catch,
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
    TrumpLeads,
    Trumps,
)

RULESET = Ruleset(
    name="seven_of_clubs",
    deck=Deck.pack32(),
    seating=Seating(players=4, sides=2),
    points=CardPoints(),
    trumps=Trumps(fixed=parse_cards("7♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣ 8♣")),
    dealing=Dealing(hand_size=4, packet=1, refill=True),
    play=FollowSuit(),
    transfer=None,
    scoring=Scoring(mode=ScoreMode.PENALTY, rows=(ScoreRow(0, 60, 2), ScoreRow(61, 120, 0)), eggs=True),
    match=MatchRule(target=12, titles=()),
    leading=Leading(
        first_hand=LeadSeat.DEALER,
        later_hands=LeadSeat.LAST_TRICK_WINNER,
        first_lead_plain=True,
        trump_leads=TrumpLeads.NOT_LAST_OPENERS,
        swap_for_plain=True,
    ),
    catch=Catch(victim=parse_cards("Q♣")[0], catcher=parse_cards("7♣")[0], written=4),
    doc=__doc__ or "",
)
