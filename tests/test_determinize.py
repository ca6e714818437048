"""Determinization: ``kozel.determinize(view, rng)`` samples whole states that the view allows."""

from __future__ import annotations

import json
import random
import re
import sys

import attrs
import pytest
from helpers import deck_order, play, start
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_properties import RULESETS
from test_views import IDS, random_state

import kozel
from kozel import Move, MoveKind
from kozel.engine.praise.procedures import apply_praise
from kozel.engine.start import start_of_deal
from kozel.record import from_json, to_json
from kozel.rules.praise import PraiseKind
from kozel.view.events import Laid
from kozel.view.praise_orders import dealt_limits, praise_order

CLASSIC = kozel.variants.get("classic")
PAIRS = kozel.variants.get("pairs")
#: The praise deals whose players draw and lay cards: their worlds are sampled by running the drawing.
DRAWING_DEALS = ("trousers", "pants_double")


def replays(world):
    """Replaying the world's deal from its start gives the world again: every move of its history is legal there."""
    state = start_of_deal(world)
    for move in world.moves:
        assert move in kozel.legal_moves(state)
        state = kozel.apply(state, move)
    return state == world


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), draw=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_sampled_world_gives_the_same_view_and_plays_on(rules, seed, draw):
    state, rng = random_state(rules, seed)
    seat = rng.randrange(rules.players)
    view = kozel.observe(state, seat)
    world = kozel.determinize(view, random.Random(draw))
    assert kozel.observe(world, seat) == view
    assert world.hands[seat] == state.hands[seat]
    assert replays(world)
    for other, groups in enumerate(view.voids):
        for group in groups:
            assert not world.hand_masks[other] & world.table.group_masks[group], (other, group)
    if not world.is_over:
        move = random.Random(draw).choice(kozel.legal_moves(world))
        kozel.apply(world, move)
    else:
        assert kozel.legal_moves(world) == ()
    mine = {move for move in kozel.legal_moves(state) if move.seat == seat}
    bound = kozel.determinize(view, random.Random(draw), moves=list(mine))
    assert kozel.observe(bound, seat) == view
    assert {move for move in kozel.legal_moves(bound) if move.seat == seat} == mine


def test_the_same_rng_gives_the_same_world_and_different_rngs_vary_the_hidden_cards():
    state = play(kozel.new_game(CLASSIC, seed=11), *[])
    view = kozel.observe(state, 0)
    first = kozel.determinize(view, random.Random(3))
    assert kozel.determinize(view, random.Random(3)) == first
    others = {kozel.determinize(view, random.Random(n)).hand_masks[1] for n in range(20)}
    assert len(others) > 10  # 32 unseen cards: the other hands are drawn afresh each time
    assert all(mask & state.hand_masks[0] == 0 for mask in others)


def test_known_cards_stay_where_the_seat_saw_them():
    hands = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead A♠", "2 pass 7♠", "3 pass 6♣")
    view = kozel.observe(state, 0)
    for n in range(10):
        world = kozel.determinize(view, random.Random(n))
        assert world.hands[0] == state.hands[0]
        assert world.trump_card == kozel.Card.parse("A♥")
        assert world.trick.plays[0] == Move.parse("1 lead A♠")
        passed = {play.cards[0] for play in world.trick.plays[1:]}
        assert not passed & set(state.hands[0])  # face-down cards are drawn from what seat 0 cannot see
        assert world.stock[len(world.stock) // 2] == kozel.Card.parse("A♥") or kozel.Card.parse("A♥") in {
            card for hand in world.hands for card in hand
        }


def test_a_seat_that_did_not_follow_suit_gets_none_of_it():
    rules = kozel.variants.get("seven_of_clubs")
    rng = random.Random(0)
    checked = 0
    for seed in range(200):
        state = kozel.new_game(rules, seed=seed)
        for _ in range(rng.randrange(4, 20)):
            if state.is_over:
                break
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        view = kozel.observe(state, 0)
        if not any(view.voids[1:]):
            continue
        for n in range(3):
            world = kozel.determinize(view, random.Random(n))
            for seat in range(1, 4):
                for group in view.voids[seat]:
                    assert not world.hand_masks[seat] & world.table.group_masks[group]
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "kind", ["regular", "one_by_one", "merry", "mirror", "mirror_all", "trump_yourself", "fishing", "fishing_all"]
)
def test_each_praise_deal_is_undone_into_a_deck_order_that_deals_it_again(kind):
    for seed in range(12):
        waiting = kozel.new_game(PAIRS, seed=seed)
        dealt = apply_praise(waiting, Move(waiting.turn, MoveKind.PRAISE, (), kind), waiting.log)
        tricks = [[play.cards[0] for play in trick.plays] for trick in dealt.deal.dealt_tricks]
        rng = random.Random(seed)
        for _ in range(200):
            order = praise_order(waiting, PraiseKind(kind), dealt.hand_masks, tricks, rng)
            if order is not None:
                break
        assert order is not None
        again = apply_praise(waiting._replace(stock=order), Move(waiting.turn, MoveKind.PRAISE, (), kind), waiting.log)
        assert again.hand_masks == dealt.hand_masks
        assert again.deal.dealt_tricks == dealt.deal.dealt_tricks
        assert again.won_masks == dealt.won_masks
        assert again.turn == dealt.turn


