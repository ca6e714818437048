"""Records and JSON documents that no play could write are refused, saying what is wrong; nothing is guessed.

A state document of a later deal without the earlier moves (a sampled world) is checked field by
field: the match's start, the redeals, the finished hands and the score sheet they wrote.  A
record's ruleset is the one it names, whatever ``ruleset=`` says; a key given twice in a JSON
table is refused; a player's name is one printable line; a view's events are real events.
"""

from __future__ import annotations

import copy
import json
import random

import attrs
import pytest

import kozel
from kozel import NotationError, RulesetError, StateError
from kozel.record import dumps, from_json, read, to_json
from kozel.testing.invariants import check_state

CLASSIC = kozel.variants.get("classic")
PAIRS = kozel.variants.get("pairs")
SIMPLE = kozel.variants.get("simple")
SIX_OF_CLUBS = kozel.variants.get("six_of_clubs")


def drawing(state):
    """Whether ``state`` is in a drawing praise deal (its world is sampled as the drawing runs)."""
    return state.deal.praise is not None and state.deal.praise.is_drawn


def later_world(rules, seed=3, hands=1):
    """The JSON document of a world sampled in a later deal: no earlier moves, only the match's sheet."""
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    while len(state.hand_results) < hands or not state.moves or drawing(state):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        assert not state.is_over
    world = kozel.determinize(kozel.observe(state, 0), random.Random(seed))
    data = json.loads(to_json(world))
    assert data["state"]["deal"]["number"] > 0
    assert data["state"]["earlier_moves"] == []
    assert from_json(json.dumps(data, ensure_ascii=False)) == world
    return data


@pytest.fixture(scope="module")
def classic_world():
    return later_world(CLASSIC)


def changed(document, change):
    """The document with ``change`` made to its state, the position's sheet kept as the deal's start says.

    No hand has finished in the deal of a world sampled mid-deal, so its position's scores and hand
    results are the deal's start's: they change together, and only the new checks stand in the way.
    """
    data = copy.deepcopy(document)
    body = data["state"]
    change(body)
    if body.get("position") is not None:
        body["position"].update(scores=body["deal"]["scores"], hand_results=body["deal"]["hand_results"])
    return json.dumps(data, ensure_ascii=False)


def refused(document, change, message):
    with pytest.raises(StateError, match=message):
        from_json(changed(document, change))


# A state document of a later deal without its earlier moves ---------------------------------------


def test_the_example_of_a_match_record_no_play_reaches_is_refused():
    state = kozel.new_game(CLASSIC, seed=7)
    data = json.loads(to_json(state))
    data["state"]["deal"].update(number=1, scores=[11, 0], sets=[5, -3], redeals=[9])
    data["state"]["position"]["scores"] = [11, 0]
    data["state"].update(first_dealer=99, seed=10**150, opening="6♣ 6♣")
    with pytest.raises(StateError, match=r"state\.seed: a whole number of at most 100 digits, not one of 151"):
        from_json(json.dumps(data, ensure_ascii=False))


def test_the_match_start_of_a_later_deal_is_checked(classic_world):
    longest = 10**100 - 1  # a seed of 100 digits is read
    assert from_json(changed(classic_world, lambda b: b.update(seed=-longest))).seed == -longest
    refused(classic_world, lambda b: b.update(seed=10**100), r"state\.seed: .* at most 100 digits, not one of 101")
    refused(classic_world, lambda b: b.update(first_dealer=99), r"state\.first_dealer: a seat from 0 to 3, not 99")
    refused(classic_world, lambda b: b.update(first_dealer=-1), r"state\.first_dealer: a seat from 0 to 3, not -1")
    deck = " ".join(str(card) for card in CLASSIC.deck)
    opening = kozel.record.from_json(changed(classic_world, lambda b: b.update(opening=deck))).match.opening
    assert " ".join(map(str, opening)) == deck  # a whole deck is a first deal's order
    refused(classic_world, lambda b: b.update(opening="6♣ 6♣"), r"state\.opening: 6♣ is twice")
    refused(classic_world, lambda b: b.update(opening=deck.rsplit(" ", 1)[0]), r"state\.opening: A♦ missing")


def test_sets_outside_what_a_going_match_holds_are_refused(classic_world):
    for sets, message in (
        ([5, 0], r"state\.deal\.sets\[0\]: sets won before the match is won, 0 to 0, not 5"),
        ([0, -3], r"state\.deal\.sets\[1\]: sets won before the match is won, 0 to 0, not -3"),
    ):
        refused(classic_world, lambda b, sets=sets: b["deal"].update(sets=sets), message)


