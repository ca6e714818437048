"""The engine's entry points: ``legal_moves`` and ``apply``, dispatching on the phase and the trick-play component."""

from __future__ import annotations

from types import ModuleType
from typing import Final

from kozel.cards.card import Card
from kozel.cards.cardset import cards_of
from kozel.engine import beat_or_pass, follow_suit
from kozel.engine.bidding import apply_bid, apply_lay_away, bidding_moves, lay_away_moves
from kozel.engine.drawing import apply_lay, lay_moves
from kozel.engine.explain import refuse
from kozel.engine.praise import apply_praise, praise_moves
from kozel.engine.redeal import apply_redeal, redeal_moves
from kozel.engine.transfer import apply_transfer, apply_transfer_back, transfer_back_moves, transfer_moves
from kozel.errors import IllegalMoveError, WrongTypeError
from kozel.game.log import append as log_append
from kozel.game.move import Move, MoveKind, broken
from kozel.game.state import GameState, Phase
from kozel.limits import SEAT_DIGITS
from kozel.rules.trick_play import BeatOrPass, FollowSuit

__all__ = ["apply", "legal_moves"]

#: The engine module that plays each kind of trick-play component.
_TRICK_ENGINES: Final[dict[type, ModuleType]] = {BeatOrPass: beat_or_pass, FollowSuit: follow_suit}
_PLAY: Final = Phase.PLAY
_LOG: Final = GameState._fields.index("log")
_new: Final = tuple.__new__
_PRAISE: Final = MoveKind.PRAISE
_ALL_CARDS: Final = (1 << 36) - 1
_MAX_SEAT: Final = 10**SEAT_DIGITS - 1


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every move any seat may make now; empty exactly when the match is over.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> [str(move) for move in kozel.legal_moves(state)]
    ['1 lead K♣', '1 lead 7♠', '1 lead 9♠', '1 lead 7♠ 9♠', '1 lead 8♥']
    """
    phase = state.phase
    if phase is _PLAY:
        rules = state.deal.ruleset
        moves: tuple[Move, ...] = _TRICK_ENGINES[type(rules.play)].legal_moves(state)
        if state.trick is None:
            if state.window is not None:
                moves += transfer_moves(state)
            if rules.redeal is not None:
                moves += redeal_moves(state)
        return moves
    if phase is Phase.TRANSFER_BACK:
        return transfer_back_moves(state)
    if phase is Phase.BIDDING:
        return bidding_moves(state)
    if phase is Phase.LAY_AWAY:
        return lay_away_moves(state)
    if phase is Phase.PRAISE:
        return praise_moves(state)
    if phase is Phase.DRAWING:
        return lay_moves(state)
    return ()


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` is unchanged.

    Exactly the moves of ``legal_moves(state)`` are accepted, compared as values.  Any other move
    raises :class:`~kozel.IllegalMoveError` naming the broken rule (``rule="move"`` for a Move built
    around its constructor that breaks a Move's invariants, ``rule="choice"`` for a choice the
    move's kind does not take); anything but a Move raises :class:`~kozel.WrongTypeError` (a
    ``TypeError``).

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> after = kozel.apply(state, kozel.parse_move("1 lead K♣"))
    >>> state.turn, after.turn, str(after.trick.cards)
    (1, 2, 'K♣')
    >>> kozel.apply(after, kozel.parse_move("1 lead 7♠"))
    Traceback (most recent call last):
    ...
    kozel.errors.IllegalMoveError: 1 lead 7♠ is not allowed: it is seat 2's turn
    """
    if type(move) is not Move or len(move) != 5:
        raise _not_a_move(move)
    seat, kind, cards, mask, choice = move
    # The invariants of a Move, checked cheaply: a hand-built one may break any of them.
    if (
        type(seat) is not int
        or type(kind) is not MoveKind
        or type(mask) is not int
        or not 0 <= seat <= _MAX_SEAT
        or not 0 <= mask <= _ALL_CARDS
        or cards != cards_of(mask)
        or type(cards) is not tuple
    ):
        raise _not_a_move(move)
    for card in cards:
        if type(card) is not Card:
            raise _not_a_move(move)
    if choice is not None and (kind is not _PRAISE or type(choice) is not str):
        raise _not_a_move(move)
    after = _apply(state, move)
    deal = after.deal
    if deal.number == state.deal.number:  # the same deal goes on: the move joins its log
        fields = after if len(after) == _LOG else after[:_LOG]  # the hot paths build states without the log
        return _new(GameState, fields + (log_append(state.log, move),))  # noqa: RUF005 - concatenation is faster
    # A new deal: this deal's moves join the match's history.
    before = state.deal
    history = log_append(before.history + state.log, move)
    deal = deal._replace(history=history, opening=before.opening, first_dealer=before.first_dealer)
    return _new(GameState, (deal, *after[1:_LOG], b""))


def _not_a_move(move: object) -> Exception:
    """The error for something apply cannot play: not a Move at all, or a Move that breaks its invariants."""
    if type(move) is not Move:
        hint = "; read move text with kozel.parse_move" if isinstance(move, str) else ""
        return WrongTypeError(f"apply plays a Move, not {type(move).__name__}{hint}")
    why = broken(move)
    if why is None:  # a well-formed move with a choice its kind does not take
        return IllegalMoveError(
            f"{move} is not allowed: only a praise move names a choice ({move.kind.word} takes none)",
            move=move,
            rule="choice",
        )
    return IllegalMoveError(
        f"this Move was built around its constructor and breaks a Move's invariants: {why}; "
        "build moves with Move(...) or kozel.parse_move",
        move=move,
        rule="move",
    )


def _apply(state: GameState, move: Move) -> GameState:
    phase = state.phase
    if phase is _PLAY:
        kind = move.kind
        if kind is MoveKind.TRANSFER:
            return apply_transfer(state, move, legal_moves(state))
        if kind is MoveKind.REDEAL:
            return apply_redeal(state, move)
        result: GameState = _TRICK_ENGINES[type(state.deal.ruleset.play)].apply(state, move)
        return result
    if phase is Phase.TRANSFER_BACK:
        return apply_transfer_back(state, move)
    if phase is Phase.BIDDING:
        return apply_bid(state, move)
    if phase is Phase.LAY_AWAY:
        return apply_lay_away(state, move)
    if phase is Phase.PRAISE:
        return apply_praise(state, move)
    if phase is Phase.DRAWING:
        return apply_lay(state, move)
    raise refuse(move, "match over", "the match is over")
