"""The pool's helper workers in the browser: plain module workers running the engine.

:class:`HelperHost` is the :class:`reversi.ui.drivers.workers.WorkerHost` of the pool
(:mod:`reversi.ui.drivers.pool`): each helper is a module worker of ``assets/engine-helper.js``
(not PyScript's: it needs nothing of PyScript, and starts sooner without it), whose interpreter
starts from this browser's memory snapshot of the engine, as the engine's own worker's does.
:class:`HelperWorker` calls its functions by message (a JSON string in, a JSON string out) and
fails every call still waiting when the worker dies (its ``error`` event) or is stopped. On a
cross-origin isolated page each helper shares a stop flag of its own with the page, and becomes
a worker of the pool's solver (:mod:`reversi.engine.shared_carrier`): it gets a mailbox and a
cancel slot (SharedArrayBuffers), the page's doorbell and the name of the page's
``BroadcastChannel``, and :func:`attach_master` gives the engine's own worker, their master, the
helpers that answer. A helper stopped or dead is marked gone in shared memory at once, so that a
master waiting for its answer learns it.

:func:`device` reads what the browser says of the device (cores, memory, Save-Data);
:func:`expose` wires the host to the page's client and gives the tests and the benchmarks
``window.reversiPool``: ``state()`` (the pool as JSON), ``kill(name)`` (a helper dies as a crash
would: terminated, its calls failed), ``reserve(seconds)`` (keep the helpers for a solve) and
``stop()`` (the stop epoch moved on, as a new game moves it: every search asked before stops).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from reversi.ui.dom.engine import BrowserWorker, SharedStop, script_problem
from reversi.ui.drivers.client import EngineClient
from reversi.ui.drivers.pool import Device
from reversi.ui.drivers.workers import StopFlag, Worker, WorkerUnavailable

HELPER_SCRIPT = "./assets/engine-helper.js"
#: The bytes of a helper's mailbox for one answer of the pool's solver (a few hundred table
#: entries at most, some 40 bytes each).
MAILBOX_BYTES = 1 << 20
#: Helpers are given slots in the page's flags of helpers gone, in turn.
SLOTS = 256


def _object(fields: dict[str, Any]) -> Any:
    return to_js(fields, dict_converter=js.Object.fromEntries)


class HelperWorker:
    """A helper's module worker as a :class:`~reversi.ui.drivers.workers.Worker`."""

    def __init__(self, name: str) -> None:
        self.name = name
        url = js.URL.new(HELPER_SCRIPT, js.location.href).href
        self.js = js.Worker.new(url, _object({"type": "module", "name": name}))
        self.pending: dict[int, asyncio.Future[str]] = {}
        self.sent = 0
        #: Why it can no longer answer ('' while it can).
        self.dead = ""
        #: Its part of the pool's solver: its slot, mailbox and cancel slot (None: not a solver's worker).
        self.jobs: tuple[int, Any, Any] | None = None
        #: Told when the worker dies of itself (its ``error`` event): the host's.
        self.on_death: Any = None
        self._message = create_proxy(self.on_message)
        self._error = create_proxy(self.on_error)
        self.js.addEventListener("message", self._message)
        self.js.addEventListener("error", self._error)

    def call(self, name: str, payload: str, /) -> asyncio.Future[str]:
        return self.post(name, payload)

    def post(self, name: str, payload: Any) -> asyncio.Future[str]:
        """Ask the helper's function ``name`` with ``payload`` (a JSON string, or a JS object)."""
        future: asyncio.Future[str] = asyncio.get_event_loop().create_future()
        if self.dead:
            future.set_exception(RuntimeError(self.dead))
            return future
        self.sent += 1
        self.pending[self.sent] = future
        self.js.postMessage(_object({"id": self.sent, "call": name, "payload": payload}))
        return future

    def on_message(self, event: Any) -> None:
        data = event.data
        future = self.pending.pop(int(getattr(data, "id", 0) or 0), None)
        if future is None or future.done():
            return
        error = getattr(data, "error", None)
        if error is not None:
            future.set_exception(RuntimeError(str(error)))
        else:
            future.set_result(str(getattr(data, "reply", "")))

    def on_error(self, event: Any) -> None:
        """The worker's script failed, or the worker died: every call waiting fails, and the host is told."""
        self.fail(f"the helper stopped: {getattr(event, 'message', '') or 'no reason given'}")
        if self.on_death is not None:
            self.on_death(self.name, self.dead)

    def fail(self, reason: str) -> None:
        self.dead = self.dead or reason
        pending, self.pending = self.pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(RuntimeError(self.dead))

    def terminate(self) -> None:
        """Stop the worker (whatever it is doing); its calls waiting fail."""
        self.js.terminate()
        self.fail("the helper was stopped")
        self.js.removeEventListener("message", self._message)
        self.js.removeEventListener("error", self._error)


