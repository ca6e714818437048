"""``kozel play``: a person plays one seat against bots, at the terminal or through a pipe.

The table is drawn from the person's view only; the bots' moves are told as they happen.  A move
is typed as cards (``10♥``, ``th``, ``A♠ 10♥``), as words and cards (``pass 7♠ 8♠``), as a word
for a choice (``take``, ``mirror``), or as the number of an option in the list of legal moves.
``u`` takes back the last move, ``q`` leaves, ``h`` tells the commands.  Input is read line by line,
so a script can play: ``yes 1 | kozel play``.

On a terminal the lines are fitted to its width, hearts and diamonds are red and the trumps
underlined (no colour when ``NO_COLOR`` is set or the output is not a terminal), and the bots'
moves come one by one with a short pause (``--delay``).  When the person has exactly one legal
move on his turn it is played for him and said so (``--no-autoplay`` asks instead).  Ctrl-C
leaves the table as ``q`` does, with exit status 130.
"""

from __future__ import annotations

import argparse
import enum
import math
import os
import shutil
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

import kozel
from kozel.bots.base import Bot
from kozel.bots.runner import interrupting_move, next_move, set_up
from kozel.bots.specs import BOTS, make_bot
from kozel.cli.rulesets import add_ruleset_argument, named_ruleset
from kozel.cli.runs import bot_specs, given, whole
from kozel.cli.table import (
    Style,
    TableLines,
    describe_dealt,
    describe_events,
    fit,
    option_label,
    seat_name,
    side_words,
    table_lines,
    table_order,
    target_words,
)
from kozel.engine.explain import plural
from kozel.engine.leading import barred_from_trumps, must_swap, opening
from kozel.errors import IllegalMoveError, KozelError, NotationError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.plain_types import short_repr
from kozel.rules.leading import TrumpLeads
from kozel.rules.trick_play import BeatOrPass, FollowSuit
from kozel.view.events import Dealt, opening_events
from kozel.view.tracker import ViewTracker
from kozel.view.view import PlayerView

__all__ = [
    "DEFAULT_DELAY",
    "DEFAULT_OPPONENTS",
    "INTERRUPTED",
    "add_parser",
    "opponents",
    "read_move",
    "run",
    "wants_colour",
]

#: Seconds between two bots' moves on a terminal, unless ``--delay`` says otherwise (none through a pipe).
DEFAULT_DELAY: Final = 0.5
#: The exit status after Ctrl-C: 128 + SIGINT, as shells report a command stopped by it.
INTERRUPTED: Final = 130
#: The most digits an option number may have before it is refused unread.
_MAX_DIGITS: Final = 4

HELP: Final = """\
Commands (type one and press Enter):
  a card or cards    10♥  th  10h  A♠ 10♥   (rank 6-10 T J Q K A, then suit ♣ ♠ ♥ ♦ or c s h d)
  a word and cards   beat A♠ · pass 7♠ 8♠ · lead 9♦ 9♥ · lay away 7♣ 8♣ · give back 8♦
  a word             take · decline · redeal · mirror (the praise deals by name)
  a number           the option of that number in the list of your moves
  Enter or n         let play go on, when you are offered a move out of turn
  t / table          show the table again
  u / undo           take back your last move (and the bots' moves after it)
  h / help           this help
  q / quit           leave the table"""

