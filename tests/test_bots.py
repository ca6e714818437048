"""Bots: the protocol, the runner, the three built-in bots, and tournaments."""

from __future__ import annotations

import concurrent.futures
import hashlib
import io
import json
import random
import sys
import time
from types import SimpleNamespace

import pytest
from helpers import play, start
from test_properties import RULESETS
from test_views import IDS

import kozel
from kozel import IllegalMoveError, KozelError, Move, MoveKind, PlayerView
from kozel.bots import BOTS, Bot, HeuristicBot, IsmctsBot, RandomBot, Tournament, make_bot, next_move, play_match
from kozel.bots import heuristic as heuristic_module
from kozel.bots import ismcts as ismcts_module
from kozel.bots.stats import wilson
from kozel.bots.tournament import match_seed
from kozel.cli.main import main
from kozel.cli.runs import Lines
from kozel.engine.events import Played
from kozel.game.results import HandResult

CLASSIC = kozel.variants.get("classic")


class Spy(Bot):
    """A bot that records what it is shown and plays the first move."""

    name = "spy"

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[PlayerView, tuple[Move, ...]]] = []
        self.setups: list[tuple[int, int]] = []
        self.resets = 0

    def setup(self, rules, seat, seed):
        super().setup(rules, seat, seed)
        self.setups.append((seat, seed))

    def reset(self):
        self.resets += 1

    def choose(self, view, moves):
        self.asked.append((view, tuple(moves)))
        return moves[0]


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_each_bot_plays_every_ruleset_to_the_end(rules, bot):
    state = play_match(rules, [make_bot(bot) for _ in range(rules.players)], seed=3)
    assert state.is_over
    assert state.result.goats


@pytest.mark.parametrize("rules", [kozel.variants.get(name) for name in kozel.variants.names()], ids=str)
def test_the_search_bot_plays_every_ruleset_to_the_end(rules):
    bots = [IsmctsBot(iterations=4, worlds=2) if seat == 0 else RandomBot() for seat in range(rules.players)]
    state = play_match(rules, bots, seed=5)
    assert state.is_over


def test_a_bot_sees_only_its_view_and_its_own_moves():
    spies = [Spy() for _ in range(4)]
    state = play_match(CLASSIC, spies, seed=8)
    assert state.is_over
    for seat, spy in enumerate(spies):
        assert spy.setups == [(seat, 8)]
        assert spy.resets == 1
        assert spy.asked
        for view, moves in spy.asked:
            assert isinstance(view, PlayerView)
            assert view.seat == seat
            assert len(moves) > 1  # a single legal move is made without asking
            assert all(move.seat == seat for move in moves)


def test_the_runner_asks_out_of_turn_seats_first_and_refuses_illegal_answers():
    class Molodka(RandomBot):
        def interrupt(self, view, moves):
            return next((move for move in moves if move.kind is MoveKind.MOLODKA), None)

    hands = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead A♠")
    bots = [RandomBot(), RandomBot(), RandomBot(), Molodka()]
    assert next_move(state, bots) == Move.parse("3 molodka 6♣ 7♣ 8♣ 9♣")

    class Cheat(Spy):
        def choose(self, view, moves):
            return Move.parse("2 beat A♥")

    with pytest.raises(IllegalMoveError, match="at seat 2 answered"):
        next_move(state, [Spy(), Spy(), Cheat(), Spy()])


def test_play_match_checks_the_number_of_bots():
    with pytest.raises(KozelError, match="played by 4; 3 bots"):
        play_match(CLASSIC, [RandomBot()] * 3, seed=1)


def test_the_same_seed_gives_the_same_match():
    first = play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=12)
    again = play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=12)
    assert first == again


def test_the_heuristic_bot_keeps_its_card_costs_for_the_hand_and_plays_as_with_fresh_ones(monkeypatch):
    kept = play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=5)
    made = []
    real = heuristic_module.Costs

    def counted(rules, table):
        made.append(table)
        return real(rules, table)

    monkeypatch.setattr(heuristic_module, "Costs", counted)
    again = play_match(CLASSIC, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed=5)
    assert again == kept
    hands = len(again.match.hand_results)
    assert 2 <= len(made) <= 2 * (hands + 1)  # one a bot a hand at most, not one a decision
    fresh = []

    class Fresh(HeuristicBot):
        def choose(self, view, moves):
            self._costs = None
            fresh.append(1)
            return super().choose(view, moves)

    assert play_match(CLASSIC, [Fresh(), RandomBot(), Fresh(), RandomBot()], seed=5) == kept
    assert len(fresh) > 2 * (hands + 1)
    assert len(made) > len(fresh)


def choice_of(bot, state, seat):
    bot.setup(state.ruleset, seat, 0)
    return bot.choose(kozel.observe(state, seat), [m for m in kozel.legal_moves(state) if m.seat == seat])


