"""The API reference (apidocs/) documents every public name, and every public name has a docstring.

Sphinx itself is not run here (CI builds the reference with ``sphinx-build -W``); these tests read
the ``.rst`` sources' autodoc directives and fail when a public name is added without a docstring
or without a place in the reference.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
import typing
from pathlib import Path
from types import ModuleType

import pytest

import kozel

ROOT = Path(__file__).resolve().parent.parent
APIDOCS = ROOT / "apidocs"

#: Public modules that are not direct subpackages of kozel (those are found by themselves).
EXTRA_MODULES = (
    "kozel.errors",
    "kozel.limits",
    "kozel.view.check",
    "kozel.forms.data",
    "kozel.forms.files",
    "kozel.forms.changes",
    "kozel.forms.words",
    "kozel.forms.markdown",
    "kozel.forms.sheet",
    "kozel.forms.pages",
    "kozel.record.text",
    "kozel.record.json_form",
    "kozel.bots.tournament",
)
#: Subpackages that are no part of the library's API.
PRIVATE_PACKAGES = ("kozel.cli",)


def public_modules() -> list[str]:
    """kozel, each of its subpackages but the command line, and the public modules listed above."""
    packages = [
        info.name
        for info in pkgutil.iter_modules(kozel.__path__, "kozel.")
        if info.ispkg and info.name not in PRIVATE_PACKAGES
    ]
    return ["kozel", *sorted(packages), *EXTRA_MODULES]


PUBLIC = public_modules()


def public_names() -> list[tuple[str, str]]:
    """Every ``(module, name)`` with ``name`` in the ``__all__`` of a public module."""
    names = []
    for modname in PUBLIC:
        module = importlib.import_module(modname)
        assert hasattr(module, "__all__"), f"{modname} has no __all__"
        names += [(modname, name) for name in module.__all__]
    return names


NAMES = public_names()

_DIRECTIVE = re.compile(r"^\s*\.\. (?:py:)?(auto\w+|currentmodule)::\s*(\S+)\s*$")
_OPTION = re.compile(r"^\s+:([\w-]+):\s*(.*)$")


def _words(text: str) -> set[str]:
    return {word for word in re.split(r"[\s,]+", text) if word}


def documented() -> tuple[dict[str, object], set[str]]:
    """Every name the reference documents, with its object, and every module it shows with automodule.

    ``automodule`` with ``:members:`` documents the module's ``__all__`` (or the members listed),
    less ``:exclude-members:``; the other ``auto`` directives document the name given, relative
    to the current module when it has no dot (as autodoc reads it).
    """
    names: dict[str, object] = {}
    modules: set[str] = set()
    for path in sorted(APIDOCS.glob("**/*.rst")):
        current = ""
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            match = _DIRECTIVE.match(line)
            if match is None:
                continue
            directive, target = match.groups()
            options: dict[str, str] = {}
            for following in lines[number + 1 :]:
                option = _OPTION.match(following)
                if option is None:
                    break
                options[option.group(1)] = option.group(2)
            if directive == "currentmodule":
                current = target
            elif directive == "automodule":
                current = target
                if _needs_missing_extra(target):
                    NEEDS_EXTRA.add(target)
                    continue
                module = importlib.import_module(target)
                modules.add(target)
                if "members" in options:
                    members = _words(options["members"]) or set(module.__all__)
                    for name in members - _words(options.get("exclude-members", "")):
                        names[f"{target}.{name}"] = getattr(module, name)
            else:
                qualified = target if "." in target else f"{current}.{target}"
                modname, _, name = qualified.rpartition(".")
                if _needs_missing_extra(modname):
                    NEEDS_EXTRA.add(modname)
                    continue
                names[qualified] = getattr(importlib.import_module(modname), name)
    return names, modules


#: Documented modules of an integration whose extra is not installed here: checked where it is.
NEEDS_EXTRA: set[str] = set()


def _needs_missing_extra(modname: str) -> bool:
    """Whether ``modname`` is an integration that cannot be imported here, its extra not installed."""
    if not modname.startswith("kozel.integrations."):
        return False
    try:
        importlib.import_module(modname)
    except ModuleNotFoundError as error:
        return not (error.name or "").startswith("kozel")
    return False


DOCUMENTED, DOCUMENTED_MODULES = documented()


@pytest.mark.extra
@pytest.mark.skipif(bool(NEEDS_EXTRA), reason=f"extras not installed for {sorted(NEEDS_EXTRA)}")
def test_the_reference_could_read_every_integration():
    # With every extra installed, each integration the reference names imports: the checks above covered it.
    assert not NEEDS_EXTRA
    assert any(name.startswith("kozel.integrations.") for name in DOCUMENTED)


def _ancestors(modname: str) -> list[str]:
    parts = modname.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def is_documented(modname: str, name: str) -> bool:
    """Whether ``modname.name`` is in the reference, itself or under a package that re-exports it."""
    value = getattr(importlib.import_module(modname), name)
    if isinstance(value, ModuleType):
        return value.__name__ in DOCUMENTED_MODULES
    for package in _ancestors(modname):
        module = importlib.import_module(package)
        if (
            name in getattr(module, "__all__", ())
            and getattr(module, name) is value
            and f"{package}.{name}" in DOCUMENTED
        ):
            return True
    return False


def module_source(modname: str) -> str:
    """The source of module ``modname``: for one compiled by mypyc, the source the wheel ships beside it
    (``inspect`` finds none for an extension module)."""
    module = importlib.import_module(modname)
    path = Path(str(module.__file__))
    if path.suffix == ".py":
        return inspect.getsource(module)
    return path.with_name(path.name.split(".")[0] + ".py").read_text(encoding="utf-8")


def defining_module(modname: str, name: str) -> str | None:
    """The module whose source assigns ``name`` that ``modname`` exports, following ``from ... import``."""
    source = module_source(modname)
    tree = ast.parse(source)
    for node in tree.body:
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            return modname
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return defining_module(node.module, alias.name)
    return None


def comment_doc(modname: str, name: str) -> str:
    """The ``#:`` comment just above the module-level assignment of the constant ``name``."""
    source_module = defining_module(modname, name)
    assert source_module is not None, f"{modname}.{name} is not assigned in any kozel module"
    lines = module_source(source_module).splitlines()
    assignment = re.compile(rf"^{re.escape(name)}\s*[:=]")
    for number, line in enumerate(lines):
        if assignment.match(line):
            comment = []
            for above in reversed(lines[:number]):
                if not above.startswith("#:"):
                    break
                comment.insert(0, above[2:].strip())
            return " ".join(comment)
    return ""


