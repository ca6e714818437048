"""Test settings: the Hypothesis profiles of ``profiles.py`` (``--hypothesis-profile=thorough`` runs more examples)."""

from hypothesis import settings
from profiles import DEFAULT_PROFILE

settings.load_profile(DEFAULT_PROFILE)
