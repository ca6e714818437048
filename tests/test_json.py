"""The JSON form: states, views and moves round-trip exactly; broken documents are refused with a clear error."""

from __future__ import annotations

import copy
import json
import random

import attrs
import pytest
from helpers import play, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import examples
from test_properties import RULESETS
from test_views import IDS, random_state

import kozel
from kozel import Move, RulesetError, StateError
from kozel.record import from_json, to_json

CLASSIC = kozel.variants.get("classic")


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_states_views_and_moves_round_trip_exactly(rules, seed):
    state, _ = random_state(rules, seed)
    text = to_json(state)
    again = from_json(text)
    assert again == state
    assert to_json(again) == text
    for seat in range(rules.players):
        view = kozel.observe(state, seat)
        assert from_json(to_json(view)) == view
    for move in kozel.legal_moves(state):
        assert from_json(to_json(move)) == move
    assert from_json(to_json(rules)) == rules


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_a_sampled_world_of_a_later_deal_round_trips_too(rules):
    state, _ = random_state(rules, 77)
    if state.deal.praise is not None and state.deal.praise.is_drawn:
        return
    world = kozel.determinize(kozel.observe(state, 0), random.Random(1))
    assert from_json(to_json(world)) == world


def test_the_position_of_a_state_is_written_in_plain_fields():
    hands = ["A♣ 9♠ 8♥ 7♦", "A♠ 10♥ J♦ 6♠", "K♠ Q♥ 10♦ 7♠", "6♣ 7♣ 8♣ 9♣"]
    state = play(start(CLASSIC, hands, shown="A♥"), "1 lead A♠", "2 pass 7♠")
    data = json.loads(to_json(state))
    assert data["kozel"] == "state"
    assert data["format"] == 1
    body = data["state"]
    assert body["ruleset"] == {"base": "classic", "base_version": 1}
    assert body["moves"] == ["1 lead A♠", "2 pass 7♠"]
    position = body["position"]
    assert position["hands"] == ["A♣ 9♠ 8♥ 7♦", "6♠ 10♥ J♦", "K♠ Q♥ 10♦", "6♣ 7♣ 8♣ 9♣"]
    assert position["trick"] == ["1 lead A♠", "2 pass 7♠"]
    assert position["turn"] == 3
    assert position["phase"] == "play"
    assert position["trump"] == "♥"
    assert position["trump_card"] == "A♥"
    assert position["scores"] == [0, 0]
    assert len(position["stock"].split()) == 20


def test_a_view_is_written_with_its_events_typed():
    state = kozel.new_game(CLASSIC, seed=7)
    state = kozel.apply(state, kozel.legal_moves(state)[0])
    data = json.loads(to_json(kozel.observe(state, 2)))
    view = data["view"]
    assert view["seat"] == 2
    assert view["ruleset"] == {"base": "classic", "base_version": 1}
    assert [event["type"] for event in view["history"]] == ["dealt", "played"]
    assert view["history"][0]["hands"][:2] == [None, None]
    assert view["history"][1]["kind"] == "lead"


def test_a_house_ruleset_and_another_number_of_players_are_written_in_the_state():
    three = CLASSIC.for_players(3)
    state = kozel.new_game(three, seed=1)
    data = json.loads(to_json(state))
    assert data["state"]["ruleset"] == {"base": "classic", "base_version": 1, "seating": {"players": 3, "sides": 3}}
    assert from_json(to_json(state)) == state
    house = attrs.evolve(CLASSIC, name="house", match=attrs.evolve(CLASSIC.match, target=8))
    state = kozel.new_game(house, seed=1)
    assert json.loads(to_json(state))["state"]["ruleset"]["match"]["target"] == 8
    assert from_json(to_json(state)) == state


@pytest.fixture(scope="module")
def document():
    state = kozel.new_game(CLASSIC, seed=7)
    rng = random.Random(3)
    while not state.hand_results:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    for _ in range(5):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    return json.loads(to_json(state))


def changed(document, change):
    data = copy.deepcopy(document)
    change(data["state"])
    return json.dumps(data, ensure_ascii=False)


def move_card(body, source, target):
    """Move the first card of hand ``source`` into hand ``target``."""
    hands = body["position"]["hands"]
    first, *rest = hands[source].split()
    hands[source] = " ".join(rest)
    hands[target] = f"{hands[target]} {first}".strip()


def swap_cards(body):
    """Exchange the first cards of hands 0 and 1."""
    hands = body["position"]["hands"]
    first, *rest = hands[0].split()
    second, *others = hands[1].split()
    hands[0] = " ".join([second, *rest])
    hands[1] = " ".join([first, *others])


def duplicate_card(body):
    hands = body["position"]["hands"]
    hands[1] = f"{hands[1]} {hands[0].split()[0]}"


