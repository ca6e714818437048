"""The ``kozel`` commands under a real pseudo-terminal (``pexpect``) and through pipes: Ctrl-C, closed or
ended input, odd text at the prompt, the terminal's width, colour.

No command may end in a Python traceback.  Ctrl-C stops any command with exit status 130
(128 + SIGINT, as a shell reports it); ``kozel play`` says goodbye as ``q`` does.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from kozel._launch import loading_as_command
from kozel.cli import main as cli
from kozel.cli.ctrl_c import from_ctrl_c

pexpect = pytest.importorskip("pexpect", reason="the terminal tests need pexpect (the test extra)")

KOZEL = [sys.executable, "-m", "kozel"]
#: Seat 1 leads first and holds 10♠ | 10♦ | K♥* 10♥*, hearts trumps; option 1 is the lead of 10♠.
PLAY = ["play", "classic", "--seed", "2", "--seat", "1", "--opponents", "random"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
INTERRUPTED = 130
#: The prompt, bold on a colour terminal, at the start of a line (not the "->" of a trick taken).
PROMPT = r"\n(\x1b\[1m)?> "


def _env(**changes: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8", LANG="C.UTF-8")
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def spawn(*args: str, columns: int = 100, **env: str | None) -> pexpect.spawn:
    """``kozel ARGS`` on a pseudo-terminal of ``columns`` columns."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "kozel", *args],
        env=_env(**env),
        encoding="utf-8",
        dimensions=(40, columns),
        timeout=20,
    )
    child.logfile_read = io.StringIO()
    child.delaybeforesend = None  # the answers wait for their prompts anyway
    return child


def leave(child: pexpect.spawn) -> None:
    """Type q, and say yes when asked whether to leave the unfinished match."""
    child.sendline("q")
    child.expect(r"Leave the table\? The match is not finished \(y/N\) ")
    child.sendline("y")


def finish(child: pexpect.spawn) -> tuple[int, str]:
    """Wait for the end; the exit status and everything the terminal showed."""
    child.expect(pexpect.EOF)
    child.close()
    code = child.exitstatus if child.exitstatus is not None else 128 + child.signalstatus
    return code, child.logfile_read.getvalue()


def test_ctrl_c_at_the_prompt_leaves_the_table():
    child = spawn(*PLAY, "--delay", "0")
    child.expect("Type a card")
    child.expect(PROMPT)
    child.sendintr()
    code, out = finish(child)
    assert code == INTERRUPTED
    assert "Interrupted: you leave the table; the match is not finished. Goodbye." in out
    assert "Traceback" not in out
    assert "KeyboardInterrupt" not in out


#: ``kozel play`` waiting for a line, with a Ctrl-C that Python has noted but that did not wake the wait (as one that
#: comes just before the wait begins): here it is sent to another thread of the process, which only notes it.
CTRL_C_NOTED_BEFORE_THE_WAIT = """
import signal, sys, threading, time
from kozel.cli.main import main

waiting = threading.Event()

class Input:
    def __init__(self, stream):
        self.stream = stream
    def __getattr__(self, name):
        return getattr(self.stream, name)
    def readline(self):
        waiting.set()
        return self.stream.readline()

def press():
    waiting.wait()
    time.sleep(0.2)  # the main thread waits for the line by now
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=press, daemon=True).start()
sys.stdin = Input(sys.stdin)
sys.exit(main(["play", "classic", "--seed", "2", "--seat", "1", "--opponents", "random"]))
"""


def test_a_ctrl_c_noted_just_before_the_wait_for_a_line_is_not_missed():
    """The wait for the player's line is woken from time to time: a Ctrl-C that came just before it is seen then.

    Without it, such a Ctrl-C (Python noted it, and the process began to wait after its last look) took
    effect only once a line came."""
    reading, writing = os.pipe()  # the player's input: kept open, and no line ever comes
    try:
        with subprocess.Popen(
            [sys.executable, "-c", CTRL_C_NOTED_BEFORE_THE_WAIT],
            stdin=reading,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        ) as running:
            try:
                out, err = running.communicate(timeout=30)
            finally:
                running.kill()
    finally:
        os.close(reading)
        os.close(writing)
    assert running.returncode == INTERRUPTED
    assert out.endswith("Interrupted: you leave the table; the match is not finished. Goodbye.\n")
    assert err == ""


