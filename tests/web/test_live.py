"""The live stream (server-sent events) against a real server: the other seat's move arrives
without polling, as the watching seat's own view; the computer may take over only a seat whose
person has left."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.web import LiveServer, scripted_action

httpx = pytest.importorskip("httpx", reason="the web extra is not installed: pip install -e '.[web]'")
H = "x-player-token"


def events(
    client: Any, url: str, headers: dict[str, str], out: queue.Queue[Any], stop: threading.Event
) -> None:
    """Read ``url``'s event stream into ``out`` as ``(event, data)`` until ``stop`` (the client
    is closed under it then)."""
    try:
        with client.stream("GET", url, headers=headers, timeout=30) as r:
            out.put(("status", r.status_code, r.headers.get("content-type")))
            event = None
            for line in r.iter_lines():
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: "):
                    out.put((event, json.loads(line[6:])))
    except httpx.HTTPError:
        if not stop.is_set():
            raise


def next_table(out: queue.Queue[Any]) -> dict[str, Any]:
    while True:
        item = out.get(timeout=20)
        if item[0] == "table":
            data: dict[str, Any] = item[1]
            return data


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "games.sqlite3", env={"GINRUMMY_TEST_DEAL_SEED": "live"}).start()
    yield live
    live.stop()


def test_moves_arrive_live_and_takeover_waits_for_the_seat_to_leave(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as client:
        created = client.post("/api/games", json={"opponent": "friend", "name": "Ann"}).json()
        gid, ann = created["game"]["id"], {H: created["token"]}
        invite = created["game"]["invite"].split("invite=")[1]
        joined = client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": "Bob"}).json()
        bob = {H: joined["token"]}
        assert client.get(f"/api/games/{gid}/events").status_code == 401
        assert client.get(f"/api/games/{gid}/events", headers={H: "z" * 43}).status_code == 403
        out: queue.Queue[Any] = queue.Queue()
        stop = threading.Event()
        with httpx.Client(base_url=server.url, timeout=20) as watcher:
            t = threading.Thread(target=events, args=(watcher, f"/api/games/{gid}/events", bob, out, stop))
            t.start()
            assert out.get(timeout=20)[1:] == (200, "text/event-stream; charset=utf-8")
            first = next_table(out)
            assert first["you"] == 1 and first["seats"][1]["online"]
            # Bob is connected: Ann cannot hand his seat to the computer
            r = client.post(f"/api/games/{gid}/takeover", json={"version": first["version"]}, headers=ann)
            assert r.status_code == 409 and "connected" in r.json()["error"]
            table = client.get(f"/api/games/{gid}", headers=ann).json()
            for _ in range(6):  # a few moves by whoever is to act; Bob's stream follows each
                mover = table["hand"]["to_act"]
                path, body = scripted_action(
                    table if mover == 0 else client.get(f"/api/games/{gid}", headers=bob).json()
                )
                r = client.post(f"/api/games/{gid}/{path}", json=body, headers=ann if mover == 0 else bob)
                assert r.status_code == 200, r.text
                pushed = next_table(out)
                while pushed["version"] < r.json()["version"]:
                    pushed = next_table(out)
                assert pushed == client.get(f"/api/games/{gid}", headers=bob).json()
                assert (
                    pushed["you"] == 1 and pushed["hand"]["hand"] != r.json()["hand"]["hand"]
                ) or mover == 1
                table = client.get(f"/api/games/{gid}", headers=ann).json()
            stop.set()
        t.join(30)
        # Bob has left: now the computer may take his seat
        for _ in range(300):  # up to a minute, only against a hang: a loaded machine may be slow to notice
            r = client.post(
                f"/api/games/{gid}/takeover",
                json={"version": table["version"], "level": "simple"},
                headers=ann,
            )
            if r.status_code == 200:
                break
            threading.Event().wait(0.2)  # the server notices the closed stream
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1]["kind"] == "computer"


def test_a_match_and_a_pickup_game_resume_after_a_kill(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = LiveServer(db).start()
    games: dict[str, tuple[str, dict[str, str], dict[str, Any]]] = {}
    try:
        with httpx.Client(base_url=server.url, timeout=20) as client:
            for preset, target in (("pickup", 250), ("tournament", 10)):
                created = client.post("/api/games", json={"preset": preset, "target": target}).json()
                gid, auth, t = created["game"]["id"], {H: created["token"]}, created["game"]
                for n in range(600):  # into the hand, and past the first game of the match
                    path, body = scripted_action(t)
                    r = client.post(f"/api/games/{gid}/{path}", json=body, headers=auth)
                    assert r.status_code == 200, r.text
                    t = r.json()
                    if t["game_over"] or (n > 20 and (preset == "pickup" or t["game_number"] > 1)):
                        break
                games[preset] = gid, auth, client.get(f"/api/games/{gid}", headers=auth).json()
        assert games["tournament"][2]["game_number"] > 1
        server.kill()
    finally:
        server.stop()
    server = LiveServer(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=20) as client:
            for gid, auth, before in games.values():
                assert client.get(f"/api/games/{gid}", headers=auth).json() == before
    finally:
        server.stop()
