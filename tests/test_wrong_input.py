"""Wrong input to the public API is refused with a KozelError that says what was wrong, and changes nothing.

Each case here is a value of the wrong kind (None, text, a plain tuple, a view where a state
belongs, a float where a whole number belongs) or a value out of range, passed where a user's
program could pass it by mistake.  The refusal is the library's own error in both builds: the
compiled build would otherwise answer some of them with its own ``TypeError`` before kozel's code
runs.
"""

from __future__ import annotations

import enum
import json
import random
import types
from typing import Any

import pytest

import kozel
from kozel import Card, Deck, KozelError, Move, MoveKind, SeatError, StateError, WrongTypeError
from kozel.bots import RandomBot, Tournament, make_bot, next_move
from kozel.bots.runner import interrupting_move, play_match
from kozel.play.actions import actions
from kozel.record import dumps, from_json, read, to_json

CLASSIC = kozel.variants.get("classic")


def _state() -> kozel.GameState:
    return kozel.new_game(CLASSIC, seed=7)


@pytest.mark.parametrize(
    "value", [None, "state", 5, {"state": {}}, b"", ()], ids=["None", "text", "int", "dict", "bytes", "tuple"]
)
def test_the_engine_refuses_anything_but_a_state(value: Any):
    move = kozel.legal_moves(_state())[0]
    for call, name in ((kozel.apply, "apply"), (kozel.step, "step")):
        with pytest.raises(WrongTypeError, match=f"{name} needs a GameState, not {type(value).__name__}"):
            call(value, move)
    with pytest.raises(WrongTypeError, match=f"legal_moves needs a GameState, not {type(value).__name__}"):
        kozel.legal_moves(value)
    with pytest.raises(WrongTypeError, match="ViewTracker follows a GameState"):
        kozel.ViewTracker(value)
    with pytest.raises(WrongTypeError, match="observe needs a GameState"):
        kozel.observe(value, 0)


def test_the_engine_refuses_a_state_copied_into_a_plain_tuple_or_a_view_in_its_place():
    state = _state()
    move = kozel.legal_moves(state)[0]
    view = kozel.observe(state, 1)
    for value in (tuple(state), view):
        with pytest.raises(WrongTypeError, match="apply needs a GameState"):
            kozel.apply(value, move)
        with pytest.raises(WrongTypeError, match="legal_moves needs a GameState"):
            kozel.legal_moves(value)
    with pytest.raises(WrongTypeError, match=r"read a saved state with kozel.record.from_json"):
        kozel.apply(to_json(state), move)


def test_a_seat_off_the_table_or_not_a_number_is_refused():
    state = _state()
    assert CLASSIC.seating.checked_seat(3) == 3
    for seat in (-1, 4, 10**100):
        with pytest.raises(SeatError, match=f"there is no seat {seat} at a table of 4: seats are 0 to 3"):
            kozel.observe(state, seat)
        assert isinstance(SeatError("x"), ValueError)  # a ValueError, as before it had its own class
    for seat in (True, 1.0, "0", None):
        with pytest.raises(WrongTypeError, match="a seat is a whole number"):
            kozel.ViewTracker(state).view(seat)  # type: ignore[arg-type]


def test_a_move_with_cards_of_the_wrong_kind_is_refused():
    for cards in (None, 5):
        with pytest.raises(WrongTypeError, match=f"a move's cards are cards or card text, not {type(cards).__name__}"):
            Move(0, MoveKind.LEAD, cards)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"Move._make reads \(seat, kind, cards\[, mask\[, choice\]\]\), not 1"):
        Move._make([0])
    with pytest.raises(WrongTypeError, match=r"Move._make reads the fields of a move, not int"):
        Move._make(5)  # type: ignore[arg-type]
    lead = Move(0, MoveKind.LEAD, "7♠")
    assert Move._make(tuple(lead)) == lead
    with pytest.raises(WrongTypeError, match="a move has no field foo: only seat, kind, cards and choice change"):
        lead._replace(foo=1)
    assert lead._replace(seat=2) == Move(2, MoveKind.LEAD, "7♠")