def test_a_deal_by_position_is_undone_without_a_draw_and_refused_where_the_hands_do_not_fit():
    # Regular: which of a hand's positions holds which of its cards nobody sees, so nothing is drawn and the
    # hand's cards lie in card order; hands of the wrong sizes give no order (None), not an error.
    waiting = kozel.new_game(PAIRS, seed=4)
    dealt = apply_praise(waiting, Move(waiting.turn, MoveKind.PRAISE, (), "regular"), waiting.log)
    rng = random.Random(1)
    before = rng.getstate()
    order = praise_order(waiting, PraiseKind.REGULAR, dealt.hand_masks, [], rng)
    assert rng.getstate() == before
    assert order is not None
    again = apply_praise(waiting._replace(stock=order), Move(waiting.turn, MoveKind.PRAISE, (), "regular"), waiting.log)
    assert again.hand_masks == dealt.hand_masks
    for hand in dealt.hands:
        mine = [card for card in order if card in hand]
        assert mine == sorted(mine)
    masks = list(dealt.hand_masks)
    moved = masks[0] & -masks[0]
    masks[0] ^= moved
    masks[1] |= moved  # one card from seat 0's hand to seat 1's
    assert praise_order(waiting, PraiseKind.REGULAR, masks, [], rng) is None


def test_a_trump_in_the_trick_of_trump_yourself_limits_that_hand_to_trumps():
    # "Trump yourself": a player keeps the trumps he draws until a plain card goes to the trick, or his hand is
    # full; a trump of his in the trick says his hand holds only trumps, and nothing is said of the others.
    # The first deck draws eight trumps for the boasting player: seven kept, the eighth to the trick.
    trumps_first = "J♣ Q♣ J♠ Q♠ J♥ Q♥ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 7♣ 8♣ 9♣ 10♣ K♣ A♣ 7♠ 8♠ 9♠ 10♠ K♠ A♠ 7♥ 8♥ 9♥ 10♥ K♥ A♥"
    limited = 0
    for seed in range(-1, 40):
        waiting = kozel.new_game(PAIRS, seed=0, deck=trumps_first) if seed < 0 else kozel.new_game(PAIRS, seed=seed)
        dealt = apply_praise(waiting, Move(waiting.turn, MoveKind.PRAISE, (), "trump_yourself"), waiting.log)
        trumps = dealt.table.trump_mask
        tricks = [[(play.seat, play.cards[0]) for play in trick.plays] for trick in dealt.deal.dealt_tricks]
        limits = dealt_limits(PraiseKind.TRUMP_YOURSELF, trumps, tricks, PAIRS.players)
        for seat, hand in enumerate(dealt.hand_masks):
            trump_in_trick = any(who == seat and card.bit & trumps for plays in tricks for who, card in plays)
            assert limits[seat] == (trumps if trump_in_trick else -1)
            assert not hand & ~limits[seat]  # the real hand keeps within its limit
        limited += any(limit != -1 for limit in limits)
    assert limited == 1  # the first deck's boasting player only: seven trumps in a row are rare
    # Other procedures are not limited by their tricks.
    assert dealt_limits(PraiseKind.MIRROR, trumps, tricks, PAIRS.players) == [-1] * PAIRS.players


# Seat 3 led the trick of a "trump yourself" deal with J♦ (its hand, then, is seven trumps), seen by seat 0 at
# once: the sampler, drawing hands without that limit, gave seat 3 seven trumps once in about a thousand draws and
# ran out of its 2,000 tries with about one generator in seven.
TRUMPS_ONLY = (4283495463, 47, 0)


