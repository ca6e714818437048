"""The bots check what they are given, and say what was wrong: numbers of any size, values of the wrong kind, a view
or moves that do not belong together, and a seed that is not a match's seed, each refused with kozel's own error."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import kozel
from kozel import KozelError, SeatError, StateError, WrongTypeError
from kozel.bots import BotError, HeuristicBot, IsmctsBot, RandomBot, Tournament, make_bot, play_match
from kozel.bots import ismcts as ismcts_module
from kozel.bots.league import League
from kozel.bots.ratings import bradley_terry
from kozel.bots.stats import wilson
from kozel.bots.tournament import MatchOutcome, record_digest
from kozel.bots.tournament_log import replay_sample
from kozel.cards.cardset import CardSet
from kozel.view.events import Played

CLASSIC = kozel.variants.get("classic")
OTHER = kozel.variants.get("threesome")
HUGE = 10**5000
RANDOMS = ["random", "random"]


def refused(kind: type[Exception], words: str, call: Callable[..., object], *args: Any, **keywords: Any) -> str:
    """``call(*args, **keywords)`` raises ``kind`` (a KozelError), with ``words`` in its message; the message."""
    with pytest.raises(KozelError) as caught:
        call(*args, **keywords)
    assert isinstance(caught.value, kind), f"{caught.type.__name__}: {caught.value}"
    assert words in str(caught.value), str(caught.value)
    return str(caught.value)


def bots() -> list[kozel.bots.Bot]:
    return [RandomBot(), HeuristicBot(), IsmctsBot(iterations=10, worlds=2)]


def asked(seed: int = 7) -> tuple[kozel.GameState, kozel.PlayerView, tuple[kozel.Move, ...]]:
    """A new match of the classic game, the view of the seat to move, and its moves."""
    state = kozel.new_game(CLASSIC, seed=seed)
    seat = state.turn
    assert seat is not None
    return state, kozel.observe(state, seat), tuple(kozel.legal_moves(state))


# Numbers of any size are shown safely


@pytest.mark.parametrize(
    "make",
    [
        lambda: HeuristicBot(worlds=HUGE),
        lambda: IsmctsBot(iterations=HUGE),
        lambda: IsmctsBot(seconds=HUGE),
        lambda: IsmctsBot(worlds=HUGE),
        lambda: IsmctsBot(steps=HUGE),
        lambda: IsmctsBot(guided=HUGE),  # type: ignore[arg-type]
    ],
    ids=["heuristic worlds", "iterations", "seconds", "worlds", "steps", "guided"],
)
def test_a_bot_refuses_a_huge_number_saying_it_is_too_long_to_show(make):
    refused(KozelError, "too long to show", make)


@pytest.mark.parametrize(
    "keywords",
    [{"matches": HUGE}, {"matches": 1, "seed": HUGE}, {"matches": 1, "duplicate": HUGE}, {"matches": -HUGE}],
    ids=["matches", "seed", "duplicate", "negative matches"],
)
def test_a_tournament_refuses_a_huge_number_saying_it_is_too_long_to_show(keywords):
    refused(KozelError, "too long to show", Tournament, CLASSIC, RANDOMS, **keywords)


def test_a_tournament_refuses_a_huge_number_for_its_bots_run_or_replay():
    refused(KozelError, "not int", Tournament, CLASSIC, HUGE, matches=1)
    tournament = Tournament(CLASSIC, RANDOMS, matches=1)
    refused(KozelError, "too long to show", tournament.run, processes=HUGE)
    refused(KozelError, "too long to show", tournament.replay, [0], processes=-HUGE)
    refused(KozelError, "too long to show", tournament.replay, [HUGE])
    refused(KozelError, "too long to show", tournament.replay, [-HUGE])


def test_a_tournament_refuses_an_outcome_with_a_huge_number_saying_it_is_too_long_to_show():
    tournament = Tournament(CLASSIC, RANDOMS, matches=2)
    outcome = MatchOutcome(HUGE, (0, 1), (0,), ("goat",), (60, 60), 1, "0" * 64)
    refused(KozelError, "too long to show", tournament.check_one, outcome)
    outcome = MatchOutcome(0, (0, 1), (0,), ("goat",), (60, 60), -HUGE, "0" * 64)
    refused(KozelError, "too long to show", tournament.check_one, outcome)


def test_a_league_refuses_a_huge_number_saying_it_is_too_long_to_show():
    refused(KozelError, "too long to show", League, CLASSIC, ["random", "heuristic"], HUGE)
    refused(KozelError, "too long to show", League, CLASSIC, ["random", "heuristic"], 2, seed=HUGE)
    refused(KozelError, "not int", League, CLASSIC, HUGE, 2)


def test_ratings_proportions_and_log_samples_refuse_a_huge_number_saying_it_is_too_long_to_show():
    refused(KozelError, "too long to show", bradley_terry, [[0, HUGE], [1, 0]])
    refused(KozelError, "too long to show", bradley_terry, [[0, 3], [1, 0]], prior=-HUGE)
    ratings = bradley_terry([[0, 3], [1, 0]])
    refused(KozelError, "too long to show", ratings.interval, HUGE)
    refused(KozelError, "too long to show", ratings.interval, 0, -HUGE)
    refused(KozelError, "too long to show", wilson, HUGE + 1, HUGE)
    refused(KozelError, "too long to show", wilson, 1, 2, z=HUGE)
    refused(KozelError, "too long to show", replay_sample, Tournament(CLASSIC, RANDOMS, matches=1), [0], -HUGE)


def test_play_match_refuses_a_huge_seed_itself_before_any_bot_is_set_up():
    players = [RandomBot() for _ in range(CLASSIC.players)]
    message = refused(KozelError, "play_match: seed is a whole number of at most 100 digits", play_match, CLASSIC,
                      players, seed=HUGE)  # fmt: skip
    assert "too long to show" in message
    with pytest.raises(KozelError) as caught:
        play_match(CLASSIC, players, seed=HUGE)
    assert not isinstance(caught.value, BotError)  # the seed is wrong, not a bot
    assert all(bot.rules is None for bot in players)


# The search bot's worlds are a number


def test_the_search_bot_refuses_worlds_of_none():
    refused(WrongTypeError, "IsmctsBot: worlds is a whole number from 1 to 100000, not None", IsmctsBot, worlds=None)
    refused(KozelError, "worlds is a whole number from 1 to 100000, not None", make_bot, "ismcts(worlds=None)")


# What a bot is set up with and asked with


@pytest.mark.parametrize("bot", bots(), ids=lambda bot: type(bot).__name__)
def test_a_bot_refuses_to_be_set_up_with_what_is_not_a_ruleset_a_seat_and_a_seed(bot):
    refused(WrongTypeError, "a bot plays by a Ruleset, not NoneType", bot.setup, None, 0, 1)
    refused(WrongTypeError, "a seat is a whole number, not 'x'", bot.setup, CLASSIC, "x", 1)
    refused(WrongTypeError, "a seat is a whole number", bot.setup, CLASSIC, True, 1)
    refused(SeatError, "there is no seat 4 at a table of 4", bot.setup, CLASSIC, 4, 1)
    refused(WrongTypeError, "seed is a whole number of at most 100 digits, not None", bot.setup, CLASSIC, 0, None)
    refused(WrongTypeError, "seed is a whole number of at most 100 digits, not '1'", bot.setup, CLASSIC, 0, "1")
    refused(KozelError, "seed is a whole number of at most 100 digits", bot.setup, CLASSIC, 0, 10**100)
    assert bot.rules is None  # nothing was set up
    bot.setup(CLASSIC, 3, -(10**99))
    assert (bot.rules, bot.seat) == (CLASSIC, 3)


@pytest.mark.parametrize("bot", bots(), ids=lambda bot: type(bot).__name__)
def test_a_bot_refuses_to_choose_without_a_view_or_from_what_are_not_moves(bot):
    state, view, moves = asked()
    bot.setup(CLASSIC, view.seat, 1)
    refused(WrongTypeError, f"{type(bot).__name__}.choose: the view is a PlayerView, not NoneType", bot.choose, None,
            moves)  # fmt: skip
    refused(WrongTypeError, "the view is a PlayerView, not GameState", bot.choose, state, moves)
    refused(WrongTypeError, "the moves are Move values, not 5", bot.choose, view, [5])
    refused(WrongTypeError, "the moves are Move values, not 5", bot.choose, view, [*moves, 5])
    refused(WrongTypeError, "the moves are a sequence of Move values, not str", bot.choose, view, str(moves[0]))
    refused(WrongTypeError, "the moves are a sequence of Move values, not NoneType", bot.choose, view, None)
    refused(WrongTypeError, "the moves are a sequence of Move values, not set", bot.choose, view, set(moves))
    assert bot.choose(view, list(moves)) in moves


@pytest.mark.parametrize("bot", bots(), ids=lambda bot: type(bot).__name__)
def test_a_bot_refuses_to_interrupt_with_what_are_not_moves(bot):
    _, view, _ = asked()
    bot.setup(CLASSIC, view.seat, 1)
    interrupt = f"{type(bot).__name__}.interrupt"
    refused(WrongTypeError, f"{interrupt}: the moves are a sequence of Move values, not NoneType", bot.interrupt,
            view, None)  # fmt: skip
    refused(WrongTypeError, "the moves are Move values, not 5", bot.interrupt, view, [5])
    refused(WrongTypeError, "the view is a PlayerView, not str", bot.interrupt, "view", ())
    other_seat = (view.seat + 1) % CLASSIC.players
    molodka = (kozel.Move.parse(f"{other_seat} molodka 6♣ 7♣ 8♣ 9♣"),)
    refused(KozelError, f"the moves are those of the view's seat, {view.seat}", bot.interrupt, view, molodka)
    assert bot.interrupt(view, ()) is None


@pytest.mark.parametrize("bot", bots(), ids=lambda bot: type(bot).__name__)
def test_a_bot_refuses_moves_of_another_seat_or_a_view_of_other_rules_or_of_another_seat(bot):
    state, view, moves = asked()
    bot.setup(CLASSIC, view.seat, 1)
    other_seat = (view.seat + 1) % CLASSIC.players
    bot.setup(CLASSIC, other_seat, 1)
    words = f"the moves are those of the view's seat, {other_seat}; {moves[0]} is seat {view.seat}'s"
    refused(KozelError, words, bot.choose, kozel.observe(state, other_seat), moves)
    bot.setup(CLASSIC, view.seat, 1)
    other = kozel.new_game(OTHER, seed=3)
    assert other.turn is not None
    refused(KozelError, "the view is of threesome but the bot was set up for classic", bot.choose,
            kozel.observe(other, other.turn), kozel.legal_moves(other))  # fmt: skip
    bot.setup(CLASSIC, other_seat, 1)
    refused(SeatError, f"the view is seat {view.seat}'s, but the bot was set up for seat {other_seat}", bot.choose,
            view, moves)  # fmt: skip


@pytest.mark.parametrize("bot", [HeuristicBot(), IsmctsBot(iterations=10, worlds=2)], ids=lambda bot: bot.name)
def test_a_bot_that_draws_worlds_refuses_a_view_no_legal_play_gives(bot):
    _, view, moves = asked()
    bot.setup(CLASSIC, view.seat, 1)
    broken = attrs.evolve(view, praise="nonsense")
    refused(StateError, "view.praise", bot.choose, broken, moves)


@pytest.mark.parametrize("bot", [HeuristicBot(), IsmctsBot(iterations=10, worlds=2)], ids=lambda bot: bot.name)
def test_a_bot_that_draws_worlds_refuses_a_move_of_cards_its_seat_does_not_hold(bot):
    state, view, moves = asked()
    bot.setup(CLASSIC, view.seat, 1)
    other = next(seat for seat in range(CLASSIC.players) if seat != view.seat)
    card = next(iter(state.hands[other]))
    foreign = kozel.Move.parse(f"{view.seat} lead {card}")
    refused(KozelError, "cards the seat does not hold", bot.choose, view, (*moves, foreign))


@pytest.mark.parametrize("bot", [HeuristicBot(), IsmctsBot(iterations=10, worlds=2)], ids=lambda bot: bot.name)
def test_a_bot_that_finds_no_world_in_its_draws_still_plays_a_move(bot):
    # The seat "holds" a card another seat played face up: every field is in range, but no world fits it; the
    # draws run out, and the bot plays by what it has.
    rng = random.Random(5)
    state = kozel.new_game(CLASSIC, seed=5)
    for _ in range(6):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    seat = state.turn
    assert seat is not None
    view = kozel.observe(state, seat)
    shown = next(e for e in view.history if isinstance(e, Played) and e.seat != seat and e.cards)
    hand = CardSet([*list(view.hand)[1:], shown.cards[0]])
    edited = attrs.evolve(view, hand=hand)
    moves = [move for move in kozel.legal_moves(state) if all(card in hand for card in move.cards)]
    assert len(moves) > 1
    bot.setup(CLASSIC, seat, 1)
    assert bot.choose(edited, moves) in moves


def test_the_checks_do_not_make_a_view_a_tracker_handed_out_unmade():
    state = kozel.new_game(CLASSIC, seed=7)
    tracker = kozel.ViewTracker(state)
    seat = state.turn
    assert seat is not None
    view = tracker.view(seat)
    bot = RandomBot()
    bot.setup(CLASSIC, seat, 1)
    assert bot.choose(view, kozel.legal_moves(state)) in kozel.legal_moves(state)
    assert "seat" not in view.__dict__  # not made: a bot that does not look at its view costs nothing for it
    assert view.seat == seat


# play_match checks its arguments first, and a seed drawn at random replays the match


def test_play_match_refuses_a_seed_of_the_wrong_kind_before_any_bot_is_set_up():
    for seed in (True, "1", 1.0):
        players = [RandomBot() for _ in range(CLASSIC.players)]
        with pytest.raises(WrongTypeError) as caught:
            play_match(CLASSIC, players, seed=seed)
        assert all(bot.rules is None for bot in players)  # refused before any bot was set up
        assert "play_match: seed is a whole number of at most 100 digits" in str(caught.value)


def test_play_match_with_no_seed_is_played_again_from_the_seed_it_drew():
    first = play_match(CLASSIC, [RandomBot() for _ in range(CLASSIC.players)], seed=None)
    again = play_match(CLASSIC, [RandomBot() for _ in range(CLASSIC.players)], seed=first.seed)
    assert record_digest(again) == record_digest(first)
    assert again.seed == first.seed


# The search bot's clock covers drawing its worlds


def test_a_budget_of_seconds_covers_drawing_the_worlds(monkeypatch):
    real = ismcts_module.determinize
    drawn = []

    def slow(*args: Any, **keywords: Any) -> kozel.GameState:
        drawn.append(1)
        time.sleep(0.01)
        return real(*args, **keywords)

    monkeypatch.setattr(ismcts_module, "determinize", slow)
    _, view, moves = asked()
    bot = IsmctsBot(seconds=0.05, worlds=300)
    bot.setup(CLASSIC, view.seat, 1)
    start = time.perf_counter()
    assert bot.choose(view, moves) in moves
    assert time.perf_counter() - start < 1.5  # drawing all 300 worlds would take over 3 s
    assert 1 <= len(drawn) < 100


def test_a_budget_of_seconds_draws_one_world_at_least():
    _, view, moves = asked()
    bot = IsmctsBot(seconds=1e-9, worlds=50)
    bot.setup(CLASSIC, view.seat, 1)
    assert bot.choose(view, moves) in moves


# NumPy integers are read as the whole numbers they stand for; long numbers are said to be too long


def test_counts_and_seeds_may_be_numpy_integers():
    np = pytest.importorskip(
        "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
    )
    tournament = Tournament(CLASSIC, RANDOMS, matches=np.int64(2), seed=np.int64(3))
    assert type(tournament.matches) is int
    assert type(tournament.seed) is int
    assert tournament == Tournament(CLASSIC, RANDOMS, matches=2, seed=3)
    _, outcomes = tournament.run(processes=np.int64(1))
    assert [outcome.index for outcome in outcomes] == [0, 1]
    assert tournament.replay([np.int64(1)]) == outcomes[1:]
    assert League(CLASSIC, ["random", "heuristic"], np.int64(2), seed=np.int64(1)).matches == 2
    assert HeuristicBot(worlds=np.int64(3)).worlds == 3
    assert type(IsmctsBot(iterations=np.int32(5)).iterations) is int
    refused(WrongTypeError, "processes (4 a core, ", tournament.run, processes=np.float64(1.0))


def test_a_spec_with_a_number_too_long_to_read_says_so_in_a_short_message():
    message = refused(KozelError, "has 5000 digits", make_bot, "heuristic(worlds=" + "9" * 5000 + ")")
    assert "keyword=value" not in message
    assert len(message) < 300
    message = refused(KozelError, "worlds is a whole number", make_bot, "heuristic(worlds=" + "9" * 4000 + ")")
    assert len(message) < 300
    refused(KozelError, "keyword=value", make_bot, "heuristic(worlds=1 2)")
    refused(KozelError, "keyword=value", make_bot, "heuristic(name='" + "9" * 5000 + "' 2)")


def test_running_out_of_draws_is_a_no_world_error_and_a_broken_view_is_another_state_error():
    # The bots play around the first (a legal view's worlds can be rare) and refuse the second.
    state = kozel.new_game(CLASSIC, seed=7)
    view = kozel.observe(state, state.turn)
    some = kozel.legal_moves(state)[:1]  # not all of the seat's moves: no world gives exactly these
    with pytest.raises(kozel.NoWorldError, match="no world fits it in 3 draws"):
        kozel.determinize(view, random.Random(1), moves=some, tries=3)
    broken = attrs.evolve(view, hand_sizes=(9, *view.hand_sizes[1:]))
    with pytest.raises(kozel.StateError) as refused:
        kozel.determinize(broken, random.Random(1))
    assert not isinstance(refused.value, kozel.NoWorldError)
    assert issubclass(kozel.NoWorldError, kozel.StateError)
