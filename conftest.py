"""Collection for the whole checkout.

- A module of ``kozel.integrations`` whose extra is not installed is not collected for its doctests (it
  cannot be imported without it); its tests in ``tests/`` skip, saying so.
- The doctests of ``src/kozel`` run on the pure-Python build only: mypyc keeps no docstrings in the modules
  it compiles, so under the compiled build (``KOZEL_COMPILE=1``, ``kozel.__compiled__``) the sources'
  doctests are not collected, and the report header says so.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import kozel

_SOURCES = Path(__file__).parent / "src"
#: Each integration module and the packages its extra brings.
_EXTRAS = {
    "gymnasium.py": ("gymnasium", "numpy"),
    "pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "openspiel.py": ("pyspiel", "numpy"),
}

collect_ignore = [
    str(Path("src", "kozel", "integrations", module))
    for module, packages in _EXTRAS.items()
    if any(importlib.util.find_spec(package) is None for package in packages)
]


def pytest_report_header(config: pytest.Config) -> str:
    """Which build the tests run against."""
    if kozel.__compiled__:
        return f"kozel: compiled build ({kozel.__file__}); the doctests of src/kozel are not collected (no docstrings)"
    return f"kozel: pure-Python build ({kozel.__file__})"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip the sources' doctests under the compiled build; leave every other decision to pytest."""
    if kozel.__compiled__ and collection_path.is_relative_to(_SOURCES):
        return True
    return None
