"""A Gymnasium environment: one seat of a kozel match against kozel's bots (``pip install kozel[gymnasium]``).

The learner plays ``seat``; every other seat is played by a bot (``heuristic`` by default, or
``random``), asked as the bot runner asks them.  Actions are the compact numbering
(:class:`~kozel.play.actions.CompactActions`); ``info["action_mask"]`` says which are legal now,
and an action outside it makes no move: the step returns the same observation, reward 0 and
``info["illegal_action"] = True``.  The observation is the seat's
:class:`~kozel.play.encoding.Encoding`.  Rewards come when a hand ends: the most any other side
was written minus what the learner's side was written.  An episode is a whole match.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy

from kozel.bots.base import Bot
from kozel.bots.heuristic import HeuristicBot
from kozel.bots.random_bot import RandomBot
from kozel.engine import new_game
from kozel.errors import KozelError
from kozel.game.state import GameState
from kozel.play.actions import actions
from kozel.play.decision import advance, decision
from kozel.play.encoding import encoding
from kozel.play.episodes import hand_ended
from kozel.rules.ruleset import Ruleset
from kozel.variants import get as get_variant
from kozel.view.tracker import ViewTracker

__all__ = ["KozelSeatEnv"]

_BOTS = {"heuristic": HeuristicBot, "random": RandomBot}


class KozelSeatEnv(gymnasium.Env):
    """One seat of a kozel match against bots, as a single-agent Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium declares it so

    def __init__(
        self,
        rules: Ruleset | str = "classic",
        *,
        seat: int = 0,
        bots: str = "heuristic",
        render_mode: str | None = None,
    ) -> None:
        """The learner at ``seat`` of ``rules`` against ``bots`` (``"heuristic"`` or ``"random"``)."""
        self.rules = get_variant(rules) if isinstance(rules, str) else rules
        if bots not in _BOTS:
            raise KozelError(f"bots= is one of {sorted(_BOTS)}, not {bots!r}")
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise KozelError(f"seat= is a seat from 0 to {self.rules.players - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise KozelError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        self._bots: list[Bot] = [_BOTS[bots]() for _ in range(self.rules.players)]
        self._numbering = actions(self.rules).compact
        self._encoding = encoding(self.rules)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (self._encoding.size,), numpy.float32)
        self.action_space = gymnasium.spaces.Discrete(self._numbering.size)
        self._state: GameState | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new match, dealt from ``seed`` (else from the environment's random generator)."""
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(0, 2**62))
        state = new_game(self.rules, seed=match_seed)
        for seat, bot in enumerate(self._bots):
            bot.setup(self.rules, seat, match_seed)
        self._tracker = ViewTracker(state)
        self._waited: tuple[int, ...] = ()
        self._state = state
        self._play_bots()  # the bots move until the learner is asked (no hand ends before that)
        return self._observation(), self._info()

    def _observation(self) -> Any:
        return numpy.asarray(self._encoding.observation(self._tracker.view(self.seat)), numpy.float32)

    def _info(self) -> dict[str, Any]:
        mask = numpy.zeros(self._numbering.size, numpy.int8)
        asked = decision(self._tracker.state, self._waited)
        if asked is not None and asked.seat == self.seat:
            for move in asked.moves:
                mask[self._numbering.index(move, self._tracker.state.hand_masks[self.seat])] = 1
        return {"action_mask": mask}

    def _reward(self, before: GameState, after: GameState) -> float:
        result = hand_ended(before, after)
        if result is None:
            return 0.0
        side = self.rules.side_of(self.seat)
        others = max((w for s, w in enumerate(result.written) if s != side), default=0)
        return float(others - result.written[side])

    def _answer(self, move: Any) -> float:
        state = self._tracker.state
        after, self._waited = advance(state, move, self._waited)
        if after is state:
            return 0.0
        self._tracker.step(move)
        return self._reward(state, after)

    def _play_bots(self) -> float:
        reward = 0.0
        while True:
            asked = decision(self._tracker.state, self._waited)
            if asked is None or asked.seat == self.seat:
                return reward
            bot = self._bots[asked.seat]
            view = self._tracker.view(asked.seat)
            if asked.out_of_turn:
                chosen = bot.interrupt(view, asked.moves[:-1])
                move = asked.moves[-1] if chosen is None else chosen
            elif len(asked.moves) == 1:
                move = asked.moves[0]
            else:
                move = bot.choose(view, asked.moves)
            reward += self._answer(move)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The learner answers ``action``; the bots play until the learner is asked again or the match ends."""
        state = self._tracker.state
        if state.is_over:
            raise KozelError("the match is over: call reset()")
        asked = decision(state, self._waited)
        try:
            move = self._numbering.move(int(action), self.seat, state.hand_masks[self.seat])
        except KozelError:
            move = None
        if asked is None or move not in asked.moves:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), 0.0, False, False, info
        reward = self._answer(move)
        reward += self._play_bots()
        over = self._tracker.state.is_over
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        """The table as text: the last move and the scores."""
        if self.render_mode is None:
            return None
        state = self._tracker.state
        moves = state.moves
        return f"{self.rules.name}: {moves[-1] if moves else 'a new deal'}; scores {list(state.scores)}"
