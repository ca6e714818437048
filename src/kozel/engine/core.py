"""The engine's entry points: ``legal_moves`` and ``apply``, dispatching on the phase and the trick-play component.

Each phase is one row of :data:`PHASES`: its move generator and its transition.  A transition
``(state, move, log)`` returns the next state with ``log`` (the deal's moves, this one included)
as its log; a transition that starts a new deal returns that deal's first state, and ``apply``
moves the finished deal's moves into the match's history.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final, NamedTuple

from kozel.cards.card import Card
from kozel.cards.masks import EVERY_CARD, cards_of
from kozel.engine import beat_or_pass, follow_suit
from kozel.engine.bidding import apply_bid, apply_lay_away, bidding_moves, lay_away_moves
from kozel.engine.build import COMPILED
from kozel.engine.explain import refuse
from kozel.engine.interned import KNOWN
from kozel.engine.praise.drawing import apply_lay, lay_moves
from kozel.engine.praise.procedures import apply_praise, praise_moves
from kozel.engine.redeal import apply_redeal, redeal_moves
from kozel.engine.transfer import apply_transfer, apply_transfer_back, transfer_back_moves, transfer_moves
from kozel.errors import IllegalMoveError, WrongTypeError
from kozel.game.log import append as log_append
from kozel.game.move import Move, MoveKind, broken_move_error
from kozel.game.state import GameState, Phase, not_a_state, renewed_match, with_match
from kozel.limits import SEAT_DIGITS
from kozel.rules.trick_play import BeatOrPass, FollowSuit

__all__ = ["PHASES", "PhaseRules", "apply", "legal_moves", "not_a_state"]

#: The engine module that plays each kind of trick-play component.
_TRICK_ENGINES: Final[dict[type, ModuleType]] = {BeatOrPass: beat_or_pass, FollowSuit: follow_suit}
#: Each trick engine's move generator during a trick, and its transition (the common case of ``apply``).
_TRICK_MOVES: Final[dict[type, Callable[[GameState], tuple[Move, ...]]]] = {
    kind: engine.legal_moves for kind, engine in _TRICK_ENGINES.items()
}
_TRICK_APPLY: Final[dict[type, Callable[[GameState, Move, bytes], GameState]]] = {
    kind: engine.apply for kind, engine in _TRICK_ENGINES.items()
}
_PLAY: Final = Phase.PLAY
_pack: Final = struct.Struct("<Q").pack
#: Seats that pack into a log entry's five seat bits (see ``kozel.game.log``).
_PACKED_SEATS: Final = 32
_PRAISE: Final = MoveKind.PRAISE
_MAX_SEAT: Final = 10**SEAT_DIGITS - 1
_TRANSFER: Final = MoveKind.TRANSFER
_REDEAL: Final = MoveKind.REDEAL
_KNOWN: Final = KNOWN
_COMPILED: Final = COMPILED


class PhaseRules(NamedTuple):
    """What the engine does in one phase: the moves open, and the state after one of them."""

    #: Every move any seat may make in this phase.
    moves: Callable[[GameState], tuple[Move, ...]]
    #: The state after a move, with the given log (refusing a move not open).
    transition: Callable[[GameState, Move, bytes], GameState]


def _play_moves(state: GameState) -> tuple[Move, ...]:
    """Trick play by the ruleset's component, and between tricks the transfers and redeals open."""
    rules = state.match.ruleset
    moves: tuple[Move, ...] = _TRICK_MOVES[type(rules.play)](state)
    if state.trick is None:
        if state.window is not None:
            moves += transfer_moves(state)
        if rules.redeal is not None:
            moves += redeal_moves(state)
    return moves


def _play(state: GameState, move: Move, log: bytes) -> GameState:
    kind = move.kind
    if kind is _TRANSFER:
        return apply_transfer(state, move, _play_moves(state), log)
    if kind is _REDEAL:
        return apply_redeal(state, move, log)
    result: GameState = _TRICK_APPLY[type(state.match.ruleset.play)](state, move, log)
    return result


def _no_moves(state: GameState) -> tuple[Move, ...]:
    return ()


def _over(state: GameState, move: Move, log: bytes) -> GameState:
    raise refuse(move, "match over", "the match is over")


#: Each phase's move generator and transition: a new phase is one row here.
PHASES: Final[dict[Phase, PhaseRules]] = {
    Phase.PLAY: PhaseRules(_play_moves, _play),
    Phase.TRANSFER_BACK: PhaseRules(transfer_back_moves, apply_transfer_back),
    Phase.BIDDING: PhaseRules(bidding_moves, apply_bid),
    Phase.LAY_AWAY: PhaseRules(lay_away_moves, apply_lay_away),
    Phase.PRAISE: PhaseRules(praise_moves, apply_praise),
    Phase.DRAWING: PhaseRules(lay_moves, apply_lay),
    Phase.OVER: PhaseRules(_no_moves, _over),
}


