"""What the engine reads of a ruleset at each deal and each hand's end, read once per ruleset.

A ruleset is a tree of frozen records whose counts are properties (``players``, ``sides``,
``total_points``): cheap to read once, but the deal and the end of a hand read a dozen of them
every hand.  :func:`plan_of` reads them the first time a ruleset deals and keeps them, by the
ruleset's id, with the ruleset itself (so the id stays its own while the plan is kept), for at most
:data:`PLANS_LIMIT` rulesets at once.  Nothing here decides a rule: each value is what the
ruleset's own component says.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from kozel.cards.card import Suit
from kozel.engine.interned import numbers
from kozel.engine.memo import remember
from kozel.rules.dealing import DealerRotation
from kozel.rules.leading import LeadSeat
from kozel.rules.ruleset import Ruleset
from kozel.rules.scoring import ScoreMode
from kozel.rules.talon import Bidding
from kozel.rules.trump import TrumpSource, TrumpTable

__all__ = ["PLANS_LIMIT", "Plan", "plan_of"]


class Plan(NamedTuple):
    """A ruleset's counts and choices as the deal and the end of a hand read them."""

    #: The ruleset read (held, so that its id, the plan's key, stays its own).
    ruleset: Ruleset
    #: How many people play, and how many sides compete.
    players: int
    sides: int
    #: The side of each seat.
    side_of_seat: tuple[int, ...]
    #: Cards a hand is dealt, and cards dealt to the talon.
    hand_size: int
    talon_size: int
    #: Where the trump suit is shown.
    shown: TrumpSource
    #: For each dealer, the positions in the deck order of each seat's cards.
    seat_cards: tuple[tuple[tuple[int, ...], ...], ...]
    #: Whether a transfer window opens after the deal: in the first hand, and in later hands.
    window_first: bool
    window_later: bool
    #: The bidding for the talon, or None.
    bidding: Bidding | None
    #: Every side's nothing: the first won cards and trick counts.
    nothing: tuple[int, ...]
    #: The card points of the whole deck.
    total_points: int
    #: Whether written points are penalties, and the sign a hand's written points are added with.
    penalty: bool
    sign: int
    #: Whether the next dealer is the seat that opened the hand (else the dealer's left).
    opener_deals: bool
    #: The rule that names the leader of every hand after the first.
    later_hands: LeadSeat
    #: The hand's trump table and molodka hands, by shown suit, filled by the deal as each is met.
    tables: dict[Suit | None, tuple[TrumpTable, frozenset[int]]]
    #: What the scoring table writes for a hand played out (points per side, and whether it was eggs), by the
    #: hand's card points and tricks per side and the dealer's side, filled by the hand's end as each is met.
    written: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[tuple[int, ...], bool]]


#: The plan of each ruleset read lately, by the ruleset's id (see ``Plan.ruleset``).
_PLANS: Final[dict[int, Plan]] = {}
#: Plans kept before they are all let go: a plan holds its ruleset, so a program that builds a ruleset
#: afresh for every match (from its file, say) keeps no more than this many alive (a plan is cheap to make).
PLANS_LIMIT: Final = 256


def plan_of(ruleset: Ruleset) -> Plan:
    """``ruleset``'s plan, read the first time it is asked for."""
    found = _PLANS.get(id(ruleset))
    if found is not None and found.ruleset is ruleset:
        return found
    players = ruleset.players
    dealing = ruleset.dealing
    transfer = ruleset.transfer
    after_deal = transfer is not None and transfer.after_deal
    mode = ruleset.scoring.mode
    made = Plan(
        ruleset,
        players,
        ruleset.sides,
        ruleset.seating.side_of_seat,
        dealing.hand_size,
        ruleset.talon_size,
        ruleset.trumps.shown,
        tuple(_seat_cards(players, dealing.hand_size, dealing.packet, dealer) for dealer in range(players)),
        after_deal and transfer is not None and transfer.first_hand,
        after_deal,
        ruleset.talon.bidding if ruleset.talon is not None else None,
        numbers((0,) * ruleset.sides),
        ruleset.total_points,
        mode is ScoreMode.PENALTY,
        mode.step,
        dealing.rotation is DealerRotation.OPENER,
        ruleset.leading.later_hands,
        {},
        {},
    )
    return remember(_PLANS, id(ruleset), made, PLANS_LIMIT)


def _seat_cards(players: int, hand_size: int, packet: int, dealer: int) -> tuple[tuple[int, ...], ...]:
    """The positions in the deck order of each seat's cards, dealt ``packet`` at a time from the dealer's left."""
    seats: list[list[int]] = [[] for _ in range(players)]
    position = 0
    for _ in range(hand_size // packet):
        for step in range(1, players + 1):
            seats[(dealer + step) % players].extend(range(position, position + packet))
            position += packet
    return tuple(tuple(positions) for positions in seats)
