"""OpenSpiel games of kozel: one hand, or a whole match, of every built-in ruleset (``pip install 'kozel[openspiel]'``).

Importing this module registers two Python games per built-in ruleset with ``pyspiel``:

- ``kozel_hand_NAME`` (e.g. ``kozel_hand_classic``): one hand, played as a match's first hand from
  a fresh score sheet.  Returns come from the hand's written points: each seat gets
  :func:`~kozel.play.hand_reward`, its side's written points against the most any other side's,
  with the sign the ruleset's scoring gives them (penalty points count against a side; credit
  points, and points counted off toward the target, for it).
- ``kozel_match_NAME``: a whole match.  Returns say who is the goat: each seat of a goat side gets
  -1, each seat of the other sides an equal share of what the goats lost (+1 with two sides).

Chance is explicit in both, at every deal: before a deal (the first, after a redeal call and, in
the match, after each hand) chance nodes deal the deck card by card, top card first, each card of
those left equally likely (chance action ``p`` is the card at place ``p`` of the deck in canonical
card order).  The deck then starts the deal: ``new_hand`` for the first deal, ``with_deck`` for the
next ones.

Players are the seats, and one acts at a time: the seat :func:`kozel.decision` asks, with its answers,
``wait`` included when it is asked out of turn.  Actions are the compact numbering
(:class:`~kozel.play.actions.CompactActions`: cards by place in the seat's own hand), so that
``num_distinct_actions`` stays in the tens or hundreds where the whole numbering runs to millions.

Observations are :class:`~kozel.play.encoding.Encoding`'s vectors with more runs (see
:class:`KozelObserver`).  The observation tensor is the encoding's ``observation`` and ``waited``, the
seats (relative to the viewer) that have waited at this position; its string names every field the
tensor reads (equal strings, equal tensors).  The information-state tensor is the encoding's
``information_state`` (the deal's plays in order), ``waited``, and ``asks``: for each move of the deal, the
seats that waited before it (one row a move, ``most_plays`` rows, so a fixed size); its string is the view's
:meth:`~kozel.PlayerView.key` with the same asks and seats waited.  Who was asked out of turn and waited is
public (every player asked is, in OpenSpiel), so the information state keeps the deal's whole record of it:
perfect recall within the deal.  Across deals (a redeal, the match's next hand) the information state
holds the earlier deals only as the score sheet (the view's own record), not their plays or asks.
Every observer is the seat's own view (OpenSpiel's default type: ``public_info=True``,
``private_info=PrivateInfoType.SINGLE_PLAYER``; ``perfect_recall`` chooses the information state); any
other type (public information only, private only, every seat's) is refused with a
:class:`~kozel.KozelError`.

``resample_from_infostate`` draws a world with :func:`kozel.determinize` (given the seat's answers
now as ``moves=``), and draws again until the world, its deal played again from its start, asks the
same seats at every move as the real deal did (the seats that waited before each move and now, and
nobody else out of turn); the world has no action history of its own.  A seat that waited must be
able to move out of turn in the world too (in ``classic``, hold a molodka then), and a seat never
asked out of turn must not.  The view does not bind those asks while a world is drawn, so after
several waits in one deal such worlds can be one in thousands: after ``RESAMPLE_STRICT`` draws or
``RESAMPLE_STRICT_SECONDS`` without one, a world that asks the same seats now is taken (the
information state is the state's own, asks included; only the world's hidden cards may not have
allowed an earlier ask), at most ``RESAMPLE_TRIES`` draws and ``RESAMPLE_SECONDS`` in all.
OpenSpiel's sampler draws from its own generator; for a search that repeats, hand
``ISMCTSBot.set_resampler`` a :func:`resampler` with a seed.

Serialization is OpenSpiel's own: the action history, chance actions included (so the deck of
every deal), replayed by ``deserialize_state``.  States pickle (and deserialize) by the game's
name, so the game must be registered where they are read: every game :func:`load` makes is
registered, and a game itself pickles as its ruleset, registered again where it is unpickled.

``max_game_length`` is one rule: :func:`kozel.play.most_decisions` and the deck's chance nodes a
deal, :func:`kozel.play.hand_deals_cap` deals a hand (:data:`kozel.play.episodes.REDEALS`
redeals where a ruleset sets no limit) and, for the match game, :func:`kozel.play.match_hands_cap`
hands (a hundred per side in each set the match can play).  Neither a hand (sides calling redeals
in turn can redeal without end) nor a match (eggs repeat) has a finite bound, so it is a cap, not
a bound: past it the game goes on; random play never comes near.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, Final

from kozel.errors import MissingExtraError

try:
    import numpy
    import pyspiel
except ModuleNotFoundError as missing:  # the extra is not installed: say which (a broken one says itself)
    raise MissingExtraError.of(missing, "kozel.integrations.openspiel", "openspiel") from None

from kozel.cards.card import Card
from kozel.engine import apply, new_hand, start_of_deal, with_deck
from kozel.engine.within_hand import within_hand
from kozel.errors import IllegalMoveError, KozelError, WrongTypeError
from kozel.game.move import Move, MoveKind
from kozel.game.state import GameState
from kozel.plain_types import short_repr, whole_in
from kozel.play.actions import CompactActions, actions
from kozel.play.decision import Decision, decision
from kozel.play.encoding import Encoding, encoding, highest_score, most_plays
from kozel.play.episodes import (
    REDEALS,
    hand_deals_cap,
    hand_ended,
    hand_reward,
    match_hands_cap,
    most_decisions,
    new_deal,
)
from kozel.rules.ruleset import Ruleset, checked_rules
from kozel.variants import CATALOG
from kozel.variants import get as get_variant
from kozel.variants import names as variant_names
from kozel.view.determinize import determinize
from kozel.view.events import Played
from kozel.view.tracker import ViewTracker
from kozel.view.view import PlayerView

__all__ = [
    "REDEALS",
    "GameSetup",
    "KozelGame",
    "KozelObserver",
    "KozelState",
    "game_name",
    "load",
    "register",
    "resampler",
]

#: How many worlds ``resample_from_infostate`` draws at most before giving up, and for how many seconds at most.
#: Most positions take the first world drawn; one where a seat waited needs a world in which that seat could have
#: moved out of turn (in ``classic``, held a molodka), and every world must ask the seats the deal asked.
RESAMPLE_TRIES: Final = 20_000
RESAMPLE_SECONDS: Final = 20.0
#: How many draws, and seconds, ``resample_from_infostate`` spends at most on worlds that ask the same seats at
#: every move of the deal, before it takes one that asks the same seats now.
RESAMPLE_STRICT: Final = 500
RESAMPLE_STRICT_SECONDS: Final = 1.0


def game_name(rules: Ruleset | str, match: bool = False) -> str:
    """The OpenSpiel name of a ruleset's hand game (``kozel_hand_NAME``) or match game (``kozel_match_NAME``)."""
    if isinstance(rules, str):
        name = rules
    elif isinstance(rules, Ruleset):
        name = rules.name
    else:
        raise WrongTypeError(f"an OpenSpiel game is named after a Ruleset or its name, not {type(rules).__name__}")
    if type(match) is not bool:
        raise WrongTypeError(f"match is True (the match game) or False (the hand game), not {short_repr(match)}")
    return f"kozel_{'match' if match else 'hand'}_{name}"


