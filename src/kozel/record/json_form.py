"""The JSON form of states, views, moves and rulesets: versioned, exact, and checked when read.

Every document is a table ``{"kozel": WHAT, "format": 1, ...}`` where ``WHAT`` is ``"state"``,
``"view"``, ``"move"`` or ``"ruleset"``.  :func:`~kozel.record.to_json` writes any of the four and
:func:`~kozel.record.from_json` reads any of them back to an equal value.

A state is written twice over: as what it came from (the match's seed, the deck order its deal
began from, the facts of that deal's start, the moves of the match) and as its position (hands,
stock, talon, trick, the cards laid in a drawing praise deal, won cards, tricks, turn, phase,
trump, scores, results), so that a program in
any language can read the position without an engine.  Reading checks the position first (every
card of the deck in exactly one place, hands no larger than the deal gives, one list per seat
and per side), then the replay data as the engine makes it (a seed of at most 100 digits, a first
dealer at the table, an opening deck of each card once, redeals the rules allow, finished hands
whose numbers add up, and a score sheet and sets that are what those hands wrote from the match's
start: all a later deal without its earlier moves, a sampled world, has to go on), then rebuilds
the state by replaying the moves from the deal's start, where the earlier moves must lead, and
refuses it unless the replay arrives at the written position.  Each problem raises
:class:`~kozel.StateError` saying which field is wrong and how, and nothing is returned; the
position may be left out (``"position": null``), and the replay alone decides.  A key given twice
in one table of any document is refused.

A view is written field by field (events with their ``kind``); reading checks the types and the
view's consistency: seats at the table, one entry per seat or side, sizes within what the rules
deal, cards of the deck, and no card in two known places (:mod:`kozel.view.check`, the checks
:func:`~kozel.determinize` makes of a view it did not make).
A move is ``{"seat", "kind", "cards", "choice"}`` with the cards as text.  A ruleset is the
document :func:`kozel.forms.dumps_ruleset` writes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from kozel.cards.card import CARDS, Card, Suit
from kozel.cards.cardset import CardSet
from kozel.cards.notation import format_cards, parse_cards
from kozel.engine.core import apply
from kozel.engine.deal import HandStart
from kozel.engine.hand_end import sheet_after, sweep_of
from kozel.engine.start import new_game, start_hand
from kozel.errors import IllegalMoveError, KozelError, NotationError, StateError, WrongTypeError
from kozel.forms.files import dumps_ruleset, loads_ruleset
from kozel.game.log import append as log_append
from kozel.game.move import Move, MoveKind, broken_move_error, parse_move
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Match, Phase
from kozel.limits import MAX_DEPTH, NUMBER_DIGITS, SEED_DIGITS, depth, seed_fits
from kozel.limits import indent as checked_indent
from kozel.plain_types import unique_keys
from kozel.record.plain import dump, load
from kozel.rules.ruleset import Ruleset
from kozel.view.check import check_sets, check_view
from kozel.view.view import PlayerView

__all__ = ["FORMAT", "from_json", "to_json"]

#: The version of the JSON documents this module writes and reads.
FORMAT: Final = 1
_WHAT: Final = ("state", "view", "move", "ruleset")

Document = GameState | PlayerView | Move | Ruleset


def to_json(value: Document, *, indent: int | None = None) -> str:
    """``value`` (a state, view, move or ruleset) as a versioned JSON document; :func:`from_json` reads it back.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> kozel.record.from_json(kozel.record.to_json(state)) == state
    True
    >>> kozel.record.to_json(kozel.Move.parse("2 beat A♠ 10♥"))
    '{"kozel": "move", "format": 1, "move": {"seat": 2, "kind": "beat", "cards": "A♠ 10♥", "choice": null}}'

    ``indent`` is None (one line) or 0 to :data:`~kozel.limits.MAX_INDENT` spaces a level.
    """
    spaces = checked_indent(indent)
    if isinstance(value, Ruleset):
        return dumps_ruleset(value, indent=spaces)
    if isinstance(value, GameState):
        body: dict[str, Any] = {"state": _state_data(value)}
        what = "state"
    elif isinstance(value, PlayerView):
        body = {"view": _view_data(value)}
        what = "view"
    elif isinstance(value, Move):
        error = broken_move_error(value)
        if error is not None:
            raise error
        body = {"move": _move_data(value)}
        what = "move"
    else:
        raise WrongTypeError(f"to_json writes a GameState, PlayerView, Move or Ruleset, not {type(value).__name__}")
    return json.dumps({"kozel": what, "format": FORMAT, **body}, ensure_ascii=False, indent=spaces)


def from_json(text: str) -> Document:
    """The state, view, move or ruleset of a JSON document :func:`to_json` wrote, checked.

    Text that is not such a document, or a document whose value breaks a rule or an invariant,
    raises :class:`~kozel.StateError` (a ruleset document: :class:`~kozel.RulesetError`) and
    nothing is returned.
    """
    if not isinstance(text, str):
        raise StateError(f"a JSON document is read from text, not from {type(text).__name__}")
    data = _parse(text)
    if not isinstance(data, dict) or "kozel" not in data:
        raise StateError('not a kozel document: expected a table with "kozel" and "format"')
    what = data["kozel"]
    if what not in _WHAT:
        raise StateError(f"kozel: expected one of {', '.join(_WHAT)}, got {what!r}")
    if what == "ruleset":
        return loads_ruleset(text, format="json")
    version = data.get("format")
    if type(version) is not int or version != FORMAT:
        raise StateError(f"format: this kozel reads format {FORMAT}, not {version!r}")
    extra = set(data) - {"kozel", "format", what}
    if extra or what not in data:
        raise StateError(f"a {what} document holds kozel, format and {what}, not {', '.join(sorted(map(str, data)))}")
    if what == "state":
        return _state_from(data["state"])
    if what == "view":
        return _view_from(data["view"])
    return _move_from(data["move"], "move")


def _parse(text: str) -> Any:
    """The JSON value of ``text``; NaN and infinities, and a key given twice in one table, are refused.

    A ruleset document is left to :func:`~kozel.forms.loads_ruleset`, which refuses a key given
    twice with its own error (:class:`~kozel.RulesetError`).
    """
    twice: list[str] = []

    def refuse_constant(name: str) -> NoReturn:
        raise ValueError(f"{name} is not a JSON value")

    def table(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        try:
            return unique_keys(pairs)
        except ValueError as error:
            twice.append(str(error))
            return dict(pairs)

    if depth(text) > MAX_DEPTH:
        raise StateError(f"the document's lists and tables nest more than {MAX_DEPTH} deep; kozel reads at most that")
    try:
        data = json.loads(text, object_pairs_hook=table, parse_constant=refuse_constant)
    except (ValueError, RecursionError) as error:
        raise StateError(f"not valid JSON: {error}") from None
    if twice and not (isinstance(data, dict) and data.get("kozel") == "ruleset"):
        raise StateError(f"{twice[0]}; a document gives each key once (which one is meant is not guessed)")
    return data


# Moves --------------------------------------------------------------------------------------------


def _move_data(move: Move) -> dict[str, Any]:
    return {"seat": move.seat, "kind": move.kind.word, "cards": format_cards(move.cards), "choice": move.choice}


def _move_from(data: Any, path: str) -> Move:
    fields = {"seat": int, "kind": MoveKind, "cards": CardSet, "choice": str | None}
    table = _table(data, path, tuple(fields))
    values = {name: load(table[name], hint, f"{path}.{name}") for name, hint in fields.items()}
    try:
        return Move(values["seat"], values["kind"], tuple(values["cards"]), values["choice"])
    except (NotationError, TypeError) as error:
        raise StateError(f"{path}: {error}") from None


# States -------------------------------------------------------------------------------------------


def _state_data(state: GameState) -> dict[str, Any]:
    deal, match = state.deal, state.match
    base = deal.base
    began = base.match or match  # the match record as the deal began
    trick, drawing = state.trick, state.drawing
    return {
        "ruleset": dump(match.ruleset, Ruleset),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "opening": format_cards(match.opening) if match.opening is not None else None,
        "earlier_moves": [str(move) for move in state.match_moves[: len(match.history) // 8]],
        "deal": {
            "number": deal.number,
            "dealer": deal.dealer,
            "order": format_cards([CARDS[index] for index in base.order]),
            "leader": base.leader,
            "last_opener": deal.last_opener,
            "redeals": list(deal.redeals),
            "scores": list(began.scores),
            "sets": list(began.sets),
            "hand_results": dump(began.hand_results, tuple[HandResult, ...]),
        },
        "moves": [str(move) for move in state.moves],
        "position": {
            "hands": [format_cards(hand) for hand in state.hands],
            "stock": format_cards(state.stock),
            "talon": format_cards(state.talon),
            "trick": None if trick is None else [str(play) for play in trick.plays],
            "laid": None if drawing is None else [str(play) for play in (*drawing.dark, *drawing.open)],
            "won": [format_cards(cards) for cards in state.won],
            "tricks": list(state.trick_counts),
            "turn": state.turn,
            "phase": state.phase.value,
            "trump": state.trump.symbol if state.trump is not None else None,
            "trump_card": str(state.trump_card) if state.trump_card is not None else None,
            "scores": list(state.scores),
            "hand_results": dump(state.hand_results, tuple[HandResult, ...]),
            "result": dump(state.result, MatchResult | None),
        },
    }


_STATE_FIELDS: Final = ("ruleset", "seed", "first_dealer", "opening", "earlier_moves", "deal", "moves", "position")
_DEAL_FIELDS: Final = (
    "number", "dealer", "order", "leader", "last_opener", "redeals", "scores", "sets", "hand_results",
)  # fmt: skip
_POSITION_FIELDS: Final = (
    "hands", "stock", "talon", "trick", "laid", "won", "tricks", "turn", "phase", "trump", "trump_card", "scores",
    "hand_results", "result",
)  # fmt: skip


def _table(data: Any, path: str, fields: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StateError(f"{path}: expected a table, got {type(data).__name__}")
    for key in data:
        if key not in fields:
            raise StateError(f"{path}.{key}: no such field; fields are {', '.join(fields)}")
    for key in fields:
        if key not in data and key not in optional:
            raise StateError(f"{path}.{key}: missing")
    return data


def _cards(data: Any, path: str) -> tuple[Card, ...]:
    if not isinstance(data, str):
        raise StateError(f"{path}: expected cards as text such as 'A♠ 10♥', got {type(data).__name__}")
    try:
        return parse_cards(data)
    except NotationError as error:
        raise StateError(f"{path}: {error}") from None


def _moves(data: Any, path: str) -> list[Move]:
    if not isinstance(data, list):
        raise StateError(f"{path}: expected a list of moves, got {type(data).__name__}")
    moves = []
    for index, text in enumerate(data):
        if not isinstance(text, str):
            raise StateError(f"{path}[{index}]: expected a move such as '2 beat A♠ 10♥', got {type(text).__name__}")
        try:
            moves.append(parse_move(text))
        except NotationError as error:
            raise StateError(f"{path}[{index}]: {error}") from None
    return moves


def _state_from(data: Any) -> GameState:
    table = _table(data, "state", _STATE_FIELDS, optional=("position",))
    rules: Ruleset = load(table["ruleset"], Ruleset, "state.ruleset")
    seed = load(table["seed"], int, "state.seed")
    if not seed_fits(seed):
        raise StateError(f"state.seed: a whole number of at most {SEED_DIGITS} digits, not one of {_digits(seed)}")
    first_dealer = load(table["first_dealer"], int, "state.first_dealer")
    if not 0 <= first_dealer < rules.players:
        raise StateError(f"state.first_dealer: a seat from 0 to {rules.players - 1}, not {first_dealer}")
    opening = None if table["opening"] is None else _cards(table["opening"], "state.opening")
    if opening is not None:  # the first deal's order: each card of the deck once
        _check_once(rules, {"state.opening": opening}, "state.opening")
    earlier = _moves(table["earlier_moves"], "state.earlier_moves")
    moves = _moves(table["moves"], "state.moves")
    position = table.get("position")
    if position is not None:
        _check_position(rules, position)
    history = b""
    for move in earlier:
        history = log_append(history, move)
    start = _deal_start(rules, seed, table["deal"], history=history, opening=opening, first_dealer=first_dealer)
    if earlier or not start.deal.number:  # a deal a match reached from its start: it must lead here
        _check_earlier(earlier, start)
    state = start
    for index, move in enumerate(moves):
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            raise StateError(f"state.moves[{index}]: {error}") from error
    if position is not None:
        _compare(state, position)
    return state


def _deal_start(
    rules: Ruleset, seed: int, data: Any, *, history: bytes, opening: tuple[Card, ...] | None, first_dealer: int
) -> GameState:
    """The start of the state's deal, as the engine deals it from the written order and facts."""
    table = _table(data, "state.deal", _DEAL_FIELDS)
    order = _cards(table["order"], "state.deal.order")
    whole = {name: load(table[name], int, f"state.deal.{name}") for name in ("number", "dealer", "leader")}
    last_opener = load(table["last_opener"], int | None, "state.deal.last_opener")
    lists = {name: load(table[name], tuple[int, ...], f"state.deal.{name}") for name in ("redeals", "scores", "sets")}
    results = load(table["hand_results"], tuple[HandResult, ...], "state.deal.hand_results")
    for name, seat in (("dealer", whole["dealer"]), ("leader", whole["leader"]), ("last_opener", last_opener)):
        if seat is not None and not 0 <= seat < rules.players:
            raise StateError(f"state.deal.{name}: a seat from 0 to {rules.players - 1}, not {seat}")
    _check_redeals(rules, lists["redeals"], finished=len(results))
    earlier = len(results) + len(lists["redeals"])  # each finished hand and each redeal was a deal of its own
    if not earlier <= whole["number"] < 10**NUMBER_DIGITS:
        raise StateError(
            f"state.deal.number: the deals before this one, at least one per finished hand ({len(results)}) and "
            f"per redeal in a row ({len(lists['redeals'])}), and at most {NUMBER_DIGITS} digits, not "
            f"{whole['number']}"
        )
    for name in ("scores", "sets"):
        if len(lists[name]) != rules.sides:
            raise StateError(f"state.deal.{name}: one number per side ({rules.sides}), not {len(lists[name])}")
    check_sets(rules, lists["sets"], "state.deal.sets")
    _check_results(rules, results)
    _check_sheet(rules, results, scores=lists["scores"], sets=lists["sets"])
    match = Match(
        ruleset=rules,
        seed=seed,
        first_dealer=first_dealer,
        opening=opening,
        history=history,
        scores=lists["scores"],
        hand_results=results,
        sets=lists["sets"],
    )
    try:
        start = HandStart(
            number=whole["number"],
            dealer=whole["dealer"],
            order=_deck_order(rules, order),
            lead=rules.leading.first_hand,
            last_opener=last_opener,
            leader=whole["leader"],
            redeals=lists["redeals"],
        )
        return start_hand(match, start)
    except KozelError as error:
        raise StateError(f"state.deal: {error}") from None


