"""Reviews over the API (:mod:`ginrummy.web.reviews`): a finished hand's review while the game goes
on (own seat only), the game's once it is over, the refusals (a hand or game still going, the
other seat before the end, bad fields), the review kept in the store by the engine's version (a
second look is instant, a stale one is made afresh), the statistics' accuracy trend, and the
store's migration of the older reviews table."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.review import ENGINE_VERSION
from ginrummy.storage.store import SCHEMA_VERSION, Store
from ginrummy.web.app import create_app
from ginrummy.web.reviews import _shown
from helpers.web import hidden_from, scripted_action, strings

H = "x-player-token"


@pytest.fixture
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """The app with 2 worlds per decision (reviews in a thread: no workers)."""
    app = create_app(tmp_path / "games.sqlite3", test_seed=f"review:{request.node.nodeid}", review_worlds=2)
    with TestClient(app) as c:
        yield c


def play_hand(client: TestClient, gid: str, me: dict[str, str], game: dict[str, Any]) -> dict[str, Any]:
    """Scripted moves to the end of the hand."""
    while game["hand"]["phase"] != "end":
        path, body = scripted_action(game)
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=me)
        assert r.status_code == 200, r.text
        game = r.json()
    return game


def review(client: TestClient, gid: str, me: dict[str, str], **body: int) -> dict[str, Any]:
    """Start a review and wait for it (each poll waits for the job's thread to move on)."""
    r = client.post(f"/api/games/{gid}/review", json=body, headers=me)
    assert r.status_code == 200, r.text
    key = (gid, body.get("hand", 0), body.get("seat", 0))
    assert client.app.state.server.reviews.wait(key, 600)  # type: ignore[attr-defined]  # a guard only
    query = "&".join(f"{k}={v}" for k, v in body.items())
    out: dict[str, Any] = client.get(f"/api/games/{gid}/review?{query}", headers=me).json()
    return out


def test_a_hand_then_the_game_reviewed_kept_and_counted(client: TestClient) -> None:
    r = client.post("/api/games", json={"level": "simple", "mode": "rated", "target": 100})
    gid, me, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    url = f"/api/games/{gid}/review"
    # the hand still going: refused, for either seat
    r = client.post(url, json={"hand": 1}, headers=me)
    assert r.status_code == 409 and "still going" in r.json()["error"]
    assert client.get(f"{url}?hand=1", headers=me).status_code == 409
    game = play_hand(client, gid, me, game)
    # the game still going; bad fields; another browser; the computer's seat before the end
    r = client.post(url, json={}, headers=me)
    assert r.status_code == 409 and "game is still going" in r.json()["error"]
    for body in ({"hand": 0}, {"hand": 2}, {"hand": 1, "seat": 2}, {"hand": "1"}, {"hand": 1, "x": 1}):
        assert client.post(url, json=body, headers=me).status_code == 400, body
    assert client.get(f"{url}?hand=one", headers=me).status_code == 400
    r = client.post(url, json={"hand": 1, "seat": 1}, headers=me)
    assert r.status_code == 403 and "when the game is over" in r.json()["error"]
    assert client.post(url, json={"hand": 1}).status_code == 401
    assert client.get(f"{url}?hand=1", headers=me).json()["state"] == "none"
    # the finished hand, own seat
    out = review(client, gid, me, hand=1)
    assert out["state"] == "done", out
    rev = out["review"]
    assert rev["format"] == "ginrummy-review" and rev["engine"] == ENGINE_VERSION and rev["seat"] == 0
    assert [h["hand"] for h in rev["hands"]] == [1] and rev["samples"] == 2
    for d in rev["hands"][0]["decisions"]:
        assert {"chosen", "best", "loss", "loss_se", "class", "reason"} <= set(d)
    # a second look comes from the store (the job is gone)
    assert client.app.state.server.reviews._jobs == {}  # type: ignore[attr-defined]
    again = client.get(f"{url}?hand=1", headers=me).json()
    assert again["state"] == "done" and again["review"]["hands"] == rev["hands"]
    # the next hand going: it is refused, the finished one still shown
    r = client.post(f"/api/games/{gid}/next", json={"version": game["version"]}, headers=me)
    game = r.json()
    assert client.post(url, json={"hand": 2}, headers=me).status_code == 409
    # resign: the game is over, its review (and the computer's seat) open
    r = client.post(f"/api/games/{gid}/resign", json={"version": game["version"]}, headers=me)
    assert r.status_code == 200
    whole = review(client, gid, me)
    assert whole["state"] == "done" and [h["hand"] for h in whole["review"]["hands"]] == [1]
    assert whole["review"]["figures"]["decisions"] == rev["figures"]["decisions"]
    theirs = review(client, gid, me, hand=1, seat=1)
    assert theirs["state"] == "done" and theirs["review"]["seat"] == 1
    # the statistics: the game's accuracy, rated
    trend = client.get("/api/stats", headers=me).json()["reviews"]
    assert trend["rated"]["games"] == 1 and trend["practice"]["games"] == 0
    assert trend["rated"]["last"] == [round(whole["review"]["figures"]["accuracy"], 1)]


def test_a_stale_review_is_made_afresh(client: TestClient) -> None:
    r = client.post("/api/games", json={"level": "simple", "mode": "practice"})
    gid, me, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    play_hand(client, gid, me, game)
    store: Store = client.app.state.server.store  # type: ignore[attr-defined]
    old = json.dumps({"format": "ginrummy-review", "engine": ENGINE_VERSION - 1, "hands": []})
    store.save_review((gid, 1, 0, 2, 0), ENGINE_VERSION - 1, 50.0, old)
    assert store.load_review((gid, 1, 0, 2, 0), ENGINE_VERSION) is None
    assert client.get(f"/api/games/{gid}/review?hand=1", headers=me).json()["state"] == "none"
    out = review(client, gid, me, hand=1)
    assert out["state"] == "done" and out["review"]["engine"] == ENGINE_VERSION
    assert store.load_review((gid, 1, 0, 2, 0), ENGINE_VERSION - 1) is None  # replaced


def test_two_people_see_their_own_review_only_until_the_end(client: TestClient) -> None:
    r = client.post("/api/games", json={"opponent": "friend", "name": "Ann", "target": 50})
    gid, ann, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    invite = game["invite"].split("invite=")[1]
    joined = client.post(f"/api/games/{gid}/join", json={"invite": invite, "name": "Bob"}).json()
    bob = {H: joined["token"]}
    seats = {0: ann, 1: bob}
    while game["hand"]["phase"] != "end":  # whoever is to act plays
        game = client.get(f"/api/games/{gid}", headers=ann).json()
        if game["hand"]["phase"] == "end":
            break
        who = seats[0] if game["hand"]["my_turn"] else seats[1]
        game = client.get(f"/api/games/{gid}", headers=who).json()
        path, body = scripted_action(game)
        assert client.post(f"/api/games/{gid}/{path}", json=body, headers=who).status_code == 200
    url = f"/api/games/{gid}/review"
    for asker, other in ((ann, 1), (bob, 0)):
        r = client.post(url, json={"hand": 1, "seat": other}, headers=asker)
        assert r.status_code == 403
        assert client.get(f"{url}?hand=1&seat={other}", headers=asker).status_code == 403
    mine = review(client, gid, bob, hand=1, seat=1)
    assert mine["state"] == "done" and mine["review"]["seat"] == 1 and mine["review"]["name"] == "Bob"
    session = client.app.state.server.sessions[gid]  # type: ignore[attr-defined]
    hidden = hidden_from(session, 1)  # the hand over: the stock, never shown
    assert hidden and not set(strings(mine["review"])) & hidden
    game = client.get(f"/api/games/{gid}", headers=ann).json()
    assert (
        client.post(f"/api/games/{gid}/resign", json={"version": game["version"]}, headers=ann).status_code
        == 200
    )
    seen = client.get(f"{url}?hand=1&seat=1", headers=ann).json()
    assert seen["state"] == "done" and seen["review"]["hands"] == mine["review"]["hands"]


def test_the_older_reviews_table_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)  # make it a version 2 file: reviews of whole games, no engine
    db.executescript(
        "DROP TABLE reviews; CREATE TABLE reviews (game_id TEXT NOT NULL, seat INTEGER NOT NULL,"
        " samples INTEGER NOT NULL, seed INTEGER NOT NULL, accuracy REAL, review TEXT NOT NULL,"
        " PRIMARY KEY (game_id, seat, samples, seed));"
        " INSERT INTO reviews VALUES ('g1', 0, 48, 0, 90.0, '{}'); PRAGMA user_version = 2;"
    )
    db.commit()
    db.close()
    store = Store(path)
    assert store.load_review(("g1", 0, 0, 48, 0), ENGINE_VERSION) is None  # stale: made again
    assert store.load_review(("g1", 0, 0, 48, 0), 0) == "{}"
    store.save_review(("g1", 3, 0, 48, 0), ENGINE_VERSION, None, "[]")
    assert store.load_review(("g1", 3, 0, 48, 0), ENGINE_VERSION) == "[]"
    store.close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    Store(path).close()  # opens again unchanged


