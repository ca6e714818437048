"""A transition's events: :func:`step` is :func:`~kozel.apply` that also says what happened.

The events (:mod:`kozel.engine.events`) are the move itself, then what followed from it.  The
trick's winner is the one the transition gave the trick to (it notes it while a step listens),
never worked out a second time; everything else is read from the states before and after, which
the transition built.  ``apply`` stays the fast path: it builds no event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kozel.cards.cardset import CardSet, cardset_from_mask
from kozel.engine.build import COMPILED
from kozel.engine.core import apply, not_a_state
from kozel.engine.events import (
    BETWEEN_PARTNERS,
    PLAYED_LIMIT,
    CardsDrawn,
    CardsReturned,
    Caught,
    Dealt,
    Event,
    HandScored,
    Laid,
    MatchOver,
    Played,
    PraiseDealt,
    TalonTaken,
    TrickTaken,
)
from kozel.engine.praise.drawing import lays
from kozel.engine.taken import LISTENER
from kozel.engine.trick_winner import trick_taker
from kozel.game.move import Move, MoveKind, broken
from kozel.game.results import HandResult
from kozel.game.state import GameState, Phase, stock_bytes

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_LAY_OPEN: Final = MoveKind.LAY_OPEN
_KIND_PRAISE: Final = MoveKind.PRAISE
_KIND_TAKE_TALON: Final = MoveKind.TAKE_TALON
_PHASE_DRAWING: Final = Phase.DRAWING
_PHASE_PRAISE: Final = Phase.PRAISE

__all__ = ["dealt_for_seat", "opening_events", "played_event", "played_in", "step", "transition_events"]

_PLAY: Final = Phase.PLAY
_MOLODKA: Final = MoveKind.MOLODKA
_TRANSFER: Final = MoveKind.TRANSFER
_TRICK_ANSWERS: Final = frozenset({MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY})
_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK
#: What a step that takes no trick heard (never appended to).
_NONE_TAKEN: Final[list[int]] = []
_COMPILED: Final = COMPILED
#: The ``Played`` event of each move seen (a move's event is the same value every time, but for
#: the receiver of a transfer): built once and shared, emptied when full.
_PLAYED: Final[dict[Move, Played]] = {}


def opening_events(state: GameState) -> tuple[Event, ...]:
    """The events of the start of ``state``'s deal, as everyone at the table knows it."""
    return (_dealt(state),)


