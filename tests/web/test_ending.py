"""Ending a game early over the API: resigning (the other side wins; stored with who resigned;
history, statistics, replay and record say so; pushed live to the other seat) and abandoning a
game against the computer (neither won nor lost), and the refusals: a finished game, another
seat, a stale version, a game between two people abandoned, any move after the end."""

from __future__ import annotations

import json
import queue
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ginrummy.cli.main import main as cli
from ginrummy.records import GameRecord
from ginrummy.storage.store import SCHEMA_VERSION, Store
from ginrummy.web.session import GameSession
from helpers.web import LiveServer, hidden_from, scripted_action, strings

H = "x-player-token"


def new_game(client: TestClient, **choice: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    body = {"preset": "default", "level": "simple", "mode": "practice", "target": 100} | choice
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["game"]["id"], {H: data["token"]}, data["game"]


def session_of(client: TestClient, gid: str) -> GameSession:
    s: GameSession = client.app.state.server.sessions[gid]
    return s


def session_parts(client: TestClient, gid: str) -> tuple[Any, Any]:
    """The session's game and hand states (what its record is made from)."""
    s = session_of(client, gid)
    return s.game, s.states


def stored(client: TestClient, gid: str) -> Any:
    store: Store = client.app.state.server.store
    loaded = store.load_game(gid)
    assert loaded is not None
    return loaded[0]


def moves(
    client: TestClient, gid: str, headers: dict[str, str], game: dict[str, Any], n: int
) -> dict[str, Any]:
    """``n`` scripted moves (fewer if the hand ends first)."""
    for _ in range(n):
        if game["hand"]["phase"] == "end":
            break
        path, body = scripted_action(game)
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
        assert r.status_code == 200, r.text
        game = r.json()
    return game


def test_resign_against_the_computer(app_client: TestClient) -> None:
    gid, me, game = new_game(app_client, mode="rated")
    game = moves(app_client, gid, me, game, 4)
    url = f"/api/games/{gid}/resign"
    # someone else's seat, a stale version, no token: refused, nothing changes
    r = app_client.post(url, json={"version": game["version"], "seat": 1}, headers=me)
    assert r.status_code == 403 and "cannot resign for seat 1" in r.json()["error"]
    assert app_client.post(url, json={"version": game["version"] - 1}, headers=me).status_code == 409
    assert app_client.post(url, json={"version": game["version"]}).status_code == 401
    _, stranger, _ = new_game(app_client)
    assert app_client.post(url, json={"version": game["version"]}, headers=stranger).status_code == 403
    assert stored(app_client, gid).ended is None
    totals = game["sheet"]["totals"]
    r = app_client.post(url, json={"version": game["version"]}, headers=me)
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["game_over"] and done["version"] != game["version"]
    assert done["ended"] == {"how": "resigned", "by": 0, "winner": 1, "totals": totals, "hand": 1}
    assert not done["can_hint"] and not done["can_undo"]
    s = session_of(app_client, gid)
    assert not set(strings(done)) & hidden_from(s, 0)  # the hand being played stays hidden
    row = stored(app_client, gid)
    assert (row.status, row.ended, row.ended_by) == ("over", "resigned", 0)
    assert row.final == {"totals": totals, "winner": 1, "resigned": 0}
    # rebuilt from the store (a restart, or the game dropped from memory): still resigned
    app_client.app.state.server.sessions.drop(gid)
    again = app_client.get(f"/api/games/{gid}", headers=me).json()
    assert again["ended"] == done["ended"] and again["version"] == done["version"] and again["game_over"]
    # nothing more happens in it
    for path, body in (
        ("resign", {}),
        ("abandon", {}),
        ("actions", {"action": "draw"}),
        ("next", {}),
        ("undo", {}),
        ("takeover", {}),
    ):
        r = app_client.post(f"/api/games/{gid}/{path}", json=body | {"version": done["version"]}, headers=me)
        assert r.status_code == 409 and "You resigned it" in r.json()["error"], (path, r.text)
    assert app_client.get(f"/api/games/{gid}/hint", headers=me).status_code == 409
    # history, statistics, replay and record say so
    (line,) = app_client.get("/api/games", headers=me).json()["games"]
    assert line["ended"] == "resigned" and line["ended_by"] == 0 and line["final"]["winner"] == 1
    assert line["names"] == ["You", "Computer"] and line["you"] == 0 and line["opponent"] == "computer"
    (rated,) = app_client.get("/api/stats", headers=me).json()["rated"]
    assert (rated["games_finished"], rated["games_won"], rated["resigned"], rated["abandoned"]) == (
        1,
        0,
        1,
        0,
    )
    replay = app_client.get(f"/api/games/{gid}/replay", headers=me).json()
    assert replay["ended"]["how"] == "resigned" and replay["you"] == 0 and replay["game_over"]
    record = app_client.get(f"/api/games/{gid}/record", headers=me)
    assert record.status_code == 200 and record.json()["ended"]["by"] == 0


def test_a_resigned_games_record_verifies_and_replays_to_where_it_stopped(
    app_client: TestClient, tmp_path: Path
) -> None:
    gid, me, game = new_game(app_client, mode="rated")
    game = moves(app_client, gid, me, game, 6)
    r = app_client.post(f"/api/games/{gid}/resign", json={"version": game["version"]}, headers=me)
    assert r.status_code == 200, r.text
    record = app_client.get(f"/api/games/{gid}/record", headers=me).json()
    assert record["ended"]["how"] == "resigned"
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps(record))
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 0, out.output
    n = len(record["fairness"])
    assert f"{n} of {n} deals verified" in out.output
    # the record replays to where the player resigned: the hand being played, unfinished
    loaded = GameRecord.load(json.dumps(record))
    replayed = loaded.replay()
    assert not replayed.is_over and list(replayed.totals) == game["sheet"]["totals"]
    assert (
        loaded.hands[-1].to_json()
        == GameRecord.from_game(*session_parts(app_client, gid)).hands[-1].to_json()
    )
    # a record whose deal was changed after the fact does not verify
    record["fairness"][-1]["salt"] = "0" * len(record["fairness"][-1]["salt"])
    path.write_text(json.dumps(record))
    bad = CliRunner().invoke(cli, ["verify", str(path)])
    assert bad.exit_code == 1 and "FAILED" in bad.output


