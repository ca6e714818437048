"""The trick to the side with the most card points in it (``FollowSuit(winner=TrickWinner.MOST_POINTS)``).

The trick goes to that side's player with the highest card, as the trick ranks its cards: a card of
the led suit (or a trump) ranks above a discard of another plain suit, whichever was played first.
"""

from __future__ import annotations

import json

from helpers import play, start

import kozel

# Built on pairs without its praise deals, redeals and transfers: one card at a time, any lead.
MOST_POINTS = kozel.forms.loads_ruleset(
    json.dumps(
        {
            "base": "pairs",
            "praise": None,
            "redeal": None,
            "transfer": None,
            "leading": {"trump_leads": "any"},
            "play": {"winner": "most_points"},
            "dealing": {"packet": 1},
        }
    ),
    format="json",
)
HANDS = [
    "K♥ 9♥ 7♣ 8♣ 9♣ 10♣ K♣ A♣",
    "A♦ 7♥ 7♠ 8♠ 9♠ Q♣ J♣ 10♦",
    "10♠ K♠ A♠ Q♠ J♠ K♦ 9♦ 8♦",
    "8♥ 10♥ A♥ Q♥ J♥ 7♦ Q♦ J♦",
]


def test_the_side_with_most_points_takes_it_by_its_card_of_the_led_suit_not_its_discard():
    state = start(MOST_POINTS, HANDS, dealer=0)
    assert state.turn == 1
    # Seat 1 leads 7♥; seat 2 (side 0) discards 10♠; seat 3 follows 8♥; seat 0 (side 0) plays K♥.
    state = play(state, "1 play 7♥", "2 play 10♠", "3 play 8♥", "0 play K♥")
    assert state.trick_counts == (1, 0)  # side 0: 14 points (10♠ and K♥) to side 1's none
    assert str(state.won[0]) == "10♠ 7♥ 8♥ K♥"
    assert state.turn == 0  # K♥, of the led suit, is side 0's highest card in the trick: seat 0 leads next


def test_among_cards_of_the_led_suit_the_higher_takes_it_for_its_side():
    state = start(MOST_POINTS, HANDS, dealer=0)
    # Seat 1 leads 7♥, seat 2 discards 10♠, seat 3 plays A♥ (11 points, side 1), seat 0 plays K♥:
    # side 1 has 11, side 0 has 14 (10♠ + K♥): side 0 takes it by K♥ (seat 0).
    state = play(state, "1 play 7♥", "2 play 10♠", "3 play A♥", "0 play K♥")
    assert state.trick_counts == (1, 0)
    assert state.turn == 0
