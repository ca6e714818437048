"""Seating: how many play and how they form sides (teams, or each for himself)."""

from __future__ import annotations

import attrs

from kozel.errors import KozelError, RulesetError, SeatError, WrongTypeError
from kozel.limits import MAX_PLAYERS
from kozel.plain_types import whole_number
from kozel.rules import checks

__all__ = ["Seating"]

_check = checks.whole("seating", 2, MAX_PLAYERS)


@attrs.frozen
class Seating:
    """The players around the table and their sides; seats are numbered 0..players-1 clockwise.

    Sides alternate around the table, so seat ``s`` plays for side ``s % sides``:
    with four players in two teams, partners sit opposite (0+2 against 1+3).
    When ``sides == players`` everyone plays for himself.  A table seats 2 to
    :data:`~kozel.limits.MAX_PLAYERS` (12) players.
    """

    #: How many people play.
    players: int = attrs.field(default=4, validator=_check)
    #: How many sides (teams, or single players) compete; players sit alternately by side.
    sides: int = attrs.field(default=2, validator=_check)
    #: The side of each seat, indexed by seat (``side_of`` as a table, for the engine's hot paths): derived.
    side_of_seat: tuple[int, ...] = attrs.field(init=False, default=(), eq=False, repr=False)
    #: The partner of each seat where sides are pairs (``partner`` as a table, for the engine), else empty: derived.
    partner_of_seat: tuple[int, ...] = attrs.field(init=False, default=(), eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.players % self.sides:
            raise RulesetError(
                f"seating: {self.players} players cannot form {self.sides} equal sides "
                "(every side needs the same number of players)"
            )
        # Derived once the counts are checked (a frozen record is set up this way only here).
        object.__setattr__(self, "side_of_seat", tuple(seat % self.sides for seat in range(self.players)))
        if self.players == 2 * self.sides:  # sides of two: each seat's partner sits ``sides`` places clockwise
            partners = tuple((seat + self.sides) % self.players for seat in range(self.players))
            object.__setattr__(self, "partner_of_seat", partners)

    @property
    def team_size(self) -> int:
        """How many players sit on each side."""
        return self.players // self.sides

    def checked_seat(self, seat: object) -> int:
        """``seat`` as a plain int where it is a seat at this table (an int, or a NumPy integer); else a SeatError, or
        a WrongTypeError for what is not a whole number (a bool is not)."""
        whole = seat if type(seat) is int else whole_number(seat)
        if whole is None:
            raise WrongTypeError(f"a seat is a whole number, not {checks.table_text(seat)}")
        if not 0 <= whole < self.players:
            try:
                shown = str(whole)  # in full, however long, where Python can write it out
            except ValueError:
                shown = checks.table_text(whole)
            raise SeatError(f"there is no seat {shown} at a table of {self.players}: seats are 0 to {self.players - 1}")
        return whole

    def side_of(self, seat: int) -> int:
        """The side (team or single player) that ``seat`` plays for (a seat not at the table: see ``checked_seat``)."""
        return self.side_of_seat[self.checked_seat(seat)]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side, clockwise from ``seat``."""
        seat = self.checked_seat(seat)
        return tuple((seat + step) % self.players for step in range(self.sides, self.players, self.sides))

    def partner(self, seat: int) -> int:
        """The partner of ``seat`` when sides are pairs: the seat ``sides`` places clockwise (opposite, with four)."""
        if self.team_size != 2:
            raise RulesetError(f"seating: sides of {self.team_size} players have no single partner")
        return self.partner_of_seat[self.checked_seat(seat)]

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that play for ``side`` (sides are numbered 0 to ``sides - 1``; another number raises
        :class:`~kozel.KozelError`, what is not a whole number :class:`~kozel.WrongTypeError`)."""
        whole = side if type(side) is int else whole_number(side)
        if whole is None:
            raise WrongTypeError(f"a side is a whole number, not {checks.table_text(side)}")
        if not 0 <= whole < self.sides:
            raise KozelError(
                f"there is no side {checks.table_text(whole)}: this table has {self.sides} sides, 0 to {self.sides - 1}"
            )
        return tuple(range(whole, self.players, self.sides))
