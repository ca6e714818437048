"""The drawing praise deals, "trousers" and "pants double": draw from the top and bottom, keep the good
cards, lay the others into tricks.

The reading taken here of "Trousers" and "Pants double" in the source text of ``pairs`` (the Russian
collection of Goat variants):

- The players draw in turn from the boasting one, clockwise: each time the top and the bottom card
  of the deck (trousers), or two from the top and two from the bottom (pants double).
- A trump is always kept; so is an ace for the boasting player (the others "can already beat with
  an ace", so for them an ace is a card they may lay).  Every other card is one the player may lay.
- As soon as a player holds enough cards he may lay (one in trousers; two in pants double), he lays:
  his choice when there is more than one way, automatically when there is one.  In trousers the
  first two players lay face down and the last two face up; in pants double each lays one card
  face down and then one face up, into two tricks.  Cards drawn and not laid stay in his hand.
- A hand never holds more than it can keep: seven cards after laying in trousers, six in pants
  double.  Good cards fill it up to that; a player who holds that many good cards goes on drawing,
  and the good cards he draws go to the partner if the partner has yet to draw and has room ("he
  continues to dial to his teammate"), else back under the deck, until he draws the card(s) to
  lay.  A card to lay that finds no room goes back under the deck too.
- A player whose hand is full, or who finds no card left in the deck that he may lay (the players
  before him have taken them all), lays from what he holds: among the cards he may lay where he
  holds enough of them, else among all his cards, trumps included.  With nothing left in the deck
  that he may lay, he draws as usual and keeps every card he draws until he holds as many as he must
  lay.
- When all have laid, the face-down cards are turned.  Each trick goes to the last card that beat
  the best so far, the boasting player's card leading; the face-down trick's winner in pants
  double, the trick's winner in trousers, leads the first trick of play.  The rest of the deck is
  dealt one card at a time from the boasting player until every hand is full.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, TypeAlias, cast

from kozel.cards.card import CARDS, Card, Rank
from kozel.cards.masks import cards_of
from kozel.engine.explain import cards_text, no_seat, not_held, off_phase, plural, refuse
from kozel.engine.face import checked_state
from kozel.engine.interned import singles
from kozel.engine.praise.common import fill, open_play
from kozel.engine.trick_winner import last_beater
from kozel.errors import IllegalMoveError, RulesetError, WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.state import Drawing, GameState, Phase, Trick, stock_at
from kozel.plain_types import short_repr, whole_in
from kozel.rules.praise import PraiseKind
from kozel.rules.trump import TrumpTable

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_LAY_DARK: Final = MoveKind.LAY_DARK
_KIND_LAY_OPEN: Final = MoveKind.LAY_OPEN
_KIND_PLAY: Final = MoveKind.PLAY
_PHASE_DRAWING: Final = Phase.DRAWING
_PHASE_PRAISE: Final = Phase.PRAISE
_PRAISE_TROUSERS: Final = PraiseKind.TROUSERS

__all__ = [
    "DRAWN_DEALS",
    "Arrange",
    "Draw",
    "apply_lay",
    "drawn_positions",
    "kept_cards",
    "lay_moves",
    "lays",
    "start_drawing",
]


class Draw(NamedTuple):
    """One draw about to be made, as an :data:`Arrange` hook is told of it."""

    #: The drawing player.
    seat: int
    #: How many cards he takes from the top, and as many from the bottom.
    size: int
    #: The cards he always keeps, as a bitmask (``kept_cards``).
    good: int
    #: How many more of them his hand may keep.
    keep: int
    #: How many more cards of any kind his hand may take.
    room: int
    #: The partner who gets the cards he keeps once he keeps no more (one who has yet to draw), else None.
    partner: int | None


#: A hook that may reorder the cards of the deck no one has drawn yet, just before cards are taken from it:
#: ``arrange(deck, hands, draw)`` before each :class:`Draw`, and with ``draw`` None before the rest of the
#: deck is dealt.  ``deck`` (top first) is changed in place; ``hands`` are the hands as bitmasks, not to be
#: changed.  The engine itself never passes one: :func:`kozel.determinize` does, to choose a hidden card's
#: identity as it is drawn.
Arrange: TypeAlias = Callable[[list[Card], Sequence[int], "Draw | None"], None]

_ACES: Final = sum(card.bit for card in CARDS if card.rank == Rank.ACE)
#: Cards each player lays, and cards drawn at a time, by praise.
_LAYS: Final = {PraiseKind.TROUSERS: 1, PraiseKind.PANTS_DOUBLE: 2}
_DRAW: Final = {PraiseKind.TROUSERS: 1, PraiseKind.PANTS_DOUBLE: 2}  # from the top, and as many from the bottom
#: The praise deals dealt by drawing and laying (those whose ``PraiseKind.is_drawn``).
DRAWN_DEALS: Final = frozenset(kind for kind in PraiseKind if kind.is_drawn)
assert frozenset(_LAYS) == DRAWN_DEALS, "every drawn deal has its numbers of cards laid and drawn"
#: In trousers, how many players (from the boasting one) lay face down; the others lay face up.
_DARK_IN_TROUSERS: Final = 2


def start_drawing(state: object, kind: object, log: object, arrange: object = None) -> GameState:
    """The first player draws (and lays, where there is no choice) until a decision is due; ``log``: the moves.

    ``state`` is a state awaiting the boasting player's praise, ``kind`` a praise deal dealt by drawing, ``log``
    the deal's moves (bytes) and ``arrange`` None or the hook that chooses hidden cards (:data:`Arrange`):
    anything else raises :class:`~kozel.WrongTypeError` or :class:`~kozel.StateError`."""
    state = checked_state("start_drawing", state, _PHASE_PRAISE)
    if kind not in DRAWN_DEALS:
        raise WrongTypeError(f"start_drawing: kind is a praise deal dealt by drawing, not {short_repr(kind)}")
    assert isinstance(kind, PraiseKind)
    log, arrange = _hooks("start_drawing", log, arrange)
    drawing = Drawing(praise=kind, step=0, pending=0, dark=(), open=())
    deal = state.deal._replace(praise=kind)
    return _advance(state._replace(deal=deal, phase=_PHASE_DRAWING, drawing=drawing, log=log), arrange)


def _hooks(caller: str, log: object, arrange: object) -> tuple[bytes, Arrange | None]:
    """A drawing step's ``log`` (bytes) and ``arrange`` (None or a callable), checked."""
    if type(log) is not bytes:
        raise WrongTypeError(f"{caller}: log is the deal's moves as bytes, not {short_repr(log)}")
    if arrange is not None and not callable(arrange):
        raise WrongTypeError(
            f"{caller}: arrange is None or a function that places hidden cards, not {short_repr(arrange)}"
        )
    return log, cast("Arrange | None", arrange)


