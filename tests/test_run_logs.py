"""``run_logged(tournament, log)`` and ``League.run(log=...)``: a run goes on from its log in one call."""

from __future__ import annotations

import pytest

import kozel
from kozel import KozelError
from kozel.bots import League, RandomBot, Tournament, tournament_log
from kozel.bots.runner import BotError
from kozel.bots.tournament import MatchOutcome
from kozel.bots.tournament_log import LogError, read_log, run_logged

CLASSIC = kozel.variants.get("classic")
RANDOMS = ("random", "random")


class Stop(Exception):
    """Raised by a test's on_outcome to stop a run part way, as a crash or a kill would."""


class Another(RandomBot):
    """A random bot of another name."""

    name = "another"


class Raiser(RandomBot):
    """A random bot whose every decision raises."""

    name = "raiser"

    def choose(self, view, moves):
        raise RuntimeError("boom")


def test_a_tournament_run_twice_with_its_log_plays_nothing_the_second_time(tmp_path):
    tournament = Tournament(CLASSIC, RANDOMS, matches=4, seed=3)
    log = tmp_path / "run.log"
    first: list[MatchOutcome] = []
    records, outcomes = run_logged(tournament, log, on_outcome=first.append)
    assert sorted(outcome.index for outcome in first) == [0, 1, 2, 3]
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1 + 4  # the run's line, then one a match
    again: list[MatchOutcome] = []
    assert run_logged(tournament, str(log), on_outcome=again.append) == (records, outcomes)
    assert again == []
    assert (records, outcomes) == tournament.run()  # the results of a run without a log
    assert read_log(log, tournament) == outcomes


def test_a_tournament_stopped_part_way_goes_on_from_its_log_and_plays_only_the_rest(tmp_path):
    tournament = Tournament(CLASSIC, RANDOMS, matches=5, seed=8)
    whole = tournament.run()
    log = tmp_path / "run.log"
    seen: list[int] = []

    def stop_after_two(outcome: MatchOutcome) -> None:
        seen.append(outcome.index)
        if len(seen) == 2:
            raise Stop

    with pytest.raises(Stop):
        run_logged(tournament, log, on_outcome=stop_after_two)
    assert sorted(outcome.index for outcome in read_log(log, tournament)) == sorted(seen)  # written before on_outcome
    rest: list[int] = []
    replayed: list[tuple[int, int]] = []
    resumed = run_logged(
        tournament,
        log,
        on_outcome=lambda outcome: rest.append(outcome.index),
        on_replay=lambda *said: replayed.append(said),
    )
    assert sorted(rest) == sorted(set(range(5)) - set(seen))
    assert replayed == [(2, 2)]  # the two logged matches played again and compared first
    assert resumed == whole
    # a larger run extends it: only the new matches are played
    longer = Tournament(CLASSIC, RANDOMS, matches=7, seed=8)
    more: list[int] = []
    assert run_logged(longer, log, on_outcome=lambda outcome: more.append(outcome.index), replay=0) == longer.run()
    assert sorted(more) == [5, 6]


def test_a_league_with_its_log_folder_then_with_a_bot_added_plays_only_the_new_pairings(tmp_path):
    folder = tmp_path / "logs"  # made by the run
    league = League(CLASSIC, ["random", "heuristic"], matches=2, seed=1)
    first = league.run(log=folder)
    assert sorted(path.name for path in folder.iterdir()) == [league.log_name((0, 1))]
    assert first == league.run()
    bigger = League(CLASSIC, ["random", "heuristic", Another], matches=2, seed=1)
    played: list[int] = []
    progress: list[tuple[int, int]] = []
    checked: list[str] = []
    result = bigger.run(
        log=str(folder),
        on_outcome=lambda pairing, outcome: played.append(pairing),
        progress=lambda *counts: progress.append(counts),
        on_replay=lambda path, replayed, logged: checked.append(path.name),
    )
    assert bigger.pairings()[0] == (0, 1)  # random vs heuristic, read from its log
    assert sorted(played) == [1, 1, 2, 2]  # only the pairings with the new bot
    assert progress[-1] == (4, 4)
    assert checked == [league.log_name((0, 1))]
    assert result == bigger.run()
    assert sorted(path.name for path in folder.iterdir()) == sorted(bigger.log_name(p) for p in bigger.pairings())
    again: list[int] = []
    assert bigger.run(log=folder, on_outcome=lambda pairing, outcome: again.append(pairing)) == result
    assert again == []


