"""Every page of the user guide (docs/) can be reached from the site's navigation.

mkdocs only reports a page that the ``nav`` of mkdocs.yml leaves out, even with ``--strict``, so a
new page can ship that no reader finds.  Each Markdown file under docs/, the generated rule sheets
of docs/rules/ included, must have its own entry in ``nav``.  A page meant to stay out of the
navigation is named under mkdocs's own ``not_in_nav`` (or left out of the build by
``exclude_docs``); mkdocs.yml names none now.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CONFIG = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def _nav() -> list[str]:
    """The pages and links the ``nav`` of mkdocs.yml names, in order."""
    found = re.search(r"^nav:\n((?:[ \t]+.*\n|[ \t]*#.*\n|\n)*)", CONFIG, re.M)
    assert found, "mkdocs.yml has no nav"
    return re.findall(r"^\s*- (?:[^:\n]+:\s*)?([^\s:#][^\s#]*)\s*$", found.group(1), re.M)


def _left_out() -> list[str]:
    """The gitignore-style patterns of ``not_in_nav`` and ``exclude_docs`` (one a line), if any."""
    patterns = []
    for key in ("not_in_nav", "exclude_docs"):
        found = re.search(rf"^{key}:\s*\|\n((?:[ \t]+.*\n)*)", CONFIG, re.M)
        if found:
            patterns += [line.strip() for line in found.group(1).splitlines() if line.strip()]
    return patterns


def _excluded(page: str, patterns: list[str]) -> bool:
    return any(
        fnmatch.fnmatch(page, pattern.lstrip("/")) or fnmatch.fnmatch(Path(page).name, pattern) for pattern in patterns
    )


def test_the_nav_is_read():
    nav = _nav()
    assert nav[0] == "index.md"
    assert {"getting-started.md", "rules/classic.md", "glossary.md", "api/index.html"} <= set(nav)
    assert len(nav) == len(set(nav)), "mkdocs.yml names a page twice in nav"


def test_every_page_of_docs_is_in_the_nav():
    nav = set(_nav())
    patterns = _left_out()
    pages = sorted(path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md"))
    assert "limits.md" in pages
    assert "rules/classic.md" in pages
    missing = [page for page in pages if page not in nav and not _excluded(page, patterns)]
    assert not missing, f"mkdocs.yml's nav leaves out {missing}: add them where they fit"
