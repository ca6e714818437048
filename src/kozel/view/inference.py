"""Inference: what the rules let everyone at the table conclude from a deal's public events.

In a follow-suit game a player who does not follow the led suit (or answer a trump lead with a
trump) shows that he holds none of it; in a first trick that must be played in one suit, a card of
another suit shows he has none of that suit, and a plain card that he has no trump either.  A
player who hands all his trumps to his partner shows he has none left (not where a player with two
trumps may hand over one).  Nothing else is inferred:
a player who passes, or who plays low, may still hold higher cards.  What is shown stays true
until the player receives cards: a draw clears it, trumps from the partner clear the trump group,
plain cards back clear the plain suits (and the trumps, where a partner with no plain card gives
trumps back).
"""

from __future__ import annotations

from typing import Any, Final

from kozel.engine import first_trick_suit_cards
from kozel.game.move import MoveKind
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
        #: Whether any event can show a void under these rules (a follow-suit game, or trumps all handed over).
        self._follow_suit = isinstance(rules.play, FollowSuit)
        self.informative = self._all_trumps_go or self._follow_suit

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as its rules, trump table and what it has seen so far."""
        return (_rebuilt, (type(self), self.rules, self.table, (self.groups, self._trick, self._tricks_done)))

    def see(self, event: Event) -> set[int]:
        """Take in ``event``; the groups its player has just shown he lacks (for a play), else an empty set."""
        shown: set[int] = set()
        if isinstance(event, _PLAYED):
            shown = self._shown_by(event)
            self.groups[event.seat] |= shown
            if event.kind in _TRICK_PLAYS:
                self._trick.append(event)
            elif event.kind is _MOLODKA:
                self._trick = [event]
            elif event.kind is _TRANSFER and event.to is not None:
                self.groups[event.to].discard(TRUMP_GROUP)
            elif event.kind is _TRANSFER_BACK and event.to is not None:
                self.groups[event.to] -= _PLAIN
                if self._trumps_back:
                    self.groups[event.to].discard(TRUMP_GROUP)
        elif isinstance(event, _TRICK_TAKEN):
            self._trick = []
            self._tricks_done += 1
        elif isinstance(event, _CARDS_DRAWN):
            for owner, _, _ in event.drawn:
                self.groups[owner] = set()
        elif isinstance(event, _PRAISE_DEALT):
            self._tricks_done += len(event.tricks)
        return shown

    def _shown_by(self, played: Played) -> set[int]:
        if played.kind is _TRANSFER and self._all_trumps_go:
            return {TRUMP_GROUP}
        if not self._follow_suit or played.kind is not _PLAY or played.cards is None:
            return set()
        play = self.rules.play
        assert isinstance(play, FollowSuit)
        table = self.table
        card = played.cards[0]
        if self._tricks_done == 0 and play.first_trick_suit is not None:
            suit = int(play.first_trick_suit)
            shown = set()
            if not first_trick_suit_cards(table, suit) & card.bit:
                shown.add(suit if table.suit is None or int(table.suit) != suit else TRUMP_GROUP)
                if not table.trump_mask & card.bit:
                    shown.add(TRUMP_GROUP)
            return shown
        trick = self._trick
        if not trick or trick[0].cards is None:
            return set()
        led = table.group[trick[0].cards[0]]
        return {led} if table.group[card] != led else set()


def _rebuilt(
    kind: type[Voids], rules: Ruleset, table: TrumpTable, seen: tuple[list[set[int]], list[Played], int]
) -> Voids:
    """A ``kind`` of ``rules`` and ``table`` that has seen what a copied one had (the other half of ``__reduce__``):
    its groups, the trick on the table, and the tricks done."""
    voids = kind(rules, table)
    voids.groups, voids._trick, voids._tricks_done = seen
    return voids