def test_a_dead_hands_hindsight_is_withheld_until_the_end() -> None:
    review = {
        "hands": [
            {
                "hand": 1,
                "hindsight": {"gain": 4.0},
                "decisions": [{"index": 0, "hindsight": {"best": "draw"}}],
            }
        ]
    }
    shown = _shown({"state": "done", "review": json.loads(json.dumps(review))}, hide=True)["review"]
    assert shown["hands"][0]["hindsight"] is None and "hindsight" not in shown["hands"][0]["decisions"][0]
    assert "when the game is over" in shown["hindsight_withheld"]
    assert _shown({"state": "done", "review": review}, hide=False)["review"] == review
    assert _shown({"state": "running", "done": 1, "total": 3}, hide=True) == {
        "state": "running",
        "done": 1,
        "total": 3,
    }


def test_the_table_says_whether_it_is_reviewable(client: TestClient) -> None:
    for preset, reviewable in (("default", True), ("pickup", False)):
        r = client.post("/api/games", json={"preset": preset})
        assert r.json()["game"]["reviewable"] is reviewable, preset
    r = client.post("/api/games", json={"preset": "pickup"})
    gid, me = r.json()["game"]["id"], {H: r.json()["token"]}
    r = client.post(f"/api/games/{gid}/review", json={"hand": 1}, headers=me)
    assert r.status_code == 409 and "standard game" in r.json()["error"]


def test_too_many_reviews_are_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.web import reviews

    r = client.post("/api/games", json={"level": "simple"})
    gid, me, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    play_hand(client, gid, me, game)
    monkeypatch.setattr(reviews, "MAX_JOBS", 0)
    r = client.post(f"/api/games/{gid}/review", json={"hand": 1}, headers=me)
    assert r.status_code == 503 and "too many" in r.json()["error"]
    assert client.get(f"/api/games/{gid}/review?hand=1", headers=me).json()["state"] == "none"