def _digits(number: int) -> str:
    return f"{len(str(abs(number)))} digits"


def _check_redeals(rules: Ruleset, redeals: tuple[int, ...], *, finished: int) -> None:
    """The sides whose redeals in a row led to this deal: sides of the table, where the rules let them call.

    A ruleset without a redeal has none; one without a redeal in the first hand has none before a
    hand has finished; and with a limit, no side calls more redeals in a row than it (the call past
    it loses the hand instead of dealing again).
    """
    if not redeals:
        return
    rule = rules.redeal
    if rule is None:
        raise StateError(f"state.deal.redeals: {rules.name!r} has no redeal, so no deal follows one: {list(redeals)}")
    for index, side in enumerate(redeals):
        if not 0 <= side < rules.sides:
            raise StateError(f"state.deal.redeals[{index}]: a side from 0 to {rules.sides - 1}, not {side}")
    if not rule.first_hand and not finished:
        raise StateError(f"state.deal.redeals: {rules.name!r} has no redeal in the first hand; none has finished")
    if rule.limit is not None:
        run = 0
        for index, side in enumerate(redeals):
            run = run + 1 if index and redeals[index - 1] == side else 1
            if run > rule.limit:
                raise StateError(
                    f"state.deal.redeals[{index}]: side {side} calls a redeal {run} times in a row; {rules.name!r} "
                    f"allows {rule.limit} (a call past the limit loses the hand, and nothing is dealt again)"
                )