def test_a_league_stopped_part_way_goes_on_from_its_logs(tmp_path):
    league = League(CLASSIC, ["random", "heuristic", Another], matches=2, seed=4)
    whole = league.run()
    count = 0

    def stop_after_three(pairing: int, outcome: MatchOutcome) -> None:
        nonlocal count
        count += 1
        if count == 3:
            raise Stop

    with pytest.raises(Stop):
        league.run(log=tmp_path, on_outcome=stop_after_three)
    played: list[int] = []
    assert league.run(log=tmp_path, on_outcome=lambda pairing, outcome: played.append(pairing)) == whole
    assert len(played) == 6 - 3


def test_a_log_of_another_run_is_refused_before_any_match(tmp_path):
    log = tmp_path / "run.log"
    run_logged(Tournament(CLASSIC, RANDOMS, matches=2, seed=1), log)
    text = log.read_bytes()
    other = Tournament(CLASSIC, RANDOMS, matches=2, seed=2)
    played: list[MatchOutcome] = []
    with pytest.raises(LogError, match=f"^{log}: the log of another run"):
        run_logged(other, log, on_outcome=played.append)
    assert played == []
    assert log.read_bytes() == text
    # a league's logs so too: the same bots' log under another seed
    folder = tmp_path / "league"
    League(CLASSIC, RANDOMS, matches=2, seed=1).run(log=folder)
    with pytest.raises(LogError, match="the log of another run"):
        League(CLASSIC, RANDOMS, matches=2, seed=2).run(log=folder)


def test_a_league_refuses_logs_named_by_place_and_a_folder_that_is_not_one(tmp_path):
    league = League(CLASSIC, RANDOMS, matches=2)
    (tmp_path / "pairing-1.log").write_text("", encoding="utf-8")
    with pytest.raises(KozelError, match=r"pairing-1\.log: a league's log named by the pairing's place"):
        league.run(log=tmp_path)
    file = tmp_path / "file"
    file.write_text("", encoding="utf-8")
    with pytest.raises(KozelError, match=r"a league's logs go in a folder, one log a pairing; .* is not one"):
        league.run(log=file)


def test_a_bot_failing_in_a_league_names_its_pairing_log(tmp_path):
    league = League(CLASSIC, ["random", Raiser], matches=2)
    with pytest.raises(BotError, match=r"in pairing 1 of 1 \(random vs raiser\); its log: ") as failed:
        league.run(log=tmp_path)
    assert failed.value.pairing == 0
    assert str(failed.value).endswith(str(tmp_path / league.log_name((0, 1))))


def test_ctrl_c_while_a_log_is_checked_leaves_it_as_it_was(tmp_path, monkeypatch):
    tournament = Tournament(CLASSIC, RANDOMS, matches=2, seed=1)
    log = tmp_path / "run.log"
    run_logged(tournament, log)
    text = log.read_bytes()

    def pressed(self, indexes, processes=1, executor=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(Tournament, "replay", pressed)
    longer = Tournament(CLASSIC, RANDOMS, matches=4, seed=1)
    with pytest.raises(tournament_log.LogCheckStopped, match="which is as it was"):
        run_logged(longer, log)
    assert issubclass(tournament_log.LogCheckStopped, KeyboardInterrupt)
    assert log.read_bytes() == text


def test_the_log_options_are_checked(tmp_path):
    tournament = Tournament(CLASSIC, RANDOMS, matches=2)
    league = League(CLASSIC, RANDOMS, matches=2)
    with pytest.raises(KozelError, match="give them with log"):
        league.run(on_replay=print)
    with pytest.raises(kozel.WrongTypeError, match="a log is a path"):
        run_logged(tournament, 3)  # type: ignore[arg-type]
    with pytest.raises(KozelError, match="an empty one names nothing"):
        league.run(log="")
    with pytest.raises(KozelError, match="replay, the logged matches to play again, is a whole number"):
        run_logged(tournament, tmp_path / "a.log", replay=-1)
    assert not (tmp_path / "a.log").exists()  # refused before the log was made
