"""A Gymnasium environment: one seat of a kozel match against kozel's bots (``pip install 'kozel[gymnasium]'``).

The learner plays ``seat``; every other seat is played by a bot (``heuristic`` by default), asked as the bot
runner asks them.  ``bots`` names the bot as a tournament takes it: a spec string as ``kozel simulate --bots``
takes (``"random"``, ``"ismcts(iterations=50)"``, ``"mybot:MyBot"``), a :class:`~kozel.bots.Bot` class, a
factory of no arguments, or a bot instance (copied for each seat); each other seat gets a bot of its own.
A bot whose own code raises stops the step with :class:`~kozel.bots.BotError`, and one answering what is not one of
its moves with :class:`~kozel.IllegalMoveError`, as in the bot runner; the match cannot go on after that, and
a later ``step`` raises :class:`~kozel.KozelError` until ``reset``.
Actions are the compact numbering (:class:`~kozel.play.actions.CompactActions`); ``info["action_mask"]`` says
which are legal now, and an action of the space outside it makes no move: the step returns the same
observation, reward 0 and ``info["illegal_action"] = True`` (a number outside the space is refused with
:class:`~kozel.KozelError`).  The observation is the seat's :class:`~kozel.play.encoding.Encoding`:
with ``observation="observation"`` (the default) what the seat sees now, with
``observation="information_state"`` the deal's plays so far too (the cards the other seats played after the
learner's move, which the next observation no longer shows, included).  Rewards come when a hand ends:
:func:`~kozel.play.hand_reward`, the learner's side's written points against the most any other side's, with
the sign the ruleset's scoring gives them (penalty points count against a side; credit points, and points
counted off toward the target, for it); a hand that ends in ``reset`` (a catch before the learner's first
move) is paid with the learner's first move, so an episode's rewards add up to every hand's.  An episode is a
whole match; :attr:`KozelSeatEnv.state` is the match as it stands.

Importing this module registers the environment with Gymnasium as ``kozel/Seat-v0`` (:data:`ENV_ID`), so
``gymnasium.make("kozel/Seat-v0", rules="seven_of_clubs", bots="random")`` makes it too (with Gymnasium's own
wrappers around it).

``step`` and ``render`` before the first ``reset`` are refused with :class:`~kozel.KozelError` (``render``
gives None without a render mode, as Gymnasium's own environments do).  ``reset``'s seed is None or a whole
number of at least 0, NumPy's integers included (checked by kozel, before Gymnasium); its ``options`` are taken
and not read: the environment has none.
"""

from __future__ import annotations

from typing import Any

from kozel.errors import MissingExtraError

try:
    import gymnasium
    import numpy
except ModuleNotFoundError as missing:  # the extra is not installed: say which (a broken one says itself)
    raise MissingExtraError.of(missing, "kozel.integrations.gymnasium", "gymnasium") from None

from kozel.bots.base import Bot
from kozel.bots.runner import BOT_FAILURES, bot_failed, bot_refused
from kozel.bots.specs import BotLike, entrant
from kozel.engine import new_game
from kozel.errors import KozelError, SeatError, WrongTypeError
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

__all__ = ["ENV_ID", "KozelSeatEnv"]


