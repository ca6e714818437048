"""A tournament's log (``kozel simulate --log``): a stopped run goes on and gives the results of a whole run."""

from __future__ import annotations

import json

import attrs
import pytest

import kozel
from kozel import KozelError
from kozel.bots import HeuristicBot, Tournament
from kozel.bots.tournament import MatchOutcome
from kozel.bots.tournament_log import LogError, read_log, seal, writing_log
from kozel.cli.main import main

CLASSIC = kozel.variants.get("classic")
BOTS = ("heuristic", "random")
DIGEST = "0123456789abcdef" * 4


def simulate(*arguments: str) -> int:
    return main(["simulate", "classic", "--bots", *BOTS, "--processes", "1", "--seed", "4", *arguments])


def test_a_run_stopped_and_resumed_from_its_log_gives_the_results_of_a_whole_run(tmp_path, capsys):
    whole, resumed, log = tmp_path / "whole.json", tmp_path / "resumed.json", tmp_path / "run.log"
    assert simulate("-n", "6", "--json", str(whole)) == 0
    assert simulate("-n", "3", "--log", str(log)) == 0  # a run of 3 ...
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1 + 3
    capsys.readouterr()
    assert simulate("-n", "6", "--log", str(log), "--json", str(resumed)) == 0  # ... taken on to 6
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("classic: 6 matches (3 of them read from ")
    assert json.loads(resumed.read_text(encoding="utf-8")) == json.loads(whole.read_text(encoding="utf-8"))
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {
        "kozel tournament": 3,
        "kozel": kozel.__version__,
        "ruleset": "classic",
        "players": 4,
        "bots": ["heuristic", "random"],
        "names": ["heuristic", "random"],
        "duplicate": False,
        "seed": 4,
    }
    assert sorted(json.loads(line)["match"] for line in lines[1:]) == [0, 1, 2, 3, 4, 5]
    tournament = Tournament(CLASSIC, BOTS, matches=6, seed=4)
    for line in lines[1:]:  # each outcome with its record digest, sealed to this run
        data = json.loads(line)
        outcome = MatchOutcome.from_data({key: value for key, value in data.items() if key != "seal"})
        assert data["seal"] == seal(tournament, outcome)
        assert outcome == tournament.replay([outcome.index])[0]


def test_only_the_matches_missing_from_the_log_are_played(tmp_path):
    tournament = Tournament(CLASSIC, BOTS, matches=5, seed=2)
    _, everything = tournament.run()
    log = tmp_path / "run.log"
    with writing_log(log, tournament) as write:
        for outcome in everything:
            if outcome.index in (0, 3):
                write(outcome)
    done = read_log(log, tournament)
    assert [outcome.index for outcome in done] == [0, 3]
    played: list[MatchOutcome] = []
    progress: list[tuple[int, int]] = []
    records, outcomes = tournament.run(done=done, on_outcome=played.append, progress=lambda *p: progress.append(p))
    assert sorted(outcome.index for outcome in played) == [1, 2, 4]
    assert progress[-1] == (3, 3)
    assert outcomes == everything
    assert records == tournament.records(everything)


def test_a_run_killed_midway_goes_on_from_its_log(tmp_path):
    tournament = Tournament(CLASSIC, BOTS, matches=4, seed=6)
    whole_records, whole = tournament.run()
    log = tmp_path / "run.log"

    class Killed(Exception):
        pass

    with writing_log(log, tournament) as write:

        def write_then_die(outcome: MatchOutcome) -> None:
            write(outcome)
            if outcome.index == 1:
                raise Killed

        with pytest.raises(Killed):
            tournament.run(on_outcome=write_then_die)  # each match is written as it ends, not in a batch
    assert [outcome.index for outcome in read_log(log, tournament)] == [0, 1]
    with writing_log(log, tournament) as write:
        records, outcomes = tournament.run(done=read_log(log, tournament), on_outcome=write)
    assert (records, outcomes) == (whole_records, whole)
    assert read_log(log, tournament) == whole
    # with on_outcome, each process plays one match at a time (without, 16 matches go 2 to a batch)
    progress: list[tuple[int, int]] = []
    randoms = Tournament(CLASSIC, ("random", "random"), matches=16)
    randoms.run(processes=2, on_outcome=lambda outcome: None, progress=lambda *p: progress.append(p))
    assert progress == [(played, 16) for played in range(1, 17)]
    progress.clear()
    randoms.run(processes=2, progress=lambda *p: progress.append(p))
    assert progress == [(played, 16) for played in range(2, 17, 2)]


