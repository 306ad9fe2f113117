"""Live updates: each open connection of a seat to a game gets the table as it changes, as
server-sent events (``text/event-stream``), so the other player's moves appear without polling.

The :class:`Hub` keeps the subscribers per game (used from the event loop only). After a request
changed a game, the server publishes each subscribed seat's own table (built from that seat's
view, never the other's); a subscriber that has not read its last table yet gets only the newest
one. When a seat connects or leaves, the other seat gets a ``presence`` event (which seats are
online), so the page can offer the computer to take over an abandoned seat.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["PING_SECONDS", "Hub", "Subscriber", "sse"]

PING_SECONDS = 15.0
"""A comment line is sent after this many idle seconds: it keeps proxies from closing the
stream and lets the server notice a browser that went away."""


def sse(event: str, data: Any) -> str:
    """One server-sent event: ``event: NAME`` and its JSON ``data`` on one line.

    >>> sse("presence", {"online": [0]})
    'event: presence\\ndata: {"online": [0]}\\n\\n'
    """
    return f"event: {event}\ndata: {json.dumps(data, separators=(', ', ': '))}\n\n"


@dataclass(eq=False)
class Subscriber:
    """One open stream: the ``game_id`` and ``seat`` it watches and the events not yet sent
    (the newest table replaces an unsent one; ``None`` ends the stream)."""

    game_id: str
    seat: int
    pending: dict[str, Any] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    def put(self, event: str, data: Any) -> None:
        self.pending[event] = data
        self.wake.set()

    def close(self) -> None:
        self.closed = True
        self.wake.set()

    async def events(self, first: str) -> AsyncIterator[str]:
        """The stream's text: ``first``, then each event as it comes, a ping when idle."""
        yield first
        while not self.closed:
            try:
                await asyncio.wait_for(self.wake.wait(), PING_SECONDS)
            except TimeoutError:
                yield ": ping\n\n"
                continue
            self.wake.clear()
            pending, self.pending = self.pending, {}
            for event, data in pending.items():
                yield sse(event, data)


class Hub:
    """The open streams, by game."""

    def __init__(self) -> None:
        self._subs: dict[str, list[Subscriber]] = {}

    def online(self, game_id: str) -> set[int]:
        """The seats with a stream open to the game."""
        return {sub.seat for sub in self._subs.get(game_id, [])}

    def subscribe(self, game_id: str, seat: int) -> Subscriber:
        sub = Subscriber(game_id, seat)
        self._subs.setdefault(game_id, []).append(sub)
        self._presence(game_id)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        subs = self._subs.get(sub.game_id, [])
        if sub in subs:
            subs.remove(sub)
            if not subs:
                del self._subs[sub.game_id]
        self._presence(sub.game_id)

    def publish(
        self, game_id: str, table: Callable[[int], dict[str, Any]], skip: Subscriber | None = None
    ) -> None:
        """Send each subscriber of the game its seat's ``table(seat)`` (built once per seat)."""
        built: dict[int, dict[str, Any]] = {}
        for sub in self._subs.get(game_id, []):
            if sub is skip:
                continue
            if sub.seat not in built:
                built[sub.seat] = table(sub.seat)
            sub.put("table", built[sub.seat])

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        for subs in self._subs.values():
            for sub in subs:
                sub.close()

    def _presence(self, game_id: str) -> None:
        online = sorted(self.online(game_id))
        for sub in self._subs.get(game_id, []):
            sub.put("presence", {"online": online})