def legal_moves(state: object) -> tuple[Move, ...]:
    """Every move any seat may make now; empty exactly when the match is over (or inside ``within_hand``, a hand's end).

    Anything but a GameState raises :class:`~kozel.WrongTypeError` (a ``TypeError``).

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> [str(move) for move in kozel.legal_moves(state)]
    ['1 lead 7♥', '1 lead K♥', '1 lead 7♥ K♥', '1 lead 7♦', '1 lead A♦', '1 lead 7♦ A♦']
    """
    try:  # typed ``object``: anything but a state is refused with the library's error (see not_a_state)
        game: GameState = state  # type: ignore[assignment]  # compiled, this checks that it is a tuple
        if _COMPILED and type(game) is not GameState:  # compiled reads by position: a plain tuple would do
            raise TypeError
        phase = game.phase
        if phase is _PLAY:  # the common case, ahead of the table
            if game.trick is not None:
                moves: tuple[Move, ...] = _TRICK_MOVES[type(game.match.ruleset.play)](game)
                return moves
            return _play_moves(game)
        return PHASES[phase].moves(game)
    except (AttributeError, TypeError, IndexError, KeyError):  # compiled, a state's fields are read by position
        if type(state) is GameState:  # the engine's own error, not the caller's
            raise
        raise not_a_state(state, "legal_moves") from None


def apply(state: object, move: object) -> GameState:
    """The state after ``move`` (a Move); ``state`` is unchanged.

    ``state`` and ``move`` are typed ``object`` because anything may be passed and is answered with
    the library's error (the compiled build would otherwise refuse a non-Move or a non-state with its
    own ``TypeError``): anything but a GameState raises :class:`~kozel.WrongTypeError`.

    Exactly the moves of ``legal_moves(state)`` are accepted, compared as values.  Any other move
    raises :class:`~kozel.IllegalMoveError` naming the broken rule (``rule="move"`` for a Move built
    around its constructor that breaks a Move's invariants, ``rule="choice"`` for a choice the
    move's kind does not take); anything but a Move raises :class:`~kozel.WrongTypeError` (a
    ``TypeError``).

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> after = kozel.apply(state, kozel.parse_move("1 lead K♥"))
    >>> state.turn, after.turn, str(after.trick.cards)
    (1, 2, 'K♥')
    >>> kozel.apply(after, kozel.parse_move("1 lead 7♦"))
    Traceback (most recent call last):
    ...
    kozel.errors.IllegalMoveError: 1 lead 7♦ is not allowed: it is seat 2's turn
    """
    try:  # typed ``object``: anything but a state is refused with the library's error (see not_a_state)
        game: GameState = state  # type: ignore[assignment]  # compiled, this checks that it is a tuple
        if _COMPILED and type(game) is not GameState:  # compiled reads by position: a plain tuple would do
            raise TypeError
        log = game.log
        known = _KNOWN.get(id(move))
        if known is not None and known[0] is move:  # one of the engine's own moves: well formed, its log entry made
            move = known[0]
            log += known[1]
            kind = known[2]
        else:
            if type(move) is not Move or len(move) != 5:
                raise _not_a_move(move)
            # Read as plain objects: a compiled build would convert fields typed ``int`` (a bool to an int).
            fields: Any = move
            seat, kind, cards, mask, choice = fields
            # The invariants of a Move, checked cheaply: a hand-built one may break any of them.  The
            # engine's own moves hold the very card tuple ``cards_of`` gives (checked by identity).
            if (
                type(seat) is not int
                or type(kind) is not MoveKind
                or type(mask) is not int
                or not 0 <= seat <= _MAX_SEAT
                or not 0 <= mask <= EVERY_CARD
            ):
                raise _not_a_move(move)
            canonical = cards_of(mask)
            if cards is not canonical:
                if type(cards) is not tuple or cards != canonical:
                    raise _not_a_move(move)
                for card in cards:
                    if type(card) is not Card:
                        raise _not_a_move(move)
            if choice is not None and (kind is not _PRAISE or type(choice) is not str):
                raise _not_a_move(move)
            if choice is None and seat < _PACKED_SEATS:  # the common case of log_append, inline
                log += _pack(mask | kind << 36 | seat << 41)
            else:
                try:
                    log = log_append(log, move)
                except (
                    KeyError,
                    OverflowError,
                    struct.error,
                ):  # no legal move fails to pack: the transition refuses it
                    log = game.log
        if game.phase is _PLAY and kind is not _TRANSFER and kind is not _REDEAL:  # trick play: the common case
            after: GameState = _TRICK_APPLY[type(game.match.ruleset.play)](game, move, log)
        else:
            after = PHASES[game.phase].transition(game, move, log)
        if after.deal is game.deal or after.deal.number == game.deal.number:
            return after
        # A new deal: the moves of the one that ended join the match's history, where it goes back to the match's
        # start (a world drawn mid-match, by determinize, knows no earlier deal: its history stays empty).
        m = after.match
        history = game.match.history
        if history or not game.deal.number:
            history += log
        return with_match(
            after, renewed_match(m, history=history, scores=m.scores, hand_results=m.hand_results, sets=m.sets)
        )
    except (AttributeError, TypeError, IndexError, KeyError):  # compiled, a state's fields are read by position
        if type(state) is GameState:  # the engine's own error, not the caller's
            raise
        raise not_a_state(state, "apply") from None


def _not_a_move(move: object) -> Exception:
    """The error for something apply cannot play: not a Move at all, or a Move that breaks its invariants."""
    if type(move) is not Move:
        hint = "; read move text with kozel.parse_move" if isinstance(move, str) else ""
        return WrongTypeError(f"apply plays a Move, not {type(move).__name__}{hint}")
    error = broken_move_error(move)
    if error is None:  # a well-formed move with a choice its kind does not take
        return IllegalMoveError(
            f"{move} is not allowed: only a praise move names a choice ({move.kind.word} takes none)",
            move=move,
            rule="choice",
        )
    return error
