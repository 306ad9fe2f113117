"""A server killed mid-game (SIGKILL) and started again resumes the game from the same state."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.web import LiveServer, scripted_action

httpx = pytest.importorskip("httpx2")


def test_kill_and_restart_resumes_the_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = LiveServer(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            created = client.post("/api/games", json={"level": "simple"}).json()
            gid, headers, game = created["game"]["id"], {"x-player-token": created["token"]}, created["game"]
            for _ in range(7):  # a few moves into the first hand
                path, body = scripted_action(game)
                r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
                assert r.status_code == 200, r.text
                game = r.json()
            before = client.get(f"/api/games/{gid}", headers=headers).json()
        server.kill()
    finally:
        server.stop()
    server = LiveServer(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            after = client.get(f"/api/games/{gid}", headers=headers).json()
            assert after == before
            path, body = scripted_action(after)
            r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
            assert r.status_code == 200, r.text
            assert r.json()["version"] > after["version"]
    finally:
        server.stop()