def test_for_players_takes_whole_numbers():
    for players in ("4", True, 4.0, None):
        with pytest.raises(WrongTypeError, match="for_players: players is a whole number"):
            CLASSIC.for_players(players)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="for_players: sides is a whole number, not '2'"):
        CLASSIC.for_players(4, "2")  # type: ignore[arg-type]
    assert CLASSIC.for_players(6).players == 6


def test_decks_and_card_lists_hold_cards():
    for cards, shown in (([1, 2], "1"), (None, "NoneType"), (5, "int")):
        with pytest.raises(WrongTypeError, match=f"a Deck holds cards.*{shown}"):
            Deck(cards)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=f"format_cards writes cards, not {shown}"):
            kozel.format_cards(cards)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"not text; read card text with kozel.parse_cards"):
        kozel.format_cards("7♠")  # type: ignore[arg-type]
    assert kozel.format_cards(kozel.parse_cards("A♠ 7♣")) == "A♠ 7♣"
    assert kozel.format_cards(card for card in (Card.parse("10♥"),)) == "10♥"


def test_files_and_records_refuse_arguments_of_the_wrong_kind():
    for path in (None, 5):
        with pytest.raises(WrongTypeError, match="load_ruleset reads the file at a path"):
            kozel.load_ruleset(path)  # type: ignore[arg-type]
    state = _state()
    text = dumps(state)
    with pytest.raises(WrongTypeError, match="ruleset= is a Ruleset"):
        read(text, ruleset=5)  # type: ignore[arg-type]
    for value in (None, tuple(state)):
        with pytest.raises(WrongTypeError, match="a record is written from a GameState"):
            dumps(value)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match="to_json writes a GameState, PlayerView, Move, Event or Ruleset"):
            to_json(value)
    with pytest.raises(WrongTypeError, match="names: each is a player's name as text"):
        dumps(state, names=[1, 2, 3, 4])  # type: ignore[list-item]
    with pytest.raises(WrongTypeError, match="names: a list of one name"):
        dumps(state, names="abcd")
    assert '[Seat2 "Olga"]' in dumps(state, names=[None, None, "Olga", None])


@pytest.mark.parametrize("date", ["2026.13.40", "2026.02.30", "0000.01.01"])
def test_a_date_that_is_no_day_is_refused_when_written_and_when_read(date: str):
    state = _state()
    with pytest.raises(kozel.NotationError, match=r"a day written 'YYYY.MM.DD'"):
        dumps(state, date=date)
    text = dumps(state, date="2026.02.28").replace("2026.02.28", date)
    with pytest.raises(StateError, match=r"the Date header is a day written 'YYYY.MM.DD'"):
        read(text)
    assert read(dumps(state, date="2024.02.29")).state == state


def test_a_state_document_whose_deal_number_no_match_could_reach_is_refused():
    state = kozel.new_game(CLASSIC, seed=3)
    while state.hand_number < 1:  # the second hand: one finished hand, so at least one deal before
        state = kozel.apply(state, kozel.legal_moves(state)[0])
    document = json.loads(to_json(state))
    assert from_json(json.dumps(document)) == state
    for number in (-1, 0, 10**100):
        edited = json.loads(json.dumps(document))
        edited["state"]["earlier_moves"] = []
        edited["state"]["deal"]["number"] = number
        with pytest.raises(StateError, match=r"state.deal.number: the deals before this one, at least one per"):
            from_json(json.dumps(edited))


def test_the_bot_runners_refuse_anything_but_one_bot_a_seat():
    state = _state()
    bots = [RandomBot() for _ in range(4)]
    for call in (next_move, interrupting_move):
        with pytest.raises(KozelError, match="classic is played by 4; 1 bots were given"):
            call(state, bots[:1])
        with pytest.raises(WrongTypeError, match="bots: seat 0's player is a Bot, not NoneType"):
            call(state, [None] * 4)  # type: ignore[list-item]
        with pytest.raises(WrongTypeError, match="needs a GameState, not NoneType"):
            call(None, bots)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="play_match plays by a Ruleset, not NoneType"):
        play_match(None, bots, seed=1)  # type: ignore[arg-type]
    assert next_move(state, bots) in kozel.legal_moves(state)


