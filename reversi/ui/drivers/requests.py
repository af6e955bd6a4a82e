"""One request to the engine's worker at a time, and the replies that come too late. No DOM here.

The computer's turn (:class:`reversi.ui.drivers.ai.AiDriver`) and the hints
(:class:`reversi.ui.drivers.hints.HintDriver`) ask the worker the same way, and
:class:`RequestDriver` is that way, once:

1. :meth:`~RequestDriver.send` asks the engine with a *token*: what the page
   showed when it asked (for both drivers the game's id, the ply and the line of
   moves, :func:`reversi.ui.players.ai_token`). One request is in flight at a
   time (``pending`` holds its token); the page stays usable meanwhile.
2. The reply comes later. An engine that fails or answers nonsense gives an
   ``{"error": ...}`` reply. If the token is still current the driver
   :meth:`~RequestDriver.accept` s the reply; else it is *stale* (a move, an
   undo, a new game meanwhile) and dropped. Either way ``replies`` counts it,
   ``dropped`` counts the stale ones, and the page redraws (``on_change``).
3. A request whose worker was stopped is *abandoned* (:meth:`~RequestDriver.abandon`):
   forgotten at once and counted as dropped. Its coroutine is not cancelled
   (Pyodide's loop reports a cancelled task that awaits a JS promise as an
   error): if its reply ever comes, it is ignored and counted nowhere.
4. A call that fails at the worker's boundary (it raises: the worker is gone, or
   answered what is not JSON) is an error reply as above and also sets
   :attr:`~RequestDriver.failure`; and a
   reply that has not come by the request's own time budget plus
   :data:`REPLY_MARGIN_SECONDS` (or the budget again, if longer) is
   :meth:`~RequestDriver.overdue`: either way the worker is broken, and the page
   gives up on it (:mod:`reversi.ui.drivers.health`). An ``{"error": ...}`` reply is not
   a failure: the engine is there and refused the request.

A driver subclasses :class:`RequestDriver` and says what a reply is for
(:meth:`~RequestDriver.accept`), when a current token is still not wanted
(:meth:`~RequestDriver.wanted`), what happens between a reply and its use
(:meth:`~RequestDriver.settle`) and after it (:meth:`~RequestDriver.after_reply`).

The ports, typed as protocols: :class:`Ask` is the engine function a driver calls
(a request of :mod:`reversi.engine.protocol` in, a reply mapping out, which the
driver reads with :func:`reversi.engine.protocol.read_reply`), :class:`EngineCall`
the worker boundary itself (a function's name and a JSON string in, a JSON string
out); :func:`json_ask` makes the one from the other. :class:`Redraw` is the page's
callback after a change.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from reversi.engine.protocol import PositionRequest, Request
from reversi.i18n import _, language

__all__ = [
    "REPLY_MARGIN_SECONDS",
    "Ask",
    "EngineCall",
    "Redraw",
    "Reply",
    "Request",
    "RequestDriver",
    "json_ask",
    "no_redraw",
]

#: A reply is overdue this long after the request's own time budget (or the budget again, if
#: longer): a search may overrun its budget a little, a first request on a new board builds its code.
REPLY_MARGIN_SECONDS = 10.0

#: An engine's reply as it came: its result, or ``{"error": message}`` (read with
#: :func:`reversi.engine.protocol.read_reply`).
Reply = Mapping[str, Any]

TokenT = TypeVar("TokenT", bound=Hashable)


class Ask(Protocol):
    """An engine function (the worker's ``best_move`` or ``analyse``): a request in, a reply out."""

    def __call__(self, request: Request, /) -> Awaitable[Reply]: ...


class EngineCall(Protocol):
    """The worker boundary: a function's name and its JSON arguments in, its JSON reply out."""

    def __call__(self, name: str, payload: str, /) -> Awaitable[str]: ...


class Redraw(Protocol):
    """The page's callback: something the page shows has changed."""

    def __call__(self) -> None: ...


def no_redraw() -> None:
    """A :class:`Redraw` that does nothing (a driver without a page, in the tests)."""


def json_ask(call: EngineCall, name: str, extra: Callable[[], dict[str, Any]] | None = None) -> Ask:
    """The engine function ``name`` behind the worker boundary ``call``, as an :class:`Ask`
    (``extra()``: more fields for every request, e.g. the page's stop epoch)."""

    async def ask(request: Request) -> Reply:
        # the page's language goes with every request: the worker answers its errors in it
        fields = {**request.to_json(), "lang": language(), **(extra() if extra is not None else {})}
        reply = json.loads(await call(name, json.dumps(fields)))
        if not isinstance(reply, Mapping):
            return {"error": _("the engine answered {reply!r}").format(reply=reply)}
        return reply

    return ask


async def _asked(ask: Ask, request: Request) -> tuple[Reply, bool]:
    """The engine's reply to ``request``, and whether the call failed (it raised: the worker's
    boundary is broken). A failure or a reply that is not a mapping is an error reply."""
    try:
        reply: object = await ask(request)
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}"}, True
    if not isinstance(reply, Mapping):
        return {"error": _("the engine answered {reply!r}").format(reply=reply)}, False
    return reply, False