class HelperHost:
    """Boots and stops the helpers, shares a stop flag of its own with each, and on a cross-origin
    isolated page makes each a worker of the pool's solver (see the module)."""

    def __init__(self) -> None:
        self.workers: dict[str, HelperWorker] = {}
        #: Told when a helper dies of itself: ``(name, reason)`` (the page's client replaces it).
        self.on_death: Any = None
        self.slots = 0
        self.isolated = bool(getattr(js, "crossOriginIsolated", False))
        #: The page's channel, doorbell and flags of the helpers gone (a cross-origin isolated page only).
        self.channel = f"reversi-pool-{js.crypto.randomUUID()}" if self.isolated else ""
        self.doorbell = js.Int32Array.new(js.SharedArrayBuffer.new(4)) if self.isolated else None
        self.gone = js.Int32Array.new(js.SharedArrayBuffer.new(4 * SLOTS)) if self.isolated else None
        #: The helpers the master was last given, as it said.
        self.attached: list[str] = []

    @property
    def site(self) -> str:
        return str(js.URL.new("./", js.location.href).href)

    async def boot(self, name: str) -> Worker:
        problem = await script_problem(HELPER_SCRIPT)
        if problem:
            raise WorkerUnavailable(problem)
        worker = HelperWorker(name)
        worker.on_death = self._died
        self.workers[name] = worker
        return worker

    def _died(self, name: str, reason: str) -> None:
        worker = self.workers.get(name)
        if worker is not None:
            self.mark_gone(worker)
        if self.on_death is not None:
            self.on_death(name, reason)

    def mark_gone(self, worker: HelperWorker) -> None:
        """Tell a master waiting for ``worker``'s answer that none will come."""
        if worker.jobs is None or self.gone is None:
            return
        js.Atomics.store(self.gone, worker.jobs[0], 1)
        js.Atomics.add(self.doorbell, 0, 1)
        js.Atomics.notify(self.doorbell, 0)

    def stop(self, name: str) -> None:
        worker = self.workers.pop(name, None)
        if worker is not None:
            self.mark_gone(worker)
            worker.terminate()

    async def share_stop(self, worker: Worker) -> StopFlag | None:
        if not bool(getattr(js, "crossOriginIsolated", False)) or not isinstance(worker, HelperWorker):
            return None
        try:
            view = js.Int32Array.new(js.SharedArrayBuffer.new(4))
            reply = json.loads(await worker.post("share_stop", view))
        except Exception as e:
            js.console.warn(f"reversi: no stop flag for {worker.name}: {type(e).__name__}: {e}")
            return None
        await self.attach_jobs(worker)
        return SharedStop(view) if reply.get("ok") else None

    async def attach_jobs(self, worker: HelperWorker) -> None:
        """Make ``worker`` a worker of the pool's solver: its mailbox, cancel slot and slot."""
        slot = self.slots % SLOTS
        self.slots += 1
        mailbox = js.SharedArrayBuffer.new(8 + MAILBOX_BYTES)
        cancel = js.Int32Array.new(js.SharedArrayBuffer.new(4))
        js.Atomics.store(self.gone, slot, 0)
        config = _object({"channel": self.channel, "name": worker.name, "mailbox": mailbox, "cancel": cancel,
                          "doorbell": self.doorbell})
        try:
            reply = json.loads(await worker.post("attach_jobs", config))
        except Exception as e:
            js.console.warn(f"reversi: {worker.name} takes no solver's jobs: {type(e).__name__}: {e}")
            return
        if reply.get("ok"):
            worker.jobs = (slot, mailbox, cancel)

    def kill(self, name: str) -> bool:
        """A helper dies as a crash would: the worker is terminated and an ``error`` event tells the
        page (the tests use it). True if there was one of that name."""
        worker = self.workers.get(name)
        if worker is None:
            return False
        worker.js.terminate()
        worker.js.dispatchEvent(js.ErrorEvent.new("error", _object({"message": "killed"})))
        return True


