"""A server killed mid-game (SIGKILL) and started again resumes the game from the same state;
its worker processes end with it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from helpers.web import LiveServer, scripted_action

httpx = pytest.importorskip("httpx2", reason="the web extra is not installed: pip install -e '.[web]'")


def children(server: LiveServer) -> list[int]:
    """The ids of the server process's child processes (its decision workers; Linux)."""
    assert server.proc is not None
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == server.proc.pid:
            found.append(int(stat.parent.name))
    return found


def gone_with(pids: list[int], wait: float = 20) -> None:
    """The processes end (within ``wait`` seconds) once their server is killed."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        alive = [p for p in pids if Path(f"/proc/{p}").exists() and "Z" not in _state(p)]
        if not alive:
            return
        time.sleep(0.2)
    raise AssertionError(f"worker processes {alive} outlived their killed server")


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


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
        workers = children(server)
        assert workers or not Path("/proc").is_dir()  # one worker per CPU, started with the server
        server.kill()
        gone_with(workers)
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
