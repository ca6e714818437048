"""pairs: Goat four, pair on pair with 32 cards, queens, jacks and diamonds as trumps, scored on the sixes.

Seed ``000_b5dfc842635bf6e7.txt``, section "Goat four" with "Surrender and types of praise",
"Retake request" and "Final game"; RULES.md section 5.

At the table:

- 32 cards, seven to ace.  Four players, partners opposite.  All cards are dealt, eight each: the
  regular deal gives four and four, from the player left of the dealer clockwise.
- Permanent trumps, high to low: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦.  The plain suits
  ♣ ♠ ♥ rank A 10 K 9 8 7.
- Follow suit; a trump lead must be answered with a trump; else any card.  The highest card wins
  and its player leads next.
- The player left of the dealer is the "boasting" one and leads; the first hand of a match is
  opened by whoever holds A♦.  Only the boasting one's pair may lead a trump; the other pair may
  lead one only when holding nothing else.
- Lone trump: after the deal, before the first lead, a player holding exactly one trump may hand
  it face down to the partner, who gives back a plain card; declining is allowed.  One pass per
  pair.
- Credit scoring, "eyes" on the sixes: the pair with more than 60 gets 2; with more than 90, 4
  (120 with a zero-point trick for the opponents is still 4).  60-60 is eggs: the hand is dealt
  again by the same dealer, and the eventual goat is "with eggs".  All tricks ("Lucy"): if the
  opponents have nothing written yet the match is won at once; otherwise their points go back to 0
  and play goes on.
- The first pair to 12 wins; the others are goats, "with tails" when the winners stood at 10
  before the final hand and took more than 89 in it ("goat with eggs and tails" with both).

Readings taken: the Lucy side is also written its 4 (the seed: "the game continues normally");
the replay of an eggs hand is a new hand, led by the player left of the dealer.  The praise deals,
retakes and the lone trump's two-trump case come with their own issue; the cut, the penalties for
a wrong cut and the partners' hand signals are table etiquette and are not modelled.
"""

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
    Ruleset,
    ScoreMode,
    ScoreRow,
    Scoring,
    Seating,
    Title,
    TrumpLeads,
    Trumps,
    TrumpTransfer,
)

#: Queens and jacks, then diamonds: the permanent trumps of the 32-card queen games.
QUEENS_JACKS_DIAMONDS = parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦")

#: Credit on the sixes: more than 60 gives 2, more than 90 gives 4; eggs are replayed; all tricks is Lucy.
SIXES_SCOREBOARD = Scoring(
    mode=ScoreMode.CREDIT,
    rows=(ScoreRow(0, 60, 0), ScoreRow(61, 90, 2), ScoreRow(91, 120, 4)),
    eggs=True,
    eggs_replay=True,
    all_tricks=AllTricks(wins_if_opponents_blank=True, resets_opponents=True),
)

RULESET = Ruleset(
    name="pairs",
    deck=Deck.pack32(),
    seating=Seating(players=4, sides=2),
    points=CardPoints(),
    trumps=Trumps(fixed=QUEENS_JACKS_DIAMONDS),
    dealing=Dealing(hand_size=8, packet=4, refill=False),
    play=FollowSuit(),
    transfer=TrumpTransfer(counts=(1,), after_deal=True, after_draw=False),
    scoring=SIXES_SCOREBOARD,
    match=MatchRule(target=12, titles=(Title.EGGS, Title.TAILS_FINAL_HAND)),
    leading=Leading(
        first_hand=LeadSeat.HOLDER,
        later_hands=LeadSeat.LEFT_OF_DEALER,
        holder_card=parse_cards("A♦")[0],
        trump_leads=TrumpLeads.BOASTING_SIDE,
    ),
    doc=__doc__ or "",
)
