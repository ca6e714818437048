"""Which build of the engine is running: compiled with mypyc (``KOZEL_COMPILE=1``), or interpreted.

The engine's modules are compiled together or not at all, so this module's own file says it for
all of them: an extension module compiled, a ``.py`` file interpreted.  The few places whose best
code differs between the builds read :data:`COMPILED`.
"""

from __future__ import annotations

from typing import Final

__all__ = ["COMPILED"]

#: Whether the engine runs compiled (it then reads a state's fields by position, and loops cost less).
COMPILED: Final = not __file__.endswith(".py")
