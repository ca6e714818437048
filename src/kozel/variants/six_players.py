"""six_players: Goat with six, three against three with 36 cards; the six of clubs catches the queen of clubs.

Source: a Russian collection of Goat variants, read in English translation: its section "Goat
with six".

At the table:

- Six players, two teams of three seated alternately.  36 cards, all dealt one at a time, six
  each.
- Permanent trumps, high to low: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦ 6♦.  The plain suits
  ♣ ♠ ♥ rank A 10 K 9 8 7 6.
- Play and scoring as in pairs with its regular deal: follow suit, only the boasting team (the
  side of the player left of the dealer) leads trumps unless holding nothing else, the A♦ holder
  opens the match, credit on the sixes (2 over 60, 4 over 90), eggs replayed, Lucy, 12 wins.
- Six of clubs catches the queen of clubs: when an opponent of the Q♣ player plays 6♣ into a trick
  holding Q♣ (or Q♣ falls into a trick holding 6♣), the hand stops at once, no card points are
  counted, and the catching team gets 4 ("two pairs").

Readings taken: the lone-trump pass of pairs needs a single partner, so it is not played with
teams of three; "regular deal only" leaves out the praise deals and the retakes of pairs.
"""

import attrs

from kozel.cards.deck import Deck
from kozel.cards.notation import parse_cards
from kozel.rules import Catch, Dealing, Seating, Trumps
from kozel.variants.pairs import RULESET as PAIRS

RULESET = attrs.evolve(
    PAIRS,
    name="six_players",
    deck=Deck.pack36(),
    seating=Seating(players=6, sides=2),
    trumps=Trumps(fixed=parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦ 6♦")),
    dealing=Dealing(hand_size=6, packet=1, refill=False),
    transfer=None,
    praise=None,
    redeal=None,
    catch=Catch(victim=parse_cards("Q♣")[0], catcher=parse_cards("6♣")[0], written=4),
    doc=__doc__ or "",
)
