"""Bad input to the bots' public helpers is refused with kozel's own errors, naming what was wrong."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import kozel
from kozel import KozelError, WrongTypeError
from kozel.bots import BotResult, HeadToHead, HeuristicBot, IsmctsBot, RandomBot, Ratings, Tournament, make_bot
from kozel.bots.league import League, LeagueResult
from kozel.bots.runner import interrupting_move, next_move
from kozel.bots.tournament import play, record_digest, seating
from kozel.play.encoding import encoding
from kozel.record import Record

CLASSIC = kozel.variants.get("classic")
BOTS = ("heuristic", "random")


def refused(kind: type[Exception], words: str, call: Callable[..., object], *args: Any, **keywords: Any) -> None:
    """``call(*args, **keywords)`` raises exactly ``kind`` (not a subclass), with ``words`` in its message."""
    with pytest.raises(KozelError) as caught:
        call(*args, **keywords)
    assert caught.type is kind, f"{caught.type.__name__}: {caught.value}"
    assert words in str(caught.value), str(caught.value)


def seated() -> tuple[kozel.GameState, list[kozel.bots.Bot]]:
    """A new match of the classic game, and a random bot set up at each seat."""
    state = kozel.new_game(CLASSIC, seed=3)
    bots: list[kozel.bots.Bot] = [RandomBot() for _ in range(CLASSIC.players)]
    for seat, bot in enumerate(bots):
        bot.setup(CLASSIC, seat, 3)
    return state, bots


# 1. Spec strings


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("heuristic(worlds=1)(worlds=2)", "keyword=value"),
        ("heuristic(worlds=1).x(worlds=2)", "keyword=value"),
        ("heuristic(worlds={[]: 1})", "the value of worlds"),
    ],
)
def test_a_spec_is_one_list_of_keyword_values_that_can_be_read(spec, words):
    refused(KozelError, words, make_bot, spec)
    assert make_bot("heuristic(worlds=1)").worlds == 1


def test_a_value_nested_past_the_parser_is_refused_in_kozels_words():
    # 5000 minus signs: Python 3.11 and 3.12 stop parsing them (nested too deeply), 3.10 and 3.13 parse them and
    # the value is then no number; either way a KozelError that says so, never RecursionError.
    spec = "heuristic(worlds=" + "-" * 5000 + "1)"
    with pytest.raises(KozelError) as caught:
        make_bot(spec)
    assert caught.type is KozelError
    message = str(caught.value)
    assert "nested too deeply to be read" in message or "the value of worlds, ------" in message, message


# 2. Tournament and league helpers


def test_records_take_a_sequence_of_this_tournaments_outcomes():
    tournament = Tournament(CLASSIC, BOTS, matches=2)
    refused(WrongTypeError, "sequence of MatchOutcome", tournament.records, None)
    refused(WrongTypeError, "MatchOutcome, not NoneType", tournament.records, [None])
    _, outcomes = tournament.run()
    assert tournament.records(outcomes) == tournament.run()[0]


def test_seating_takes_whole_numbers_of_sides_and_a_match_number():
    refused(KozelError, "sides is a whole number of at least 1, not 0", seating, 0, 1)
    refused(KozelError, "sides is a whole number of at least 1, not -2", seating, -2, 1)
    refused(KozelError, "index", seating, 2, -1)
    refused(WrongTypeError, "sides is a whole number of at least 1, not 'a'", seating, "a", 1)
    refused(WrongTypeError, "index", seating, 2, 1.5)
    assert seating(2, 3) == (1, 0)


def test_record_digest_takes_a_game_state():
    refused(WrongTypeError, "GameState, not NoneType", record_digest, None)


def test_play_takes_one_bot_a_side_and_whole_numbers():
    refused(KozelError, "give 2 bots, not 1", play, CLASSIC, ("heuristic",), 0, 0)
    refused(KozelError, "index", play, CLASSIC, BOTS, 0, -1)
    refused(WrongTypeError, "index", play, CLASSIC, BOTS, 0, 1.5)
    refused(WrongTypeError, "seed", play, CLASSIC, BOTS, "x", 0)
    refused(KozelError, "seed", play, CLASSIC, BOTS, 10**200, 0)
    refused(WrongTypeError, "Ruleset", play, None, BOTS, 0, 0)
    refused(WrongTypeError, "bots", play, CLASSIC, "heuristic", 0, 0)
    refused(WrongTypeError, "duplicate", play, CLASSIC, BOTS, 0, 0, 1)
    tournament = Tournament(CLASSIC, BOTS, matches=2, seed=4)
    assert play(CLASSIC, BOTS, 4, 1) == tournament.run()[1][1]


def test_a_leagues_pairing_names_one_bot_a_side_by_its_place():
    league = League(CLASSIC, ["random", "heuristic", "random"], matches=2)
    refused(KozelError, "0 to 2, not [5, 0]", league.tournament, [5, 0])
    refused(KozelError, "not [0, 0]", league.tournament, [0, 0])
    refused(KozelError, "not [0]", league.tournament, [0])
    refused(WrongTypeError, "whole number, not '0'", league.tournament, ["0", 1])
    refused(WrongTypeError, "sequence", league.tournament, None)
    assert league.tournament((0, 2)).names == ("random", "random #2")


def test_a_league_result_holds_each_pairings_outcomes():
    league = League(CLASSIC, ["random", "heuristic", "random"], matches=2)
    refused(KozelError, "given for 0 pairings; this league has 3", LeagueResult, league, ())
    refused(WrongTypeError, "tuple", LeagueResult, league, [(), (), ()])
    refused(WrongTypeError, "MatchOutcome", LeagueResult, league, ((None,), (), ()))
    refused(WrongTypeError, "League", LeagueResult, None, ())
    assert LeagueResult(league, ((), (), ())).wins() == [[0.0] * 3 for _ in range(3)]


@pytest.mark.parametrize("ask", [next_move, interrupting_move])
def test_views_are_a_view_tracker(ask):
    state, bots = seated()
    refused(WrongTypeError, "ViewTracker", ask, state, bots, views=1)
    ask(state, bots, views=kozel.ViewTracker(state))


# 3. Encoding


def test_write_takes_a_buffer_written_in_place():
    code = encoding(CLASSIC)
    view = kozel.observe(kozel.new_game(CLASSIC, seed=1), 0)
    refused(WrongTypeError, "buffer written in place", code.write, view, None)
    refused(WrongTypeError, "not tuple", code.write, view, (0.0,) * code.size)
    refused(WrongTypeError, "not tuple", code.write, view, (0.0,) * code.state_size, information_state=True)
    out = [0.0] * code.size
    code.write(view, out)
    assert out == code.observation(view)


def test_array_takes_a_sequence_of_numbers():
    pytest.importorskip(
        "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
    )
    code = encoding(CLASSIC)
    refused(WrongTypeError, "not NoneType", code.array, None)
    refused(WrongTypeError, "not str", code.array, "01")
    refused(WrongTypeError, "sequence of numbers", code.array, ["a"])
    refused(WrongTypeError, "sequence of numbers", code.array, [[1.0], [1.0, 2.0]])
    assert code.array([0.0, 1.0]).tolist() == [0.0, 1.0]


def test_a_slice_is_named_by_text():
    code = encoding(CLASSIC)
    refused(WrongTypeError, "named by text", code.slice, None)
    refused(KozelError, "no slice 'nothing'", code.slice, "nothing")
    assert code.slice("hand").name == "hand"


# 4. Bots asked with no moves


@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot(), IsmctsBot(iterations=5)])
def test_a_bot_refuses_to_choose_from_no_moves(bot):
    state = kozel.new_game(CLASSIC, seed=2)
    bot.setup(CLASSIC, state.turn, 2)
    refused(KozelError, "moves is never empty", bot.choose, kozel.observe(state, state.turn), [])


# 5. Wrong kinds


def test_a_tournament_and_a_league_refuse_numbers_of_the_wrong_kind():
    words = "matches is a whole number from 1 to 10000000, not '2'"
    refused(WrongTypeError, words, Tournament, CLASSIC, BOTS, matches="2")
    refused(WrongTypeError, "seed is a whole number", Tournament, CLASSIC, BOTS, matches=2, seed="1")
    refused(KozelError, "from 1 to", Tournament, CLASSIC, BOTS, matches=0)
    refused(KozelError, "seed is a whole number", Tournament, CLASSIC, BOTS, matches=2, seed=10**200)
    refused(WrongTypeError, "pairing, not '2'", League, CLASSIC, ["random", "heuristic"], matches="2")
    refused(WrongTypeError, "seed is a whole number", League, CLASSIC, ["random", "heuristic"], matches=2, seed="1")
    refused(KozelError, "positive multiple", League, CLASSIC, ["random", "heuristic"], matches=3)


def test_decision_takes_the_seats_that_waited_as_whole_numbers():
    state = kozel.new_game(CLASSIC, seed=1)
    refused(WrongTypeError, "seat numbers", kozel.decision, state, ["a"])
    refused(WrongTypeError, "seat numbers", kozel.decision, state, ("a",))
    refused(KozelError, "nobody waits", kozel.decision, state, [0])


@pytest.mark.parametrize("bot", [HeuristicBot(worlds=1), RandomBot(), IsmctsBot(iterations=5)], ids=lambda b: b.name)
def test_a_bot_refuses_a_view_built_by_hand_that_no_play_gives(bot):
    """The heuristic bot read the view's rules and trump suit before any check (AttributeError, TypeError)."""
    rules = kozel.variants.get("classic")
    state = kozel.new_game(rules, seed=1)
    view = attrs.evolve(kozel.observe(state, state.turn))  # rebuilt by hand, its fields unchanged: still fine
    moves = [move for move in kozel.legal_moves(state) if move.seat == state.turn]
    bot.setup(rules, state.turn, 0)
    assert bot.choose(view, moves) in moves
    for field, value, message in (("ruleset", None, "a Ruleset, not None"), ("trump", [], r"a Suit or None, not \[\]")):
        with pytest.raises(kozel.StateError, match=rf"^{type(bot).__name__}\.choose: view\.{field}: {message}$"):
            bot.choose(attrs.evolve(view, **{field: value}), moves)


