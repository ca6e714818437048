"""PlayerView: exactly what one seat may know, and ``observe`` to make it from a state.

A view holds the seat's own hand, what lies face up, the sizes of everything hidden,
the score sheet, the public history of this deal (with the seat's own hidden cards and
nobody else's), and what the rules let everyone infer.  It holds no other hand, no
face-down card of another seat, no stock order and no seed: two states that differ only
in what this seat may not see give equal views.

What a view costs: every field but ``history`` and ``voids`` is read straight from the state
(the state already holds it).  Those two need the deal's events, so a view gets them one of two
ways.  From :func:`observe`, they are worked out on first access, by replaying the deal from its
start (once; the result is kept in the view), so a bot that never reads them never pays for them.
From a :class:`~kozel.ViewTracker`, which keeps them from the events of each step, they cost
nothing more than the step.  Either way the view is the same value: equality, hashing, ``repr``,
pickling and the JSON form read both fields (and so fill them in first).  Until then a view made
by ``observe`` keeps a reference to the state it was made from (private, dropped once filled);
one made by a tracker keeps only its own seat's events.  A tracker hands out its views unmade:
such a view is made, all at once, when one of its fields is first read.
"""

from __future__ import annotations

import abc
import hashlib
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs

from kozel.cards.card import Card, Suit
from kozel.cards.cardset import CardSet
from kozel.engine import start_of_deal, step
from kozel.engine.transition import opening_events
from kozel.engine.within_hand import ended_within_hand, within_hand
from kozel.errors import StateError, WrongTypeError
from kozel.game.results import HandResult, MatchResult
from kozel.game.state import GameState, Phase
from kozel.rules.ruleset import Ruleset
from kozel.view.events import Event, Played
from kozel.view.inference import Voids
from kozel.view.seen import seen

__all__ = ["PlayerView", "observe"]

_set: Final = object.__setattr__
_new: Final = object.__new__
_LATER: Final = frozenset({"history", "voids"})
#: The key, in a view's instance dictionary, that marks a view the engine made from a state (``observe``, a
#: tracker): its fields fit together by construction.  Not a field, so no part of the view's value: an equal view
#: built by hand, evolved, copied, pickled or read from JSON does not carry it.
_MADE: Final = "_made"


