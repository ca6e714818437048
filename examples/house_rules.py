"""House rules: change a built-in ruleset in code, or load one from a file.

A ruleset is a frozen value.  ``attrs.evolve`` builds a changed copy and checks that it still makes
a game (a contradiction raises ``kozel.RulesetError``); ``kozel.load_ruleset`` reads a TOML or
JSON file that names a built-in ``base`` and the fields it changes (see examples/house.toml).
"""

import random
import sys
from pathlib import Path

import attrs

import kozel
from kozel.rules import BeatOrPass

classic = kozel.variants.get("classic")

# In code: classic for two players, without molodka, played to 16.  Each changed component is evolved
# from the base's own: a component built from scratch would take its defaults, not the base's.
# rules.play is either kind of trick play; only beat-or-pass has a molodka, so narrow it first.
play = classic.play
assert isinstance(play, BeatOrPass)
duel = attrs.evolve(
    classic.for_players(2),  # for_players re-seats a ruleset: here two players, each for himself
    name="classic_duel_16",
    play=attrs.evolve(play, molodka=None),  # the play component, with no molodka
    match=attrs.evolve(classic.match, target=16),
)

# From a file: no code, just the changes (on Python 3.10: pip install "kozel[toml]").
try:
    house = kozel.load_ruleset(Path(__file__).with_name("house.toml"))
except kozel.RulesetError as error:  # a file that makes no game, or TOML on Python 3.10 without tomli
    sys.exit(f"house_rules.py: {error}")

# diff says in table words what a ruleset changes.
for rules in (duel, house):
    print(f"{rules.name}, changed from classic:")
    for line in kozel.forms.diff(classic, rules):
        print(f"  {line}")

# A house ruleset plays like any other.
for rules in (duel, house):
    state = kozel.new_game(rules, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = kozel.apply(state, rng.choice(kozel.legal_moves(state)))
    assert state.result is not None  # the match is over, so it has a result
    goat = state.result.goats[0]
    print(f"{rules.name}: {len(state.hand_results)} hands, scores {state.scores}, goat: side {goat}")

# Rules that make no game are refused when built, with the reason.
try:
    duel.for_players(5)
except kozel.RulesetError as error:
    print(f"refused: {error}")
