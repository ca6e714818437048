"""The command output that docs/getting-started.md shows is what the command prints.

An output block is a text block between ``<!-- output: COMMAND -->`` and ``<!-- /output -->``;
``COMMAND`` is a ``kozel`` command line that the page also shows in a shell block.  Each is run here
through ``kozel.cli.main.main``, with ``q`` as its input (``kozel play`` leaves the table at its
first prompt) and ``NO_COLOR`` set.  A block without a ``...`` line is the whole output, exactly;
a block with ``...`` lines is cut there, and each run of lines between them is found whole in the
output, in order.  What differs between machines and runs is masked on both sides: the time a run
took ("0.3 s") and its number of processes (one a core by default).
"""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from kozel.cli.main import main

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = "getting-started.md"
OUTPUT = re.compile(r"<!-- output: (.+?) -->\n```text\n(.*?)```\n<!-- /output -->", re.S)
SHELL = re.compile(r"```sh\n(.*?)```", re.S)
CUT = "..."

#: What may differ between runs, each with what it is masked as.
MASKS = (
    (re.compile(r"\b\d+(?:\.\d+)? s$", re.M), "x.x s"),
    (re.compile(r"\b\d+ processes\b"), "N processes"),
)


def _blocks() -> list[tuple[str, str]]:
    return OUTPUT.findall((DOCS / PAGE).read_text(encoding="utf-8"))


def _masked(text: str) -> str:
    for pattern, mask in MASKS:
        text = pattern.sub(mask, text)
    return text


def _run(command: str, monkeypatch, capsys) -> str:
    words = shlex.split(command)
    assert words[0] == "kozel", command
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    capsys.readouterr()
    assert main(words[1:]) == 0, command
    return capsys.readouterr().out


def _pieces(shown: str) -> list[str]:
    """The runs of lines of ``shown`` between its ``...`` lines, each as text."""
    pieces: list[list[str]] = [[]]
    for line in shown.splitlines(keepends=True):
        if line.rstrip("\n") == CUT:
            pieces.append([])
        else:
            pieces[-1].append(line)
    return ["".join(lines) for lines in pieces if lines]


def test_the_page_shows_the_output_of_kozel_play_and_kozel_simulate():
    commands = [command for command, _ in _blocks()]
    assert commands == [
        "kozel play classic --seed 7",
        "kozel simulate classic --bots heuristic random -n 20",
    ]
    shell = "".join(SHELL.findall((DOCS / PAGE).read_text(encoding="utf-8")))
    for command in commands:
        assert re.search(rf"^{re.escape(command)}(?:\s|$)", shell, re.M), f"docs/{PAGE} shows no `{command}`"


@pytest.mark.parametrize(("command", "shown"), _blocks(), ids=[command for command, _ in _blocks()])
def test_each_output_block_is_what_its_command_prints(command, shown, monkeypatch, capsys):
    printed = _masked(_run(command, monkeypatch, capsys))
    shown = _masked(shown)
    if CUT not in shown.splitlines():
        assert printed == shown, f"docs/{PAGE}: the output of `{command}` differs"
        return
    lines = printed.splitlines(keepends=True)
    starts = {sum(map(len, lines[:index])) for index in range(len(lines))}  # where each line begins
    at = 0
    for index, piece in enumerate(_pieces(shown)):
        found = printed.find(piece, at)
        while found >= 0 and found not in starts:
            found = printed.find(piece, found + 1)
        assert found >= 0, f"docs/{PAGE}: `{command}` does not print these lines, after the ones before them:\n{piece}"
        if index == 0 and not shown.startswith(CUT):
            assert found == 0, f"docs/{PAGE}: `{command}` does not begin with:\n{piece}"
        at = found + len(piece)
    if not shown.endswith(f"{CUT}\n"):
        assert at == len(printed), f"docs/{PAGE}: `{command}` prints more than the page shows, with no {CUT} at the end"
