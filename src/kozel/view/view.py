"""PlayerView: exactly what one seat may know, and ``observe`` to make it from a state.

A view holds the seat's own hand, what lies face up, the sizes of everything hidden,
the score sheet, the public history of this deal (with the seat's own hidden cards and
nobody else's), and what the rules let everyone infer.  It holds no other hand, no
face-down card of another seat, no stock order and no seed: two states that differ only
in what this seat may not see give equal views.
"""

from __future__ import annotations

import attrs

from kozel.cards.card import Card, Suit
from kozel.cards.cardset import CardSet
from kozel.engine import apply, start_of_deal
from kozel.game.move import Move
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Phase
from kozel.rules.ruleset import Ruleset
from kozel.view.events import Event, Played, move_events, opening_events
from kozel.view.inference import Voids

__all__ = ["PlayerView", "observe"]


@attrs.frozen
class PlayerView:
    """What one seat may know of a match at one moment."""

    #: The rules being played.
    ruleset: Ruleset
    #: The seat this view belongs to.
    seat: int
    #: This seat's own hand.
    hand: CardSet
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: The dealer of this hand.
    dealer: int
    #: The seat to move, or None once the match is over.
    turn: int | None
    #: What the table is doing.
    phase: Phase
    #: The trump suit, or None.
    trump: Suit | None
    #: The card shown to name the trump suit, or None.
    trump_card: Card | None
    #: The talon card shown face up, or None.
    talon_shown: Card | None
    #: Cards in the talon.
    talon_size: int
    #: Cards in the stock.
    stock_size: int
    #: The plays of the trick on the table (face-down cards hidden), or None between tricks.
    trick: tuple[Played, ...] | None
    #: The seat taking the trick on the table if play stopped now, or None.
    trick_winner: int | None
    #: Tricks each side has taken in this hand.
    trick_counts: tuple[int, ...]
    #: Cards each side has taken in this hand.
    won_sizes: tuple[int, ...]
    #: Written match points per side.
    scores: tuple[int, ...]
    #: Sets won per side, in a match of sets.
    sets: tuple[int, ...]
    #: The results of the finished hands.
    hand_results: tuple[HandResult, ...]
    #: The match result once it is over.
    result: MatchResult | None
    #: The declarer, in a talon game.
    declarer: int | None
    #: The praise deal announced for this hand, or None.
    praise: str | None
    #: The sides that have made their trump transfer in the open window, or None when no window is open.
    transfers_done: tuple[int, ...] | None
    #: The public history of this deal, as this seat saw it, oldest first.
    history: tuple[Event, ...]
    #: For each seat, the groups it has shown it holds none of (0-3: the plain suits by number,
    #: 4: trumps), from what the rules imply.
    voids: tuple[frozenset[int], ...]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.result is not None


def observe(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``: its own cards, what is face up, and the public history.

    >>> import kozel
    >>> view = kozel.observe(kozel.new_game(kozel.variants.get("classic"), seed=7), 1)
    >>> str(view.hand), view.hand_sizes, str(view.trump_card)
    ('K♣ 7♠ 9♠ 8♥', (4, 4, 4, 4), '10♥')
    """
    rules = state.ruleset
    if not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise ValueError(f"seat must be a seat from 0 to {rules.players - 1}, not {seat!r}")
    current = start_of_deal(state)
    history: list[Event] = list(opening_events(current))
    voids = Voids(rules, current.table)
    for move in state.moves:
        after = apply(current, move)
        for event in move_events(current, move, after):
            history.append(event)
            voids.see(event)
        current = after
    trick = state.trick
    window = state.window
    return PlayerView(
        ruleset=rules,
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(mask.bit_count() for mask in state.hand_masks),
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        trump=state.trump,
        trump_card=state.trump_card,
        talon_shown=state.talon_shown if rules.talon is not None else None,
        talon_size=len(state.talon),
        stock_size=len(state.stock),
        trick=None if trick is None else tuple(_played(play, seat) for play in trick.plays),
        trick_winner=None if trick is None else trick.winner,
        trick_counts=state.trick_counts,
        won_sizes=tuple(mask.bit_count() for mask in state.won_masks),
        scores=state.scores,
        sets=state.match.sets,
        hand_results=state.hand_results,
        result=state.result,
        declarer=state.declarer,
        praise=state.deal.praise.value if state.deal.praise is not None else None,
        transfers_done=None if window is None else window.done,
        history=tuple(event.for_seat(seat) for event in history),
        voids=tuple(frozenset(groups) for groups in voids.groups),
    )


def _played(play: Move, seat: int) -> Played:
    return Played(play.seat, play.kind, play.cards, len(play.cards), play.choice).for_seat(seat)
