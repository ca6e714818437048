"""``kozel play``: a person plays one seat against bots, at the terminal or through a pipe.

The table is drawn from the person's view only; the bots' moves are told as they happen.  A move
is typed as cards (``10♥``, ``th``, ``A♠ 10♥``), as words and cards (``pass 7♠ 8♠``), as a word
for a choice (``take``, ``mirror``), or as the number of an option in the list of legal moves.
``u`` takes back the last move, ``q`` leaves (asking first on a terminal), ``h`` tells the commands.
Input is read line by line, so a script can play: ``yes 1 | kozel play``; at a terminal it is read with
line editing and history where the platform has ``readline``.

On a terminal the lines are fitted to its width, hearts and diamonds are red and the trumps
underlined (no colour when ``NO_COLOR`` is set or the output is not a terminal), and the bots'
moves come one by one with a short pause (``--delay``).  When the person has exactly one legal
move on his turn it is played for him and said so (``--no-autoplay`` asks instead).  Ctrl-C
leaves the table as ``q`` does, with exit status 130.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import itertools
import math
import os
import re
import shlex
import shutil
import signal
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, TextIO

import kozel
from kozel.bots.base import Bot
from kozel.bots.runner import interrupting_move, next_move, set_up
from kozel.bots.specs import BOTS, make_bot
from kozel.cards.masks import cards_of
from kozel.cli.ctrl_c import from_ctrl_c
from kozel.cli.rulesets import add_ruleset_argument, named_ruleset
from kozel.cli.runs import bot_specs, given, whole
from kozel.cli.table import (
    Style,
    TableLines,
    describe_dealt,
    describe_events,
    describe_trick,
    fit,
    option_label,
    seat_name,
    side_words,
    sorted_hand,
    table_lines,
    table_order,
    target_words,
    transfer_words,
)
from kozel.engine.explain import plural
from kozel.engine.leading import barred_from_trumps, must_swap, opening
from kozel.errors import IllegalMoveError, KozelError, NotationError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.plain_types import short_repr
from kozel.rules.leading import LeadSeat, TrumpLeads
from kozel.rules.trick_play import BeatOrPass, FollowSuit
from kozel.view.events import Dealt, PraiseDealt, TrickTaken, opening_events
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
  a word and cards   beat A♠ · pass 7♠ 8♠ · lead 9♦ 9♥ · lay away 7♣ 8♣ · give back 8♦ · swap K♣
  a word             take · decline · redeal · mirror, pants, one (a praise deal by its first word)
  y / n              take the talon / let it pass, when bidding
  a number           the option of that number (also 1.  1)  #1  option 1); a number that is also
                     the rank of a card you hold (6-10) is asked back: #10 for the option, 10c for the card
  Enter or n         let play go on, when you are offered a move out of turn
  t / table          show the table again
  last               show the last trick taken in this hand
  score              show the scores and how the match ends
  rules              print the rule sheet of this game
  u / undo           take back your last move (and the bots' moves after it)
  h / help           this help
  q / quit           leave the table (on a terminal you are asked to confirm; from a pipe it leaves
                     at once); the command that deals the same match again is printed

Cards typed without a word are never passed face down for you: where they cannot beat the cards on
top you are told why, and pass 8c qh gives up the trick."""

