"""Bots: the protocol a player implements, the baseline players, the match runner, tournaments and leagues."""

from kozel.bots.base import Bot
from kozel.bots.heuristic import HeuristicBot
from kozel.bots.ismcts import IsmctsBot
from kozel.bots.league import HeadToHead, League, LeagueResult, TableRow
from kozel.bots.random_bot import RandomBot
from kozel.bots.ratings import Ratings, bradley_terry
from kozel.bots.runner import BotError, interrupting_move, next_move, play_match
from kozel.bots.specs import BOTS, BotLike, Entrant, make_bot
from kozel.bots.tournament import BotResult, Executor, MatchOutcome, Tournament

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "BotLike",
    "BotResult",
    "Entrant",
    "Executor",
    "HeadToHead",
    "HeuristicBot",
    "IsmctsBot",
    "League",
    "LeagueResult",
    "MatchOutcome",
    "RandomBot",
    "Ratings",
    "TableRow",
    "Tournament",
    "bradley_terry",
    "interrupting_move",
    "make_bot",
    "next_move",
    "play_match",
]
