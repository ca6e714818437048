"""The invariants every legal match keeps, each a check that names itself when it fails.

:func:`check_state` checks one position, :func:`check_step` one transition, and
:func:`check_move` applies a move and runs every check around it: the cheap ones always, the
costly ones (the literal reading of the rules, refused near-miss moves, views, sampled worlds,
record and JSON round trips) with ``thorough=True``.  A failure raises :class:`InvariantError`
with the invariant's name (one of :data:`~kozel.testing.INVARIANTS`), the match record up to the failing move
and the move, so that ``check_move(kozel.record.loads(error.record), error.move)`` fails again.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from kozel import record
from kozel.cards import CARDS, Card, CardSet
from kozel.engine import apply, legal_moves, start_of_deal
from kozel.engine.within_hand import WITHIN_HAND
from kozel.errors import IllegalMoveError, KozelError, StateError
from kozel.game import GameState, Move, MoveKind, Phase
from kozel.game.log import append
from kozel.rules import FollowSuit, LeadSeat, PraiseKind, Ruleset, ScoreMode, TrickWinner
from kozel.testing import _arguments
from kozel.testing.reference import reference_moves
from kozel.view import PlayerView, determinize, observe

__all__ = [
    "HAND_SLACK",
    "INVARIANTS",
    "InvariantError",
    "candidate_moves",
    "check_move",
    "check_round_trips",
    "check_state",
    "check_step",
    "hand_bound",
    "move_bound",
]

#: Every invariant checked, by name, with what it says at the table.
INVARIANTS: Final = {
    "one_place": "every card lies in exactly one place: a hand, the stock, the talon, a trick or a side's tricks",
    "equal_hands": "the hands stay equal in size (counting cards played into the trick) and within the deal's size",
    "trick_to_one_side": "a finished trick's cards all go to one side, the side of the card that took it",
    "hand_points": "a finished hand's card points add up to the deck's total",
    "scores": "the scores are what the hands wrote, where nothing else moves them",
    "moves_until_end": "legal moves exist exactly until the match is over, each listed once",
    "legal_moves_apply": "every legal move applies without error",
    "one_move": "the position after a move is the one before with that move played: the same match, the move "
    "added to its moves, at most one hand more and the earlier hands as they were",
    "apply_pure": "apply leaves its input unchanged and gives the same result every time",
    "illegal_refused": "a move not among the legal moves is refused with IllegalMoveError naming its rule",
    "literal_rules": "the legal moves are exactly those of a literal reading of the rules",
    "match_ends": "the match ends within its bound of hands and moves",
    "replay": "the seed and the moves replay the same states",
    "record_round_trip": "the match record reads back to the same state",
    "json_round_trip": "the JSON of the state and of a view read back to the same values",
    "views_hide": "worlds that differ only in cards a seat cannot see give that seat the same view",
    "determinize": "a world sampled from a view gives back the same view",
}

#: How many times the fewest hands that could end a match the hand bound allows (see :func:`hand_bound`).
HAND_SLACK: Final = 8

#: Praise deals whose outcome depends on which cards lie where: swapping unseen cards may change the deal itself.
_IDENTITY_DEALS: Final = frozenset(
    {PraiseKind.MIRROR, PraiseKind.MIRROR_ALL, PraiseKind.TRUMP_YOURSELF, PraiseKind.TROUSERS, PraiseKind.PANTS_DOUBLE}
)
_TRICK_KINDS: Final = (MoveKind.BEAT, MoveKind.PASS, MoveKind.PLAY)


class InvariantError(KozelError, AssertionError):
    """An invariant the rules promise did not hold: ``invariant`` names it, ``record`` and ``move`` reproduce it.

    ``record`` is the match record (:func:`kozel.record.dumps`) up to the position before the
    failing move, with comment lines naming the invariant; ``move`` is the move that broke it
    (None where the position itself is at fault).
    """

    def __init__(self, invariant: str, message: str, record: str | None = None, move: Move | None = None) -> None:
        super().__init__(f"{invariant}: {message}")
        #: The name of the broken invariant, a key of :data:`~kozel.testing.INVARIANTS`.
        self.invariant = invariant
        #: What was wrong, in words.
        self.detail = message
        #: The match record up to the failing move (None where none could be written).
        self.record = record
        #: The move that broke the invariant, or None.
        self.move = move


class _Broken(Exception):
    """An invariant that failed, before the record is attached."""

    def __init__(self, invariant: str, message: str) -> None:
        super().__init__(message)
        self.invariant = invariant
        self.message = message


def _require(condition: bool, invariant: str, message: str) -> None:
    if not condition:
        raise _Broken(invariant, message)


def reproduction(state: GameState, move: Move | None, invariant: str, message: str) -> str:
    """The record of the match up to ``state``, with comments naming the broken invariant and the move."""
    try:
        text = record.dumps(state)
    except Exception as error:  # a broken engine may break the record too: say so, give the moves
        lines = [
            f"; the record could not be written ({type(error).__name__}: {error}); the moves from seed {state.seed}:"
        ]
        lines += [str(m) for m in state.match_moves]
        text = "\n".join(lines) + "\n"
    text += f"; invariant {invariant} broken: {' '.join(message.split())}\n"
    if move is not None:
        text += f"; by the move: {move}\n"
    return text


@contextmanager
def _reporting(state: GameState, move: Move | None) -> Iterator[None]:
    """Turn a failed check into an :class:`InvariantError` carrying the record of ``state`` and ``move``."""
    try:
        yield
    except _Broken as broken:
        message = " ".join(broken.message.split())
        raise InvariantError(
            broken.invariant, message, reproduction(state, move, broken.invariant, message), move
        ) from None


def _points(rules: Ruleset, mask: int) -> int:
    return rules.points.of_mask(mask)


def hand_bound(rules: Ruleset) -> int:
    """The most hands a match of ``rules`` may take: ``HAND_SLACK`` times the most it could take writing the least.

    The least is every hand writing the smallest positive amount of the scoring tables to one
    side in turn, each side stopping one short of the target, in every set the match may need.
    Hands that write nothing (eggs, a redeal) and sheets wiped by taking every trick make a match
    longer than that; the slack covers them in random play.  Anything but a Ruleset raises
    :class:`~kozel.WrongTypeError`.
    """
    _arguments.ruleset(rules, "hand_bound")
    tables = [rules.scoring]
    if rules.talon is not None and rules.talon.bidding is not None and rules.talon.bidding.for_less is not None:
        tables.append(rules.talon.bidding.for_less)
    written = [row.written for table in tables for row in table.rows]
    written += [table.no_trick for table in tables if table.no_trick is not None]
    smallest = min((value for value in written if value > 0), default=1)
    distance = abs(rules.match.target - rules.match.start) or 1
    per_set = rules.sides * (-(-distance // smallest) - 1) + 1  # whole numbers: no float to overflow
    sets = rules.sides * (rules.match.sets - 1) + 1
    return HAND_SLACK * per_set * sets


def move_bound(rules: Ruleset, hands: int) -> int:
    """The most moves a match of at most ``hands`` hands may take: per hand, four per card and eight per player.

    ``hands`` is a whole number of at least 1: anything else raises :class:`~kozel.WrongTypeError`
    (not a whole number) or :class:`~kozel.KozelError` (below 1), as does a ``rules`` that is no Ruleset.
    """
    _arguments.ruleset(rules, "move_bound")
    _arguments.count(hands, "hands", "move_bound", 1)
    return hands * (4 * len(rules.deck) + 8 * rules.players)


def check_state(state: GameState) -> None:
    """Check the invariants that hold in every position; raises :class:`InvariantError` naming the one that fails.

    A hand's scored end reached inside :func:`kozel.engine.within_hand` (phase ``OVER``, no seat to
    move, the match not over) is checked as one: every card in one place, the hand's points added
    up, and no legal move.  Anything but a GameState (a view, text, None) raises
    :class:`~kozel.WrongTypeError`.
    """
    _arguments.state(state, "check_state")
    with _reporting(state, None):
        _check_state(state, hand_end=True)


def _is_hand_end(state: GameState) -> bool:
    """Whether ``state`` is a hand's scored end as :func:`kozel.engine.within_hand` leaves it: no next deal dealt."""
    return state.phase is Phase.OVER and state.turn is None and not state.is_over and bool(state.match.hand_results)


