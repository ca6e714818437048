"""Rule sheets: ``kozel.forms.sheet`` says each ruleset's rules from its fields; ``kozel rules`` prints them."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import attrs
import pytest

import kozel
from kozel.cli import rules_command
from kozel.forms.pages import GENERATED, catalog, main, pages, write_pages
from kozel.forms.sheet import SOURCES, sheet
from kozel.rules import MatchRule

ROOT = Path(__file__).parent.parent
PAGES = ROOT / "docs" / "rules"
REGENERATE = "python -m kozel.forms.pages --write docs/rules"


def _sheet(name: str) -> str:
    return sheet(kozel.variants.get(name))


def _section(text: str, heading: str) -> str:
    """The text under ``## heading``, up to the next heading."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found, f"no section {heading!r}"
    return found.group(1)


def _rows(text: str) -> list[tuple[str, ...]]:
    """The cells of every Markdown table row in ``text``, header and rule rows left out."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not set(line) <= set("|-: "):
            rows.append(tuple(cell.strip() for cell in line.strip("|").split("|")))
    return rows


def _flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces made single spaces (sheets wrap long lines)."""
    return " ".join(text.split())


# -- the sheet, ruleset by ruleset ---------------------------------------------------------------------


def test_classic_scoring_table_and_sections():
    text = _sheet("classic")
    assert text.startswith("# classic\n\nThe 36-card game of four-card hands")
    scoring = _section(text, "Scoring")
    assert _rows(scoring) == [
        ("card points", "written"),
        ("0-30", "4"),
        ("31-60", "2"),
        ("61-120", "0"),
        ("no trick", "6"),
    ]
    assert "Penalty points, written on the losers" in _flat(scoring)
    assert "two sides with 60 card points each (60-60) are eggs; neither is written anything." in _flat(scoring)
    assert "dealt again" not in scoring
    players = _flat(_section(text, "Players"))
    assert "4 players in 2 teams of 2, partners opposite: seats 0+2 against 1+3." in players
    assert ("9 8 7 6", "0") in _rows(_section(text, "Deck and card points"))
    assert ("A", "11") in _rows(_section(text, "Deck and card points"))
    assert "36 cards (6-A); together they count 120 card points." in _flat(text)
    trumps = _flat(_section(text, "Trumps"))
    assert "the middle card of the stock is shown" in trumps
    assert "The cards of the trump suit, high to low: A 10 K Q J 9 8 7 6." in trumps
    assert "High to low, in every suit: A 10 K Q J 9 8 7 6." in _flat(_section(text, "Rank inside a suit"))
    deal = _flat(_section(text, "The deal"))
    assert "4 cards each, dealt one card at a time clockwise from the dealer's left, the dealer last." in deal
    assert "The other 20 cards are the stock, face down." in deal
    assert "the trick winner first and then clockwise, until all hold 4 again" in deal
    play = _flat(_section(text, "Trick play"))
    assert play.startswith("- Beat or pass.")
    assert "Molodka (any suit): a player whose whole hand is 4 cards of one suit" in play
    lead = _flat(_section(text, "Who leads"))
    assert "First hand of the match: the player left of the dealer leads." in lead
    assert "Every later hand: the player who took the last trick of the previous hand leads." in lead
    assert _flat(_section(text, "Not played")) == "No trump transfer, no catch, no redeal, no praise deals, no talon."
    match = _flat(_section(text, "Match"))
    assert "A side that reaches 12 written points is the goat" in match
    assert '"goat with eggs": the match had an eggs hand.' in match


def test_the_doc_and_its_source_close_the_sheet():
    text = _sheet("classic")
    words = _section(text, "In words")
    assert "Readings taken: the source text gives 31-59 for 2 points" in _flat(words)
    assert "changes it" not in words  # a built-in ruleset is its own text
    assert "Source:" not in words  # the source paragraph moves to Sources
    sources = _flat(_section(text, "Sources"))
    assert sources.startswith(
        "Source: the Russian yard rules of Goat for four cards, read in Ukrainian, Spanish and Galician"
    )
    assert f"the [Sources]({SOURCES}) page of the docs says what each one is" in sources
    assert text.index("\n## Sources\n") > text.index("\n## In words\n")
    assert text.rstrip().endswith("which rulesets were written from it.")
    pairs = _flat(_section(_sheet("pairs"), "Sources"))
    assert 'Source: a Russian collection of Goat variants, read in English translation: its section "Goat four"' in (
        pairs
    )