#: ``kozel play`` at a terminal (line editing, where readline exists), with a Ctrl-C noted by another thread of the
#: process once the file named first exists: Python notes it, and nothing wakes the wait for the key.
CTRL_C_NOTED_AT_THE_TERMINAL = """
import os, signal, sys, threading, time
from kozel.cli.main import main

def press(flag):
    while not os.path.exists(flag):
        time.sleep(0.02)
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=press, args=(sys.argv[1],), daemon=True).start()
sys.exit(main(sys.argv[2:]))
"""


def test_a_ctrl_c_noted_while_the_terminal_is_waited_for_is_not_missed(tmp_path):
    """At a terminal, with line editing: the wait for a key is woken too, and a Ctrl-C noted meanwhile leaves."""
    flag = tmp_path / "pressed"
    child = pexpect.spawn(
        sys.executable,
        ["-c", CTRL_C_NOTED_AT_THE_TERMINAL, str(flag), *PLAY],
        env=_env(),
        encoding="utf-8",
        dimensions=(40, 100),
        timeout=20,
    )
    child.logfile_read = io.StringIO()
    child.expect("Type a card")
    child.expect(PROMPT)
    time.sleep(0.3)  # the prompt is written: the process waits for a key by now
    flag.touch()
    code, out = finish(child)
    assert code == INTERRUPTED
    assert "Traceback" not in out
    # (Python 3.10's input() raises a SystemError from the KeyboardInterrupt here: play answers it as the Ctrl-C.)
    assert "Interrupted: you leave the table; the match is not finished. Goodbye." in out
    assert "kozel play: interrupted" not in out


class _CtrlCAsSystemError(io.StringIO):
    """Input whose line read fails as Python 3.10's ``input()`` with line editing may after a Ctrl-C: a SystemError
    raised from the KeyboardInterrupt."""

    def readline(self, size: int | None = -1) -> str:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as stop:
            raise SystemError("<built-in function input> returned a result with an exception set") from stop


def test_an_error_raised_from_a_ctrl_c_at_the_prompt_leaves_the_table(monkeypatch, capsys):
    """An error that came of a Ctrl-C is answered as the Ctrl-C: play's own goodbye, not the command's line."""
    monkeypatch.setattr(sys, "stdin", _CtrlCAsSystemError())
    assert cli.main(PLAY) == INTERRUPTED
    out, err = capsys.readouterr()
    assert out.endswith("Interrupted: you leave the table; the match is not finished. Goodbye.\n")
    assert err == ""


def test_an_error_not_from_a_ctrl_c_is_not_taken_for_one():
    assert not from_ctrl_c(SystemError("no Ctrl-C"))
    stopping = RuntimeError("while stopping")
    stopping.__context__ = KeyboardInterrupt()
    assert from_ctrl_c(stopping)
    looped = ValueError("a loop of causes")
    looped.__cause__ = SystemError("its cause")
    looped.__cause__.__context__ = looped
    assert not from_ctrl_c(looped)


def test_ctrl_c_while_the_bots_play_leaves_the_table():
    child = spawn(*PLAY, "--delay", "3")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("you lead 10♠")  # then a pause of 3 s before each bot's move
    child.sendintr()
    code, out = finish(child)
    assert code == INTERRUPTED
    assert "takes the trick" not in out  # stopped before the trick was over
    assert "Interrupted: you leave the table" in out
    assert "Traceback" not in out


def test_end_of_input_at_the_prompt():
    child = spawn(*PLAY, "--delay", "0")
    child.expect(PROMPT)
    child.sendeof()
    code, out = finish(child)
    assert code == 0
    assert "End of input: the match is left unfinished. Goodbye." in out
    assert "Traceback" not in out


