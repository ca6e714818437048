"""The observation layout table of docs/training.md is ``encoding(classic).slices``: the same runs and lengths."""

from __future__ import annotations

import re
from pathlib import Path

import kozel
from kozel.play import encoding, most_plays

PAGE = Path(__file__).resolve().parent.parent / "docs" / "training.md"
TABLE = re.compile(r"<!-- table: observation-layout -->\n(.*?)<!-- /table -->", re.S)
ROW = re.compile(r"^\| `(\w+)` \| (\d+) \|", re.M)


def _text() -> str:
    return PAGE.read_text(encoding="utf-8")


def _table() -> list[tuple[str, int]]:
    found = TABLE.search(_text())
    assert found is not None, "docs/training.md has no observation-layout table"
    rows = [(name, int(length)) for name, length in ROW.findall(found.group(1))]
    assert len(rows) == found.group(1).count("\n| `"), "a row of the table is not `name` | length | ..."
    return rows


def test_the_table_lists_every_run_of_classic_in_order_with_its_length():
    coder = encoding(kozel.variants.get("classic"))
    assert _table() == [(run.name, run.size) for run in coder.slices]


def test_the_page_states_the_sizes_of_classic():
    rules = kozel.variants.get("classic")
    coder = encoding(rules)
    row = rules.players + len(kozel.MoveKind) + len(rules.deck) + 1
    assert coder.state_size == coder.size + most_plays(rules) * row
    text = " ".join(_text().split())
    assert f"Those of `classic` ({coder.size} numbers)" in text
    assert f"rows ({most_plays(rules)} in `classic`) of {row} numbers" in text
    assert f"the seat that played ({rules.players}, from the viewer)" in text
    assert f"the kind of move ({len(kozel.MoveKind)}, in `MoveKind` order)" in text
    assert f"saw them ({len(rules.deck)})" in text


def test_the_table_gives_the_order_of_phase_and_suits_and_the_highest_score():
    text = TABLE.search(_text()).group(1)
    phases = ", ".join(phase.value for phase in kozel.Phase)
    assert f"in `Phase` order: {phases} |" in text
    suits = " ".join(suit.symbol for suit in kozel.Suit)
    assert f"in the order {suits} " in text
    assert f"over `highest_score` ({kozel.play.highest_score(kozel.variants.get('classic'))})" in text
