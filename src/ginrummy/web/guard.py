"""What a request must be before the server looks at it, and the headers every answer carries.

* A request with a body is JSON: ``Content-Type: application/json`` (else HTTP 415; a page
  on another site cannot send that without the browser asking first), at most
  :data:`MAX_BODY` bytes (else 413: a ``Content-Length`` over it is refused before reading,
  and a body sent without one is read in chunks and refused as soon as it passes the limit,
  so no more than the limit is ever held), and a JSON object (else 400) of the fields the
  route takes and no other (else 400 naming the unknown ones).
* Each field has its type (:func:`text_field`, :func:`int_field`): a field of another type is
  refused with 400 and a message naming it, never a server error.
* Every response carries :data:`SECURITY_HEADERS` (:class:`SecurityHeaders`): a content
  security policy that allows the page's own files only and no framing, ``nosniff``, no referrer.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ginrummy.errors import quoted

__all__ = [
    "MAX_BODY",
    "SECURITY_HEADERS",
    "ApiError",
    "SecurityHeaders",
    "int_field",
    "read_json",
    "text_field",
    "unknown_fields",
]

MAX_BODY = 16_384
"""The largest request body accepted, in bytes."""

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""Set on every response (pages, static files, API answers and errors alike)."""


class ApiError(Exception):
    """An error answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class SecurityHeaders:
    """ASGI middleware: adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_secured)


async def read_json(request: Request, fields: Collection[str], limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object (``{}`` for an empty body), whose keys are among ``fields``.

    Raises :class:`ApiError`: 415 (not ``application/json``), 413 (over ``limit`` bytes, by
    ``Content-Length`` or while reading), 400 (a bad ``Content-Length``, not JSON, not an object,
    a field not in ``fields``: the message names the unknown fields and the ones taken)."""
    ctype = request.headers.get("content-type", "")
    if ctype.split(";", 1)[0].strip().lower() != "application/json":
        shown = ctype.split(";", 1)[0].strip()[:60] or "none"
        raise ApiError(415, f"the request body must be JSON (Content-Type: application/json), not {shown}")
    length = request.headers.get("content-length")
    if length is not None:
        if not length.strip().isdigit():
            raise ApiError(400, "malformed Content-Length header")
        if int(length) > limit:
            raise ApiError(413, f"request body over {limit} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise ApiError(413, f"request body over {limit} bytes")
    try:
        data = json.loads(bytes(raw) or b"{}")
    except ValueError as exc:  # not JSON, not UTF-8, an integer of over 4300 digits
        raise ApiError(400, f"malformed JSON: {exc}") from None
    except RecursionError:
        raise ApiError(400, "malformed JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    unknown = [key for key in data if key not in fields]
    if unknown:
        raise ApiError(400, unknown_fields(unknown, fields))
    return data


def unknown_fields(unknown: list[str], fields: Collection[str], shown: int = 5) -> str:
    """The message for fields a request does not take: the first ``shown`` of them (quoted, cut
    short), how many more, and the fields taken."""
    names = ", ".join(quoted(key) for key in unknown[:shown])
    if len(unknown) > shown:
        names += f" and {len(unknown) - shown} more"
    taken = ", ".join(f'"{f}"' for f in fields) or "none"
    return f"unknown field{'s' if len(unknown) > 1 else ''} {names}; this request takes {taken}"


def _type_name(value: Any) -> str:
    return {
        type(None): "null",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def text_field(data: dict[str, Any], name: str, default: str | None = None) -> str:
    """``data[name]``, a string; ``default`` when absent (required when ``default`` is None).
    Raises :class:`ApiError` 400 naming the field."""
    value = data.get(name, default)
    if not isinstance(value, str):
        if value is None and name not in data:
            raise ApiError(400, f'the request must name "{name}" (a string)')
        raise ApiError(400, f'"{name}" must be a string, not {_type_name(value)}')
    return value


def int_field(data: dict[str, Any], name: str, required: bool = True) -> int | None:
    """``data[name]``, an integer (not a boolean); ``None`` when absent or null and not
    ``required``. Raises :class:`ApiError` 400 naming the field."""
    value = data.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        if value is None:
            raise ApiError(400, f'the request must name "{name}" (an integer)')
        raise ApiError(400, f'"{name}" must be an integer, not {_type_name(value)}')
    return value
