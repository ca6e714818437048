"""The praise deals: the boasting player's choice of how a hand is dealt, and each procedure.

:mod:`~kozel.engine.praise.procedures` deals the procedures that need no decision,
:mod:`~kozel.engine.praise.drawing` the ones dealt by drawing and laying cards ("trousers",
"pants double"), and :mod:`~kozel.engine.praise.common` holds what they share.
"""
