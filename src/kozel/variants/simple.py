"""simple: the simplest Goat, 32 cards all dealt, a trump suit shown from the last card under queens and jacks.

Source: a Russian collection of Goat variants, read in English translation: its section "The
simplest kind of Goat".

At the table:

- 32 cards, seven to ace.  Four players, partners opposite; all dealt one at a time, eight each.
  The last card dealt (the dealer's last) is shown; its suit is trump.  All queens and jacks are
  trumps too, above the trump suit: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦, then the trump suit A 10 K 9 8 7.
- First trick of a hand: everyone, the leader too, must play a diamond; without a diamond a trump;
  without both any card.  Later tricks: follow suit, a trump lead needs a trump, else any card.
  The trick goes to the highest card (as an option, to the team with more card points in it).
  The trick winner leads next.
- A player whose hand counts fewer than 13 card points may call a redeal before the first lead;
  the same dealer deals again.
- Credit scoring: 61 to 90 gives 2, more than 90 gives 4, all tricks gives 5.  A set is won at 14
  (as an option, at 16); the match goes to the first team to win two sets.

Readings taken: "a diamond" in the first trick is a card of the diamond suit as the game counts
suits, so Q♦ and J♦ (trumps) are not diamonds, and when diamonds are trumps it asks for a trump.
The first trick is played in diamonds: a card of neither diamonds nor trumps is a discard ("any
other card is discarded") and never keeps the trick from a diamond or a trump, whoever led it.
The player left of the dealer leads the first hand; later hands are opened by the winner of the
previous hand's last trick.  A 60-60 hand writes nothing.  On a tie in points under the
most-points option the highest card takes the trick, and the trick is led next by the winning
team's player with its highest card.
"""

from kozel.cards.card import Suit
from kozel.cards.deck import Deck
from kozel.cards.notation import parse_cards
from kozel.rules import (
    AllTricks,
    CardPoints,
    Dealing,
    FollowSuit,
    Leading,
    LeadSeat,
    MatchRule,
    Redeal,
    RedealReason,
    Ruleset,
    ScoreMode,
    ScoreRow,
    Scoring,
    Seating,
    TrickWinner,
    Trumps,
    TrumpSource,
)

RULESET = Ruleset(
    name="simple",
    deck=Deck.pack32(),
    seating=Seating(players=4, sides=2),
    points=CardPoints(),
    trumps=Trumps(shown=TrumpSource.LAST_DEALT, fixed=parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦")),
    dealing=Dealing(hand_size=8, packet=1, refill=False),
    play=FollowSuit(winner=TrickWinner.HIGHEST_CARD, first_trick_suit=Suit.DIAMONDS),
    transfer=None,
    scoring=Scoring(
        mode=ScoreMode.CREDIT,
        rows=(ScoreRow(0, 60, 0), ScoreRow(61, 90, 2), ScoreRow(91, 120, 4)),
        eggs=True,
        all_tricks=AllTricks(written=5),
    ),
    match=MatchRule(target=14, sets=2, titles=()),
    leading=Leading(first_hand=LeadSeat.LEFT_OF_DEALER, later_hands=LeadSeat.LAST_TRICK_WINNER),
    redeal=Redeal(reasons=(RedealReason.FEW_POINTS,), below_points=13),
    doc=__doc__ or "",
)