#: Words a player may type before the cards, and the kinds of move each can mean.
_WORDS: Final = {
    "lead": {MoveKind.LEAD},
    "beat": {MoveKind.BEAT},
    "pass": {MoveKind.PASS, MoveKind.DECLINE},
    "molodka": {MoveKind.MOLODKA},
    "play": {MoveKind.PLAY, MoveKind.MOLODKA},
    "transfer": {MoveKind.TRANSFER},
    "give": {MoveKind.TRANSFER, MoveKind.TRANSFER_BACK},
    "swap": {MoveKind.TRANSFER, MoveKind.TRANSFER_BACK},
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
_FILLERS: Final = frozenset(
    {"with", "the", "talon", "face", "to", "and", "card", "cards", "my", "all", "a", "it", "partner", "your", "trump"}
)
#: An option number as it may be typed: ``3``, ``3.``, ``3)``, ``#3``, ``option 3``.
#: A list of cards after the words that offer them in a refusal: "play one of 10♣ J♠ J♥".
_CARD_LIST: Final = re.compile(r"((?:one of|may lead now are) )((?:10|[6-9JQKA])[♣♠♥♦](?: (?:10|[6-9JQKA])[♣♠♥♦])*)")
_NUMBERED: Final = re.compile(r"(#\s*|option\s+|opt\.?\s*)?(-?[0-9]+)\s*([.)])?", re.IGNORECASE)
#: Words that answer yes or no at a prompt where taking or letting go is offered.
_YES: Final = frozenset({"y", "yes"})
_NO: Final = frozenset({"n", "no", "skip"})
#: Each kind of move in table words, for the refusals that name one.
_KIND_WORDS: Final = {
    MoveKind.LEAD: "a lead",
    MoveKind.BEAT: "a beat",
    MoveKind.PASS: "a pass",
    MoveKind.MOLODKA: "a molodka",
    MoveKind.PLAY: "playing a card",
    MoveKind.TRANSFER: "handing trumps to the partner",
    MoveKind.TRANSFER_BACK: "giving cards back to the partner",
    MoveKind.REDEAL: "a redeal call",
    MoveKind.TAKE_TALON: "taking the talon",
    MoveKind.DECLINE: "letting the talon pass",
    MoveKind.LAY_AWAY: "laying cards away",
    MoveKind.PRAISE: "a praise",
    MoveKind.LAY_DARK: "laying a card face down",
    MoveKind.LAY_OPEN: "laying a card face up",
}
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
            "q or Ctrl-C leaves the table (Ctrl-C with exit status 130); on a terminal q asks first, from a pipe "
            "it leaves at once, and either way the command that deals the same match again is printed. "
            "On a terminal the lines fit its "
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
    interactive = _is_tty(stdin)
    game = _Game(
        state,
        you=args.seat,
        bots=bots,
        opponents=_opponents_words(specs),
        stdin=stdin,
        stdout=stdout,
        style=Style(wants_colour(stdout)),
        echo=not interactive,
        fit_width=terminal,
        delay=(DEFAULT_DELAY if terminal else 0.0) if delay is None else delay,
        autoplay=getattr(args, "autoplay", True),
        replay=_replay_command(args, state.seed),
        confirm=interactive,
    )
    return game.play()


def _replay_command(args: argparse.Namespace, seed: int) -> str:
    """The ``kozel play`` command line that deals the same match again (the bots choose alike while you do)."""
    words = ["kozel", "play", str(args.ruleset), "--seed", str(seed)]
    if args.seat:
        words += ["--seat", str(args.seat)]
    if args.players is not None:
        words += ["--players", str(args.players)]
    if args.opponents:
        words += ["--opponents", *args.opponents]
    return " ".join(shlex.quote(word) for word in words)


def _line_editing() -> bool:
    """Whether input can be read with line editing and history: where the platform has ``readline``."""
    try:
        import readline  # noqa: PLC0415 - only for a person at a terminal; not every platform has it
    except ImportError:
        return False
    readline.parse_and_bind("set enable-bracketed-paste off")  # no codes written around the prompt
    return True


#: How often, in seconds, a wait for the player's line is woken to see whether Ctrl-C was pressed.
WAKE_SECONDS: Final = 0.25


@contextlib.contextmanager
def _woken_while_waiting() -> Iterator[None]:
    """While the player is waited for: a timer wakes the wait every :data:`WAKE_SECONDS`, so no Ctrl-C is missed.

    Python handles a signal between its own steps, and a wait for the terminal is woken by one that comes
    while it waits; a Ctrl-C that comes in between (Python has looked for signals for the last time, the
    process is not waiting yet: the prompt is being written) would take effect only at the next key.  The
    timer's ``SIGALRM`` wakes the wait, and Python then sees the Ctrl-C.  Only in the main thread of a
    system with ``signal.setitimer``, and only where neither a handler of ``SIGALRM`` nor a timer is set.
    """
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, _look_for_ctrl_c)  # ours: a restore cut short
        or signal.getitimer(signal.ITIMER_REAL)[0] > 0
    ):
        yield
        return
    signal.signal(signal.SIGALRM, _look_for_ctrl_c)
    try:
        signal.setitimer(signal.ITIMER_REAL, WAKE_SECONDS, WAKE_SECONDS)
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)  # stopped first: no SIGALRM comes once its default (an end) is back
        signal.signal(signal.SIGALRM, signal.SIG_DFL)