def _length(rules: Ruleset, match: bool) -> int:
    """``max_game_length``: each deal's decisions (``most_decisions``) and chance nodes (a card each), times the
    deals a hand is assumed to take, times (for the match) the hands a match is assumed to take."""
    length = (most_decisions(rules) + len(rules.deck)) * hand_deals_cap(rules)
    return length * match_hands_cap(rules) if match else length


def _types(rules: Ruleset, match: bool) -> tuple[Any, Any]:
    sides, players = rules.sides, rules.players
    even = players % sides == 0
    if match:
        low, high = -1.0, float(sides - 1)
    else:
        low, high = -float(highest_score(rules)), float(highest_score(rules))
    kind = pyspiel.GameType(
        short_name=game_name(rules, match),
        long_name=f"kozel {rules.name} ({'a whole match' if match else 'one hand'})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if even and (match or sides == 2)
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=actions(rules).compact.size,
        max_chance_outcomes=len(rules.deck),
        num_players=players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if even and (match or sides == 2) else None,
        max_game_length=_length(rules, match),
    )
    return kind, info


class GameSetup:
    """What every state of one game reads: the ruleset, the deck in canonical order, the numbering, the encoding."""

    #: The ruleset played.
    rules: Ruleset
    #: Whether the game is a whole match (else one hand).
    match: bool
    #: The deck in canonical card order: chance action ``p`` deals ``cards[p]``.
    cards: tuple[Card, ...]
    #: The numbering of the players' actions.
    numbering: CompactActions
    #: The encoding of the observers' tensors.
    encoding: Encoding

    def __init__(self, rules: Ruleset, match: bool) -> None:
        """The setup of ``rules``' hand game, or match game with ``match``."""
        self.rules = checked_rules(rules, "an OpenSpiel game of kozel")
        self.match = _checked_match(match)
        self.cards = tuple(sorted(rules.deck))
        self.numbering = actions(rules).compact
        self.encoding = encoding(rules)

    def __copy__(self) -> GameSetup:
        """Shared by every state of its game, never changed: a copy is the setup itself."""
        return self

    def __deepcopy__(self, memo: object) -> GameSetup:
        """Shared by every state of its game, never changed: a deep copy (OpenSpiel's clone) is the setup itself."""
        return self