def test_a_trump_yourself_hand_of_trumps_only_is_sampled_with_every_generator():
    seed, moves, seat = TRUMPS_ONLY
    rng = random.Random(seed)
    state = kozel.new_game(PAIRS, seed=seed)
    for _ in range(moves):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    assert state.deal.praise is PraiseKind.TRUMP_YOURSELF
    (trick,) = state.deal.dealt_tricks
    assert trick.plays[0].seat == 3
    assert trick.plays[0].cards[0].bit & state.table.trump_mask
    view = kozel.observe(state, seat)
    for number in range(12):
        world = kozel.determinize(view, random.Random(number), tries=50)
        assert kozel.observe(world, seat) == view
        assert not world.hand_masks[3] & ~world.table.trump_mask
        assert replays(world)


def _drawing_deal(kind, seed, plays):
    """A first deal of ``pairs`` dealt by ``kind``, then ``plays`` random moves (fewer if the deal ends)."""
    rng = random.Random(seed)
    state = kozel.apply(kozel.new_game(PAIRS, seed=seed), Move(1, MoveKind.PRAISE, (), kind))
    for _ in range(plays):
        if state.is_over or state.deal.number:
            break
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return state


@pytest.mark.parametrize("kind", DRAWING_DEALS)
@pytest.mark.parametrize(("seed", "plays"), [(1, 0), (2, 1), (3, 4), (4, 10), (5, 20)])
def test_the_drawing_praise_deals_are_sampled_inside_and_after_the_drawing(kind, seed, plays):
    state = _drawing_deal(kind, seed, plays)
    assert state.deal.number == 0
    assert state.deal.praise == PraiseKind(kind)
    for seat in range(PAIRS.players):
        view = kozel.observe(state, seat)
        world = kozel.determinize(view, random.Random(seed * 10 + seat))
        assert kozel.observe(world, seat) == view
        assert world.hands[seat] == state.hands[seat]
        assert world.deal.praise == PraiseKind(kind)
        assert replays(world)
        if not world.is_over:
            kozel.apply(world, random.Random(seed).choice(kozel.legal_moves(world)))


@pytest.mark.parametrize("kind", DRAWING_DEALS)
def test_a_drawing_deal_s_worlds_vary_the_cards_the_seat_did_not_see(kind):
    state = _drawing_deal(kind, seed=8, plays=6)
    view = kozel.observe(state, 2)
    worlds = [kozel.determinize(view, random.Random(n)) for n in range(6)]
    assert all(kozel.observe(world, 2) == view for world in worlds)
    assert len({world.hand_masks for world in worlds}) > 1  # the other hands are not fixed by the view
    assert len({world.deal.base.order for world in worlds}) == len(worlds)
    assert all(world.hand_masks[2] == state.hand_masks[2] for world in worlds)
    assert kozel.determinize(view, random.Random(3)) == worlds[3]  # the same rng gives the same world


def test_a_drawing_deal_s_world_keeps_the_cards_the_seat_saw_laid_and_played():
    state = _drawing_deal("trousers", seed=3, plays=12)
    view = kozel.observe(state, 0)
    world = kozel.determinize(view, random.Random(0))
    assert world.deal.dealt_tricks == state.deal.dealt_tricks  # every laid card is turned at the end of the drawing
    played = [move for move in state.moves if move.kind is MoveKind.PLAY]
    assert played
    assert [move for move in world.moves if move.kind is MoveKind.PLAY] == played


def test_a_finished_match_is_sampled_with_each_side_s_points_as_counted():
    rules = CLASSIC.for_players(3)
    rng = random.Random(2)
    state = kozel.new_game(rules, seed=51)
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    view = kozel.observe(state, 1)
    world = kozel.determinize(view, random.Random(0))
    assert world.hand_results[-1] == state.hand_results[-1]
    assert world.result == state.result


def test_determinize_refuses_what_is_not_a_view():
    state = kozel.new_game(CLASSIC, seed=1)
    with pytest.raises(TypeError, match="PlayerView"):
        kozel.determinize(state, random.Random(0))