def _look_for_ctrl_c(signum: int, frame: object) -> None:
    """The timer's ``SIGALRM`` while the player is waited for: nothing, but Python looks for a Ctrl-C meanwhile."""


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
        replay: str = "",
        confirm: bool = False,
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
        #: The command line that deals the same match again, told when the player leaves.
        self.replay = replay
        #: Whether leaving with q is asked back first (at a terminal; a script's q leaves at once).
        self.confirm = confirm
        #: Whether lines are read with line editing (the process's own terminal, where readline exists).
        self.editing = confirm and stdin is sys.stdin and _line_editing()

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
            try:
                return self._play()
            except Exception as error:  # Python 3.10's input() with line editing: a SystemError from the Ctrl-C
                if not from_ctrl_c(error):
                    raise
                raise KeyboardInterrupt from error
        except KeyboardInterrupt:
            self.stdout.write("\x1b[0m\n" if self.style.colour else "\n")
            self._say_replay()
            self.say("Interrupted: you leave the table; the match is not finished. Goodbye.")
            return INTERRUPTED

    def _say_replay(self) -> None:
        """How to play the same deal again, with the seed."""
        if self.replay:
            self.say(f"Seed {self.state.seed}; to play the same deal again:")
            self.stdout.write(self.replay + "\n")  # on a line of its own, never broken: it is pasted whole

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
            why = None
            if own is not None and mover == self.you:
                answer: Move | _Say | None = interrupting_move(state, self.bots, views=self.tracker)
                if answer is None and len(own) == 1 and self.autoplay:
                    answer, note = own[0], " (your only move, played for you)"
                    why = _lead_note(state, self.you, own)
                elif answer is None:
                    answer = self._ask(own, optional=False)
            elif own is not None:
                answer = self._ask(own, optional=True)
                if answer is _Say.SKIP:
                    answer = next_move(state, self.bots, views=self.tracker)
            else:
                answer = next_move(state, self.bots, views=self.tracker)
            if answer is _Say.QUIT:
                self._say_replay()
                self.say("You leave the table; the match is not finished. Goodbye.")
                return 0
            if answer is _Say.EOF:
                self.say("")
                self._say_replay()
                self.say("End of input: the match is left unfinished. Goodbye.")
                return 0
            if answer is _Say.UNDO:
                self._undo()
            elif isinstance(answer, Move):
                self._apply(answer, chosen=answer.seat == self.you and not note, note=note, why=why)
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

    def _apply(self, move: Move, *, chosen: bool = False, note: str = "", why: str | None = None) -> None:
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
            if why:
                lines.insert(1, f"    ({why})")
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

    def _read(self, prompt: str = "> ") -> str | None:
        with _woken_while_waiting():
            return self._read_line(prompt)

    def _read_line(self, prompt: str) -> str | None:
        if self.editing:
            # readline is told where the codes of the bold prompt start and end, to count its width right
            shown = f"\x01\x1b[1m\x02{prompt}\x01\x1b[0m\x02" if self.style.colour else prompt
            try:
                return input(shown).strip()
            except (EOFError, OSError, ValueError):  # end of input, or the terminal went away
                return None
        self.stdout.write(self.style.bold(prompt))
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
            self.say(_your_turn(view, options), bold=True)
            why = _lead_note(self.state, self.you, options)
            if why:
                self.say(why)
            may = _transfer_note(view, options)
            if may:
                self.say(may)
            need = _declarer_note(view)
            if need:
                self.say(need)
        lay_away = [move for move in options if move.kind is MoveKind.LAY_AWAY]
        if len(lay_away) > 12 and len(lay_away) == len(options):
            count = len(lay_away[0].cards)
            example = " ".join(_typed(card) for card in sorted_hand(view)[:count])
            self.say(
                f"  ({len(options)} ways: lay away any {plural(count, 'card')} of your hand; type them, "
                f"such as {example})"
            )
            self.say("Type the cards to lay away; h for help.")
            return
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
                if not self.confirm or self._confirm_leaving():
                    return _Say.QUIT
                self.say("You stay at the table.")
            elif word in ("h", "help", "?"):
                self.say(*HELP.splitlines())
            elif word in ("t", "table"):
                self._show(view, options, optional, whole=True)
            elif word in ("last", "last trick"):
                self.say(describe_trick(view))
            elif word in ("score", "scores"):
                fixed = table_lines(view).fixed
                self.say(*(line for line in fixed if line.startswith("Scores: ")))
            elif word in ("rules", "rule sheet"):
                self.say(*kozel.forms.rule_sheet(self.state.ruleset).splitlines())
            elif word in ("u", "undo"):
                if self.taken:
                    return _Say.UNDO
                self.say("Nothing to take back: you have not moved yet.")
            elif word in ("", "n", "no", "skip") and optional:
                return _Say.SKIP
            elif not word and not any(move.cards for move in options):
                self.say(f"It is your move: {_choices_words(options)} (h for help).")
            elif not word:
                self.say("It is your move: type a card or an option number (h for help).")
            elif word in _NO and not any(move.kind is MoveKind.DECLINE for move in options):
                self.say("You cannot let this pass: it is your turn. Choose one of the options.")
            else:
                answer = read_move(text, options, self.state, view)
                if isinstance(answer, Move):
                    return answer
                self.say(answer)

    def _confirm_leaving(self) -> bool:
        """Whether the player, asked, says yes to leaving the unfinished match (the end of input says yes)."""
        answer = self._read("Leave the table? The match is not finished (y/N) ")
        return answer is None or answer.lower() in ("y", "yes")


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
    At a prompt whose options take no cards, what cannot be read is answered with what may be typed there.
    """
    answer = _read_move(text, options, state, view)
    if isinstance(answer, str) and not any(move.cards for move in options):
        if answer.startswith(("There is no option", "That could be")):
            return answer
        return f"{short_repr(text.strip())} is not one of the choices here: {_choices_words(options)}."
    return answer


def _read_move(text: str, options: Sequence[Move], state: GameState, view: PlayerView) -> Move | str:
    numbered = _NUMBERED.fullmatch(text.strip())
    if numbered is not None:
        return _numbered(numbered, options, view)
    lowered = text.strip().lower()
    for said, kind in ((_YES, MoveKind.TAKE_TALON), (_NO, MoveKind.DECLINE)):
        meant = [move for move in options if move.kind is kind]
        if lowered in said and len(meant) == 1:
            return meant[0]
    tokens = text.replace(",", " ").split()
    choice = _choice(tokens, options)
    if choice is not None:
        return choice
    tokens, wrong = _without_seat(tokens, options, view)
    if wrong is not None:
        return wrong
    words = [token.lower() for token in tokens if token.lower() in _WORDS or token.lower() in _FILLERS]
    card_text = " ".join(token for token in tokens if token.lower() not in _WORDS and token.lower() not in _FILLERS)
    kinds = set(MoveKind)
    for word in words:
        kinds &= _WORDS.get(word, kinds)
    try:
        cards = kozel.parse_cards(card_text)
    except NotationError as error:
        return f"I cannot read that: {error}.{_joined_hint(card_text, view)} Type h for help."
    hand = view.hand
    missing = [card for card in cards if card not in hand]
    if missing:
        return f"You do not hold {kozel.format_cards(missing)}. Your cards are shown after 'Your hand:'."
    mask = sum(card.bit for card in cards)
    worded = any(word in _WORDS for word in words)
    if cards:
        fits = [move for move in options if move.kind in kinds and move.mask == mask]
    elif worded:
        fits = [move for move in options if move.kind in kinds]
    else:
        return f"{text!r} is not one of your moves now. Type a card, or a number from the list (h for help)."
    if fits and not worded and all(move.kind is MoveKind.PASS for move in fits):
        return _cannot_beat(cards, card_text, state)  # a pass gives the trick up: only when the word says so
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


def _joined_hint(card_text: str, view: PlayerView) -> str:
    """Where words typed side by side make a card the player holds (``a s``, ``1 0 h``): asks whether he meant it."""
    words = card_text.split()
    runs = [
        *(a + b for a, b in itertools.pairwise(words)),
        *(a + b + c for a, b, c in zip(words, words[1:], words[2:], strict=False)),  # 1 0 h
    ]
    for joined in runs:
        if len(joined) > 3:
            continue
        try:
            found = kozel.parse_cards(joined)
        except NotationError:
            continue
        if len(found) == 1 and found[0] in view.hand:
            return f" Did you mean {joined.lower()} ({found[0]}), without the space?"
    return ""


def _in_option_order(text: str, state: GameState) -> str:
    """A refusal's list of cards (``play one of ...``) in the order of the table, as the options are listed."""

    def order(found: re.Match[str]) -> str:
        try:
            cards = kozel.parse_cards(found.group(2))
        except NotationError:
            return found.group(0)
        return found.group(1) + kozel.format_cards(table_order(state.ruleset, state.trump, cards))

    return _CARD_LIST.sub(order, text)


