"""Where the computer thinks: a pool of worker processes for the slow levels.

The server runs every request that plays the computer in a thread, off the event loop
(:mod:`ginrummy.web.app`), so a decision never holds up another player's request. Threads
alone do not make a slow decision cheap for the others: the agents are pure Python, and
while an ``expert`` thinks (about 30 ms a decision, 100 ms a close one) it holds the
interpreter lock that every other request needs. So the decisions of the slow levels go to
worker processes (:class:`DecisionPool`); the fast ones (:data:`INLINE_LEVELS`, well under a
millisecond a decision) stay in the request's thread, where a round trip to a process would
cost more than the decision, and never queue behind a slow one.

What travels to a worker is what :func:`ginrummy.agents.hints.decide` needs: the level, the
seed, the views of the finished hands and the current view (about a kilobyte pickled); the
game stays in the server. The pool is started from the ``spawn`` context (a fresh
interpreter per worker, whatever threads the server runs), and the workers run at a lower
priority than the server (:data:`WORKER_NICENESS`), so on a busy machine the requests are
answered first; a worker ends by itself when the server process is killed. A pool that breaks (a worker
killed) is replaced on the next decision; the request that met the break fails (HTTP 500)
and its game is reloaded from the store, so nothing half-done is kept.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ginrummy.agents.hints import decide
from ginrummy.variants import AnyAction, AnyView

__all__ = ["INLINE_LEVELS", "DecisionPool", "default_workers"]

INLINE_LEVELS = frozenset({"random", "simple", "beginner"})
"""Levels decided in the request's thread: each decision takes well under a millisecond
(mean 0.3-0.4 ms, bench/README.md, section Web load). Every other level, ``strong`` (about
4 ms) and ``expert`` (about 30 ms) and any level added later, goes to the pool."""


def default_workers() -> int:
    """The default number of worker processes: one per CPU this process may use. The workers'
    lower priority (:data:`WORKER_NICENESS`) keeps the CPUs free enough for the server process
    (bench/README.md, section Web load: one worker per CPU, or one fewer, answered a trivial
    request about as fast, and moves faster)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without sched_getaffinity
        return max(1, os.cpu_count() or 1)


WORKER_NICENESS = 10
"""How much lower the workers' scheduling priority is than the server's (Unix ``nice``): when
the CPUs are all busy, the server's own process (answering requests) goes first, and the
workers think with the rest."""


def _start_worker(server: int) -> None:
    """Run first in each new worker of the ``server`` process (its id): lower the worker's
    priority by :data:`WORKER_NICENESS` (Unix only) and watch the server, so that the worker
    ends when the server is killed (a worker whose server died would otherwise wait for work
    for ever), even while it was still starting."""
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_exit_with, args=(server,), name="watch-server", daemon=True).start()


def _exit_with(server: int) -> None:
    """End this process as soon as its parent is no longer ``server`` (checked every second)."""
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


def _warm() -> int:
    """Run in a new worker: importing this module imported the agents."""
    return os.getpid()


class DecisionPool:
    """A :data:`~ginrummy.web.session.Decider` over ``workers`` processes (0: none, every
    decision in the calling thread). Thread-safe; :meth:`decide` blocks its thread, never
    the event loop (the server calls it from worker threads)."""

    def __init__(self, workers: int) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, not {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise RuntimeError("the decision pool is closed")
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def start(self) -> None:
        """Start the worker processes now (they take about a second to import the agents),
        rather than on the first slow decision."""
        if self.workers:
            for _ in range(self.workers):
                self._executor().submit(_warm)

    def decide(self, level: str, seed: int, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
        """The decision (:func:`~ginrummy.agents.hints.decide`), made in a worker process unless
        the level is one of :data:`INLINE_LEVELS` or there are no workers."""
        if self.workers == 0 or level in INLINE_LEVELS:
            return decide(level, seed, finished, view)
        pool = self._executor()
        try:
            return pool.submit(decide, level, seed, list(finished), view).result()
        except BrokenProcessPool:
            self._discard(pool)
            raise

    def pids(self) -> list[int]:
        """The worker processes' ids (none before the pool starts)."""
        with self._lock:
            pool = self._pool
        return [p.pid for p in (pool._processes or {}).values() if p.pid is not None] if pool else []

    def close(self) -> None:
        """Stop the workers (decisions under way are abandoned); later decisions raise."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