def test_sets_must_be_what_the_finished_hands_won():
    world = later_world(SIMPLE)
    assert SIMPLE.match.sets == 2
    assert world["state"]["deal"]["sets"] == [0, 0]
    refused(world, lambda b: b["deal"].update(sets=[1, 0]), r"state\.deal\.sets: written as \[1, 0\], but the finished")


def test_scores_must_be_what_the_finished_hands_wrote(classic_world):
    scores = classic_world["state"]["deal"]["scores"]
    wrong = [scores[0] + 11, scores[1]]

    def change(body):
        body["deal"]["scores"] = wrong

    message = rf"state\.deal\.scores: written as \[{wrong[0]}, {wrong[1]}\], but the finished hands wrote"
    refused(classic_world, change, message)


def test_a_finished_hand_that_ended_the_match_has_no_deal_after_it(classic_world):
    target = CLASSIC.match.target

    def change(body):
        body["deal"]["hand_results"][0]["written"] = [target, 0]
        body["deal"]["scores"] = [target, 0]

    refused(classic_world, change, r"state\.deal\.hand_results\[0\]: this hand ended the match, so no deal follows")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"points": [0, 0]}, r"hand_results\[0\]\.points: add up to 0, but a hand counts the deck's 120"),
        ({"points": [130, -10]}, r"hand_results\[0\]\.points\[1\]: a whole number of 0 or more, not -10"),
        ({"written": [-2, 0]}, r"hand_results\[0\]\.written\[0\]: a whole number of 0 or more, not -2"),
        ({"tricks": [-1, 9]}, r"hand_results\[0\]\.tricks\[0\]: a whole number of 0 or more, not -1"),
        ({"tricks": [40, 0]}, r"hand_results\[0\]\.tricks: 40, more than the deck's 36 cards make"),
        ({"caught": True}, r"hand_results\[0\]\.points: add up to 120, but a hand stopped .* counts 0"),
        ({"caught": True, "forfeited": True}, r"hand_results\[0\]: a hand stopped by a catch is not also forfeited"),
        ({"forfeited": True, "points": [0, 0], "eggs": True}, r"hand_results\[0\]\.eggs: .* is not eggs"),
        ({"declarer": 1}, r"hand_results\[0\]\.declarer: 'classic' has no bidding for the talon"),
    ],
)
def test_impossible_hand_results_are_refused(classic_world, change, message):
    refused(classic_world, lambda b: b["deal"]["hand_results"][0].update(change), r"state\.deal\." + message)


def test_redeals_the_rules_do_not_allow_are_refused(classic_world):
    refused(classic_world, lambda b: b["deal"].update(redeals=[0]), r"state\.deal\.redeals: 'classic' has no redeal")
    world = later_world(PAIRS)
    assert PAIRS.redeal is not None
    assert PAIRS.redeal.limit == 2
    number = world["state"]["deal"]["number"]
    finished = len(world["state"]["deal"]["hand_results"])

    def redeals(sides, deals=number + 4):
        return lambda body: body["deal"].update(redeals=sides, number=deals)

    refused(world, redeals([2]), r"state\.deal\.redeals\[0\]: a side from 0 to 1, not 2")
    refused(world, redeals([1, 0, 0, 0]), r"state\.deal\.redeals\[3\]: side 0 calls a redeal 3 times in a row; .* 2")
    refused(world, redeals([1, 0], finished + 1), r"state\.deal\.number: .* per redeal in a row \(2\)")
    assert SIX_OF_CLUBS.redeal is not None
    assert not SIX_OF_CLUBS.redeal.first_hand
    world = later_world(SIX_OF_CLUBS)

    def first_hand(body):
        body["deal"].update(redeals=[0], hand_results=[])

    refused(world, first_hand, r"state\.deal\.redeals: 'six_of_clubs' has no redeal in the first hand")


def test_a_later_deal_that_reads_back_keeps_the_invariants(classic_world):
    state = from_json(json.dumps(classic_world, ensure_ascii=False))
    check_state(state)
    world = later_world(SIMPLE, seed=5, hands=3)
    check_state(from_json(json.dumps(world, ensure_ascii=False)))
    refused(world, lambda b: b["deal"].update(scores=[0, 99]), r"state\.deal\.scores: written as \[0, 99\]")


# The ruleset a record is played by -----------------------------------------------------------------


