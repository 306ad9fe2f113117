"""Shared by the web tests and ``bench/load_web.py``: a scripted player over the API's JSON, and a
live server process."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ginrummy.cards import format_cards
from ginrummy.hand.phase import Phase
from ginrummy.variants.standard.state import HandState
from ginrummy.web.session import GameSession

CARD = re.compile(r"^[A2-9TJQK][cdhs]$")

DEAL_KEY: list[str] = []
"""The running test's deal key (its node id, set by an autouse fixture of ``tests/web/conftest.py``):
:func:`call` and the browsers of :class:`KeyedBrowser` send it in the ``X-Test-Deal-Key`` header,
so that a server under a test seed deals that test the same games whatever it served before
(another test, on the same xdist worker, in any order)."""


def deal_headers() -> dict[str, str]:
    """The ``X-Test-Deal-Key`` header of the running test (none outside a web test)."""
    return {"X-Test-Deal-Key": DEAL_KEY[-1]} if DEAL_KEY else {}


class KeyedBrowser:
    """A Playwright ``Browser`` whose new contexts send :func:`deal_headers` with every request."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **kw: Any) -> Any:
        headers = {**deal_headers(), **kw.pop("extra_http_headers", {})}
        return self._browser.new_context(extra_http_headers=headers, **kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def scripted_action(game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The scripted client's next request ``(path, body)``: gin or knock at the lowest
    deadwood as soon as possible, pass the upcard, draw from the stock, discard the last
    discardable card in display order (the same choices the browser test clicks)."""
    h = game["hand"]
    body: dict[str, Any] = {"version": game["version"]}
    if h["phase"] == "end":
        return "next", body
    if h.get("variant") == "pickup":
        return "actions", body | {"action": pickup_action(h)}
    legal = h["legal"]
    order = [c for m in h["hand"]["melds"] for c in m] + h["hand"]["deadwood"]
    if legal["gin"]:
        action = "gin " + legal["gin"][0]
    elif legal["knock"]:
        action = "knock " + sorted(legal["knock"], key=lambda k: k["deadwood"])[0]["card"]
    elif legal["big_gin"]:
        action = "big-gin"
    elif legal["layoff"]:
        action = "layoff"
    elif legal["pass"]:
        action = "pass"
    elif legal["draw"]:
        action = "draw"
    elif legal["discard"]:
        action = "discard " + [c for c in order if c in legal["discard"]][-1]
    else:
        action = "take"
    return "actions", body | {"action": action}


def never_knock(game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A scripted human who never knocks (so the computer does, and you lay off): passes the
    upcard, draws from the stock, discards the highest deadwood card, lays down the best plan."""
    h, body = game["hand"], {"version": game["version"]}
    if h["phase"] == "end":
        return "next", body
    legal = h["legal"]
    if legal["pass"]:
        return "actions", body | {"action": "pass"}
    if legal["draw"]:
        return "actions", body | {"action": "draw"}
    if legal["discard"]:
        rank = "A23456789TJQK"
        worst = max(legal["discard"], key=lambda c: (c in h["hand"]["deadwood"], rank.index(c[0])))
        return "actions", body | {"action": "discard " + worst}
    return "actions", body | {"action": "layoff"}


def pickup_action(h: dict[str, Any]) -> str:
    """A discard-pile pickup move from the page's JSON: take the most cards the pile allows when
    more than one, else draw (pass the upcard); lay any meld, then add to a table meld, then
    discard the last discardable card in display order."""
    legal = h["legal"]
    if legal["melds"]:
        return "meld " + " ".join(legal["melds"][0])
    if legal["adds"]:
        card, meld = legal["adds"][0]
        return f"add {card}:{meld + 1}"
    if legal["take"] and max(legal["take"]) > 1:
        return f"take {max(legal['take'])}"
    if legal["draw"]:
        return "draw"
    if legal["pass"]:
        return "pass"
    if legal["discard"]:
        order = [c for m in h["hand"]["melds"] for c in m] + h["hand"]["deadwood"]
        return "discard " + str([c for c in order if c in legal["discard"]][-1])
    return "take 1"


def hidden_from(s: GameSession, seat: int) -> set[str]:
    """What ``seat`` may not see now: the other hand's cards not known to be held, and the stock."""
    state = s.state
    assert state is not None
    if state.phase is Phase.END:
        return {str(c) for c in state.stock}
    other = 1 - seat
    secret = state.hand(other) & ~state.known[other]
    if state.phase is Phase.LAYOFF and isinstance(state, HandState) and state.knocker == other:
        secret = 0
    return set(format_cards(secret).split()) | {str(c) for c in state.stock}


def strings(
    data: Any, skip: frozenset[str] = frozenset({"id", "token", "commitment", "salt", "seed"})
) -> list[str]:
    """Every card-like token in a JSON value (strings split on non-alphanumerics)."""
    out: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k not in skip:
                out += strings(v, skip)
    elif isinstance(data, list):
        for v in data:
            out += strings(v, skip)
    elif isinstance(data, str):
        out += [t for t in re.split(r"[^A-Za-z0-9]+", data) if CARD.match(t)]
    return out


def call(server: LiveServer, method: str, path: str, token: str | None, body: Any = None) -> Any:
    """One API request to a live server (the token in its header); returns the JSON answer."""
    req = urllib.request.Request(
        server.url + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            **deal_headers(),
            **({"X-Player-Token": token} if token else {}),
        },
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class LiveServer:
    """``ginrummy serve`` in a subprocess on a free loopback port (``args``: more options of
    ``serve``, e.g. ``--workers 2``; ``env``: added to the environment)."""

    def __init__(self, db: Path, env: dict[str, str] | None = None, args: Sequence[str] = ()) -> None:
        self.db = db
        self.env = {**os.environ, **(env or {})}
        self.args = list(args)
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> LiveServer:
        code = "from ginrummy.cli.main import main; main()"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", "0", "--db", str(self.db), *self.args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=self.env,
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            m = re.search(r"(http://\S+?)/? ", line)
            if m:
                self.url = m.group(1).replace("localhost", "127.0.0.1")
                return self
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