def test_every_built_in_sheet_names_a_source_of_the_sources_page():
    page = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    headings = [line[3:].lower() for line in page.splitlines() if line.startswith("## ")]
    assert len(headings) == 3
    for name in kozel.variants.names():
        source = _flat(_section(_sheet(name), "Sources")).lower()
        assert any(heading in source for heading in headings), name
        assert f"(rules/{name}.md)" in page, f"docs/sources.md does not say where {name} comes from"


def test_the_docs_pages_link_the_sources_page_by_its_path():
    for name, text in pages().items():
        sources = _section(text, "Sources")
        assert "[Sources](../sources.md)" in sources, name
        assert SOURCES not in text
    assert (PAGES / ".." / "sources.md").is_file()


def test_a_house_text_with_its_own_source_is_not_sent_to_the_built_in_sources():
    house = attrs.evolve(
        kozel.variants.get("classic"),
        name="grandma",
        doc="grandma: classic as my grandmother plays it.\n\nSource: her own words.\n\nShe leads.\n",
    )
    text = sheet(house)
    assert _flat(_section(text, "Sources")) == "Source: her own words."
    assert _flat(_section(text, "In words")) == "She leads."
    inherited = sheet(attrs.evolve(kozel.variants.get("classic"), name="house"))
    assert f"[Sources]({SOURCES})" in _section(inherited, "Sources")


def test_hammer_molodka_is_a_trump_hammer_and_the_dealer_leads():
    text = _flat(_sheet("hammer"))
    assert 'Molodka (trumps only): a player whose whole hand is 4 trumps (a "trump hammer")' in text
    assert "4 cards of a plain suit are an ordinary lead." in text
    assert "First hand of the match: the dealer leads. - Every later hand: the dealer leads." in text


def test_pairs_permanent_trumps_praise_redeal_and_credit():
    text = _sheet("pairs")
    trumps = _flat(_section(text, "Trumps"))
    assert "Permanent trumps, high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦." in trumps
    assert "none is shown; the permanent trumps are the only trumps" in trumps
    ranks = _flat(_section(text, "Rank inside a suit"))
    assert "High to low, ♣ ♠ ♥: A 10 K 9 8 7." in ranks
    assert "♦: every card is a trump." in ranks
    assert "8 cards each, dealt 4 cards at a time" in _flat(_section(text, "The deal"))
    assert "First hand of the match: the player holding A♦ leads." in _flat(_section(text, "Who leads"))
    praise = _flat(_section(text, "Praise deals"))
    assert "- regular: the usual deal, no praise" in praise
    assert "- pants double:" in praise
    assert len(re.findall(r"^- ", _section(text, "Praise deals"), re.M)) == len(kozel.rules.PraiseKind)
    redeal = _flat(_section(text, "Redeal"))
    assert "a player whose hand counts fewer than 13 card points" in redeal
    assert "a side that holds no queen but Q♦ (or none)" in redeal
    assert "Not after a praise deal." in redeal
    assert "A side may call 2 redeals in a row; calling once more is refused and loses the hand:" in redeal
    assert "the other side gets 2." in redeal
    transfer = _flat(_section(text, "Trump transfer"))
    assert "A player holding exactly 1 trump may hand it to the partner face down" in transfer
    assert "after the deal, before the next lead" in transfer
    assert '"spectacled"' in transfer
    scoring = _section(text, "Scoring")
    assert _rows(scoring)[1:] == [("0-60", "0"), ("61-90", "2"), ("91-120", "4")]
    assert "Credit points, written for the winners" in _flat(scoring)
    assert "neither gets anything, and the hand is dealt again by the same dealer." in _flat(scoring)
    assert "wins the match at once when the opponents have nothing written" in _flat(scoring)
    match = _flat(_section(text, "Match"))
    assert "The first side to reach 12 written points wins the match; the other sides are the goats." in match
    assert '"goat with tails": the winners stood at 10 before the final hand' in match


