"""``step``: one transition and its events, for UIs that animate a match (the engine's :func:`kozel.engine.step`)."""

from __future__ import annotations

from kozel.engine.transition import step

__all__ = ["step"]
