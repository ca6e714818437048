"""Rule components and the Ruleset built from them."""

from kozel.rules.dealing import Dealing
from kozel.rules.leading import Leading, LeadSeat
from kozel.rules.match import MatchRule
from kozel.rules.points import CardPoints
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode, ScoreRow, Scoring
from kozel.rules.seating import Seating
from kozel.rules.transfer import TrumpTransfer
from kozel.rules.trick_play import BeatOrPass, Molodka
from kozel.rules.trump import CLASSIC_RANK_ORDER, Trumps, TrumpSource

__all__ = [
    "CLASSIC_RANK_ORDER",
    "BeatOrPass",
    "CardPoints",
    "Dealing",
    "LeadSeat",
    "Leading",
    "MatchRule",
    "Molodka",
    "Ruleset",
    "ScoreMode",
    "ScoreRow",
    "Scoring",
    "Seating",
    "TrumpSource",
    "TrumpTransfer",
    "Trumps",
]
