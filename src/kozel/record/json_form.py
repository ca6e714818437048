"""The JSON form of states, views, moves and rulesets: versioned, exact, and checked when read.

Every document is a table ``{"kozel": WHAT, "format": 1, ...}`` where ``WHAT`` is ``"state"``,
``"view"``, ``"move"``, ``"event"`` or ``"ruleset"``.  :func:`~kozel.record.to_json` writes any of the
five and :func:`~kozel.record.from_json` reads any of them back to an equal value.

A state is written twice over: as what it came from (the match's seed, the deck order its deal
began from, the facts of that deal's start, the moves of the match) and as its position (hands,
stock, talon, trick, the cards laid in a drawing praise deal, won cards, tricks, turn, phase,
trump, scores, results), so that a program in
any language can read the position without an engine.  Reading checks the position first (every
card of the deck in exactly one place, hands no larger than the deal gives, one list per seat
and per side), then plays the earlier moves from the match's start as it reads them (the first
that is no legal move stops the reading), then the replay data as the engine makes it (a seed of
at most 100 digits, a first dealer at the table, an opening deck of each card once, redeals the
rules allow, finished hands whose numbers add up, a score sheet and sets that are what those
hands wrote from the match's start, and the deal's number, dealer, opener and last opener where
the rules name them), then rebuilds the state by replaying the moves from the deal's start, where
the earlier moves must lead, and refuses it unless the replay arrives at the written position.
Each problem raises :class:`~kozel.StateError` saying which field is wrong and how, and nothing
is returned; the position may be given as ``"position": null`` (the key is still written), and the
replay alone decides.
A key given twice in one table of any document is refused.

A later deal without its earlier moves (a world :func:`~kozel.determinize` drew mid-match) has
only those checks to go on, and its earlier deals are unknown, so some of its facts are taken as
written: the redeals of the finished hands (the number only has to count at least one deal per
finished hand and per redeal in a row; before the first hand has finished it counts those
redeals, and without a redeal rule the finished hands); the first dealer once a finished hand has
passed the deal on (a drawn world names the dealer of the deal it was drawn in), and, where the
opener of a hand deals the next, the dealer after a hand dealt again; the opener where the taker
of the last trick opens, or where a praise deal before the redeals in a row may have named
another; and the last opener where the last hand's opener was named by its cards, its last
trick's taker or a praise deal, or its dealer is not known.

A view is written field by field (events with their ``kind``); reading checks the types and the
view's consistency: seats at the table, one entry per seat or side, sizes within what the rules
deal, cards of the deck, no card in two known places, finished hands as the engine writes them,
and scores, sets and a match result that the sheet at the deal's start and the hand finished
since give (:mod:`kozel.view.check`, the checks :func:`~kozel.determinize` makes of a view it did
not make); and, as for a state, that the sheet the deal began at is what the hands finished
before it wrote from the match's start.
A move is ``{"seat", "kind", "cards", "choice"}`` with the cards as text.  An event is written as a view's
history writes it (tagged with its ``type``); alone, it does not say at which table it happened, so reading
one checks its form: each field of its kind, every seat and count a whole number from 0.  A ruleset is the
document :func:`kozel.forms.dumps_ruleset` writes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

import attrs

from kozel.cards.card import CARDS, Card, Suit
from kozel.cards.cardset import CardSet
from kozel.cards.notation import format_cards, parse_cards
from kozel.engine.core import apply
from kozel.engine.deal import HandStart, lead_seat
from kozel.engine.events import CardsReturned, Event, Played
from kozel.engine.hand_end import dealt_again, first_dealer_of
from kozel.engine.start import new_game, start_hand
from kozel.errors import KozelError, NotationError, StateError, WrongTypeError
from kozel.forms.files import BOM, dumps_ruleset, loads_ruleset
from kozel.game.move import Move, MoveKind, broken_move_error, parse_move
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Match, Phase
from kozel.limits import MAX_DEPTH, NUMBER_DIGITS, SEED_DIGITS, depth, seed_fits
from kozel.limits import indent as checked_indent
from kozel.plain_types import LongNumberError, init_fields, read_int, short_repr, unique_keys
from kozel.record.plain import dump, load
from kozel.rules.dealing import DealerRotation
from kozel.rules.leading import LeadSeat
from kozel.rules.ruleset import Ruleset
from kozel.view.check import check_move_cards, check_results, check_sets, check_sheet, check_view
from kozel.view.view import PlayerView, made_by_engine

__all__ = ["FORMAT", "Document", "from_json", "to_json"]

#: The version of the JSON documents this module writes and reads.
FORMAT: Final = 1
_WHAT: Final = ("state", "view", "move", "event", "ruleset")
#: The numbers of an event that may be below 0, by class and field (written points, where a score counts down);
#: every other is a seat, a count or a number of hands, from 0.
_SIGNED: Final = frozenset({("Dealt", "scores"), ("HandScored", "scores"), ("HandResult", "written")})

#: What the JSON form holds: a state, a view, a move, an event or a ruleset (``from_json`` gives one of these).
Document = GameState | PlayerView | Move | Event | Ruleset


def to_json(value: Document, *, indent: int | None = None) -> str:
    """``value`` (a state, view, move, event or ruleset) as a versioned JSON document; :func:`from_json` reads it back.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> kozel.record.from_json(kozel.record.to_json(state)) == state
    True
    >>> kozel.record.to_json(kozel.Move.parse("2 beat A♠ 10♥"))
    '{"kozel": "move", "format": 1, "move": {"seat": 2, "kind": "beat", "cards": "A♠ 10♥", "choice": null}}'

    ``indent`` is None (one line) or 0 to :data:`~kozel.limits.MAX_INDENT` spaces a level.  A view the engine did
    not make (read from JSON, built or changed by hand) is checked as :func:`from_json` checks the document, and one
    it would refuse raises :class:`~kozel.StateError` naming the field; a view the engine made is written unchecked.
    A state is not checked (that would replay it): one changed by hand is written, and :func:`from_json` refuses
    the document where no legal play leaves its position.
    """
    spaces = checked_indent(indent)
    if isinstance(value, Ruleset):
        return dumps_ruleset(value, indent=spaces)
    if isinstance(value, GameState):
        try:
            data = {"kozel": "state", "format": FORMAT, "state": _state_data(value)}
            return json.dumps(data, ensure_ascii=False, indent=spaces)
        except (ValueError, TypeError, AttributeError, IndexError, KeyError) as failure:
            # a state changed by hand after the engine made it: a field of the wrong kind, or a number too long
            raise _unwritable_state(failure) from None
    elif isinstance(value, PlayerView):
        if not made_by_engine(value):  # built or changed by hand: written only as from_json would read it back
            _check_view(value)
        try:
            data = {"kozel": "view", "format": FORMAT, "view": _view_data(value)}
            return json.dumps(data, ensure_ascii=False, indent=spaces)
        except (ValueError, TypeError) as failure:  # an edited view: a field of the wrong kind, or a number too long
            raise _unwritable_view(value, failure) from None
    elif isinstance(value, Move):
        error = broken_move_error(value)
        if error is not None:
            raise error
        data = {"kozel": "move", "format": FORMAT, "move": _move_data(value)}
        return json.dumps(data, ensure_ascii=False, indent=spaces)
    elif isinstance(value, Event):
        if type(value) is Event:
            raise WrongTypeError(
                "to_json writes one of the engine's events (Dealt, Played...), not the base class Event"
            )
        try:
            data = {"kozel": "event", "format": FORMAT, "event": dump(value, Event)}
            return json.dumps(data, ensure_ascii=False, indent=spaces)
        except (ValueError, TypeError, AttributeError, KeyError) as failure:  # an event changed after it was made
            raise StateError(
                f"the {type(value).__name__} event cannot be written: a field of the wrong kind "
                f"({type(failure).__name__}: {failure})"
            ) from None
    raise WrongTypeError(f"to_json writes a GameState, PlayerView, Move, Event or Ruleset, not {type(value).__name__}")


def from_json(text: str) -> Document:
    """The state, view, move, event or ruleset of a JSON document :func:`to_json` wrote, checked.

    Text that is not such a document, or a document whose value breaks a rule or an invariant,
    raises :class:`~kozel.StateError` (a ruleset document: :class:`~kozel.RulesetError`) and
    nothing is returned.
    """
    if not isinstance(text, str):
        raise StateError(f"a JSON document is read from text, not from {type(text).__name__}")
    text = text.removeprefix(BOM)  # one byte order mark, as an editor may save UTF-8 with, as ruleset files are read
    data = _parse(text)
    if not isinstance(data, dict) or "kozel" not in data:
        raise StateError('not a kozel document: expected a table with "kozel" and "format"')
    what = data["kozel"]
    if what not in _WHAT:
        raise StateError(f"kozel: expected one of {', '.join(_WHAT)}, got {short_repr(what)}")
    if what == "ruleset":
        return loads_ruleset(text, format="json")
    version = data.get("format")
    if type(version) is not int or version != FORMAT:
        newer = " (a newer kozel wrote it: upgrade kozel)" if type(version) is int and version > FORMAT else ""
        raise StateError(f"format: this kozel reads format {FORMAT}, not {short_repr(version)}{newer}")
    extra = set(data) - {"kozel", "format", what}
    if extra or what not in data:
        raise StateError(f"a {what} document holds kozel, format and {what}, not {', '.join(sorted(map(str, data)))}")
    if what == "state":
        return _state_from(data["state"])
    if what == "view":
        return _view_from(data["view"])
    if what == "event":
        return _event_from(data["event"])
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
        data = json.loads(text, object_pairs_hook=table, parse_constant=refuse_constant, parse_int=read_int)
    except LongNumberError as error:
        raise StateError(f"the document holds {error}") from None
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


def _table(data: Any, path: str, fields: Sequence[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StateError(f"{path}: expected a table, got {type(data).__name__}")
    for key in data:
        if key not in fields:
            raise StateError(f"{path}.{key}: no such field; fields are {', '.join(fields)}")
    for key in fields:
        if key not in data:
            null = " (write null for a position left out: the moves alone then decide)" if key == "position" else ""
            raise StateError(f"{path}.{key}: missing{null}")
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
    table = _table(data, "state", _STATE_FIELDS)
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
    earlier = table["earlier_moves"]
    if not isinstance(earlier, list):
        raise StateError(f"state.earlier_moves: expected a list of moves, got {type(earlier).__name__}")
    moves = _moves(table["moves"], "state.moves")
    position = table["position"]
    if position is not None:
        _check_position(rules, position)
    # The earlier moves are played from the match's start as they are read: the first that is no move, or no legal
    # one, stops the reading; the match history is the one the engine keeps of them.
    reached = _played(_match_start(rules, seed, opening, first_dealer), earlier) if earlier else None
    history = b"" if reached is None else reached.match.history
    start = _deal_start(rules, seed, table["deal"], history=history, opening=opening, first_dealer=first_dealer)
    if reached is None and not start.deal.number:  # the match's first deal: the match's start
        reached = _match_start(rules, seed, opening, first_dealer)
    if reached is not None and reached != start:  # a deal a match reached from its start: it must lead here
        if earlier:
            raise StateError("state.deal: the earlier moves do not lead to the start of this deal as written")
        raise StateError(
            "state.deal: the match's first deal is not the one its seed, first_dealer and opening give (a deal "
            "written as it stands, deal.order included, must be the one they deal)"
        )
    state = start
    for index, move in enumerate(moves):
        state = _apply(state, move, f"state.moves[{index}]")
    if position is not None:
        _compare(state, position)
    return state


def _match_start(rules: Ruleset, seed: int, opening: tuple[Card, ...] | None, first_dealer: int) -> GameState:
    """The match's first deal, as the engine deals it from the seed (or the opening order) and the first dealer."""
    try:
        return new_game(rules, seed, deck=opening, dealer=first_dealer)
    except KozelError as error:
        raise StateError(f"state: the match's start does not fit the ruleset: {error}") from None


