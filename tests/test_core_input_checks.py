"""Values too long to write out (an int of thousands of digits), and other wrong kinds, answered with kozel's errors."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest

import kozel
import kozel.bots
import kozel.engine
import kozel.forms
import kozel.limits
import kozel.record
from kozel import CardSet, Deck, Move, MoveKind
from kozel.errors import KozelError, NotationError, StateError, WrongTypeError
from kozel.rules import PraiseKind

HUGE = 10**5000
TOO_LONG = "an int too long to show"


@pytest.fixture(scope="module")
def rules() -> kozel.Ruleset:
    return kozel.variants.get("classic")


@pytest.fixture(scope="module")
def view(rules: kozel.Ruleset) -> kozel.PlayerView:
    return kozel.observe(kozel.new_game(rules, seed=1), 0)


def test_move_kind_too_long_to_show() -> None:
    with pytest.raises(WrongTypeError, match=TOO_LONG):
        Move(0, HUGE, ())  # type: ignore[arg-type]


def test_move_choice_too_long_to_show() -> None:
    with pytest.raises(NotationError, match=TOO_LONG) as caught:
        Move(0, MoveKind.PRAISE, (), HUGE)  # type: ignore[arg-type]
    assert caught.value.token == TOO_LONG


def test_move_bad_choice_text_keeps_its_token() -> None:
    with pytest.raises(NotationError) as caught:
        Move(0, MoveKind.PRAISE, (), "two words")
    assert caught.value.token == "two words"


def test_move_card_too_long_to_show() -> None:
    with pytest.raises(WrongTypeError, match=TOO_LONG):
        Move(0, MoveKind.PLAY, [HUGE])  # type: ignore[list-item]


def test_move_make_mask_too_long_to_show() -> None:
    with pytest.raises(NotationError, match=TOO_LONG):
        Move._make((0, MoveKind.PLAY, (), HUGE))


def test_cardset_card_too_long_to_show() -> None:
    with pytest.raises(WrongTypeError, match=TOO_LONG):
        CardSet([HUGE])  # type: ignore[list-item]


def test_deck_card_too_long_to_show() -> None:
    with pytest.raises(WrongTypeError, match=TOO_LONG):
        Deck([HUGE])  # type: ignore[list-item]


def test_format_cards_card_too_long_to_show() -> None:
    with pytest.raises(WrongTypeError, match=TOO_LONG):
        kozel.format_cards([HUGE])  # type: ignore[list-item]


def test_from_mask_list_holding_a_huge_int() -> None:
    with pytest.raises(WrongTypeError, match="a list too long to show"):
        CardSet.from_mask([HUGE])  # type: ignore[arg-type]


def test_from_mask_huge_number_message_is_cut() -> None:
    with pytest.raises(StateError) as caught:
        CardSet.from_mask(HUGE)
    assert len(str(caught.value)) < 200
    assert str(caught.value).startswith("0x")


def test_from_mask_small_bad_number_still_shown_whole() -> None:
    with pytest.raises(StateError, match=r"^-0x1 is not a mask"):
        CardSet.from_mask(-1)


def test_shuffled_refuses_a_non_random(rules: kozel.Ruleset) -> None:
    with pytest.raises(WrongTypeError, match=r"random\.Random"):
        rules.deck.shuffled(5)  # type: ignore[arg-type]
    deck = rules.deck.shuffled(random.Random(3))
    assert sorted(deck) == sorted(rules.deck)


@pytest.mark.parametrize(
    ("field", "value"),
    [("turn", HUGE), ("turn", Fraction(HUGE, 3)), ("turn", [HUGE]), ("hand_sizes", (HUGE, 0, 0, 0))],
    ids=["int", "fraction", "list", "nested"],
)
def test_to_json_edited_view_names_the_field(view: kozel.PlayerView, field: str, value: object) -> None:
    edited = attrs.evolve(view, **{field: value})
    with pytest.raises(StateError, match=rf"^view\.{field}"):
        kozel.record.to_json(edited)


def test_to_json_edited_view_small_fraction_names_the_field(view: kozel.PlayerView) -> None:
    with pytest.raises(StateError, match=r"^view\.turn"):
        kozel.record.to_json(attrs.evolve(view, turn=Fraction(1, 3)))


def test_to_json_engine_view_round_trips(view: kozel.PlayerView) -> None:
    assert kozel.record.from_json(kozel.record.to_json(view)) == view


def test_to_json_indent_too_long_to_show(rules: kozel.Ruleset) -> None:
    state = kozel.new_game(rules, seed=1)
    with pytest.raises(WrongTypeError, match="a list too long to show"):
        kozel.record.to_json(state, indent=[HUGE])  # type: ignore[arg-type]


def test_dumps_ruleset_indent_too_long_to_show(rules: kozel.Ruleset) -> None:
    with pytest.raises(WrongTypeError, match="a Fraction too long to show"):
        kozel.forms.dumps_ruleset(rules, indent=Fraction(HUGE, 3))  # type: ignore[arg-type]


def test_loads_ruleset_format_too_long_to_show() -> None:
    with pytest.raises(WrongTypeError, match=TOO_LONG):
        kozel.loads_ruleset("{}", format=HUGE)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [[HUGE], Fraction(HUGE, 3)], ids=["list", "fraction"])
def test_for_players_too_long_to_show(rules: kozel.Ruleset, players: object) -> None:
    with pytest.raises(WrongTypeError, match="too long to show"):
        rules.for_players(players)  # type: ignore[arg-type]


def test_errors_are_kozel_errors() -> None:
    assert issubclass(WrongTypeError, KozelError)
    assert issubclass(StateError, KozelError)


def test_to_json_of_a_state_changed_by_hand_to_hold_what_cannot_be_written_is_a_state_error():
    state = kozel.new_game(kozel.variants.get("classic"), seed=1)
    for edited in (state._replace(turn=10**5000), state._replace(match=state.match._replace(seed=10**5000))):
        with pytest.raises(kozel.StateError, match=r"^state: a field cannot be written as JSON, .*\(ValueError: "):
            kozel.record.to_json(edited)
    with pytest.raises(kozel.StateError, match=r"\(TypeError: 'NoneType' object is not iterable\)$"):
        kozel.record.to_json(state._replace(hand_masks=None))
    assert kozel.record.from_json(kozel.record.to_json(state)) == state


def test_more_values_too_long_to_show_get_the_librarys_errors(rules: kozel.Ruleset) -> None:
    """Each message quoted the value whole, and Python refused to write an int of thousands of digits (ValueError)."""
    state = kozel.new_game(rules, seed=1)
    refused = [
        (lambda: kozel.new_game(rules, deck=[HUGE]), kozel.DeckError, f"^deck= must hold cards, not {TOO_LONG}$"),
        (lambda: kozel.engine.with_deck(state, [HUGE]), kozel.DeckError, TOO_LONG),
        (lambda: kozel.Card.parse(HUGE), NotationError, f"^a card is read from text, such as '10♥', not {TOO_LONG}$"),
        (lambda: kozel.bots.Tournament(rules, [HUGE, "random"], 2), KozelError, f"^{TOO_LONG} is not a bot: "),
        (lambda: kozel.bots.Tournament(rules, [lambda: HUGE, "random"], 2), KozelError, f"made {TOO_LONG}, not a Bot$"),
        (lambda: kozel.record.dumps(state, date=HUGE), NotationError, f"not {TOO_LONG}$"),
        (lambda: rules.scoring.row_for(HUGE), kozel.RulesetError, f"^scoring: no row covers {TOO_LONG} card points$"),
        (
            lambda: kozel.bots.LeagueResult(kozel.bots.League(rules, ["random", "random"], matches=2), HUGE),
            WrongTypeError,
            f"each a tuple, not {TOO_LONG}$",
        ),
    ]
    for call, kind, message in refused:
        with pytest.raises(kind, match=message):
            call()


def test_a_document_kind_of_a_megabyte_is_quoted_cut() -> None:
    with pytest.raises(StateError) as refused:
        kozel.record.from_json('{"kozel": "' + "x" * 1_000_000 + '", "format": 1}')
    assert len(str(refused.value)) < 200


def test_the_small_public_helpers_refuse_values_of_the_wrong_kind(rules: kozel.Ruleset) -> None:
    """Each raised Python's own TypeError from inside."""
    with pytest.raises(WrongTypeError, match=r"^rule_sheet: sources is the Sources page's address as text, not None$"):
        kozel.forms.rule_sheet(rules, sources=None)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^the depth of a JSON or TOML text is counted in text, not NoneType$"):
        kozel.limits.depth(None)  # type: ignore[arg-type]
    for value in (None, True, 1.0):
        with pytest.raises(WrongTypeError, match=r"^a seed is a whole number, not "):
            kozel.limits.seed_fits(value)  # type: ignore[arg-type]
    assert kozel.limits.seed_fits(-(10**100) + 1)
    assert not kozel.limits.seed_fits(10**100)


