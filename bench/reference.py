"""The reference engine that every speed figure of the project is a ratio to.

    python bench/reference.py                 # microseconds per random-play step, a few runs
    from reference import reference_us_per_step

Machines are shared and noisy, so a time in microseconds says little on its own.  This file holds
a deliberately minimal engine for a Kozel-like game, written for speed and nothing else: four
players, 32 cards (seven to ace), eight cards each and no stock, a trump suit drawn at random,
follow suit, else trump, else any card; the highest card of the led suit wins unless a trump was
played.  State is mutable, hands are bitmasks and a move is a card number, played through a
``moves()`` / ``play(card)`` object interface with random choices.  A benchmark times it in the
same run as the library and quotes the library's cost per step as a multiple of this one.
"""

from __future__ import annotations

import random
import sys
import time

#: Cards are numbered ``8 * suit + rank``, rank 0 the seven and 7 the ace, in the order 7 8 9 J Q K 10 A.
RANKS = 8
#: The cards of each suit, as a bitmask.
SUIT_CARDS = tuple(((1 << RANKS) - 1) << (RANKS * suit) for suit in range(4))
#: Card points by rank (seven .. ace, in the rank order above): 120 in the deck.
RANK_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)


class ReferenceDeal:
    """One deal of the reference game, played to its last trick."""

    __slots__ = ("hands", "leader", "led", "on_table", "points", "seat", "taken", "top", "tricks_left", "trump")

    def __init__(self, rng: random.Random) -> None:
        order = rng.sample(range(32), 32)
        self.hands = [0] * 4
        for position, card in enumerate(order):
            self.hands[position % 4] |= 1 << card
        self.trump = rng.randrange(4)
        self.seat = self.leader = 0
        self.on_table = 0  # cards in the trick so far
        self.led = self.top = self.points = 0
        self.taken = [0, 0]  # card points of each pair
        self.tricks_left = 8

    def over(self) -> bool:
        """Whether every trick has been played."""
        return self.tricks_left == 0

    def moves(self) -> list[int]:
        """The cards the seat to move may play."""
        hand = self.hands[self.seat]
        if self.on_table:
            hand = (hand & SUIT_CARDS[self.led]) or (hand & SUIT_CARDS[self.trump]) or hand
        cards = []
        while hand:
            lowest = hand & -hand
            cards.append(lowest.bit_length() - 1)
            hand &= hand - 1
        return cards

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; a full trick goes to the pair of its winner."""
        seat = self.seat
        self.hands[seat] &= ~(1 << card)
        suit = card // RANKS
        if not self.on_table:
            self.led, self.top, self.leader, self.points = suit, card, seat, RANK_POINTS[card % RANKS]
        else:
            self.points += RANK_POINTS[card % RANKS]
            top_suit = self.top // RANKS
            if (suit == top_suit and card > self.top) or (suit == self.trump and top_suit != self.trump):
                self.top, self.leader = card, seat
        self.on_table += 1
        if self.on_table < 4:
            self.seat = (seat + 1) % 4
            return
        self.taken[self.leader % 2] += self.points
        self.seat, self.on_table = self.leader, 0
        self.tricks_left -= 1


def reference_us_per_step(seconds: float = 2.0, seed: int = 1) -> float:
    """Microseconds per random-play step (``moves`` + a random choice + ``play``), over about ``seconds``."""
    rng = random.Random(seed)
    choose, clock = rng.choice, time.perf_counter
    steps = 0
    start = clock()
    while True:
        deal = ReferenceDeal(rng)
        while not deal.over():
            deal.play(choose(deal.moves()))
        steps += 32
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / steps * 1e6


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    marks = [reference_us_per_step() for _ in range(runs)]
    print(f"reference: {sorted(marks)[len(marks) // 2]:.3f} us/step (runs: {', '.join(f'{m:.3f}' for m in marks)})")


if __name__ == "__main__":
    main()
