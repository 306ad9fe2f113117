"""Two people at one game: the invitation, joining and rejoining, live updates, and the computer
taking over an abandoned seat (the routes; the core is :mod:`ginrummy.web.server`).

=============================================  ==============================================
``POST /api/games/{id}/join``                  ``{invite, name}``: take the invited seat (a new
                                               browser gets its token in the answer); the same
                                               browser again: its seat (rejoin)
``GET  /api/games/{id}/invite?invite=SECRET``  ``{open, mine}``: whether the invited seat is
                                               still free, whether this browser has a seat
``GET  /api/games/{id}/events``                server-sent events: ``table`` (this seat's
                                               table, at once and after every change) and
                                               ``presence`` (the seats online)
``POST /api/games/{id}/takeover``              ``{version, level}``: the computer plays the
                                               other seat from now on (when its person is not
                                               connected, or was never there)
=============================================  ==============================================

The invitation is a secret in the link (``/game/ID?invite=SECRET``), good for seat 1 only and for
one browser: a second browser following it gets 409 (the game is full), a wrong secret 403.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ginrummy.agents import AGENTS
from ginrummy.errors import quoted
from ginrummy.storage.store import SeatRow
from ginrummy.web.guard import ApiError, int_field, read_json, text_field
from ginrummy.web.live import sse
from ginrummy.web.server import BaseServer, owner_of
from ginrummy.web.session import SessionError

__all__ = ["NAME_RE", "SeatServer", "check_name"]

NAME_RE = re.compile(r"^[\w .'-]{1,24}$")


def check_name(name: str, taken: str | None = None) -> str:
    """A player's name: 1-24 letters, digits, spaces or ``. ' -``, not ``Computer``, not ``taken``
    (the other player's). Raises :class:`ApiError` 400."""
    name = name.strip()
    if not NAME_RE.match(name) or name.lower() == "computer":
        raise ApiError(400, "\"name\": 1-24 letters, digits, spaces or . ' - (not 'Computer')")
    if taken is not None and name.lower() == taken.lower():
        raise ApiError(400, f'"name": {taken} is the other player\'s name; choose another')
    return name


class SeatServer(BaseServer):
    """The handlers of two people at one game."""

    async def invited_seats(self, game_id: str, invite: str) -> list[SeatRow]:
        """The game's seats, once ``invite`` is its invitation. Raises :class:`ApiError` 404 (no
        such game) or 403 (not its invitation)."""
        seats = await self.in_thread(self.store.load_seats, game_id)
        if not seats:
            raise ApiError(404, f"no game {quoted(game_id)}")
        given = invite.encode("utf-8", "surrogatepass")  # as bytes: any text compares, in constant time
        if not any(s.invite and secrets.compare_digest(s.invite.encode(), given) for s in seats):
            raise ApiError(403, "this invitation link is not valid for this game")
        return seats

    async def invitation(self, request: Request) -> dict[str, Any]:
        """Whether an invitation (``?invite=SECRET``) is still open: ``open`` is false once a
        browser took the seat (or the computer plays it), so the page says the game is full
        instead of offering a form that cannot work; ``mine``: this browser holds a seat."""
        invite = request.query_params.get("invite", "")
        seats = await self.invited_seats(self.game_id(request), invite)
        token = self.token(request, required=False)
        owner = owner_of(token) if token is not None else None
        mine = owner is not None and any(s.kind == "person" and s.owner == owner for s in seats)
        return {"open": any(s.kind == "open" for s in seats), "mine": mine}

    async def join(self, request: Request) -> tuple[int, dict[str, Any]]:
        data = await read_json(request, ("invite", "name"))
        invite = text_field(data, "invite")
        token = self.token(request, required=False)
        new_token = token is None
        if token is None:
            token = secrets.token_urlsafe(32)
        owner = owner_of(token)
        game_id = self.game_id(request)
        seats = await self.invited_seats(game_id, invite)
        joined = False
        rejoin = any(s.kind == "person" and s.owner == owner for s in seats)
        async with self.sessions.use(game_id, lambda: self.load(game_id, seats)) as s:
            seat = s.seat_of(owner)
            if seat is None:
                open_seat = s.seats[1]
                if open_seat.kind != "open" or rejoin:
                    raise ApiError(409, "this game is full: the invitation was taken by another browser")
                name = check_name(text_field(data, "name", "Friend"), s.seats[0].name)
                taken = dataclasses.replace(
                    open_seat, kind="person", owner=owner, name=name, since=s.seq, epoch=open_seat.epoch + 1
                )

                def take() -> dict[str, Any]:
                    if not self.store.change_seat(game_id, taken, expect="open"):
                        raise ApiError(409, "this game is full: the invitation was taken by another browser")
                    self.commit(s, s.seat_changed(taken))
                    return self.table(s, 1)

                out = await self.work(s, take)
                self.publish(s)
                seat, joined = 1, True
            else:
                out = self.table(s, seat)
        reply: dict[str, Any] = {"game": out, "seat": seat}
        if new_token:
            reply["token"] = token
        return (201 if joined else 200), reply

    async def takeover(self, request: Request) -> dict[str, Any]:
        data = await read_json(request, ("version", "level"))
        version = int_field(data, "version")
        level = text_field(data, "level", "simple")
        if level not in AGENTS:
            raise ApiError(400, f"unknown computer level {quoted(level)}; levels: {', '.join(AGENTS)}")
        async with self.game(request) as (s, seat):
            if s.over:
                raise ApiError(409, s.ended_text() or "the game is over")
            self.check_version(s, version)
            other = s.seats[1 - seat]
            if other.kind == "computer":
                raise ApiError(409, "the computer already plays the other seat")
            if 1 - seat in self.hub.online(s.row.id):
                raise ApiError(
                    409,
                    f"{other.name} is connected: the computer takes over a seat only when its player has left",
                )
            taken = dataclasses.replace(
                other, kind="computer", level=level, since=s.seq, epoch=other.epoch + 1
            )

            def take() -> dict[str, Any]:
                if not self.store.change_seat(s.row.id, taken, expect=other.kind):
                    raise ApiError(409, "the seat changed meanwhile; reload")
                try:
                    progress = s.seat_changed(taken)
                except SessionError as exc:  # pragma: no cover - a seat change always fits
                    raise ApiError(409, str(exc)) from None
                self.commit(s, progress)
                return self.table(s, seat)

            out = await self.work(s, take, level)
            self.publish(s)
            return out

    async def events(self, request: Request) -> Response:
        async with self.game(request) as (s, seat):
            sub = self.hub.subscribe(s.row.id, seat)
            first = sse("table", self.table(s, seat))
        hub = self.hub

        async def stream() -> Any:
            try:
                async for chunk in sub.events(first):
                    yield chunk
            finally:
                hub.unsubscribe(sub)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )
