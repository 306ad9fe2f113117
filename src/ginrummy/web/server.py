"""The core of the web server: the games in memory over the store, who may use them, and how a
change is stored and sent to both seats' open streams. The routes are in :mod:`ginrummy.web.app`
(and, for two people at one game, :mod:`ginrummy.web.seats`).

A request's token (the ``X-Player-Token`` header; the browser keeps it in ``localStorage``) is
checked against the game's seats before the game is replayed: a token with no seat gets 403.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import anyio
from starlette.requests import Request

from ginrummy.errors import GinRummyError, quoted
from ginrummy.storage.store import SeatRow, Store
from ginrummy.web.botplayer import BotDecisions, BotForfeit, check_forfeit, forfeit
from ginrummy.web.cache import SessionCache
from ginrummy.web.guard import ApiError
from ginrummy.web.live import Hub
from ginrummy.web.serialize import table_json
from ginrummy.web.session import GameSession, Progress
from ginrummy.web.workers import INLINE_LEVELS, DecisionPool

__all__ = [
    "CPU_THREADS",
    "DEAL_KEY_HEADER",
    "TOKEN_HEADER",
    "WAITING_THREADS",
    "BaseServer",
    "owner_of",
    "progress_of",
]

TOKEN_HEADER = "x-player-token"
DEAL_KEY_HEADER = "x-test-deal-key"
"""With a test seed only (``GINRUMMY_TEST_DEAL_SEED``): the games a request with this header
creates are dealt from the seed, the key and how many games that key has made, so that a test
that names itself plays the same deals whatever other tests the server served before. Without a
test seed the header is ignored."""
_DEAL_KEY_RE = re.compile(r"^[ -~]{1,300}$")
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32,128}$")
ID_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
T = TypeVar("T")

CPU_THREADS = 4
"""Threads for short CPU-bound work (a move against a fast level, an undo, a replay, loading a
game): the interpreter lock lets one run at a time anyway (1, 2, 4 and 40 threads served the
load test alike, bench/README.md)."""
WAITING_THREADS = 64
"""Threads for work that may wait for a slow level's decision in a worker process: they
mostly sleep, and have their own threads so that they never hold up the short work."""


def owner_of(token: str) -> str:
    """What the store keeps of a browser's token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def progress_of(s: GameSession) -> tuple[int, str, dict[str, Any] | None]:
    """What the store keeps of a game's progress (:meth:`~ginrummy.session.core.GameSession.progress`)."""
    return s.progress()


