"""kozel.play refuses what does not fit, with a KozelError that says what was wrong, and takes NumPy integers."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import kozel
from kozel.engine import within_hand
from kozel.play import (
    Encoding,
    actions,
    advance,
    decision,
    encoding,
    hand_deals_cap,
    hand_ended,
    highest_score,
    largest_hand,
    match_decision_cap,
    match_hands_cap,
    most_decisions,
    most_plays,
    new_deal,
)

numpy = pytest.importorskip(
    "numpy", reason="NumPy comes with the gymnasium, pettingzoo and openspiel extras; these tests need it"
)

CLASSIC = kozel.variants.get("classic")
COMPACT = actions(CLASSIC).compact
#: Six cards: a hand no seat of classic holds (at most 4), whose places would number other moves.
SIX = kozel.CardSet(kozel.parse_cards("6♣ 7♣ 8♣ 9♣ 10♣ J♣"))


def test_a_hand_larger_than_the_numbering_holds_is_refused_not_numbered_as_another_move():
    lead = kozel.parse_move("0 lead J♣")
    for call in (
        lambda: COMPACT.index(lead, SIX),
        lambda: COMPACT.index(lead, SIX.mask),
        lambda: COMPACT.move(5, 0, SIX),
        lambda: COMPACT.numbered([lead], SIX),
        lambda: COMPACT.indices([lead], SIX),
        lambda: COMPACT.mask([lead], SIX),
    ):
        with pytest.raises(kozel.KozelError, match="holds 6 cards, and a hand of classic at most 4"):
            call()


def test_a_negative_mask_is_refused_everywhere():
    for call in (
        lambda: COMPACT.index(kozel.parse_move("0 lead 6♦"), -1),
        lambda: COMPACT.move(0, 0, -1),
        lambda: COMPACT.numbered([kozel.parse_move("0 lead 6♦")], -1),
        lambda: COMPACT.indices([], -5),
    ):
        with pytest.raises(kozel.KozelError, match="never negative"):
            call()


def test_a_hand_of_another_deck_is_refused():
    pairs = actions(kozel.variants.get("pairs")).compact  # a 32-card deck: no sixes
    with pytest.raises(kozel.KozelError, match=r"not in pairs's deck \(6♣\)"):
        pairs.index(kozel.parse_move("0 lead 7♣"), kozel.CardSet(kozel.parse_cards("6♣ 7♣")))
    with pytest.raises(kozel.KozelError, match="not a bitmask of cards"):
        COMPACT.move(0, 0, 1 << 40)


def test_the_hand_is_a_card_set_or_a_whole_number_and_numpy_integers_count():
    hand = kozel.CardSet(kozel.parse_cards("6♣ 7♣ J♣"))
    lead = kozel.parse_move("0 lead J♣")
    for wrong in (None, True, 3.0, "6♣ 7♣"):
        with pytest.raises(kozel.WrongTypeError, match="CardSet or its bitmask"):
            COMPACT.index(lead, wrong)  # type: ignore[arg-type]
    assert COMPACT.index(lead, numpy.int64(hand.mask)) == COMPACT.index(lead, hand) == 2
    assert COMPACT.move(numpy.int64(2), numpy.int64(0), numpy.int64(hand.mask)) == lead
    assert COMPACT.numbered([lead], numpy.uint64(hand.mask)) == {2: lead}


def test_moves_that_are_no_moves_are_refused_by_type():
    hand = kozel.CardSet(kozel.parse_cards("6♣ 7♣"))
    numbering = actions(CLASSIC)
    with pytest.raises(kozel.WrongTypeError, match="numbers Moves, not NoneType"):
        numbering.index(None)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match="an iterable of Moves, not NoneType"):
        numbering.indices(None)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match=r"kozel\.parse_move reads"):
        numbering.mask(["0 lead 6♣"])  # type: ignore[list-item]
    with pytest.raises(kozel.WrongTypeError, match="numbers Moves, not NoneType"):
        COMPACT.index(None, hand)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match="numbers Moves, not NoneType"):
        COMPACT.numbered([None], hand)  # type: ignore[list-item]
    with pytest.raises(kozel.WrongTypeError, match="not a single Move"):
        COMPACT.numbered(kozel.parse_move("0 lead 6♣"), hand)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match="an iterable of Moves, not int"):
        COMPACT.indices(3, hand)  # type: ignore[arg-type]


def test_action_numbers_may_be_numpy_integers_and_seats_must_be_at_the_table():
    numbering = actions(CLASSIC)
    assert numbering.move(numpy.int64(0), 0) == numbering.move(0, 0) == kozel.parse_move("0 lead 6♣")
    assert numbering.move(0, numpy.int32(3)) == kozel.parse_move("3 lead 6♣")
    with pytest.raises(kozel.WrongTypeError, match=r"whole number from 0 to 259038, not 1\.0"):
        numbering.move(1.0, 0)  # type: ignore[arg-type]
    with pytest.raises(kozel.KozelError, match="from 0 to 259038, not 259039"):
        numbering.move(numpy.int64(259039), 0)
    for seat in (9, -1, 4):
        with pytest.raises(kozel.SeatError, match=f"no seat {seat} at a table of 4"):
            numbering.move(0, seat)
        with pytest.raises(kozel.SeatError, match=f"no seat {seat} at a table of 4"):
            COMPACT.move(0, seat, kozel.CardSet(kozel.parse_cards("6♣")))
    with pytest.raises(kozel.WrongTypeError, match="a seat is a whole number"):
        numbering.move(0, "1")  # type: ignore[arg-type]


FUNCTIONS = [
    most_decisions,
    highest_score,
    most_plays,
    largest_hand,
    hand_deals_cap,
    match_hands_cap,
    match_decision_cap,
    actions,
    encoding,
    Encoding,
]


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda function: function.__name__)
def test_a_ruleset_name_is_no_ruleset(function):
    with pytest.raises(kozel.WrongTypeError, match=r"needs a Ruleset, not str \(kozel.variants.get\('classic'\)"):
        function("classic")


def test_hand_ended_and_new_deal_compare_states():
    state = kozel.new_game(CLASSIC, seed=3)
    with pytest.raises(kozel.WrongTypeError, match=r"hand_ended compares two GameStates.*not NoneType"):
        hand_ended(None, state)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match=r"new_deal compares two GameStates.*not NoneType"):
        new_deal(state, None)  # type: ignore[arg-type]


def hand_end_within_hand() -> kozel.GameState:
    """A hand played out through the decision layer inside within_hand: its scored end, where nobody moves."""
    state, waited, rng = kozel.new_game(CLASSIC, seed=3), (), random.Random(3)
    with within_hand():
        while (asked := decision(state, waited)) is not None:
            state, waited = advance(state, rng.choice(asked.moves), waited)
    return state


def test_nobody_is_asked_at_a_hand_end_reached_within_hand():
    state = hand_end_within_hand()
    assert state.turn is None
    assert state.result is None
    assert len(state.hand_results) == 1
    assert decision(state) is None
    with pytest.raises(kozel.IllegalMoveError, match="nobody has a move here"):
        advance(state, kozel.parse_move("0 lead 6♣"))
    with pytest.raises(kozel.KozelError, match="nobody has a move here, so nobody waits"):
        decision(state, (1,))


def test_decision_and_advance_refuse_what_is_no_state_move_or_seats():
    state = kozel.new_game(CLASSIC, seed=3)
    move = decision(state).moves[0]  # type: ignore[union-attr]
    with pytest.raises(kozel.WrongTypeError, match="asked in a GameState, not in NoneType"):
        decision(None)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match="waited is a sequence of the seats"):
        decision(state, None)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match="asked in a GameState, not in NoneType"):
        advance(None, move)  # type: ignore[arg-type]
    with pytest.raises(kozel.WrongTypeError, match=r"answer as a Move.*not NoneType"):
        advance(state, None)  # type: ignore[arg-type]
    assert decision(state, []) == decision(state)


def view_of_classic() -> kozel.PlayerView:
    state = kozel.new_game(CLASSIC, seed=7)
    state = kozel.apply(state, kozel.legal_moves(state)[0])  # a trick on the table, a play in the history
    return kozel.observe(state, 2)


VIEW = view_of_classic()
PLAY = VIEW.trick[0]  # type: ignore[index]
BAD_FIELDS = [
    ({"seat": 9}, kozel.SeatError, "view.seat is seat 9"),
    ({"turn": -1}, kozel.SeatError, "view.turn is seat -1"),
    ({"phase": "play"}, kozel.WrongTypeError, "view.phase is a Phase"),
    ({"voids": (frozenset({7}), *VIEW.voids[1:])}, kozel.StateError, "view.voids.0. holds group 7"),
    ({"voids": VIEW.voids[:2]}, kozel.StateError, r"one entry per seat \(4\), not 2"),
    ({"hand_sizes": (4, -4, 4, 4)}, kozel.StateError, r"view.hand_sizes\[1\] is -4, below 0"),
    ({"stock_size": -3}, kozel.StateError, "view.stock_size is -3, below 0"),
    ({"won_sizes": (0, -2)}, kozel.StateError, r"view.won_sizes\[1\] is -2, below 0"),
    ({"trick_counts": (0,)}, kozel.StateError, r"one entry per side \(2\), not 1"),
    ({"trump": 2}, kozel.WrongTypeError, "view.trump is a Suit or None"),
    ({"praise": "mirror"}, kozel.StateError, "praise deal of the ruleset"),
    ({"trick": (attrs.evolve(PLAY, count=-1),)}, kozel.StateError, "count is -1, below 0"),
    ({"trick": (attrs.evolve(PLAY, seat=6),)}, kozel.SeatError, "seat is seat 6"),
    ({"transfers_done": (5,)}, kozel.StateError, "names side 5"),
    ({"hand_sizes": None}, kozel.WrongTypeError, "view.hand_sizes is a tuple"),
]


@pytest.mark.parametrize(
    ("change", "error", "words"), BAD_FIELDS, ids=[next(iter(change)) for change, *_ in BAD_FIELDS]
)
def test_a_view_that_does_not_fit_the_encoding_is_refused_and_nothing_written(change, error, words):
    code = encoding(CLASSIC)
    view = attrs.evolve(VIEW, **change)
    for size, write in ((code.size, code.write), (code.state_size, code.write)):
        out = [0.0] * size
        with pytest.raises(error, match=words):
            write(view, out, information_state=size == code.state_size)
        assert not any(out)
    with pytest.raises(error, match=words):
        code.observation(view)
    with pytest.raises(error, match=words):
        code.information_state(view)


def test_views_not_made_by_the_engine_are_checked_and_written_alike():
    code = encoding(CLASSIC)
    copies = [pickle.loads(pickle.dumps(VIEW)), attrs.evolve(VIEW)]
    for copy in copies:
        assert code.information_state(copy) == code.information_state(VIEW)
    history = (*VIEW.history[:-1], attrs.evolve(VIEW.history[-1], seat=9))
    with pytest.raises(kozel.SeatError, match="the history's play 0's seat is seat 9"):
        code.information_state(attrs.evolve(VIEW, history=history))
    assert code.observation(attrs.evolve(VIEW, history=history)) == code.observation(VIEW)  # the history unread
    with pytest.raises(kozel.WrongTypeError, match="a view's ruleset is a Ruleset, not str"):
        code.observation(attrs.evolve(VIEW, ruleset="classic"))


def test_the_deals_cap_is_no_bound_and_says_so():
    """Sides calling in turn redeal past the cap: 8 deals in pairs, whose cap is 7, and no hand ended."""
    rules = kozel.variants.get("pairs")
    state, deals = kozel.new_game(rules, seed=1144), 1
    for text in (
        "1 praise regular",
        "0 redeal",
        "1 redeal",
        "0 redeal",
        "3 redeal",
        "1 redeal",
        "0 redeal",
        "0 redeal",
    ):
        before, state = state, kozel.apply(state, kozel.parse_move(text))
        assert hand_ended(before, state) is None
        deals += new_deal(before, state)
    assert deals == 8 > hand_deals_cap(rules) == 7
    doc = " ".join((hand_deals_cap.__doc__ or "").split())
    assert "not a bound" in doc
    assert "sides calling in turn can redeal without end" in doc


def test_a_buffer_too_short_is_refused_before_anything_is_written():
    code = encoding(CLASSIC)
    out = [0.0] * (code.size - 1)
    with pytest.raises(kozel.KozelError, match=f"out holds {code.size - 1} numbers, and an observation of classic"):
        code.write(VIEW, out)
    assert not any(out)
    short = numpy.zeros(code.size, numpy.float32)
    with pytest.raises(kozel.KozelError, match=f"out holds {code.size} numbers, and an information state"):
        code.write(VIEW, short, information_state=True)
    assert not short.any()
    longer = numpy.zeros(code.size + 4, numpy.float32)  # OpenSpiel's tensor: the observation, then more
    code.write(VIEW, longer)
    assert (longer[: code.size] == code.array(code.observation(VIEW))).all()
    assert not longer[code.size :].any()
