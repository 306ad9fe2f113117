"""The table's JSON in the language of the table, and the defender's choice of layoffs over the API.

Sentences name the human "You" with verbs that agree ("You score", never "You scores"), the
computer "The computer"; the defender gets every way to lay off, best first, and the server
plays the plan chosen (not its own best) when it is sent back as an explicit ``layoff`` action.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

from ginrummy.hand.results import HandResult, Outcome
from ginrummy.web.serialize import SPEECH, result_json, score_text
from helpers.web import never_knock

BAD = re.compile(r"\bYou (scores|knocks|goes|wins)\b|\bcomputer (score|knock|go|win)\b")


def result(outcome: Outcome, knocker: int, winner: int, points: int, k: int, d: int) -> HandResult:
    return HandResult(
        outcome=outcome, winner=winner, points=points, knocker=knocker, knocker_count=k, defender_count=d
    )


def test_sentences_agree_with_you_and_the_computer() -> None:
    cases = [
        result(Outcome.KNOCK, 0, 0, 13, 6, 19),
        result(Outcome.KNOCK, 1, 1, 4, 3, 7),
        result(Outcome.UNDERCUT, 1, 0, 27, 5, 3),
        result(Outcome.UNDERCUT, 0, 1, 26, 9, 8),
        result(Outcome.GIN, 0, 0, 41, 0, 16),
        result(Outcome.GIN, 1, 1, 30, 0, 5),
    ]
    lines = [(score_text(r, SPEECH), r.describe(SPEECH)) for r in cases]
    for score, describe in lines:
        assert not BAD.search(score) and not BAD.search(describe), (score, describe)
    assert lines[0][0] == "You score 13: 19 - 6"
    assert lines[1][0] == "The computer scores 4: 7 - 3"
    assert lines[2][0].startswith("You score 27: 2 + 25 undercut bonus")


def test_result_lines_lower_case_inside_a_sentence() -> None:
    r = result(Outcome.UNDERCUT, 1, 0, 27, 5, 3)
    out = result_json(r, SPEECH)
    assert out["describe"] == "The computer knocks with 5 against 3: undercut, you score 27"
    named = result_json(r, ("You", "Computer"))  # a name a player chose stays as it is
    assert "Computer knocks" in named["describe"]


def play_until_layoff_choice(client: TestClient) -> tuple[dict[str, str], dict[str, Any]]:
    for _ in range(8):
        created = client.post(
            "/api/games", json={"preset": "default", "level": "simple", "target": 500}
        ).json()
        headers = {"X-Player-Token": created["token"]}
        game = created["game"]
        for _ in range(400):
            h = game["hand"]
            if h["phase"] == "layoff" and h["my_turn"] and len(h["layoff_plans"]) > 1:
                return headers, game
            path, body = never_knock(game)
            game = client.post(f"/api/games/{game['id']}/{path}", json=body, headers=headers).json()
    raise AssertionError("no layoff choice came up in 8 games")


def test_the_defender_plays_the_plan_chosen(app_client: TestClient) -> None:
    headers, game = play_until_layoff_choice(app_client)
    h = game["hand"]
    plans = h["layoff_plans"]
    counts = [p["count"] for p in plans]
    assert counts == sorted(counts) and plans[0]["count"] == min(counts)
    own = {c for m in h["hand"]["melds"] for c in m} | set(h["hand"]["deadwood"])
    for p in plans:  # each plan uses exactly your cards, laid off on melds that exist
        used = {c for c, _ in p["layoffs"]} | set(p["deadwood"]) | {c for m in p["melds"] for c in m}
        assert used == own and all(0 <= i < len(h["laid_down"]["melds"]) for _, i in p["layoffs"])
        assert p["action"].startswith("layoff")
    chosen = plans[-1]
    body = {"version": game["version"], "action": chosen["action"]}
    done = app_client.post(f"/api/games/{game['id']}/actions", json=body, headers=headers).json()
    defense = done["hand"]["result"]["defense"]
    assert defense["layoffs"] == chosen["layoffs"] and defense["count"] == chosen["count"]
    assert done["hand"]["layoff_plans"] == []
