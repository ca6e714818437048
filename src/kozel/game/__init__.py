"""Game state, moves and results."""

from kozel.game.move import Move, MoveKind, parse_move
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import Deal, Drawing, GameState, HandBase, Match, Phase, TransferWindow, Trick

__all__ = [
    "Deal",
    "Drawing",
    "GameState",
    "HandBase",
    "HandResult",
    "Match",
    "MatchResult",
    "Move",
    "MoveKind",
    "Phase",
    "TransferWindow",
    "Trick",
    "parse_move",
]
