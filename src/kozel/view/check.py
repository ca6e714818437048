"""What a legal view's fields look like: each of its kind and in range, and all of them fitting together.

The finished hands and the score sheet are checked here too, for views and for the JSON form's
states alike: each hand as the engine writes it (:func:`check_results`), and the sheet each hand
wrote by the engine's own rule (:func:`sheet_of_hands`, :func:`check_sheet`).

Those functions take a ``path`` (and :func:`check_sheet` a ``results_path`` too): the name of the
checked value where the caller holds it, such as ``"view.hand_results"`` or ``"state.deal.sets"``.
It is not read for the check; it begins each :class:`~kozel.StateError` message, with the index or
field of the entry at fault after it (``"state.deal.sets[1]: ..."``), so that the message points at
the place in the caller's view or document that is wrong.
"""

from __future__ import annotations

from typing import Any, Final

from kozel.cards.card import Card, Suit
from kozel.cards.cardset import CardSet
from kozel.cards.masks import BITS
from kozel.cards.notation import format_cards
from kozel.engine.explain import plural
from kozel.engine.hand_end import sheet_after, sweep_of
from kozel.errors import StateError
from kozel.game.move import MoveKind
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import Phase
from kozel.limits import NUMBER_DIGITS
from kozel.rules.checks import table_text
from kozel.rules.praise import PraiseKind
from kozel.rules.ruleset import Ruleset
from kozel.rules.trump import TRUMP_GROUP
from kozel.view.events import (
    CardsDrawn,
    CardsReturned,
    Caught,
    Dealt,
    HandScored,
    Laid,
    MatchOver,
    Played,
    PraiseDealt,
    TalonTaken,
    TrickTaken,
)
from kozel.view.view import PlayerView

__all__ = ["check_results", "check_sets", "check_sheet", "check_view", "sheet_of_hands"]

# Classes and members bound once: compiled code reads a Final name directly, a member through its class.
_CARD: Final = Card
_CARD_SET: Final = CardSet
_MOVE_KIND: Final = MoveKind
_PLAYED: Final = Played
_TRICK_TAKEN: Final = TrickTaken
_CARDS_DRAWN: Final = CardsDrawn
_PRAISE_DEALT: Final = PraiseDealt
_TALON_TAKEN: Final = TalonTaken
_HAND_SCORED: Final = HandScored
_LAID: Final = Laid
_KIND_TRANSFER: Final = MoveKind.TRANSFER
_KIND_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK
_KIND_PRAISE: Final = MoveKind.PRAISE
_PHASE_DRAWING: Final = Phase.DRAWING
_PHASE_LAY_AWAY: Final = Phase.LAY_AWAY
_PHASE_OVER: Final = Phase.OVER

#: The groups a seat may be void in: the four plain suits by number, and 4 for trumps.
_GROUPS: Final = frozenset(range(TRUMP_GROUP + 1))
#: Moves made with no card, and moves made with exactly one.
_NO_CARD: Final = frozenset({MoveKind.PRAISE, MoveKind.REDEAL, MoveKind.TAKE_TALON, MoveKind.DECLINE})
_ONE_CARD: Final = frozenset({MoveKind.PLAY, MoveKind.LAY_DARK, MoveKind.LAY_OPEN})
_LAYS: Final = frozenset({MoveKind.LAY_DARK, MoveKind.LAY_OPEN})
#: The cards each kind of move is made with: 0, 1, or (-1) at least one.
_WANTED: Final[dict[MoveKind, int]] = {
    kind: 0 if kind in _NO_CARD else 1 if kind in _ONE_CARD else -1 for kind in MoveKind
}
#: What a field of the wrong kind can set off on its way through the checks; each means the view is refused.
_WRONG_KIND: Final = (IndexError, KeyError, TypeError, ValueError, AttributeError, OverflowError)


def _kind(value: object) -> str:
    """``value``'s kind in words, for a message: ``None``, ``a list``, ``an int``..."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _shown(value: object) -> str:
    """``value`` for a message: its repr where short, else its kind (a number too long to write out is said so)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out (or a value holding one)
        return table_text(value)
    return text if len(text) <= 60 else _kind(value)


def _row(values: Any) -> str:
    """A row of whole numbers for a message: each number itself, or how many digits it has where it is long."""
    return "[" + ", ".join(_number(value) for value in values) + "]"


def _number(value: int) -> str:
    if -(10**20) < value < 10**20:
        return str(value)
    try:
        digits = str(len(str(abs(value))))
    except ValueError:  # too long to write out at all
        digits = "thousands of"
    return f"a {'negative ' if value < 0 else ''}number of {digits} digits"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fine_cards(cards: object, count: int, deck: int) -> bool:
    """Whether ``cards`` is a tuple of ``count`` different cards of the deck ``deck`` (a bitmask), in the order a move
    lists them (each card above the one before)."""
    if type(cards) is not tuple or len(cards) != count:
        return False
    mask = 0
    for card in cards:
        if type(card) is not _CARD:
            return False
        bit = BITS[card]
        if bit <= mask:  # the same card again, or one below a card before it
            return False
        mask |= bit
    return not mask & ~deck


