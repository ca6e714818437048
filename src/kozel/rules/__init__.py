"""Rule components and the Ruleset built from them."""

from kozel.rules.catch import Catch
from kozel.rules.dealing import DealerRotation, Dealing
from kozel.rules.leading import Leading, LeadSeat, TrumpLeads
from kozel.rules.match import MatchRule, Title
from kozel.rules.points import CardPoints
from kozel.rules.praise import Praise, PraiseKind
from kozel.rules.redeal import Redeal, RedealReason
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import AllTricks, ScoreMode, ScoreRow, Scoring
from kozel.rules.seating import Seating
from kozel.rules.talon import Bidding, Talon
from kozel.rules.transfer import TrumpTransfer
from kozel.rules.trick_play import BeatOrPass, FollowSuit, Molodka, TrickWinner
from kozel.rules.trump import CLASSIC_RANK_ORDER, Trumps, TrumpSource

__all__ = [
    "CLASSIC_RANK_ORDER",
    "AllTricks",
    "BeatOrPass",
    "Bidding",
    "CardPoints",
    "Catch",
    "DealerRotation",
    "Dealing",
    "FollowSuit",
    "LeadSeat",
    "Leading",
    "MatchRule",
    "Molodka",
    "Praise",
    "PraiseKind",
    "Redeal",
    "RedealReason",
    "Ruleset",
    "ScoreMode",
    "ScoreRow",
    "Scoring",
    "Seating",
    "Talon",
    "Title",
    "TrickWinner",
    "TrumpLeads",
    "TrumpSource",
    "TrumpTransfer",
    "Trumps",
]
