"""The build hook for the optional compiled build: with ``KOZEL_COMPILE=1`` the wheel's engine is compiled with mypyc.

Without it (the default ``pip install .``) the hook does nothing and the wheel is the pure-Python
reference, ``py3-none-any``.  With ``KOZEL_COMPILE=1`` it asks for hatch-mypyc and mypy in the build
environment and hands the modules listed under ``[tool.hatch.build.targets.wheel.hooks.custom]`` in
pyproject.toml to hatch-mypyc's hook; the wheel is then tagged for the interpreter and platform.
The compiled modules are removed from the source tree once the wheel is written, so a checkout
keeps running the pure-Python sources.
"""

from __future__ import annotations

import os
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: What the compiled build needs in its build environment, besides the runtime dependencies (which
#: mypy reads for their types).
COMPILE_REQUIRES = ["hatch-mypyc>=0.16", "mypy>=1.13", "setuptools>=68"]


def compiling() -> bool:
    """Whether this build compiles the engine: ``KOZEL_COMPILE`` is set to 1."""
    return os.environ.get("KOZEL_COMPILE", "") == "1"


class KozelCompileHook(BuildHookInterface):  # type: ignore[misc]
    """Hands the build to hatch-mypyc when ``KOZEL_COMPILE=1``; otherwise leaves it pure Python."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build requirements of the compiled build, none for the pure one."""
        if not compiling():
            return []
        return [*COMPILE_REQUIRES, *self.metadata.core.dependencies]

    def _mypyc(self) -> Any:
        from hatch_mypyc.plugin import MypycBuildHook  # noqa: PLC0415 - only in the compiled build's environment

        config = {key: value for key, value in self.config.items() if key != "path"}
        return MypycBuildHook(
            self.root, config, self.build_config, self.metadata, self.directory, self.target_name, self.app
        )

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the listed modules with mypyc (compiled build only)."""
        if not compiling() or self.target_name != "wheel":
            return
        self.app.display_info("KOZEL_COMPILE=1: compiling the engine with mypyc")
        self._hook = self._mypyc()
        self._hook.initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiled modules from the source tree once they are in the wheel."""
        hook = getattr(self, "_hook", None)
        if hook is not None:
            hook.clean([version])
