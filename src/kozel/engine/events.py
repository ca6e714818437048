"""Events: what happened in each transition, as the engine tells it, and what each seat may see of it.

:func:`step` is :func:`~kozel.apply` that also says what happened: the move itself, then what
followed from it (cards returned by a molodka, a trick taken, cards drawn, cards laid without a
move, a praise deal, a hand scored, a catch, the match over, the next deal).  Each event holds
everything; ``event.for_seat(seat)`` is the same event as that seat may see it, with hidden cards
left out (their number stays).  ``apply`` stays the fast path: it builds no event.

The trick's winner is the one the transition gave the trick to (it notes it while a step
listens), never worked out a second time; everything else is read from the states before and
after, which the transition built.
"""

from __future__ import annotations

from typing import Final

import attrs

from kozel.cards.card import Card
from kozel.cards.cardset import CardSet, cardset_from_mask
from kozel.engine.core import apply
from kozel.engine.praise.drawing import lays
from kozel.engine.taken import LISTENER
from kozel.engine.trick_winner import trick_taker
from kozel.game.move import Move, MoveKind
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Phase

__all__ = [
    "CardsDrawn",
    "CardsReturned",
    "Caught",
    "Dealt",
    "Event",
    "HandScored",
    "Laid",
    "MatchOver",
    "Played",
    "PraiseDealt",
    "TalonTaken",
    "TrickTaken",
    "opening_events",
    "played_event",
    "step",
    "transition_events",
]

#: Moves whose cards only the mover sees (and, for a transfer, the partner who gets them).
_PRIVATE: Final = frozenset({MoveKind.PASS, MoveKind.LAY_AWAY, MoveKind.LAY_DARK})
_BETWEEN_PARTNERS: Final = frozenset({MoveKind.TRANSFER, MoveKind.TRANSFER_BACK})


