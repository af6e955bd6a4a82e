"""The engine's worker in the browser: PyScript's workers behind :class:`reversi.ui.drivers.client.WorkerHost`.

The AI runs in the PyScript worker ``engine`` (``reversi/engine/worker.py``), never on the
page's main thread (which is not even sent the search). :class:`BrowserHost` boots it
(the worker's script is fetched first: if that fails the worker is not booted at all,
which PyScript would turn into an uncaught error and a page waiting for ever), stops it
(``terminate()``: a call in a worker cannot be interrupted otherwise) and, on a
cross-origin isolated page, shares the stop flag with it (:class:`SharedStop`, an
Int32Array over a SharedArrayBuffer). :class:`EngineView` draws what the
:class:`~reversi.ui.drivers.client.EngineClient` tells: the classes ``engine-ready`` and
``engine-unavailable`` on ``<html>``, the mark ``reversi-engine-ready``, the board's
``data-engine``, ``data-engine-restarts``, ``data-stop`` and ``data-stops``, and
``window.reversiEngine(name, json)`` (tests and benchmarks call the worker with it).

The worker's tag is not in ``index.html``: a worker booting beside the page's own
interpreter slowed the page's start-up on two cores by seconds, so the page adds it when
the board already takes moves. It has no ``config`` of its own (in PyScript 0.6.66 that
broke a worker): it shares ``pyscript.toml``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Any, cast

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from reversi.i18n import Later
from reversi.ui.dom import nullable
from reversi.ui.drivers.client import (
    IDLE,
    READY,
    RESTARTING,
    STARTING,
    STOPPED_STALE,
    UNAVAILABLE,
    EngineClient,
    StopFlag,
    Worker,
    WorkerUnavailable,
)
from reversi.ui.drivers.health import script_reason

WORKER_SRC = "./reversi/engine/worker.py"


class BrowserWorker:
    """A PyScript worker's exports as a :class:`~reversi.ui.drivers.client.Worker`."""

    def __init__(self, proxy: Any) -> None:
        self.proxy = proxy

    def call(self, name: str, payload: str, /) -> Awaitable[str]:
        return cast(Awaitable[str], getattr(self.proxy, name)(payload))  # the worker's JS Promise


class SharedStop:
    """The stop epoch in shared memory: the worker's searches read it at their clock checks."""

    def __init__(self, view: Any) -> None:
        self.view = view

    def epoch(self) -> int:
        return int(js.Atomics.load(self.view, 0))

    def bump(self) -> None:
        js.Atomics.add(self.view, 0, 1)


class BrowserHost:
    """Boots, stops and shares a stop flag with PyScript workers (one tag per worker)."""

    @property
    def site(self) -> str:
        return str(js.URL.new("./", js.location.href).href)

    async def boot(self, name: str) -> Worker:
        import pyscript

        problem = await script_problem(WORKER_SRC)
        if problem:
            raise WorkerUnavailable(problem)
        start_worker(name)
        return BrowserWorker(await pyscript.workers[name])

    def stop(self, name: str) -> None:
        stop_worker(name)

    async def share_stop(self, worker: Worker) -> StopFlag | None:
        if not bool(getattr(js, "crossOriginIsolated", False)) or not isinstance(worker, BrowserWorker):
            return None
        try:
            view = js.Int32Array.new(js.SharedArrayBuffer.new(4))
            reply = json.loads(await worker.proxy.share_stop(view))
        except Exception as e:
            js.console.warn(f"reversi: no shared stop flag: {type(e).__name__}: {e}")
            return None
        if not reply.get("ok"):
            js.console.warn(f"reversi: no shared stop flag: {reply.get('error')}")
            return None
        return SharedStop(view)


class EngineView:
    """Draws the engine client's events on the page (its root: the board, whose data the tests read)."""

    def __init__(self, board: Any, client: EngineClient) -> None:
        self.board = board
        self.client = client
        self._call_proxy: Any = None

    def on_event(self, kind: str) -> None:
        root = document.documentElement.classList
        data = self.board.dataset
        c = self.client
        if kind == IDLE:  # nothing needs the worker yet: the page's idle work may go ahead (interpreter.js)
            data.engine = "idle"
            root.add("engine-idle")
        elif kind == STARTING:
            data.engine = "starting"
            root.remove("engine-unavailable", "engine-idle")
        elif kind == READY:
            data.engine = "ready"
            data.stop = "shared" if c.stop_flag is not None else "none"
            if self._call_proxy is None:
                self._call_proxy = create_proxy(c.call)
                js.window.reversiEngine = self._call_proxy
            root.add("engine-ready")
            js.performance.mark("reversi-engine-ready")
        elif kind == UNAVAILABLE:
            js.console.warn(f"reversi: the computer is unavailable: {c.last_reason}")
            root.remove("engine-ready")
            root.add("engine-unavailable")
            data.engine = "unavailable"
        elif kind == RESTARTING:
            root.remove("engine-ready")
        elif kind == STOPPED_STALE:
            self.board.setAttribute("data-stops", str(c.stops))
        if c.restarts:
            data.engineRestarts = str(c.restarts)


async def script_problem(src: str) -> Later | str:
    """Why the worker's script at ``src`` cannot be fetched ('' if it can)."""
    options = to_js({"method": "HEAD", "cache": "no-store"}, dict_converter=js.Object.fromEntries)
    try:
        response = await js.fetch(src, options)
    except Exception:
        return script_reason()
    if not response.ok:
        return script_reason(int(response.status))
    return ""


def start_worker(name: str) -> None:
    """Add the engine's worker tag ``name`` (once): PyScript starts the worker when it sees it."""
    if nullable(document.querySelector(f'script[type="py"][worker][name="{name}"]')) is not None:
        return
    tag = document.createElement("script")
    tag.setAttribute("type", "py")
    tag.setAttribute("worker", "")
    tag.setAttribute("name", name)
    tag.setAttribute("src", WORKER_SRC)
    document.body.append(tag)


def stop_worker(name: str) -> None:
    """Terminate the worker of the tag named ``name`` (whatever it is doing) and remove the tag."""
    tag = nullable(document.querySelector(f'script[type="py"][worker][name="{name}"]'))
    if tag is None:
        return
    xworker = nullable(getattr(tag, "xworker", None))
    if xworker is not None:
        xworker.terminate()
    tag.remove()
