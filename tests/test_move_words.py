"""Words and numbers a UI passes on from its players: a move's kind by its word, the first dealer's seat."""

import pytest

import kozel
from kozel import Move, MoveKind, NotationError, SeatError, WrongTypeError

CLASSIC = kozel.variants.get("classic")


@pytest.mark.parametrize("kind", list(MoveKind))
def test_every_kind_is_read_back_from_its_word_in_either_case(kind):
    assert MoveKind.from_word(kind.word) is kind
    assert MoveKind.from_word(kind.word.upper()) is kind


def test_a_word_that_names_no_kind_is_a_notation_error_listing_the_kinds():
    with pytest.raises(
        NotationError, match=r"^'leed' is not a kind of move; the kinds are lead, beat, pass, "
    ) as error:
        MoveKind.from_word("leed")
    assert error.value.token == "leed"
    with pytest.raises(NotationError):
        MoveKind.from_word("")
    with pytest.raises(WrongTypeError, match=r"^a kind's word is text, not 3$"):
        MoveKind.from_word(3)  # type: ignore[arg-type]


def test_a_move_built_with_a_kind_s_word_is_refused_naming_the_way_to_read_it():
    with pytest.raises(WrongTypeError, match=r"not 'lead': read a kind's word with MoveKind\.from_word$"):
        Move(1, "lead", "7♥")  # type: ignore[arg-type]
    assert Move(1, MoveKind.from_word("lead"), "7♥") == kozel.parse_move("1 lead 7♥")
    with pytest.raises(WrongTypeError, match=r"^a move's kind is a MoveKind, not 4$"):
        Move(1, 4, "7♥")  # type: ignore[arg-type]


def test_parse_move_reads_kinds_as_from_word_does():
    with pytest.raises(NotationError, match=r"^'leed' is not a kind of move; the kinds are lead, "):
        kozel.parse_move("1 leed 7♥")
    assert kozel.parse_move("1 LEAD 7♥").kind is MoveKind.from_word("lead")


@pytest.mark.parametrize("dealer", [4, -1, 10**30])
def test_a_first_dealer_off_the_table_is_a_seat_error_as_in_observe(dealer):
    with pytest.raises(SeatError, match=r"^dealer must be a seat from 0 to 3, not "):
        kozel.new_game(CLASSIC, seed=1, dealer=dealer)
    with pytest.raises(SeatError):
        kozel.observe(kozel.new_game(CLASSIC, seed=1), 4)