def test_ruleset_data_of_another_name_than_the_ruleset_header_is_refused():
    state = kozel.new_game(CLASSIC, seed=7)
    text = dumps(state).replace('[Ruleset "classic"]', '[Ruleset "pairs"]\n[RulesetData "{\\"base\\":\\"classic\\"}"]')
    with pytest.raises(StateError, match="RulesetData header is a ruleset named 'classic', but the Ruleset header"):
        read(text)


def test_a_given_ruleset_that_contradicts_the_ruleset_data_is_refused():
    house16 = kozel.forms.from_data({"base": "classic", "name": "house", "match": {"target": 16}})
    house8 = kozel.forms.from_data({"base": "classic", "name": "house", "match": {"target": 8}})
    text = dumps(kozel.new_game(house16, seed=7))
    assert "RulesetData" in text
    with pytest.raises(StateError, match=r"the ruleset given is not the ruleset written in the RulesetData .* match"):
        read(text, ruleset=house8)
    same = kozel.forms.from_data({"base": "classic", "name": "house", "match": {"target": 16}})
    assert read(text, ruleset=same).state.ruleset.match.target == 16


def test_a_given_ruleset_that_contradicts_the_built_in_of_its_name_is_refused():
    fake = attrs.evolve(CLASSIC, match=attrs.evolve(CLASSIC.match, target=8))
    text = dumps(kozel.new_game(CLASSIC, seed=7))
    with pytest.raises(StateError, match=r"the ruleset given is not the built-in 'classic' for 4 players.* match"):
        read(text, ruleset=fake)
    assert read(text, ruleset=attrs.evolve(CLASSIC)).state.ruleset == CLASSIC
    three = CLASSIC.for_players(3)
    text = dumps(kozel.new_game(three, seed=7))
    assert read(text, ruleset=CLASSIC.for_players(3)).state.ruleset == three
    with pytest.raises(StateError, match=r"not the built-in 'classic' for 3 players.* seating"):
        read(text, ruleset=CLASSIC)


def test_a_built_in_for_other_sides_is_written_out_and_reads_back():
    rules = CLASSIC.for_players(6, 3)
    assert rules != CLASSIC.for_players(6)
    state = kozel.new_game(rules, seed=2)
    text = dumps(state)
    assert "RulesetData" in text
    assert read(text).state.ruleset == rules


# Keys given twice ---------------------------------------------------------------------------------


def test_a_key_given_twice_in_a_json_document_is_refused():
    state = kozel.new_game(CLASSIC, seed=7)
    text = to_json(state).replace('"seed": 7,', '"seed": 8, "seed": 7,')
    with pytest.raises(StateError, match=r"the key 'seed' is given twice in one table"):
        from_json(text)
    view = to_json(kozel.observe(state, 1)).replace('"seat": 1,', '"seat": 2, "seat": 1,', 1)
    with pytest.raises(StateError, match=r"the key 'seat' is given twice"):
        from_json(view)
    move = '{"kozel": "move", "format": 1, "move": {"seat": 1, "seat": 2, "kind": "lead", "cards": "", "choice": null}}'
    with pytest.raises(StateError, match=r"the key 'seat' is given twice"):
        from_json(move)
    ruleset = '{"kozel": "ruleset", "format": 1, "ruleset": {"base": "classic", "base": "pairs"}}'
    with pytest.raises(RulesetError, match=r"the key 'base' is given twice"):
        from_json(ruleset)


def test_a_key_given_twice_in_ruleset_data_is_refused():
    house = kozel.forms.from_data({"base": "classic", "name": "house"})
    text = dumps(kozel.new_game(house, seed=7))
    twice = text.replace('\\"name\\":\\"house\\"', '\\"name\\":\\"other\\",\\"name\\":\\"house\\"')
    assert twice != text
    with pytest.raises(StateError, match=r"RulesetData header is not JSON: the key 'name' is given twice"):
        read(twice)


# Names and other text of the record ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["A\rB", "A\x0cB", "A\x85B", "A\u2028B", "A\u2029B", "A\x1cB", "A\nB", "A\tB"])
def test_a_name_that_is_not_one_printable_line_is_refused(name):
    state = kozel.new_game(CLASSIC, seed=7)
    with pytest.raises(NotationError, match=r"names: each is printable text of one line"):
        dumps(state, names=[name, None, None, None])


def test_ruleset_data_with_any_text_in_its_doc_reads_back():
    house = attrs.evolve(CLASSIC, name="house", doc="first\u2028second\u2029third\nfourth")
    state = kozel.new_game(house, seed=7)
    text = dumps(state)
    assert len(text.splitlines()) == len(text.split("\n")) - 1
    again = read(text).state
    assert again == state
    assert again.ruleset.doc == house.doc


