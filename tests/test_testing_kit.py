"""The test kit ``kozel.testing``: it passes sound rulesets, reaches every kind of choice, and catches planted faults.

Each planted fault is handed to the kit for one test only (an ``apply`` that corrupts what the engine
returns, so the same fault in the pure and the compiled build); the check must fail with the
invariant's name and a record that, read back under the same fault, fails the same way again.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from profiles import examples
from test_docs_examples import _examples

import kozel
from kozel.cli.main import main
from kozel.game.state import make_state
from kozel.rules import MatchRule
from kozel.testing import (
    INVARIANTS,
    InvariantError,
    Report,
    check_move,
    check_ruleset,
    check_state,
    hand_bound,
    invariants,
    random_move,
    reference_moves,
)
from kozel.testing.strategies import moves, rulesets, states, views

ROOT = Path(__file__).parent.parent
CLASSIC = kozel.variants.get("classic")
#: Far apart: the coverage checks play many matches, so only the cheap checks run at most positions.
CHEAP = {"sample_every": 10_000, "deep_every": 10_000}


def house_files() -> dict[str, kozel.Ruleset]:
    """The house rules of examples/ and of the docs."""
    found = {"examples/house.toml": kozel.load_ruleset(ROOT / "examples" / "house.toml")}
    for page in ("house-rules.md", "testing.md"):
        for name, (language, text) in _examples(page).items():
            if language in ("toml", "json"):
                found[f"docs/{page}:{name}"] = kozel.loads_ruleset(text, format=language)
    return found


HOUSES = house_files()


def test_the_docs_and_examples_hold_house_rules():
    assert len(HOUSES) >= 5
    assert all(rules.name not in kozel.variants.names() for rules in HOUSES.values())


@pytest.mark.parametrize("where", sorted(HOUSES))
def test_check_ruleset_passes_the_house_rules_of_the_examples_and_docs(where):
    report = check_ruleset(HOUSES[where], matches=2, seed=1)
    assert report.matches == 2
    assert report.moves > 0
    assert sum(report.titles.values()) >= 2


def test_random_play_reaches_every_praise_deal_of_pairs():
    pairs = kozel.variants.get("pairs")
    report = check_ruleset(pairs, matches=4, seed=3, **CHEAP)  # seed 3's four matches see every praise deal
    assert set(report.praise) == {kind.value for kind in pairs.praise.choices}
    assert not [missing for missing in report.unexercised() if missing.startswith("praise")]
    assert report.phases["drawing"] > 0


def test_random_play_bids_and_plays_for_less_in_threesome():
    report = check_ruleset(kozel.variants.get("threesome"), matches=2, seed=0, **CHEAP)
    assert report.kinds["take_talon"]
    assert report.kinds["decline"]
    assert report.kinds["lay_away"]
    assert report.events["declarer"]
    assert report.events["for_less"]


def test_random_play_transfers_trumps_in_hammer_clubs():
    report = check_ruleset(kozel.variants.get("hammer_clubs"), matches=2, seed=0, **CHEAP)
    assert report.kinds["transfer"]
    assert report.kinds["transfer_back"]
    assert report.kinds["molodka"]


@pytest.mark.parametrize("name", ["six_players", "seven_of_clubs"])
def test_random_play_reaches_the_catch(name):
    rules = kozel.variants.get(name)
    assert rules.catch is not None
    report = check_ruleset(rules, matches=6, seed=0, **CHEAP)
    assert report.events["catch"] >= 1
    assert "event catch" not in report.unexercised()
    assert "catch" in report.summary()


def test_the_report_says_what_never_came_up():
    report = check_ruleset(CLASSIC, matches=1, seed=0, **CHEAP)
    assert isinstance(report, Report)
    assert report.kinds["lead"]
    assert report.kinds["beat"]
    assert report.kinds["pass"]
    assert "move play" not in report.unexercised()  # classic is beat or pass: nothing to follow
    never = attrs.evolve(report, kinds={}, events={}, titles={})
    assert {"move lead", "move molodka", "event eggs", "title eggs"} <= set(never.unexercised())
    assert "never came up: move lead" in never.summary()


def test_the_same_arguments_play_the_same_matches():
    first = check_ruleset(CLASSIC, matches=2, seed=5, **CHEAP)
    assert check_ruleset(CLASSIC, matches=2, seed=5, **CHEAP) == first
    assert check_ruleset(CLASSIC, matches=2, seed=6, **CHEAP) != first


def test_the_round_trips_cost_in_proportion_to_the_match_not_its_square(monkeypatch):
    # Every position drawn for the deep checks: their round trips replay the whole match each time, so
    # unchecked they would replay about half the match's length a move played.  They stop at 16.
    replayed = []
    original = invariants.check_round_trips

    def counting(state, seat):
        replayed.append(len(state.match_moves))
        original(state, seat)

    monkeypatch.setattr(invariants, "check_round_trips", counting)
    report = check_ruleset(CLASSIC, matches=1, seed=0, sample_every=1, deep_every=1)
    assert len(replayed) > 10
    assert sum(replayed) <= 16 * report.moves
    assert max(replayed) > report.moves // 2  # late positions are still checked


def test_check_ruleset_refuses_bad_arguments():
    with pytest.raises(kozel.WrongTypeError, match="needs a Ruleset"):
        check_ruleset("classic")
    with pytest.raises(kozel.KozelError, match="matches must be at least 1") as error:
        check_ruleset(CLASSIC, matches=0)
    assert not isinstance(error.value, InvariantError)


def test_the_bound_of_hands_comes_from_the_ruleset():
    assert hand_bound(CLASSIC) == 8 * (2 * (6 - 1) + 1)  # two sides, 12 to reach 2 at a time
    longer = attrs.evolve(CLASSIC, match=attrs.evolve(CLASSIC.match, target=24))
    assert hand_bound(longer) > hand_bound(CLASSIC)


def test_random_move_draws_the_kind_first():
    state = kozel.new_game(kozel.variants.get("pairs"), seed=3)
    rng = random.Random(0)
    drawn = {random_move(state, rng).choice for _ in range(200)}
    assert drawn == {kind.value for kind in state.ruleset.praise.choices}


def test_the_reference_reading_ships_in_the_kit_and_agrees_with_the_engine():
    state = kozel.new_game(CLASSIC, seed=7)
    assert reference_moves(state) == set(kozel.legal_moves(state))


# -- planted faults ---------------------------------------------------------------------------


def replays(error: InvariantError, **bounds) -> None:
    """The record reads back, and the move from its last position breaks the same invariant again."""
    assert error.record is not None
    assert f"; invariant {error.invariant} broken" in error.record
    before = kozel.record.loads(error.record)
    assert isinstance(error, kozel.KozelError)
    assert error.invariant in INVARIANTS
    if error.move is None:
        with pytest.raises(InvariantError) as again:
            check_state(before)
    else:
        assert error.move in kozel.legal_moves(before)
        with pytest.raises(InvariantError) as again:
            check_move(before, error.move, **bounds)
    assert again.value.invariant == error.invariant


def faulty(monkeypatch, fault) -> None:
    """Hand the kit an engine whose ``apply`` is followed by ``fault(before, move, after)``.

    The fault goes where the kit reads ``apply`` (its own modules), never into the engine's, so it is
    planted the same way in the pure build and in the compiled one (whose engine calls its own
    functions directly).
    """
    real = kozel.apply

    def apply(state, move):
        return fault(state, move, real(state, move))

    monkeypatch.setattr("kozel.testing.invariants.apply", apply)
    monkeypatch.setattr("kozel.testing.check.apply", apply)


def rebuilt(state, **fields):
    """``state`` with some fields replaced, built by ``make_state`` as the engine builds its states."""
    names = ("match", "deal", "hand_masks", "stock", "talon", "turn", "trick", "won_masks", "trick_counts")
    names += ("phase", "window", "drawing", "log")
    return make_state(*(fields.get(name, getattr(state, name)) for name in names))


def taken_trick(before, move, after) -> int:
    """The cards of the trick that ``move`` completed with the hand going on, else 0."""
    trick = before.trick
    players = before.match.ruleset.players
    if trick is None or len(trick.plays) != players - 1 or after.trick is not None or after.deal is not before.deal:
        return 0
    return move.mask | sum(play.mask for play in trick.plays)


def wrong_side(before, move, after):
    """Every finished trick's cards and count go to the side after the one that took it."""
    cards = taken_trick(before, move, after)
    if not cards:
        return after
    sides = before.match.ruleset.sides
    won = list(after.won_masks)
    counts = list(after.trick_counts)
    side = next(s for s in range(sides) if won[s] & cards)
    won[side] &= ~cards
    won[(side + 1) % sides] |= cards
    counts[side] -= 1
    counts[(side + 1) % sides] += 1
    return rebuilt(after, won_masks=tuple(won), trick_counts=tuple(counts))