def test_threesome_talon_and_bidding():
    text = _sheet("threesome")
    assert "3 players, each for himself." in _section(text, "Players")
    assert "Then 2 cards to the talon, face down (see Talon and bidding)." in _flat(_section(text, "The deal"))
    talon = _section(text, "Talon and bidding")
    flat = _flat(talon)
    assert '2 cards are dealt aside after the hands, face down: the talon ("buy-in").' in flat
    assert "each player may take the talon" in flat
    assert "lays 2 cards away face down (they count for him)" in flat
    assert "The declarer wins with more than 60 card points" in flat
    assert 'Nobody takes the talon: the hand is played "for less", each for himself.' in flat
    assert "The talon's top card is shown; the first lead of a hand nobody took the talon for must be" in flat
    assert "When nobody takes it, the talon goes to whoever takes the last trick." in flat
    assert _rows(talon) == [
        ("card points", "written"),
        ("0-30", "0"),
        ("31-60", "2"),
        ("61-90", "4"),
        ("91-120", "6"),
    ]
    assert "A side that takes every trick is the goat at once." in flat
    assert "No eggs" in flat
    assert "No trump transfer, no catch, no redeal, no praise deals." in _flat(_section(text, "Not played"))


def test_fifteen_over_trumps_and_countdown():
    text = _sheet("fifteen")
    trumps = _flat(_section(text, "Trumps"))
    assert "the top card of the talon is shown" in trumps
    assert "Permanent trumps, high to low, above every card of the trump suit: J♣." in trumps
    assert "Over-trumps, high to low: J♠ J♥. Each keeps its own suit and heads it" in trumps
    ranks = _flat(_section(text, "Rank inside a suit"))
    assert "High to low, ♠ ♥: J A 10 K Q 9 8 7." in ranks
    assert "High to low, ♦: A 10 K Q J 9 8 7." in ranks
    assert "each card that beats the card winning it so far takes it over" in _flat(_section(text, "Trick play"))
    assert "## Talon\n" in text
    assert "## Talon and bidding" not in text
    scoring = _section(text, "Scoring")
    assert _rows(scoring) == [("card points", "counted off"), ("0-60", "0"), ("61-120", "2")]
    assert "When the losing side is the dealer's, the winner counts 1 off instead of its row." in _flat(scoring)
    match = _flat(_section(text, "Match"))
    assert "Every side starts at 12 and counts its points off. The first side down to 0 wins the match" in match


def test_six_of_clubs_catch_and_special_leads():
    text = _sheet("six_of_clubs")
    catch = _flat(_section(text, "Catch"))
    assert catch.startswith("- 6♣ catches Q♣: when both lie in one trick, played by opposing sides")
    assert "No card points are counted; the side that played Q♣ is written 4." in catch
    assert "Permanent trumps, high to low: 6♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣." in _flat(text)
    assert "High to low, ♠ ♥ ♦: A 10 K 6." in _flat(_section(text, "Rank inside a suit"))
    assert "24 cards (A K Q J 10 6 of each suit); together they count 120 card points." in text
    assert "First hand of the match: the player holding A♦ leads A♦." in _flat(_section(text, "Who leads"))
    assert "dealt by the player who opened the last hand" in _flat(_section(text, "The deal"))
    assert "(trumps, when he holds no plain card)" in _flat(_section(text, "Trump transfer"))
    assert "Not in the first hand of a match." in _section(text, "Redeal")
    scoring = _section(text, "Scoring")
    assert _rows(scoring)[1:] == [("0-29", "4"), ("30-60", "2"), ("61-120", "0")]
    assert "has its own written points wiped out" in _flat(scoring)
    assert 'the other side is written 12 ("blind")' in _flat(scoring)
    match = _flat(_section(text, "Match"))
    assert '"dry goat": the winners have nothing written.' in match
    assert '"blind goat"' in match
    assert '"goat with tails": the goat ended over 12.' in match


def test_six_players_catch_is_credited_to_the_catchers():
    text = _sheet("six_players")
    assert "6 players in 2 teams of 3, seated alternately: seats 0+2+4 against 1+3+5." in _flat(text)
    assert "No card points are counted; the side that played 6♣ gets 4." in _flat(_section(text, "Catch"))


def test_seven_of_clubs_leads_and_catch():
    text = _sheet("seven_of_clubs")
    lead = _flat(_section(text, "Who leads"))
    assert "The first lead of the match must be a plain card." in lead
    assert "The side whose player opened the previous hand may not open this hand with a trump." in lead
    assert "first swaps one trump with the partner for a plain card" in lead
    assert "7♣ catches Q♣" in _section(text, "Catch")
    assert _rows(_section(text, "Scoring"))[1:] == [("0-60", "2"), ("61-120", "0")]
    assert 'No titles besides "goat".' in _section(text, "Match")