#: Words a player may type before the cards, and the kinds of move each can mean.
_WORDS: Final = {
    "lead": {MoveKind.LEAD},
    "beat": {MoveKind.BEAT},
    "pass": {MoveKind.PASS, MoveKind.DECLINE},
    "molodka": {MoveKind.MOLODKA},
    "play": {MoveKind.PLAY, MoveKind.MOLODKA},
    "transfer": {MoveKind.TRANSFER},
    "give": {MoveKind.TRANSFER_BACK},
    "back": {MoveKind.TRANSFER_BACK},
    "redeal": {MoveKind.REDEAL},
    "take": {MoveKind.TAKE_TALON},
    "bid": {MoveKind.TAKE_TALON},
    "decline": {MoveKind.DECLINE},
    "away": {MoveKind.LAY_AWAY},
    "dark": {MoveKind.LAY_DARK, MoveKind.PASS},
    "open": {MoveKind.LAY_OPEN},
    "lay": {MoveKind.LAY_AWAY, MoveKind.LAY_DARK, MoveKind.LAY_OPEN},
    "praise": {MoveKind.PRAISE},
    "down": {MoveKind.PASS, MoveKind.TRANSFER, MoveKind.TRANSFER_BACK, MoveKind.LAY_AWAY, MoveKind.LAY_DARK},
    "up": {MoveKind.LEAD, MoveKind.BEAT, MoveKind.PLAY, MoveKind.MOLODKA, MoveKind.LAY_OPEN},
}
#: Words that may be typed and mean nothing by themselves.
_FILLERS: Final = frozenset({"with", "the", "talon", "face", "to", "and", "card", "cards", "my", "all", "a", "it"})
#: The kinds tried, in this order, to tell why cards that match no legal move are refused.
_PROBES: Final = (
    MoveKind.BEAT,
    MoveKind.LEAD,
    MoveKind.PLAY,
    MoveKind.LAY_AWAY,
    MoveKind.TRANSFER_BACK,
    MoveKind.LAY_OPEN,
    MoveKind.LAY_DARK,
    MoveKind.PASS,
    MoveKind.TRANSFER,
    MoveKind.MOLODKA,
)


class _Say(enum.Enum):
    """What the player asked for instead of a move."""

    SKIP = "skip"
    UNDO = "undo"
    QUIT = "quit"
    EOF = "eof"


#: The bots at the other seats when ``--opponents`` is not given.
DEFAULT_OPPONENTS: Final = "heuristic"


def opponents(specs: Sequence[str] | None, players: int, you: int) -> dict[int, str]:
    """The spec of the bot at each seat but ``you``: one spec for all of them, or one for each in seat order."""
    others = [seat for seat in range(players) if seat != you]
    chosen = list(specs) if specs else [DEFAULT_OPPONENTS]
    if len(chosen) == 1:
        chosen *= len(others)
    if len(chosen) != len(others):
        seats = ", ".join(str(seat) for seat in others)
        raise KozelError(
            f"--opponents: give one bot for all the other seats, or one for each of the {len(others)} "
            f"other seats in order (seats {seats}), not {len(specs or ())}"
        )
    return dict(zip(others, chosen, strict=True))


def _delay(text: str) -> float:
    """A ``--delay`` value: seconds, from 0 to 10."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {short_repr(text)}") from None
    if not math.isfinite(value) or not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"the pause is from 0 to 10 seconds, not {short_repr(text)}")
    return value


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``play`` command to the ``kozel`` command's subparsers."""
    play = subparsers.add_parser(
        "play",
        help="play a match yourself against bots",
        description=(
            "Play one seat of a Kozel match against bots. Type h at any prompt for the commands; "
            "q or Ctrl-C leaves the table (Ctrl-C with exit status 130). On a terminal the lines fit its "
            "width, hearts and diamonds are red and trumps underlined (no colour when NO_COLOR is set or "
            "the output is not a terminal)."
        ),
    )
    add_ruleset_argument(play)
    play.add_argument("--seat", type=whole, default=0, help="your seat, from 0 (default 0: the first dealer)")
    play.add_argument(
        "--seed",
        type=whole,
        default=None,
        help="seed of the shuffles and of the bots' choices (default: a random one, printed at the start)",
    )
    play.add_argument(
        "--opponents",
        type=given,
        nargs="+",
        default=None,
        metavar="BOT",
        help="the bots at the other seats: one for all of them, or one for each in seat order; a built-in "
        f"name ({', '.join(BOTS)}) or module:Class, with (keyword=value, ...) if wanted, as in kozel simulate "
        f"--bots (default: {DEFAULT_OPPONENTS})",
    )
    play.add_argument("--players", type=whole, default=None, help="number of players (default: the ruleset's)")
    play.add_argument(
        "--delay",
        type=_delay,
        default=None,
        metavar="SECONDS",
        help=f"pause before each bot's move is shown (default: {DEFAULT_DELAY} on a terminal, 0 when the output "
        "is not a terminal)",
    )
    play.add_argument(
        "--no-autoplay",
        dest="autoplay",
        action="store_false",
        help="ask you even when you have only one legal move (default: it is played for you, and said so)",
    )


