"""Inference: what the rules let everyone at the table conclude from a deal's public events.

In a follow-suit game a player who does not follow the led suit (or answer a trump lead with a
trump) shows that he holds none of it; in a first trick that must be played in one suit, a card of
another suit shows he has none of that suit, and a plain card that he has no trump either (for
the opening lead itself only where no other lead rule binds it: the holder's card, the talon's shown
suit, a bar on leading trumps or the opening swap may make a leader open with another card).  A
player who hands all his trumps to his partner shows he has none left (not where a player with two
trumps may hand over one, nor for a single card handed before the first lead, where an opener's
swap of one trump for a plain card looks the same).  Nothing else is inferred:
a player who passes, or who plays low, may still hold higher cards.  What is shown stays true
until the player receives cards: a draw clears it, trumps from the partner clear the trump group,
plain cards back clear the plain suits (and the trumps, where a partner with no plain card gives
trumps back).
"""

from __future__ import annotations

from typing import Any, Final

from kozel.cards.card import Card
from kozel.cards.masks import BITS
from kozel.engine import first_trick_suit_cards
from kozel.game.move import MoveKind
from kozel.rules.leading import TrumpLeads
from kozel.rules.ruleset import Ruleset
from kozel.rules.trick_play import FollowSuit
from kozel.rules.trump import TRUMP_GROUP, TrumpTable
from kozel.view.events import CardsDrawn, Event, Played, PraiseDealt, TrickTaken

__all__ = ["Voids"]

_TRICK_PLAYS: Final = frozenset({MoveKind.PLAY, MoveKind.LEAD, MoveKind.BEAT, MoveKind.PASS})
_PLAIN: Final = frozenset(range(TRUMP_GROUP))
# The events and kinds read at every event, bound as Final names (compiled code reads them without a look-up).
_PLAYED: Final = Played
_TRICK_TAKEN: Final = TrickTaken
_CARDS_DRAWN: Final = CardsDrawn
_PRAISE_DEALT: Final = PraiseDealt
_PLAY: Final = MoveKind.PLAY
_MOLODKA: Final = MoveKind.MOLODKA
_TRANSFER: Final = MoveKind.TRANSFER
_TRANSFER_BACK: Final = MoveKind.TRANSFER_BACK


