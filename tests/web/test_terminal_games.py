"""Games played in the terminal (``ginrummy play --db``) appear in the browser that presents the
store's local player token (``ginrummy history --token``): in its history, replays and statistics."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.cli.session import PlaySession
from ginrummy.cli.table.pickup_commands import command_for
from ginrummy.storage import Store
from ginrummy.variants.pickup import PickupView
from ginrummy.web.app import create_app
from helpers.terminal import bot_answer, run_session


@pytest.mark.parametrize("rules", ["default", "pickup"])
def test_terminal_games_show_in_the_browser_of_the_local_player(tmp_path: Path, rules: str) -> None:
    db = tmp_path / "games.sqlite3"
    inner = bot_answer(5)
    pickup = PickupSimpleAgent(5)

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Press Enter"):  # one finished hand, then leave
            return "q" if "(y/n)" not in prompt else "y"
        if prompt.startswith(("Quit", "Keep")):  # quit, and keep the rated game for later
            return "y"
        if isinstance(session.view, PickupView):
            return command_for(pickup.act(session.view))
        return inner(session, prompt)

    session, _, _ = run_session(answer, seed=4, rules=rules, store=Store(db))
    assert session.game.results
    token = Store(db).local_token()
    with TestClient(create_app(db)) as client:
        headers = {"X-Player-Token": token}
        games = client.get("/api/games", headers=headers).json()
        listed = games["games"] if isinstance(games, dict) else games
        assert len(listed) == 1
        gid = listed[0]["id"]
        replay = client.get(f"/api/games/{gid}/replay", headers=headers)
        assert replay.status_code == 200, replay.text
        assert len(replay.json()["hands"]) == len(session.game.results)
        stats = client.get("/api/stats", headers=headers).json()
        assert stats["rated"][0]["hands"] == len(session.game.results)
        other = client.get("/api/games", headers={"X-Player-Token": "y" * 40}).json()
        assert not (other["games"] if isinstance(other, dict) else other)