def test_a_lone_trump_handed_over_shows_the_player_holds_no_trump_until_trumps_may_come_back():
    rules = kozel.variants.get("six_of_clubs")
    rng = random.Random(1)
    for seed in range(300):
        state = kozel.new_game(rules, seed=seed)
        while not state.is_over and not state.hand_results:
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        transfers = [move for move in kozel.legal_moves(state) if move.kind is MoveKind.TRANSFER]
        if transfers:
            break
    else:
        pytest.fail("no lone-trump transfer in 300 matches")
    move = transfers[0]
    state = kozel.apply(state, move)
    watcher = (move.seat + 1) % 4
    assert 4 in kozel.observe(state, watcher).voids[move.seat]
    world = kozel.determinize(kozel.observe(state, watcher), random.Random(0))
    assert not world.hand_masks[move.seat] & world.table.trump_mask
    back = kozel.legal_moves(state)[0]
    assert back.kind is MoveKind.TRANSFER_BACK
    state = kozel.apply(state, back)
    # A partner with no plain card gives a trump back in this game: the trump void is gone.
    assert 4 not in kozel.observe(state, watcher).voids[move.seat]


def test_the_legal_moves_given_with_a_view_bind_the_world():
    # seven_of_clubs: the dealer opens holding only trumps, barred from leading one, so he must swap a
    # trump with his partner, but only because the partner holds a plain card.  His view does not say
    # so; his legal moves (swaps, not leads) do.
    rules = kozel.variants.get("seven_of_clubs")
    state = start(rules, ["Q♠ J♠ 9♣ 8♣", "A♥ 10♥ 9♥ 8♥", "A♠ K♥ J♥ 7♦", "A♦ 10♦ K♦ 9♦"])
    moves = [move for move in kozel.legal_moves(state) if move.seat == 0]
    assert {str(move) for move in moves} == {"0 transfer Q♠", "0 transfer J♠", "0 transfer 9♣", "0 transfer 8♣"}
    view = kozel.observe(state, 0)
    unbound = [kozel.determinize(view, random.Random(n)) for n in range(600)]
    leads = [world for world in unbound if not world.hand_masks[2] & ~world.table.trump_mask]
    assert leads  # worlds in which the partner holds only trumps, and the dealer would lead
    assert all({m for m in kozel.legal_moves(world) if m.seat == 0} != set(moves) for world in leads)
    for n in range(60):
        world = kozel.determinize(view, random.Random(n), moves=moves)
        assert kozel.observe(world, 0) == view
        assert {m for m in kozel.legal_moves(world) if m.seat == 0} == set(moves)
        assert world.hand_masks[2] & ~world.table.trump_mask


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"card": 5}, ".card: a card or None, not 5"),
        ({"card": -1}, ".card: a card or None, not -1"),
        ({"card": "A♠"}, ".card: a card or None, not 'A♠'"),
        ({"card": None}, ".card: a card laid face up is shown to everyone, but none is named"),
        ({"face_up": 1}, ".face_up: True or False, not 1"),
        ({"seat": 4}, ".seat: a seat from 0 to 3, not 4"),
    ],
)
def test_a_card_laid_without_a_move_in_an_edited_view_is_refused(change, why):
    # pairs, a pants double deal in which the engine laid 9♠ face up for seat 0 (see test_views).
    state, rng = random_state(kozel.variants.get("pairs"), 47)
    view = kozel.observe(state, rng.randrange(4))
    number = next(number for number, event in enumerate(view.history) if isinstance(event, Laid))
    history = list(view.history)
    history[number] = attrs.evolve(history[number], **change)
    edited = attrs.evolve(view, history=tuple(history))
    with pytest.raises(kozel.StateError, match=re.escape(f"view.history[{number}]{why}") + "$"):
        kozel.determinize(edited, random.Random(1))
    kozel.determinize(view, random.Random(1))  # the view as it was has its worlds


def test_where_nobody_was_dealt_the_holder_s_card_no_world_deals_it_to_another_than_the_opener():
    # A house game whose hands are opened by the holder of A♦; here A♦ lies in the stock, so the dealer's
    # left (seat 1) opens: in a world, A♦ is his or undealt, never seat 0's or seat 3's.
    rules = kozel.forms.loads_ruleset(
        '{"base": "classic", "play": {"kind": "follow_suit"}, '
        '"leading": {"first_hand": "holder", "later_hands": "holder", "holder_card": "A♦"}}'
    )
    hands = ["7♠ 8♠ 9♠ 10♠", "J♠ Q♠ K♠ A♠", "7♥ 8♥ 9♥ 10♥", "J♥ Q♥ K♥ A♥"]
    state = kozel.new_game(rules, deck=deck_order(rules, hands, "A♦"))
    assert state.turn == 1
    view = kozel.observe(state, 2)
    ace = kozel.Card.parse("A♦")
    for seed in range(100):
        # Bound at the deal, every single draw fits (before, about one in five dealt A♦ elsewhere and was thrown away).
        world = kozel.determinize(view, random.Random(seed), tries=1)
        assert kozel.observe(world, 2) == view
        assert ace not in world.hands[0]
        assert ace not in world.hands[3]


