"""The table as one seat sees it, in plain words: the hand, the trick, the score, each move and each result.

Everything here is drawn from a :class:`~kozel.PlayerView` or from events as that seat sees them
(``event.for_seat(seat)``), never from a whole state, so nothing hidden from the player can show.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from kozel.cards.card import Card, Suit
from kozel.cards.notation import format_cards
from kozel.cli.narrate import describe_move, side_name
from kozel.game.move import Move, MoveKind
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Phase
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode
from kozel.rules.trump import TRUMP_GROUP
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

__all__ = [
    "BACK",
    "Style",
    "describe_dealt",
    "describe_events",
    "describe_hand_result",
    "describe_match_result",
    "format_hand",
    "option_label",
    "render_table",
    "seat_name",
    "sorted_hand",
    "table_order",
    "target_words",
]

#: How a card lying face down is drawn.
BACK: Final = "[##]"

#: What each praise deal means, in a few words, for the list of choices.
_PRAISE_WORDS: Final = {
    "regular": "the usual deal, four and four",
    "one_by_one": "one card at a time",
    "merry": "two tricks dealt first, a face-down and a face-up card each",
    "mirror": "you cut and keep the trumps at the bottom of the upper part",
    "mirror_all": "everyone in turn cuts and keeps the trumps at the bottom of the upper part",
    "trump_yourself": "each draws, keeping trumps, until a plain card goes into a trick",
    "fishing": "you draw your eight yourself",
    "fishing_all": "each draws his eight in turn",
    "trousers": "top and bottom cards two at a time; keep aces and trumps, lay the rest into a trick",
    "pants_double": "as trousers, four cards at a time, two cards laid into two tricks",
}

_RED: Final = re.compile(r"(?:10|[6-9JQKA])[♥♦]")


class Style:
    """How text is dressed: plain for pipes and files, bold and red suits on a terminal."""

    def __init__(self, colour: bool) -> None:
        #: Whether ANSI colour codes are written.
        self.colour = colour

    def bold(self, text: str) -> str:
        """``text`` in bold, on a terminal."""
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text

    def cards(self, text: str) -> str:
        """``text`` with hearts and diamonds in red, on a terminal."""
        return _RED.sub(lambda found: f"\x1b[31m{found.group(0)}\x1b[0m", text) if self.colour else text


def seat_name(seat: int, you: int) -> str:
    """A seat in table words: ``"you"`` for the player's own seat, else ``"seat 2"``."""
    return "you" if seat == you else f"seat {seat}"


def _side(rules: Ruleset, side: int, you: int) -> str:
    """A side in short words: ``"your team"``, ``"team 1"``, ``"you"`` or ``"seat 2"``."""
    seats = rules.seating.seats_of(side)
    mine = rules.side_of(you) == side
    if len(seats) == 1:
        return seat_name(seats[0], you)
    return "your team" if mine else f"team {side}"


def _per_side(rules: Ruleset, values: Sequence[int], you: int) -> str:
    return ", ".join(f"{_side(rules, side, you)} {value}" for side, value in enumerate(values))


def target_words(rules: Ruleset) -> str:
    """How the match is won or lost, in one phrase: ``"a side that reaches 12 points is the goat"``."""
    match = rules.match
    mode = rules.scoring.mode
    if mode is ScoreMode.PENALTY:
        words = f"a side that reaches {match.target} penalty points is the goat"
    elif mode is ScoreMode.CREDIT:
        words = f"the first side to {match.target} points wins; the others are goats"
    else:
        words = f"every side starts at {match.start}; the first down to {match.target} wins"
    if match.sets > 1:
        words += f"; the first to win {match.sets} sets wins the match"
    return words


def _in_order(rules: Ruleset, trump: Suit | None, cards: Iterable[Card]) -> list[Card]:
    table = rules.trumps.table(trump)
    return sorted(cards, key=lambda card: (table.group[card.index], table.power[card.index]))


def table_order(rules: Ruleset, trump: Suit | None, cards: Iterable[Card]) -> list[Card]:
    """``cards`` in the order of the table: plain suits low to high, then the trumps low to high."""
    return _in_order(rules, trump, cards)


def sorted_hand(view: PlayerView) -> list[Card]:
    """The player's cards in table order: plain suits low to high, then the trumps low to high."""
    return _in_order(view.ruleset, view.trump, view.hand)


def format_hand(rules: Ruleset, trump: Suit | None, cards: Iterable[Card]) -> str:
    """Cards grouped by suit in table order, trumps last and marked ``*``: ``"9♣ J♣  8♠  7♥* A♥*"``."""
    table = rules.trumps.table(trump)
    groups: list[list[str]] = []
    last = None
    for card in _in_order(rules, trump, cards):
        group = table.group[card.index]
        if group != last:
            groups.append([])
            last = group
        groups[-1].append(f"{card}*" if group == TRUMP_GROUP else str(card))
    return " | ".join(" ".join(group) for group in groups) if groups else "(no cards)"


