"""OpenSpiel's ISMCTS bot against kozel's heuristic bot, over a few hands of classic (pip install 'kozel[openspiel]').

Run it with ``python examples/openspiel_ismcts.py``; it prints the same every time.
"""

import random
import sys

try:
    import numpy
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as missing:
    print(
        f"openspiel_ismcts.py needs OpenSpiel, the openspiel extra: pip install 'kozel[openspiel]' ({missing})",
        file=sys.stderr,
    )
    sys.exit(2)

import kozel
from kozel.bots import HeuristicBot
from kozel.integrations import openspiel  # registers the games with pyspiel

HANDS, SIMULATIONS = 4, 40
game = pyspiel.load_game("kozel_hand_classic")  # registered when kozel.integrations.openspiel is imported
rng = random.Random(1)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy.random.RandomState(1))
searcher = ismcts.ISMCTSBot(
    game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS, random_state=numpy.random.RandomState(1)
)
searcher.set_resampler(openspiel.resampler(1))  # worlds drawn by kozel.determinize, from a seed
heuristic = HeuristicBot()
heuristic.setup(kozel.variants.get("classic"), 1, seed=1)
totals = [0.0, 0.0]  # the returns of the ISMCTS side and of the heuristic side, summed over the hands
for number in range(HANDS):
    searching = number % 2  # the ISMCTS bot plays side 0 in even hands, side 1 in odd ones
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()  # (action, probability): the cards left, each as likely
            state.apply_action(rng.choices([card for card, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        seat = state.current_player()
        if seat % 2 == searching:
            state.apply_action(searcher.step(state))
            continue
        view, asked = state.view(seat), state.asked
        moves = [move for move in asked.moves if move.kind is not kozel.MoveKind.WAIT]
        if asked.out_of_turn:
            move = heuristic.interrupt(view, moves) or kozel.play.wait(seat)
        else:
            move = heuristic.choose(view, moves)
        state.apply_action(state.action(move))
    returns = state.returns()
    totals[0] += returns[searching]
    totals[1] += returns[1 - searching]
    print(f"hand {number + 1}: ISMCTS side {searching} returns {returns[searching]:+.0f}")
print(f"ISMCTS ({SIMULATIONS} simulations a move) {totals[0]:+.0f}, heuristic {totals[1]:+.0f} over {HANDS} hands")