def _played(columns: int | None, answers: int = 12) -> str:
    """The output of a few moves of ``kozel play`` on a terminal of ``columns`` (None: through a pipe)."""
    argv = [*PLAY, "--delay", "0"]
    if columns is None:
        done = subprocess.run(
            [*KOZEL, *argv],
            input="1\n" * answers + "q\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=_env(),
            timeout=30,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout
    child = spawn(*argv, columns=columns, NO_COLOR="1")
    for _ in range(answers):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    leave(child)
    code, out = finish(child)
    assert code == 0
    return out.replace("\r\n", "\n")


def test_an_80_column_terminal_gets_lines_broken_at_spaces():
    narrow = _played(80)
    piped = _played(None)
    lines = narrow.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert max(len(line) for line in piped.splitlines()) > 80  # so some lines were broken
    # broken only between words: the same words in the same order as the whole lines of a pipe
    asked = "Leave the table? The match is not finished (y/N) y\n"  # asked at a terminal only
    assert asked in narrow
    assert narrow.replace(asked, "").split() == piped.split()
    assert any(line.startswith("    ") and not line.startswith("     ") for line in lines)  # continued lines
    assert not any(line.rstrip().endswith(("[#", "seat")) for line in lines)


def test_the_command_to_play_the_same_deal_again_is_never_broken():
    command = "kozel play six_of_clubs --seed 6406610875327697508 --opponents 'ismcts(iterations=100)'"
    child = spawn(
        "play",
        "six_of_clubs",
        "--seed",
        "6406610875327697508",
        "--opponents",
        "ismcts(iterations=100)",
        columns=60,
        NO_COLOR="1",
    )
    child.expect(PROMPT)
    leave(child)
    code, out = finish(child)
    assert code == 0
    lines = out.replace("\r\n", "\n").splitlines()
    assert "Seed 6406610875327697508; to play the same deal again:" in lines
    assert command in lines  # one whole line, longer than the terminal, to be pasted as it is
    assert len(command) > 60


def test_colour_on_a_terminal_none_with_no_color_or_in_a_pipe():
    child = spawn(*PLAY, "--delay", "0")
    child.expect(PROMPT)
    leave(child)
    _, out = finish(child)
    assert "\x1b[1m" in out  # bold
    assert "\x1b[31" in out  # red hearts and diamonds
    assert "\x1b[31;4mK♥*\x1b[0m" in out  # a trump: red and underlined
    child = spawn(*PLAY, "--delay", "0", NO_COLOR="1")
    child.expect(PROMPT)
    leave(child)
    _, out = finish(child)
    assert "\x1b[" not in out
    assert "K♥*" in out
    assert "\x1b" not in _played(None, answers=2)


# --- every command: Ctrl-C, closed input, odd text -------------------------------------------------

COMMANDS = {
    "play": PLAY,
    "match": ["match", "simple", "--seed", "1"],
    "rules": ["rules", "pairs"],
    "simulate": ["simulate", "classic", "-n", "2", "--processes", "1", "--seed", "1"],
    "help": ["--help"],
}
GARBAGE = ["5" * 5000, "\x00\x00x", "٣", "²", "🂡 ♥♥ [##]", "lead", "pass 99♠", "-1", " " * 30, "u", "t", "h"]


@pytest.mark.parametrize("name", COMMANDS)
def test_ctrl_c_stops_every_command_cleanly(name):
    child = spawn(*COMMANDS[name])
    child.expect(r"\S")  # it has started
    child.kill(signal.SIGINT)
    code, out = finish(child)
    assert "Traceback" not in out
    assert code in (0, INTERRUPTED)  # 0: it had ended already
    if code == INTERRUPTED:
        assert "nterrupted" in out or "stopped" in out


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "classic", "-n", "100000", "--processes", "1"],
        ["league", "--bots", "random", "heuristic", "-n", "100000", "--processes", "1"],
        ["check", "classic", "-n", "100000"],
    ],
)
def test_ctrl_c_midway_says_the_same_line_in_every_command(args):
    child = spawn(*args)
    child.expect(r"\S")  # it has started
    time.sleep(1)
    child.kill(signal.SIGINT)
    code, out = finish(child)
    assert code == INTERRUPTED
    assert f"kozel {args[0]}: interrupted (Ctrl-C)" in out
    assert "Traceback" not in out


