"""The engine: dealing, trick play, drawing and scoring, behind ``new_game``, ``legal_moves`` and ``apply``."""

from kozel.engine.core import apply, legal_moves
from kozel.engine.start import new_game

__all__ = ["apply", "legal_moves", "new_game"]