def drop_card(body):
    hands = body["position"]["hands"]
    hands[0] = " ".join(hands[0].split()[1:])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (duplicate_card, r"state.position.hands\[1\]: .* is in state.position.hands\[0\] too"),
        (drop_card, r"missing; every card lies in exactly one place"),
        (lambda b: move_card(b, 0, 1), r"state.position.hands\[1\]: 5 cards; a hand of 'classic' never holds more"),
        (swap_cards, r"state.position.hands: written as"),
        (lambda b: b["position"].update(stock=b["position"]["stock"] + " 5♠"), "'5♠' is not a card"),
        (lambda b: b["position"].update(turn=(b["position"]["turn"] + 1) % 4), "state.position.turn: written as"),
        (lambda b: b["position"].update(scores=[0, 99]), r"state.position.scores: written as \[0, 99\]"),
        (lambda b: b["deal"].update(order=" ".join(b["deal"]["order"].split()[1:] * 1)), r"missing"),
        (lambda b: b["deal"].update(dealer=9), r"state.deal.dealer: a seat from 0 to 3, not 9"),
        (lambda b: b["deal"].update(scores=[0]), r"state.deal.scores: one number per side"),
        (lambda b: b["deal"].update(scores=[1, 2]), r"state.deal.scores: written as \[1, 2\], but the finished hands"),
        (lambda b: b["moves"].append("0 lead A♠ A♥ A♣ A♦"), r"state.moves\[\d+\]: .* is not allowed"),
        (lambda b: b["moves"].append("zero lead"), r"state.moves\[\d+\]: 'zero lead' is not a move"),
        (lambda b: b["earlier_moves"].pop(), r"state.earlier_moves|the earlier moves do not lead"),
        (lambda b: b.update(seed="7"), "state.seed: expected a whole number, got '7'"),
        (lambda b: b.update(colour="red"), "state.colour: no such field"),
        (lambda b: b.pop("moves"), "state.moves: missing"),
        (lambda b: b.update(ruleset={"base": "poker"}), "state.ruleset: base: no built-in ruleset is called 'poker'"),
        (lambda b: b["deal"]["hand_results"][0].update(points=[1]), r"state.deal.hand_results\[0\].points: one number"),
    ],
)
def test_a_broken_state_is_refused_saying_what_is_wrong(document, change, message):
    text = changed(document, change)
    with pytest.raises(StateError, match=message):
        from_json(text)


def test_the_position_may_be_null_and_the_moves_decide(document):
    text = changed(document, lambda body: body.update(position=None))
    assert from_json(text) == from_json(json.dumps(document, ensure_ascii=False))


def test_a_state_without_its_position_key_is_refused_as_a_missing_field(document):
    # to_json writes every field: a document without the key was cut or edited, and is not read as if null.
    text = changed(document, lambda body: body.pop("position"))
    with pytest.raises(StateError, match=r"^state\.position: missing \(write null"):
        from_json(text)


MOVE = '{"kozel": "move", "format": 1, "move": {%s}}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "not a kozel document"),
        ('{"kozel": "chess", "format": 1}', "kozel: expected one of state, view, move, event, ruleset"),
        (
            '{"kozel": "move", "format": 2, "move": {}}',
            r"this kozel reads format 1, not 2 \(a newer kozel wrote it: upgrade kozel\)$",
        ),
        ('{"kozel": "state", "format": 0, "state": {}}', "this kozel reads format 1, not 0$"),
        ('{"kozel": "move", "format": 1}', "a move document holds kozel, format and move"),
        (MOVE % '"seat": 1, "kind": "fly", "cards": "", "choice": null', "move.kind"),
        (MOVE % '"seat": -1, "kind": "lead", "cards": "", "choice": null', "seat"),
        (MOVE % '"seat": 1, "kind": "lead", "cards": "A♠ A♠", "choice": null', "twice"),
        (MOVE % '"seat": 1, "kind": "lead", "cards": "", "choice": "X"', "choice"),
        ('{"kozel": "state", "format": 1, "state": NaN}', "NaN is not a JSON value"),
    ],
)
def test_documents_that_are_not_what_they_say_are_refused(text, message):
    with pytest.raises(StateError, match=message):
        from_json(text)


def test_a_view_whose_hand_does_not_fit_is_refused():
    view = kozel.observe(kozel.new_game(CLASSIC, seed=7), 1)
    data = json.loads(to_json(view))
    data["view"]["hand"] = "A♠"
    with pytest.raises(StateError, match=r"view\.hand: 1 cards, but hand_sizes says seat 1 holds 4"):
        from_json(json.dumps(data, ensure_ascii=False))
    data["view"]["seat"] = 7
    with pytest.raises(StateError, match=r"view\.seat: a seat from 0 to 3, not 7"):
        from_json(json.dumps(data, ensure_ascii=False))
    data = json.loads(to_json(view))
    data["view"]["history"][0]["type"] = "goat"
    with pytest.raises(StateError, match=r"view.history\[0\].type: expected one of"):
        from_json(json.dumps(data, ensure_ascii=False))


def test_to_json_refuses_other_values():
    with pytest.raises(TypeError, match="GameState, PlayerView, Move, Event or Ruleset"):
        to_json("a state")
    with pytest.raises(StateError, match="read from text"):
        from_json(b"{}")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.sampled_from(["A♠", "1 lead A♠", "play"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


def leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))
    yield path


