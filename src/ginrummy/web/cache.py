"""The games in memory: a bounded cache over the store, one request at a time per game.

A game is rebuilt from its stored rows on a miss, off the event loop (:class:`~ginrummy.web.session.GameSession`
replays every action, so an evicted game resumes exactly). At most ``capacity`` games are
kept; past that the least recently used game that no request is using is dropped. Each game
has an :class:`asyncio.Lock`: a request holds it from reading the table's version to storing
what it changed, so two requests for one game run one after the other and the second sees
the first's version (a stale request is refused, HTTP 409), while requests for other games
run meanwhile. The cache itself is used from the event loop only.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from ginrummy.web.session import GameSession

__all__ = ["SessionCache"]


@dataclass(eq=False)
class _Entry:
    session: GameSession | None = None  # None while the first request loads it
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # requests holding or waiting for the lock: never evicted while > 0
    dropped: bool = False  # forgotten (its state may be half-changed): waiters load it again


class SessionCache:
    """At most ``capacity`` idle games in memory, least recently used evicted first."""

    def __init__(self, capacity: int = 256) -> None:
        if capacity < 1:
            raise ValueError(f"the cache must hold at least 1 game, not {capacity}")
        self.capacity = capacity
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def __getitem__(self, game_id: str) -> GameSession:
        session = self._entries[game_id].session
        if session is None:
            raise KeyError(game_id)
        return session

    def add(self, session: GameSession) -> None:
        """Keep a new game (just created and stored)."""
        self._entries[session.row.id] = _Entry(session)
        self._evict()

    def drop(self, game_id: str) -> None:
        """Forget a game whose in-memory state may no longer match the store (a failed
        request); the next request rebuilds it from the store."""
        entry = self._entries.pop(game_id, None)
        if entry is not None:
            entry.dropped = True

    @asynccontextmanager
    async def use(
        self,
        game_id: str,
        load: Callable[[], Awaitable[GameSession]],
        check: Callable[[GameSession], None] = lambda s: None,
    ) -> AsyncIterator[GameSession]:
        """The game, exclusively (its lock held), loaded with ``load`` on a miss.

        ``load`` raises when there is no such game or the request may not have it (it should
        refuse before replaying the game, and replay off the event loop); the requests that
        waited for a load that failed load it again themselves. ``check`` may raise to refuse
        the request, before it waits for the game when the game is in memory."""
        while True:
            entry = self._entries.get(game_id)
            if entry is None:
                entry = self._entries[game_id] = _Entry()
            elif entry.session is not None:
                check(entry.session)
            self._entries.move_to_end(game_id)
            entry.users += 1
            try:
                async with entry.lock:
                    if entry.dropped:
                        continue  # dropped while we waited: look it up again
                    if entry.session is None:
                        try:
                            entry.session = await load()
                        except BaseException:
                            self.drop(game_id)
                            raise
                    check(entry.session)
                    yield entry.session
                    return
            finally:
                entry.users -= 1
                self._evict()

    def _evict(self) -> None:
        excess = len(self._entries) - self.capacity
        if excess <= 0:
            return
        for game_id in [g for g, e in self._entries.items() if e.users == 0][:excess]:
            del self._entries[game_id]