def _laid_by(drawing: Drawing, seat: int) -> int:
    return sum(1 for move in (*drawing.dark, *drawing.open) if move.seat == seat)


def kept_cards(table: TrumpTable, seat: int, boasting: int) -> int:
    """The cards a drawing player always keeps, as a bitmask: the trumps, and the aces for the boasting player."""
    return table.trump_mask | (_ACES if seat == boasting else 0)


def _next_kind(drawing: Drawing, kind: PraiseKind, seat: int) -> MoveKind:
    """What the drawing player lays next: face down or face up."""
    if kind is _PRAISE_TROUSERS:
        return _KIND_LAY_DARK if drawing.step < _DARK_IN_TROUSERS else _KIND_LAY_OPEN
    return _KIND_LAY_DARK if not any(move.seat == seat for move in drawing.dark) else _KIND_LAY_OPEN


def _advance(state: GameState, arrange: Arrange | None = None) -> GameState:
    """Draw and lay automatically until a player has a choice to make, or everybody has laid."""
    deal = state.deal
    rules = state.match.ruleset
    table = deal.table
    players = rules.seating.players
    boasting = (deal.dealer + 1) % players
    size = rules.dealing.hand_size
    drawing = state.drawing
    assert drawing is not None
    kind = drawing.praise
    lays = _LAYS[kind]
    hands = list(state.hand_masks)
    deck = list(state.stock)
    while drawing.step < players:
        seat = (boasting + drawing.step) % players
        due = lays - _laid_by(drawing, seat)
        if not due:
            drawing = drawing._replace(step=drawing.step + 1, pending=0)
            continue
        keep = size - lays  # the good cards his hand may keep
        room = keep + due  # what his hand may hold before he lays
        pending = drawing.pending
        if pending.bit_count() >= due:
            if pending.bit_count() == 1:  # one way only: it is laid without asking
                card = cards_of(pending)[0]
                drawing, hands = _lay(drawing, hands, singles(seat, _next_kind(drawing, kind, seat))[card])
                continue
            break  # the player chooses
        good_mask = kept_cards(table, seat, boasting)
        held = hands[seat].bit_count()
        short = not any(not good_mask & card.bit for card in deck)  # no card left to draw that he may lay
        if held >= room or (short and held >= due):
            # He lays from what he holds: the cards he may lay where there are enough, else any.
            layable = hands[seat] & ~good_mask
            drawing = drawing._replace(pending=layable if layable.bit_count() >= due else hands[seat])
            continue
        if not deck:  # every hand is at most its share of the deal, so the deck holds what he lacks
            raise RulesetError(f"{rules.name}: seat {seat} must lay {due} card(s) in a drawing deal; the deck is empty")
        least = due if short else 0  # with nothing left that he may lay, he keeps what he draws until he can lay
        partner = rules.seating.partner_of_seat[seat]
        waits = (partner - boasting) % players > drawing.step
        if arrange is not None:
            keeps = max(keep - held + pending.bit_count(), least - held)
            space = Draw(seat, _DRAW[kind], good_mask, keeps, room - held, partner if waits else None)
            arrange(deck, hands, space)
        drawing = _draw(
            deck,
            hands,
            drawing,
            seat,
            good=good_mask,
            keep=keep,
            least=least,
            room=room,
            partner=partner if waits else None,
            count=_DRAW[kind],
        )
    state = state._replace(hand_masks=tuple(hands), stock_at=stock_at(state.deal, bytes(deck)), drawing=drawing)
    if drawing.step < players:
        return state._replace(turn=(boasting + drawing.step) % players)
    return _finish(state, arrange)


