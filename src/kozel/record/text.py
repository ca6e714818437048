"""The match record: a whole match as text, headers then moves, that reads back to the same state.

A record looks like this (a chess player will recognise the shape)::

    [Game "Kozel"]
    [Format "1"]
    [Ruleset "classic"]
    [RulesetVersion "1"]
    [Players "4"]
    [Seed "7"]
    [Dealer "0"]
    [Date "2026.11.30"]
    [Moves "342"]
    [Result "side 1: goat with eggs"]
    [Scores "4 12"]

    ; hand 1, dealt by seat 0
    1 lead A♠
    2 pass 7♠
    ...
    end

Headers are ``[Name "value"]`` lines (a ``"`` or ``\\`` inside a value is written ``\\"`` or
``\\\\``; a reader also takes ``\\n`` for a line break, though every value
:func:`~kozel.record.dumps` writes, the players' names too, is printable text of one line); a line
starting with ``;`` is a comment; the line ``end`` ends the record (only comments may follow it); every
other line is one move in the notation of :func:`kozel.parse_move`.  ``Seed`` fixes every shuffle of the match;
``Deck`` (the first deal's order, top card first) is written when the match was started from a
given deck.  A ruleset that is not a built-in one as it stands is written out in ``RulesetData``
(its JSON form: a built-in base, that built-in's version and the fields it changes, each key once,
under the name the ``Ruleset`` header gives), so the record needs nothing else while the built-in
is at that version, and is refused by a kozel whose built-in has changed.  ``Result`` is ``*``
while the match is being played, else each goat side with its title; ``Scores`` are the written
points per side.  ``Date`` is ``????.??.??`` when unknown, and ``Seat0``, ``Seat1``... name the
players where they are given.  ``Moves`` is the number of moves the record holds, and a record
with a ``Moves`` header ends with ``end``, so that a record cut short (a partial write, a copy that
lost its last lines, a cut inside its last line) is refused, not read as an earlier or another
position of the match.

``Ruleset`` and ``Seed`` are required: a record without one raises :class:`~kozel.StateError`
naming it.  :func:`~kozel.record.dumps` writes ``Game``, ``Format``, ``RulesetVersion``, ``Players``,
``Dealer``, ``Date``, ``Moves`` and ``Result`` too, but a record written by hand may leave them out: ``Game``
is then Kozel, ``Format`` 1, ``RulesetVersion`` and ``Players`` the ruleset's own, ``Dealer`` seat 0,
``Date`` unknown, and ``Moves`` and ``Result`` (like a missing ``Scores``) are not checked.  A record with a ``Format``
header is one written as :func:`~kozel.record.dumps` writes it, and must have ``Moves`` (and so ``end``): one
cut short among its headers is refused, not read as a new match.  A ``SeatN`` header
names a seat at the table (``N`` from 0 to one below the number of players, without leading zeros)
and holds a name as :func:`~kozel.record.dumps` writes one, printable text of one line; any other raises
:class:`~kozel.StateError`.

Reading a record replays every move from the start and checks it; the headers that state a
result must agree with where the moves lead.  Text that is not a record raises
:class:`~kozel.NotationError`; a record whose moves or headers do not fit its rules raises
:class:`~kozel.StateError`, naming the line of a bad move or the header at fault.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Mapping, Sequence
from typing import Final, NoReturn

import attrs

from kozel.cards.notation import format_cards, parse_cards
from kozel.engine.core import apply
from kozel.engine.start import new_game
from kozel.errors import IllegalMoveError, KozelError, NotationError, StateError, WrongTypeError
from kozel.forms.data import compact, from_data
from kozel.forms.files import BOM
from kozel.game.move import Move, parse_move
from kozel.game.state import GameState
from kozel.limits import MAX_DEPTH, NUMBER_DIGITS, SEAT_DIGITS, SEED_DIGITS, depth
from kozel.plain_types import LongNumberError, read_int, short_repr, unique_keys
from kozel.rules.ruleset import Ruleset
from kozel.variants import get as catalog_ruleset

__all__ = ["FORMAT", "Record", "dumps", "loads", "read"]

#: The version of the record format this module writes and reads.
FORMAT: Final = 1
#: The last line of a record :func:`dumps` writes: a record with a ``Moves`` header without it was cut short.
_END: Final = "end"
# The value: runs of plain characters and escapes, each taken whole (one step a run, not a character).
_HEADER: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"([^"\\]*(?:\\.[^"\\]*)*)"\]')
_UNKNOWN_DATE: Final = "????.??.??"
_DATE: Final = re.compile(r"[0-9]{4}\.[0-9]{2}\.[0-9]{2}")


def _is_date(text: str) -> bool:
    """Whether ``text`` is a day of the calendar written ``YYYY.MM.DD`` (2026.13.40 is not)."""
    if not _DATE.fullmatch(text):
        return False
    try:
        datetime.date(int(text[:4]), int(text[5:7]), int(text[8:]))
    except ValueError:
        return False
    return True


_WHOLE: Final = re.compile(r"[0-9]+")
_SEED: Final = re.compile(r"-?[0-9]+")
#: A header that names a player: ``Seat`` and a seat number.
_SEAT_HEADER: Final = re.compile(r"Seat([0-9]+)")


@attrs.frozen
class Record:
    """A match record read from text: its headers, its moves and the state they lead to."""

    #: Every header, in the order written.
    headers: Mapping[str, str]
    #: Every move of the match, in order.
    moves: tuple[Move, ...]
    #: The state the moves lead to.
    state: GameState

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.headers, Mapping) or not all(
            isinstance(name, str) and isinstance(value, str) for name, value in self.headers.items()
        ):
            raise WrongTypeError(f"a record's headers map names to text, not {short_repr(self.headers)}")
        if type(self.moves) is not tuple or not all(isinstance(move, Move) for move in self.moves):
            raise WrongTypeError(f"a record's moves are a tuple of Move values, not {short_repr(self.moves)}")
        if not isinstance(self.state, GameState):
            raise WrongTypeError(f"a record's state is a GameState, not {type(self.state).__name__}")

    @property
    def names(self) -> tuple[str | None, ...]:
        """The players' names by seat (None where the record names nobody)."""
        return tuple(self.headers.get(f"Seat{seat}") for seat in range(self.state.ruleset.players))


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _unquote(text: str, line: int) -> str:
    """A header's value as written between its quotes, its escapes read (in time linear in its length)."""
    if "\\" not in text:
        return text
    # Split at the escaped backslashes, found left to right as a reader pairs them: every backslash left in a piece
    # then starts an escape of its own piece, which str.replace reads (each step a piece, none a character).
    pieces = text.split("\\\\")
    for index, piece in enumerate(pieces):
        if "\\" in piece:
            unescaped = piece.replace('\\"', '"').replace("\\n", "\n")
            at = unescaped.find("\\")
            if at >= 0:
                code = unescaped[at + 1 : at + 2]
                raise NotationError(f"line {line}: '\\{code}' is not an escape a header may hold", text)
            pieces[index] = unescaped
    return "\\".join(pieces)