def _fine_draw(part: object, players: int, size: int, deck: int) -> bool:
    """Whether ``part`` of a draw is ``(seat, cards or None, count)`` that fit the table and the deck, a card at
    least."""
    if type(part) is not tuple or len(part) != 3:
        return False
    owner, cards, count = part
    if type(owner) is not int or not 0 <= owner < players or type(count) is not int or not 1 <= count <= size:
        return False
    if cards is None:
        return True
    return isinstance(cards, _CARD_SET) and not cards.mask & ~deck and cards.mask.bit_count() == count


class _Checker:
    def __init__(self, view: PlayerView) -> None:
        # The fields are read as plain objects: a compiled build would refuse one of the wrong kind with its own
        # TypeError (and read a bool seat as a number) before the checks below could say what is wrong.
        self.fields: Any = view
        rules = self.fields.ruleset
        if not isinstance(rules, Ruleset):
            raise StateError(f"view.ruleset: a Ruleset, not {_kind(rules)}")
        self.rules = rules
        self.players = rules.seating.players
        self.sides = rules.seating.sides
        self.deck_size = len(rules.deck)
        self.deck = rules.deck.mask
        #: The most cards a hand ever holds: a dealt hand with the talon taken or trumps handed over.
        self.hand = rules.largest_hand
        self.partners = rules.seating.team_size == 2

    # Single values -------------------------------------------------------------------------------------

    def seat(self, value: Any, path: str, *, optional: bool = False) -> None:
        if (type(value) is int and 0 <= value < self.players) or (value is None and optional):
            return
        if not _whole(value) or not 0 <= value < self.players:
            raise StateError(f"{path}: a seat from 0 to {self.players - 1}, not {_shown(value)}")

    def side(self, value: Any, path: str) -> None:
        if not _whole(value) or not 0 <= value < self.sides:
            raise StateError(f"{path}: a side from 0 to {self.sides - 1}, not {_shown(value)}")

    def size(self, value: Any, path: str, most: int, least: int = 0) -> None:
        if type(value) is int and least <= value <= most:
            return
        if not _whole(value) or not least <= value <= most:
            raise StateError(f"{path}: a number of cards from {least} to {most}, not {_shown(value)}")

    def number(self, value: Any, path: str) -> None:
        if not _whole(value):
            raise StateError(f"{path}: a whole number, not {_shown(value)}")

    def flag(self, value: Any, path: str) -> None:
        if type(value) is not bool:
            raise StateError(f"{path}: True or False, not {_shown(value)}")

    def card(self, value: Any, path: str) -> tuple[Card, ...]:
        """A card or None, as the cards it shows (none or one)."""
        if value is None:
            return ()
        if type(value) is not _CARD:
            raise StateError(f"{path}: a card or None, not {_shown(value)}")
        return self.cards((value,), path)

    def cards(self, value: object, path: str, count: object = None) -> tuple[Card, ...]:
        """A set of cards of the deck (a card set, or a tuple of cards without repeats), ``count`` of them where
        given."""
        fields: Any = value
        if isinstance(value, CardSet):
            listed: tuple[Card, ...] = tuple(fields)
        elif isinstance(value, tuple) and all(type(card) is _CARD for card in fields):
            listed = fields
        else:
            raise StateError(f"{path}: a set of cards (a CardSet or a tuple of cards), not {_shown(value)}")
        outside = [card for card in listed if BITS[card] & ~self.deck]
        if outside:
            raise StateError(f"{path}: {format_cards(outside)} not cards of {self.rules.name!r}")
        _listed_once(listed, path, count)
        return listed

    # Rows --------------------------------------------------------------------------------------------------

    def row(self, values: object, path: str, per: str) -> tuple[Any, ...]:
        """One entry per seat or per side, in a tuple."""
        wanted = self.players if per == "seat" else self.sides
        if not isinstance(values, tuple):
            raise StateError(f"{path}: a tuple of one entry per {per} ({wanted}), not {_kind(values)}")
        if len(values) != wanted:
            raise StateError(f"{path}: one entry per {per} ({wanted}), not {len(values)}")
        return values

    def numbers(self, values: object, path: str, per: str) -> tuple[Any, ...]:
        """One whole number per seat or per side."""
        row = self.row(values, path, per)
        if not all(type(value) is int for value in row):
            for index, value in enumerate(row):
                self.number(value, f"{path}[{index}]")
        return row

    def tuple_of(self, values: object, path: str, what: str) -> tuple[Any, ...]:
        if not isinstance(values, tuple):
            raise StateError(f"{path}: a tuple of {what}, not {_kind(values)}")
        return values

    def apart(self, places: dict[str, tuple[Card, ...]]) -> None:
        """No card in two of ``places``."""
        seen: dict[Card, str] = {}
        for where, cards in places.items():
            for card in cards:
                if card in seen and seen[card] != where:
                    raise StateError(f"{where}: {card} is in {seen[card]} too; a card lies in one place")
                seen[card] = where

    def hands(
        self, value: object, path: str, most: int, sizes: tuple[Any, ...] | None = None
    ) -> dict[str, tuple[Card, ...]]:
        """One hand or None per seat, the view's own seat's shown (of its size, where ``sizes`` are given)."""
        places: dict[str, tuple[Card, ...]] = {}
        for owner, hand in enumerate(self.row(value, f"{path}.hands", "seat")):
            where = f"{path}.hands[{owner}]"
            if hand is None:
                if owner == self.fields.seat:
                    raise StateError(f"{where}: the seat's own hand is hidden from it")
                continue
            places[where] = self.cards(hand, where, None if sizes is None else sizes[owner])
            if sizes is None:
                self.size(len(places[where]), where, most)
        return places

    # Records -------------------------------------------------------------------------------------------------

    def result(self, value: object, path: str) -> None:
        """A finished hand's result."""
        if not isinstance(value, HandResult):
            raise StateError(f"{path}: a HandResult, not {_shown(value)}")
        result: Any = value
        self.numbers(result.points, f"{path}.points", "side")
        self.numbers(result.tricks, f"{path}.tricks", "side")
        self.numbers(result.written, f"{path}.written", "side")
        self.flag(result.eggs, f"{path}.eggs")
        self.flag(result.caught, f"{path}.caught")
        self.flag(result.forfeited, f"{path}.forfeited")
        self.seat(result.declarer, f"{path}.declarer", optional=True)

    def results(self, values: object) -> None:
        """The finished hands: each a HandResult of its kind, and as the engine writes one."""
        results = self.tuple_of(values, "view.hand_results", "HandResult")
        for index, result in enumerate(results):
            self.result(result, f"view.hand_results[{index}]")
        check_results(self.rules, results, "view.hand_results")

    def match_result(self, value: object, path: str) -> None:
        if not isinstance(value, MatchResult):
            raise StateError(f"{path}: a MatchResult or None, not {_shown(value)}")
        result: Any = value
        goats = self.tuple_of(result.goats, f"{path}.goats", "sides")
        for index, side in enumerate(goats):
            self.side(side, f"{path}.goats[{index}]")
        titles = self.tuple_of(result.titles, f"{path}.titles", "titles")
        if len(titles) != len(goats):
            raise StateError(f"{path}.titles: one title per goat ({len(goats)}), not {len(titles)}")
        match = self.rules.match
        words = tuple(match.titles)  # every title is "goat" with some of the ruleset's words
        known = {match.title(w for b, w in enumerate(words) if chosen >> b & 1) for chosen in range(1 << len(words))}
        for index, title in enumerate(titles):
            if type(title) is not str or title not in known:
                raise StateError(
                    f"{path}.titles[{index}]: {_shown(title)} is no title of this ruleset's goats; they are "
                    f"{', '.join(map(repr, sorted(known)))}"
                )

    def praise(self, value: object, path: str) -> None:
        if value is None:
            return
        offered = self.rules.praise.choices if self.rules.praise is not None else ()
        names = [kind.value for kind in offered if isinstance(kind, PraiseKind)]
        if type(value) is not str or value not in names:
            words = ", ".join(names) or "none in this game"
            raise StateError(f"{path}: one of the praise deals offered ({words}), not {_shown(value)}")

    # Events ------------------------------------------------------------------------------------------------

    def played(self, value: object, path: str) -> tuple[Card, ...]:
        """A move made (in the history, or on the table): the cards it shows."""
        play: Any = value
        seat, kind, count, to = play.seat, play.kind, play.count, play.to
        self.seat(seat, f"{path}.seat")
        if type(kind) is not _MOVE_KIND:
            raise StateError(f"{path}.kind: a MoveKind, not {_shown(kind)}")
        self.seat(to, f"{path}.to", optional=True)
        if kind is _KIND_TRANSFER and self.partners:
            if to != self.rules.seating.partner(seat):
                raise StateError(f"{path}.to: a transfer goes to the partner of seat {seat}, not {_shown(to)}")
        elif kind is not _KIND_TRANSFER and kind is not _KIND_TRANSFER_BACK and to is not None:
            raise StateError(f"{path}.to: only a transfer or its giving back goes to a seat, not a {kind.word}")
        self.size(count, f"{path}.count", self.hand)
        shown = () if play.cards is None else self.cards(play.cards, f"{path}.cards", count)
        check_order(shown, f"{path}.cards")
        wanted = _WANTED[kind]
        if count != wanted if wanted >= 0 else count < 1:
            many = "at least one card" if wanted < 0 else f"{wanted} card(s)"
            raise StateError(f"{path}.count: a {kind.word} is made with {many}, not {count}")
        choice = play.choice
        if choice is not None and type(choice) is not str:
            raise StateError(f"{path}.choice: a word or None, not {_shown(choice)}")
        if choice is not None and kind is not _KIND_PRAISE:
            raise StateError(f"{path}.choice: only a praise move names a choice, not a {kind.word}")
        return shown

    def event(self, value: object, path: str) -> None:
        event: Any = value
        if isinstance(value, Dealt):
            self.dealt(event, path)
        elif isinstance(value, Played):
            self.played(event, path)
        elif isinstance(value, CardsReturned):
            self.returned(event.returned, f"{path}.returned")
        elif isinstance(value, Laid):
            self.seat(event.seat, f"{path}.seat")
            self.flag(event.face_up, f"{path}.face_up")
            if not self.card(event.card, f"{path}.card") and event.face_up:
                raise StateError(f"{path}.card: a card laid face up is shown to everyone, but none is named")
        elif isinstance(value, TrickTaken):
            self.seat(event.winner, f"{path}.winner")
            self.size(event.count, f"{path}.count", self.deck_size, least=1)  # a trick holds a card at least
            self.size(event.talon, f"{path}.talon", self.rules.talon_size)
        elif isinstance(value, CardsDrawn):
            self.drawn(event.drawn, f"{path}.drawn")
        elif isinstance(value, PraiseDealt):
            self.praise_dealt(event, path)
        elif isinstance(value, TalonTaken):
            self.seat(event.seat, f"{path}.seat")
            if event.cards is not None:
                self.size(len(self.cards(event.cards, f"{path}.cards")), f"{path}.cards", self.rules.talon_size)
            self.card(event.shown, f"{path}.shown")
        elif isinstance(value, HandScored):
            self.result(event.result, f"{path}.result")
            self.numbers(event.scores, f"{path}.scores", "side")
            for side, won in enumerate(self.row(event.sets, f"{path}.sets", "side")):
                if not _whole(won) or not 0 <= won <= self.rules.match.sets:
                    raise StateError(f"{path}.sets[{side}]: sets won, 0 to {self.rules.match.sets}, not {_shown(won)}")
        elif isinstance(value, Caught):
            self.seat(event.catcher_seat, f"{path}.catcher_seat")
            self.seat(event.victim_seat, f"{path}.victim_seat")
            for name in ("catcher", "victim"):
                if type(getattr(event, name)) is not _CARD:
                    raise StateError(f"{path}.{name}: a card, not {_shown(getattr(event, name))}")
            self.cards((event.catcher, event.victim), path)
        elif isinstance(value, MatchOver):
            self.match_result(event.result, f"{path}.result")
        else:
            raise StateError(f"{path}: one of the engine's events, not {_shown(value)}")

    def dealt(self, event: Any, path: str) -> None:
        self.seat(event.dealer, f"{path}.dealer")
        self.seat(event.turn, f"{path}.turn", optional=True)
        self.seat(event.leader, f"{path}.leader")
        self.seat(event.last_opener, f"{path}.last_opener", optional=True)
        sizes = self.row(event.sizes, f"{path}.sizes", "seat")
        for index, size in enumerate(sizes):
            self.size(size, f"{path}.sizes[{index}]", self.hand)
        places = self.hands(event.hands, path, self.hand, sizes)
        for side in self.tuple_of(event.redeals, f"{path}.redeals", "sides"):
            self.side(side, f"{path}.redeals")
        self.numbers(event.scores, f"{path}.scores", "side")
        sets = self.tuple_of(event.sets, f"{path}.sets", "sets won per side")
        if sets:
            check_sets(self.rules, self.row(sets, f"{path}.sets", "side"), f"{path}.sets")
        number = event.hand_number
        if not _whole(number) or not 0 <= number < 10**NUMBER_DIGITS:
            raise StateError(f"{path}.hand_number: the hands played before, 0 or more, not {_shown(number)}")
        finished = len(self.fields.hand_results)
        if number > finished:
            raise StateError(
                f"{path}.hand_number: {number} hands played before, but the view holds {finished} finished hands"
            )
        self.size(event.stock, f"{path}.stock", self.deck_size)
        self.size(event.talon, f"{path}.talon", self.rules.talon_size)
        if sum(sizes) + event.stock + event.talon > self.deck_size:
            raise StateError(f"{path}: more cards dealt than the deck's {self.deck_size}")
        self.card(event.trump_card, f"{path}.trump_card")
        self.card(event.talon_shown, f"{path}.talon_shown")
        self.apart(places)

    def praise_dealt(self, event: Any, path: str) -> None:
        self.praise(event.praise, f"{path}.praise")
        if event.praise is None:
            raise StateError(f"{path}.praise: one of the praise deals offered, not None")
        places = self.hands(event.hands, path, self.rules.dealing.hand_size)
        self.seat(event.turn, f"{path}.turn", optional=True)
        self.size(event.stock, f"{path}.stock", self.deck_size)
        laid: list[Card] = []
        for number, trick in enumerate(self.tuple_of(event.tricks, f"{path}.tricks", "(plays, winner) tricks")):
            where = f"{path}.tricks[{number}]"
            if not isinstance(trick, tuple) or len(trick) != 2:
                raise StateError(f"{where}: a (plays, winner) trick, not {_shown(trick)}")
            plays, winner = trick
            self.seat(winner, where)
            if len(self.tuple_of(plays, where, "(seat, card or None) plays")) > self.players:
                raise StateError(f"{where}: more plays than players")
            for index, play in enumerate(plays):
                if not isinstance(play, tuple) or len(play) != 2:
                    raise StateError(f"{where}[{index}]: a (seat, card or None) play, not {_shown(play)}")
                self.seat(play[0], f"{where}[{index}]")
                laid += self.card(play[1], f"{where}[{index}]")
        places[f"{path}.tricks"] = self.cards(tuple(laid), f"{path}.tricks")
        self.apart(places)

    def returned(self, value: Any, path: str) -> None:
        """The plays a molodka sent back: ``(seat, cards or None, count, face up)`` each."""
        for index, part in enumerate(self.tuple_of(value, path, "(seat, cards or None, count, face up) entries")):
            where = f"{path}[{index}]"
            if not isinstance(part, tuple) or len(part) != 4:
                raise StateError(f"{where}: a (seat, cards or None, count, face up) entry, not {_shown(part)}")
            owner, cards, count, face_up = part
            self.seat(owner, where)
            self.size(count, where, self.hand)
            if cards is not None:
                check_order(self.cards(cards, where, count), where)
            self.flag(face_up, where)

    def drawn(self, value: Any, path: str) -> None:
        """The cards drawn from the stock: ``(seat, cards or None, count)`` each, for the seats that drew (one at least,
        a card at least each)."""
        parts = self.tuple_of(value, path, "(seat, cards or None, count) entries")
        if not parts:
            raise StateError(f"{path}: a draw names the seats that drew, one at least, not none")
        for index, part in enumerate(parts):
            where = f"{path}[{index}]"
            if not isinstance(part, tuple) or len(part) != 3:
                raise StateError(f"{where}: a (seat, cards or None, count) entry, not {_shown(part)}")
            owner, cards, count = part
            self.seat(owner, where)
            self.size(count, where, self.deck_size, least=1)
            if cards is not None:
                self.cards(cards, where, count)

    # The view ----------------------------------------------------------------------------------------------

    def turn_and_phase(self) -> None:
        """Whose turn it is and what the table is doing fit together: no seat is to move exactly when the phase is
        over (the match's end, or a hand's end inside ``within_hand``), a match result comes with the phase over, and
        the declarer is the one who lays away."""
        view = self.fields
        turn, phase, result, declarer = view.turn, view.phase, view.result, view.declarer
        if phase is _PHASE_OVER:
            if turn is not None:
                over = "the match is over" if result is not None else "the phase is 'over'"
                raise StateError(f"view.turn: {_shown(turn)}, but {over}: no seat is to move")
            return
        if turn is None:
            raise StateError(
                f"view.turn: None, but the phase is {phase.value!r}: a seat is to move until the phase is 'over'"
            )
        if result is not None:
            raise StateError(
                f"view.phase: {phase.value!r}, but view.result says the match is over, and then the phase is 'over'"
            )
        if phase is _PHASE_LAY_AWAY and turn != declarer:
            raise StateError(
                f"view.turn: {_shown(turn)}, but the phase is 'lay_away', in which the declarer "
                f"({_shown(declarer)}) is to move"
            )

    def check(self) -> Dealt:
        view = self.fields
        players = self.players
        # Each field of the view, of its kind and in range.
        self.seat(view.seat, "view.seat")
        self.seat(view.dealer, "view.dealer")
        self.seat(view.turn, "view.turn", optional=True)
        self.seat(view.trick_winner, "view.trick_winner", optional=True)
        self.seat(view.declarer, "view.declarer", optional=True)
        if not isinstance(view.phase, Phase):
            raise StateError(f"view.phase: a Phase, not {_shown(view.phase)}")
        if view.trump is not None and type(view.trump) is not Suit:
            raise StateError(f"view.trump: a Suit or None, not {_shown(view.trump)}")
        for seat, size in enumerate(self.row(view.hand_sizes, "view.hand_sizes", "seat")):
            self.size(size, f"view.hand_sizes[{seat}]", self.hand)
        for seat, groups in enumerate(self.row(view.voids, "view.voids", "seat")):
            if not isinstance(groups, frozenset) or not all(type(group) is int for group in groups) or groups - _GROUPS:
                raise StateError(
                    f"view.voids[{seat}]: a frozen set of groups 0-3 (the plain suits) and 4 (trumps), "
                    f"not {_shown(groups)}"
                )
        for name in ("trick_counts", "won_sizes"):
            for side, size in enumerate(self.row(getattr(view, name), f"view.{name}", "side")):
                self.size(size, f"view.{name}[{side}]", self.deck_size)
        self.numbers(view.scores, "view.scores", "side")
        sets = self.numbers(view.sets, "view.sets", "side")
        self.size(view.talon_size, "view.talon_size", self.rules.talon_size)
        self.size(view.stock_size, "view.stock_size", self.deck_size)
        hand = self.cards(view.hand, "view.hand")
        table: list[Card] = []
        trick = view.trick
        if trick is not None:
            for index, play in enumerate(self.tuple_of(trick, "view.trick", "plays (Played) or None")):
                if not isinstance(play, Played):
                    raise StateError(f"view.trick[{index}]: a Played event, not {_shown(play)}")
                table += self.played(play, f"view.trick[{index}]")
            if len(trick) > players:
                raise StateError(f"view.trick: more plays than the {players} players")
        self.card(view.trump_card, "view.trump_card")
        self.card(view.talon_shown, "view.talon_shown")
        self.praise(view.praise, "view.praise")
        if view.transfers_done is not None:
            for side in self.tuple_of(view.transfers_done, "view.transfers_done", "sides"):
                self.side(side, "view.transfers_done")
        self.results(view.hand_results)
        if view.result is None:  # once the match is over, the winner's last set counts
            check_sets(self.rules, sets, "view.sets")
        else:
            self.match_result(view.result, "view.result")
        dealt = self.history(view.history)
        # The fields together.
        if len(hand) != view.hand_sizes[view.seat]:
            says = view.hand_sizes[view.seat]
            raise StateError(f"view.hand: {len(hand)} cards, but hand_sizes says seat {view.seat} holds {says}")
        placed = sum(view.hand_sizes) + view.talon_size + view.stock_size + sum(view.won_sizes)
        placed += sum(play.count for play in trick or ())
        if view.phase is _PHASE_DRAWING:  # the cards laid so far lie face down or up before the players
            for event in view.history:
                fields: Any = event
                placed += isinstance(event, _LAID) or (isinstance(event, _PLAYED) and fields.kind in _LAYS)
        if placed != self.deck_size:
            raise StateError(
                f"view: {placed} cards in the hands, talon, stock, tricks won and on the table; "
                f"the deck has {self.deck_size}"
            )
        self.apart({"view.hand": hand, "view.trick": self.cards(tuple(table), "view.trick")})
        return dealt

    def sheet(self, dealt: Any) -> None:
        """The sheet at the deal's start, with the hand finished since written on it, gives the view's scores, sets
        and end (a deal is one hand: at most one has finished since it was dealt)."""
        view = self.fields
        results = view.hand_results
        before = dealt.hand_number
        if len(results) > before + 1:
            raise StateError(
                f"view.hand_results: {len(results)} finished hands, but the deal began after {before} and a deal is "
                "one hand"
            )
        scored = [event for event in view.history if isinstance(event, _HAND_SCORED)]
        for event in scored[-1:]:  # the hand finished in this deal: its sheet is the view's
            fields: Any = event
            for name in ("scores", "sets"):
                if getattr(fields, name) != getattr(view, name):
                    raise StateError(
                        f"view.{name}: written as {_row(getattr(view, name))}, but the hand scored in this deal wrote "
                        f"{_row(getattr(fields, name))}"
                    )
        if not dealt.sets:  # a deal that does not say the sets it began with: the sheet's start is not known
            return
        scores, sets, goats = sheet_of_hands(
            self.rules, results[before:], "view.hand_results", first=before, scores=dealt.scores, sets=dealt.sets
        )
        for name, value, wanted in (("scores", view.scores, scores), ("sets", view.sets, sets)):
            if value != wanted:
                raise StateError(
                    f"view.{name}: written as {_row(value)}, but the deal began at {_row(getattr(dealt, name))} and "
                    f"the hands finished since make {_row(wanted)}"
                )
        if view.result is None and goats is not None:
            raise StateError(
                f"view.result: None, but the hand finished in this deal ended the match (goats: {list(goats)})"
            )
        if view.result is not None and goats is None:
            raise StateError("view.result: the match is over, but no hand finished in this deal ended it")
        if view.result is not None and view.result.goats != goats:
            raise StateError(
                f"view.result.goats: written as {list(view.result.goats)}, but the hand finished in this deal made "
                f"goats of {list(goats or ())}"
            )

    def only_what_the_seat_sees(self) -> None:
        """Each event of the history and the trick is as the view's seat sees it (:meth:`Event.for_seat`): a view
        that shows another seat's hidden cards (its dealt hand, a pass laid face down) is no seat's view."""
        view = self.fields
        seat = view.seat
        for where, events in (("view.history", view.history), ("view.trick", view.trick or ())):
            for index, event in enumerate(events):
                if event.for_seat(seat) != event:
                    raise StateError(
                        f"{where}[{index}]: a {type(event).__name__} event that shows cards seat {seat} does not "
                        "see (another seat's hand or face-down cards): a view shows only what its seat sees"
                    )

    def history(self, history: object) -> Dealt:
        """Each event of the history, which starts with the deal: the deal."""
        events = self.tuple_of(history, "view.history", "events")
        if not events or not isinstance(events[0], Dealt):
            raise StateError("view.history: a deal's history starts with the deal (a Dealt event)")
        players, size, deck, hand = self.players, self.deck_size, self.deck, self.hand
        for number, event in enumerate(events):
            # Its fields read as plain objects (``isinstance`` would give ``event`` its class, and a compiled build
            # would then read a bool seat as a number), as the view's own are.
            fields: Any = event
            # The common events, checked at once; where anything is off, the full check below says what.
            if isinstance(event, _PLAYED):
                seat, kind, count, shown = fields.seat, fields.kind, fields.count, fields.cards
                if (
                    type(seat) is int
                    and 0 <= seat < players
                    and type(kind) is _MOVE_KIND
                    and kind is not _KIND_TRANSFER
                    and fields.to is None
                    and fields.choice is None
                    and type(count) is int
                ):
                    wanted = _WANTED[kind]
                    if (count == wanted if wanted >= 0 else 1 <= count <= hand) and (
                        shown is None or _fine_cards(shown, count, deck)
                    ):
                        continue
            elif isinstance(event, _TRICK_TAKEN):
                winner, taken = fields.winner, fields.count
                if (
                    type(winner) is int
                    and 0 <= winner < players
                    and type(taken) is int
                    and 1 <= taken <= size
                    and type(fields.talon) is int
                    and fields.talon == 0
                ):
                    continue
            elif (
                isinstance(event, _CARDS_DRAWN)
                and type(fields.drawn) is tuple
                and fields.drawn
                and all(_fine_draw(part, players, size, deck) for part in fields.drawn)
            ):
                continue
            self.event(event, f"view.history[{number}]")
        dealt: Dealt = events[0]
        return dealt

    def stock_and_talon(self) -> None:
        """The stock and the talon as the events leave them are the view's: the deal's, less the cards drawn (a praise
        deal says what it left), and the talon until the declarer takes it or the hand's last trick takes it along."""
        view = self.fields
        events = view.history
        stock, talon = events[0].stock, events[0].talon
        for number, event in enumerate(events):
            fields: Any = event
            if isinstance(event, _CARDS_DRAWN):
                stock -= sum(count for _, _, count in fields.drawn)
            elif isinstance(event, _PRAISE_DEALT):
                stock = fields.stock
            elif isinstance(event, _TALON_TAKEN):
                talon = 0
            elif isinstance(event, _TRICK_TAKEN):
                following = events[number + 1] if number + 1 < len(events) else None
                if following is None:  # the view's last event: the hand ended with it where it has finished unscored
                    finished = len(view.hand_results) > events[0].hand_number  # (``within_hand``)
                    result = view.hand_results[-1] if finished else None
                else:
                    result = following.result if isinstance(following, _HAND_SCORED) else None
                ends = result is not None and not (result.caught or result.forfeited)
                if fields.talon != (talon if ends else 0):
                    why = "the hand's last trick takes the talon no one took" if ends else "only a hand's last trick"
                    raise StateError(
                        f"view.history[{number}].talon: {fields.talon} cards of the talon taken with the trick, "
                        f"but {why} ({talon if ends else 0} here)"
                    )
                if ends:
                    talon = 0
        if stock != view.stock_size:
            raise StateError(
                f"view.stock_size: {view.stock_size}, but the deal left {stock} cards in the stock after the draws"
            )
        if talon != view.talon_size:
            raise StateError(f"view.talon_size: {view.talon_size}, but the history leaves {talon} cards in the talon")


