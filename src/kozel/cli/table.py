"""The table as one seat sees it, in plain words: the hand, the trick, the score, each move and each result.

Everything here is drawn from a :class:`~kozel.PlayerView` or from events as that seat sees them
(``event.for_seat(seat)``), never from a whole state, so nothing hidden from the player can show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple

from kozel.cards.card import Card, Suit
from kozel.cards.notation import format_cards
from kozel.engine.explain import plural
from kozel.engine.redeal import beyond_limit, redeal_reasons
from kozel.game.move import Move, MoveKind
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import Phase
from kozel.rules.redeal import RedealReason
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
    "TableLines",
    "describe_dealt",
    "describe_events",
    "describe_hand_result",
    "describe_match_result",
    "describe_trick",
    "fit",
    "format_hand",
    "option_label",
    "render_table",
    "seat_name",
    "side_words",
    "sorted_hand",
    "table_lines",
    "table_order",
    "target_words",
    "transfer_words",
    "written_words",
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

#: A card as the table writes it, with the ``*`` that marks a trump in a hand.
_CARD: Final = re.compile(r"(?:10|[6-9JQKA])([♣♠♥♦])(\*?)")
_RED_SUITS: Final = frozenset("♥♦")
#: Where a line may not be broken: between "seat"/"team"/"seats" and its number, before a "·", between face-down backs.
_GLUE_AFTER: Final = frozenset({"seat", "seats", "team", "side", "opponents", "and", "by"})


class Style:
    """How text is dressed: plain for pipes and files; on a colour terminal, bold prompts, red hearts and
    diamonds, and the trumps underlined (``trumps`` is the bitmask of the cards that are trumps now)."""

    def __init__(self, colour: bool, trumps: int = 0) -> None:
        #: Whether ANSI colour codes are written.
        self.colour = colour
        #: The cards underlined as trumps, as a bitmask of card bits (cards marked ``*`` are trumps too).
        self.trumps = trumps

    def bold(self, text: str) -> str:
        """``text`` in bold, on a terminal."""
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text

    def cards(self, text: str) -> str:
        """``text`` with hearts and diamonds in red and the trumps underlined, on a terminal."""
        if not self.colour:
            return text

        def dress(found: re.Match[str]) -> str:
            codes = ["31"] if found.group(1) in _RED_SUITS else []
            if found.group(2) or self.trumps & Card.parse(found.group(0).rstrip("*")).bit:
                codes.append("4")
            return f"\x1b[{';'.join(codes)}m{found.group(0)}\x1b[0m" if codes else found.group(0)

        return _CARD.sub(dress, text)


def fit(line: str, width: int | None) -> list[str]:
    """``line`` broken at spaces into lines of at most ``width`` characters (None: left whole).

    A card, a face-down ``[##]`` and a run of them, "seat 2" and the like, and a ``·`` or ``|`` with
    the word before it are never split; the lines after the first are indented under the first's text.  A word longer
    than the width stays whole on a line of its own.
    """
    if width is None or len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = len(line) - len(body)
    numbered = re.match(r"\d+\. ", body)
    hang = " " * (lead + (len(numbered.group(0)) if numbered else 4))
    units: list[str] = []
    for word in body.split(" "):
        last = units[-1] if units else None
        glued = last is not None and (
            last.rsplit(" ", 1)[-1] in _GLUE_AFTER
            or word in ("·", "|", "by")
            or (last.endswith(BACK) and word.startswith(BACK))
            or not word
        )
        if glued and last is not None:
            units[-1] = f"{last} {word}"
        else:
            units.append(word)
    lines = [" " * lead]
    for unit in units:
        current = lines[-1]
        fresh = current.strip() == ""
        if fresh or len(current) + 1 + len(unit) <= width:
            lines[-1] = current + unit if fresh else f"{current} {unit}"
        else:
            lines.append(hang + unit)
    return [piece.rstrip() for piece in lines]


def seat_name(seat: int, you: int) -> str:
    """A seat in table words: ``"you"`` for the player's own seat, else ``"seat 2"``."""
    return "you" if seat == you else f"seat {seat}"


def _side(rules: Ruleset, side: int, you: int) -> str:
    """A side in short words: ``"you"``, ``"seat 2"``, ``"your side"``, ``"opponents"`` or ``"seats 1 and 4"``."""
    seats = rules.seating.seats_of(side)
    if len(seats) == 1:
        return seat_name(seats[0], you)
    if rules.side_of(you) == side:
        return "your side"
    if rules.seating.sides == 2:
        return "opponents"
    return "seats " + " and ".join(map(str, seats))


def side_words(rules: Ruleset, side: int, you: int) -> str:
    """A side in full words: ``"your side (you and seat 3)"``, ``"the opponents (seats 0 and 2)"``, ``"seat 2"``."""
    seats = rules.seating.seats_of(side)
    if len(seats) == 1:
        return seat_name(seats[0], you)
    if rules.side_of(you) == side:
        return "your side (you and " + " and ".join(f"seat {seat}" for seat in seats if seat != you) + ")"
    listed = "seats " + " and ".join(map(str, seats))
    return f"the opponents ({listed})" if rules.seating.sides == 2 else listed


def _per_side(rules: Ruleset, values: Sequence[int], you: int) -> str:
    """One value per side, the player's side first: ``"your side 1, opponents 0"``."""
    mine = rules.side_of(you)
    order = [mine, *(side for side in range(len(values)) if side != mine)]
    return ", ".join(f"{_side(rules, side, you)} {values[side]}" for side in order)


def target_words(rules: Ruleset) -> str:
    """How the match is won or lost, in one phrase: ``"a side that reaches 12 points is the goat"``."""
    match = rules.match
    mode = rules.scoring.mode
    side = "a side" if rules.seating.team_size > 1 else "a player"
    first = "the first side" if rules.seating.team_size > 1 else "the first player"
    if mode is ScoreMode.PENALTY:
        who = "that" if rules.seating.team_size > 1 else "who"
        words = f"{side} {who} reaches {match.target} penalty points is the goat"
    elif mode is ScoreMode.CREDIT:
        words = f"{first} to {match.target} points wins; the others are goats"
    else:
        words = f"every {side.removeprefix('a ')} starts at {match.start}; the first down to {match.target} wins"
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


class TableLines(NamedTuple):
    """The table as lines of plain text, in the parts that change at different paces."""

    #: Lines that hold for the whole hand, or longer: the rules and dealer, the trumps and talon, the
    #: scores, the deal announced, who plays alone, an open trump transfer.
    fixed: tuple[str, ...]
    #: The hand's progress: the tricks each side has, the stock, how many cards each other seat holds
    #: (None before the cards are dealt).
    progress: str | None
    #: What lies on the table now (None outside the play).
    trick: str | None
    #: The player's hand.
    hand: str


def table_lines(view: PlayerView) -> TableLines:
    """The table as the view's seat sees it, in plain text, split into its fixed part, progress, trick and hand."""
    rules = view.ruleset
    you = view.seat
    fixed = [f"── {_header(view)} ──"]
    talon = []
    if rules.talon is not None and view.talon_size:
        shown = f" ({view.talon_shown} face up)" if view.talon_shown is not None else ""
        talon.append(f"talon {view.talon_size} cards{shown}")
    fixed.append(" · ".join([_trump_words(view), *talon]))
    sets = f" (sets won: {_per_side(rules, view.sets, you)})" if rules.match.sets > 1 else ""
    fixed.append(f"Scores: {_per_side(rules, view.scores, you)}{sets} · {target_words(rules)}")
    if view.praise is not None:
        fixed.append(f"Deal announced: {view.praise.replace('_', ' ')}")
    if view.declarer is not None:
        fixed.append(
            "You took the talon and play alone"
            if view.declarer == you
            else f"Seat {view.declarer} took the talon and plays alone"
        )
    if view.transfers_done is not None and rules.transfer is not None:
        fixed.append(f"Trump transfer open: {transfer_words(rules)}")
    progress = None
    if view.phase is not Phase.PRAISE:
        stock = [f"stock {view.stock_size} cards"] if rules.dealing.refill else []
        held = ", ".join(f"{size} by seat {seat}" for seat, size in enumerate(view.hand_sizes) if seat != you)
        progress = " · ".join([f"This hand: tricks {_per_side(rules, view.trick_counts, you)}", *stock]) + (
            f" · cards held: {held}"
        )
    trick = None
    if view.trick:
        plays = " · ".join(_played(play, you) for play in view.trick)
        taking = f" ({seat_name(view.trick_winner, you)} taking it so far)" if view.trick_winner is not None else ""
        trick = f"On the table: {plays}{taking}"
    elif view.phase is Phase.PLAY:
        trick = "On the table: nothing yet"
    table = rules.trumps.table(view.trump)
    legend = "   (* trump)" if any(table.trump_mask & card.bit for card in view.hand) else ""
    hand = f"Your hand: {format_hand(rules, view.trump, view.hand)}{legend}"
    return TableLines(tuple(fixed), progress, trick, hand)


#: The moves that put cards into a trick.
_TRICK_KINDS: Final = frozenset({MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS, MoveKind.MOLODKA, MoveKind.PLAY})


def describe_trick(view: PlayerView) -> str:
    """The last trick taken in this hand, as the view's seat saw it (face-down cards as ``[##]``), in one line."""
    plays: list[Played] = []
    last: tuple[list[Played], int] | None = None
    for event in view.history:
        if isinstance(event, Played) and event.kind in _TRICK_KINDS:
            plays.append(event)
        elif isinstance(event, TrickTaken):
            last, plays = (plays, event.winner), []
    if last is None or not last[0]:
        return "No trick has been taken yet in this hand."
    played, winner = last
    shown = " · ".join(_played(play, view.seat) for play in played)
    return f"Last trick: {shown} -> {seat_name(winner, view.seat)} took it"


def transfer_words(rules: Ruleset) -> str:
    """Who may hand trumps to the partner, as the ruleset's transfer rule says, in table words."""
    rule = rules.transfer
    if rule is None:
        return "no trump transfer in this game"
    counts = " or ".join(_COUNT_WORDS.get(count, str(count)) for count in rule.counts)
    many = rule.counts != (1,)
    words = f"a player holding exactly {counts} {'trump' if not many else 'trumps'}"
    if rule.point_trump_of_two:
        words += " (or two, of which only one counts card points: the spectacled pair)"
    what = "them" if many else "it"
    if rule.point_trump_of_two and not many:
        what = "it (of a spectacled pair, the one that counts)"
    return f"{words} may hand {what} to the partner face down before the lead, for as many cards back"


#: Small counts in words.
_COUNT_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four"}


def render_table(view: PlayerView, style: Style | None = None) -> list[str]:
    """The table as the view's seat sees it, one line each: rules and dealer, trumps, scores, progress, trick, hand."""
    style = style or Style(colour=False)
    parts = table_lines(view)
    lines = [style.bold(parts.fixed[0]), *parts.fixed[1:]]
    lines += [line for line in (parts.progress, parts.trick) if line is not None]
    lines.append(style.cards(parts.hand))
    return lines


def option_label(move: Move, view: PlayerView) -> str:
    """One of the player's moves in table words, starting with the word that can be typed to choose it."""
    cards = format_cards(_in_order(view.ruleset, view.trump, move.cards))
    partner = view.ruleset.seating.partners(view.seat)
    to_partner = f"your partner (seat {partner[0]})" if partner else "your partner"
    trumps = "trump" if len(move.cards) == 1 else "trumps"
    talon = f" ({view.talon_size} cards, {view.talon_shown} face up)" if view.talon_shown is not None else ""
    labels = {
        MoveKind.LEAD: f"lead {cards}",
        MoveKind.BEAT: f"beat with {cards}",
        MoveKind.PASS: f"pass {cards} face down",
        MoveKind.MOLODKA: f"molodka: play your whole hand {cards} out of turn",
        MoveKind.PLAY: f"play {cards}",
        MoveKind.TRANSFER: f"transfer your {trumps} {cards} to {to_partner} face down",
        MoveKind.TRANSFER_BACK: f"give back {cards} face down",
        MoveKind.REDEAL: f"redeal: call for a new deal{_redeal_words(view)}",
        MoveKind.TAKE_TALON: f"take the talon{talon} and play alone",
        MoveKind.DECLINE: "decline: let the talon pass on",
        MoveKind.LAY_AWAY: f"lay away {cards}",
        MoveKind.PRAISE: _praise_label(move.choice or ""),
        MoveKind.LAY_DARK: f"dark: lay {cards} face down",
        MoveKind.LAY_OPEN: f"open: lay {cards} face up",
    }
    return labels[move.kind]


def _redeal_words(view: PlayerView) -> str:
    """Why the rules let the player call a redeal now, and a warning where the call would lose the hand."""
    rules = view.ruleset
    rule = rules.redeal
    if rule is None:
        return ""
    hand = view.hand
    points = rules.points.of_mask(hand.mask)
    seen = tuple(hand.mask if seat == view.seat else 0 for seat in range(rules.players))  # the others' unseen
    found = redeal_reasons(rules, rule, seen, view.seat)
    own = {
        RedealReason.FEW_POINTS: f"your hand counts {points} card points, under {rule.below_points}",
        RedealReason.FOUR_NINES: "you hold all four nines",
        RedealReason.FOUR_QUEENS: "you hold all four queens",
    }
    side = {  # the side's reasons: the partner's cards count too, which the offer itself tells
        RedealReason.NO_QUEEN: "your side holds no queen",
        RedealReason.NO_QUEEN_BUT_DIAMONDS: "your side holds no queen but Q♦",
    }
    reasons = [own[reason] for reason in found if reason in own]
    if not reasons:
        reasons = [side[reason] for reason in found if reason in side][:1]
    words = f" ({'; '.join(reasons)})" if reasons else ""
    dealt = next((event for event in reversed(view.history) if isinstance(event, Dealt)), None)
    calls = dealt.redeals if dealt is not None else ()
    if beyond_limit(rule, calls, rules.side_of(view.seat)):
        lost = (
            f"{plural(rule.penalty, 'point')} written against your side"
            if rules.scoring.mode is ScoreMode.PENALTY
            else f"{plural(rule.penalty, 'point')} credited to the other side" + ("s" if rules.sides > 2 else "")
        )
        words += (
            f"; WARNING: your side has called {plural(rule.limit or 0, 'redeal')} in a row, the limit: this call "
            f"loses the hand ({lost})"
        )
    return words


def _praise_label(choice: str) -> str:
    words = _PRAISE_WORDS.get(choice)
    return f"{choice.replace('_', ' ')}" + (f" ({words})" if words else "")


def _plural(who: str) -> bool:
    """Whether a side named ``who`` (by :func:`_side` or :func:`side_words`) takes a plural verb."""
    return who == "you" or who.startswith(("opponents", "the opponents", "seats "))


def describe_hand_result(rules: Ruleset, result: HandResult, scores: Sequence[int], you: int) -> list[str]:
    """A finished hand in table words: card points, tricks, written points, eggs, and the scores after it."""
    if result.forfeited:
        head = "Hand lost before play: a redeal called beyond the limit"
    elif result.caught:
        head = "Hand stopped on a catch: its card points do not count"
    elif result.eggs and rules.scoring.eggs_replay:
        head = "Eggs! The card points are split evenly: nothing is written, and the same dealer deals the hand again"
    elif result.eggs:
        head = "Eggs! The card points are split evenly"
    else:
        head = "Hand over"
    if result.declarer is not None:
        head += f"; {seat_name(result.declarer, you)} played alone with the talon"
    noted = written_words(rules, result.written, lambda side: _side(rules, side, you))
    return [
        f"{head}.",
        f"  card points: {_per_side(rules, result.points, you)} · tricks: {_per_side(rules, result.tricks, you)}",
        f"  written: {noted} · scores now: {_per_side(rules, scores, you)}",
    ]


def sheet_notes(
    rules: Ruleset,
    result: HandResult,
    before: tuple[Sequence[int], Sequence[int]],
    after: tuple[Sequence[int], Sequence[int]],
    name: Callable[[int], str],
    *,
    over: bool = False,
) -> list[str]:
    """What changed the score sheet after a hand besides the points it wrote, in table words: a set won (the
    scores start again), or the rule for taking every trick (a score wiped out or sent back to the start).

    ``before`` and ``after`` are the scores and sets per side before and after the hand; ``name`` names a side;
    ``over``: whether the hand ended the match (the scores then stay as they are).
    """
    (scores, sets), (now, sets_now) = before, after
    won = [side for side, (old, new) in enumerate(zip(sets, sets_now, strict=True)) if new > old]
    if won:
        who = " and ".join(name(side) for side in won)
        tally = ", ".join(f"{name(side)} {count}" for side, count in enumerate(sets_now))
        return [f"{who} won a set; sets now {tally}{'' if over else ': the scores start again'}"]
    step = rules.scoring.mode.step
    changed = [
        side
        for side, (old, add, new) in enumerate(zip(scores, result.written, now, strict=True))
        if new != old + step * add
    ]
    every = sum(result.tricks)
    takers = [side for side, count in enumerate(result.tricks) if every and count == every]
    if not changed or not takers:
        return []
    moved = ", ".join(f"{_score_of(name(side))} goes to {now[side]}" for side in changed)
    return [f"{name(takers[0])} took every trick: by the rule for that, {moved}"]


def _score_of(name: str) -> str:
    """The score of the side ``name`` names, in words: ``team 0's score``, ``the opponents' score``, ``your score``,
    ``the score of seats 1 and 4``."""
    if name == "you":
        return "your score"
    if name.startswith("seats "):
        return f"the score of {name}"
    return f"the {name}' score" if name.endswith("s") else f"{name}'s score"


def written_words(rules: Ruleset, written: Sequence[int], name: Callable[[int], str]) -> str:
    """What a hand wrote, and for or against whom, as the ruleset's scoring counts it: ``"nothing"``,
    ``"2 points for opponents"``, ``"1 penalty point against team 0"`` or ``"seat 2 counts 2 off"``.

    ``name`` names a side (``"opponents"``, ``"team 0"``, ``"seat 2"``); only the sides written something are told.
    """
    mode = rules.scoring.mode
    noted = []
    for side, value in enumerate(written):
        if not value:
            continue
        who = name(side)
        if mode is ScoreMode.PENALTY:
            noted.append(f"{plural(value, 'penalty point')} against {who}")
        elif mode is ScoreMode.CREDIT:
            noted.append(f"{plural(value, 'point')} for {who}")
        else:
            noted.append(f"{who} count{'' if _plural(who) else 's'} {value} off")
    return ", ".join(noted) or "nothing"


def describe_match_result(
    rules: Ruleset, result: MatchResult, scores: Sequence[int], hands: int, you: int
) -> list[str]:
    """The end of the match in table words: who is the goat and with which title, and how the player did."""
    names = []
    for side, title in zip(result.goats, result.titles, strict=True):
        who = side_words(rules, side, you)
        names.append(f"{who} {'are' if _plural(who) else 'is'} the {title}")
    if rules.side_of(you) not in result.goats:
        verdict = "You win: you are not the goat."
    elif len(result.goats) == 1:
        verdict = "You lose: you are the goat."
    else:
        verdict = "You lose: you are among the goats."
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


def _move_line(view: PlayerView, play: Played) -> str:
    """The move in words as the seat of ``view`` saw it: its cards where he sees them, else the hidden version."""
    if play.cards is None:
        return _hidden_move(play)
    mine = play.seat == view.seat
    if play.kind is MoveKind.TAKE_TALON:
        return "you take the talon and play alone" if mine else f"seat {play.seat} takes the talon and plays alone"
    cards = format_cards(_in_order(view.ruleset, view.trump, play.cards))
    choice = (play.choice or "").replace("_", " ")
    they, you_verb, rest = {
        MoveKind.LEAD: ("leads", "lead", cards),
        MoveKind.BEAT: ("beats", "beat", f"with {cards}"),
        MoveKind.PASS: ("passes", "pass", f"{len(play.cards)} face down ({cards})"),
        MoveKind.MOLODKA: ("plays", "play", f"a molodka out of turn: {cards}"),
        MoveKind.PLAY: ("plays", "play", cards),
        MoveKind.TRANSFER: ("hands", "hand", f"{cards} to the partner face down"),
        MoveKind.TRANSFER_BACK: ("gives", "give", f"back {cards} face down"),
        MoveKind.REDEAL: ("calls", "call", "for a redeal"),
        MoveKind.DECLINE: ("lets", "let", "the talon go"),
        MoveKind.LAY_AWAY: ("lays", "lay", f"away {cards} face down"),
        MoveKind.PRAISE: ("announces", "announce", f"the deal: {choice}"),
        MoveKind.LAY_DARK: ("lays", "lay", f"{cards} face down"),
        MoveKind.LAY_OPEN: ("lays", "lay", f"{cards} face up"),
    }[play.kind]
    return f"you {you_verb} {rest}" if mine else f"seat {play.seat} {they} {rest}"


def _trick_points(view_trick: Sequence[Played] | None, play: Played, rules: Ruleset) -> str:
    plays = [*(view_trick or ()), play]
    if any(p.cards is None for p in plays):
        return ""
    return f", {sum(rules.card_points(card) for p in plays for card in p.cards or ())} points"


def describe_events(seen: Sequence[Event], before_view: PlayerView, after_view: PlayerView) -> list[str]:
    """What one seat saw happen in one move: ``seen`` are the move's events for that seat, between its two views."""
    rules = before_view.ruleset
    you = before_view.seat
    lines: list[str] = []
    play: Played | None = None
    for event in seen:
        if isinstance(event, CardsDrawn):  # what was drawn, before any of it is laid
            lines.append(_drawn_line(event, you, rules.players))
        elif isinstance(event, Played) and play is None:
            play = event
            lines.append("  " + _move_line(before_view, event))
        elif isinstance(event, CardsReturned):
            back = [
                f"{seat_name(owner, you)} {format_cards(cards) if cards is not None else ' '.join([BACK] * count)}"
                for owner, cards, count, _ in event.returned
            ]
            lines.append(f"  the cards on the table go back to their owners: {'; '.join(back)}")
        elif isinstance(event, TalonTaken):
            whose = "your" if event.seat == you else f"seat {event.seat}'s"
            size = rules.talon.size if rules.talon is not None else 2
            hidden = plural(size - 1, "hidden card")
            held = format_cards(event.cards) if event.cards is not None else f"{event.shown} and {hidden}"
            lines.append(f"  the talon goes into {whose} hand: {held}")
        elif isinstance(event, TrickTaken):
            points = _trick_points(before_view.trick, play, rules) if play is not None else ""
            lines.append(f"  -> {seat_name(event.winner, you)} take{'s' * (event.winner != you)} the trick "
                         f"({event.count} cards{points})")  # fmt: skip
            if event.talon:
                lines.append(f"  the talon no one took goes with the last trick, face down ({event.talon} cards)")
        elif isinstance(event, Laid):
            card = str(event.card) if event.card is not None else "a card"
            lines.append(f"  {seat_name(event.seat, you)} lay{'s' * (event.seat != you)} {card} "
                         f"face {'up' if event.face_up else 'down'}")  # fmt: skip
        elif isinstance(event, PraiseDealt):
            lines.extend(_praise_dealt(event, before_view))
        elif isinstance(event, Caught):
            lines.append(
                f"  caught! {seat_name(event.catcher_seat, you)} catch{'es' * (event.catcher_seat != you)} "
                f"{event.victim} of "
                f"{seat_name(event.victim_seat, you)} with {event.catcher}: the hand stops"
            )
        elif isinstance(event, HandScored):
            lines.extend(describe_hand_result(rules, event.result, event.scores, you))
            notes = sheet_notes(
                rules,
                event.result,
                (before_view.scores, before_view.sets),
                (event.scores, event.sets),
                lambda side: _side(rules, side, you),
                over=after_view.result is not None,
            )
            lines.extend(f"  {note}." for note in notes)
        elif isinstance(event, MatchOver):
            lines.extend(
                describe_match_result(rules, event.result, after_view.scores, len(after_view.hand_results), you)
            )
        elif isinstance(event, Dealt):
            lines.extend(describe_dealt(event, rules, you))
    return lines


def _drawn_line(event: CardsDrawn, you: int, players: int) -> str:
    """The cards each seat got in a move (those laid again at once too): the player first, then round the table."""
    got = [
        f"you get {format_cards(cards)}" if owner == you and cards is not None else f"seat {owner} gets {count}"
        for owner, cards, count in sorted(event.drawn, key=lambda part: (part[0] - you) % players)
    ]
    return f"  cards drawn: {'; '.join(got)}"


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