def test_bot_specs_and_tournaments_refuse_what_names_no_bot_or_no_seed():
    for spec in (":", ":b", "a:"):
        with pytest.raises(KozelError, match=r"module:Class names both|cannot load the bot"):
            make_bot(spec)
    for spec in (None, 5):
        with pytest.raises(WrongTypeError, match="a bot is named by text"):
            make_bot(spec)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="a tournament is played by a Ruleset, not NoneType"):
        Tournament(None, ["random", "random"], 1)  # type: ignore[arg-type]
    for seed in ("x", 10**200, 1.5, True):
        with pytest.raises(KozelError, match="a tournament's seed is a whole number of at most 100 digits"):
            Tournament(CLASSIC, ["random", "random"], 1, seed=seed)  # type: ignore[arg-type]
    assert Tournament(CLASSIC, ["random", "random"], 1, seed=-(10**99)).seed == -(10**99)


def test_numbers_too_long_to_write_out_are_described_in_the_refusal():
    state = kozel.new_game(CLASSIC, seed=1)
    huge = 10**5000
    with pytest.raises(KozelError, match=r"^indent is a whole number from 0 to 16, or None, not an int too long"):
        kozel.record.to_json(state, indent=huge)
    with pytest.raises(KozelError, match=r"^an action of classic is a number from 0 to \d+, not an int too long"):
        actions(CLASSIC).move(huge, 0)
    with pytest.raises(kozel.RulesetError, match=r"not an int too long to show \(an int\)$"):
        kozel.variants.get(huge)


def test_a_numpy_dealer_is_read_as_the_seat_it_names():
    np = pytest.importorskip("numpy", reason="NumPy is not installed: a NumPy dealer needs it")
    assert kozel.new_game(CLASSIC, seed=1, dealer=np.int64(2)).deal.dealer == 2
    state = kozel.engine.new_hand(CLASSIC, CLASSIC.deck, scores=(3, 0), dealer=np.int64(2))
    assert type(state.deal.dealer) is int
    assert state.deal.dealer == state.match.first_dealer == 2


def test_the_other_entry_points_refuse_values_of_the_wrong_kind_too():
    with pytest.raises(WrongTypeError, match="new_game needs a Ruleset, not NoneType"):
        kozel.new_game(None, seed=1)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="seed must be a whole number, not 'x'"):
        kozel.new_game(CLASSIC, seed="x")  # type: ignore[arg-type]
    for dealer in ("0", True, 4):
        with pytest.raises(KozelError, match="dealer must be a seat from 0 to 3"):
            kozel.new_game(CLASSIC, seed=1, dealer=dealer)
    with pytest.raises(KozelError, match=r"^dealer must be a seat from 0 to 3, not an int too long to show$"):
        kozel.new_game(CLASSIC, seed=1, dealer=10**5000)
    with pytest.raises(KozelError, match=r"^scores= holds .* \(2 sides\), not \[an int too long to show, 0\]$"):
        kozel.engine.new_hand(CLASSIC, CLASSIC.deck, scores=(10**5000, 0))
    with pytest.raises(WrongTypeError, match="determinize needs a PlayerView, not NoneType"):
        kozel.determinize(None, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="a CardSet holds cards or card text, not NoneType"):
        kozel.CardSet(None)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="legal_moves needs a GameState, not SimpleNamespace"):
        kozel.legal_moves(types.SimpleNamespace(phase=None))


def test_a_real_state_s_own_error_is_not_taken_for_a_wrong_argument():
    state = kozel.apply(_state(), kozel.legal_moves(_state())[0])
    broken = state._replace(trick="not a trick")  # a state, broken inside: the engine's error, as it is
    with pytest.raises((AttributeError, TypeError)) as raised:
        kozel.legal_moves(broken)
    assert not isinstance(raised.value, KozelError)


