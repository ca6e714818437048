"""Trick play by following suit: one card each, the led suit followed when possible.

A card takes the lead of the trick when it beats the card winning it so far (the
trump table's "beats"), so special cards such as the jacks of the 15-card game need
no special case here.  A catch stops the hand the moment its second card falls.
"""

from __future__ import annotations

from typing import Final

from kozel.cards.masks import SUIT_BITS, cards_of
from kozel.engine.explain import no_seat, off_phase, refuse
from kozel.engine.hand_end import Forfeit, finish_hand
from kozel.engine.interned import PLAY_ROWS, play_rows
from kozel.engine.leading import first_trick_cards, lead_options, must_swap, swap_moves
from kozel.engine.trick_end import take_trick
from kozel.engine.trick_winner import takes_lead, trick_winner
from kozel.errors import IllegalMoveError
from kozel.game.move import Move, MoveFields, MoveKind
from kozel.game.state import GameState, Phase, Trick
from kozel.rules.leading import TrumpLeads
from kozel.rules.trick_play import FollowSuit

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_TRUMP_LEADS_BOASTING_SIDE: Final = TrumpLeads.BOASTING_SIDE

__all__ = ["apply", "explain", "follow_options", "legal_moves"]

_PLAY_MOVE: Final = MoveKind.PLAY
#: The moves of a beat-or-pass trick, the trick play of the other form.
_BEAT_OR_PASS: Final = frozenset({MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS, MoveKind.MOLODKA})
_PLAY: Final = Phase.PLAY
_new: Final = tuple.__new__
# The records built at every play, bound as Final names (compiled code reads them without a look-up).
_GAME_STATE: Final = GameState
_TRICK: Final = Trick
_BITS: Final = SUIT_BITS
_BITS2: Final = 2 * SUIT_BITS
_BITS3: Final = 3 * SUIT_BITS
_LOW: Final = (1 << SUIT_BITS) - 1
_PLAY_ROWS: Final = PLAY_ROWS


def follow_options(state: GameState, hand: int, trick: Trick) -> int:
    """The cards of ``hand`` that may answer ``trick``: the led suit (trumps for a trump lead), else any card."""
    table = state.deal.table
    suit = state.match.ruleset.play.first_trick_suit  # type: ignore[union-attr]
    if suit is not None and not any(state.trick_counts):
        return first_trick_cards(table, hand, int(suit))
    led = trick.plays[0].mask.bit_length() - 1
    return hand & table.group_masks[table.group[led]] or hand


def _allowed(state: GameState, seat: int) -> int:
    hand = state.hand_masks[seat]
    trick = state.trick
    return lead_options(state, seat, hand) if trick is None else follow_options(state, hand, trick)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The cards the seat to play may play now (or, for an opener who must swap, the trumps he may swap)."""
    seat = state.turn
    assert seat is not None
    trick = state.trick
    if trick is None:
        if any(state.trick_counts) and state.match.ruleset.leading.trump_leads is not _TRUMP_LEADS_BOASTING_SIDE:
            allowed = state.hand_masks[seat]  # a later lead, the common case of lead_options, inline: any card
        elif must_swap(state):
            return swap_moves(state)
        else:
            allowed = lead_options(state, seat, state.hand_masks[seat])
    elif state.match.ruleset.play.first_trick_suit is not None and not any(state.trick_counts):  # type: ignore[union-attr]
        allowed = follow_options(state, state.hand_masks[seat], trick)
    else:  # the common case, inline: the led suit (trumps for a trump lead), else any card
        table = state.deal.table
        hand = state.hand_masks[seat]
        lead: MoveFields = trick.plays[0]  # read by position in the compiled build
        allowed = hand & table.group_masks[table.group[lead.mask.bit_length() - 1]] or hand
    r0, r1, r2, r3 = _PLAY_ROWS.get(seat) or play_rows(seat)
    return r0[allowed & _LOW] + r1[allowed >> _BITS & _LOW] + r2[allowed >> _BITS2 & _LOW] + r3[allowed >> _BITS3]


def apply(state: GameState, move: Move, log: bytes) -> GameState:
    """The state after playing one card into the trick, with ``log`` as its deal's moves."""
    seat, kind, _, mask, _ = move
    match = state.match
    deal = state.deal
    hand_masks = state.hand_masks
    trick = state.trick
    counts = state.trick_counts
    if kind is not _PLAY_MOVE or seat != state.turn or mask & (mask - 1) or not mask & hand_masks[seat]:
        raise explain(state, move)
    table = deal.table
    rules = match.ruleset
    first_suit = rules.play.first_trick_suit  # type: ignore[union-attr]
    if trick is None:
        # A later lead may be any card (the common case of lead_options, inline); the opening lead is checked whole.
        if (not any(counts) or rules.leading.trump_leads is _TRUMP_LEADS_BOASTING_SIDE) and not mask & lead_options(
            state, seat, hand_masks[seat]
        ):
            raise explain(state, move)
    elif first_suit is not None and not any(counts):
        if not mask & follow_options(state, hand_masks[seat], trick):
            raise explain(state, move)
    else:  # the common case, checked inline: follow the led suit when you can
        lead: MoveFields = trick.plays[0]  # read by position in the compiled build
        led = table.group_masks[table.group[lead.mask.bit_length() - 1]]
        if not mask & led and hand_masks[seat] & led:
            raise explain(state, move)
    players = len(hand_masks)
    hands = list(hand_masks)
    hands[seat] = hand_masks[seat] & ~mask
    if trick is None:
        trick = _new(_TRICK, (seat, (move,), move, False))
    else:
        best: MoveFields = trick.best  # read by position in the compiled build
        if table.beaters[best.mask.bit_length() - 1] & mask or (
            first_suit is not None and takes_lead(state, best.mask, mask)
        ):
            best = move
        trick = _new(_TRICK, (trick.leader, trick.plays + (move,), best, False))  # noqa: RUF005 - no list first
        catch = rules.catch
        if catch is not None and mask & catch.mask:
            loser = catch.loser([(play.seat, play.cards[0]) for play in trick.plays], rules.side_of)
            if loser is not None:
                return finish_hand(
                    state,
                    tuple(hands),
                    state.won_masks,
                    counts,
                    trick.best.seat,
                    log=log,
                    trick=trick,
                    forfeit=Forfeit(loser_side=loser, written=catch.written),
                    caught=True,
                )
        if len(trick.plays) == players:
            return take_trick(state, hands, trick.plays, trick_winner(state, trick), log)
    return _new(
        _GAME_STATE,
        (
            match,
            deal,
            tuple(hands),
            state.stock_at,
            state.talon,
            (seat + 1) % players,
            trick,
            state.won_masks,
            counts,
            _PLAY,
            None,
            None,
            log,
        ),
    )