class RequestDriver(Generic[TokenT]):
    """One request to the engine at a time; stale replies dropped, abandoned ones forgotten.

    ``current()`` is the token of what the page shows now; ``ask`` the engine
    function (None until the worker is ready, and while it restarts);
    ``on_change()`` redraws the page after every reply that was not abandoned.
    """

    def __init__(
        self,
        current: Callable[[], TokenT],
        ask: Ask | None = None,
        on_change: Redraw = no_redraw,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.current_token = current
        self.ask = ask
        self.on_change = on_change
        self.clock = clock
        #: When the request in flight was sent (``clock``), when its reply is overdue, and
        #: whether it has come (a driver may still hold it: the computer's minimum time).
        self.sent_at = 0.0
        self.reply_by = 0.0
        self.answered = False
        #: Why the last call failed at the worker's boundary ('' if it did not): the worker is broken.
        self.failure = ""
        #: The token of the request in flight, if any.
        self.pending: TokenT | None = None
        #: The task of the last request sent (awaited by the tests).
        self.task: asyncio.Future[None] | None = None
        #: Replies received, and how many of them were stale and dropped (or abandoned).
        self.replies = 0
        self.dropped = 0
        #: Counts abandoned requests: a reply to a request sent before the last abandon is void.
        self._generation = 0
        #: Every request still running, abandoned ones too (the loop keeps only weak references).
        self._tasks: set[asyncio.Future[None]] = set()

    @property
    def ready(self) -> bool:
        """An engine is there to ask."""
        return self.ask is not None

    @property
    def in_flight(self) -> bool:
        """A request is in flight (not abandoned)."""
        return self.pending is not None

    def set_engine(self, ask: Ask | None) -> None:
        """The engine to ask from now on (None: none, e.g. while the worker restarts)."""
        self.ask = ask
        self.failure = ""

    def budget_for(self, request: Request) -> float:
        """The seconds the engine may spend on ``request`` (its time limit, or 0); a driver may know better."""
        seconds = request.limits.seconds if isinstance(request, PositionRequest) else None
        return seconds or 0.0

    def reply_seconds(self) -> float:
        """How long after it was sent the reply in flight is overdue."""
        return self.reply_by - self.sent_at

    def overdue(self, now: float | None = None) -> bool:
        """The request in flight has had no reply within its budget and the margin (the worker is lost)."""
        if self.pending is None or self.answered:
            return False
        return (self.clock() if now is None else now) > self.reply_by

    def is_current(self, token: TokenT) -> bool:
        """Does ``token`` still describe what the page shows?"""
        return token == self.current_token()

    def send(self, token: TokenT, request: Request) -> asyncio.Future[None] | None:
        """Ask the engine about ``token``'s position; the task, or None (no engine, or one already in flight)."""
        if self.ask is None or self.pending is not None:
            return None
        self.pending = token
        budget = self.budget_for(request)
        self.sent_at = self.clock()
        self.reply_by = self.sent_at + budget + max(REPLY_MARGIN_SECONDS, budget)
        self.answered = False
        task = asyncio.ensure_future(self._exchange(self.ask, token, request))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        self.task = task
        return task

    def abandon(self) -> None:
        """Forget the request in flight (its worker was stopped): it counts as dropped.

        If its reply ever comes it is ignored; a new request may be sent at once.
        """
        if self.pending is None:
            return
        self._generation += 1
        self.pending = None
        self.dropped += 1

    # -- what a driver says about its replies (override) ------------------------------------

    def wanted(self, token: TokenT) -> bool:
        """Is the reply for ``token`` still to be used (else it is dropped)? By default: still current."""
        return self.is_current(token)

    async def settle(self, token: TokenT, reply: Reply) -> None:
        """Between a reply's arrival and its use (``pending`` still set); by default nothing."""

    def accept(self, token: TokenT, reply: Reply) -> None:
        """Use a wanted reply (an ``error`` key says the engine failed); by default nothing."""

    def after_reply(self) -> None:
        """After a reply was used or dropped and the page redrawn; by default nothing."""

    # -- the exchange ----------------------------------------------------------------------

    async def _exchange(self, ask: Ask, token: TokenT, request: Request) -> None:
        generation = self._generation
        reply, failed = await _asked(ask, request)
        if generation != self._generation:
            return  # abandoned: the worker was stopped, another request may be in flight
        self.answered = True
        if failed:
            self.failure = str(reply["error"])  # the page gives up on the worker (after the redraw below)
        await self.settle(token, reply)
        if generation != self._generation:
            return  # abandoned while it settled
        self.pending = None
        self.replies += 1
        if self.wanted(token):
            self.accept(token, reply)
        else:
            self.dropped += 1
        self.on_change()
        self.after_reply()
