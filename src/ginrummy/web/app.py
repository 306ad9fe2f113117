"""The web server's routes (Starlette). The server is the authority: it holds the games,
checks every request against the engine's legal actions, and answers each seat with its own view.

API (JSON; the browser's token goes in the ``X-Player-Token`` header):

=======================================  =============================================
``GET  /api/meta``                       presets, computer levels, defaults
``GET  /api/rules/{preset}``             the preset's settings and a short rules text
``POST /api/games``                      new game ``{preset, target, level, mode, name,
                                         opponent}`` (``opponent``: ``computer`` or
                                         ``friend``: the answer has an ``invite`` link)
``GET  /api/games``                      this browser's games (history)
``GET  /api/games/{id}``                 the table: this seat's view, sheet, match, seats
``POST /api/games/{id}/actions``         ``{"action": "discard 7h", "version": N}``
``POST /api/games/{id}/next``            deal the next hand (or game) ``{"version": N}``
``POST /api/games/{id}/undo``            practice games: undo ``{"version": N}``
``GET  /api/games/{id}/hint``            practice games: the hint agent's move and why
``GET  /api/games/{id}/replay``          finished hands step by step, seeds revealed
``GET  /api/games/{id}/record``          the game (or match) record, once it is over
``POST /api/games/{id}/join``            two people: :mod:`ginrummy.web.seats` (also the
``GET  /api/games/{id}/invite``          invitation's state,
``GET  /api/games/{id}/events``          the live stream and the takeover)
``POST /api/games/{id}/takeover``
``POST /api/games/{id}/resign``          end the game early: :mod:`ginrummy.web.ending`
``POST /api/games/{id}/abandon``
``POST /api/games/{id}/review``          a finished hand's or game's review: start it,
``GET  /api/games/{id}/review``          and its progress (:mod:`ginrummy.web.reviews`)
``GET  /api/stats``                      statistics by computer level, and the accuracy
                                         of each reviewed game, oldest first
=======================================  =============================================

Errors are ``{"error": message}`` with 400 (malformed request: not a JSON object, a field of
the wrong type, or a field the route does not take), 401 (no token),
403 (a game where this browser has no seat, a bad invitation, another seat's turn),
404 (no such game), 409 (stale version, a full game, or not now), 413 (body too large)
or 422 (illegal action); nothing changes.
"""

from __future__ import annotations

import logging
import os
import random
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ginrummy.agents import AGENTS
from ginrummy.agents.hints import explain, hint_agent_name
from ginrummy.errors import GinRummyError, IllegalActionError, quoted
from ginrummy.review import ENGINE_VERSION
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import choose_first_dealer
from ginrummy.scoring.match import Match
from ginrummy.storage.stats import review_trend, stats_json
from ginrummy.storage.store import GameRow, SeatRow, Store, default_seats
from ginrummy.web.botplayer import BotForfeit, forfeit
from ginrummy.web.ending import EndingServer
from ginrummy.web.guard import ApiError, SecurityHeaders, int_field, read_json, text_field
from ginrummy.web.history import game_summary, replay_json
from ginrummy.web.reviews import ReviewJobs, ReviewServer, review_samples
from ginrummy.web.rulestext import rules_text
from ginrummy.web.seats import SeatServer, check_name
from ginrummy.web.serialize import ended_json
from ginrummy.web.server import owner_of
from ginrummy.web.session import HUMAN, GameSession, Progress, SessionError

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
REVIEWS_SHOWN = 50
"""The reviewed games whose accuracy the statistics page draws, per mode (the latest)."""
_log = logging.getLogger(__name__)


