"""Bad input to tournaments, leagues and ratings is refused with kozel's own errors, before anything is played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import kozel
from kozel import KozelError, WrongTypeError
from kozel.bots import HeuristicBot, RandomBot, Tournament, play_match
from kozel.bots.league import League
from kozel.bots.ratings import bradley_terry
from kozel.bots.specs import entrant, unique_names
from kozel.bots.tournament import MatchOutcome

CLASSIC = kozel.variants.get("classic")
DIGEST = "0" * 64
BOTS = ["random", "heuristic"]


def refused(kind: type[Exception], words: str, call: Callable[..., object], *args: Any, **keywords: Any) -> None:
    """``call(*args, **keywords)`` raises exactly ``kind`` (not a subclass), with ``words`` in its message."""
    with pytest.raises(KozelError) as caught:
        call(*args, **keywords)
    assert caught.type is kind, f"{caught.type.__name__}: {caught.value}"
    assert words in str(caught.value), str(caught.value)


class Named(RandomBot):
    """A bot whose own name is the one a second ``random`` would have been given."""

    name = "random #2"


# League settings


def test_a_league_refuses_rules_that_are_not_a_ruleset_when_it_is_built():
    for rules in ("classic", None):
        refused(WrongTypeError, f"a league is played by a Ruleset, not {type(rules).__name__}", League, rules, BOTS, 2)


def test_a_league_refuses_a_seed_that_is_not_a_whole_number_of_at_most_100_digits_when_it_is_built():
    for seed in ("x", 1.5, True, None, 10**100, -(10**100)):
        words = f"a league's seed is a whole number of at most 100 digits, not {seed!r}"
        kind = KozelError if type(seed) is int else WrongTypeError  # a wrong kind, or a number too long
        refused(kind, words, League, CLASSIC, BOTS, 2, seed=seed)
    assert League(CLASSIC, BOTS, 2, seed=-(10**99)).seed == -(10**99)


def test_a_league_refuses_more_matches_per_pairing_than_a_tournament_plays_when_it_is_built():
    words = "a league plays at most 10000000 matches per pairing, not 1000000000"
    refused(KozelError, words, League, CLASSIC, BOTS, 10**9)
    assert League(CLASSIC, BOTS, 10**7).matches == 10**7


# Names made distinct


def _names(*bots: Any) -> list[str]:
    return [one.name for one in unique_names(tuple(entrant(bot) for bot in bots))]


def test_a_name_given_again_skips_the_numbers_another_bot_is_named_with():
    assert League(CLASSIC, ["random", "random", Named], 2).names == ("random", "random #3", "random #2")
    assert _names("random", Named, "random", "random") == ["random", "random #2", "random #3", "random #4"]
    assert _names(Named, Named, "random", "random") == ["random #2", "random #2 #2", "random", "random #3"]
    assert League(CLASSIC, ["random"] * 3, 2).names == ("random", "random #2", "random #3")


def test_a_league_with_a_bot_named_as_a_numbered_name_keeps_every_row_apart():
    result = League(CLASSIC, ["random", "random", Named], 2, seed=1).run()
    assert sorted(row[0] for row in result.table()) == ["random", "random #2", "random #3"]
    assert [(row.a, row.b) for row in result.head_to_head()] == [
        ("random", "random #3"),
        ("random", "random #2"),
        ("random #3", "random #2"),
    ]


# Tournament arguments


def test_a_tournament_refuses_a_duplicate_that_is_not_true_or_false():
    for duplicate in ("no", 1, 0, None):
        words = f"a tournament's duplicate is True or False, not {duplicate!r}"
        refused(WrongTypeError, words, Tournament, CLASSIC, BOTS, 2, duplicate=duplicate)
    assert Tournament(CLASSIC, BOTS, 2, duplicate=True).duplicate is True


def test_replay_takes_a_sequence_of_whole_match_numbers_within_the_tournament():
    tournament = Tournament(CLASSIC, ["random", "random"], 2, seed=4)
    for index in (True, False, 1.0, "0", None):
        words = f"a match to replay, one of this tournament's 2 matches, is a whole number from 0 to 1, not {index!r}"
        refused(WrongTypeError, words, tournament.replay, [0, index])
    for indexes in (0, "0", None, {0, 1}):
        words = f"the matches to replay are a sequence of match numbers, not {type(indexes).__name__}"
        refused(WrongTypeError, words, tournament.replay, indexes)
    for index in (2, -1):
        words = f"a match to replay, one of this tournament's 2 matches, is a whole number from 0 to 1, not {index}"
        refused(KozelError, words, tournament.replay, [index])
    assert [outcome.index for outcome in tournament.replay([1, 0])] == [1, 0]


def test_the_batches_of_a_run_take_only_this_tournaments_match_numbers():
    tournament = Tournament(CLASSIC, ["random", "random"], 4, seed=4)
    assert tournament.chunks(2, [0, 1, 2, 3], False) == [[0], [1], [2], [3]]
    assert [call[4] for call in tournament.calls([[0, 1], [3]])] == [[0, 1], [3]]
    refused(WrongTypeError, "the batches to play are a sequence of batches, not str", tournament.calls, "x" * 200_000)
    refused(WrongTypeError, "the matches of a batch are a sequence of match numbers, not str", tournament.calls, ["0"])
    words = "a match of a batch, one of this tournament's 4 matches, is a whole number from 0 to 3, not 4"
    refused(KozelError, words, tournament.calls, [[0], [4]])
    refused(
        WrongTypeError,
        "the matches to batch are a sequence of match numbers, not str",
        tournament.chunks,
        2,
        "01",
        False,
    )
    words = "the processes a tournament's matches are batched for is a whole number of at least 1, not 0"
    refused(KozelError, words, tournament.chunks, 0, [0], False)


def test_run_and_check_take_match_outcomes_only():
    tournament = Tournament(CLASSIC, ["random", "random"], 2, seed=4)
    seen: list[MatchOutcome] = []
    for done in ([1], [None], [{"match": 0}]):
        words = f"a match outcome is a MatchOutcome, not {type(done[0]).__name__}"
        refused(WrongTypeError, words, tournament.run, done=done, on_outcome=seen.append)
    for done in ("x", 5, None):
        words = f"match outcomes are given as a sequence of MatchOutcome values, not {type(done).__name__}"
        refused(WrongTypeError, words, tournament.run, done=done, on_outcome=seen.append)
    assert seen == []  # refused before any match was played
    refused(WrongTypeError, "a match outcome is a MatchOutcome, not NoneType", tournament.check_one, None)
    refused(
        WrongTypeError, "match outcomes are given as a sequence of MatchOutcome values, not int", tournament.check, 3
    )


def test_check_one_refuses_an_outcome_built_with_fields_of_the_wrong_kinds():
    tournament = Tournament(CLASSIC, ["random", "random"], 2)
    tournament.check_one(MatchOutcome(1, (1, 0), (1,), ("goat",), (60, 60), 1, DIGEST))
    bad: list[Any] = [
        MatchOutcome(True, (0, 1), (1,), ("goat",), (60, 60), 1, DIGEST),
        MatchOutcome(1, [1, 0], (1,), ("goat",), (60, 60), 1, DIGEST),  # type: ignore[arg-type]
        MatchOutcome(1, (1, 0), (1.0,), ("goat",), (60, 60), 1, DIGEST),  # type: ignore[arg-type]
        MatchOutcome(1, (1, 0), (1,), (None,), (60, 60), 1, DIGEST),  # type: ignore[arg-type]
        MatchOutcome(1, (1, 0), (1,), ("goat",), (60, 60), "1", DIGEST),  # type: ignore[arg-type]
        MatchOutcome(1, (1, 0), (1,), ("goat",), (60, 60), 1, None),  # type: ignore[arg-type]
        MatchOutcome(1, None, (1,), ("goat",), (60, 60), 1, DIGEST),  # type: ignore[arg-type]
    ]
    words = "a match outcome's match, hands, sides, goats and points are whole numbers, its titles and record text"
    for outcome in bad:
        refused(WrongTypeError, words, tournament.check_one, outcome)


def test_an_executor_must_have_a_submit_method():
    tournament = Tournament(CLASSIC, ["random", "random"], 2)
    league = League(CLASSIC, ["random", "random"], 2)
    for executor in ("x", 5, object()):
        words = f"an executor has a submit method, as those of concurrent.futures do, not {type(executor).__name__}"
        refused(WrongTypeError, words, tournament.run, executor=executor)
        refused(WrongTypeError, words, tournament.replay, [0], executor=executor)
        refused(WrongTypeError, words, league.run, executor=executor)


def test_run_refuses_callbacks_that_cannot_be_called_before_playing():
    for run in (Tournament(CLASSIC, BOTS, 2).run, League(CLASSIC, BOTS, 2).run):
        refused(WrongTypeError, "progress is a function to call, or None, not 'x'", run, progress="x")
        refused(WrongTypeError, "on_outcome is a function to call, or None, not 3", run, on_outcome=3)


def test_league_run_takes_a_sequence_of_each_pairings_outcomes():
    league = League(CLASSIC, BOTS, 2)
    seen: list[tuple[int, MatchOutcome]] = []

    def note(number: int, outcome: MatchOutcome) -> None:
        seen.append((number, outcome))

    for done in ("x", 5, None):
        words = f"the matches done are given as a sequence of each pairing's outcomes, not {type(done).__name__}"
        refused(WrongTypeError, words, league.run, done=done, on_outcome=note)
    words = "match outcomes are given as a sequence of MatchOutcome values, not int"
    refused(WrongTypeError, words, league.run, done=[1], on_outcome=note)
    refused(WrongTypeError, "a match outcome is a MatchOutcome, not int", league.run, done=[[1]], on_outcome=note)
    assert seen == []


# Ratings


def test_bradley_terry_refuses_a_count_of_wins_that_is_not_a_finite_number_of_0_or_more():
    for value in (float("nan"), float("inf"), -float("inf"), 10**400):
        words = (
            "a table of wins counts 0 or more wins, a finite number, and none of a bot against itself, "
            f"not {value!r} (row 0, column 1)"
        )
        refused(KozelError, words, bradley_terry, [[0, value], [1, 0]])
    for value in ("2", None, [1, 2], True):
        words = f"a table of wins holds numbers of wins (whole or fractional), not {value!r} (row 0, column 1)"
        refused(WrongTypeError, words, bradley_terry, [[0, value], [1, 0]])
    for table in (None, "ab", 5):
        words = f"a table of wins is a sequence of rows, one for each bot, not {type(table).__name__}"
        refused(WrongTypeError, words, bradley_terry, table)
    for row in ("ab", 5, None):
        words = f"each row of a table of wins is a sequence of numbers, not {type(row).__name__}"
        refused(WrongTypeError, words, bradley_terry, [[0, 1], row])
    refused(KozelError, "a table of wins is square", bradley_terry, [[0, 1], [1]])


def test_bradley_terry_takes_fractional_wins_as_draws_give_them():
    halves = bradley_terry([[0, 2.5], [1.5, 0]], prior=0)
    whole = bradley_terry([[0, 5], [3, 0]], prior=0)
    assert halves.ratings == pytest.approx(whole.ratings)


def test_bradley_terry_refuses_a_prior_that_is_not_a_finite_number_of_0_or_more():
    for prior in (float("nan"), float("inf"), -1, -0.5, 10**400):
        words = f"the prior adds 0 or more wins to a pair, a finite number, not {prior!r}"
        refused(KozelError, words, bradley_terry, [[0, 3], [1, 0]], prior=prior)
    for prior in ("0.5", None, True):
        words = f"the prior adds a number of wins to a pair, not {prior!r}"
        refused(WrongTypeError, words, bradley_terry, [[0, 3], [1, 0]], prior=prior)


def test_bradley_terry_without_a_prior_refuses_a_bot_or_a_group_that_never_lost():
    """Their best fit is infinitely far above the rest: a finite number would be where the iteration stopped."""
    undefeated = [[0, 3, 3], [0, 0, 2], [0, 1, 0]]
    words = "a bot that never lost (and met no one with a prior) has no finite rating: give a prior"
    refused(KozelError, words, bradley_terry, undefeated, prior=0.0)
    group = [[0, 2, 3, 3], [1, 0, 3, 3], [0, 0, 0, 2], [0, 0, 1, 0]]  # bots 0 and 1 never lost to 2 and 3
    words = "some bots never lost to the others (and met them with no prior): their ratings would be infinitely far"
    refused(KozelError, words, bradley_terry, group, prior=0)
    with_prior = bradley_terry(undefeated)  # the prior gives it a finite rating, the best
    assert with_prior.ratings[0] == max(with_prior.ratings)
    assert abs(sum(bradley_terry([[0, 2, 1], [1, 0, 3], [2, 1, 0]], prior=0).ratings)) < 1e-9


def test_ratings_take_bots_by_their_place_from_0_to_one_less_than_the_table():
    ratings = bradley_terry([[0, 3], [1, 0]])
    for bot in (2, 5, -1):
        words = f"there is no bot {bot} in a table of 2: bots are 0 to 1"
        refused(KozelError, words, ratings.interval, bot)
        refused(KozelError, words, ratings.expected, 0, bot)
        refused(KozelError, words, ratings.expected, bot, 0)
    for bot in (True, 1.0, "0", None):
        words = f"a bot is given by its place in the table, a whole number from 0 to 1, not {bot!r}"
        refused(WrongTypeError, words, ratings.interval, bot)
        refused(WrongTypeError, words, ratings.expected, bot, 0)
    for z in (-1.0, float("nan"), float("inf")):
        words = f"z, the standard errors each way, is a finite number, 0 or more, not {z!r}"
        refused(KozelError, words, ratings.interval, 0, z)
    refused(WrongTypeError, "z, the standard errors each way, is a number, not 'x'", ratings.interval, 0, "x")
    low, high = ratings.interval(1)
    assert low < ratings.ratings[1] < high
    assert ratings.interval(0, 0) == (ratings.ratings[0], ratings.ratings[0])
    assert ratings.expected(0, 1) + ratings.expected(1, 0) == pytest.approx(1)


def test_one_bot_object_for_two_seats_is_refused():
    shared = HeuristicBot()
    bots = [shared, RandomBot(), shared, RandomBot()]
    words = "bots: seats 0 and 2 are given the same HeuristicBot object; a bot plays one seat"
    refused(KozelError, words, play_match, CLASSIC, bots, seed=1)
    assert shared.seat == 0  # refused before any setup took it to the later seat
    assert play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=1).is_over


def test_a_bot_named_with_a_line_break_is_refused_as_a_tournaments_entrant():
    class TwoLines(RandomBot):
        name = "line one\nline two"

    class Blank(RandomBot):
        name = "   "

    for kind in (TwoLines, Blank):
        refused(KozelError, "a bot's name is printable text of one line", Tournament, CLASSIC, [kind, "random"], 2)
    assert Tournament(CLASSIC, ["random", "heuristic"], 2).names == ("random", "heuristic")
