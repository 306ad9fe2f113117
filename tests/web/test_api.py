"""The web API: the server is the authority, answers with the human's view only, and refuses
bad or stale requests with a 4xx and no change."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ginrummy.agents import hints as hints_module
from ginrummy.cards import format_cards
from ginrummy.cli.main import main as cli
from ginrummy.hand.phase import Phase
from ginrummy.variants.standard.view import PlayerView
from ginrummy.web.app import create_app
from ginrummy.web.session import GameSession
from helpers.web import scripted_action, strings

H = "x-player-token"


def new_game(client: TestClient, **choice: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = client.post("/api/games", json={"preset": "default", "level": "simple", "mode": "practice"} | choice)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["game"]["id"], {H: data["token"]}, data["game"]


def session_of(client: TestClient, gid: str) -> GameSession:
    server = client.app.state.server  # type: ignore[attr-defined]
    s: GameSession = server.sessions[gid]
    return s


def hidden_cards(s: GameSession) -> set[str]:
    """What the human may not see now: the computer's cards not known to be held, and the stock."""
    state = s.state
    assert state is not None
    secret = state.hand(1) & ~state.known[1]
    if state.phase is Phase.LAYOFF and state.knocker == 1:
        secret = 0  # the computer knocked: its cards are laid down on the table
    return set(format_cards(secret).split()) | {str(c) for c in state.stock}


def check_no_hidden(s: GameSession, data: dict[str, Any]) -> None:
    state = s.state
    assert state is not None
    seen = set(strings(data))
    if state.phase is Phase.END:
        # the hands are laid down; the stock order is revealed only through the seed
        assert not seen & {str(c) for c in state.stock}
        return
    assert not seen & hidden_cards(s), "a hidden card is in a response"
    fair = data.get("fairness") or {}
    assert "seed" not in fair and "salt" not in fair
    assert "seed" not in json.dumps(data.get("hand"))


def play(
    client: TestClient,
    gid: str,
    headers: dict[str, str],
    game: dict[str, Any],
    until_over: bool = True,
    max_requests: int = 2000,
) -> dict[str, Any]:
    s = session_of(client, gid)
    for _ in range(max_requests):
        check_no_hidden(s, game)
        if game["game_over"]:
            return game
        path, body = scripted_action(game)
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
        assert r.status_code == 200, r.text
        game = r.json()
        if not until_over and game["hand"]["phase"] == "end":
            return game
    raise AssertionError("the game did not end")


def test_a_whole_game_shows_only_the_players_view(app_client: TestClient) -> None:
    gid, headers, game = new_game(app_client, target=60)
    assert len(gid) >= 20 and len(headers[H]) >= 40
    game = play(app_client, gid, headers, game)
    assert game["sheet"]["summary"] is not None
    assert game["sheet"]["rows"]
    # every hand has its commitment opened after it ends
    replay = app_client.get(f"/api/games/{gid}/replay", headers=headers).json()
    assert replay["game_seed"] is not None
    assert len(replay["hands"]) == game["hand_number"]


def unchanged_after(
    client: TestClient, gid: str, auth: dict[str, str], method: str, path: str, expect: int, **kw: Any
) -> dict[str, Any]:
    before = client.get(f"/api/games/{gid}", headers=auth).json()
    r = client.request(method, path, **kw)
    assert r.status_code == expect, (r.status_code, r.text)
    err: dict[str, Any] = r.json()
    assert isinstance(err.get("error"), str) and err["error"]
    after = client.get(f"/api/games/{gid}", headers=auth).json()
    assert after == before
    return err


