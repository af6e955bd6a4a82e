"""The engine's PyScript worker: the AI off the page's main thread.

``index.html`` starts it with ``<script type="py" worker name="engine"
src="./reversi/engine/worker.py">`` and no ``config`` of its own (in PyScript 0.6.66 a
worker given one broke): it shares ``pyscript.toml``, whose archive holds what the
page's main thread runs. What only the worker runs (the search, the solver, the
evaluation: ``assets/package/engine.zip``, made by the site generator) it fetches
itself, in :func:`load`, before anything imports it: the main thread is never sent
them. The weights load with plain Python: no numpy here.

Every exported function takes one JSON string (an object; a dict is accepted
too) and returns a JSON string, so nothing but text crosses the worker boundary.
The objects are the requests and replies of :mod:`reversi.engine.protocol`, which the
page builds and reads with the same classes; a request is read (and checked) by its
class's ``from_json`` and answered with a reply's ``to_json``:

* ``load(request)`` (a coroutine: the page awaits it first): fetches the worker's
  archive from the site ``request["site"]`` (the page's folder, an absolute URL)
  and unpacks it into the worker's file system: ``{"ok", "files", "bytes", "seconds"}``,
  or ``{"ok": false, "error"}``.
  The pattern weights (a file a rule set) wait: the first request whose rules use
  them fetches them (a game of Othello never downloads Anti's).
* ``ping(request)``: warm-up (builds the evaluator of ``request["rules"]``, plain
  Othello by default, and runs a tiny search) and says what it loaded:
  ``{"ok", "python", "evaluator", "data_files", "kept", "snapshot", "seconds"}`` (``kept``: the
  weights whose evaluator came built in the memory snapshot the worker started from). The page calls it once
  before it announces ``engine-ready``.
* ``best_move(request)``: a :class:`~reversi.engine.protocol.MoveRequest` (``rules``, the
  form of :func:`reversi.formats.record.rules_to_dict`, ``start``, ``moves``, ``level``,
  ``time_limit``, ``seed``...), answered by :func:`reversi.engine.api.answer_best_move`
  with a :class:`~reversi.engine.protocol.MoveReply`.
* ``analyse(request)``: an :class:`~reversi.engine.protocol.AnalyseRequest`, answered by
  :func:`reversi.engine.api.answer_analyse` with an :class:`~reversi.engine.protocol.AnalysisReply`.
* ``bench(request)``: a :class:`~reversi.engine.protocol.BenchRequest`: the node rate of the
  midgame search on ``positions`` (the same loop as ``tests/bench/bench_search.py``),
  ``seconds`` per position.
* ``opening(request)``: an :class:`~reversi.engine.protocol.OpeningRequest` (``rules``, ``plies``,
  ``within``, ``seed``), answered by :func:`reversi.engine.api.answer_opening` with an
  :class:`~reversi.engine.protocol.OpeningReply`: a balanced random opening.
* ``book(request)``: a :class:`~reversi.engine.protocol.BookRequest` (``rules``, ``start``,
  ``moves``), answered by :func:`reversi.engine.api.answer_book` with a
  :class:`~reversi.engine.protocol.BookReply`: the opening book's value of every move (no
  search; only the book is fetched for it, not the weights).
* ``share_stop(flag)``: on a cross-origin isolated page, an Int32Array over the
  page's SharedArrayBuffer: its first integer is the page's *stop epoch*. A request names
  the epoch it was made at (``"epoch"``); when the page moves the epoch on (the
  answer is no longer wanted: a new game, an undo), that request's search stops at
  its next clock check, within milliseconds, instead of running to its deadline.
* ``memory(request)``: the bytes this interpreter holds: ``{"bytes", "how"}``, its WebAssembly
  memory in the browser (``"how": "wasm"``; it grows and never shrinks; 0 and ``"none"`` under
  CPython). The pool's helpers are measured with it.

The same module runs in the pool's helper workers (plain module workers,
``assets/engine-helper.js``), which call these functions by name. The pool's solver
(:mod:`reversi.engine.shared_carrier`: a cross-origin isolated page only) adds:

* ``attach_pool(config)``, in the engine's own worker: the page's helpers that take jobs now
  (``config``: the channel's name, the doorbell, the flags of the helpers gone, and each
  helper's name, slot, mailbox and cancel slot); ``solve(request)`` (a
  :class:`~reversi.engine.protocol.SolveRequest`: the position's value and a best move) then
  shares the solve between them (:func:`reversi.engine.parallel.solve_parallel`), this worker
  the master; with fewer than two it solves alone;
* ``attach_jobs(cancel)`` and ``job(text)``, in a helper: a
  :class:`~reversi.engine.jobs.JobWorker` answers the master's jobs (their JSON text; ``""`` for
  a message with no answer), and stops a job when the master writes its id in ``cancel``.

A request may name the page's language (``"lang": "cs"``): its messages are then in
that language (:func:`reversi.engine.api.use_language`; a request without one keeps
the language of the last).

Errors come back as an :class:`~reversi.engine.protocol.ErrorReply`, ``{"error": "..."}``,
never as exceptions: a bad request (not JSON, not an object, a field out of range: a
:class:`~reversi.errors.ReversiError`) with its message; anything else is a bug, answered
as ``{"error": "internal error: ...", "internal": true}`` with its traceback printed to the
console.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from reversi.core.rules import Rules
from reversi.engine import protocol
from reversi.engine.protocol import (
    AnalyseRequest,
    BenchRequest,
    BookRequest,
    ErrorReply,
    MoveRequest,
    OpeningRequest,
    PingRequest,
    SolveReply,
    SolveRequest,
)
from reversi.errors import EngineRequestError, ReversiError
from reversi.formats.record import rules_from_dict
from reversi.i18n import _, ngettext
from reversi.inputs import MAX_JSON_DEPTH, InputError, json_depth

#: The longest request (characters of JSON) the worker reads.
MAX_REQUEST_CHARS = 100_000

#: A request as it came (a JSON object, read by :mod:`reversi.engine.protocol`), and a reply as it goes.
Request = dict[str, Any]
Reply = dict[str, Any]
RequestT = TypeVar("RequestT", bound=protocol.Request)


def _request(payload: object) -> Request:
    """The request object of ``payload``: JSON text, a JS object, a dict or None (empty)."""
    if payload is None:
        return {}
    if isinstance(payload, str):
        if len(payload) > MAX_REQUEST_CHARS:
            message = ngettext(
                "request is too long: {n} character, at most {most}",
                "request is too long: {n} characters, at most {most}",
                len(payload),
            )
            raise EngineRequestError(message.format(n=len(payload), most=MAX_REQUEST_CHARS))
        depth = json_depth(payload)  # bounded first: a deep request would overflow Pyodide's stack in the parser
        if depth > MAX_JSON_DEPTH:
            raise EngineRequestError(str(InputError(_("{what}: nested {depth} deep, more than the {limit} allowed")
                                                    .format(what="request", depth=depth, limit=MAX_JSON_DEPTH))))
        try:
            data = json.loads(payload or "{}")
        except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError
            # Translators: {error} is Python's reason, in English
            raise EngineRequestError(_("request is not valid JSON: {error}").format(error=e)) from None
    elif hasattr(payload, "to_py"):  # a JS object
        data = payload.to_py()
    else:
        data = payload
    if not isinstance(data, dict):
        # Translators: {type} is the name of a JSON type in Python: list, str, int...
        raise EngineRequestError(_("request must be a JSON object, not {type}").format(type=type(data).__name__))
    return data


#: The page's stop flag: an Int32Array over its SharedArrayBuffer (a cross-origin isolated page
#: shares one, :func:`share_stop`), or None. It holds the page's *stop epoch*: a request made at
#: an earlier epoch (its ``"epoch"``) is no longer wanted, and its search stops at once.
_STOP: Any = None


def _stop_check(epoch: object) -> Callable[[], bool] | None:
    """The check a search asks while it runs for a request made at ``epoch`` (None: no flag)."""
    if _STOP is None or not isinstance(epoch, int) or isinstance(epoch, bool):
        return None
    view = _STOP
    return lambda: bool(view[0] != epoch)  # a read of shared memory: the page's stores show at once


#: What only the worker runs, as one archive made by the site generator (reversi/tools/build.py
#: engine_archive), and the member of it that lists the data files the worker may fetch later.
ARCHIVE = "assets/package/engine.zip"
DATA_LISTING = "engine-data.json"
#: The pattern weights (one file a rule set) and the opening book are fetched when a request
#: first needs them (:func:`_ensure_weights`), not by :func:`load`: a game of Othello never
#: downloads Anti's weights, nor a game of Anti the book.
WEIGHTS_SUFFIX = ".bin"
#: Where :func:`load` fetched from (the page's folder), and the data files (path: size; path: SHA-256)
#: its archive listed.
_SITE: list[str] = []
_LISTED: dict[str, int] = {}
_DIGESTS: dict[str, str] = {}
#: The pattern weights whose evaluators this worker kept from the memory snapshot it started from
#: (:data:`reversi.engine.api.PREPARED_FROM`) instead of building them again: its ping says so.
_KEPT: set[str] = set()


async def _load(req: Request) -> Reply:
    import io
    import zipfile

    import js  # the browser's fetch: only ever called in the worker

    t0 = time.perf_counter()
    site = req.get("site")
    if not isinstance(site, str) or not site.startswith(("http://", "https://")) or not site.endswith("/"):
        raise EngineRequestError(f"site must be the page's folder as an absolute URL, not {site!r}")
    response = await js.fetch(site + ARCHIVE)
    if not response.ok:
        raise EngineRequestError(f"{ARCHIVE}: HTTP {response.status}")
    data = bytes((await response.arrayBuffer()).to_bytes())
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            listing = json.loads(archive.read(DATA_LISTING))
            members = [m for m in archive.namelist() if m != DATA_LISTING]
            for name in members:
                if name.startswith(("/", "..")) or ".." in name.split("/"):
                    raise EngineRequestError(f"{ARCHIVE}: a member outside the package: {name!r}")
                archive.extract(name, ".")
    except (zipfile.BadZipFile, KeyError, ValueError) as e:
        raise EngineRequestError(f"{ARCHIVE}: not the engine's archive ({e})") from e
    _SITE[:] = [site]
    _LISTED.clear()
    _LISTED.update({"reversi/engine/data/" + name: int(size) for name, size in listing["data"].items()})
    _DIGESTS.clear()
    digests = listing.get("sha256")  # none in an archive made before they were listed: nothing is kept
    if isinstance(digests, dict):
        _DIGESTS.update({"reversi/engine/data/" + name: str(d) for name, d in digests.items()})
    import importlib

    importlib.invalidate_caches()
    return {"ok": True, "files": len(members), "bytes": len(data), "seconds": round(time.perf_counter() - t0, 3)}


async def load(request: object = None) -> str:
    """Fetch the worker's own files (see the module's docstring): the page's first call."""
    try:
        out = await _load(_request(request))
    except ReversiError as e:
        out = {"ok": False, "error": str(e)}
    except Exception as e:  # a network failure, a bad listing: the page says the computer is unavailable
        out = {"ok": False, "error": f"{type(e).__name__}: {e}"}
    return json.dumps(out)


