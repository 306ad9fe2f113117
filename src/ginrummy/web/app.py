"""The web server's routes (Starlette). The server is the authority: it holds the games,
checks every request against the engine's legal actions, and answers with the human's view.

API (JSON; the browser's token goes in the ``X-Player-Token`` header):

=======================================  =============================================
``GET  /api/meta``                       presets, computer levels, defaults
``GET  /api/rules/{preset}``             the preset's settings and a short rules text
``POST /api/games``                      new game ``{preset, target, level, mode, name}``
``GET  /api/games``                      this browser's games (history)
``GET  /api/games/{id}``                 the table: the human's view, sheet, commitment
``POST /api/games/{id}/actions``         ``{"action": "discard 7h", "version": N}``
``POST /api/games/{id}/next``            deal the next hand ``{"version": N}``
``POST /api/games/{id}/undo``            practice games: undo ``{"version": N}``
``GET  /api/games/{id}/hint``            practice games: the hint agent's move and why
``GET  /api/games/{id}/replay``          finished hands step by step, seeds revealed
``GET  /api/games/{id}/record``          the game record (JSON), once the game is over
``GET  /api/stats``                      statistics by computer level
=======================================  =============================================

Errors are ``{"error": message}`` with 400 (malformed request), 401 (no token),
403 (another browser's game), 404 (no such game), 409 (stale version or not now),
413 (body too large) or 422 (illegal action); nothing changes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import random
import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ginrummy.agents import AGENTS
from ginrummy.agents.hints import explain, hint_agent_name
from ginrummy.errors import GinRummyError, IllegalActionError
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import choose_first_dealer
from ginrummy.storage.stats import stats_json
from ginrummy.storage.store import GameRow, Store
from ginrummy.web.cache import SessionCache
from ginrummy.web.guard import ApiError, SecurityHeaders, int_field, read_json, text_field
from ginrummy.web.history import game_summary, replay_json
from ginrummy.web.rulestext import rules_text
from ginrummy.web.serialize import table_json
from ginrummy.web.session import HUMAN, GameSession, Progress, SessionError
from ginrummy.web.workers import INLINE_LEVELS, DecisionPool

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
TOKEN_HEADER = "x-player-token"
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32,128}$")
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_NAME_RE = re.compile(r"^[\w .'-]{1,24}$")
_log = logging.getLogger(__name__)
T = TypeVar("T")

CPU_THREADS = 4
"""Threads for short CPU-bound work (a move against a fast level, an undo, a replay, loading a
game): the interpreter lock lets one run at a time anyway (1, 2, 4 and 40 threads served the
load test alike, bench/README.md)."""
WAITING_THREADS = 64
"""Threads for work that may wait for a slow level's decision in a worker process: they
mostly sleep, and have their own threads so that they never hold up the short work."""


def _owner(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _progress(s: GameSession) -> tuple[int, str, dict[str, Any] | None]:
    """What the store keeps of a game's progress: hands dealt, status and the final score."""
    final = None
    if s.over:
        sm = s.game.summary()
        final = {"totals": list(sm.totals), "winner": sm.winner}
    return len(s.states), "over" if s.over else "playing", final


