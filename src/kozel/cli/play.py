"""``kozel play``: a person plays one seat against bots, at the terminal or through a pipe.

The table is drawn from the person's view only; the bots' moves are told as they happen.  A move
is typed as cards (``10♥``, ``th``, ``A♠ 10♥``), as words and cards (``pass 7♠ 8♠``), as a word
for a choice (``take``, ``mirror``), or as the number of an option in the list of legal moves.
``u`` takes back the last move, ``q`` leaves, ``h`` tells the commands.  Input is read line by line,
so a script can play: ``yes 1 | kozel play``.
"""

from __future__ import annotations

import argparse
import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TextIO

import kozel
from kozel.bots.base import Bot
from kozel.bots.random_bot import RandomBot
from kozel.bots.runner import next_move
from kozel.cli.table import (
    Style,
    describe_dealt,
    describe_events,
    option_label,
    render_table,
    seat_name,
    table_order,
    target_words,
)
from kozel.errors import IllegalMoveError, KozelError, NotationError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState, Phase
from kozel.rules.trick_play import BeatOrPass
from kozel.view.events import Dealt, opening_events
from kozel.view.view import PlayerView

__all__ = ["add_parser", "bot_registry", "read_move", "run"]

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


def bot_registry() -> dict[str, Callable[[], Bot]]:
    """The bots that may take the other seats, by name: ``kozel.bots.BOTS`` where it exists, else those found."""
    bots = importlib.import_module("kozel.bots")
    listed = getattr(bots, "BOTS", None)
    if isinstance(listed, Mapping) and listed:
        return {str(name): factory for name, factory in listed.items()}
    found: dict[str, Callable[[], Bot]] = {}
    try:
        heuristic = getattr(importlib.import_module("kozel.bots.heuristic"), "HeuristicBot", None)
    except ImportError:
        heuristic = None
    if heuristic is not None:
        found["heuristic"] = heuristic
    found["random"] = RandomBot
    return found