def test_an_event_seen_by_a_seat_that_is_no_seat_is_refused():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    state, events = kozel.step(state, kozel.legal_moves(state)[0])
    deal_events = kozel.step(state, kozel.legal_moves(state)[0])[1]
    for event in (*events, *deal_events, *kozel.observe(state, 0).history):
        for bad in (2.0, True, "1", None):
            with pytest.raises(kozel.WrongTypeError, match=r"for_seat: a seat is a whole number from 0 \(not a bool\)"):
                event.for_seat(bad)
        with pytest.raises(kozel.SeatError, match="there is no seat -1"):
            event.for_seat(-1)
        assert event.for_seat(1) == event.for_seat(1)
        # A whole number of another type (an IntEnum here; a NumPy integer alike) is taken as its number.
        assert event.for_seat(_Seat.ONE) == event.for_seat(1)
        assert type(event.for_seat(_Seat.ONE)) is type(event)


class _Seat(enum.IntEnum):
    ONE = 1


def test_a_tracker_given_what_step_does_not_give_is_refused_and_left_as_it_was():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    tracker = kozel.ViewTracker(state)
    after, events = kozel.step(state, kozel.legal_moves(state)[0])
    for bad_state, bad_events in ((after, None), (after, list(events)), ("x", events), (after, ("event",))):
        with pytest.raises(kozel.WrongTypeError, match="update takes the"):
            tracker.update(bad_state, bad_events)
        assert tracker.state is state
        assert tracker.view(0) == kozel.observe(state, 0)
    tracker.update(after, events)
    assert tracker.view(1) == kozel.observe(after, 1)


# -- Found by feeding both builds the same wrong input and comparing their answers -----------------------------


class _Index:
    """A whole number that is not an int, as a NumPy integer is: it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class _NoTruth:
    """A value whose comparisons give something with no truth value, as a NumPy array's do."""

    def __eq__(self, other: object) -> Any:
        return self

    def __ne__(self, other: object) -> Any:
        return self

    def __bool__(self) -> bool:
        raise ValueError("the truth value is ambiguous")

    __hash__ = None  # type: ignore[assignment]


def _view_after_a_hand() -> kozel.PlayerView:
    state, rng = _state(), random.Random(1)
    while not state.match.hand_results:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return kozel.observe(state, 1)


@pytest.mark.parametrize("value", [None, 5, b"A\xe2\x99\xa0", ["A♠"]])
def test_card_text_readers_refuse_anything_but_text(value: Any):
    with pytest.raises(kozel.WrongTypeError, match="read from text"):
        kozel.parse_cards(value)
    with pytest.raises(kozel.WrongTypeError, match="read from text"):
        kozel.CardSet.parse(value)


def test_a_card_mask_is_a_whole_number_of_the_deck():
    assert kozel.CardSet.from_mask(_Index(1)) == kozel.CardSet.from_mask(1)
    assert kozel.CardSet.from_mask(_Index(1)).mask == 1
    assert type(kozel.CardSet.from_mask(_Index(1)).mask) is int
    for value in ("x", 1.0, True, None):
        with pytest.raises(WrongTypeError, match="a card mask is a whole number"):
            kozel.CardSet.from_mask(value)  # type: ignore[arg-type]
    for value in (-1, 1 << 36):
        with pytest.raises(StateError, match="is not a mask of the 36 cards"):
            kozel.CardSet.from_mask(value)


def test_a_seed_that_is_a_subclass_of_int_is_read_as_its_number():
    by_suit = kozel.new_game(CLASSIC, seed=kozel.Suit.CLUBS)
    assert type(by_suit.match.seed) is int
    assert by_suit == kozel.new_game(CLASSIC, seed=int(kozel.Suit.CLUBS))
    assert kozel.record.loads(kozel.record.dumps(by_suit)) == by_suit
    by_index = kozel.new_game(CLASSIC, seed=_Index(7))  # a NumPy integer is a whole number too
    assert type(by_index.match.seed) is int
    assert by_index == kozel.new_game(CLASSIC, seed=7)


def test_whole_numbers_that_are_not_ints_are_read_as_their_number():
    assert '\n  "' in to_json(_state(), indent=_Index(2))
    move = Move._make((1, MoveKind.LEAD, (Card.parse("A♠"),), _Index(Card.parse("A♠").bit)))
    assert move == kozel.parse_move("1 lead A♠")


