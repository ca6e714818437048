"""Rulesets from files: the data form, JSON and TOML, house overrides merged into a built-in, errors, and diff."""

import json
import os
import random
import re
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

import kozel
from kozel import Card, Deck, Ruleset, RulesetError, Suit, limits, parse_cards
from kozel.forms import diff
from kozel.forms.data import from_data, to_data
from kozel.forms.files import FORMAT, dumps_ruleset
from kozel.rules import (
    BeatOrPass,
    Catch,
    Dealing,
    FollowSuit,
    MatchRule,
    Molodka,
    RedealReason,
    ScoreRow,
    Title,
    TrickWinner,
)

BUILT_INS = [kozel.variants.get(name) for name in kozel.variants.names()]


def _other_counts(rules: Ruleset) -> list[Ruleset]:
    found = []
    for players in range(2, 9):
        for sides in (None, players):
            try:
                other = rules.for_players(players, sides)
            except RulesetError:
                continue
            if other != rules and other not in found:
                found.append(other)
    return found


#: Every built-in and every player count it can be played with.
VARIANTS = [variant for rules in BUILT_INS for variant in [rules, *_other_counts(rules)]]
CLASSIC = kozel.variants.get("classic")
DOCS = Path(__file__).parent.parent / "docs" / "house-rules.md"


def _ids(rules: Ruleset) -> str:
    return f"{rules.name}-{rules.players}p{rules.sides}s"


def _json_safe(value: object) -> bool:
    if value is None or type(value) in (str, int, bool):
        return True
    if type(value) is list:
        return all(_json_safe(each) for each in value)
    if type(value) is dict:
        return all(type(key) is str and _json_safe(each) for key, each in value.items())
    return False


def _toml(data: dict) -> str:
    """A bare ruleset table written as TOML by hand: one ``key = value`` line per field, null as false."""

    def value(item: object) -> str:
        if item is None or item is False:
            return "false"
        if item is True:
            return "true"
        if isinstance(item, int):
            return str(item)
        if isinstance(item, str):
            return json.dumps(item, ensure_ascii=False)  # a JSON string is a TOML basic string
        if isinstance(item, list):
            return "[" + ", ".join(map(value, item)) + "]"
        assert isinstance(item, dict)
        return "{" + ", ".join(f"{key} = {value(each)}" for key, each in item.items()) + "}"

    return "".join(f"{key} = {value(each)}\n" for key, each in data.items())


def _docs_example(name: str) -> str:
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(rf"<!-- example: {re.escape(name)} -->\n```\w+\n(.*?)```\n<!-- /example -->", text, re.S)
    assert found, f"docs/house-rules.md has no example {name}"
    return found.group(1)


def test_variants_cover_other_player_counts():
    assert len(VARIANTS) > len(BUILT_INS) + 3
    assert CLASSIC.for_players(3) in VARIANTS


# Round trips ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", VARIANTS, ids=_ids)
def test_the_data_form_is_json_safe_and_reads_back_exactly(rules):
    data = to_data(rules)
    assert _json_safe(data)
    assert data == to_data(rules)
    back = from_data(data)
    assert back == rules
    assert back.doc == rules.doc
    assert to_data(back) == data


@pytest.mark.parametrize("rules", VARIANTS, ids=_ids)
def test_every_ruleset_reads_back_from_its_json(rules):
    text = dumps_ruleset(rules)
    assert text == dumps_ruleset(rules)
    envelope = json.loads(text)
    assert (envelope["kozel"], envelope["format"], envelope["ruleset"]) == ("ruleset", FORMAT, to_data(rules))
    back = kozel.loads_ruleset(text)
    assert back == rules
    assert back.doc == rules.doc
    assert kozel.loads_ruleset(json.dumps(to_data(rules)), format="json") == rules  # bare, no envelope