def test_a_trick_given_to_the_wrong_side_is_caught(monkeypatch):
    faulty(monkeypatch, wrong_side)
    with pytest.raises(InvariantError) as error:
        check_ruleset(CLASSIC, matches=1, seed=0)
    assert error.value.invariant == "trick_to_one_side"
    assert error.value.move is not None
    replays(error.value)


def test_a_card_duplicated_in_a_hand_is_caught(monkeypatch):
    def duplicating(before, move, after):
        if not taken_trick(before, move, after) or not after.stock or len(after.stock) == len(before.stock):
            return after
        hands = list(after.hand_masks)
        hands[after.turn] |= after.stock[0].bit  # the winner draws the next card, which stays in the stock as well
        return rebuilt(after, hand_masks=tuple(hands))

    faulty(monkeypatch, duplicating)
    with pytest.raises(InvariantError) as error:
        check_ruleset(CLASSIC, matches=1, seed=0)
    assert error.value.invariant == "one_place"
    assert "two places" in str(error.value)
    replays(error.value)


def test_points_that_do_not_add_up_are_caught(monkeypatch):
    def short(before, move, after):
        results = after.match.hand_results
        if len(results) == len(before.match.hand_results):
            return after
        last = results[-1]
        wrong = attrs.evolve(last, points=(last.points[0] + 1, *last.points[1:]))
        return rebuilt(after, match=after.match._replace(hand_results=(*results[:-1], wrong)))

    faulty(monkeypatch, short)
    with pytest.raises(InvariantError) as error:
        check_ruleset(CLASSIC, matches=1, seed=0)
    assert error.value.invariant == "hand_points"
    replays(error.value)