class Stopper(HeuristicBot):
    """The heuristic bot, but the person at the keyboard presses Ctrl-C as the third match begins."""

    setups = 0

    def setup(self, rules, seat, seed):
        super().setup(rules, seat, seed)
        Stopper.setups += 1
        if Stopper.setups == 5:  # two seats a match: the third match's first seat
            raise KeyboardInterrupt


def test_simulate_stopped_with_ctrl_c_says_so_and_goes_on_from_its_log(tmp_path, capsys):
    log, resumed, whole = tmp_path / "run.log", tmp_path / "resumed.json", tmp_path / "whole.json"
    command = ["simulate", "classic", "--bots", "test_tournament_log:Stopper", "random", "--processes", "1", "-n", "4"]
    Stopper.setups = 0
    assert main([*command, "--log", str(log)]) == 130
    captured = capsys.readouterr()
    kept = f"every match that ended is in {log}, run the same command to go on"
    assert f"kozel simulate: interrupted (Ctrl-C): {kept}" in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""
    assert [json.loads(line)["match"] for line in log.read_text(encoding="utf-8").splitlines()[1:]] == [0, 1]
    assert main([*command, "--log", str(log), "--json", str(resumed)]) == 0
    assert main([*command, "--json", str(whole)]) == 0
    assert json.loads(resumed.read_text(encoding="utf-8")) == json.loads(whole.read_text(encoding="utf-8"))


def test_an_error_in_the_outcome_callback_stops_a_run_over_processes():
    randoms = Tournament(CLASSIC, ("random", "random"), matches=40)

    def fail(outcome: MatchOutcome) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        randoms.run(processes=2, on_outcome=fail)


def test_a_log_whose_last_line_lacks_its_line_end_is_taken_on_as_it_is(tmp_path, capsys):
    log = tmp_path / "run.log"
    assert simulate("-n", "2", "--log", str(log)) == 0
    text = log.read_text(encoding="utf-8")
    log.write_text(text.rstrip("\n"), encoding="utf-8")  # as an editor may leave it
    assert simulate("-n", "3", "--log", str(log)) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == text.splitlines()
    assert [json.loads(line)["match"] for line in lines[1:]] == [0, 1, 2]
    assert simulate("-n", "3", "--log", str(log)) == 0  # the log reads back whole
    assert "3 of them read from" in capsys.readouterr().out


def test_an_outcome_is_written_and_read_back_as_plain_data():
    outcome = MatchOutcome(7, (1, 0), (0,), ("goat with eggs",), (300, 540), 7, DIGEST)
    data = outcome.as_data()
    assert data == {
        "match": 7,
        "sides": [1, 0],
        "goats": [0],
        "titles": ["goat with eggs"],
        "points": [300, 540],
        "hands": 7,
        "record": DIGEST,
    }
    assert MatchOutcome.from_data(json.loads(json.dumps(data))) == outcome
    with pytest.raises(KozelError, match="exactly the fields"):
        MatchOutcome.from_data({**data, "winner": 1})
    with pytest.raises(KozelError, match="whole numbers"):
        MatchOutcome.from_data({**data, "points": [300, "540"]})
    with pytest.raises(KozelError, match="whole numbers"):
        MatchOutcome.from_data({**data, "hands": True})
    with pytest.raises(KozelError, match="titles are text"):
        MatchOutcome.from_data({**data, "titles": [1]})
    with pytest.raises(KozelError, match="are lists"):
        MatchOutcome.from_data({**data, "goats": 0})
    for record in (DIGEST.upper(), DIGEST[:-1], 7, DIGEST + "0"):
        with pytest.raises(KozelError, match="record is the SHA-256 of its record text: 64 hex digits"):
            MatchOutcome.from_data({**data, "record": record})


