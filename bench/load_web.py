"""Load test of ``ginrummy serve``: concurrent scripted games against one server on loopback.

Starts ``ginrummy serve --port 0`` on 127.0.0.1 with a fresh SQLite file, plays ``--games``
whole games at once with scripted clients (httpx, asyncio) against computer players of
``--level``, and meanwhile times a trivial request (``GET /api/meta``, every ``--probe-ms``)
to show how long any other player waits while the computers think. It reports per kind of
request (``move``: create, actions and next hands; ``trivial``: the probe) the count and
the response times (p50, p95, p99, max in ms), the server process's CPU time per request
(Linux; its worker processes not counted), the failures (HTTP errors by status,
transport errors by exception kind, each counted: the run never stops on one), and whether
every action the clients made is in the stored record (no lost action). Bounded: loopback
only, one server, ``--games`` clients.

    .venv/bin/python bench/load_web.py                          # 50 games to 100, simple
    .venv/bin/python bench/load_web.py --games 10 --level expert --json out.json

A transport failure (the connection reset or closed under the request) leaves it unknown
whether the server applied the move: the client then reloads the table (``GET``), and an
action is counted as made when the reloaded version shows it; a game whose table cannot be
reloaded after a few tries is abandoned and counted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.web import LiveServer, scripted_action  # the web tests' client

_RESYNC_TRIES = 5


@dataclass
class Tally:
    """Response times (seconds) by kind of request, and the failures by kind."""

    times: dict[str, list[float]] = field(default_factory=lambda: {"move": [], "trivial": []})
    failures: Counter[str] = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)

    def fail(self, kind: str, detail: str) -> None:
        self.failures[kind] += 1
        if len(self.samples) < 8:
            self.samples.append(f"{kind}: {detail[:200]}")

    async def request(
        self, client: httpx.AsyncClient, kind: str, method: str, url: str, **kw: Any
    ) -> httpx.Response | None:
        """The response, or ``None`` after a transport failure (counted by exception kind)."""
        t0 = time.perf_counter()
        try:
            r = await client.request(method, url, **kw)
        except httpx.HTTPError as exc:  # reset, closed, timed out: counted, never fatal
            self.fail(f"{kind} {type(exc).__name__}", f"{method} {url}: {exc!r}")
            return None
        self.times[kind].append(time.perf_counter() - t0)
        return r


async def resync(client: httpx.AsyncClient, tally: Tally, url: str, headers: dict[str, str]) -> Any:
    """The game's table after a failed request, or ``None`` if it cannot be reloaded."""
    for attempt in range(_RESYNC_TRIES):
        r = await tally.request(client, "move", "GET", url, headers=headers)
        if r is not None and r.status_code == 200:
            return r.json()
        await asyncio.sleep(0.1 * (attempt + 1))
    return None


async def play_one(client: httpx.AsyncClient, args: argparse.Namespace, tally: Tally) -> dict[str, Any]:
    """One whole game; returns what the client did (empty if it was abandoned)."""
    choice = {"target": args.target, "level": args.level, "mode": "rated"}
    r = await tally.request(client, "move", "POST", "/api/games", json=choice)
    if r is None or r.status_code != 201:
        if r is not None:
            tally.fail(f"create HTTP {r.status_code}", r.text)
        return {}
    data = r.json()
    game, headers = data["game"], {"x-player-token": data["token"]}
    gid = game["id"]
    made = 0  # actions the server acknowledged (or a reload showed applied)
    while not game["game_over"]:
        path, body = scripted_action(game)
        r = await tally.request(
            client, "move", "POST", f"/api/games/{gid}/{path}", json=body, headers=headers
        )
        if r is not None and r.status_code == 200:
            made += path == "actions"
            game = r.json()
            continue
        if r is not None:
            tally.fail(f"{path} HTTP {r.status_code}", f"{gid} {body}: {r.text}")
        reloaded = await resync(client, tally, f"/api/games/{gid}", headers)
        if reloaded is None:
            tally.fail("abandoned", gid)
            return {}
        if reloaded["version"] != game["version"]:
            made += path == "actions"  # the request was applied; its answer was lost
        elif r is not None:  # refused with nothing changed: the script cannot go on
            tally.fail("abandoned", gid)
            return {}
        game = reloaded
    r = await tally.request(client, "move", "GET", f"/api/games/{gid}/record", headers=headers)
    if r is None or r.status_code != 200:
        tally.fail("record", gid if r is None else f"{gid}: {r.status_code}")
        return {}
    record = r.json()
    stored = sum(1 for h in record["hands"] for p, _ in h["actions"] if p == 0)
    if stored != made:
        tally.fail("lost action", f"{gid}: {made} actions made, {stored} stored")
    return {"id": gid, "hands": len(record["hands"]), "human_actions": made, "stored": stored}


