"""The ``kozel`` command: ``kozel match`` plays a whole match between random players and tells it trick by trick;
``kozel play`` is a game against bots at the terminal; ``kozel simulate`` pits bots against each other;
``kozel league`` rates several bots; ``kozel rules`` prints a ruleset's rule sheet; ``kozel check`` plays random
matches checking every invariant."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import random
import signal
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import kozel
from kozel.cli import check, league, play, rules_command, simulate
from kozel.cli.ctrl_c import from_ctrl_c, interrupted
from kozel.cli.letters import hold_any_text
from kozel.cli.narrate import describe_deal, describe_move, per_side, side_name
from kozel.cli.rulesets import add_ruleset_argument, named_ruleset
from kozel.cli.runs import whole
from kozel.errors import KozelError

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """``kozel``'s parser: help and usage that cannot be written are an error, not silently lost.

    (argparse drops an ``OSError`` raised while it prints, so ``kozel --help > /dev/full`` would end
    with status 0 and nothing written; :func:`main` says why instead.)
    """

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            stream = file or sys.stderr
            if stream is not None:
                stream.write(message)


class _Command(_Parser):
    """The parser of one ``kozel`` command: an option it does not know is an error in its own usage.

    A subcommand's parser hands the arguments it does not know back to ``kozel``'s parser, which
    would then print ``kozel``'s usage; this one refuses them itself, with the usage of the command
    (``kozel simulate --frobnicate`` shows how ``kozel simulate`` is used).
    """

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kozel", description="Rules of the card game Kozel (Goat, Козёл).")
    build = "compiled" if kozel.__compiled__ else "pure Python"
    parser.add_argument("--version", action="version", version=f"kozel {kozel.__version__} ({build})")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Command)
    match = commands.add_parser(
        "match",
        help="play a whole match between random players, trick by trick",
        description=(
            "Play a whole match between random players and tell it trick by trick: each deal with every hand, "
            "each move, who takes each trick, and each hand's result, then the outcome. With --quiet only the "
            "hand results and the outcome are printed. The same --seed plays the same match again."
        ),
    )
    add_ruleset_argument(match)
    match.add_argument(
        "--seed",
        type=whole,
        default=None,
        help="seed of the shuffles and of the players' choices (default: a random one, printed at the start)",
    )
    match.add_argument("--players", type=whole, default=None, help="number of players (default: the ruleset's)")
    match.add_argument("--quiet", action="store_true", help="print only the hand results and the outcome")
    rules_command.add_parser(commands)
    play.add_parser(commands)
    simulate.add_parser(commands)
    check.add_parser(commands)
    league.add_parser(commands)
    return parser


def _play(ruleset_name: str, seed: int | None, players: int | None, quiet: bool) -> int:
    rules = named_ruleset(ruleset_name, players)
    state = kozel.new_game(rules, seed=seed)
    rng = random.Random(state.seed)
    print(f"kozel {kozel.__version__}: {rules.name}, {rules.players} players, seed {state.seed}")
    if not quiet:
        print(*describe_deal(state), sep="\n")
    while not state.is_over:
        move = rng.choice(kozel.legal_moves(state))
        after, events = kozel.step(state, move)
        for line in describe_move(state, move, after, events):
            if not quiet or not line.startswith("  "):
                print(line)
        if not after.is_over and after.hand_number != state.hand_number and not quiet:
            print(*describe_deal(after), sep="\n")
        state = after
    result = state.result
    assert result is not None
    goats = " and ".join(side_name(rules, side) for side in result.goats)
    verb = "is" if len(result.goats) == 1 else "are"
    title = result.titles[0] if len(result.goats) == 1 else result.titles[0].replace("goat", "goats", 1)
    scores = per_side(rules, state.scores)
    print(f"Match over after {state.hand_number} hands: {goats} {verb} the {title}. Scores: {scores}.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``kozel`` command line (``argv``: the arguments, None for the process's own); the exit status.

    No command ends in a Python traceback: Ctrl-C stops any command with status 130 (128 + SIGINT,
    as shells report it) and a line saying so; an input that is closed or ends is the end of the
    game; a reader that stops early (``kozel match | head``) ends the output quietly.  Run with the
    process's own arguments, a Ctrl-C that comes once the command is done is ignored.

    Output that cannot be written (a full disk, a closed standard output) ends the command with status 1
    and a line on standard error saying why, never a traceback; a closed standard output is refused
    before the command starts.
    """
    if sys.stdout is None:
        if sys.stderr is not None:
            print("kozel: standard output is closed: there is nowhere to write", file=sys.stderr)
        return 1
    real = argv is None  # the process's own command, whose standard output may be pointed elsewhere at the end
    if real:
        if sys.stderr is None:  # closed (``2>&-``): progress and messages go nowhere, the results still come out
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - kept open until the process ends
        hold_any_text(sys.stdout, sys.stderr)  # an encoding that lacks the card symbols gets suits as letters
    _RUNNING[0] = argparse.Namespace()  # the command is named in its messages once it is read
    try:
        try:
            try:
                status = _main(argv)
            except SystemExit as done:  # argparse's --help, --version and usage errors: still an exit, once flushed
                code = done.code if isinstance(done.code, int) else 0 if done.code is None else 2
                if _flushed(code, real=real) != code:
                    raise SystemExit(1) from None
                raise
            except OSError as error:
                return _failed(error, real=real)
            return _flushed(status, real=real)
        finally:
            if argv is None:  # the real command (not a call from Python): a Ctrl-C while Python exits is too late
                _ignore_ctrl_c()
    except Exception as error:
        if not from_ctrl_c(error):
            raise
        return _stopped()
    except KeyboardInterrupt:  # also one that came as the command ended (``--help`` exits), before the line above
        return _stopped()