def test_a_tournament_refuses_outcomes_that_are_not_its_matches():
    tournament = Tournament(CLASSIC, BOTS, matches=3, seed=2)
    good = MatchOutcome(1, (1, 0), (1,), ("goat with eggs",), (700, 500), 10, DIGEST)
    assert tournament.check([good]) == {1: good}
    bad = {
        "match 3 is not one of this tournament's 3 matches": {"index": 3},
        r"seats the bots as \[0, 1\], but this tournament seats them as \[1, 0\]": {"sides": (0, 1)},
        "has 0 hands": {"hands": 0},
        r"gives card points \[700\]: 2 sides": {"points": (700,)},
        r"gives card points \[-1, 500\]": {"points": (-1, 500)},
        r"gives card points \[701, 500\]: 2 sides, none below 0, at most 120 a hand": {"points": (701, 500)},
        r"names goats \[\]": {"goats": (), "titles": ()},
        r"names goats \[1, 1\]: one or more of sides 0-1, each once": {"goats": (1, 1), "titles": ("goat",) * 2},
        r"names goats \[2\]": {"goats": (2,)},
        r"names goats \[-1\]": {"goats": (-1,)},
        r"gives titles \[\]: one for each goat": {"titles": ()},
        r"gives titles \['dry goat'\]: one for each goat, among goat, goat with eggs$": {"titles": ("dry goat",)},
        "gives the record digest 'abc': 64 hex digits": {"record": "abc"},
    }
    for message, change in bad.items():
        with pytest.raises(KozelError, match=message):
            tournament.check([attrs.evolve(good, **change)])
    with pytest.raises(KozelError, match="match 1 is given twice"):
        tournament.check([good, good])


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            lambda lines: [*lines[:-1], lines[-1][:20]],
            "line 4: not a JSON line (a run stopped while writing leaves its last line cut short",
        ),
        (
            lambda lines: [lines[0].replace('"seed": 4', '"seed": 5'), *lines[1:]],
            "the log of another run: seed is 5 in the log, 4 in this run; give this run a log of its own",
        ),
        (lambda lines: ['{"bots": []}', *lines[1:]], "not a kozel tournament log"),
        (lambda lines: [*lines, lines[-1]], "line 5: match 2 is written twice (line 4 too)"),
        (
            lambda lines: [lines[0].replace('"seed": 4', '"seed": 4.0'), *lines[1:]],
            "the log of another run: seed is 4.0 in the log, 4 in this run;",
        ),
        (
            lambda lines: [lines[0].replace('"kozel": "', '"kozel": "0.0.0+'), *lines[1:]],
            f"the log of another run: begun by kozel 0.0.0+{kozel.__version__}, not by this kozel "
            f"{kozel.__version__} (a log is taken up only by the version that began it);",
        ),
        (
            lambda lines: [lines[0].replace('"kozel tournament": 3', '"kozel tournament": 4'), *lines[1:]],
            "the log of another run: log format 4; this kozel reads 3 (a newer kozel wrote it: upgrade kozel);",
        ),
        (
            lambda lines: [
                lines[0].replace('"seed": 4', '"seed": 5').replace('"duplicate": false', '"dup": 1'),
                *lines[1:],
            ],
            "the log of another run: dup is 1 in the log, not given in this run; duplicate is not given in the log, "
            "false in this run; seed is 5 in the log, 4 in this run;",
        ),
        (
            lambda lines: [
                lines[0].replace('"bots": ["heuristic", "random"]', '"bots": ["heuristic", "rnd"]'),
                *lines[1:],
            ],
            "the log of another run: bots[1] is rnd in the log, random in this run;",
        ),
        (lambda lines: [*lines[:2], "", *lines[2:]], "line 3: a blank line (delete it to go on)"),
        (lambda lines: [*lines[:-1], lines[-1].replace("{", '{"match": 0, ', 1)], "line 4: a field is given twice"),
        (lambda lines: [*lines, '{"match": 3}'], "line 5: a match's line is its outcome's fields and its seal"),
        (
            lambda lines: [*lines, '{"match": 3, "seal": ""}'],
            "line 5: a match outcome is an object with exactly the fields",
        ),
        (lambda lines: [*lines[:2], "9" * 5000, *lines[2:]], "line 3: not a JSON line\n"),
        (lambda lines: [*lines[:2], "[" * 30_000 + "]" * 30_000, *lines[2:]], "line 3: not a JSON line\n"),
        (lambda lines: [*lines[:2], " " * 70_000, *lines[2:]], "line 3: longer than a log's line may be, 64 KiB"),
    ],
    ids=[
        "cut-short",
        "another-run",
        "not-a-log",
        "twice",
        "seed-4.0",
        "version",
        "newer-format",
        "other-keys",
        "one-bot",
        "blank",
        "repeated-field",
        "no-seal",
        "bad-outcome",
        "huge-number",
        "deep-nesting",
        "long-line",
    ],
)
def test_simulate_refuses_a_broken_log_and_leaves_it_as_it_was(tmp_path, capsys, damage, message):
    log = tmp_path / "run.log"
    assert simulate("-n", "3", "--log", str(log)) == 0
    broken = "\n".join(damage(log.read_text(encoding="utf-8").splitlines())) + "\n"
    log.write_text(broken, encoding="utf-8")
    capsys.readouterr()
    assert simulate("-n", "6", "--log", str(log)) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith(f"kozel simulate: {log}")
    assert log.read_text(encoding="utf-8") == broken


