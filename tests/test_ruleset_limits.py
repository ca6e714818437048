"""A ruleset's fields are bounded and its messages name them: points, a doc, nesting, a match that must end."""

import json
import re

import attrs
import pytest

import kozel
from kozel import RulesetError, loads_ruleset
from kozel.cli.main import main
from kozel.forms import dumps_ruleset
from kozel.rules import (
    CardPoints,
    Catch,
    Dealing,
    MatchRule,
    Redeal,
    RedealReason,
    ScoreMode,
    ScoreRow,
    TrumpSource,
    TrumpTransfer,
)
from kozel.rules.talon import Bidding, Talon
from kozel.testing import hand_bound

CLASSIC = kozel.variants.get("classic")


# Points -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: attrs.evolve(CLASSIC.scoring, no_trick=10**5000), "scoring: no_trick must be a whole number from 0"),
        (lambda: ScoreRow(0, 120, 1001), "scoring: written must be a whole number from 0 to 1000, not 1001"),
        (lambda: ScoreRow(0, 36001, 1), "scoring: high must be a whole number from 0 to 36000, not 36001"),
        (lambda: CardPoints(ace=1001), "points: ace must be a whole number from 0 to 1000, not 1001"),
        (lambda: CardPoints(ace=10**5000), "points: ace must be a whole number from 0 to 1000, not an int too long"),
    ],
)
def test_points_are_bounded(build, message):
    with pytest.raises(RulesetError, match="^" + message):
        build()


# Counts of cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Dealing(hand_size=37), "dealing: hand_size must be a whole number from 1 to 36, not 37"),
        (lambda: Dealing(hand_size=10**5000), "dealing: hand_size must be a whole number from 1 to 36, not an int too"),
        (lambda: Dealing(hand_size=4, packet=10**5000), "dealing: packet must be a whole number from 1 to 36, not an"),
        (lambda: Talon(size=37), "talon: size must be a whole number from 1 to 36, not 37"),
        (lambda: Bidding(lay_away=10**5000), "bidding: lay_away must be a whole number from 1 to 36, not an int"),
        (
            lambda: TrumpTransfer(counts=(1, 37)),
            r"transfer: counts must be a list of different whole numbers from 1 to 36, not \[1, 37\]",
        ),
        (
            lambda: Redeal(reasons=(RedealReason.FOUR_NINES,), limit=10**5000),
            "redeal: limit must be a whole number from 1 to 100, or None, not an int too",
        ),
    ],
)
def test_counts_of_cards_and_redeals_are_bounded(build, message):
    # A count past the pack (or a redeal limit past 100) is refused, and a huge one is described, not written out.
    with pytest.raises(RulesetError, match="^" + message):
        build()


