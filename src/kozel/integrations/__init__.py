"""Optional integrations with other projects, each behind its own extra: Ray (``kozel[ray]``), plots
(``kozel[plot]``), PettingZoo (``kozel[pettingzoo]``), Gymnasium (``kozel[gymnasium]``) and OpenSpiel
(``kozel[openspiel]``).

Importing :mod:`kozel.integrations` needs nothing; import the module of one to use it.  A module whose
extra is missing raises :class:`~kozel.errors.MissingExtraError` (a ``KozelError``, and a
``ModuleNotFoundError`` naming the package) saying which extra to install.
"""

__all__: list[str] = []