def _short(value: str) -> str:
    """A header's value as an error quotes it: at most 60 characters of it, and how long it is where cut."""
    return repr(value) if len(value) <= 60 else repr(value[:57]) + f"... ({len(value)} characters)"


def result_text(state: GameState) -> str:
    """The ``Result`` header of ``state``: ``*`` while the match goes on, else each goat side and its title."""
    result = state.result
    if result is None:
        return "*"
    return "; ".join(f"side {side}: {title}" for side, title in zip(result.goats, result.titles, strict=True))


def _date_text(date: datetime.date | str | None) -> str:
    if date is None:
        return _UNKNOWN_DATE
    if isinstance(date, datetime.date):
        return date.strftime("%Y.%m.%d")
    if isinstance(date, str) and (_is_date(date) or date == _UNKNOWN_DATE):
        return date
    shown = short_repr(date)  # the token: the text as given, or what stands for a value of another kind
    raise NotationError(
        f"a record's date is a datetime.date or a day written 'YYYY.MM.DD', not {shown}",
        date if isinstance(date, str) else shown,
    )


def _same_as_catalog(rules: Ruleset) -> bool:
    try:
        built_in = catalog_ruleset(rules.name)
    except KozelError:
        return False
    if built_in.players != rules.players:  # as read back: the built-in for the Players header's number
        try:
            built_in = built_in.for_players(rules.players)
        except KozelError:
            return False
    return built_in == rules


