"""The rules layer: board geometry, bitboards, rule sets, positions, games, clocks.

Nothing here imports another layer of the package: :mod:`reversi.formats`,
:mod:`reversi.engine`, :mod:`reversi.ui` and :mod:`reversi.cli` build on it.
"""