def test_illegal_moves_are_refused_and_change_nothing(app_client: TestClient) -> None:
    gid, headers, game = new_game(app_client)
    url = f"/api/games/{gid}/actions"
    v = game["version"]
    phase = game["hand"]["phase"]
    assert phase in ("offer", "draw") and game["hand"]["my_turn"]
    wrong = "draw" if phase == "offer" else "pass"
    err = unchanged_after(
        app_client, gid, headers, "POST", url, 422, json={"action": wrong, "version": v}, headers=headers
    )
    assert "legal now" in err["error"]
    mine = (
        game["hand"]["hand"]["deadwood"][0]
        if game["hand"]["hand"]["deadwood"]
        else game["hand"]["hand"]["melds"][0][0]
    )
    unchanged_after(
        app_client,
        gid,
        headers,
        "POST",
        url,
        422,
        json={"action": f"discard {mine}", "version": v},
        headers=headers,
    )
    unchanged_after(
        app_client,
        gid,
        headers,
        "POST",
        url,
        400,
        json={"action": "discard 1x", "version": v},
        headers=headers,
    )
    unchanged_after(
        app_client, gid, headers, "POST", url, 400, json={"action": "fly away", "version": v}, headers=headers
    )
    unchanged_after(app_client, gid, headers, "POST", url, 400, json={"version": v}, headers=headers)
    # pass to reach a discard, then discard a card not held and knock over the limit
    game = app_client.post(
        url, json={"action": "pass" if phase == "offer" else "draw", "version": v}, headers=headers
    ).json()
    if game["hand"]["legal"]["draw"]:
        game = app_client.post(
            url, json={"action": "draw", "version": game["version"]}, headers=headers
        ).json()
    if game["hand"]["phase"] == "discard" and game["hand"]["my_turn"]:
        s = session_of(app_client, gid)
        assert s.state is not None
        theirs = format_cards(s.state.hand(1)).split()[0]
        unchanged_after(
            app_client,
            gid,
            headers,
            "POST",
            url,
            422,
            json={"action": f"discard {theirs}", "version": game["version"]},
            headers=headers,
        )
        if not game["hand"]["legal"]["knock"] and not game["hand"]["legal"]["gin"]:
            card = game["hand"]["legal"]["discard"][0]
            err = unchanged_after(
                app_client,
                gid,
                headers,
                "POST",
                url,
                422,
                json={"action": f"knock {card}", "version": game["version"]},
                headers=headers,
            )
            assert "knock" in err["error"]
        unchanged_after(
            app_client,
            gid,
            headers,
            "POST",
            f"/api/games/{gid}/next",
            409,
            json={"version": game["version"]},
            headers=headers,
        )


def test_tokens_ids_and_malformed_requests(app_client: TestClient) -> None:
    gid, headers, game = new_game(app_client)
    url = f"/api/games/{gid}/actions"
    body = {"action": "pass" if game["hand"]["phase"] == "offer" else "draw", "version": game["version"]}
    other = app_client.post("/api/games", json={}).json()["token"]
    unchanged_after(app_client, gid, headers, "POST", url, 403, json=body, headers={H: other})
    assert app_client.get(f"/api/games/{gid}", headers={H: other}).status_code == 403
    unchanged_after(app_client, gid, headers, "POST", url, 401, json=body)
    unchanged_after(app_client, gid, headers, "POST", url, 401, json=body, headers={H: "short"})
    assert app_client.get("/api/games/AAAAAAAAAAAAAAAAAAAAAAAA", headers=headers).status_code == 404
    assert (
        app_client.post("/api/games/AAAAAAAAAAAAAAAAAAAAAAAA/actions", json=body, headers=headers).status_code
        == 404
    )
    assert app_client.get("/api/games/..%2F..%2Fetc", headers=headers).status_code == 404
    bad = {**headers, "content-type": "application/json"}
    unchanged_after(app_client, gid, headers, "POST", url, 400, content=b"{not json", headers=bad)
    unchanged_after(app_client, gid, headers, "POST", url, 400, content=b"[1, 2]", headers=bad)
    unchanged_after(app_client, gid, headers, "POST", url, 400, content=b"\xff\xfe", headers=bad)
    unchanged_after(
        app_client,
        gid,
        headers,
        "POST",
        url,
        400,
        json={"action": body["action"], "version": "1"},
        headers=headers,
    )
    unchanged_after(
        app_client, gid, headers, "POST", url, 413, content=b"{" + b" " * 20000 + b"}", headers=bad
    )
    # stale: a request naming an old version
    game2 = app_client.post(url, json=body, headers=headers).json()
    assert game2["version"] > game["version"]
    unchanged_after(app_client, gid, headers, "POST", url, 409, json=body, headers=headers)
    for choice in (
        {"preset": "nope"},
        {"level": "nope"},
        {"mode": "x"},
        {"target": 0},
        {"name": "<script>"},
        {"name": "Computer"},
    ):
        r = app_client.post("/api/games", json=choice, headers=headers)
        assert r.status_code == 400, choice
    assert app_client.get("/api/nothing").status_code == 404