def check_order(cards: tuple[Card, ...], path: str) -> None:
    """A move's cards, each listed once, are in the game's order (the order of :func:`kozel.cards.masks.cards_of`)."""
    if any(cards[index] >= cards[index + 1] for index in range(len(cards) - 1)):
        raise StateError(
            f"{path}: a move lists its cards in the game's order, {format_cards(sorted(cards))}, "
            f"not {format_cards(cards)}"
        )


def check_move_cards(cards: tuple[Card, ...] | None, count: int, path: str) -> None:
    """The cards of a move in an event read alone (:class:`~kozel.view.events.Played`, a play sent back), where shown:
    each once, as many as the event's ``count``, in the game's order."""
    if cards is not None:
        _listed_once(cards, path, count)
        check_order(cards, path)


def _listed_once(cards: tuple[Card, ...], path: str, count: object = None) -> None:
    """No card of ``cards`` listed twice, and ``count`` of them where given."""
    if len(set(cards)) != len(cards):
        raise StateError(f"{path}: a card is listed twice")
    if count is not None and len(cards) != count:
        raise StateError(f"{path}: {plural(len(cards), 'card')} shown, but the count says {count}")


def check_results(rules: Ruleset, results: tuple[HandResult, ...], path: str) -> None:
    """Each finished hand (the list at ``path``) as the engine writes it; one no play gives raises StateError.

    ``path`` names ``results`` in the error's message (``"view.hand_results"`` gives
    ``"view.hand_results[2].points: ..."``); it changes nothing else.

    One number per side, none below 0; a hand played out counts every card point of the deck; one
    stopped by a catch or lost by a redeal past the limit counts none and is not eggs, and needs
    the ruleset's catch or limit of redeals; a declarer is a seat, in a ruleset with bidding for the
    talon.
    """
    total = rules.total_points
    bidding = rules.talon.bidding if rules.talon is not None else None
    redeal = rules.redeal
    for index, value in enumerate(results):
        result: Any = value  # read as a plain object (see _Checker)
        where = f"{path}[{index}]"
        for name in ("points", "tricks", "written"):
            values = getattr(result, name)
            if len(values) != rules.sides:
                raise StateError(f"{where}.{name}: one number per side ({rules.sides})")
            for side, number in enumerate(values):
                if number < 0:
                    raise StateError(f"{where}.{name}[{side}]: a whole number of 0 or more, not {_shown(number)}")
        if sum(result.tricks) > len(rules.deck):
            raise StateError(
                f"{where}.tricks: {_number(sum(result.tricks))}, more than the deck's {len(rules.deck)} cards make"
            )
        stopped = result.caught or result.forfeited
        if result.caught and result.forfeited:
            raise StateError(f"{where}: a hand stopped by a catch is not also forfeited by a redeal")
        wanted = 0 if stopped else total
        if sum(result.points) != wanted:
            raise StateError(
                f"{where}.points: add up to {_number(sum(result.points))}, but a hand "
                + ("stopped before its cards were counted counts 0" if stopped else f"counts the deck's {total}")
            )
        if stopped and result.eggs:
            raise StateError(f"{where}.eggs: a hand stopped before its cards were counted is not eggs")
        if result.declarer is not None:
            if bidding is None:
                raise StateError(f"{where}.declarer: {rules.name!r} has no bidding for the talon, so no declarer")
            if not 0 <= result.declarer < rules.players:
                raise StateError(
                    f"{where}.declarer: a seat from 0 to {rules.players - 1}, not {_shown(result.declarer)}"
                )
        if result.caught and rules.catch is None:
            raise StateError(f"{where}.caught: {rules.name!r} has no catch, so no hand stops on one")
        if result.forfeited and (redeal is None or redeal.limit is None):
            raise StateError(
                f"{where}.forfeited: {rules.name!r} has no limit of redeals in a row, so no hand is lost by calling "
                "past it"
            )