async def probe(client: httpx.AsyncClient, tally: Tally, every: float, done: asyncio.Event) -> None:
    """Time ``GET /api/meta`` (no game, no computer) every ``every`` seconds until ``done``."""
    while not done.is_set():
        r = await tally.request(client, "trivial", "GET", "/api/meta")
        if r is not None and r.status_code != 200:
            tally.fail(f"trivial HTTP {r.status_code}", r.text)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), every)


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system, seconds) process ``pid`` has used so far (Linux), without
    its worker processes; ``None`` where ``/proc`` is not there."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return round(s[min(len(s) - 1, int(q * len(s)))] * 1000, 1)


def figures(values: list[float]) -> dict[str, Any]:
    return {
        "requests": len(values),
        "p50_ms": pct(values, 0.50),
        "p95_ms": pct(values, 0.95),
        "p99_ms": pct(values, 0.99),
        "max_ms": round(max(values) * 1000, 1) if values else None,
    }


async def main_async(args: argparse.Namespace, url: str, pid: int) -> dict[str, Any]:
    tally = Tally()
    cpu0 = cpu_seconds(pid)
    limits = httpx.Limits(max_connections=args.games + 1, max_keepalive_connections=args.games + 1)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        done = asyncio.Event()
        prober = asyncio.create_task(probe(client, tally, args.probe_ms / 1000, done))
        t0 = time.perf_counter()
        games = await asyncio.gather(*(play_one(client, args, tally) for _ in range(args.games)))
        wall = time.perf_counter() - t0
        done.set()
        await prober
    cpu1 = cpu_seconds(pid)
    cpu = round(cpu1 - cpu0, 2) if cpu0 is not None and cpu1 is not None else None
    finished = [g for g in games if g]
    requests = sum(len(v) for v in tally.times.values())
    return {
        "games": args.games,
        "level": args.level,
        "target": args.target,
        "games_finished": len(finished),
        "hands": sum(g["hands"] for g in finished),
        "requests": requests,
        "failures": sum(tally.failures.values()),
        "failures_by_kind": dict(sorted(tally.failures.items())),
        "failure_samples": tally.samples,
        "lost_actions": sum(g["human_actions"] - g["stored"] for g in finished),
        "wall_s": round(wall, 2),
        "requests_per_s": round(requests / wall, 1),
        "server_cpu_s": cpu,
        "server_cpu_ms_per_request": round(cpu * 1000 / requests, 2)
        if cpu is not None and requests
        else None,
        "move": figures(tally.times["move"]),
        "trivial": figures(tally.times["trivial"]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--target", type=int, default=100, help="points per game (default 100)")
    parser.add_argument("--level", default="simple", help="the computer's level (default simple)")
    parser.add_argument(
        "--probe-ms", type=float, default=100, help="interval of the trivial request (default 100 ms)"
    )
    parser.add_argument(
        "--workers", type=int, help="the server's --workers (default: the server's own default)"
    )
    parser.add_argument(
        "--server-pythonpath", help="PYTHONPATH of the server process (to measure another checkout)"
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    options = ["--host", "127.0.0.1"] + ([] if args.workers is None else ["--workers", str(args.workers)])
    env = {"PYTHONPATH": args.server_pythonpath} if args.server_pythonpath else None
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "load.sqlite3", env, options).start()
        try:
            assert server.proc is not None
            out = asyncio.run(main_async(args, server.url, server.proc.pid))
        finally:
            server.stop()
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 1 if out["failures"] or out["lost_actions"] or out["games_finished"] != args.games else 0


if __name__ == "__main__":
    sys.exit(main())