def _ensure_weights(spec: object, weights: bool = True, book: bool = True) -> None:
    """Fetch the pattern weights and the opening book the rules ``spec`` use (each unless not
    ``weights``, ``book``), if :func:`load` left them for later and they are not here yet.
    Synchronous requests (a worker may make them): the search that needs them runs right after,
    synchronously too. A failure (an HTTP error, the wrong size, no network) leaves the generic
    evaluation in use, or the search without a book, and the file is not asked for again."""
    if not _SITE:
        return  # not in the browser (CPython has every file), or load() was not called
    from reversi.engine.api import PREPARED_FROM, data_files_for

    try:
        rules = rules_from_dict({} if spec is None else spec)
    except ReversiError:
        return  # the request's own handler says what is wrong with it
    listed = {path.removeprefix("reversi/engine/data/") for path in _LISTED}
    for name in data_files_for(rules, listed, weights, book):
        if name in _FAILED:
            continue
        try:
            fetched = _fetch_data(name)
        except Exception as e:  # HTTP, the wrong size, the network (a JsException): played without it
            print(f"reversi: reversi/engine/data/{name}: {e}: played without it", file=sys.stderr)
            _FAILED.add(name)
            continue
        if fetched and name.startswith("patterns_"):
            from reversi.engine.evaluate import make_evaluator
            from reversi.engine.solver import clear_solvers

            if PREPARED_FROM.get(name) == _DIGESTS.get("reversi/engine/data/" + name, ""):
                _KEPT.add(name)  # the memory snapshot this worker started from built them from these bytes
            else:
                # an evaluation made without them (or from other bytes) is not kept, nor what holds it:
                # the cached solvers, and a helper's searchers
                make_evaluator.cache_clear()
                clear_solvers()
                if _JOBS:
                    _JOBS[0].forget_searchers()
                _KEPT.clear()


