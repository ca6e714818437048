"""The catalog's pages: the table of built-in rulesets, and a generated docs page of each one's rule sheet.

``python -m kozel.forms.pages --write docs/rules`` writes the docs pages of every built-in ruleset.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from kozel.forms.markdown import table
from kozel.forms.sheet import seating_short, sheet, summary
from kozel.variants import CATALOG

__all__ = ["GENERATED", "catalog", "main", "pages", "write_pages"]

#: The first line of every generated docs page: where it comes from and how to write it again.
GENERATED: Final = (
    "<!-- Generated from the ruleset by `python -m kozel.forms.pages --write docs/rules`; do not edit. -->"
)


#: The docs pages of the rule sheets are in docs/rules, next to the Sources page's folder.
_PAGES_SOURCES: Final = "../sources.md"


def catalog() -> str:
    """The built-in rulesets as a Markdown table: name, players and the first line of each one's text."""
    rows = []
    for name, rules in CATALOG.items():
        _, line = summary(rules)
        rows.append((f"`{name}`", seating_short(rules), line))
    return "# Rulesets\n\n" + table(("name", "players", "what it is"), rows) + "\n"


def pages() -> dict[str, str]:
    """The docs page of every built-in ruleset, by file name (``classic.md``): its sheet under a generated mark."""
    return {f"{name}.md": f"{GENERATED}\n\n{sheet(rules, sources=_PAGES_SOURCES)}" for name, rules in CATALOG.items()}


def write_pages(folder: str | Path) -> list[Path]:
    """Write every built-in ruleset's page into ``folder`` (and drop generated pages of no ruleset); the paths."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    wanted = pages()
    for old in target.glob("*.md"):
        if old.name not in wanted and old.read_text(encoding="utf-8").startswith(GENERATED):
            old.unlink()
    written = []
    for name, text in wanted.items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m kozel.forms.pages --write docs/rules``: write the docs pages; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m kozel.forms.pages", description=main.__doc__)
    parser.add_argument("--write", metavar="FOLDER", required=True, help="the folder of the generated pages")
    args = parser.parse_args(argv)
    for path in write_pages(args.write):
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
