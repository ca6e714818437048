"""The public shape of trick play, checked from a view's events alone: whose turn, which plays, who takes a trick.

A world built without replaying its trick play (:mod:`kozel.view.determinize`) trusts the view's events for
everything the seat saw: who played when, what kind of play, who took each trick, how many cards each seat
drew.  A view of legal play always has them right; a view edited by hand may not.  :class:`TrickShape`
follows the plays of one deal as the trick engines play them (each seat after the one before, a trick full
once every seat has played, the last trick's taker leading the next; a lead of one suit, beats that beat,
passes of as many cards as lie on top; or one card each, and the trick to its best card as the rules rank
it) and says, where any of it does not hold, that the world must be replayed instead.  Trump transfers are
followed too: made only while a window is open (after a draw, where the rules open one) and no card is led,
once per side in each window, to the partner, the partner giving back as many at once, face down to all but
those two; and the molodka (a whole hand of one suit, face up, by another seat than the trick's leader,
once a trick, the trick's cards going back and the trick restarting with it).  The cards' hidden places
are not its concern: the sampler binds those, and checks what the transfer rule and the molodka ask of
the hands once the cards are named.
"""

from __future__ import annotations

from typing import Final

from kozel.cards.card import Card
from kozel.cards.masks import BITS, cards_of
from kozel.engine.beat_or_pass import beats
from kozel.engine.molodka import molodka_hands
from kozel.engine.trick_winner import takes_lead, trick_winner
from kozel.game.move import Move, MoveKind
from kozel.game.state import Deal, GameState, Trick
from kozel.rules.ruleset import Ruleset
from kozel.rules.trick_play import BeatOrPass, FollowSuit, TrickWinner
from kozel.rules.trump import TrumpTable
from kozel.view.events import CardsDrawn, Played

# Enumeration members bound once: compiled code reads a Final name directly, a member through its class.
_KIND_TRANSFER: Final = MoveKind.TRANSFER
_WINNER_HIGHEST_CARD: Final = TrickWinner.HIGHEST_CARD

__all__ = ["TrickShape"]

_LEAD: Final = MoveKind.LEAD
_BEAT: Final = MoveKind.BEAT
_PASS: Final = MoveKind.PASS
_PLAY: Final = MoveKind.PLAY
_new: Final = tuple.__new__
assert Deal._fields[4] == "table"  # a deal with another trump table differs from it in that field only


