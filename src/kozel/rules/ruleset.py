"""Ruleset: one complete set of table rules, built from frozen components and checked as a whole."""

from __future__ import annotations

from typing import Any

import attrs

from kozel.cards.card import Card
from kozel.cards.deck import Deck
from kozel.errors import RulesetError
from kozel.rules.dealing import Dealing
from kozel.rules.leading import Leading
from kozel.rules.match import MatchRule
from kozel.rules.points import CardPoints
from kozel.rules.scoring import Scoring
from kozel.rules.seating import Seating
from kozel.rules.transfer import TrumpTransfer
from kozel.rules.trick_play import BeatOrPass
from kozel.rules.trump import Trumps, TrumpSource

__all__ = ["Ruleset"]


def _of(kind: type) -> Any:
    return attrs.validators.instance_of(kind)


@attrs.frozen(cache_hash=True)
class Ruleset:
    """The complete rules of one Kozel game: a frozen value made of rule components.

    Building a ruleset checks that its parts fit together; a contradiction raises
    :class:`~kozel.RulesetError` saying what is wrong.  Make a house variant with
    :func:`attrs.evolve` or :meth:`for_players`.
    """

    #: Short name of the ruleset, as in the catalog (``kozel.variants.names()``).
    name: str = attrs.field(validator=_of(str))
    #: The cards played with.
    deck: Deck = attrs.field(validator=_of(Deck))
    #: Players and sides.
    seating: Seating = attrs.field(validator=_of(Seating))
    #: What each card counts when the tricks are added up.
    points: CardPoints = attrs.field(validator=_of(CardPoints))
    #: Which cards are trumps and how cards rank.
    trumps: Trumps = attrs.field(validator=_of(Trumps))
    #: The deal and the draw from the stock.
    dealing: Dealing = attrs.field(validator=_of(Dealing))
    #: How tricks are played.
    play: BeatOrPass = attrs.field(validator=_of(BeatOrPass))
    #: The trump transfer to the partner, or None.
    transfer: TrumpTransfer | None = attrs.field(validator=attrs.validators.optional(_of(TrumpTransfer)))
    #: How a hand's card points become written points.
    scoring: Scoring = attrs.field(validator=_of(Scoring))
    #: When the match ends and what the losers are called.
    match: MatchRule = attrs.field(validator=_of(MatchRule))
    #: Who leads each hand.
    leading: Leading = attrs.field(validator=_of(Leading))
    #: The rules in table words, with the readings taken where the source text is unclear.
    doc: str = attrs.field(default="", eq=False, validator=_of(str))
    #: Version of this ruleset's rules; it changes whenever the rules it plays change.
    version: int = 1

    def __attrs_post_init__(self) -> None:
        self._check_deal()
        self._check_trumps()
        self._check_scoring()
        self._check_specials()

    def _check_deal(self) -> None:
        players, size, cards = self.seating.players, self.dealing.hand_size, len(self.deck)
        dealt = players * size
        if dealt > cards:
            raise RulesetError(f"{self.name}: a deck of {cards} cards cannot give {players} players {size} cards each")
        stock = cards - dealt
        if self.dealing.refill and stock % players:
            raise RulesetError(
                f"{self.name}: {players} players would end the hand with unequal hands: the stock of "
                f"{stock} cards does not divide among them ({cards} cards is not a multiple of {players})"
            )
        if not self.dealing.refill and stock:
            raise RulesetError(
                f"{self.name}: {stock} cards would stay undealt with no stock to draw from "
                f"({players} players x {size} cards = {dealt}, the deck has {cards})"
            )

    def _check_trumps(self) -> None:
        missing = [str(card) for card in self.trumps.fixed if card not in self.deck]
        if missing:
            raise RulesetError(f"{self.name}: the trump order names cards not in the deck: {' '.join(missing)}")
        stock = len(self.deck) - self.seating.players * self.dealing.hand_size
        if self.trumps.shown is TrumpSource.MIDDLE_OF_STOCK and not (self.dealing.refill and stock):
            raise RulesetError(f"{self.name}: the trump card is shown from the stock, but the deal leaves no stock")

    def _check_scoring(self) -> None:
        total = self.total_points
        if self.scoring.top != total:
            raise RulesetError(
                f"{self.name}: the scoring table covers 0..{self.scoring.top} card points, "
                f"but the deck's cards add up to {total}"
            )

    def _check_specials(self) -> None:
        if self.transfer is not None:
            if self.seating.team_size != 2:
                raise RulesetError(
                    f"{self.name}: the trump transfer goes to the partner, so every side needs exactly two "
                    f"players, not {self.seating.team_size}"
                )
            if self.transfer.after_draw and not self.dealing.refill:
                raise RulesetError(f"{self.name}: the trump transfer follows each draw, but this game has no draw")

    @property
    def players(self) -> int:
        """How many people play."""
        return self.seating.players

    @property
    def sides(self) -> int:
        """How many sides (teams, or single players) compete."""
        return self.seating.sides

    @property
    def total_points(self) -> int:
        """The card points of the whole deck (120 in every built-in ruleset)."""
        return self.points.of_mask(self.deck.mask)

    def card_points(self, card: Card) -> int:
        """The points ``card`` counts when the tricks are added up."""
        return self.points.table[card.index]

    def side_of(self, seat: int) -> int:
        """The side (team or single player) that ``seat`` plays for."""
        return self.seating.side_of(seat)

    def for_players(self, players: int, sides: int | None = None) -> Ruleset:
        """This ruleset for another number of players: teams of equal size alternately seated.

        Without ``sides``, an even number of four or more forms two teams; otherwise everyone plays
        for himself.  A count the deal cannot serve raises :class:`~kozel.RulesetError`.
        """
        if sides is None:
            sides = 2 if players % 2 == 0 and players >= 4 else players
        return attrs.evolve(self, seating=Seating(players, sides))