def _check_results(rules: Ruleset, results: tuple[HandResult, ...]) -> None:
    """Each finished hand as the engine writes it: one number per side, none below 0, the deck's card points counted.

    A hand played out counts every card point of the deck; one stopped by a catch or lost by a
    redeal past the limit counts none and is not eggs; a declarer is a seat, in a ruleset with
    bidding for the talon.
    """
    total = rules.total_points
    bidding = rules.talon.bidding if rules.talon is not None else None
    for index, result in enumerate(results):
        path = f"state.deal.hand_results[{index}]"
        for name in ("points", "tricks", "written"):
            values = getattr(result, name)
            if len(values) != rules.sides:
                raise StateError(f"{path}.{name}: one number per side ({rules.sides})")
            for side, value in enumerate(values):
                if value < 0:
                    raise StateError(f"{path}.{name}[{side}]: a whole number of 0 or more, not {value}")
        if sum(result.tricks) > len(rules.deck):
            raise StateError(f"{path}.tricks: {sum(result.tricks)}, more than the deck's {len(rules.deck)} cards make")
        stopped = result.caught or result.forfeited
        if result.caught and result.forfeited:
            raise StateError(f"{path}: a hand stopped by a catch is not also forfeited by a redeal")
        wanted = 0 if stopped else total
        if sum(result.points) != wanted:
            raise StateError(
                f"{path}.points: add up to {sum(result.points)}, but a hand "
                + ("stopped before its cards were counted counts 0" if stopped else f"counts the deck's {total}")
            )
        if stopped and result.eggs:
            raise StateError(f"{path}.eggs: a hand stopped before its cards were counted is not eggs")
        if result.declarer is not None:
            if bidding is None:
                raise StateError(f"{path}.declarer: {rules.name!r} has no bidding for the talon, so no declarer")
            if not 0 <= result.declarer < rules.players:
                raise StateError(f"{path}.declarer: a seat from 0 to {rules.players - 1}, not {result.declarer}")


