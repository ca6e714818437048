"""Leagues: every pairing on the same deals in both seatings, Bradley–Terry ratings, kozel league, plots."""

from __future__ import annotations

import functools
import importlib.util
import itertools
import json
import math

import pytest

import kozel
from kozel import KozelError
from kozel.bots import Bot, HeuristicBot, play_match
from kozel.bots import ratings as ratings_module
from kozel.bots.league import League
from kozel.bots.ratings import ELO, Ratings, bradley_terry
from kozel.bots.tournament import Tournament, match_seed, record_digest
from kozel.cli.main import main

CLASSIC = kozel.variants.get("classic")
HAS_PLOT = importlib.util.find_spec("matplotlib") is not None


class Mixed(Bot):
    """The heuristic bot's move with probability ``share``, else a random one: a ladder of known strengths."""

    name = "mixed"

    def __init__(self, share: float = 0.5) -> None:
        super().__init__()
        self.share = share
        self.name = f"heuristic {share:.0%}"
        self.expert = HeuristicBot()

    def setup(self, rules, seat, seed):
        super().setup(rules, seat, seed)
        self.expert.setup(rules, seat, seed)

    def choose(self, view, moves):
        return self.expert.choose(view, moves) if self.rng.random() < self.share else self.rng.choice(moves)

    def interrupt(self, view, moves):
        if self.rng.random() < self.share:
            return self.expert.interrupt(view, moves)
        return self.rng.choice((None, *moves))


def test_bradley_terry_fits_the_wins_and_its_errors_are_those_of_the_fisher_information():
    wins = [[0, 30, 60], [10, 0, 40], [5, 20, 0]]
    ratings = bradley_terry(wins, prior=0)
    assert abs(sum(ratings.ratings)) < 1e-9  # the mean is held at 0
    for i in range(3):  # at the maximum of the likelihood each bot's expected wins are its wins
        expected = sum((wins[i][j] + wins[j][i]) * ratings.expected(i, j) for j in range(3) if j != i)
        assert expected == pytest.approx(sum(wins[i]), rel=1e-9)
    even = bradley_terry([[0, 50], [50, 0]], prior=0)  # two bots, 100 games, even: each rating ±d/2
    assert even.ratings == pytest.approx((0.0, 0.0), abs=1e-9)
    assert even.errors[0] == pytest.approx(ELO / math.sqrt(100))  # var(d) = 1/(n p q) = 4/n, and var(d/2) = 1/n
    low, high = even.interval(0)
    assert high - low == pytest.approx(2 * 1.959963984540054 * ELO / 10)


@pytest.mark.parametrize("games", [1e6, 1e12, 1e100, 1e300])
def test_the_errors_of_huge_counts_shrink_as_one_over_the_root_of_the_games(games):
    # An even pair: each rating's error is ELO / sqrt(games), however large the counts (the information
    # matrix is scaled before it is inverted; unscaled, 1e12 games gave errors of 0 and 1e100 "singular").
    even = bradley_terry([[0, games / 2], [games / 2, 0]], prior=0)
    assert even.errors[0] == pytest.approx(ELO / math.sqrt(games), rel=1e-9)
    uneven = bradley_terry([[0, 3 * games], [games, 0]], prior=0)
    small = bradley_terry([[0, 3], [1, 0]], prior=0)
    assert uneven.ratings == pytest.approx(small.ratings, rel=1e-9)
    assert uneven.errors[1] == pytest.approx(small.errors[1] / math.sqrt(games), rel=1e-9)


def test_a_bot_that_won_every_game_has_a_finite_rating_thanks_to_the_prior():
    ratings = bradley_terry([[0, 10], [0, 0]])  # 10.5 to 0.5 with one drawn game added
    assert ratings.ratings[0] - ratings.ratings[1] == pytest.approx(ELO * math.log(10.5 / 0.5))
    with pytest.raises(KozelError, match="never won"):
        bradley_terry([[0, 10], [0, 0]], prior=0)
    with pytest.raises(KozelError, match="never met"):
        bradley_terry([[0, 3, 0, 0], [3, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0]])
    with pytest.raises(KozelError, match="square"):
        bradley_terry([[0, 1]])
    with pytest.raises(KozelError, match="0 or more wins"):
        bradley_terry([[0, -1], [1, 0]])


