"""The page's side of the engine's worker, pure Python (tested under CPython with fakes).

:mod:`~reversi.ui.drivers.requests` sends one request at a time and drops the stale
replies; the hints (:mod:`~reversi.ui.drivers.hints`) and the study
(:mod:`~reversi.ui.drivers.study`: analysis, the graph, the review) are drivers of it,
as is the computer's move (:class:`reversi.ui.drivers.ai.AiDriver`);
:mod:`~reversi.ui.drivers.health` says whether the computer is there, and
:mod:`~reversi.ui.drivers.client` (:class:`~reversi.ui.drivers.client.EngineClient`)
decides who gets the worker and when, boots it, restarts it and gives up on it.
"""