def test_the_heuristic_bot_beats_a_card_worth_a_trump():
    hands = ["A♣ 9♦ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♣ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead A♠", "2 pass 7♠", "3 pass 6♣")
    # Seat 0 answers last and only its trump 8♥ beats: an ace is worth it.
    assert choice_of(HeuristicBot(), state, 0) == Move.parse("0 beat 8♥")


def last_to_play(rules, want, count=5):
    """Positions of random play in which the seat to move plays a trick's last card and ``want`` holds."""
    found = []
    for seed in range(300):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over and len(found) < count:
            if state.trick is not None and len(state.trick.plays) == rules.players - 1 and want(state):
                found.append(state)
                break
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        if len(found) == count:
            return found
    raise AssertionError("not enough positions found")


def test_the_heuristic_bot_does_not_trump_a_trick_worth_nothing():
    rules = kozel.variants.get("seven_of_clubs")

    def worthless_and_void(state):
        table = state.table
        moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
        points = sum(rules.card_points(card) for play in state.trick.plays for card in play.cards)
        trumps = [m for m in moves if m.mask & table.trump_mask]
        plain = [m for m in moves if not m.mask & table.trump_mask]
        led = table.group[state.trick.plays[0].cards[0]]
        blank = [m for m in plain if rules.card_points(m.cards[0]) == 0]
        void = led != 4 and all(table.group[m.cards[0]] != led for m in plain)
        return points == 0 and trumps and blank and void

    for state in last_to_play(rules, worthless_and_void):
        choice = choice_of(HeuristicBot(), state, state.turn)
        # A trump worth points may be worth playing to bank them; a blank trump on a blank trick never is.
        assert not (choice.mask & state.table.trump_mask and rules.card_points(choice.cards[0]) == 0), choice


def test_the_heuristic_bot_gives_its_partner_points_when_the_partner_takes_the_trick():
    rules = kozel.variants.get("seven_of_clubs")
    state = kozel.new_game(rules, seed=2)
    rng = random.Random(0)
    checked = 0
    for seed in range(200):
        state = kozel.new_game(rules, seed=seed)
        while state.trick is None or len(state.trick.plays) != 3:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
            if state.is_over:
                break
        if state.is_over or rules.side_of(state.trick.winner) != rules.side_of(state.turn):
            continue
        moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
        table = state.table
        plain = [
            m for m in moves if not m.mask & table.trump_mask and not table.beaters[state.trick.best.cards[0]] & m.mask
        ]
        if len(plain) < 2:
            continue
        choice = choice_of(HeuristicBot(), state, state.turn)
        # The partner takes the trick: the last player adds the most points he can without a trump.
        assert rules.card_points(choice.cards[0]) == max(rules.card_points(m.cards[0]) for m in plain)
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_the_heuristic_bot_always_plays_a_molodka_and_hands_over_a_lone_trump():
    bot = HeuristicBot()
    moves = (Move.parse("3 molodka 6♣ 7♣ 8♣ 9♣"),)
    assert bot.interrupt(None, moves) == moves[0]
    moves = (Move.parse("1 transfer Q♥"),)
    assert bot.interrupt(None, moves) == moves[0]
    assert bot.interrupt(None, ()) is None


def test_the_search_bot_is_reproducible_and_picks_a_legal_move():
    state = kozel.new_game(CLASSIC, seed=4)
    moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
    picks = set()
    for _ in range(2):
        bot = IsmctsBot(iterations=30, worlds=3)
        bot.setup(CLASSIC, state.turn, 9)
        picks.add(bot.choose(kozel.observe(state, state.turn), moves))
    assert len(picks) == 1
    assert picks.pop() in moves