def _trump_words(view: PlayerView) -> str:
    rules = view.ruleset
    fixed = rules.trumps.fixed
    if view.trump is not None:
        shown = f" ({view.trump_card} shown)" if view.trump_card is not None else ""
        words = f"Trump suit {view.trump}{shown}"
        return words + (f", under the permanent trumps {format_cards(fixed)}" if fixed else "")
    order = rules.trumps.order(None, rules.deck)
    return f"Permanent trumps, high to low: {format_cards(order)}" if order else "No trumps"


_VERBS: Final = {
    MoveKind.LEAD: "led",
    MoveKind.BEAT: "beat with",
    MoveKind.PASS: "passed",
    MoveKind.MOLODKA: "played a molodka:",
    MoveKind.PLAY: "played",
    MoveKind.LAY_DARK: "laid",
    MoveKind.LAY_OPEN: "laid",
}


def _played(play: Played, you: int) -> str:
    verb = _VERBS.get(play.kind, play.kind.word)
    if play.cards is None:
        cards = " ".join([BACK] * play.count)
    else:
        down = not Move(play.seat, play.kind, play.cards).face_up
        cards = format_cards(play.cards) + (" (face down)" if down else "")
    return f"{seat_name(play.seat, you)} {verb} {cards}"


def _header(view: PlayerView) -> str:
    rules = view.ruleset
    you = view.seat
    hand = len(view.hand_results) + 1
    words = f"{rules.name} · hand {hand} · seat {view.dealer} dealt · you are seat {you}"
    partners = rules.seating.partners(you)
    if partners:
        words += f", partner{'s' if len(partners) > 1 else ''} {' and '.join(f'seat {p}' for p in partners)}"
    return words


def _situation(view: PlayerView) -> list[str]:
    rules = view.ruleset
    you = view.seat
    lines = []
    stock = [f"stock {view.stock_size} cards"] if rules.dealing.refill else []
    talon = []
    if rules.talon is not None and view.talon_size:
        shown = f" ({view.talon_shown} face up)" if view.talon_shown is not None else ""
        talon.append(f"talon {view.talon_size} cards{shown}")
    lines.append(" · ".join([_trump_words(view), *stock, *talon]))
    sets = f" (sets won: {_per_side(rules, view.sets, you)})" if rules.match.sets > 1 else ""
    lines.append(f"Scores: {_per_side(rules, view.scores, you)}{sets} · {target_words(rules)}")
    if view.praise is not None:
        lines.append(f"Deal announced: {view.praise.replace('_', ' ')}")
    if view.declarer is not None:
        lines.append(
            "You took the talon and play alone"
            if view.declarer == you
            else f"Seat {view.declarer} took the talon and plays alone"
        )
    if view.transfers_done is not None:
        lines.append("Trump transfer open: a player with few trumps may hand them to the partner before the lead")
    if view.phase is Phase.PRAISE:
        return lines
    held = ", ".join(f"seat {seat} {size}" for seat, size in enumerate(view.hand_sizes) if seat != you)
    lines.append(f"This hand: tricks {_per_side(rules, view.trick_counts, you)} · cards held: {held}")
    return lines


def render_table(view: PlayerView, style: Style | None = None) -> list[str]:
    """The table as the view's seat sees it, one line each: rules and dealer, trumps, stock, scores, trick, hand."""
    style = style or Style(colour=False)
    rules = view.ruleset
    you = view.seat
    lines = [style.bold(f"── {_header(view)} ──"), *_situation(view)]
    if view.trick:
        plays = " · ".join(_played(play, you) for play in view.trick)
        taking = f" ({seat_name(view.trick_winner, you)} taking it so far)" if view.trick_winner is not None else ""
        lines.append(f"On the table: {plays}{taking}")
    elif view.phase is Phase.PLAY:
        lines.append("On the table: nothing yet")
    table = rules.trumps.table(view.trump)
    legend = "   (* trump)" if any(table.trump_mask & card.bit for card in view.hand) else ""
    lines.append(style.cards(f"Your hand: {format_hand(rules, view.trump, view.hand)}") + legend)
    return lines