def replaced(data, path, value):
    data = copy.deepcopy(data)
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(min_value=0), value=JSON_VALUES, what=st.sampled_from(["state", "view", "move"]))
def test_a_document_with_any_one_value_changed_reads_back_or_is_refused(pick, value, what):
    state = kozel.new_game(CLASSIC, seed=5)
    state = kozel.apply(state, kozel.legal_moves(state)[0])
    source = {"state": state, "view": kozel.observe(state, 1), "move": kozel.legal_moves(state)[0]}[what]
    data = json.loads(to_json(source))
    paths = list(leaves(data))
    text = json.dumps(replaced(data, paths[pick % len(paths)], value), ensure_ascii=False)
    try:
        value = from_json(text)
    except (StateError, RulesetError):
        return
    assert from_json(to_json(value)) == value


@settings(max_examples=examples(300), deadline=None)
@given(text=st.text(max_size=200) | JSON_VALUES.map(json.dumps))
def test_any_text_reads_as_a_document_that_round_trips_or_is_refused(text):
    try:
        value = from_json(text)
    except (StateError, RulesetError):
        return
    assert from_json(to_json(value)) == value


def test_a_move_document():
    move = Move.parse("1 praise mirror")
    assert json.loads(to_json(move))["move"] == {"seat": 1, "kind": "praise", "cards": "", "choice": "mirror"}
    assert from_json(to_json(move)) == move


def test_a_view_no_play_could_produce_is_refused():
    state = kozel.new_game(CLASSIC, seed=7)
    state = kozel.apply(state, kozel.legal_moves(state)[0])
    data = json.loads(to_json(kozel.observe(state, 2)))
    played = next(i for i, event in enumerate(data["view"]["history"]) if event.get("type") == "played")
    for field, value, message in (
        ("seat", 7, r"view\.history\[\d+\]\.seat: a seat from 0 to 3, not 7"),
        ("count", 0, r"view\.history\[\d+\]\.cards: 1 card shown, but the count says 0"),
        ("choice", "trousers", r"only a praise move names a choice"),
    ):
        changed = json.loads(json.dumps(data))
        changed["view"]["history"][played][field] = value
        with pytest.raises(StateError, match=message):
            from_json(json.dumps(changed, ensure_ascii=False))
    changed = json.loads(json.dumps(data))
    changed["view"]["stock_size"] -= 1
    with pytest.raises(StateError, match="the deck has 36"):
        from_json(json.dumps(changed, ensure_ascii=False))


def test_a_praise_deal_of_too_few_hands_is_refused():
    pairs = kozel.variants.get("pairs")
    state = kozel.new_game(pairs, seed=3)
    regular = next(move for move in kozel.legal_moves(state) if move.choice == "regular")
    data = json.loads(to_json(kozel.observe(kozel.apply(state, regular), 1)))
    dealt = next(event for event in data["view"]["history"] if event.get("type") == "praise_dealt")
    dealt["hands"] = dealt["hands"][:3]
    with pytest.raises(StateError, match=r"hands: one entry per seat \(4\), not 3"):
        from_json(json.dumps(data, ensure_ascii=False))


def test_a_view_whose_sets_or_hand_number_no_match_reaches_is_refused():
    state = kozel.new_game(CLASSIC, seed=7)
    data = json.loads(to_json(kozel.observe(state, 2)))
    assert data["view"]["history"][0]["type"] == "dealt"
    for place, value, message in (
        (("sets",), [-1, 0], r"view\.sets\[0\]: sets won before the match is won, 0 to 0, not -1"),
        (("sets",), [0, 1], r"view\.sets\[1\]: sets won before the match is won, 0 to 0, not 1"),
        (("history", 0, "hand_number"), -1, r"view\.history\[0\]\.hand_number: the hands played before, 0 or more"),
    ):
        changed = replaced(data, ("view", *place), value)
        with pytest.raises(StateError, match=message):
            from_json(json.dumps(changed, ensure_ascii=False))
    simple = kozel.variants.get("simple")  # a match of sets: one won set is a match still going on
    assert simple.match.sets > 1
    state, rng = kozel.new_game(simple, seed=3), random.Random(0)
    while not any(state.match.sets):  # played until a side has won a set
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    won = simple.match.sets - 1
    assert state.result is None
    assert won in state.match.sets
    view = kozel.observe(state, 0)
    assert from_json(to_json(view)).sets == view.sets
    # The sets a view's deal began with are what the finished hands won: a set won out of nothing is refused.
    data = json.loads(to_json(kozel.observe(kozel.new_game(simple, seed=3), 0)))
    with pytest.raises(StateError, match=r"view\.sets: written as \[1, 0\], but the deal began at \[0, 0\]"):
        from_json(json.dumps(replaced(data, ("view", "sets"), [won, 0])))


def test_a_first_deal_that_its_seed_does_not_give_is_refused_saying_so():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    document = json.loads(kozel.record.to_json(state))
    document["state"]["seed"] = 8
    with pytest.raises(kozel.StateError, match=r"^state.deal: the match's first deal is not the one its seed"):
        kozel.record.from_json(json.dumps(document, ensure_ascii=False))