def test_abandon_is_neither_won_nor_lost(app_client: TestClient) -> None:
    gid, me, game = new_game(app_client)
    r = app_client.post(f"/api/games/{gid}/abandon", json={"version": game["version"]}, headers=me)
    assert r.status_code == 200, r.text
    assert r.json()["ended"]["how"] == "abandoned" and r.json()["ended"]["winner"] is None
    row = stored(app_client, gid)
    assert (row.status, row.ended, row.ended_by, row.final) == ("abandoned", "abandoned", 0, None)
    (practice,) = app_client.get("/api/stats", headers=me).json()["practice"]
    assert (practice["games"], practice["games_finished"], practice["games_won"]) == (1, 0, 0)
    assert (practice["abandoned"], practice["resigned"]) == (1, 0)
    (line,) = app_client.get("/api/games", headers=me).json()["games"]
    assert line["status"] == "abandoned" and line["ended"] == "abandoned"
    r = app_client.post(f"/api/games/{gid}/resign", json={"version": r.json()["version"]}, headers=me)
    assert r.status_code == 409 and "abandoned" in r.json()["error"]
    # a new game after it: "Play again"
    again, _, _ = new_game(app_client)
    assert again != gid


def test_two_people_resign_and_abandon(app_client: TestClient) -> None:
    r = app_client.post("/api/games", json={"opponent": "friend", "name": "Ann", "target": 50})
    gid, ann, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    invite = game["invite"].split("invite=")[1]
    joined = app_client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": "Bob"})
    bob = {H: joined.json()["token"]}
    game = joined.json()["game"]
    r = app_client.post(f"/api/games/{gid}/abandon", json={"version": game["version"]}, headers=bob)
    assert r.status_code == 409 and "resign" in r.json()["error"]
    r = app_client.post(f"/api/games/{gid}/resign", json={"version": game["version"], "seat": 0}, headers=bob)
    assert r.status_code == 403
    r = app_client.post(f"/api/games/{gid}/resign", json={"version": game["version"]}, headers=bob)
    assert r.status_code == 200 and r.json()["ended"]["by"] == 1 and r.json()["ended"]["winner"] == 0
    seen = app_client.get(f"/api/games/{gid}", headers=ann).json()
    assert seen["ended"]["by"] == 1 and seen["game_over"]
    for who, you in ((ann, 0), (bob, 1)):
        (line,) = app_client.get("/api/games", headers=who).json()["games"]
        assert line["names"] == ["Ann", "Bob"] and line["you"] == you and line["opponent"] == "person"
        assert line["ended"] == "resigned" and line["ended_by"] == 1


