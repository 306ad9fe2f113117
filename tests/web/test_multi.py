"""Two people at one game over the API: the invitation, each seat's own view across whole games,
refusals (wrong seat, stale version, bad invitation, full game), rejoin, the computer taking over
an abandoned seat, and the store's seats (an older database migrated)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ginrummy.storage.store import SCHEMA_VERSION, GameRow, Store
from ginrummy.web.app import create_app
from ginrummy.web.session import GameSession
from helpers.web import hidden_from, scripted_action, strings

H = "x-player-token"


def invite_game(client: TestClient, **choice: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    body = {"preset": "default", "opponent": "friend", "name": "Ann", "target": 50} | choice
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["game"]["id"], {H: data["token"]}, data["game"]


def secret_of(link: str) -> str:
    return link.split("invite=", 1)[1]


def join(
    client: TestClient, gid: str, invite: str, headers: dict[str, str] | None = None, name: str = "Bob"
) -> Any:
    return client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": name}, headers=headers or {})


def session_of(client: TestClient, gid: str) -> GameSession:
    s: GameSession = client.app.state.server.sessions[gid]  # type: ignore[attr-defined]
    return s


def two_seats(client: TestClient, **choice: Any) -> tuple[str, list[dict[str, str]], dict[str, Any]]:
    gid, ann, game = invite_game(client, **choice)
    r = join(client, gid, secret_of(game["invite"]))
    assert r.status_code == 201, r.text
    bob = {H: r.json()["token"]}
    assert r.json()["seat"] == 1 and r.json()["game"]["you"] == 1
    return gid, [ann, bob], game


def play_both(
    client: TestClient, gid: str, auth: list[dict[str, str]], max_requests: int = 3000
) -> dict[str, Any]:
    """Both people play to the end with the scripted moves; every reply to each seat is checked
    against what that seat may not see."""
    s = session_of(client, gid)
    tables = [client.get(f"/api/games/{gid}", headers=h).json() for h in auth]
    for _ in range(max_requests):
        for seat in (0, 1):
            assert not set(strings(tables[seat])) & hidden_from(s, seat), (
                f"seat {1 - seat}'s card shown to {seat}"
            )
        if tables[0]["game_over"]:
            assert tables[1]["game_over"]
            return tables[0]
        hand = tables[0]["hand"]
        mover = hand["to_act"] if hand["phase"] != "end" else 0
        path, body = scripted_action(tables[mover])
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=auth[mover])
        assert r.status_code == 200, r.text
        tables[mover] = r.json()
        tables[1 - mover] = client.get(f"/api/games/{gid}", headers=auth[1 - mover]).json()
        assert tables[1 - mover]["version"] == tables[mover]["version"]
    raise AssertionError("the game did not end")


def test_two_people_play_a_whole_game_each_seeing_only_their_view(app_client: TestClient) -> None:
    gid, auth, first = two_seats(app_client)
    assert first["opponent"] == "person" and not first["can_undo"] and not first["can_hint"]
    end = play_both(app_client, gid, auth)
    assert end["sheet"]["summary"] is not None and end["names"] == ["Ann", "Bob"]
    for h in auth:  # replay and record are open to both seats once it is over
        assert app_client.get(f"/api/games/{gid}/replay", headers=h).status_code == 200
        assert app_client.get(f"/api/games/{gid}/record", headers=h).status_code == 200


def test_two_people_play_pickup(app_client: TestClient) -> None:
    gid, auth, first = two_seats(app_client, preset="pickup", target=60)
    assert first["variant"] == "pickup" and "table" in first["hand"]
    end = play_both(app_client, gid, auth)
    assert end["sheet"]["summary"] is not None


def test_wrong_seat_stale_version_and_no_undo_or_hint(app_client: TestClient) -> None:
    gid, auth, _ = two_seats(app_client)
    tables = [app_client.get(f"/api/games/{gid}", headers=h).json() for h in auth]
    mover = tables[0]["hand"]["to_act"]
    waiter = 1 - mover
    _path, body = scripted_action(tables[mover])
    r = app_client.post(f"/api/games/{gid}/actions", json=body, headers=auth[waiter])
    assert r.status_code == 403 and "turn" in r.json()["error"]
    r = app_client.post(f"/api/games/{gid}/actions", json=body | {"seat": mover}, headers=auth[waiter])
    assert r.status_code == 403 and f"cannot act for seat {mover}" in r.json()["error"]
    r = app_client.post(
        f"/api/games/{gid}/actions", json=body | {"version": body["version"] - 1}, headers=auth[mover]
    )
    assert r.status_code == 409 and "stale" in r.json()["error"]
    for h in auth:
        assert app_client.get(f"/api/games/{gid}/hint", headers=h).status_code == 409
        r = app_client.post(f"/api/games/{gid}/undo", json={"version": tables[0]["version"]}, headers=h)
        assert r.status_code == 409 and "against the computer" in r.json()["error"]
    assert [app_client.get(f"/api/games/{gid}", headers=h).json() for h in auth] == tables
    r = app_client.post(f"/api/games/{gid}/actions", json=body, headers=auth[mover])
    assert r.status_code == 200


def test_invitations_bad_full_and_rejoin(app_client: TestClient) -> None:
    gid, ann, game = invite_game(app_client)
    invite = secret_of(game["invite"])
    assert game["seats"][1]["kind"] == "open"
    # a browser with no seat sees nothing
    stranger = app_client.post("/api/games", json={}).json()["token"]
    r = app_client.get(f"/api/games/{gid}", headers={H: stranger})
    assert r.status_code == 403 and "no seat" in r.json()["error"]
    assert join(app_client, gid, "x" * 32).status_code == 403
    assert "not valid" in join(app_client, gid, "x" * 32).json()["error"]
    assert join(app_client, "n" * 24, invite).status_code == 404
    r = join(app_client, gid, invite, name="Ann")
    assert r.status_code == 400 and "other player" in r.json()["error"]
    r = join(app_client, gid, invite, {H: stranger}, name="Bob")
    assert r.status_code == 201 and r.json()["seat"] == 1 and "token" not in r.json()
    # the same browser again: its seat (a rejoin); another browser: the game is full
    again = join(app_client, gid, invite, {H: stranger})
    assert again.status_code == 200 and again.json()["seat"] == 1
    r = join(app_client, gid, invite)
    assert r.status_code == 409 and "full" in r.json()["error"]
    # the creator following the link gets seat 0
    assert join(app_client, gid, invite, ann).json()["seat"] == 0
    seen = app_client.get(f"/api/games/{gid}", headers=ann).json()
    assert "invite" not in seen and seen["seats"][1] == seen["seats"][1] | {"kind": "person", "name": "Bob"}
    games = app_client.get("/api/games", headers={H: stranger}).json()["games"]
    assert gid in [g["id"] for g in games]


def test_the_computer_takes_over_an_abandoned_seat(app_client: TestClient) -> None:
    gid, auth, _ = two_seats(app_client)
    t = app_client.get(f"/api/games/{gid}", headers=auth[0]).json()
    r = app_client.post(
        f"/api/games/{gid}/takeover", json={"version": t["version"], "level": "nobody"}, headers=auth[0]
    )
    assert r.status_code == 400 and "level" in r.json()["error"]
    r = app_client.post(f"/api/games/{gid}/takeover", json={"version": t["version"] - 1}, headers=auth[0])
    assert r.status_code == 409
    r = app_client.post(
        f"/api/games/{gid}/takeover", json={"version": t["version"], "level": "beginner"}, headers=auth[0]
    )
    assert r.status_code == 200, r.text
    t = r.json()
    assert t["seats"][1] | {"kind": "computer", "level": "beginner"} == t["seats"][1]
    assert t["hand"]["to_act"] == 0 and t["hand"]["my_turn"]  # the computer moved at once if it was its turn
    r = app_client.post(f"/api/games/{gid}/takeover", json={"version": t["version"]}, headers=auth[0])
    assert r.status_code == 409 and "already" in r.json()["error"]
    # Bob's token has no seat any more; the takeover is stored: a rebuilt game plays on the same
    assert app_client.get(f"/api/games/{gid}", headers=auth[1]).status_code == 403
    app_client.app.state.server.sessions.drop(gid)  # type: ignore[attr-defined]
    assert app_client.get(f"/api/games/{gid}", headers=auth[0]).json() == t
    path, body = scripted_action(t)
    assert app_client.post(f"/api/games/{gid}/{path}", json=body, headers=auth[0]).status_code == 200


def test_an_older_database_gets_its_seats(tmp_path: Path) -> None:
    """A file of schema version 0 (no seats table) opens, its games keep their owner in seat 0 and
    the computer in seat 1, and play on."""
    db = tmp_path / "old.sqlite3"
    with TestClient(create_app(db, test_seed="old-db")) as client:
        r = client.post("/api/games", json={"name": "Old"})
        gid, token, version = r.json()["game"]["id"], r.json()["token"], r.json()["game"]["version"]
    con = sqlite3.connect(db)
    con.execute("DROP TABLE seats")
    con.execute("PRAGMA user_version = 0")
    con.commit()
    con.close()
    store = Store(db)
    assert [(s.seat, s.kind, s.name, s.level) for s in store.load_seats(gid)] == [
        (0, "person", "Old", None),
        (1, "computer", "Computer", "simple"),
    ]
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with TestClient(create_app(store, test_seed="old-db")) as client:
        t = client.get(f"/api/games/{gid}", headers={H: token}).json()
        assert t["version"] == version and t["seats"][0]["name"] == "Old"
        path, body = scripted_action(t)
        assert client.post(f"/api/games/{gid}/{path}", json=body, headers={H: token}).status_code == 200


def test_a_seat_change_is_refused_once_taken(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    row = GameRow("g" * 20, "o", "default", {}, "simple", "friend", "Ann", 5, "x", 0, hands_dealt=1)
    from ginrummy.storage.store import SeatRow

    store.create_game(
        row, seats=[SeatRow(0, "person", "Ann", owner="o"), SeatRow(1, "open", "Friend", invite="i")]
    )
    assert store.change_seat(row.id, SeatRow(1, "person", "Bob", owner="b", invite="i"), expect="open")
    assert not store.change_seat(row.id, SeatRow(1, "person", "Cy", owner="c", invite="i"), expect="open")
    assert store.load_seats(row.id)[1].name == "Bob"


def test_malformed_seat_requests_are_4xx(app_client: TestClient) -> None:
    gid, ann, game = invite_game(app_client)
    assert app_client.post(f"/api/games/{gid}/join", json={"invite": 5}).status_code == 400
    assert app_client.post(f"/api/games/{gid}/join", json={}).status_code == 400
    r = join(app_client, gid, secret_of(game["invite"]), name="<b>")
    assert r.status_code == 400 and "name" in r.json()["error"]
    assert app_client.post(f"/api/games/{gid}/takeover", json={}, headers=ann).status_code == 400
    assert (
        app_client.post(f"/api/games/{gid}/takeover", json={"version": "1"}, headers=ann).status_code == 400
    )
    assert app_client.get("/api/games/bad!/events", headers=ann).status_code == 404
    assert app_client.get(f"/api/games/{gid}/events").status_code == 401
    r = app_client.post("/api/games", json={"opponent": "robot"})
    assert r.status_code == 400 and "opponent" in r.json()["error"]
    # after all that, the game plays on
    assert app_client.get(f"/api/games/{gid}", headers=ann).json()["version"] == game["version"]


def test_an_invitation_says_whether_its_seat_is_free(app_client: TestClient) -> None:
    gid, ann, game = invite_game(app_client)
    secret = secret_of(game["invite"])
    ask = lambda headers=None, invite=secret: app_client.get(  # noqa: E731
        f"/api/games/{gid}/invite", params={"invite": invite}, headers=headers or {}
    )
    assert ask().json() == {"open": True, "mine": False}  # a new browser: the form to join
    assert ask(ann).json() == {"open": True, "mine": True}  # the inviter: the table
    bob = {H: join(app_client, gid, secret).json()["token"]}
    assert ask(bob).json() == {"open": False, "mine": True}
    assert ask().json() == {"open": False, "mine": False}  # a third browser: the game is full
    assert ask(invite="wrong").status_code == 403 and ask(invite="").status_code == 403
    assert (
        app_client.get("/api/games/abcdefghijklmnopqrst/invite", params={"invite": secret}).status_code == 404
    )
