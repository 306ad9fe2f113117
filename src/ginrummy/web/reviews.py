"""Game reviews in the browser (:mod:`ginrummy.review`): the routes, and the jobs that compute
them away from the requests.

=============================================  ==============================================
``POST /api/games/{id}/review``                ``{hand?, seat?}``: start the review of hand
                                               ``hand`` (from 1, counted across a match) or,
                                               without it, of the game, for ``seat`` (default:
                                               this browser's); answers as the ``GET``
``GET  /api/games/{id}/review?hand=&seat=``    ``{state, done, total, review?, error?}``:
                                               ``state`` is ``none`` (not started), ``running``
                                               (``done`` of ``total`` of the seat's actions
                                               looked at; ``total`` ``null`` while it waits for
                                               a worker), ``done`` (``review``: the
                                               :meth:`~ginrummy.review.GameReview.to_json`) or
                                               ``failed`` (``error``)
=============================================  ==============================================

**Who may see what** (the two-person rule of :mod:`ginrummy.review.review`): the review of the
game is refused (409) until the game is over, and of a hand until that hand is over, whatever the
seat. While the game goes on, a finished hand may be reviewed for the asking player's own seat
only: all its cards were shown at its end and the next hand is a new deal, so the review tells
nothing hidden; the other seat's review (its rating) waits for the end of the game (403). Once
the game is over, either seat's review is open to both players. Team play and the variants other
than knock and draw are refused (409). A bad ``hand`` or ``seat`` is refused with 400; nothing
changes on a refusal (503 when :data:`MAX_JOBS` reviews are under way). The hindsight of a dead hand (its cards are not shown at its end) is withheld
until the game is over.

**Where it runs** (:class:`ReviewJobs`): each review runs in a process of its own (the ``spawn``
context, at the workers' lower priority, ending with the server: :mod:`ginrummy.web.workers`), at
most one per worker at a time, so a review of a minute never holds up a request; with no workers
(tests), in a thread of the server. The finished review is kept in the store under its game,
hand, seat, samples and seed and the review engine's :data:`~ginrummy.review.ENGINE_VERSION`
(:mod:`ginrummy.storage.reviews`), so a second look is instant, and a review made by an older
engine is made afresh.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request

from ginrummy.errors import GinRummyError
from ginrummy.records import GameRecord, HandRecord
from ginrummy.review import ENGINE_VERSION, SAMPLES, review_record
from ginrummy.storage.store import Store
from ginrummy.variants import variant_of
from ginrummy.web.guard import ApiError, int_field, read_json
from ginrummy.web.server import BaseServer
from ginrummy.web.session import GameSession
from ginrummy.web.workers import _start_worker

__all__ = ["MAX_JOBS", "SEED", "Job", "ReviewJobs", "ReviewServer", "review_samples"]

SEED = 0
"""The seed of every browser review (the same as ``ginrummy review``'s default: a game reviewed
in the terminal with as many samples is the same review)."""

MAX_JOBS = 64
"""Reviews under way or waiting for a worker, at most, across the server (more are refused with
503 until some end)."""

Key = tuple[str, int, int]
"""A review job: ``(game id, hand or 0 for the game, seat)``."""


def review_samples() -> int:
    """Worlds per decision of the browser's reviews: ``GINRUMMY_REVIEW_SAMPLES`` (tests only: a
    whole number, 2 or more) or :data:`~ginrummy.review.SAMPLES`. Raises ``ValueError`` for a
    bad value."""
    text = os.environ.get("GINRUMMY_REVIEW_SAMPLES")
    if not text:
        return SAMPLES
    if not text.isdigit() or int(text) < 2:
        raise ValueError(f"GINRUMMY_REVIEW_SAMPLES must be a whole number of 2 or more, not {text!r}")
    return int(text)


@dataclass
class Job:
    """One review under way or failed: ``done`` of ``total`` actions looked at (``total``
    ``None`` before it starts), ``error`` once it failed."""

    done: int = 0
    total: int | None = None
    error: str | None = None
    ended: threading.Event = field(default_factory=threading.Event)

    def json(self) -> dict[str, Any]:
        """``{state, done, total, error?}`` (``state``: ``running`` or ``failed``)."""
        out: dict[str, Any] = {"state": "failed" if self.error else "running"}
        out |= {"done": self.done, "total": self.total}
        return out | ({"error": self.error} if self.error else {})


def _review(record: GameRecord | HandRecord, seat: int, samples: int, finished: bool, put: Any) -> None:
    """Review ``record`` for ``seat``, telling ``put`` each step: ``("progress", done, total)``,
    then ``("done", json_text, accuracy)`` or ``("failed", message)``."""
    try:
        result = review_record(
            record, seat, samples, SEED, lambda d, t: put(("progress", d, t)), finished or None
        )
        put(("done", json.dumps(result.to_json()), result.figures.accuracy))
    except GinRummyError as exc:
        put(("failed", str(exc)))
    except Exception:  # told to the page, not raised in a thread no one joins
        put(("failed", "the review failed; try again"))


def _in_process(
    record: GameRecord | HandRecord, seat: int, samples: int, finished: bool, out: Any, server: int
) -> None:  # pragma: no cover - runs in the review's own process
    _start_worker(server)
    _review(record, seat, samples, finished, out.put)


class ReviewJobs:
    """The reviews under way for one server over ``store``: ``workers`` processes at most at
    once (0: each in a thread of its own in the server), ``samples`` worlds per decision.
    Thread-safe."""

    def __init__(self, store: Store, workers: int, samples: int) -> None:
        self.store = store
        self.workers = workers
        self.samples = samples
        self._jobs: dict[Key, Job] = {}
        self._lock = threading.Lock()
        self._slots = threading.Semaphore(max(1, workers))
        self._processes: set[Any] = set()
        self._closed = False

    def _key(self, key: Key) -> tuple[str, int, int, int, int]:
        return (key[0], key[1], key[2], self.samples, SEED)

    def status(self, key: Key) -> dict[str, Any]:
        """The job's JSON (see the module docstring): the kept review, the job, or ``none``."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                return job.json()
        kept = self.store.load_review(self._key(key), ENGINE_VERSION)
        if kept is not None:
            return {"state": "done", "review": json.loads(kept)}
        return {"state": "none", "done": 0, "total": None}

    def start(self, key: Key, record: Callable[[], tuple[GameRecord | HandRecord, bool]]) -> dict[str, Any]:
        """Start the review of ``key`` unless it is kept or under way (a failed one starts
        again): ``record()`` gives the record and whether its game is over. Answers
        :meth:`status`."""
        now = self.status(key)
        if now["state"] in ("done", "running"):
            return now
        rec, finished = record()
        with self._lock:
            if self._closed:
                raise ApiError(503, "the server is stopping")
            if sum(j.error is None for j in self._jobs.values()) >= MAX_JOBS:
                raise ApiError(503, "too many reviews are under way; try again in a minute")
            self._jobs[key] = job = Job()
        threading.Thread(target=self._run, args=(key, job, rec, finished), daemon=True).start()
        return job.json()

    def wait(self, key: Key, timeout: float | None = None) -> bool:
        """Wait until the job of ``key`` (if any) ends; whether it has (``timeout``: seconds)."""
        with self._lock:
            job = self._jobs.get(key)
        return job is None or job.ended.wait(timeout)

    def _run(self, key: Key, job: Job, record: GameRecord | HandRecord, finished: bool) -> None:
        try:
            self._review(key, job, record, finished)
        finally:
            job.ended.set()

    def _review(self, key: Key, job: Job, record: GameRecord | HandRecord, finished: bool) -> None:
        """Wait for a slot, review, keep the result and forget the job (a failure stays, for the
        page to read)."""
        outcome: list[Any] = []

        def put(message: tuple[Any, ...]) -> None:
            if message[0] == "progress":
                job.done, job.total = message[1], message[2]
            else:
                outcome.append(message)

        with self._slots:
            if self.workers:
                self._in_process(record, key[2], finished, put)
            else:
                _review(record, key[2], self.samples, finished, put)
        message: tuple[Any, ...] = outcome[0] if outcome else ("failed", "the review stopped; try again")
        if message[0] == "done":
            try:
                self.store.save_review(self._key(key), ENGINE_VERSION, message[2], message[1])
            except Exception:  # a store closed under a stopping server
                job.error = "the review could not be kept; try again"
                return
            with self._lock:
                self._jobs.pop(key, None)
        else:
            job.error = message[1]

    def _in_process(
        self, record: GameRecord | HandRecord, seat: int, finished: bool, put: Callable[[Any], None]
    ) -> None:
        ctx = multiprocessing.get_context("spawn")
        messages = ctx.Queue()
        args = (record, seat, self.samples, finished, messages, os.getpid())
        proc = ctx.Process(target=_in_process, args=args, daemon=True)
        with self._lock:
            if self._closed:
                return
            self._processes.add(proc)
        proc.start()
        try:
            while True:
                try:
                    message = messages.get(timeout=1.0)
                except queue.Empty:
                    if not proc.is_alive() and messages.empty():
                        return
                    continue
                put(message)
                if message[0] != "progress":
                    return
        finally:
            proc.join(5.0)
            with self._lock:
                self._processes.discard(proc)

    def close(self) -> None:
        """Stop the reviews under way (their processes end; nothing is kept of them)."""
        with self._lock:
            self._closed = True
            procs = list(self._processes)
        for proc in procs:
            proc.terminate()


