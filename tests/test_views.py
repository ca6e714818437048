"""Views: exactly what one seat may know (``kozel.observe``), and events as each seat sees them (``kozel.step``)."""

from __future__ import annotations

import random
import sys

import attrs
import pytest
from helpers import play, start
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_classic import last_trick
from test_praise import TROUSERS, new_hand
from test_properties import RULESETS

import kozel
from kozel import CardSet, Move, MoveKind
from kozel.cli.table import describe_events
from kozel.engine.praise.drawing import lays
from kozel.engine.start import start_of_deal
from kozel.engine.transition import dealt_for_seat
from kozel.game.log import append as log_append
from kozel.game.log import decode
from kozel.game.log import extend as log_extend
from kozel.testing import cards_seen, check_view_hides
from kozel.testing.strategies import states
from kozel.view import (
    CardsDrawn,
    CardsReturned,
    Caught,
    Dealt,
    HandScored,
    Laid,
    MatchOver,
    Played,
    PraiseDealt,
    TalonTaken,
    TrickTaken,
    opening_events,
)
from kozel.view.seen import seen
from kozel.view.view import PlayerView

_shows = sys.modules["kozel.view.determinize"]._shows  # the module, not the function the package names so

CLASSIC = kozel.variants.get("classic")
IDS = [f"{rules.name}-{rules.players}" for rules in RULESETS]


def random_state(rules, seed):
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    for _ in range(rng.randrange(1, 160)):
        if state.is_over:
            break
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state, rng


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(25))
@given(data=st.data())
def test_worlds_that_differ_only_in_unseen_cards_give_equal_views(rules, data):
    # The kit's check: swapping two cards the seat cannot see leaves its view as it was.
    state = data.draw(states(rules, max_moves=160, over=False))
    seat = data.draw(st.integers(min_value=0, max_value=rules.players - 1))
    check_view_hides(state, seat, random.Random(data.draw(st.integers(0, 2**32 - 1))), tries=10)


def assert_view_names_only_what_the_seat_may_know(state, seat):
    rules = state.ruleset
    view = kozel.observe(state, seat)
    # What the seat may know: its own cards, now and before, and every card shown face up.
    known = state.hand_masks[seat]
    world = start_of_deal(state)
    known |= world.hand_masks[seat]
    if rules.talon is not None and world.talon:
        known |= world.talon[0].bit  # the talon's top card is shown
    for move in state.moves:
        after = kozel.apply(world, move)
        known |= after.hand_masks[seat]
        if (
            move.face_up
            or move.seat == seat
            or (move.kind is MoveKind.TRANSFER and rules.seating.partner(move.seat) == seat)
            or (move.kind is MoveKind.TRANSFER_BACK and rules.seating.partner(move.seat) == seat)
        ):
            known |= move.mask
        for trick in after.deal.dealt_tricks:
            known |= sum(play.mask for play in trick.plays if play.face_up)
        # A drawing deal lays some cards without a move: face up for all, face down for their player.
        known |= sum(lay.mask for lay in lays(after) if lay.kind is MoveKind.LAY_OPEN or lay.seat == seat)
        world = after
    for card in (state.trump_card, view.talon_shown):
        if card is not None:
            known |= card.bit
    assert cards_seen(view) & ~known == 0
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands)


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(15))
@given(data=st.data())
def test_a_view_names_only_cards_the_seat_has_held_or_seen_face_up(rules, data):
    state = data.draw(states(rules, max_moves=160))
    seat = data.draw(st.integers(min_value=0, max_value=rules.players - 1))
    assert_view_names_only_what_the_seat_may_know(state, seat)


def test_a_card_laid_face_up_without_a_move_is_known_to_the_model_of_what_a_seat_knows():
    # pairs, a pants double deal where a card was laid face up without a move (found by a search over seeds).
    state, rng = random_state(kozel.variants.get("pairs"), 47)
    assert_view_names_only_what_the_seat_may_know(state, rng.randrange(4))


def test_a_card_laid_face_up_without_a_move_is_seen_by_everyone():
    # pairs, the match's fourth deal, a pants double: seat 0 held one card he could lay face up, so the engine
    # laid 9♠ face up for him; seat 1 sees it, in a Laid event, and the model of what a seat knows must count it.
    rules = kozel.variants.get("pairs")
    state, rng = random_state(rules, 47)
    seat = rng.randrange(rules.players)
    assert (seat, state.deal.praise.value) == (1, "pants_double")
    nine = kozel.Card.parse("9♠")
    laid = [event for event in kozel.observe(state, seat).history if isinstance(event, Laid)]
    assert laid == [Laid(seat=0, face_up=True, card=nine)]
    assert Move(0, MoveKind.LAY_OPEN, (nine,)) in lays(state)
    assert all(kozel.observe(state, other).history.count(laid[0]) == 1 for other in range(4))


