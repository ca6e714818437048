"""The praise deals: the boasting player's choice of how a hand is dealt, and each procedure.

The deals of the section "Surrender and types of praise" of the Russian collection of Goat
variants that ``pairs`` is written from (see the Sources page of the docs).  The deck lies
shuffled and face down (it is the state's ``stock``) until the boasting player (left of
the dealer) announces a procedure; the engine then deals it.  Procedures that leave a
player a decision ("trousers", "pants double": which card to lay) stop in the
``DRAWING`` phase for that move (see :mod:`kozel.engine.praise.drawing`).  Every procedure keeps
the hands equal and every card in one place; where the text is unclear, the reading is
the one stated in the ``pairs`` ruleset's docs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from kozel.cards.card import CARDS, Card
from kozel.engine.chance import cut_at
from kozel.engine.deal import HandStart, lead_seat
from kozel.engine.explain import names_cards, no_seat, off_phase, refuse
from kozel.engine.face import checked_state
from kozel.engine.interned import numbers
from kozel.engine.memo import remember
from kozel.engine.praise.common import fill, open_play
from kozel.engine.praise.drawing import start_drawing
from kozel.engine.trick_winner import last_beater
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveKind
from kozel.game.state import Deal, GameState, HandBase, Match, Phase, Trick, make_state, stock_bytes
from kozel.plain_types import whole_in
from kozel.rules.leading import LeadSeat
from kozel.rules.praise import PraiseKind

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_LAY_DARK: Final = MoveKind.LAY_DARK
_KIND_PLAY: Final = MoveKind.PLAY
_KIND_PRAISE: Final = MoveKind.PRAISE
_LEAD_HOLDER: Final = LeadSeat.HOLDER
_PHASE_PRAISE: Final = Phase.PRAISE

__all__ = ["apply_praise", "await_praise", "cut_bottom", "praise_moves"]

_new: Final = tuple.__new__
_NO_MOLODKAS: Final[frozenset[int]] = frozenset()  # a praise deal's hands are dealt later: none is a molodka yet


def await_praise(match: Match, start: HandStart) -> GameState:
    """The state before a hand whose deal the boasting player announces: the shuffled deck face down."""
    ruleset = match.ruleset
    players = ruleset.seating.players
    dealer = start.dealer
    boasting = (dealer + 1) % players
    leader = start.leader
    if leader is None:
        lead = start.lead
        leader = (
            boasting if lead is _LEAD_HOLDER else lead_seat(ruleset, lead, dealer, start.last_winner, (0,) * players)
        )
    # Built directly (the fields in ``Deal`` order): a praise deal's waiting state is made for every world sampled.
    base = _new(HandBase, (bytes(start.order), leader, None))
    table = ruleset.trumps.table(None)
    fields = (start.number, dealer, None, None, table, _NO_MOLODKAS, leader, base, start.last_opener, start.redeals)
    deal = _new(Deal, (*fields, None, (), None))
    nothing = numbers((0,) * ruleset.seating.sides)
    return make_state(
        match, deal, (0,) * players, start.order, (), boasting, None, nothing, nothing, _PHASE_PRAISE, None, None, b""
    )


#: The praise moves made so far, by the praise rule's ``id`` and the seat: the rule itself (held, so
#: that its ``id`` is not reused while the entry is there) and its moves.
_PRAISE_MOVES: Final[dict[tuple[int, int], tuple[Any, tuple[Move, ...]]]] = {}
#: Each praise deal by the word a praise move names.
_BY_WORD: Final = {kind.value: kind for kind in PraiseKind}


def praise_moves(state: GameState) -> tuple[Move, ...]:
    """The deals the boasting player may announce."""
    praise = state.match.ruleset.praise
    assert praise is not None
    seat = state.turn
    assert seat is not None
    known = _PRAISE_MOVES.get((id(praise), seat))
    if known is not None and known[0] is praise:
        moves: tuple[Move, ...] = known[1]
        return moves
    moves = tuple(Move(seat, _KIND_PRAISE, (), kind.value) for kind in praise.choices)
    return remember(_PRAISE_MOVES, (id(praise), seat), (praise, moves))[1]


class _Table:
    """The cards being dealt by a praise procedure: the deck (top first) and what each seat and side holds."""

    def __init__(self, state: GameState) -> None:
        deal = state.deal
        self.state = state
        self.rules = state.match.ruleset
        self.table = deal.table
        self.players = self.rules.seating.players
        self.boasting = (deal.dealer + 1) % self.players
        self.size = self.rules.dealing.hand_size
        self.deck = [CARDS[index] for index in stock_bytes(state)]
        self.hands = [0] * self.players
        self.won = [0] * self.rules.seating.sides
        self.counts = [0] * self.rules.seating.sides
        self.tricks: list[Trick] = []

    def seats(self) -> list[int]:
        """The seats clockwise from the boasting player."""
        return [(self.boasting + step) % self.players for step in range(self.players)]

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump."""
        return bool(self.table.trump_mask & card.bit)

    def take(self, plays: list[tuple[int, Card]], face_down: Sequence[tuple[int, Card]] = ()) -> int:
        """Give the trick of ``plays`` (and a trick of ``face_down`` cards dealt with it) to its winner; his seat."""
        winner = last_beater(self.table, plays)
        side = self.rules.seating.side_of_seat[winner]
        for cards, kind in ((face_down, _KIND_LAY_DARK), (plays, _KIND_PLAY)):
            if cards:
                moves = tuple(Move(seat, kind, (card,)) for seat, card in cards)
                best = next(move for move in moves if move.seat == winner)
                self.tricks.append(Trick(leader=moves[0].seat, plays=moves, best=best))
                self.won[side] |= sum(card.bit for _, card in cards)
                self.counts[side] += 1
        return winner


