"""Adapters to other projects (OpenSpiel, PettingZoo, Gymnasium), each behind its own extra."""
