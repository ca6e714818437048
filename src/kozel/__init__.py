"""kozel: complete, correct rules for the card game Kozel (Goat, Козёл) and its regional variants.

>>> import kozel, random
>>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
>>> state.result.titles[0].startswith("goat")
True
"""

import sys as _sys

if _sys.argv[:1] == ["-m"]:  # ``python -m ...`` is still loading its module: answer a Ctrl-C if it is kozel
    from kozel._launch import answer_ctrl_c_while_loading as _answer

    _answer()

from kozel import engine, forms, play, record, variants, view
from kozel.cards import CARDS, Card, CardSet, Deck, Rank, Suit, format_cards, parse_cards
from kozel.engine import apply, legal_moves, new_game
from kozel.engine.build import COMPILED as _COMPILED
from kozel.errors import (
    DeckError,
    IllegalMoveError,
    KozelError,
    MissingExtraError,
    NotationError,
    NoWorldError,
    RulesetError,
    SeatError,
    StateError,
    WrongTypeError,
)
from kozel.forms import load_ruleset, loads_ruleset
from kozel.game import GameState, HandResult, MatchResult, Move, MoveKind, Phase, Trick, parse_move
from kozel.play.actions import Actions, CompactActions, actions
from kozel.play.decision import Decision, advance, decision
from kozel.play.encoding import Encoding, encoding
from kozel.rules import Ruleset
from kozel.view import PlayerView, ViewTracker, determinize, observe, step

#: The version of this kozel package.
__version__ = "0.1.0"

#: Whether the engine running is the compiled build (mypyc, ``KOZEL_COMPILE=1``) rather than pure Python.
__compiled__: bool = _COMPILED
del _COMPILED

__all__ = [
    "CARDS",
    "Actions",
    "Card",
    "CardSet",
    "CompactActions",
    "Decision",
    "Deck",
    "DeckError",
    "Encoding",
    "GameState",
    "HandResult",
    "IllegalMoveError",
    "KozelError",
    "MatchResult",
    "MissingExtraError",
    "Move",
    "MoveKind",
    "NoWorldError",
    "NotationError",
    "Phase",
    "PlayerView",
    "Rank",
    "Ruleset",
    "RulesetError",
    "SeatError",
    "StateError",
    "Suit",
    "Trick",
    "ViewTracker",
    "WrongTypeError",
    "__compiled__",
    "__version__",
    "actions",
    "advance",
    "apply",
    "decision",
    "determinize",
    "encoding",
    "engine",
    "format_cards",
    "forms",
    "legal_moves",
    "load_ruleset",
    "loads_ruleset",
    "new_game",
    "observe",
    "parse_cards",
    "parse_move",
    "play",
    "record",
    "step",
    "variants",
    "view",
]