def dumps(
    state: GameState,
    *,
    date: datetime.date | str | None = None,
    names: Sequence[str | None] | None = None,
) -> str:
    """The record of the match that led to ``state``: headers and every move; :func:`loads` reads it back.

    ``date`` (a :class:`datetime.date` or ``"YYYY.MM.DD"``) and the players' ``names`` by seat are
    written when given.  A name is printable text of one line, as every other header value is (a
    ruleset's name, its titles): one holding a line break or another control character (``"\\n"``,
    ``"\\r"``, ``"\\x85"``, ``"\\u2028"``...) raises :class:`~kozel.NotationError`, and nothing is
    written.  A state that does not go back to the start of its match (a world sampled by
    :func:`kozel.determinize`) has no record: it raises :class:`~kozel.StateError`.

    >>> import kozel, random
    >>> state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    >>> state = kozel.apply(state, kozel.legal_moves(state)[0])
    >>> print(kozel.record.dumps(state, date="2026.11.30"))  # doctest: +ELLIPSIS
    [Game "Kozel"]
    [Format "1"]
    [Ruleset "classic"]
    ...
    [Moves "1"]
    [Result "*"]
    <BLANKLINE>
    ; hand 1, dealt by seat 0
    1 lead ...
    <BLANKLINE>
    >>> kozel.record.loads(kozel.record.dumps(state)) == state
    True
    """
    if not isinstance(state, GameState):
        raise WrongTypeError(f"a record is written from a GameState, not {type(state).__name__}")
    deal, match = state.deal, state.match
    rules = match.ruleset
    if deal.number and not match.history:
        raise StateError("this state does not go back to the start of its match (a sampled world?): it has no record")
    headers = [
        ("Game", "Kozel"),
        ("Format", str(FORMAT)),
        ("Ruleset", rules.name),
        ("RulesetVersion", str(rules.version)),
        ("Players", str(rules.players)),
        ("Seed", str(match.seed)),
        ("Dealer", str(match.first_dealer)),
    ]
    if not _same_as_catalog(rules):
        headers.append(("RulesetData", _json_line(compact(rules))))
    if match.opening is not None:
        headers.append(("Deck", format_cards(match.opening)))
    headers.append(("Date", _date_text(date)))
    if names is not None:
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise WrongTypeError(f"names: a list of one name (or None) a seat, not {type(names).__name__}")
        if len(names) != rules.players:
            raise KozelError(f"names: give one name (or None) for each of the {rules.players} seats, not {len(names)}")
        for name in names:
            if name is not None and not isinstance(name, str):
                raise WrongTypeError(f"names: each is a player's name as text (or None), not {name!r}")
            if name is not None and not name.isprintable():
                raise NotationError(
                    f"names: each is printable text of one line (no line break or control character), not {name!r}",
                    name,
                )
        headers += [(f"Seat{seat}", str(name)) for seat, name in enumerate(names) if name is not None]
    headers.append(("Moves", str(len(state.match_moves))))
    headers.append(("Result", result_text(state)))
    if state.is_over:
        headers.append(("Scores", " ".join(map(str, state.scores))))
    lines = [f"[{name} {_quote(value)}]" for name, value in headers]
    lines += _move_lines(state)
    lines.append(_END)
    return "\n".join(lines) + "\n"