def _numbered(numbered: re.Match[str], options: Sequence[Move], view: PlayerView) -> Move | str:
    """The option a number names (``3``, ``3.``, ``3)``, ``#3``, ``option 3``), or why it names none.

    A bare number that is also the rank of cards the player holds (a ten, or six to nine in a deck
    with them) is asked back rather than read as an option, where cards are being played."""
    digits = numbered.group(2)
    explicit = bool(numbered.group(1) or numbered.group(3))
    length = len(digits.removeprefix("-"))
    if length > _MAX_DIGITS:
        return f"There is no option of {length} digits: choose a number from 1 to {len(options)}."
    number = int(digits)  # a negative one is no option either, and is told so
    held = [card for card in sorted_hand(view) if card.rank.text == digits]  # 6 to 10: a face card has letters
    if not explicit and held and any(move.cards for move in options):
        typed = " or ".join(_typed(card) for card in held)
        if 1 <= number <= len(options):
            return (
                f"{number} is both option {number} ({option_label(options[number - 1], view)}) and the rank of "
                f"your {kozel.format_cards(held)}: type #{number} for the option, or the card with its suit ({typed})."
            )
        return f"There is no option {number}; for your {kozel.format_cards(held)} type the suit too ({typed})."
    if 1 <= number <= len(options):
        return options[number - 1]
    return f"There is no option {number}: choose a number from 1 to {len(options)}."