def test_simple_shown_suit_under_permanent_trumps_first_trick_and_sets():
    text = _sheet("simple")
    trumps = _flat(_section(text, "Trumps"))
    assert "the last card dealt (the dealer's last card) is shown" in trumps
    assert "Permanent trumps, high to low, above every card of the trump suit: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦." in trumps
    assert "Then the other cards of the trump suit, high to low: A 10 K 9 8 7." in trumps
    play = _flat(_section(text, "Trick play"))
    assert "First trick of a hand: everyone, the leader too, must play a ♦ (Q♦ J♦, permanent trumps" in play
    assert "fewer than 13 card points" in _section(text, "Redeal")
    assert ("all tricks", "5") in _rows(_section(text, "Scoring"))
    match = _flat(_section(text, "Match"))
    assert "The first side to reach 14 written points wins a set" in match
    assert "The first side to win 2 sets wins the match" in match


def test_hammer_clubs_transfer_after_each_draw():
    text = _sheet("hammer_clubs")
    transfer = _flat(_section(text, "Trump transfer"))
    assert "A player holding exactly 1 or 2 trumps may hand all of them to the partner face down" in transfer
    assert "It may be done after each draw from the stock" in transfer
    assert "♣: every card is a trump." in _section(text, "Rank inside a suit")


def test_every_built_in_sheet_has_every_section_once():
    headings = ["Players", "Deck and card points", "Trumps", "Rank inside a suit", "The deal", "Trick play"]
    headings += ["Who leads", "Scoring", "Match", "In words", "Sources"]
    for name in kozel.variants.names():
        text = _sheet(name)
        for heading in headings:
            assert text.count(f"\n## {heading}\n") == 1, (name, heading)
        assert text.endswith("\n")
        assert not text.endswith("\n\n")


# -- house rulesets --------------------------------------------------------------------------------------


def test_a_house_ruleset_shows_its_own_values_and_what_it_changes():
    classic = kozel.variants.get("classic")
    house = attrs.evolve(classic, name="house", match=MatchRule(target=16))
    text = sheet(house)
    assert text.startswith("# house\n\nA ruleset based on `classic`: the 36-card game")
    assert "A side that reaches 16 written points is the goat" in _flat(_section(text, "Match"))
    assert "12 written points" not in text
    words = _section(text, "In words")
    assert "The text below is that of the built-in `classic`; this ruleset changes it:" in _flat(words)
    assert "- match: target 12 → 16" in words
    assert "- name: classic → house" in words


def test_a_ruleset_for_other_players():
    text = sheet(kozel.variants.get("classic").for_players(3))
    assert "3 players, each for himself." in _section(text, "Players")
    assert "Seats are numbered 0 to 2 clockwise" in _flat(text)
    assert "The other 24 cards are the stock" in _flat(text)
    assert "- seating: 4 players in 2 teams of 2 → 3 players, each for himself" in _section(text, "In words")
    text = sheet(kozel.variants.get("classic").for_players(2))
    assert "Seats are numbered 0 and 1 clockwise" in _flat(text)


def test_a_ruleset_without_text():
    house = attrs.evolve(kozel.variants.get("seven_of_clubs"), name="bare", doc="")
    text = sheet(house)
    assert text.startswith("# bare\n\nRules version 1.")
    assert "This ruleset has no text of its own." in _section(text, "In words")
    assert "## Sources" not in text


# -- the catalog -----------------------------------------------------------------------------------------


def test_the_catalog_lists_every_ruleset_with_players_and_summary():
    rows = _rows(catalog())
    assert rows[0] == ("name", "players", "what it is")
    assert [row[0] for row in rows[1:]] == [f"`{name}`" for name in kozel.variants.names()]
    by_name = {row[0].strip("`"): row for row in rows[1:]}
    assert by_name["classic"][1:] == (
        "4, 2 teams of 2",
        "The 36-card game of four-card hands, a trump suit shown from the stock, beat or pass, and molodka.",
    )
    assert by_name["threesome"][1] == "3, each for himself"
    assert by_name["six_players"][1] == "6, 2 teams of 3"


# -- the command -----------------------------------------------------------------------------------------


def _run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="kozel")
    rules_command.add_parser(parser.add_subparsers(dest="command", required=True))
    out, err = io.StringIO(), io.StringIO()
    status = rules_command.run(parser.parse_args(["rules", *argv]), out, err)
    return status, out.getvalue(), err.getvalue()