class BaseServer:
    """The games in memory (a bounded cache over the store), the open streams, and what every
    request handler shares.

    ``workers``: processes for the slow levels' decisions (0: none, all in threads);
    ``max_games``: idle games kept in memory (:class:`~ginrummy.web.cache.SessionCache`)."""

    def __init__(
        self, store: Store, test_seed: str | None = None, workers: int = 0, max_games: int = 256
    ) -> None:
        self.store = store
        self.pool = DecisionPool(workers)
        self.sessions = SessionCache(max_games)
        self.hub = Hub()
        self.test_seed = test_seed
        self.created = 0
        self._created_by_key: dict[str, int] = {}
        self._cpu = anyio.CapacityLimiter(CPU_THREADS)
        self._waiting = anyio.CapacityLimiter(WAITING_THREADS)

    def new_secrets(self, deal_key: str | None = None) -> tuple[int, str]:
        """A new game's seed (128 random bits) and secret. With a test seed (tests only:
        ``GINRUMMY_TEST_DEAL_SEED``) both are derived from it, so deals are repeatable: from the
        seed and ``deal_key`` (:data:`DEAL_KEY_HEADER`) with the key's own count of games, or,
        without a key, from the count of every game this server made."""
        self.created += 1
        if self.test_seed is None:
            return secrets.randbits(128), secrets.token_hex(32)
        if deal_key is None:
            base = f"{self.test_seed}:{self.created}"
        else:
            n = self._created_by_key.get(deal_key, 0) + 1
            self._created_by_key[deal_key] = n
            base = f"{self.test_seed}:{deal_key}:{n}"
        seed = int(hashlib.sha256(f"seed:{base}".encode()).hexdigest()[:32], 16)
        return seed, hashlib.sha256(f"secret:{base}".encode()).hexdigest()

    def deal_key(self, request: Request) -> str | None:
        """The request's :data:`DEAL_KEY_HEADER` under a test seed (else ``None``); a malformed
        key (not 1-300 printable ASCII characters) is a 400."""
        key: str | None = request.headers.get(DEAL_KEY_HEADER)
        if key is None or self.test_seed is None:
            return None
        if not _DEAL_KEY_RE.match(key):
            raise ApiError(400, f"malformed {DEAL_KEY_HEADER} header")
        return key

    async def in_thread(self, fn: Callable[..., T], *args: Any, level: str | None = None) -> T:
        """``fn(*args)`` in a worker thread, off the event loop. Work that may play a slow
        ``level`` (one not in :data:`~ginrummy.web.workers.INLINE_LEVELS`: it waits for a worker
        process, or thinks in the thread when there are none) gets one of
        :data:`WAITING_THREADS` threads; any other work, short and CPU-bound, one of
        :data:`CPU_THREADS` (more threads would only take turns at the interpreter lock)."""
        slow = level not in INLINE_LEVELS or isinstance(self.pool, BotDecisions)  # a bot may wait
        limiter = self._waiting if level is not None and slow else self._cpu
        result: T = await anyio.to_thread.run_sync(fn, *args, limiter=limiter)
        return result

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

    @staticmethod
    def game_id(request: Request) -> str:
        game_id: str = request.path_params["game_id"]
        if not ID_RE.match(game_id):
            raise ApiError(404, f"no game {quoted(game_id)}")
        return game_id

    @asynccontextmanager
    async def game(
        self, request: Request, owner: str | None = None
    ) -> AsyncIterator[tuple[GameSession, int]]:
        """The game named in the path and the seat of the request's token (or of ``owner``, a
        token's hash), held for this request alone (loaded from the store on a miss: the seats
        are checked before replaying). Raises :class:`ApiError` 401/403/404."""
        if owner is None:
            token = self.token(request)
            assert token is not None
            owner = owner_of(token)
        game_id = self.game_id(request)
        who = owner

        def check(s: GameSession) -> None:
            if s.seat_of(who) is None:
                raise ApiError(403, "this game belongs to other players: this browser has no seat in it")

        async def load() -> GameSession:
            seats = await self.in_thread(self.store.load_seats, game_id)
            if not any(s.kind == "person" and secrets.compare_digest(s.owner or "", who) for s in seats):
                if not seats:
                    raise ApiError(404, f"no game {quoted(game_id)}")
                raise ApiError(403, "this game belongs to other players: this browser has no seat in it")
            return await self.load(game_id, seats)

        async with self.sessions.use(game_id, load, check) as s:
            seat = s.seat_of(who)
            assert seat is not None
            if request.method == "POST":
                check_forfeit(s)  # the computer's bot forfeited this game: no more moves
            yield s, seat

    async def load(self, game_id: str, seats: list[SeatRow]) -> GameSession:
        """Replay a stored game (off the event loop). Raises :class:`ApiError` 404."""
        loaded = await self.in_thread(self.store.load_game, game_id)
        if loaded is None:
            raise ApiError(404, f"no game {quoted(game_id)}")
        row, actions = loaded
        return await self.in_thread(GameSession, row, actions, self.pool.decide, seats)

    async def work(self, s: GameSession, fn: Callable[[], T], level: str | None = None) -> T:
        """``fn()`` in a worker thread (:meth:`in_thread`: ``level`` the computer level it may
        play), for ``s`` (held by this request). A client error that
        changed nothing passes as it is; any other failure forgets the in-memory game (the
        next request rebuilds it from the store, which holds only completed requests)."""
        before = s.version
        try:
            return await self.in_thread(fn, level=level)
        except BotForfeit as exc:  # the computer's bot failed: it forfeits the game
            raise await self.in_thread(forfeit, self, s, exc) from None
        except (ApiError, GinRummyError):  # SessionError and IllegalActionError are ValueErrors
            if s.version == before:
                raise
            self.sessions.drop(s.row.id)
            raise RuntimeError("a request failed after changing the game") from None
        except BaseException:
            self.sessions.drop(s.row.id)
            raise

    def commit(self, s: GameSession, progress: Progress | None = None) -> None:
        """Write what changed before replying (in the request's worker thread): the core's
        :meth:`~ginrummy.session.core.GameSession.sync` (``progress``, what the change returned,
        is what it stores)."""
        s.sync(self.store)

    @staticmethod
    def check_version(s: GameSession, version: int | None) -> None:
        if version != s.version:
            raise ApiError(409, f"stale request: the game is at version {s.version}, not {version}; reload")

    @staticmethod
    def slowest(s: GameSession) -> str | None:
        """The computer level that may play in a request on ``s`` (for :meth:`in_thread`)."""
        levels = [lv for lv in (s.level(0), s.level(1)) if lv is not None]
        return next((lv for lv in levels if lv not in INLINE_LEVELS), levels[0] if levels else None)

    def table(self, s: GameSession, seat: int) -> dict[str, Any]:
        """The table for ``seat`` (:func:`~ginrummy.web.serialize.table_json`), with the
        invitation link for seat 0 while seat 1 waits for the person invited."""
        out = table_json(s, seat, self.hub.online(s.row.id))
        other = s.seats[1]
        if seat == 0 and other.kind == "open" and other.invite:
            out["invite"] = f"/game/{s.row.id}?invite={other.invite}"
        return out

    def publish(self, s: GameSession) -> None:
        """Send each open stream of the game its seat's new table (after a change, on the event loop)."""
        self.hub.publish(s.row.id, lambda seat: self.table(s, seat))
