"""The start of a match and of each hand: the regular deal, or the boasting player's choice of deal."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any, Final

from kozel.cards.card import CARDS, Card
from kozel.cards.notation import parse_cards
from kozel.engine.chance import shuffled_order
from kozel.engine.deal import HandStart, deal_hand
from kozel.engine.face import checked_cards, checked_state
from kozel.engine.interned import numbers
from kozel.engine.praise.procedures import await_praise
from kozel.errors import DeckError, KozelError, SeatError, WrongTypeError
from kozel.game.state import GameState, Match
from kozel.limits import MAX_POINTS, SEED_DIGITS, seed_fits
from kozel.plain_types import short_repr, whole_in, whole_number
from kozel.rules.checks import table_text
from kozel.rules.leading import LeadSeat
from kozel.rules.ruleset import Ruleset

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_LEAD_HOLDER: Final = LeadSeat.HOLDER

__all__ = ["begin_hand", "new_game", "new_hand", "start_hand", "start_of_deal", "with_deck"]


def start_hand(match: object, start: object) -> GameState:
    """A new deal of ``match`` as ``start`` says: the boasting player's choice of deal where the ruleset has
    praise and no redeal led to it, else the regular deal (see ``kozel.engine.deal.deal_hand``).

    ``match`` is a :class:`~kozel.game.state.Match` and ``start`` a :class:`HandStart` whose fields fit the
    match's rules (the seats at its table; a deck order of as many different cards as its deck holds, which
    may stand for its positions, as a sampler's marked deck does): anything else raises
    :class:`~kozel.WrongTypeError` or :class:`~kozel.KozelError`."""
    return begin_hand(*_checked_start(match, start))


def begin_hand(match: Match, start: HandStart) -> GameState:
    """:func:`start_hand` for the engine's own arguments, unchecked (the next hand after a hand's end, a new game)."""
    if start.redeals or match.ruleset.praise is None:
        return deal_hand(match, start)
    return await_praise(match, start)


def start_of_deal(state: object) -> GameState:
    """The position ``state``'s deal began from (hidden cards included): its moves replay from there to ``state``.

    Anything but a GameState raises :class:`~kozel.WrongTypeError`."""
    state = checked_state("start_of_deal", state)
    deal = state.deal
    base = deal.base
    match = base.match or state.match
    start = HandStart(
        number=deal.number,
        dealer=deal.dealer,
        order=tuple(CARDS[index] for index in base.order),
        lead=match.ruleset.leading.first_hand,
        last_opener=deal.last_opener,
        leader=base.leader,
        redeals=deal.redeals,
    )
    return begin_hand(match, start)


def _checked_start(match: object, start: object) -> tuple[Match, HandStart]:
    """``start_hand``'s arguments, checked: a Match, and a HandStart that fits its rules."""
    if type(match) is not Match:
        raise WrongTypeError(f"start_hand needs a Match (a state's match), not {type(match).__name__}")
    if type(start) is not HandStart:
        raise WrongTypeError(f"start_hand needs a HandStart, not {type(start).__name__}")
    rules = match.ruleset
    players = rules.seating.players
    # Read as plain objects: compiled code would cast a field typed ``tuple`` or ``int`` as it is read, and fail.
    fields: Any = start
    number, dealer, order, lead, last_winner, last_opener, leader, redeals = fields
    whole_in("start_hand: number", number, 0, None)
    whole_in("start_hand: dealer", dealer, 0, players - 1)
    for what, seat in (("last_winner", last_winner), ("last_opener", last_opener), ("leader", leader)):
        if seat is not None:
            whole_in(f"start_hand: {what}", seat, 0, players - 1)
    if type(lead) is not LeadSeat:
        raise WrongTypeError(f"start_hand: lead is a LeadSeat, not {short_repr(lead)}")
    if type(redeals) is not tuple:
        raise WrongTypeError(f"start_hand: redeals is a tuple of sides, not {short_repr(redeals)}")
    for side in redeals:
        whole_in("start_hand: redeals", side, 0, rules.sides - 1)
    order = checked_cards("start_hand", "order", order, tuple)
    if len(order) != len(rules.deck) or len(set(order)) != len(order):
        wanted = f"{len(rules.deck)} different cards (a deck of {rules.name})"
        raise DeckError(f"start_hand: order holds {wanted}, top first")
    return match, start