def test_rules_alone_lists_the_catalog():
    status, out, err = _run()
    assert (status, err) == (0, "")
    assert out.startswith(catalog())
    assert "kozel rules NAME" in out


def test_rules_name_prints_the_sheet():
    assert _run("classic") == (0, _sheet("classic"), "")
    assert _run("threesome") == (0, _sheet("threesome"), "")


def test_rules_players_prints_the_sheet_for_that_seating():
    status, out, err = _run("classic", "--players", "3")
    assert (status, err) == (0, "")
    assert out == sheet(kozel.variants.get("classic").for_players(3))
    assert "3 players, each for himself." in out


def test_rules_from_a_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('base = "classic"\nname = "classic_16"\n\n[match]\ntarget = 16\n', encoding="utf-8")
    status, out, err = _run(str(path))
    assert (status, err) == (0, "")
    assert out.startswith("# classic_16\n")
    assert "A side that reaches 16 written points is the goat" in _flat(out)
    json_path = tmp_path / "house.json"
    json_path.write_text(kozel.forms.dumps_ruleset(kozel.variants.get("pairs")), encoding="utf-8")
    assert _run(str(json_path)) == (0, _sheet("pairs"), "")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ("nope",),
            "kozel rules: no built-in ruleset is called 'nope'; the catalog has classic, hammer, hammer_clubs, "
            "seven_of_clubs, pairs, six_players, six_of_clubs, simple, threesome, fifteen; or name a house ruleset "
            "file ending .toml or .json\n",
        ),
        (
            ("sevens",),
            "kozel rules: no built-in ruleset is called 'sevens' (did you mean seven_of_clubs?); the catalog has "
            "classic, hammer, hammer_clubs, seven_of_clubs, pairs, six_players, six_of_clubs, simple, threesome, "
            "fifteen; or name a house ruleset file ending .toml or .json\n",
        ),
        (("missing.toml",), "kozel rules: cannot read the ruleset file missing.toml: No such file or directory\n"),
    ],
)
def test_an_unknown_name_is_a_one_line_error_naming_the_catalog(argv, says):
    assert _run(*argv) == (2, "", says)


def test_a_bad_file_or_seating_is_a_one_line_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('base = "classic"\n[match]\ntarget = "x"\n', encoding="utf-8")
    status, out, err = _run(str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"kozel rules: {path}: match.target")
    assert err.count("\n") == 1
    status, out, err = _run("classic", "--players", "5")
    assert (status, out) == (2, "")
    assert "unequal hands" in err
    status, _, err = _run("--players", "3")
    assert status == 2
    assert "--players needs a ruleset" in err


def test_errors_go_to_stderr_by_default(capsys):
    parser = argparse.ArgumentParser(prog="kozel")
    rules_command.add_parser(parser.add_subparsers(dest="command"))
    assert rules_command.run(parser.parse_args(["rules", "nope"]), io.StringIO()) == 2
    assert "no built-in ruleset is called 'nope'" in capsys.readouterr().err


# -- the docs pages --------------------------------------------------------------------------------------


def test_the_docs_pages_are_up_to_date():
    expected = pages()
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in PAGES.glob("*.md")}
    assert sorted(on_disk) == sorted(expected), f"docs/rules does not match the catalog; run: {REGENERATE}"
    for name, text in expected.items():
        assert on_disk[name] == text, f"docs/rules/{name} differs from its ruleset; run: {REGENERATE}"


def test_the_pages_are_in_the_nav_and_linked_from_rulesets():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    overview = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    for name in kozel.variants.names():
        assert f"      - {name}: rules/{name}.md\n" in nav
        assert f"(rules/{name}.md)" in overview


def test_write_pages_writes_every_page_and_drops_only_stale_generated_ones(tmp_path, capsys):
    (tmp_path / "gone.md").write_text(f"{GENERATED}\n\n# gone\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# hand-written\n", encoding="utf-8")
    assert main(["--write", str(tmp_path)]) == 0
    assert f"{tmp_path / 'classic.md'}" in capsys.readouterr().out
    assert sorted(path.name for path in tmp_path.glob("*.md")) == sorted([*pages(), "notes.md"])
    classic = sheet(kozel.variants.get("classic"), sources="../sources.md")
    assert (tmp_path / "classic.md").read_text(encoding="utf-8") == f"{GENERATED}\n\n{classic}"
    assert write_pages(tmp_path) == [tmp_path / name for name in pages()]