def step(state: object, move: object) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (as :func:`kozel.apply`) and the events of the transition, all cards shown.

    Send each seat ``tuple(event.for_seat(seat) for event in events)``: the same events with the
    cards it may not see left out.  A seat sent ``opening_events(state)`` at the start of a match
    and then every step's events so rendered has, since the last :class:`~kozel.view.Dealt`,
    exactly the ``history`` of ``kozel.observe(state, seat)``.  A :class:`~kozel.ViewTracker`
    keeps every seat's view from these events.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> after, events = kozel.step(state, kozel.parse_move("1 lead K♥"))
    >>> [type(event).__name__ for event in events], after.turn
    (['Played'], 2)
    """
    try:  # typed ``object``: anything but a state is refused with the library's error (see not_a_state)
        game: GameState = state  # type: ignore[assignment]  # compiled, this checks that it is a tuple
        if _COMPILED and type(game) is not GameState:  # compiled reads by position: a plain tuple would do
            raise TypeError
        trick = game.trick
        if not isinstance(move, Move):
            return apply(game, move), ()
        if (
            trick is None
            or move.kind not in _TRICK_ANSWERS
            or len(trick.plays) != game.match.ruleset.seating.players - 1
        ):
            return (after := apply(game, move)), transition_events(game, move, after, _NONE_TAKEN)
        heard: list[int] = []  # the move may end the trick: listen for its winner
        token = LISTENER.set(heard)
        try:
            after = apply(game, move)
        finally:
            LISTENER.reset(token)
        return after, transition_events(game, move, after, heard)
    except (AttributeError, TypeError, IndexError, KeyError):  # compiled, a state's fields are read by position
        if type(state) is GameState:
            if isinstance(move, Move) and broken(move) is not None:  # a Move built around its constructor
                apply(state, move)  # refuses it with the library's error
            raise  # the engine's own error, not the caller's
        raise not_a_state(state, "step") from None


def transition_events(
    before: GameState, move: Move, after: GameState, taken: list[int] | None = None
) -> tuple[Event, ...]:
    """Every event of the transition ``before`` --``move``--> ``after``, with all cards shown.

    ``taken`` holds the seat the transition gave a trick to, as :func:`step` heard it; without it
    (None) the trick's winner is worked out from the rules again.
    """
    kind = move.kind
    played = _PLAYED.get(move)
    if played is None:
        played = _played(before, move)
        if kind is not _TRANSFER and kind is not _TRANSFER_BACK:
            if len(_PLAYED) >= PLAYED_LIMIT:
                _PLAYED.clear()
            _PLAYED[move] = played
    if (
        after.match is before.match
        and after.deal is before.deal
        and before.phase is _PLAY
        and not taken
        and kind is not _MOLODKA
        and (
            taken is not None
            or before.trick is None
            or len(before.trick.plays) != before.match.ruleset.seating.players - 1
        )
    ):
        return (played,)  # the common case: a play in the middle of a trick, nothing else happened
    return _after_the_move(before, move, after, played, taken)


def played_event(move: Move) -> Played:
    """The ``Played`` event of ``move`` (not a transfer), all cards shown: made once per move and shared."""
    played = _PLAYED.get(move)
    if played is None:
        played = _played(None, move)
        if len(_PLAYED) >= PLAYED_LIMIT:
            _PLAYED.clear()
        _PLAYED[move] = played
    return played


def played_in(before: GameState, move: Move) -> Played:
    """The ``Played`` event of ``move`` made in ``before``, all cards shown (a transfer names who gets it)."""
    if move.kind is _TRANSFER or move.kind is _TRANSFER_BACK:
        return _played(before, move)
    return played_event(move)


def _played(before: GameState | None, move: Move) -> Played:
    kind = move.kind
    receiver = None
    if before is None:
        pass
    elif kind is _TRANSFER:
        receiver = before.match.ruleset.seating.partner_of_seat[move.seat]
    elif kind is _TRANSFER_BACK and before.window is not None and before.window.pending is not None:
        receiver = before.window.pending.seat
    return Played(move.seat, kind, move.cards, len(move.cards), move.choice, receiver)


def _after_the_move(
    before: GameState, move: Move, after: GameState, played: Played, taken: list[int] | None
) -> tuple[Event, ...]:
    if taken and after.match is before.match and after.deal is before.deal:
        # A trick taken and play goes on in the same hand: the trick, then the draw from the stock.
        trick = before.trick
        assert trick is not None
        count = len(move.cards)
        for play in trick.plays:
            count += len(play.cards)
        taker = TrickTaken(taken[0], count, 0)
        if not before.stock:
            return (played, taker)
        drawn = []
        olds = before.hand_masks
        for seat, new in enumerate(after.hand_masks):
            got = new & ~olds[seat]
            if got:
                drawn.append((seat, cardset_from_mask(got), got.bit_count()))
        return (played, taker, CardsDrawn(tuple(drawn))) if drawn else (played, taker)
    found: list[Event] = [played]
    same_deal = after.deal.number == before.deal.number
    ended = len(after.match.hand_results) > len(before.match.hand_results)
    result = after.match.hand_results[-1] if ended else None
    if move.kind is _MOLODKA and before.trick is not None:
        returned = tuple((p.seat, p.cards, len(p.cards), p.face_up) for p in before.trick.plays)
        found.append(CardsReturned(returned))
    if move.kind is _KIND_TAKE_TALON:
        found.append(TalonTaken(move.seat, before.talon, before.talon_shown))
    found += _trick_events(before, move, result, taken)
    if move.kind is _KIND_PRAISE or (before.phase is _PHASE_DRAWING and after.phase is not _PHASE_DRAWING):
        if same_deal and after.phase is _PLAY:
            praise = after.deal.praise
            # A drawing deal that ends in this move: what each seat got in it (the closing deal's cards too), then
            # what was laid; any other praise deal's hands are all in the PraiseDealt.
            found += _drawn_and_laid(before, move, after) if praise is not None and praise.is_drawn else []
            tricks = tuple(
                (tuple((p.seat, p.cards[0] if p.face_up else None) for p in trick.plays), trick.winner)
                for trick in after.deal.dealt_tricks
            )
            name = praise.value if praise is not None else ""
            found.append(PraiseDealt(name, after.hands, tricks, after.turn, len(stock_bytes(after))))
        elif same_deal:
            found += _drawn_and_laid(before, move, after)
    elif same_deal:
        found += _drawn_and_laid(before, move, after)
    if not same_deal or after.is_over:
        if result is not None:
            if result.caught:
                found.append(_caught(before, move))
            found.append(HandScored(result, after.scores, after.sets))
        if after.match.result is not None:
            found.append(MatchOver(after.match.result))
        elif not same_deal:
            found.append(_dealt(after))
    return tuple(found)


def dealt_for_seat(state: GameState, seat: int) -> Dealt:
    """The deal that began ``state``'s deal as ``seat`` saw it (``opening_events(state)[0].for_seat(seat)``)."""
    masks = state.hand_masks
    return _dealt(state, tuple([cardset_from_mask(mask) if i == seat else None for i, mask in enumerate(masks)]))


