"""Moves: values, canonical cards and the text notation."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

import kozel
from kozel import Card, Move, MoveKind, NotationError, parse_move


def test_a_move_keeps_its_cards_in_canonical_order():
    move = Move(1, MoveKind.BEAT, [Card.parse("A♥"), Card.parse("10♠")])
    assert move.cards == (Card.parse("10♠"), Card.parse("A♥"))
    assert move == Move(1, MoveKind.BEAT, "10♠ A♥")
    assert hash(move) == hash(Move(1, MoveKind.BEAT, "A♥ 10♠"))
    assert move.mask == Card.parse("10♠").bit | Card.parse("A♥").bit
    assert move.seat == 1
    assert move.kind is MoveKind.BEAT
    assert move.face_up
    assert not Move(1, MoveKind.PASS, "6♣").face_up
    assert pickle.loads(pickle.dumps(move)) == move


@pytest.mark.parametrize(
    "text",
    ["0 lead A♠", "2 beat 10♠ A♥", "3 pass 6♣ 7♦", "1 molodka 6♣ 7♣ 8♣ 9♣", "0 transfer Q♥", "2 transfer_back 9♥"],
)
def test_notation_round_trips(text):
    move = parse_move(text)
    assert str(move) == text
    assert parse_move(str(move)) == move
    assert eval(repr(move), {"Move": Move}) == move


def test_notation_is_forgiving_about_case_and_card_spelling():
    assert parse_move("  2 BEAT th as ") == Move(2, MoveKind.BEAT, "A♠ 10♥")
    assert Move.parse("0 lead qc") == Move(0, MoveKind.LEAD, "Q♣")


@pytest.mark.parametrize(
    ("text", "token"),
    [("lead A♠", "lead A♠"), ("x lead A♠", "x lead A♠"), ("1 hit A♠", "hit"), ("1 lead A♠ 1z", "1z"), ("", "")],
)
def test_bad_notation_names_the_bad_part(text, token):
    with pytest.raises(NotationError) as error:
        parse_move(text)
    assert error.value.token == token


def test_replace_and_make_check_like_the_constructor():
    move = parse_move("1 lead A♠")
    changed = move._replace(cards=kozel.parse_cards("K♥ 6♠"))
    assert changed == parse_move("1 lead 6♠ K♥")
    assert changed.mask == Card.parse("K♥").bit | Card.parse("6♠").bit
    with pytest.raises(TypeError, match="mask follows from its cards"):
        move._replace(mask=3)
    assert Move._make((1, MoveKind.LEAD, kozel.parse_cards("A♠"))) == move
    assert Move._make(tuple(move)) == move
    with pytest.raises(ValueError, match="does not hold exactly the cards"):
        Move._make((1, MoveKind.LEAD, kozel.parse_cards("A♠"), move.mask | Card.parse("6♠").bit))


def test_a_move_names_a_card_once():
    with pytest.raises(NotationError, match="twice"):
        Move(0, MoveKind.LEAD, "A♠ A♠")


def test_a_move_checks_its_parts():
    with pytest.raises(TypeError):
        Move(-1, MoveKind.LEAD, "A♠")
    with pytest.raises(TypeError):
        Move(0, "lead", "A♠")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Move(0, MoveKind.LEAD, [1])  # type: ignore[list-item]


def test_apply_refuses_what_is_not_a_move():
    state = kozel.new_game(kozel.variants.get("classic"), seed=1)
    with pytest.raises(TypeError, match=r"kozel\.parse_move") as error:
        kozel.apply(state, "1 lead A♠")  # type: ignore[arg-type]
    assert isinstance(error.value, kozel.WrongTypeError)
    for thing in (None, 3, ("1", "lead"), kozel.legal_moves(state)[0][:4]):
        with pytest.raises(kozel.WrongTypeError, match="apply plays a Move"):
            kozel.apply(state, thing)  # type: ignore[arg-type]


MOVE_WORDS = st.sampled_from(
    [*(kind.word for kind in MoveKind), "mirror", "A♠", "10h", "th", "7♣", "Q", "♦", "0", "12", "-1", ",", "  ", "\n"]
)


@settings(max_examples=examples(500))
@given(text=st.text(max_size=40) | st.lists(MOVE_WORDS, max_size=6).map(" ".join))
def test_any_text_reads_as_a_move_that_round_trips_or_raises_notation_error(text):
    try:
        move = parse_move(text)
    except NotationError:
        return
    assert parse_move(str(move)) == move
    assert str(parse_move(str(move))) == str(move)


@given(
    seat=st.integers(min_value=0, max_value=50),
    kind=st.sampled_from(MoveKind),
    cards=st.sets(st.sampled_from(kozel.CARDS), max_size=6),
    choice=st.none() | st.sampled_from(["regular", "mirror_all", "pants_double"]),
)
def test_every_move_reads_back_from_its_notation(seat, kind, cards, choice):
    move = Move(seat, kind, sorted(cards), choice)
    assert parse_move(str(move)) == move


def test_the_kind_and_the_cards_are_apart_and_any_white_space_separates_the_words():
    with pytest.raises(kozel.NotationError, match="a space goes between the kind \\(lead\\) and the cards"):
        kozel.parse_move("1 lead7♠")
    with pytest.raises(kozel.NotationError, match="a space goes between the kind \\(beat\\) and the cards"):
        kozel.parse_move("2 beat,A♠")
    assert kozel.parse_move("1\tlead\t7♠") == kozel.parse_move("1 lead 7♠")
    assert kozel.parse_move("1 praise mirror\t7♠") == kozel.parse_move("1 praise mirror 7♠")
    assert kozel.parse_move("1 praise mirror").choice == "mirror"