def sheet_of_hands(
    rules: Ruleset,
    results: tuple[HandResult, ...],
    path: str,
    *,
    first: int = 0,
    scores: tuple[int, ...] | None = None,
    sets: tuple[int, ...] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None]:
    """The scores, sets and goats (None: the match goes on) after ``results``, written from ``scores`` and ``sets``.

    ``scores`` and ``sets`` are where the sheet stood before the first of ``results`` (None: the
    match's start).  ``path`` names ``results`` in an error's message, and ``first`` is the index there
    of their first hand: ``path[first]`` names it.  Each hand is written by the engine's own
    rule (``kozel.engine.hand_end.sheet_after``, with what taking every trick does where a hand was
    counted by its table); a hand after one that ended the match raises StateError.
    """
    sheet = (rules.match.start,) * rules.sides if scores is None else scores
    won = (0,) * rules.sides if sets is None else sets
    goats = None
    for index, value in enumerate(results):
        if goats is not None:
            raise StateError(f"{path}[{first + index - 1}]: this hand ended the match, so no deal follows it")
        result: Any = value
        stopped = result.caught or result.forfeited  # stopped before the count: no table, no sweep
        sweep = None if stopped else sweep_of(rules, result.tricks, result.declarer)
        sheet, won, goats = sheet_after(rules, sheet, won, result.written, sweep)
    return sheet, won, goats