def _check_order(ruleset: Ruleset, deck: Iterable[Card] | str) -> tuple[Card, ...]:
    try:
        order = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    except TypeError:
        raise WrongTypeError(f"deck= is a list of cards or card text, not {type(deck).__name__}") from None
    for card in order:
        if not isinstance(card, Card):
            raise DeckError(f"deck= must hold cards, not {short_repr(card)}")
    seen: set[Card] = set()
    twice: set[Card] = set()
    for card in order:
        (twice if card in seen else seen).add(card)
    missing = sorted(set(ruleset.deck) - seen)
    extra = sorted(seen - set(ruleset.deck))
    problems = []
    if twice:
        problems.append("twice: " + " ".join(map(str, sorted(twice))))
    if missing:
        problems.append("missing: " + " ".join(map(str, missing)))
    if extra:
        problems.append("not in this deck: " + " ".join(map(str, extra)))
    if problems:
        raise DeckError(
            f"deck= must hold each of the {len(ruleset.deck)} cards of {ruleset.name!r} exactly once; "
            + "; ".join(problems)
        )
    return order


def new_game(
    ruleset: Ruleset,
    seed: object = None,
    *,
    deck: Iterable[Card] | str | None = None,
    dealer: object = 0,
) -> GameState:
    """Start a match: its first hand is dealt and the first leader (or bidder) is to move.

    Every shuffle comes from ``seed``, so a seed and the moves replay a whole match; without a seed
    one is drawn at random and kept in ``state.seed``.  ``deck`` fixes the first hand's deck order,
    top card first (later deals are shuffled from the seed).  ``dealer`` is the first hand's dealer.

    ``seed`` is a whole number or None, ``dealer`` a seat; they are typed ``object`` because
    anything may be passed and is answered with the library's error (a compiled build would
    otherwise refuse text with its own ``TypeError``): :class:`~kozel.WrongTypeError` for a seed
    or a dealer that is not a whole number, :class:`~kozel.KozelError` for a seed of over 100
    digits, :class:`~kozel.SeatError` for a dealer number that is no seat.

    >>> import kozel
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> state.turn, str(state.trump_card), str(state.hands[1])
    (1, 'J♠', '7♥ K♥ 7♦ A♦')
    """
    if not isinstance(ruleset, Ruleset):
        raise WrongTypeError(f"new_game needs a Ruleset, not {type(ruleset).__name__}")
    if seed is None:
        seed = secrets.randbits(63)
    else:
        number = whole_number(seed)  # an int subclass (an IntEnum) or a NumPy integer, kept as a plain int
        if number is None:
            raise WrongTypeError(f"seed must be a whole number, not {table_text(seed)}")
        if not seed_fits(number):
            raise KozelError(f"seed must be a whole number of at most {SEED_DIGITS} digits")
        seed = number
    seat = dealer if type(dealer) is int else whole_number(dealer)  # a NumPy integer is read as the seat it names
    if seat is None or not 0 <= seat < ruleset.seating.players:
        refused = f"dealer must be a seat from 0 to {ruleset.seating.players - 1}, not {table_text(dealer)}"
        raise WrongTypeError(refused) if seat is None else SeatError(refused)
    dealer = seat
    order = shuffled_order(ruleset, seed, 0) if deck is None else _check_order(ruleset, deck)
    match = Match(
        ruleset=ruleset,
        seed=seed,
        first_dealer=dealer,
        opening=None if deck is None else order,
        history=b"",
        scores=numbers((ruleset.match.start,) * ruleset.seating.sides),
        hand_results=(),
        sets=numbers((0,) * ruleset.seating.sides),
    )
    return begin_hand(match, HandStart(number=0, dealer=dealer, order=order, lead=ruleset.leading.first_hand))