@pytest.mark.parametrize("rules", VARIANTS, ids=_ids)
def test_every_ruleset_reads_back_from_a_hand_written_toml_file(rules, tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(_toml(to_data(rules)), encoding="utf-8")
    back = kozel.load_ruleset(path)
    assert back == rules
    assert back.doc == rules.doc


def test_the_data_form_of_classic():
    data = to_data(CLASSIC)
    assert list(data) == [field.name for field in attrs.fields(Ruleset) if field.init]
    assert data["deck"] == " ".join(str(card) for card in Deck.pack36())
    assert data["play"] == {"kind": "beat_or_pass", "molodka": {"trumps_only": False}}
    assert data["trumps"] == {
        "shown": "middle_of_stock",
        "fixed": [],
        "over_trumps": [],
        "plain_order": ["6", "7", "8", "9", "J", "Q", "K", "10", "A"],
    }
    assert data["scoring"]["rows"][1] == {"low": 31, "high": 60, "written": 2}
    assert (data["transfer"], data["talon"], data["version"]) == (None, None, 1)
    simple = to_data(kozel.variants.get("simple"))
    assert simple["play"] == {"kind": "follow_suit", "winner": "highest_card", "first_trick_suit": "♦"}


def test_a_house_toml_file_changes_only_what_it_says(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(
        'base = "classic"\n'
        'name = "my_house"\n'
        "\n"
        "[scoring]\n"
        "no_trick = 8\n"
        "rows = [{low = 0, high = 40, written = 4}, {low = 41, high = 60, written = 2}, "
        "{low = 61, high = 120, written = 0}]\n"
        "\n"
        "[match]\n"
        "target = 16\n"
        'titles = ["eggs", "dry"]\n'
        "\n"
        "[play.molodka]\n"
        "trumps_only = true\n",
        encoding="utf-8",
    )
    house = kozel.load_ruleset(path)
    assert house.name == "my_house"
    assert house.scoring.no_trick == 8
    assert house.scoring.rows == (ScoreRow(0, 40, 4), ScoreRow(41, 60, 2), ScoreRow(61, 120, 0))
    assert (house.scoring.mode, house.scoring.eggs) == (CLASSIC.scoring.mode, CLASSIC.scoring.eggs)
    assert house.match == MatchRule(target=16, titles=(Title.EGGS, Title.DRY))
    assert house.play == BeatOrPass(molodka=Molodka(trumps_only=True))
    assert house == attrs.evolve(
        CLASSIC,
        name="my_house",
        scoring=attrs.evolve(CLASSIC.scoring, no_trick=8, rows=house.scoring.rows),
        match=MatchRule(target=16, titles=(Title.EGGS, Title.DRY)),
        play=BeatOrPass(molodka=Molodka(trumps_only=True)),
    )
    assert house.doc == CLASSIC.doc


def test_a_json_file_is_loaded_by_its_path(tmp_path):
    rules = kozel.variants.get("threesome")
    written = tmp_path / "threesome.json"
    written.write_text(dumps_ruleset(rules), encoding="utf-8")
    assert kozel.load_ruleset(written) == rules
    assert kozel.load_ruleset(str(written)) == rules
    bare = tmp_path / "house.JSON"
    bare.write_text('{"base": "threesome", "name": "long", "match": {"target": 20}}', encoding="utf-8")
    assert kozel.load_ruleset(bare) == attrs.evolve(rules, name="long", match=attrs.evolve(rules.match, target=20))


# Overrides ----------------------------------------------------------------------------------------


def test_a_partial_component_keeps_the_rest_of_the_base():
    house = from_data({"base": "classic", "scoring": {"no_trick": 8}})
    assert house == attrs.evolve(CLASSIC, scoring=attrs.evolve(CLASSIC.scoring, no_trick=8))
    assert house.name == "classic"
    deep = from_data({"base": "threesome", "talon": {"bidding": {"for_less": {"no_trick": 6}}}})
    talon = kozel.variants.get("threesome").talon
    assert deep.talon.size == talon.size
    assert deep.talon.bidding.wins_above == talon.bidding.wins_above
    assert deep.talon.bidding.for_less == attrs.evolve(talon.bidding.for_less, no_trick=6)


def test_play_of_the_same_kind_merges_and_another_kind_replaces():
    simple = kozel.variants.get("simple")
    same = from_data({"base": "simple", "play": {"winner": "most_points"}})
    assert same.play == FollowSuit(winner=TrickWinner.MOST_POINTS, first_trick_suit=Suit.DIAMONDS)
    named = from_data({"base": "simple", "play": {"kind": "follow_suit", "first_trick_suit": "hearts"}})
    assert named.play == attrs.evolve(simple.play, first_trick_suit=Suit.HEARTS)
    other = from_data({"base": "classic", "play": {"kind": "follow_suit", "winner": "most_points"}})
    assert other.play == FollowSuit(winner=TrickWinner.MOST_POINTS)
    back = from_data({"base": "simple", "redeal": None, "play": {"kind": "beat_or_pass"}})
    assert back.play == BeatOrPass()


def test_null_or_false_removes_an_optional_component():
    pairs = kozel.variants.get("pairs")
    assert from_data({"base": "pairs", "praise": None}) == attrs.evolve(pairs, praise=None)
    assert from_data({"base": "pairs", "praise": False}) == attrs.evolve(pairs, praise=None)
    assert from_data({"base": "classic", "play": {"molodka": None}}).play == BeatOrPass(molodka=None)
    assert kozel.loads_ruleset('base = "classic"\n[scoring]\nno_trick = false\n').scoring.no_trick is None


def test_a_component_missing_from_the_base_is_built_from_its_defaults():
    simple = kozel.variants.get("simple")
    caught = from_data({"base": "simple", "catch": {"victim": "Q♣", "catcher": "7c"}})
    assert caught == attrs.evolve(simple, catch=Catch(victim=Card.parse("Q♣"), catcher=Card.parse("7♣")))
    assert caught.catch.written == 4


def test_a_list_replaces_the_base_list_whole():
    house = from_data({"base": "pairs", "redeal": {"reasons": ["few_points"]}})
    assert house.redeal.reasons == (RedealReason.FEW_POINTS,)
    assert house.redeal.limit == kozel.variants.get("pairs").redeal.limit
    fixed = from_data({"base": "simple", "trumps": {"fixed": ["Q♣", "QS", "q♥", "Q♦"]}})
    assert fixed.trumps.fixed == parse_cards("Q♣ Q♠ Q♥ Q♦")
    assert fixed.trumps.shown == kozel.variants.get("simple").trumps.shown


def test_name_doc_and_version_may_be_given():
    house = from_data({"base": "classic", "name": "house", "doc": "Our table.", "version": 3})
    assert (house.name, house.doc, house.version) == ("house", "Our table.", 3)


def test_a_full_form_needs_no_base_and_fills_defaults():
    data = to_data(CLASSIC)
    for optional in ("talon", "catch", "redeal", "praise", "doc", "version"):
        del data[optional]
    data["play"] = {"kind": "beat_or_pass"}
    rules = from_data(data)
    assert rules == CLASSIC
    assert rules.doc == ""


# Errors -------------------------------------------------------------------------------------------

CLASSIC_ROWS = [{"low": 0, "high": 30, "written": 4}, {"low": 31, "high": 60, "written": 2}]

ERRORS = [
    (
        {"base": "classic", "scoring": {"rows": [CLASSIC_ROWS[0], {"low": 31, "high": "x", "written": 2}]}},
        "scoring.rows[1].high: expected a whole number, got 'x'",
    ),
    (
        {"base": "classic", "scoring": {"no_trik": 8}},
        "scoring.no_trik: no such field; fields are mode, rows, no_trick,",
    ),
    (
        {"base": "classic", "colour": "red"},
        "colour: no such field; fields are base, base_version, name, deck, seating,",
    ),
    ({"base": "classic", "play": {"mololdka": None}}, "play.mololdka: no such field; fields are kind, molodka"),
    ({"base": "classik"}, "base: no built-in ruleset is called 'classik' (did you mean classic?); the catalog has"),
    ({"base": ["classic"]}, "base: a built-in ruleset is named by text, such as 'classic', not ['classic'] (a list)"),
    (
        {"base": "classic", "scoring": {"mode": "bonus"}},
        "scoring.mode: expected one of 'penalty', 'credit', 'countdown'",
    ),
    ({"base": "classic", "trumps": {"shown": 1}}, "trumps.shown: expected one of 'none', 'middle_of_stock',"),
    ({"base": "classic", "trumps": {"fixed": "Q♣ X♠"}}, "trumps.fixed[1]: 'X♠' is not a card: write a rank"),
    ({"base": "classic", "trumps": {"fixed": ["Q♣", 12]}}, "trumps.fixed[1]: expected a card such as '10♥', got 12"),
    ({"base": "classic", "trumps": {"fixed": 7}}, "trumps.fixed: expected a list or cards as text, got 7"),
    ({"base": "classic", "trumps": {"plain_order": ["6", "Z"]}}, "trumps.plain_order[1]: expected a rank"),
    (
        {"base": "classic", "trumps": {"plain_order": ["6", "7"]}},
        "trumps: plain_order must list each of the nine ranks once",
    ),
    ({"base": "classic", "deck": "6♣ 7♣ 6♣"}, "deck: a deck holds each card once, but 6♣ appears twice"),
    ({"base": "classic", "deck": "6♣ 7♣ 6x"}, "deck[2]: '6x' is not a card"),
    ({"base": "classic", "deck": {"cards": 36}}, "deck: expected a list or cards as text, got {'cards': 36}"),
    ({"base": "classic", "match": {"target": True}}, "match.target: expected a whole number, got true"),
    ({"base": "classic", "match": {"target": 12.0}}, "match.target: expected a whole number, got 12.0"),
    ({"base": "classic", "match": {"titles": "eggs"}}, "match.titles: expected a list, got 'eggs'"),
    ({"base": "classic", "dealing": {"refill": "yes"}}, "dealing.refill: expected true or false, got 'yes'"),
    ({"base": "classic", "name": 5}, "name: expected text, got 5"),
    ({"base": "classic", "play": {"kind": "bridge"}}, "play.kind: expected one of 'beat_or_pass', 'follow_suit', got"),
    ({"base": "classic", "play": 3}, "play: expected a table of fields, got 3"),
    ({"base": "classic", "play": False}, "play: expected a table of fields, got false"),
    ({"base": "classic", "scoring": None}, "scoring: expected a table of fields, got null"),
    ({"base": "classic", "scoring": [1, 2]}, "scoring: expected a table of fields, got [1, 2]"),
    ({"base": "simple", "play": {"first_trick_suit": "purple"}}, "play.first_trick_suit: expected a suit such as"),
    (
        {"base": "classic", "dealing": {"hand_size": 0}},
        "dealing: hand_size must be a whole number from 1 to 36, not 0",
    ),
    ({"base": "classic", "dealing": {"hand_size": 3, "packet": 2}}, "dealing: a hand of 3 cannot be dealt in packets"),
    (
        {"base": "threesome", "talon": {"bidding": {"for_less": {"rows": [{"low": 5, "high": 3, "written": 1}]}}}},
        "talon.bidding.for_less.rows[0]: the row 5-3 is empty",
    ),
    ({"base": "threesome", "talon": {"bidding": {"for_less": None}}}, "talon.bidding: say how a hand"),
    ({"name": "x"}, "deck: missing; give it, or start from a built-in ruleset with 'base'"),
    ({"base": "simple", "play": {"kind": "beat_or_pass"}}, "simple: a redeal belongs to the follow-suit games"),
    ({"base": "simple", "play": None}, "play: cannot be null"),
    ({1: 2}, "1: no such field; fields are base, base_version, name,"),
]


@pytest.mark.parametrize(("data", "message"), ERRORS, ids=[message[:40] for _, message in ERRORS])
def test_every_problem_raises_a_ruleset_error_naming_the_field(data, message):
    with pytest.raises(RulesetError, match=re.escape(message)):
        from_data(data)


def test_not_a_table_is_refused():
    for data in ([1], "classic", None, 3):
        with pytest.raises(RulesetError, match="a ruleset is a table of fields"):
            from_data(data)


def test_an_inconsistent_override_raises_the_rulesets_own_error():
    with pytest.raises(RulesetError) as own:
        attrs.evolve(CLASSIC, name="house", dealing=Dealing(hand_size=10))
    with pytest.raises(RulesetError) as loaded:
        from_data({"base": "classic", "name": "house", "dealing": {"hand_size": 10}})
    assert str(loaded.value) == str(own.value) == "house: a deck of 36 cards cannot give 4 players 10 cards each"
    covers = r"classic: the scoring table covers 0-100 card points \(scoring\.rows\), but the deck"
    with pytest.raises(RulesetError, match=covers):
        from_data({"base": "classic", "scoring": {"rows": [{"low": 0, "high": 100, "written": 1}]}})


ENVELOPE_ERRORS = [
    ('{"kozel": "ruleset", "format": 2, "ruleset": {}}', "format: this kozel reads ruleset files of format 1, not 2 "),
    (
        '{"kozel": "ruleset", "format": "1", "ruleset": {}}',
        "format: this kozel reads ruleset files of format 1, not '1'",
    ),
    (
        '{"kozel": "ruleset", "format": true, "ruleset": {}}',
        "format: this kozel reads ruleset files of format 1, not true",
    ),
    ('{"kozel": "record", "format": 1, "ruleset": {}}', "kozel: this file holds 'record', not 'ruleset'"),
    ('{"kozel": "ruleset", "format": 1}', "ruleset: missing from the ruleset file"),
    ('{"kozel": "ruleset", "ruleset": {}}', "format: missing from the ruleset file"),
    ('{"kozel": "ruleset", "format": 1, "ruleset": {}, "x": 1}', "x: no such field in a ruleset file"),
    ('{"kozel": "ruleset", "format": 1, "ruleset": 5}', "a ruleset is a table of fields, got 5"),
    ('{"kozel": "ruleset", "format": 1, "ruleset": {"base": "hammer", "seating": 4}}', "seating: expected a table"),
    ("{", "not valid JSON: Expecting property name"),
    ('{"base": "classic", "base": "hammer"}', "not valid JSON: the key 'base' is given twice in one table"),
    ('{"base": "classic", "match": {"target": NaN}}', "not valid JSON: NaN is not a JSON value"),
    ("[1, 2]", "a ruleset is a table of fields, got [1, 2]"),
]


@pytest.mark.parametrize(("text", "message"), ENVELOPE_ERRORS, ids=[message[:40] for _, message in ENVELOPE_ERRORS])
def test_the_file_envelope_and_the_json_are_checked(text, message):
    with pytest.raises(RulesetError, match=re.escape(message)):
        kozel.loads_ruleset(text, format="json")


def test_a_newer_format_says_to_upgrade():
    with pytest.raises(RulesetError, match=r"a newer kozel wrote it: upgrade kozel"):
        kozel.loads_ruleset('{"kozel": "ruleset", "format": 2, "ruleset": {}}')


def test_bad_toml_and_bad_files_are_refused(tmp_path):
    with pytest.raises(RulesetError, match="not valid TOML"):
        kozel.loads_ruleset("base = ", format="toml")
    with pytest.raises(RulesetError, match="not valid TOML"):
        kozel.loads_ruleset('base = "classic"\nbase = "hammer"\n')
    with pytest.raises(RulesetError, match=r"match.target: expected a whole number, got datetime.date"):
        kozel.loads_ruleset('base = "classic"\n[match]\ntarget = 2024-01-01\n')
    with pytest.raises(RulesetError, match="no ruleset format is called 'yaml'"):
        kozel.loads_ruleset("{}", format="yaml")
    with pytest.raises(RulesetError, match="a ruleset is read from text, not from bytes"):
        kozel.loads_ruleset(b"{}")
    yaml = tmp_path / "house.yaml"
    yaml.write_text("base: classic\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"house.yaml: cannot tell the format from '.yaml'; name the file .json or"):
        kozel.load_ruleset(yaml)
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "classic"\n[scoring]\nno_trik = 8\n', encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad.toml: scoring.no_trik: no such field"):
        kozel.load_ruleset(bad)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"base": "classic", "name": "caf\xe9"}')
    with pytest.raises(RulesetError, match=r"latin.json: not UTF-8 text \(byte 0xe9 at offset 32\): save it as UTF-8$"):
        kozel.load_ruleset(latin)
    latin.write_bytes(b'\xef\xbb\xbf{"base": "classic", "name": "caf\xe9"}')  # the offset counts the byte order mark
    with pytest.raises(RulesetError, match=r"latin.json: not UTF-8 text \(byte 0xe9 at offset 35\)"):
        kozel.load_ruleset(latin)
    with pytest.raises(FileNotFoundError):
        kozel.load_ruleset(tmp_path / "missing.json")


def test_toml_on_python_3_10_without_tomli_says_what_to_install(monkeypatch):
    monkeypatch.setattr(sys, "version_info", (3, 10, 0, "final", 0))
    monkeypatch.setitem(sys.modules, "tomli", None)
    with pytest.raises(RulesetError, match=re.escape('needs tomli: pip install "kozel[toml]"')):
        kozel.loads_ruleset('base = "classic"\n', format="toml")


# The docs' examples -------------------------------------------------------------------------------


def test_the_docs_toml_example(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(_docs_example("house.toml"), encoding="utf-8")
    house = kozel.load_ruleset(path)
    assert house == attrs.evolve(
        CLASSIC,
        name="classic_16",
        scoring=attrs.evolve(CLASSIC.scoring, no_trick=8),
        match=MatchRule(target=16, titles=(Title.EGGS, Title.TAILS_OVER_TARGET)),
    )
    assert diff(CLASSIC, house) == tuple(_docs_example("house.diff").splitlines())


def test_the_docs_json_example():
    house = kozel.loads_ruleset(_docs_example("house.json"))
    pairs = kozel.variants.get("pairs")
    assert house == attrs.evolve(
        pairs,
        name="pairs_plain_deal",
        praise=None,
        redeal=attrs.evolve(pairs.redeal, reasons=(RedealReason.FEW_POINTS,), below_points=10),
        play=FollowSuit(winner=TrickWinner.MOST_POINTS),
    )


def test_the_big_card_values_of_the_ninety_card_game_as_a_house_variant():
    """The "90-card" game of the Russian collection: its card values and trumps on ``simple``'s 32 cards, written on
    ``simple``'s scale (its own thresholds, 2 from 75 and 4 above 100, would write both sides at once)."""
    rules = kozel.loads_ruleset(_docs_example("big_values.toml"), format="toml")
    simple = kozel.variants.get("simple")
    values = {str(card): rules.card_points(card) for card in rules.deck if card.suit is Suit.HEARTS}
    assert values == {"7♥": 0, "8♥": 0, "9♥": 0, "10♥": 10, "J♥": 6, "Q♥": 7, "K♥": 8, "A♥": 15}
    assert rules.total_points == 184
    assert rules.trumps.fixed == parse_cards("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ 10♣ 10♠ 10♥ 10♦")
    assert rules.scoring.rows == (ScoreRow(0, 92, 0), ScoreRow(93, 138, 2), ScoreRow(139, 184, 4))
    assert (rules.deck, rules.play, rules.match, rules.redeal) == (
        simple.deck,
        simple.play,
        simple.match,
        simple.redeal,
    )
    state = kozel.new_game(rules, seed=90)
    moves = 0
    while not state.is_over and moves < 5000:
        state = kozel.apply(state, kozel.legal_moves(state)[0])
        moves += 1
    assert state.hand_results
    assert all(sum(result.points) == 184 for result in state.hand_results)
    # A side is written only with more than half the points: every match ends with one winner and one goat.
    for seed in range(40):
        state = kozel.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        assert state.result is not None
        assert len(state.result.goats) == 1
        assert all(sum(written > 0 for written in result.written) <= 1 for result in state.hand_results)


# Diff ---------------------------------------------------------------------------------------------


def test_diff_says_each_change_in_table_words():
    house = from_data({"base": "classic", "name": "my_house", "scoring": {"no_trick": 8}, "match": {"target": 14}})
    assert diff(CLASSIC, house) == (
        "name: classic → my_house",
        "scoring: no trick written 6 → 8",
        "match: target 12 → 14",
    )
    assert diff(house, CLASSIC) == (
        "name: my_house → classic",
        "scoring: no trick written 8 → 6",
        "match: target 14 → 12",
    )


def test_diff_words_decks_seats_molodka_praise_and_versions():
    small = attrs.evolve(CLASSIC, deck=Deck.pack32())
    assert diff(CLASSIC, small) == ("deck: 36 cards (6-A) → 32 cards (7-A)",)
    reordered = attrs.evolve(CLASSIC, deck=Deck(reversed(Deck.pack36().cards)))
    (line,) = diff(CLASSIC, reordered)
    assert line.startswith("deck: 6♣ 7♣ 8♣")
    assert "→ A♦ K♦ Q♦" in line
    assert diff(CLASSIC, CLASSIC.for_players(3)) == (
        "seating: 4 players in 2 teams of 2 → 3 players, each for himself",
    )
    assert diff(CLASSIC, kozel.variants.get("hammer"))[1] == "molodka: any suit → trumps only"
    assert diff(CLASSIC, attrs.evolve(CLASSIC, play=BeatOrPass(molodka=None))) == ("molodka: any suit → none",)
    pairs = kozel.variants.get("pairs")
    assert diff(attrs.evolve(pairs, praise=None), pairs) == (
        "praise: none → regular, one by one, merry, mirror, mirror all, trump yourself, fishing, fishing all, "
        "trousers, pants double",
    )
    assert diff(CLASSIC, attrs.evolve(CLASSIC, version=2)) == ("version: 1 → 2",)
    assert diff(CLASSIC, attrs.evolve(CLASSIC, doc="Another text.")) == ()
    simple = kozel.variants.get("simple")
    assert diff(simple, from_data({"base": "simple", "catch": {"victim": "Q♣", "catcher": "7♣"}})) == (
        "catch: none → 7♣ catches Q♣, written 4",
    )
    assert diff(simple, from_data({"base": "simple", "play": {"first_trick_suit": None}})) == (
        "trick play: suit of the first trick ♦ → none",
    )
    assert diff(simple, from_data({"base": "simple", "scoring": {"all_tricks": {"clears_own": True}}})) == (
        "scoring: all tricks: clears own score no → yes",
    )


@pytest.mark.parametrize("rules", VARIANTS, ids=_ids)
def test_a_ruleset_does_not_differ_from_itself(rules):
    assert diff(rules, rules) == ()
    assert diff(rules, from_data(to_data(rules))) == ()


def test_different_rulesets_always_differ_in_words():
    for first in VARIANTS:
        for second in VARIANTS:
            lines = diff(first, second)
            assert (lines == ()) == (first == second)
            assert all(" → " in line for line in lines)


# Fuzz ---------------------------------------------------------------------------------------------

_WORDS = [
    *kozel.variants.names(),
    *(str(card) for card in Deck.pack36()),
    "kind", "beat_or_pass", "follow_suit", "penalty", "credit", "countdown", "eggs", "dry", "clockwise", "opener",
    "holder", "dealer", "left_of_dealer", "none", "last_dealt", "few_points", "regular", "merry", "♦", "diamonds",
]  # fmt: skip
_KEYS = sorted({key for rules in BUILT_INS for key in to_data(rules)} | {"base", "kind", "kozel", "format", "ruleset"})
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-2, 200)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(_WORDS)
)
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=6), inner),
    max_leaves=12,
)