def test_a_log_is_read_line_by_line_as_utf_8_and_split_only_at_line_ends(tmp_path, capsys):
    tournament = Tournament(CLASSIC, ("heuristic", "random\u2028"), matches=2)  # a name with a line separator
    log = tmp_path / "run.log"
    with writing_log(log, tournament) as write:
        tournament.run(on_outcome=write)
    assert len(read_log(log, tournament)) == 2
    lines = log.read_bytes().split(b"\n")
    log.write_bytes(b"\n".join([lines[0], b"\xff" + lines[1], *lines[2:]]))
    with pytest.raises(
        KozelError, match=r"run.log, line 2: not UTF-8 text \(byte 0xff at offset 0 of the line\): save it as UTF-8$"
    ):
        read_log(log, tournament)


def test_simulate_refuses_a_log_with_more_matches_than_the_run(tmp_path, capsys):
    log = tmp_path / "run.log"
    assert simulate("-n", "3", "--log", str(log)) == 0
    capsys.readouterr()
    assert simulate("-n", "2", "--log", str(log)) == 2
    said = "the log of a longer run, with matches up to match 2, past this run's 2: run it with 3 matches or more"
    said += " to go on"
    assert capsys.readouterr().err == f"kozel simulate: {log}: {said}\n"
    assert simulate("-n", "1", "--log", str(log)) == 2
    assert "with matches up to match 2, past this run's 1: run it with 3 matches or more" in capsys.readouterr().err
    assert simulate("-n", "3", "--log", str(log)) == 0


def test_a_file_that_is_not_a_log_is_called_so(tmp_path):
    log = tmp_path / "notes.log"
    log.write_text("hello world\n", encoding="utf-8")
    with pytest.raises(LogError) as refused:
        read_log(log, Tournament(CLASSIC, BOTS, matches=3, seed=2))
    assert str(refused.value) == f"{log}: not a kozel tournament log (its first line names the run)"
    assert log.read_text(encoding="utf-8") == "hello world\n"


def test_a_first_line_the_run_stopped_writing_keeps_the_advice_to_delete_it(tmp_path):
    log = tmp_path / "cut.log"
    log.write_text('{"kozel tournament": 3, "kozel', encoding="utf-8")
    with pytest.raises(LogError) as refused:
        read_log(log, Tournament(CLASSIC, BOTS, matches=3, seed=2))
    said = "line 1: not a JSON line (a run stopped while writing leaves its last line cut short: delete it to go on)"
    assert str(refused.value) == f"{log}, {said}"


def test_simulate_refuses_paths_it_cannot_use_before_playing(tmp_path, capsys):
    missing = tmp_path / "no such folder"
    assert simulate("-n", "2", "--json", str(missing / "out.json")) == 2
    assert "its folder does not exist" in capsys.readouterr().err
    assert simulate("-n", "2", "--log", str(missing / "run.log")) == 2
    assert f"cannot write the log {missing / 'run.log'}" in capsys.readouterr().err
    assert simulate("-n", "2", "--log", str(tmp_path)) == 2  # a folder, not a log
    assert f"the log {tmp_path} is a folder: a log is a regular file" in capsys.readouterr().err
    assert simulate("-n", "2", "--json", str(tmp_path)) == 2
    assert f"cannot write the results to {tmp_path}: it is a folder" in capsys.readouterr().err
    same = tmp_path / "same"
    assert simulate("-n", "2", "--log", str(same), "--json", str(same)) == 2
    assert "--json and --log name the same file" in capsys.readouterr().err
    assert not same.exists()
    assert not missing.exists()