def test_a_match_that_does_not_end_within_its_bound_is_caught(monkeypatch):
    monkeypatch.setattr(MatchRule, "reached", lambda self, scores, mode: ())
    with pytest.raises(InvariantError) as error:
        check_ruleset(CLASSIC, matches=1, seed=0, max_hands=3, **CHEAP)
    assert error.value.invariant == "match_ends"
    assert "3 hands played, the bound is 3" in str(error.value)
    replays(error.value, max_hands=3)


def test_an_illegal_move_the_engine_takes_is_caught(monkeypatch):
    real = kozel.legal_moves

    def fewer(state):
        return real(state)[1:] or real(state)  # the engine hides one legal move from its list

    monkeypatch.setattr("kozel.testing.invariants.legal_moves", fewer)
    state = kozel.new_game(CLASSIC, seed=7)
    with pytest.raises(InvariantError) as error:
        check_move(state, real(state)[1])
    assert error.value.invariant == "literal_rules"
    assert "it lacks" in error.value.detail


def test_an_illegal_move_given_to_check_move_is_refused_as_apply_refuses_it():
    state = kozel.new_game(CLASSIC, seed=7)
    with pytest.raises(kozel.IllegalMoveError):
        check_move(state, kozel.Move(3, kozel.MoveKind.REDEAL))


# -- the command --------------------------------------------------------------------------------


