"""Ranking bots: head-to-head intervals with draws, duplicate tournaments, league failures, logs named by bots."""

from __future__ import annotations

import json
from fractions import Fraction

import attrs
import pytest

import kozel
from kozel import IllegalMoveError, KozelError, WrongTypeError
from kozel.bots import BotError, RandomBot, Tournament
from kozel.bots.league import HeadToHead, League
from kozel.cli.main import main

CLASSIC = kozel.variants.get("classic")


class Raiser(RandomBot):
    """A bot whose ``choose`` always raises."""

    name = "raiser"

    def choose(self, view, moves):
        raise RuntimeError("boom")


class Counter(RandomBot):
    """The random bot, counting the matches it is set up for (its seat 0 only)."""

    name = "counter"
    matches = 0

    def setup(self, rules, seat, seed):
        super().setup(rules, seat, seed)
        if seat in (0, 1):  # once a match: a counter plays one of the first two seats of each
            Counter.matches += 1


def make_random():
    """A factory of the random bot."""
    return RandomBot()


def test_the_head_to_head_interval_holds_the_share_beside_it_and_mirrors_the_other_side():
    threesome = kozel.variants.get("threesome")
    result = League(threesome, ["random", "heuristic", "random"], matches=6, seed=1).run()
    rows = result.head_to_head()
    assert any(row.draws % 2 for row in rows)  # draws (both goats, or neither) in a game of three sides
    for row in [*rows, HeadToHead("a", "b", 24, 12, 2), HeadToHead("a", "b", 24, 6, 13), HeadToHead("a", "b", 5, 0, 0)]:
        low, high = row.a_interval
        assert low <= row.a_rate <= high
        mirror = HeadToHead(row.b, row.a, row.matches, row.b_wins, row.a_wins)
        assert mirror.a_interval == pytest.approx((1 - high, 1 - low), abs=1e-15)
    # Two different shares have two different intervals (draws are not rounded down).
    assert HeadToHead("a", "b", 24, 12, 2).a_interval != HeadToHead("a", "b", 24, 12, 1).a_interval
    low, high = HeadToHead("a", "b", 24, 6, 13).a_interval  # 6 wins and 5 draws: a share of 8.5 in 24
    z2 = 1.959963984540054**2  # the Wilson centre, (p + z^2 / 2n) / (1 + z^2 / n), with p = 8.5 / 24
    assert (low + high) / 2 == pytest.approx((8.5 / 24 + z2 / 48) / (1 + z2 / 24))
    assert HeadToHead("a", "b", 4, 0, 4).a_interval[0] == 0.0
    assert HeadToHead("a", "b", 4, 4, 0).a_interval[1] == 1.0


def test_a_duplicate_tournament_plays_a_multiple_of_the_sides_as_a_league_does():
    with pytest.raises(KozelError, match=r"duplicate=True plays each deal once in each of the 2 seatings: .*not 5"):
        Tournament(CLASSIC, ("random", "heuristic"), 5, duplicate=True)
    assert Tournament(CLASSIC, ("random", "heuristic"), 5).matches == 5
    assert Tournament(CLASSIC, ("random", "heuristic"), 6, duplicate=True).matches == 6


def test_leagues_and_ratings_are_imported_from_kozel_bots():
    from kozel import bots  # noqa: PLC0415

    assert {"League", "LeagueResult", "bradley_terry"} <= set(bots.__all__)
    assert bots.League is League


def test_the_command_line_says_a_factory_is_passed_from_python():
    with pytest.raises(KozelError, match=r"not a Bot class: a factory .* can be passed from Python"):
        Tournament(CLASSIC, ("test_ranking_walkthrough:make_random", "random"), 2)


def test_a_factory_of_a_built_in_bot_does_not_take_the_built_in_bot_s_name():
    assert Tournament(CLASSIC, (make_random, "random"), 2).names == ("random #2", "random")
    assert Tournament(CLASSIC, ("random", make_random), 2).names == ("random", "random #2")
    assert Tournament(CLASSIC, (RandomBot, make_random), 2).names == ("random", "random #2")


@pytest.mark.parametrize("processes", [1, 2])
def test_a_league_s_bot_failure_names_the_pairing(processes):
    league = League(CLASSIC, ["random", "heuristic", Raiser], matches=2, seed=1)
    with pytest.raises(BotError) as caught:
        league.run(processes=processes)
    message = str(caught.value)
    assert message.startswith("bot 'test_ranking_walkthrough:Raiser' failed at match 0: RuntimeError: boom, ")
    assert message.endswith("in pairing 2 of 3 (random vs raiser)")
    assert caught.value.pairing == 1
    assert caught.value.__cause__ is not None
    with pytest.raises(BotError) as alone:  # a tournament's says the bot and the match only, as before
        Tournament(CLASSIC, (Raiser, "random"), 2, seed=1).run(processes=processes)
    assert str(alone.value) == "bot 'test_ranking_walkthrough:Raiser' failed at match 0: RuntimeError: boom"