async def attach_master(client: EngineClient, host: HelperHost) -> None:
    """Give the engine's own worker (the master of the pool's solves) the helpers that answer now."""
    master = client.worker
    pool = client.pool
    if not host.isolated or pool is None or not isinstance(master, BrowserWorker):
        return
    helpers = []
    for name in pool.helpers:
        worker = host.workers.get(name)
        if worker is not None and worker.jobs is not None:
            slot, mailbox, cancel = worker.jobs
            helpers.append(_object({"name": name, "slot": slot, "mailbox": mailbox, "cancel": cancel}))
    config = _object({"channel": host.channel, "doorbell": host.doorbell, "gone": host.gone,
                      "helpers": to_js(helpers)})
    try:
        reply = json.loads(await master.proxy.attach_pool(config))
    except Exception as e:
        js.console.warn(f"reversi: the pool's solver has no helpers: {type(e).__name__}: {e}")
        return
    host.attached = [str(n) for n in reply.get("helpers", [])]


def device() -> Device:
    """What the browser says of this device: its logical cores, memory (GB), and Save-Data."""
    navigator = js.navigator
    cores = getattr(navigator, "hardwareConcurrency", None)
    memory = getattr(navigator, "deviceMemory", None)  # Chromium only
    connection = getattr(navigator, "connection", None)
    save_data = bool(getattr(connection, "saveData", False)) if connection is not None else False
    return Device(
        cores=int(cores) if isinstance(cores, (int, float)) and cores >= 1 else 1,
        memory_gb=float(memory) if isinstance(memory, (int, float)) and memory > 0 else None,
        save_data=save_data,
    )


def expose(client: EngineClient, host: HelperHost) -> None:
    """``window.reversiPool`` for the tests and the benchmarks: ``state()``, ``kill(name)``,
    ``reserve(seconds)``, ``stop()`` and ``ask(name, call, payload)`` (a promise of helper
    ``name``'s reply to one of the engine worker module's calls, after the work it has queued)."""
    pool = client.pool
    if pool is None:
        return

    def state() -> str:
        return json.dumps({
            "automatic": pool.automatic,
            "size": pool.size,
            "working": pool.working,
            "helpers": sorted(pool.helpers),
            "booting": pool.booting,
            "started": pool.named,
            "replaced": pool.replaced,
            "retired": pool.retired,
            "failures": pool.failures,
            "error": pool.last_error,
            "memory": {name: h.memory for name, h in pool.helpers.items()},
            "stops": client.study.stops_by,
            "asking": [lane.name for lane in client.study.all_lanes() if lane.in_flight],
            "snapshot": {name: h.info.get("snapshot", "") for name, h in pool.helpers.items()},
            "boot_seconds": {name: h.boot_seconds for name, h in pool.helpers.items()},
            "boot_parts": {name: [h.info.get("started"), h.info.get("loaded"), h.info.get("seconds")]
                           for name, h in pool.helpers.items()},
            "helper_replies": client.study.helper_replies,
            "attached": host.attached,
            "solving": client.solving,
            "shared_moves": client.shared_moves,
        })

    def reserve(seconds: float) -> None:
        client.reserve_helpers(float(seconds))

    def stop() -> bool:
        """Every search asked before now stops (as a new game stops the computer's)."""
        if client.stop_flag is None:
            return False
        client.stop_flag.bump()
        return True

    def ask(name: str, call: str, payload: str) -> Any:
        worker = host.workers.get(str(name))
        if worker is None:
            return None
        return worker.call(str(call), str(payload))  # a future: a promise to JavaScript

    tasks: set[asyncio.Future[None]] = set()

    def attach() -> None:
        task = asyncio.ensure_future(attach_master(client, host))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    client.on_helpers = attach
    host.on_death = client.helper_died
    js.window.reversiPool = _object({"state": create_proxy(state), "kill": create_proxy(host.kill),
                                     "reserve": create_proxy(reserve), "stop": create_proxy(stop),
                                     "ask": create_proxy(ask)})
