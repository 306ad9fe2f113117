"""The server's guarantees beyond single moves: undo never shows a hidden card, bad requests are
4xx (field types, body size, content type), a game is created in one transaction, security
headers, statistics by mode, a bounded cache that resumes evicted games exactly, and the
computer thinking off the event loop with one request at a time per game."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import replace as dataclasses_replace
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.agents import hints as hints_module
from ginrummy.play import UNDO_RULE
from ginrummy.storage.store import ActionRow, GameRow, Store
from ginrummy.web.app import create_app
from ginrummy.web.guard import MAX_BODY, SECURITY_HEADERS
from ginrummy.web.session import GameSession
from helpers.web import scripted_action, strings

H = "x-player-token"


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[TestClient]:
    """A client over an app whose deals are repeatable (a test seed)."""
    with TestClient(create_app(tmp_path / "g.sqlite3", test_seed="server-tests")) as client:
        yield client


def new_game(client: TestClient, **choice: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = client.post("/api/games", json={"level": "simple", "mode": "practice"} | choice)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["game"]["id"], {H: data["token"]}, data["game"]


def post(client: TestClient, gid: str, headers: dict[str, str], path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)


def cards_seen(table: dict[str, Any]) -> set[str]:
    return set(strings(table))


def refused_undo(client: TestClient, gid: str, headers: dict[str, str], table: dict[str, Any]) -> str:
    """Undo is refused (409, the rule in the message) and changes nothing."""
    assert not table["can_undo"]
    r = post(client, gid, headers, "undo", {"version": table["version"]})
    assert r.status_code == 409, r.text
    assert UNDO_RULE in r.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=headers).json() == table
    message: str = r.json()["error"]
    return message


# -- undo ---------------------------------------------------------------------


def test_undo_never_shows_a_hidden_card(seeded: TestClient) -> None:
    """Whole practice games: after each of the human's moves, undo is allowed only when the move
    showed no card the human had not seen before it (then undo restores the table exactly);
    otherwise it is refused with the rule. Taking the face-up card is tried (and undone) at every
    chance, so both sides of the rule are met: a stock draw, a discard the computer answered,
    the computer's knock (the human must lay off) and hand ends are all refused."""
    met: set[str] = set()
    for _ in range(3):
        gid, headers, table = new_game(seeded, target=60)
        while not table["game_over"]:
            h = table["hand"]
            if h["phase"] != "end" and h["my_turn"] and h["legal"]["take"]:
                r = post(seeded, gid, headers, "actions", {"action": "take", "version": table["version"]})
                taken = r.json()
                assert taken["can_undo"] and cards_seen(taken) <= cards_seen(table)
                undone = post(seeded, gid, headers, "undo", {"version": taken["version"]})
                assert undone.status_code == 200 and undone.json() == table
                met.add("take")
            if h["phase"] == "layoff" and h["my_turn"]:
                met.add("computer knocked")
            path, body = scripted_action(table)
            after = post(seeded, gid, headers, path, body).json()
            if after["can_undo"]:
                assert cards_seen(after) <= cards_seen(table)
                met.add("undoable")
            else:
                message = refused_undo(seeded, gid, headers, after)
                if body.get("action") == "draw":
                    assert "stock" in message
                    met.add("stock draw")
                elif after["hand"]["phase"] == "end":
                    assert "over" in message
                    met.add("hand over")
                elif body.get("action", "").startswith("discard"):
                    assert "opponent has moved" in message
                    met.add("discard answered")
            table = after
    assert met >= {"take", "stock draw", "discard answered", "hand over", "computer knocked"}


def test_undo_after_a_stock_draw_or_the_computers_knock_is_refused(seeded: TestClient) -> None:
    """The two leaks reported: draw from the stock, see the card, undo, take the other pile;
    and undo after the computer knocked (its melds shown), back to before your discard."""
    gid, headers, table = new_game(seeded, target=500)
    while not (table["hand"]["my_turn"] and table["hand"]["legal"]["draw"]):
        path, body = scripted_action(table)
        table = post(seeded, gid, headers, path, body).json()
    drawn = post(seeded, gid, headers, "actions", {"action": "draw", "version": table["version"]}).json()
    assert drawn["hand"]["drawn"] is not None
    refused_undo(seeded, gid, headers, drawn)
    table = drawn
    for _ in range(3000):
        h = table["hand"]
        if h["phase"] == "layoff" and h["my_turn"]:
            assert h["laid_down"]["knocker"] == 1
            refused_undo(seeded, gid, headers, table)
            return
        path, body = scripted_action(table)
        table = post(seeded, gid, headers, path, body).json()
    pytest.fail("the computer never knocked")  # pragma: no cover