def check_sheet(
    rules: Ruleset,
    results: tuple[HandResult, ...],
    *,
    scores: tuple[int, ...],
    sets: tuple[int, ...] | None,
    path: str,
    results_path: str,
) -> None:
    """The ``scores`` and ``sets`` (at ``path``; sets None: not told) are what ``results`` wrote from the match's start.

    None of the hands may have ended the match: a deal followed them.  ``path`` names where the caller
    holds ``scores`` and ``sets`` (the message says ``path.scores`` or ``path.sets``), ``results_path``
    where it holds ``results``; both only name the values in an error's message.
    """
    sheet, won, goats = sheet_of_hands(rules, results, results_path)
    if goats is not None:
        raise StateError(f"{results_path}[{len(results) - 1}]: this hand ended the match, so no deal follows it")
    if sets is not None and won != sets:
        raise StateError(f"{path}.sets: written as {_row(sets)}, but the finished hands won {_row(won)}")
    if sheet != scores:
        raise StateError(
            f"{path}.scores: written as {_row(scores)}, but the finished hands wrote {_row(sheet)} "
            f"from the match's start of {rules.match.start} a side"
        )


def check_sets(rules: Ruleset, values: tuple[int, ...], path: str) -> None:
    """Sets won per side while the match goes on: none below 0, none at the number that wins it (it would be over).

    ``path`` names ``values`` in the error's message (``"view.sets"`` gives ``"view.sets[1]: ..."``).
    """
    most = rules.match.sets - 1
    fields: Any = values
    for side, won in enumerate(fields):
        if not _whole(won) or not 0 <= won <= most:
            raise StateError(f"{path}[{side}]: sets won before the match is won, 0 to {most}, not {_shown(won)}")


def check_view(view: PlayerView) -> Dealt:
    """The deal the view's history starts with; a view no play at the table gives raises StateError naming the field."""
    try:
        checker = _Checker(view)
        dealt = checker.check()
        checker.only_what_the_seat_sees()  # no event shows cards hidden from the view's seat
        checker.stock_and_talon()  # the fields together, then what the history leaves of the stock and talon
        checker.sheet(dealt)  # the fields together, then the sheet they give
        checker.turn_and_phase()  # and whose turn it is in the phase they give
        return dealt
    except StateError:
        raise
    except _WRONG_KIND as error:
        raise StateError(f"view: a field of the wrong kind ({type(error).__name__}: {error})") from None
