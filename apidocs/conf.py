"""Sphinx configuration of the kozel API reference.

Build it with ``sphinx-build -W -b html apidocs site/api`` (after ``mkdocs build --strict -d site``,
so that the user guide links to it at ``api/index.html``).

Links into the Python and attrs documentation (intersphinx) need their ``objects.inv`` from the
network, so they are made only when the environment variable ``KOZEL_INTERSPHINX`` is ``1``:
``KOZEL_INTERSPHINX=1 sphinx-build -W -b html apidocs site/api``.  Without it the build needs no
network and such names are shown as plain text; with it, an unreachable inventory is a warning and
so fails a ``-W`` build.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

import kozel

project = "kozel"
author = "The kozel developers"
copyright = "The kozel developers"
release = kozel.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", "sphinx_immaterial"]
# The adapters' libraries are extras of their own: the reference is built without them.
autodoc_mock_imports = ["gymnasium", "pettingzoo", "numpy", "pyspiel", "open_spiel"]

root_doc = "index"
exclude_patterns = ["_build"]
# sphinx-immaterial is mkdocs-material for Sphinx: the reference has the user guide's look.
html_theme = "sphinx_immaterial"
html_title = f"kozel {release} API reference"
html_theme_options: dict[str, Any] = {
    # No fonts fetched from the network (the build is offline, and so is a site read from disk);
    # the user guide has ``font: false`` too.
    "font": False,
    "palette": {"primary": "indigo", "accent": "indigo"},
    "features": ["content.code.copy", "navigation.footer", "search.highlight"],
    "globaltoc_collapse": True,
    "toc_title_is_page_title": True,
}
html_static_path: list[str] = []
# Long signatures (attrs classes with many fields) get one parameter per line.
python_maximum_signature_line_length = 100

# Type hints are shown in the signatures, with short names (``Card``, not ``kozel.cards.card.Card``).
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
python_use_unqualified_type_names = True
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
# Every reference to a kozel name must resolve.  Names from the standard library and attrs
# (``collections.abc.Sequence``, ``attrs.evolve``) are links only with intersphinx, else plain text.
nitpicky = True
_OUTSIDE = sorted(
    {
        *sys.stdlib_module_names,
        "attrs",
        "typing_extensions",
        "hypothesis",
        "ray",
        "matplotlib",
        "numpy",
        "gymnasium",
        "pettingzoo",
        "pyspiel",
    }
)
nitpick_ignore_regex = [
    (r"py:.*", rf"(?:{'|'.join(_OUTSIDE)})\..+"),
    (r"py:.*", r"_[A-Za-z]\w*"),  # a private type variable in a signature
]

if os.environ.get("KOZEL_INTERSPHINX") == "1":
    extensions.append("sphinx.ext.intersphinx")
    intersphinx_timeout = 30
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
    }

_LOG = logging.getLogger(__name__)


def _comment_doc(name: str, value: object) -> list[str] | None:
    """The ``#:`` comment of the module-level constant ``name`` where some kozel module assigns it."""
    for modname in sorted(sys.modules):
        if modname != "kozel" and not modname.startswith("kozel."):
            continue
        if getattr(sys.modules[modname], name, None) is not value:
            continue
        try:
            comment = ModuleAnalyzer.for_module(modname).find_attr_docs().get(("", name))
        except Exception:  # a module without source has no comments
            continue
        if comment:
            return [*comment]
    return None


def _constant_docs(  # noqa: PLR0917 - the arguments of the autodoc-process-docstring event
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give a constant re-exported from another module its ``#:`` comment, not its type's docstring.

    autodoc reads ``#:`` comments only in the module a constant is documented under; a constant
    such as ``kozel.CARDS`` is assigned in ``kozel.cards.card``.  A constant with no comment at
    all is a warning, so that ``-W`` fails.
    """
    if what != "data":
        return
    modname, _, attr = name.rpartition(".")
    importlib.import_module(modname)
    if ModuleAnalyzer.for_module(modname).find_attr_docs().get(("", attr)):
        return
    comment = _comment_doc(attr, obj)
    if comment is None:
        _LOG.warning("the constant %s has no #: comment", name)
        return
    lines[:] = comment


#: The user guide's home page, seen from the reference's root: the README builds the guide into
#: ``site`` and this reference into ``site/api``.
GUIDE = "../index.html"
#: The title of the navigation entry that leads back to the user guide.
GUIDE_TITLE = "User guide"


def _link_the_guide(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Put a link back to the user guide first in the navigation of every page of the reference.

    A toctree takes only documents of this project or absolute URLs, so the entry is added to
    the navigation sphinx-immaterial has built for the page (the ``html-page-context`` event,
    after the theme's own handler), as a link relative to the page.
    """
    nav = context.get("nav")
    if not nav:
        return
    link = "../" * pagename.count("/") + GUIDE
    try:
        entry = type(nav[0])(
            title_text=GUIDE_TITLE, url=link, children=[], active=False, current=False, caption_only=False
        )
    except TypeError as error:  # another sphinx-immaterial: a warning, so that -W fails
        _LOG.warning("no link back to the user guide in the navigation of %s: %s", pagename, error)
        return
    nav.insert(0, entry)


def setup(app: Sphinx) -> None:
    """Register the docstring fix for re-exported constants and the link back to the guide."""
    app.connect("autodoc-process-docstring", _constant_docs)
    # After sphinx-immaterial's handler (priority 500), which builds the page's navigation.
    app.connect("html-page-context", _link_the_guide, priority=900)