class ReviewServer(BaseServer):
    """The review routes (see the module docstring); ``reviews`` is set by the app."""

    reviews: ReviewJobs

    async def review_start(self, request: Request) -> dict[str, Any]:
        data = await read_json(request, ("hand", "seat"))
        hand, asked = int_field(data, "hand", required=False), int_field(data, "seat", required=False)
        async with self.game(request) as (s, seat):
            key, record, hide = self._allowed(s, seat, hand, asked)
            return _shown(await self.in_thread(self.reviews.start, key, record), hide)

    async def review_status(self, request: Request) -> dict[str, Any]:
        params = {k: _query_int(request, k) for k in ("hand", "seat") if k in request.query_params}
        async with self.game(request) as (s, seat):
            key, _, hide = self._allowed(s, seat, params.get("hand"), params.get("seat"))
            return _shown(await self.in_thread(self.reviews.status, key), hide)

    @staticmethod
    def _allowed(
        s: GameSession, mine: int, hand: int | None, seat: int | None
    ) -> tuple[Key, Callable[[], tuple[GameRecord | HandRecord, bool]], bool]:
        """The job's key, its record's maker and whether its hindsight is withheld, when ``mine``
        (the asking seat) may see the review of ``hand`` (``None``: the game) for ``seat``; else
        :class:`ApiError`."""
        seat = mine if seat is None else seat
        if seat not in (0, 1):
            raise ApiError(400, f'"seat" must be 0 or 1, not {seat}')
        if s.rules.team_size > 1 or not variant_of(s.rules).knock_and_draw:
            raise ApiError(409, "only the standard game (knock and draw) between two seats is reviewed")
        if hand is None:
            if not s.over:
                raise ApiError(
                    409, "the game is still going: its review would show hidden cards (finish it first)"
                )
            states = s.game_states[-1]

            def game() -> tuple[GameRecord | HandRecord, bool]:
                return GameRecord.from_game(s.game, states), True

            return (s.row.id, 0, seat), game, False
        if not 1 <= hand <= len(s.states):
            raise ApiError(400, f'"hand" must be from 1 to {len(s.states)}, not {hand}')
        state = s.states[hand - 1]
        if not state.is_over:
            raise ApiError(409, f"hand {hand} is still going: its review would show hidden cards")
        if seat != mine and not s.over:
            raise ApiError(403, "the other seat's review is shown when the game is over")
        names = s.names

        def one_hand() -> tuple[GameRecord | HandRecord, bool]:
            return HandRecord.from_state(state, names=names), True

        dead = state.result is None or state.result.knocker is None
        return (s.row.id, hand, seat), one_hand, dead and not s.over


def _shown(answer: dict[str, Any], hide: bool) -> dict[str, Any]:
    """``answer`` as the page gets it: with ``hide``, the review's hindsight withheld (a dead
    hand's cards are not shown at its end, and hindsight tells of them, until the game is over)."""
    review = answer.get("review")
    if hide and review is not None:
        for h in review["hands"]:
            h["hindsight"] = None
            for d in h["decisions"]:
                d.pop("hindsight", None)
        review["hindsight_withheld"] = "a dead hand's hindsight is shown when the game is over"
    return answer


def _query_int(request: Request, name: str) -> int:
    text = request.query_params[name]
    if not text.lstrip("-").isdigit():
        raise ApiError(400, f'"{name}" must be a whole number, not {text[:20]!r}')
    return int(text)