def test_a_pass_shows_its_count_to_others_and_its_cards_to_the_passer():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead 9♠", "2 pass A♦")
    passed = [event for event in kozel.observe(state, 0).history if isinstance(event, Played)][-1]
    assert (passed.seat, passed.kind, passed.cards, passed.count) == (2, MoveKind.PASS, None, 1)
    assert kozel.observe(state, 0).trick[-1].cards is None
    own = [event for event in kozel.observe(state, 2).history if isinstance(event, Played)][-1]
    assert own.cards == (kozel.Card.parse("A♦"),)
    assert kozel.observe(state, 1).trick[0].cards == (kozel.Card.parse("9♠"),)  # a lead is face up


def test_the_deal_shows_each_seat_only_its_own_hand():
    state = kozel.new_game(CLASSIC, seed=4)
    for seat in range(4):
        view = kozel.observe(state, seat)
        dealt = view.history[0]
        assert isinstance(dealt, Dealt)
        assert dealt.hands[seat] == state.hands[seat]
        assert all(hand is None for other, hand in enumerate(dealt.hands) if other != seat)
        assert dealt.sizes == (4, 4, 4, 4)
        assert dealt.stock == 20
        assert view.trump_card == state.trump_card  # the shown card is public
        assert view.stock_size == 20


def test_a_transfer_shows_its_cards_to_the_partner_only():
    clubs = kozel.variants.get("hammer_clubs")
    state = start(clubs, ["A♠ 9♠ 8♥ 7♥", "A♥ 10♥ K♥ 9♦", "10♠ K♠ 7♠ J♥", "A♦ 10♦ 7♦ 6♦"], "Q♥ 8♠ 9♥ K♦")
    state = play(state, "0 lead A♠", "1 pass 9♦", "2 pass 7♠", "3 pass 6♦", "0 transfer Q♥", "2 transfer_back 9♥")
    for seat, sees in ((0, True), (2, True), (1, False), (3, False)):
        transfers = [
            e
            for e in kozel.observe(state, seat).history
            if isinstance(e, Played) and e.kind.word.startswith("transfer")
        ]
        assert [event.cards is not None for event in transfers] == [sees, sees]
        assert [event.count for event in transfers] == [1, 1]
    assert 4 in kozel.observe(state, 1).voids[0]  # seat 0 handed over all his trumps: he holds none


def test_draws_are_seen_by_the_drawer_only():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = start(CLASSIC, hands, "A♠ 10♥ J♥ Q♥", shown="A♥")
    state = play(state, "1 lead 9♠", "2 beat K♠", "3 pass Q♦", "0 pass 10♦")
    view = kozel.observe(state, 3)
    drawn = [event for event in view.history if isinstance(event, CardsDrawn)][-1]
    assert {seat: (cards, count) for seat, cards, count in drawn.drawn} == {
        2: (None, 1), 3: (CardSet("10♥"), 1), 0: (None, 1), 1: (None, 1),
    }  # fmt: skip
    taken = [event for event in view.history if isinstance(event, TrickTaken)]
    assert taken == [TrickTaken(winner=2, count=4, talon=0)]


def test_a_molodka_returns_face_up_cards_openly_and_passed_cards_to_their_owner_only():
    hands = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead A♠", "2 pass 7♠", "3 molodka 6♣ 7♣ 8♣ 9♣")
    returned = next(e for e in kozel.observe(state, 0).history if isinstance(e, CardsReturned))
    assert returned.returned == ((1, (kozel.Card.parse("A♠"),), 1, True), (2, None, 1, False))
    own = next(e for e in kozel.observe(state, 2).history if isinstance(e, CardsReturned))
    assert own.returned[1] == (2, (kozel.Card.parse("7♠"),), 1, False)


def test_a_follow_suit_player_who_does_not_follow_shows_a_void():
    seven = kozel.variants.get("seven_of_clubs")
    hands = ["A♠ 10♠ 9♥ 8♥", "9♠ K♥ A♥ 8♦", "A♦ 10♦ K♦ 7♥", "K♠ 7♠ 8♠ 10♥"]
    state = play(start(seven, hands), "0 play A♠", "1 play 9♠", "2 play A♦")
    assert kozel.observe(state, 3).voids[2] == frozenset({1})  # no spade in seat 2's hand
    assert kozel.observe(state, 3).voids[1] == frozenset()


def test_the_face_down_cards_of_a_merry_stay_hidden():
    pairs = kozel.variants.get("pairs")
    state = kozel.new_game(pairs, seed=3)
    state = kozel.apply(state, Move(1, MoveKind.PRAISE, (), "merry"))
    dealt = next(event for event in kozel.observe(state, 0).history if isinstance(event, PraiseDealt))
    down = [card for plays, _ in dealt.tricks for _, card in plays if card is None]
    up = [card for plays, _ in dealt.tricks for _, card in plays if card is not None]
    assert (len(down), len(up)) == (8, 8)
    assert dealt.hands[0] == state.hands[0]
    assert dealt.hands[1] is None


