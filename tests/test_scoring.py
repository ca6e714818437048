"""The scoring table and the match: written points, eggs, more than two sides, goats and titles."""

import pytest

import kozel
from kozel.rules import AllTricks, MatchRule, ScoreMode, ScoreRow, Scoring, Title

TABLE = kozel.variants.get("classic").scoring


@pytest.mark.parametrize(
    ("points", "tricks", "written"),
    [
        ((61, 59), (4, 5), (0, 2)),  # 61 or more wins; the other side took 31-59
        ((59, 61), (5, 4), (2, 0)),
        ((89, 31), (6, 3), (0, 2)),
        ((90, 30), (6, 3), (0, 4)),  # under 31 with at least one trick
        ((120, 0), (8, 1), (0, 4)),  # a trick worth nothing is still a trick
        ((120, 0), (9, 0), (0, 6)),  # no trick at all
        ((0, 120), (0, 9), (6, 0)),
    ],
)
def test_two_sides(points, tricks, written):
    assert TABLE.write(points, tricks, 120) == written
    assert not TABLE.is_eggs(points, 120)


def test_sixty_sixty_is_eggs():
    assert TABLE.is_eggs((60, 60), 120)
    assert TABLE.write((60, 60), (4, 5), 120) == (0, 0)


@pytest.mark.parametrize(
    ("points", "tricks", "written", "eggs"),
    [
        ((61, 40, 19), (3, 3, 3), (0, 2, 4), False),  # each side under 61 by the same table
        ((50, 40, 30), (3, 3, 3), (2, 2, 4), False),  # nobody reached 61: everybody is written
        ((60, 50, 10), (3, 3, 3), (2, 2, 4), False),  # 60 alone is in the 31-60 row
        ((60, 60, 0), (4, 5, 0), (0, 0, 6), True),  # two sides tied at 60 are eggs; the third is written
        ((60, 60, 0), (4, 4, 1), (0, 0, 4), True),
    ],
)
def test_three_sides(points, tricks, written, eggs):
    assert TABLE.write(points, tricks, 120) == written
    assert TABLE.is_eggs(points, 120) == eggs


def test_a_table_without_eggs_writes_the_tie_by_its_row():
    no_eggs = Scoring(ScoreMode.PENALTY, TABLE.rows, no_trick=6, eggs=False)
    assert no_eggs.write((60, 60), (4, 5), 120) == (2, 2)


def test_the_row_for_points():
    assert TABLE.row_for(0) == ScoreRow(0, 30, 4)
    assert TABLE.row_for(60) == ScoreRow(31, 60, 2)
    assert TABLE.row_for(120) == ScoreRow(61, 120, 0)
    with pytest.raises(kozel.RulesetError, match="no row covers 121"):
        TABLE.row_for(121)


def test_the_sides_that_reach_the_target():
    match = MatchRule(target=12)
    assert match.reached((11, 10), ScoreMode.PENALTY) == ()
    assert match.reached((12, 10), ScoreMode.PENALTY) == (0,)
    assert match.reached((4, 14), ScoreMode.CREDIT) == (1,)
    assert match.reached((12, 6, 13), ScoreMode.PENALTY) == (0, 2)
    countdown = MatchRule(target=0, start=12)
    assert countdown.reached((2, 0), ScoreMode.COUNTDOWN) == (1,)
    assert countdown.reached((2, 1), ScoreMode.COUNTDOWN) == ()


def test_titles():
    match = MatchRule(titles=tuple(Title))
    assert match.title([]) == "goat"
    assert match.title([Title.EGGS]) == "goat with eggs"
    assert match.title([Title.EGGS, Title.TAILS_FINAL_HAND]) == "goat with eggs and tails"
    assert match.title([Title.TAILS_OVER_TARGET]) == "goat with tails"
    assert match.title([Title.DRY, Title.EGGS]) == "dry goat with eggs"
    assert match.title([Title.BLIND]) == "blind goat"
    assert MatchRule(titles=()).title([Title.EGGS]) == "goat"  # a title the ruleset does not give is dropped


def test_the_most_a_table_writes_for_a_side_in_a_hand():
    assert TABLE.most_written == 6  # no trick at all
    assert kozel.variants.get("seven_of_clubs").scoring.most_written == 2
    rows = (ScoreRow(low=0, high=60, written=2), ScoreRow(low=61, high=120, written=0))
    assert Scoring(mode=ScoreMode.PENALTY, rows=rows).most_written == 2
    assert Scoring(mode=ScoreMode.CREDIT, rows=rows, dealer_loses_written=3).most_written == 3
    blind = AllTricks(written=5, first_hand_opponents=8)
    assert Scoring(mode=ScoreMode.PENALTY, rows=rows, all_tricks=blind).most_written == 8
    assert Scoring(mode=ScoreMode.PENALTY, rows=rows, all_tricks=AllTricks(written=5)).most_written == 5