def test_bradley_terry_converges_on_lopsided_chains_and_leagues():
    # The minorize-maximize iteration crawled here and stopped at its cap of 100,000 steps, returning
    # gaps of [2120.4, 1855.6, 1796.6, 1796.6, 1855.6] for the chain and [-3183.5, -853.9, 1081.6, 2955.8].
    chain = [[10.0**5 if i == j + 1 else 0.0 for j in range(6)] for i in range(6)]
    ratings = bradley_terry(chain).ratings
    gaps = [b - a for a, b in itertools.pairwise(ratings)]
    assert gaps == pytest.approx([ELO * math.log((10**5 + 0.5) / 0.5)] * 5, rel=1e-9)
    wins = [[1e6 if i > j else 0.0 for j in range(4)] for i in range(4)]
    fit = bradley_terry(wins)
    assert fit.ratings == pytest.approx([-3469.358, -1139.794, 1139.794, 3469.358], abs=1e-3)
    for i in range(4):  # at the maximum each bot's expected wins are its wins (the prior's half wins among them)
        won = sum(wins[i]) + 1.5
        expected = sum((wins[i][j] + wins[j][i] + 1) * fit.expected(i, j) for j in range(4) if j != i)
        assert expected == pytest.approx(won, rel=1e-9)


def test_bradley_terry_raises_rather_than_give_an_unconverged_fit(monkeypatch):
    monkeypatch.setattr(ratings_module, "_MOST_STEPS", 1)
    with pytest.raises(KozelError, match="the Bradley–Terry fit did not converge"):
        bradley_terry([[0, 2, 1], [1, 0, 3], [2, 1, 0]])
    monkeypatch.undo()
    # a cycle so lopsided that bots who met would be further apart than a float can follow
    with pytest.raises(KozelError, match="the Bradley–Terry fit did not converge"):
        bradley_terry([[0, 1e300, 0], [1, 0, 1e300], [1, 0, 0]], prior=0)


def test_bradley_terry_takes_counts_as_large_as_floats_go():
    # these overflowed to bare ValueError and OverflowError: the counts are now scaled by a power of 2
    error = ELO / (math.sqrt(2) * 1e154)  # an even pair of 2e308 games: ELO / sqrt(games)
    for wins, prior in (([[0, 1e308], [1e308, 0]], 0.5), ([[0, 1], [1, 0]], 1e308), ([[0, 1e308], [1e308, 0]], 1e308)):
        ratings = bradley_terry(wins, prior=prior)
        assert ratings.ratings == (0.0, 0.0)
        assert ratings.errors[0] == pytest.approx(error * (2 if wins[0][1] == prior else 1) ** -0.5, rel=1e-6)
    ratings = bradley_terry([[0, 1e300], [1, 0]], prior=0)
    assert ratings.ratings[0] - ratings.ratings[1] == pytest.approx(ELO * math.log(1e300), rel=1e-12)
    with pytest.raises(KozelError, match=r"span more than 1\.07e\+301 to 1"):
        bradley_terry([[0, 1e300], [1e-10, 0]], prior=0)


def test_expected_shares_saturate_at_0_and_1():
    far = Ratings((0.0, 1e6), (1.0, 1.0))  # 10 ** (1e6 / 400) overflowed
    assert (far.expected(0, 1), far.expected(1, 0)) == (0.0, 1.0)
    near = Ratings((0.0, 400.0), (1.0, 1.0))
    assert near.expected(1, 0) == pytest.approx(10 / 11, rel=1e-15)


