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

import hashlib
import json
import os
import random
import re
import secrets
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ginrummy.agents import AGENTS
from ginrummy.errors import GinRummyError, IllegalActionError
from ginrummy.hand.view import PlayerView
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import choose_first_dealer
from ginrummy.web.hints import explain
from ginrummy.web.history import game_summary, replay_json, stats_json
from ginrummy.web.rulestext import rules_text
from ginrummy.web.serialize import table_json
from ginrummy.web.session import HUMAN, GameSession, Progress, SessionError, hint_agent_name
from ginrummy.web.store import GameRow, Store

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
TOKEN_HEADER = "x-player-token"
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32,128}$")
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_MAX_BODY = 16_384
_NAME_RE = re.compile(r"^[\w .'-]{1,24}$")


class ApiError(Exception):
    """An error answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _owner(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Server:
    """The games in memory (a cache over the store) and the request handlers."""

    def __init__(self, store: Store, test_seed: str | None = None) -> None:
        self.store = store
        self.sessions: dict[str, GameSession] = {}
        self.test_seed = test_seed
        self.created = 0

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

    def session(self, request: Request) -> GameSession:
        """The game named in the path, checked against the request's token."""
        token = self.token(request)
        assert token is not None
        game_id = request.path_params["game_id"]
        s = self.sessions.get(game_id) if _ID_RE.match(game_id) else None
        if s is None and _ID_RE.match(game_id):
            loaded = self.store.load_game(game_id)
            if loaded is not None:
                s = GameSession(*loaded)
                self.sessions[game_id] = s
        if s is None:
            raise ApiError(404, f"no game {game_id!r}")
        if not secrets.compare_digest(s.row.owner, _owner(token)):
            raise ApiError(403, "this game belongs to another browser")
        return s

    @staticmethod
    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > _MAX_BODY:
            raise ApiError(413, f"request body over {_MAX_BODY} bytes")
        try:
            data = json.loads(raw or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ApiError(400, f"malformed JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ApiError(400, "the request body must be a JSON object")
        return data

    @staticmethod
    def check_version(s: GameSession, data: dict[str, Any]) -> None:
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError(400, 'the request must name the table\'s "version" (an integer)')
        if version != s.version:
            raise ApiError(409, f"stale request: the game is at version {s.version}, not {version}; reload")

    def commit(self, s: GameSession, progress: Progress) -> None:
        """Write what changed before replying; on a storage error, forget the in-memory game."""
        final = None
        if s.over:
            sm = s.game.summary()
            final = {"totals": list(sm.totals), "winner": sm.winner}
        try:
            self.store.save_progress(
                s.row.id,
                progress.actions,
                progress.hands,
                len(s.states),
                "over" if s.over else "playing",
                final,
                progress.truncate_from,
            )
        except Exception:
            self.sessions.pop(s.row.id, None)
            raise

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
        data = await self.body(request)
        token = self.token(request, required=False)
        new_token = token is None
        if token is None:
            token = secrets.token_urlsafe(32)
        preset = data.get("preset", "default")
        if preset not in PRESETS:
            raise ApiError(400, f"unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
        level = data.get("level", "simple")
        if level not in AGENTS:
            raise ApiError(400, f"unknown computer level {level!r}; levels: {', '.join(AGENTS)}")
        mode = data.get("mode", "practice")
        if mode not in ("practice", "rated"):
            raise ApiError(400, 'mode must be "practice" or "rated"')
        name = data.get("name", "You")
        if (
            not isinstance(name, str)
            or not _NAME_RE.match(name.strip())
            or name.strip().lower() == "computer"
        ):
            raise ApiError(400, "name: 1-24 letters, digits, spaces or . ' - (not 'Computer')")
        rules = Rules.preset(preset)
        if rules.discard_pickup:
            raise ApiError(
                400,
                "discard-pile pickup is played in the terminal (ginrummy play --rules pickup), not in the browser yet",
            )
        target = data.get("target")
        if target is not None:
            try:
                rules = rules.replace(target=target)
            except GinRummyError as exc:
                raise ApiError(400, str(exc)) from None
        seed, secret = self.new_secrets()
        row = GameRow(
            id=secrets.token_urlsafe(18),
            owner=_owner(token),
            preset=preset,
            rules=rules.settings(),
            level=level,
            mode=mode,
            name=name.strip(),
            seed=seed,
            secret=secret,
            first_dealer=choose_first_dealer(random.Random(seed)),
        )
        self.store.create_game(row)
        s = GameSession(row, [])
        progress = s.start()
        self.commit(s, progress)
        self.sessions[row.id] = s
        out: dict[str, Any] = {"game": table_json(s)}
        if new_token:
            out["token"] = token
        return 201, out

    async def show(self, request: Request) -> dict[str, Any]:
        return table_json(self.session(request))

    async def act(self, request: Request) -> dict[str, Any]:
        data = await self.body(request)
        s = self.session(request)
        self.check_version(s, data)
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ApiError(400, 'the request must name an "action", e.g. "discard 7h"')
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

    async def next_hand(self, request: Request) -> dict[str, Any]:
        data = await self.body(request)
        s = self.session(request)
        self.check_version(s, data)
        try:
            progress = s.next_hand()
        except SessionError as exc:
            raise ApiError(409, str(exc)) from None
        self.commit(s, progress)
        return table_json(s)

    async def undo(self, request: Request) -> dict[str, Any]:
        data = await self.body(request)
        s = self.session(request)
        self.check_version(s, data)
        try:
            progress = s.undo()
        except SessionError as exc:
            raise ApiError(409, str(exc)) from None
        self.commit(s, progress)
        return table_json(s)

    async def hint(self, request: Request) -> dict[str, Any]:
        s = self.session(request)
        if not s.practice:
            raise ApiError(409, "hints are for practice games")
        try:
            action = s.hint()
        except SessionError as exc:
            raise ApiError(409, str(exc)) from None
        state = s.state
        assert state is not None
        view: PlayerView = state.view(HUMAN)
        return explain(action, view, hint_agent_name())

    async def replay(self, request: Request) -> dict[str, Any]:
        return replay_json(self.session(request))

    async def record(self, request: Request) -> dict[str, Any]:
        s = self.session(request)
        if not s.over:
            raise ApiError(409, "the record is available when the game is over")
        fairness = [
            {"hand": i + 1, "commitment": s.commitment(i), "seed": str(seed), "salt": s.salt(i)}
            for i, seed in enumerate(s.game.hand_seeds)
        ]
        return s.record().to_json() | {"fairness": fairness}

    async def games(self, request: Request) -> dict[str, Any]:
        token = self.token(request)
        assert token is not None
        return {"games": [game_summary(g) for g in self.store.list_games(_owner(token))]}

    async def stats(self, request: Request) -> dict[str, Any]:
        token = self.token(request)
        assert token is not None
        owner = _owner(token)
        return stats_json(self.store.list_games(owner, limit=100_000), self.store.hand_rows(owner))


def _json(status: int, data: Any) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


def _api(handler: Any) -> Any:
    async def endpoint(request: Request) -> Response:
        try:
            out = await handler(request)
        except ApiError as exc:
            return _json(exc.status, {"error": exc.message})
        if isinstance(out, tuple):
            return _json(out[0], out[1])
        return _json(200, out)

    return endpoint


_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'"


async def _page(request: Request) -> Response:
    return FileResponse(
        STATIC / "index.html", headers={"Content-Security-Policy": _CSP, "Cache-Control": "no-cache"}
    )


async def _not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    return _json(
        status,
        {"error": "not found" if status == 404 else "method not allowed" if status == 405 else "error"},
    )


def create_app(store: Store | str | Path, test_seed: str | None = None) -> Starlette:
    """The ASGI app over ``store`` (a :class:`Store` or a path to an SQLite file).

    ``test_seed`` (default: the environment's ``GINRUMMY_TEST_DEAL_SEED``) makes the deals
    repeatable, for tests only: with it the seeds are no longer secret."""
    if test_seed is None:
        test_seed = os.environ.get("GINRUMMY_TEST_DEAL_SEED") or None
    server = Server(store if isinstance(store, Store) else Store(store), test_seed)
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
    app = Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_found})
    app.state.server = server
    return app