def test_kozel_check_passes_a_built_in_and_a_house_file(capsys):
    assert main(["check", "classic", "--matches", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("classic (4 players): 1 matches, ")
    assert "every invariant held" in out
    assert "1/1 matches played" in err  # plain lines where standard error is not a terminal
    assert main(["check", str(ROOT / "examples" / "house.toml"), "-n", "1", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("classic_16 (4 players)")


def test_kozel_check_refuses_a_broken_ruleset_file_in_one_line(tmp_path, capsys):
    path = tmp_path / "broken.toml"
    path.write_text('base = "classic"\n[seating]\nplayers = 5\n', encoding="utf-8")
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("kozel check: ")
    assert "cannot form 2 equal sides" in err
    assert "Traceback" not in err
    assert main(["check", "no_such_rules"]) == 2
    assert "no built-in ruleset is called 'no_such_rules'" in capsys.readouterr().err


def test_a_broken_ruleset_file_from_the_shell_prints_no_traceback(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"base": "classic", "scoring": {"no_trik": 3}}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "kozel", "check", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "scoring.no_trik: no such field" in done.stderr


def test_kozel_check_names_the_broken_invariant_and_saves_the_record(monkeypatch, tmp_path, capsys):
    faulty(monkeypatch, wrong_side)
    assert main(["check", "classic", "-n", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAILED: invariant trick_to_one_side" in out
    assert '[Ruleset "classic"]' in out  # the record, printed
    saved = tmp_path / "repro.txt"
    assert main(["check", "classic", "-n", "1", "--save", str(saved)]) == 1
    assert f"the record that reproduces it: {saved}" in capsys.readouterr().out
    assert kozel.record.loads(saved.read_text(encoding="utf-8")).ruleset == CLASSIC


# -- without Hypothesis, and the strategies ------------------------------------------------------


def test_kozel_and_the_kit_work_without_hypothesis_and_the_strategies_name_the_extra():
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import kozel, kozel.testing\n"
        "print(kozel.testing.check_ruleset(kozel.variants.get('classic'), matches=1).matches)\n"
        "try:\n"
        "    import kozel.testing.strategies\n"
        "except ImportError as error:\n"
        "    print(isinstance(error, kozel.MissingExtraError), error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "1"
    assert lines[1].startswith("True kozel.testing.strategies needs Hypothesis")
    assert 'pip install "kozel[testing]"' in lines[1]


def test_the_drawn_positions_cover_every_phase():
    seen = set()
    names = ("pairs", "threesome", "hammer_clubs")

    @settings(max_examples=200, database=None, derandomize=True)
    @given(states(st.sampled_from([kozel.variants.get(name) for name in names])))
    def collect(state):
        assert state.ruleset.name in names
        check_state(state)
        seen.add(state.phase)

    collect()
    assert seen == set(kozel.Phase)


def test_shrinking_gives_the_shortest_play_that_reaches_a_position():
    state = find(states(CLASSIC), lambda state: state.hand_number >= 1, settings=settings(database=None))
    assert state.hand_number == 1
    assert state.trick is None
    assert len(state.moves) == 0  # the first position of the second hand: not one move more
    assert kozel.record.loads(kozel.record.dumps(state)) == state


@settings(max_examples=examples(10))
@given(data=st.data())
def test_views_and_moves_are_what_a_seat_sees_and_may_play(data):
    rules = data.draw(st.sampled_from([CLASSIC, kozel.variants.get("pairs")]))
    view = data.draw(views(rules, max_moves=120))
    assert isinstance(view, kozel.PlayerView)
    state = data.draw(states(rules, over=False))
    move = data.draw(moves(state))
    assert move in kozel.legal_moves(state)


def test_moves_of_a_finished_match_is_an_error():
    state = kozel.new_game(CLASSIC, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = kozel.apply(state, random_move(state, rng))
    with pytest.raises(kozel.KozelError, match="the match is over"):
        moves(state)


@settings(max_examples=examples(20))
@given(rules=rulesets())
def test_drawn_rulesets_validate_and_play(rules):
    assert kozel.forms.from_data(kozel.forms.to_data(rules)) == rules  # it validates, whole
    base = rules.name.removesuffix("_house")
    assert base in kozel.variants.names()
    assert (rules.name == base) == (rules == kozel.variants.get(base))
    state = kozel.new_game(rules, seed=1)
    check_move(state, kozel.legal_moves(state)[0])


def test_drawn_rulesets_vary_every_documented_field():
    drawn = find(
        rulesets(("classic",)),
        lambda rules: rules.players != 4 and rules.match.target != 12 and not rules.scoring.eggs,
        settings=settings(database=None, max_examples=2000),
    )
    assert drawn.name == "classic_house"
    assert drawn.total_points == CLASSIC.total_points


# -- docs/testing.md -------------------------------------------------------------------------------


def test_the_testing_page_runs_as_shown(tmp_path, monkeypatch, capsys):
    examples_ = _examples("testing.md")
    (tmp_path / "house.toml").write_text(examples_["house.toml"][1], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command = examples_["check.sh"][1].split()
    assert command[0] == "kozel"
    assert main(command[1:]) == 0
    assert capsys.readouterr().out == examples_["check.sh.output"][1]
    namespace: dict[str, object] = {"__name__": "docs_testing"}
    for name, (language, text) in examples_.items():
        if language != "python":
            continue
        exec(compile(text, f"docs/testing.md:{name}", "exec"), namespace)
        assert capsys.readouterr().out == examples_[f"{name}.output"][1], name
    page = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert page.count("```python") == 2
    assert page.count("<!-- example:") == len(examples_)


@pytest.mark.parametrize(
    ("name", "phase"),
    [("hammer_clubs", kozel.Phase.TRANSFER_BACK), ("threesome", kozel.Phase.LAY_AWAY), ("pairs", kozel.Phase.DRAWING)],
)
def test_states_of_one_phase(name, phase):
    @settings(max_examples=5, database=None, derandomize=True)
    @given(states(kozel.variants.get(name), phase=phase))
    def one_phase(state):
        assert state.phase is phase
        assert kozel.legal_moves(state)

    one_phase()