def test_bots_are_named_by_name_by_module_and_class_and_with_arguments():
    assert set(BOTS) == {"random", "heuristic", "ismcts"}
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    assert isinstance(make_bot("kozel.bots:RandomBot"), RandomBot)
    bot = make_bot("ismcts(iterations=7, worlds=2)")
    assert (bot.iterations, bot.worlds) == (7, 2)
    timed = make_bot("ismcts(seconds=0.5, guided=False)")
    assert (timed.seconds, timed.guided) == (0.5, False)
    default = make_bot("ismcts")
    # the budget measured in docs/bots.md
    assert (default.iterations, default.seconds, default.steps, default.worlds) == (580, None, None, 160)
    assert repr(default) == "IsmctsBot(iterations=580, worlds=160)"
    moved = make_bot("ismcts(steps=900)")
    assert (moved.iterations, moved.seconds, moved.steps) == (None, None, 900)
    for bad, message in [
        ("nobody", "no bot is called 'nobody'"),
        ("kozel.bots:Nothing", "cannot load the bot"),
        ("kozel.bots:make_bot", "is not a Bot class"),
        ("ismcts(7)", "keyword=value"),
        ("ismcts(depth=3)", "cannot make the bot"),
        ("ismcts(iterations=os.system)", "the value of iterations, os.system, is not a number, True, False"),
        ("ismcts(iterations=abc)", "or quoted text; text goes in quotes: iterations='abc'"),
        ("ismcts(iterations=1, iterations=2)", "iterations is given twice"),
        ("ismcts(**{'iterations': 1})", "keyword=value, separated by commas, not \\*\\*"),
        ("ismcts(iterations='abc')", "IsmctsBot: iterations is a whole number from 1 to 10000000, not 'abc'"),
        ("ismcts(iterations=0)", "iterations is a whole number from 1 to 10000000, not 0"),
        ("ismcts(iterations=99999999999999999999)", "iterations is a whole number from 1 to 10000000, not 9999"),
        ("ismcts(worlds=2.5)", "worlds is a whole number from 1 to 100000, not 2.5"),
        ("ismcts(worlds=100001)", "worlds is a whole number from 1 to 100000, not 100001"),
        ("ismcts(seconds=-1)", "seconds is a number above 0 and at most 3600, or None, not -1"),
        ("ismcts(seconds=1e300)", "seconds is a number above 0 and at most 3600, or None, not 1e\\+300"),
        ("ismcts(steps=0)", "steps is a whole number from 1 to 1000000000, not 0"),
        ("ismcts(steps=10**10)", "keyword=value|is not a number"),
        ("ismcts(iterations=5, seconds=1)", "give one budget, iterations, seconds or steps, not iterations and"),
        ("ismcts(seconds=1, steps=100)", "not seconds and steps"),
        ("ismcts(guided=1)", "guided is True or False, not 1"),
        ("heuristic(worlds=True)", "HeuristicBot: worlds is a whole number from 1 to 100000, not True"),
        ("heuristic(worlds=99999999999999999999)", "HeuristicBot: worlds is a whole number from 1 to 100000, not 9999"),
    ]:
        with pytest.raises(KozelError, match=message):
            make_bot(bad)


def test_a_keyword_a_bot_does_not_take_is_named_with_the_closest_it_takes():
    with pytest.raises(KozelError) as refused:
        make_bot("ismcts(iteration=10)")
    assert str(refused.value) == (
        "cannot make the bot 'ismcts(iteration=10)': it takes no keyword 'iteration' (did you mean iterations?); "
        "its keywords are iterations, seconds, worlds, steps, guided"
    )
    with pytest.raises(KozelError) as refused:
        make_bot("heuristic(depth=2)")
    assert str(refused.value) == (
        "cannot make the bot 'heuristic(depth=2)': it takes no keyword 'depth'; its keywords are worlds"
    )
    with pytest.raises(KozelError) as refused:
        make_bot("random(seed=1)")
    assert str(refused.value) == "cannot make the bot 'random(seed=1)': it takes no keywords, not 'seed'"


def _bot_module(monkeypatch, tmp_path, name, source):
    """A module of bots of one's own, ``name``.py holding ``source``, importable for the test only."""
    (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)


def test_a_bot_of_ones_own_that_takes_any_keyword_gets_them_all(monkeypatch, tmp_path):
    _bot_module(
        monkeypatch,
        tmp_path,
        "anykeys",
        "from kozel.bots import Bot\n"
        "class Open(Bot):\n"
        "    def __init__(self, **options):\n"
        "        super().__init__()\n"
        "        self.options = options\n"
        "    def choose(self, view, moves):\n"
        "        return moves[0]\n",
    )
    assert make_bot("anykeys:Open(style='bold', depth=2)").options == {"style": "bold", "depth": 2}