def _draw(
    deck: list[Card],
    hands: list[int],
    drawing: Drawing,
    seat: int,
    *,
    good: int,
    keep: int,
    least: int,
    room: int,
    partner: int | None,
    count: int,
) -> Drawing:
    """``seat`` draws ``count`` cards from the top and as many from the bottom of ``deck`` (both changed in place).

    A good card (in ``good``) joins his hand while he keeps fewer than ``keep`` of them, or while he
    holds fewer than ``least`` cards, else goes to ``partner`` (one who has yet to draw) while he has
    room; a card he may lay joins his hand while it holds fewer than ``room``; a card with no room
    anywhere goes back under the deck.
    """
    drawn = [deck[position] for position in drawn_positions(len(deck), count)]
    for card in drawn:
        deck.remove(card)
    for card in drawn:
        held = hands[seat].bit_count()
        if good & card.bit and held < room and (held - drawing.pending.bit_count() < keep or held < least):
            hands[seat] |= card.bit
        elif not good & card.bit and held < room:
            hands[seat] |= card.bit
            drawing = drawing._replace(pending=drawing.pending | card.bit)
        elif good & card.bit and partner is not None and hands[partner].bit_count() < keep:
            hands[partner] |= card.bit
        else:
            deck.append(card)  # no room anywhere: back under the deck
    return drawing


def drawn_positions(size: object, count: object) -> list[int]:
    """The places in a deck of ``size`` cards (top first) that one draw of ``count`` from each end takes.

    ``size`` and ``count`` are whole numbers from 0 (anything else raises the library's error)."""
    size = whole_in("drawn_positions: size", size, 0, None)
    count = whole_in("drawn_positions: count", count, 0, None)
    if size <= 2 * count:
        return list(range(size))
    return [*range(count), *range(size - count, size)]


def _lay(drawing: Drawing, hands: list[int], move: Move) -> tuple[Drawing, list[int]]:
    hands = list(hands)
    hands[move.seat] &= ~move.mask
    laid = {"dark": drawing.dark, "open": drawing.open}
    side = "dark" if move.kind is _KIND_LAY_DARK else "open"
    laid[side] = (*laid[side], move)
    return drawing._replace(pending=drawing.pending & ~move.mask, dark=laid["dark"], open=laid["open"]), hands


def _finish(state: GameState, arrange: Arrange | None) -> GameState:
    """Turn the face-down cards, give each trick to its winner, deal the rest, open play."""
    deal = state.deal
    rules = state.match.ruleset
    drawing = state.drawing
    assert drawing is not None
    kind = drawing.praise
    players = rules.seating.players
    boasting = (deal.dealer + 1) % players
    won = list(state.won_masks)
    counts = list(state.trick_counts)
    tricks = [(*drawing.dark, *drawing.open)] if kind is _PRAISE_TROUSERS else [drawing.dark, drawing.open]
    winners = []
    dealt = []
    for trick in tricks:
        plays: list[tuple[int, Card]] = [(move.seat, move.cards[0]) for move in trick]
        winner = last_beater(deal.table, plays)
        won[rules.seating.side_of_seat[winner]] |= sum(move.mask for move in trick)
        counts[rules.seating.side_of_seat[winner]] += 1
        winners.append(winner)
        turned = tuple(singles(seat, _KIND_PLAY)[card] for seat, card in plays)  # every card is turned now
        dealt.append(Trick(leader=turned[0].seat, plays=turned, best=next(m for m in turned if m.seat == winner)))
    hands = list(state.hand_masks)
    deck = list(state.stock)
    if arrange is not None:
        arrange(deck, hands, None)
    fill(hands, deck, boasting, rules.dealing.hand_size - _LAYS[kind])
    return open_play(state, hands, won, counts, state.log, praise=kind, leader=winners[0], dealt_tricks=tuple(dealt))


