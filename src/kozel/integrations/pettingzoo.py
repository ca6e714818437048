"""A PettingZoo AEC environment of a whole kozel match (``pip install 'kozel[pettingzoo]'``).

Agents are the seats (``"seat_0"``...); the agent selected is the seat :func:`kozel.decision`
asks.  Actions are the compact numbering (:class:`~kozel.play.actions.CompactActions`), a
``Discrete`` space; each observation is a dict of ``observation`` (:class:`~kozel.play.encoding.Encoding`,
float32 in [0, 1]: with ``observation="observation"``, the default, what the seat sees now; with
``observation="information_state"`` the deal's plays so far too, the cards others played after the seat's
move included) and ``action_mask`` (int8, 1 for the moves the seat may answer now, ``wait``
included when it is asked out of turn).  Rewards come when a hand ends: each seat gets
:func:`~kozel.play.hand_reward`, its side's written points against the most any other side's, with
the sign the ruleset's scoring gives them (penalty points count against a side; credit points, and
points counted off toward the target, for it).  The match ends with the last hand.

Used out of order, the bare environment (:func:`raw_env`, a :class:`KozelEnv`) answers with
:class:`~kozel.KozelError`, as it does a bad action: ``step``, ``observe``, ``last`` and ``agent_iter``
before the first ``reset``, an agent that is not a seat.  As in PettingZoo, ``possible_agents`` is
there at once and ``agents``, ``agent_selection``, the rewards, terminations, truncations and infos
come with ``reset``: read before it, each (and ``num_agents``) is refused with a ``KozelError`` that
is also an ``AttributeError`` (so ``hasattr`` answers False).  The wrapped environment, :func:`env`,
puts PettingZoo's order check first, so there a call before ``reset`` gets PettingZoo's own error
instead: an ``AssertionError`` from ``step``,
``observe`` and ``agent_iter``, an ``AttributeError`` from ``last`` and from the attributes that come
with ``reset``.  After ``reset`` both answer a bad action or an agent that is not a seat with a
``KozelError``.  A refused ``reset`` (a seed that is not a whole number) changes nothing.
``reset``'s ``options`` are taken and not read: the environment has none.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from kozel.errors import MissingExtraError

try:
    import gymnasium
    import numpy
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:  # the extra is not installed: say which (a broken one says itself)
    raise MissingExtraError.of(missing, "kozel.integrations.pettingzoo", "pettingzoo") from None

from kozel.engine import new_game
from kozel.errors import KozelError, WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.plain_types import short_repr, whole_in
from kozel.play.actions import action_number, actions
from kozel.play.decision import Decision, decision
from kozel.play.encoding import encoding
from kozel.play.episodes import hand_ended, hand_reward
from kozel.rules.ruleset import Ruleset
from kozel.variants import get as get_variant
from kozel.view.tracker import ViewTracker

__all__ = ["KozelEnv", "env", "raw_env"]

_WAIT = MoveKind.WAIT


#: What ``reset`` sets, and PettingZoo's order check refuses before it (``num_agents`` counts ``agents``).
_SET_BY_RESET = frozenset(
    {
        "agents",
        "num_agents",
        "agent_selection",
        "rewards",
        "terminations",
        "truncations",
        "infos",
        "_cumulative_rewards",
    }
)


class _BeforeReset(KozelError, AttributeError):
    """An attribute that ``reset`` sets, read before the first ``reset``."""


def _rules(rules: Ruleset | str) -> Ruleset:
    found = get_variant(rules) if isinstance(rules, str) else rules
    if not isinstance(found, Ruleset):
        raise WrongTypeError(f"rules= is a Ruleset or the name of one, not {type(rules).__name__}")
    return found


class KozelEnv(AECEnv):  # type: ignore[misc]
    """A kozel match for PettingZoo: one agent per seat, one seat asked at a time."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "kozel_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, rules: Ruleset | str = "classic", render_mode: str | None = None, *, observation: str = "observation"
    ) -> None:
        """The environment of ``rules`` (a ruleset or a built-in name); ``observation`` is ``"observation"`` or
        ``"information_state"`` (see the module)."""
        super().__init__()
        if render_mode is not None and (not isinstance(render_mode, str) or render_mode not in ("human", "ansi")):
            raise KozelError(f"render_mode is None, 'human' or 'ansi', not {short_repr(render_mode)}")
        self.rules = _rules(rules)
        self.render_mode = render_mode
        self._numbering = actions(self.rules).compact
        self._encoding = encoding(self.rules)
        size = self._encoding.kind_size(observation)
        #: What the observations hold: ``"observation"`` or ``"information_state"``.
        self.observation = observation
        self._information_state = size != self._encoding.size
        self._size = size
        self.possible_agents = [f"seat_{seat}" for seat in range(self.rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), numpy.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self._numbering.size,), numpy.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self._numbering.size) for agent in self.possible_agents}
        self._seed = random.Random().randrange(2**63)
        #: The match now (the table's whole state, every hand shown); None until the first ``reset``.
        self.state_: GameState | None = None
        self._asked: Decision | None = None

    if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt attribute is still an error there

        def __getattr__(self, name: str) -> Any:
            """Only for attributes not set: one that ``reset`` sets is refused, before it, saying so."""
            if name in _SET_BY_RESET:
                raise _BeforeReset(f"{name} before reset(): there is no match yet; call reset() first")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``; anything that is no agent of the table raises ``KozelError``."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise KozelError(
                f"no agent is called {short_repr(agent)}; the agents are {', '.join(self.possible_agents)}"
            )
        return seat

    def _check_reset(self, what: str) -> None:
        """Refuse ``what`` before the first ``reset``: there is no match yet."""
        if self.state_ is None:
            raise KozelError(f"{what} before reset(): there is no match yet; call reset() first")

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match (dealt from ``seed``, a whole number, else from the environment's own sequence of seeds).

        A seed that is no whole number (NumPy's integers are whole numbers) is refused and changes nothing;
        ``options`` are taken and not read."""
        seed = whole_in("reset's seed", seed, None, None, none=True)
        if seed is None:
            seed = random.Random(self._seed).randrange(2**63)
        state = new_game(self.rules, seed=seed)  # refuses a seed of over 100 digits, before anything changes
        self._seed = seed
        self._tracker = ViewTracker(state)
        #: The match now (the table's whole state, every hand shown).
        self.state_ = state
        self._waited: tuple[int, ...] = ()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._ask()

    def _ask(self) -> None:
        """Ask the next seat: one decision per position; its answers are numbered when first needed."""
        asked = decision(self._tracker.state, self._waited)
        self._asked = asked
        self._numbered: dict[int, Move] | None = None
        if asked is not None:
            self.agent_selection = self.possible_agents[asked.seat]

    def _answers(self) -> dict[int, Move]:
        """The answers of the seat asked, by action (numbered once per position)."""
        found = self._numbered
        if found is None:
            asked = self._asked
            assert asked is not None
            found = self._numbered = self._numbering.numbered(asked.moves, self._tracker.state.hand_masks[asked.seat])
        return found

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees, and the mask of its answers now (all 0 unless it is asked)."""
        seat = self._seat(agent)
        self._check_reset("observe")
        asked = self._asked
        mask = numpy.zeros(self._numbering.size, numpy.int8)
        if asked is not None and asked.seat == seat:
            for number in self._answers():
                mask[number] = 1
        observation = numpy.zeros(self._size, numpy.float32)
        view = self._tracker.view(seat, now=True)
        self._encoding.write(view, observation, information_state=self._information_state)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected seat answers ``action`` (None once it is done)."""
        self._check_reset("step")
        self._check_agents("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        asked = self._asked
        assert asked is not None
        number = action_number(action, self._numbering.size)
        move = self._answers().get(number)
        if move is None:
            raise KozelError(
                f"action {short_repr(number)} is no answer of seat {asked.seat}, the seat asked now; see the mask"
            )
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step ended a hand: its rewards are paid, this step's start at 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if move.kind is _WAIT:  # what kozel.advance does, without asking the engine again
            self._waited = (*asked.waited, move.seat)
        else:
            tracker = self._tracker
            before = tracker.state
            tracker.step(move)  # the one engine call of the move; the views follow its events
            after = self.state_ = tracker.state
            self._waited = ()
            result = hand_ended(before, after)
            if result is not None:
                for seat, name in enumerate(self.possible_agents):
                    self.rewards[name] = hand_reward(self.rules, result, seat)
                self._rewarded = True
            if after.match.result is not None:  # the match is over
                self.terminations = dict.fromkeys(self.agents, True)
        self._ask()
        if self._rewarded:  # rewards are 0 but when a hand ends: nothing to add up otherwise
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _check_agents(self, what: str) -> None:
        """Refuse ``what`` once every agent is done and gone (the match is over): there is no agent selected."""
        if not self.agents:
            raise KozelError(f"{what}: the match is over and every agent is done; call reset() for another")

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agent selected, again after each ``step``, until the match is over (PettingZoo's ``agent_iter``)."""
        self._check_reset("agent_iter")
        return super().agent_iter(max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info (PettingZoo's ``last``)."""
        self._check_reset("last")
        self._check_agents("last")
        found: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return found

    def render(self) -> str | None:
        """The table as text, as the table sees it (face-down cards shown): the last move, the scores, the seats that
        waited at this position and the seat asked (printed in ``human`` mode)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'human' or 'ansi'")
            return None
        state = self.state_
        if state is None:
            text = "no match yet: call reset()"
        else:
            moves = state.moves
            last = str(moves[-1]) if moves else "a new deal"
            asked = f"seat {self._asked.seat} to answer" if self._asked is not None else "the match is over"
            waited = self._asked.waited if self._asked is not None else ()
            after = f"; seats {', '.join(map(str, waited))} waited" if waited else ""
            text = f"{self.rules.name}: {last}; scores {list(state.scores)}{after}; {asked}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to free."""


def raw_env(
    rules: Ruleset | str = "classic", render_mode: str | None = None, *, observation: str = "observation"
) -> KozelEnv:
    """The environment without PettingZoo's checking wrappers."""
    return KozelEnv(rules, render_mode, observation=observation)


class _Ordered(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order check, for which a ``reset`` counts once it succeeded (a refused one changes nothing)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed=seed, options=options)
        self._has_reset = True
        self._has_updated = True


def env(rules: Ruleset | str = "classic", render_mode: str | None = None, *, observation: str = "observation") -> Any:
    """The environment of ``rules`` wrapped in PettingZoo's order check.

    The order check answers with PettingZoo's own errors (``step`` before ``reset``: an
    ``AssertionError``), as every PettingZoo environment does; a ``reset`` that was refused counts as
    none.  PettingZoo's bounds check (``AssertOutOfBoundsWrapper``) is left out: it answers a bad
    action with an ``AssertionError`` (and not at all under ``python -O``), where the environment
    itself refuses any action that is not a whole number, or not an answer of the seat asked, with a
    ``KozelError``.
    """
    wrapped: Any = _Ordered(KozelEnv(rules, render_mode, observation=observation))
    return wrapped