def _typed(card: kozel.Card) -> str:
    """A card as it is quickest to type: ``10c``, ``qh``."""
    return f"{card.rank.text}{card.ascii[-1]}".lower()


def _choice(tokens: Sequence[str], options: Sequence[Move]) -> Move | None:
    """The choice (a praise deal) the words name: in full, or by the first words of only one of them."""
    typed = [token.lower() for token in tokens if token.lower() != "praise"]
    if not typed:
        return None
    choices = {move.choice: move for move in options if move.choice is not None}
    whole = "_".join(typed)
    if whole in choices:
        return choices[whole]
    begun = [move for name, move in choices.items() if name.split("_")[: len(typed)] == typed]
    return begun[0] if len(begun) == 1 else None


def _choices_words(options: Sequence[Move]) -> str:
    """What may be typed at a prompt whose options take no cards: the numbers and the words."""
    words = []
    for move in options:
        if move.choice is not None:
            words.append(move.choice.replace("_", " "))
        elif move.kind is MoveKind.TAKE_TALON:
            words.append("take (or y)")
        elif move.kind is MoveKind.DECLINE:
            words.append("decline (or n)")
        else:
            words.append(move.kind.word.replace("_", " "))
    numbers = "1" if len(options) == 1 else f"1 to {len(options)}"
    return f"type an option number ({numbers}) or one of: {', '.join(dict.fromkeys(words))}"