def test_a_league_plays_every_pairing_on_the_same_deals_with_the_sides_swapped():
    league = League(CLASSIC, ["random", "random", "random"], matches=4, seed=3)
    assert league.names == ("random", "random #2", "random #3")
    assert league.pairings() == [(0, 1), (0, 2), (1, 2)]
    result = league.run()
    for outcomes in result.outcomes:
        assert [outcome.sides for outcome in outcomes] == [(0, 1), (1, 0)] * 2
    # match 2k and 2k+1 of a pairing are the deal of k, one bot on each side in a team game,
    # and every pairing has the same deals: each match is the one play_match plays from match_seed(3, k)
    for pairing, outcomes in zip(league.pairings(), result.outcomes, strict=True):
        for outcome in outcomes:
            bots = [league.bots[pairing[outcome.sides[CLASSIC.side_of(seat)]]].make() for seat in range(4)]
            state = play_match(CLASSIC, bots, seed=match_seed(3, outcome.index // 2))
            assert record_digest(state) == outcome.record
    assert Tournament(CLASSIC, ["random", "random"], 4, 3, duplicate=True).run()[1] == list(result.outcomes[0])
    table = result.wins()
    assert sum(map(sum, table)) == 12  # one win (or two halves) a match
    assert {row.matches for row in result.head_to_head()} == {4}


def test_the_same_league_over_two_processes_is_the_same():
    league = League(CLASSIC, ["random", "heuristic", "random"], matches=2, seed=1)
    assert league.run(processes=2).as_data() == league.run(processes=1).as_data()


def test_a_league_checks_its_settings():
    with pytest.raises(KozelError, match="positive multiple of 2, not 3"):
        League(CLASSIC, ["random", "heuristic"], matches=3)
    with pytest.raises(KozelError, match="needs 2 or more bots"):
        League(CLASSIC, ["random"], matches=2)
    with pytest.raises(KozelError, match="needs 3 or more bots"):
        League(kozel.variants.get("threesome"), ["random", "heuristic"], matches=3)


def test_the_ratings_order_a_ladder_of_known_strengths():
    """random < heuristic a third of the time < two thirds < always: the heuristic bot beats the random
    bot in 999 classic matches of 1000, so each step up the ladder plays more of its moves.  (The search
    bot at two budgets would be the natural ladder, but a league of it takes minutes here.)"""
    ladder = ["random", functools.partial(Mixed, 1 / 3), functools.partial(Mixed, 2 / 3), "heuristic"]
    result = League(CLASSIC, ladder, matches=8, seed=1).run(processes=2)
    table = result.table()
    assert [row[0] for row in table] == ["heuristic", "heuristic 67%", "heuristic 33%", "random"]
    intervals = {row[0]: row[3] for row in table}
    assert intervals["heuristic"][0] > intervals["random"][1]  # a large gap: the intervals do not overlap
    assert intervals["heuristic"][0] > intervals["heuristic 33%"][1]
    ratings = [row[2] for row in table]
    assert abs(sum(ratings)) < 1e-6


def test_kozel_league_prints_ratings_and_head_to_head_and_writes_json(capsys, tmp_path):
    path = tmp_path / "league.json"
    args = ["league", "classic", "--bots", "random", "heuristic", "random", "-n", "2", "--processes", "1"]
    assert main([*args, "--json", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("classic: 3 bots, 3 pairings of 2 matches, seed 0, 1 process,")
    assert lines[1].split()[:3] == ["rank", "bot", "rating"]
    assert lines[2].split()[:2] == ["1", "heuristic"]
    assert "head to head:" in lines
    data = json.loads(path.read_text(encoding="utf-8"))
    assert next(row["bot"] for row in data["ratings"]) == "heuristic"
    assert data["matches_per_pairing"] == 2
    assert len(data["head_to_head"]) == 3
    assert [pairing["bots"] for pairing in data["pairings"]] == [
        ["random", "heuristic"],
        ["random", "random #2"],
        ["heuristic", "random #2"],
    ]
    assert main(["league", "classic", "--bots", "random", "heuristic", "-n", "3"]) == 2
    assert "multiple of 2" in capsys.readouterr().err
    assert main(["league", "classic", "--bots", "random", "heuristic", "-n", "2", "--address", "x:1"]) == 2
    assert "--backend ray" in capsys.readouterr().err


def test_plot_without_matplotlib_says_which_extra_before_any_match(capsys, tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    assert main(["simulate", "-n", "2", "--plot", str(tmp_path / "p.png")]) == 2
    assert "pip install 'kozel[plot]'" in capsys.readouterr().err


@pytest.mark.extra
@pytest.mark.skipif(not HAS_PLOT, reason="the plot extra is not installed (pip install -e '.[plot]')")
def test_plot_draws_png_files_of_a_simulation_and_a_league(capsys, tmp_path):
    wins, league = tmp_path / "wins.png", tmp_path / "league.png"
    assert main(["simulate", "--bots", "heuristic", "random", "-n", "2", "--processes", "1", "--plot", str(wins)]) == 0
    args = ["league", "--bots", "random", "heuristic", "random", "-n", "2", "--processes", "1", "--plot", str(league)]
    assert main(args) == 0
    for path in (wins, league):
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(data) > 5000
    assert main(["simulate", "-n", "2", "--plot", str(tmp_path / "none" / "p.png")]) == 2
    assert "cannot write the plot" in capsys.readouterr().err
    log = tmp_path / "run.log"
    assert main(["simulate", "-n", "2", "--log", str(log), "--plot", str(tmp_path / "p.txt")]) == 2
    assert "its suffix '.txt' is no format matplotlib draws" in capsys.readouterr().err
    assert not log.exists()  # refused before any match: the log was not begun


def test_plot_functions_refuse_what_is_not_their_result_with_a_wrong_type_error(tmp_path):
    """Checked before matplotlib is asked for: the refusal comes with or without the plot extra."""
    from kozel.integrations.plot import plot_league, plot_tournament  # noqa: PLC0415 - its own test

    records, outcomes = Tournament(CLASSIC, ["random", "random"], 2, 1).run()
    path = tmp_path / "p.png"
    for bad, shown in ((None, "not None"), ("ab", "not 'ab'"), ((records, outcomes), r"records\[0\] is \[")):
        with pytest.raises(kozel.WrongTypeError, match=rf"plot_tournament's records are a list of BotResult.*{shown}"):
            plot_tournament(bad, path)
    with pytest.raises(kozel.WrongTypeError, match=r"records\[1\] is 5"):
        plot_tournament([records[0], 5], path)
    for bad_path in (None, b"p.png", 3):
        with pytest.raises(kozel.WrongTypeError, match="plot_tournament's path is the file to draw to, a str or a Pa"):
            plot_tournament(records, bad_path)
    with pytest.raises(kozel.WrongTypeError, match=r"plot_tournament's title is text \(a str\), not 7"):
        plot_tournament(records, path, 7)
    for bad in (None, records):
        with pytest.raises(kozel.WrongTypeError, match="plot_league's result is a LeagueResult"):
            plot_league(bad, path)
    result = League(CLASSIC, ["random", "random"], matches=2, seed=1).run()
    with pytest.raises(kozel.WrongTypeError, match="plot_league's path is the file to draw to"):
        plot_league(result, None)
    with pytest.raises(kozel.WrongTypeError, match="plot_league's title is text"):
        plot_league(result, path, title=["x"])
    assert not path.exists()


# --- a league's logs: stopped, taken up again ------------------------------------------------------


class LeagueStopper(HeuristicBot):
    """The heuristic bot, but Ctrl-C is pressed as the fifth match it sits in begins."""

    name = "stopper"
    setups = 0

    def setup(self, rules, seat, seed):
        super().setup(rules, seat, seed)
        LeagueStopper.setups += 1
        if LeagueStopper.setups == 9:  # two seats a match: the fifth match's first seat
            raise KeyboardInterrupt


def _logged(path):
    return [json.loads(line)["match"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_a_league_stopped_with_ctrl_c_goes_on_from_its_logs_and_ends_as_one_whole_run(tmp_path, capsys):
    logs, resumed, whole = tmp_path / "logs", tmp_path / "resumed.json", tmp_path / "whole.json"
    command = ["league", "classic", "--bots", "random", "test_league:LeagueStopper", "random", "-n", "4"]
    command += ["--processes", "1", "--seed", "5"]
    LeagueStopper.setups = 0
    assert main([*command, "--log", str(logs)]) == 130
    captured = capsys.readouterr()
    kept = f"every match that ended is in the logs in {logs}, run the same command"
    assert f"kozel league: interrupted (Ctrl-C): {kept}" in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""
    # The pairings in order: random-stopper (4 matches), random-random #2, stopper-random #2; the stopper's
    # fifth match is the first of the third pairing, so the first two pairings are logged whole.
    league = League(CLASSIC, ["random", LeagueStopper, "random"], matches=4, seed=5)
    names = [league.log_name(pairing) for pairing in league.pairings()]
    assert sorted(path.name for path in logs.iterdir()) == sorted(names)
    assert [_logged(logs / name) for name in names] == [[0, 1, 2, 3], [0, 1, 2, 3], []]
    first = json.loads((logs / names[0]).read_text(encoding="utf-8").splitlines()[0])
    assert first["bots"] == ["random", "test_league:LeagueStopper"]
    assert first["duplicate"] is True
    LeagueStopper.setups = -1000  # no more Ctrl-C
    assert main([*command, "--log", str(logs), "--json", str(resumed)]) == 0
    captured = capsys.readouterr()
    assert "(8 of them read from the logs in" in captured.out
    assert f"checking {logs / names[0]}: replaying 4 of its 4 matches" in captured.err
    assert [_logged(logs / name) for name in names] == [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]
    assert main([*command, "--json", str(whole)]) == 0
    assert json.loads(resumed.read_text(encoding="utf-8")) == json.loads(whole.read_text(encoding="utf-8"))


def test_a_league_refuses_the_logs_of_another_league_and_a_log_folder_that_is_a_file(tmp_path, capsys):
    logs = tmp_path / "logs"
    base = ["league", "classic", "-n", "2", "--processes", "1", "--log", str(logs)]
    assert main([*base[:2], "--bots", "random", "heuristic", *base[2:]]) == 0
    capsys.readouterr()
    (log,) = logs.iterdir()
    assert main([*base[:2], "--bots", "random", "heuristic", *base[2:4], "--seed", "7", *base[4:]]) == 2
    err = capsys.readouterr().err
    assert f"{log}: the log of another run" in err
    assert "Traceback" not in err
    assert _logged(log) == [0, 1]  # as it was
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    assert main(["league", "classic", "--bots", "random", "heuristic", "-n", "2", "--log", str(afile)]) == 2
    assert "is not one" in capsys.readouterr().err
    clash = ["--json", str(log)]
    assert main([*base[:2], "--bots", "random", "heuristic", *base[2:], *clash]) == 2
    assert "--json names one of the logs" in capsys.readouterr().err
    assert _logged(log) == [0, 1]


def test_league_run_takes_the_matches_done_pairing_by_pairing_and_hands_over_each_new_one():
    league = League(CLASSIC, ["random", "heuristic", "random"], matches=2, seed=3)
    whole = league.run()
    seen = []
    first = league.run(on_outcome=lambda number, outcome: seen.append((number, outcome.index)))
    assert sorted(seen) == [(number, index) for number in range(3) for index in range(2)]
    assert first.outcomes == whole.outcomes
    done = [whole.outcomes[0], (), whole.outcomes[2][:1]]
    again = []
    resumed = league.run(done=done, on_outcome=lambda number, outcome: again.append((number, outcome.index)))
    assert sorted(again) == [(1, 0), (1, 1), (2, 1)]
    assert resumed.outcomes == whole.outcomes
    with pytest.raises(KozelError, match="given for 2 pairings; this league has 3"):
        league.run(done=done[:2])
    with pytest.raises(KozelError, match="given twice"):
        league.run(done=[whole.outcomes[0] * 2, (), ()])