def test_the_public_modules_are_found() -> None:
    assert {"kozel.cards", "kozel.rules", "kozel.view", "kozel.bots"} <= set(PUBLIC)
    assert ("kozel", "Card") in NAMES
    assert ("kozel.bots", "IsmctsBot") in NAMES


def _compiled_source_doc(value: object) -> str | None:
    """The docstring in the source of a function or class compiled by mypyc (which keeps none); None elsewhere."""
    module = sys.modules.get(getattr(value, "__module__", "") or "")
    path = Path(str(getattr(module, "__file__", "")))
    if module is None or not kozel.__compiled__ or path.suffix == ".py":
        return None
    for node in ast.parse(module_source(module.__name__)).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == getattr(value, "__name__", None):
            return ast.get_docstring(node)
    return None


@pytest.mark.parametrize(("modname", "name"), NAMES, ids=[f"{m}.{n}" for m, n in NAMES])
def test_every_public_name_has_a_docstring(modname: str, name: str) -> None:
    value = getattr(importlib.import_module(modname), name)
    # A type alias such as ``Callable[...]`` is no class (Python 3.10's ``inspect.isclass`` says it is): it is
    # documented by a ``#:`` comment, as a constant.
    if inspect.isclass(value) and typing.get_origin(value) is None:
        own = vars(value).get("__doc__") or _compiled_source_doc(value)
        assert isinstance(own, str), f"{modname}.{name} has no docstring of its own"
        assert own.strip(), f"{modname}.{name} has an empty docstring"
    elif inspect.ismodule(value) or inspect.isroutine(value):
        doc = inspect.getdoc(value) or _compiled_source_doc(value)
        assert (doc or "").strip(), f"{modname}.{name} has no docstring"
    else:  # a constant: documented by a ``#:`` comment where it is assigned
        assert comment_doc(modname, name), f"{modname}.{name} has no #: comment where it is assigned"


@pytest.mark.parametrize("modname", PUBLIC)
def test_every_public_module_has_a_docstring_and_a_place_in_the_reference(modname: str) -> None:
    module = importlib.import_module(modname)
    doc = inspect.getdoc(module)
    if not doc and kozel.__compiled__ and Path(str(getattr(module, "__file__", ""))).suffix != ".py":
        doc = ast.get_docstring(ast.parse(module_source(modname)))  # mypyc keeps none: the source shipped beside it
    assert (doc or "").strip(), f"{modname} has no docstring"
    assert modname in DOCUMENTED_MODULES, f"{modname} has no automodule directive in apidocs/"


@pytest.mark.parametrize(("modname", "name"), NAMES, ids=[f"{m}.{n}" for m, n in NAMES])
def test_every_public_name_is_in_the_reference(modname: str, name: str) -> None:
    assert is_documented(modname, name), (
        f"{modname}.{name} is not in apidocs/: add an autodoc directive for it (a name that "
        "kozel.__all__ gives is documented as kozel.NAME)"
    )


def test_no_object_is_documented_twice() -> None:
    seen: dict[int, str] = {}
    for qualified, value in sorted(DOCUMENTED.items()):
        if not (inspect.isclass(value) or inspect.isroutine(value)):
            continue
        assert id(value) not in seen, f"{qualified} and {seen[id(value)]} document the same object"
        seen[id(value)] = qualified


def test_mkdocs_nav_links_the_reference_and_names_only_existing_pages() -> None:
    # mkdocs.yml lets a nav entry that is not a page pass (the API reference is built by Sphinx
    # into site/api), so the pages the nav names are checked here.
    entries = re.findall(r"^\s*- [^:\n]+:\s*(\S+)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert "api/index.html" in entries
    missing = [entry for entry in entries if entry != "api/index.html" and not (ROOT / "docs" / entry).is_file()]
    assert not missing, f"mkdocs.yml names pages that docs/ lacks: {missing}"
