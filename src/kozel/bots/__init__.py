"""Bots: the protocol a player implements, the baseline players, and the match runner."""

from kozel.bots.base import Bot
from kozel.bots.heuristic import HeuristicBot
from kozel.bots.ismcts import IsmctsBot
from kozel.bots.random_bot import RandomBot
from kozel.bots.runner import BotError, interrupting_move, next_move, play_match
from kozel.bots.specs import BOTS, make_bot
from kozel.bots.tournament import Tournament

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "Tournament",
    "interrupting_move",
    "make_bot",
    "next_move",
    "play_match",
]