class KozelGame(pyspiel.Game):  # type: ignore[misc]
    """A kozel hand or match as an OpenSpiel game: seats are players, chance deals the cards."""

    def __init__(self, rules: Ruleset, match: bool, params: dict[str, Any] | None = None) -> None:
        """The game of ``rules``: the whole match if ``match``, else one hand."""
        rules = checked_rules(rules, "an OpenSpiel game of kozel")
        match = _checked_match(match)
        if params is not None and not isinstance(params, dict):
            raise WrongTypeError(f"an OpenSpiel game's parameters are a dict, not {type(params).__name__}")
        kind, info = _types(rules, match)
        super().__init__(kind, info, params or {})
        #: The ruleset and what its states read (each game its own: two games never share a setup).
        self.kozel = GameSetup(rules, match)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its ruleset and kind: unpickling loads (and registers) the game again."""
        return load, (self.kozel.rules, self.kozel.match)

    def new_initial_state(self) -> KozelState:
        """The start: chance deals the first deck."""
        return KozelState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> KozelObserver:
        """An observer of the seat's own view: the information state with perfect recall, else the observation.

        Only the seat's own view is observed (public information and the seat's private information, OpenSpiel's
        default observation type); any other type (public information only, private information only, every
        seat's) is refused with a KozelError."""
        if params:
            raise KozelError(f"kozel's OpenSpiel observers take no parameters, not {short_repr(params)}")
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise WrongTypeError(
                f"an observer's type is a pyspiel.IIGObservationType or None, not {type(iig_obs_type).__name__}"
            )
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise KozelError(
                "kozel's OpenSpiel games observe only the seat's own view (public_info=True, "
                "private_info=PrivateInfoType.SINGLE_PLAYER), not "
                f"public_info={bool(iig_obs_type.public_info)}, private_info={iig_obs_type.private_info}"
            )
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return KozelObserver(self.kozel, recall)


class KozelState(pyspiel.State):  # type: ignore[misc]
    """A position of a kozel game: dealing (chance) or a seat asked (see :func:`kozel.decision`)."""

    def __init__(self, game: KozelGame) -> None:
        """The start of ``game``: no card dealt yet."""
        if not isinstance(game, KozelGame):  # pyspiel would take some objects and crash the interpreter on them
            raise WrongTypeError(
                f"a KozelState is the start of a KozelGame (game.new_initial_state()), not of {type(game).__name__}"
            )
        super().__init__(game)
        self.kgame: GameSetup = game.kozel
        #: The kozel state once a deal is dealt (None while the first deck is dealt).
        self.table: GameState | None = None
        #: The deck dealt so far, top card first, while chance deals.
        self.dealt: list[int] = []
        #: Whether chance is dealing now.
        self.dealing = True
        #: The seats that have waited at this position.
        self.waited: tuple[int, ...] = ()
        #: The deal's public record of asks: for each move of the deal so far, the seats that waited before it.
        self.asks: tuple[tuple[int, ...], ...] = ()
        self._asked: Decision | None = None
        self._numbered: dict[int, Move] | None = None
        self._ended = False
        self._returns = [0.0] * self.kgame.rules.players

    # The chance deal.

    def _deck_done(self) -> None:
        rules = self.kgame.rules
        deck = [self.kgame.cards[place] for place in self.dealt]
        self.table = new_hand(rules, deck) if self.table is None else with_deck(self.table, deck)
        self.dealt = []
        self.asks = ()
        self.dealing = False
        self._ask()

    def _ask(self) -> None:
        assert self.table is not None
        self._asked = decision(self.table, self.waited)
        self._numbered = None

    def current_player(self) -> int:
        """The seat asked, chance while dealing, terminal once the hand (or match) is over."""
        if self._ended:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        assert self._asked is not None
        return self._asked.seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each equally likely to come next (:class:`~kozel.KozelError` where chance is not
        dealing: a seat is asked, or the game is over)."""
        if self._ended or not self.dealing:
            doing = "the game is over" if self._ended else f"seat {self.current_player()} is asked"
            raise KozelError(f"chance_outcomes: chance deals nothing now, {doing} (ask is_chance_node() first)")
        dealt = set(self.dealt)
        left = [place for place in range(len(self.kgame.cards)) if place not in dealt]
        chance = 1.0 / len(left)
        return [(place, chance) for place in left]

    def _legal_actions(self, player: int) -> list[int]:
        asked = self._asked
        if asked is None or asked.seat != player or self.table is None:
            return []
        return sorted(self._answers())

    def _answers(self) -> dict[int, Move]:
        """The answers of the seat asked, by action (made once per position)."""
        found = self._numbered
        if found is None:
            asked = self._asked
            assert asked is not None
            assert self.table is not None
            found = self._numbered = self.kgame.numbering.numbered(asked.moves, self.table.hand_masks[asked.seat])
        return found

    def _apply_action(self, action: int) -> None:
        if self._ended:
            raise KozelError(
                f"the {'match' if self.kgame.match else 'hand'} is over: no action is legal, not {action!r}"
            )
        if self.dealing:
            if type(action) is not int or not 0 <= action < len(self.kgame.cards) or action in self.dealt:
                raise KozelError(
                    f"chance action {action!r} is no card left to deal: the chance outcomes are the places, from 0 "
                    f"to {len(self.kgame.cards) - 1}, of the cards not dealt yet"
                )
            self.dealt.append(action)
            if len(self.dealt) == len(self.kgame.cards):
                self._deck_done()
            return
        before = self.table
        asked = self._asked
        assert before is not None
        assert asked is not None
        move = self._answers().get(action)
        if move is None:
            raise KozelError(f"action {action} is no answer of seat {asked.seat}, the seat asked now")
        if move.kind is MoveKind.WAIT:  # what advance does, without asking the engine again
            self.waited = (*asked.waited, move.seat)
            self._ask()
            return
        if self.kgame.match:
            after = apply(before, move)
        else:
            with within_hand():  # the hand game ends with its hand: its last state is the hand's end, not the next deal
                after = apply(before, move)
        self.asks = (*self.asks, asked.waited)
        self.waited = ()
        self.table = after
        result = hand_ended(before, after)
        rules = self.kgame.rules
        if not self.kgame.match and result is not None:
            self._returns = [hand_reward(rules, result, seat) for seat in range(rules.players)]
            self._end()
        elif after.is_over:
            self._returns = _match_returns(rules, after)
            self._end()
        elif new_deal(before, after):
            self.dealing = True
        else:
            self._ask()

    def _end(self) -> None:
        """The hand (or match) is over: nobody is asked any more."""
        self._ended = True
        self._asked = None
        self._numbered = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            cards = self.kgame.cards
            return f"deal {cards[action]}" if type(action) is int and 0 <= action < len(cards) else f"action {action}"
        hand = self.table.hand_masks[player] if self.table is not None else 0
        try:
            return str(self.kgame.numbering.move(action, player, hand))
        except KozelError:
            return f"action {action}"

    @property
    def asked(self) -> Decision | None:
        """The seat asked now and its answers (None while chance deals or once it is over)."""
        return None if self.dealing or self._ended else self._asked

    def action(self, move: Move) -> int:
        """The action of ``move``, an answer of the seat asked now (the compact number, by its hand).

        :class:`~kozel.WrongTypeError` for what is not a :class:`~kozel.Move`, and
        :class:`~kozel.IllegalMoveError` for a move that is not one of the asked seat's answers (another
        seat's, or one the rules do not allow now): no other move's number is given for it."""
        if not isinstance(move, Move):
            raise WrongTypeError(f"action: a move is a kozel Move, not {short_repr(move)}")
        if self.table is None or self.dealing or self._ended:
            doing = "the game is over" if self._ended else "chance is dealing"
            raise KozelError(f"action: {doing}: no seat is asked, so no move is an answer")
        asked = self._asked
        assert asked is not None
        if move not in asked.moves:
            raise IllegalMoveError(
                f"action: {move} is not an answer of seat {asked.seat}, the seat asked now", move=move, rule="decision"
            )
        return self.kgame.numbering.index(move, self.table.hand_masks[move.seat])

    def is_terminal(self) -> bool:
        """Whether the hand (or the match) is over."""
        return self._ended

    def returns(self) -> list[float]:
        """Each seat's return: the hand's written points against it, or goat / not goat (0 until the end)."""
        return list(self._returns)

    def view(self, player: int) -> PlayerView | None:
        """What seat ``player`` sees now (None while chance deals: the deal to come is not dealt yet)."""
        if self.table is None or self.dealing:
            return None
        return _tracker(self).view(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KozelState:
        """A state drawn among those ``player_id``'s information state allows, asks included (KozelError if none)."""
        clone = self.clone()
        view = self.view(player_id)
        if view is None or self._ended or self.dealing:
            return clone  # type: ignore[no-any-return]
        rng = random.Random(_draw(probability_sampler))
        asked = self._asked
        moves = [m for m in asked.moves if m.kind is not MoveKind.WAIT] if asked and asked.seat == player_id else None
        start = time.perf_counter()
        deadline, strict_until = start + RESAMPLE_SECONDS, start + RESAMPLE_STRICT_SECONDS
        drawn = 0
        while drawn < RESAMPLE_TRIES and (drawn == 0 or time.perf_counter() < deadline):
            drawn += 1
            world = determinize(view, rng, moves=moves, budget=max(deadline - time.perf_counter(), 0.001))
            try:
                again = decision(world, self.waited)
            except KozelError:
                continue
            if again is not None and asked is not None and again.seat == asked.seat:
                if asked.seat == player_id and again.moves != asked.moves:
                    continue
                strict = drawn <= RESAMPLE_STRICT and time.perf_counter() < strict_until
                if strict and not _asked_alike(world, self.asks):
                    continue
                clone.table = world
                clone._asked = again
                clone._numbered = None
                clone._tracker_cache = None
                return clone  # type: ignore[no-any-return]
        raise KozelError(f"no world fits seat {player_id}'s information state in {drawn} draws")

    def __str__(self) -> str:
        """The table as text: the deck dealt so far, or the hands and the seat asked."""
        if self.dealing:
            return "dealing: " + " ".join(str(self.kgame.cards[place]) for place in self.dealt)
        assert self.table is not None
        hands = " | ".join(str(hand) for hand in self.table.hands)
        moves = self.table.moves
        last = str(moves[-1]) if moves else "a new deal"
        return f"{hands}; {last}; scores {list(self.table.scores)}; waited {list(self.waited)}"


def _asked_alike(world: GameState, asks: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the world's deal, played again from its start, asks the same seats at each move as ``asks`` records."""
    moves = world.moves
    if len(moves) != len(asks):
        return False
    position = start_of_deal(world)
    for move, waited in zip(moves, asks, strict=True):
        try:
            asked = decision(position, waited)
        except KozelError:  # a seat recorded as waiting has no move out of turn in this world
            return False
        if asked is None or asked.seat != move.seat or move not in asked.moves:
            return False
        try:
            position = apply(position, move)
        except KozelError:
            return False
    return True


def resampler(seed: int) -> Callable[[KozelState, int], KozelState]:
    """A resampler for ``ISMCTSBot.set_resampler`` drawing worlds from ``seed``: a search that repeats.

    ``seed`` is a whole number (an int, an IntEnum or a NumPy integer, not a bool), read by
    ``kozel.plain_types.whole_in``; anything else is refused with :class:`~kozel.WrongTypeError`."""
    rng = random.Random(whole_in("resampler's seed", seed, None, None))

    def resample(state: KozelState, player: int) -> KozelState:
        if not isinstance(state, KozelState):
            raise WrongTypeError(f"the resampler draws a world of a KozelState, not of {type(state).__name__}")
        return state.resample_from_infostate(player, rng.random)

    return resample


def _draw(sampler: Any) -> int:
    """A seed for the world's draw: from OpenSpiel's sampler where it gives numbers, else from ``random``."""
    try:
        return int(float(sampler()) * 2**52)
    except Exception:
        return random.getrandbits(52)


def _tracker(state: KozelState) -> ViewTracker:
    cache: ViewTracker | None = getattr(state, "_tracker_cache", None)
    if cache is None or cache.state is not state.table:
        assert state.table is not None
        cache = ViewTracker(state.table)
        state._tracker_cache = cache
    return cache


def _match_returns(rules: Ruleset, state: GameState) -> list[float]:
    result = state.match.result
    goats = set(result.goats) if result is not None else set()
    if not goats or len(goats) == rules.sides:
        return [0.0] * rules.players
    share = len(goats) / (rules.sides - len(goats))
    return [-1.0 if rules.side_of(seat) in goats else share for seat in range(rules.players)]


class KozelObserver:
    """OpenSpiel's observer of a seat: the encoding's observation (or information state) and the seats that waited.

    The observation tensor is the encoding's observation, then ``waited``: one number per seat (relative to the
    viewer), 1 for the seats that have waited at this position.  The information-state tensor is the encoding's
    information state, then ``waited``, then ``asks``: ``most_plays`` rows of one number per seat, row ``k``
    holding 1 for the seats that waited before the deal's ``k``-th move (a fixed size: a deal holds at most
    ``most_plays`` moves).  The strings say the same: the observation string every field the observation
    tensor reads, the information-state string the view's key, the seats that waited before each move of the
    deal and at this position.
    """

    def __init__(self, game: GameSetup, recall: bool) -> None:
        """An observer of ``game``: the information state if ``recall``, else the observation."""
        self.game = game
        self.recall = recall
        coder = game.encoding
        size = coder.state_size if recall else coder.size
        players = game.rules.players
        rows = most_plays(game.rules) if recall else 0
        self.tensor = numpy.zeros(size + players + rows * players, numpy.float32)
        self.dict = {
            "information_state" if recall else "observation": self.tensor[:size],
            "waited": self.tensor[size : size + players],
        }
        if recall:
            self.dict["asks"] = self.tensor[size + players :].reshape(rows, players)

    def set_from(self, state: KozelState, player: int) -> None:
        """Write what seat ``player`` sees in ``state`` into ``tensor``."""
        self._check(state)
        self.tensor.fill(0.0)
        view = state.view(player)
        if view is None:
            return
        coder = self.game.encoding
        coder.write(view, self.tensor, information_state=self.recall)  # the tensor's first run; zeroed above
        size = coder.state_size if self.recall else coder.size
        players = self.game.rules.players
        for seat in state.waited:
            self.tensor[size + (seat - player) % players] = 1.0
        if self.recall:
            asks = self.dict["asks"]
            for row, waited in enumerate(state.asks[: len(asks)]):
                for seat in waited:
                    asks[row, (seat - player) % players] = 1.0

    def string_from(self, state: KozelState, player: int) -> str:
        """What seat ``player`` sees in ``state``, as text (the view's key and the asks for the information state)."""
        self._check(state)
        view = state.view(player)
        if view is None:
            return f"seat {player}: dealing"
        waited = f"waited {list(state.waited)}"
        if self.recall:
            asks = " ".join(f"{move}:{list(seats)}" for move, seats in enumerate(state.asks) if seats)
            return f"seat {player} {view.key()} waits before moves [{asks}] {waited}"
        return f"seat {player}: {_observed(view)}; {waited}"

    def _check(self, state: object) -> None:
        """:class:`~kozel.WrongTypeError` unless ``state`` is a KozelState; :class:`~kozel.KozelError` where it is a
        state of another game (other rules, or a hand where this observer's game is a match)."""
        if not isinstance(state, KozelState):
            raise WrongTypeError(f"an observer reads a KozelState, not {type(state).__name__}")
        game = state.kgame
        if game is not self.game and (game.rules != self.game.rules or game.match != self.game.match):
            raise KozelError("this observer is another game's: make one with this state's game's make_py_observer")


def _checked_match(match: object) -> bool:
    """Whether the game is a whole match: True or False, nothing else."""
    if type(match) is not bool:
        raise WrongTypeError(f"match is True (a whole match) or False (one hand), not {short_repr(match)}")
    return match


def _observed(view: PlayerView) -> str:
    """Every field of ``view`` that the observation tensor reads, as text (equal texts, equal tensors)."""
    trick = ", ".join(_play_text(play) for play in view.trick or ())
    voids = [sorted(groups) for groups in view.voids]
    return (
        f"hand {view.hand}; trick [{trick}]; trump {view.trump}; trump card {view.trump_card}; "
        f"talon shown {view.talon_shown}; hand sizes {list(view.hand_sizes)}; turn {view.turn}; "
        f"dealer {view.dealer}; trick winner {view.trick_winner}; declarer {view.declarer}; "
        f"phase {view.phase.value}; stock {view.stock_size}; talon {view.talon_size}; "
        f"tricks {list(view.trick_counts)}; won {list(view.won_sizes)}; scores {list(view.scores)}; "
        f"sets {list(view.sets)}; hands played {len(view.hand_results)}; praise {view.praise}; "
        f"transfers {list(view.transfers_done or ())}; voids {voids}"
    )


def _play_text(play: Played) -> str:
    """One play of the trick: its seat, kind and cards (or how many, face down)."""
    cards = " ".join(str(card) for card in play.cards) if play.cards is not None else f"{play.count} face down"
    return f"{play.seat} {play.kind.name.lower()} {cards}"


#: The rulesets whose games are registered with ``pyspiel``, by name.
_REGISTERED: Final[dict[str, Ruleset]] = {}


def register(rules: Ruleset) -> None:
    """Register ``rules``' hand and match games with ``pyspiel`` (done on import for every built-in ruleset).

    Registering the same rules again does nothing.  A ruleset called by a name already registered for other
    rules is refused (its states, pickled or serialized by that name, would be read back by the other rules),
    and so is one called by a built-in one's name whose rules differ, as :func:`load` refuses it."""
    if not isinstance(rules, Ruleset):
        raise WrongTypeError(f"register takes a Ruleset, not {type(rules).__name__}")
    _check_own_name(rules)
    taken = _REGISTERED.get(rules.name)
    if taken is not None:
        if taken == rules:
            return
        raise KozelError(
            f"the OpenSpiel games {game_name(rules)} and {game_name(rules, match=True)} are taken by other rules "
            f"called {rules.name!r}: a ruleset registered under that name differs from this one; give this one a "
            f"name of its own, such as attrs.evolve(rules, name={rules.name + '_2'!r})"
        )
    for match in (False, True):
        kind, _ = _types(rules, match)
        pyspiel.register_game(kind, _game_class(rules, match))
    _REGISTERED[rules.name] = rules


def _game_class(rules: Ruleset, match: bool) -> type[KozelGame]:
    """A class of the one game (OpenSpiel makes games by calling the class registered with the parameters)."""

    def __init__(self: KozelGame, params: dict[str, Any] | None = None) -> None:
        KozelGame.__init__(self, rules, match, params)

    return type(f"KozelGame_{game_name(rules, match)}", (KozelGame,), {"__init__": __init__})


def load(rules: Ruleset | str, match: bool = False) -> KozelGame:
    """The hand game (or with ``match``, the match game) of ``rules``, a ruleset or a built-in name.

    The ruleset's games are registered with ``pyspiel`` (:func:`register`), so that its states pickle and
    deserialize by name.  A ruleset called by a built-in one's name whose rules differ
    (``variants.get("classic").for_players(2)``), or by a name registered for other rules, is refused: its
    game would carry the other game's OpenSpiel name, and a state pickled or read back by that name would be
    played by the other rules.  Give it a name of its own (``attrs.evolve(rules, name="classic_2")``).
    """
    game_name(rules, match)  # the kinds of both, checked
    ruleset = get_variant(rules) if isinstance(rules, str) else rules
    register(ruleset)
    return KozelGame(ruleset, match)


def _check_own_name(rules: Ruleset) -> None:
    """Refuse a ruleset called by a built-in one's name whose rules differ (its games would pass for the built-in's)."""
    built_in = CATALOG.get(rules.name)
    if built_in is not None and built_in != rules:
        raise KozelError(
            f"this ruleset is called {rules.name!r} but is not the built-in {rules.name}: its OpenSpiel games would be "
            f"taken for the built-in one's ({game_name(rules)}); give it a name of its own, such as "
            f"attrs.evolve(rules, name={rules.name + '_house'!r})"
        )


for _name in variant_names():
    register(get_variant(_name))
