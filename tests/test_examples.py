"""The scripts in examples/ and the examples of the newcomer pages of docs/ run and print what they promise.

A page example is a fenced block between ``<!-- example: NAME -->`` and ``<!-- /example -->`` (as in
tests/test_docs_examples.py).  The Python examples of a page run in order in one namespace, as a
reader would type them; the text block ``NAME.output``, where there is one, is exactly what example
``NAME`` prints.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from test_docs_examples import _code as page_code
from test_docs_examples import _examples as page_examples

import kozel

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
DOCS = ROOT / "docs"


def run_example(name: str, capsys: pytest.CaptureFixture[str]) -> str:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    return capsys.readouterr().out


def test_there_are_examples():
    names = {path.name for path in EXAMPLES.glob("*.py")}
    assert names == {"first_match.py", "house_rules.py", "bot_tournament.py", "ui_loop.py", "openspiel_ismcts.py"}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda path: path.name)
def test_examples_are_short(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 60


def test_first_match(capsys):
    out = run_example("first_match.py", capsys)
    assert out.startswith("classic: 4 players, 36 cards, seats 0 and 2 are side 0\n")
    assert "seat 0 holds 8♣ 9♠ A♠ Q♥; trump ♠ (J♠ shown from the stock)\n" in out
    assert "move 1: 1 lead 7♥ K♥\n" in out
    hands = re.findall(r"hand \d+: card points \((\d+), (\d+)\), written \((\d+), (\d+)\)", out)
    assert len(hands) == 6
    assert all(int(a) + int(b) == 120 for a, b, _, _ in hands)
    assert (sum(int(hand[2]) for hand in hands), sum(int(hand[3]) for hand in hands)) == (6, 14)
    assert out.endswith("scores (6, 14): side 1 is the goat\n")


def test_house_rules(capsys):
    out = run_example("house_rules.py", capsys)
    assert "classic_duel_16, changed from classic:\n" in out
    assert "  seating: 4 players in 2 teams of 2 → 2 players, each for himself\n" in out
    assert "  molodka: any suit → none\n" in out
    assert "classic_16, changed from classic:\n" in out  # the ruleset read from examples/house.toml
    assert "  scoring: no trick written 6 → 8\n" in out
    assert out.count("  match: target 12 → 16\n") == 2
    assert re.search(r"^classic_duel_16: \d+ hands, scores \(\d+, \d+\), goat: side \d$", out, re.M)
    scores = re.search(r"^classic_16: \d+ hands, scores \((\d+), (\d+)\), goat: side (\d)$", out, re.M)
    assert scores is not None
    assert int(scores[int(scores[3]) + 1]) >= 16  # the goat reached the file's target of 16
    assert "refused: classic_duel_16: 5 players would end the hand with unequal hands" in out


def test_house_rules_without_a_toml_reader_says_what_to_install(capsys, monkeypatch):
    def no_toml(path):
        raise kozel.RulesetError('reading TOML on Python 3.10 needs tomli: pip install "kozel[toml]"')

    monkeypatch.setattr(kozel, "load_ruleset", no_toml)
    with pytest.raises(SystemExit) as done:
        run_example("house_rules.py", capsys)
    assert done.value.code == 'house_rules.py: reading TOML on Python 3.10 needs tomli: pip install "kozel[toml]"'


def test_bot_tournament(capsys):
    out = run_example("bot_tournament.py", capsys)
    assert re.search(r"^one match: \d+ hands, scores \(\d+, \d+\), the goat is side [01]$", out, re.M)
    wins = dict(re.findall(r"^(\S+): (\d+) wins in 10 matches \(95% CI [\d.]+-[\d.]+\)", out, re.M))
    assert set(wins) == {"grabby", "heuristic"}  # each bot by its Bot.name
    assert int(wins["grabby"]) + int(wins["heuristic"]) == 10  # one goat side per match
    assert int(wins["heuristic"]) > int(wins["grabby"])


def test_ui_loop_shows_seat_0_only_what_it_may_see(capsys):
    out = run_example("ui_loop.py", capsys)
    lines = out.splitlines()
    assert lines[0] == "-- new deal by seat 0: your hand 8♣ 9♠ A♠ Q♥, trump card J♠"
    assert lines[-1] == "match over: side 1 is the goat"
    passes = [line for line in lines if " pass: " in line]
    own = [line for line in passes if line.startswith("   seat 0 ")]
    assert own
    assert own != passes
    assert all("face down" not in line for line in own)  # seat 0 sees its own face-down cards
    assert all(re.fullmatch(r"   seat [123] pass: \d face down", line) for line in passes if line not in own)
    assert "   everyone draws; you get J♣" in lines
    assert len([line for line in lines if line.startswith("-- new deal")]) == out.count("hand over:")
    assert run_example("ui_loop.py", capsys) == out  # the same every run


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda path: path.name)
def test_the_install_commands_of_the_examples_are_quoted(path):
    """``pip install kozel[openspiel]`` unquoted is refused by zsh (no match for the brackets): quote it."""
    for command in re.findall(r"pip install [^)\n]*", path.read_text(encoding="utf-8")):
        assert not re.search(r"(?<![\w'\"])kozel\[", command), f"{path.name}: {command}"


@pytest.mark.parametrize("hidden", ["numpy", "pyspiel", "open_spiel"])
def test_the_openspiel_example_without_its_extra_names_the_extra(tmp_path, hidden):
    """Without OpenSpiel (or numpy) the example says which extra to install, in one line, and exits 2."""
    message = f"No module named {hidden!r}"
    (tmp_path / f"{hidden}.py").write_text(f"raise ImportError({message!r})\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "openspiel_ismcts.py")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    # one line: the hint, then the import that failed (the hidden one, or one missing before it, such as NumPy
    # where the extras are not installed)
    hint = "openspiel_ismcts.py needs OpenSpiel, the openspiel extra: pip install 'kozel[openspiel]' ("
    assert done.stderr.startswith(hint), done.stderr
    assert done.stderr.endswith(")\n")
    assert done.stderr.count("\n") == 1
    failed = done.stderr[len(hint) : -2]
    missing = re.fullmatch(r"No module named '([\w.]+)'", failed)
    assert missing is not None, failed
    assert failed == message or importlib.util.find_spec(missing.group(1)) is None  # hidden, or not installed here


# -- the examples of docs/index.md, docs/getting-started.md and docs/ui.md -------------------------

PAGES = ("index.md", "getting-started.md", "ui.md")


@pytest.mark.parametrize("page", PAGES)
def test_every_python_block_of_the_page_is_an_example(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    examples = page_examples(page)
    assert text.count("```python") == len(page_code(page)) > 0
    assert text.count("<!-- example:") == len(examples)
    for name, (language, _) in examples.items():
        if language == "text":
            assert name.removesuffix(".output") in page_code(page), f"{name}: the output of no example"


@pytest.mark.parametrize("page", PAGES)
def test_the_page_examples_run_and_print_what_the_page_shows(page):
    examples = page_examples(page)
    namespace: dict[str, object] = {"__name__": f"docs_{page}"}
    for name in page_code(page):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(examples[name][1], f"docs/{page}:{name}", "exec"), namespace)
        shown = examples.get(f"{name}.output")
        if shown is not None:
            assert printed.getvalue() == shown[1], f"docs/{page}:{name}"


def test_the_pages_are_in_the_nav_and_every_page_is_linked_from_the_landing_page():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in (*PAGES, "glossary.md"):
        assert f" {page}" in nav
    pages = [path.relative_to(DOCS).as_posix() for path in DOCS.glob("*.md") if path.name != "index.md"]
    for page in pages:
        assert f"({page})" in index, f"docs/index.md does not link {page}"
