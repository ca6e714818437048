"""six_of_clubs: the 24-card network game; the six of clubs is the top trump and catches the queen of clubs.

Source: a Russian collection of Goat variants, read in English translation: its rules of a
network (online) game of Goat, "There is an implementation network game in Kozla".

At the table:

- 24 cards: A 10 K Q J 6 of each suit (120 points).  Four players, partners opposite, dealt one at
  a time, six each.
- Permanent trumps, high to low: 6♣, Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♣ 10♣ K♣.  The plain suits ♠ ♥ ♦
  rank A 10 K 6.
- Follow suit; a trump lead must be answered with a trump; else any card.
- First hand: the holder of A♦ leads it.  He deals the second hand and the player to the dealer's
  left leads; after that the deal passes clockwise and the player left of the dealer leads (each
  hand is dealt by the player who opened the one before).
- Lone trump (not in the first hand): before the first lead, a player holding exactly one trump
  may exchange it with the partner for a plain card, or for a trump when the partner holds only
  trumps.
- A pair with no queen may call a redeal (not in the first hand): the same dealer deals again.
- Six of clubs catches the queen of clubs: when 6♣ and an opponent's Q♣ fall in one trick, the hand
  stops, no card points are counted, the Q♣ pair is written 4, and a new hand is dealt.
- Penalty scoring: the pair with fewer card points is written 2, or 4 under 30.  60-60 is eggs:
  nothing is written.  A pair that takes all tricks has its own record cleared; all tricks in the
  first hand of a match writes 12 on the opponents ("blind").
- A pair with 12 or more is the goat: "with tails" over 12, "with eggs" if eggs were played,
  "dry" when the winners have nothing written, "blind" as above.

Readings taken: the redeal is called before the first lead by either player of the pair without a
queen, on the cards as dealt (not after a lone trump was exchanged); in the exchange for a trump
the partner may not hand back the trump he was just given.
"""

from kozel.cards.deck import Deck
from kozel.cards.notation import parse_cards
from kozel.rules import (
    AllTricks,
    CardPoints,
    Catch,
    DealerRotation,
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
    Title,
    Trumps,
    TrumpTransfer,
)

RULESET = Ruleset(
    name="six_of_clubs",
    deck=Deck.pack24(),
    seating=Seating(players=4, sides=2),
    points=CardPoints(),
    trumps=Trumps(fixed=parse_cards("6♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣")),
    dealing=Dealing(hand_size=6, packet=1, refill=False, rotation=DealerRotation.OPENER),
    play=FollowSuit(),
    transfer=TrumpTransfer(
        counts=(1,), after_deal=True, after_draw=False, first_hand=False, trump_back_if_no_plain=True
    ),
    scoring=Scoring(
        mode=ScoreMode.PENALTY,
        rows=(ScoreRow(0, 29, 4), ScoreRow(30, 60, 2), ScoreRow(61, 120, 0)),
        eggs=True,
        all_tricks=AllTricks(clears_own=True, first_hand_opponents=12),
    ),
    match=MatchRule(target=12, titles=(Title.EGGS, Title.TAILS_OVER_TARGET, Title.DRY, Title.BLIND)),
    leading=Leading(
        first_hand=LeadSeat.HOLDER,
        later_hands=LeadSeat.LEFT_OF_DEALER,
        holder_card=parse_cards("A♦")[0],
        lead_holder_card=True,
    ),
    catch=Catch(victim=parse_cards("Q♣")[0], catcher=parse_cards("6♣")[0], written=4),
    redeal=Redeal(reasons=(RedealReason.NO_QUEEN,), first_hand=False),
    doc=__doc__ or "",
)
