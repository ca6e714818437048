"""Saved matches keep their rules: a document pins the version of its base, a record says how many moves it holds,
and a house file that changes a built-in's rules gives them a name of its own."""

from __future__ import annotations

import json
import types

import attrs
import pytest

import kozel
import kozel.variants
from kozel import NotationError, RulesetError, StateError
from kozel.forms import compact, from_data
from kozel.record import dumps, from_json, loads, read, to_json

CLASSIC = kozel.variants.get("classic")


def played(rules: kozel.Ruleset, moves: int, seed: int = 3) -> kozel.GameState:
    """A match of ``rules`` after ``moves`` moves, each the first legal one."""
    state = kozel.new_game(rules, seed=seed)
    for _ in range(moves):
        state = kozel.apply(state, kozel.legal_moves(state)[0])
    return state


# base_version -------------------------------------------------------------------------------------

PINNED = r"^base_version: written against version 1 of 'classic'; this kozel has version 2 of it, so the fields not"


def test_compact_writes_the_version_of_its_base():
    assert compact(CLASSIC) == {"base": "classic", "base_version": 1}
    house = attrs.evolve(CLASSIC, name="house", version=5, match=attrs.evolve(CLASSIC.match, target=8))
    data = compact(house)
    assert (data["base"], data["base_version"], data["version"]) == ("classic", 1, 5)
    assert from_data(data) == house


def test_data_against_another_version_of_its_base_is_refused():
    with pytest.raises(RulesetError, match=r"^base_version: written against version 2 of 'classic'; this kozel has"):
        from_data({"base": "classic", "base_version": 2})
    assert from_data({"base": "classic", "base_version": 1}) == CLASSIC
    assert from_data({"base": "classic"}) == CLASSIC  # a file written by hand need not pin its base


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"base_version": 1, "name": "x"}, "base_version: given without 'base'"),
        ({"base": "classic", "base_version": True}, "base_version: expected a whole number, got true"),
        ({"base": "classic", "base_version": "1"}, "base_version: expected a whole number, got '1'"),
        (
            {"base": "classic", "base_version": 0},
            r"base_version: expected a whole number from 1 \(the built-in's version\), got 0$",
        ),
        (
            {"base": "classic", "base_version": -3},
            r"base_version: expected a whole number from 1 \(the built-in's version\), got -3$",
        ),
    ],
)
def test_a_base_version_that_pins_nothing_is_refused(data, message):
    with pytest.raises(RulesetError, match=f"^{message}"):
        from_data(data)


def test_a_base_version_of_thousands_of_digits_is_shown_cut():
    with pytest.raises(RulesetError) as refused:
        from_data({"base": "classic", "base_version": 10**4000})
    assert str(refused.value).startswith("base_version: written against version 1000000")
    assert "..." in str(refused.value)
    assert len(str(refused.value)) < 400


def test_state_and_view_documents_pin_their_base(monkeypatch):
    state = played(CLASSIC, 5)
    documents = {"state": to_json(state), "view": to_json(kozel.observe(state, 1))}
    assert from_json(documents["state"]) == state
    later = attrs.evolve(CLASSIC, version=2, match=attrs.evolve(CLASSIC.match, target=16))
    monkeypatch.setattr(kozel.variants, "CATALOG", types.MappingProxyType({**kozel.variants.CATALOG, "classic": later}))
    for what, text in documents.items():
        with pytest.raises(
            StateError, match=rf"^{what}\.ruleset: base_version: written against version 1 of 'classic'"
        ):
            from_json(text)


def test_a_record_of_a_house_ruleset_with_its_own_version_pins_its_base(monkeypatch):
    # The house ruleset's own version travels in its changes, so RulesetVersion cannot see the base change.
    house = attrs.evolve(CLASSIC, name="mine", version=5, match=attrs.evolve(CLASSIC.match, target=16))
    record = dumps(played(house, 8))
    assert loads(record).ruleset == house
    later = attrs.evolve(CLASSIC, version=2, scoring=attrs.evolve(CLASSIC.scoring, no_trick=8))
    monkeypatch.setattr(kozel.variants, "CATALOG", types.MappingProxyType({**kozel.variants.CATALOG, "classic": later}))
    with pytest.raises(StateError, match=r"^the RulesetData header: base_version: written against version 1"):
        loads(record)