def _without_seat(tokens: list[str], options: Sequence[Move], view: PlayerView) -> tuple[list[str], str | None]:
    """The words without a ``seat N`` naming the partner, where a transfer is offered; or why the seat is wrong."""
    if not any(move.kind is MoveKind.TRANSFER for move in options):
        return tokens, None
    partners = view.ruleset.seating.partners(view.seat)
    kept: list[str] = []
    at = 0
    while at < len(tokens):
        if tokens[at].lower() == "seat" and at + 1 < len(tokens) and tokens[at + 1].isdecimal():
            if tokens[at + 1] not in {str(partner) for partner in partners}:  # text: no number read, however long
                seats = " and ".join(f"seat {seat}" for seat in partners)
                return tokens, f"Trumps go only to your partner ({seats}), not seat {short_repr(tokens[at + 1])}."
            at += 2
            continue
        kept.append(tokens[at])
        at += 1
    return kept, None


def _cannot_beat(cards: Sequence[kozel.Card], typed: str, state: GameState) -> str:
    """Why cards typed without a word, which could only be passed face down, cannot beat the cards on top."""
    trick = state.trick
    top = list(cards_of(trick.best.mask)) if trick is not None else []
    table = state.deal.table
    trumps = table.trump_mask
    reasons = []
    for card in cards:
        if any(table.beaters[other.index] & card.bit for other in top):
            continue
        plain_suits = [other.suit for other in top if not trumps & other.bit]
        if trumps & card.bit:
            higher = [other for other in top if trumps & other.bit]
            reasons.append(f"{card} is a lower trump than {kozel.format_cards(higher)}")
        elif card.suit not in plain_suits:
            named = " and no ".join(dict.fromkeys(suit.name.lower().removesuffix("s") for suit in plain_suits))
            reasons.append(f"{card} is no {named} and no trump" if named else f"{card} is no trump")
        else:
            same = [other for other in top if other.suit == card.suit and not trumps & other.bit]
            reasons.append(f"{card} is lower than {kozel.format_cards(same)}")
    why = "; ".join(reasons) or "each card must beat a different card on top"
    return (
        f"{kozel.format_cards(cards)} cannot beat {kozel.format_cards(top)} ({why}). "
        f"To give up the trick instead, passing them face down, type: pass {typed}"
    )


def _for_you(text: str, seat: int) -> str:
    """An engine's refusal said to the player: "you" for his own seat, table words for the kinds of move."""
    for kind, words in _KIND_WORDS.items():
        text = text.replace(f"a {kind.word} move", words)
    you = f"seat {seat}"
    for engine, table in (
        (f"it is {you}'s turn", "it is your turn"),
        (f"of his two trumps {you} may", "of your two trumps you may"),
        (f"{you}'s side", "your side"),
        (f"{you}'s two trumps", "your two trumps"),
        (f"{you} does not hold", "you do not hold"),
        (f"{you} must", "you must"),
        (f"{you} lays away", "you lay away"),
        ("of his own hand", "of your own hand"),
        ("the player's trumps", "your trumps"),
        (f"not {you}", "not you"),
    ):
        text = text.replace(engine, table)
    return text


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
            rule = f" (rule: {error.rule.replace('_', ' ')})" if error.rule else ""
            return f"Not allowed: {_in_option_order(_for_you(why or str(error), seat), state)}{rule}. Choose again."
        except KozelError as error:
            return f"Not allowed: {_for_you(str(error), seat)}. Choose again."
        break
    return f"{kozel.format_cards(cards)} is not one of your moves now. Choose a number from the list."