class Server(SeatServer, EndingServer, ReviewServer):
    """The request handlers (the core in :class:`~ginrummy.web.server.BaseServer`, the seats'
    handlers in :class:`~ginrummy.web.seats.SeatServer`, resigning and abandoning in
    :class:`~ginrummy.web.ending.EndingServer`, reviews in :class:`~ginrummy.web.reviews.ReviewServer`)."""

    # -- handlers --------------------------------------------------------------

    async def meta(self, request: Request) -> dict[str, Any]:
        return {
            "presets": [
                {
                    "name": p.name,
                    "summary": p.summary,
                    "target": p.rules.target,
                    "match": Match(p.rules).describe(),
                    "variant": p.rules.variant,
                }
                for p in PRESETS.values()
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
            raise ApiError(404, f"no rules preset {quoted(name)}; presets: {', '.join(PRESETS)}")
        p = PRESETS[name]
        return {
            "name": name,
            "summary": p.summary,
            "source": p.source,
            "settings": p.rules.settings(),
            "text": rules_text(p.rules),
        }

    async def create(self, request: Request) -> tuple[int, dict[str, Any]]:
        data = await read_json(request, ("preset", "target", "level", "mode", "name", "opponent"))
        token = self.token(request, required=False)
        new_token = token is None
        if token is None:
            token = secrets.token_urlsafe(32)
        preset = text_field(data, "preset", "default")
        if preset not in PRESETS:
            raise ApiError(400, f"unknown preset {quoted(preset)}; presets: {', '.join(PRESETS)}")
        level = text_field(data, "level", "simple")
        if level not in AGENTS:
            raise ApiError(400, f"unknown computer level {quoted(level)}; levels: {', '.join(AGENTS)}")
        mode = text_field(data, "mode", "practice")
        if mode not in ("practice", "rated"):
            raise ApiError(400, '"mode" must be "practice" or "rated"')
        opponent = text_field(data, "opponent", "computer")
        if opponent not in ("computer", "friend"):
            raise ApiError(400, '"opponent" must be "computer" or "friend"')
        name = check_name(text_field(data, "name", "You"))
        rules = Rules.preset(preset)
        target = int_field(data, "target", required=False)
        if target is not None:
            try:
                rules = rules.replace(target=target)
            except GinRummyError as exc:
                raise ApiError(400, f'"target": {exc}') from None
        seed, secret = self.new_secrets(self.deal_key(request))
        row = GameRow(
            id=secrets.token_urlsafe(18),
            owner=owner_of(token),
            preset=preset,
            rules=rules.settings(),
            level=level,
            mode="friend" if opponent == "friend" else mode,
            name=name,
            seed=seed,
            secret=secret,
            first_dealer=choose_first_dealer(random.Random(seed)),
        )
        seats = list(default_seats(row))
        if opponent == "friend":
            seats[1] = SeatRow(1, "open", "Friend", invite=secrets.token_urlsafe(24))
        s = GameSession(row, [], self.pool.decide, seats, stored=False)

        def start() -> dict[str, Any]:
            s.start()
            s.sync(self.store)  # the row, its seats and first actions: one transaction
            return self.table(s, HUMAN)

        try:
            table = await self.in_thread(start, level=level)
        except BotForfeit as exc:  # the computer's bot failed at once: it forfeits the game
            raise await self.in_thread(forfeit, self, s, exc) from None
        self.sessions.add(s)
        out: dict[str, Any] = {"game": table}
        if new_token:
            out["token"] = token
        return 201, out

    async def show(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as (s, seat):
            return self.table(s, seat)

    async def act(self, request: Request) -> dict[str, Any]:
        data = await read_json(request, ("action", "version", "seat"))
        version = int_field(data, "version")
        action = text_field(data, "action")
        claimed = int_field(data, "seat", required=False)
        if not action.strip():
            raise ApiError(400, 'the request must name an "action", e.g. "discard 7h"')
        async with self.game(request) as (s, seat):
            mine = f"this browser plays seat {seat} ({s.names[seat]})"
            if claimed is not None and claimed != seat:
                raise ApiError(403, f"{mine}: it cannot act for seat {claimed}")
            self.check_version(s, version)
            state = s.state
            if state is not None and not state.is_over and state.to_act != seat:
                raise ApiError(403, f"it is {s.names[state.to_act]}'s turn, not yours: {mine}")

            def play() -> dict[str, Any]:
                try:
                    progress = s.act(action, seat)
                except SessionError as exc:
                    raise ApiError(409, str(exc)) from None
                except IllegalActionError as exc:
                    raise ApiError(422, str(exc)) from None
                except GinRummyError as exc:  # a notation error: not an action at all
                    raise ApiError(400, str(exc)) from None
                self.commit(s, progress)
                return self.table(s, seat)

            out = await self.work(s, play, self.slowest(s))
            self.publish(s)
            return out

    async def _change(
        self, request: Request, change: Callable[[GameSession], Progress], plays: bool
    ) -> dict[str, Any]:
        """A versioned request that applies ``change(s)`` (returning its Progress) to the game;
        ``plays``: whether the computer may move in it."""
        data = await read_json(request, ("version",))
        version = int_field(data, "version")
        async with self.game(request) as (s, seat):
            self.check_version(s, version)

            def apply() -> dict[str, Any]:
                try:
                    progress = change(s)
                except SessionError as exc:
                    raise ApiError(409, str(exc)) from None
                self.commit(s, progress)
                return self.table(s, seat)

            out = await self.work(s, apply, self.slowest(s) if plays else None)
            self.publish(s)
            return out

    async def next_hand(self, request: Request) -> dict[str, Any]:
        return await self._change(request, GameSession.next_hand, plays=True)

    async def undo(self, request: Request) -> dict[str, Any]:
        return await self._change(request, GameSession.undo, plays=False)

    async def hint(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as (s, _seat):
            if not s.practice:
                raise ApiError(409, "hints are for practice games against the computer")

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
        async with self.game(request) as (s, seat):
            return await self.work(s, lambda: replay_json(s, seat))

    async def record(self, request: Request) -> dict[str, Any]:
        async with self.game(request) as (s, _seat):
            if not s.over:
                raise ApiError(409, "the record is available when the game is over")

            def build() -> dict[str, Any]:
                fairness = [
                    {"hand": i + 1, "commitment": s.commitment(i), "seed": str(seed), "salt": s.salt(i)}
                    for i, seed in enumerate(s.hand_seeds)
                ]
                ended = ended_json(s)
                return s.record().to_json() | {"fairness": fairness} | ({"ended": ended} if ended else {})

            return await self.work(s, build)

    async def games(self, request: Request) -> dict[str, Any]:
        token = self.token(request)
        assert token is not None
        owner = owner_of(token)

        def listing() -> list[dict[str, Any]]:
            rows = self.store.list_games(owner, 200, True)
            seats = self.store.seats_of([g.id for g in rows])
            return [game_summary(g, seats.get(g.id, []), owner) for g in rows]

        return {"games": await self.in_thread(listing)}

    async def stats(self, request: Request) -> dict[str, Any]:
        token = self.token(request)
        assert token is not None
        owner = owner_of(token)

        def count() -> dict[str, Any]:
            out = stats_json(self.store.list_games(owner, limit=100_000), self.store.hand_rows(owner))
            trend = review_trend(self.store.review_accuracies(owner, ENGINE_VERSION), last=REVIEWS_SHOWN)
            return out | {"reviews": trend}

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
        if isinstance(out, Response):
            return out
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
    store: Store | str | Path,
    test_seed: str | None = None,
    workers: int = 0,
    max_games: int = 256,
    review_worlds: int | None = None,
) -> Starlette:
    """The ASGI app over ``store`` (a :class:`Store` or a path to an SQLite file).

    ``workers``: processes for the slow levels' decisions (:mod:`ginrummy.web.workers`; 0:
    every decision in the request's thread), started with the app and stopped with it;
    ``max_games``: the idle games kept in memory; ``review_worlds``: worlds per decision of the
    reviews (default :func:`~ginrummy.web.reviews.review_samples`; each review runs in a process of
    its own when there are workers, else in a thread). ``test_seed`` (default: the environment's
    ``GINRUMMY_TEST_DEAL_SEED``) makes the deals repeatable, for tests only: with it the
    seeds are no longer secret."""
    if test_seed is None:
        test_seed = os.environ.get("GINRUMMY_TEST_DEAL_SEED") or None
    server = Server(store if isinstance(store, Store) else Store(store), test_seed, workers, max_games)
    server.reviews = ReviewJobs(server.store, workers, review_worlds or review_samples())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.pool.start()
        try:
            yield
        finally:
            server.hub.close()
            server.pool.close()
            server.reviews.close()

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
        Route("/api/games/{game_id}/join", _api(server.join), methods=["POST"]),
        Route("/api/games/{game_id}/invite", _api(server.invitation)),
        Route("/api/games/{game_id}/takeover", _api(server.takeover), methods=["POST"]),
        Route("/api/games/{game_id}/events", _api(server.events)),
        Route("/api/games/{game_id}/resign", _api(server.resign), methods=["POST"]),
        Route("/api/games/{game_id}/abandon", _api(server.abandon), methods=["POST"]),
        Route("/api/games/{game_id}/review", _api(server.review_start), methods=["POST"]),
        Route("/api/games/{game_id}/review", _api(server.review_status), methods=["GET"]),
        Route("/", _page),
        Route("/game/{game_id}", _page),
        Route("/history", _page),
        Route("/stats", _page),
        Route("/replay/{game_id}", _page),
        Route("/review/{game_id}", _page),
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
