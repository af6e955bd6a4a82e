"""The computer player: move generation kernels, the evaluation, the exact endgame solver, the
midgame search, the levels, the opening book, the JSON API, the browser's worker and the NBoard
protocol. Built on :mod:`reversi.core` and :mod:`reversi.formats`; what each module is, and the
layers the tests enforce: ``ARCHITECTURE.md``.
"""