def test_undo_and_hints_in_practice_only(tmp_path: Path) -> None:
    # Seeded deals: with random ones, about 1 deal in 800 lets the computer (non-dealer) take the
    # upcard and knock at once, so the first move here is a layoff, not a take (the one failure
    # seen in a full run). The seed is checked to deal the human a take first.
    with TestClient(create_app(tmp_path / "games.sqlite3", test_seed="undo-hints")) as app_client:
        undo_and_hints(app_client)


def undo_and_hints(app_client: TestClient) -> None:
    gid, headers, game = new_game(app_client)
    assert game["hand"]["my_turn"] and game["hand"]["legal"]["take"], "the seed no longer deals a take first"
    url = f"/api/games/{gid}/actions"
    assert not game["can_undo"]
    hint = app_client.get(f"/api/games/{gid}/hint", headers=headers).json()
    assert hint["action"] in ("take", "pass", "draw") and hint["why"]
    # taking the face-up card shows nothing hidden and the computer has not answered it: undoable
    after = app_client.post(url, json={"action": "take", "version": game["version"]}, headers=headers).json()
    assert after["can_undo"]
    undone = app_client.post(
        f"/api/games/{gid}/undo", json={"version": after["version"]}, headers=headers
    ).json()
    assert undone["hand"] == game["hand"] and undone["version"] == game["version"]
    rid, rheaders, rgame = new_game(app_client, mode="rated")
    assert rgame["hand"]["my_turn"] and rgame["hand"]["phase"] in ("offer", "draw")
    assert app_client.get(f"/api/games/{rid}/hint", headers=rheaders).status_code == 409
    first = "pass" if rgame["hand"]["phase"] == "offer" else "draw"
    r = app_client.post(
        f"/api/games/{rid}/actions", json={"action": first, "version": rgame["version"]}, headers=rheaders
    ).json()
    unchanged_after(
        app_client,
        rid,
        rheaders,
        "POST",
        f"/api/games/{rid}/undo",
        409,
        json={"version": r["version"]},
        headers=rheaders,
    )


