"""The layers of the package: each imports only layers below it, and nothing imports inside a function to dodge a cycle.

The order (``docs/architecture.md``)::

    errors, plain_types  <  cards  <  rules  <  variants  <  forms
    <  game  <  engine  <  view  <  record, play  <  bots  <  testing, integrations  <  cli

A module may import its own layer and those below it.  The one import allowed inside a function is
that of an integration (``kozel.integrations.ray``...), whose extra may not be installed.
``kozel/__init__.py`` (the public face) and
``kozel/__main__.py`` stand above every layer; a module may import the face (``import kozel``) only
from a layer above every layer the face imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "kozel"
#: Each layer's rank; a module may import only layers of its rank or below.
LAYERS = {
    "errors": 0,
    "plain_types": 0,
    "limits": 0,
    "_launch": 0,
    "cards": 1,
    "rules": 2,
    "variants": 3,
    "forms": 4,
    "game": 5,
    "engine": 6,
    "view": 7,
    "record": 8,
    "play": 8,
    "bots": 9,
    "testing": 10,
    "integrations": 10,
    "cli": 11,
}
TOP = 99  # kozel/__init__.py and kozel/__main__.py


def modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def layer_of(path: Path) -> int:
    part = path.relative_to(SRC).parts[0].removesuffix(".py")
    if part in ("__init__", "__main__"):
        return TOP
    assert part in LAYERS, f"{path}: a package with no layer; add it to LAYERS and docs/architecture.md"
    return LAYERS[part]


def imported(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """Every kozel module an import statement names, with the statement."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node) for alias in node.names if alias.name.split(".")[0] == "kozel"]
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and node.module
            and node.module.split(".")[0] == "kozel"
        ):
            if node.module == "kozel":  # from kozel import x: x is a layer or a name of the public face
                found += [(f"kozel.{alias.name}", node) for alias in node.names]
            else:
                found.append((node.module, node))
    return found


def target_layer(name: str) -> int:
    """The layer of an imported module; the public face (``kozel``, ``kozel.apply``) is as high as what it imports."""
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS[parts[1]]
    return face_layer()


def face_layer() -> int:
    """The highest layer the public face ``kozel/__init__.py`` imports."""
    tree = ast.parse((SRC / "__init__.py").read_text(encoding="utf-8"))
    return max(LAYERS[name.split(".")[1]] for name, _ in imported(tree) if name.split(".")[1] in LAYERS)


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(SRC)))
def test_a_module_imports_only_its_own_layer_and_those_below(path):
    own = layer_of(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for name, node in imported(tree):
        assert target_layer(name) <= own, (
            f"{path.relative_to(SRC)}:{node.lineno} imports {name}, a higher layer: move the code, not the import"
        )


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(SRC)))
def test_no_module_imports_kozel_inside_a_function(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for name, node in imported(function):
                if name.startswith("kozel.integrations."):
                    continue  # an integration needs its extra: imported only where it is used, never for a cycle
                pytest.fail(f"{path.relative_to(SRC)}:{node.lineno} imports {name} inside {function.name}()")


def test_the_check_finds_an_upward_import():
    tree = ast.parse("from kozel.variants import CATALOG\nimport kozel.cli.main\nfrom kozel import apply\n")
    names = [name for name, _ in imported(tree)]
    assert names == ["kozel.variants", "kozel.cli.main", "kozel.apply"]
    assert [target_layer(name) for name in names] == [3, 11, face_layer()]
    assert LAYERS["game"] < face_layer() < LAYERS["cli"]
    assert layer_of(SRC / "rules" / "ruleset.py") == LAYERS["rules"] < target_layer("kozel.variants")
