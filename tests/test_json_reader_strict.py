"""A state document's match is read as strictly as the engine plays it: every refusal is a StateError naming the field.

The earlier moves are played from the match's start as they are read, so the first that is no
legal move stops the reading however many follow; the deal's number, dealer, opener and last
opener are refused where the rules name them from what the document holds and it says otherwise.
"""

from __future__ import annotations

import json
import random

import pytest

import kozel
from kozel.errors import StateError
from kozel.record import from_json, json_form, to_json

CLASSIC = kozel.variants.get("classic")


def document(state: kozel.GameState) -> dict:
    return json.loads(to_json(state))


def read(data: dict) -> kozel.GameState:
    return from_json(json.dumps(data, ensure_ascii=False))


def later_deal(name: str, *, seed: int = 3, hands: int = 1) -> kozel.GameState:
    """A state of ``name`` at the start of the deal after ``hands`` finished hands, played at random."""
    rng = random.Random(seed)
    state = kozel.new_game(kozel.variants.get(name), seed=seed)
    while state.hand_number < hands or state.moves:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    assert not state.is_over
    return state


def without_earlier(state: kozel.GameState, **deal: object) -> dict:
    """The document of ``state``'s deal as a sampled world's (no earlier moves, no position), ``deal`` changed."""
    data = document(state)
    body = data["state"]
    body["earlier_moves"] = []
    body["position"] = None
    body["deal"].update(deal)
    return data


# The earlier moves --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 lead play", r"only a praise move names a choice"),
        ("1 praise bogus", r"a praise move has no place"),
        ("31 lead 6♠", r"there is no seat 31"),
        ("32 lead 6♠", r"there is no seat 32"),
        ("99 praise regular", r"there is no seat 99"),
        ("1 lead", r"is not allowed"),
    ],
)
def test_an_earlier_move_no_play_gives_is_refused_naming_it(text, message):
    state = kozel.new_game(CLASSIC, seed=1)
    first = kozel.legal_moves(state)[0]
    data = document(state)
    data["state"]["earlier_moves"] = [str(first), text]
    with pytest.raises(StateError, match=r"state\.earlier_moves\[1\]: .*" + message):
        read(data)


def test_an_earlier_move_with_an_unknown_choice_is_refused_in_a_game_of_praise_too():
    pairs = kozel.variants.get("pairs")
    data = document(kozel.new_game(pairs, seed=1))
    for text in ("1 praise bogus", "1 lead play", "40 praise regular"):
        data["state"]["earlier_moves"] = [text]
        with pytest.raises(StateError, match=r"state\.earlier_moves\[0\]: .* is not allowed"):
            read(data)


def test_an_earlier_move_that_is_no_text_is_refused():
    data = document(kozel.new_game(CLASSIC, seed=1))
    data["state"]["earlier_moves"] = [7]
    with pytest.raises(StateError, match=r"state\.earlier_moves\[0\]: expected a move such as .* got int"):
        read(data)
    data["state"]["earlier_moves"] = "1 lead 6♠"
    with pytest.raises(StateError, match=r"state\.earlier_moves: expected a list of moves, got str"):
        read(data)


def test_a_long_list_of_earlier_moves_stops_at_the_first_illegal_one(monkeypatch):
    """200,000 earlier moves whose third is illegal: three are read and played, the rest are not looked at."""
    state = kozel.new_game(CLASSIC, seed=1)
    first = kozel.legal_moves(state)[0]
    second = kozel.legal_moves(kozel.apply(state, first))[0]
    data = document(state)
    data["state"]["earlier_moves"] = [str(first), str(second), "0 lead 6♠", *["1 lead 7♠"] * 200_000]
    read_moves, played = [], []
    parse, apply = json_form.parse_move, json_form.apply

    def counted_parse(text):
        read_moves.append(text)
        return parse(text)

    def counted_apply(state, move):
        played.append(move)
        return apply(state, move)

    monkeypatch.setattr(json_form, "parse_move", counted_parse)
    monkeypatch.setattr(json_form, "apply", counted_apply)
    with pytest.raises(StateError, match=r"state\.earlier_moves\[2\]: 0 lead 6♠ is not allowed"):
        read(data)
    assert read_moves == [str(first), str(second), "0 lead 6♠"]
    assert [str(move) for move in played] == read_moves


def test_the_earlier_moves_of_a_match_read_back_with_the_engines_history():
    state = later_deal("classic", hands=2)
    again = read(document(state))
    assert again == state
    assert again.match.history == state.match.history
    assert again.match_moves == state.match_moves


# The deal's number ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "fifteen", "six_of_clubs", "simple"])
def test_a_first_hand_has_no_deal_before_it_but_its_redeals(name):
    data = document(kozel.new_game(kozel.variants.get(name), seed=3))
    data["state"]["deal"]["number"] = 5
    with pytest.raises(
        StateError,
        match=r"state\.deal\.number: no hand has finished, so the deals before this one are the redeals in a row "
        r"that led to it \(0\), not 5",
    ):
        read(data)


def test_a_redealt_first_hand_read_without_its_earlier_moves_counts_its_redeals():
    simple = kozel.variants.get("simple")
    state = kozel.new_game(simple, seed=17)
    redeal = next(move for move in kozel.legal_moves(state) if move.kind is kozel.MoveKind.REDEAL)
    state = kozel.apply(state, redeal)
    assert (state.deal.number, state.deal.redeals, state.hand_number) == (1, (1,), 0)
    world = read(without_earlier(state))
    assert world.deal == state.deal
    assert world.hands == state.hands
    with pytest.raises(StateError, match=r"state\.deal\.number: .* redeals in a row that led to it \(1\), not 2"):
        read(without_earlier(state, number=2))


