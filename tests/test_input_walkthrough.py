"""Bad input at the edges: moves= for the seat to move, views whose fields contradict each other, plot file
names, byte order marks, numbers too long, the command line's messages, Ctrl-C at start-up, card text."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest

import kozel
from kozel.cli import main as cli
from kozel.engine import within_hand
from kozel.errors import KozelError, NotationError, NoWorldError, StateError, WrongTypeError

CLASSIC = kozel.variants.get("classic")
INTERRUPTED = 130
#: Where the kozel under test was loaded from, beside which the console script's entry lies.
SRC = Path(kozel.__file__).resolve().parent.parent


def played(rules: kozel.Ruleset, seed: int, moves: int | None = None) -> kozel.GameState:
    """A match of random moves from ``seed``: ``moves`` of them, or to its end."""
    state, rng = kozel.new_game(rules, seed=seed), random.Random(seed)
    while not state.is_over and (moves is None or moves > 0):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        moves = None if moves is None else moves - 1
    return state


def view_document(view: kozel.PlayerView, **changes: object) -> str:
    """The JSON document of ``view`` with ``changes`` made to its fields."""
    data = json.loads(kozel.record.to_json(view))
    data["view"].update(changes)
    return json.dumps(data, ensure_ascii=False)


# --- determinize: moves= for the seat to move ---------------------------------------------------------------


@pytest.mark.parametrize("moves", [(), [], frozenset()], ids=["tuple", "list", "frozenset"])
def test_no_moves_for_the_seat_to_move_is_refused_at_once(moves):
    state = kozel.new_game(CLASSIC, seed=7)
    view = kozel.observe(state, state.turn)
    started = time.perf_counter()
    with pytest.raises(KozelError) as refused:
        kozel.determinize(view, random.Random(1), moves=moves, budget=5)
    assert time.perf_counter() - started < 5  # at once, not when the budget runs out
    assert not isinstance(refused.value, StateError)  # the moves are wrong, not the view
    assert str(refused.value).startswith(
        f"determinize: moves= is empty, but seat {state.turn} is to move and always has a legal move"
    )
    # For a seat not to move, no moves is what it is handed, and a world is drawn.
    other = (state.turn + 1) % CLASSIC.players
    world = kozel.determinize(kozel.observe(state, other), random.Random(1), moves=moves)
    assert kozel.observe(world, other) == kozel.observe(state, other)
    # The seat to move's own moves still bind its worlds.
    mine = tuple(move for move in kozel.legal_moves(state) if move.seat == state.turn)
    world = kozel.determinize(view, random.Random(1), moves=mine)
    assert {move for move in kozel.legal_moves(world) if move.seat == state.turn} == set(mine)


def test_no_moves_for_the_seat_to_move_of_a_view_read_from_json_is_refused_too():
    state = played(kozel.variants.get("hammer"), 3, moves=9)
    view = kozel.record.from_json(kozel.record.to_json(kozel.observe(state, state.turn)))
    with pytest.raises(KozelError, match=r"moves= is empty, but seat \d is to move") as refused:
        kozel.determinize(view, random.Random(1), moves=(), budget=5)
    assert not isinstance(refused.value, NoWorldError)


# --- views whose fields contradict each other ---------------------------------------------------------------


def test_a_finished_match_with_a_seat_to_move_is_refused_by_the_view_checks():
    state = played(kozel.variants.get("hammer"), 3)
    assert state.is_over
    view = kozel.observe(state, 1)
    document = view_document(view, turn=0)
    with pytest.raises(StateError, match=re.escape("view.turn: 0, but the match is over: no seat is to move")):
        kozel.record.from_json(document)
    edited = kozel.PlayerView(**{**view.__getstate__(), "turn": 0})
    started = time.perf_counter()
    with pytest.raises(StateError) as refused:
        kozel.determinize(edited, random.Random(0))
    assert time.perf_counter() - started < 5
    assert not isinstance(refused.value, NoWorldError)
    assert "view.turn: 0, but the match is over" in str(refused.value)
    assert kozel.record.from_json(kozel.record.to_json(view)) == view  # the view as it was is read back


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"turn": None}, "view.turn: None, but the phase is 'play': a seat is to move until the phase is 'over'"),
        ({"phase": "over"}, "view.turn: 3, but the phase is 'over': no seat is to move"),
    ],
)
def test_a_match_going_on_whose_turn_and_phase_disagree_is_refused(changes, message):
    state = played(CLASSIC, 5, moves=6)
    assert state.turn == 3
    with pytest.raises(StateError, match=re.escape(message) + "$"):
        kozel.record.from_json(view_document(kozel.observe(state, 0), **changes))


def test_a_match_result_in_a_phase_of_play_is_refused():
    over = kozel.observe(played(CLASSIC, 5), 0)
    document = view_document(over, phase="play", turn=0)
    with pytest.raises(StateError, match=re.escape("view.phase: 'play', but view.result says the match is over")):
        kozel.record.from_json(document)


def test_a_lay_away_by_another_seat_than_the_declarer_is_refused():
    rules = kozel.variants.get("threesome")
    for seed in range(40):
        state = kozel.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while state.phase is kozel.Phase.BIDDING:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        if state.phase is kozel.Phase.LAY_AWAY:
            break
    else:  # pragma: no cover - some seed leads to a lay-away
        pytest.fail("no seed led to a lay-away")
    view = kozel.observe(state, 0)
    other = (state.deal.declarer + 1) % rules.players
    message = (
        f"view.turn: {other}, but the phase is 'lay_away', in which the declarer ({state.deal.declarer}) is to move"
    )
    with pytest.raises(StateError, match=re.escape(message)):
        kozel.record.from_json(view_document(view, turn=other))
    assert kozel.record.from_json(kozel.record.to_json(view)) == view


def test_a_hand_s_end_within_hand_is_still_read_and_its_edit_refused():
    # Inside within_hand a hand's end has no seat to move, the phase over, and no match result: a view that fits.
    state, rng = kozel.new_game(CLASSIC, seed=3), random.Random(3)
    with within_hand():
        while state.turn is not None:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    view = kozel.observe(state, 0)
    assert view.result is None
    assert kozel.record.from_json(kozel.record.to_json(view)) == view
    with pytest.raises(StateError, match=re.escape("view.turn: 1, but the phase is 'over': no seat is to move")):
        kozel.record.from_json(view_document(view, turn=1))


# --- plot file names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "why"), [("x", "its name has no suffix"), (".png", "its name has no suffix"), ("x.foo", "'.foo'")]
)
def test_a_plot_file_name_that_picks_no_format_is_refused(tmp_path, name, why):
    pytest.importorskip("matplotlib", reason="the plots need matplotlib, the plot extra")
    from kozel.integrations.plot import check_plot_path, plot_tournament  # noqa: PLC0415 - needs the plot extra

    path = tmp_path / name
    with pytest.raises(KozelError, match=re.escape(why)) as refused:
        check_plot_path(path)
    assert ".png, .svg or .pdf" in str(refused.value)
    records, _ = kozel.bots.Tournament(CLASSIC, ["random", "random"], 2, 1).run()
    with pytest.raises(KozelError, match=re.escape(why)):
        plot_tournament(records, path)
    assert list(tmp_path.iterdir()) == []  # nothing drawn, under that name or another
    check_plot_path(tmp_path / "x.PNG")  # the suffix in any case


def test_kozel_simulate_with_a_plot_name_without_suffix_draws_nothing_and_says_why(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib", reason="the plots need matplotlib, the plot extra")
    monkeypatch.chdir(tmp_path)
    arguments = ["-n", "2", "--bots", "random", "random", "--log", "run", "--plot", "x"]
    assert cli.main(["simulate", *arguments]) == 2
    err = capsys.readouterr().err
    assert "kozel simulate: cannot draw the plot to 'x': its name has no suffix" in err
    assert not (tmp_path / "x.png").exists()
    assert not (tmp_path / "x").exists()
    assert not (tmp_path / "run").exists()  # refused before any match: the log was not begun
    assert cli.main(["league", *arguments]) == 2
    assert "kozel league: cannot draw the plot to 'x': its name has no suffix" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


# --- byte order marks ---------------------------------------------------------------------------------------


def test_a_text_record_starting_with_a_byte_order_mark_is_read():
    state = played(CLASSIC, 7, moves=20)
    text = kozel.record.dumps(state)
    assert kozel.record.loads("\ufeff" + text) == state
    assert kozel.record.read("\ufeff" + text.replace("\n", "\r\n")).state == state


def test_a_json_document_starting_with_a_byte_order_mark_is_read():
    state = played(CLASSIC, 7, moves=20)
    for value in (state, kozel.observe(state, 1), kozel.legal_moves(state)[0], kozel.variants.get("hammer")):
        assert kozel.record.from_json("\ufeff" + kozel.record.to_json(value)) == value


def test_ruleset_text_starting_with_a_byte_order_mark_is_read_as_its_file_would_be():
    """One mark is skipped, as load_ruleset skips it in a file; the format is then told from what follows it."""
    hammer = kozel.variants.get("hammer")
    for text in (kozel.forms.dumps_ruleset(hammer), 'base = "hammer"\n'):
        assert kozel.loads_ruleset("\ufeff" + text) == hammer
    with pytest.raises(kozel.RulesetError, match=r"^not valid TOML: "):  # a second mark is no part of either format
        kozel.loads_ruleset("\ufeff\ufeff" + kozel.forms.dumps_ruleset(hammer))


# --- numbers too long ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_number_too_long_in_a_json_document_is_said_as_too_long_for_kozel(sign):
    with pytest.raises(StateError) as refused:
        kozel.record.from_json('{"kozel": "state", "format": 1, "state": ' + sign + "9" * 5000 + "}")
    message = str(refused.value)
    assert message == "the document holds a number of 5000 digits: kozel reads numbers of at most 4300 digits"
    assert "sys." not in message


def test_a_number_too_long_in_a_record_s_ruleset_data_is_said_as_too_long_for_kozel():
    rules = kozel.forms.loads_ruleset('{"base": "classic", "name": "house", "match": {"target": 15}}')
    text = kozel.record.dumps(kozel.new_game(rules, seed=1))
    edited = text.replace('\\"target\\":15', '\\"target\\":' + "9" * 5000)
    assert edited != text
    with pytest.raises(StateError) as refused:
        kozel.record.loads(edited)
    assert str(refused.value) == (
        "the RulesetData header holds a number of 5000 digits: kozel reads numbers of at most 4300 digits"
    )


# --- the command line's messages name the command -----------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="this system has no /dev/full to fill")
@pytest.mark.parametrize(
    ("args", "prefix"),
    [
        (["match", "--seed", "1"], "kozel match"),
        (["rules", "classic"], "kozel rules"),
        (["check", "classic", "-n", "1"], "kozel check"),
        (["rules", "--help"], "kozel rules"),
    ],
)
def test_output_that_cannot_be_written_is_said_by_the_command(args, prefix, capsys, monkeypatch):
    full = open("/dev/full", "w")  # noqa: SIM115 - closed below, where what is left in its buffer fails again
    monkeypatch.setattr(sys, "stdout", full)
    try:
        status = cli.main(args)
    except SystemExit as done:  # --help and --version exit, once their output is written
        status = done.code
    finally:
        monkeypatch.undo()
        with contextlib.suppress(OSError):
            full.close()
    assert status == 1
    err = capsys.readouterr().err
    assert f"{prefix}: cannot write the output: No space left on device" in err
    assert "Traceback" not in err


def test_a_ctrl_c_is_said_by_the_command_it_stopped(capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.check, "run", interrupted)
    before = signal.getsignal(signal.SIGINT)
    try:
        assert cli.main(["check", "classic", "-n", "500"]) == INTERRUPTED
    finally:
        signal.signal(signal.SIGINT, before)  # the goodbye ignores a second Ctrl-C: not in the tests' own process
    assert capsys.readouterr().err.strip() == "kozel check: interrupted (Ctrl-C)"


# --- Ctrl-C while the console script starts -----------------------------------------------------------------


def test_a_ctrl_c_once_the_console_script_s_entry_is_loaded_ends_it_without_a_traceback(tmp_path):
    # The console script as pip writes it, named kozel; a real SIGINT, sent once the entry has loaded (its first
    # statements install the handler) and before main() runs.
    script = tmp_path / "kozel"
    script.write_text(
        "import builtins, os, signal, sys\n"
        "real = builtins.__import__\n"
        "def hooked(name, *args, **kwargs):\n"
        "    if name == 'colorsys':\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = hooked\n"
        "import re\n"
        "from _kozel_entry import main\n"
        "import colorsys\n"
        "if __name__ == '__main__':\n"
        "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
        "    sys.exit(main())\n"
    )
    path = os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, str(script), "--version"], capture_output=True, env=env, timeout=60, check=False
    )
    assert done.returncode == INTERRUPTED, done.stderr
    assert done.stderr.decode().strip() == "kozel: interrupted (Ctrl-C)"
    assert b"Traceback" not in done.stdout + done.stderr


# --- card text ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [5, None, b"A\xe2\x99\xa0", ["A♠"]], ids=repr)
def test_cards_read_from_what_is_not_text_are_a_wrong_type_error(value):
    with pytest.raises(WrongTypeError, match="cards are read from text, not from") as refused:
        kozel.parse_cards(value)
    assert isinstance(refused.value, KozelError)
    assert not isinstance(refused.value, NotationError)


# --- the ruleset forms given something else; names; long numbers in ruleset files -------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: kozel.forms.diff(CLASSIC, "hammer"), r"^diff needs a Ruleset, not str \(kozel\.variants\.get"),
        (lambda: kozel.forms.diff("classic", CLASSIC), r"^diff needs a Ruleset, not str"),
        (lambda: kozel.forms.compact(None), r"^compact needs a Ruleset, not NoneType$"),
        (lambda: kozel.forms.to_data(None), r"^to_data needs a Ruleset, not NoneType$"),
        (lambda: kozel.forms.to_data(kozel.new_game(CLASSIC, seed=7)), r"^to_data needs a Ruleset, not GameState$"),
        (lambda: kozel.forms.dumps_ruleset(()), r"^dumps_ruleset needs a Ruleset, not tuple$"),
        (lambda: kozel.forms.rule_sheet(None), r"^rule_sheet needs a Ruleset, not NoneType$"),
    ],
)
def test_the_ruleset_forms_refuse_what_is_not_a_ruleset(call, message):
    with pytest.raises(kozel.WrongTypeError, match=message):
        call()


@pytest.mark.parametrize("name", ["", " ", "\u3000"])
def test_a_blank_ruleset_name_is_refused(name):
    message = r"^ruleset: name must be printable text of one line with more than spaces \(no control characters\), not "
    with pytest.raises(kozel.RulesetError, match=message):
        attrs.evolve(CLASSIC, name=name)
    with pytest.raises(kozel.RulesetError, match=message):
        kozel.loads_ruleset(json.dumps({"base": "classic", "name": name}), format="json")


def test_a_number_too_long_in_a_ruleset_file_says_kozels_limit():
    digits = "9" * 5000
    with pytest.raises(
        kozel.RulesetError, match=r"^the file holds a number of 5000 digits: kozel reads numbers of at most"
    ):
        kozel.loads_ruleset('{"base": "classic", "name": "x", "match": {"target": ' + digits + "}}", format="json")
    toml = f'base = "classic"\nname = "x"\n[match]\ntarget = {digits}\n'
    with pytest.raises(
        kozel.RulesetError, match=r"^the file holds a number of more than \d+ digits: kozel reads numbers"
    ):
        kozel.loads_ruleset(toml, format="toml")


def test_a_plot_drawn_from_python_without_matplotlib_names_the_extra_not_a_command_option(monkeypatch):
    from kozel.integrations import plot  # noqa: PLC0415 - the module loads without matplotlib

    real = plot.importlib.import_module

    def without_matplotlib(name: str, *args: object) -> object:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(plot.importlib, "import_module", without_matplotlib)
    message = r"^drawing a plot needs matplotlib, the plot extra: pip install 'kozel\[plot\]'$"
    with pytest.raises(KozelError, match=message):
        plot.check_plot_path("wins.png")


def test_a_toml_ruleset_file_is_bound_to_kozels_digits_even_where_python_reads_longer_numbers():
    python_limit = getattr(sys, "get_int_max_str_digits", None)  # Python 3.10.7 and later
    limit = python_limit() if python_limit is not None else None
    if limit is not None:
        sys.set_int_max_str_digits(10_000)
    try:
        toml = 'base = "classic"\nname = "x"\n[match]\ntarget = ' + "9" * 5000 + "\n"
        with pytest.raises(kozel.RulesetError, match=r"^the file holds a number of more than 4300 digits"):
            kozel.loads_ruleset(toml, format="toml")
    finally:
        if limit is not None:
            sys.set_int_max_str_digits(limit)