def _check_state(state: GameState, *, hand_end: bool = False) -> None:
    """The checks of :func:`check_state`; ``hand_end``: a hand's end inside ``within_hand`` is a position here."""
    rules = state.match.ruleset
    total = rules.total_points
    places = [*state.hand_masks, CardSet(state.stock).mask, CardSet(state.talon).mask, *state.won_masks]
    if state.trick is not None:
        places += [play.mask for play in state.trick.plays]
    if state.drawing is not None:
        places += [play.mask for play in (*state.drawing.dark, *state.drawing.open)]
    union = 0
    for mask in places:
        twice = union & mask
        _require(not twice, "one_place", f"{CardSet.from_mask(twice)} lie in two places")
        union |= mask
    missing = rules.deck.mask & ~union
    _require(not missing, "one_place", f"{CardSet.from_mask(missing)} lie nowhere")
    _require(union == rules.deck.mask, "one_place", "cards not in the deck are in play")
    _check_sizes(state)
    plain_sheet = rules.scoring.all_tricks is None and rules.match.sets == 1 and rules.talon is None
    if plain_sheet:
        sign = -1 if rules.scoring.mode is ScoreMode.COUNTDOWN else 1
        expected = tuple(
            rules.match.start + sign * sum(r.written[side] for r in state.hand_results) for side in range(rules.sides)
        )
        _require(state.scores == expected, "scores", f"the scores are {state.scores}, the hands wrote {expected}")
    for number, result in enumerate(state.hand_results, 1):
        wanted = 0 if result.caught or result.forfeited else total
        _require(
            sum(result.points) == wanted,
            "hand_points",
            f"hand {number}'s card points {result.points} add up to {sum(result.points)}, not {wanted}",
        )
    try:
        moves = legal_moves(state)
    except Exception as error:  # any error from the position's legal moves is the fault reported
        raise _Broken("moves_until_end", f"legal_moves raised {type(error).__name__}: {error}") from None
    over = state.phase is Phase.OVER
    ended = state.is_over or (hand_end and _is_hand_end(state))
    _require(over == ended, "moves_until_end", f"the phase is {state.phase.name} but is_over={state.is_over}")
    _require(bool(moves) == (not over), "moves_until_end", "no legal move" if not over else "legal moves after the end")
    _require(len(set(moves)) == len(moves), "moves_until_end", "a legal move is listed twice")


