"""A first match: four random players play classic Kozel to the end."""

import random

import kozel

rules = kozel.variants.get("classic")
state = kozel.new_game(rules, seed=7)
rng = random.Random(7)
while not state.is_over:
    state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))

for number, hand in enumerate(state.hand_results, start=1):
    print(f"hand {number}: card points {hand.points}, written {hand.written}{' (eggs)' if hand.eggs else ''}")
print(f"scores {state.scores}: side {state.result.goats[0]} is the {state.result.titles[0]}")