@pytest.mark.parametrize("name", ["classic", "fifteen", "hammer"])
def test_without_a_redeal_rule_the_deals_before_are_the_finished_hands(name):
    state = later_deal(name, hands=2)
    assert state.deal.number == 2
    assert read(without_earlier(state)).deal == state.deal
    with pytest.raises(
        StateError,
        match=rf"state\.deal\.number: '{name}' has no redeal, so the deals before this one are the "
        r"finished hands \(2\), not 3",
    ):
        read(without_earlier(state, number=3))


# The dealer, the opener and the last opener ---------------------------------------------------------------


def test_the_first_hand_is_dealt_by_the_first_dealer_through_its_redeals():
    simple = kozel.variants.get("simple")
    state = kozel.new_game(simple, seed=17)
    redeal = next(move for move in kozel.legal_moves(state) if move.kind is kozel.MoveKind.REDEAL)
    state = kozel.apply(state, redeal)
    data = without_earlier(state, dealer=2)
    with pytest.raises(
        StateError, match=r"state\.deal\.dealer: no hand has finished, so the first dealer \(0\) deals, not 2"
    ):
        read(data)
    data["state"]["first_dealer"] = 2
    with pytest.raises(StateError, match=r"state\.deal\.leader: the rule \(left_of_dealer\) names seat 3 .* not 1"):
        read(data)
    data["state"]["deal"]["leader"] = 3  # the first dealer's left opens
    assert (read(data).deal.dealer, read(data).deal.leader) == (2, 3)


def test_where_the_opener_deals_next_the_dealer_is_the_last_opener():
    state = later_deal("six_of_clubs")
    rules = state.match.ruleset
    assert rules.dealing.rotation is kozel.rules.DealerRotation.OPENER
    assert state.deal.dealer == state.deal.last_opener
    other = (state.deal.dealer + 1) % rules.players
    with pytest.raises(
        StateError,
        match=rf"state\.deal\.dealer: in 'six_of_clubs' the seat that opened the last hand "
        rf"\({state.deal.last_opener}\) deals the next, not {other}",
    ):
        read(without_earlier(state, dealer=other))


def test_the_last_opener_is_none_before_any_hand_has_finished_and_a_seat_after():
    simple = kozel.variants.get("simple")
    state = kozel.apply(kozel.new_game(simple, seed=17), kozel.Move.parse("3 redeal"))
    with pytest.raises(StateError, match=r"state\.deal\.last_opener: no hand has finished, so None, not 1"):
        read(without_earlier(state, last_opener=1))
    with pytest.raises(StateError, match=r"state\.deal\.last_opener: a seat, the last hand's opener .*, not None"):
        read(without_earlier(later_deal("classic"), last_opener=None))


@pytest.mark.parametrize("name", ["hammer", "threesome"])
def test_a_last_opener_the_rules_name_by_the_last_dealer_is_checked(name):
    state = later_deal(name, hands=2)
    players = state.match.ruleset.players
    assert read(without_earlier(state)).deal.last_opener == state.deal.last_opener
    other = (state.deal.last_opener + 1) % players
    with pytest.raises(
        StateError,
        match=rf"state\.deal\.last_opener: seat {(state.deal.dealer - 1) % players} dealt the last hand, so the rule "
        rf"\(\w+\) named seat {state.deal.last_opener} to open it, not {other}",
    ):
        read(without_earlier(state, last_opener=other))


@pytest.mark.parametrize(("name", "rule"), [("pairs", "left_of_dealer"), ("hammer", "dealer"), ("simple", "holder")])
def test_an_opener_the_rules_name_is_checked(name, rule):
    if name == "simple":  # a first hand led by the holder of a card: a house rule of simple
        rules = kozel.forms.from_data(
            {"base": "simple", "name": "holder", "leading": {"first_hand": "holder", "holder_card": "A♦"}}
        )
        state = kozel.new_game(rules, seed=17)
        state = kozel.apply(state, next(m for m in kozel.legal_moves(state) if m.kind is kozel.MoveKind.REDEAL))
    else:
        state = later_deal(name)
    players = state.match.ruleset.players
    leader = state.deal.base.leader
    assert read(without_earlier(state)).deal.base.leader == leader
    other = (leader + 1) % players
    with pytest.raises(
        StateError,
        match=rf"state\.deal\.leader: the rule \({rule}\) names seat {leader} to open this deal, not {other}",
    ):
        read(without_earlier(state, leader=other))


def test_an_opener_named_by_the_last_trick_of_an_unwritten_deal_is_left_to_the_document():
    """Classic's later hands are opened by the last trick's taker, which a later deal's document does not hold."""
    state = later_deal("classic")
    assert CLASSIC.leading.later_hands is kozel.rules.LeadSeat.LAST_TRICK_WINNER
    for seat in range(CLASSIC.players):
        assert read(without_earlier(state, leader=seat)).deal.base.leader == seat


# Finished hands the rules do not give -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"caught": True, "points": [0, 0]}, r"\.caught: 'classic' has no catch, so no hand stops on one"),
        ({"forfeited": True, "points": [0, 0]}, r"\.forfeited: 'classic' has no limit of redeals in a row"),
    ],
)
def test_a_hand_stopped_by_a_rule_the_ruleset_lacks_is_refused(change, message):
    state = later_deal("classic")
    data = without_earlier(state)
    data["state"]["deal"]["hand_results"][0].update(change)
    with pytest.raises(StateError, match=r"state\.deal\.hand_results\[0\]" + message):
        read(data)