def _check_sizes(state: GameState) -> None:
    """Hands stay equal, counting the cards played into the trick and a transfer not yet answered."""
    rules = state.match.ruleset
    sizes = [len(CardSet.from_mask(mask)) for mask in state.hand_masks]
    if state.trick is not None:
        for play in state.trick.plays:
            sizes[play.seat] += len(play.cards)
    if state.phase is Phase.TRANSFER_BACK and state.window is not None and state.window.pending is not None:
        pending = state.window.pending
        sizes[pending.seat] += len(pending.cards)
        sizes[rules.seating.partners(pending.seat)[0]] -= len(pending.cards)
    bidding = rules.talon.bidding if rules.talon is not None else None
    if state.phase is Phase.LAY_AWAY and bidding is not None and state.turn is not None:
        sizes[state.turn] -= bidding.lay_away
    declarer = state.deal.declarer
    if declarer is not None and state.phase is not Phase.LAY_AWAY and bidding is not None:
        sizes[declarer] += bidding.lay_away - rules.talon_size
    results = state.match.hand_results
    stopped = state.is_over and bool(results) and (results[-1].caught or results[-1].forfeited)
    if not stopped and state.phase not in (Phase.PRAISE, Phase.DRAWING):
        _require(len(set(sizes)) == 1, "equal_hands", f"the hands hold {sizes} cards")
        over = [size for size in sizes if size > rules.dealing.hand_size]
        _require(not over, "equal_hands", f"a hand holds {max(over, default=0)} cards, over {rules.dealing.hand_size}")


