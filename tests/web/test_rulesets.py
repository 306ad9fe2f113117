"""Every rule set the browser offers plays to its end over the API: Hollywood's three games, best of
five, a match to 500 with SLAM points and its settlement, discard-pile pickup with its table melds;
and a game rebuilt from the store in the middle resumes exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.records import MatchRecord, TeamRecord
from ginrummy.scoring.match import settle
from helpers.web import scripted_action

H = "x-player-token"


def play_to_the_end(
    client: TestClient, preset: str, target: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Create a game of ``preset`` against the computer and play it out; returns the last table
    and every table seen. Halfway the game is forgotten and rebuilt from the store."""
    r = client.post("/api/games", json={"preset": preset, "target": target, "level": "simple"})
    assert r.status_code == 201, r.text
    gid, auth, table = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    seen = [table]
    for n in range(4000):
        if table["game_over"]:
            return table, seen
        if n == 40:
            client.app.state.server.sessions.drop(gid)  # type: ignore[attr-defined]
            assert client.get(f"/api/games/{gid}", headers=auth).json() == table
        path, body = scripted_action(table)
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=auth)
        assert r.status_code == 200, r.text
        table = r.json()
        seen.append(table)
    raise AssertionError(f"{preset}: the game did not end")


def test_best_of_five(app_client: TestClient) -> None:
    end, seen = play_to_the_end(app_client, "tournament", 30)
    m = end["match"]
    assert m["kind"] == "best-of" and m["wins_needed"] == 3 and m["over"]
    assert max(m["games_won"]) == 3 and len(m["games"]) == end["game_number"] >= 3
    assert m["games_won"][m["winner"]] == 3
    # each game's final scores are the sheet's summary when that game ended: the tables seen
    # while game n is over, grouped by the game number (two games may end with equal totals)
    finals: dict[int, list[list[int]]] = {}
    for t in seen:
        if t["current_game_over"]:
            finals.setdefault(t["game_number"], []).append(t["sheet"]["summary"]["totals"])
    assert sorted(finals) == list(range(1, end["game_number"] + 1))  # every game's end was seen
    assert all(f == fs[0] for fs in finals.values() for f in fs)  # and its totals stayed put
    assert [g["totals"] for g in m["games"]] == [finals[n][0] for n in sorted(finals)]
    assert "wins the match" in m["text"] or "win the match" in m["text"]


def test_a_match_to_500_with_slam_points_and_settlement(app_client: TestClient) -> None:
    end, _ = play_to_the_end(app_client, "slam", 20)
    m = end["match"]
    assert m["kind"] == "to-target" and m["target"] == 500 and m["over"]
    totals = [sum(g["totals"][p] for g in m["games"]) for p in (0, 1)]
    assert m["totals"] == totals and max(totals) >= 500
    slam = [0, 0]
    for g in m["games"]:
        if g["winner"] is not None:
            slam[g["winner"]] += abs(g["totals"][0] - g["totals"][1])
    assert m["slam_points"] == slam
    s = settle((totals[0], totals[1]), 1)
    assert m["settlement"] is not None and str(s.amount) in m["settlement"]
    assert "SLAM" in m["text"]


def test_hollywood_plays_three_games_at_once(app_client: TestClient) -> None:
    end, _ = play_to_the_end(app_client, "hollywood", 40)
    assert end["match"] is None
    cols = end["sheet"]["columns"]
    assert [c["game"] for c in cols] == [1, 2, 3] and all(c["over"] for c in cols)
    assert end["sheet"]["summary"]["totals"] == [sum(c["final"][p] for c in cols) for p in (0, 1)]


def test_pickup_against_the_computer_shows_the_table(app_client: TestClient) -> None:
    _end, seen = play_to_the_end(app_client, "pickup", 60)
    hands = [t["hand"] for t in seen if t["hand"]]
    assert all(h["variant"] == "pickup" for h in hands)
    assert any(h["table"] for h in hands), "no meld was ever laid on the table"
    for h in hands:
        laid = {c for m in h["table"] for c in m["cards"]}
        assert not laid & set(h["hand"]["melds"][0] if h["hand"]["melds"] else [])
        assert all(m["owner"] in (0, 1) for m in h["table"])
    results = [h["result"] for h in hands if h["result"] and h["result"]["knocker"] is not None]
    assert results and all(r["net"][0] - r["net"][1] in (r["points"], -r["points"]) for r in results)


def test_team_play_seats_pairing_one_and_the_computer_plays_the_rest(app_client: TestClient) -> None:
    r = app_client.post("/api/games", json={"preset": "hollywood-teams", "target": 40, "level": "simple"})
    assert r.status_code == 201, r.text
    first = r.json()["game"]
    assert (
        first["team"]["size"] == 3
        and not first["team"]["played"]
        and "pairing 1" in first["team"]["describe"]
    )
    end, _ = play_to_the_end(app_client, "hollywood-teams", 40)
    t = end["team"]
    assert t["played"] and len(t["pairings"]) == 3
    assert t["pairings"][0]["totals"] == end["sheet"]["summary"]["totals"]
    won = [sum(p["winner"] == k for p in t["pairings"]) for k in (0, 1)]
    assert t["pairings_won"] == won
    bonus = [25 if w == 3 else 0 for w in won]
    assert t["team_bonus"] == bonus
    assert t["totals"] == [sum(p["totals"][k] for p in t["pairings"]) + bonus[k] for k in (0, 1)]
    assert "Team" in t["text"]


@pytest.mark.parametrize("preset", ["tournament", "hollywood-teams"])
def test_a_match_record_replays(app_client: TestClient, preset: str) -> None:
    r = app_client.post("/api/games", json={"preset": preset, "target": 20, "level": "simple"})
    gid, auth, table = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
    while not table["game_over"]:
        path, body = scripted_action(table)
        table = app_client.post(f"/api/games/{gid}/{path}", json=body, headers=auth).json()
    data = app_client.get(f"/api/games/{gid}/record", headers=auth).json()
    data.pop("fairness")
    if preset == "hollywood-teams":
        team = TeamRecord.load(json.dumps(data)).replay()
        assert list(team.totals) == table["team"]["totals"]
        return
    assert len(data["games"]) == len(table["match"]["games"])
    record = MatchRecord.load(json.dumps(data))
    assert record.replay().games_won == tuple(table["match"]["games_won"])
