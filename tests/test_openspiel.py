"""The OpenSpiel games pass OpenSpiel's own random_sim_test for every built-in ruleset, and say what kozel says."""

from __future__ import annotations

import importlib.util
import pickle
import random
import runpy
from pathlib import Path

import attrs
import pytest
from hypothesis import settings
from profiles import DEFAULT_EXAMPLES

import kozel
from kozel.play import actions, encoding, hand_ended, most_plays

MISSING = any(importlib.util.find_spec(name) is None for name in ("pyspiel", "numpy"))
if not MISSING:
    import pyspiel
    from open_spiel.python.observation import make_observation

    from kozel.integrations import openspiel

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(MISSING, reason="the openspiel extra is not installed (pip install -e '.[openspiel]')"),
]

NAMES = kozel.variants.names()
ROOT = Path(__file__).parent.parent


def thorough() -> bool:
    return settings().max_examples > DEFAULT_EXAMPLES


def deal(state, rng):
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(rng.choice(outcomes)[0])


def play_until(state, rng, stop):
    """Random play (chance included) until ``stop(state)`` or the end; whether it stopped there."""
    while not state.is_terminal():
        deal(state, rng)
        if state.is_terminal():
            break
        if stop(state):
            return True
        state.apply_action(rng.choice(state.legal_actions()))
    return False


@pytest.mark.hypothesis
@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_of_the_hand_game(name):
    game = pyspiel.load_game(openspiel.game_name(name))
    pyspiel.random_sim_test(game, num_sims=10 if thorough() else 1, serialize=True, verbose=False)


@pytest.mark.hypothesis
@pytest.mark.parametrize("name", NAMES if thorough() else ["classic"])
def test_random_sim_test_of_the_match_game(name):
    """A whole match of classic by default; of every ruleset, 3 each, under the thorough profile (a test a
    ruleset, so that the workers share them)."""
    game = pyspiel.load_game(openspiel.game_name(name, match=True))
    pyspiel.random_sim_test(game, num_sims=3 if thorough() else 1, serialize=True, verbose=False)


