"""Ruleset forms: a ruleset written as plain data, as a file (TOML or JSON), as a diff, and as a rule sheet.

The rule sheet of any ruleset, built-in or house, is :func:`kozel.forms.rule_sheet` (the same as
:func:`kozel.forms.sheet.sheet`); the catalog's pages are in :mod:`kozel.forms.pages`.

This layer sits above the rule components and the catalog of built-in rulesets; the components and
:class:`~kozel.Ruleset` know nothing of the forms they are written in.
"""

from kozel.errors import WrongTypeError
from kozel.forms import sheet as _sheet
from kozel.forms.changes import diff
from kozel.forms.data import BASE, KIND, compact, from_data, to_data
from kozel.forms.files import FORMAT, dumps_ruleset, load_ruleset, loads_ruleset
from kozel.plain_types import short_repr
from kozel.rules.ruleset import Ruleset, checked_rules

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
    "rule_sheet",
    "to_data",
]


def rule_sheet(rules: Ruleset, *, sources: str = _sheet.SOURCES) -> str:
    """The rules of ``rules`` in table words, as Markdown: the rule sheet ``kozel rules`` prints.

    It says every rule the ruleset plays, from its fields, so it serves a house ruleset as well as a
    built-in one; ``sources`` is where it links the Sources page of the docs.

    >>> import kozel
    >>> print(kozel.forms.rule_sheet(kozel.variants.get("classic")).splitlines()[0])
    # classic
    """
    if not isinstance(sources, str):
        raise WrongTypeError(f"rule_sheet: sources is the Sources page's address as text, not {short_repr(sources)}")
    return _sheet.sheet(checked_rules(rules, "rule_sheet"), sources=sources)