def _dealt(state: GameState, hands: tuple[CardSet | None, ...] | None = None) -> Dealt:
    deal, match = state.deal, state.match
    return Dealt(
        dealer=deal.dealer,
        hands=state.hands if hands is None else hands,
        sizes=tuple(mask.bit_count() for mask in state.hand_masks),
        stock=len(stock_bytes(state)),
        talon=len(state.talon),
        trump_card=deal.trump_card,
        talon_shown=state.talon_shown if match.ruleset.talon is not None else None,
        turn=state.turn,
        leader=deal.base.leader,
        scores=match.scores,
        sets=match.sets,
        hand_number=len(match.hand_results),
        last_opener=deal.last_opener,
        redeals=deal.redeals,
    )


def _trick_events(before: GameState, move: Move, result: HandResult | None, taken: list[int] | None) -> list[Event]:
    """The trick taken by ``move``, if it was the trick's last play and no catch stopped the hand on it."""
    trick = before.trick
    if trick is None or move.kind not in _TRICK_ANSWERS or len(trick.plays) != before.match.ruleset.seating.players - 1:
        return []
    if result is not None and result.caught:
        return []  # a caught trick is not taken, in the match's last hand as in any other
    count = sum(len(play.cards) for play in trick.plays) + len(move.cards)
    winner = taken[0] if taken else trick_taker(before, move)
    talon = len(before.talon) if result is not None else 0  # the hand's last trick takes the talon no one took
    return [TrickTaken(winner=winner, count=count, talon=talon)]


def _drawn_and_laid(before: GameState, move: Move, after: GameState) -> list[Event]:
    """The cards each seat received in the move (a ``CardsDrawn``), then the cards laid without a move.

    A card that joined a hand and was laid again in the same move (the drawing deals) was received all
    the same: it is counted, and named to its owner, though no hand holds it afterwards."""
    laid = _laid(before, move, after)
    drawn: list[Event] = _drawn(before, move, after, laid)
    return drawn + laid


def _drawn(before: GameState, move: Move, after: GameState, laid: Sequence[Laid] = ()) -> list[Event]:
    between_partners = move.kind in BETWEEN_PARTNERS
    taken = move.mask if not between_partners else 0
    drawn = []
    olds = before.hand_masks
    for seat, new in enumerate(after.hand_masks):
        old = olds[seat]
        received = 0
        if between_partners and seat != move.seat:
            received = move.mask
        if move.kind is _KIND_TAKE_TALON and seat == move.seat:
            received = sum(card.bit for card in before.talon)
        if move.kind is _MOLODKA and before.trick is not None:
            received = sum(play.mask for play in before.trick.plays if play.seat == seat)
        new_cards = new & ~old & ~received & ~(taken if seat == move.seat else 0)
        for lay in laid:  # laid by its receiver in the move that drew it: in no hand now, drawn all the same
            if lay.seat == seat and lay.card is not None and not old & lay.card.bit:
                new_cards |= lay.card.bit
        if new_cards:
            drawn.append((seat, cardset_from_mask(new_cards), new_cards.bit_count()))
    return [CardsDrawn(tuple(drawn))] if drawn else []


def _laid(before: GameState, move: Move, after: GameState) -> list[Laid]:
    """The cards laid without a move in a drawing deal, in the order laid."""
    if before.phase not in (_PHASE_PRAISE, _PHASE_DRAWING):
        return []
    done = lays(before)
    return [Laid(lay.seat, lay.kind is _KIND_LAY_OPEN, lay.cards[0]) for lay in lays(after)[len(done) :] if lay != move]


def _caught(before: GameState, move: Move) -> Caught:
    catch = before.match.ruleset.catch
    assert catch is not None
    plays = (*before.trick.plays, move) if before.trick is not None else (move,)
    seats = {card: play.seat for play in plays for card in play.cards}
    return Caught(catch.catcher, seats[catch.catcher], catch.victim, seats[catch.victim])