def lays(state: object) -> tuple[Move, ...]:
    """Every card laid so far in a drawing deal, in the order laid, as ``LAY_DARK`` / ``LAY_OPEN`` moves.

    Once the deal is done, its laid cards are read back from its tricks.  Outside a drawing deal: ().
    Anything but a GameState raises :class:`~kozel.WrongTypeError`.
    """
    state = checked_state("lays", state)
    deal = state.deal
    drawing = state.drawing
    if drawing is not None:
        dark, face_up = drawing.dark, drawing.open
    elif deal.praise is not None and deal.praise.is_drawn and deal.dealt_tricks:
        tricks = [trick.plays for trick in deal.dealt_tricks]
        if deal.praise is _PRAISE_TROUSERS:
            (plays,) = tricks
            tricks = [plays[:_DARK_IN_TROUSERS], plays[_DARK_IN_TROUSERS:]]
        dark, face_up = (
            tuple(singles(play.seat, kind)[play.cards[0]] for play in plays)  # one card each
            for kind, plays in zip((_KIND_LAY_DARK, _KIND_LAY_OPEN), tricks, strict=True)
        )
    else:
        return ()
    players = state.match.ruleset.seating.players
    boasting = (deal.dealer + 1) % players
    return tuple(
        sorted((*dark, *face_up), key=lambda move: ((move.seat - boasting) % players, move.kind is _KIND_LAY_OPEN))
    )


def lay_moves(state: GameState) -> tuple[Move, ...]:
    """The drawing player's choices of the card to lay next."""
    drawing = state.drawing
    seat = state.turn
    if drawing is None or seat is None:
        return ()
    row = singles(seat, _next_kind(drawing, drawing.praise, seat))
    return tuple(row[card] for card in cards_of(drawing.pending))


def apply_lay(state: object, move: object, log: object, arrange: object = None) -> GameState:
    """Lay the chosen card; the drawing goes on (``log``: the deal's moves, this one included).

    A ``move`` that is not the drawing player's choice now raises :class:`~kozel.IllegalMoveError`; anything but a
    state, a Move, bytes and None or an :data:`Arrange` hook raises :class:`~kozel.WrongTypeError`."""
    state = checked_state("apply_lay", state)
    if type(move) is not Move:
        raise WrongTypeError(f"apply_lay needs a Move, not {type(move).__name__}")
    log, arrange = _hooks("apply_lay", log, arrange)
    drawing = state.drawing
    if move not in lay_moves(state):
        raise _explain_lay(state, move)
    assert drawing is not None
    drawing, hands = _lay(drawing, list(state.hand_masks), move)
    return _advance(state._replace(hand_masks=tuple(hands), drawing=drawing, log=log), arrange)


def _explain_lay(state: GameState, move: Move) -> IllegalMoveError:
    """Why ``move`` is not one of the drawing player's choices of the card to lay next.

    The cards he may lay are in his hand, hidden from the others: only his own move's refusal lists them.
    """
    refused = no_seat(move, state.match.ruleset.players)
    if refused is not None:
        return refused
    drawing = state.drawing
    seat = state.turn
    if drawing is None or seat is None:
        return refuse(move, "praise", "no card is laid now")
    due = _next_kind(drawing, drawing.praise, seat)
    face = "face down" if due is _KIND_LAY_DARK else "face up"
    lays_now = f"seat {seat} lays a card {face} ({due.word}) in the drawing deal"
    may_lay = f"seat {seat} lays one of the cards he may lay: {cards_text(drawing.pending)}"
    if move.kind is not _KIND_LAY_DARK and move.kind is not _KIND_LAY_OPEN:
        return off_phase(
            state, move, f"{lays_now}, one of {cards_text(drawing.pending)}" if move.seat == seat else lays_now
        )
    if move.seat != seat:
        return refuse(move, "turn", f"it is seat {seat}'s turn to lay")
    if len(move.cards) != 1:
        return refuse(move, "praise", f"seat {seat} lays one card at a time, not {plural(len(move.cards), 'card')}")
    if move.kind is not due:
        other = "face up" if due is _KIND_LAY_DARK else "face down"
        return refuse(move, "praise", f"seat {seat} lays his card {face} now ({due.word}), not {other}")
    refused = not_held(move, state.hand_masks[seat])
    return refuse(move, "praise", may_lay) if refused is None else refused