def test_kozel_league_names_the_failing_pairing_s_log(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    command = ["league", "classic", "--bots", "random", "heuristic", "test_ranking_walkthrough:Raiser"]
    assert main([*command, "-n", "2", "--processes", "1", "--log", "logs"]) == 2
    err = capsys.readouterr().err
    league = League(CLASSIC, ["random", "heuristic", Raiser], matches=2)
    assert "in pairing 2 of 3 (random vs raiser); its log: " in err
    assert err.rstrip().endswith(league.log_name((0, 2)))
    assert "Traceback" not in err


def _run(command, capsys):
    Counter.matches = 0
    assert main(command) == 0
    out = capsys.readouterr().out
    return Counter.matches, out.split("\n", 1)[1]  # the matches played, and the tables below the first line


def test_a_bot_added_to_a_logged_league_plays_only_the_new_pairings(tmp_path, capsys):
    logs = tmp_path / "logs"
    base = ["league", "classic", "-n", "4", "--seed", "2", "--processes", "1"]
    bots = ["--bots", "test_ranking_walkthrough:Counter", "random", "heuristic"]
    played, _ = _run([*base, *bots, "--log", str(logs), "--replay", "0"], capsys)
    assert played == 8  # three pairings of 4 matches, the counter in two of them
    assert len(list(logs.iterdir())) == 3
    more = [*bots, "test_ranking_walkthrough:Mixed"]
    played, resumed = _run([*base, *more, "--log", str(logs), "--replay", "0"], capsys)
    assert played == 4  # only the pairing of the counter and the new bot
    assert len(list(logs.iterdir())) == 6
    played, fresh = _run([*base, *more], capsys)
    assert played == 12
    assert resumed == fresh


def test_logs_named_by_the_pairing_s_place_are_refused(tmp_path, capsys):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "pairing-1.log").write_text("", encoding="utf-8")
    assert main(["league", "classic", "--bots", "random", "heuristic", "-n", "2", "--log", str(logs)]) == 2
    err = capsys.readouterr().err
    assert "pairing-1.log: a league's log named by the pairing's place" in err
    assert "play the league again in a new folder" in err


def test_a_pairing_s_log_name_is_made_of_its_bots():
    league = League(CLASSIC, ["random", "heuristic", "random", "ismcts(iterations=4)"], matches=2)
    names = [league.log_name(pairing) for pairing in league.pairings()]
    assert len(set(names)) == len(names)
    assert names[0].startswith("random_vs_heuristic-")
    assert names[0].endswith(".log")
    assert names[2].startswith("random_vs_ismcts_iterations_4_-")
    grown = League(CLASSIC, ["random", "heuristic", "random", "ismcts(iterations=4)", "heuristic"], matches=2)
    assert grown.log_name((0, 1)) == names[0]


def test_the_json_of_a_league_and_a_tournament_names_the_kozel_version(tmp_path, capsys):
    league = League(CLASSIC, ["random", "heuristic"], matches=2).run().as_data()
    assert league["kozel_version"] == kozel.__version__
    assert league["pairings"][0]["specs"] == ["random", "heuristic"]
    path = tmp_path / "out.json"
    assert main(["simulate", "classic", "--bots", "random", "heuristic", "-n", "2", "--json", str(path)]) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["kozel_version"] == kozel.__version__


class Mixed(RandomBot):
    """The random bot under another name."""

    name = "mixed"


def test_an_illegal_answer_in_a_league_names_the_pairing_too():
    class Illegal(RandomBot):
        name = "illegal"

        def choose(self, view, moves):
            return "nonsense"

    with pytest.raises(IllegalMoveError, match=r"not one of its legal moves, in pairing 1 of 1 \(illegal vs random\)"):
        League(CLASSIC, [Illegal, "random"], matches=2).run()


def test_the_share_interval_checks_what_it_is_given_as_wilson_does():
    from kozel.bots.stats import share_interval, wilson  # noqa: PLC0415 - the one home of the formula

    assert share_interval(40, 100) == wilson(40, 100)  # a whole share below one half: Wilson's own interval
    assert share_interval(60, 100) == pytest.approx(wilson(60, 100), abs=1e-15)  # above it: the mirror
    low, high = share_interval(5.5, 12)
    assert low < 5.5 / 12 < high
    assert share_interval(12 - 5.5, 12) == (1.0 - high, 1.0 - low)  # above one half: the mirror, exactly
    assert share_interval(0, 0) == (0.0, 1.0)
    huge = 10**400
    low, high = share_interval(Fraction(huge + 1, 2), huge)  # a share of trials past a float's range
    assert low <= 0.5 <= high  # a share of such trials is known to the last bit
    for share, trials in ((-1, 10), (11, 10), (float("nan"), 10)):
        with pytest.raises(KozelError, match="a share counts 0 to 10 successes of 10 trials"):
            share_interval(share, trials)
    for share, trials in ((True, 10), ("1", 10), (1, 2.5)):
        with pytest.raises(WrongTypeError, match="a share counts a number of successes of whole trials"):
            share_interval(share, trials)
    with pytest.raises(KozelError, match="z, the standard errors each way"):
        share_interval(1, 2, z=0)


def test_a_log_name_of_many_sides_and_long_specs_stays_a_file_name():
    rules = attrs.evolve(kozel.variants.get("classic").for_players(6, 6), name="six")
    specs = [f"ismcts(iterations={2 + i}, worlds={3 + i}, guided=False)" for i in range(6)]
    league = League(rules, specs, matches=6)
    name = league.log_name(league.pairings()[0])
    assert len(name.encode("utf-8")) <= 200
    assert name.endswith(".log")
    assert len({league.log_name(pairing) for pairing in league.pairings()}) == len(league.pairings())


def test_a_failure_in_a_league_names_its_pairing_as_a_declared_attribute():
    assert BotError("x", 0, "y").pairing is None
    assert IllegalMoveError("x").pairing is None


def test_a_league_table_row_names_its_fields_and_is_still_the_tuple_it_was():
    result = League(kozel.variants.get("classic"), ["random", "heuristic"], matches=2, seed=1).run()
    rows = result.table()
    assert all(isinstance(row, kozel.bots.TableRow) for row in rows)
    best = rows[0]
    assert best.name == "heuristic"
    assert (best.name, best.spec, best.rating, best.interval, best.matches, best.wins) == tuple(best)
    assert best.rating >= rows[1].rating
    assert best.matches == 2
