"""Who takes a trick: the one home of the engine's trick-winner test, used by trick play, praise deals and views.

A card takes the lead of a trick when it beats the card leading it so far (the trump table's
"beaters"); in the first trick of a game played in one suit, a card of that suit or a trump also
takes it from a discard.  A full trick goes to the play leading it, except where the rules give it
to the side with the most card points in it (:class:`~kozel.rules.TrickWinner`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kozel.cards.card import Card
from kozel.engine.leading import suit_cards
from kozel.errors import KozelError
from kozel.game.move import Move, MoveFields, MoveKind
from kozel.game.state import GameState, Trick
from kozel.rules.trick_play import FollowSuit, TrickWinner
from kozel.rules.trump import TrumpTable

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_BEAT: Final = MoveKind.BEAT
_KIND_PLAY: Final = MoveKind.PLAY
_WINNER_HIGHEST_CARD: Final = TrickWinner.HIGHEST_CARD

__all__ = ["last_beater", "takes_lead", "trick_taker", "trick_winner"]


def takes_lead(state: GameState, best: int, card: int) -> bool:
    """Whether ``card`` (a one-card bitmask) takes the lead of the trick from ``best`` in a follow-suit trick."""
    table = state.deal.table
    if table.beaters[best.bit_length() - 1] & card:
        return True
    suit = state.match.ruleset.play.first_trick_suit  # type: ignore[union-attr]
    if suit is None or any(state.trick_counts):
        return False
    # The first trick played in one suit: a card of neither that suit nor a trump is a discard,
    # which never keeps the trick from one.
    counted = suit_cards(table, int(suit)) | table.trump_mask
    return bool(card & counted) and not best & counted


def trick_winner(state: GameState, trick: Trick) -> int:
    """The seat that takes the full ``trick``: its leading play's, or where the rules say so, the seat that
    leads it among the side with the most card points in it (a tie: the leading play's).

    That seat is the one of the side with the highest card as the trick ranks them: a card that beats
    another ranks above it, and a card of the led suit or a trump ranks above a discard of another suit
    (and, in a first trick played in one suit, a card of that suit or a trump above any other)."""
    rules = state.match.ruleset
    play = rules.play
    if not isinstance(play, FollowSuit) or play.winner is _WINNER_HIGHEST_CARD:
        best_play: MoveFields = trick.best  # read by position in the compiled build
        return best_play.seat
    points = [0] * rules.sides
    side_of_seat = rules.seating.side_of_seat
    for card_play in trick.plays:
        points[side_of_seat[card_play.seat]] += rules.points.of_mask(card_play.mask)
    top = max(points)
    leaders = [side for side, side_points in enumerate(points) if side_points == top]
    if len(leaders) > 1:
        return trick.best.seat
    side = leaders[0]
    table = state.deal.table
    led = trick.plays[0].mask
    followed = table.group_masks[table.group[led.bit_length() - 1]] | table.trump_mask  # the led suit, or trumps
    best = None
    for card_play in trick.plays:
        if side_of_seat[card_play.seat] != side:
            continue
        mask = card_play.mask
        if (
            best is None
            or takes_lead(state, best.mask, mask)
            or (mask & followed and not best.mask & followed)  # the led suit or a trump over a discard
        ):
            best = card_play
    assert best is not None
    return best.seat


def trick_taker(state: GameState, move: Move) -> int:
    """The seat that takes the trick on the table in ``state`` once ``move``, its last play, is made.

    In a beat-or-pass trick the last beat takes it (so a beat, or else the play leading it); in a
    follow-suit trick, ``trick_winner`` of the trick with the move in it.
    """
    trick = state.trick
    if trick is None:
        raise KozelError("trick_taker: no trick is on the table, so no move is its last play")
    if move.kind is _KIND_BEAT:
        return move.seat
    if move.kind is not _KIND_PLAY:
        return trick.best.seat
    best = move if takes_lead(state, trick.best.mask, move.mask) else trick.best
    return trick_winner(state, Trick(leader=trick.leader, plays=(*trick.plays, move), best=best))


def last_beater(table: TrumpTable, plays: Sequence[tuple[int, Card]]) -> int:
    """The seat that takes a trick dealt by a praise procedure, ``plays`` in order (the first leading):
    the last card to beat the one leading it so far."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if table.beaters[best] & card.bit:
            best_seat, best = seat, card
    return best_seat
