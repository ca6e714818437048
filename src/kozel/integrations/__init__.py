"""Optional integrations with other libraries: each needs its extra (``pip install 'kozel[ray]'``, ``'kozel[plot]'``).

Importing :mod:`kozel.integrations` needs nothing; a module of it whose extra is missing raises
:class:`~kozel.errors.KozelError` saying which extra to install when it is used.
"""

__all__: list[str] = []