def _played(state: GameState, texts: list[Any]) -> GameState:
    """``state`` with the earlier moves ``texts`` played, each read as it comes: the first that fails stops."""
    for index, text in enumerate(texts):
        path = f"state.earlier_moves[{index}]"
        if not isinstance(text, str):
            raise StateError(f"{path}: expected a move such as '2 beat A♠ 10♥', got {type(text).__name__}")
        try:
            move = parse_move(text)
        except NotationError as error:
            raise StateError(f"{path}: {error}") from None
        state = _apply(state, move, path)
    return state


def _apply(state: GameState, move: Move, path: str) -> GameState:
    try:
        return apply(state, move)
    except KozelError as error:  # an illegal move (every refusal of a parsed move is the library's)
        raise StateError(f"{path}: {error}") from error


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
    check_results(rules, results, "state.deal.hand_results")
    check_sheet(
        rules,
        results,
        scores=lists["scores"],
        sets=lists["sets"],
        path="state.deal",
        results_path="state.deal.hand_results",
    )
    _check_number(rules, whole["number"], lists["redeals"], results)
    _check_dealers(rules, first_dealer, whole["dealer"], last_opener, results)
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
    rule = rules.leading.later_hands if results else rules.leading.first_hand
    hand = HandStart(
        number=whole["number"],
        dealer=whole["dealer"],
        order=_deck_order(rules, order),
        lead=rule,
        last_opener=last_opener,
        leader=whole["leader"],
        redeals=lists["redeals"],
    )
    try:
        start = start_hand(match, hand)
        # The seat the rule names to open, where what the document holds names it: by the cards (the holder), or
        # by the dealer (kept through the redeals in a row, unless a praise deal before them may have named another).
        renamed = hand.redeals and rules.praise is not None and rules.redeal is not None and rules.redeal.after_praise
        named = rule is LeadSeat.HOLDER or (rule is not LeadSeat.LAST_TRICK_WINNER and not renamed)
        due = start_hand(match, hand._replace(leader=None)).deal.base.leader if named else hand.leader
    except KozelError as error:
        raise StateError(f"state.deal: {error}") from None
    if due != hand.leader:
        raise StateError(
            f"state.deal.leader: the rule ({rule.value}) names seat {due} to open this deal, not {hand.leader}"
        )
    return start


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