def test_a_house_file_dealing_more_cards_than_the_pack_names_the_bound(tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text(f"base = 'classic'\nname = 'big'\n[dealing]\nhand_size = {10**400}\n", encoding="utf-8")
    assert main(["check", str(path), "-n", "1"]) != 0
    err = capsys.readouterr().err
    assert "dealing: hand_size must be a whole number from 1 to 36, not 1000000" in err
    assert "Traceback" not in err


def test_a_file_writing_huge_points_is_refused_naming_the_row(tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text(
        f"base = 'classic'\nname = 'big'\n[scoring]\nrows = [{{low = 0, high = 120, written = {10**400}}}]\n",
        encoding="utf-8",
    )
    assert main(["check", str(path), "-n", "1"]) != 0
    err = capsys.readouterr().err
    assert "scoring.rows[0]: written must be a whole number from 0 to 1000, not 1000000" in err
    assert "Traceback" not in err


def test_points_at_the_bound_make_a_ruleset_that_writes_out():
    rows = (ScoreRow(0, 60, 0), ScoreRow(61, 120, 1000))
    rules = attrs.evolve(
        CLASSIC, name="house", scoring=attrs.evolve(CLASSIC.scoring, rows=rows, no_trick=1000), match=MatchRule(1000)
    )
    assert loads_ruleset(dumps_ruleset(rules)) == rules
    assert hand_bound(rules) == 8 * (2 * (1 - 1) + 1)


@pytest.mark.parametrize("value", ["11", None, 1.5])
def test_card_points_of_a_wrong_kind_are_the_validators_error(value):
    with pytest.raises(RulesetError, match=f"^points: ace must be a whole number from 0 to 1000, not {value!r}$"):
        attrs.evolve(CLASSIC.points, ace=value)


def test_card_points_derive_their_tables_after_checking():
    points = attrs.evolve(CLASSIC.points, ace=5, nine=1)
    ace, nine = kozel.parse_cards("A♠ 9♥")
    assert points.of(ace) == 5
    assert points.of(nine) == 1
    assert points.of_mask(ace.bit | nine.bit) == 6
    assert points.counted & nine.bit


# Doc ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "char"),
    [("hello \ud800 world", "character 7 is U+D800, a lone surrogate"), ("a\x1b]0;pwned\x07", "character 2 is U+001B")],
)
def test_a_doc_with_control_characters_or_surrogates_is_refused(doc, char):
    message = "ruleset: doc must be text with no control character but newline and tab and no lone surrogate, but "
    with pytest.raises(RulesetError, match="^" + re.escape(message + char)):
        attrs.evolve(CLASSIC, doc=doc)


def test_the_cli_refuses_a_doc_it_could_not_print(tmp_path, capsys):
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"base": "classic", "name": "house", "doc": "hello \ud800 \u001b[2J"}), encoding="utf-8")
    assert main(["rules", str(path)]) != 0
    err = capsys.readouterr().err
    assert "U+D800" in err
    assert "Traceback" not in err
    assert "\x1b" not in err


def test_a_doc_keeps_its_lines_and_tabs():
    assert attrs.evolve(CLASSIC, doc="one\n\ttwo \u2028 три").doc == "one\n\ttwo \u2028 три"


# Nesting through the API ----------------------------------------------------------------------------


def test_a_value_nested_past_the_recursion_limit_is_a_ruleset_error():
    nested: list = []
    for _ in range(3000):
        nested = [nested]
    with pytest.raises(RulesetError, match=r"^match: titles must be a list of Title .*, not a tuple nested too deep"):
        MatchRule(titles=nested)
    # Python 3.13 writes out nesting this deep (its limit for C code is the stack's), so the message quotes the
    # value's first brackets there; earlier versions stop with RecursionError, and the message names its kind.
    shown = r"(a list nested too deep to show|\[{57}\.\.\.)"
    with pytest.raises(RulesetError, match=rf"^name: expected text, got {shown}$"):
        kozel.forms.from_data({"base": "classic", "name": nested})


# A match that must end ----------------------------------------------------------------------------


NO_END = "the scoring table writes no points in any hand, so no match would end"


def test_a_table_that_writes_only_at_eggs_is_refused():
    points = CardPoints(ace=0, ten=0, king=0, queen=0, jack=0)
    scoring = attrs.evolve(CLASSIC.scoring, rows=(ScoreRow(0, 0, 1),), no_trick=None)
    with pytest.raises(RulesetError, match="^tricks only: " + NO_END):
        attrs.evolve(CLASSIC, name="tricks only", points=points, scoring=scoring)
    # Without eggs every hand writes its row.
    assert attrs.evolve(CLASSIC, points=points, scoring=attrs.evolve(scoring, eggs=False)).scoring.eggs is False


def test_a_table_that_writes_only_for_card_points_no_side_can_take_is_refused():
    rows = (ScoreRow(0, 0, 0), ScoreRow(1, 1, 4), ScoreRow(2, 120, 0))
    scoring = attrs.evolve(CLASSIC.scoring, rows=rows, no_trick=None)
    with pytest.raises(RulesetError, match="^classic: " + NO_END):
        attrs.evolve(CLASSIC, scoring=scoring)
    reachable = (ScoreRow(0, 1, 0), ScoreRow(2, 2, 4), ScoreRow(3, 120, 0))  # a side can take a lone jack
    assert attrs.evolve(CLASSIC, scoring=attrs.evolve(scoring, rows=reachable)).scoring.rows == reachable


# Messages that name the field ---------------------------------------------------------------------