def _json_line(data: object) -> str:
    """``data`` as compact JSON on one printable line: a character that is not printable (in a ruleset's
    ``doc``: a line break ``"\\u2028"``, ``"\\x85"``...) is written as its JSON escape, so the header reads back."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return "".join(char if char.isprintable() else json.dumps(char)[1:-1] for char in text)


def _move_lines(state: GameState) -> list[str]:
    """The moves, each deal after a comment saying which hand it is and who dealt."""
    rules = state.ruleset
    current = new_game(rules, state.seed, deck=state.match.opening, dealer=state.match.first_dealer)
    lines = ["", _deal_comment(current)]
    for move in state.match_moves:
        before = current.deal.number
        current = apply(current, move)
        lines.append(str(move))
        if current.deal.number != before and not current.is_over:
            lines += ["", _deal_comment(current)]
    return lines


def _deal_comment(state: GameState) -> str:
    again = f" (deal {state.deal.number + 1})" if state.deal.number != state.hand_number else ""
    return f"; hand {state.hand_number + 1}{again}, dealt by seat {state.dealer}"


def read(text: str, *, ruleset: Ruleset | None = None) -> Record:
    """Read a match record: its headers, its moves, and the state they lead to (every move checked).

    ``ruleset`` is the ruleset to play by when the record names one that is neither built in nor
    written out in ``RulesetData``.  Given for a record of a built-in or written-out ruleset, it
    must be equal to that one: a ruleset of the same name with other rules raises
    :class:`~kozel.StateError` and is never played instead.  ``RulesetData`` must be a ruleset of
    the name in the ``Ruleset`` header.
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is read from text, not from {type(text).__name__}")
    if ruleset is not None and not isinstance(ruleset, Ruleset):
        raise WrongTypeError(f"ruleset= is a Ruleset (or None), not {type(ruleset).__name__}")
    headers: dict[str, str] = {}
    moves: list[tuple[int, Move]] = []
    end: int | None = None  # the line of the record's end line, where it has one
    text = text.removeprefix(BOM)  # one byte order mark, as an editor may save UTF-8 with, as ruleset files are read
    lines = text.splitlines()
    last = next((len(lines) - back for back, raw in enumerate(reversed(lines)) if raw.strip()), 0)
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if end is not None:
            raise NotationError(
                f"line {number}: the record ended at line {end} ({_END!r}); only comments may follow its end", line
            )
        if line == _END:
            end = number
            continue
        if line.startswith("["):
            match = _HEADER.fullmatch(line)
            if match is None:
                raise NotationError(f'line {number}: a header is written [Name "value"], not {_short(line)}', line)
            if moves:
                raise NotationError(f"line {number}: the headers come before the moves", line)
            name, value = match.group(1), _unquote(match.group(2), number)
            if name in headers:
                raise NotationError(f"line {number}: the header {name} is given twice", line)
            headers[name] = value
            continue
        try:
            moves.append((number, parse_move(line)))
        except NotationError as error:
            cut = (
                " (the record's last line, and it has a Moves header: cut short?)"
                if number == last and "Moves" in headers
                else ""
            )
            raise NotationError(f"line {number}: {error}{cut}", error.token) from None
    rules = _ruleset(headers, ruleset)
    _check_names(headers, rules.players)
    state = _start(headers, rules)
    _check_count(headers, len(moves), end is not None)  # after the headers' own checks, before the replay
    for number, move in moves:
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            raise StateError(f"line {number}: {error}") from error
    _check_result(headers, state)
    return Record(headers=headers, moves=tuple(move for _, move in moves), state=state)


def loads(text: str, *, ruleset: Ruleset | None = None) -> GameState:
    """The state a match record leads to (see :func:`read`); ``loads(dumps(state)) == state``."""
    return read(text, ruleset=ruleset).state