@attrs.frozen
class Event:
    """Something that happened at the table."""

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` sees it (hidden cards left out)."""
        return self


@attrs.frozen
class Dealt(Event):
    """A deal: each seat's cards (None where hidden), the stock and talon left, the shown cards, who is to move."""

    #: The dealer.
    dealer: int
    #: Each seat's hand, or None for a hand this seat may not see.
    hands: tuple[CardSet | None, ...]
    #: How many cards each seat holds.
    sizes: tuple[int, ...]
    #: Cards left in the stock.
    stock: int
    #: Cards in the talon.
    talon: int
    #: The card shown to name the trump suit, or None.
    trump_card: Card | None
    #: The talon card shown face up, or None.
    talon_shown: Card | None
    #: The seat to move first.
    turn: int | None
    #: The seat due to open the hand (after the bidding or the praise, where there is one).
    leader: int = 0
    #: Written points per side before this deal.
    scores: tuple[int, ...] = ()
    #: Sets won per side before this deal, in a match of sets.
    sets: tuple[int, ...] = ()
    #: How many hands were finished before this deal.
    hand_number: int = 0
    #: The seat that opened the previous hand, or None.
    last_opener: int | None = None
    #: The sides whose redeal calls in a row led to this deal, oldest first.
    redeals: tuple[int, ...] = ()

    def for_seat(self, seat: int) -> Dealt:
        """Only ``seat``'s own hand is shown."""
        return attrs.evolve(self, hands=tuple(hand if i == seat else None for i, hand in enumerate(self.hands)))


@attrs.frozen
class Played(Event):
    """A seat made a move: its cards (None where hidden from this seat) and how many there were."""

    #: The seat that moved.
    seat: int
    #: What it did.
    kind: MoveKind
    #: The cards, or None where hidden from the viewer.
    cards: tuple[Card, ...] | None
    #: How many cards.
    count: int
    #: What the seat chose, for a move that is a choice.
    choice: str | None = None
    #: The seat that received the cards of a transfer, or None.
    to: int | None = None

    def for_seat(self, seat: int) -> Played:
        """Face-down cards only for the mover (and the partner of a transfer)."""
        kind = self.kind
        if seat == self.seat or self.cards is None:
            return self
        if kind in _PRIVATE or (kind in _BETWEEN_PARTNERS and seat != self.to):
            key = (self.seat, kind, self.count, self.choice, self.to)
            hidden = _HIDDEN.get(key)
            if hidden is None:
                hidden = Played(self.seat, kind, None, self.count, self.choice, self.to)
                if len(_HIDDEN) >= _PLAYED_LIMIT:
                    _HIDDEN.clear()
                _HIDDEN[key] = hidden
            return hidden
        return self

    @property
    def move(self) -> Move | None:
        """The move, where its cards are known."""
        return Move(self.seat, self.kind, self.cards, self.choice) if self.cards is not None else None


@attrs.frozen
class CardsReturned(Event):
    """A molodka sent the cards on the table back to their owners: ``(seat, cards or None, count)`` each."""

    #: Each play taken back: the seat, its cards (None where face down and not the viewer's), how many,
    #: and whether they had been played face up.
    returned: tuple[tuple[int, tuple[Card, ...] | None, int, bool], ...]

    def for_seat(self, seat: int) -> CardsReturned:
        """Face-down cards only for their owner."""
        return CardsReturned(
            tuple(
                (owner, cards if face_up or owner == seat else None, count, face_up)
                for owner, cards, count, face_up in self.returned
            )
        )


@attrs.frozen
class Laid(Event):
    """In a deal dealt by drawing, a player laid the one card he could, without a move of his own."""

    #: The player.
    seat: int
    #: Whether it was laid face up (else face down).
    face_up: bool
    #: The card, or None where laid face down and not the viewer's.
    card: Card | None

    def for_seat(self, seat: int) -> Laid:
        """A face-down card only for its player."""
        return self if self.face_up or seat == self.seat else attrs.evolve(self, card=None)


@attrs.frozen
class TrickTaken(Event):
    """A trick was taken: by whom, and how many cards it held."""

    #: The seat that took it.
    winner: int
    #: Cards in the trick.
    count: int


@attrs.frozen
class CardsDrawn(Event):
    """Seats drew or received cards out of sight: ``(seat, cards or None, count)`` each."""

    #: Each seat's new cards (None for a hand the viewer may not see) and how many.
    drawn: tuple[tuple[int, CardSet | None, int], ...]

    def for_seat(self, seat: int) -> CardsDrawn:
        """Only ``seat``'s own cards are shown."""
        return CardsDrawn(tuple((owner, cards if owner == seat else None, n) for owner, cards, n in self.drawn))


@attrs.frozen
class PraiseDealt(Event):
    """A praise deal was dealt: the hands (None where hidden), and the tricks it dealt before play."""

    #: The praise announced.
    praise: str
    #: Each seat's hand, or None for a hand the viewer may not see.
    hands: tuple[CardSet | None, ...]
    #: The tricks dealt: each play ``(seat, card or None)`` (face-down cards hidden), and the winner.
    tricks: tuple[tuple[tuple[tuple[int, Card | None], ...], int], ...]
    #: The seat to lead.
    turn: int | None

    def for_seat(self, seat: int) -> PraiseDealt:
        """Only ``seat``'s own hand is shown."""
        return attrs.evolve(self, hands=tuple(hand if i == seat else None for i, hand in enumerate(self.hands)))


@attrs.frozen
class TalonTaken(Event):
    """The declarer took the talon into his hand (the viewer sees its cards only if he is the declarer)."""

    #: The declarer.
    seat: int
    #: The talon's cards, or None where hidden from the viewer.
    cards: tuple[Card, ...] | None
    #: The card that was shown face up.
    shown: Card | None

    def for_seat(self, seat: int) -> TalonTaken:
        """The talon's hidden card only for the declarer."""
        return self if seat == self.seat else attrs.evolve(self, cards=None)


@attrs.frozen
class HandScored(Event):
    """A hand ended and was scored (eggs, a catch and a forfeit are marked in the result)."""

    #: The hand's result.
    result: HandResult
    #: Written points per side after the hand.
    scores: tuple[int, ...]


@attrs.frozen
class Caught(Event):
    """A catch stopped the hand: the catching card and seat, and the caught card and seat."""

    #: The card that caught.
    catcher: Card
    #: Its player.
    catcher_seat: int
    #: The card caught.
    victim: Card
    #: Its player.
    victim_seat: int


@attrs.frozen
class MatchOver(Event):
    """The match is over: the goats and their titles."""

    #: The match's result.
    result: MatchResult


_PLAY: Final = Phase.PLAY
_MOLODKA: Final = MoveKind.MOLODKA
_TRANSFER: Final = MoveKind.TRANSFER
_TRICK_ANSWERS: Final = frozenset({MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY})
_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK
#: What a step that takes no trick heard (never appended to).
_NONE_TAKEN: Final[list[int]] = []
#: The ``Played`` event of each move seen (a move's event is the same value every time, but for
#: the receiver of a transfer): built once and shared, emptied when full.
_PLAYED: Final[dict[Move, Played]] = {}
_PLAYED_LIMIT: Final = 1 << 14
#: The ``Played`` events with their cards hidden, by what they still show: made once and shared.
_HIDDEN: Final[dict[tuple[int, MoveKind, int, str | None, int | None], Played]] = {}


def opening_events(state: GameState) -> tuple[Event, ...]:
    """The events of the start of ``state``'s deal, as everyone at the table knows it."""
    return (_dealt(state),)


def step(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (as :func:`kozel.apply`) and the events of the transition, all cards shown.

    Send each seat ``tuple(event.for_seat(seat) for event in events)``: the same events with the
    cards it may not see left out.  A seat sent ``opening_events(state)`` at the start of a match
    and then every step's events so rendered has, since the last :class:`~kozel.view.Dealt`,
    exactly the ``history`` of ``kozel.observe(state, seat)``.  A :class:`~kozel.ViewTracker`
    keeps every seat's view from these events.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> after, events = kozel.step(state, kozel.parse_move("1 lead K♣"))
    >>> [type(event).__name__ for event in events], after.turn
    (['Played'], 2)
    """
    trick = state.trick
    if trick is None or move.kind not in _TRICK_ANSWERS or len(trick.plays) != state.match.ruleset.players - 1:
        return (after := apply(state, move)), transition_events(state, move, after, _NONE_TAKEN)
    heard: list[int] = []  # the move may end the trick: listen for its winner
    token = LISTENER.set(heard)
    try:
        after = apply(state, move)
    finally:
        LISTENER.reset(token)
    return after, transition_events(state, move, after, heard)


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
            if len(_PLAYED) >= _PLAYED_LIMIT:
                _PLAYED.clear()
            _PLAYED[move] = played
    if (
        after.match is before.match
        and after.deal is before.deal
        and before.phase is _PLAY
        and not taken
        and kind is not _MOLODKA
        and (taken is not None or before.trick is None or len(before.trick.plays) != before.match.ruleset.players - 1)
    ):
        return (played,)  # the common case: a play in the middle of a trick, nothing else happened
    return _after_the_move(before, move, after, played, taken)


def played_event(move: Move) -> Played:
    """The ``Played`` event of ``move`` (not a transfer), all cards shown: made once per move and shared."""
    played = _PLAYED.get(move)
    if played is None:
        played = _played(None, move)
        if len(_PLAYED) >= _PLAYED_LIMIT:
            _PLAYED.clear()
        _PLAYED[move] = played
    return played


def _played(before: GameState | None, move: Move) -> Played:
    kind = move.kind
    receiver = None
    if before is None:
        pass
    elif kind is _TRANSFER:
        receiver = before.match.ruleset.seating.partner(move.seat)
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
        taker = TrickTaken(taken[0], count)
        if not before.stock:
            return (played, taker)
        drawn = []
        for seat, (old, new) in enumerate(zip(before.hand_masks, after.hand_masks, strict=True)):
            if new & ~old:
                drawn.append((seat, cardset_from_mask(new & ~old), (new & ~old).bit_count()))
        return (played, taker, CardsDrawn(tuple(drawn))) if drawn else (played, taker)
    found: list[Event] = [played]
    same_deal = after.deal.number == before.deal.number
    ended = len(after.match.hand_results) > len(before.match.hand_results)
    result = after.match.hand_results[-1] if ended else None
    if move.kind is _MOLODKA and before.trick is not None:
        returned = tuple((p.seat, p.cards, len(p.cards), p.face_up) for p in before.trick.plays)
        found.append(CardsReturned(returned))
    if move.kind is MoveKind.TAKE_TALON:
        found.append(TalonTaken(move.seat, before.talon, before.talon_shown))
    found += _trick_events(before, move, result, taken)
    if move.kind is MoveKind.PRAISE or (before.phase is Phase.DRAWING and after.phase is not Phase.DRAWING):
        if same_deal and after.phase is _PLAY:
            found += _laid(before, move, after)
            tricks = tuple(
                (tuple((p.seat, p.cards[0] if p.face_up else None) for p in trick.plays), trick.winner)
                for trick in after.deal.dealt_tricks
            )
            praise = after.deal.praise
            found.append(PraiseDealt(praise.value if praise is not None else "", after.hands, tricks, after.turn))
        elif same_deal:
            found += _drawn(before, move, after)
            found += _laid(before, move, after)
    elif same_deal:
        found += _drawn(before, move, after)
        found += _laid(before, move, after)
    if not same_deal or after.is_over:
        if result is not None:
            if result.caught:
                found.append(_caught(before, move))
            found.append(HandScored(result, after.scores))
        if after.match.result is not None:
            found.append(MatchOver(after.match.result))
        elif not same_deal:
            found.append(_dealt(after))
    return tuple(found)


def _dealt(state: GameState) -> Dealt:
    deal, match = state.deal, state.match
    return Dealt(
        dealer=deal.dealer,
        hands=state.hands,
        sizes=tuple(mask.bit_count() for mask in state.hand_masks),
        stock=len(state.stock),
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
    if trick is None or move.kind not in _TRICK_ANSWERS or len(trick.plays) != before.match.ruleset.players - 1:
        return []
    if result is not None and result.caught:
        return []  # a caught trick is not taken, in the match's last hand as in any other
    count = sum(len(play.cards) for play in trick.plays) + len(move.cards)
    winner = taken[0] if taken else trick_taker(before, move)
    return [TrickTaken(winner=winner, count=count)]


def _drawn(before: GameState, move: Move, after: GameState) -> list[Event]:
    between_partners = move.kind in _BETWEEN_PARTNERS
    taken = move.mask if not between_partners else 0
    drawn = []
    for seat, (old, new) in enumerate(zip(before.hand_masks, after.hand_masks, strict=True)):
        if new & ~old == 0:
            continue
        received = 0
        if between_partners and seat != move.seat:
            received = move.mask
        if move.kind is MoveKind.TAKE_TALON and seat == move.seat:
            received = sum(card.bit for card in before.talon)
        if move.kind is _MOLODKA and before.trick is not None:
            received = sum(play.mask for play in before.trick.plays if play.seat == seat)
        new_cards = new & ~old & ~received & ~(taken if seat == move.seat else 0)
        if new_cards:
            drawn.append((seat, cardset_from_mask(new_cards), new_cards.bit_count()))
    return [CardsDrawn(tuple(drawn))] if drawn else []


def _laid(before: GameState, move: Move, after: GameState) -> list[Event]:
    """The cards laid without a move in a drawing deal, in the order laid."""
    if before.phase not in (Phase.PRAISE, Phase.DRAWING):
        return []
    done = lays(before)
    return [
        Laid(lay.seat, lay.kind is MoveKind.LAY_OPEN, lay.cards[0]) for lay in lays(after)[len(done) :] if lay != move
    ]


def _caught(before: GameState, move: Move) -> Caught:
    catch = before.match.ruleset.catch
    assert catch is not None
    plays = (*before.trick.plays, move) if before.trick is not None else (move,)
    seats = {card: play.seat for play in plays for card in play.cards}
    return Caught(catch.catcher, seats[catch.catcher], catch.victim, seats[catch.victim])