def test_undo_in_the_session_pops_only_the_take() -> None:
    row = GameRow("g" * 20, "o", "default", {}, "simple", "practice", "You", 5, "x" * 64, 0)
    s = GameSession(row, [])
    s.start()
    state = s.state
    assert state is not None and s.undo_refusal() is not None
    before = (s.version, list(state.log))
    s.act("take")
    assert s.can_undo()
    s.undo()
    assert (s.version, list(state.log)) == before


# -- malformed requests ---------------------------------------------------------


WRONG = [["default"], {"a": 1}, 3.5, True, None, 7, "7"]
STRING, INTEGER = (str,), (int,)


def wrong(fields: dict[str, tuple[type, ...]], null_ok: frozenset[str] = frozenset()) -> list[Any]:
    """``(field, value)`` for every value of :data:`WRONG` that is not of the field's type."""
    return [
        pytest.param(name, value, id=f"{name}={value!r}"[:24])
        for name, types in fields.items()
        for value in WRONG
        if not (isinstance(value, types) and not isinstance(value, bool))
        and not (value is None and name in null_ok)
    ]


CREATE_FIELDS = {"preset": STRING, "level": STRING, "mode": STRING, "name": STRING, "target": INTEGER}


@pytest.mark.parametrize(("name", "value"), wrong(CREATE_FIELDS, null_ok=frozenset({"target"})))
def test_create_fields_of_the_wrong_type_are_400(app_client: TestClient, name: str, value: Any) -> None:
    r = app_client.post("/api/games", json={name: value})
    assert r.status_code == 400, (name, value, r.status_code, r.text)
    assert f'"{name}"' in r.json()["error"]


@pytest.mark.parametrize(("name", "value"), wrong({"action": STRING, "version": INTEGER}))
def test_move_fields_of_the_wrong_type_are_400(app_client: TestClient, name: str, value: Any) -> None:
    gid, headers, table = new_game(app_client)
    body = {"action": "take", "version": table["version"]} | {name: value}
    for path in ("actions", "undo", "next") if name == "version" else ("actions",):
        r = post(app_client, gid, headers, path, body)
        assert r.status_code == 400, (path, r.text)
        assert f'"{name}"' in r.json()["error"]
    assert app_client.get(f"/api/games/{gid}", headers=headers).json() == table


def test_json_oddities_are_400(app_client: TestClient) -> None:
    gid, headers, table = new_game(app_client)
    bad = {**headers, "content-type": "application/json"}
    for raw in (b"[" * 5000 + b"]" * 5000, b'{"version": ' + b"9" * 5000 + b"}", b"{}\x00"):
        r = app_client.post(f"/api/games/{gid}/actions", content=raw, headers=bad)
        assert r.status_code == 400, r.text
    assert app_client.get(f"/api/games/{gid}", headers=headers).json() == table


