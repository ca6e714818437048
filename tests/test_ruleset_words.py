"""Words of a house ruleset read as they are spelled: a lookalike of a letter is no rank or suit, and a base that
is not text is said to be so."""

from __future__ import annotations

import pytest

import kozel
from kozel.forms import loads_ruleset
from kozel.forms.data import from_data, to_data


def _plain_order(ranks):
    data = to_data(kozel.variants.get("classic"))
    data["trumps"]["plain_order"] = ranks
    return data


def test_a_rank_word_in_either_case_of_ascii_is_read():
    data = _plain_order(["6", "7", "8", "9", "j", "q", "k", "10", "a"])
    assert from_data(data).trumps.plain_order == kozel.variants.get("classic").trumps.plain_order


@pytest.mark.parametrize(
    ("word", "name"),
    [("\u212a", "U+212A KELVIN SIGN"), ("\uff2b", "U+FF2B FULLWIDTH LATIN CAPITAL LETTER K"), ("\u041a", "U+041A")],
)
def test_a_lookalike_of_a_rank_letter_is_refused_naming_the_character(word, name):
    data = _plain_order(["6", "7", "8", "9", "J", "Q", word, "10", "A"])
    with pytest.raises(
        kozel.RulesetError, match=r"^trumps\.plain_order\[6\]: expected a rank such as '10' or 'J', got"
    ):
        from_data(data)
    with pytest.raises(kozel.RulesetError) as refused:
        from_data(data)
    assert name in str(refused.value)
    assert "not an ASCII letter or digit" in str(refused.value)


@pytest.mark.parametrize(
    ("text", "kind"), [("base = true", "a bool"), ("base = 7", "an int"), ("base = [1]", "a list")]
)
def test_a_base_that_is_not_text_is_said_to_be_so(text, kind):
    with pytest.raises(
        kozel.RulesetError, match=rf"a built-in ruleset is named by text, such as 'classic', .*\({kind}\)"
    ):
        loads_ruleset(text)


def test_the_catalog_says_a_name_that_is_not_text_is_not_one():
    with pytest.raises(kozel.RulesetError, match=r"^a built-in ruleset is named by text, such as 'classic', not None"):
        kozel.variants.get(None)