def test_a_hand_started_from_outside_refuses_what_is_no_deck_score_or_state(rules: kozel.Ruleset) -> None:
    """new_hand(rules, None) failed an assertion, scores=True a TypeError; with_deck(None, ...) an AttributeError."""
    deck = list(rules.deck)
    assert kozel.engine.new_hand(rules, deck, scores=(2, 4)).match.scores == (2, 4)
    with pytest.raises(WrongTypeError, match=r"^new_hand deals from the deck given: .*, not None$"):
        kozel.engine.new_hand(rules, None)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^scores= holds one whole number per side, not True$"):
        kozel.engine.new_hand(rules, deck, scores=True)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^with_deck needs a GameState, not NoneType$"):
        kozel.engine.with_deck(None, deck)  # type: ignore[arg-type]
    state = kozel.new_game(rules, seed=1)
    with pytest.raises(KozelError, match=r"^trick_taker: no trick is on the table"):
        kozel.engine.trick_taker(state, kozel.legal_moves(state)[0])


def _pairs_awaiting_praise() -> kozel.GameState:
    """A ``pairs`` state whose boasting player is to choose the deal."""
    rules = kozel.variants.get("pairs")
    for seed in range(50):
        state = kozel.new_game(rules, seed=seed)
        if state.phase is kozel.Phase.PRAISE:
            return state
    raise AssertionError("no pairs deal awaits a praise in 50 seeds")