def explain(state: GameState, move: Move) -> IllegalMoveError:
    """The error for a move that is not legal in a follow-suit trick, naming the rule it breaks."""
    rules = state.match.ruleset
    refused = no_seat(move, rules.seating.players)
    if refused is not None:
        return refused
    if move.kind in _BEAT_OR_PASS:
        return refuse(move, "follow suit", f"a {move.kind.word} move has no place in a follow-suit trick")
    if move.kind is not _PLAY_MOVE:
        return off_phase(state, move, "the hand is in trick play")
    if move.seat != state.turn:
        return refuse(move, "turn", f"it is seat {state.turn}'s turn")
    if len(move.cards) != 1:
        return refuse(move, "follow suit", "each player plays exactly one card into the trick")
    card = move.cards[0]
    hand = state.hand_masks[move.seat]
    if not hand & card.bit:
        return refuse(move, "hand", f"seat {move.seat} does not hold {card}")
    allowed = " ".join(map(str, cards_of(_allowed(state, move.seat))))
    trick = state.trick
    if trick is None:
        if must_swap(state):
            return refuse(move, "swap", "the opener holds only trumps and may not lead one: first swap a trump")
        rule, why = _lead_rule(state, move)
        return refuse(move, rule, f"{why}; the cards that may lead now are {allowed}")
    play = rules.play
    if isinstance(play, FollowSuit) and play.first_trick_suit is not None and not any(state.trick_counts):
        suit = play.first_trick_suit
        return refuse(
            move, "first trick", f"in the first trick play a {suit.name.lower()[:-1]}, else a trump: one of {allowed}"
        )
    return refuse(move, "follow suit", f"follow the led suit (a trump lead needs a trump): play one of {allowed}")


def _lead_rule(state: GameState, move: Move) -> tuple[str, str]:
    """The lead rule a refused lead breaks, and why, in table words (asked in the order :func:`lead_options` applies
    them: the holder's card, the talon's shown card, the first trick's suit, the bars on leading trumps)."""
    deal = state.deal
    table = deal.table
    rules = state.match.ruleset
    leading = rules.leading
    card = move.cards[0]
    hand = state.hand_masks[move.seat]
    holder = leading.holder_card
    opening = not any(state.trick_counts)
    if opening and holder is not None and hand & holder.bit and leading.holder_opens(not state.match.hand_results):
        which = "hand" if state.match.hand_results else "match"
        return "holder's card", f"the holder of {holder} opens the {which} with it"
    talon = rules.talon
    if (
        opening
        and talon is not None
        and talon.lead_follows_shown
        and deal.declarer is None
        and state.talon
        and hand & table.group_masks[table.group[state.talon[0]]]
    ):
        return "talon", f"the first lead follows the shown talon card {state.talon[0]} when it can"
    play = rules.play
    if opening and isinstance(play, FollowSuit) and play.first_trick_suit is not None:
        return "first trick", f"in the first trick play a {play.first_trick_suit.name.lower()[:-1]}, else a trump"
    if deal.table.trump_mask & card.bit:
        if leading.trump_leads is _TRUMP_LEADS_BOASTING_SIDE:
            seating = rules.seating
            side = "pair" if seating.team_size == 2 else "side"
            others = f"the other {side}" if seating.sides == 2 else f"the other {side}s"
            return "trump lead", f"only the boasting {side} leads trumps; {others} only when holding nothing else"
        if opening and leading.first_lead_plain and not state.match.hand_results:
            return "trump lead", "the first lead of the match is a plain card"
        return "trump lead", "the side that opened the last hand may not open this one with a trump"
    return "lead", "this card may not lead now"
