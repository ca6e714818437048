"""The built docs site works from disk: plain .html links, search data, highlighted code, cross links.

Builds the site as the README says (``mkdocs build --strict -d site``, then ``sphinx-build -W``
into ``site/api``) once, into a temporary folder, and reads the HTML.  Needs the ``docs`` extra
(``pip install -e ".[docs]"``); without it these tests are skipped, saying so.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(
        any(importlib.util.find_spec(name) is None for name in ("mkdocs", "material", "sphinx", "sphinx_immaterial")),
        reason="the docs extra is not installed (pip install -e '.[docs]')",
    ),
]

_NAV = re.compile(r'<nav class="md-nav md-nav--primary".*?</nav>\s*</div>', re.S)
_HREF = re.compile(r'<a [^>]*href="([^"]*)"')


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    steps = [
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", "apidocs", str(out / "api")],
    ]
    for command in steps:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{' '.join(command[2:4])} failed:\n{done.stdout}{done.stderr}"
    return out


def nav_links(page: Path) -> list[str]:
    """The links of a page's main navigation (section anchors left out)."""
    (nav,) = _NAV.findall(page.read_text(encoding="utf-8"))
    return [href for href in _HREF.findall(nav) if not href.startswith("#")]


def _target(page: Path, href: str) -> Path:
    return Path(urljoin(page.as_uri(), href.partition("#")[0]).removeprefix("file://"))


def test_every_navigation_link_of_the_guide_opens_a_file(site):
    pages = sorted(path for path in site.rglob("*.html") if "api" not in path.relative_to(site).parts)
    assert {"index.html", "getting-started.html", "rules/classic.html", "bots.html"} <= {
        path.relative_to(site).as_posix() for path in pages
    }
    assert not (site / "getting-started").exists()  # no directory URLs
    for page in pages:
        if page.name == "404.html":
            continue
        links = nav_links(page)
        assert len(links) > 10, page
        for href in links:
            assert href.partition("#")[0].endswith(".html"), f"{page.relative_to(site)} links {href}"
            assert _target(page, href).is_file(), f"{page.relative_to(site)} links {href}, which is missing"


def test_the_guide_and_the_reference_link_each_other_from_their_navigation(site):
    assert "api/index.html" in nav_links(site / "index.html")
    assert "../api/index.html" in nav_links(site / "rules" / "classic.html")
    for page in ("index.html", "cards.html", "view.html", "genindex.html"):
        assert "../index.html" in nav_links(site / "api" / page), page
    text = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./index\.html"[^>]*>.*?User guide', text, re.S)


def test_search_data_lists_every_page_of_the_guide(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert {"index.html", "getting-started.html", "ui.html", "rules/classic.html"} <= locations
    assert 'class="md-search__input"' in (site / "index.html").read_text(encoding="utf-8")
    assert (site / "api" / "searchindex.js").is_file()


def test_code_is_highlighted_and_has_copy_buttons(site):
    page = (site / "getting-started.html").read_text(encoding="utf-8")
    assert page.count('<div class="highlight">') >= 10
    assert '<span class="kn">import</span>' in page
    assert "content.code.copy" in page  # the theme feature that adds the copy buttons
    api = (site / "api" / "cards.html").read_text(encoding="utf-8")
    assert "content.code.copy" in api
    assert '<span class="kn">' in api or '<span class="n">' in api


def test_nothing_is_fetched_from_the_network(site):
    for page in (site / "index.html", site / "api" / "index.html"):
        text = page.read_text(encoding="utf-8")
        assert "fonts.googleapis.com" not in text, page
        assert "fonts.gstatic.com" not in text, page