def _whole(headers: Mapping[str, str], name: str, default: int | None = None) -> int:
    value = headers.get(name)
    if value is None:
        if default is None:
            raise StateError(f"the record has no {name} header")
        return default
    seed = name == "Seed"
    shown = value if len(value) <= 60 else value[:57] + "..."
    if not (_SEED if seed else _WHOLE).fullmatch(value):
        what = "a whole number" if seed else "a whole number of 0 or more"
        raise StateError(f"the {name} header is {what} in the digits 0-9, not {shown!r}")
    limit = SEED_DIGITS if seed else NUMBER_DIGITS
    if len(value.lstrip("-")) > limit:
        raise StateError(f"the {name} header has {len(value.lstrip('-'))} digits; kozel reads at most {limit}")
    return int(value)


def _ruleset(headers: Mapping[str, str], given: Ruleset | None) -> Ruleset:
    """The rules a record is played by: written out, built in (for the record's number of players), or given.

    A ruleset given must be the one the record names: refused where it differs from the built-in
    or the ``RulesetData`` of that name (an equal one is used), as is ``RulesetData`` that is a
    ruleset of another name than the ``Ruleset`` header's.
    """
    if headers.get("Game", "Kozel") != "Kozel":
        raise StateError(f"this is a record of {_short(headers['Game'])}, not of Kozel")
    if _whole(headers, "Format", FORMAT) != FORMAT:
        raise StateError(f"the record is in format {headers['Format']}; this kozel reads format {FORMAT}")
    name = headers.get("Ruleset")
    if name is None:
        raise StateError("the record has no Ruleset header")
    if given is not None and given.name != name:
        raise StateError(f"the record is played by {_short(name)}, not by the ruleset given ({_short(given.name)})")
    rules: Ruleset | None
    if "RulesetData" in headers:
        rules = _written_ruleset(headers["RulesetData"])
        if rules.name != name:
            raise StateError(
                f"the RulesetData header is a ruleset named {_short(rules.name)}, "
                f"but the Ruleset header names {_short(name)}"
            )
        source = "the ruleset written in the RulesetData header"
    else:
        rules = _built_in(headers, name, needed=given is None)
        source = "" if rules is None else f"the built-in {name!r} for {rules.players} players"
    if given is not None:
        if rules is not None and given != rules:
            parts = [
                part.name
                for part in attrs.fields(Ruleset)
                if part.eq and getattr(given, part.name) != getattr(rules, part.name)
            ]
            raise StateError(
                f"the ruleset given is not {source}, which the record is played by: it differs in {', '.join(parts)}"
            )
        rules = given
    assert rules is not None  # a record of a ruleset neither written out nor built in needs it given
    if _whole(headers, "Players", rules.players) != rules.players:
        raise StateError(f"the record has {headers['Players']} players; {rules.name!r} has {rules.players}")
    version = _whole(headers, "RulesetVersion", rules.version)
    if version != rules.version:
        raise StateError(
            f"the record was played by version {version} of {rules.name!r}; this kozel has version {rules.version}"
        )
    return rules


