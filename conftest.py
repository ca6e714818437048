"""Collection for the whole checkout: a module of ``kozel.integrations`` whose extra is not installed is not
collected for its doctests (it cannot be imported without it); its tests in ``tests/`` skip, saying so."""

import importlib.util
from pathlib import Path

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
