"""hammer_clubs: the hammer game with permanent trumps, seven of clubs highest, and the trump transfer.

Source: a Russian collection of Goat variants, read in English translation: its section "Goat
rules for 4 cards".

At the table, as in hammer (36 cards, four-card hands and a stock, multi-card leads, beat or
pass, the dealer leads, trump hammer out of turn) except:

- No suit is shown.  The trumps are permanent, high to low: 7♣, Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦,
  A♣ 10♣ K♣ 9♣ 8♣, 6♣ (fifteen cards).  The plain suits ♠ ♥ ♦ rank A 10 K 9 8 7 6.  All trumps
  count as one suit for leading, and a trump hammer is any four trumps.
- Trump transfer: after each draw from the stock, before the next lead, a player holding only one
  or two trumps may hand all of them to the partner face down; the partner gives back as many plain
  cards of his choice, face down.  One transfer per team after each draw, and only when the
  partner has enough plain cards.

Readings taken: the source section mixes the hammer game with the fixed trump order of
seven_of_clubs; it is read as the hammer game with those fixed trumps.  The transfer needs a
partner, so every side must be a pair: four players in two teams, or six in three pairs.  Six in
three pairs is a house ruleset whose seating is 6 players in 3 sides; six players asked for
without the sides (--players 6) are seated as two sides of three, which the transfer refuses.
Other seatings are refused unless the ruleset is changed to play without the transfer.
The window opens after each draw only, not after the deal ("after each release, the players take
one card..."), and one transfer per team per window keeps trumps from going back and forth.
"""

import attrs

from kozel.cards.notation import parse_cards
from kozel.rules import Trumps, TrumpSource, TrumpTransfer
from kozel.variants.hammer import RULESET as HAMMER

RULESET = attrs.evolve(
    HAMMER,
    name="hammer_clubs",
    trumps=Trumps(
        shown=TrumpSource.NONE,
        fixed=parse_cards("7♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣ 8♣ 6♣"),
    ),
    transfer=TrumpTransfer(counts=(1, 2), after_deal=False, after_draw=True),
    doc=__doc__ or "",
)