def test_an_entrant_is_a_factory_with_text_for_its_name_spec_and_kind():
    """A name of another kind failed deep in a tournament (TypeError: unhashable type: 'list')."""
    good = kozel.bots.Entrant(RandomBot, "random", "random")
    assert Tournament(CLASSIC, [good, "random"], 2).names == ("random", "random #2")
    for changes, message in (
        ({"name": ["random"]}, r"^an entrant's name is text, not \['random'\]$"),
        ({"spec": None}, r"^an entrant's spec is text, not None$"),
        ({"factory": "random"}, r"^an entrant's factory makes its bot when called, not 'random'$"),
        ({"kind": "robot"}, r"^an entrant's kind is one of spec, class, factory, instance, not 'robot'$"),
    ):
        with pytest.raises(KozelError, match=message):
            attrs.evolve(good, **changes)


def test_the_result_records_check_their_fields_as_they_are_made():
    """Made by hand with a field of the wrong kind, each failed later with a bare error (IndexError, TypeError)."""
    state = kozel.new_game(CLASSIC, seed=1)
    assert Ratings((0.0, 1.5), (1.0, 2.0)).interval(1) == pytest.approx((1.5 - 1.96 * 2.0, 1.5 + 1.96 * 2.0), abs=0.01)
    assert HeadToHead("a", "b", 4, 1, 2).draws == 1
    assert BotResult("x", "x", 4, 3, 1, 60.5, (("goat", 1),)).win_rate == 0.75
    assert Record({"Seat0": "Ann"}, (), state).names == ("Ann", None, None, None)
    for make, kind, message in (
        (lambda: Ratings((0.0, 1.0), ()), KozelError, r"^the ratings hold 2 ratings and 0 errors: one error a rating$"),
        (lambda: Ratings([0.0], [1.0]), WrongTypeError, r"^the ratings' ratings are a tuple of numbers, not \[0\.0\]$"),
        (lambda: Ratings((None,), (1.0,)), WrongTypeError, r"^each of the ratings' ratings is a number, not None$"),
        (lambda: HeadToHead("a", "b", None, 1, 1), WrongTypeError, r"^a head-to-head's matches is a whole number "),
        (lambda: HeadToHead("a", "b", 1, 1, 1), KozelError, r"^a head-to-head's wins, 1 and 1, are more than its 1 "),
        (lambda: HeadToHead(["a"], "b", 1, 1, 0), WrongTypeError, r"^a head-to-head's a is text, not \['a'\]$"),
        (lambda: BotResult("x", "x", None, 0, 0, 0.0, ()), WrongTypeError, r"^a bot's result's matches is a whole "),
        (lambda: BotResult("x", "x", 10**5000, 0, 0, 0.0, ()), KozelError, r"not an int too long to show$"),
        (lambda: BotResult("x", "x", 1, 2, 0, 0.0, ()), KozelError, r"^a bot's result counts 2 wins and 0 goats in 1 "),
        (lambda: BotResult("x", "x", 1, 1, 0, "60", ()), WrongTypeError, r"^a bot's result's mean_points is a number"),
        (lambda: BotResult("x", "x", 1, 0, 1, 0.0, (("goat",),)), WrongTypeError, r"\(title, count\) pairs, not "),
        (lambda: Record(None, (), state), WrongTypeError, r"^a record's headers map names to text, not None$"),
        (lambda: Record({}, ("1 lead 7♥",), state), WrongTypeError, r"^a record's moves are a tuple of Move values"),
        (lambda: Record({}, (), None), WrongTypeError, r"^a record's state is a GameState, not NoneType$"),
    ):
        with pytest.raises(kind, match=message):
            make()
