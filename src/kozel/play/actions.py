"""Every move of a ruleset numbered: the whole numbering (``kozel.actions``), and a compact one by hand position.

The numbering has no seat in it: a move's number says what is done, ``move(index, seat)`` says who does it.

How the numbers are laid out (the rule the golden files pin, stable for an unchanged ruleset):

1. The ruleset's *blocks*, in :class:`~kozel.MoveKind` order, each kind where the ruleset
   has its rule: ``lead``, ``beat``, ``pass`` (with 1 to :func:`largest_hand` cards) and
   ``molodka`` (a whole hand) where tricks are beaten or passed; ``play`` (one card) where suit is
   followed; ``transfer`` and ``transfer_back`` (the transfer's counts, or one card for a swap) with a transfer;
   ``redeal`` with a redeal; ``take_talon``, ``decline`` and ``lay_away`` (the cards laid away)
   with a talon; one ``praise`` block per choice of deal, in the ruleset's order, and
   ``lay_dark``, ``lay_open`` (one card) where a praise deal is drawn; ``wait`` last, always.
2. Inside a block, card subsets by size, fewest cards first; subsets of one size in colexicographic
   order of the cards' positions (the combinatorial number system: cards at positions
   ``p1 < p2 < ... < pk`` are number ``C(p1, 1) + C(p2, 2) + ... + C(pk, k)`` of that size).
3. Positions are the cards' places in the ruleset's deck in canonical card order (the whole
   numbering), or in the seat's own hand in canonical order (the compact numbering, for
   learning: its size depends on the largest hand, not on the deck).

``index`` and ``move`` cost a few operations per card (and, for ``move``, per position).  An action
number, a seat and a hand's bitmask may be an ``int`` or a NumPy integer (never a bool, a float or
text); a compact numbering's hand must be one a seat of its ruleset can hold (see
:meth:`CompactActions.index`).  What does not fit is refused with a :class:`~kozel.KozelError`.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from math import comb
from typing import Final, NamedTuple

from kozel.cards.card import CARDS
from kozel.cards.cardset import CardSet
from kozel.errors import KozelError, WrongTypeError
from kozel.game.move import Move, MoveKind, broken_move_error
from kozel.plain_types import error_text, short_repr, whole_number
from kozel.play.per_ruleset import PerRuleset
from kozel.rules.ruleset import Ruleset, checked_rules
from kozel.rules.trick_play import BeatOrPass

__all__ = ["Actions", "Block", "CompactActions", "action_number", "actions", "largest_hand"]

#: The largest numbering ``mask`` writes out as a list (beyond it, use ``indices``).
MASK_LIMIT: Final = 1 << 20
#: What ``numbered`` holds before it reads a move.
_UNREAD: Final = object()
#: ``_COMB[n][k]`` is ``comb(n, k)`` for every place and count a deck allows.
_COMB: Final = tuple(tuple(comb(n, k) for k in range(len(CARDS) + 2)) for n in range(len(CARDS) + 1))


class Block(NamedTuple):
    """One run of numbers: the moves of one kind (and choice) with ``low`` to ``high`` cards."""

    #: The first number of the block.
    start: int
    #: The kind of move.
    kind: MoveKind
    #: The choice the moves make (a praise deal), else None.
    choice: str | None
    #: The fewest cards of a move of the block.
    low: int
    #: The most cards of a move of the block.
    high: int
    #: How many numbers the block holds.
    size: int


def action_number(action: object, size: int, *, in_range: bool = False) -> int:
    """The action a learner hands an environment, as a whole number: an int or a NumPy integer, never rounded.

    A bool, a float (even 18.0), text or an array of several raises :class:`~kozel.KozelError`
    naming the range ``0`` to ``size - 1``, and so does a number outside it where ``in_range``; else whether the
    number is in range is the caller's to say.
    """
    try:
        if isinstance(action, bool):
            raise TypeError
        number = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or (in_range and not 0 <= number < size):
        raise KozelError(f"an action is a whole number from 0 to {size - 1}, not {short_repr(action)}")
    return number


def _moves(moves: object, what: str) -> list[Move]:
    """``moves`` as a list, where it is an iterable of moves."""
    if isinstance(moves, (str, bytes, Move)):  # a tuple: checked faster than a union
        listed: list[object] = [moves]
    else:
        try:
            listed = list(moves)  # type: ignore[call-overload]
        except TypeError:
            raise WrongTypeError(f"{what} takes an iterable of Moves, not {type(moves).__name__}") from None
    for move in listed:
        if not isinstance(move, Move):
            raise _not_a_move(move, what)
    return listed  # type: ignore[return-value]


def _not_a_move(move: object, what: str) -> WrongTypeError:
    if isinstance(move, Move):
        return WrongTypeError(f"{what} takes an iterable of Moves, not a single Move: wrap {move} in a list")
    hint = ": kozel.parse_move reads a move's text" if isinstance(move, str) else ""
    return WrongTypeError(f"{what} numbers Moves, not {type(move).__name__} ({short_repr(move)}){hint}")


def _each(moves: Iterable[Move], what: str) -> Iterator[Move]:
    """An iterator over ``moves``, where it is an iterable (its items are checked as they are read)."""
    if isinstance(moves, (str, bytes, Move)):  # a tuple: checked faster than a union
        raise _not_a_move(moves, what)
    try:
        return iter(moves)
    except TypeError:
        raise WrongTypeError(f"{what} takes an iterable of Moves, not {type(moves).__name__}") from None


def largest_hand(rules: Ruleset) -> int:
    """The most cards a seat holds at once in play (:attr:`kozel.Ruleset.largest_hand`)."""
    return checked_rules(rules, "largest_hand").largest_hand


def _kinds(rules: Ruleset, holding: int) -> list[tuple[MoveKind, str | None, int, int]]:
    found: list[tuple[MoveKind, str | None, int, int]] = []
    play = rules.play
    if isinstance(play, BeatOrPass):
        found += [(kind, None, 1, holding) for kind in (MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS)]
        if play.molodka is not None:
            found.append((MoveKind.MOLODKA, None, rules.dealing.hand_size, rules.dealing.hand_size))
    else:
        found.append((MoveKind.PLAY, None, 1, 1))
    counts = set(rules.transfer.counts) if rules.transfer is not None else set()
    if rules.leading.swap_for_plain:  # the opener's swap of one trump for a plain card, beside any transfer
        counts.add(1)
    if counts:
        low, high = min(counts), max(counts)
        found += [(MoveKind.TRANSFER, None, low, high), (MoveKind.TRANSFER_BACK, None, low, high)]
    if rules.redeal is not None:
        found.append((MoveKind.REDEAL, None, 0, 0))
    if rules.talon is not None:
        laid = rules.talon.bidding.lay_away if rules.talon.bidding is not None else rules.talon.size
        found += [(MoveKind.TAKE_TALON, None, 0, 0), (MoveKind.DECLINE, None, 0, 0)]
        found.append((MoveKind.LAY_AWAY, None, laid, laid))
    if rules.praise is not None:
        found += [(MoveKind.PRAISE, kind.value, 0, 0) for kind in rules.praise.choices]
        if any(kind.is_drawn for kind in rules.praise.choices):
            found += [(MoveKind.LAY_DARK, None, 1, 1), (MoveKind.LAY_OPEN, None, 1, 1)]
    found.append((MoveKind.WAIT, None, 0, 0))
    found.sort(key=lambda item: item[0])  # stable: praise choices keep the ruleset's order
    return found


def _blocks(rules: Ruleset, positions: int) -> tuple[Block, ...]:
    blocks = []
    start = 0
    for kind, choice, low, high in _kinds(rules, largest_hand(rules)):
        most = min(high, positions)
        size = sum(comb(positions, count) for count in range(low, most + 1))
        if size:
            blocks.append(Block(start, kind, choice, low, most, size))
            start += size
    return tuple(blocks)


class _Numbering:
    """What both numberings share: the blocks and the combinatorial index inside a block."""

    def __init__(self, rules: Ruleset, positions: int) -> None:
        self.rules = rules
        self.positions = positions
        self._players = rules.players
        self.blocks = _blocks(rules, positions)
        self.size = self.blocks[-1].start + self.blocks[-1].size
        self._starts = [block.start for block in self.blocks]
        #: Each block by (kind, choice), with the first number of its moves of each card count.
        self._find = {
            (block.kind, block.choice): (
                block,
                [
                    block.start + sum(comb(positions, size) for size in range(block.low, count))
                    for count in range(block.high + 1)
                ],
            )
            for block in self.blocks
        }

    def _refuse(self, move: Move) -> KozelError:
        return KozelError(f"{self.rules.name} has no number for {move.kind.word} moves like {move}: see kozel.actions")

    def _index(self, move: Move, places: Sequence[int]) -> int:
        found = self._find.get((move.kind, move.choice))
        count = len(places)
        if found is None or not found[0].low <= count <= found[0].high:
            raise self._refuse(move)
        number = found[1][count]
        for order, place in enumerate(sorted(places), 1):
            number += _COMB[place][order]
        return number

    def _seat(self, seat: object) -> int:
        """``seat`` where it is a seat at the table (an int or a NumPy integer), else a SeatError or WrongTypeError."""
        return self.rules.seating.checked_seat(seat)

    def _places(self, index: int) -> tuple[Block, list[int]]:
        if type(index) is not int:
            whole = whole_number(index)
            if whole is None:
                shown = short_repr(index)
                raise WrongTypeError(
                    f"an action of {self.rules.name} is a whole number from 0 to {self.size - 1}, not {shown}"
                )
            index = whole
        if not 0 <= index < self.size:
            shown = error_text(index)
            raise KozelError(f"an action of {self.rules.name} is a number from 0 to {self.size - 1}, not {shown}")
        block = self.blocks[bisect_right(self._starts, index) - 1]
        rest = index - block.start
        count = block.low
        while rest >= comb(self.positions, count):
            rest -= comb(self.positions, count)
            count += 1
        places = []
        for order in range(count, 0, -1):
            place = order - 1
            while comb(place + 1, order) <= rest:
                place += 1
            rest -= comb(place, order)
            places.append(place)
        return block, places[::-1]

    def table(self) -> str:
        """The blocks as text, one a line: start, kind, choice, cards, size (what the golden files hold)."""
        lines = [f"{self.rules.name}: {self.size} actions over {self.positions} positions"]
        for block in self.blocks:
            choice = f" {block.choice}" if block.choice else ""
            lines.append(f"{block.start} {block.kind.word}{choice} cards {block.low}..{block.high} size {block.size}")
        return "\n".join(lines) + "\n"

    def _mask(self, numbers: Iterable[int]) -> list[int]:
        if self.size > MASK_LIMIT:
            raise KozelError(f"{self.rules.name}'s numbering has {self.size} actions, too many to list: use indices()")
        mask = [0] * self.size
        for number in numbers:
            mask[number] = 1
        return mask


class Actions(_Numbering):
    """The whole numbering of a ruleset's moves, by their cards' places in the deck (see the module's rule)."""

    #: The ruleset numbered.
    rules: Ruleset
    #: How many numbers there are (0 to size - 1).
    size: int
    #: The runs of numbers, one per kind (and choice), in order.
    blocks: tuple[Block, ...]

    def __init__(self, rules: Ruleset) -> None:
        """The numbering of ``rules``' moves (``kozel.actions(rules)`` keeps one per ruleset)."""
        order = sorted(checked_rules(rules, "Actions").deck)
        self._place = {card: place for place, card in enumerate(order)}
        self._cards = order
        super().__init__(rules, len(order))
        #: The compact numbering by place in the seat's hand, for learning.
        self.compact = CompactActions(rules)

    def index(self, move: Move) -> int:
        """The number of ``move`` (its seat aside)."""
        if not isinstance(move, Move):
            raise _not_a_move(move, "Actions.index")
        try:
            places = [self._place[card] for card in move.cards]
            return self._index(move, places)
        except KeyError:
            error = broken_move_error(move)  # a Move built around its constructor, or a card of another deck
            raise error or KozelError(f"{move} names a card not in {self.rules.name}'s deck") from None
        except (AttributeError, TypeError, IndexError):  # no cost unless raised
            error = broken_move_error(move)
            if error is not None:
                raise error from None
            raise

    def move(self, index: int, seat: int) -> Move:
        """The move numbered ``index``, made by ``seat`` (a seat at the ruleset's table, else a SeatError)."""
        block, places = self._places(index)
        if type(seat) is not int or not 0 <= seat < self._players:
            seat = self._seat(seat)
        return Move(seat, block.kind, [self._cards[place] for place in places], block.choice)

    def indices(self, moves: Iterable[Move]) -> list[int]:
        """The numbers of ``moves``, smallest first."""
        return sorted({self.index(move) for move in _moves(moves, "Actions.indices")})

    def mask(self, moves: Iterable[Move]) -> list[int]:
        """One 0 or 1 per number: 1 for the numbers of ``moves`` (refused for a numbering over a million long)."""
        listed = _moves(moves, "Actions.mask")
        return self._mask(self.index(move) for move in listed)


class CompactActions(_Numbering):
    """The numbering by place in the seat's own hand (canonical order): small, for learning; it needs the hand."""

    #: The ruleset numbered.
    rules: Ruleset
    #: How many numbers there are (0 to size - 1).
    size: int
    #: The runs of numbers, one per kind (and choice), in order.
    blocks: tuple[Block, ...]

    def __init__(self, rules: Ruleset) -> None:
        """The compact numbering of ``rules``' moves."""
        super().__init__(rules, largest_hand(checked_rules(rules, "CompactActions")))
        #: Every bit that is no card of the deck (a negative mask has some too).
        self._outside = ~rules.deck.mask

    def _held(self, hand: object) -> int:
        """The bitmask of ``hand``, checked once a call: a hand a seat of the ruleset can hold."""
        if type(hand) is int:
            mask = hand
        elif isinstance(hand, CardSet):
            mask = hand.mask
        else:
            whole = whole_number(hand)
            if whole is None:
                raise WrongTypeError(
                    f"a hand is a CardSet or its bitmask (an int or a NumPy integer), not {type(hand).__name__}"
                )
            mask = whole
        if mask & self._outside or mask.bit_count() > self.positions:
            raise self._bad_hand(mask)
        return mask

    def _bad_hand(self, mask: int) -> KozelError:
        name = self.rules.name
        if mask < 0:
            return KozelError(f"a hand's bitmask is never negative, and {short_repr(mask)} is: give the seat's hand")
        if mask & self._outside:
            if mask >> len(CARDS):
                shown = f"{mask:#x}" if mask.bit_length() <= 200 else short_repr(mask)
                return KozelError(f"{shown} is not a bitmask of cards: a hand's bitmask has a bit per card")
            cards = " ".join(str(card) for card in CARDS if mask & self._outside & card.bit)
            return KozelError(f"the hand given holds cards not in {name}'s deck ({cards}): a hand of another ruleset?")
        return KozelError(
            f"the hand given holds {mask.bit_count()} cards, and a hand of {name} at most {self.positions}: "
            "the compact numbering counts places in a hand of its own ruleset (a hand of another ruleset?)"
        )

    def index(self, move: Move, hand: CardSet | int) -> int:
        """The number of ``move``, made from ``hand`` (a card set or its bitmask).

        ``hand`` must be a hand a seat of the ruleset can hold: cards of its deck, no more than
        :func:`kozel.play.largest_hand` of them.  A hand of another ruleset, whose places would number
        other moves, and a negative bitmask are refused with a :class:`~kozel.KozelError`.
        """
        if type(hand) is int and not hand & self._outside and hand.bit_count() <= self.positions:
            mask = hand  # the common case: a seat's bitmask, checked in three operations
        else:
            mask = self._held(hand)
        try:
            return self._number(move, mask)
        except (AttributeError, TypeError, KeyError, IndexError):  # no cost unless raised: a value that is no Move
            if isinstance(move, Move):
                error = broken_move_error(move)  # or a Move built around its constructor
                if error is not None:
                    raise error from None
                raise
            raise _not_a_move(move, "CompactActions.index") from None

    def _number(self, move: Move, mask: int) -> int:
        bits = move.mask
        found = self._find.get((move.kind, move.choice))
        count = bits.bit_count()
        if bits & ~mask:
            raise KozelError(
                f"{move} plays cards not in the hand given; the compact numbering counts places in the hand"
            )
        if found is None or not found[0].low <= count <= found[0].high:
            raise self._refuse(move)
        number = found[1][count]
        if count == 1:  # the common case: the card's place in the hand
            return number + (mask & (bits - 1)).bit_count()
        order = 0
        while bits:  # the cards in canonical (bit) order, so their places come smallest first
            low = bits & -bits
            order += 1
            number += _COMB[(mask & (low - 1)).bit_count()][order]
            bits ^= low
        return number

    def move(self, index: int, seat: int, hand: CardSet | int) -> Move:
        """The move numbered ``index``, made by ``seat`` from ``hand`` (checked as :meth:`index` checks it)."""
        mask = self._held(hand)
        block, places = self._places(index)
        if type(seat) is not int or not 0 <= seat < self._players:
            seat = self._seat(seat)
        held = [card for card in CARDS if mask & card.bit]
        if places and places[-1] >= len(held):
            raise KozelError(f"action {index} plays the card at place {places[-1] + 1}, but the hand holds {len(held)}")
        return Move(seat, block.kind, [held[place] for place in places], block.choice)

    def numbered(self, moves: Iterable[Move], hand: CardSet | int) -> dict[int, Move]:
        """``moves``, made from ``hand``, by their numbers (one pass: what an adapter needs once a position)."""
        if type(hand) is int and not hand & self._outside and hand.bit_count() <= self.positions:
            mask = hand  # the common case: a seat's bitmask, checked in three operations
        else:
            mask = self._held(hand)
        find = self._find
        found: dict[int, Move] = {}
        items = moves if type(moves) is tuple else _each(moves, "CompactActions.numbered")
        move: object = _UNREAD
        try:
            for move in items:
                bits = move.mask
                entry = find.get((move.kind, move.choice))
                count = 2 if bits & (bits - 1) else 1 if bits else 0  # 2: two cards or more
                if count < 2 and entry is not None and not bits & ~mask and entry[0].low <= count <= entry[0].high:
                    # the common case, one card or none: the block's first number, plus the card's place in the hand
                    found[entry[1][count] + ((mask & (bits - 1)).bit_count() if bits else 0)] = move
                else:
                    found[self._number(move, mask)] = move
        except (AttributeError, TypeError):  # no cost unless raised: only a value that is no Move gets here
            if move is _UNREAD or isinstance(move, Move):
                raise
            raise _not_a_move(move, "CompactActions.numbered") from None
        return found

    def indices(self, moves: Iterable[Move], hand: CardSet | int) -> list[int]:
        """The numbers of ``moves``, made from ``hand``, smallest first."""
        mask = self._held(hand)
        return sorted({self._number(move, mask) for move in _moves(moves, "CompactActions.indices")})

    def mask(self, moves: Iterable[Move], hand: CardSet | int) -> list[int]:
        """One 0 or 1 per number: 1 for the numbers of ``moves`` made from ``hand``."""
        mask = self._held(hand)
        listed = _moves(moves, "CompactActions.mask")
        return self._mask(self._number(move, mask) for move in listed)


def actions(rules: Ruleset) -> Actions:
    """The numbering of every move of ``rules`` (the same object for the same ruleset)."""
    if not isinstance(rules, Ruleset):
        checked_rules(rules, "actions()")
    return _numbering(rules)


_numbering: Final = PerRuleset(Actions)