def test_documents_written_before_base_version_still_read():
    state = played(CLASSIC.for_players(3), 4)
    data = json.loads(to_json(state))
    assert data["state"]["ruleset"].pop("base_version") == 1
    assert from_json(json.dumps(data, ensure_ascii=False)) == state
    house = attrs.evolve(CLASSIC, name="mine", match=attrs.evolve(CLASSIC.match, target=16))
    record = dumps(played(house, 4)).replace('\\"base_version\\":1,', "")
    assert "base_version" not in record
    assert loads(record).ruleset == house


# A ruleset named after its base -----------------------------------------------------------------------


def test_a_ruleset_changed_without_a_new_name_round_trips_through_kozel_s_own_documents():
    evolved = attrs.evolve(CLASSIC, match=attrs.evolve(CLASSIC.match, target=16))  # still called 'classic'
    state = played(evolved, 6)
    assert from_json(to_json(state)) == state
    assert from_json(to_json(kozel.observe(state, 2))) == kozel.observe(state, 2)
    assert loads(dumps(state)) == state
    assert from_json(to_json(evolved)) == evolved
    assert kozel.loads_ruleset('{"base": "classic", "match": {"target": 16}}') == evolved


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_file_that_changes_its_base_without_a_name_is_refused(tmp_path, suffix):
    path = tmp_path / f"house{suffix}"
    text = 'base = "classic"\n[match]\ntarget = 16\n'
    path.write_text(text if suffix == ".toml" else '{"base": "classic", "match": {"target": 16}}', encoding="utf-8")
    with pytest.raises(
        RulesetError,
        match=r"house\.(toml|json): name: not given, so taken from 'base': 'classic' is the name of a built-in "
        r"ruleset, but these rules differ from it \(match: target 12 → 16\); give the house ruleset a name of its own$",
    ):
        kozel.load_ruleset(path)
    named = 'name = "classic_16"\n' + text if suffix == ".toml" else '{"base": "classic", "name": "classic_16"}'
    path.write_text(named, encoding="utf-8")
    assert kozel.load_ruleset(path).name == "classic_16"


def test_a_file_that_only_seats_its_base_or_copies_it_keeps_its_name(tmp_path):
    path = tmp_path / "six.toml"
    path.write_text('base = "classic"\n[seating]\nplayers = 6\nsides = 2\n', encoding="utf-8")
    assert kozel.load_ruleset(path) == CLASSIC.for_players(6)
    path.write_text('base = "classic"\n', encoding="utf-8")
    assert kozel.load_ruleset(path) == CLASSIC


# The Moves header ---------------------------------------------------------------------------------


def test_a_record_says_how_many_moves_it_holds():
    state = played(CLASSIC, 60)
    record = dumps(state)
    assert '[Moves "60"]' in record.splitlines()
    assert loads(record) == state


def test_a_record_cut_short_is_refused():
    record = dumps(played(CLASSIC, 60))
    lines = record.splitlines()
    assert lines[-1] == "end"
    cut = "\n".join(lines[:-20]) + "\n"  # its last lines lost, the end among them
    with pytest.raises(StateError, match=r"^the record has a Moves header but no last line 'end'.*cut short"):
        loads(cut)
    lost = "\n".join([*lines[:-21], "end"]) + "\n"  # moves lost before the end: the count shows it
    held = len(read(lost.replace('[Moves "60"]\n', "").replace('[Format "1"]\n', "")).moves)
    with pytest.raises(
        StateError,
        match=rf"^the Moves header says 60, but the record holds {held} moves \(cut short\?\); find the whole",
    ):
        loads(lost)
    with pytest.raises(StateError, match=r"^the Moves header says 60, but the record holds 0 moves \(cut short\?\)"):
        loads(record.split("\n\n")[0] + "\nend\n")  # the headers alone, and the end