def _holds(outcome: object) -> None:
    """``outcome`` is a ruleset that reads back exactly from its own data, or it is a RulesetError."""
    if isinstance(outcome, RulesetError):
        return
    assert isinstance(outcome, Ruleset), outcome
    assert from_data(to_data(outcome)) == outcome
    assert kozel.loads_ruleset(dumps_ruleset(outcome)) == outcome


def _try(load, *args, **kwargs) -> object:
    try:
        return load(*args, **kwargs)
    except RulesetError as error:
        return error


@settings(max_examples=examples(300))
@given(st.text() | JSON_VALUES.map(json.dumps) | st.sampled_from([dumps_ruleset(CLASSIC), '{"base": "hammer"}']))
def test_any_json_text_gives_a_ruleset_or_a_ruleset_error(text):
    _holds(_try(kozel.loads_ruleset, text, format="json"))


_TOML_PIECES = st.sampled_from(
    ['base = "classic"\n', "[scoring]\n", "no_trick = 8\n", "[match]\n", "target = 16\n", "= ", "[[x]]\n", '"', "\n"]
)


@settings(max_examples=examples(300))
@given(st.text() | st.lists(_TOML_PIECES | st.text(max_size=8)).map("".join))
def test_any_toml_text_gives_a_ruleset_or_a_ruleset_error(text):
    _holds(_try(kozel.loads_ruleset, text, format="toml"))


