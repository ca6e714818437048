"""A bot of your own, one match with it, and a short tournament against the built-in heuristic bot."""

from collections.abc import Sequence

import kozel
from kozel import Move, MoveKind, PlayerView
from kozel.bots import Bot, HeuristicBot, Tournament, play_match


class Grabby(Bot):
    """Takes every trick it can, as cheaply as it can; otherwise gives away the fewest card points."""

    name = "grabby"

    # choose is asked for a move whenever one is due from the bot's seat.  It gets the seat's
    # view (its own hand, what lies face up, the scores: never another player's cards) and the
    # seat's legal moves, and returns one of them.
    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        points = view.ruleset.card_points

        def cost(move: Move) -> int:  # the card points a move puts on the table
            return sum(points(card) for card in move.cards)

        beats = [move for move in moves if move.kind is MoveKind.BEAT]
        return min(beats or moves, key=cost)

    # interrupt offers a move out of turn (a molodka): take the first one offered.
    def interrupt(self, view: PlayerView, moves: Sequence[Move]) -> Move | None:
        return moves[0]


rules = kozel.variants.get("classic")

# One match: a bot per seat; seats 0 and 2 are partners, so Grabby plays with Grabby.
state = play_match(rules, [Grabby(), HeuristicBot(), Grabby(), HeuristicBot()], seed=7)
assert state.result is not None  # play_match plays the match to the end
goat = state.result.goats[0]
print(f"one match: {len(state.hand_results)} hands, scores {state.scores}, the goat is side {goat}")

# A tournament takes bots as classes (as here), factories, instances or spec strings such as
# "heuristic" or "ismcts(iterations=60)", and builds fresh ones for every match.  The bots change
# sides every match; the seed fixes every deal.  Tables name each bot by its Bot.name.
tournament = Tournament(rules, (Grabby, "heuristic"), matches=10, seed=1)
records, outcomes = tournament.run(processes=1)
for record in records:
    low, high = record.win_interval  # a 95% confidence interval for the win rate
    print(
        f"{record.name}: {record.wins} wins in {record.matches} matches (95% CI {low:.2f}-{high:.2f}), "
        f"{record.mean_points:.1f} card points per hand, titles {dict(record.titles)}"
    )