def _check_sheet(
    rules: Ruleset, results: tuple[HandResult, ...], *, scores: tuple[int, ...], sets: tuple[int, ...]
) -> None:
    """The score sheet and sets at the deal's start are what the finished hands wrote, from the match's start.

    Each hand is written on the sheet by the engine's own rule (:func:`kozel.engine.hand_end.sheet_after`, with
    what taking every trick does where a hand was counted by its table); no finished hand may have ended the
    match, since a deal followed it.
    """
    start = rules.match.start
    sheet, won = (start,) * rules.sides, (0,) * rules.sides
    for index, result in enumerate(results):
        stopped = result.caught or result.forfeited  # stopped before the count: no table, no sweep
        sweep = None if stopped else sweep_of(rules, result.tricks, result.declarer)
        sheet, won, goats = sheet_after(rules, sheet, won, result.written, sweep)
        if goats is not None:
            raise StateError(f"state.deal.hand_results[{index}]: this hand ended the match, so no deal follows it")
    if won != sets:
        raise StateError(f"state.deal.sets: written as {list(sets)}, but the finished hands won {list(won)}")
    if sheet != scores:
        raise StateError(
            f"state.deal.scores: written as {list(scores)}, but the finished hands wrote {list(sheet)} "
            f"from the match's start of {start} a side"
        )