def _check_number(rules: Ruleset, number: int, redeals: tuple[int, ...], results: tuple[HandResult, ...]) -> None:
    """The deals before this one: each finished hand was one, and each redeal.

    Before the first hand has finished, they are the redeals in a row that led here; without a redeal
    rule, they are the finished hands.  (Redeals in the finished hands are not written: where there
    may have been some, only the least number is known.)
    """
    if not results and number != len(redeals):
        raise StateError(
            f"state.deal.number: no hand has finished, so the deals before this one are the redeals in a row that led "
            f"to it ({len(redeals)}), not {number}"
        )
    if rules.redeal is None and number != len(results):
        raise StateError(
            f"state.deal.number: {rules.name!r} has no redeal, so the deals before this one are the finished hands "
            f"({len(results)}), not {number}"
        )


def _check_dealers(
    rules: Ruleset, first_dealer: int, dealer: int, last_opener: int | None, results: tuple[HandResult, ...]
) -> None:
    """The dealer, the first dealer and the last hand's opener, where the rules name them from what the document holds.

    A redeal, and a hand dealt again for eggs, keep the dealer; any other finished hand passes the
    deal on (to the left, or to its opener); the last opener is the seat the last hand's rule named,
    where no praise deal may have named another and the last hand's dealer is known.
    """
    players = rules.players
    if not results and last_opener is not None:
        raise StateError(f"state.deal.last_opener: no hand has finished, so None, not {last_opener}")
    if results and last_opener is None:
        raise StateError("state.deal.last_opener: a seat, the last hand's opener (a hand has finished), not None")
    again = [dealt_again(rules, result) for result in results]
    clockwise = rules.dealing.rotation is DealerRotation.CLOCKWISE
    first = first_dealer_of(rules, dealer, results)
    if first is not None and first != first_dealer:
        if all(again):
            before = "no hand has finished" if not results else "every finished hand was dealt again by its dealer"
            raise StateError(f"state.deal.dealer: {before}, so the first dealer ({first_dealer}) deals, not {dealer}")
        passed = again.count(False)
        raise StateError(
            f"state.deal.dealer: in {rules.name!r} the deal passes to the left after each hand not dealt again "
            f"({passed} so far), so after the first dealer ({first_dealer}) seat {(first_dealer + passed) % players} "
            f"deals, not {dealer}"
        )
    if last_opener is None:  # no hand has finished
        return
    if not clockwise and not again[-1] and dealer != last_opener:
        raise StateError(
            f"state.deal.dealer: in {rules.name!r} the seat that opened the last hand ({last_opener}) deals the next, "
            f"not {dealer}"
        )
    rule = rules.leading.first_hand if len(results) == 1 else rules.leading.later_hands
    last_dealer = dealer if again[-1] else (dealer - 1) % players if clockwise else None
    if last_dealer is None or rules.praise is not None or rule not in (LeadSeat.DEALER, LeadSeat.LEFT_OF_DEALER):
        return
    opener = lead_seat(rules, rule, last_dealer, None, ())
    if last_opener != opener:
        raise StateError(
            f"state.deal.last_opener: seat {last_dealer} dealt the last hand, so the rule ({rule.value}) named seat "
            f"{opener} to open it, not {last_opener}"
        )


