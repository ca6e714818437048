"""A house variant made by a new user: the code recipe, no trumps, enum text, names, sheets, ranges, move rules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs
import pytest

import kozel
from kozel.errors import RULES, RulesetError
from kozel.rules import Leading, LeadSeat, Redeal, ScoreRow

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = kozel.variants.get("classic")
NO_TRUMPS = 'base = "classic"\nname = "plain"\n[trumps]\nshown = "none"\n'


def test_a_trumps_only_molodka_in_a_game_without_trumps_is_refused_naming_the_fields():
    with pytest.raises(RulesetError) as refused:
        kozel.loads_ruleset(NO_TRUMPS + "[play.molodka]\ntrumps_only = true\n")
    message = str(refused.value)
    assert message.startswith("plain: the game has no trumps")
    assert all(field in message for field in ("play.molodka.trumps_only", "trumps.shown", "trumps.fixed"))
    simple = 'base = "simple"\nname = "plain"\n[trumps]\nshown = "none"\nfixed = []\n'
    with pytest.raises(RulesetError, match=r"so a trump lead rule \(leading.trump_leads is boasting_side\)"):
        kozel.loads_ruleset(simple + '[leading]\ntrump_leads = "boasting_side"\n')


def test_a_game_without_trumps_is_played_and_its_sheet_says_so():
    rules = kozel.loads_ruleset(NO_TRUMPS)
    sheet = kozel.forms.rule_sheet(rules)
    trumps = sheet.split("## Trumps\n", 1)[1].split("\n## ", 1)[0]
    assert "No trumps: no trump suit is shown and no card is a permanent trump." in trumps
    rules_said = sheet.split("## In words", 1)[0]  # the built-in's own text follows, marked as such
    assert "permanent trumps are the only trumps" not in rules_said
    assert "Any trump beats" not in rules_said
    assert "all trumps count as one suit" not in rules_said
    follow = kozel.loads_ruleset('base = "simple"\nname = "plain"\n[trumps]\nshown = "none"\nfixed = []\n')
    said = kozel.forms.rule_sheet(follow).split("## In words", 1)[0]
    play_and_leads = said.split("## Trick play\n", 1)[1].split("## Who leads\n", 1)
    assert "trump" not in play_and_leads[0] + play_and_leads[1].split("\n## ", 1)[0]
    state = kozel.new_game(rules, seed=2)
    while not state.is_over:
        state = kozel.apply(state, kozel.legal_moves(state)[0])


@pytest.mark.parametrize(
    ("build", "text", "member"),
    [
        (lambda: Leading(first_hand="dealer"), "'dealer'", "LeadSeat.DEALER"),
        (lambda: attrs.evolve(CLASSIC.scoring, mode="credit"), "'credit'", "ScoreMode.CREDIT"),
        (lambda: Redeal(reasons=["few_points"]), "['few_points']", "RedealReason.FEW_POINTS"),
    ],
)
def test_an_enum_field_given_as_text_says_which_member_to_write(build, text, member):
    with pytest.raises(RulesetError) as refused:
        build()
    message = str(refused.value)
    assert f"not {text}" not in message or "which holds text" in message
    assert "not the text" in message or "which holds text" in message
    assert f"in code write {member} (a ruleset file gives the text)" in message
    assert Leading(first_hand=LeadSeat.DEALER).first_hand is LeadSeat.DEALER


def test_another_enum_member_is_named_by_its_class():
    with pytest.raises(RulesetError, match=r", not TrumpSource\.NONE$"):
        Leading(first_hand=kozel.rules.TrumpSource.NONE)


def test_a_house_file_named_after_a_built_in_it_does_not_play_is_refused():
    with pytest.raises(RulesetError, match=r"^name: 'hammer' is the name of a built-in ruleset, but these rules"):
        kozel.loads_ruleset('base = "classic"\nname = "hammer"\n[match]\ntarget = 16\n')
    with pytest.raises(RulesetError, match=r"^name: 'classic' .*\(match: target 12 → 16\); give the house"):
        kozel.loads_ruleset('base = "classic"\nname = "classic"\n[match]\ntarget = 16\n')
    # The built-in's own rules, or the built-in seated for another number, keep its name.
    assert kozel.loads_ruleset('base = "classic"\nname = "hammer"\n' + _hammer_changes()) == kozel.variants.get(
        "hammer"
    )
    six = kozel.loads_ruleset('base = "classic"\nname = "classic"\n[seating]\nplayers = 6\n')
    assert six == CLASSIC.for_players(6)


def _hammer_changes() -> str:
    return '[play.molodka]\ntrumps_only = true\n[leading]\nfirst_hand = "dealer"\nlater_hands = "dealer"\n'


def test_a_house_variant_sheet_does_not_open_with_the_base_headline():
    house = kozel.loads_ruleset('base = "classic"\nname = "six"\n[dealing]\nhand_size = 6\n')
    opening = kozel.forms.rule_sheet(house).split("## ", 1)[0]
    assert "four-card hands" not in opening
    assert 'A house variant of `classic`; its changes from it are listed under "In words".' in opening
    # No built-in's headline speaks of the match: a house variant that changes only the match keeps it.
    for text in ('base = "classic"\nname = "ours"\n', 'base = "classic"\nname = "ours"\n[match]\ntarget = 16\n'):
        opening = kozel.forms.rule_sheet(kozel.loads_ruleset(text)).split("## ", 1)[0]
        assert "A ruleset based on `classic`: the 36-card game of four-card hands" in opening
    # The built-in seated for another number of players is still its game, as its name may say.
    opening = kozel.forms.rule_sheet(CLASSIC.for_players(6)).split("## ", 1)[0]
    assert "The 36-card game of four-card hands" in opening
    assert "house variant" not in opening


def test_the_rule_sheet_is_reached_after_import_kozel():
    assert kozel.forms.rule_sheet(CLASSIC) == kozel.forms.sheet.sheet(CLASSIC)
    assert "rule_sheet" in kozel.forms.__all__


def test_card_point_ranges_are_written_as_the_sheets_write_them():
    with pytest.raises(RulesetError, match=r"no row covers 31 card points \(gap between rows 0-30 and 32-120\)$"):
        attrs.evolve(CLASSIC.scoring, rows=(ScoreRow(0, 30, 4), ScoreRow(32, 120, 0)))
    with pytest.raises(RulesetError, match=r"rows 0-30 and 30-120 overlap"):
        attrs.evolve(CLASSIC.scoring, rows=(ScoreRow(0, 30, 4), ScoreRow(30, 120, 0)))
    with pytest.raises(RulesetError, match=r"the scoring table covers 0-100 card points"):
        attrs.evolve(CLASSIC, scoring=attrs.evolve(CLASSIC.scoring, rows=(ScoreRow(0, 100, 0),)))
    with pytest.raises(RulesetError, match=r"the row 5-3 is empty"):
        ScoreRow(5, 3, 0)


# The values of IllegalMoveError.rule ------------------------------------------------------------------------

#: Where a rule is not written out as text: the expression, and the rules it can be.
_DYNAMIC = {"move.kind.word": {"beat", "pass"}, "rule": set(), "error.rule": set()}


def _rules_in_code() -> set[str]:
    """Every ``rule`` the library gives an IllegalMoveError (the engine, the move checks, kozel.advance, the bots),
    read from the source."""
    found: set[str] = set()
    for path in sorted((ROOT / "src/kozel").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.endswith("_rule"):  # returns (rule, why)
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        first = ret.value.elts[0]
                        assert isinstance(first, ast.Constant), f"{path.name}:{ret.lineno}"
                        found.add(first.value)
            if not isinstance(node, ast.Call):
                continue
            # The helpers and the error are called by their plain names (a method of the same name is something else).
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            if name == "off_phase":  # a kind the phase never takes
                found.add("phase")
                continue
            position = {"refuse": 1, "names_cards": 1, "IllegalMoveError": 2}.get(name)
            if position is None:
                continue
            rule = next((word.value for word in node.keywords if word.arg == "rule"), None)
            if rule is None and len(node.args) > position:
                rule = node.args[position]
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                found.add(rule.value)
            elif rule is not None:
                shown = ast.unparse(rule)
                assert shown in _DYNAMIC, f"{path.name}:{node.lineno}: a rule the table cannot list: {shown}"
                found |= _DYNAMIC[shown]
    return found


def _rules_in_ui_page() -> dict[str, str]:
    """The table of docs/ui.md: each value of IllegalMoveError.rule, with its meaning."""
    text = (ROOT / "docs/ui.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- rules: IllegalMoveError.rule -->\n((?:\|.*\n)+)", text)
    assert table, "docs/ui.md has no table of the values of IllegalMoveError.rule"
    rows = table.group(1).splitlines()[2:]  # below the header and its rule
    return dict(re.fullmatch(r"\| `([^`]+)` \| (.+) \|", row).groups() for row in rows)


def test_every_rule_an_illegal_move_names_is_in_the_ui_table():
    in_code = _rules_in_code()
    assert {"turn", "hand", "lead", "molodka", "transfer", "holder's card", "beat", "pass", "phase"} <= in_code
    assert _rules_in_ui_page() == dict(RULES)
    assert set(RULES) == in_code


# The page of house rules ----------------------------------------------------------------------------------------


def test_the_code_blocks_of_the_house_rules_page_run_as_written(tmp_path, monkeypatch, capsys):
    text = (ROOT / "docs/house-rules.md").read_text(encoding="utf-8")
    toml = re.search(r"<!-- example: house.toml -->\n```toml\n(.*?)```", text, re.S)
    shown = re.search(r"<!-- example: house.diff -->\n```text\n(.*?)```", text, re.S)
    assert toml
    assert shown
    (tmp_path / "house.toml").write_text(toml.group(1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    assert not any(">>>" in block for block in blocks)
    namespace: dict[str, object] = {}
    printed = []
    for block in blocks:
        exec(compile(block, "docs/house-rules.md", "exec"), namespace)
        printed.append(capsys.readouterr().out)
    assert shown.group(1) in printed
    sheet = re.search(r"<!-- example: house.sheet -->\n```text\n(.*?)```", text, re.S)
    assert sheet
    assert printed[-1] == sheet.group(1)
