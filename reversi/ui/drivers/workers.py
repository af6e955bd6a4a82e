"""What the page's drivers see of the engine's workers: typed seams, no DOM here.

A :class:`Worker` is a booted worker (the engine's own, or a helper of the pool); a
:class:`WorkerHost` boots and stops them (the page's glue, :mod:`reversi.ui.dom.engine` and
:mod:`reversi.ui.dom.helpers`, or a fake in the tests); a :class:`StopFlag` is the stop epoch a
worker shares with the page.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol

from reversi.i18n import Later


class Worker(Protocol):
    """A booted worker: one of its exported functions by name, a JSON string in, a JSON string out."""

    def call(self, name: str, payload: str, /) -> Awaitable[str]: ...


class StopFlag(Protocol):
    """The stop epoch shared with a worker (an Int32Array over a SharedArrayBuffer in the browser)."""

    def epoch(self) -> int: ...

    def bump(self) -> None: ...


class WorkerUnavailable(Exception):
    """A worker could not be booted, and why (a sentence, translated where shown)."""

    def __init__(self, reason: Later | str) -> None:
        super().__init__(str(reason))
        self.reason = reason


class WorkerHost(Protocol):
    """Where workers come from: PyScript's workers in the page, a fake in the tests."""

    @property
    def site(self) -> str:
        """The page's folder, an absolute URL: the worker fetches its files from there."""
        ...

    def boot(self, name: str) -> Awaitable[Worker]:
        """Start the worker ``name`` and await it; raises :class:`WorkerUnavailable` if it cannot be."""
        ...

    def stop(self, name: str) -> None:
        """Terminate the worker ``name`` (whatever it is doing)."""
        ...

    def share_stop(self, worker: Worker) -> Awaitable[StopFlag | None]:
        """A stop flag shared with ``worker``, or None (the page is not cross-origin isolated)."""
        ...
