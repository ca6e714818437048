"""Which build is running, the pure-Python reference or the compiled one, and that the package says so."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kozel

#: The modules the compiled build compiles (see the hook in pyproject.toml); the rest stay Python.
COMPILED_PACKAGES = ("kozel.engine", "kozel.engine.praise", "kozel.game", "kozel.cards", "kozel.view")
#: Modules of those packages kept interpreted in the compiled build (see the hook's comment in pyproject.toml).
INTERPRETED = {
    "kozel.cards.card",
    "kozel.cards.cardset",
    "kozel.cards.deck",
    "kozel.engine.events",
    "kozel.engine.within_hand",
    "kozel.game.move",
    "kozel.game.results",
    "kozel.game.state",
    "kozel.view.events",
    "kozel.view.step",
    "kozel.view.tracker",
    "kozel.view.view",
}


#: Modules compiled on their own, their packages staying Python.
COMPILED_MODULES = ("kozel.bots.thumb",)


def _modules() -> list[str]:
    names = list(COMPILED_MODULES)
    for package in COMPILED_PACKAGES:
        folder = Path(str(importlib.import_module(package).__file__)).parent
        stems = {path.name.split(".")[0] for path in folder.iterdir() if path.suffix in {".py", ".so", ".pyd"}}
        names += [f"{package}.{stem}" for stem in sorted(stems) if stem != "__init__"]
    return names


def _is_compiled(name: str) -> bool:
    return not str(importlib.import_module(name).__file__).endswith(".py")


def test_compiled_says_whether_the_engine_modules_are_extension_modules():
    modules = _modules()
    assert "kozel.engine.core" in modules
    assert "kozel.engine.beat_or_pass" in modules
    assert "kozel.view.determinize" in modules
    assert "kozel.view.check" in modules
    for name in modules:
        expected = kozel.__compiled__ and name not in INTERPRETED
        assert _is_compiled(name) == expected, name
    assert not _is_compiled("kozel.rules.trump"), "the rules stay Python in every build"
    assert not _is_compiled("kozel.bots.heuristic"), "the bots themselves stay Python in every build"


def test_a_release_wheel_that_should_be_compiled_is():
    # The release workflow tests each compiled wheel with KOZEL_EXPECT_COMPILED=1: a wheel that came out
    # pure (the hook not run) fails here.
    expected = os.environ.get("KOZEL_EXPECT_COMPILED") == "1"
    assert kozel.__compiled__ or not expected


def test_version_names_the_build():
    out = subprocess.run(
        [sys.executable, "-m", "kozel", "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    build = "compiled" if kozel.__compiled__ else "pure Python"
    assert out == f"kozel {kozel.__version__} ({build})"


def test_both_builds_refuse_what_is_not_a_move_with_the_library_error():
    state = kozel.new_game(kozel.variants.get("classic"), seed=7)
    with pytest.raises(kozel.WrongTypeError, match=r"kozel\.parse_move"):
        kozel.apply(state, "1 lead K♣")  # type: ignore[arg-type]
    # So do the other ways of making a move: a step with its events, a tracker's step and advance.
    with pytest.raises(kozel.WrongTypeError, match=r"kozel\.parse_move"):
        kozel.step(state, "1 lead K♣")
    tracker = kozel.ViewTracker(state)
    for make in (tracker.step, tracker.advance):
        with pytest.raises(kozel.WrongTypeError, match=r"kozel\.parse_move"):
            make("1 lead K♣")  # type: ignore[arg-type]
        with pytest.raises(kozel.WrongTypeError):
            make((1, kozel.MoveKind.LEAD))  # type: ignore[arg-type]
    assert tracker.state is state  # nothing changed
