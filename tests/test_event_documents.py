"""Events as JSON documents: what a server sends each seat after a move, read back equal, and bad ones refused."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import kozel
from kozel import StateError, WrongTypeError
from kozel.record import from_json, to_json
from kozel.view import Dealt, Event, HandScored, Played, opening_events


def _events(name: str, seed: int, moves: int) -> list[Event]:
    """The events of the first ``moves`` random moves of a match of ``name``, the opening deal's first."""
    state = kozel.new_game(kozel.variants.get(name), seed=seed)
    events = list(opening_events(state))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state, more = kozel.step(state, rng.choice(kozel.legal_moves(state)))
        events += more
    return events


@pytest.mark.parametrize("name", kozel.variants.names())
def test_every_event_as_every_seat_sees_it_reads_back_equal(name):
    players = kozel.variants.get(name).players
    events = _events(name, 5, 150)
    kinds = set()
    for event in events:
        kinds.add(type(event).__name__)
        for seat in range(players):
            seen = event.for_seat(seat)
            document = to_json(seen)
            assert json.loads(document)["kozel"] == "event"
            assert from_json(document) == seen
        assert from_json(to_json(event, indent=2)) == event
    assert {"Dealt", "Played", "TrickTaken"} <= kinds


def test_an_event_document_is_the_view_histories_form_of_the_event():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    state, events = kozel.step(state, kozel.parse_move("1 lead 7♥ K♥"))
    played = events[0].for_seat(2)
    assert json.loads(to_json(played)) == {
        "kozel": "event",
        "format": 1,
        "event": {
            "type": "played",
            "seat": 1,
            "kind": "lead",
            "cards": ["7♥", "K♥"],
            "count": 2,
            "choice": None,
            "to": None,
        },
    }
    view = json.loads(to_json(kozel.observe(state, 2)))
    assert view["view"]["history"][-1] == json.loads(to_json(played))["event"]


def test_a_hand_scored_event_keeps_written_points_below_zero():
    events = [event for event in _events("classic", 2, 400) if isinstance(event, HandScored)]
    assert events
    scored = attrs.evolve(events[0], scores=(-2, 4))
    assert from_json(to_json(scored)) == scored
    result = events[0].result
    written = attrs.evolve(scored, result=attrs.evolve(result, written=(-1, 0)))
    assert from_json(to_json(written)) == written
    dealt = next(event for event in _events("classic", 2, 400) if isinstance(event, Dealt))
    below = attrs.evolve(dealt, scores=(-3, 0))
    assert from_json(to_json(below)) == below
    points = attrs.evolve(scored, result=attrs.evolve(result, points=(-1, 121)))
    with pytest.raises(StateError, match=r"^event\.result\.points\[0\]: a whole number from 0"):
        from_json(to_json(points))


def _document(event: dict[str, object]) -> str:
    return json.dumps({"kozel": "event", "format": 1, "event": event}, ensure_ascii=False)


PLAYED = {"type": "played", "seat": 1, "kind": "lead", "cards": ["7♥"], "count": 1, "choice": None, "to": None}


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({**PLAYED, "seat": -1}, r"^event\.seat: a whole number from 0 \(a seat or a count\), not -1$"),
        ({**PLAYED, "count": -3}, r"^event\.count: a whole number from 0"),
        ({**PLAYED, "kind": "jump"}, r"^event\.kind"),
        ({**PLAYED, "cards": ["7X"]}, r"^event\.cards"),
        ({key: value for key, value in PLAYED.items() if key != "count"}, r"^event\.count: missing"),
        ({**PLAYED, "type": "event"}, r"^event"),
        ({**PLAYED, "type": "shuffled"}, r"^event"),
        ({"type": "trick_taken", "winner": 1, "count": 4, "extra": 1}, r"^event\.extra"),
        ({**PLAYED, "cards": ["7♥", "7♥"], "count": 2}, r"^event\.cards: a card is listed twice$"),
        ({**PLAYED, "cards": ["A♥", "7♥"], "count": 2}, r"^event\.cards: a move lists its cards in the game's order, "),
        ({**PLAYED, "cards": ["7♥", "A♥"], "count": 3}, r"^event\.cards: 2 cards shown, but the count says 3$"),
        (
            {"type": "cards_returned", "returned": [[1, ["7♥"], 1, True], [2, ["A♥", "7♠"], 2, True]]},
            r"^event\.returned\[1\]: a move lists its cards in the game's order, 7♠ A♥, not A♥ 7♠$",
        ),
        (
            {"type": "cards_returned", "returned": [[1, ["7♥"], 2, True]]},
            r"^event\.returned\[0\]: 1 card shown, but the count says 2$",
        ),
    ],
)
def test_a_bad_event_document_is_refused_naming_the_field(event, message):
    with pytest.raises(StateError, match=message):
        from_json(_document(event))


def test_a_views_play_whose_cards_are_out_of_the_games_order_is_refused():
    """Its world would list them in the game's order, and so give another view: refused as the document is read."""
    rules = kozel.variants.get("classic")
    rng = random.Random(3)
    state = kozel.new_game(rules, seed=3)
    while not any(isinstance(e, Played) and e.cards and len(e.cards) > 1 for e in kozel.observe(state, 0).history):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    document = json.loads(to_json(kozel.observe(state, 0)))
    history = document["view"]["history"]
    at = next(i for i, e in enumerate(history) if e["type"] == "played" and e["cards"] and len(e["cards"]) > 1)
    written = history[at]["cards"]
    history[at]["cards"] = written[::-1]
    with pytest.raises(StateError) as refused:
        from_json(json.dumps(document, ensure_ascii=False))
    assert str(refused.value) == (
        f"view.history[{at}].cards: a move lists its cards in the game's order, {' '.join(written)}, "
        f"not {' '.join(written[::-1])}"
    )


def test_a_view_changed_by_hand_is_written_only_where_it_would_be_read_back():
    """to_json checks a view the engine did not make as from_json checks the document: it never writes one that
    from_json refuses.  An engine-made view, and an edited one that keeps every rule, are written and read back."""
    rules = kozel.variants.get("classic")
    rng = random.Random(3)
    state = kozel.new_game(rules, seed=3)
    while not any(isinstance(e, Played) and e.cards and len(e.cards) > 1 for e in kozel.observe(state, 0).history):
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    view = kozel.observe(state, 0)
    at = next(i for i, e in enumerate(view.history) if isinstance(e, Played) and e.cards and len(e.cards) > 1)
    play = view.history[at]
    assert isinstance(play, Played)
    assert play.cards is not None
    history = list(view.history)
    history[at] = attrs.evolve(play, cards=play.cards[::-1])
    edited = attrs.evolve(view, history=tuple(history))
    with pytest.raises(StateError) as refused:
        to_json(edited)
    shown = " ".join(str(card) for card in play.cards)
    backwards = " ".join(str(card) for card in play.cards[::-1])
    assert str(refused.value) == (
        f"view.history[{at}].cards: a move lists its cards in the game's order, {shown}, not {backwards}"
    )
    for kept in (view, attrs.evolve(view)):  # made by the engine; rebuilt by hand with the same fields
        assert from_json(to_json(kept)) == kept


def test_only_the_engines_kinds_of_event_are_written():
    with pytest.raises(WrongTypeError, match=r"not the base class Event$"):
        to_json(Event())
    played = Played(1, kozel.MoveKind.LEAD, None, 1)
    assert from_json(to_json(played)) == played