def option_label(move: Move, view: PlayerView) -> str:
    """One of the player's moves in table words, starting with the word that can be typed to choose it."""
    cards = format_cards(_in_order(view.ruleset, view.trump, move.cards))
    partner = view.ruleset.seating.partners(view.seat)
    to_partner = f"seat {partner[0]}" if partner else "your partner"
    talon = f" ({view.talon_size} cards, {view.talon_shown} face up)" if view.talon_shown is not None else ""
    labels = {
        MoveKind.LEAD: f"lead {cards}",
        MoveKind.BEAT: f"beat with {cards}",
        MoveKind.PASS: f"pass {cards} face down",
        MoveKind.MOLODKA: f"molodka: play your whole hand {cards} out of turn",
        MoveKind.PLAY: f"play {cards}",
        MoveKind.TRANSFER: f"transfer your trumps {cards} to {to_partner} face down",
        MoveKind.TRANSFER_BACK: f"give back {cards} face down",
        MoveKind.REDEAL: "redeal: call for a redeal of this poor hand",
        MoveKind.TAKE_TALON: f"take the talon{talon} and play alone",
        MoveKind.DECLINE: "decline: let the talon pass on",
        MoveKind.LAY_AWAY: f"lay away {cards}",
        MoveKind.PRAISE: _praise_label(move.choice or ""),
        MoveKind.LAY_DARK: f"dark: lay {cards} face down",
        MoveKind.LAY_OPEN: f"open: lay {cards} face up",
    }
    return labels[move.kind]


def _praise_label(choice: str) -> str:
    words = _PRAISE_WORDS.get(choice)
    return f"{choice.replace('_', ' ')}" + (f" ({words})" if words else "")


def describe_hand_result(rules: Ruleset, result: HandResult, scores: Sequence[int], you: int) -> list[str]:
    """A finished hand in table words: card points, tricks, written points, eggs, and the scores after it."""
    if result.forfeited:
        head = "Hand lost before play: a redeal called beyond the limit"
    elif result.caught:
        head = "Hand stopped on a catch: its card points do not count"
    elif result.eggs:
        head = "Eggs! The card points are split evenly"
    else:
        head = "Hand over"
    if result.declarer is not None:
        head += f"; {seat_name(result.declarer, you)} played alone with the talon"
    written = [(side, value) for side, value in enumerate(result.written) if value]
    mode = rules.scoring.mode
    noted = []
    for side, value in written:
        who = _side(rules, side, you)
        if mode is ScoreMode.PENALTY:
            noted.append(f"{value} penalty points against {who}")
        elif mode is ScoreMode.CREDIT:
            noted.append(f"{value} points for {who}")
        else:
            noted.append(f"{who} count{'s' * (who != 'you')} {value} off")
    return [
        f"{head}.",
        f"  card points: {_per_side(rules, result.points, you)} · tricks: {_per_side(rules, result.tricks, you)}",
        f"  written: {', '.join(noted) or 'nothing'} · scores now: {_per_side(rules, scores, you)}",
    ]


def describe_match_result(
    rules: Ruleset, result: MatchResult, scores: Sequence[int], hands: int, you: int
) -> list[str]:
    """The end of the match in table words: who is the goat and with which title, and how the player did."""
    names = []
    for side, title in zip(result.goats, result.titles, strict=True):
        mine = rules.side_of(you) == side
        who = ("you" if len(rules.seating.seats_of(side)) == 1 else "your team") if mine else side_name(rules, side)
        verb = "are" if who == "you" else "is"
        names.append(f"{who} {verb} the {title}")
    lost = rules.side_of(you) in result.goats
    verdict = "You lose: you are among the goats." if lost else "You win: you are not the goat."
    return [
        f"Match over after {hands} hands: {' and '.join(names)}.",
        f"  final scores: {_per_side(rules, scores, you)}",
        verdict,
    ]


def _hidden_move(play: Played) -> str:
    who = f"seat {play.seat}"
    count = f"{play.count} card{'s' if play.count != 1 else ''}"
    words = {
        MoveKind.PASS: f"passes {count} face down",
        MoveKind.TRANSFER: f"hands {count} to seat {play.to} face down",
        MoveKind.TRANSFER_BACK: f"gives back {count} to seat {play.to} face down",
        MoveKind.LAY_AWAY: f"lays away {count} face down",
        MoveKind.LAY_DARK: f"lays {count} face down",
    }
    return f"{who} {words.get(play.kind, f'{play.kind.word}s {count}')}"


def _move_line(before: GameState, move: Move, after: GameState, play: Played, you: int) -> str:
    """The move in words; describe_move's words where the seat sees every card, else the hidden version."""
    if play.cards is None:
        return _hidden_move(play)
    if move.kind is MoveKind.TAKE_TALON:
        return (
            "you take the talon and play alone"
            if move.seat == you
            else f"seat {move.seat} takes the talon and plays alone"
        )
    line = describe_move(before, move, after)[0].strip()
    if len(move.cards) > 1:  # the cards as the table orders them, as in the player's hand and options
        line = line.replace(format_cards(move.cards), format_cards(_in_order(before.ruleset, before.trump, move.cards)))
    if move.seat != you:
        return line
    verb = line.split()[2]
    return f"you {_YOU_VERBS.get(verb, verb)}{line[len(f'seat {you} {verb}') :]}"