@pytest.mark.parametrize("deck", [5, 1.5, None.__class__])
def test_new_game_refuses_a_deck_that_is_not_a_list_of_cards(deck: Any):
    with pytest.raises(WrongTypeError, match="deck= is a list of cards or card text"):
        kozel.new_game(CLASSIC, 1, deck=deck)


def test_determinize_checks_its_arguments():
    view = kozel.observe(_state(), 1)
    rng = random.Random(1)
    with pytest.raises(WrongTypeError, match=r"draws with a random\.Random, not str"):
        kozel.determinize(view, "x")  # type: ignore[arg-type]
    for tries, error in ((1.5, WrongTypeError), (False, WrongTypeError), ("3", WrongTypeError), (0, KozelError)):
        with pytest.raises(error, match="tries must be None or a whole number of at least 1") as raised:
            kozel.determinize(view, rng, tries=tries)  # type: ignore[arg-type]
        assert isinstance(raised.value, TypeError) == (error is WrongTypeError)
    for budget in ("x", None, True, 0, -1.0, float("-inf"), float("nan")):
        with pytest.raises(KozelError, match="budget must be a positive number of seconds") as raised:
            kozel.determinize(view, rng, budget=budget)  # type: ignore[arg-type]
        assert isinstance(raised.value, TypeError) == (budget in ("x", None, True))
    with pytest.raises(WrongTypeError, match="moves= is an iterable of moves, not int"):
        kozel.determinize(view, rng, moves=1)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="moves= is an iterable of moves, not str"):
        kozel.determinize(view, rng, moves="1 lead K♥")  # type: ignore[arg-type]
    with pytest.raises(KozelError, match=r"seat 1's legal moves now; 2 lead A♠ is another seat's move"):
        kozel.determinize(view, rng, moves=[kozel.parse_move("2 lead A♠")])
    with pytest.raises(KozelError, match=r"seat 1's legal moves now; 1 wait is a wait, which no world lists"):
        kozel.determinize(view, rng, moves=[kozel.parse_move("1 wait")])
    held = next(iter(view.hand))
    other = next(card for card in kozel.variants.get("classic").deck if card not in view.hand)
    with pytest.raises(KozelError, match=rf"1 lead {other} is cards the seat does not hold"):
        kozel.determinize(view, rng, moves=[kozel.parse_move(f"1 lead {held}"), kozel.parse_move(f"1 lead {other}")])
    with pytest.raises(WrongTypeError, match="moves= holds moves, not 1"):
        kozel.determinize(view, rng, moves=[1])  # type: ignore[list-item]
    # Whole numbers that are not ints (NumPy's) are whole numbers; the world is one of the view.
    world = kozel.determinize(view, rng, tries=_Index(3), budget=_Index(5))  # type: ignore[arg-type]
    assert kozel.observe(world, 1) == view
    for budget in (float("inf"), 2**2000):  # no limit but the tries
        assert kozel.observe(kozel.determinize(view, rng, budget=budget), 1) == view
    moves = kozel.legal_moves(_state())
    assert kozel.observe(kozel.determinize(view, rng, moves=iter(moves)), 1) == view


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seat", None, r"seat None: view\.seat: a seat from 0 to 3, not None$"),
        ("dealer", True, r"view\.dealer: a seat from 0 to 3, not True$"),
        ("talon_size", False, r"view\.talon_size: a number of cards from 0 to 0, not False$"),
        ("trump", [], r"view\.trump: a Suit or None, not \[\]$"),
        ("trump", float("inf"), r"view\.trump: a Suit or None, not inf$"),
        ("hand_results", "x", r"view\.hand_results: a tuple of HandResult, not a str$"),
        ("hand_results", (Card.parse("A♠"),), r"view\.hand_results\[0\]: a HandResult, not Card\.parse\('A♠'\)$"),
        ("declarer", 1.0, r"view\.declarer: a seat from 0 to 3, not 1\.0$"),
        ("declarer", "3", r"view\.declarer: a seat from 0 to 3, not '3'$"),
        ("phase", "play", r"view\.phase: a Phase, not 'play'$"),
        ("voids", [frozenset()] * 4, r"view\.voids: a tuple of one entry per seat \(4\), not a list$"),
        ("voids", (frozenset(),) * 3, r"view\.voids: one entry per seat \(4\), not 3$"),
        ("voids", (set(), set(), set(), set()), r"view\.voids\[0\]: a frozen set of groups 0-3 \(the plain suits\)"),
        ("voids", (frozenset({5}),) * 4, r"view\.voids\[0\]: a frozen set of groups .* not frozenset\(\{5\}\)$"),
        ("voids", "3", r"view\.voids: a tuple of one entry per seat \(4\), not a str$"),
    ],
)
def test_determinize_refuses_a_view_field_of_the_wrong_kind_at_once(field: str, value: Any, message: str):
    import attrs  # noqa: PLC0415

    view = attrs.evolve(_view_after_a_hand(), **{field: value})
    with pytest.raises(StateError, match=message):
        kozel.determinize(view, random.Random(1), tries=10_000)


