"""The Hypothesis profiles of the test suite, and ``examples`` for a test's own ``@settings``.

- ``default`` (the README's test command): derandomized, so every run tries the same examples, and quick.
- ``thorough`` (``python -m pytest -m hypothesis --hypothesis-profile=thorough``, a step of ``.ci/run``):
  random seeds and ``THOROUGH_FACTOR`` times the examples of every property.

A failure the thorough run finds becomes an explicit ``@example`` or a unit test.
"""

from hypothesis import HealthCheck, settings

#: Examples per property in the default profile, where a test does not say otherwise.
DEFAULT_EXAMPLES = 40
#: How many times more examples the thorough profile tries.
THOROUGH_FACTOR = 8

#: The profile the README's test command runs.
DEFAULT_PROFILE = "default"

#: Positions of a given phase are drawn by playing on until one comes: filtering, not a problem of the test.
_COMMON = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.filter_too_much],
    "print_blob": True,
}
settings.register_profile(DEFAULT_PROFILE, max_examples=DEFAULT_EXAMPLES, derandomize=True, database=None, **_COMMON)
settings.register_profile("thorough", max_examples=DEFAULT_EXAMPLES * THOROUGH_FACTOR, **_COMMON)


def examples(count: int) -> int:
    """``count`` examples under the default profile, ``THOROUGH_FACTOR`` times as many under the thorough one."""
    return count * settings().max_examples // DEFAULT_EXAMPLES