def _default_opponents(registry: Mapping[str, object]) -> str:
    return "heuristic" if "heuristic" in registry else "random" if "random" in registry else next(iter(registry))


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` command to the ``kozel`` command's subparsers."""
    play = subparsers.add_parser(
        "play",
        help="play a match yourself against bots",
        description="Play one seat of a Kozel match against bots. Type h at any prompt for the commands.",
    )
    play.add_argument("ruleset", nargs="?", default="classic", help=f"one of: {', '.join(kozel.variants.names())}")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0: the first dealer)")
    play.add_argument("--seed", type=int, default=None, help="seed of the shuffles and of the bots' choices")
    play.add_argument(
        "--opponents", default=None, help="the bots at the other seats (default: heuristic if available, else random)"
    )
    play.add_argument("--players", type=int, default=None, help="number of players (default: the ruleset's)")


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO | None = None) -> int:
    """Play the match ``args`` describe, reading the player's moves from ``stdin``; the exit status.

    0 when the match is finished, or the player quits, or the input ends; 2 for a bad argument
    (told on ``stderr``, or ``stdout`` when none is given).
    """
    errors = stderr if stderr is not None else stdout
    registry = bot_registry()
    name = args.opponents or _default_opponents(registry)
    if name not in registry:
        errors.write(f"kozel play: no bot is called {name!r}; the bots are {', '.join(registry)}\n")
        return 2
    try:
        rules = kozel.variants.get(args.ruleset)
        if args.players is not None:
            rules = rules.for_players(args.players)
        if not 0 <= args.seat < rules.players:
            errors.write(f"kozel play: --seat must be a seat from 0 to {rules.players - 1}, not {args.seat}\n")
            return 2
        state = kozel.new_game(rules, seed=args.seed)
    except KozelError as error:
        errors.write(f"kozel play: {error}\n")
        return 2
    bots: list[Bot] = []
    for seat in range(rules.players):
        bot = registry[name]() if seat != args.seat else _Person()
        bot.setup(rules, seat, state.seed)
        bots.append(bot)
    colour = bool(getattr(stdout, "isatty", lambda: False)())
    echo = not getattr(stdin, "isatty", lambda: False)()
    return _Game(
        state, you=args.seat, bots=bots, opponents=name, stdin=stdin, stdout=stdout, style=Style(colour), echo=echo
    ).play()


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
        stdin: TextIO,
        stdout: TextIO,
        style: Style,
        echo: bool,
    ) -> None:
        self.state = state
        self.you = you
        self.bots = bots
        self.opponents = opponents
        self.stdin = stdin
        self.stdout = stdout
        self.style = style
        self.echo = echo
        #: The states in which the person moved, oldest first, and the move made in each: for undo.
        self.taken: list[tuple[GameState, Move]] = []

    def say(self, *lines: str) -> None:
        """Write lines to the player."""
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def play(self) -> int:
        """Play until the match is over, the person leaves, or the input ends; the exit status."""
        self._welcome()
        while not self.state.is_over:
            state = self.state
            moves = kozel.legal_moves(state)
            by_seat: dict[int, list[Move]] = {}
            for move in moves:
                by_seat.setdefault(move.seat, []).append(move)
            mover = state.turn if state.turn in by_seat else min(by_seat)
            own = by_seat.get(self.you)
            if own is not None and mover == self.you:
                bot_move = self._interrupts(state, by_seat, mover)
                answer = bot_move if bot_move is not None else self._ask(own, optional=False)
            elif own is not None:
                answer = self._ask(own, optional=True)
                if answer is _Say.SKIP:
                    answer = self._bots_move(state, by_seat, mover)
            else:
                answer = next_move(state, self.bots)
            if answer is _Say.QUIT:
                self.say("You leave the table; the match is not finished. Goodbye.")
                return 0
            if answer is _Say.EOF:
                self.say("", "End of input: the match is left unfinished. Goodbye.")
                return 0
            if answer is _Say.UNDO:
                self._undo()
            elif isinstance(answer, Move):
                self._apply(answer)
        return 0

    def _welcome(self) -> None:
        rules = self.state.ruleset
        you = self.you
        partners = rules.seating.partners(you)
        team = f"; your partner{'s are' if len(partners) > 1 else ' is'} " if partners else ""
        team += " and ".join(f"seat {seat}" for seat in partners)
        sides = f"{rules.sides} teams" if rules.seating.team_size > 1 else "everyone for himself"
        self.say(
            f"kozel {kozel.__version__}: {rules.name}, {rules.players} players ({sides}), seed {self.state.seed}.",
            f"You are seat {you}{team}. The other seats are played by {self.opponents} bots.",
            f"How the match ends: {target_words(rules)}.",
            "Type h at any prompt for help.",
        )
        for event in opening_events(self.state):
            seen = event.for_seat(you)
            if isinstance(seen, Dealt):
                self.say(*(self.style.cards(line) for line in describe_dealt(seen, rules, you)))

    def _interrupts(self, state: GameState, by_seat: dict[int, list[Move]], mover: int) -> Move | None:
        """A move some bot makes out of turn now (clockwise from the seat to move), or None."""
        players = state.ruleset.players
        for step in range(1, players):
            seat = (mover + step) % players
            if seat == self.you or seat not in by_seat:
                continue
            chosen = self.bots[seat].interrupt(kozel.observe(state, seat), tuple(by_seat[seat]))
            if chosen is not None:
                return _checked(chosen, by_seat[seat], self.bots[seat], seat)
        return None

    def _bots_move(self, state: GameState, by_seat: dict[int, list[Move]], mover: int) -> Move:
        """What the bots do once the person has let an out-of-turn move pass."""
        chosen = self._interrupts(state, by_seat, mover)
        if chosen is not None:
            return chosen
        own = by_seat[mover]
        bot = self.bots[mover]
        chosen = own[0] if len(own) == 1 else bot.choose(kozel.observe(state, mover), tuple(own))
        return _checked(chosen, own, bot, mover)

    def _apply(self, move: Move) -> None:
        before = self.state
        if move.seat == self.you:
            self.taken.append((before, move))
        view = kozel.observe(before, self.you)
        after, events = kozel.step(before, move)
        seen = [event.for_seat(self.you) for event in events]
        self.say(*(self.style.cards(line) for line in describe_events(before, move, after, seen, view)))
        self.state = after

    def _undo(self) -> None:
        state, move = self.taken.pop()
        view = kozel.observe(state, self.you)
        self.say(f"Taken back: your move ({option_label(move, view)}) and everything after it.")
        self.state = state

    def _read(self) -> str | None:
        self.stdout.write(self.style.bold("> "))
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def _show(self, view: PlayerView, options: Sequence[Move], optional: bool) -> None:
        self.say("", *render_table(view, self.style))
        if optional:
            mover = seat_name(view.turn, self.you) if view.turn is not None else "the table"
            self.say(self.style.bold(f"You may move out of turn now ({mover} to move):"))
        else:
            self.say(self.style.bold(_your_turn(view)))
        labels = [f"{number}. {option_label(move, view)}" for number, move in enumerate(options, 1)]
        self.say(*(self.style.cards(line) for line in _columns(labels)))
        if optional:
            self.say("Type its number or cards to take it, or press Enter (or n) to let play go on.")
        elif any(move.cards for move in options):
            self.say("Type a card (such as 10♥ or th) or an option number; h for help.")
        else:
            self.say("Type an option number or its first word; h for help.")

    def _ask(self, options: Sequence[Move], *, optional: bool) -> Move | _Say:
        """The person's answer: one of ``options``, or a command; bad input is told and asked again."""
        view = kozel.observe(self.state, self.you)
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
                self._show(view, options, optional)
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


def read_move(text: str, options: Sequence[Move], state: GameState, view: PlayerView) -> Move | str:
    """The one of ``options`` that ``text`` names (a number, cards, words), or a message saying what is wrong.

    ``options`` are the moves of the view's seat; ``state`` is asked why cards it does not allow are refused.
    """
    if text.isdigit():
        number = int(text)
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
            return f"Your turn: beat the {count} card(s) on top one to one, or pass as many face down."
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


def _checked(move: object, allowed: list[Move], bot: Bot, seat: int) -> Move:
    if not isinstance(move, Move) or move not in allowed:
        raise IllegalMoveError(f"{bot!r} at seat {seat} answered {move!r}, not one of its legal moves", move, "bot")
    return move