def test_the_engines_inner_face_refuses_what_is_not_a_state(rules: kozel.Ruleset) -> None:
    from_engine = kozel.engine
    for name, call in (
        ("start_of_deal", lambda: from_engine.start_of_deal(None)),
        ("lays", lambda: from_engine.lays(3)),
        ("cut_bottom", lambda: from_engine.cut_bottom("state", 0, 32)),
        ("apply_lay", lambda: from_engine.apply_lay(None, None, b"")),
        ("start_drawing", lambda: from_engine.start_drawing([], None, b"")),
    ):
        with pytest.raises(WrongTypeError, match=rf"^{name} needs a GameState, not "):
            call()
    state = kozel.new_game(rules, seed=1)
    with pytest.raises(StateError, match=r"^start_drawing needs a state in the PRAISE phase, not in PLAY$"):
        from_engine.start_drawing(state, PraiseKind.TROUSERS, b"")


def test_the_drawing_steps_refuse_a_wrong_kind_log_or_hook() -> None:
    state = _pairs_awaiting_praise()
    with pytest.raises(WrongTypeError, match=r"^start_drawing: kind is a praise deal dealt by drawing, not "):
        kozel.engine.start_drawing(state, PraiseKind.REGULAR, b"")
    with pytest.raises(WrongTypeError, match=r"^start_drawing: log is the deal's moves as bytes, not 'x'$"):
        kozel.engine.start_drawing(state, PraiseKind.TROUSERS, "x")
    with pytest.raises(WrongTypeError, match=r"^start_drawing: arrange is None or a function .*, not 5$"):
        kozel.engine.start_drawing(state, PraiseKind.TROUSERS, b"", 5)
    with pytest.raises(WrongTypeError, match=r"^apply_lay needs a Move, not str$"):
        kozel.engine.apply_lay(state, "1 lay 7♣", b"")
    assert kozel.engine.lays(state) == ()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: kozel.engine.drawn_positions(-1, 0),
            r"^drawn_positions: size is a whole number of at least 0, not -1$",
        ),
        (
            lambda: kozel.engine.drawn_positions(32, "2"),
            r"^drawn_positions: count is a whole number of at least 0, not '2'$",
        ),
        (
            lambda: kozel.engine.refill(None, (), 0, 4),
            r"^refill: hands is a list of card masks, one per seat, not None$",
        ),
        (
            lambda: kozel.engine.refill([0, -1], (), 0, 4),
            r"^refill: hands holds card masks \(whole numbers from 0\), not -1$",
        ),
        (lambda: kozel.engine.refill([0, 0], [], 0, 4), r"^refill: stock is a tuple of cards, not \[\]$"),
        (lambda: kozel.engine.refill([0, 0], ("7♣",), 0, 4), r"^refill: stock holds cards, not '7♣'$"),
        (lambda: kozel.engine.refill([0, 0], (), 2, 4), r"^refill: first is a whole number from 0 to 1, not 2$"),
        (
            lambda: kozel.engine.refill([0, 0], (), 0, None),
            r"^refill: hand_size is a whole number of at least 0, not None$",
        ),
        (lambda: kozel.engine.refill([], (), 0, 4), r"^refill: hands holds one card mask per seat, 1 to \d+, not 0$"),
        (lambda: kozel.engine.fill([0, 0], (), 0, 4), r"^fill: deck is a list of cards, not \(\)$"),
        (lambda: kozel.engine.fill([0, 0], [], 0, 4, 0), r"^fill: packet is a whole number of at least 1, not 0$"),
        (lambda: kozel.engine.fill([0, 0], [], -1, 4), r"^fill: start is a whole number from 0 to 1, not -1$"),
        (
            lambda: kozel.engine.first_trick_suit_cards(None, 0),
            r"^first_trick_suit_cards needs a TrumpTable, not NoneType$",
        ),
    ],
)
def test_the_engines_inner_face_refuses_values_of_the_wrong_kind(call: object, message: str) -> None:
    with pytest.raises(KozelError, match=message):
        call()  # type: ignore[operator]