def _deck_order(rules: Ruleset, order: tuple[Card, ...]) -> tuple[Card, ...]:
    _check_once(rules, {"state.deal.order": order}, "state.deal.order")
    return order


def _check_earlier(earlier: list[Move], start: GameState) -> None:
    """The earlier moves, from the match's start, must lead to the start of this deal."""
    match = start.match
    rules = match.ruleset
    try:
        state = new_game(rules, match.seed, deck=match.opening, dealer=match.first_dealer)
    except KozelError as error:
        raise StateError(f"state: the match's start does not fit the ruleset: {error}") from None
    for index, move in enumerate(earlier):
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            raise StateError(f"state.earlier_moves[{index}]: {error}") from error
    if state != start:
        raise StateError("state.deal: the earlier moves do not lead to the start of this deal as written")


def _check_position(rules: Ruleset, data: Any) -> None:
    """Every card in exactly one place, and places of the right number and size."""
    table = _table(data, "state.position", _POSITION_FIELDS)
    places: dict[str, tuple[Card, ...]] = {}
    for name, count in (("hands", rules.players), ("won", rules.sides)):
        rows = table[name]
        if not isinstance(rows, list) or len(rows) != count:
            raise StateError(f"state.position.{name}: one entry per {'seat' if name == 'hands' else 'side'} ({count})")
        for index, row in enumerate(rows):
            places[f"state.position.{name}[{index}]"] = _cards(row, f"state.position.{name}[{index}]")
    for name in ("stock", "talon"):
        places[f"state.position.{name}"] = _cards(table[name], f"state.position.{name}")
    for name in ("trick", "laid"):
        if table[name] is not None:
            plays = _moves(table[name], f"state.position.{name}")
            places[f"state.position.{name}"] = tuple(card for play in plays for card in play.cards)
    _check_once(rules, places, "state.position")
    # A hand may hold the talon (its taker) or the trumps handed over (a partner yet to give back).
    limit = rules.largest_hand
    for index in range(rules.players):
        size = len(places[f"state.position.hands[{index}]"])
        if size > limit:
            raise StateError(
                f"state.position.hands[{index}]: {size} cards; a hand of {rules.name!r} never holds more than {limit}"
            )