# Events of a view ---------------------------------------------------------------------------------


def test_a_view_history_holds_real_events_only():
    state = kozel.new_game(CLASSIC, seed=7)
    data = json.loads(to_json(kozel.observe(state, 1)))
    data["view"]["history"].append({"type": "event"})
    with pytest.raises(StateError, match=r"view\.history\[1\]\.type: expected one of dealt, .*got 'event'"):
        from_json(json.dumps(data, ensure_ascii=False))


def test_an_event_without_its_type_is_refused():
    state = kozel.new_game(CLASSIC, seed=1)
    for _ in range(6):
        state = kozel.apply(state, kozel.legal_moves(state)[0])
    data = json.loads(to_json(kozel.observe(state, 0)))
    for event in ({}, {"seat": 1}):
        data["view"]["history"][1] = event
        with pytest.raises(StateError, match=r"view\.history\[1\]\.type: missing; one of dealt, played"):
            from_json(json.dumps(data, ensure_ascii=False))


def test_a_field_left_out_of_a_document_is_missing_not_defaulted(classic_world):
    data = classic_world
    results = data["state"]["deal"]["hand_results"]
    assert results, "the position is a later deal"
    for name in ("caught", "eggs", "forfeited", "declarer"):
        edited = copy.deepcopy(data)
        del edited["state"]["deal"]["hand_results"][0][name]
        with pytest.raises(StateError, match=rf"hand_results\[0\]\.{name}: missing"):
            from_json(json.dumps(edited, ensure_ascii=False))


def test_a_view_document_is_refused_where_determinize_would_refuse_the_view():
    # Reading a view document makes the checks determinize makes of a view it did not make; these, of values the
    # reader takes as of the right kind, reading left to determinize.
    state = kozel.new_game(CLASSIC, seed=7)
    data = json.loads(to_json(kozel.observe(state, 1)))
    for place, value, message in (
        ((0, "hands", 1), None, r"view\.history\[0\]\.hands\[1\]: the seat's own hand is hidden from it$"),
        ((0, "scores"), [], r"view\.history\[0\]\.scores: one entry per side \(2\), not 0$"),
        ((0, "hand_number"), 1, r"view\.history\[0\]\.hand_number: 1 hands played before, but the view holds 0"),
    ):
        edited = copy.deepcopy(data)
        *path, last = place
        node = edited["view"]["history"]
        for key in path:
            node = node[key]
        node[last] = value
        with pytest.raises(StateError, match=message):
            from_json(json.dumps(edited, ensure_ascii=False))
    # A card laid face up in a drawing praise deal is shown to everyone: the document must name it.
    rng = random.Random(47)
    state = kozel.new_game(PAIRS, seed=47)
    while not any(isinstance(event, kozel.view.Laid) and event.face_up for event in kozel.observe(state, 2).history):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    data = json.loads(to_json(kozel.observe(state, 2)))
    number, laid = next(
        (n, e) for n, e in enumerate(data["view"]["history"]) if e.get("type") == "laid" and e["face_up"]
    )
    laid["card"] = None
    with pytest.raises(StateError, match=rf"view\.history\[{number}\]\.card: a card laid face up is shown to everyone"):
        from_json(json.dumps(data, ensure_ascii=False))


def test_a_goat_s_title_must_be_one_the_ruleset_gives():
    rng = random.Random(3)
    state = kozel.new_game(CLASSIC, seed=3)
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    data = json.loads(to_json(kozel.observe(state, 1)))
    assert from_json(json.dumps(data, ensure_ascii=False)) == kozel.observe(state, 1)
    data["view"]["result"]["titles"] = ["x"]
    with pytest.raises(StateError, match=r"view\.result\.titles\[0\]: 'x' is no title of this ruleset's goats"):
        from_json(json.dumps(data, ensure_ascii=False))


def test_a_ruleset_version_the_record_cannot_hold_is_refused():
    text = '{"base": "classic", "name": "house", "version": %d}'
    with pytest.raises(RulesetError, match="version must be a whole number of at least 1 and at most 100 digits"):
        kozel.loads_ruleset(text % 10**100, format="json")
    rules = kozel.loads_ruleset(text % (10**100 - 1), format="json")
    state = kozel.new_game(rules, seed=1)
    assert kozel.record.loads(dumps(state)) == state