#: The data files whose fetch failed: each is asked for once in a worker's life.
_FAILED: set[str] = set()


def _fetch_data(file: str) -> bool:
    """Fetch ``reversi/engine/data/<file>`` unless it is here; True when it was fetched now. Raises
    OSError when the server does not give it as listed."""
    from reversi.engine.weights import DATA_DIR

    name = "reversi/engine/data/" + file
    path = os.path.join(DATA_DIR, file)
    if os.path.isfile(path) and os.path.getsize(path) == _LISTED[name]:
        return False
    import js

    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", _SITE[0] + name, False)
    xhr.responseType = "arraybuffer"
    xhr.send()
    if xhr.status != 200:
        raise OSError(f"HTTP {xhr.status}")
    data = bytes(js.Uint8Array.new(xhr.response).to_bytes())
    if len(data) != _LISTED[name]:
        raise OSError(f"{len(data)} bytes, not the {_LISTED[name]} listed")
    with open(path, "wb") as f:
        f.write(data)
    return True


def _answer(kind: type[RequestT], fn: Callable[[RequestT], Reply], payload: object, weights: bool = True) -> str:
    """The JSON reply of ``fn`` to the request ``payload`` read as a ``kind`` (``weights``: fetch the
    pattern weights its rules use, as well as their book, if they are not here yet)."""
    from reversi.engine import api as engine_api  # fetched by load() in the browser
    from reversi.engine.solver import set_stop_check

    try:
        data = _request(payload)
        _ensure_weights(data.get("rules"), weights)
        envelope = protocol.Request.from_json(data)  # first the language: the request's own errors are said in it
        engine_api.use_language(envelope.lang)
        request = kind.from_json(data)
        set_stop_check(_stop_check(request.epoch))
        out = fn(request)
    except ReversiError as e:
        out = ErrorReply(str(e)).to_json()
    except Exception as e:  # a bug: never an exception across the worker boundary, but not silent
        traceback.print_exc()
        out = ErrorReply(f"internal error: {type(e).__name__}: {e}", internal=True).to_json()
    finally:
        set_stop_check(None)
    return json.dumps(out)