class KozelSeatEnv(gymnasium.Env):
    """One seat of a kozel match against bots, as a single-agent Gymnasium environment."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium declares it so

    def __init__(
        self,
        rules: Ruleset | str = "classic",
        *,
        seat: int = 0,
        bots: BotLike = "heuristic",
        observation: str = "observation",
        render_mode: str | None = None,
    ) -> None:
        """The learner at ``seat`` of ``rules`` against ``bots`` (a spec string, a Bot class, a factory or an instance:
        see the module's docstring); ``observation`` is ``"observation"`` or ``"information_state"`` (see there)."""
        self.rules = get_variant(rules) if isinstance(rules, str) else rules
        if not isinstance(self.rules, Ruleset):
            raise WrongTypeError(f"rules= is a Ruleset or the name of one, not {type(rules).__name__}")
        if not isinstance(bots, str | Bot | type) and not callable(bots):
            raise WrongTypeError(
                "bots= is a bot as a tournament takes it (a spec such as 'heuristic' or 'mybot:MyBot', a Bot class, "
                f"a factory or a Bot instance), not {short_repr(bots)}"
            )
        made = entrant(bots)  # a bot that cannot be made is refused now, with KozelError
        try:  # an int, an IntEnum or a NumPy integer, kept as a plain int; not a bool
            whole = whole_in("seat=, the learner's seat,", seat, 0, self.rules.players - 1)
        except WrongTypeError:
            raise
        except KozelError as error:  # out of range: a seat that is not at the table
            raise SeatError(str(error)) from None
        if render_mode is not None and (not isinstance(render_mode, str) or render_mode != "ansi"):
            raise KozelError(f"render_mode is None or 'ansi', not {short_repr(render_mode)}")
        self.render_mode = render_mode
        self.seat = whole
        #: The bots' name, as tables show it (``ismcts(iterations=50)``).
        self.bots = made.name
        self._bots: list[Bot] = [made.make() for _ in range(self.rules.players)]  # the learner's seat's is not asked
        self._numbering = actions(self.rules).compact
        self._encoding = encoding(self.rules)
        size = self._encoding.kind_size(observation)
        #: What the observations hold: ``"observation"`` or ``"information_state"``.
        self.observation = observation
        self._information_state = size != self._encoding.size
        self._size = size
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (size,), numpy.float32)
        self.action_space = gymnasium.spaces.Discrete(self._numbering.size)
        self._state: GameState | None = None
        self._owed = 0.0  # the reward of a hand that ended in reset(), paid with the learner's first move
        self._failed: str | None = None  # why the match cannot go on: a bot failed in it

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new match, dealt from ``seed`` (else from the environment's random generator).

        ``seed`` is None or a whole number of at least 0 (an int or a NumPy integer, not a bool), as Gymnasium takes
        it; anything else is refused (:class:`~kozel.WrongTypeError`, or :class:`~kozel.KozelError` for a negative
        one) before anything changes."""
        seed = whole_in("reset's seed", seed, 0, None, none=True)
        super().reset(seed=seed)
        self._failed = None
        match_seed = int(self.np_random.integers(0, 2**62))
        state = new_game(self.rules, seed=match_seed)
        for seat, bot in enumerate(self._bots):
            bot.setup(self.rules, seat, match_seed)
        self._tracker = ViewTracker(state)
        self._waited: tuple[int, ...] = ()
        self._state = state
        self._ask()
        # The bots move until the learner is asked.  A hand may end meanwhile (a catch before the learner plays):
        # its reward is paid with the learner's first move, as reset() pays none.
        self._owed = self._play_bots()
        return self._observation(), self._info()

    @property
    def state(self) -> GameState | None:
        """The match as it stands now (None before the first :meth:`reset`): its scores, hands' results, result."""
        return self._tracker.state if self._state is not None else None

    def _ask(self) -> None:
        """Ask the next seat: one decision per position (its answers numbered when the learner's mask needs them)."""
        self._asked: Decision | None = decision(self._tracker.state, self._waited)
        self._numbered: dict[int, Move] | None = None

    def _answers(self) -> dict[int, Move]:
        """The learner's answers now by action, numbered once per position (none when another seat is asked)."""
        found = self._numbered
        if found is None:
            asked = self._asked
            if asked is None or asked.seat != self.seat:
                found = {}
            else:
                found = self._numbering.numbered(asked.moves, self._tracker.state.hand_masks[self.seat])
            self._numbered = found
        return found

    def _observation(self) -> Any:
        observation = numpy.zeros(self._size, numpy.float32)
        view = self._tracker.view(self.seat, now=True)
        self._encoding.write(view, observation, information_state=self._information_state)
        return observation

    def _info(self) -> dict[str, Any]:
        mask = numpy.zeros(self._numbering.size, numpy.int8)
        for number in self._answers():
            mask[number] = 1
        return {"action_mask": mask}

    def _reward(self, before: GameState, after: GameState) -> float:
        result = hand_ended(before, after)
        if result is None:
            return 0.0
        return hand_reward(self.rules, result, self.seat)

    def _answer(self, asked: Decision, move: Move) -> float:
        """The seat asked answers ``move`` (one of its answers): ``wait`` keeps the state, a move is one engine call."""
        if move.kind is MoveKind.WAIT:  # what kozel.advance does, without asking the engine again
            self._waited = (*asked.waited, move.seat)
            self._ask()
            return 0.0
        before = self._tracker.state
        self._tracker.step(move)  # the views follow the step's events
        self._waited = ()
        self._ask()
        return self._reward(before, self._tracker.state)

    def _play_bots(self) -> float:
        reward = 0.0
        while True:
            asked = self._asked
            if asked is None or asked.seat == self.seat:
                return reward
            bot = self._bots[asked.seat]
            try:
                if asked.out_of_turn:
                    chosen = bot.interrupt(self._tracker.view(asked.seat), asked.moves[:-1])
                    move = asked.moves[-1] if chosen is None else chosen
                elif len(asked.moves) == 1:
                    move = asked.moves[0]
                else:
                    move = bot.choose(self._tracker.view(asked.seat), asked.moves)
            except BOT_FAILURES as error:  # the bot's own code raised: as the bot runner says it
                failure: KozelError = bot_failed(bot, asked.seat, error)
                self._failed = str(failure)
                raise failure from error
            if not isinstance(move, Move) or move not in asked.moves:
                refused = bot_refused(bot, asked.seat, move)
                self._failed = str(refused)
                raise refused
            reward += self._answer(asked, move)

    def _check_reset(self, what: str) -> None:
        """Refuse ``what`` before the first ``reset``: there is no match yet."""
        if self._state is None:
            raise KozelError(f"{what} before reset(): there is no match yet; call reset() first")

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The learner answers ``action``; the bots play until the learner is asked again or the match ends."""
        self._check_reset("step")
        if self._failed is not None:
            raise KozelError(f"the match cannot go on, since {self._failed}: call reset()")
        if self._tracker.state.is_over:
            raise KozelError("the match is over: call reset()")
        number = action_number(action, self._numbering.size, in_range=True)  # never rounded: 18.7 is not 18
        move = self._answers().get(number)
        asked = self._asked
        if move is None or asked is None:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), 0.0, False, False, info
        reward = self._owed + self._answer(asked, move)
        self._owed = 0.0
        reward += self._play_bots()
        over = self._tracker.state.is_over
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        """The table as text: the last move and the scores."""
        if self.render_mode is None:
            return None
        self._check_reset("render")
        state = self._tracker.state
        moves = state.moves
        return f"{self.rules.name}: {moves[-1] if moves else 'a new deal'}; scores {list(state.scores)}"


#: The id the environment is registered under with Gymnasium (``gymnasium.make(ENV_ID, ...)``).
ENV_ID = "kozel/Seat-v0"

if ENV_ID not in gymnasium.envs.registration.registry:  # registered once, however often the module is reloaded
    gymnasium.register(id=ENV_ID, entry_point="kozel.integrations.gymnasium:KozelSeatEnv")
