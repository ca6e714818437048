"""Trick play by beating or passing: leads, beats, passes, the molodka and the end of a trick.

The moves are gathered afresh on each call, straight from bitmasks (a memo of them
by hand and top cards was measured: it served 8% of calls in random play and cost
more than it saved); the answers to one or two cards on top are the engine's
shared moves (rows by suit, tables of every pair, each made once), so ``apply``
knows them by identity.  What depends only on the cards on top and the trumps, the
test for beating them one to one, is memoised on the hand's trump table.
``apply`` checks a move by the rules themselves (not by searching the legal
moves) and builds the next state directly.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from kozel.cards.masks import SUIT_BITS, bits_of, cards_of
from kozel.engine.build import COMPILED
from kozel.engine.explain import no_seat, off_phase, plural, refuse
from kozel.engine.interned import ANSWER_ROWS, INTERNED, PAIRS, answer_rows, pair_moves, subset_key, subsets
from kozel.engine.memo import remember
from kozel.engine.molodka import SIEVE, molodka_holder, molodka_move, molodka_seat, molodka_sieve, sieves
from kozel.engine.trick_end import take_trick
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveFields, MoveKind, make_move
from kozel.game.state import GameState, Phase, Trick
from kozel.limits import MAX_PLAYERS
from kozel.rules.trick_play import BeatOrPass
from kozel.rules.trump import TrumpTable

__all__ = ["apply", "beats", "explain", "legal_moves"]

_LEAD: Final = MoveKind.LEAD
_BEAT: Final = MoveKind.BEAT
_PASS: Final = MoveKind.PASS
_MOLODKA: Final = MoveKind.MOLODKA
_PLAY_KIND: Final = MoveKind.PLAY
_PLAY: Final = Phase.PLAY
_new: Final = tuple.__new__
# The records built at every play, bound as Final names: compiled code keeps these in C variables, where it
# would look the imported names up in the module's dictionary at every use.
_GAME_STATE: Final = GameState
_TRICK: Final = Trick
_MOVE: Final = Move
_BITS: Final = SUIT_BITS
_BITS2: Final = 2 * SUIT_BITS
_BITS3: Final = 3 * SUIT_BITS
_LOW: Final = (1 << SUIT_BITS) - 1
_ANSWER_ROWS: Final = ANSWER_ROWS
_INTERNED: Final = INTERNED
_LEAD_KEYS: Final = tuple(subset_key(seat, _LEAD) for seat in range(MAX_PLAYERS))
_BEAT_KEYS: Final = tuple(subset_key(seat, _BEAT) for seat in range(MAX_PLAYERS))
_PASS_KEYS: Final = tuple(subset_key(seat, _PASS) for seat in range(MAX_PLAYERS))
_PAIRS: Final = PAIRS
_SIEVE: Final = SIEVE
_SIEVES: Final = sieves()
_COMPILED: Final = COMPILED  # the molodka test differs between the builds

#: For beating a set of top cards: the union of their beaters, and for every non-empty subset of
#: them, the union of its beaters with the subset's size (Hall's condition for a one-to-one beat).
BeatTest = tuple[int, tuple[tuple[int, int], ...]]


def _beat_test(table: TrumpTable, top: int) -> BeatTest:
    test: BeatTest | None = table.memo.get(top)
    if test is None:
        beaters = table.beaters
        cards = cards_of(top)
        conditions = []
        for size in range(1, len(cards) + 1):
            for subset in combinations(cards, size):
                union = 0
                for card in subset:
                    union |= beaters[card]
                conditions.append((union, size))
        test = remember(table.memo, top, (conditions[-1][0], tuple(conditions)))
    return test


def beats(table: TrumpTable, mask: int, top: int) -> bool:
    """Whether the cards of ``mask`` beat those of ``top`` one to one (each a different card on top).

    By Hall's theorem such a matching exists exactly when every group of top cards is beaten by at
    least as many of the cards as the group holds.
    """
    if mask.bit_count() != top.bit_count():
        return False
    union, conditions = _beat_test(table, top)
    if mask & ~union:
        return False
    return all((beaten_by & mask).bit_count() >= size for beaten_by, size in conditions)


def _leads(table: TrumpTable, seat: int, hand: int) -> tuple[Move, ...]:
    moves: tuple[Move, ...] = ()
    key = _LEAD_KEYS[seat]
    for group in table.group_masks:
        part = hand & group
        if part:
            moves += _INTERNED.get(key | part) or subsets(seat, _LEAD, part)
    return moves


def _answers(table: TrumpTable, seat: int, hand: int, top: int) -> tuple[Move, ...]:
    if top & (top - 1) == 0:  # one card on top: the common case, by table look-ups alone
        beat = hand & table.beaters[top.bit_length() - 1]
        b0, b1, b2, b3, p0, p1, p2, p3 = _ANSWER_ROWS.get(seat) or answer_rows(seat)
        return (
            b0[beat & _LOW]
            + b1[beat >> _BITS & _LOW]
            + b2[beat >> _BITS2 & _LOW]
            + b3[beat >> _BITS3]
            + p0[hand & _LOW]
            + p1[hand >> _BITS & _LOW]
            + p2[hand >> _BITS2 & _LOW]
            + p3[hand >> _BITS3]
        )
    size = top.bit_count()
    union, conditions = _beat_test(table, top)
    beatable = hand & union
    if size == 2:  # two cards on top: each answer is the one shared move of its two cards
        passing = _PAIRS.get(_PASS_KEYS[seat]) or pair_moves(seat, _PASS)
        moves = [passing[low | high] for low, high in combinations(bits_of(hand), 2)]  # in canonical order
        if beatable.bit_count() < 2:
            return tuple(moves)
        beaters = _PAIRS.get(_BEAT_KEYS[seat]) or pair_moves(seat, _BEAT)
        # Two of the beatable cards beat the two on top one to one when each top card is beaten by one of
        # them (the conditions of its one-card subsets; the pair's own condition holds within the beatable).
        first, second = conditions[0][0], conditions[1][0]
        pairs = map(sum, combinations(bits_of(beatable), 2))
        beating = [beaters[mask] for mask in pairs if mask & first and mask & second]
        return (*beating, *moves)
    cards = cards_of(hand)
    bits = bits_of(hand)
    moves = [
        _new(_MOVE, (seat, _PASS, combo, mask, None))
        for combo, mask in zip(combinations(cards, size), map(sum, combinations(bits, size)), strict=True)
    ]
    if beatable.bit_count() >= size:  # else no group of the hand's cards can beat them all
        cards = cards_of(beatable)
        bits = bits_of(beatable)
        beating = [
            _new(_MOVE, (seat, _BEAT, combo, mask, None))
            for combo, mask in zip(combinations(cards, size), map(sum, combinations(bits, size)), strict=True)
            if all((beaten_by & mask).bit_count() >= n for beaten_by, n in conditions)
        ]
        return (*beating, *moves)
    return tuple(moves)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves of the seat to play (leads, or beats then passes), then the molodka allowed now, if any."""
    seat = state.turn
    assert seat is not None
    trick = state.trick
    deal = state.deal
    hands = state.hand_masks
    if trick is None:
        moves = _leads(deal.table, seat, hands[seat])
        leader = seat
    else:
        best: MoveFields = trick.best  # read by position in the compiled build
        top = best.mask
        hand = hands[seat]
        if top & (top - 1) == 0:  # one card on top: the common case of _answers, inline
            beat = hand & deal.table.beaters[top.bit_length() - 1]
            b0, b1, b2, b3, p0, p1, p2, p3 = _ANSWER_ROWS.get(seat) or answer_rows(seat)
            moves = (
                b0[beat & _LOW]
                + b1[beat >> _BITS & _LOW]
                + b2[beat >> _BITS2 & _LOW]
                + b3[beat >> _BITS3]
                + p0[hand & _LOW]
                + p1[hand >> _BITS & _LOW]
                + p2[hand >> _BITS2 & _LOW]
                + p3[hand >> _BITS3]
            )
        else:
            moves = _answers(deal.table, seat, hand, top)
        leader = -1 if trick.molodka else trick.leader
    molodkas = deal.molodkas
    # The one molodka allowed now (see molodka_seat); most of the time no hand is one at all.  Compiled
    # code tells that hand by hand through the sieve; interpreted code asks the set about every hand at
    # once, whose own loop (in C) is cheaper there than a Python loop.
    if molodkas and leader >= 0:
        if _COMPILED:
            sieve = _SIEVES.get(molodkas) or molodka_sieve(molodkas)
            held = False
            for hand in hands:
                if sieve[hand % _SIEVE] and hand in molodkas:
                    held = True
                    break
        else:
            held = not molodkas.isdisjoint(hands)
        if held:
            holder = molodka_holder(hands, leader, molodkas)
            if holder is not None:
                moves += (make_move(holder, _MOLODKA, cards_of(hands[holder]), hands[holder]),)
    return moves


