"""What a strictly typed user needs: the names to annotate with, the subpackages reached through ``kozel.``,
annotations that say what the runtime checks, and the library's error for a value of the wrong kind.

The static side (mypy ``--strict`` on a typed user's code) needs mypy, of the lint extra; CI also runs it
on examples/.
"""

from __future__ import annotations

import importlib.util
import re
import textwrap
import typing
from pathlib import Path
from typing import SupportsIndex

import pytest
from typing_extensions import Self

import kozel
import kozel.bots
from kozel.bots.league import League
from kozel.bots.tournament import Tournament
from kozel.engine.events import Event

CLASSIC = kozel.variants.get("classic")


def test_the_subpackages_the_guide_reaches_through_kozel_are_public_names():
    for name in ("engine", "forms", "play", "view"):
        assert name in kozel.__all__
        assert getattr(kozel, name) is importlib.import_module(f"kozel.{name}")


def test_the_types_a_bot_or_tournament_is_annotated_with_are_exported_from_kozel_bots():
    names = ("MatchOutcome", "BotResult", "HeadToHead", "Ratings", "BotLike", "Entrant", "Executor")
    for name in names:
        assert name in kozel.bots.__all__
        assert getattr(kozel.bots, name) is not None
    assert kozel.bots.MatchOutcome is kozel.bots.tournament.MatchOutcome
    assert kozel.bots.Ratings is kozel.bots.ratings.Ratings


def test_the_json_forms_union_is_exported_from_kozel_record():
    assert "Document" in kozel.record.__all__
    assert kozel.record.Document == kozel.GameState | kozel.PlayerView | kozel.Move | kozel.view.Event | kozel.Ruleset


def test_a_dealer_of_the_wrong_kind_is_a_wrong_type_and_a_seat_off_the_table_is_not():
    for dealer in ("north", True, 1.0, None):
        with pytest.raises(kozel.WrongTypeError, match=r"^dealer must be a seat from 0 to 3, not "):
            kozel.new_game(CLASSIC, seed=1, dealer=dealer)
    for dealer in (4, -1):
        with pytest.raises(kozel.KozelError, match=r"^dealer must be a seat from 0 to 3, not ") as refused:
            kozel.new_game(CLASSIC, seed=1, dealer=dealer)
        assert not isinstance(refused.value, kozel.WrongTypeError)


@pytest.mark.parametrize("settings", [Tournament, League])
def test_matches_and_seed_are_typed_as_whole_numbers_in_the_generated_init(settings):
    hints = typing.get_type_hints(settings.__init__)
    assert hints["matches"] is SupportsIndex
    assert hints["seed"] is SupportsIndex


def test_for_seat_is_typed_to_give_an_event_of_its_own_class():
    assert typing.get_type_hints(Event.for_seat)["return"] is Self


#: A strictly typed user's code: each line marked ``# error: CODE`` must be reported, with that code, and no
#: other line.
USER_CODE = """
import concurrent.futures
from collections.abc import Callable
from typing import Any, TypeVar

from typing_extensions import assert_type

import kozel
from kozel.bots import (
    BotLike, BotResult, Entrant, Executor, HeadToHead, HeuristicBot, IsmctsBot, League, MatchOutcome, RandomBot,
    Ratings, Tournament,
)
from kozel.view import PlayerView, TrickTaken

T = TypeVar("T")


class Inline:
    def submit(self, fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        done: concurrent.futures.Future[T] = concurrent.futures.Future()
        done.set_result(fn(*args))
        return done


def check(view: PlayerView, rules: kozel.Ruleset, pool: concurrent.futures.ThreadPoolExecutor) -> None:
    assert_type(TrickTaken(0, 4, 0).for_seat(0), TrickTaken)
    assert_type(kozel.play.wait(0), kozel.Move)
    assert_type(kozel.forms.diff(rules, rules), tuple[str, ...])
    bots: list[BotLike | Entrant] = ["random", "heuristic"]
    tournament = Tournament(rules, bots, matches=2, seed=1)
    records, outcomes = tournament.run(executor=Inline())
    assert_type(records, list[BotResult])
    assert_type(outcomes, list[MatchOutcome])
    tournament.run(executor=pool)
    result = League(rules, bots, matches=2).run(executor=Inline())
    assert_type(result.head_to_head(), list[HeadToHead])
    assert_type(result.ratings(), Ratings)
    executor: Executor = pool
    print(executor, view.hand)
    for bot in (HeuristicBot(), IsmctsBot(), RandomBot()):  # out of turn the view may be None, as documented
        assert_type(bot.interrupt(None, []), kozel.Move | None)
    print(view.hnad)  # error: attr-defined
    Tournament(rules, bots, matches="ten")  # error: arg-type
"""


@pytest.mark.extra
@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None, reason="needs mypy, of the lint extra (pip install -e '.[lint]')"
)
def test_a_strictly_typed_users_code_is_checked_as_the_runtime_checks_it(tmp_path):
    from mypy import api  # noqa: PLC0415 - mypy is an optional extra

    code = textwrap.dedent(USER_CODE).lstrip()
    (tmp_path / "user.py").write_text(code, encoding="utf-8")
    source = Path(kozel.__file__).resolve().parent.parent  # the kozel these tests import, not another installed
    (tmp_path / "mypy.ini").write_text(
        f"[mypy]\nstrict = True\nmypy_path = {source}\ncache_dir = {tmp_path / 'cache'}\n", encoding="utf-8"
    )
    out, err, _ = api.run(["--config-file", str(tmp_path / "mypy.ini"), str(tmp_path / "user.py")])
    wanted = {
        (number, match.group(1))
        for number, line in enumerate(code.splitlines(), start=1)
        if (match := re.search(r"# error: ([\w-]+)$", line))
    }
    found = {
        (int(match.group(1)), match.group(2))
        for match in re.finditer(r"^[^\n]*user\.py:(\d+): error: .*\[([\w-]+)\]$", out, re.M)
    }
    assert found == wanted, out + err