class Voids:
    """The groups each seat has shown it holds none of (0-3: the plain suits by number, 4: trumps), kept up to date
    event by event.

    It copies and pickles by what it has seen (``__reduce__``), so that the compiled build, where it is a
    native class with no instance dictionary, copies it as the pure build does."""

    def __init__(self, rules: Ruleset, table: TrumpTable) -> None:
        self.rules = rules
        self.table = table
        #: For each seat, the groups it has shown it lacks.
        self.groups: list[set[int]] = [set() for _ in range(rules.players)]
        self._trick: list[Played] = []
        self._tricks_done = 0
        transfer = rules.transfer
        self._all_trumps_go = transfer is not None and not transfer.point_trump_of_two
        self._trumps_back = transfer is not None and transfer.trump_back_if_no_plain
        self._swaps = rules.leading.swap_for_plain
        play = rules.play
        self._follow_suit = isinstance(play, FollowSuit)
        # What a play is judged by, read once: the suit every first trick is played in (if one), the trump suit's
        # number (-1 where none), the trumps and each card's group.
        first_suit = play.first_trick_suit if isinstance(play, FollowSuit) else None
        self._first_suit = None if first_suit is None else int(first_suit)
        leading, talon = rules.leading, rules.talon
        #: Whether the opening lead of a first trick played in one suit is bound by that suit alone, so that it
        #: shows what a follower's card would; where another lead rule may bind it (the holder's card opens, the
        #: lead follows the talon's shown card, a bar on leading trumps, the opening swap) it shows nothing.
        self.opening_lead_shows = (
            first_suit is not None
            and not (leading.lead_holder_card and leading.holder_card is not None)
            and not (talon is not None and talon.lead_follows_shown)
            and leading.trump_leads is TrumpLeads.ANY
            and not leading.first_lead_plain
            and not leading.swap_for_plain
        )
        self._trump_suit = -1 if table.suit is None else int(table.suit)
        self._trumps = table.trump_mask
        self._group = table.group
        #: Whether any event can show a void under these rules (a follow-suit game, or trumps all handed over).
        self.informative = self._all_trumps_go or self._follow_suit

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as its rules, trump table and what it has seen so far."""
        return (_rebuilt, (type(self), self.rules, self.table, (self.groups, self._trick, self._tricks_done)))

    def __copy__(self) -> Voids:
        """A copy that sees apart from this one: the seats' groups and the trick on the table copied, the rules and
        the trump table shared."""
        seen = ([set(groups) for groups in self.groups], list(self._trick), self._tricks_done)
        return _rebuilt(type(self), self.rules, self.table, seen)

    def __deepcopy__(self, memo: object) -> Voids:
        """As :meth:`__copy__`: what it shares (the rules, the trump table, the events seen) never changes."""
        return self.__copy__()

    def see(self, event: Event) -> set[int]:
        """Take in ``event``; the groups its player has just shown he lacks (for a play), else an empty set."""
        if isinstance(event, _PLAYED):
            kind = event.kind  # each field read once: events are records of another module
            if kind is _PLAY:
                cards = event.cards
                shown = self._shown_by_play(cards) if self._follow_suit and cards is not None else set()
            elif (
                kind is _TRANSFER
                and self._all_trumps_go
                and not (self._swaps and event.count == 1 and not self._tricks_done and not self._trick)
            ):
                shown = {TRUMP_GROUP}  # not for one card before the first lead: the opener's swap looks the same
            else:
                shown = set()
            if shown:
                self.groups[event.seat] |= shown
            if kind in _TRICK_PLAYS:
                self._trick.append(event)
            elif kind is _MOLODKA:
                self._trick = [event]
            elif kind is _TRANSFER or kind is _TRANSFER_BACK:
                to = event.to
                if to is not None:
                    if kind is _TRANSFER:
                        self.groups[to].discard(TRUMP_GROUP)
                    else:
                        self.groups[to] -= _PLAIN
                        if self._trumps_back:
                            self.groups[to].discard(TRUMP_GROUP)
            return shown
        if isinstance(event, _TRICK_TAKEN):
            self._trick = []
            self._tricks_done += 1
        elif isinstance(event, _CARDS_DRAWN):
            for owner, _, _ in event.drawn:
                self.groups[owner] = set()
        elif isinstance(event, _PRAISE_DEALT):
            self._tricks_done += len(event.tricks)
        return set()

    def _shown_by_play(self, cards: tuple[Card, ...]) -> set[int]:
        """What a card played face up (the first of ``cards``) in a follow-suit game shows its player lacks."""
        card = cards[0]
        group = self._group
        if self._tricks_done == 0 and self._first_suit is not None:
            if not self._trick and not self.opening_lead_shows:
                return set()
            suit = self._first_suit
            shown = set()
            if not first_trick_suit_cards(self.table, suit) & BITS[card]:
                shown.add(suit if self._trump_suit != suit else TRUMP_GROUP)
                if not self._trumps & BITS[card]:
                    shown.add(TRUMP_GROUP)
            return shown
        trick = self._trick
        if not trick:
            return set()
        led = trick[0].cards
        if led is None:
            return set()
        group_led = group[led[0]]
        return {group_led} if group[card] != group_led else set()


def _rebuilt(
    kind: type[Voids], rules: Ruleset, table: TrumpTable, seen: tuple[list[set[int]], list[Played], int]
) -> Voids:
    """A ``kind`` of ``rules`` and ``table`` that has seen what a copied one had (the other half of ``__reduce__``):
    its groups, the trick on the table, and the tricks done."""
    voids = kind(rules, table)
    voids.groups, voids._trick, voids._tricks_done = seen
    return voids