def _check_once(rules: Ruleset, places: dict[str, tuple[Card, ...]], whole: str) -> None:
    """Every card of the deck in exactly one of ``places`` (which together are ``whole``), and no other card."""
    seen: dict[Card, str] = {}
    for where, cards in places.items():
        for card in cards:
            if card not in rules.deck:
                raise StateError(f"{where}: {card} is not a card of {rules.name!r}")
            if card in seen:
                again = "twice" if seen[card] == where else f"in {seen[card]} too"
                raise StateError(f"{where}: {card} is {again}; every card lies in exactly one place")
            seen[card] = where
    missing = [card for card in rules.deck if card not in seen]
    if missing:
        raise StateError(f"{whole}: {format_cards(missing)} missing; every card lies in exactly one place")


def _compare(state: GameState, data: dict[str, Any]) -> None:
    """The replayed state must be at the written position."""
    written = {
        "hands": [CardSet(_cards(row, "")) for row in data["hands"]],
        "stock": _cards(data["stock"], ""),
        "talon": _cards(data["talon"], ""),
        "trick": None if data["trick"] is None else _moves(data["trick"], "state.position.trick"),
        "laid": None if data["laid"] is None else _moves(data["laid"], "state.position.laid"),
        "won": [CardSet(_cards(row, "")) for row in data["won"]],
        "tricks": load(data["tricks"], tuple[int, ...], "state.position.tricks"),
        "turn": load(data["turn"], int | None, "state.position.turn"),
        "phase": load(data["phase"], Phase, "state.position.phase"),
        "trump": load(data["trump"], Suit | None, "state.position.trump"),
        "trump_card": load(data["trump_card"], Card | None, "state.position.trump_card"),
        "scores": load(data["scores"], tuple[int, ...], "state.position.scores"),
        "hand_results": load(data["hand_results"], tuple[HandResult, ...], "state.position.hand_results"),
        "result": load(data["result"], MatchResult | None, "state.position.result"),
    }
    trick = state.trick
    actual = {
        "hands": list(state.hands),
        "stock": state.stock,
        "talon": state.talon,
        "trick": None if trick is None else list(trick.plays),
        "laid": None if state.drawing is None else [*state.drawing.dark, *state.drawing.open],
        "won": list(state.won),
        "tricks": state.trick_counts,
        "turn": state.turn,
        "phase": state.phase,
        "trump": state.trump,
        "trump_card": state.trump_card,
        "scores": state.scores,
        "hand_results": state.hand_results,
        "result": state.result,
    }
    for name, value in written.items():
        if value != actual[name]:
            raise StateError(
                f"state.position.{name}: written as {_words(value)}, but the moves lead to {_words(actual[name])}"
            )


def _words(value: Any) -> str:
    if isinstance(value, CardSet):
        return format_cards(value) or "no cards"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_words(item) for item in value) + "]"
    if isinstance(value, Card | Move):
        return str(value)
    return repr(value)


# Views --------------------------------------------------------------------------------------------


def _view_data(view: PlayerView) -> dict[str, Any]:
    data: dict[str, Any] = dump(view, PlayerView)
    return data


def _view_from(data: Any) -> PlayerView:
    view: PlayerView = load(data, PlayerView, "view")
    _check_view(view)
    return view


def _check_view(view: PlayerView) -> None:
    check_view(view)