class TrickShape:
    """The trick play of a deal, followed from its public events; ``fits`` turns False at the first thing off."""

    def __init__(self, rules: Ruleset, table: TrumpTable, marked: GameState, tricks_before: int, viewer: int) -> None:
        self.rules = rules
        self.side_of_seat = rules.seating.side_of_seat
        self.viewer = viewer
        self.table = table
        self.players = rules.seating.players
        play = rules.play
        self.beat_or_pass = isinstance(play, BeatOrPass)
        self.by_points = isinstance(play, FollowSuit) and play.winner is not _WINNER_HIGHEST_CARD
        self.first_suit = isinstance(play, FollowSuit) and play.first_trick_suit is not None
        catch = self.catch = rules.catch
        self.catch_cards = 0 if catch is None else catch.mask
        # The trump table's lists read at every play, read once.
        self.group = table.group
        self.group_masks = table.group_masks
        self.beaters = table.beaters
        # A state for the engine's helpers that read only the rules, the trump table and whether a trick is done.
        deal = marked.deal
        self.state = _helper_state(marked, _new(Deal, (*deal[:4], table, *deal[5:])), marked.trick_counts)
        # The same before any trick is taken and after one, for the rule of the first trick's suit.
        self.counted = (
            (_helper_state(self.state, self.state.deal, ()), _helper_state(self.state, self.state.deal, (1,)))
            if self.first_suit
            else (self.state, self.state)
        )
        self.tricks = tricks_before
        self.fits = True
        self.first_seat: int | None = None  # the seat of the deal's first trick play
        self.turn: int | None = None
        self.plays: list[tuple[int, MoveKind, int, int]] = []  # the trick on the table: seat, kind, cards, count
        self.side_tricks = [0] * rules.seating.sides  # the tricks each side took in the plays followed
        self.best = -1  # the index among ``plays`` of the play taking the trick so far
        self.draw_due = False
        self.after_draw = rules.transfer is not None and rules.transfer.opens_after_draw(not marked.match.hand_results)
        self.window: list[int] | None = None  # the sides that transferred in the open transfer window, if one is open
        self.pending: tuple[int, int] | None = None  # a transfer not yet answered: its giver and number of cards
        self.best_before = -1  # ``best`` before the last play
        # The molodka: the hands that are one, whether the trick on the table restarted with one, and whether its
        # cards are still to come back (``CardsReturned``).
        molodka = play.molodka if isinstance(play, BeatOrPass) else None
        self.hand_size = rules.dealing.hand_size
        self.molodkas = molodka_hands(table, molodka, self.hand_size) if molodka is not None else frozenset()
        self.molodka_trick = False
        self.returning: list[tuple[int, MoveKind, int, int]] | None = None
        # Of the last trick taken: ``best`` before its last card, the side that took it, whether a molodka led it.
        self.last: tuple[int, int, bool] | None = None

    def play(self, event: Played, seat: int, kind: MoveKind, cards: tuple[Card, ...] | None, count: int) -> None:
        """A play into the trick: ``event``, whose seat, kind, cards and count the caller has read already."""
        if (
            self.draw_due
            or event.to is not None
            or event.choice is not None
            or self.pending is not None
            or self.returning is not None
        ):
            self.fits = False
        self.window = None  # a lead closes the transfer window
        if kind is _PASS and (cards is not None) != (seat == self.viewer):
            self.fits = False  # a pass is face down: shown to its player alone
        if self.turn is None:
            self.first_seat = seat
        elif seat != self.turn:
            self.fits = False
        self.turn = (seat + 1) % self.players
        if cards is None and kind is not _PASS:
            self.fits = False
            return
        mask = 0
        for card in cards or ():
            mask |= BITS[card]
        plays = self.plays
        self.best_before = self.best
        if self.beat_or_pass:
            if not plays:
                low = (mask & -mask).bit_length() - 1
                if kind is not _LEAD or not mask or mask & ~self.group_masks[self.group[low]]:
                    self.fits = False
                self.best = 0
            else:
                top = plays[self.best][2]
                if kind is _BEAT:
                    if not beats(self.table, mask, top):
                        self.fits = False
                    self.best = len(plays)
                elif kind is not _PASS or count != top.bit_count():
                    self.fits = False
        else:
            if kind is not _PLAY or count != 1 or cards is None:
                self.fits = False
                return
            catch = self.catch
            if catch is not None and mask & self.catch_cards:
                trick = [(play[0], cards_of(play[2])[0]) for play in plays] + [(seat, cards[0])]
                if catch.loser(trick, self.rules.side_of) is not None:
                    self.fits = False  # the catch stopped the hand here
            if not plays:
                self.best = 0
            else:
                best = plays[self.best][2]
                if self.beaters[best.bit_length() - 1] & mask or (
                    self.first_suit and takes_lead(self.counted[1 if self.tricks else 0], best, mask)
                ):
                    self.best = len(plays)
        plays.append((seat, kind, mask, count))

    def taken(self, winner: int, count: int, stock_left: bool) -> None:
        """The trick taken by ``winner``, ``count`` cards; a draw is due where the stock is not empty."""
        plays = self.plays
        if (
            self.draw_due
            or len(plays) != self.players
            or not plays
            or self.pending is not None
            or self.returning is not None
        ):
            self.fits = False
            return
        cards = 0
        for play in plays:
            cards += play[3]
        taker = plays[self.best][0]
        if self.by_points:
            moves = tuple(Move(seat, kind, cards_of(mask)) for seat, kind, mask, _ in plays)
            taker = trick_winner(self.state, Trick(moves[0].seat, moves, moves[self.best], False))
        if winner != taker or count != cards:
            self.fits = False
        self.last = (self.best_before, self.side_of_seat[winner], self.molodka_trick)
        self.molodka_trick = False
        self.plays = []
        self.tricks += 1
        self.side_tricks[self.side_of_seat[winner]] += 1
        self.turn = winner
        self.draw_due = stock_left

    def drawn(self, event: CardsDrawn, due: dict[int, int]) -> None:
        """A draw from the stock, ``due`` the number of cards each seat gets as the engine deals them."""
        counts = {}
        for owner, cards, count in event.drawn:
            counts[owner] = count
            if (cards is not None) != (owner == self.viewer):
                self.fits = False  # each seat sees the cards it draws, and no other's
        if not self.draw_due or counts != due or len(counts) != len(event.drawn):
            self.fits = False
        self.draw_due = False
        if self.after_draw and event.drawn:
            self.window = []

    def transfer(self, event: Played) -> None:
        """A trump transfer to the partner, or the partner's answer to one (``event.kind`` says which)."""
        seat, to, count = event.seat, event.to, event.count
        seating = self.rules.seating
        if (
            self.window is None
            or seating.team_size != 2
            or self.plays
            or self.draw_due
            or event.choice is not None
            or to is None
            or not count
            or (event.cards is not None) != (self.viewer in (seat, to))
        ):
            self.fits = False
            return
        if event.kind is _KIND_TRANSFER:
            side = seating.side_of_seat[seat]
            if self.pending is not None or side in self.window or to != seating.partner_of_seat[seat]:
                self.fits = False
            self.window.append(side)
            self.pending = (seat, count)
        else:
            pending = self.pending
            if pending is None or to != pending[0] or seat != seating.partner_of_seat[to] or count != pending[1]:
                self.fits = False
            self.pending = None

    def molodka(self, event: Played) -> int | None:
        """A molodka: a whole hand of one suit played out of turn, the trick restarting with it as its lead.

        The seat that led the trick (or was to lead it) is returned: the seats between him and the molodka's
        player must not hold one (the nearest holder plays it), which the sampler checks once the cards are named."""
        seat, cards = event.seat, event.cards
        plays = self.plays
        leader = plays[0][0] if plays else self.turn
        mask = 0
        for card in cards or ():
            mask |= BITS[card]
        if (
            cards is None
            or mask not in self.molodkas
            or event.count != self.hand_size
            or event.to is not None
            or event.choice is not None
            or self.draw_due
            or self.pending is not None
            or self.returning is not None
            or self.molodka_trick
            or leader is None
            or seat == leader
        ):
            self.fits = False
            return None
        self.returning = plays if plays else None
        self.plays = [(seat, _LEAD, mask, event.count)]
        self.best = 0
        self.turn = (seat + 1) % self.players
        self.molodka_trick = True
        self.window = None
        return leader

    def returned(self, count: int) -> None:
        """The cards of the trick a molodka restarted, ``count`` plays, back with their owners."""
        if self.returning is None or len(self.returning) != count:
            self.fits = False
        self.returning = None

    def other(self) -> None:
        """Any other event: not part of the trick play this module follows."""
        self.fits = False


def _helper_state(state: GameState, deal: Deal, trick_counts: tuple[int, ...]) -> GameState:
    """``state`` with another deal record and trick counts, built directly (for the engine's helpers)."""
    return _new(
        GameState,
        (
            state.match,
            deal,
            state.hand_masks,
            state.stock_at,
            state.talon,
            state.turn,
            state.trick,
            state.won_masks,
            trick_counts,
            state.phase,
            state.window,
            state.drawing,
            state.log,
        ),
    )