def check_step(before: GameState, move: Move, after: GameState) -> None:
    """Check one transition: ``after`` continues ``before`` by ``move``, a finished trick goes to one side, a finished
    hand adds up.

    ``after`` may come from anywhere (a UI's or a server's own play): that it is not the position
    ``move`` leads to from ``before`` (another match, moves missing or added, hands taken back,
    fields that cannot be read as a position of the ruleset) raises :class:`InvariantError`
    ``one_move``; a trick or a hand that does not add up, the invariant it breaks.

    The arguments themselves are checked first: ``before`` and ``after`` must be GameStates and
    ``move`` a Move (else :class:`~kozel.WrongTypeError`); ``after`` must be of the same ruleset
    as ``before``, since no move changes the rules (else :class:`~kozel.KozelError`: the states of
    two rulesets are two matches, not one step); and ``move`` must be legal in ``before``: an
    illegal move is refused as ``apply`` refuses it
    (:class:`~kozel.IllegalMoveError`), and an ``apply`` that takes it fails ``illegal_refused``.
    """
    _arguments.state(before, "check_step")
    _arguments.move(move, "check_step")
    _arguments.state(after, "check_step")
    rules = before.match.ruleset
    other = after.match.ruleset
    if other is not rules and other != rules:
        raise KozelError(
            f"check_step checks one move of one match: before is a state of {rules.name}, after one of "
            f"{other.name if other.name != rules.name else 'another ruleset of that name'}"
        )
    with _reporting(before, move):
        if move not in legal_moves(before):
            apply(before, move)  # refused as apply refuses it
            _require(False, "illegal_refused", f"{move} is not a legal move, yet apply took it")
        try:
            _check_step(before, move, after)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:  # an after built by hand
            raise _Broken(
                "one_move", f"the position after cannot be read as one of {rules.name}: {type(error).__name__}: {error}"
            ) from None


def _winner(before: GameState, move: Move) -> int:
    """The seat that takes the trick ``move`` completes, by the rules read directly."""
    rules = before.match.ruleset
    trick = before.trick
    assert trick is not None
    if move.kind is not MoveKind.PLAY:
        return move.seat if move.kind is MoveKind.BEAT else trick.winner
    trump = before.deal.trump
    suit = rules.play.first_trick_suit if isinstance(rules.play, FollowSuit) else None
    first = suit is not None and not sum(before.trick_counts)

    def above(card: Card, best: Card) -> bool:
        """Whether ``card`` ranks above ``best`` in this trick: it beats it, or in a first trick played in one suit
        it is of that suit or a trump and ``best`` is not (a discard never keeps the trick)."""
        if rules.trumps.beats(card, best, trump):
            return True
        if first:
            counted = [c.suit == suit or rules.trumps.is_trump(c, trump) for c in (card, best)]
            return counted[0] and not counted[1]
        return False

    highest = move.seat if above(move.cards[0], trick.best.cards[0]) else trick.winner
    if not isinstance(rules.play, FollowSuit) or rules.play.winner is TrickWinner.HIGHEST_CARD:
        return highest
    # The side with the most card points in the trick takes it (a tie: the highest card), through its
    # player with the highest card as the trick ranks them: one ranks above another it beats, and a card
    # of the led suit (trumps for a trump lead) or a trump above a discard of another suit.
    plays = (*trick.plays, move)
    led = plays[0].cards[0]

    def follows(card: Card) -> bool:
        return rules.trumps.is_trump(card, trump) or (not rules.trumps.is_trump(led, trump) and card.suit == led.suit)

    points = [0] * rules.sides
    for play in plays:
        points[rules.side_of(play.seat)] += _points(rules, play.mask)
    top = [side for side, side_points in enumerate(points) if side_points == max(points)]
    if len(top) > 1:
        return highest
    ours = [play for play in plays if rules.side_of(play.seat) == top[0]]
    taker = ours[0]
    for play in ours[1:]:
        card, best = play.cards[0], taker.cards[0]
        if above(card, best) or (follows(card) and not follows(best)):
            taker = play
    return taker.seat


