"""Playing one decision at a time: move numbering, the seat asked now, observation tensors, hands as episodes."""

from kozel.play.actions import Actions, Block, CompactActions, actions, largest_hand
from kozel.play.decision import Decision, advance, decision, wait
from kozel.play.encoding import Encoding, Slice, encoding, highest_score, most_plays
from kozel.play.episodes import (
    hand_deals_cap,
    hand_ended,
    hand_reward,
    match_decision_cap,
    match_hands_cap,
    most_decisions,
    new_deal,
)

__all__ = [
    "Actions",
    "Block",
    "CompactActions",
    "Decision",
    "Encoding",
    "Slice",
    "actions",
    "advance",
    "decision",
    "encoding",
    "hand_deals_cap",
    "hand_ended",
    "hand_reward",
    "highest_score",
    "largest_hand",
    "match_decision_cap",
    "match_hands_cap",
    "most_decisions",
    "most_plays",
    "new_deal",
    "wait",
]