def test_ctrl_c_stops_kozel_match_midway():
    child = spawn(*COMMANDS["match"])
    child.expect("Hand 1: ")  # its output fills the terminal's buffer: it waits to write the rest
    child.kill(signal.SIGINT)
    code, out = finish(child)
    assert code == INTERRUPTED
    assert "kozel match: interrupted (Ctrl-C)" in out
    assert "Match over" not in out
    assert "Traceback" not in out


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_with_its_input_closed(name):
    command = " ".join([*KOZEL, *COMMANDS[name]])
    done = subprocess.run(f"exec {command} <&-", shell=True, capture_output=True, env=_env(), timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stdout + done.stderr
    if name == "play":
        assert done.stdout.rstrip().endswith(b"End of input: the match is left unfinished. Goodbye.")


@pytest.mark.parametrize("name", COMMANDS)
def test_odd_text_at_every_prompt(name):
    # every command that reads a prompt (only play does) is fed odd text at each; the others ignore it
    typed = "\n".join(GARBAGE) + "\n"
    done = subprocess.run(
        [*KOZEL, *COMMANDS[name]],
        input=typed.encode("utf-8") + b"\xff\xfe not utf-8\n" + (b"1\n" if name == "play" else b""),
        capture_output=True,
        env=_env(),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stdout + done.stderr
    if name == "play":
        out = done.stdout.decode("utf-8")
        assert "There is no option of 5000 digits" in out
        assert "I cannot read that" in out
        assert "  you lead " in out  # after all that, a good answer is taken
        assert out.rstrip().endswith("Goodbye.")


def test_odd_text_typed_at_the_terminal_prompt():
    child = spawn(*PLAY, "--delay", "0")
    for text in GARBAGE[1:]:
        child.expect(PROMPT)
        child.sendline(text)
    child.expect(PROMPT)
    leave(child)
    code, out = finish(child)
    assert code == 0
    assert "Traceback" not in out
    assert "You leave the table" in out


# --- the console script: a Ctrl-C while kozel is still loading -------------------------------------


def test_a_ctrl_c_while_kozel_loads_stops_the_console_script_without_a_traceback():
    # The console script's entry answers a Ctrl-C that comes during the import of the library (made to
    # come there, every time, by an import hook), as the command line answers one that comes later.
    script = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def hooked(name, *args, **kwargs):\n"
        "    if name == 'kozel.cli.main':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = hooked\n"
        "import _kozel_entry\n"
        "sys.exit(_kozel_entry.main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, env=_env(), timeout=60, check=False)
    assert done.returncode == INTERRUPTED
    assert done.stderr.decode().strip() == "kozel: interrupted (Ctrl-C)"
    assert b"Traceback" not in done.stdout + done.stderr


#: A class whose building takes a Ctrl-C in a descriptor's ``__set_name__`` (Python 3.11 turns what is
#: raised there into a ``RuntimeError``), as ``ipaddress`` took one while kozel loaded.
CTRL_C_WHILE_A_CLASS_IS_BUILT = (
    "import os, signal\n"
    "class Takes:\n"
    "    def __set_name__(self, owner, name):\n"
    "        os.kill(os.getpid(), signal.SIGINT)\n"
    "        for _ in range(10**6):\n"
    "            pass\n"
    "def build():\n"
    "    type('Built', (), {'field': Takes()})\n"
)


def test_a_ctrl_c_while_a_class_is_built_during_loading_stops_the_console_script_without_a_traceback():
    script = (
        CTRL_C_WHILE_A_CLASS_IS_BUILT + "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def hooked(name, *args, **kwargs):\n"
        "    if name == 'kozel.cli.main':\n"
        "        build()\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = hooked\n"
        "import _kozel_entry\n"
        "sys.exit(_kozel_entry.main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, env=_env(), timeout=60, check=False)
    assert done.returncode == INTERRUPTED, done.stderr
    assert done.stderr.decode().strip() == "kozel: interrupted (Ctrl-C)"
    assert b"Traceback" not in done.stdout + done.stderr


def test_the_console_script_gives_ctrl_c_back_to_the_command_line_once_loaded():
    script = (
        "import signal, sys, _kozel_entry\n"
        "import kozel.cli.main\n"
        "kozel.cli.main.main = lambda: print(signal.getsignal(signal.SIGINT) is signal.default_int_handler) or 0\n"
        "sys.exit(_kozel_entry.main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, env=_env(), timeout=60, check=True)
    assert done.stdout.strip() == b"True"


def test_a_ctrl_c_that_python_reports_as_another_error_stops_the_command_line_with_its_line(monkeypatch, capsys):
    def interrupted(argv):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as error:
            raise RuntimeError("Error calling __set_name__ on 'cached_property' instance") from error

    monkeypatch.setattr(cli, "_main", interrupted)
    before = signal.getsignal(signal.SIGINT)
    try:
        assert cli.main(["rules"]) == INTERRUPTED
    finally:
        signal.signal(signal.SIGINT, before)  # the goodbye ignores a second Ctrl-C: not in the tests' own process
    assert capsys.readouterr().err.strip() == "kozel: interrupted (Ctrl-C)"


def test_an_error_not_of_a_ctrl_c_is_not_said_as_one(monkeypatch):
    def broken(argv):
        try:
            raise ValueError("first")
        except ValueError as error:
            raise RuntimeError("second") from error

    monkeypatch.setattr(cli, "_main", broken)
    with pytest.raises(RuntimeError, match="second"):
        cli.main(["rules"])


def _console_script() -> str:
    """The ``kozel`` console script installed beside this Python (every install of kozel makes one)."""
    folder = os.path.dirname(sys.executable)
    for name in ("kozel", "kozel.exe"):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    raise AssertionError(f"no kozel console script beside {sys.executable}: kozel is not installed there")


@pytest.mark.parametrize("delay", [0.15, 0.3, 0.6])
def test_a_ctrl_c_soon_after_the_console_script_starts_ends_it_cleanly(delay):
    # Early on the library is still loading (about half a second here), later the command runs: either
    # way the command stops with status 130 and no traceback.
    _interrupted_after(delay, _console_script())


def _interrupted_after(delay: float, program: str, *before: str) -> None:
    """Start ``program *before simulate ...``, Ctrl-C it after ``delay`` seconds: status 130, no traceback."""
    child = pexpect.spawn(
        program,
        [*before, "simulate", "classic", "-n", "400", "--processes", "1"],
        env=_env(),
        encoding="utf-8",
        timeout=60,
    )
    child.logfile_read = io.StringIO()
    time.sleep(delay)
    child.kill(signal.SIGINT)
    code, out = finish(child)
    assert "Traceback" not in out
    assert code == INTERRUPTED
    assert "interrupted" in out or "stopped" in out


# --- python -m kozel: a Ctrl-C while the package is still loading ------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["python", "-m", "kozel", "play"], True),
        (["python", "-mkozel"], True),
        (["python", "-Im", "kozel"], True),
        (["python", "-X", "dev", "-W", "error", "-m", "kozel"], True),
        (["python", "-Xdev", "-m", "kozel"], True),
        (["python", "-m", "pytest"], False),
        (["python", "-m", "kozelx"], False),
        (["python", "script.py", "-m", "kozel"], False),
        (["python", "-c", "import kozel"], False),
        (["python", "-m"], False),
        (["python"], False),
    ],
)
def test_a_module_run_of_kozel_is_told_from_the_interpreter_arguments(argv, expected):
    assert loading_as_command(argv) is expected


@pytest.mark.parametrize(
    ("prelude", "action"),
    [("import os, signal\n", "os.kill(os.getpid(), signal.SIGINT)"), (CTRL_C_WHILE_A_CLASS_IS_BUILT, "build()")],
    ids=["sigint", "while-a-class-is-built"],
)
def test_a_ctrl_c_while_the_package_loads_stops_python_m_kozel_without_a_traceback(tmp_path, prelude, action):
    # A real SIGINT, sent by the process to itself while kozel.variants is being imported (by an import hook
    # that sitecustomize installs): the window before kozel/__main__.py runs, every time.  Sent while a class
    # is being built, Python 3.11 turns what the handler raises there into a RuntimeError.
    (tmp_path / "sitecustomize.py").write_text(
        prelude + "import builtins\n"
        "real = builtins.__import__\n"
        "def hooked(name, *args, **kwargs):\n"
        "    fromlist = kwargs.get('fromlist') or (args[2] if len(args) > 2 else None) or ()\n"
        "    if name == 'kozel.variants' or (name == 'kozel' and 'variants' in fromlist):\n"
        f"        {action}\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = hooked\n"
    )
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [*KOZEL, "--version"], capture_output=True, env=_env(PYTHONPATH=path), timeout=60, check=False
    )
    assert done.returncode == INTERRUPTED, done.stderr
    assert done.stderr.decode().strip() == "kozel: interrupted (Ctrl-C)"
    assert b"Traceback" not in done.stdout + done.stderr


def test_kozel_imported_by_another_program_leaves_ctrl_c_alone():
    script = "import signal, kozel; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, env=_env(), timeout=60, check=True)
    assert done.stdout.strip() == b"True"


@pytest.mark.parametrize("delay", [0.1, 0.25, 0.6])
def test_a_ctrl_c_soon_after_python_m_kozel_starts_ends_it_cleanly(delay):
    _interrupted_after(delay, sys.executable, "-m", "kozel")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="this system has no /dev/full to fill")