def test_moves_given_again_are_checked_again_unless_the_same_tuple_with_the_same_view():
    state = kozel.new_game(CLASSIC, seed=7)
    seat = state.turn
    view = kozel.observe(state, seat)
    mine = tuple(move for move in kozel.legal_moves(state) if move.seat == seat)
    other = Move(seat=(seat + 1) % 4, kind=MoveKind.PASS, cards=tuple(state.hands[(seat + 1) % 4])[:1])
    rng = random.Random(3)
    # The same tuple twice: each world gives exactly these moves.
    for _ in range(2):
        world = kozel.determinize(view, rng, moves=mine)
        assert {move for move in kozel.legal_moves(world) if move.seat == seat} == set(mine)
    # Moves equal to the engine's, built by hand, are read by value.
    rebuilt = tuple(Move(move.seat, move.kind, move.cards) for move in mine)
    assert kozel.determinize(view, rng, moves=rebuilt).hands[seat] == state.hands[seat]
    # A list may change between calls: it is checked at every call.
    listed = list(mine)
    kozel.determinize(view, rng, moves=listed)
    listed.append(other)
    with pytest.raises(kozel.KozelError, match="another seat's move"):
        kozel.determinize(view, rng, moves=listed)
    # A tuple refused is refused again, and a tuple accepted with one view is checked with another.
    wrong = (*mine, other)
    for _ in range(2):
        with pytest.raises(kozel.KozelError, match="another seat's move"):
            kozel.determinize(view, rng, moves=wrong)
    kozel.determinize(view, rng, moves=mine)
    with pytest.raises(kozel.KozelError, match="another seat's move"):
        kozel.determinize(kozel.observe(state, other.seat), rng, moves=mine)
    # A move built around its constructor is refused after a call that accepted the engine's own moves.
    broken = (*mine[:-1], tuple.__new__(Move, (seat, MoveKind.LEAD, (), 5, None)))
    with pytest.raises(kozel.WrongTypeError, match="built around its constructor"):
        kozel.determinize(view, rng, moves=broken)


def _edited_drawing_view(seed: int, moves: int) -> kozel.PlayerView:
    """Seat 2's view of a ``pairs`` drawing deal, ``moves`` random moves into match ``seed``, read back from JSON with
    the first card laid face up and the first card of its hand swapped: a view no legal play gives."""
    state = kozel.new_game(PAIRS, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    document = json.loads(to_json(kozel.observe(state, 2)))
    assert document["view"]["praise"] in ("trousers", "pants_double")
    history = document["view"]["history"]
    at = next(index for index, event in enumerate(history) if event["type"] == "laid" and event["card"])
    hand = document["view"]["hand"].split()
    history[at]["card"], hand[0] = hand[0], history[at]["card"]
    document["view"]["hand"] = " ".join(hand)
    return from_json(json.dumps(document, ensure_ascii=False))


def test_an_edited_view_of_a_drawing_deal_is_given_fewer_draws():
    """Each draw there searches the drawing through: 200 draws, not 2000, unless tries= says otherwise."""
    view = _edited_drawing_view(1, 55)
    with pytest.raises(kozel.NoWorldError, match=r"no world fits it in 200 draws \(the tries ran out\)$"):
        kozel.determinize(view, random.Random(0))
    with pytest.raises(kozel.NoWorldError, match=r"no world fits it in 300 draws \(the tries ran out\)$"):
        kozel.determinize(view, random.Random(0), tries=300)


def test_an_edited_view_whose_draws_are_slow_is_given_seconds_not_minutes(monkeypatch):
    """A draw of this view takes about a tenth of a second: the 200 draws would take half a minute, the 2000 of
    other views minutes.  The draws of a view the engine did not make stop after EDITED_SECONDS (made short here)."""
    determinize_module = sys.modules["kozel.view.determinize"]
    monkeypatch.setattr(determinize_module, "EDITED_SECONDS", 0.05)
    view = _edited_drawing_view(2, 83)
    with pytest.raises(
        kozel.NoWorldError, match=r"draws \(the 0\.05 s given to a view the engine did not make ran out\)$"
    ):
        kozel.determinize(view, random.Random(0))