def test_a_missing_package_of_a_bot_is_looked_for_as_a_folder(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(KozelError, match=r"run it from the folder that holds the package nopackage \(a folder "):
        make_bot("nopackage.mybots:Cautious")
    with pytest.raises(KozelError, match=r"run it from the folder that holds nomodule\.py, install"):
        make_bot("nomodule:Cautious")
    (tmp_path / "haspackage").mkdir()
    (tmp_path / "haspackage" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "needsmore.py").write_text("import nosuchdependency_zz\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("haspackage", "needsmore"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(KozelError) as refused:
        make_bot("haspackage.gone:Cautious")
    assert str(refused.value).endswith(": the package haspackage has no module gone")
    with pytest.raises(KozelError) as refused:
        make_bot("needsmore:Cautious")
    assert str(refused.value) == (
        "cannot load the bot 'needsmore:Cautious': its module imports nosuchdependency_zz, which is not installed "
        "(No module named 'nosuchdependency_zz')"
    )


def test_a_bot_whose_init_a_decorator_wraps_takes_the_wrappers_keywords(monkeypatch, tmp_path):
    """The keywords are checked against the code called (the wrapper), not what it wraps."""
    _bot_module(
        monkeypatch,
        tmp_path,
        "wrappedbots",
        "import functools\n"
        "from kozel.bots import Bot\n"
        "def noted(init):\n"
        "    @functools.wraps(init)\n"
        "    def wrapper(self, *args, verbose=False, **keywords):\n"
        "        init(self, *args, **keywords)\n"
        "        self.verbose = verbose\n"
        "    return wrapper\n"
        "class Wrapped(Bot):\n"
        "    @noted\n"
        "    def __init__(self, depth=1):\n"
        "        super().__init__()\n"
        "        self.depth = depth\n"
        "    def choose(self, view, moves):\n"
        "        return moves[0]\n",
    )
    bot = make_bot("wrappedbots:Wrapped(verbose=True, depth=3)")
    assert (bot.verbose, bot.depth) == (True, 3)


def test_wilson_interval():
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.51
    assert 0.69 < high < 0.70
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    # rounding takes the formula's ends a hair past 0 and 1 for some n: they are clamped
    for trials in range(1, 200):
        for successes in range(trials + 1):
            low, high = wilson(successes, trials)
            assert 0.0 <= low <= successes / trials <= high <= 1.0
        assert wilson(trials, trials)[1] == 1.0
        assert wilson(0, trials)[0] == 0.0
    assert wilson(11, 11) == (pytest.approx(0.7411670330319683), 1.0)
    assert wilson(0, 21)[0] == 0.0
    for successes, trials in ((-1, 5), (6, 5), (1, -1)):
        with pytest.raises(KozelError, match="a proportion counts 0 to"):
            wilson(successes, trials)


def test_wilson_takes_whole_counts_of_any_size_and_a_positive_finite_z():
    numpy = pytest.importorskip(
        "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
    )
    for successes, trials in (("3", 10), (1.5, 3), (True, 3), (1, 2.0), (1, None)):
        with pytest.raises(kozel.WrongTypeError, match="a proportion counts whole numbers of successes and trials"):
            wilson(successes, trials)
    assert wilson(numpy.int64(3), numpy.int64(10)) == wilson(3, 10)
    for z in (-1, 0, 0.0, -0.5, float("nan"), float("inf"), 1e101, 10**400):
        with pytest.raises(KozelError, match="z, the standard errors each way, is a number above 0 and at most 1e"):
            wilson(1, 2, z=z)
    with pytest.raises(kozel.WrongTypeError, match="z, the standard errors each way, is a number"):
        wilson(1, 2, z="2")
    assert wilson(1, 2, z=1e100) == (0.0, 1.0)
    assert wilson(60, 100, z=1) == pytest.approx((0.55025, 0.64777), abs=1e-5)  # by hand
    # counts too large for a float: correct to a float's precision (this overflowed)
    assert wilson(0, 10**400) == (0.0, 0.0)
    assert wilson(10**400, 10**400) == (1.0, 1.0)
    assert wilson(10**399, 10**400) == (0.1, 0.1)
    low, high = wilson(1, 2**600)
    # 1 of n, n huge: (1 + z²/2 ∓ z sqrt(1 + z²/4)) / n, worked by hand
    assert (low * 2.0**600, high * 2.0**600) == pytest.approx((0.1765246, 5.664934), rel=1e-6)


def test_a_tournament_seats_the_bots_in_turn_and_is_the_same_in_any_number_of_processes():
    tournament = Tournament(CLASSIC, ("heuristic", "random"), matches=8, seed=3)
    records, outcomes = tournament.run(processes=1)
    again, outcomes_again = tournament.run(processes=2)
    assert outcomes == outcomes_again
    assert records == again
    assert [outcome.sides for outcome in outcomes] == [(0, 1), (1, 0)] * 4
    heuristic, random_ = records
    assert heuristic.matches == random_.matches == 8
    assert heuristic.wins + heuristic.goats == 8
    assert heuristic.wins == random_.goats
    assert match_seed(3, 0) != match_seed(3, 1) == match_seed(3, 1)
    with pytest.raises(KozelError, match="played by 2 sides"):
        Tournament(CLASSIC, ("heuristic",), matches=1)
    for matches in (0, 10**7 + 1, 99999999999999999999):
        said = f"a tournament's number of matches is a whole number from 1 to 10000000, not {matches}"
        with pytest.raises(KozelError, match=said):
            Tournament(CLASSIC, ("heuristic", "random"), matches=matches)


def test_kozel_simulate_prints_the_table_and_writes_json(capsys, tmp_path):
    path = tmp_path / "results.json"
    code = main(
        ["simulate", "classic", "--bots", "heuristic", "random", "-n", "6", "--processes", "1", "--json", str(path)]
    )
    assert code == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    # standard error is not a terminal here: progress comes as a line at each tenth reached
    progress = captured.err.splitlines()
    assert [line.split(" matches played, ")[0] for line in progress] == [f"{done}/6" for done in range(1, 7)]
    assert all(line.endswith(" s left") for line in progress)
    assert lines[0].startswith("classic: 6 matches, seed 0, 1 process,")
    assert lines[1].split()[:3] == ["bot", "matches", "wins"]
    assert lines[2].split()[:2] == ["heuristic", "6"]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["ruleset"] == "classic"
    assert [bot["bot"] for bot in data["bots"]] == ["heuristic", "random"]
    assert data["bots"][0]["wins"] + data["bots"][1]["wins"] == 6
    assert len(data["outcomes"]) == 6


def test_simulate_progress_off_a_terminal_is_one_line_per_tenth_of_the_matches():
    stream = io.StringIO()
    lines = Lines(stream)
    for done in (3, 9, 10, 15, 19, 45, 100):
        lines.update(done, 100)
    lines.close()
    reported = [line.split(" matches played")[0] for line in stream.getvalue().splitlines()]
    assert reported == ["10/100", "45/100", "100/100"]


def test_kozel_simulate_refuses_bad_bots_without_a_traceback(capsys):
    assert main(["simulate", "classic", "--bots", "nobody", "random", "-n", "2"]) == 2
    assert "no bot is called 'nobody'" in capsys.readouterr().err
    assert main(["simulate", "threesome", "--bots", "heuristic", "random", "-n", "2"]) == 2
    assert "played by 3 sides" in capsys.readouterr().err


def test_random_bot_interrupts_at_random():
    bot = RandomBot()
    bot.setup(CLASSIC, 0, 1)
    moves = (Move.parse("0 molodka 6♣ 7♣ 8♣ 9♣"),)
    answers = {bot.interrupt(None, moves) for _ in range(40)}
    assert answers == {None, moves[0]}
    assert random.Random(0) is not bot.rng


@pytest.mark.parametrize("name", ["six_of_clubs", "seven_of_clubs"])
def test_the_heuristic_bot_catches_when_it_can(name):
    rules = kozel.variants.get(name)
    catch = rules.catch
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over:
            trick = state.trick
            moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
            catching = [m for m in moves if catch.catcher in m.cards]
            victim_by_opponent = trick is not None and any(
                catch.victim in play.cards and rules.side_of(play.seat) != rules.side_of(state.turn)
                for play in trick.plays
            )
            if catching and victim_by_opponent and len(moves) > 1:
                assert choice_of(HeuristicBot(), state, state.turn) == catching[0]
                found += 1
                break
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        if found == 3:
            break
    assert found == 3


def test_the_search_bot_keeps_to_a_time_budget():
    state = kozel.new_game(CLASSIC, seed=4)
    moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
    bot = IsmctsBot(seconds=0.05, worlds=2)
    bot.setup(CLASSIC, state.turn, 1)
    started = time.perf_counter()
    assert bot.choose(kozel.observe(state, state.turn), moves) in moves
    assert time.perf_counter() - started < 2.0
    assert repr(bot) == "IsmctsBot(seconds=0.05, worlds=2)"


def test_the_search_bot_keeps_to_a_budget_of_moves(monkeypatch):
    state = kozel.new_game(CLASSIC, seed=4)
    moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
    made = []
    real = IsmctsBot._iterate

    def counted(self, *args):
        made.append(real(self, *args))
        return made[-1]

    monkeypatch.setattr(IsmctsBot, "_iterate", counted)
    bot = IsmctsBot(steps=500, worlds=3)
    bot.setup(CLASSIC, state.turn, 1)
    chosen = bot.choose(kozel.observe(state, state.turn), moves)
    assert chosen in moves
    assert sum(made[:-1]) < 500 <= sum(made)  # iterations until 500 moves were made, and no further
    assert all(count >= 1 for count in made)
    assert repr(bot) == "IsmctsBot(steps=500, worlds=3)"
    again = IsmctsBot(steps=500, worlds=3)
    again.setup(CLASSIC, state.turn, 1)
    assert again.choose(kozel.observe(state, state.turn), moves) == chosen  # a budget of moves is reproducible


@pytest.mark.parametrize(
    ("budget", "expected"), [({"iterations": 5}, 5), ({"iterations": 200}, 160), ({"steps": 40, "worlds": 7}, 7)]
)
def test_the_search_bot_draws_no_world_that_no_iteration_takes(monkeypatch, budget, expected):
    # 160 worlds by default, but never more than a budget of iterations can take; a budget of moves has no
    # such count, so it draws all of its worlds.
    state = kozel.new_game(CLASSIC, seed=4)
    moves = [m for m in kozel.legal_moves(state) if m.seat == state.turn]
    drawn = []
    real = kozel.determinize

    def counted(view, rng, moves):
        drawn.append(view.seat)
        return real(view, rng, moves=moves)

    monkeypatch.setattr("kozel.bots.ismcts.determinize", counted)
    bot = IsmctsBot(**budget)
    bot.setup(CLASSIC, state.turn, 1)
    assert bot.choose(kozel.observe(state, state.turn), moves) in moves
    assert len(drawn) == expected


@pytest.mark.parametrize(("praise", "expected"), [("regular", 6), ("trousers", 4)])
def test_the_search_bot_draws_fewer_worlds_in_a_hand_dealt_by_drawing(monkeypatch, praise, expected):
    state = kozel.apply(kozel.new_game(kozel.variants.get("pairs"), seed=5), Move(1, MoveKind.PRAISE, (), praise))
    while len([move for move in kozel.legal_moves(state) if move.seat == state.turn]) < 2:
        state = kozel.apply(state, kozel.legal_moves(state)[0])
    drawn = []
    real = kozel.determinize

    def counted(view, rng, moves):
        drawn.append(view.seat)
        assert {move for move in kozel.legal_moves(state) if move.seat == view.seat} == set(moves)
        return real(view, rng, moves=moves)

    monkeypatch.setattr("kozel.bots.ismcts.determinize", counted)
    bot = IsmctsBot(iterations=12, worlds=6)
    bot.setup(state.ruleset, state.turn, 0)
    moves = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
    assert bot.choose(kozel.observe(state, state.turn), moves) in moves
    assert drawn == [state.turn] * expected


# Bots as objects: classes, factories, instances and specs; their names; the current folder.


class Greedy(Bot):
    """Plays the first of its moves: cheap, and the same from the same seed."""

    name = "greedy"

    def __init__(self, nudge: int = 0) -> None:
        super().__init__()
        self.nudge = nudge

    def choose(self, view, moves):
        return moves[self.nudge % len(moves)]


class Nameless(Bot):
    """A bot that keeps the default name."""

    def choose(self, view, moves):
        return moves[-1]


def _qualname(function) -> str:
    return f"{function.__module__}:{function.__qualname__}"


def make_greedy() -> Bot:
    return Greedy(nudge=1)


def test_a_tournament_takes_classes_factories_instances_and_specs_alike():
    """Each form of the same bot plays the same matches as its spec string."""
    by_spec = Tournament(CLASSIC, ("test_bots:Greedy", "random"), matches=4, seed=2).run()
    for form in (Greedy, Greedy(), lambda: Greedy()):  # noqa: PLW0108 - a factory, not the class
        records, outcomes = Tournament(CLASSIC, (form, "random"), matches=4, seed=2).run()
        assert outcomes == by_spec[1]
        assert [record.name for record in records] == ["greedy", "random"]
        assert records[0].spec == ("test_bots:Greedy" if isinstance(form, (type, Bot)) else _qualname(form))
    factory = Tournament(CLASSIC, (make_greedy, Greedy(nudge=1)), matches=2, seed=2)
    assert factory.names == ("greedy", "greedy #2")  # the same name twice is told apart
    assert [bot.kind for bot in factory.bots] == ["factory", "instance"]
    records, outcomes = factory.run()
    assert [outcome.sides for outcome in outcomes] == [(0, 1), (1, 0)]
    assert {outcome.record for outcome in outcomes} == {  # the instance plays as the factory's bot does
        outcome.record for outcome in Tournament(CLASSIC, (make_greedy, make_greedy), matches=2, seed=2).run()[1]
    }


def test_an_instance_is_copied_for_each_match_and_must_pickle():
    instance = Greedy(nudge=1)
    tournament = Tournament(CLASSIC, (instance, "random"), matches=2, seed=1)
    first, second = tournament.bots[0].make(), tournament.bots[0].make()
    assert first is not second
    assert first is not instance
    assert first.nudge == 1
    unpicklable = Greedy()
    unpicklable.lock = __import__("threading").Lock()
    with pytest.raises(KozelError, match=r"cannot be copied for each match .it must pickle.*give its class"):
        Tournament(CLASSIC, (unpicklable, "random"), matches=2)


def test_a_bot_that_cannot_go_to_another_process_is_refused_there_only():
    class Local(Greedy):
        name = "local"

    tournament = Tournament(CLASSIC, (Local, "random"), matches=2, seed=1)
    records, _ = tournament.run(processes=1)  # in this process a local class is fine
    assert records[0].name == "local"
    with pytest.raises(KozelError, match=r"local .*cannot be sent to another process"):
        tournament.run(processes=2)


def test_things_that_are_not_bots_are_refused():
    with pytest.raises(KozelError, match="is not a Bot class"):
        Tournament(CLASSIC, (int, "random"), matches=1)
    with pytest.raises(KozelError, match="made 3, not a Bot"):
        Tournament(CLASSIC, (lambda: 3, "random"), matches=1)
    with pytest.raises(KozelError, match="is not a bot"):
        Tournament(CLASSIC, (3, "random"), matches=1)
    with pytest.raises(KozelError, match=r"cannot make a bot from .* with no arguments"):
        Tournament(CLASSIC, (lambda x: Greedy(), "random"), matches=1)
    with pytest.raises(KozelError, match="a sequence of bots"):
        Tournament(CLASSIC, "heuristic", matches=1)


def test_bot_names_are_in_the_table_and_json_with_the_spec_beside_them(capsys, tmp_path, monkeypatch):
    (tmp_path / "mine.py").write_text(
        "from kozel.bots import Bot\n\n\nclass Mine(Bot):\n    name = 'mine'\n\n"
        "    def choose(self, view, moves):\n        return moves[0]\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", [path for path in __import__("sys").path if path not in ("", str(tmp_path))])
    assert main(["simulate", "--bots", "mine:Mine", "ismcts(iterations=1, worlds=1)", "-n", "2", "--processes", "1",
                 "--json", "out.json"]) == 0  # fmt: skip
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[0] == "bot"
    assert lines[1].split()[-1] == "spec"
    assert lines[2].split()[0] == "mine"
    assert lines[2].split()[-1] == "mine:Mine"
    assert lines[3].startswith("ismcts(iterations=1, worlds=1)  ")
    data = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [(bot["bot"], bot["spec"]) for bot in data["bots"]] == [
        ("mine", "mine:Mine"),
        ("ismcts(iterations=1, worlds=1)", "ismcts(iterations=1, worlds=1)"),
    ]
    assert Tournament(CLASSIC, (Nameless, "random"), matches=1).names == ("Nameless", "random")


def test_a_module_not_found_says_where_it_was_looked_for(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--bots", "nowhere:Bot", "random", "-n", "2"]) == 2
    err = capsys.readouterr().err
    assert "No module named 'nowhere'" in err
    assert f"in the current folder ({tmp_path})" in err
    assert "run it from the folder that holds nowhere.py, install the bot's package, or add its folder" in err
    assert "Traceback" not in err


def test_the_local_pool_gives_the_same_outcomes_as_before_executors():
    """The outcomes of kozel simulate classic --bots heuristic random -n 40 --seed 5, as the runner before
    executors gave them (the SHA-256 of their JSON, the record digest left out: its form changed since;
    pinned again when determinize's draws changed, and when the seed-to-deal mapping did): the same in two
    processes and in a pool given in."""
    tournament = Tournament(CLASSIC, ("heuristic", "random"), matches=40, seed=5)
    expected = "f533a847c87da6ba716f3b363ff5e81e9bcac22ffc08118463815dd205f19100"

    def digest(outcomes):
        data = [{key: value for key, value in outcome.as_data().items() if key != "record"} for outcome in outcomes]
        text = json.dumps(data, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()

    assert digest(tournament.run(processes=2)[1]) == expected
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert digest(tournament.run(processes=2, executor=pool)[1]) == expected


def _hand_value(name: str, points: tuple[int, ...], written: tuple[int, ...]) -> float:
    """What the search bot credits side 0 with for a hand that ended with these card points and written points."""
    rules = kozel.variants.get(name)
    tricks = tuple(int(side_points > 0) for side_points in points)
    result = HandResult(points=points, tricks=tricks, written=written, eggs=False, caught=False, forfeited=False)
    world, ended = SimpleNamespace(hand_results=()), SimpleNamespace(hand_results=(result,))
    return ismcts_module._values(rules, world, ended, rules.most_written)[0]


def test_the_search_bot_counts_a_hand_written_four_worse_than_one_written_two():
    # Measured against the most a hand of classic writes (6, a side with no trick), not against what this
    # hand wrote, so 30 card points (written four) is a good deal worse than 31 (written two).
    assert kozel.variants.get("classic").most_written == 6
    two, four = _hand_value("classic", (31, 89), (2, 0)), _hand_value("classic", (30, 90), (4, 0))
    assert two - four == pytest.approx(0.5 / 120 + 0.25 * 2 / 6)
    assert _hand_value("classic", (90, 30), (0, 4)) > _hand_value("classic", (89, 31), (0, 2))
    assert _hand_value("classic", (0, 120), (6, 0)) == pytest.approx(0.0)
    assert _hand_value("classic", (120, 0), (0, 6)) == pytest.approx(1.0)

    # seven_of_clubs writes 2 on the loser, and 4 on the side that played Q♣ into a catch: the most is the catch.
    assert kozel.variants.get("seven_of_clubs").most_written == 4
    won = _hand_value("seven_of_clubs", (70, 50), (0, 2))
    assert won == pytest.approx(0.5 * 70 / 120 + 0.25 * (1 + 2 / 4))
    # A catch counts no card points: the catching side is given them all, as it writes the most on the others.
    caught_them = _hand_value("seven_of_clubs", (0, 0), (0, 4))
    assert caught_them == pytest.approx(1.0)
    assert caught_them > _hand_value("seven_of_clubs", (120, 0), (0, 2)) > won
    assert _hand_value("seven_of_clubs", (0, 0), (4, 0)) == pytest.approx(0.0)
    assert _hand_value("seven_of_clubs", (0, 0), (4, 0)) < _hand_value("seven_of_clubs", (0, 120), (2, 0))


def test_the_search_bot_sees_another_seats_face_down_pass_as_one_move():
    # Hearts are trumps; seat 1 leads 7♠.  Seat 2 may beat with 8♠, K♠ or Q♥, or pass any one card face down.
    hands = ["A♣ 9♠ 8♥ 7♦", "7♠ 10♥ J♦ 6♦", "K♠ Q♥ 10♦ 8♠", "6♣ 7♣ 8♣ 9♦"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead 7♠")
    legal = kozel.legal_moves(state)
    passes = [Move.parse(f"2 pass {card}") for card in ("K♠", "Q♥", "10♦", "8♠")]
    beats = [Move.parse(f"2 beat {card}") for card in ("8♠", "K♠", "Q♥")]
    # Seat 2 tells its own moves apart: each stands for itself.
    assert ismcts_module._as_seen(state, legal, 2) == {move: move for move in legal}
    # Seat 0 sees the beats, but of a pass only that seat 2 laid one card face down: the four are one choice.
    seen_by_0 = ismcts_module._as_seen(state, legal, 0)
    hidden = Played(seat=2, kind=MoveKind.PASS, cards=None, count=1, choice=None, to=None)
    assert set(seen_by_0) == {*beats, hidden}
    assert sorted(map(str, seen_by_0[hidden])) == sorted(map(str, passes))
    assert all(seen_by_0[beat] == beat for beat in beats)


def test_the_search_bot_sees_a_transfer_as_its_receiver_does():
    # hammer_clubs: after the first trick's draw, a seat holding one or two trumps may hand them to its partner.
    rules = kozel.variants.get("hammer_clubs")
    state = play(
        kozel.new_game(rules, seed=0), "0 lead 6♥ 9♥ 10♥", "1 pass 8♣ 7♠ Q♠", "2 pass 6♣ K♠ A♠", "3 pass 9♠ Q♥ 10♦"
    )
    transfer = Move.parse("1 transfer J♥")
    assert transfer in kozel.legal_moves(state)
    assert ismcts_module._seen_as(state, transfer, 1) == transfer  # the one who hands it over
    assert ismcts_module._seen_as(state, transfer, 3) == transfer  # the partner who gets it
    for opponent in (0, 2):
        assert ismcts_module._seen_as(state, transfer, opponent) == Played(
            seat=1, kind=MoveKind.TRANSFER, cards=None, count=1, choice=None, to=3
        )


def test_the_search_tree_never_tells_apart_cards_its_seat_cannot_see():
    # The tree a search grows from seat 1's lead: every face-down move of another seat in it is one node, what
    # seat 1 sees of it; seat 1's own moves, and every move laid face up, are nodes of their own.
    hands = ["A♣ 9♠ 8♥ 7♦", "7♠ 10♥ J♦ 6♦", "K♠ Q♥ 10♦ 8♠", "6♣ 7♣ 8♣ 9♦"]
    state = start(CLASSIC, hands, shown="A♥")
    bot = IsmctsBot(iterations=300)
    bot.setup(CLASSIC, 1, seed=5)
    view = kozel.observe(state, 1)
    moves = kozel.legal_moves(state)
    worlds = [kozel.determinize(view, bot.rng, moves=moves) for _ in range(8)]
    root = ismcts_module._Node(side=-1)
    scale = CLASSIC.most_written
    with kozel.engine.within_hand():
        for iteration in range(300):
            bot._iterate(root, worlds[iteration % len(worlds)], set(moves), {}, scale)
    grouped = 0
    nodes = [root]
    while nodes:
        node = nodes.pop()
        nodes.extend(node.children.values())
        for key in node.children:
            if isinstance(key, Played):
                assert key.seat != 1
                assert key.kind is MoveKind.PASS
                assert key.cards is None
                grouped += 1
            else:
                assert isinstance(key, Move)
                assert key.seat == 1 or key.kind is not MoveKind.PASS
        passers = [key.seat for key in node.children if isinstance(key, Played)]
        assert len(passers) == len(set(passers))
    assert grouped > 10  # the tree did reach other seats' passes