@pytest.mark.parametrize(
    "args",
    [
        ["match", "classic", "--seed", "7"],
        ["rules", "classic"],
        ["rules"],
        ["check", "classic", "-n", "1"],
        ["--help"],
        ["--version"],
        ["simulate", "--help"],
    ],
    ids=" ".join,
)
def test_output_to_a_full_disk_ends_with_a_line_saying_so(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([*KOZEL, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert done.returncode == 1
    command = "kozel" if args[0].startswith("-") else f"kozel {args[0]}"  # the command names itself once known
    assert f"{command}: cannot write the output: No space left on device" in done.stderr
    assert "Traceback" not in done.stderr
    assert "Exception ignored" not in done.stderr


@pytest.mark.parametrize("args", [["rules"], ["--version"], ["--help"], ["rules", "classic"]], ids=" ".join)
def test_output_to_a_pipe_closed_before_it_is_written_ends_quietly(args):
    reader, writer = os.pipe()
    os.close(reader)  # nobody will read: the output, small enough to wait in the buffer, fails as it leaves
    try:
        done = subprocess.run(
            [*KOZEL, *args], stdout=writer, stderr=subprocess.PIPE, text=True, timeout=120, check=False
        )
    finally:
        os.close(writer)
    assert done.returncode == 0
    assert done.stderr == ""


def test_a_closed_standard_output_is_refused_before_the_command_starts():
    code = "import sys; sys.stdout = None; from kozel.cli.main import main; sys.exit(main(['rules', 'classic']))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr == "kozel: standard output is closed: there is nowhere to write\n"


def test_the_up_arrow_recalls_the_last_line_typed_at_the_terminal():
    child = spawn(*PLAY, "--delay", "0")
    child.expect(PROMPT)
    child.sendline("xyz")
    child.expect("'xyz' is not a card")
    child.expect(PROMPT)
    child.send("\x1b[A\r")  # the up arrow, then Enter: the line before, read again
    child.expect("'xyz' is not a card")
    child.expect(PROMPT)
    leave(child)
    code, out = finish(child)
    assert code == 0
    assert "\\x1b" not in out  # no escape sequence read as typed text
    assert "Seed " in out


def test_a_ctrl_c_that_python_refuses_to_ignore_twice_still_ends_the_command_quietly(monkeypatch, capsys):
    """A Ctrl-C pending as the command turns Ctrl-C off: Python raises OSError ("Signal 2 ignored due to race
    condition") from signal.signal, having ignored it; the command still ends as a Ctrl-C does, no traceback."""

    def pressed(argv):
        raise KeyboardInterrupt

    def refused(signum, handler):
        raise OSError("Signal 2 ignored due to race condition")

    monkeypatch.setattr(cli, "_main", pressed)
    monkeypatch.setattr(cli.signal, "signal", refused)
    assert cli.main(["rules", "classic"]) == INTERRUPTED
    assert capsys.readouterr().err.endswith("interrupted (Ctrl-C)\n")