def apply(state: GameState, move: Move, log: bytes) -> GameState:
    """The state after ``move`` (a lead, beat, pass or molodka), ``log`` its deal's moves; refuses anything else."""
    seat, kind, _, mask, _ = move
    if kind is _MOLODKA:
        if move != molodka_move(state):
            raise explain(state, move)
        return _play_molodka(state, move, log)
    trick = state.trick
    hand_masks = state.hand_masks
    if seat != state.turn or not mask or mask & ~hand_masks[seat]:
        raise explain(state, move)
    deal = state.deal
    table = deal.table
    if trick is None:
        if kind is not _LEAD or mask & ~table.group_masks[table.group[(mask & -mask).bit_length() - 1]]:
            raise explain(state, move)
    else:
        best: MoveFields = trick.best  # read by position in the compiled build
        top = best.mask
        if kind is _PASS:  # as many cards as lie on top
            if top & (top - 1) == 0:  # one card on top: the common case, one card under it, without counting
                if mask & (mask - 1):
                    raise explain(state, move)
            elif mask.bit_count() != top.bit_count():
                raise explain(state, move)
        elif kind is not _BEAT:
            raise explain(state, move)
        elif top & (top - 1) == 0:  # one card on top: the common case, one look-up
            if mask & (mask - 1) or not mask & table.beaters[top.bit_length() - 1]:
                raise explain(state, move)
        elif not beats(table, mask, top):
            raise explain(state, move)
    players = len(hand_masks)
    hands = list(hand_masks)
    hands[seat] = hand_masks[seat] & ~mask
    if trick is None:
        new_trick = _new(_TRICK, (seat, (move,), move, False))
    else:
        plays = trick.plays + (move,)  # noqa: RUF005 - one new tuple, where unpacking builds a list first
        if len(plays) == players:
            return take_trick(state, hands, plays, seat if kind is _BEAT else best.seat, log)
        new_trick = _new(_TRICK, (trick.leader, plays, move if kind is _BEAT else trick.best, trick.molodka))
    return _new(
        _GAME_STATE,
        (
            state.match,
            deal,
            tuple(hands),
            state.stock_at,
            state.talon,
            (seat + 1) % players,
            new_trick,
            state.won_masks,
            state.trick_counts,
            _PLAY,
            None,
            None,
            log,
        ),
    )


