"""A house variant: classic Kozel for two players, played to 16 penalty points, without molodka.

A ruleset is a frozen value: ``attrs.evolve`` builds a changed copy and checks that it still
makes a game (a contradiction raises ``kozel.RulesetError``).
"""

import random

import attrs

import kozel
from kozel.rules import BeatOrPass, MatchRule

house = attrs.evolve(
    kozel.variants.get("classic").for_players(2),
    name="classic_duel_16",
    play=BeatOrPass(molodka=None),
    match=MatchRule(target=16),
)

state = kozel.new_game(house, seed=3)
rng = random.Random(3)
while not state.is_over:
    state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
print(f"{house.name}: {len(state.hand_results)} hands, scores {state.scores}, goat: seat {state.result.goats[0]}")

try:
    house.for_players(5)
except kozel.RulesetError as error:
    print(f"refused: {error}")