class Server:
    """The games in memory (a bounded cache over the store) and the request handlers.

    ``workers``: processes for the slow levels' decisions (0: none, all in threads);
    ``max_games``: idle games kept in memory (:class:`~ginrummy.web.cache.SessionCache`)."""

    def __init__(
        self, store: Store, test_seed: str | None = None, workers: int = 0, max_games: int = 256
    ) -> None:
        self.store = store
        self.pool = DecisionPool(workers)
        self.sessions = SessionCache(max_games)
        self.test_seed = test_seed
        self.created = 0
        self._cpu = anyio.CapacityLimiter(CPU_THREADS)
        self._waiting = anyio.CapacityLimiter(WAITING_THREADS)

    def new_secrets(self) -> tuple[int, str]:
        """A new game's seed (128 random bits) and secret. With a test seed (tests only:
        ``GINRUMMY_TEST_DEAL_SEED``) both are derived from it, so deals are repeatable."""
        self.created += 1
        if self.test_seed is None:
            return secrets.randbits(128), secrets.token_hex(32)
        base = f"{self.test_seed}:{self.created}"
        seed = int(hashlib.sha256(f"seed:{base}".encode()).hexdigest()[:32], 16)
        return seed, hashlib.sha256(f"secret:{base}".encode()).hexdigest()

    # -- helpers ---------------------------------------------------------------

    async def in_thread(self, fn: Callable[..., T], *args: Any, level: str | None = None) -> T:
        """``fn(*args)`` in a worker thread, off the event loop. Work that may play a slow
        ``level`` (one not in :data:`~ginrummy.web.workers.INLINE_LEVELS`: it waits for a worker
        process, or thinks in the thread when there are none) gets one of
        :data:`WAITING_THREADS` threads; any other work, short and CPU-bound, one of
        :data:`CPU_THREADS` (more threads would only take turns at the interpreter lock)."""
        limiter = self._waiting if level is not None and level not in INLINE_LEVELS else self._cpu
        return await anyio.to_thread.run_sync(fn, *args, limiter=limiter)

    @staticmethod
    def token(request: Request, required: bool = True) -> str | None:
        token: str | None = request.headers.get(TOKEN_HEADER)
        if token is None:
            if required:
                raise ApiError(401, f"missing {TOKEN_HEADER} header: this browser has no player token")
            return None
        if not _TOKEN_RE.match(token):
            raise ApiError(401, "malformed player token")
        return token

    @asynccontextmanager
    async def game(self, request: Request) -> AsyncIterator[GameSession]:
        """The game named in the path, checked against the request's token, held for this
        request alone (loaded from the store on a miss: the owner is checked before replaying)."""
        token = self.token(request)
        assert token is not None
        owner = _owner(token)
        game_id = request.path_params["game_id"]
        if not _ID_RE.match(game_id):
            raise ApiError(404, f"no game {game_id!r}")

        def check(s: GameSession) -> None:
            if not secrets.compare_digest(s.row.owner, owner):
                raise ApiError(403, "this game belongs to another browser")

        async def load() -> GameSession:
            loaded = await self.in_thread(self.store.load_game, game_id)
            if loaded is None:
                raise ApiError(404, f"no game {game_id!r}")
            row, actions = loaded
            if not secrets.compare_digest(row.owner, owner):
                raise ApiError(403, "this game belongs to another browser")
            return await self.in_thread(GameSession, row, actions, self.pool.decide)

        async with self.sessions.use(game_id, load, check) as s:
            yield s

    async def work(self, s: GameSession, fn: Callable[[], T], level: str | None = None) -> T:
        """``fn()`` in a worker thread (:meth:`in_thread`: ``level`` the computer level it may
        play), for ``s`` (held by this request). A client error that
        changed nothing passes as it is; any other failure forgets the in-memory game (the
        next request rebuilds it from the store, which holds only completed requests)."""
        before = s.version
        try:
            return await self.in_thread(fn, level=level)
        except (ApiError, GinRummyError):  # SessionError and IllegalActionError are ValueErrors
            if s.version == before:
                raise
            self.sessions.drop(s.row.id)
            raise RuntimeError("a request failed after changing the game") from None
        except BaseException:
            self.sessions.drop(s.row.id)
            raise

    def commit(self, s: GameSession, progress: Progress) -> None:
        """Write what changed before replying (in the request's worker thread)."""
        self.store.save_progress(
            s.row.id, progress.actions, progress.hands, *_progress(s), progress.truncate_from
        )

    @staticmethod
    def check_version(s: GameSession, version: int | None) -> None:
        if version != s.version:
            raise ApiError(409, f"stale request: the game is at version {s.version}, not {version}; reload")

    # -- handlers --------------------------------------------------------------

    async def meta(self, request: Request) -> dict[str, Any]:
        return {
            "presets": [
                {"name": p.name, "summary": p.summary, "target": p.rules.target}
                for p in PRESETS.values()
                if not p.rules.discard_pickup  # the browser table plays knock-and-draw gin only
            ],
            "levels": list(AGENTS),
            "hint_agent": hint_agent_name(),
            "defaults": {
                "preset": "default",
                "level": "simple" if "simple" in AGENTS else next(iter(AGENTS)),
                "mode": "practice",
            },
        }

    async def rules(self, request: Request) -> dict[str, Any]:
        name = request.path_params["preset"]
        if name not in PRESETS:
            raise ApiError(404, f"no rules preset {name!r}; presets: {', '.join(PRESETS)}")
        p = PRESETS[name]
        return {
            "name": name,
            "summary": p.summary,
            "source": p.source,
            "settings": p.rules.settings(),
            "text": rules_text(p.rules),
        }

    async def create(self, request: Request) -> tuple[int, dict[str, Any]]:
        data = await read_json(request)
        token = self.token(request, required=False)
        new_token = token is None
        if token is None:
            token = secrets.token_urlsafe(32)
        preset = text_field(data, "preset", "default")
        if preset not in PRESETS:
            raise ApiError(400, f"unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
        level = text_field(data, "level", "simple")
        if level not in AGENTS:
            raise ApiError(400, f"unknown computer level {level!r}; levels: {', '.join(AGENTS)}")
        mode = text_field(data, "mode", "practice")
        if mode not in ("practice", "rated"):
            raise ApiError(400, '"mode" must be "practice" or "rated"')
        name = text_field(data, "name", "You").strip()
        if not _NAME_RE.match(name) or name.lower() == "computer":
            raise ApiError(400, "\"name\": 1-24 letters, digits, spaces or . ' - (not 'Computer')")
        rules = Rules.preset(preset)
        if rules.discard_pickup:
            raise ApiError(
                400,
                "discard-pile pickup is played in the terminal (ginrummy play --rules pickup), not in the browser yet",
            )
        target = int_field(data, "target", required=False)
        if target is not None:
            try:
                rules = rules.replace(target=target)
            except GinRummyError as exc:
                raise ApiError(400, f'"target": {exc}') from None
        seed, secret = self.new_secrets()
        row = GameRow(
            id=secrets.token_urlsafe(18),
            owner=_owner(token),
            preset=preset,
            rules=rules.settings(),
            level=level,
            mode=mode,
            name=name,
            seed=seed,
            secret=secret,
            first_dealer=choose_first_dealer(random.Random(seed)),
        )
        s = GameSession(row, [], self.pool.decide)

        def start() -> dict[str, Any]:
            progress = s.start()
            dealt, status, final = _progress(s)
            s.row = dataclasses.replace(row, hands_dealt=dealt, status=status, final=final)
            self.store.create_game(s.row, progress.actions, progress.hands)  # one transaction
            return table_json(s)

        table = await self.in_thread(start, level=level)
        self.sessions.add(s)
        out: dict[str, Any] = {"game": table}
        if new_token:
            out["token"] = token
        return 201, out

    async def show(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as s:
            return table_json(s)

    async def act(self, request: Request) -> dict[str, Any]:
        data = await read_json(request)
        version = int_field(data, "version")
        action = text_field(data, "action")
        if not action.strip():
            raise ApiError(400, 'the request must name an "action", e.g. "discard 7h"')
        async with self.game(request) as s:
            self.check_version(s, version)

            def play() -> dict[str, Any]:
                try:
                    progress = s.act(action)
                except SessionError as exc:
                    raise ApiError(409, str(exc)) from None
                except IllegalActionError as exc:
                    raise ApiError(422, str(exc)) from None
                except GinRummyError as exc:  # a notation error: not an action at all
                    raise ApiError(400, str(exc)) from None
                self.commit(s, progress)
                return table_json(s)

            return await self.work(s, play, s.row.level)

    async def _change(
        self, request: Request, change: Callable[[GameSession], Progress], plays: bool
    ) -> dict[str, Any]:
        """A versioned request that applies ``change(s)`` (returning its Progress) to the game;
        ``plays``: whether the computer may move in it."""
        data = await read_json(request)
        version = int_field(data, "version")
        async with self.game(request) as s:
            self.check_version(s, version)

            def apply() -> dict[str, Any]:
                try:
                    progress = change(s)
                except SessionError as exc:
                    raise ApiError(409, str(exc)) from None
                self.commit(s, progress)
                return table_json(s)

            return await self.work(s, apply, s.row.level if plays else None)

    async def next_hand(self, request: Request) -> dict[str, Any]:
        return await self._change(request, GameSession.next_hand, plays=True)

    async def undo(self, request: Request) -> dict[str, Any]:
        return await self._change(request, GameSession.undo, plays=False)

    async def hint(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as s:
            if not s.practice:
                raise ApiError(409, "hints are for practice games")

            def think() -> dict[str, Any]:
                try:
                    action = s.hint()
                except SessionError as exc:
                    raise ApiError(409, str(exc)) from None
                state = s.state
                assert state is not None
                return explain(action, state.view(HUMAN), hint_agent_name()).json()

            return await self.work(s, think, hint_agent_name())

    async def replay(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as s:
            return await self.work(s, lambda: replay_json(s))

    async def record(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as s:
            if not s.over:
                raise ApiError(409, "the record is available when the game is over")

            def build() -> dict[str, Any]:
                fairness = [
                    {"hand": i + 1, "commitment": s.commitment(i), "seed": str(seed), "salt": s.salt(i)}
                    for i, seed in enumerate(s.game.hand_seeds)
                ]
                return s.record().to_json() | {"fairness": fairness}

            return await self.work(s, build)

    async def games(self, request: Request) -> dict[str, Any]:
        token = self.token(request)
        assert token is not None
        rows = await self.in_thread(self.store.list_games, _owner(token))
        return {"games": [game_summary(g) for g in rows]}

    async def stats(self, request: Request) -> dict[str, Any]:
        token = self.token(request)
        assert token is not None
        owner = _owner(token)

        def count() -> dict[str, Any]:
            return stats_json(self.store.list_games(owner, limit=100_000), self.store.hand_rows(owner))

        return await self.in_thread(count)


def _json(status: int, data: Any, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"} | (headers or {}))


def _api(handler: Any) -> Any:
    async def endpoint(request: Request) -> Response:
        try:
            out = await handler(request)
        except ApiError as exc:
            # a body refused unread leaves the connection unusable: close it after the answer
            close = {"Connection": "close"} if exc.status == 413 else None
            return _json(exc.status, {"error": exc.message}, close)
        except Exception:
            _log.exception("request %s %s failed", request.method, request.url.path)
            return _json(500, {"error": "the server failed to complete the request; reload"})
        if isinstance(out, tuple):
            return _json(out[0], out[1])
        return _json(200, out)

    return endpoint


async def _page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    return _json(
        status,
        {"error": "not found" if status == 404 else "method not allowed" if status == 405 else "error"},
    )


def create_app(
    store: Store | str | Path, test_seed: str | None = None, workers: int = 0, max_games: int = 256
) -> Starlette:
    """The ASGI app over ``store`` (a :class:`Store` or a path to an SQLite file).

    ``workers``: processes for the slow levels' decisions (:mod:`ginrummy.web.workers`; 0:
    every decision in the request's thread), started with the app and stopped with it;
    ``max_games``: the idle games kept in memory. ``test_seed`` (default: the environment's
    ``GINRUMMY_TEST_DEAL_SEED``) makes the deals repeatable, for tests only: with it the
    seeds are no longer secret."""
    if test_seed is None:
        test_seed = os.environ.get("GINRUMMY_TEST_DEAL_SEED") or None
    server = Server(store if isinstance(store, Store) else Store(store), test_seed, workers, max_games)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.pool.start()
        try:
            yield
        finally:
            server.pool.close()

    routes = [
        Route("/api/meta", _api(server.meta)),
        Route("/api/rules/{preset}", _api(server.rules)),
        Route("/api/games", _api(server.create), methods=["POST"]),
        Route("/api/games", _api(server.games), methods=["GET"]),
        Route("/api/stats", _api(server.stats)),
        Route("/api/games/{game_id}", _api(server.show)),
        Route("/api/games/{game_id}/actions", _api(server.act), methods=["POST"]),
        Route("/api/games/{game_id}/next", _api(server.next_hand), methods=["POST"]),
        Route("/api/games/{game_id}/undo", _api(server.undo), methods=["POST"]),
        Route("/api/games/{game_id}/hint", _api(server.hint)),
        Route("/api/games/{game_id}/replay", _api(server.replay)),
        Route("/api/games/{game_id}/record", _api(server.record)),
        Route("/", _page),
        Route("/game/{game_id}", _page),
        Route("/history", _page),
        Route("/stats", _page),
        Route("/replay/{game_id}", _page),
        Route("/rules", _page),
        Route("/rules/{preset}", _page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={404: _not_found, 405: _not_found},
        lifespan=lifespan,
    )
    app.state.server = server
    return app