def _play_molodka(state: GameState, move: Move, log: bytes) -> GameState:
    """The cards on the table go back to their owners and the trick restarts with the molodka as lead."""
    hands = list(state.hand_masks)
    if state.trick is not None:
        for play in state.trick.plays:
            hands[play.seat] |= play.mask
    hands[move.seat] &= ~move.mask
    return state._replace(
        hand_masks=tuple(hands),
        turn=(move.seat + 1) % len(hands),
        trick=Trick(leader=move.seat, plays=(move,), best=move, molodka=True),
        window=None,
        log=log,
    )


def explain(state: GameState, move: Move) -> IllegalMoveError:
    """The error for a move that is not legal in a beat-or-pass trick, naming the rule it breaks."""
    refused = no_seat(move, state.match.ruleset.players)
    if refused is not None:
        return refused
    hand = state.hand_masks[move.seat]
    missing = " ".join(str(card) for card in move.cards if not hand & card.bit)
    if move.kind is _MOLODKA:
        return _explain_molodka(state, move, missing)
    if move.kind is _PLAY_KIND:  # the trick play of the other form
        return refuse(move, "beat or pass", f"a {move.kind.word} move has no place in a beat-or-pass trick")
    if move.kind not in (_LEAD, _BEAT, _PASS):
        return off_phase(state, move, "the hand is in trick play")
    if move.seat != state.turn:
        return refuse(move, "turn", f"it is seat {state.turn}'s turn")
    if missing:
        return refuse(move, "hand", f"seat {move.seat} does not hold {missing}")
    trick = state.trick
    if trick is None:
        if move.kind is not _LEAD:
            return refuse(move, "lead", f"no trick is on the table: seat {move.seat} must lead")
        if not move.cards:
            return refuse(move, "lead", "a lead needs at least one card")
        return refuse(move, "lead", "a lead is cards of one suit (trumps count as one suit)")
    if move.kind is _LEAD:
        return refuse(move, "lead", f"a trick is on the table: seat {move.seat} must beat it or pass")
    top = cards_of(trick.best.mask)
    if len(move.cards) != len(top):
        return refuse(
            move,
            move.kind.word,
            f"answer the {plural(len(top), 'card')} on top with exactly {plural(len(top), 'card')}, "
            f"not {len(move.cards)}",
        )
    return refuse(
        move,
        "beat",
        f"{' '.join(map(str, move.cards))} cannot beat {' '.join(map(str, top))} one to one "
        "(each card must beat a different card on top: higher of its suit, or a trump over a plain card)",
    )


def _explain_molodka(state: GameState, move: Move, missing: str) -> IllegalMoveError:
    play = state.match.ruleset.play
    rule = play.molodka if isinstance(play, BeatOrPass) else None
    if rule is None:
        return refuse(move, "molodka", "this game has no molodka")
    if missing:
        return refuse(move, "molodka", f"seat {move.seat} does not hold {missing}")
    hand_size = state.match.ruleset.dealing.hand_size
    full_hand = f"a molodka is a full hand of {hand_size} {'trumps' if rule.trumps_only else 'cards of one suit'}"
    if move.mask != state.hand_masks[move.seat] or move.mask not in state.deal.molodkas:
        return refuse(move, "molodka", full_hand)
    trick = state.trick
    if trick is not None and trick.molodka:
        return refuse(move, "molodka", "only one molodka may be played in a trick")
    leader = state.turn if trick is None else trick.leader
    if move.seat == leader:
        return refuse(move, "molodka", "the leader plays such cards as an ordinary lead")
    allowed = molodka_seat(state)
    if allowed is not None and allowed != move.seat:
        return refuse(
            move,
            "molodka",
            f"seat {allowed} also holds a molodka and sits nearer clockwise to the leader, so only he may play one",
        )
    return refuse(move, "molodka", full_hand)