def test_a_record_cut_inside_its_last_line_is_refused():
    # Cut inside its last move, a record can hold as many moves, its last another legal one: "1 lead 7♥ K♥" read
    # as "1 lead 7♥".  A record with a Moves header ends with the line "end", so the cut shows.
    state = kozel.apply(kozel.new_game(CLASSIC, seed=7), kozel.parse_move("1 lead 7♥ K♥"))
    record = dumps(state)
    assert record.endswith("\n1 lead 7♥ K♥\nend\n")
    cut = record[: record.rindex(" K♥")]
    by_hand = cut.replace('[Moves "1"]\n', "").replace('[Format "1"]\n', "")  # as a record written by hand may be
    assert read(by_hand).state.moves == (kozel.parse_move("1 lead 7♥"),)
    with pytest.raises(StateError, match=r"^the record has a Moves header but no last line 'end', which every"):
        loads(cut)
    with pytest.raises(NotationError, match=r"'en' is not a move"):
        loads(record[: record.rindex("end")] + "en")  # the end itself cut: no end, and "en" is no move
    assert loads(record.strip()) == state  # a record copied without its last line break is whole
    assert loads(record.replace("\n", "\r\n") + "  \n; a comment after the end\n") == state


def test_only_comments_follow_a_records_end():
    state = played(CLASSIC, 4)
    record = dumps(state)
    with pytest.raises(NotationError, match=r"^line \d+: the record ended at line \d+ \('end'\); only comments"):
        loads(record + str(played(CLASSIC, 5).moves[-1]) + "\n")
    with pytest.raises(NotationError, match=r"only comments may follow its end"):
        loads(record + "end\n")


def test_a_record_without_the_moves_header_reads_as_before():
    state = played(CLASSIC, 30)
    record = dumps(state)
    assert loads(record.replace('[Moves "30"]\n', "").replace('[Format "1"]\n', "")) == state


def test_a_record_cut_short_among_its_headers_is_refused_not_read_as_a_new_match():
    record = dumps(played(CLASSIC, 30))
    headers = record.split("\n\n")[0].splitlines()
    assert headers[1] == '[Format "1"]'
    refused = 0
    for kept in range(len(headers)):  # every cut at the end of a header line
        cut = "\n".join(headers[: kept + 1]) + "\n"
        with pytest.raises(StateError):
            loads(cut)
        refused += 1
    assert refused == len(headers)
    cut = "\n".join(headers[: headers.index('[Moves "30"]')]) + "\n"
    with pytest.raises(
        StateError, match=r"^the record has a Format header, as every record kozel writes, but no Moves"
    ):
        loads(cut)
    with pytest.raises(StateError, match=r"no Moves header: it was cut short among its headers"):
        loads(record.replace('[Moves "30"]\n', ""))


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ('[Moves "61"]', r"^the Moves header says 61, but the record holds 60 moves \(cut short\?\)"),
        ('[Moves "59"]', r"^the Moves header says 59, but the record holds 60 moves \(moves added after it"),
        ('[Moves "sixty"]', r"^the Moves header is a whole number of 0 or more in the digits 0-9, not 'sixty'"),
        ('[Moves "-1"]', r"^the Moves header is a whole number of 0 or more"),
    ],
)
def test_a_moves_header_that_does_not_count_the_moves_is_refused(header, message):
    record = dumps(played(CLASSIC, 60)).replace('[Moves "60"]', header)
    with pytest.raises(StateError, match=message):
        loads(record)


def test_a_record_cut_inside_its_last_move_says_it_may_be_cut_short():
    state = kozel.apply(kozel.new_game(CLASSIC, seed=7), kozel.parse_move("1 lead 7♥ K♥"))
    record = dumps(state)
    cut = record[: record.rindex("1 lead")] + "1"
    with pytest.raises(
        NotationError, match=r"'1' is not a move: .*\(the record's last line, and it has a Moves header"
    ):
        loads(cut)
    with pytest.raises(NotationError) as refused:  # a bad line that is not the last: no such guess
        loads(record.replace("1 lead 7♥ K♥\n", "1\n1 lead 7♥ K♥\n"))
    assert "cut short" not in str(refused.value)
