"""pairs: Goat four, pair on pair with 32 cards, queens, jacks and diamonds as trumps, scored on the sixes.

Source: a Russian collection of Goat variants, read in English translation: its section "Goat
four", with "Surrender and types of praise" (the kinds of deal), "Retake request" and "Final
game".

At the table:

- 32 cards, seven to ace.  Four players, partners opposite.  All cards are dealt, eight each.
- Permanent trumps, high to low: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦.  The plain suits
  ♣ ♠ ♥ rank A 10 K 9 8 7.
- Follow suit; a trump lead must be answered with a trump; else any card.  The highest card wins
  and its player leads next.
- The player left of the dealer is the "boasting" one and leads; the first hand of a match is
  opened by whoever holds A♦.  Only the boasting one's pair may lead a trump; the other pair may
  lead one only when holding nothing else.
- Praise: before each hand the boasting player announces the deal: regular
  (four and four from him), one by one, "on a merry", mirror (for himself or for everyone), "trump
  yourself, not a trump for a bribe", fishing (for himself or for everyone), trousers, pants double.
  The engine deals each; the cards a player may lay in trousers and pants double are his moves.
- Lone trump: after the deal, before the first lead, a player holding exactly one trump may hand
  it face down to the partner, who gives back a plain card; declining is allowed.  One pass per
  pair.  A player with two trumps of which only one counts points ("spectacled") may pass that one.
- Retake: after a regular deal (no praise), before the first lead, a player with all four nines,
  with 12 or fewer card points, or with all four queens, or either player of a pair with no queen
  but the queen of diamonds, may call a redeal: the same dealer deals again, regularly (no praise).
  A pair calling its third retake in a row is refused and loses the hand: the opponents get 2.
  A retake is asked on the cards as dealt: once a trump has been passed, no retake.
- Credit scoring, "eyes" on the sixes: the pair with more than 60 gets 2; with more than 90, 4
  (120 with a zero-point trick for the opponents is still 4).  60-60 is eggs: the hand is dealt
  again by the same dealer, and the eventual goat is "with eggs".  All tricks ("Lucy"): if the
  opponents have nothing written yet the match is won at once; otherwise their points go back to 0
  and play goes on.
- The first pair to 12 wins; the others are goats, "with tails" when the winners stood at 10
  before the final hand and took 90 or more in it ("goat with eggs and tails" with both).

Readings taken: the Lucy side is also written its 4 (the source text: "the game continues
normally"); the replay of an eggs hand is a new hand, led by the player left of the dealer.  The cut, the
penalties for a wrong cut, the partners' hand signals and the cheating challenge ("open with two
pairs") are table etiquette and are not modelled.  The praise deals, in the reading taken where the
source text is unclear (hands stay equal and every card stays in one place):

- one by one starts with the boasting player; fishing for everyone: each draws his eight in turn
  from the top; fishing for himself: he draws eight, the others are dealt one at a time.
- on a merry: two rounds, each of one face-down card and then one face-up card to each player from
  the boasting one; the face-up cards are a trick led by the boasting player's card, and its winner
  takes both tricks of the round (the face-down cards unseen); then four cards each, and the winner
  of the last of these tricks leads.
- mirror: the cut falls at a random place (drawn from the match seed); from the bottom of the upper
  part the cutter takes trumps for himself until a card that is not a trump shows (or his hand is
  full); for everyone, each player cuts in turn from the boasting one; the deck is folded back as
  it was (the upper part on top) and dealt one card at a time from the boasting player until
  everybody holds eight.  Nobody else sees the trumps
  taken.  The boasting player (or the A♦ holder, in a first hand) leads.
- trump yourself: each from the boasting one to the dealer draws from the top, keeping trumps (up to
  seven cards), until a card that is not a trump, which goes face up into a trick led by the
  boasting player's card; its winner takes it and leads; the rest is dealt to seven each.
- trousers and pants double ("trousers": the boasting
  player keeps trumps and aces, the others keep trumps and may lay an ace; the first two lay face
  down, the last two face up; pants double draws four at a time and lays one card face down and one
  face up into two tricks; the face-down trick's winner leads; a player holding as many good cards
  as he may keep goes on drawing, the good cards going to a partner who has yet to draw, else under
  the deck; a player who finds no card left in the deck that he may lay keeps what he draws until
  he holds as many cards as he must lay, and lays from what he holds, trumps included).
- after any praise deal the lone-trump pass is open; a retake only follows a regular deal.
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
    Praise,
    Redeal,
    RedealReason,
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
    transfer=TrumpTransfer(counts=(1,), after_deal=True, after_draw=False, point_trump_of_two=True),
    scoring=SIXES_SCOREBOARD,
    match=MatchRule(target=12, titles=(Title.EGGS, Title.TAILS_FINAL_HAND)),
    leading=Leading(
        first_hand=LeadSeat.HOLDER,
        later_hands=LeadSeat.LEFT_OF_DEALER,
        holder_card=parse_cards("A♦")[0],
        trump_leads=TrumpLeads.BOASTING_SIDE,
    ),
    praise=Praise(),
    redeal=Redeal(
        reasons=(
            RedealReason.FOUR_NINES,
            RedealReason.FEW_POINTS,
            RedealReason.FOUR_QUEENS,
            RedealReason.NO_QUEEN_BUT_DIAMONDS,
        ),
        below_points=13,
        after_praise=False,
        limit=2,
        penalty=2,
    ),
    doc=__doc__ or "",
)