#: The arguments of the command being run, as far as they have been read: its messages name the command once known
#: (``kozel match: cannot write the output``), even where reading its options stopped (``kozel rules --help``).
_RUNNING: Final[list[argparse.Namespace]] = [argparse.Namespace()]


def _name() -> str:
    """The command being run, as its messages start: ``kozel match``, or ``kozel`` before the command is known."""
    command = getattr(_RUNNING[0], "command", None)
    return f"kozel {command}" if isinstance(command, str) else "kozel"


def _ignore_ctrl_c() -> None:
    """Ignore Ctrl-C from now on.  A Ctrl-C that came just before counts as ignored too: Python then refuses the
    change with ``OSError`` ("Signal 2 ignored due to race condition"), having ignored that one already."""
    with contextlib.suppress(OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stopped() -> int:
    """Say that the command was stopped by Ctrl-C; its exit status."""
    _ignore_ctrl_c()  # a second Ctrl-C does not break the goodbye
    _say_stopped()
    return play.INTERRUPTED


#: The errors of writing to a stream that is gone or full: the output's, where no file is named.
_OUTPUT_ERRORS: Final = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF})


def _flushed(status: int, *, real: bool) -> int:
    """``status``, once what the command wrote has left the buffer; else why it could not (and 0 for a closed pipe).

    Output small enough to stay in the buffer would otherwise fail as Python exits, past any handler:
    the real command's standard output is then pointed at the null device, so that nothing is left to fail."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early: the command's output is not wanted, as with `| head`
        if real:
            _silence_stdout()
        return status
    except OSError as error:
        if real:
            _silence_stdout()
        return _cannot_write(error)
    return status


def _failed(error: OSError, *, real: bool) -> int:
    """The exit status for an error from the system that stopped the command, said on standard error.

    An error of writing with no file named (a closed pipe, a full disk, a failing device) is the
    output's: a reader that stopped early ends the command quietly (status 0, as with `| head`), and
    anything else is said as the output that could not be written.  Any other error (a file named) is
    said as it is.  Either way status 1, and never a traceback.  (A bot's own error, an OSError too, is
    not one of these: the bots' runner says it as the bot's, with status 2.)"""
    if error.filename is not None or error.errno not in _OUTPUT_ERRORS:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print(f"{_name()}: {error}", file=sys.stderr)
        return 1
    if real:
        _silence_stdout()
    if isinstance(error, BrokenPipeError):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            sys.stderr.close()  # it may share the closed pipe: nothing more is said there
        return 0
    return _cannot_write(error)


def _cannot_write(error: OSError) -> int:
    """Say that the output could not be written, and why; the exit status."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # standard error may be gone too
        print(f"{_name()}: cannot write the output: {error.strerror or error}", file=sys.stderr)
    return 1


def _silence_stdout() -> None:
    """Point standard output at the null device: what is left in its buffer is dropped there."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):  # not a real file: nothing left at exit
        pass


def _say_stopped() -> None:
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
        if sys.stderr is not None:
            print("\n" + interrupted(_name()), file=sys.stderr)
    except (OSError, ValueError):  # the streams are gone too
        pass


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv, namespace=_RUNNING[0])  # the command is set there before its own options
    stdin = sys.stdin
    if stdin is not None and isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")  # bytes that are not text are read as U+FFFD, and refused as such
    try:
        if args.command == "rules":
            return rules_command.run(args, sys.stdout)
        if args.command == "play":
            return play.run(args, stdin, sys.stdout, sys.stderr)
        if args.command == "simulate":
            return simulate.run(args, sys.stdout, sys.stderr)
        if args.command == "check":
            return check.run(args, sys.stdout, sys.stderr)
        if args.command == "league":
            return league.run(args, sys.stdout, sys.stderr)
        return _play(args.ruleset, args.seed, args.players, args.quiet)
    except KozelError as error:  # named by its command, as the commands that say their own errors do
        print(f"kozel {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
