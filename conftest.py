"""Collection for the whole repository: the doctests of ``src/kozel`` run on the pure-Python build only.

mypyc keeps no docstrings in the modules it compiles, so under the compiled build (``KOZEL_COMPILE=1``,
``kozel.__compiled__``) the doctest collection of the sources is skipped, and the report header says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import kozel

_SOURCES = Path(__file__).parent / "src"


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
