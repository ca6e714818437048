"""The consistency of a view read from JSON: what no play could produce is refused before anything uses it.

A :class:`~kozel.PlayerView` written by :func:`kozel.record.to_json` always passes.  A view built
or edited by hand must have: every seat (of the view, the dealer, the turn, each event) at the
table; one entry per seat or per side where the view keeps one; every size from 0 to what the
rules allow (a hand no larger than a dealt hand with the talon or a transfer on top, the talon and
stock no larger than the deal makes them, all of them together exactly the deck); every card
a card of the deck; a shown list of cards exactly as long as its count; and no card in two known
places at once (the own hand and the cards face up on the table; the hands and the cards of one
deal event).  Each problem raises :class:`~kozel.StateError` naming the field.
"""

from __future__ import annotations

from collections.abc import Iterable

from kozel.cards.card import Card
from kozel.cards.notation import format_cards
from kozel.errors import StateError
from kozel.game.move import MoveKind
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import Phase
from kozel.limits import NUMBER_DIGITS
from kozel.rules.praise import PraiseKind
from kozel.rules.ruleset import Ruleset
from kozel.view.events import (
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
from kozel.view.view import PlayerView

__all__ = ["check_sets", "check_view"]

#: The groups a seat may be void in: the four plain suits by number, and 4 for trumps.
_GROUPS = frozenset(range(5))
#: Moves made with no card, and moves made with exactly one.
_NO_CARD = frozenset({MoveKind.PRAISE, MoveKind.REDEAL, MoveKind.TAKE_TALON, MoveKind.DECLINE})
_ONE_CARD = frozenset({MoveKind.PLAY, MoveKind.LAY_DARK, MoveKind.LAY_OPEN})
_LAYS = frozenset({MoveKind.LAY_DARK, MoveKind.LAY_OPEN})


class _Checker:
    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.players = rules.players
        self.sides = rules.sides
        self.deck = len(rules.deck)
        #: The most cards a hand ever holds: a dealt hand with the talon taken or trumps handed over.
        self.hand = rules.largest_hand

    def seat(self, value: int | None, path: str, *, optional: bool = False) -> None:
        if value is None and optional:
            return
        if value is None or not 0 <= value < self.players:
            raise StateError(f"{path}: a seat from 0 to {self.players - 1}, not {value!r}")

    def side(self, value: int, path: str) -> None:
        if not 0 <= value < self.sides:
            raise StateError(f"{path}: a side from 0 to {self.sides - 1}, not {value!r}")

    def size(self, value: int, path: str, most: int) -> None:
        if not 0 <= value <= most:
            raise StateError(f"{path}: a number of cards from 0 to {most}, not {value}")

    def sets(self, values: tuple[int, ...], path: str) -> None:
        check_sets(self.rules, values, path)

    def count(self, values: tuple[object, ...] | None, path: str, per: str) -> None:
        wanted = self.players if per == "seat" else self.sides
        if values is not None and len(values) != wanted:
            raise StateError(f"{path}: one entry per {per} ({wanted}), not {len(values)}")

    def cards(self, cards: Iterable[Card] | None, path: str, count: int | None = None) -> tuple[Card, ...]:
        listed = tuple(cards) if cards is not None else ()
        outside = [card for card in listed if card not in self.rules.deck]
        if outside:
            raise StateError(f"{path}: {format_cards(outside)} not cards of {self.rules.name!r}")
        if len(set(listed)) != len(listed):
            raise StateError(f"{path}: a card is listed twice")
        if cards is not None and count is not None and len(listed) != count:
            raise StateError(f"{path}: {len(listed)} cards shown, but the count says {count}")
        return listed

    def apart(self, places: dict[str, tuple[Card, ...]]) -> None:
        """No card in two of ``places``."""
        seen: dict[Card, str] = {}
        for where, cards in places.items():
            for card in cards:
                if card in seen and seen[card] != where:
                    raise StateError(f"{where}: {card} is in {seen[card]} too; a card lies in one place")
                seen[card] = where

    def result(self, result: HandResult, path: str) -> None:
        for name in ("points", "tricks", "written"):
            self.count(getattr(result, name), f"{path}.{name}", "side")
        self.seat(result.declarer, f"{path}.declarer", optional=True)

    def match_result(self, result: MatchResult, path: str) -> None:
        for index, side in enumerate(result.goats):
            self.side(side, f"{path}.goats[{index}]")
        if len(result.titles) != len(result.goats):
            raise StateError(f"{path}.titles: one title per goat ({len(result.goats)}), not {len(result.titles)}")
        match = self.rules.match
        words = tuple(match.titles)  # every title is "goat" with some of the ruleset's words
        known = {match.title(w for b, w in enumerate(words) if chosen >> b & 1) for chosen in range(1 << len(words))}
        for index, title in enumerate(result.titles):
            if title not in known:
                raise StateError(
                    f"{path}.titles[{index}]: {title!r} is no title of this ruleset's goats; they are "
                    f"{', '.join(map(repr, sorted(known)))}"
                )

    def played(self, play: Played, path: str) -> None:
        self.seat(play.seat, f"{path}.seat")
        self.seat(play.to, f"{path}.to", optional=True)
        if play.kind is MoveKind.TRANSFER and self.rules.seating.team_size == 2:
            if play.to != self.rules.seating.partner(play.seat):
                raise StateError(f"{path}.to: a transfer goes to the partner of seat {play.seat}, not {play.to!r}")
        elif play.kind is not MoveKind.TRANSFER_BACK and play.to is not None:
            raise StateError(f"{path}.to: only a transfer or its giving back goes to a seat, not a {play.kind.word}")
        self.size(play.count, f"{path}.count", self.hand)
        self.cards(play.cards, f"{path}.cards", play.count)
        wanted = 0 if play.kind in _NO_CARD else 1 if play.kind in _ONE_CARD else None
        if (wanted is not None and play.count != wanted) or (wanted is None and not play.count):
            many = "at least one card" if wanted is None else f"{wanted} card(s)"
            raise StateError(f"{path}.count: a {play.kind.word} is made with {many}, not {play.count}")
        if play.choice is not None and play.kind is not MoveKind.PRAISE:
            raise StateError(f"{path}.choice: only a praise move names a choice, not a {play.kind.word}")

    def event(self, event: Event, path: str) -> None:  # noqa: PLR0915 - one branch per kind of event
        if isinstance(event, Dealt):
            self.seat(event.dealer, f"{path}.dealer")
            self.seat(event.turn, f"{path}.turn", optional=True)
            self.seat(event.leader, f"{path}.leader")
            self.seat(event.last_opener, f"{path}.last_opener", optional=True)
            self.count(event.hands, f"{path}.hands", "seat")
            self.count(event.sizes, f"{path}.sizes", "seat")
            for side in event.redeals:
                self.side(side, f"{path}.redeals")
            if event.scores:
                self.count(event.scores, f"{path}.scores", "side")
            if event.sets:
                self.count(event.sets, f"{path}.sets", "side")
                self.sets(event.sets, f"{path}.sets")
            if not 0 <= event.hand_number < 10**NUMBER_DIGITS:
                raise StateError(f"{path}.hand_number: the hands played before, 0 or more, not {event.hand_number}")
            self.size(event.stock, f"{path}.stock", self.deck)
            self.size(event.talon, f"{path}.talon", self.rules.talon_size)
            places = {}
            for index, (hand, size) in enumerate(zip(event.hands, event.sizes, strict=True)):
                self.size(size, f"{path}.sizes[{index}]", self.hand)
                places[f"{path}.hands[{index}]"] = self.cards(hand, f"{path}.hands[{index}]", size)
            if sum(event.sizes) + event.stock + event.talon > self.deck:
                raise StateError(f"{path}: more cards dealt than the deck's {self.deck}")
            self.cards((event.trump_card,) if event.trump_card else (), f"{path}.trump_card")
            self.cards((event.talon_shown,) if event.talon_shown else (), f"{path}.talon_shown")
            self.apart(places)
        elif isinstance(event, Played):
            self.played(event, path)
        elif isinstance(event, CardsReturned):
            for index, (owner, cards, count, _) in enumerate(event.returned):
                self.seat(owner, f"{path}.returned[{index}]")
                self.size(count, f"{path}.returned[{index}]", self.hand)
                self.cards(cards, f"{path}.returned[{index}]", count)
        elif isinstance(event, Laid):
            self.seat(event.seat, f"{path}.seat")
            self.cards((event.card,) if event.card else (), f"{path}.card")
        elif isinstance(event, TrickTaken):
            self.seat(event.winner, f"{path}.winner")
            self.size(event.count, f"{path}.count", self.deck)
        elif isinstance(event, CardsDrawn):
            for index, (owner, drawn, count) in enumerate(event.drawn):
                self.seat(owner, f"{path}.drawn[{index}]")
                self.size(count, f"{path}.drawn[{index}]", self.deck)
                self.cards(drawn, f"{path}.drawn[{index}]", count)
        elif isinstance(event, PraiseDealt):
            self.praise(event.praise, f"{path}.praise")
            self.count(event.hands, f"{path}.hands", "seat")
            self.seat(event.turn, f"{path}.turn", optional=True)
            places = {}
            for index, hand in enumerate(event.hands):
                cards = self.cards(hand, f"{path}.hands[{index}]")
                self.size(len(cards), f"{path}.hands[{index}]", self.rules.dealing.hand_size)
                places[f"{path}.hands[{index}]"] = cards
            laid: list[Card] = []
            for number, (plays, winner) in enumerate(event.tricks):
                self.seat(winner, f"{path}.tricks[{number}]")
                if len(plays) > self.players:
                    raise StateError(f"{path}.tricks[{number}]: more plays than players")
                for index, (seat, card) in enumerate(plays):
                    self.seat(seat, f"{path}.tricks[{number}][{index}]")
                    laid += self.cards((card,) if card else (), f"{path}.tricks[{number}][{index}]")
            places[f"{path}.tricks"] = tuple(laid)
            self.cards(laid, f"{path}.tricks")
            self.apart(places)
        elif isinstance(event, TalonTaken):
            self.seat(event.seat, f"{path}.seat")
            self.cards(event.cards, f"{path}.cards", None)
            if event.cards is not None:
                self.size(len(event.cards), f"{path}.cards", self.rules.talon_size)
            self.cards((event.shown,) if event.shown else (), f"{path}.shown")
        elif isinstance(event, HandScored):
            self.result(event.result, f"{path}.result")
            self.count(event.scores, f"{path}.scores", "side")
        elif isinstance(event, Caught):
            self.seat(event.catcher_seat, f"{path}.catcher_seat")
            self.seat(event.victim_seat, f"{path}.victim_seat")
            self.cards((event.catcher, event.victim), path)
        elif isinstance(event, MatchOver):
            self.match_result(event.result, f"{path}.result")

    def praise(self, praise: str | None, path: str) -> None:
        if praise is None:
            return
        offered = self.rules.praise.choices if self.rules.praise is not None else ()
        if praise not in {kind.value for kind in offered if isinstance(kind, PraiseKind)}:
            words = ", ".join(kind.value for kind in offered) or "none in this game"
            raise StateError(f"{path}: one of the praise deals offered ({words}), not {praise!r}")


def check_sets(rules: Ruleset, values: tuple[int, ...], path: str) -> None:
    """Sets won per side while the match goes on: none below 0, none at the number that wins it (it would be over)."""
    most = rules.match.sets - 1
    for side, won in enumerate(values):
        if not 0 <= won <= most:
            raise StateError(f"{path}[{side}]: sets won before the match is won, 0 to {most}, not {won}")


def check_view(view: PlayerView) -> None:
    """Refuse a view no play could produce (see the module), naming the field at fault."""
    rules = view.ruleset
    check = _Checker(rules)
    check.seat(view.seat, "view.seat")
    check.seat(view.dealer, "view.dealer")
    check.seat(view.turn, "view.turn", optional=True)
    check.seat(view.trick_winner, "view.trick_winner", optional=True)
    check.seat(view.declarer, "view.declarer", optional=True)
    for name in ("hand_sizes", "voids"):
        check.count(getattr(view, name), f"view.{name}", "seat")
    for name in ("trick_counts", "won_sizes", "scores", "sets"):
        check.count(getattr(view, name), f"view.{name}", "side")
    if view.result is None:  # once the match is over, the winner's last set counts
        check.sets(view.sets, "view.sets")
    for seat, groups in enumerate(view.voids):
        if not groups <= _GROUPS:
            raise StateError(f"view.voids[{seat}]: groups are 0-3 (the plain suits) and 4 (trumps)")
    for seat, size in enumerate(view.hand_sizes):
        check.size(size, f"view.hand_sizes[{seat}]", check.hand)
    check.size(view.talon_size, "view.talon_size", rules.talon_size)
    check.size(view.stock_size, "view.stock_size", check.deck)
    for side, size in enumerate(view.won_sizes):
        check.size(size, f"view.won_sizes[{side}]", check.deck)
    for side, tricks in enumerate(view.trick_counts):
        check.size(tricks, f"view.trick_counts[{side}]", check.deck)
    if len(view.hand) != view.hand_sizes[view.seat]:
        says = view.hand_sizes[view.seat]
        raise StateError(f"view.hand: {len(view.hand)} cards, but hand_sizes says seat {view.seat} holds {says}")
    hand = check.cards(view.hand, "view.hand")
    table: list[Card] = []
    for index, play in enumerate(view.trick or ()):
        check.played(play, f"view.trick[{index}]")
        table += play.cards or ()
    if len(view.trick or ()) > rules.players:
        raise StateError(f"view.trick: more plays than the {rules.players} players")
    placed = sum(view.hand_sizes) + view.talon_size + view.stock_size + sum(view.won_sizes)
    placed += sum(play.count for play in view.trick or ())
    if view.phase is Phase.DRAWING:  # the cards laid so far lie face down or up before the players
        placed += sum(
            isinstance(event, Laid) or (isinstance(event, Played) and event.kind in _LAYS) for event in view.history
        )
    if placed != check.deck:
        raise StateError(
            f"view: {placed} cards in the hands, talon, stock, tricks won and on the table; the deck has {check.deck}"
        )
    for name in ("trump_card", "talon_shown"):
        card = getattr(view, name)
        check.cards((card,) if card is not None else (), f"view.{name}")
    check.apart({"view.hand": hand, "view.trick": check.cards(table, "view.trick")})
    check.praise(view.praise, "view.praise")
    for side in view.transfers_done or ():
        check.side(side, "view.transfers_done")
    for index, result in enumerate(view.hand_results):
        check.result(result, f"view.hand_results[{index}]")
    if view.result is not None:
        check.match_result(view.result, "view.result")
    if not view.history or not isinstance(view.history[0], Dealt):
        raise StateError("view.history: a deal's history starts with the deal (a Dealt event)")
    for index, event in enumerate(view.history):
        check.event(event, f"view.history[{index}]")