def test_the_game_is_told_the_numbering_and_the_deck():
    rules = kozel.variants.get("hammer_clubs")
    game = pyspiel.load_game("kozel_hand_hammer_clubs")
    assert game.num_distinct_actions() == actions(rules).compact.size == 247
    assert game.max_chance_outcomes() == len(rules.deck)
    assert game.num_players() == rules.players
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("kozel_hand_threesome").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_chance_deals_the_deck_card_by_card_and_the_hand_starts_from_it():
    game = pyspiel.load_game("kozel_hand_classic")
    state = game.new_initial_state()
    cards = sorted(kozel.variants.get("classic").deck)
    dealt = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 36 - len(dealt)
        action = outcomes[len(outcomes) // 2][0]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == f"deal {cards[action]}"
        dealt.append(cards[action])
        state.apply_action(action)
    assert state.table == kozel.engine.new_hand(kozel.variants.get("classic"), dealt)
    assert state.current_player() == kozel.play.decision(state.table).seat


def test_legal_actions_are_the_decision_and_wait_keeps_the_table():
    rng = random.Random(3)
    game = pyspiel.load_game("kozel_hand_classic")
    for _ in range(200):
        state = game.new_initial_state()
        if play_until(state, rng, lambda s: s.asked.out_of_turn):
            break
    else:
        pytest.fail("no seat was asked out of turn in 200 random hands")
    asked = state.asked
    seat = asked.seat
    hand = state.table.hand_masks[seat]
    assert state.legal_actions() == actions(state.table.ruleset).compact.indices(asked.moves, hand)
    wait = state.action(kozel.play.wait(seat))
    assert wait in state.legal_actions()
    before_table, before_info = state.table, state.information_state_string(seat)
    state.apply_action(wait)
    assert state.table is before_table
    assert seat in state.waited
    assert state.information_state_string(seat) != before_info


def test_observations_are_the_encoding_of_the_view_and_the_seats_waited():
    rng = random.Random(5)
    game = pyspiel.load_game("kozel_hand_six_of_clubs")
    state = game.new_initial_state()
    play_until(state, rng, lambda s: len(s.table.log) >= 5)
    rules = state.table.ruleset
    coder = encoding(rules)
    for seat in range(rules.players):
        view = kozel.observe(state.table, seat)
        assert state.observation_tensor(seat) == pytest.approx(coder.observation(view) + [0.0] * rules.players)
        info = state.information_state_tensor(seat)
        asks = [0.0] * (most_plays(rules) * rules.players)
        for move, waited in enumerate(state.asks):
            for other in waited:
                asks[move * rules.players + (other - seat) % rules.players] = 1.0
        assert info == pytest.approx(coder.information_state(view) + [0.0] * rules.players + asks)
        assert view.key() in state.information_state_string(seat)
        assert str(view.hand) in state.observation_string(seat)
    assert game.observation_tensor_size() == coder.size + rules.players
    assert game.information_state_tensor_size() == coder.state_size + rules.players * (1 + most_plays(rules))


@pytest.mark.parametrize("name", ["classic", "pairs", "six_of_clubs"])
def test_a_resampled_state_shows_the_seat_the_same_view_and_answers(name):
    rng = random.Random(7)
    game = pyspiel.load_game(openspiel.game_name(name))
    state = game.new_initial_state()
    play_until(state, rng, lambda s: len(s.table.log) >= 6)
    if state.is_terminal():
        pytest.fail("the hand ended within 6 moves")
    seat = state.current_player()
    draws = random.Random(1)
    worlds = [state.resample_from_infostate(seat, draws.random) for _ in range(3)]
    for world in worlds:
        assert kozel.observe(world.table, seat) == kozel.observe(state.table, seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.information_state_string(seat) == state.information_state_string(seat)
    assert any(world.table.hands != state.table.hands for world in worlds)


def test_serialize_and_deserialize_give_the_same_state():
    rng = random.Random(9)
    game = pyspiel.load_game("kozel_match_simple")
    state = game.new_initial_state()
    play_until(state, rng, lambda s: len(s.table.match.hand_results) >= 1 and len(s.table.log) >= 3)
    again = game.deserialize_state(state.serialize())
    assert again.table == state.table
    assert again.history() == state.history()
    assert str(again) == str(state)


@pytest.mark.parametrize("name", ["pairs", "six_players", "fifteen"])
def test_the_hand_game_returns_credit_and_counted_off_points_to_the_side_written_them(name):
    """Credit points (pairs, six_players) and points counted off toward the target (fifteen) are good for the side
    written them: its seats' returns are its written points less the other side's."""
    rules = kozel.variants.get(name)
    game = pyspiel.load_game(f"kozel_hand_{name}")
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state()
        play_until(state, rng, lambda s: False)
        written = state.table.match.hand_results[-1].written
        if written[0] != written[1]:
            break
    assert written[0] != written[1]
    own = [written[rules.side_of(seat)] - written[1 - rules.side_of(seat)] for seat in range(rules.players)]
    assert state.returns() == own
    assert max(state.returns()) > 0


def test_the_action_of_a_move_is_given_only_for_an_answer_of_the_seat_asked():
    """Another seat's move, or one the rules do not allow now, has no action: never another answer's number."""
    state = pyspiel.load_game("kozel_hand_classic").new_initial_state()
    deal(state, random.Random(2))
    asked = state.asked
    assert asked is not None
    for move in asked.moves:
        assert state.action_to_string(asked.seat, state.action(move)) == str(move)
    other = (asked.seat + 1) % 4
    card = next(iter(state.table.hands[other]))
    lead = kozel.MoveKind.LEAD
    for wrong in (kozel.Move(other, lead, (card,)), kozel.Move(asked.seat, lead, (card,))):  # his card; not held
        with pytest.raises(kozel.IllegalMoveError, match=f"is not an answer of seat {asked.seat}, the seat asked now"):
            state.action(wrong)
    for thing in ("x", None, 3):
        with pytest.raises(kozel.WrongTypeError, match="action: a move is a kozel Move, not"):
            state.action(thing)


def test_chance_outcomes_are_refused_where_chance_deals_nothing():
    state = pyspiel.load_game("kozel_hand_classic").new_initial_state()
    rng = random.Random(4)
    deal(state, rng)
    with pytest.raises(kozel.KozelError, match=f"chance deals nothing now, seat {state.current_player()} is asked"):
        state.chance_outcomes()
    assert state.legal_actions((state.current_player() + 1) % 4) == []  # a seat not asked: no action (OpenSpiel's)
    play_until(state, rng, lambda s: False)
    with pytest.raises(kozel.KozelError, match="chance deals nothing now, the game is over"):
        state.chance_outcomes()


def test_the_hand_game_returns_the_written_points_and_the_match_game_the_goat():
    rng = random.Random(11)
    hand_game = pyspiel.load_game("kozel_hand_classic")
    state = hand_game.new_initial_state()
    last = {}

    def keep(s):
        last["table"] = s.table
        return False

    play_until(state, rng, keep)
    result = state.table.match.hand_results[-1]
    assert hand_ended(last["table"], state.table) == result
    written = result.written
    assert state.returns() == [written[1] - written[0], written[0] - written[1]] * 2
    match_game = pyspiel.load_game("kozel_match_classic")
    state = match_game.new_initial_state()
    play_until(state, rng, lambda s: False)
    (goat,) = state.table.result.goats
    assert state.returns() == [-1.0 if seat % 2 == goat else 1.0 for seat in range(4)]


def test_the_ismcts_example_plays_its_hands(capsys):
    runpy.run_path(str(ROOT / "examples" / "openspiel_ismcts.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert out.count("hand ") == 4
    assert out.endswith("ISMCTS (40 simulations a move) -4, heuristic +4 over 4 hands\n")
    assert f"```text\n{out}```" in (ROOT / "docs" / "training.md").read_text(encoding="utf-8")


def test_a_house_ruleset_registers_its_games_too():
    rules = kozel.load_ruleset(ROOT / "examples" / "house.toml")
    openspiel.register(rules)
    game = pyspiel.load_game(openspiel.game_name(rules))
    assert openspiel.game_name(rules) == "kozel_hand_classic_16"
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert openspiel.load(rules, match=True).get_type().short_name == "kozel_match_classic_16"


def test_an_action_that_is_no_answer_is_refused_and_changes_nothing():
    game = pyspiel.load_game("kozel_hand_classic")
    state = game.new_initial_state()
    deal(state, random.Random(2))
    table, legal, history = state.table, state.legal_actions(), state.history()
    wrong = next(action for action in range(game.num_distinct_actions()) if action not in legal)
    with pytest.raises(kozel.KozelError, match="no answer of seat"):
        state.apply_action(wrong)
    assert state.table is table
    assert state.legal_actions() == legal
    assert state.history() == history


def test_each_game_keeps_its_own_rules_and_a_ruleset_posing_as_a_built_in_is_refused():
    classic = pyspiel.load_game("kozel_hand_classic")
    two = kozel.variants.get("classic").for_players(2)  # the same name, other rules
    with pytest.raises(kozel.KozelError, match="called 'classic' but is not the built-in classic"):
        openspiel.load(two)
    with pytest.raises(kozel.KozelError, match="give it a name of its own"):
        openspiel.register(two)
    renamed = openspiel.load(attrs.evolve(two, name="classic_2"))
    assert renamed.num_players() == 2
    state = classic.new_initial_state()
    deal(state, random.Random(4))
    assert (classic.num_players(), state.table.ruleset.players, len(state.returns())) == (4, 4, 4)
    assert state.kgame is classic.kozel
    assert renamed.new_initial_state().kgame is renamed.kozel


@pytest.mark.parametrize("bad", [5, None, b"classic"])
def test_load_and_game_name_refuse_what_is_no_ruleset(bad):
    with pytest.raises(kozel.WrongTypeError, match="Ruleset"):
        openspiel.load(bad)
    with pytest.raises(kozel.WrongTypeError, match="Ruleset"):
        openspiel.game_name(bad)
    with pytest.raises(kozel.WrongTypeError, match="match is True"):
        openspiel.load("classic", match="yes")


@pytest.mark.parametrize("kind", ["hand", "match"])
def test_a_finished_game_takes_no_action_and_shows_its_last_hand(kind):
    game = pyspiel.load_game(f"kozel_{kind}_six_players")
    state = game.new_initial_state()
    play_until(state, random.Random(15), lambda s: False)
    assert state.is_terminal()
    assert state.legal_actions() == []
    history, table, returns = state.history(), state.table, state.returns()
    for action in (0, 1, 999):
        with pytest.raises(kozel.KozelError, match=f"the {kind} is over: no action is legal"):
            state.apply_action(action)
    assert (state.history(), state.table, state.returns()) == (history, table, returns)
    if kind == "hand":  # the last state is the hand's end, not the next deal's start
        assert len(state.table.hand_results) == 1
        assert state.table.turn is None
        assert state.table.phase is kozel.Phase.OVER
        for seat in range(game.num_players()):
            assert state.view(seat) == kozel.observe(state.table, seat)
            assert "dealing" not in state.observation_string(seat)


def test_a_chance_action_must_be_a_card_left_to_deal():
    game = pyspiel.load_game("kozel_hand_classic")
    state = game.new_initial_state()
    for bad in (999, 36):
        with pytest.raises(kozel.KozelError, match=f"chance action {bad} is no card left to deal"):
            state.apply_action(bad)
    state.apply_action(0)
    with pytest.raises(kozel.KozelError, match="chance action 0 is no card left to deal"):
        state.apply_action(0)
    assert state.history() == [0]
    assert state.dealt == [0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 99) == "action 99"
    deal(state, random.Random(3))
    assert not state.is_chance_node()
    assert len(state.history()) == 36


def test_a_position_after_a_seat_waited_is_resampled_with_the_same_seats_asked():
    game = pyspiel.load_game("kozel_hand_classic")
    rng = random.Random(20)
    for _ in range(100):  # random hands until a seat waits (it held a molodka: public once it is asked)
        state = game.new_initial_state()
        if play_until(state, rng, lambda s: bool(s.waited)):
            break
    else:
        pytest.fail("no seat waited in 100 random hands")
    seat = state.current_player()
    draws = random.Random(5)
    for _ in range(10):
        world = state.resample_from_infostate(seat, draws.random)
        assert world.current_player() == seat
        assert world.waited == state.waited
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()


def test_a_game_pickles_as_its_rules_and_kind():
    house = attrs.evolve(kozel.variants.get("classic").for_players(2), name="pickled_house")
    for game in (pyspiel.load_game("kozel_match_classic"), openspiel.load(house)):
        again = pickle.loads(pickle.dumps(game))
        assert str(again) == str(game)
        assert (again.kozel.rules, again.kozel.match) == (game.kozel.rules, game.kozel.match)
        assert again.new_initial_state().num_players() == game.num_players()


def test_a_name_registered_for_other_rules_is_refused():
    two = attrs.evolve(kozel.variants.get("classic").for_players(2), name="taken_house")
    three = attrs.evolve(kozel.variants.get("classic").for_players(3), name="taken_house")
    openspiel.register(two)
    openspiel.register(attrs.evolve(two))  # the same rules again: nothing changes
    state = pyspiel.load_game("kozel_hand_taken_house").new_initial_state()
    state.apply_action(0)
    for refused in (openspiel.register, openspiel.load):
        with pytest.raises(kozel.KozelError, match="taken by other rules called 'taken_house'"):
            refused(three)
    assert pickle.loads(pickle.dumps(state)).num_players() == 2


def test_the_states_of_a_loaded_ruleset_pickle_and_deserialize():
    rules = attrs.evolve(kozel.variants.get("classic").for_players(2), name="loaded_only")
    game = openspiel.load(rules)
    state = game.new_initial_state()
    play_until(state, random.Random(6), lambda s: len(s.table.moves) >= 3)
    for again in (
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert again.table == state.table
        assert again.history() == state.history()
        assert again.num_players() == 2


@pytest.mark.parametrize(
    ("public", "private"),
    [(True, "NONE"), (False, "SINGLE_PLAYER"), (True, "ALL_PLAYERS"), (False, "NONE")],
)
@pytest.mark.parametrize("recall", [False, True])
def test_an_observer_of_more_or_less_than_the_seats_own_view_is_refused(public, private, recall):
    game = pyspiel.load_game("kozel_hand_classic")
    kind = pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=public, private_info=getattr(pyspiel.PrivateInfoType, private)
    )
    with pytest.raises(kozel.KozelError, match="observe only the seat's own view"):
        make_observation(game, kind)
    own = pyspiel.IIGObservationType(perfect_recall=recall)
    state = game.new_initial_state()
    deal(state, random.Random(1))
    observer = make_observation(game, own)
    expected = state.information_state_string(0) if recall else state.observation_string(0)
    assert observer.string_from(state, 0) == expected


def test_what_is_no_game_or_no_state_of_it_is_refused_with_the_librarys_error():
    """A KozelState of anything but a KozelGame crashed the interpreter inside pyspiel; the rest raised bare errors."""
    rules = kozel.variants.get("classic")
    game = openspiel.load(rules)
    with pytest.raises(kozel.WrongTypeError, match=r"^a KozelState is the start of a KozelGame .*, not of NoneType$"):
        openspiel.KozelState(None)
    for make in (openspiel.KozelGame, openspiel.GameSetup):
        with pytest.raises(kozel.WrongTypeError, match=r"^an OpenSpiel game of kozel needs a Ruleset, not NoneType$"):
            make(None, False)
        with pytest.raises(kozel.WrongTypeError, match=r"^match is True \(a whole match\) or False .*, not 1$"):
            make(rules, 1)
    with pytest.raises(kozel.WrongTypeError, match=r"^an OpenSpiel game's parameters are a dict, not str$"):
        openspiel.KozelGame(rules, False, "x")
    with pytest.raises(kozel.WrongTypeError, match=r"IIGObservationType or None, not bool$"):
        game.make_py_observer(True)
    observer = game.make_py_observer()
    for read in (observer.string_from, observer.set_from):
        with pytest.raises(kozel.WrongTypeError, match=r"^an observer reads a KozelState, not NoneType$"):
            read(None, 0)
    other = openspiel.load(kozel.variants.get("hammer")).new_initial_state()
    with pytest.raises(kozel.KozelError, match=r"^this observer is another game's"):
        observer.string_from(other, 0)
    with pytest.raises(kozel.WrongTypeError, match=r"^the resampler draws a world of a KozelState, not of NoneType$"):
        openspiel.resampler(1)(None, 0)
    again = pickle.loads(pickle.dumps(game.new_initial_state()))  # a state of an equal game, loaded again
    assert observer.string_from(again, 0) == "seat 0: dealing"