def wants_colour(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to write colour to ``stream``: only to a terminal, and not when ``NO_COLOR`` is set or TERM is dumb."""
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    return _is_tty(stream)


def _is_tty(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except (OSError, ValueError):  # a closed stream
        return False


def run(args: argparse.Namespace, stdin: TextIO | None, stdout: TextIO, stderr: TextIO | None = None) -> int:
    """Play the match ``args`` describe, reading the player's moves from ``stdin``; the exit status.

    0 when the match is finished, or the player quits, or the input ends (no ``stdin`` at all reads as
    an input that ends at once); 130 when Ctrl-C stops it; 2 for a bad argument (told on ``stderr``,
    or ``stdout`` when none is given).
    """
    errors = stderr if stderr is not None else stdout
    try:
        rules = named_ruleset(args.ruleset, args.players)
        if not 0 <= args.seat < rules.players:
            errors.write(
                f"kozel play: --seat must be a seat from 0 to {rules.players - 1}, not {short_repr(args.seat)}\n"
            )
            return 2
        specs = opponents(bot_specs(args.opponents) if args.opponents else None, rules.players, args.seat)
        bots: list[Bot] = [make_bot(specs[seat]) if seat in specs else _Person() for seat in range(rules.players)]
        state = kozel.new_game(rules, seed=args.seed)
        for seat, bot in enumerate(bots):
            set_up(bot, rules, seat, state.seed)
    except KozelError as error:
        errors.write(f"kozel play: {error}\n")
        return 2
    terminal = _is_tty(stdout)
    delay = getattr(args, "delay", None)
    game = _Game(
        state,
        you=args.seat,
        bots=bots,
        opponents=_opponents_words(specs),
        stdin=stdin,
        stdout=stdout,
        style=Style(wants_colour(stdout)),
        echo=not _is_tty(stdin),
        fit_width=terminal,
        delay=(DEFAULT_DELAY if terminal else 0.0) if delay is None else delay,
        autoplay=getattr(args, "autoplay", True),
    )
    return game.play()


def _opponents_words(specs: Mapping[int, str]) -> str:
    """The bots at the other seats, in words: "heuristic bots", or each seat's."""
    kinds = set(specs.values())
    if len(kinds) == 1:
        return f"{kinds.pop()} bots"
    return "bots: " + ", ".join(f"seat {seat} {spec}" for seat, spec in specs.items())


class _Person(Bot):
    """The seat the person plays: never asked by the bots' runner (the game asks the person)."""

    name = "person"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """Never called: the person's moves are read from the input."""
        raise AssertionError("the person's moves are read from the input")


class _Game:
    """One match at the terminal: the states so far, the bots, and the streams."""

    def __init__(
        self,
        state: GameState,
        *,
        you: int,
        bots: list[Bot],
        opponents: str,
        stdin: TextIO | None,
        stdout: TextIO,
        style: Style,
        echo: bool,
        fit_width: bool = False,
        delay: float = 0.0,
        autoplay: bool = True,
    ) -> None:
        self.state = state
        #: Every seat's view of ``state``, kept step by step: the bots are asked with them, the person shown his.
        self.tracker = ViewTracker(state)
        self.you = you
        self.bots = bots
        self.opponents = opponents
        self.stdin = stdin
        self.stdout = stdout
        self.style = style
        self.echo = echo
        #: Whether lines are fitted to the terminal's width (read again at each line, as a window may be resized).
        self.fit_width = fit_width
        #: Seconds of pause before each bot's move is told.
        self.delay = delay
        #: Whether a move that is the person's only legal move is played for him.
        self.autoplay = autoplay
        #: The states in which the person chose a move, oldest first, and the move chosen in each: for undo.
        self.taken: list[tuple[GameState, Move]] = []
        #: The parts of the table last shown, to show again only what changed.
        self.shown: TableLines | None = None

    def say(self, *lines: str, bold: bool = False) -> None:
        """Write lines to the player: fitted to the terminal, cards dressed, in bold where asked."""
        width = shutil.get_terminal_size().columns if self.fit_width else None
        for line in lines:
            for piece in fit(line, width):
                text = self.style.cards(piece)
                self.stdout.write((self.style.bold(text) if bold else text) + "\n")
        self.stdout.flush()

    def play(self) -> int:
        """Play until the match is over, the person leaves, or the input ends; the exit status."""
        try:
            return self._play()
        except KeyboardInterrupt:
            self.stdout.write("\x1b[0m\n" if self.style.colour else "\n")
            self.say("Interrupted: you leave the table; the match is not finished. Goodbye.")
            return INTERRUPTED

    def _play(self) -> int:
        self._welcome()
        while not self.state.is_over:
            state = self.state
            by_seat: dict[int, list[Move]] = {}
            for move in kozel.legal_moves(state):
                by_seat.setdefault(move.seat, []).append(move)
            mover = state.turn if state.turn in by_seat else min(by_seat)
            own = by_seat.get(self.you)
            note = ""
            if own is not None and mover == self.you:
                answer: Move | _Say | None = interrupting_move(state, self.bots, views=self.tracker)
                if answer is None and len(own) == 1 and self.autoplay:
                    answer, note = own[0], " (your only move, played for you)"
                elif answer is None:
                    answer = self._ask(own, optional=False)
            elif own is not None:
                answer = self._ask(own, optional=True)
                if answer is _Say.SKIP:
                    answer = next_move(state, self.bots, views=self.tracker)
            else:
                answer = next_move(state, self.bots, views=self.tracker)
            if answer is _Say.QUIT:
                self.say("You leave the table; the match is not finished. Goodbye.")
                return 0
            if answer is _Say.EOF:
                self.say("", "End of input: the match is left unfinished. Goodbye.")
                return 0
            if answer is _Say.UNDO:
                self._undo()
            elif isinstance(answer, Move):
                self._apply(answer, chosen=answer.seat == self.you and not note, note=note)
        return 0

    def _welcome(self) -> None:
        rules = self.state.ruleset
        you = self.you
        if rules.seating.team_size > 1:
            others = [side_words(rules, side, you) for side in range(rules.sides) if side != rules.side_of(you)]
            team = f"; you play for {side_words(rules, rules.side_of(you), you)} against {' and '.join(others)}"
        else:
            team = ""
        sides = f"{rules.sides} teams" if rules.seating.team_size > 1 else "everyone for himself"
        self.say(
            f"kozel {kozel.__version__}: {rules.name}, {rules.players} players ({sides}), seed {self.state.seed}.",
            f"You are seat {you}{team}. The other seats are played by {self.opponents}.",
            f"How the match ends: {target_words(rules)}.",
            "Type h at any prompt for help.",
        )
        for event in opening_events(self.state):
            seen = event.for_seat(you)
            if isinstance(seen, Dealt):
                self._dress(self.state)
                self.say(*describe_dealt(seen, rules, you))

    def _dress(self, state: GameState) -> None:
        """Underline, from now on, the cards that are trumps in ``state``."""
        self.style.trumps = state.ruleset.trumps.table(state.trump).trump_mask

    def _apply(self, move: Move, *, chosen: bool = False, note: str = "") -> None:
        before = self.state
        if chosen:
            self.taken.append((before, move))
        elif move.seat != self.you and self.delay:
            time.sleep(self.delay)
        view = self.tracker.view(self.you)
        view.hand  # noqa: B018 - made now, from the tracker, before it moves on
        events = self.tracker.step(move)
        after = self.tracker.state
        seen = [event.for_seat(self.you) for event in events]
        lines = describe_events(seen, view, self.tracker.view(self.you))
        if note and lines:
            lines[0] += note
        self._dress(before if after.hand_number == before.hand_number else after)
        self.say(*lines)
        self.state = after

    def _undo(self) -> None:
        state, move = self.taken.pop()
        self.tracker = ViewTracker(state)
        view = self.tracker.view(self.you)
        self._dress(state)
        self.say(f"Taken back: your move ({option_label(move, view)}) and everything after it.")
        self.state = state
        self.shown = None

    def _read(self) -> str | None:
        self.stdout.write(self.style.bold("> "))
        self.stdout.flush()
        try:
            line = self.stdin.readline() if self.stdin is not None else ""
        except (OSError, ValueError):  # the terminal went away, or the input was closed
            line = ""
        if not line:
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def _show(self, view: PlayerView, options: Sequence[Move], optional: bool, *, whole: bool = False) -> None:
        """The table, where it changed since last shown (all of it when ``whole``), then the options."""
        self._dress(self.state)
        parts = table_lines(view)
        last = None if whole else self.shown
        self.say("")
        if last is None or parts.fixed != last.fixed:
            self.say(parts.fixed[0], bold=True)
            self.say(*parts.fixed[1:])
        if parts.progress is not None and (last is None or parts.progress != last.progress):
            self.say(parts.progress)
        self.say(*(line for line in (parts.trick, parts.hand) if line is not None))
        self.shown = parts
        if optional:
            mover = seat_name(view.turn, self.you) if view.turn is not None else "the table"
            self.say(f"You may move out of turn now ({mover} to move):", bold=True)
        else:
            self.say(_your_turn(view), bold=True)
            why = _lead_note(self.state, self.you, options)
            if why:
                self.say(why)
        labels = [f"{number}. {option_label(move, view)}" for number, move in enumerate(options, 1)]
        width = shutil.get_terminal_size().columns if self.fit_width else 100
        self.say(*_columns(labels, width))
        if optional:
            self.say("Type its number or cards to take it, or press Enter (or n) to let play go on.")
        elif any(move.cards for move in options):
            self.say("Type a card (such as 10♥ or th) or an option number; h for help.")
        else:
            self.say("Type an option number or its first word; h for help.")

    def _ask(self, options: Sequence[Move], *, optional: bool) -> Move | _Say:
        """The person's answer: one of ``options``, or a command; bad input is told and asked again."""
        view = self.tracker.view(self.you)
        options = _in_table_order(options, view)
        self._show(view, options, optional)
        while True:
            text = self._read()
            if text is None:
                return _Say.EOF
            word = text.lower()
            if word in ("q", "quit", "exit"):
                return _Say.QUIT
            if word in ("h", "help", "?"):
                self.say(HELP)
            elif word in ("t", "table"):
                self._show(view, options, optional, whole=True)
            elif word in ("u", "undo"):
                if self.taken:
                    return _Say.UNDO
                self.say("Nothing to take back: you have not moved yet.")
            elif word in ("", "n", "no", "skip") and optional:
                return _Say.SKIP
            elif not word:
                self.say("It is your move: type a card or an option number (h for help).")
            elif word in ("n", "no", "skip"):
                self.say("You cannot let this pass: it is your turn. Choose one of the options.")
            else:
                answer = read_move(text, options, self.state, view)
                if isinstance(answer, Move):
                    return answer
                self.say(answer)


def _lead_note(state: GameState, seat: int, options: Sequence[Move]) -> str | None:
    """Why the person's leads leave out cards he holds, in the words of the rules that do it; or None.

    The rules are read from the ruleset's components: the first trick's suit of a follow-suit game,
    the holder's card and the trump-lead rules of :class:`~kozel.rules.Leading`, the swap before the lead.
    """
    if state.phase is not Phase.PLAY or state.trick is not None or state.turn != seat:
        return None
    rules = state.ruleset
    leading = rules.leading
    if must_swap(state):
        return (
            "You hold only trumps and may not lead one now: first swap a trump with your partner for a plain "
            "card (the swap before the lead)."
        )
    offered = 0
    for move in options:
        if move.kind in (MoveKind.LEAD, MoveKind.PLAY):
            offered |= move.mask
    hand = state.hand_masks[seat]
    if not offered or offered == hand:
        return None
    notes = []
    holder = leading.holder_card
    first_of_match = not state.hand_results
    if opening(state) and holder is not None and leading.holder_opens(first_of_match) and offered == holder.bit:
        notes.append(f"You hold {holder}: its holder opens the {'match' if first_of_match else 'hand'} with it.")
    elif opening(state) and isinstance(rules.play, FollowSuit) and rules.play.first_trick_suit is not None:
        suit = rules.play.first_trick_suit
        notes.append(f"The first trick of a hand is played in {suit.name.lower()} ({suit}): lead one, else a trump.")
    trumps = state.deal.table.trump_mask
    if hand & trumps and not offered & trumps and barred_from_trumps(state, seat):
        why = _trump_bar(state, seat)
        if why:
            notes.append(f"No trump among your leads: {why}.")
    return " ".join(notes) or None


def _trump_bar(state: GameState, seat: int) -> str | None:
    """The :class:`~kozel.rules.Leading` rule that bars ``seat`` from leading a trump now, in table words."""
    rules = state.ruleset
    leading = rules.leading
    boasting = (state.dealer + 1) % rules.players
    last = state.deal.last_opener
    if leading.trump_leads is TrumpLeads.BOASTING_SIDE and rules.side_of(seat) != rules.side_of(boasting):
        return (
            f"only the side of the boasting player (seat {boasting}, left of the dealer) leads trumps; "
            "your side may lead one only when holding nothing else"
        )
    if (
        leading.trump_leads is TrumpLeads.NOT_LAST_OPENERS
        and last is not None
        and rules.side_of(last) == rules.side_of(seat)
    ):
        opener = seat_name(last, seat)
        return f"your side opened the last hand ({opener} led first), so it may not open this one with a trump"
    if leading.first_lead_plain and not state.hand_results:
        return "the first lead of the match is a plain card"
    return None


def read_move(text: str, options: Sequence[Move], state: GameState, view: PlayerView) -> Move | str:
    """The one of ``options`` that ``text`` names (a number, cards, words), or a message saying what is wrong.

    ``options`` are the moves of the view's seat; ``state`` is asked why cards it does not allow are refused.
    """
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():  # only 0-9: other scripts' digits are no option numbers
        if len(digits) > _MAX_DIGITS:
            return f"There is no option of {len(digits)} digits: choose a number from 1 to {len(options)}."
        number = int(text)  # a negative one is no option either, and is told so
        if 1 <= number <= len(options):
            return options[number - 1]
        return f"There is no option {number}: choose a number from 1 to {len(options)}."
    tokens = text.replace(",", " ").split()
    words = [token.lower() for token in tokens if token.lower() in _WORDS or token.lower() in _FILLERS]
    card_text = " ".join(token for token in tokens if token.lower() not in _WORDS and token.lower() not in _FILLERS)
    choices = {move.choice: move for move in options if move.choice is not None}
    chosen = "_".join(token.lower() for token in tokens if token.lower() != "praise")
    if chosen in choices:
        return choices[chosen]
    kinds = set(MoveKind)
    for word in words:
        kinds &= _WORDS.get(word, kinds)
    try:
        cards = kozel.parse_cards(card_text)
    except NotationError as error:
        return f"I cannot read that: {error}. Type h for help."
    hand = view.hand
    missing = [card for card in cards if card not in hand]
    if missing:
        return f"You do not hold {kozel.format_cards(missing)}. Your cards are shown after 'Your hand:'."
    mask = sum(card.bit for card in cards)
    if cards:
        fits = [move for move in options if move.kind in kinds and move.mask == mask]
    elif any(word in _WORDS for word in words):
        fits = [move for move in options if move.kind in kinds]
    else:
        return f"{text!r} is not one of your moves now. Type a card, or a number from the list (h for help)."
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 8:
        return f"That could be any of {len(fits)} moves: type the cards too, or the number of the one you mean."
    if fits:
        listed = "; ".join(f"{options.index(move) + 1}. {option_label(move, view)}" for move in fits)
        return f"That could be more than one move: {listed}. Type the number of the one you mean."
    if not cards:
        return f"You cannot {' '.join(words)} now. Choose one of the options (h for help)."
    return _why_not(cards, kinds, options, state)


def _why_not(cards: Sequence[kozel.Card], kinds: set[MoveKind], options: Sequence[Move], state: GameState) -> str:
    """Why ``cards`` match none of ``options``, in the words of the rule they break."""
    seat = options[0].seat
    offered = {move.kind for move in options} & kinds
    probes = [kind for kind in _PROBES if kind in offered] or [kind for kind in _PROBES if kind in kinds]
    if isinstance(state.ruleset.play, BeatOrPass) and MoveKind.PLAY in probes:
        probes.remove(MoveKind.PLAY)
    for kind in probes:
        try:
            kozel.apply(state, Move(seat, kind, cards))
        except IllegalMoveError as error:
            _, _, why = str(error).partition(" is not allowed: ")
            rule = f" (rule: {error.rule})" if error.rule else ""
            return f"Not allowed: {why or error}{rule}. Choose again."
        except KozelError as error:
            return f"Not allowed: {error}. Choose again."
        break
    return f"{kozel.format_cards(cards)} is not one of your moves now. Choose a number from the list."


def _in_table_order(options: Sequence[Move], view: PlayerView) -> list[Move]:
    """The moves grouped by kind (in the order the rules give them), each group's cards in table order."""
    kinds = list(dict.fromkeys(move.kind for move in options))
    order = {card: place for place, card in enumerate(table_order(view.ruleset, view.trump, view.ruleset.deck))}

    def key(move: Move) -> tuple[int, int, list[int]]:
        return (kinds.index(move.kind), len(move.cards), sorted(order[card] for card in move.cards))

    return sorted(options, key=key)


def _your_turn(view: PlayerView) -> str:
    """What the person must do now, in a few words."""
    phase = view.phase
    if phase is Phase.PRAISE:
        return "Your turn: announce how this hand is dealt (the praise)."
    if phase is Phase.BIDDING:
        return "Your turn to bid: take the talon and play alone against the others, or let it pass."
    if phase is Phase.LAY_AWAY:
        return "Your turn: lay away as many cards face down as you took (they count for you)."
    if phase is Phase.DRAWING:
        return "Your turn: lay one of the cards you just received."
    if phase is Phase.TRANSFER_BACK:
        return "Your turn: give your partner plain cards back for the trumps he handed you."
    if isinstance(view.ruleset.play, BeatOrPass):
        if view.trick:
            count = view.trick[0].count
            return f"Your turn: beat the {plural(count, 'card')} on top one to one, or pass as many face down."
        return "Your lead: one card, or several of one suit."
    return "Your turn: play a card." if view.trick else "Your lead: play a card."


def _columns(labels: list[str], width: int = 100) -> list[str]:
    """Options one per line, or side by side when there are many."""
    if len(labels) <= 12:
        return ["  " + label for label in labels]
    cell = max(len(label) for label in labels) + 3
    per_line = max(1, width // cell)
    return [
        "  " + "".join(label.ljust(cell) for label in labels[start : start + per_line]).rstrip()
        for start in range(0, len(labels), per_line)
    ]