def _check_one_move(before: GameState, move: Move, after: GameState) -> None:
    """``after`` is ``before`` with ``move`` played: one match, the move added to its moves, a hand more at most."""
    _require(
        after.match.seed == before.match.seed,
        "one_move",
        f"the position after {move} is of the match of seed {_arguments.shown(after.match.seed)}, the one before of "
        f"seed {_arguments.shown(before.match.seed)}",
    )
    if append(before.match.history + before.log, move) != after.match.history + after.log:
        count = len(before.match_moves)
        moves = after.match_moves
        if len(moves) == count + 1:
            why = f"its moves end with {moves[-1]}, not {move}" if moves[-1] != move else "its earlier moves differ"
        else:
            why = f"it holds {len(moves)} moves of the match, not the {count} before it and {move}"
        raise _Broken("one_move", f"the position after is not the one {move} leads to from the position before: {why}")
    earlier = before.match.hand_results
    results = after.match.hand_results
    _require(
        len(results) - len(earlier) in (0, 1) and results[: len(earlier)] == earlier,
        "one_move",
        f"the position after {move} holds {len(results)} hand results, the one before {len(earlier)}: one move "
        "finishes at most one hand and leaves the earlier ones as they were",
    )


def _check_step(before: GameState, move: Move, after: GameState) -> None:
    _check_one_move(before, move, after)
    rules = before.match.ruleset
    trick = before.trick
    if trick is None or move.kind not in _TRICK_KINDS or len(trick.plays) != rules.players - 1:
        return
    results = after.match.hand_results
    new_hand = len(results) != len(before.match.hand_results)
    if new_hand and (results[-1].caught or results[-1].forfeited):
        return  # a catch stopped the hand in this very trick
    cards = move.mask | sum(play.mask for play in trick.plays)
    winner = _winner(before, move)
    side = rules.side_of(winner)
    if not new_hand:
        for s in range(rules.sides):
            gained = after.won_masks[s] & ~before.won_masks[s]
            wanted = cards if s == side else 0
            _require(
                gained == wanted,
                "trick_to_one_side",
                f"side {s} gained {CardSet.from_mask(gained)} from the trick seat {winner} took, not "
                f"{CardSet.from_mask(wanted) if wanted else 'nothing'}",
            )
        _require(after.turn == winner, "trick_to_one_side", f"seat {winner} took the trick but seat {after.turn} leads")
        drew = len(after.stock) < len(before.stock)
        transfer = rules.transfer
        # Read from the rule's fields here, not from its opens_after_draw: the check stays independent of the engine.
        opens = (
            transfer is not None and transfer.after_draw and (transfer.first_hand or bool(before.match.hand_results))
        )
        _require(
            (after.window is not None) == (drew and opens),
            "trick_to_one_side",
            "the trump transfer opens after a draw from the stock where its rule says so (after_draw; in the first "
            "hand only where first_hand allows it), and only then",
        )
        return
    result = results[-1]
    talon = CardSet(before.talon).mask
    earlier = sum(_points(rules, before.won_masks[s]) for s in range(rules.sides))
    last = _points(rules, cards | talon)
    _require(
        sum(result.points) - earlier == last,
        "hand_points",
        f"the last trick and talon hold {last} card points, the hand's grew by {sum(result.points) - earlier}",
    )
    _require(
        sum(result.tricks) == sum(before.trick_counts) + 1,
        "hand_points",
        f"{sum(before.trick_counts) + 1} tricks were taken but the hand counts {sum(result.tricks)}",
    )
    if rules.talon is None and rules.scoring.all_tricks is None:
        dealer_side = rules.side_of(before.deal.dealer)
        table = rules.scoring.write(result.points, result.tricks, rules.total_points, dealer_side)
        _require(result.written == table, "scores", f"the hand wrote {result.written}, its table says {table}")