def _written_ruleset(written: str) -> Ruleset:
    """The ruleset of a ``RulesetData`` header: JSON of a table, no key in a table given twice."""
    if depth(written) > MAX_DEPTH:
        raise StateError(f"the RulesetData header nests lists and tables more than {MAX_DEPTH} deep")
    try:
        data = json.loads(written, object_pairs_hook=unique_keys, parse_constant=_refuse_constant, parse_int=read_int)
    except LongNumberError as error:
        raise StateError(f"the RulesetData header holds {error}") from None
    except (ValueError, RecursionError) as error:
        raise StateError(f"the RulesetData header is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise StateError("the RulesetData header is not a ruleset written out")
    try:
        return from_data(data)
    except KozelError as error:
        raise StateError(f"the RulesetData header: {error}") from None


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON value")


def _built_in(headers: Mapping[str, str], name: str, *, needed: bool) -> Ruleset | None:
    """The built-in ruleset ``name`` for the record's number of players; None (or, if ``needed``, refused) if none."""
    try:
        rules = catalog_ruleset(name)
    except KozelError as error:
        if needed:
            raise StateError(f"{error}; pass ruleset= to read a record of a house ruleset") from None
        return None
    players = _whole(headers, "Players", rules.players)
    if players != rules.players:
        try:
            rules = rules.for_players(players)
        except KozelError as error:
            raise StateError(f"the Players header: {error}") from None
    return rules


def _check_names(headers: Mapping[str, str], players: int) -> None:
    """Every ``SeatN`` header a seat at the table (written as ``dumps`` writes it), its value a name dumps writes."""
    for name, value in headers.items():
        match = _SEAT_HEADER.fullmatch(name)
        if match is None:
            continue
        digits = match.group(1)
        if len(digits) > SEAT_DIGITS or int(digits) >= players or digits != str(int(digits)):
            shown = name if len(name) <= 60 else name[:57] + "..."
            raise StateError(
                f"the header {shown} names no seat: a table of {players} has seats Seat0 to Seat{players - 1}, "
                "written without leading zeros"
            )
        if not value.isprintable():
            raise StateError(
                f"the {name} header is a player's name, printable text of one line (no line break or control "
                f"character), not {_short(value)}"
            )


def _check_count(headers: Mapping[str, str], count: int, ended: bool) -> None:
    """The ``Moves`` header, where written, is the number of moves the record holds, and the record ends with
    ``end``, as :func:`dumps` writes it: a record cut short has fewer moves, or lost its end (a cut inside
    its last line, ``1 lead 7♥ K♥`` read as ``1 lead 7♥``, keeps the count but not the end)."""
    if "Moves" not in headers:
        if "Format" in headers:  # dumps writes Format, then Moves and end: this one lost its last headers
            raise StateError(
                "the record has a Format header, as every record kozel writes, but no Moves header: it was cut short "
                "among its headers; find the whole record (a record written by hand may leave out Format, Moves and "
                f"{_END!r} together)"
            )
        return
    written = _whole(headers, "Moves")
    if not ended:
        raise StateError(
            f"the record has a Moves header but no last line {_END!r}, which every record kozel writes ends with: "
            "it was cut short; find the whole record (or, to read only the moves it holds, delete the Moves header)"
        )
    if written != count:
        why = " (cut short?)" if count < written else " (moves added after it was written?)"
        raise StateError(
            f"the Moves header says {written}, but the record holds {count} moves{why}; "
            "find the whole record (or, to read only the moves it holds, delete the Moves header)"
        )


def _start(headers: Mapping[str, str], rules: Ruleset) -> GameState:
    seed = _whole(headers, "Seed")
    dealer = _whole(headers, "Dealer", 0)
    deck = headers.get("Deck")
    try:
        return new_game(rules, seed, deck=parse_cards(deck) if deck is not None else None, dealer=dealer)
    except NotationError:
        raise
    except KozelError as error:
        raise StateError(f"the record's start does not fit {rules.name!r}: {error}") from None


def _check_result(headers: Mapping[str, str], state: GameState) -> None:
    written = headers.get("Result")
    if written is not None and written != result_text(state):
        raise StateError(f"the Result header says {_short(written)}, but the moves lead to {result_text(state)!r}")
    scores = headers.get("Scores")
    if scores is not None and scores != " ".join(map(str, state.scores)):
        raise StateError(
            f"the Scores header says {_short(scores)}, but the moves lead to {' '.join(map(str, state.scores))}"
        )
    date = headers.get("Date")
    if date is not None and date != _UNKNOWN_DATE and not _is_date(date):
        raise StateError(f"the Date header is a day written 'YYYY.MM.DD' or {_UNKNOWN_DATE!r}, not {_short(date)}")