def test_refill_and_fill_change_nothing_when_they_refuse() -> None:
    hands = [0, 0, 0, 0]
    stock = tuple(Deck.pack32())
    with pytest.raises(KozelError):
        kozel.engine.refill(hands, stock, 0, -4)
    deck = list(stock)
    with pytest.raises(KozelError):
        kozel.engine.fill(hands, deck, 4, 8)
    assert hands == [0, 0, 0, 0]
    assert deck == list(stock)
    assert kozel.engine.refill(hands, stock, 1, 2) == stock[8:]
    assert [hand.bit_count() for hand in hands] == [2, 2, 2, 2]
    assert hands[1] & stock[0].bit


def test_first_trick_suit_cards_refuses_a_suit_off_the_table(rules: kozel.Ruleset) -> None:
    table = rules.trumps.table(kozel.Suit.CLUBS)
    with pytest.raises(KozelError, match=r"^first_trick_suit_cards: suit is a whole number from 0 to 3, not 4$"):
        kozel.engine.first_trick_suit_cards(table, 4)
    with pytest.raises(WrongTypeError, match=r"^first_trick_suit_cards: suit is a whole number from 0 to 3, not True$"):
        kozel.engine.first_trick_suit_cards(table, True)
    assert kozel.engine.first_trick_suit_cards(table, 1) == table.group_masks[1]


def test_start_hand_refuses_a_start_that_does_not_fit_the_match(rules: kozel.Ruleset) -> None:
    state = kozel.new_game(rules, seed=1)
    start = kozel.engine.HandStart(number=0, dealer=0, order=tuple(rules.deck), lead=rules.leading.first_hand)
    assert kozel.engine.start_hand(state.match, start).hands == kozel.new_game(rules, deck=tuple(rules.deck)).hands
    with pytest.raises(WrongTypeError, match=r"^start_hand needs a Match \(a state's match\), not GameState$"):
        kozel.engine.start_hand(state, start)
    with pytest.raises(WrongTypeError, match=r"^start_hand needs a HandStart, not tuple$"):
        kozel.engine.start_hand(state.match, tuple(start))
    for changed, message in (
        (start._replace(dealer=4), r"^start_hand: dealer is a whole number from 0 to 3, not 4$"),
        (start._replace(number=-1), r"^start_hand: number is a whole number of at least 0, not -1$"),
        (start._replace(leader="0"), r"^start_hand: leader is a whole number from 0 to 3, not '0'$"),
        (start._replace(lead="dealer"), r"^start_hand: lead is a LeadSeat, not 'dealer'$"),
        (start._replace(redeals=[0]), r"^start_hand: redeals is a tuple of sides, not \[0\]$"),
        (start._replace(redeals=(2,)), r"^start_hand: redeals is a whole number from 0 to 1, not 2$"),
        (start._replace(order=list(rules.deck)), r"^start_hand: order is a tuple of cards, not "),
        (
            start._replace(order=tuple(rules.deck)[:-1]),
            r"^start_hand: order holds 36 different cards \(a deck of classic\)",
        ),
        (start._replace(order=(*tuple(rules.deck)[:-1], rules.deck[0])), r"^start_hand: order holds 36 different"),
    ):
        with pytest.raises(KozelError, match=message):
            kozel.engine.start_hand(state.match, changed)


def test_a_moves_choice_is_a_short_word_so_its_refusals_stay_short(rules: kozel.Ruleset) -> None:
    with pytest.raises(NotationError) as refused:
        kozel.parse_move("1 lead " + "x" * 1_000_000)
    assert len(str(refused.value)) < 300
    with pytest.raises(NotationError, match=r"^a move's choice is a word of 3 to 32 lowercase letters and underscores"):
        Move(1, MoveKind.PRAISE, (), "y" * 33)
    assert Move(1, MoveKind.PRAISE, (), "y" * 32).choice == "y" * 32
    document = kozel.record.to_json(Move(1, MoveKind.PRAISE, (), "mirror")).replace('"mirror"', '"' + "z" * 5000 + '"')
    with pytest.raises(KozelError) as refused:
        kozel.record.from_json(document)
    assert len(str(refused.value)) < 500
