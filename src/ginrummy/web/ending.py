"""Ending a game before its rules end it (the routes; the core is :mod:`ginrummy.web.server`).

=============================================  ==============================================
``POST /api/games/{id}/resign``                ``{version, seat?}``: the player resigns; the
                                               other side wins the game (a match: all of it)
                                               at the scores reached
``POST /api/games/{id}/abandon``               ``{version, seat?}``: a game against the
                                               computer is set aside, neither won nor lost
=============================================  ==============================================

Both are stored at once (:meth:`~ginrummy.storage.store.Store.end_game`: which ending and who)
and sent to the other seat's open streams, so a friend sees the resignation live. Refused with
409 when the game is already over (or, to abandon, played between two people), 403 when the
request names a seat that is not the browser's (``seat``, optional), 409 for a stale version;
nothing changes then. Nothing hidden is shown: the hand being played stays as each seat saw it.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from ginrummy.storage.store import ABANDONED, RESIGNED
from ginrummy.web.guard import ApiError, int_field, read_json
from ginrummy.web.server import BaseServer
from ginrummy.web.session import SessionError

__all__ = ["EndingServer"]


class EndingServer(BaseServer):
    """The handlers of resigning and abandoning."""

    async def resign(self, request: Request) -> dict[str, Any]:
        return await self._end(request, RESIGNED)

    async def abandon(self, request: Request) -> dict[str, Any]:
        return await self._end(request, ABANDONED)

    async def _end(self, request: Request, how: str) -> dict[str, Any]:
        data = await read_json(request, ("version", "seat"))
        version = int_field(data, "version")
        claimed = int_field(data, "seat", required=False)
        verb = "resign" if how == RESIGNED else "abandon the game"
        async with self.game(request) as (s, seat):
            if claimed is not None and claimed != seat:
                raise ApiError(
                    403,
                    f"this browser plays seat {seat} ({s.names[seat]}): it cannot {verb} for seat {claimed}",
                )
            try:
                row = s.ending(how, seat)
            except SessionError as exc:
                raise ApiError(409, str(exc)) from None
            self.check_version(s, version)

            def store() -> dict[str, Any]:
                if not self.store.end_game(s.row.id, how, seat, row.status, row.final):
                    raise ApiError(409, "the game changed meanwhile; reload")
                s.row = row
                return self.table(s, seat)

            out = await self.work(s, store)
            self.publish(s)
            return out