def _deck_order(rules: Ruleset, order: tuple[Card, ...]) -> tuple[Card, ...]:
    _check_once(rules, {"state.deal.order": order}, "state.deal.order")
    return order


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


def _unwritable_view(view: PlayerView, error: Exception) -> KozelError:
    """Why ``view`` could not be written (``error``): the field the view's checks find wrong, else ``error`` itself.

    Only a view that was changed after the engine made it gets here, so an engine-made one is written unchecked.
    """
    try:
        _check_view(view)
    except StateError as found:
        return found
    if isinstance(error, KozelError):
        return error
    return StateError(f"view: a field cannot be written as JSON ({type(error).__name__}: {error})")


def _unwritable_state(error: Exception) -> KozelError:
    """Why a state could not be written (``error``): only one changed by hand after the engine made it gets here."""
    if isinstance(error, KozelError):
        return error
    why = str(error)
    why = why if len(why) <= 120 else why[:117] + "..."
    return StateError(
        f"state: a field cannot be written as JSON, as no legal play leaves it ({type(error).__name__}: {why})"
    )


def _event_from(data: Any) -> Event:
    """An event document's event: each field of its kind, its seats and counts whole numbers from 0, and a move's cards
    (a play, a play sent back) each listed once, in the game's order, as many as its count.

    An event alone does not say at which table it happened, so no more is checked: read as part of a view
    (its ``history``), an event is checked against the view's rules and seat.
    """
    event: Event = load(data, Event, "event")
    _check_signs(event, "event")
    if isinstance(event, Played):
        check_move_cards(event.cards, event.count, "event.cards")
    elif isinstance(event, CardsReturned):
        for index, (_, cards, count, _) in enumerate(event.returned):
            check_move_cards(cards, count, f"event.returned[{index}]")
    return event


def _check_signs(value: Any, path: str) -> None:
    """Every whole number in ``value`` (an event, read) is from 0, but written points (:data:`_SIGNED`)."""
    if type(value) is int:
        if value < 0:
            raise StateError(f"{path}: a whole number from 0 (a seat or a count), not {value}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            _check_signs(item, f"{path}[{index}]")
    elif attrs.has(kind := type(value)):
        for field in init_fields(kind):
            if (kind.__name__, field.name) not in _SIGNED:
                _check_signs(getattr(value, field.name), f"{path}.{field.name}")


def _view_from(data: Any) -> PlayerView:
    view: PlayerView = load(data, PlayerView, "view")
    _check_view(view)
    return view


def _check_view(view: PlayerView) -> None:
    """The view's fields (:func:`~kozel.view.check.check_view`), and the sheet its deal began at: what the hands
    finished before it wrote from the match's start (as a state document's)."""
    dealt = check_view(view)
    check_sheet(
        view.ruleset,
        view.hand_results[: dealt.hand_number],
        scores=dealt.scores,
        sets=dealt.sets or None,
        path="view.history[0]",
        results_path="view.hand_results",
    )
