"""Values too long to write out (an int of thousands of digits) in the numberings, the encoding, the test kit and the
command line: each is refused with a short message, never a ValueError raised while the message is being written."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

import kozel
from kozel.cli.main import main
from kozel.errors import KozelError
from kozel.game.state import Phase
from kozel.limits import MAX_MATCHES
from kozel.play.actions import action_number
from kozel.testing import check_move, check_ruleset

B = 10**5000  # more digits than Python writes out
DIGITS = "7" * 4200  # a number Python reads, too long to echo in full


@pytest.fixture(scope="module")
def rules() -> kozel.Ruleset:
    return kozel.variants.get("classic")


@pytest.fixture(scope="module")
def state(rules):
    return kozel.new_game(rules, seed=1)


@pytest.fixture(scope="module")
def view(state):
    return kozel.observe(state, 0)


def _short(error: pytest.ExceptionInfo[BaseException]) -> str:
    text = str(error.value)
    assert isinstance(error.value, KozelError)
    assert len(text) < 400, text
    return text


@pytest.mark.parametrize("call", ["index", "indices", "mask"])
def test_actions_refuse_a_huge_int_as_a_move(rules, call):
    numbering = kozel.actions(rules)
    argument = B if call == "index" else [B]
    with pytest.raises(KozelError) as error:
        getattr(numbering, call)(argument)
    assert "int too long to show" in _short(error)


@pytest.mark.parametrize("index", [[B], Fraction(B, 3)], ids=["list", "fraction"])
def test_actions_move_refuses_a_huge_index(rules, index):
    with pytest.raises(KozelError) as error:
        kozel.actions(rules).move(index, 0)
    assert "too long to show" in _short(error)


@pytest.mark.parametrize("index", [[B], Fraction(B, 3)], ids=["list", "fraction"])
def test_compact_move_refuses_a_huge_index(rules, index):
    with pytest.raises(KozelError) as error:
        kozel.CompactActions(rules).move(index, 0, 0)
    assert "too long to show" in _short(error)


@pytest.mark.parametrize("action", [[B], Fraction(B, 3)], ids=["list", "fraction"])
def test_action_number_refuses_a_huge_action(action):
    with pytest.raises(KozelError) as error:
        action_number(action, 10)
    assert "too long to show" in _short(error)


@pytest.mark.parametrize("call", ["move", "index", "indices", "mask"])
def test_compact_actions_refuse_a_huge_negative_hand(rules, state, call):
    compact = kozel.CompactActions(rules)
    move = kozel.legal_moves(state)[0]
    calls = {
        "move": lambda: compact.move(0, 0, -B),
        "index": lambda: compact.index(move, -B),
        "indices": lambda: compact.indices([move], -B),
        "mask": lambda: compact.mask([move], -B),
    }
    with pytest.raises(KozelError) as error:
        calls[call]()
    assert "never negative" in _short(error)


def test_compact_actions_refuse_a_huge_positive_hand_briefly(rules):
    with pytest.raises(KozelError) as error:
        kozel.CompactActions(rules).move(0, 0, 2**20000)
    assert "not a bitmask of cards" in _short(error)


def test_encoding_slice_refuses_a_huge_name(rules):
    with pytest.raises(KozelError) as error:
        kozel.encoding(rules).slice(B)  # type: ignore[arg-type]
    assert "too long to show" in _short(error)


def test_encoding_slice_cuts_a_long_name(rules):
    with pytest.raises(KozelError) as error:
        kozel.encoding(rules).slice("x" * 5000)
    _short(error)


def test_encoding_array_refuses_a_huge_number(rules):
    pytest.importorskip(
        "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
    )
    with pytest.raises(KozelError):
        kozel.encoding(rules).array([B])


VIEW_FIELDS = [
    ("seat", B),
    ("dealer", B),
    ("turn", B),
    ("trick_winner", B),
    ("declarer", B),
    ("seat", -B),
    ("seat", [B]),
    ("talon_size", -B),
    ("talon_size", [B]),
    ("stock_size", -B),
    ("stock_size", [B]),
    ("trump_card", B),
    ("talon_shown", B),
    ("phase", B),
    ("trump", B),
    ("trick", B),
    ("trick", [B]),
    ("praise", B),
    ("transfers_done", B),
    ("transfers_done", (B,)),
    ("transfers_done", (-B,)),
]


@pytest.mark.parametrize(
    ("name", "value"), VIEW_FIELDS, ids=[f"{name}-{number}" for number, (name, _) in enumerate(VIEW_FIELDS)]
)
def test_encoding_refuses_a_view_field_too_long_to_show(rules, view, name, value):
    odd = attrs.evolve(view, **{name: value})
    with pytest.raises(KozelError) as error:
        kozel.encoding(rules).observation(odd)
    assert "too long to show" in _short(error)


@pytest.mark.parametrize("groups", [B, frozenset({B}), frozenset({-B})], ids=["value", "group", "negative"])
def test_encoding_refuses_voids_too_long_to_show(rules, view, groups):
    voids = (groups, *view.voids[1:])
    with pytest.raises(KozelError) as error:
        kozel.encoding(rules).observation(attrs.evolve(view, voids=voids))
    assert "too long to show" in _short(error)


def test_encoding_still_checks_an_ordinary_field(rules, view):
    with pytest.raises(KozelError, match=r"view\.phase is a Phase"):
        kozel.encoding(rules).observation(attrs.evolve(view, phase=3))
    assert isinstance(view.phase, Phase)


@pytest.mark.parametrize("bound", ["max_hands", "max_moves"])
def test_check_move_takes_a_huge_bound(state, bound):
    after = check_move(state, kozel.legal_moves(state)[0], thorough=False, **{bound: B})
    assert after is not state


def test_check_ruleset_takes_a_huge_max_hands(rules):
    report = check_ruleset(rules, matches=1, max_hands=B, sample_every=1000, deep_every=1000)
    assert report.matches == 1


def _no_match(*_: object, **__: object) -> None:
    raise AssertionError("a match was played: the count was not refused first")


@pytest.mark.parametrize("matches", [MAX_MATCHES + 1, B, 99999999999999999999], ids=["over", "huge", "twenty"])
def test_check_ruleset_bounds_its_matches(rules, matches):
    with pytest.raises(KozelError) as error:
        check_ruleset(rules, matches=matches, progress=_no_match)
    assert f"at most {MAX_MATCHES}" in _short(error)


def _one_line(capsys: pytest.CaptureFixture[str], status: int | None) -> str:
    assert status is not None
    assert status != 0
    captured = capsys.readouterr()
    err = captured.err
    assert "Traceback" not in err + captured.out
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith(("usage:", " "))]
    assert len(lines) == 1, err
    assert len(lines[0]) < 400, lines[0]
    return lines[0]


def _run(argv: list[str]) -> int | None:
    try:
        return main(argv)
    except SystemExit as stop:  # argparse refuses an option's value so
        return stop.code  # type: ignore[return-value]


def test_cli_check_bounds_its_matches(capsys, monkeypatch):
    monkeypatch.setattr("kozel.cli.check.check_ruleset", _no_match)
    line = _one_line(capsys, _run(["check", "classic", "-n", "99999999999999999999"]))
    assert "--matches" in line


@pytest.mark.parametrize("matches", [DIGITS, "-" + DIGITS], ids=["long", "negative"])
def test_cli_check_shortens_a_long_matches(capsys, monkeypatch, matches):
    monkeypatch.setattr("kozel.cli.check.check_ruleset", _no_match)
    _one_line(capsys, _run(["check", "classic", "-n", matches]))


@pytest.mark.parametrize("seat", [DIGITS, "-" + DIGITS], ids=["long", "negative"])
def test_cli_play_shortens_a_long_seat(capsys, monkeypatch, seat):
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    line = _one_line(capsys, _run(["play", "--seat", seat]))
    assert "--seat" in line


@pytest.mark.parametrize("delay", [DIGITS, "x" * 5000], ids=["long", "text"])
def test_cli_play_shortens_a_long_delay(capsys, delay):
    line = _one_line(capsys, _run(["play", "--delay", delay]))
    assert "--delay" in line


@pytest.mark.parametrize("processes", [DIGITS, "-" + DIGITS], ids=["long", "negative"])
def test_cli_simulate_shortens_a_long_processes(capsys, processes):
    line = _one_line(capsys, _run(["simulate", "-n", "1", "--processes", processes]))
    assert "--processes" in line


@pytest.mark.parametrize("replay", ["x" * 5000, "1" * 4000 + "x"], ids=["text", "digits"])
def test_cli_shortens_a_long_replay(capsys, replay):
    line = _one_line(capsys, _run(["simulate", "-n", "1", "--replay", replay]))
    assert "--replay" in line


def test_cli_shortens_a_long_whole_number(capsys):
    line = _one_line(capsys, _run(["check", "classic", "-n", "x" * 5000]))
    assert "--matches" in line
