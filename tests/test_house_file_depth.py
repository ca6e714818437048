"""How deep a house ruleset file nests: dotted keys and table headers count, strings do not; and how large it is."""

import time

import pytest

import kozel
from kozel import RulesetError, load_ruleset, loads_ruleset
from kozel.cli.main import main
from kozel.limits import MAX_DEPTH, MAX_RULESET_BYTES, depth

DEEP = "the ruleset's lists, tables and dotted keys nest more than 64 deep; kozel reads at most that"


@pytest.mark.parametrize(
    "text",
    [
        "base = 'classic'\n[match]\ntarget" + ".a" * 3000 + " = 1\n",
        "base = 'classic'\nname" + ".a" * 3000 + " = 'x'\n",
        "base = 'classic'\n[match.target" + ".a" * 3000 + "]\n",
        "base = 'classic'\n[[match" + ".a" * 70 + "]]\n",
        "base = 'classic'\nmatch = {target" + ".a" * 70 + " = 1}\n",
    ],
    ids=["dotted key", "dotted name", "table header", "array of tables", "inline table"],
)
def test_a_deep_dotted_key_or_header_is_refused_before_it_is_parsed(text):
    with pytest.raises(RulesetError, match="^" + DEEP + "$"):
        loads_ruleset(text, format="toml")


def test_a_long_dotted_key_is_refused_at_once():
    text = "base = 'classic'\n[match]\ntarget" + ".a" * 50_000 + " = 1\n"  # 100 KB; the TOML reader takes minutes
    began = time.perf_counter()
    with pytest.raises(RulesetError, match="nest more than 64 deep"):
        loads_ruleset(text, format="toml")
    assert time.perf_counter() - began < 5


def test_dotted_keys_count_like_the_tables_they_make():
    assert depth("a.b.c = 1") == depth("a = {b = {c = 1}}") == 2
    assert depth("[a.b]\nc.d = [1]") == depth("a = {b = {c = {d = [1]}}}") == 4
    assert depth("[[a.b]]\nx = 1") == 3
    assert depth("x = 1.5\ny = [1.5, 2.5]") == 1  # the dots of numbers are no keys
    ok = "base = 'classic'\nname = 'house'\n" + "a" + ".a" * (MAX_DEPTH - 1) + " = 1\n"
    with pytest.raises(RulesetError, match=r"^a: no such field"):  # read, then refused for what it says
        loads_ruleset(ok, format="toml")


def test_the_cli_says_a_deep_file_nests_too_deep(tmp_path, capsys):
    path = tmp_path / "deep.toml"
    path.write_text("base = 'classic'\n[match]\ntarget" + ".a" * 3000 + " = 1\n", encoding="utf-8")
    assert main(["rules", str(path)]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.strip() == f"kozel rules: {path}: {DEEP}"


@pytest.mark.parametrize("quotes", ['"""', "'''"])
def test_brackets_in_a_multi_line_string_are_text(quotes):
    text = f"base = 'classic'\nname = 'house'\ndoc = {quotes}\nSee {'[' * 70}\n{']' * 3} and \"\" and ''\n{quotes}\n"
    rules = loads_ruleset(text, format="toml")
    assert rules.doc.startswith("See [[[[")


def test_ruleset_text_is_no_larger_than_a_ruleset_file():
    text = "base = 'classic'\nname = 'house'\n" + "#" * MAX_RULESET_BYTES + "\n"
    with pytest.raises(RulesetError, match=r"^the ruleset text is larger than a ruleset file may be, 1 MiB$"):
        loads_ruleset(text)
    under = "base = 'classic'\nname = 'house'\n#" + "я" * ((MAX_RULESET_BYTES - 100) // 2) + "\n"
    assert loads_ruleset(under).name == "house"


def test_a_file_named_just_toml_is_read_as_toml(tmp_path):
    path = tmp_path / ".toml"
    path.write_text("base = 'classic'\nname = 'house'\n", encoding="utf-8")
    house = load_ruleset(path)
    assert house.name == "house"
    assert house.match == kozel.variants.get("classic").match


@pytest.mark.parametrize(
    ("opened", "then"),
    [('"\\', "\n"), ('"""\\', ""), ("'''", ""), ("'x", "\n")],
    ids=["one-line", "multi-line", "multi-line literal", "literal"],
)
def test_a_string_never_closed_runs_to_the_end_of_its_line_or_the_text(opened, then):
    """Brackets after a quote that is never closed are read as its text (the parser then refuses the text): each such
    string is read once, where looking for its end again from each of its quotes took time growing as the square of
    the text (a text of '"\\' repeated, 64 KB, took seconds; 1 MiB, most of an hour)."""
    assert depth(opened * 3 + "[[[" + then + "[{}]") == (2 if then else 0)


@pytest.mark.parametrize("text", ['"\\' * 64_000, '"""\\' * 32_000], ids=["one-line", "multi-line"])
def test_a_ruleset_text_of_unclosed_strings_is_refused_by_its_parser(text):
    """A text of 128 KB, every string in it unclosed: refused as no JSON (at once; where each string was looked for
    again from each quote it took about a minute, a ruleset file of the largest size allowed most of an hour)."""
    with pytest.raises(RulesetError, match=r"^not valid JSON: "):
        loads_ruleset('{"name": ' + text + "}", format="json")
