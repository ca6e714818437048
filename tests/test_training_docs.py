"""The examples of docs/training.md print what the page shows: the core ones always, an adapter's with its extra."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from test_docs_examples import _code, _examples, _run

PAGE = "training.md"
ROOT = Path(__file__).parent.parent
#: The adapter examples and the modules each needs (its extra).
ADAPTERS = {
    "pettingzoo": ("pettingzoo", "gymnasium", "numpy"),
    "gymnasium": ("gymnasium", "numpy"),
    "openspiel": ("pyspiel", "numpy"),
}
CORE = [name for name in _code(PAGE) if name not in ADAPTERS]


def _missing(name: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in ADAPTERS[name])


def _run_up_to(name: str) -> str:
    """Run the page's examples in order up to ``name`` (the adapters' skipped unless it is one); what it printed."""
    namespace: dict[str, object] = {"__name__": f"docs_{name}"}
    for before in _code(PAGE):
        if before == name:
            break
        if before not in ADAPTERS:
            _run(PAGE, before, namespace)
    return _run(PAGE, name, namespace)


def test_every_code_block_is_an_example_with_its_output():
    text = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    examples = _examples(PAGE)
    assert text.count("```python") == len(_code(PAGE)) == len(CORE) + len(ADAPTERS)
    for name in _code(PAGE):
        assert f"{name}.output" in examples


@pytest.mark.parametrize("name", CORE)
def test_each_core_example_prints_what_the_page_shows(name):
    assert _run_up_to(name) == _examples(PAGE)[f"{name}.output"][1]


@pytest.mark.extra
@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_each_adapter_example_prints_what_the_page_shows(name):
    if _missing(name):
        pytest.skip(f"the {name} extra is not installed (pip install -e '.[{name}]')")
    assert _run_up_to(name) == _examples(PAGE)[f"{name}.output"][1]
