"""Adapters to other projects (PettingZoo, Gymnasium), each behind its own extra: import its module to use it."""

__all__: list[str] = []