def test_a_finished_hand_must_give_a_number_for_each_side():
    import attrs  # noqa: PLC0415

    view = _view_after_a_hand()
    result = attrs.evolve(view.hand_results[0], points=(120,))
    with pytest.raises(StateError, match=r"view\.hand_results\[0\]\.points: one entry per side \(2\), not 1$"):
        kozel.determinize(attrs.evolve(view, hand_results=(result,)), random.Random(1))


@pytest.mark.parametrize("indent", [1.5, True, "2", -1, 17, 2**31, 2**70])
def test_written_json_refuses_an_indent_that_is_not_a_few_spaces(indent: Any):
    with pytest.raises(KozelError, match="indent is"):
        to_json(_state(), indent=indent)
    with pytest.raises(KozelError, match="indent is"):
        kozel.forms.dumps_ruleset(CLASSIC, indent=indent)


def test_written_json_takes_none_or_up_to_sixteen_spaces():
    assert "\n" not in to_json(_state())
    assert '\n                "' in to_json(_state(), indent=16)
    assert from_json(to_json(_state(), indent=0)) == _state()


def test_a_move_built_around_its_constructor_is_refused_everywhere_it_is_read():
    state = kozel.apply(_state(), kozel.parse_move("1 lead K♥"))
    bad = tuple.__new__(Move, (2, {}, (), 0, None))
    short = tuple.__new__(Move, (2,))
    numbering = kozel.actions(CLASSIC)
    for call in (
        lambda move: kozel.step(state, move),
        lambda move: kozel.apply(state, move),
        numbering.index,
        lambda move: numbering.compact.index(move, state.hands[2]),
        to_json,
    ):
        with pytest.raises(kozel.IllegalMoveError, match="breaks a Move's invariants: its kind is not a MoveKind"):
            call(bad)
    with pytest.raises(kozel.IllegalMoveError, match="a move has 5 fields, not 1"):
        kozel.step(state, short)


def test_values_with_no_truth_value_are_refused_not_tested():
    with pytest.raises(kozel.NotationError, match="does not hold exactly the cards"):
        Move._make((1, MoveKind.LEAD, (Card.parse("A♠"),), _NoTruth()))
    with pytest.raises(WrongTypeError, match="format is 'json', 'toml' or None"):
        kozel.loads_ruleset("{}", format=_NoTruth())  # type: ignore[arg-type]


def _each_edit_refused(view: kozel.PlayerView, cases: list[tuple[int, dict[str, object], str]]) -> None:
    """Each case, ``(event's place, fields changed, message)``, made to ``view``'s history alone: refused with
    ``message`` when ``determinize`` is handed it."""
    import attrs  # noqa: PLC0415

    for number, change, message in cases:
        history = list(view.history)
        history[number] = attrs.evolve(history[number], **change)
        with pytest.raises(StateError, match=message):
            kozel.determinize(attrs.evolve(view, history=tuple(history)), random.Random(1), tries=3)


