"""The OpenSpiel information state recalls every ask of the deal, resampled worlds ask alike, strings match tensors."""

from __future__ import annotations

import importlib.util
import random

import pytest

import kozel
from kozel.cards.card import CARDS

MISSING = any(importlib.util.find_spec(name) is None for name in ("pyspiel", "numpy"))
if not MISSING:
    import pyspiel

    from kozel.integrations import openspiel

pytestmark = [
    pytest.mark.extra,
    pytest.mark.skipif(MISSING, reason="the openspiel extra is not installed (pip install -e '.[openspiel]')"),
]


def waited_then_played(seed_from=0):
    """A classic hand played at random until a seat (``late``) is to play, after another seat waited earlier in the
    deal and nobody waits now; the state, the waits before each move (recorded here), and ``late``."""
    game = pyspiel.load_game("kozel_hand_classic")
    for seed in range(seed_from, seed_from + 300):
        rng = random.Random(seed)
        state, waits, now = game.new_initial_state(), [], []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            asked = state.asked
            if any(waits) and not now and not asked.out_of_turn and any(w and asked.seat not in w for w in waits):
                return game, state, tuple(waits), asked.seat
            # a seat asked out of turn waits (so that the record fills), else plays at random
            move = asked.moves[-1] if asked.out_of_turn else rng.choice(asked.moves)
            if move.kind is kozel.MoveKind.WAIT:
                now.append(move.seat)
            else:
                waits.append(tuple(now))
                now = []
            state.apply_action(state.action(move))
    pytest.fail("no seat waited in 300 random hands of classic")


def replay(game, world):
    """``world``'s deal played again as an OpenSpiel state, each seat asked out of turn waiting where the world's
    next move is another's; the state and the waits before each move (None where a move is no answer)."""
    start = kozel.engine.start_of_deal(world)
    cards = sorted(world.ruleset.deck)
    state = game.new_initial_state()
    for index in start.deal.base.order:
        state.apply_action(cards.index(CARDS[index]))
    assert state.table.hands == start.hands
    waits = []
    for move in world.moves:
        now = []
        while state.asked.seat != move.seat:
            if not state.asked.out_of_turn:
                return state, None
            now.append(state.asked.seat)
            state.apply_action(state.action(kozel.play.wait(state.asked.seat)))
        state.apply_action(state.action(move))
        waits.append(tuple(now))
    assert state.table.hands == world.hands
    return state, tuple(waits)


def test_the_information_state_recalls_who_waited_earlier_in_the_deal():
    game, state, waits, seat = waited_then_played()
    view = state.view(seat)
    draws = random.Random(3)
    for _ in range(2000):  # worlds the view allows, asked otherwise: the seat that waited could not move out of turn
        other, other_waits = replay(game, kozel.determinize(view, draws))
        if other_waits is not None and other_waits != waits:
            break
    else:
        pytest.fail("every world drawn asks the same seats")
    assert other.view(seat) == view  # the same view, the same position: only the asks differ
    assert other.current_player() == state.current_player() == seat
    assert other.waited == state.waited == ()
    assert other.information_state_string(seat) != state.information_state_string(seat)
    assert other.information_state_tensor(seat) != state.information_state_tensor(seat)


@pytest.mark.parametrize("seed_from", [0, 300])
def test_resampled_worlds_ask_the_same_seats_at_every_move_of_the_deal(seed_from):
    game, state, waits, seat = waited_then_played(seed_from)
    draws = random.Random(5)
    for _ in range(25):
        world = state.resample_from_infostate(seat, draws.random)
        again, again_waits = replay(game, world.table)
        assert again_waits == waits
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert world.information_state_string(seat) == state.information_state_string(seat)


def test_the_information_state_tensor_rows_name_the_seats_that_waited_before_each_move():
    game, state, waits, seat = waited_then_played()
    players = game.num_players()
    rows = kozel.play.most_plays(state.table.ruleset)
    tensor = state.information_state_tensor(seat)
    asks = tensor[len(tensor) - rows * players :]
    expected = [0.0] * (rows * players)
    for move, seats in enumerate(waits):
        for waited in seats:
            expected[move * players + (waited - seat) % players] = 1.0
    assert asks == expected
    assert any(asks)
    assert game.information_state_tensor_size() == len(tensor)


@pytest.mark.parametrize("name", ["classic", "pairs", "hammer_clubs", "six_players", "seven_of_clubs", "threesome"])
def test_equal_strings_mean_equal_tensors(name):
    """Over random games, two positions a seat sees alike by the string are alike by the tensor too."""
    game = pyspiel.load_game(openspiel.game_name(name))
    observed, recalled = {}, {}
    for seed in range(25):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for seat in range(game.num_players()):
                tensor = state.observation_tensor(seat)
                assert observed.setdefault(state.observation_string(seat), tensor) == tensor
            seat = state.current_player()
            info = state.information_state_tensor(seat)
            assert recalled.setdefault(state.information_state_string(seat), info) == info
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(observed) > 100


def test_the_observation_string_names_what_the_tensor_holds():
    game = pyspiel.load_game("kozel_hand_classic")
    state = game.new_initial_state()
    rng = random.Random(8)
    while state.is_chance_node() or len(state.table.moves) < 6:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    view = state.view(1)
    text = state.observation_string(1)
    for part in (
        f"phase {view.phase.value}",
        f"stock {view.stock_size}",
        f"hand sizes {list(view.hand_sizes)}",
        f"voids {[sorted(groups) for groups in view.voids]}",
        f"praise {view.praise}",
        f"transfers {list(view.transfers_done or ())}",
        f"dealer {view.dealer}",
    ):
        assert part in text


# A hammer_clubs hand in which five asks out of turn were recorded; no world of a thousand draws asks alike.
MANY_WAITS = (
    "7 20 16 29 21 4 10 22 30 18 32 13 17 33 24 3 11 26 0 9 5 6 23 12 34 2 31 8 35 19 1 25 28 14 27 15 3 63 63 128"
    " 246 246 0 66 129 129 246 246 2 128 128 128 246 204 226 0 64 129 63 246 2 127 128 127 246 246 1 128 127 129 2"
)


def test_a_deal_whose_asks_no_world_repeats_soon_is_resampled_by_its_ask_now():
    # After RESAMPLE_STRICT draws, a world that asks the same seat now is taken, with the state's own record of
    # the asks: the information state is unchanged and the search goes on (it raised after 20,000 draws).
    state = openspiel.load("hammer_clubs").new_initial_state()
    for action in map(int, MANY_WAITS.split()):
        state.apply_action(action)
    seat = state.current_player()
    assert sum(1 for waited in state.asks if waited) >= 3
    for draw in range(3):
        world = state.resample_from_infostate(seat, random.Random(draw).random)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.current_player() == seat
        assert world.legal_actions() == state.legal_actions()