def test_a_body_that_is_not_json_is_415(app_client: TestClient) -> None:
    gid, headers, table = new_game(app_client)
    body = json.dumps({"action": "take", "version": table["version"]}).encode()
    for ctype in (None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        hdrs = dict(headers) | ({"content-type": ctype} if ctype else {})
        r = app_client.post(f"/api/games/{gid}/actions", content=body, headers=hdrs)
        assert r.status_code == 415, (ctype, r.text)
        assert "application/json" in r.json()["error"]
    assert (
        app_client.post("/api/games", content=b"{}", headers={"content-type": "text/plain"}).status_code
        == 415
    )
    assert app_client.get(f"/api/games/{gid}", headers=headers).json() == table
    hdrs = headers | {"content-type": "application/json; charset=utf-8"}
    assert app_client.post(f"/api/games/{gid}/actions", content=body, headers=hdrs).status_code == 200


async def _asgi(app: Any, headers: list[tuple[bytes, bytes]], chunks: Iterator[bytes]) -> tuple[int, int]:
    """POST to the app directly; returns the status and how many body chunks it read."""
    read = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal read
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        read += 1
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    await app(scope, receive, send)
    return sent[0]["status"], read


def test_a_large_body_is_refused_without_being_read(tmp_path: Path) -> None:
    """50 MB: refused after at most the limit (plus one chunk) is read, or before reading when
    Content-Length says so."""
    app = create_app(tmp_path / "g.sqlite3")
    chunk = b" " * 65536
    status, read = asyncio.run(_asgi(app, [], iter([chunk] * 800)))
    assert status == 413 and read <= MAX_BODY // len(chunk) + 1
    status, read = asyncio.run(_asgi(app, [(b"content-length", b"52428800")], iter([chunk] * 800)))
    assert status == 413 and read == 0
    status, _ = asyncio.run(_asgi(app, [(b"content-length", b"x")], iter([b"{}"])))
    assert status == 400


# -- creating a game --------------------------------------------------------------


def test_a_failed_creation_leaves_no_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while the game is set up (the first deal, the computer's first moves) or
    stored leaves nothing in the store: no game under "Continue" that cannot be opened."""
    token = {H: "t" * 40}

    def broken(self: GameSession) -> Any:
        raise RuntimeError("crash while dealing")

    monkeypatch.setattr(GameSession, "start", broken)
    with TestClient(
        create_app(tmp_path / "g.sqlite3", test_seed="failed-creation"), raise_server_exceptions=False
    ) as client:
        r = client.post("/api/games", json={}, headers=token)
        assert r.status_code == 500
        assert client.get("/api/games", headers=token).json()["games"] == []
        monkeypatch.undo()
        assert client.post("/api/games", json={}, headers=token).status_code == 201
        assert len(client.get("/api/games", headers=token).json()["games"]) == 1


class _FailingDb:
    """An SQLite connection that fails the first statement writing ``table``."""

    def __init__(self, db: sqlite3.Connection, table: str) -> None:
        self.db, self.table = db, table

    def execute(self, sql: str, *args: Any) -> Any:
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, rows: Any) -> Any:
        if f"INTO {self.table}" in sql:
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.executemany(sql, rows)


def test_the_store_creates_a_game_in_one_transaction(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    row = GameRow("g" * 20, "o", "default", {}, "simple", "practice", "You", 5, "x", 0, hands_dealt=1)
    real = store._db
    store._db = _FailingDb(real, "actions")  # type: ignore[assignment]
    with pytest.raises(sqlite3.OperationalError):
        store.create_game(row, [ActionRow(0, 0, 1, "pass")])
    store._db = real
    assert store.list_games("o") == [] and store.load_game(row.id) is None
    store.create_game(row, [ActionRow(0, 0, 1, "pass")])
    loaded = store.load_game(row.id)
    assert loaded is not None and loaded[1] == [ActionRow(0, 0, 1, "pass")]
    # a game never dealt (older versions could leave one after a crash) is neither listed nor opened
    store.create_game(dataclasses_replace(row, id="h" * 20, hands_dealt=0))
    assert [g.id for g in store.list_games("o")] == [row.id] and store.load_game("h" * 20) is None
    store.close()


# -- headers, statistics ------------------------------------------------------------


def test_every_response_has_the_security_headers(app_client: TestClient) -> None:
    gid, headers, _ = new_game(app_client)
    answers = [
        app_client.get(path, headers=headers)
        for path in (
            "/",
            "/stats",
            "/static/index.html",
            "/static/main.js",
            "/static/style.css",
            "/static/nothing.js",
            "/api/meta",
            f"/api/games/{gid}",
            "/api/games/AAAAAAAAAAAAAAAAAAAAAAAA",
            "/api/nothing",
        )
    ]
    answers.append(app_client.post("/api/games", content=b"{", headers={"content-type": "application/json"}))
    answers.append(app_client.post("/api/games", content=b"{}", headers={"content-type": "text/plain"}))
    answers.append(app_client.delete("/api/meta"))
    assert {r.status_code for r in answers} >= {200, 400, 404, 405, 415}
    for r in answers:
        for name, value in SECURITY_HEADERS.items():
            assert r.headers.get(name) == value, (r.url, name)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
        assert r.headers["x-content-type-options"] == "nosniff"


def _finish(client: TestClient, gid: str, headers: dict[str, str], table: dict[str, Any]) -> None:
    while not table["game_over"]:
        path, body = scripted_action(table)
        r = post(client, gid, headers, path, body)
        assert r.status_code == 200, r.text
        table = r.json()


def test_statistics_count_practice_and_rated_apart(seeded: TestClient) -> None:
    """Practice games (hints, undo) and rated games are counted apart, each by level."""
    gid, headers, table = new_game(seeded, mode="rated", target=20)
    _finish(seeded, gid, headers, table)
    stats = seeded.get("/api/stats", headers=headers).json()
    assert [r["level"] for r in stats["rated"]] == ["simple"] and stats["practice"] == []
    rated = stats["rated"][0]
    sheet = seeded.get(f"/api/games/{gid}", headers=headers).json()["sheet"]
    assert rated["games"] == rated["games_finished"] == 1
    assert rated["hands"] == len(sheet["rows"])
    assert rated["hands_won"] == sum(row["winner"] == 0 for row in sheet["rows"])
    # the same browser's practice game counts under practice only
    r = seeded.post("/api/games", json={"mode": "practice", "level": "random", "target": 20}, headers=headers)
    _finish(seeded, r.json()["game"]["id"], headers, r.json()["game"])
    after = seeded.get("/api/stats", headers=headers).json()
    assert after["rated"] == stats["rated"]
    assert [(r["level"], r["games"], r["games_finished"]) for r in after["practice"]] == [("random", 1, 1)]


# -- the cache ------------------------------------------------------------------------


def test_an_evicted_game_resumes_exactly(tmp_path: Path) -> None:
    """Two games played move for move in two servers with the same deals: one keeps every game
    in memory, the other only one (each move of one game evicts the other). Every answer is
    the same, and each evicted game is rebuilt from the store exactly."""
    tables: list[list[Any]] = []
    for capacity, name in ((100, "a"), (1, "b")):
        app = create_app(tmp_path / f"{name}.sqlite3", test_seed="evict", max_games=capacity)
        seen: list[Any] = []
        with TestClient(app) as client:
            games = [list(new_game(client, level="strong", target=40)) for _ in range(2)]
            server = app.state.server
            while not all(g[2]["game_over"] for g in games):
                for g in games:
                    gid, headers, table = g
                    if table["game_over"]:
                        continue
                    if capacity == 1 and not any(o[2]["game_over"] for o in games):
                        assert gid not in server.sessions  # evicted by the other game's move
                    reloaded = client.get(f"/api/games/{gid}", headers=headers).json()
                    assert reloaded == table
                    path, body = scripted_action(table)
                    r = post(client, gid, headers, path, body)
                    assert r.status_code == 200, r.text
                    g[2] = r.json()
                    seen.append({k: v for k, v in g[2].items() if k != "id"})
            assert len(server.sessions) <= capacity
        tables.append(seen)
    assert tables[0] == tables[1]


# -- concurrency ------------------------------------------------------------------------


class _Gate:
    """The level ``strong``, whose decisions wait until the test opens the gate."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.open = threading.Event()

    def make(self, name: str, seed: int = 0) -> Any:
        gate = self
        if name != "strong":
            return real_make_agent(name, seed)

        class Waiting:
            def __init__(self) -> None:
                self.name = name
                self.agent = real_make_agent(name, seed)

            def act(self, view: Any) -> Any:
                gate.entered.set()
                gate.open.wait()  # the test opens it (or, if it hangs, its timer)
                return self.agent.act(view)

        return Waiting()


real_make_agent = hints_module.make_agent


def test_the_computer_thinks_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While one game's computer is deciding, other requests are answered (the meta data, another
    game's table and a move in it), and a second move on the same game waits its turn and is
    then stale (409)."""
    httpx2 = pytest.importorskip("httpx2", reason="the web extra is not installed: pip install -e '.[web]'")
    app = create_app(tmp_path / "g.sqlite3", test_seed="loop")
    gate = _Gate()
    events: list[str] = []

    async def scenario() -> None:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://t") as client:
            created = []
            for level in ("strong", "simple"):
                r = await client.post("/api/games", json={"level": level, "mode": "practice"})
                created.append(r.json())
            (g1, t1), (g2, t2) = [(c["game"], {H: c["token"]}) for c in created]
            monkeypatch.setattr(hints_module, "make_agent", gate.make)
            # a move the computer must answer: take the face-up card, then discard
            url = f"/api/games/{g1['id']}/actions"
            table = (
                await client.post(url, json={"action": "take", "version": g1["version"]}, headers=t1)
            ).json()
            card = table["hand"]["legal"]["discard"][0]
            body = {"action": f"discard {card}", "version": table["version"]}
            move = asyncio.create_task(client.post(url, json=body, headers=t1))
            while not gate.entered.is_set():
                await asyncio.sleep(0.01)
            same = asyncio.create_task(client.post(url, json=body, headers=t1))
            meta = await client.get("/api/meta")
            other = await client.get(f"/api/games/{g2['id']}", headers=t2)
            path, other_body = scripted_action(other.json())
            other_move = await client.post(f"/api/games/{g2['id']}/{path}", json=other_body, headers=t2)
            events.append(f"answered {meta.status_code} {other.status_code} {other_move.status_code}")
            assert not move.done() and not same.done()
            gate.open.set()
            first, second = await move, await same
            assert first.status_code == 200, first.text
            assert second.status_code == 409 and "stale" in second.json()["error"]

    # never hang: the gate opens by itself in the end (long after a loaded machine's slowest answer,
    # so that the requests above never race it)
    timer = threading.Timer(300, gate.open.set)
    timer.start()
    try:
        asyncio.run(scenario())
    finally:
        timer.cancel()
        gate.open.set()
    assert events == ["answered 200 200 200"]


def test_decisions_in_worker_processes_are_the_same(tmp_path: Path) -> None:
    """The same deals against ``strong`` (decided in a worker process) and against the same level
    decided in the request's thread give the same game, and a killed worker fails one request
    (500, nothing kept) and the game goes on."""
    outcomes = []
    for workers in (0, 1):
        app = create_app(tmp_path / f"w{workers}.sqlite3", test_seed="pool", workers=workers)
        with TestClient(app) as client:
            gid, headers, table = new_game(client, level="strong", target=30)
            seen = [table["hand"]]
            killed = False
            while not table["game_over"]:
                path, body = scripted_action(table)
                answered = body.get("action", "").startswith("discard") and table["hand"]["stock_size"] > 3
                if workers and len(seen) >= 5 and answered and not killed:
                    killed = True
                    pids = app.state.server.pool.pids()
                    assert pids
                    mine = os.getpriority(os.PRIO_PROCESS, 0)
                    assert all(os.getpriority(os.PRIO_PROCESS, p) == min(19, mine + 10) for p in pids)
                    for pid in pids:
                        os.kill(pid, signal.SIGKILL)
                    broken = post(client, gid, headers, path, body)
                    assert broken.status_code == 500, broken.text  # the computer answers a discard
                    assert client.get(f"/api/games/{gid}", headers=headers).json() == table
                r = post(client, gid, headers, path, body)
                assert r.status_code == 200, r.text
                table = r.json()
                seen.append(table["hand"])
            assert killed or not workers
            outcomes.append((seen, table["sheet"]))
    assert outcomes[0] == outcomes[1]


def test_the_cache_loads_once_serialises_and_never_evicts_a_game_in_use() -> None:
    from ginrummy.web.cache import SessionCache

    row = GameRow("a" * 20, "o", "default", {}, "simple", "practice", "You", 5, "x", 0)
    loads: list[str] = []
    order: list[str] = []

    async def scenario() -> None:
        cache = SessionCache(capacity=1)
        gate = asyncio.Event()

        async def load() -> GameSession:
            loads.append("a")
            await gate.wait()
            if len(loads) == 1:
                raise LookupError("the first load fails")
            return GameSession(row, [])

        async def request(name: str) -> None:
            try:
                async with cache.use(row.id, load) as s:
                    order.append(f"{name} in")
                    other = GameSession(dataclasses_replace(row, id="b" * 20), [])
                    cache.add(other)  # over capacity, but the game in use stays
                    assert row.id in cache and s is cache[row.id]
                    await asyncio.sleep(0)
                    order.append(f"{name} out")
            except LookupError:
                order.append(f"{name} failed")

        tasks = [asyncio.create_task(request(n)) for n in ("first", "second", "third")]
        await asyncio.sleep(0.01)
        gate.set()
        await asyncio.gather(*tasks)
        assert row.id not in cache or len(cache) == 1

    asyncio.run(scenario())
    # the first load failed for the first request only; the second loaded it once more, and the
    # third used the game the second loaded; one request at a time
    assert order == ["first failed", "second in", "second out", "third in", "third out"]
    assert loads == ["a", "a"]