#: Verbs of describe_move's sentences as they go with "you".
_YOU_VERBS: Final = {
    "leads": "lead",
    "beats": "beat",
    "passes": "pass",
    "plays": "play",
    "hands": "hand",
    "gives": "give",
    "calls": "call",
    "takes": "take",
    "lets": "let",
    "lays": "lay",
    "announces": "announce",
}


def _trick_points(view_trick: Sequence[Played] | None, play: Played, rules: Ruleset) -> str:
    plays = [*(view_trick or ()), play]
    if any(p.cards is None for p in plays):
        return ""
    return f", {sum(rules.card_points(card) for p in plays for card in p.cards or ())} points"


def describe_events(
    before: GameState, move: Move, after: GameState, seen: Sequence[Event], before_view: PlayerView
) -> list[str]:
    """What the viewer of ``before_view`` saw happen when ``move`` was made: ``seen`` are the events for his seat."""
    rules = before.ruleset
    you = before_view.seat
    lines: list[str] = []
    play: Played | None = None
    for event in seen:
        if isinstance(event, Played) and play is None:
            play = event
            lines.append("  " + _move_line(before, move, after, event, you))
        elif isinstance(event, CardsReturned):
            back = [
                f"{seat_name(owner, you)} {format_cards(cards) if cards is not None else ' '.join([BACK] * count)}"
                for owner, cards, count, _ in event.returned
            ]
            lines.append(f"  the cards on the table go back to their owners: {'; '.join(back)}")
        elif isinstance(event, TalonTaken):
            whose = "your" if event.seat == you else f"seat {event.seat}'s"
            held = format_cards(event.cards) if event.cards is not None else f"{event.shown} and hidden cards"
            lines.append(f"  the talon goes into {whose} hand: {held}")
        elif isinstance(event, TrickTaken):
            points = _trick_points(before_view.trick, play, rules) if play is not None else ""
            lines.append(f"  -> {seat_name(event.winner, you)} take{'s' * (event.winner != you)} the trick "
                         f"({event.count} cards{points})")  # fmt: skip
        elif isinstance(event, CardsDrawn):
            got = [
                f"you get {format_cards(cards)}" if cards is not None else f"seat {owner} gets {count}"
                for owner, cards, count in event.drawn
            ]
            lines.append(f"  cards drawn: {'; '.join(got)}")
        elif isinstance(event, Laid):
            card = str(event.card) if event.card is not None else "a card"
            lines.append(f"  {seat_name(event.seat, you)} lay{'s' * (event.seat != you)} {card} "
                         f"face {'up' if event.face_up else 'down'}")  # fmt: skip
        elif isinstance(event, PraiseDealt):
            lines.extend(_praise_dealt(event, before_view))
        elif isinstance(event, Caught):
            lines.append(
                f"  caught! {seat_name(event.catcher_seat, you)} catches {event.victim} of "
                f"{seat_name(event.victim_seat, you)} with {event.catcher}: the hand stops"
            )
        elif isinstance(event, HandScored):
            lines.extend(describe_hand_result(rules, event.result, event.scores, you))
        elif isinstance(event, MatchOver):
            lines.extend(describe_match_result(rules, event.result, after.scores, after.hand_number, you))
        elif isinstance(event, Dealt):
            lines.extend(describe_dealt(event, rules, you))
    return lines


def _praise_dealt(event: PraiseDealt, view: PlayerView) -> list[str]:
    you = view.seat
    lines = [f"  the {event.praise.replace('_', ' ')} deal is dealt"]
    for plays, winner in event.tricks:
        laid = ", ".join(f"{seat_name(seat, you)} {card if card is not None else BACK}" for seat, card in plays)
        lines.append(f"  a trick dealt before play: {laid} -> {seat_name(winner, you)}")
    hand = event.hands[you]
    if hand is not None:
        lines.append(f"  your cards: {format_hand(view.ruleset, None, hand)}")
    return lines


def describe_dealt(event: Dealt, rules: Ruleset, you: int) -> list[str]:
    """A new deal in table words: the hand's number, the dealer, the trump, the player's own cards."""
    card = event.trump_card
    words = [f"Hand {event.hand_number + 1}: seat {event.dealer} deals" + (" again (redeal)" if event.redeals else "")]
    if card is not None:
        words.append(f"trump {card.suit} ({card} shown)")
    if event.talon:
        words.append(f"{event.talon} cards in the talon")
    lines = ["", "=== " + "; ".join(words) + " ==="]
    hand = event.hands[you]
    if hand:
        lines.append(f"  your cards: {format_hand(rules, card.suit if card is not None else None, hand)}")
    else:
        who = "you announce" if event.turn == you else f"seat {event.turn} announces"
        lines.append(f"  the deck lies face down: {who} how it is dealt")
    return lines