def candidate_moves(state: GameState, rng: random.Random) -> list[Move]:
    """Moves near the legal ones: other seats, other kinds, a card more or less, random cards; most are illegal.

    A UI or a server can test its refusals with them: every one not in ``legal_moves(state)``
    must raise :class:`~kozel.IllegalMoveError`.  ``state`` is a GameState and ``rng`` a
    :class:`random.Random` (else :class:`~kozel.WrongTypeError`).  Where nobody may move, every
    move given is one to refuse.
    """
    _arguments.state(state, "candidate_moves")
    _arguments.source(rng, "candidate_moves")
    players = state.match.ruleset.players
    found: list[Move] = []
    for move in legal_moves(state)[:6]:
        hand = state.hand_masks[move.seat]
        found += [Move(move.seat, kind, move.cards) for kind in MoveKind]
        found.append(Move((move.seat + 1) % players, move.kind, move.cards))
        if len(move.cards) > 1:
            found.append(Move(move.seat, move.kind, move.cards[1:]))
        extra = [c for c in CardSet.from_mask(hand) if c not in move.cards]
        if extra:
            found.append(Move(move.seat, move.kind, (*move.cards, rng.choice(extra))))
    for _ in range(4):
        seat = rng.randrange(players)
        held = list(CardSet.from_mask(state.hand_masks[seat])) or list(CARDS)
        size = rng.randint(1, min(4, len(held)))
        found.append(Move(seat, rng.choice(list(MoveKind)), rng.sample(held, size)))
        found.append(Move(seat, rng.choice(list(MoveKind)), rng.sample(CARDS, size)))
    found.append(Move(players, MoveKind.LEAD, ()))
    return found


def check_rng(state: GameState) -> random.Random:
    """The random source of the costly checks at ``state``: fixed by its seed and move count, so records replay it."""
    return random.Random(f"kozel.testing:{state.match.seed}:{len(state.match_moves)}")


def check_move(
    state: GameState,
    move: Move,
    *,
    thorough: bool = True,
    deep: bool | None = None,
    max_hands: int | None = None,
    max_moves: int | None = None,
) -> GameState:
    """Apply ``move`` to ``state`` checking every invariant around it; the state after it.

    Always: the move is legal and applies, the transition (:func:`check_step`), the position
    after it (:func:`check_state`) and the bound of hands and moves (``max_hands``, by default
    :func:`hand_bound`; ``max_moves``, by default :func:`move_bound`).  With ``thorough``, also:
    ``apply`` is pure, the legal moves are those of the literal reading and all apply, near-miss
    moves are refused, and views hide unseen cards.  With ``deep`` (by default as ``thorough``),
    also the checks whose cost grows with the match: the record and JSON round trips, and a world
    sampled from a view giving that view back (the costliest of all in the deals dealt by drawing
    cards).  Raises :class:`InvariantError`; a ruleset's own refusal of an illegal ``move`` raises
    :class:`~kozel.IllegalMoveError` as ``apply`` does.  Inside :func:`kozel.engine.within_hand`, a
    move that ends the hand gives the hand's scored end, and that is checked as one (views and
    round trips left out: it is no position of the match).

    Arguments of the wrong kind raise :class:`~kozel.WrongTypeError` (``state`` a GameState,
    ``move`` a Move, ``thorough`` True or False, ``deep`` True, False or None, ``max_hands`` and
    ``max_moves`` None or whole numbers); bounds below 1 raise :class:`~kozel.KozelError`.
    """
    _arguments.state(state, "check_move")
    _arguments.move(move, "check_move")
    _arguments.flag(thorough, "thorough", "check_move")
    if deep is not None:
        _arguments.flag(deep, "deep", "check_move")
    for name, bound in (("max_hands", max_hands), ("max_moves", max_moves)):
        if bound is not None:
            _arguments.count(bound, name, "check_move", 1)
    rules = state.match.ruleset
    with _reporting(state, move):
        legal = legal_moves(state)
        if move not in legal:
            apply(state, move)  # refused as apply refuses it
            _require(False, "illegal_refused", f"{move} is not a legal move, yet apply took it")
        if thorough:
            _check_before(state, move, legal, check_rng(state))
        try:
            after = apply(state, move)
        except Exception as error:  # any error from a legal move is the fault reported
            raise _Broken(
                "legal_moves_apply", f"{move} is legal but apply raised {type(error).__name__}: {error}"
            ) from None
        _check_step(before=state, move=move, after=after)
        _check_state(after, hand_end=WITHIN_HAND.get())
        hands = hand_bound(rules) if max_hands is None else max_hands
        moves = move_bound(rules, hands) if max_moves is None else max_moves
        if not after.is_over:  # each message is built only where its bound is broken
            played = len(after.match.hand_results)
            if played >= hands:
                raise _Broken("match_ends", f"{played} hands played, the bound is {_arguments.shown(hands)}")
            count = len(after.match_moves)
            if count >= moves:
                raise _Broken("match_ends", f"{count} moves played, the bound is {_arguments.shown(moves)}")
        if thorough:
            _check_after(after, check_rng(state), thorough if deep is None else deep)
    return after


