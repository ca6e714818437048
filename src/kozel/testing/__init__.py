"""A test kit for house rules, bots and UIs: random matches with every invariant checked, and Hypothesis strategies.

- :func:`check_ruleset` plays random matches of any ruleset, built-in or house, checks the
  invariants after every move and reports what came up (:class:`Report`).
- :func:`check_state`, :func:`check_step` and :func:`check_move` are the invariants one at a time,
  for a bot's or a UI's own tests; a failure raises :class:`InvariantError` naming the invariant
  (one of :data:`~kozel.testing.INVARIANTS`) with a record that reproduces it.
- :func:`reference_moves` is a slow, literal reading of the rules: an independent oracle for the
  engine's legal moves.
- :mod:`kozel.testing.strategies` holds Hypothesis strategies (states, views, moves, rulesets);
  it needs the ``testing`` extra (``pip install "kozel[testing]"``).  Nothing else here does.
"""

from kozel.testing.check import DEEP_EVERY, SAMPLE_EVERY, Report, check_ruleset, random_move
from kozel.testing.invariants import (
    HAND_SLACK,
    INVARIANTS,
    InvariantError,
    candidate_moves,
    cards_seen,
    check_move,
    check_round_trips,
    check_state,
    check_step,
    check_view_hides,
    hand_bound,
    move_bound,
)
from kozel.testing.reference import reference_moves

__all__ = [
    "DEEP_EVERY",
    "HAND_SLACK",
    "INVARIANTS",
    "SAMPLE_EVERY",
    "InvariantError",
    "Report",
    "candidate_moves",
    "cards_seen",
    "check_move",
    "check_round_trips",
    "check_ruleset",
    "check_state",
    "check_step",
    "check_view_hides",
    "hand_bound",
    "move_bound",
    "random_move",
    "reference_moves",
]
