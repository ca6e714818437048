"""hammer: the classic game where the dealer leads and only a "trump hammer" goes out of turn.

Source: a Russian collection of Goat variants, read in English translation: its opening section,
"The rules of the goat 6 spades game"; the scoring table is that of the yard rules of Goat for
four cards, as in classic.

At the table, as in classic except:

- The dealer leads the first trick of every hand ("the player who dealt the cards moves"); the
  deal passes clockwise.
- Only a trump hammer, four trumps, may be played out of turn (with the molodka's priority rule:
  the nearest clockwise to the leader); four cards of a plain suit are an ordinary lead.
- Two or more may play, each for himself or in teams "pair on pair" or "three on three" seated
  alternately (two players head to head, three each for himself, six three against three);
  counts that would leave unequal hands or no stock are refused.

Readings taken: the source section gives only the card values, so the hand is scored with the
2/4/6 table of the yard rules (as in classic); the trump is shown from the middle of the stock as
in classic ("randomly sectioning the deck and showing one card", which goes back).
"""

import attrs

from kozel.rules import BeatOrPass, Leading, LeadSeat, Molodka
from kozel.variants.classic import RULESET as CLASSIC

RULESET = attrs.evolve(
    CLASSIC,
    name="hammer",
    play=BeatOrPass(molodka=Molodka(trumps_only=True)),
    leading=Leading(first_hand=LeadSeat.DEALER, later_hands=LeadSeat.DEALER),
    doc=__doc__ or "",
)