def _paths(data: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _at(data: object, path: tuple) -> object:
    for step in path:
        data = data[step]
    return data


def _like(value: object) -> st.SearchStrategy:
    """Values of the same JSON type as ``value``, so that more changed rulesets are still rulesets."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-1, 130)
    if isinstance(value, str):
        return st.sampled_from(_WORDS) | st.text(max_size=4)
    if isinstance(value, list) and value:
        return st.lists(_like(value[0]), max_size=len(value) + 1)
    return JSON_VALUES


def _replace(data: object, path: tuple, value: object) -> object:
    if not path:
        return value
    copy = data.copy()
    copy[path[0]] = _replace(data[path[0]], path[1:], value)
    return copy


@settings(max_examples=examples(500))
@given(st.sampled_from(VARIANTS), st.data())
def test_one_changed_field_gives_a_ruleset_or_a_ruleset_error(rules, data):
    original = to_data(rules)
    path = data.draw(st.sampled_from(_paths(original)[1:]), label="path")
    value = data.draw(JSON_VALUES | _like(_at(original, path)), label="value")
    changed = _replace(original, path, value)
    if data.draw(st.booleans(), label="as a house variant"):
        changed = {"base": rules.name, path[0]: changed[path[0]]} if rules.name in kozel.variants.names() else changed
    outcome = _try(from_data, changed)
    _holds(outcome)
    if isinstance(outcome, Ruleset):
        assert (diff(rules, outcome) == ()) == (rules == outcome)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ({"praise": {"choices": ["regular", "regular"]}}, "praise: choices must be a list of at least one PraiseKind"),
        ({"match": {"titles": ["eggs", "eggs"]}}, "match: titles must be a list of Title"),
        ({"redeal": {"reasons": ["no_queen", "no_queen"]}}, "redeal: reasons must be a list of at least one"),
    ],
)
def test_a_choice_named_twice_in_a_list_is_refused_not_dropped(field, value):
    base = "pairs" if "praise" in field else "six_of_clubs" if "redeal" in field else "classic"
    with pytest.raises(RulesetError, match=re.escape(value) + r".*each at most once"):
        kozel.loads_ruleset(json.dumps({"base": base, **field}))


def test_a_ruleset_file_is_a_regular_file_of_at_most_a_mebibyte(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    (tmp_path / "folder.json").mkdir()
    big = tmp_path / "big.toml"
    big.write_text('base = "classic"\n' + "# padding\n" * (limits.MAX_RULESET_BYTES // 10 + 1), encoding="utf-8")
    for path in (fifo, tmp_path / "folder.json"):  # the FIFO would block forever if it were opened
        with pytest.raises(RulesetError, match="not a regular file"):
            kozel.load_ruleset(path)
    with pytest.raises(RulesetError, match="larger than a ruleset file may be, 1 MiB"):
        kozel.load_ruleset(big)
    if Path("/dev/zero").exists():
        (tmp_path / "zero.toml").symlink_to("/dev/zero")
        with pytest.raises(RulesetError, match="not a regular file"):
            kozel.load_ruleset(tmp_path / "zero.toml")
    just = tmp_path / "just.toml"
    just.write_text('base = "classic"\n', encoding="utf-8")
    assert kozel.load_ruleset(just) == kozel.variants.get("classic")
