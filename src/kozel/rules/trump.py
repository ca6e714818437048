"""Trumps: which cards are trumps in a hand, and which card beats which.

A hand's trumps are the ruleset's permanent trumps (``fixed``, highest first),
then, when the ruleset shows a trump suit, the rest of that suit in the plain
rank order.  Every other card is a plain card of its own suit.  A card beats
another when both are of the same group (the trumps, or one plain suit) and it
ranks higher, or when it is a trump and the other is not.

``over_trumps`` are special cards (the jacks of the 15-card game) that keep their
own suit but beat every card of it and every trump except the permanent trumps
and the over-trumps listed before them.  With them "beats" is no longer a total
order, so a trick is won by the last card that beat the card winning it so far.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import Any, Final, NamedTuple

import attrs

from kozel.cards.card import CARDS, Card, Rank, Suit
from kozel.cards.notation import parse_cards
from kozel.errors import KozelError, RulesetError
from kozel.rules import checks

__all__ = ["CLASSIC_RANK_ORDER", "TRUMP_GROUP", "TrumpSource", "TrumpTable", "Trumps"]

#: Low to high: 6, 7, 8, 9, J, Q, K, 10, A. The ten outranks the king in every Kozel game.
CLASSIC_RANK_ORDER: Final = (
    Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE,
)  # fmt: skip

#: The group number of trumps; plain cards are grouped by their suit number, 0..3.
TRUMP_GROUP: Final = 4


class TrumpSource(enum.Enum):
    """Where a hand's trump suit comes from, if it has one."""

    #: No suit is shown: only the permanent trumps are trumps.
    NONE = "none"
    #: After the deal a card from the middle of the stock is shown; its suit is trump. The card stays
    #: where it was in the stock and is drawn like any other.
    MIDDLE_OF_STOCK = "middle_of_stock"
    #: The last card dealt (the dealer's last card) is shown; its suit is trump.  It stays in his hand.
    LAST_DEALT = "last_dealt"
    #: The top card of the talon (the cards left undealt) is shown; its suit is trump.
    TALON_TOP = "talon_top"