def _check_before(state: GameState, move: Move, legal: tuple[Move, ...], rng: random.Random) -> None:
    try:
        reference = reference_moves(state)
    except StateError as error:  # a position the engine reached that no legal play reaches
        raise _Broken("literal_rules", f"the literal reading cannot read the position: {error}") from None
    engine = set(legal)
    if engine != reference:
        extra = ", ".join(sorted(map(str, engine - reference))) or "none"
        lacking = ", ".join(sorted(map(str, reference - engine))) or "none"
        raise _Broken("literal_rules", f"the engine also allows {extra}; it lacks {lacking}")
    frozen = pickle.dumps(state)
    for other in legal:
        try:
            apply(state, other)
        except Exception as error:  # any error from a legal move is the fault reported
            raise _Broken(
                "legal_moves_apply", f"{other} is legal but apply raised {type(error).__name__}: {error}"
            ) from None
    _require(pickle.dumps(state) == frozen, "apply_pure", "apply changed the state it was given")
    _require(apply(state, move) == apply(state, move), "apply_pure", f"applying {move} twice gave different states")
    for near in candidate_moves(state, rng):
        if near in engine:
            continue
        try:
            apply(state, near)
        except IllegalMoveError as error:
            _require(bool(error.rule), "illegal_refused", f"the refusal of {near} names no rule")
            _require(str(near) in str(error), "illegal_refused", f"the refusal of {near} does not name it: {error}")
        except Exception as error:  # any other error is the fault reported
            raise _Broken(
                "illegal_refused", f"{near} raised {type(error).__name__}, not IllegalMoveError: {error}"
            ) from None
        else:
            raise _Broken("illegal_refused", f"{near} is not a legal move, yet apply took it")


def _check_after(state: GameState, rng: random.Random, deep: bool) -> None:
    if _is_hand_end(state):  # inside within_hand: no position of the match, its record plays on to the next deal
        return
    rules = state.match.ruleset
    seat = rng.randrange(rules.players)
    _view_hides(state, seat, rng, 3)
    if deep:
        check_round_trips(state, seat)
        if not state.is_over:
            _check_world(state, seat, rng)


def check_round_trips(state: GameState, seat: int) -> None:
    """Check that the record and the JSON of ``state``, and of ``seat``'s view, read back to equal values.

    ``state`` is a GameState (else :class:`~kozel.WrongTypeError`) and ``seat`` a seat at its table
    (else :class:`~kozel.WrongTypeError` or :class:`~kozel.SeatError`).  A hand's end reached inside
    :func:`kozel.engine.within_hand` is no position of the match (its record is the match's, which
    plays on to the next deal): it raises :class:`~kozel.KozelError`.
    """
    _arguments.state(state, "check_round_trips")
    seat = state.match.ruleset.seating.checked_seat(seat)
    if _is_hand_end(state):
        raise KozelError(
            "check_round_trips: this is a hand's end reached inside kozel.engine.within_hand, no position of the "
            "match: its record reads back as the match, played on to the next deal"
        )
    with _reporting(state, None):
        _round_trips(state, seat)


def _round_trips(state: GameState, seat: int) -> None:
    try:
        again = record.loads(record.dumps(state))
    except KozelError as error:
        raise _Broken("record_round_trip", f"the record does not read back: {error}") from None
    _require(again == state, "record_round_trip", "the record reads back to another state")
    try:
        json_state = record.from_json(record.to_json(state))
    except KozelError as error:
        raise _Broken("json_round_trip", f"the state's JSON does not read back: {error}") from None
    _require(json_state == state, "json_round_trip", "the state's JSON reads back to another state")
    view = observe(state, seat)
    try:
        json_view = record.from_json(record.to_json(view))
    except KozelError as error:
        raise _Broken("json_round_trip", f"the view of seat {seat} does not read back from JSON: {error}") from None
    _require(json_view == view, "json_round_trip", f"the JSON of seat {seat}'s view reads back to another view")