def evaluator_kind(rules: Rules) -> str:
    """Which weights the evaluator of ``rules`` uses here: patterns, features or hand."""
    from reversi.engine.weights import feature_file, pattern_file

    if pattern_file(rules) is not None:
        return "patterns"
    if os.path.exists(feature_file()):
        return "features"
    return "hand"


def _ping(req: PingRequest) -> Reply:
    from reversi.engine import api as engine_api
    from reversi.engine.weights import DATA_DIR

    t0 = time.perf_counter()
    rules = req.rules
    warm = engine_api.warm_up(rules)
    data_files = sorted(os.listdir(DATA_DIR)) if os.path.isdir(DATA_DIR) else []
    return {
        "ok": warm,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "evaluator": evaluator_kind(rules),
        "data_files": data_files,
        "kept": sorted(_KEPT),
        # how this interpreter started (assets/interpreter.js): "used" a memory snapshot, "none", "failed"
        "snapshot": os.environ.get("REVERSI_SNAPSHOT", ""),
        "seconds": round(time.perf_counter() - t0, 3),
    }


def _best_move(req: MoveRequest) -> Reply:
    from reversi.engine import api as engine_api
    from reversi.engine.parallel_search import workers_alive

    carrier = _POOL[0] if _POOL and req.helpers else None
    workers = workers_alive(carrier) if carrier is not None else 1
    if workers < 2:
        return engine_api.answer_best_move(req).to_json()
    try:
        reply = engine_api.answer_best_move(req, carrier).to_json()
    except EngineRequestError:
        raise
    except ReversiError:  # every helper died in the middle of the solve: the move without them
        return engine_api.answer_best_move(req).to_json()
    # "workers": how many the move could share its exact solve with (a shared solve's nodes are all of theirs)
    return {**reply, "workers": workers}