def test_determinize_refuses_an_event_field_of_the_wrong_kind_in_both_builds():
    # Read as plain objects: a compiled build read a bool seat as a number and took the view.
    state, rng = _state(), random.Random(2)
    while not any(isinstance(event, kozel.view.TrickTaken) for event in kozel.observe(state, 1).history):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    view = kozel.observe(state, 1)
    played = next(n for n, event in enumerate(view.history) if isinstance(event, kozel.view.Played) and event.cards)
    taken = next(n for n, event in enumerate(view.history) if isinstance(event, kozel.view.TrickTaken))
    cases = [
        (played, {"seat": True}, rf"view\.history\[{played}\]\.seat: a seat from 0 to 3, not True$"),
        (taken, {"winner": True}, rf"view\.history\[{taken}\]\.winner: a seat from 0 to 3, not True$"),
        (taken, {"count": 1.5}, rf"view\.history\[{taken}\]\.count: a number of cards from 1 to 36, not 1\.5$"),
    ]
    _each_edit_refused(view, cases)


def test_a_view_padded_with_empty_draws_or_tricks_of_no_card_is_refused_as_it_is_read():
    """The engine draws for the seats that drew, a card at least each, and takes tricks of a card at least: filler
    events (which made an edited view cost seconds a draw) are refused at once."""
    import attrs  # noqa: PLC0415

    state, rng = _state(), random.Random(2)
    while not any(isinstance(event, kozel.view.CardsDrawn) for event in kozel.observe(state, 1).history):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    view = kozel.observe(state, 1)
    drawn = next(n for n, event in enumerate(view.history) if isinstance(event, kozel.view.CardsDrawn))
    taken = next(n for n, event in enumerate(view.history) if isinstance(event, kozel.view.TrickTaken))
    first = view.history[drawn].drawn[0]
    cases = [
        (drawn, {"drawn": ()}, rf"view\.history\[{drawn}\]\.drawn: a draw names the seats that drew, one at least"),
        (
            drawn,
            {"drawn": ((first[0], None, 0),)},
            rf"view\.history\[{drawn}\]\.drawn\[0\]: a number of cards from 1 to 36, not 0$",
        ),
        (taken, {"count": 0}, rf"view\.history\[{taken}\]\.count: a number of cards from 1 to 36, not 0$"),
    ]
    _each_edit_refused(view, cases)
    padded = attrs.evolve(view, history=(*view.history, kozel.view.CardsDrawn(())))
    with pytest.raises(StateError, match=r"\.drawn: a draw names the seats that drew, one at least, not none$"):
        kozel.determinize(padded, random.Random(1))


def _view_with_another_seat_s_card_on_the_table() -> tuple[kozel.PlayerView, Card]:
    """Seat 1's view of a trick on the table that shows a card of another seat, and that card."""
    state, rng = _state(), random.Random(3)
    while True:
        view = kozel.observe(state, 1)
        shown = [card for play in view.trick or () if play.seat != 1 for card in play.cards or ()]
        if shown:
            return view, shown[0]
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))


def test_determinize_refuses_at_once_a_view_whose_fields_do_not_fit_together():
    # The checks that reading a view document makes, determinize makes too (its own checks left these views to the
    # draws, until they ran out): the field named, before a single world is drawn.
    import attrs  # noqa: PLC0415

    view, card = _view_with_another_seat_s_card_on_the_table()
    lead = next(n for n, event in enumerate(view.history) if getattr(event, "kind", None) is MoveKind.LEAD)
    history = list(view.history)
    history[lead] = attrs.evolve(history[lead], choice="mirror")
    cases = [
        ({"hand": kozel.CardSet([*list(view.hand)[1:], card])}, rf"view\.trick: {card} is in view\.hand too"),
        (
            {"stock_size": view.stock_size - 1},
            r"view: 35 cards in the hands, talon, stock, tricks won and on the table; the deck has 36$",
        ),
        ({"history": tuple(history)}, rf"view\.history\[{lead}\]\.choice: only a praise move names a choice"),
        ({"sets": (1, 0)}, r"view\.sets\[0\]: sets won before the match is won, 0 to 0, not 1$"),
        ({"praise": "trousers"}, r"view\.praise: one of the praise deals offered \(none in this game\)"),
    ]
    for change, message in cases:
        with pytest.raises(StateError, match=r"^determinize: no legal play gives this view of seat 1: " + message):
            kozel.determinize(attrs.evolve(view, **change), random.Random(1), tries=50)
    kozel.determinize(view, random.Random(1))  # the view as it was has its worlds