def test_a_card_not_in_the_deck_names_its_field():
    pairs = kozel.variants.get("pairs")
    leading = attrs.evolve(pairs.leading, holder_card=kozel.parse_cards("6♦")[0])  # a 32-card pack has no six
    with pytest.raises(RulesetError, match=r"the lead rule \(leading\.holder_card\) names cards not in the deck: 6♦$"):
        attrs.evolve(pairs, leading=leading)


def test_a_countdown_that_starts_at_its_target_names_both():
    scoring = attrs.evolve(CLASSIC.scoring, mode=ScoreMode.COUNTDOWN)
    message = r"^classic: counting down, the match must start above its target \(match\.start 12, match\.target 12\)$"
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(CLASSIC, scoring=scoring, match=MatchRule(target=12, start=12))


def test_a_trump_shown_from_a_missing_talon_names_the_fields():
    rules = kozel.variants.get("threesome")
    assert rules.talon is not None
    message = r"the trump card is shown from the talon \(trumps\.shown\), but there is no talon \(talon\)$"
    if rules.trumps.shown is TrumpSource.TALON_TOP:
        with pytest.raises(RulesetError, match=message):
            attrs.evolve(rules, talon=None, dealing=attrs.evolve(rules.dealing, hand_size=len(rules.deck) // 3))
    else:
        trumps = attrs.evolve(CLASSIC.trumps, shown=TrumpSource.TALON_TOP)
        with pytest.raises(RulesetError, match=message):
            attrs.evolve(CLASSIC, trumps=trumps)


def test_a_house_file_without_a_name_says_it_is_based_on_the_built_in():
    with pytest.raises(RulesetError, match=r"^house ruleset based on classic: a match target of 0 is reached"):
        loads_ruleset("base = 'classic'\n[match]\ntarget = 0\n")
    with pytest.raises(RulesetError, match=r"^mine: a match target of 0 is reached"):
        loads_ruleset("base = 'classic'\nname = 'mine'\n[match]\ntarget = 0\n")


# One side written a hand, where the first side to the target wins -------------------------------------

SIMPLE = kozel.variants.get("simple")
ONE_SIDE = (
    "under credit scoring the first side to reach the target wins, so a hand may write points for one side at most"
)


def _credit_rows(*rows: tuple[int, int, int], **changes) -> kozel.Ruleset:
    scoring = attrs.evolve(SIMPLE.scoring, rows=tuple(ScoreRow(*row) for row in rows), **changes)
    return attrs.evolve(SIMPLE, scoring=scoring)


def test_a_credit_table_that_writes_both_sides_in_one_hand_is_refused_with_the_hand():
    message = rf"^simple: {ONE_SIDE}, but sides with 55 and 65 card points are written 2 and 2 in the same hand "
    message += r"\(scoring\)$"
    with pytest.raises(RulesetError, match=message):
        _credit_rows((0, 54, 0), (55, 120, 2))
    # Countdown scoring counts off the written points alike: the first side down to the target wins.
    fifteen = kozel.variants.get("fifteen")
    both = attrs.evolve(fifteen.scoring, rows=(ScoreRow(0, 50, 0), ScoreRow(51, 120, 2)))
    message = r"^fifteen: under countdown scoring .* 51 and 69 card points are written 2 and 2"
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(fifteen, scoring=both)


def test_eggs_write_nothing_so_a_table_that_credits_half_the_points_may_stand():
    rules = _credit_rows((0, 59, 0), (60, 120, 2))  # 60 each is eggs: nobody is written; else one side has more
    assert rules.scoring.row_for(60).written == 2
    with pytest.raises(RulesetError, match=r"60 and 60 card points are written 2 and 2"):
        _credit_rows((0, 59, 0), (60, 120, 2), eggs=False)


def test_a_credit_for_taking_no_trick_is_counted_for_no_card_points_only():
    # The side that took every card point took tricks: its row, not the credit for none, is what it is written.
    scoring = attrs.evolve(
        CLASSIC.scoring, mode=ScoreMode.CREDIT, rows=(ScoreRow(0, 60, 0), ScoreRow(61, 120, 2)), no_trick=6
    )
    with pytest.raises(RulesetError, match=r"0 and 120 card points are written 6 and 2 in the same hand"):
        attrs.evolve(CLASSIC, scoring=scoring)


def test_a_credit_for_taking_no_trick_writes_the_other_side_too():
    message = r"0 and 120 card points are written 1 and 5 in the same hand \(scoring\)$"  # all tricks: 5 in simple
    with pytest.raises(RulesetError, match=message):
        _credit_rows((0, 60, 0), (61, 90, 2), (91, 120, 4), no_trick=1)


def test_penalty_scoring_may_write_both_sides_each_a_goat_at_the_target():
    both = attrs.evolve(CLASSIC.scoring, rows=(ScoreRow(0, 70, 2), ScoreRow(71, 120, 0)))
    assert attrs.evolve(CLASSIC, scoring=both).scoring.rows == both.rows


def test_with_three_sides_two_sides_credited_at_once_are_refused():
    threesome = kozel.variants.get("threesome")
    assert threesome.talon is not None
    assert threesome.talon.bidding is not None
    credit = attrs.evolve(threesome.scoring, mode=ScoreMode.CREDIT, no_trick=None)
    # The table itself: two players with 41 points each (of 120 among three) are both credited.
    rows = (ScoreRow(0, 40, 0), ScoreRow(41, 120, 2))
    with pytest.raises(RulesetError, match=r"^threesome: .* 41 and 41 card points are written 2 and 2 .*\(scoring\)$"):
        attrs.evolve(threesome, scoring=attrs.evolve(credit, rows=rows))
    # The table for a hand nobody bid for is read alike.
    rows = (ScoreRow(0, 60, 0), ScoreRow(61, 120, 2))
    for_less = attrs.evolve(threesome.talon.bidding.for_less, mode=ScoreMode.CREDIT, all_tricks=None)
    talon = attrs.evolve(threesome.talon, bidding=attrs.evolve(threesome.talon.bidding, for_less=for_less))
    message = r"31 and 31 card points are written 2 and 2 in the same hand \(talon\.bidding\.for_less\)$"
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(threesome, scoring=attrs.evolve(credit, rows=rows), talon=talon)
    # With both tables writing one side at most, a lost bid still credits both opponents of the declarer.
    talon = attrs.evolve(talon, bidding=attrs.evolve(talon.bidding, for_less=attrs.evolve(for_less, rows=rows)))
    message = r"^threesome: .*, but with 3 sides a lost bid credits every opponent of the declarer \(talon\.bidding\)$"
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(threesome, scoring=attrs.evolve(credit, rows=rows), talon=talon)
    # So does a catch every side but the one caught.
    catch = Catch(victim=kozel.parse_cards("Q♣")[0], catcher=kozel.parse_cards("7♣")[0])
    message = r"^threesome: .*, but with 3 sides a catch credits every side but the one caught \(catch\.written\)$"
    with pytest.raises(RulesetError, match=message):
        attrs.evolve(threesome, scoring=attrs.evolve(credit, rows=rows), talon=talon, catch=catch)


def test_the_built_in_games_of_credit_and_countdown_write_one_side_a_hand():
    for name in kozel.variants.names():
        rules = kozel.variants.get(name)
        if rules.scoring.mode is not ScoreMode.PENALTY:
            assert rules.scoring.two_written(rules.reachable_points, rules.total_points, rules.sides) is None, name


def test_a_deck_of_large_card_values_is_checked_in_one_pass():
    """Card values whose sums reach nearly every number up to 15,980: each side's points looked at once."""
    points = CardPoints(ace=1000, ten=999, king=998, queen=997, jack=1)
    total = 15_980
    half = (ScoreRow(0, total // 2, 0), ScoreRow(total // 2 + 1, total, 2))
    rules = attrs.evolve(SIMPLE, points=points, scoring=attrs.evolve(SIMPLE.scoring, rows=half))
    assert rules.total_points == total
    anything = (ScoreRow(0, 0, 0), ScoreRow(1, total, 2))
    with pytest.raises(RulesetError, match=r"sides with 1 and 15979 card points are written 2 and 2"):
        attrs.evolve(SIMPLE, points=points, scoring=attrs.evolve(SIMPLE.scoring, rows=anything))