@attrs.frozen(slots=False)  # a dict, not slots: built in one update, the cheapest way to make one
class PlayerView:
    """What one seat may know of a match at one moment."""

    #: The rules being played.
    ruleset: Ruleset
    #: The seat this view belongs to.
    seat: int
    #: This seat's own hand.
    hand: CardSet
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: The dealer of this hand.
    dealer: int
    #: The seat to move, or None once the match is over.
    turn: int | None
    #: What the table is doing.
    phase: Phase
    #: The trump suit, or None.
    trump: Suit | None
    #: The card shown to name the trump suit, or None.
    trump_card: Card | None
    #: The talon card shown face up, or None.
    talon_shown: Card | None
    #: Cards in the talon.
    talon_size: int
    #: Cards in the stock.
    stock_size: int
    #: The plays of the trick on the table (face-down cards hidden), or None between tricks.
    trick: tuple[Played, ...] | None
    #: The seat taking the trick on the table if play stopped now, or None.
    trick_winner: int | None
    #: Tricks each side has taken in this hand.
    trick_counts: tuple[int, ...]
    #: Cards each side has taken in this hand.
    won_sizes: tuple[int, ...]
    #: Written match points per side.
    scores: tuple[int, ...]
    #: Sets won per side, in a match of sets.
    sets: tuple[int, ...]
    #: The results of the finished hands.
    hand_results: tuple[HandResult, ...]
    #: The match result once it is over.
    result: MatchResult | None
    #: The declarer, in a talon game.
    declarer: int | None
    #: The praise deal announced for this hand, or None.
    praise: str | None
    #: The sides that have made their trump transfer in the open window, or None when no window is open.
    transfers_done: tuple[int, ...] | None
    #: The history of this deal as this seat saw it (its own face-down cards included), oldest first.
    history: tuple[Event, ...]
    #: For each seat, the groups it has shown it holds none of (0-3: the plain suits by number,
    #: 4: trumps), from what the rules imply.
    voids: tuple[frozenset[int], ...]

    if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt attribute is still an error there

        def __getattr__(self, name: str) -> Any:
            # Only fields are ever missing: a view handed out before it was made (``Unmade``) makes itself on first
            # access; a view made from a state fills ``history`` and ``voids`` on first access, from the source it
            # keeps (not a field: not part of the view's value).
            if name in _FIELDS:
                later = self.__dict__.get("_later")
                if isinstance(later, Unmade):
                    made = later.made()
                    fields = self.__dict__
                    del fields["_later"]
                    fields.update(made.__dict__)
                    return getattr(self, name)
                if later is not None and name in _LATER:
                    if name == "history":
                        _set(self, "history", later.history())
                    else:
                        _set(self, "voids", later.voids())
                    try:
                        object.__getattribute__(self, "history")
                        object.__getattribute__(self, "voids")
                    except AttributeError:
                        pass
                    else:
                        del self.__dict__["_later"]  # both filled in: the source is no longer needed
                    return object.__getattribute__(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """The view's fields for pickling: ``history`` and ``voids`` filled in, no private source."""
        self.history  # noqa: B018 - fills them in
        self.voids  # noqa: B018
        state = dict(self.__dict__)
        state.pop("_later", None)
        state.pop(_MADE, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore a pickled view."""
        self.__dict__.update(state)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.result is not None

    def key(self) -> str:
        """A short stable text naming this view, for tables and caches: equal views, equal keys (32 hex digits).

        It digests the view's whole value (history included), the same in every process and release
        for an unchanged ruleset.  A view changed by hand to hold a number too long for Python to write
        out (4300 digits, by default) has none: :class:`~kozel.StateError` names the field (and one whose ``ruleset`` is
        no Ruleset, :class:`~kozel.WrongTypeError`).
        """
        rules = self.ruleset
        if not isinstance(rules, Ruleset):
            raise WrongTypeError(f"key: view.ruleset is a Ruleset, not {type(rules).__name__}")
        try:
            fields = [f"{rules.name}/{rules.version}", *(repr(getattr(self, name)) for name in _KEYED)]
        except ValueError:  # an int too long to write out
            raise StateError(f"key: view.{_unwritten(self)} holds a number too long to write out") from None
        return hashlib.blake2b("|".join(fields).encode(), digest_size=16).hexdigest()


def _unwritten(view: PlayerView) -> str:
    """The first field of ``view`` that cannot be written out."""
    for name in _KEYED:
        try:
            repr(getattr(view, name))
        except ValueError:
            return name
    return "ruleset"  # pragma: no cover - only the fields above are written out


#: The fields a view's key digests (all but the ruleset, which it names).
_KEYED: Final = tuple(field.name for field in attrs.fields(PlayerView) if field.name != "ruleset")
#: Every field of a view.
_FIELDS: Final = frozenset(field.name for field in attrs.fields(PlayerView))


class Unmade(abc.ABC):
    """How a view handed out before it is made (``unmade``) makes itself, on first access to any field."""

    __slots__ = ()

    @abc.abstractmethod
    def made(self) -> PlayerView:
        """The view, made now (its own ``history`` and ``voids`` may still be filled in later)."""


def made_by_engine(view: PlayerView) -> bool:
    """Whether the engine made ``view`` from a state (``observe``, a tracker), so that its fields are known to fit."""
    fields = view.__dict__
    return fields.get(_MADE) is True or isinstance(fields.get("_later"), Unmade)


def unmade(source: Unmade) -> PlayerView:
    """A view that costs nothing until a field is read: then ``source.made()`` makes it, once."""
    view = _new(PlayerView)
    view.__dict__["_later"] = source
    return view


class _Later(Protocol):
    """How a view fills in ``history`` and ``voids`` on first access."""

    __slots__ = ()

    def history(self) -> tuple[Event, ...]:
        """The view's history."""
        ...

    def voids(self) -> tuple[frozenset[int], ...]:
        """The view's voids."""
        ...


class _Replay(_Later):
    """A view made by ``observe``: the deal is replayed from its start, once, when first needed."""

    __slots__ = ("_done", "_seat", "_state")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state: GameState | None = state
        self._seat = seat
        self._done: tuple[tuple[Event, ...], tuple[frozenset[int], ...]] | None = None

    def _replayed(self) -> tuple[tuple[Event, ...], tuple[frozenset[int], ...]]:
        if self._done is None:
            assert self._state is not None
            events, voids = replay(self._state)
            seat = self._seat
            self._done = (tuple(event.for_seat(seat) for event in events), voids_of(voids))
            self._state = None
        return self._done

    def history(self) -> tuple[Event, ...]:
        """The seat's events of the deal so far."""
        return self._replayed()[0]

    def voids(self) -> tuple[frozenset[int], ...]:
        """What the deal's public events show."""
        return self._replayed()[1]


class Seen(_Later):
    """A view made by a tracker: its seat's events of the deal (the first ``count`` of ``events``)."""

    __slots__ = ("_count", "_events")

    def __init__(self, events: list[Event], count: int) -> None:
        self._events = events
        self._count = count

    def history(self) -> tuple[Event, ...]:
        """The seat's events of the deal up to the view's moment."""
        return tuple(self._events[: self._count])

    def voids(self) -> tuple[frozenset[int], ...]:  # pragma: no cover - a tracker gives its views their voids
        """Never asked: a tracker's views hold their voids."""
        raise AssertionError("a tracker's view holds its voids")


def replay(state: GameState) -> tuple[list[Event], Voids]:
    """The events of ``state``'s deal so far (all cards shown), from its start, and the voids they show.

    A hand's end reached inside :func:`~kozel.engine.within_hand` is replayed inside it too, so that
    its last move ends the hand there, as it did, and deals nothing."""
    current = start_of_deal(state)
    events: list[Event] = list(opening_events(current))
    voids = Voids(state.match.ruleset, current.deal.table)
    see = voids.see
    with within_hand() if ended_within_hand(state) else nullcontext():
        for move in state.moves:
            current, found = step(current, move)
            for event in found:
                events.append(event)
                see(event)
    return events, voids


def voids_of(voids: Voids) -> tuple[frozenset[int], ...]:
    """The voids as a view holds them."""
    return tuple(frozenset(groups) for groups in voids.groups)


def observe(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``: its own cards, what is face up, and the public history.

    Cheap: it reads what the state holds.  The view's ``history`` and ``voids`` are worked out from
    the deal's moves when first read (a :class:`~kozel.ViewTracker` keeps them step by step).
    ``seat`` is an ``int`` or a NumPy integer (not a bool); the view's ``seat`` is a plain ``int``.

    >>> import kozel
    >>> view = kozel.observe(kozel.new_game(kozel.variants.get("classic"), seed=7), 1)
    >>> str(view.hand), view.hand_sizes, str(view.trump_card)
    ('7♥ K♥ 7♦ A♦', (4, 4, 4, 4), 'J♠')
    """
    if not isinstance(state, GameState):
        raise WrongTypeError(f"observe needs a GameState, not {type(state).__name__}")
    if type(seat) is not int or not 0 <= seat < state.match.ruleset.players:
        seat = state.match.ruleset.seating.checked_seat(seat)  # a NumPy integer is read as the plain int it stands for
    return make_view(state, seat, _Replay(state, seat), None)


def make_view(state: GameState, seat: int, later: _Later, voids: tuple[frozenset[int], ...] | None) -> PlayerView:
    """The view of ``seat`` in ``state``, its ``history`` (and ``voids``, where not given) filled in from ``later``."""
    view = _new(PlayerView)
    fields = seen(state, seat)
    fields["_later"] = later
    fields[_MADE] = True
    if voids is not None:
        fields["voids"] = voids
    view.__dict__.update(fields)
    return view
