"""Ruleset forms: a ruleset written as plain data, as a file (TOML or JSON), as a diff, and as a rule sheet.

The rule sheet is :func:`kozel.forms.sheet.sheet`; the catalog's pages are in :mod:`kozel.forms.pages`.

This layer sits above the rule components and the catalog of built-in rulesets; the components and
:class:`~kozel.Ruleset` know nothing of the forms they are written in.
"""

from kozel.forms.changes import diff
from kozel.forms.data import BASE, KIND, compact, from_data, to_data
from kozel.forms.files import FORMAT, dumps_ruleset, load_ruleset, loads_ruleset

__all__ = [
    "BASE",
    "FORMAT",
    "KIND",
    "compact",
    "diff",
    "dumps_ruleset",
    "from_data",
    "load_ruleset",
    "loads_ruleset",
    "to_data",
]