def test_an_older_store_gets_the_ending_columns(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)  # make it a version 1 file: no ending columns
    db.executescript(
        "ALTER TABLE games DROP COLUMN ended; ALTER TABLE games DROP COLUMN ended_by; PRAGMA user_version = 1;"
    )
    db.execute(
        "INSERT INTO games (id, owner, created, updated, preset, rules, level, mode, name, seed, secret,"
        " first_dealer, hands_dealt) VALUES ('g1', 'o', 1, 1, 'default', '{}', 'simple', 'rated', 'You', '7',"
        " 's', 0, 1)"
    )
    db.commit()
    db.close()
    store = Store(path)
    (row,) = store.list_games("o")
    assert row.ended is None and row.ended_by is None
    assert store.end_game("g1", "resigned", 0, "over", {"winner": 1})
    assert not store.end_game("g1", "abandoned", 0, "abandoned", None)  # once only
    with pytest.raises(ValueError):
        store.end_game("g1", "conceded", 0, "over", None)
    (row,) = store.list_games("o")
    assert (row.ended, row.ended_by, row.status) == ("resigned", 0, "over")
    version = sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0]
    assert version == SCHEMA_VERSION == 3
    store.close()


def test_a_resignation_arrives_live(tmp_path: Path) -> None:
    httpx = pytest.importorskip("httpx", reason="the web extra is not installed: pip install -e '.[web]'")
    server = LiveServer(tmp_path / "games.sqlite3", env={"GINRUMMY_TEST_DEAL_SEED": "resign"}).start()
    try:
        with httpx.Client(base_url=server.url, timeout=20) as client:
            created = client.post("/api/games", json={"opponent": "friend", "name": "Ann"}).json()
            gid, ann = created["game"]["id"], {H: created["token"]}
            invite = created["game"]["invite"].split("invite=")[1]
            joined = client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": "Bob"}).json()
            bob = {H: joined["token"]}
            out: queue.Queue[Any] = queue.Queue()
            stop = threading.Event()

            def listen() -> None:
                try:
                    with client.stream("GET", f"/api/games/{gid}/events", headers=ann, timeout=30) as r:
                        for line in r.iter_lines():
                            if line.startswith("data: ") and '"ended": {' in line:
                                out.put(line)
                                return
                except httpx.HTTPError:
                    if not stop.is_set():
                        raise

            reader = threading.Thread(target=listen, daemon=True)
            reader.start()
            r = client.post(
                f"/api/games/{gid}/resign", json={"version": joined["game"]["version"]}, headers=bob
            )
            assert r.status_code == 200, r.text
            line = out.get(timeout=20)
            assert '"how": "resigned"' in line and '"by": 1' in line
            stop.set()
    finally:
        server.stop()
