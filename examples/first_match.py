"""A first match: four random players play classic Kozel to the end.

Run it with ``python examples/first_match.py``; it prints the same every time.
"""

import random

import kozel

# A ruleset is one variant's rules, as a value; kozel.variants.names() lists the built-in ones.
# Seats are numbered clockwise from 0; partners sit opposite: rules.side_of(seat) is the seat's team.
rules = kozel.variants.get("classic")
print(f"{rules.name}: {rules.players} players, {len(rules.deck)} cards, seats 0 and 2 are side {rules.side_of(2)}")

# new_game shuffles (from the seed, so the deal is the same every run) and deals the first hand.
state = kozel.new_game(rules, seed=7)
print(f"seat 0 holds {state.hands[0]}; trump {state.trump} ({state.trump_card} shown from the stock)")

# The game loop: list the legal moves, pick one, apply it.  apply returns a new state and leaves
# the old one as it was, so a state can be kept, compared or searched from.
rng = random.Random(7)
count = 0
while not state.is_over:
    move = rng.choice(kozel.legal_moves(state))
    if count < 4:
        print(f"move {count + 1}: {move}")  # a move's text form: seat, kind, cards
    state = kozel.apply(state, move)
    count += 1
print(f"... {count} moves in all")

# Each finished hand left a HandResult: card points taken per side (they add up to 120) and
# the penalty points written against each side.  A side written 12 or more is the goat.
for number, hand in enumerate(state.hand_results, start=1):
    eggs = " (eggs: 60-60)" if hand.eggs else ""
    print(f"hand {number}: card points {hand.points}, written {hand.written}{eggs}")
result = state.result  # a MatchResult once the match is over (None before)
assert result is not None
print(f"scores {state.scores}: side {result.goats[0]} is the {result.titles[0]}")
