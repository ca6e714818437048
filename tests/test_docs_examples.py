"""The examples of docs/hidden-information.md, docs/records.md and docs/bots.md run, and print what the pages show.

An example is a fenced block between ``<!-- example: NAME -->`` and ``<!-- /example -->``.  The Python
examples of a page run in order in one namespace, as a reader would type them; the text block
``NAME.output``, where there is one, is exactly what example ``NAME`` prints.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
PAGES = ("hidden-information.md", "records.md", "bots.md")
EXAMPLE = re.compile(r"<!-- example: ([\w.-]+) -->\n```(\w+)\n(.*?)```\n<!-- /example -->", re.S)


def _examples(page: str) -> dict[str, tuple[str, str]]:
    """Every example of ``page`` in order: its name, and its language and text."""
    found: dict[str, tuple[str, str]] = {}
    for name, language, text in EXAMPLE.findall((DOCS / page).read_text(encoding="utf-8")):
        assert name not in found, f"docs/{page}: two examples are called {name}"
        found[name] = (language, text)
    return found


def _code(page: str) -> list[str]:
    return [name for name, (language, _) in _examples(page).items() if language == "python"]


def _run(page: str, name: str, namespace: dict[str, object]) -> str:
    """Run example ``name`` of ``page`` in ``namespace``; what it printed."""
    _, text = _examples(page)[name]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(text, f"docs/{page}:{name}", "exec"), namespace)
    return printed.getvalue()


CASES = [(page, name) for page in PAGES for name in _code(page)]


@pytest.mark.parametrize("page", PAGES)
def test_every_code_block_is_a_marked_example_and_every_output_has_its_code(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    examples = _examples(page)
    assert text.count("```python") == len(_code(page)) > 0
    assert text.count("<!-- example:") == len(examples)
    for name, (language, _) in examples.items():
        assert language in ("python", "text"), f"{name}: a {language} block"
        if language == "text":
            assert name.endswith(".output"), f"{name}: a text block that is no example's output"
            assert name.removesuffix(".output") in _code(page), f"{name}: the output of no example"


@pytest.mark.parametrize(("page", "name"), CASES, ids=[f"{page}:{name}" for page, name in CASES])
def test_each_example_runs_and_prints_what_the_page_shows(page, name):
    namespace: dict[str, object] = {"__name__": f"docs_{name}"}
    earlier = _code(page)
    for before in earlier[: earlier.index(name)]:
        _run(page, before, namespace)
    printed = _run(page, name, namespace)
    shown = _examples(page).get(f"{name}.output")
    if shown is not None:
        assert printed == shown[1]


def test_the_pages_are_in_the_nav_and_linked_from_concepts():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    concepts = (DOCS / "concepts.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert f" {page}" in nav
        assert f"({page})" in concepts