def _card_tuple(cards: Iterable[Card] | str, name: str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except KozelError as error:
            raise RulesetError(f"trumps: {name}: {error}") from error
    return checks.as_tuple(cards)


def _fixed_tuple(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    return _card_tuple(cards, "fixed")


def _over_tuple(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    return _card_tuple(cards, "over_trumps")


def _rank_tuple(ranks: Iterable[Rank]) -> tuple[Rank, ...]:
    return checks.as_tuple(ranks)


def _rank_order(instance: Any, attribute: attrs.Attribute[Any], value: tuple[Rank, ...]) -> None:
    if (
        not isinstance(value, tuple)
        or any(not isinstance(rank, Rank) for rank in value)
        or sorted(value) != sorted(Rank)
    ):
        shown = " ".join(map(checks.table_text, value)) if isinstance(value, tuple) else checks.table_text(value)
        classic = " ".join(rank.text for rank in CLASSIC_RANK_ORDER)
        raise RulesetError(
            f"trumps: plain_order must list each of the nine ranks once, low to high (such as {classic}), "
            f"not {shown or 'none'}"
        )


def _fixed(instance: Any, attribute: attrs.Attribute[Any], value: tuple[Card, ...]) -> None:
    if not isinstance(value, tuple) or any(not isinstance(card, Card) for card in value):
        raise RulesetError(f"trumps: {attribute.name} must be a list of cards, not {checks.table_text(value)}")
    twice = sorted({card for card in value if value.count(card) > 1})
    if twice:
        where = "permanent trump order" if attribute.name == "fixed" else "over-trumps"
        raise RulesetError(f"trumps: {' '.join(map(str, twice))} is listed twice in the {where} ({attribute.name})")


@attrs.frozen(cache_hash=True)
class Trumps:
    """The trump rule: a suit shown each hand, a permanent trump order, or both."""

    #: Where the hand's trump suit comes from (or ``NONE`` for permanent trumps only).
    shown: TrumpSource = attrs.field(default=TrumpSource.NONE, validator=checks.member("trumps", TrumpSource))
    #: Permanent trumps, highest first; they rank above every card of a shown trump suit.
    fixed: tuple[Card, ...] = attrs.field(default=(), converter=_fixed_tuple, validator=_fixed)
    #: Cards that keep their suit but beat all of it and every trump below them (highest first).
    over_trumps: tuple[Card, ...] = attrs.field(default=(), converter=_over_tuple, validator=_fixed)
    #: The rank order inside a suit, low to high (also the order of a shown trump suit's own cards).
    plain_order: tuple[Rank, ...] = attrs.field(
        default=CLASSIC_RANK_ORDER, converter=_rank_tuple, validator=_rank_order
    )

    def __attrs_post_init__(self) -> None:
        both = set(self.fixed) & set(self.over_trumps)
        if both:
            raise RulesetError(
                f"trumps: {' '.join(map(str, sorted(both)))} cannot be both a permanent and an over-trump"
            )

    def table(self, suit: Suit | None) -> TrumpTable:
        """The lookup tables of this trump rule for a hand whose shown trump suit is ``suit``."""
        return _compile(self, suit)

    def order(self, suit: Suit | None, deck: Iterable[Card] | None = None) -> tuple[Card, ...]:
        """Every trump of a hand whose shown suit is ``suit``, highest first (only those in ``deck``, if given)."""
        order = self.table(suit).order
        if deck is None:
            return order
        cards = set(deck)
        return tuple(card for card in order if card in cards)

    def is_trump(self, card: Card, suit: Suit | None) -> bool:
        """Whether ``card`` is a trump in a hand whose shown trump suit is ``suit``."""
        return bool(self.table(suit).trump_mask & card.bit)

    def beats(self, card: Card, other: Card, suit: Suit | None) -> bool:
        """Whether ``card`` beats ``other``: higher in the same group, or a trump over a plain card."""
        return bool(self.table(suit).beaters[other.index] & card.bit)


class TrumpTable(NamedTuple):
    """One hand's trump rule compiled to lookup tables indexed by ``Card.index``, for the engine.

    Tables are shared (one per trump rule and shown suit, made by ``Trumps.table``) and compare by
    the rule and suit alone.  A table is a named tuple, so that compiled engine code reads its
    fields by position.  ``memo`` is a cache, the one mutable thing a state reaches: the engine
    remembers there what depends only on the table and some cards (the beat-or-pass test for a
    set of top cards).  It is bounded, never part of equality, hash or pickle, and never changes a
    result.
    """

    #: The trump rule compiled.
    trumps: Trumps
    #: The shown trump suit, or None.
    suit: Suit | None
    #: Every trump, highest first.
    order: tuple[Card, ...]
    #: Bitmask of the trumps.
    trump_mask: int
    #: The group of each card: its suit number for a plain card, ``TRUMP_GROUP`` for a trump.
    group: tuple[int, ...]
    #: Bitmask of the cards of each group (0..3 plain suits, 4 trumps).
    group_masks: tuple[int, ...]
    #: Strength of each card; compared only inside a group, and trumps are above every plain card.
    power: tuple[int, ...]
    #: For each card, the bitmask of the cards that beat it.
    beaters: tuple[int, ...]
    #: A cache of the engine's beat tests for this table (they depend only on the top cards and trumps).
    memo: dict[Any, Any]

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` beats ``other`` in this hand."""
        return bool(self.beaters[other.index] & card.bit)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TrumpTable):
            return self is other or (self.trumps == other.trumps and self.suit == other.suit)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.trumps, self.suit))

    def __reduce__(self) -> tuple[Any, tuple[Trumps, Suit | None]]:
        return (_compile, (self.trumps, self.suit))

    def __repr__(self) -> str:
        return f"<TrumpTable {' '.join(map(str, self.order))}>"


def _build(trumps: Trumps, suit: Suit | None) -> TrumpTable:
    """The tables of ``trumps`` for a hand whose shown trump suit is ``suit``."""
    rank_pos = {rank: pos for pos, rank in enumerate(trumps.plain_order)}
    order = list(trumps.fixed)
    if suit is not None:
        overs = [c for c in trumps.over_trumps if c.suit == suit]
        own = [c for c in CARDS if c.suit == suit and c not in trumps.fixed and c not in overs]
        order += overs + sorted(own, key=lambda c: rank_pos[c.rank], reverse=True)
    trump_pos = {card: len(order) - pos for pos, card in enumerate(order)}
    group = tuple(TRUMP_GROUP if card in trump_pos else int(card.suit) for card in CARDS)
    power = tuple(100 + trump_pos[card] if card in trump_pos else rank_pos[card.rank] for card in CARDS)
    group_masks = tuple(sum(card.bit for card in CARDS if group[card.index] == g) for g in range(TRUMP_GROUP + 1))

    def plain_beats(a: int, b: int) -> bool:
        if group[a] == group[b]:
            return power[a] > power[b]
        return group[a] == TRUMP_GROUP

    beaters = [sum(other.bit for other in CARDS if plain_beats(other.index, card.index)) for card in CARDS]
    for rank, over in enumerate(trumps.over_trumps):
        above = set(trumps.fixed) | set(trumps.over_trumps[:rank]) | {over}
        below = set(trumps.over_trumps[rank + 1 :])
        for card in CARDS:
            if card not in above and (card.suit == over.suit or card in trump_pos or card in below):
                beaters[card.index] |= over.bit
                beaters[over.index] &= ~card.bit
    trump_mask = sum(card.bit for card in order)
    return TrumpTable(trumps, suit, tuple(order), trump_mask, group, group_masks, power, tuple(beaters), {})


@functools.cache
def _compile(trumps: Trumps, suit: Suit | None) -> TrumpTable:
    return _build(trumps, suit)
