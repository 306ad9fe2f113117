"""Load test of ``ginrummy serve``: concurrent scripted games against one server on loopback.

Starts ``ginrummy serve --port 0`` on 127.0.0.1 with a fresh SQLite file, plays ``--games``
whole games at once with scripted clients (httpx, asyncio), and reports the response
times (p50, p95, p99, max), errors, and whether every action the clients made is in the
stored record (no lost action). Bounded: loopback only, one server, ``--games`` clients.

    .venv/bin/python bench/load_web.py                 # 50 games to 100 points
    .venv/bin/python bench/load_web.py --games 10 --target 50 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def scripted(game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Gin or knock as soon as possible, pass the upcard, draw, discard the last deadwood card."""
    h = game["hand"]
    body: dict[str, Any] = {"version": game["version"]}
    if h["phase"] == "end":
        return "next", body
    legal = h["legal"]
    order = [c for m in h["hand"]["melds"] for c in m] + h["hand"]["deadwood"]
    if legal["gin"]:
        action = "gin " + legal["gin"][0]
    elif legal["knock"]:
        action = "knock " + min(legal["knock"], key=lambda k: k["deadwood"])["card"]
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


async def play_one(
    client: httpx.AsyncClient, target: int, times: list[float], errors: list[str]
) -> dict[str, Any]:
    """One whole game; returns what the client did."""
    t0 = time.perf_counter()
    r = await client.post("/api/games", json={"target": target, "level": "simple", "mode": "rated"})
    times.append(time.perf_counter() - t0)
    if r.status_code != 201:
        errors.append(f"create: {r.status_code} {r.text[:200]}")
        return {}
    data = r.json()
    game, headers = data["game"], {"x-player-token": data["token"]}
    gid = game["id"]
    human_actions = 0
    while not game["game_over"]:
        path, body = scripted(game)
        t0 = time.perf_counter()
        r = await client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
        times.append(time.perf_counter() - t0)
        if r.status_code != 200:
            errors.append(f"{gid} {path} {body}: {r.status_code} {r.text[:200]}")
            return {}
        human_actions += path == "actions"
        game = r.json()
    record = (await client.get(f"/api/games/{gid}/record", headers=headers)).json()
    stored = sum(1 for h in record["hands"] for p, _ in h["actions"] if p == 0)
    if stored != human_actions:
        errors.append(f"{gid}: {human_actions} actions made, {stored} stored")
    return {"id": gid, "hands": len(record["hands"]), "human_actions": human_actions, "stored": stored}


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    code = "from ginrummy.cli.main import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.search(r"(http://\S+?)/? ", line)
        if m:
            return proc, m.group(1).replace("localhost", "127.0.0.1")
    raise RuntimeError("the server did not start")


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


async def main_async(args: argparse.Namespace, url: str) -> dict[str, Any]:
    times: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=args.games, max_keepalive_connections=args.games)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        t0 = time.perf_counter()
        games = await asyncio.gather(
            *(play_one(client, args.target, times, errors) for _ in range(args.games))
        )
        wall = time.perf_counter() - t0
    done = [g for g in games if g]
    return {
        "games": args.games,
        "games_finished": len(done),
        "target": args.target,
        "requests": len(times),
        "errors": len(errors),
        "error_samples": errors[:5],
        "lost_actions": sum(g["human_actions"] - g["stored"] for g in done),
        "hands": sum(g["hands"] for g in done),
        "wall_s": round(wall, 2),
        "requests_per_s": round(len(times) / wall, 1),
        "p50_ms": round(pct(times, 0.50), 1),
        "p95_ms": round(pct(times, 0.95), 1),
        "p99_ms": round(pct(times, 0.99), 1),
        "max_ms": round(max(times) * 1000, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--target", type=int, default=100, help="points per game (default 100)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp) / "load.sqlite3")
        try:
            out = asyncio.run(main_async(args, url))
        finally:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 1 if out["errors"] or out["lost_actions"] or out["games_finished"] != args.games else 0


if __name__ == "__main__":
    sys.exit(main())