def test_step_returns_the_next_state_and_events_for_every_seat():
    hands = ["A♣ 9♣ 8♣ 10♦", "9♠ 6♦ 7♦ 8♦", "K♠ A♦ 7♠ 6♣", "10♣ Q♦ J♣ Q♣"]
    state = play(start(CLASSIC, hands, "A♠ 10♥ J♥ Q♥", shown="A♥"), "1 lead 9♠", "2 beat K♠", "3 pass Q♦")
    after, events = kozel.step(state, kozel.parse_move("0 pass 10♦"))
    assert after == kozel.apply(state, kozel.parse_move("0 pass 10♦"))
    assert [type(event) for event in events] == [Played, TrickTaken, CardsDrawn]
    assert events[0].for_seat(1).cards is None
    assert events[0].for_seat(0).cards == (kozel.Card.parse("10♦"),)


def test_the_end_of_a_hand_and_of_the_match_are_events():
    state = last_trick(start(CLASSIC, ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"], shown="A♥"),
                       ["9♥", "6♥", "7♥", "8♥"], "A♣ 10♣ K♣ Q♣ J♣ 10♦")  # fmt: skip
    state = state._replace(match=state.match._replace(scores=(10, 0)))
    state = play(state, "1 lead 6♥", "2 pass 7♥", "3 pass 8♥")
    _, events = kozel.step(state, kozel.parse_move("0 pass 9♥"))
    assert [type(event) for event in events] == [Played, TrickTaken, HandScored, MatchOver]
    assert events[2].scores == (12, 0)
    assert events[3].result.titles == ("goat",)


def test_observe_refuses_a_seat_that_is_not_at_the_table():
    state = kozel.new_game(CLASSIC, seed=1)
    with pytest.raises(kozel.SeatError, match="there is no seat 4 at a table of 4"):
        kozel.observe(state, 4)
    for seat in (True, 1.0, "0", None):
        with pytest.raises(kozel.WrongTypeError, match="a seat is a whole number"):
            kozel.observe(state, seat)  # type: ignore[arg-type]


def test_the_log_packs_every_kind_of_move():
    moves = [Move(3, kind, kozel.parse_cards("A♦ 6♣")) for kind in MoveKind] + [Move(1, MoveKind.PRAISE, (), "mirror")]
    log = b""
    for move in moves:
        log = log_append(log, move)
    assert decode(log) == tuple(moves)
    # Many moves at once pack the same, after what the log holds already.
    assert log_extend(b"", moves) == log
    assert log_extend(log_append(b"", moves[0]), moves[1:]) == log
    assert log_extend(log, ()) == log


@pytest.mark.parametrize("name", ["six_of_clubs", "seven_of_clubs", "six_players"])
def test_a_catch_is_an_event_whether_the_match_goes_on_or_ends(name):
    rules = kozel.variants.get(name)
    seen = {"goes on": 0, "ends": 0}
    for seed in range(400):
        rng = random.Random(seed)
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over:
            move = rng.choice(kozel.legal_moves(state))
            after, found = kozel.step(state, move)
            caught = [event for event in found if isinstance(event, Caught)]
            if caught:
                catch = rules.catch
                assert (caught[0].catcher, caught[0].victim) == (catch.catcher, catch.victim)
                assert after.hand_results[-1].caught
                table = {card: play.seat for play in (*state.trick.plays, move) for card in play.cards}
                assert (caught[0].catcher_seat, caught[0].victim_seat) == (table[catch.catcher], table[catch.victim])
                seen["ends" if after.is_over else "goes on"] += 1
                # Every seat's view of the hand just ended replays the same events without error.
                kozel.observe(after, move.seat)
            state = after
        if seen["goes on"] >= 3:
            break
    assert seen["goes on"] >= 3


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_what_a_server_sends_a_seat_is_the_history_of_its_view(rules, seed):
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    sent = [[event.for_seat(seat) for event in opening_events(state)] for seat in range(rules.players)]
    for _ in range(rng.randrange(1, 200)):
        if state.is_over:
            break
        state, found = kozel.step(state, rng.choice(kozel.legal_moves(state)))
        for seat in range(rules.players):
            for event in found:
                if isinstance(event, Dealt):
                    sent[seat] = []
                sent[seat].append(event.for_seat(seat))
    for seat in range(rules.players):
        assert tuple(sent[seat]) == kozel.observe(state, seat).history


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_seat_s_deal_built_for_it_is_the_deal_as_it_sees_it(rules, seed):
    # dealt_for_seat (a sampled world's check of its first event) builds what for_seat hides, once.
    state = start_of_deal(random_state(rules, seed)[0])
    dealt = opening_events(state)[0]
    for seat in range(rules.players):
        mine = dealt_for_seat(state, seat)
        assert mine == dealt.for_seat(seat)
        assert mine.hands[seat] == state.hands[seat]
        assert [hand is None for hand in mine.hands] == [other != seat for other in range(rules.players)]
        assert mine.stock == len(state.stock)


def test_each_event_shown_to_one_seat_hides_only_what_that_seat_may_not_see():
    # Built field by field: every field but the hidden ones is kept as it was.
    hands = tuple(CardSet(kozel.parse_cards(text)) for text in ("A♣ K♣", "A♠ K♠", "A♥ K♥", "A♦ K♦"))
    trick = (((1, kozel.Card.parse("7♣")), (2, None)), 1)
    praise = PraiseDealt("fishing", hands, (trick,), 3, 0)
    for seat in range(4):
        shown = praise.for_seat(seat)
        assert shown == attrs.evolve(praise, hands=tuple(h if i == seat else None for i, h in enumerate(hands)))
        assert (shown.praise, shown.tricks, shown.turn) == ("fishing", (trick,), 3)
    dealt = Dealt(2, hands, (2, 2, 2, 2), 24, 0, kozel.Card.parse("9♦"), None, 3, 3, (4, 2), (1, 0), 5, 1, (0,))
    assert dealt.for_seat(1) == attrs.evolve(dealt, hands=(None, hands[1], None, None))
    talon = TalonTaken(2, kozel.parse_cards("7♥ 8♥"), kozel.Card.parse("7♥"))
    assert talon.for_seat(2) is talon
    assert talon.for_seat(0) == TalonTaken(2, None, kozel.Card.parse("7♥"))
    laid = Laid(3, False, kozel.Card.parse("8♠"))
    assert laid.for_seat(3) is laid
    assert laid.for_seat(0) == Laid(3, False, None)


def test_a_card_laid_without_a_move_is_an_event_hidden_from_the_others_when_face_down():
    # The deck of tests/test_praise.py: seat 1 lays 7♣ face down with no choice as the drawing starts,
    # and seat 0 lays 10♣ face up with no choice as it ends.
    state = new_hand(TROUSERS)
    after, found = kozel.step(state, Move.parse("1 praise trousers"))
    laid = [event for event in found if isinstance(event, Laid)]
    assert laid == [Laid(1, False, kozel.Card.parse("7♣"))]
    assert laid[0].for_seat(2) == Laid(1, False, None)
    assert laid[0].for_seat(1) == laid[0]
    after = play(after, "2 lay_dark A♥")
    end, found = kozel.step(after, Move.parse("3 lay_open K♣"))
    # The move that ends the drawing: what each seat got in it (seat 0 draws 10♣ and lays it at once; the closing
    # deal fills every hand to seven), the card laid, the deal.
    assert [type(event).__name__ for event in found] == ["Played", "CardsDrawn", "Laid", "PraiseDealt"]
    assert [(seat, count) for seat, _, count in found[1].drawn] == [(0, 8), (1, 4), (2, 6), (3, 4)]
    assert kozel.Card.parse("10♣") in found[1].drawn[0][1]
    assert found[2] == Laid(0, True, kozel.Card.parse("10♣"))
    assert found[2].for_seat(2) == found[2]
    seen = [event.for_seat(2) for event in found]
    lines = describe_events(seen, kozel.observe(after, 2), kozel.observe(end, 2))
    assert "  seat 0 lays 10♣ face up" in lines
    praise = Move.parse("1 praise trousers")
    started, found = kozel.step(state, praise)
    hidden = describe_events([event.for_seat(2) for event in found], kozel.observe(state, 2), kozel.observe(started, 2))
    assert "  seat 1 lays a card face down" in hidden


def test_the_events_module_is_reachable_from_the_view_package():
    # The function that lists a move's events has its own name, so it does not hide the module.
    assert kozel.view.events.Played is Played
    assert kozel.view.move_events.__module__ == "kozel.view.events"


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_what_a_seat_sees_of_a_state_is_every_field_of_its_view_but_its_history_and_voids(rules, seed):
    state, rng = random_state(rules, seed)
    names = {field.name for field in attrs.fields(PlayerView)}
    for seat in range(rules.players):
        fields = seen(state, seat)
        assert set(fields) | {"history", "voids"} == names
        view = kozel.observe(state, seat)
        assert fields == {name: getattr(view, name) for name in fields}
        # A sampled world is checked by these fields: the state's own view passes, a view of another moment fails.
        assert _shows(state, seat, view.voids, view)
        assert not _shows(state, seat, (frozenset({9}),) * rules.players, view)
        if not state.is_over:
            later = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
            assert not _shows(later, seat, view.voids, view)
