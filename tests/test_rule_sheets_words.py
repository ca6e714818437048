"""A built-in ruleset's rule sheet says its rules in table words: no markup or Python shows in the terminal.

``kozel rules NAME`` prints the sheet as it is, so reStructuredText markup (double backticks) and
Python (a call such as ``for_players(2)``, an index, a keyword argument) would show literally there.
"""

from __future__ import annotations

import re

import pytest

import kozel
from kozel.forms.sheet import sheet

#: What reads as code rather than table words: a call, an index, floor division, a keyword argument.
CODE = re.compile(r"\b[A-Za-z_]\w*\(|\w\[|//|\b\w+=\w")


@pytest.mark.parametrize("name", kozel.variants.names())
def test_the_sheet_of_a_built_in_ruleset_has_no_markup_or_code(name):
    rules = kozel.variants.get(name)
    assert "``" not in rules.doc
    assert CODE.findall(rules.doc) == []
    assert "`" not in sheet(rules)  # nothing that a terminal would show as markup


def test_the_shown_card_of_classic_is_said_in_table_words():
    words = " ".join(kozel.variants.get("classic").doc.split())
    assert "The middle card of the stock is shown (counted from the top; of an even number of cards, the lower" in words
    assert "the 11th of 20" in words
    # and so the engine deals it: the stock is drawn from its top, and the shown card is its eleventh of twenty
    for seed in range(5):
        state = kozel.new_game(kozel.variants.get("classic"), seed=seed)
        assert len(state.stock) == 20
        assert state.stock.index(state.trump_card) == 10


def test_the_swedish_word_of_seven_of_clubs_is_explained():
    words = " ".join(kozel.variants.get("seven_of_clubs").doc.split())
    assert '"omgång" (a round of play)' in words