def _check_world(state: GameState, seat: int, rng: random.Random) -> None:
    view = observe(state, seat)
    try:
        world = determinize(view, rng)
    except KozelError as error:
        raise _Broken("determinize", f"no world found for the view of seat {seat}: {error}") from None
    _require(observe(world, seat) == view, "determinize", f"a world sampled for seat {seat} gives another view")


def cards_seen(view: PlayerView) -> int:
    """Every card ``view`` names anywhere (its own hand, the history, the trick, the shown cards), as a bitmask.

    Anything but a PlayerView raises :class:`~kozel.WrongTypeError`.
    """
    _arguments.view(view, "cards_seen")
    seen = view.hand.mask
    for card in (view.trump_card, view.talon_shown):
        if card is not None:
            seen |= card.bit
    for event in (*view.history, *(view.trick or ())):
        for name in type(event).__attrs_attrs__:
            seen |= _mask_of(getattr(event, name.name))
    return seen


def _mask_of(value: object) -> int:
    if isinstance(value, Card):
        return value.bit
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, tuple):
        mask = 0
        for item in value:
            mask |= _mask_of(item)
        return mask
    return 0


def swapped(state: GameState, first: Card, second: Card) -> GameState:
    """The same deal with ``first`` and ``second`` exchanged everywhere, in the deck and in every move.

    Raises :class:`~kozel.IllegalMoveError` where the exchange breaks a rule (a suit not followed):
    no world the seat could be in.
    """
    swap = {first.index: second.index, second.index: first.index}
    base = state.deal.base
    order = bytes(swap.get(index, index) for index in base.order)
    deal = state.deal._replace(base=base._replace(order=order))
    world = start_of_deal(state._replace(deal=deal))
    for move in state.moves:
        cards = [CARDS[swap.get(card.index, card.index)] for card in move.cards]
        world = apply(world, Move(move.seat, move.kind, cards, move.choice))
    return world


def check_view_hides(state: GameState, seat: int, rng: random.Random, tries: int = 3) -> None:
    """Check that exchanging two cards ``seat`` cannot see leaves its view as it was; raises :class:`InvariantError`.

    Deals whose procedure depends on which cards lie where (mirror, trump yourself, the drawing
    deals) are left out, as is the card whose holder opens (where the rules say so): exchanging
    those changes what the table sees.  Where the hand is over (the match ended, or a hand's end
    reached inside :func:`kozel.engine.within_hand`) nothing is checked: a scored hand's cards have
    all been counted openly.  ``state`` is a GameState, ``seat`` a seat at its table,
    ``rng`` a :class:`random.Random` and ``tries`` a whole number of at least 1: anything else raises
    :class:`~kozel.WrongTypeError`, :class:`~kozel.SeatError` or :class:`~kozel.KozelError`.
    """
    _arguments.state(state, "check_view_hides")
    seat = state.match.ruleset.seating.checked_seat(seat)
    _arguments.source(rng, "check_view_hides")
    _arguments.count(tries, "tries", "check_view_hides", 1)
    with _reporting(state, None):
        _view_hides(state, seat, rng, tries)


def _view_hides(state: GameState, seat: int, rng: random.Random, tries: int) -> None:
    rules = state.match.ruleset
    if state.is_over or _is_hand_end(state) or state.deal.praise in _IDENTITY_DEALS:
        return  # a scored hand's cards have all been counted openly; see _IDENTITY_DEALS
    view = observe(state, seat)
    seen = cards_seen(view)
    unseen = [card for card in rules.deck if not seen & card.bit]
    leading = rules.leading
    if leading.holder_card is not None and LeadSeat.HOLDER in (leading.first_hand, leading.later_hands):
        unseen = [card for card in unseen if card != leading.holder_card]
    for _ in range(tries):
        if len(unseen) < 2:
            return
        first, second = rng.sample(unseen, 2)
        try:
            world = swapped(state, first, second)
        except IllegalMoveError:
            continue
        _require(
            observe(world, seat) == view,
            "views_hide",
            f"seat {seat} cannot see {first} or {second}, yet exchanging them changes its view",
        )