def test_the_computer_gets_only_a_view(app_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    real = hints_module.make_agent

    class Spy:
        def __init__(self, name: str, seed: int) -> None:
            self.agent = real(name, seed)
            self.name = name

        def act(self, view: Any) -> Any:
            seen.append(view)
            return self.agent.act(view)

        def hand_over(self, view: Any) -> None:
            shown.append(view)

    shown: list[Any] = []
    monkeypatch.setattr(hints_module, "make_agent", lambda name, seed=0: Spy(name, seed))
    gid, headers, game = new_game(app_client)
    game = play(app_client, gid, headers, game, until_over=False)
    assert seen and all(isinstance(v, PlayerView) and v.player == 1 for v in seen)
    # later hands: each agent the server makes is shown the finished hands, from its own seat
    assert not shown and not game["game_over"]
    play(app_client, gid, headers, game, until_over=False)  # the next hand
    assert shown and all(v.player == 1 and v.phase is Phase.END and v.result is not None for v in shown)


def test_record_history_stats_and_verify(app_client: TestClient, tmp_path: Path) -> None:
    gid, headers, game = new_game(app_client, target=30)
    if game["hand"]["phase"] != "end":  # (the computer may have won at once)
        assert app_client.get(f"/api/games/{gid}/record", headers=headers).status_code == 409
        replay = app_client.get(f"/api/games/{gid}/replay", headers=headers).json()
        assert replay["hands"] == [] and replay["game_seed"] is None  # the hand being played stays hidden
    play(app_client, gid, headers, game)
    record = app_client.get(f"/api/games/{gid}/record", headers=headers).json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 0, out.output
    assert "deals verified" in out.output
    f = record["fairness"][0]
    ok = CliRunner().invoke(
        cli, ["verify", "--commitment", f["commitment"], "--seed", f["seed"], "--salt", f["salt"]]
    )
    assert ok.exit_code == 0 and ok.output.startswith("OK")
    bad = CliRunner().invoke(
        cli,
        ["verify", "--commitment", f["commitment"], "--seed", str(int(f["seed"]) + 1), "--salt", f["salt"]],
    )
    assert bad.exit_code == 1 and bad.output.startswith("FAILED")
    games = app_client.get("/api/games", headers=headers).json()["games"]
    assert [g["id"] for g in games] == [gid] and games[0]["status"] == "over"
    stats = app_client.get("/api/stats", headers=headers).json()
    assert stats["rated"] == [] and len(stats["practice"]) == 1
    row = stats["practice"][0]
    assert row["level"] == "simple" and row["games"] == 1 and row["hands"] >= 1
    assert app_client.get("/api/rules/pagat").json()["text"]
    assert app_client.get("/api/rules/nope").status_code == 404
    meta = app_client.get("/api/meta").json()
    assert {p["name"] for p in meta["presets"]} >= {"default", "pagat", "wikipedia"}


def test_pages_are_served(app_client: TestClient) -> None:
    for path in ("/", "/game/abc", "/history", "/stats", "/replay/abc", "/rules", "/rules/pagat"):
        r = app_client.get(path)
        assert r.status_code == 200 and "main.js" in r.text
        assert "default-src 'self'" in r.headers["content-security-policy"]
    assert app_client.get("/static/main.js").status_code == 200


def test_hollywood_sheet_has_three_columns() -> None:
    """The page's score sheet shows Hollywood's three games side by side."""
    from ginrummy.agents import make_agent
    from ginrummy.rules import Rules
    from ginrummy.scoring.game import play_game
    from ginrummy.web.serialize import sheet_json

    game = play_game(
        Rules.preset("hollywood").replace(target=40),
        [make_agent("simple", 1), make_agent("simple", 2)],
        seed=3,
    )
    assert game.is_over
    sheet = sheet_json(game)
    assert [c["game"] for c in sheet["columns"]] == [1, 2, 3]
    for col, column in zip(sheet["columns"], game.columns, strict=True):
        assert col["totals"] == list(column.totals)
        assert sum(col["points"][0]) == col["totals"][0] and sum(col["points"][1]) == col["totals"][1]
        assert col["over"] and col["final"] == list(column.summary().totals)


def test_a_deal_key_deals_a_test_the_same_games_whatever_came_before(tmp_path: Path) -> None:
    """Under a test seed, the games of an ``X-Test-Deal-Key`` are dealt from the key and its own
    count: other games the server made before (another test on the same worker) change nothing;
    a malformed key is a 400 that creates nothing; without a test seed the key is ignored."""
    key = {"x-test-deal-key": "tests/web/test_x.py::test_y[pickup]"}

    def cards(game: dict[str, Any]) -> list[str]:
        return sorted(
            [c for m in game["hand"]["hand"]["melds"] for c in m] + game["hand"]["hand"]["deadwood"]
        )

    def keyed(client: TestClient) -> dict[str, Any]:
        r = client.post("/api/games", json={"preset": "default", "level": "simple"}, headers=key)
        assert r.status_code == 201, r.text
        return dict(r.json()["game"])

    with TestClient(create_app(tmp_path / "a.sqlite3", test_seed="keys")) as client:
        first, second = cards(keyed(client)), cards(keyed(client))
    with TestClient(create_app(tmp_path / "b.sqlite3", test_seed="keys")) as client:
        unkeyed = cards(new_game(client)[2])
        other = {"x-test-deal-key": "another test"}
        r = client.post("/api/games", json={"preset": "default"}, headers=other)
        assert r.status_code == 201
        assert cards(keyed(client)) == first and cards(keyed(client)) == second
        assert first != second and unkeyed != first
        listed = client.get("/api/games", headers={H: r.json()["token"]}).json()
        bad = client.post(
            "/api/games",
            json={"preset": "default"},
            headers={H: r.json()["token"], "x-test-deal-key": "x" * 301},
        )
        assert bad.status_code == 400 and "x-test-deal-key" in bad.json()["error"]
        assert client.get("/api/games", headers={H: r.json()["token"]}).json() == listed
    with TestClient(create_app(tmp_path / "c.sqlite3")) as client:
        plain = client.post("/api/games", json={"preset": "default"}, headers={"x-test-deal-key": "x" * 301})
        assert plain.status_code == 201
