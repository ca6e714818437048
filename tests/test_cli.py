"""The ``kozel`` command, through its real entry point."""

import errno
import importlib
import io
import os
import pathlib
import re
import socket
import subprocess
import sys

import pytest

import kozel
from kozel.cli import runs
from kozel.cli.letters import HANDLER, hold_any_text
from kozel.cli.main import main
from kozel.cli.table import sheet_notes
from kozel.game.results import HandResult


def test_a_whole_match_is_told_trick_by_trick(capsys):
    assert main(["match", "classic", "--seed", "7"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"kozel {kozel.__version__}: classic, 4 players, seed 7"
    assert out[1].startswith("Hand 1: seat 0 deals; trump ")
    assert out[2].startswith("  seat 0: ")
    assert any(line.startswith("  seat 1 leads ") for line in out)
    assert any(" takes the trick (" in line for line in out)
    assert any(line.startswith("Hand over") for line in out)
    assert out[-1].startswith("Match over after ")
    assert "is the goat" in out[-1]


def test_the_same_seed_tells_the_same_match(capsys):
    main(["match", "hammer", "--seed", "3"])
    first = capsys.readouterr().out
    main(["match", "hammer", "--seed", "3"])
    assert capsys.readouterr().out == first


def test_quiet_prints_only_results(capsys):
    assert main(["match", "hammer_clubs", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert not any(line.startswith("  ") for line in out)
    assert out[-1].startswith("Match over")


def test_other_player_counts(capsys):
    assert main(["match", "classic", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out
    assert "seat " in out.splitlines()[-1]


def test_a_bad_ruleset_or_player_count_is_a_clear_error(capsys):
    assert main(["match", "goat"]) == 2
    assert "no built-in ruleset is called 'goat'" in capsys.readouterr().err
    assert main(["match", "classic", "--players", "5"]) == 2
    assert "unequal hands" in capsys.readouterr().err


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert kozel.__version__ in capsys.readouterr().out


def test_the_installed_command_runs():
    done = subprocess.run(
        [sys.executable, "-m", "kozel", "match", "classic", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    )
    assert done.stdout.splitlines()[-1].startswith("Match over")


@pytest.mark.parametrize("ruleset", kozel.variants.names())
def test_every_trick_names_its_taker_and_no_python_values_show(ruleset, capsys):
    assert main(["match", ruleset, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    taken = [line for line in out.splitlines() if "takes the trick" in line]
    assert taken
    assert all(re.fullmatch(r"  -> seat \d takes the trick \(\d+ points\)(; stock \d+ left)?", line) for line in taken)
    assert not re.search(r"\(\d+, \d+|\('", out)  # no tuples
    # the last trick of each hand is named too: the line before each hand's result names a seat or a catch
    lines = out.splitlines()
    for at, line in enumerate(lines):
        if line.startswith("Hand over"):
            assert lines[at - 1].startswith(("  -> seat ", "  -> caught!", "  seat ")), lines[at - 1]


def test_a_praise_deal_tells_the_hand_once_and_the_tricks_dealt_in_words(capsys):
    # seed 20: seat 1 announces "on a merry"; seat 3 wins both face-up tricks (Q♣, then Q♦), so his team takes
    # all four tricks of the two rounds and the other team none
    assert main(["match", "pairs", "--seed", "20"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith("Hand 1:")] == [
        "Hand 1: seat 0 deals; permanent trumps Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; scores team 0 0, team 1 0"
    ]
    assert out[3] == "  seat 1 announces the deal: merry"
    assert out[4].startswith("  seat 0: ")
    assert out[8] == (
        "  tricks dealt before play: team 0 0 tricks (no cards); "
        "team 1 4 tricks (7♣ 10♣ J♣ Q♣ K♣ 7♠ 8♠ 10♠ J♠ 9♥ Q♥ A♥ 8♦ J♦ Q♦ K♦)"
    )
    result = next(line for line in out if line.startswith("Hand over"))
    assert re.fullmatch(
        r"Hand over( \(eggs\))?: card points team 0 \d+, team 1 \d+; tricks team 0 \d, team 1 \d; "
        r"written (nothing|\d+ points? for team [01]); scores team 0 \d+, team 1 \d+",
        result,
    )
    assert re.fullmatch(r"Match over after \d+ hands: .* Scores: team 0 \d+, team 1 \d+\.", out[-1])


@pytest.mark.parametrize("command", ["match", "play", "rules", "simulate"])
def test_an_unknown_option_of_any_command_prints_that_command_s_usage(capsys, command):
    with pytest.raises(SystemExit) as stopped:
        main([command, "classic", "--frobnicate"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: kozel {command} [-h]")
    assert err.endswith(f"kozel {command}: error: unrecognized arguments: --frobnicate\n")


@pytest.mark.parametrize("encoding", ["ascii", "cp1251"])
@pytest.mark.parametrize(
    ("args", "typed", "expected"),
    [
        (["match", "classic", "--seed", "7"], "", "trump S (JS shown)"),
        (["--help"], "", "Rules of the card game Kozel (Goat, "),
        (["rules", "seven_of_clubs"], "", "7C, QC QS QH QD"),
        (["play", "classic", "--seed", "7"], "1\nq\ny\n", "Your hand: 8C | QH | 9S* AS*"),
    ],
)
def test_output_an_encoding_cannot_hold_writes_suits_as_letters(encoding, args, typed, expected):
    done = subprocess.run(
        [sys.executable, "-m", "kozel", *args],
        input=typed.encode(encoding),
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=120,
        check=False,
    )
    out, err = done.stdout.decode(encoding), done.stderr.decode(encoding)
    assert done.returncode == 0, err
    assert "Traceback" not in err
    assert expected in out
    assert not any(symbol in out for symbol in "♣♠♥♦")
    if encoding == "ascii":  # what the encoding cannot hold and has no plain form for is escaped
        assert "Kozel (Goat, \\u041a\\u043e\\u0437\\u0451\\u043b)" in out or args[0] != "--help"


def test_cards_written_as_letters_read_back_as_the_same_cards():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    for card in state.hands[0]:
        written = str(card).encode("ascii", errors=HANDLER).decode("ascii")
        assert written in (card.ascii, card.ascii.replace("T", "10"))
        assert kozel.Card.parse(written) == card


@pytest.mark.parametrize(
    ("args", "results"),
    [
        ("simulate classic -n 4", "win rate (95% CI)"),
        ("league --bots random heuristic -n 2", "rating (95% CI)"),
        ("check classic -n 2", "every invariant held"),
    ],
)
def test_a_closed_standard_error_still_gives_the_results(args, results):
    done = subprocess.run(
        f"exec {sys.executable} -m kozel {args} 2>&-",
        shell=True,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert results in done.stdout


class _GoneReader(io.StringIO):
    """A stream whose reader has gone: every write fails."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("kind", [runs.Bar, runs.Lines])
def test_progress_that_cannot_be_written_stops_and_the_run_goes_on(kind):
    shown = kind(_GoneReader())
    shown.update(1, 10)
    assert shown.stream is None
    shown.update(5, 10)
    shown.close()
    assert runs.progress(None).stream is None


def _refusing_new_files(monkeypatch, folder):
    """Files cannot be made in ``folder`` (as on a read-only or special file system, whatever the permissions say)."""
    real_open = pathlib.Path.open

    def refused(self, mode="r", *args, **kwargs):
        if self.parent == folder and ("x" in mode or "w" in mode or "a" in mode):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", refused)


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["simulate", "classic", "-n", "2", "--json"], "kozel simulate: cannot write the results"),
        (
            ["league", "--bots", "random", "heuristic", "-n", "2", "--json"],
            "kozel league: cannot write the results",
        ),
        (["check", "classic", "-n", "1", "--save"], "kozel check: --save: cannot write the record"),
    ],
)
def test_an_output_path_no_file_can_be_made_at_is_refused_before_any_match(
    monkeypatch, capsys, tmp_path, args, refusal
):
    _refusing_new_files(monkeypatch, tmp_path)
    target = tmp_path / "out.json"
    assert main([*args, str(target)]) == 2
    captured = capsys.readouterr()
    assert f"{refusal} to {target}: Read-only file system" in captured.err
    assert "matches played" not in captured.err
    assert not captured.out
    assert not target.exists()


def test_the_output_paths_tried_before_a_run_are_left_as_they_were(tmp_path, capsys):
    kept = tmp_path / "kept.json"
    kept.write_text("old results\n", encoding="utf-8")
    runs.check_writable(kept)
    assert kept.read_text(encoding="utf-8") == "old results\n"
    fresh = tmp_path / "fresh.json"
    runs.check_writable(fresh)
    assert not fresh.exists()
    assert main(["simulate", "classic", "-n", "2", "--json", str(fresh)]) == 0
    assert fresh.read_text(encoding="utf-8").startswith("{")


def test_a_device_given_for_the_plot_is_refused_without_the_standard_output_hint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with socket.socket(socket.AF_UNIX) as listening:  # neither a file, a pipe nor the null device
        listening.bind("device")
        for dash, hint in ((True, " (give - for standard output)"), (False, "")):
            with pytest.raises(kozel.KozelError) as refused:
                runs.check_writable(pathlib.Path("device"), "the plot", dash=dash)
            assert str(refused.value) == f"cannot write the plot to device: it is a device, not a file{hint}"


@pytest.mark.parametrize(
    "command",
    [["simulate", "classic"], ["check", "classic"], ["league", "--bots", "random", "heuristic"]],
)
@pytest.mark.parametrize("count", ["-1", "0", "10000001", "99999999999999999999"])
def test_every_command_refuses_a_count_of_matches_out_of_range_with_one_line(capsys, command, count):
    with pytest.raises(SystemExit) as done:
        main([*command, "-n", count])
    assert done.value.code == 2
    said = f"kozel {command[0]}: error: argument -n/--matches: a whole number from 1 to 10000000, not {count}\n"
    assert capsys.readouterr().err.endswith(said)


def test_a_league_checks_the_range_before_the_seatings(capsys):
    with pytest.raises(SystemExit):
        main(["league", "--bots", "random", "heuristic", "-n", "99999999999999999999"])
    assert "argument -n/--matches: a whole number from 1 to 10000000" in capsys.readouterr().err
    assert main(["league", "--bots", "random", "heuristic", "-n", "3"]) == 2
    assert "its matches per pairing are a positive multiple of 2, not 3" in capsys.readouterr().err


def test_a_hand_that_wipes_a_score_by_the_all_tricks_rule_says_so(capsys):
    assert main(["match", "pairs", "--seed", "2", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[5] == (
        "Hand over: card points team 0 0, team 1 120; tricks team 0 0, team 1 8; written 4 points for team 1; "
        "scores team 0 0, team 1 10 (team 1 took every trick: by the rule for that, team 0's score goes to 0)"
    )
    assert lines[4].endswith("scores team 0 4, team 1 6")  # the score wiped out was 4


def test_a_set_won_says_the_scores_start_again_unless_the_match_is_over(capsys):
    assert main(["match", "simple", "--seed", "1", "--quiet"]) == 0
    notes = [line.partition(" (")[2] for line in capsys.readouterr().out.splitlines() if "won a set" in line]
    assert notes == [
        "team 1 won a set; sets now team 0 0, team 1 1: the scores start again)",
        "team 1 won a set; sets now team 0 0, team 1 2)",
    ]


def test_the_notes_on_the_score_sheet_name_each_side_in_the_players_words():
    pairs = kozel.variants.get("pairs")
    swept = HandResult(points=(0, 120), tricks=(0, 8), written=(0, 4))
    words = {0: "opponents", 1: "your side"}
    notes = sheet_notes(pairs, swept, ((4, 6), (0, 0)), ((0, 10), (0, 0)), words.__getitem__)
    assert notes == ["your side took every trick: by the rule for that, the opponents' score goes to 0"]
    assert sheet_notes(pairs, swept, ((0, 6), (0, 0)), ((0, 10), (0, 0)), words.__getitem__) == []
    plain = HandResult(points=(70, 50), tricks=(5, 3), written=(2, 0))
    assert sheet_notes(pairs, plain, ((2, 6), (0, 0)), ((4, 6), (0, 0)), words.__getitem__) == []
    seats = {0: "you", 1: "seats 1 and 4", 2: "seat 2"}
    three = HandResult(points=(0, 120, 0), tricks=(0, 10, 0), written=(0, 0, 0))
    notes = sheet_notes(pairs, three, ((5, 0, 3), (0, 0, 0)), ((0, 0, 0), (0, 0, 0)), seats.__getitem__)
    assert notes == [
        "seats 1 and 4 took every trick: by the rule for that, your score goes to 0, seat 2's score goes to 0"
    ]


def test_a_link_to_a_file_not_made_yet_is_written_at_its_target(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "link.json").symlink_to(tmp_path / "target.json")
    runs.check_writable(pathlib.Path("link.json"))
    assert not (tmp_path / "target.json").exists()
    assert (tmp_path / "link.json").is_symlink()
    assert main(["simulate", "classic", "-n", "2", "--json", "link.json"]) == 0
    assert (tmp_path / "target.json").read_text(encoding="utf-8").startswith("{")


def test_a_file_the_probe_made_is_removed_whatever_stops_it(tmp_path, monkeypatch):
    made = tmp_path / "out.json"
    real_open = pathlib.Path.open

    def stopped(self, mode="r", *args, **kwargs):
        handle = real_open(self, mode, *args, **kwargs)
        if "x" in mode:
            handle.close()
            raise KeyboardInterrupt
        return handle

    monkeypatch.setattr(pathlib.Path, "open", stopped)
    with pytest.raises(KeyboardInterrupt):
        runs.check_writable(made)
    assert not made.exists()


def test_bytes_of_a_file_name_that_are_not_text_are_written_back_as_they_were():
    name = "h\udcff.json"  # the byte 0xff, as Python reads it from a command line or a folder
    assert name.encode("utf-8", errors=HANDLER) == b"h\xff.json"
    assert "10♥ h\udcff".encode("ascii", errors=HANDLER) == b"10H h\xff"


def test_an_output_given_its_own_error_handler_keeps_it():
    done = subprocess.run(
        [sys.executable, "-m", "kozel", "match", "classic", "--seed", "7", "--quiet"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii:replace"},
        timeout=120,
        check=True,
    )
    assert b"Hand over" in done.stdout
    assert b"written" in done.stdout
    chosen = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="replace")
    hold_any_text(chosen)
    assert chosen.errors == "replace"
    strict = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    hold_any_text(strict)
    assert strict.errors == HANDLER


def test_a_rating_that_rounds_to_nothing_has_no_sign():
    from_league = importlib.import_module("kozel.cli.league")
    assert [from_league._signed(value) for value in (-5.35e-31, 0.0, 0.4, -0.4, 12.6, -179.2)] == [
        "0",
        "0",
        "0",
        "0",
        "+13",
        "-179",
    ]
