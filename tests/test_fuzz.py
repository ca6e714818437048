"""Fuzzing every public reader: each input reads back, or raises a documented KozelError, quickly; nothing else.

Inputs are generated (notation) or mutated from real ones (records, JSON documents, ruleset files,
hand-built moves).  Each call is timed: it must finish well inside a wall bound, so a hang or a
blow-up of work fails the test rather than stalling it.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kozel
from kozel import Card, GameState, KozelError, Move, MoveKind, limits, parse_cards, parse_move
from kozel.game.move import broken
from kozel.record import dumps, from_json, loads, to_json

#: A generous wall bound for one call: nothing kozel reads may take longer.
BOUND_S = 5.0

#: Rulesets whose records and views the mutations start from (a praise deal, a talon, sets, countdown).
BASES = ("classic", "pairs", "threesome", "six_of_clubs", "fifteen", "hammer")


def bounded(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """The result of the call, or the KozelError it raised; any other exception, or a slow call, fails."""
    start = time.perf_counter()
    try:
        result: Any = call(*args, **kwargs)
    except KozelError as error:
        result = error
    elapsed = time.perf_counter() - start
    assert elapsed < BOUND_S, f"{getattr(call, '__name__', call)} took {elapsed:.1f} s"
    return result


@cache
def played(name: str, moves: int = 60, seed: int = 3) -> tuple[GameState, ...]:
    """States of a random match of ``name``, one per move, from its start."""
    rules = kozel.variants.get(name)
    rng = random.Random(seed)
    state = kozel.new_game(rules, seed=seed)
    states = [state]
    while not state.is_over and len(states) <= moves:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
        states.append(state)
    return tuple(states)


# Card and move notation --------------------------------------------------------------------------

#: Pieces text is made of: card words, kind words, digits of every script, long digits, odd characters.
PIECES = st.sampled_from(
    [
        *(str(card) for card in kozel.CARDS[::5]),
        "th", "10h", "1o♥", "♧", "♤", "Q", "A", "6",
        *(kind.word for kind in MoveKind), "mirror", "trousers", "zzz", "LEAD",
        "0", "1", "3", "12", "007", "-1", "٣", "３", "¹", "9" * 5000, "1" * 4301,
        " ", "  ", "\t", "\n", ",", ";", "\x00", "\u200b", "x" * 10_000,
    ]
)  # fmt: skip
NOTATION = st.text(max_size=30) | st.lists(PIECES, max_size=8).map(" ".join) | st.lists(PIECES, max_size=8).map("".join)


@given(NOTATION)
def test_card_notation_reads_back_or_raises_a_notation_error(text):
    cards = bounded(parse_cards, text)
    if isinstance(cards, KozelError):
        assert isinstance(cards, kozel.NotationError)
        assert len(str(cards)) < 500  # the message quotes a bounded part of the text
        return
    assert parse_cards(kozel.format_cards(cards)) == cards
    assert all(type(card) is Card for card in cards)
    one = bounded(Card.parse, text)
    assert isinstance(one, Card | kozel.NotationError)


@given(NOTATION)
def test_move_notation_reads_back_or_raises_a_notation_error(text):
    move = bounded(parse_move, text)
    if isinstance(move, KozelError):
        assert isinstance(move, kozel.NotationError)
        assert len(str(move)) < 500
        return
    assert parse_move(str(move)) == move
    seat = text.split()[0]
    assert seat.isascii()
    assert seat.isdigit()
    assert len(seat) <= limits.SEAT_DIGITS


# Records -----------------------------------------------------------------------------------------


@cache
def record_lines(name: str) -> tuple[str, ...]:
    return tuple(dumps(played(name)[-1], date="2026.11.30", names=None).splitlines())


#: Header values to put in place of a real one.
ODD_VALUES = st.sampled_from(
    [
        "", "-1", "0", "1", "2", "13", "٣", "３", "9" * 100, "9" * 101, "9" * 5000, "-" + "9" * 101,
        "[" * 100_000, "[" * 63 + "]" * 63, '{"base": "classic", "match": {"target": ' + "9" * 5000 + "}}",
        '{"base": "pairs", "match": {"target": 1000000000}}', "\x00", "a\x00b", "x" * 100_000, "*", "?",
    ]
)  # fmt: skip


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    lines = list(record_lines(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "header", "move", "insert"]))
        if how == "delete":
            del lines[where]
        elif how == "duplicate":
            lines.insert(where, lines[where])
        elif how == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[where], lines[other] = lines[other], lines[where]
        elif how == "header":
            name = draw(st.sampled_from(["Seed", "Players", "Format", "Dealer", "RulesetVersion", "RulesetData",
                                         "Ruleset", "Deck", "Moves", "Result", "Scores", "Date", "Game",
                                         "Seat0"]))  # fmt: skip
            value = draw(ODD_VALUES).replace("\\", "\\\\").replace('"', '\\"')
            headers = [i for i, line in enumerate(lines) if line.startswith(f"[{name} ")]
            line = f'[{name} "{value}"]'
            if headers:
                lines[headers[0]] = line
            else:
                lines.insert(0, line)
        elif how == "move":
            words = lines[where].split(" ")
            words[draw(st.integers(0, len(words) - 1))] = draw(PIECES)
            lines[where] = " ".join(words)
        else:
            lines.insert(where, draw(PIECES | ODD_VALUES))
    if draw(st.booleans()):  # without its count and end, a record is read as far as it goes
        lines = [line for line in lines if not line.startswith("[Moves ") and line != "end"]
    return "\n".join(lines) + "\n"


@given(mutated_records())
def test_a_mutated_record_reads_or_raises_a_kozel_error(text):
    state = bounded(loads, text)
    if isinstance(state, KozelError):
        assert isinstance(state, kozel.NotationError | kozel.StateError)
        return
    assert isinstance(state, GameState)
    assert loads(dumps(state)) == state


# JSON of states, views and moves -----------------------------------------------------------------


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


@cache
def documents() -> tuple[str, ...]:
    """Real documents: states, views of every seat, and moves, from matches of several rulesets."""
    found = []
    for name in BASES:
        states = played(name, moves=30)
        for state in states[:: max(1, len(states) // 3)]:
            found.append(to_json(state))
            found += [to_json(kozel.observe(state, seat)) for seat in range(state.ruleset.players)]
        found += [to_json(move) for move in states[-1].moves[:2]]
    return tuple(found)


#: Values to put anywhere in a document.
ODD_JSON = st.sampled_from(
    [None, True, -1, 0, 1, 2, 3, 4, 7, 13, 36, 10**6, 10**30, "", "x", "A♠", "7♠ 7♠", "A♠ K♠ Q♠ J♠ 10♠", "mirror",
     [], [0], [1, 2, 3], {}, {"type": "Played"}, [[[[[]]]]]]
)  # fmt: skip


@st.composite
def mutated_documents(draw: st.DrawFn) -> str:
    data = json.loads(draw(st.sampled_from(documents())))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        if not path:
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if how == "delete":
            del parent[path[-1]]
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(path[-1], parent[path[-1]])
        else:
            old = parent[path[-1]]
            odd = copy.deepcopy(draw(ODD_JSON))
            if isinstance(old, int) and not isinstance(old, bool) and draw(st.booleans()):
                odd = old + draw(st.sampled_from([-1, 1, 4]))
            parent[path[-1]] = odd
    return json.dumps(data, ensure_ascii=False)


@given(mutated_documents())
def test_a_mutated_document_reads_or_raises_and_a_view_read_gives_worlds(text):
    value = bounded(from_json, text)
    if isinstance(value, KozelError):
        assert isinstance(value, kozel.StateError | kozel.RulesetError)
        return
    assert from_json(to_json(value)) == value
    if isinstance(value, kozel.PlayerView):
        world = bounded(kozel.determinize, value, random.Random(0), tries=2)
        if isinstance(world, GameState):
            assert kozel.observe(world, value.seat) == value


@given(st.sampled_from(["[", '{"a":']), st.integers(0, 200_000))
def test_deep_or_broken_json_is_refused_quickly(opener, depth):
    closer = "]" if opener == "[" else "}"
    text = opener * depth + ("1" if opener != "[" else "") + closer * depth
    value = bounded(from_json, text)
    assert isinstance(value, kozel.StateError)
    ruleset = bounded(kozel.loads_ruleset, text, format="json")
    assert isinstance(ruleset, kozel.RulesetError)


# Ruleset files -----------------------------------------------------------------------------------

#: Absurd values for a ruleset's fields.
ABSURD = st.sampled_from(
    [-1, 0, 1, 2, 3, 13, 37, 1001, 10**9, 10**300, True, None, "", "x", "A♠", [], ["A♠"], {}, 0.5,
     [str(card) for card in kozel.variants.get("classic").deck], [[[[1]]]]]
)  # fmt: skip


@st.composite
def absurd_rulesets(draw: st.DrawFn) -> str:
    base = draw(st.sampled_from(sorted(kozel.variants.names())))
    data = kozel.forms.to_data(kozel.variants.get(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = [path for path in _paths(data) if path and path[0] not in ("name", "doc")]
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = copy.deepcopy(draw(ABSURD))
    return json.dumps(data)


@given(absurd_rulesets())
def test_an_absurd_ruleset_is_refused_or_plays(text):
    rules = bounded(kozel.loads_ruleset, text, format="json")
    if isinstance(rules, KozelError):
        assert isinstance(rules, kozel.RulesetError)
        return
    assert rules.players <= limits.MAX_PLAYERS
    assert rules.match.sets <= limits.MAX_SETS

    def some_moves() -> None:
        rng = random.Random(1)
        state = kozel.new_game(rules, seed=1)
        for _ in range(300):
            if state.is_over:
                return
            state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))

    outcome = bounded(some_moves)
    assert outcome is None or isinstance(outcome, kozel.RulesetError), outcome


# apply with hand-built moves ---------------------------------------------------------------------

CHOICES = st.sampled_from([None, "regular", "mirror", "trousers", "pants_double", "zzz"])


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    states = played(draw(st.sampled_from(BASES)), moves=80)
    return draw(st.sampled_from(states))


@st.composite
def hand_built_moves(draw: st.DrawFn, state: GameState) -> Move:
    """A Move of any kind, seat and choice, with cards from the hands or anywhere, sometimes built around Move()."""
    seat = draw(st.integers(0, state.ruleset.players))
    kind = draw(st.sampled_from(list(MoveKind)))
    pool = sorted(
        set(state.hands[min(seat, state.ruleset.players - 1)])
        | set(draw(st.sets(st.sampled_from(kozel.CARDS), max_size=2)))
    )
    cards = tuple(sorted(draw(st.sets(st.sampled_from(pool), max_size=4)))) if pool else ()
    choice = draw(CHOICES)
    legal = kozel.legal_moves(state)
    if legal and draw(st.booleans()):  # a legal move, changed a little
        seat, kind, cards, _, choice = draw(st.sampled_from(legal))
        if draw(st.booleans()):
            choice = draw(CHOICES)
    mask = sum(card.bit for card in cards)
    how = draw(st.sampled_from(["new", "new", "repeat", "mask", "order", "ints", "bool", "short", "long"]))
    if how == "new":
        return tuple.__new__(Move, (seat, kind, cards, mask, choice))
    if how == "repeat" and cards:
        return tuple.__new__(Move, (seat, kind, (*cards, cards[0]), mask, choice))
    if how == "mask":
        return tuple.__new__(Move, (seat, kind, cards, mask ^ draw(st.sampled_from([1, 1 << 35, -1, 1 << 40])), choice))
    if how == "order" and len(cards) > 1:
        return tuple.__new__(Move, (seat, kind, cards[::-1], mask, choice))
    if how == "ints":
        return tuple.__new__(Move, (seat, int(kind), tuple(map(int, cards)), mask, choice))
    if how == "bool":
        return tuple.__new__(Move, (bool(seat), kind, cards, mask, choice))
    if how == "short":
        return tuple.__new__(Move, (seat, kind, cards))
    if how == "long":
        return tuple.__new__(Move, (seat, kind, cards, mask, choice, None))
    return tuple.__new__(Move, (seat, kind, cards, mask, choice))


@given(st.data())
def test_apply_accepts_exactly_the_legal_moves(data):
    state = data.draw(positions())
    before = to_json(state)
    legal = kozel.legal_moves(state)
    for _ in range(5):
        move = data.draw(hand_built_moves(state))
        after = bounded(kozel.apply, state, move)
        well_formed = broken(move) is None
        if isinstance(after, KozelError):
            assert isinstance(after, kozel.IllegalMoveError), after
            assert not well_formed or move not in legal, (move, after)
        else:
            assert well_formed
            assert move in legal, move
        assert to_json(state) == before  # bad input changes nothing


@settings(max_examples=10)
@given(st.data())
def test_apply_refuses_what_is_not_a_move(data):
    state = data.draw(positions())
    thing = data.draw(st.sampled_from([None, 0, "1 lead 7♠", b"1 lead", (1, MoveKind.LEAD, (), 0, None), [1], 1.5]))
    error = bounded(kozel.apply, state, thing)
    assert isinstance(error, kozel.WrongTypeError)
    assert isinstance(error, TypeError)
    assert "Move" in str(error)


# Each limit at its edge: just under is read, just over is refused ---------------------------------


def test_a_seat_has_at_most_two_ascii_digits():
    assert parse_move("07 lead 7♠").seat == 7
    assert parse_move("99 lead 7♠").seat == 99
    for text in ("100 lead 7♠", "9" * 5000 + " lead 7♠", "٣ lead 7♠", "３ lead 7♠"):
        error = bounded(parse_move, text)
        assert isinstance(error, kozel.NotationError), text
    assert "at most 2 digits" in str(bounded(parse_move, "100 lead 7♠"))
    assert Move(99, MoveKind.LEAD).seat == 99
    error = bounded(Move, 100, MoveKind.LEAD)
    assert isinstance(error, kozel.WrongTypeError)


def _record_with(name: str, value: str) -> str:
    lines = [line for line in record_lines("classic") if not line.startswith(f"[{name} ")]
    return "\n".join([f'[{name} "{value}"]', *lines]) + "\n"


def test_a_seed_has_at_most_one_hundred_digits():
    rules = kozel.variants.get("classic")
    for seed in (10**100 - 1, -(10**100) + 1):
        state = kozel.new_game(rules, seed=seed)
        assert loads(dumps(state)) == state
    for seed in (10**100, -(10**100), 10**5000):
        assert isinstance(bounded(kozel.new_game, rules, seed=seed), KozelError)
    error = bounded(loads, _record_with("Seed", "9" * 101))
    assert isinstance(error, kozel.StateError)
    assert "at most 100" in str(error)
    assert isinstance(bounded(loads, _record_with("Seed", "9" * 5000)), kozel.StateError)
    assert isinstance(bounded(loads, _record_with("Seed", "٣")), kozel.StateError)


def test_other_header_numbers_have_at_most_one_hundred_digits():
    for name in ("Players", "Format", "Dealer", "RulesetVersion"):
        under = bounded(loads, _record_with(name, "0" * 99 + "9"))
        assert isinstance(under, kozel.StateError)
        assert "digits" not in str(under), name  # read, then refused as a value
        over = bounded(loads, _record_with(name, "9" * 101))
        assert isinstance(over, kozel.StateError)
        assert "at most 100" in str(over), name
        assert isinstance(bounded(loads, _record_with(name, "9" * 5000)), kozel.StateError)


def test_json_and_toml_nest_at_most_sixty_four_deep():
    rules = kozel.variants.get("classic")
    move = json.loads(to_json(kozel.legal_moves(kozel.new_game(rules, seed=1))[0]))
    for depth, refused in ((limits.MAX_DEPTH, False), (limits.MAX_DEPTH + 1, True)):
        padded = json.dumps({**move, "kozel": "move", "extra": json.loads("[" * (depth - 1) + "]" * (depth - 1))})
        error = bounded(from_json, padded)
        assert isinstance(error, kozel.StateError)
        assert ("deep" in str(error)) is refused
        data = "[" * (depth - 1) + "]" * (depth - 1)
        ruleset = bounded(kozel.loads_ruleset, '{"base": "classic", "doc": ' + data + "}", format="json")
        assert isinstance(ruleset, kozel.RulesetError)
        assert ("deep" in str(ruleset)) is refused
        toml = bounded(kozel.loads_ruleset, "base = 'classic'\ndoc = " + "[" * depth + "]" * depth, format="toml")
        assert isinstance(toml, kozel.RulesetError)
        assert ("deep" in str(toml)) is refused
        header = bounded(loads, _record_with("RulesetData", "[" * depth + "]" * depth))
        assert isinstance(header, kozel.StateError)
        assert ("deep" in str(header)) is refused


def _match(base: str, **fields: int) -> kozel.Ruleset | KozelError:
    data = kozel.forms.to_data(kozel.variants.get(base))
    data["match"] = {**data.get("match", {}), **fields}
    return bounded(kozel.forms.from_data, data)


def test_match_bounds_at_their_edges():
    # classic writes at least 2 points in a hand that writes any: a target of up to 200 is 100 such hands
    assert isinstance(_match("classic", target=200), kozel.Ruleset)
    assert "at most 100" in str(_match("classic", target=201))
    assert isinstance(_match("classic", target=1001), kozel.RulesetError)
    assert isinstance(_match("fifteen", start=100), kozel.Ruleset)  # fifteen writes 1 point at the least
    assert isinstance(_match("fifteen", start=101), kozel.RulesetError)
    assert isinstance(_match("fifteen", start=1001), kozel.RulesetError)
    assert isinstance(_match("simple", sets=5), kozel.Ruleset)
    assert isinstance(_match("simple", sets=6), kozel.RulesetError)
    assert isinstance(_match("classic", tails_points=1000), kozel.Ruleset)
    assert isinstance(_match("classic", tails_points=1001), kozel.RulesetError)
    for name in kozel.variants.names():  # every built-in lies inside the bounds
        rules = kozel.variants.get(name)
        assert rules.match.sets <= limits.MAX_SETS
        assert rules.players <= limits.MAX_PLAYERS


def test_a_scoring_table_that_writes_nothing_is_refused():
    data = kozel.forms.to_data(kozel.variants.get("classic"))
    data["scoring"] = {**data["scoring"], "rows": [{"low": 0, "high": 120, "written": 0}], "no_trick": None}
    error = bounded(kozel.forms.from_data, data)
    assert isinstance(error, kozel.RulesetError)
    assert "writes no points" in str(error)


def test_players_at_most_twelve():
    rules = kozel.variants.get("classic")
    data = kozel.forms.to_data(rules)
    for players, refused in ((12, False), (13, True)):
        data["seating"] = {"players": players, "sides": players}
        result = bounded(kozel.forms.from_data, data)
        assert ("from 2 to 12" in str(result)) is refused


def _fixed_trumps(cards: Any) -> str:
    return json.dumps({"base": "pairs", "trumps": {"fixed": [str(card) for card in cards]}}, ensure_ascii=False)


def test_drawing_deals_need_cards_to_lay():
    pairs = kozel.variants.get("pairs")
    every = _fixed_trumps(pairs.deck)
    error = bounded(kozel.loads_ruleset, every)
    assert isinstance(error, kozel.RulesetError)
    assert "neither trumps nor aces" in str(error)
    trumps = pairs.trumps.table(None).trump_mask
    layable = [c for c in pairs.deck if not trumps & c.bit and c.rank != kozel.Rank.ACE]
    fixed = [*pairs.trumps.fixed, *layable[: len(layable) - 8]]  # 8 left: pants double lays 2 each for 4 players
    just = _fixed_trumps(fixed)
    assert isinstance(bounded(kozel.loads_ruleset, just), kozel.Ruleset)
    fewer = _fixed_trumps([*fixed, layable[-1]])
    assert isinstance(bounded(kozel.loads_ruleset, fewer), kozel.RulesetError)
