"""A text record's headers: seat names checked as ``dumps`` checks them, no seat beyond the table, and a long
header value quoted short and read in time linear in its length."""

from __future__ import annotations

import difflib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kozel
from kozel import NotationError, RulesetError, StateError
from kozel.record import dumps, loads, read
from kozel.record.text import _quote, _unquote

CLASSIC = kozel.variants.get("classic")


def record(*extra: str, seed: int = 7) -> str:
    """The record of a fresh classic match, with ``extra`` header lines before its Result header."""
    text = dumps(kozel.new_game(CLASSIC, seed=seed))
    return text.replace("[Result ", "".join(line + "\n" for line in extra) + "[Result ", 1)


@pytest.mark.parametrize("name", ["a\x07b", "\x1b[31mred", "tab\there", "\x00", "a\x7fb"])
def test_a_seat_name_with_a_control_character_is_refused_as_dumps_refuses_it(name):
    state = kozel.new_game(CLASSIC, seed=7)
    with pytest.raises(NotationError, match="printable text of one line"):
        dumps(state, names=[name, None, None, None])
    with pytest.raises(StateError, match="the Seat0 header is a player's name, printable text of one line"):
        read(record(f"[Seat0 {_quote(name)}]"))


def test_a_seat_name_holding_an_escaped_line_break_is_refused():
    with pytest.raises(StateError, match=r"the Seat2 header is a player's name.*not 'a\\nb'"):
        read(record(r'[Seat2 "a\nb"]'))


@pytest.mark.parametrize("header", ["Seat4", "Seat9", "Seat12", "Seat99", "Seat01", "Seat00", "Seat" + "9" * 500])
def test_a_seat_header_beyond_the_table_is_refused(header):
    with pytest.raises(StateError, match="names no seat: a table of 4 has seats Seat0 to Seat3") as caught:
        read(record(f'[{header} "Anna"]'))
    assert len(str(caught.value)) < 200


def test_seat_names_that_dumps_writes_read_back():
    state = kozel.new_game(CLASSIC, seed=7)
    names = ["Anna", "", "Дарья 🂡", None]
    text = dumps(state, names=names)
    assert read(text).names == ("Anna", "", "Дарья 🂡", None)
    assert read(record('[Seat3 "Gleb"]', '[Seats "not a seat"]')).names == (None, None, None, "Gleb")


def test_a_header_a_record_written_by_hand_may_leave_out_still_takes_its_documented_value():
    state = kozel.new_game(CLASSIC, seed=11)
    move = kozel.legal_moves(state)[0]
    assert loads(f'[Ruleset "classic"]\n[Seed "11"]\n[Seat1 "Boris"]\n\n{move}\n') == kozel.apply(state, move)


def test_an_unknown_ruleset_name_is_quoted_short():
    long_name = "x" * 1_000_000
    with pytest.raises(RulesetError, match=r"called 'x{57}'\.\.\. \(1000000 characters\); the catalog has") as caught:
        kozel.variants.get(long_name)
    assert len(str(caught.value)) < 400
    with pytest.raises(StateError, match=r"\(1000000 characters\)") as caught:
        loads(record().replace('[Ruleset "classic"]', f'[Ruleset "{long_name}"]'))
    assert len(str(caught.value)) < 400
    sixty = "y" * 60
    with pytest.raises(RulesetError, match=f"called '{sixty}'; the catalog has"):
        kozel.variants.get(sixty)


def test_a_name_too_long_to_be_a_misspelling_is_not_compared(monkeypatch):
    compared: list[str] = []
    close_matches = difflib.get_close_matches

    def spy(word, *args, **kwargs):
        compared.append(word)
        return close_matches(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", spy)
    with pytest.raises(RulesetError, match=r"\(did you mean classic\?\)"):
        kozel.variants.get("clasic")
    with pytest.raises(RulesetError, match=r"\(did you mean seven_of_clubs\?\)"):
        kozel.variants.get("seven_of_club")
    assert compared == ["clasic", "seven_of_club"]
    with pytest.raises(RulesetError, match="no built-in ruleset is called 'zzzz"):
        kozel.variants.get("z" * 100_000)
    assert compared == ["clasic", "seven_of_club"]


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("Game", "this is a record of 'gggg"),
        ("Result", "the Result header says 'gggg"),
        ("Date", "the Date header is a day written 'YYYY.MM.DD' or '????.??.??', not 'gggg"),
    ],
)
def test_a_long_header_value_is_quoted_short(header, message):
    text = record()
    start = text.index(f"[{header} ")
    end = text.index("\n", start)
    long_text = text[:start] + f'[{header} "{"g" * 100_000}"]' + text[end:]
    with pytest.raises(StateError, match=re.escape(message) + r"g*'\.\.\. \(100000 characters\)") as caught:
        read(long_text)
    assert len(str(caught.value)) < 300


def test_a_bad_header_line_is_quoted_short():
    with pytest.raises(NotationError, match=r"a header is written \[Name \"value\"\], not '\[R") as caught:
        read(record('[Ruleset "' + "x" * 100_000 + '"'))
    assert len(str(caught.value)) < 300


def _unquote_one_character_at_a_time(text: str) -> str:
    """The reading of a header's escapes, one character at a time: what ``_unquote`` must agree with."""
    out = []
    chars = iter(text)
    for char in chars:
        if char == "\\":
            code = next(chars, "")
            if code not in {'"', "\\", "n"}:
                return f"refused: \\{code}"
            out.append({'"': '"', "\\": "\\", "n": "\n"}[code])
        else:
            out.append(char)
    return "".join(out)


@given(st.text(alphabet='\\"nxé\n', max_size=30))
def test_header_escapes_read_as_one_character_at_a_time(text):
    expected = _unquote_one_character_at_a_time(text)
    if expected.startswith("refused: "):
        escape = expected.removeprefix("refused: ")
        with pytest.raises(NotationError, match=re.escape(f"line 3: '{escape}' is not an escape")):
            _unquote(text, 3)
        return
    assert _unquote(text, 3) == expected


@given(st.text(max_size=30))
def test_a_quoted_value_unquotes_to_itself(value):
    assert _unquote(_quote(value)[1:-1], 1) == value


@pytest.mark.parametrize("value", ["x" * 400_000, "\\\\" * 200_000, '\\"' * 200_000, "\\n" * 200_000])
def test_a_long_header_value_reads_back(value):
    text = record(f'[Note "{value}"]')
    assert read(text).headers["Note"] == _unquote_one_character_at_a_time(value)