def _regular(cards: _Table) -> int | None:
    fill(cards.hands, cards.deck, cards.boasting, cards.size, packet=cards.size // 2)
    return None


def _one_by_one(cards: _Table) -> int | None:
    fill(cards.hands, cards.deck, cards.boasting, cards.size)
    return None


def _fishing_all(cards: _Table) -> int | None:
    fill(cards.hands, cards.deck, cards.boasting, cards.size, packet=cards.size)
    return None


def _fishing(cards: _Table) -> int | None:
    for _ in range(cards.size):  # he draws his eight ...
        cards.hands[cards.boasting] |= cards.deck.pop(0).bit
    fill(cards.hands, cards.deck, (cards.boasting + 1) % cards.players, cards.size)  # ... the others are dealt
    return None


def cut_bottom(state: object, turn: object, length: object) -> int:
    """Where the ``turn``-th cut of a mirror deal splits a deck of ``length`` cards: the index of the bottom card of
    the upper part (the cut comes from the match seed, as a shuffle does).

    ``turn`` is a whole number from 0 and ``length`` one from 2; anything else, or anything but a GameState,
    raises the library's error."""
    state = checked_state("cut_bottom", state)
    turn = whole_in("cut_bottom: turn", turn, 0, None)
    length = whole_in("cut_bottom: length", length, 2, None)
    return cut_at(state.match.seed, state.deal.number, turn, length)


def _mirror(cards: _Table, cutters: int) -> int | None:
    for turn, cutter in enumerate(cards.seats()[:cutters]):
        bottom = cut_bottom(cards.state, turn, len(cards.deck))
        while bottom >= 0 and cards.is_trump(cards.deck[bottom]) and cards.hands[cutter].bit_count() < cards.size:
            cards.hands[cutter] |= cards.deck.pop(bottom).bit
            bottom -= 1
    fill(cards.hands, cards.deck, cards.boasting, cards.size)
    return None


def _merry(cards: _Table) -> int | None:
    leader = None
    for _ in range(2):
        down = [(seat, cards.deck.pop(0)) for seat in cards.seats()]
        up = [(seat, cards.deck.pop(0)) for seat in cards.seats()]
        leader = cards.take(up, face_down=down)
    fill(cards.hands, cards.deck, cards.boasting, cards.size - 2)
    return leader


def _trump_yourself(cards: _Table) -> int | None:
    plays = []
    for seat in cards.seats():
        while True:
            card = cards.deck.pop(0)
            if cards.is_trump(card) and cards.hands[seat].bit_count() < cards.size - 1:
                cards.hands[seat] |= card.bit
            else:
                plays.append((seat, card))
                break
    leader = cards.take(plays)
    fill(cards.hands, cards.deck, cards.boasting, cards.size - 1)
    return leader


_PROCEDURES: Final[dict[PraiseKind, Callable[[_Table], int | None]]] = {
    PraiseKind.REGULAR: _regular,
    PraiseKind.ONE_BY_ONE: _one_by_one,
    PraiseKind.FISHING: _fishing,
    PraiseKind.FISHING_ALL: _fishing_all,
    PraiseKind.MIRROR: lambda cards: _mirror(cards, 1),
    PraiseKind.MIRROR_ALL: lambda cards: _mirror(cards, cards.players),
    PraiseKind.MERRY: _merry,
    PraiseKind.TRUMP_YOURSELF: _trump_yourself,
}


def apply_praise(state: GameState, move: Move, log: bytes) -> GameState:
    """Deal the hand by the announced procedure."""
    if move not in praise_moves(state):
        raise _explain(state, move)
    assert move.choice is not None
    kind = _BY_WORD[move.choice]
    procedure = _PROCEDURES.get(kind)
    if procedure is None:
        return start_drawing(state, kind, log)
    cards = _Table(state)
    leader = procedure(cards)
    return open_play(
        state, cards.hands, cards.won, cards.counts, log, praise=kind, leader=leader, dealt_tricks=tuple(cards.tricks)
    )


def _explain(state: GameState, move: Move) -> IllegalMoveError:
    """Why ``move`` is not one of the deals the boasting player may announce."""
    refused = no_seat(move, state.match.ruleset.players)
    if refused is not None:
        return refused
    choices = ", ".join(choice.choice or "" for choice in praise_moves(state))
    announce = f"seat {state.turn} announces the deal: praise one of {choices}"
    if move.kind is not _KIND_PRAISE:
        return off_phase(state, move, announce)
    if move.seat != state.turn:
        return refuse(move, "turn", f"it is seat {state.turn}'s turn to announce the deal")
    refused = names_cards(move, "praise")
    return refuse(move, "praise", announce) if refused is None else refused