def new_hand(
    ruleset: Ruleset,
    deck: Iterable[Card] | str,
    *,
    scores: Iterable[int] | None = None,
    sets: Iterable[int] | None = None,
    dealer: object = 0,
    seed: object = 0,
) -> GameState:
    """Start a match at a given point: a first hand dealt from ``deck``, the score sheet at ``scores`` (and ``sets``).

    For training and search one hand at a time: the hand is played as a match's first hand (its
    leader and first-hand rules), later deals are shuffled from ``seed``.  The state's record starts
    from these scores, so it is not the record of a match played from the start.
    """
    if deck is None:  # new_game would shuffle one: this hand is dealt from the deck given
        raise WrongTypeError("new_hand deals from the deck given: a list of cards or card text, not None")
    state = new_game(ruleset, seed, deck=deck, dealer=dealer)
    sheet = _sheet("scores", scores, state.match.scores, (-MAX_POINTS, 2 * MAX_POINTS))
    won = _sheet("sets", sets, state.match.sets, (0, ruleset.match.sets - 1))
    if ruleset.match.reached(sheet, ruleset.scoring.mode):
        raise KozelError(f"scores {list(sheet)} already end a match of {ruleset.name}: a hand cannot start there")
    match = state.match._replace(scores=sheet, sets=won)
    assert match.opening is not None
    start = HandStart(number=0, dealer=state.deal.dealer, order=match.opening, lead=ruleset.leading.first_hand)
    return begin_hand(match, start)


def _sheet(name: str, values: object, default: tuple[int, ...], bounds: tuple[int, int]) -> tuple[int, ...]:
    """``values`` (None: ``default``) as a score sheet, one whole number a side within ``bounds``.  Typed ``object``:
    anything may be passed, and compiled code would otherwise assume the declared type where a check fails."""
    if values is None:
        return default
    sides, (low, high) = len(default), bounds
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise WrongTypeError(f"{name}= holds one whole number per side, not {short_repr(values)}")
    sheet = tuple(values)
    if len(sheet) != sides or any(type(value) is not int or not low <= value <= high for value in sheet):
        shown = table_text(list(sheet))
        raise KozelError(f"{name}= holds one whole number from {low} to {high} per side ({sides} sides), not {shown}")
    return sheet


def with_deck(state: object, deck: Iterable[Card] | str) -> GameState:
    """The deal just begun in ``state``, dealt instead from ``deck`` (a chance outcome supplied from outside).

    ``state`` must be at the start of a deal, before its first move (a new match, the move after a
    hand ended or a redeal).  Everything but the cards stays: dealer, leader's rule, redeals, score
    sheet.  A later replay from the seed deals the seed's deck, so such a match has no record.
    Typed ``object``: anything but a state is refused with :class:`~kozel.WrongTypeError` (compiled
    code would otherwise refuse it with its own ``TypeError``).
    """
    state = checked_state("with_deck", state)
    if state.match.result is not None:
        raise KozelError("the match is over: there is no deal to give a deck")
    if state.log:
        raise KozelError("with_deck changes the cards of a deal not yet played; this deal has had moves")
    rules = state.match.ruleset
    order = _check_order(rules, deck)
    deal = state.deal
    rule = rules.leading.later_hands if state.match.hand_results else rules.leading.first_hand
    start = HandStart(
        number=deal.number,
        dealer=deal.dealer,
        order=order,
        lead=rule,
        last_opener=deal.last_opener,
        leader=None if rule is _LEAD_HOLDER else deal.leader,
        redeals=deal.redeals,
    )
    return begin_hand(state.match, start)