def _analyse(req: AnalyseRequest) -> Reply:
    from reversi.engine import api as engine_api

    return engine_api.answer_analyse(req).to_json()


def _bench(req: BenchRequest) -> Reply:
    from reversi.engine.protocol import Limits
    from reversi.engine.search import search
    from reversi.formats.notation import parse_position

    limits = Limits(seconds=req.seconds)
    rows: list[dict[str, Any]] = []
    for text in req.positions:
        r = search(parse_position(text), limits)
        rows.append({"position": text, "nodes": r.nodes, "seconds": round(r.seconds, 3), "depth": r.depth})
    nodes = sum(r["nodes"] for r in rows)
    total = sum(r["seconds"] for r in rows)
    return {"positions": rows, "nodes": nodes, "seconds": round(total, 3), "nps": round(nodes / total) if total else 0}


def _opening(req: OpeningRequest) -> Reply:
    from reversi.engine import api as engine_api

    return engine_api.answer_opening(req).to_json()


def _book(req: BookRequest) -> Reply:
    from reversi.engine import api as engine_api

    return engine_api.answer_book(req).to_json()


def ping(request: object = None) -> str:
    return _answer(PingRequest, _ping, request)


def best_move(request: object = None) -> str:
    return _answer(MoveRequest, _best_move, request)


def analyse(request: object = None) -> str:
    return _answer(AnalyseRequest, _analyse, request)


def bench(request: object = None) -> str:
    return _answer(BenchRequest, _bench, request)


def opening(request: object = None) -> str:
    return _answer(OpeningRequest, _opening, request)


def book(request: object = None) -> str:
    return _answer(BookRequest, _book, request, weights=False)


def share_stop(flag: Any = None) -> str:
    """Take the page's stop flag (an Int32Array over a SharedArrayBuffer, which a cross-origin
    isolated page shares): ``{"ok": true}``, or ``{"ok": false, "error"}`` and searches run to
    their own deadlines."""
    global _STOP
    try:
        value = flag[0]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"the flag holds {value!r}, not a whole number")
    except Exception as e:
        _STOP = None
        return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}"})
    _STOP = flag
    return json.dumps({"ok": True})


#: The master's carrier over the page's helpers (:func:`attach_pool`), if any.
_POOL: list[Any] = []
#: A helper's job worker and its cancel slot (:func:`attach_jobs`).
_JOBS: list[Any] = []


