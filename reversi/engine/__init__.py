"""The computer player: shared kernels, evaluation, the exact endgame solver, the
midgame search, strength levels, the JSON API and the browser worker.

Import order (each module imports only those before it): ``codegen`` ->
``kernels`` -> ``evaluate`` -> ``solver`` -> ``midgame`` -> ``search`` ->
``levels`` -> ``play`` -> ``api`` -> ``worker``. Builds on :mod:`reversi.core` and
:mod:`reversi.formats`.
"""