def _in_table_order(options: Sequence[Move], view: PlayerView) -> list[Move]:
    """The moves grouped by kind (in the order the rules give them), each group's cards in table order."""
    kinds = list(dict.fromkeys(move.kind for move in options))
    order = {card: place for place, card in enumerate(table_order(view.ruleset, view.trump, view.ruleset.deck))}

    def key(move: Move) -> tuple[int, int, list[int]]:
        return (kinds.index(move.kind), len(move.cards), sorted(order[card] for card in move.cards))

    return sorted(options, key=key)


def _your_turn(view: PlayerView, options: Sequence[Move] = ()) -> str:
    """What the person must do now, in a few words."""
    phase = view.phase
    if options and all(move.kind is MoveKind.TRANSFER for move in options):
        return "Your turn: swap a trump with your partner before leading."
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
    why = "" if view.trick else _why_you_lead(view)
    lead = f"Your lead ({why})" if why else "Your lead"
    if isinstance(view.ruleset.play, BeatOrPass):
        if view.trick:
            count = view.trick[0].count
            return f"Your turn: beat the {plural(count, 'card')} on top one to one, or pass as many face down."
        return f"{lead}: one card, or several of one suit."
    return "Your turn: play a card." if view.trick else f"{lead}: play a card."


def _why_you_lead(view: PlayerView) -> str | None:
    """Why the rules give the player the lead, where his view tells it at once: he took the last trick of this
    hand, or he holds the card whose holder leads the hand's first trick; else None."""
    if view.phase is not Phase.PLAY or view.turn != view.seat or view.declarer is not None:
        return None
    last = None
    for event in view.history:
        if isinstance(event, TrickTaken):
            last = event.winner
        elif isinstance(event, PraiseDealt) and event.tricks:
            last = event.tricks[-1][1]
    if last is not None:
        return "you took the last trick" if last == view.seat else None
    leading = view.ruleset.leading
    holder = leading.holder_card
    names = leading.later_hands if view.hand_results else leading.first_hand
    told = leading.holder_opens(not view.hand_results)  # the lead note says it: he must open with that card
    if (
        names is LeadSeat.HOLDER
        and holder is not None
        and holder in view.hand
        and not any(view.trick_counts)
        and not told
    ):
        return f"you hold {holder}, and its holder leads first"
    return None


def _transfer_note(view: PlayerView, options: Sequence[Move]) -> str | None:
    """Whether the player may hand his trumps to the partner now, where the trump transfer is open."""
    rules = view.ruleset
    if view.transfers_done is None or rules.transfer is None or view.phase is not Phase.PLAY:
        return None
    if any(move.kind is MoveKind.TRANSFER for move in options):
        return "You may hand your trumps to your partner now (the transfer option below)."
    if rules.side_of(view.seat) in view.transfers_done:
        return "Your side has made its trump transfer in this window."
    trumps = sum(1 for card in view.hand if rules.trumps.table(view.trump).trump_mask & card.bit)
    if trumps in rules.transfer.counts or (rules.transfer.point_trump_of_two and trumps == 2):
        return f"You hold {plural(trumps, 'trump')} but may not hand {'it' if trumps == 1 else 'them'} over now."
    return f"You may not transfer: you hold {plural(trumps, 'trump')}, and {transfer_words(rules)}."


def _declarer_note(view: PlayerView) -> str | None:
    """What the declarer needs, once he has taken the talon: more than the bidding's card points."""
    talon = view.ruleset.talon
    bidding = talon.bidding if talon is not None else None
    if bidding is None or view.declarer != view.seat or view.phase is not Phase.LAY_AWAY:
        return None
    return (
        f"You play alone: you need more than {bidding.wins_above} card points in your tricks "
        "(the cards you lay away count for you)."
    )


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