def attach_pool(config: Any = None) -> str:
    """Take the page's helpers for the pool's solves (see the module's docstring): ``{"ok", "helpers"}``."""
    import js

    from reversi.engine.shared_carrier import MailboxCarrier, SharedChannel

    try:
        helpers = [(str(h.name), int(h.slot), js.Int32Array.new(h.mailbox, 0, 2), js.Uint8Array.new(h.mailbox, 8),
                    h.cancel) for h in config.helpers]
        channel = SharedChannel(js.Atomics, js.BroadcastChannel.new(str(config.channel)), config.doorbell,
                                config.gone, helpers)
    except Exception as e:
        return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}"})
    for old in _POOL:
        old.channel.close()
    _POOL[:] = [MailboxCarrier(channel, len(helpers))] if helpers else []
    if not helpers:
        channel.close()
    return json.dumps({"ok": True, "helpers": [h[0] for h in helpers]})


def _solve(req: SolveRequest) -> Reply:
    from reversi.engine.parallel import solve_parallel
    from reversi.engine.parallel_search import workers_alive
    from reversi.engine.search import solve as solve_alone
    from reversi.errors import SolveTimeout
    from reversi.formats.notation import move_name

    pos = req.position()
    carrier = _POOL[0] if _POOL else None
    workers = workers_alive(carrier) if carrier is not None else 1
    try:
        if carrier is not None and workers >= 2:
            r = solve_parallel(pos, carrier=carrier, limits=req.limits, all_best=False)
        else:
            r = solve_alone(pos, req.limits, all_best=False)
    except SolveTimeout:
        raise EngineRequestError(_("not solved within {seconds} s").format(seconds=req.limits.seconds)) from None
    g = pos.rules.geometry
    best = tuple(move_name(m, g) for m in r.best)
    reply = SolveReply(score=r.score, best=best, moves={m: r.score for m in best}, nodes=r.nodes,
                       seconds=round(r.seconds, 3)).to_json()
    return {**reply, "workers": workers if workers >= 2 else 1}


def solve(request: object = None) -> str:
    return _answer(SolveRequest, _solve, request)


def attach_jobs(cancel: Any = None) -> str:
    """A helper takes the master's jobs; ``cancel`` is its cancel slot (an Int32Array)."""
    from reversi.engine.jobs import JobWorker

    _JOBS[:] = [JobWorker(), cancel]
    return json.dumps({"ok": True})


def job(text: str = "") -> str:
    """A helper's answer to one of the master's messages (its JSON text): JSON, or "" for none."""
    from reversi.engine.scheduler import error_answer
    from reversi.engine.solver import set_stop_check

    worker, cancel = _JOBS
    message: dict[str, Any] = {}
    try:
        message = json.loads(text)
        if isinstance(message, dict) and "rules" in message:
            # the rules' own weights, as the master has: a helper started with Othello's alone, and a
            # job's evaluation (its search's values, its solver's order) must be the master's
            _ensure_weights(message["rules"], book=False)
        set_stop_check(lambda: worker.current != 0 and int(cancel[0]) == worker.current)
        answer = worker.answer(message)
    except Exception as e:  # a bug, or a bad message: the master raises it (a message without an id has no answer)
        answer = error_answer(message, e) if isinstance(message, dict) and "id" in message else None
    finally:
        set_stop_check(None)
    return "" if answer is None else json.dumps(answer)


def memory(request: object = None) -> str:
    """The bytes this interpreter holds (see the module's docstring)."""
    try:
        import pyodide_js  # type: ignore[import-not-found]  # only under Pyodide

        return json.dumps({"bytes": int(pyodide_js._module.HEAP8.length), "how": "wasm"})
    except ImportError:  # CPython: the operating system measures a process better
        return json.dumps({"bytes": 0, "how": "none"})


__export__ = ["load", "ping", "best_move", "analyse", "bench", "opening", "book", "share_stop", "memory",
              "attach_pool", "solve"]
