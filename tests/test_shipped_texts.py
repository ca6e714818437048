"""What ships names only what a user has: no internal file, folder or issue number.

kozel's rulesets were written from rule texts and a product catalog that are not part of the
project.  A user has neither, so no shipped text may cite them: not a catalog file in capitals
beside the project's own (README, CHANGELOG, RESULTS), not a folder outside the project or one of
source texts, not a source text's file name (three digits, an underscore, sixteen hex digits), not
a source as "seed 012", and not an issue number ("issue 5").  The patterns are general, so that this
file, which ships with the tests, names none of those things itself.  Sources are described in
words instead, on the Sources page of the docs.  A match's random seed ("--seed 7", the ``Seed``
header of a record, "from the match seed") is a thing a user has and is not flagged.

Shipped texts: README.md, CHANGELOG.md, every file of docs/, apidocs/ and examples/, the
benchmarks in bench/, every source file under src/kozel (its docstrings, strings and comments),
every ruleset's text, every rule sheet ``kozel rules`` prints, every ``--help`` of the commands,
and the tests.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

import kozel
from kozel.cli import main as cli
from kozel.forms import pages, sheet

ROOT = Path(__file__).resolve().parent.parent

#: What no shipped text may name, each with what it is.
FORBIDDEN: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("an internal catalog", re.compile(r"\b(?!(?:README|CHANGELOG|RESULTS|LICENSE)\.md)[A-Z][A-Z_]+\.md\b")),
    (
        "a folder outside the project",
        re.compile(
            r"\.\./(?!(?:src|docs|tests|bench|examples|apidocs|api|\.venv)\b|[\w.-]+\.(?:md|html|toml)\b)[\w.-]+/"
        ),
    ),
    ("a folder of source texts", re.compile(r"\b\w+/seeds/")),
    ("a source file name", re.compile(r"[0-9]{3}_[0-9a-f]{16}\.txt")),
    ("a source cited as a seed", re.compile(r"(?<![\w-])seeds? 0[0-9]{2}\b", re.IGNORECASE)),
    ("the source texts called seeds", re.compile(r"\bseeds'|\bseed (?:texts?|files?)\b", re.IGNORECASE)),
    ("an issue number", re.compile(r"\bissues? #?[0-9]+\b", re.IGNORECASE)),
)


def findings(text: str) -> list[str]:
    """Each forbidden name in ``text``, as ``line N: what it is: 'the match'``."""
    found = []
    for what, pattern in FORBIDDEN:
        for match in pattern.finditer(text):
            found.append((text.count("\n", 0, match.start()) + 1, what, match.group(0)))
    return [f"line {line}: {what}: {name!r}" for line, what, name in sorted(found)]


def _files() -> list[Path]:
    paths = [ROOT / "README.md", ROOT / "CHANGELOG.md"]
    for folder in ("docs", "apidocs", "examples"):
        paths += sorted(path for path in (ROOT / folder).rglob("*") if path.is_file())
    paths += sorted((ROOT / "bench").glob("*.md")) + sorted((ROOT / "bench").glob("*.py"))
    paths += sorted((ROOT / "src" / "kozel").rglob("*.py"))
    # The tests too, but this file: its examples of what the checker flags are made up, as flagged as the real.
    paths += sorted(path for path in (ROOT / "tests").rglob("*") if path.is_file() and path.name != Path(__file__).name)
    return [path for path in paths if "__pycache__" not in path.parts and _is_text(path)]


def _is_text(path: Path) -> bool:
    """Whether the file is text (UTF-8), not an image or other binary file."""
    try:
        path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False
    return True


FILES = _files()


# -- the checker itself ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "See CATALOG.md section 4.",
        "The texts are in `internal/seeds/`.",
        "the figures in ../internal/bench/",
        "the seed files",
        "Texts `123_0123456789abcdef.txt` and `456_fedcba9876543210.txt`.",
        "Seed 012, opening section.",
        "as seed 012 gives only the card values",
        "the 2/4/6 table of seeds 021/023/024",
        'the seeds\' "party"',
        "Praise deals (issue 4): ...",
        "Bar for Issue 3: ...",
        "fixed in issue #12",
    ],
)
def test_the_checker_flags_each_internal_name(text):
    assert findings(text), text


@pytest.mark.parametrize(
    "text",
    [
        "kozel simulate classic --seed 7",
        '[Seed "7"]',
        "classic: 20 matches, seed 0, 2 processes, 3.0 s",
        "deals from seed 1000",
        "the cut is drawn from the match seed",
        "a seed and the moves replay a match; seeds 0-1499",
        "docs/house-rules.md and docs/rules/classic.md",
        "README.md, CHANGELOG.md and bench/RESULTS.md",
        "[Sources](../sources.md), ../src/kozel and ../pyproject.toml",
        "https://github.com/kozel-dev/kozel/issues",
        "the Sources page: a Russian collection of Goat variants, read in English translation",
    ],
)
def test_the_checker_lets_a_users_own_words_pass(text):
    assert findings(text) == []


def test_every_kind_of_shipped_file_is_checked():
    names = {path.relative_to(ROOT).as_posix() for path in FILES}
    for wanted in ("README.md", "CHANGELOG.md", "docs/sources.md", "docs/rules/classic.md", "apidocs/conf.py"):
        assert wanted in names
    assert any(name.startswith("examples/") for name in names)
    assert any(name.startswith("bench/") and name.endswith(".md") for name in names)
    assert "src/kozel/forms/sheet.py" in names
    assert "src/kozel/variants/pairs.py" in names
    assert "tests/test_drawing_worlds.py" in names


# -- the files ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_shipped_file_names_nothing_internal(path):
    assert findings(path.read_text(encoding="utf-8")) == [], path.relative_to(ROOT).as_posix()


# -- what the package says when it runs ---------------------------------------------------------------


@pytest.mark.parametrize("name", kozel.variants.names())
def test_a_ruleset_text_and_its_rule_sheet_name_nothing_internal(name, capsys):
    rules = kozel.variants.get(name)
    assert findings(rules.doc) == []
    assert cli.main(["rules", name]) == 0
    printed = capsys.readouterr().out
    assert printed == sheet.sheet(rules)
    assert findings(printed) == []
    assert re.search(r"^Source: (a|the) Russian ", printed, re.M), "the sheet names its source in words"
    assert sheet.SOURCES in printed


def test_the_catalog_and_the_docs_pages_name_nothing_internal(capsys):
    assert cli.main(["rules"]) == 0
    assert findings(capsys.readouterr().out) == []
    for page, text in pages.pages().items():
        assert findings(text) == [], page


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands of ``parser`` by name."""
    commands: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            commands.update(action.choices)
    return commands


def _help(main, argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_every_help_text_names_nothing_internal(capsys):
    commands = _commands(cli._parser())
    assert {"rules", "play", "simulate"} <= set(commands)
    texts = {"kozel --help": _help(cli.main, ["--help"], capsys)}
    for command in commands:
        texts[f"kozel {command} --help"] = _help(cli.main, [command, "--help"], capsys)
    texts["python -m kozel.forms.pages --help"] = _help(pages.main, ["--help"], capsys)
    for argv, text in texts.items():
        assert text.startswith("usage:"), argv
        assert findings(text) == [], argv
