"""``ginrummy serve --opponent cmd:COMMAND``: a protocol bot plays the computer's seat in the
browser (one process per decision, :mod:`ginrummy.web.botplayer`); a bot that fails forfeits the
game, stored and told to the player."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ginrummy.agents.hints import decide
from ginrummy.cli.main import main as cli
from ginrummy.web.app import create_app
from ginrummy.web.botplayer import FORFEIT_STATUS, use_bot
from ginrummy.web.session import COMPUTER, GameSession
from helpers.bots import REFERENCE_BOT, script_bot
from helpers.web import scripted_action

H = "x-player-token"
NEW = {"preset": "default", "level": "expert", "mode": "practice"}


def _client(tmp_path: Path, bot: str, time_ms: int = 20000) -> Iterator[TestClient]:
    app = create_app(tmp_path / "games.sqlite3", test_seed="bots")
    use_bot(app, bot, time_ms)
    with TestClient(app) as client:
        yield client


def _first_game(client: TestClient) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A new game whose first move is the human's: a failing bot forfeits the games where it
    moves first (answered 409), so a game created is one where it has not acted yet."""
    for _ in range(12):
        r = client.post("/api/games", json=NEW)
        if r.status_code == 409:
            continue
        assert r.status_code == 201, r.text
        data = r.json()
        return data["game"]["id"], {H: data["token"]}, data["game"]
    raise AssertionError("no deal in 12 gave the human the first move")


def test_the_reference_bot_plays_the_computer_as_the_simple_level(tmp_path: Path) -> None:
    for client in _client(tmp_path, REFERENCE_BOT):
        r = client.post("/api/games", json=NEW)
        assert r.status_code == 201, r.text
        gid, headers, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
        while game["hand"]["phase"] != "end":
            path, body = scripted_action(game)
            r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
            assert r.status_code == 200, r.text
            game = r.json()
        s: GameSession = client.app.state.server.sessions[gid]  # type: ignore[attr-defined]
        state = s.states[0].clone()
        log = state.log
        while state.log:
            state.pop()
        moves = 0
        for player, action in log:
            if player == COMPUTER:  # the bot is the simple level seeded 0, fresh each decision
                probe = state.clone()
                probe.push(decide("simple", 0, [], state.view(COMPUTER)), player=COMPUTER)
                assert probe.log[-1] == (player, action)  # as logged, engine choices filled in
                moves += 1
            state.push(action, player=player)
        assert moves >= 2
        # hints still come from the strongest built-in level
        assert client.get(f"/api/games/{gid}/hint", headers=headers).status_code == 409  # hand over


@pytest.mark.parametrize(
    ("kind", "body", "time_ms"),
    [
        ("crash", "sys.exit(3)\n", 20000),
        ("timeout", "time.sleep(60)\n", 300),
        ("garbage", "print('discard the seven', flush=True)\n", 20000),
        ("illegal", "print(json.dumps({'action': 'fold'}), flush=True)\n", 20000),
    ],
)
def test_a_failing_bot_forfeits_the_game_stored_and_told(
    tmp_path: Path, kind: str, body: str, time_ms: int
) -> None:
    bot = script_bot(tmp_path, kind, body)
    for client in _client(tmp_path, bot, time_ms):
        gid, headers, game = _first_game(client)
        path, request = scripted_action(game)
        r = client.post(f"/api/games/{gid}/{path}", json=request, headers=headers)
        assert r.status_code == 409, r.text
        message = r.json()["error"]
        assert message.startswith("The computer player forfeits the game") and f"({kind}:" in message
        assert "You win by forfeit" in message
        # stored: the game's status and final; every later move gets the same answer
        row = next(g for g in client.get("/api/games", headers=headers).json()["games"] if g["id"] == gid)
        assert row["status"] == FORFEIT_STATUS
        assert row["final"]["winner"] == 0 and row["final"]["forfeit"]["kind"] == kind
        again = client.post(f"/api/games/{gid}/{path}", json=request, headers=headers)
        assert again.status_code == 409 and again.json()["error"] == message
        # the table still shows (as before the failed request)
        assert client.get(f"/api/games/{gid}", headers=headers).status_code == 200
    for client in _client(tmp_path, bot, time_ms):  # a restarted server remembers the forfeit
        again = client.post(f"/api/games/{gid}/{path}", json=request, headers=headers)
        assert again.status_code == 409 and again.json()["error"] == message


def test_a_bot_failing_in_the_first_request_forfeits_the_new_game(tmp_path: Path) -> None:
    bot = script_bot(tmp_path, "crash", "sys.exit(3)\n")
    for client in _client(tmp_path, bot):
        token: dict[str, str] = {}
        statuses = []
        for _ in range(12):
            r = client.post("/api/games", json=NEW, headers=token)
            statuses.append(r.status_code)
            if r.status_code == 201:
                token = token or {H: r.json()["token"]}
            else:
                assert r.status_code == 409 and "forfeits the game (crash:" in r.json()["error"]
        assert 201 in statuses and 409 in statuses
        assert token
        games = client.get("/api/games", headers=token).json()["games"]
        assert {g["status"] for g in games} >= {"playing"}


def test_serve_takes_only_a_cmd_bot_that_exists() -> None:
    out = CliRunner().invoke(cli, ["serve", "--opponent", "simple"])
    assert out.exit_code != 0 and "cmd:COMMAND" in out.output
    out = CliRunner().invoke(cli, ["serve", "--opponent", "cmd:no-such-program-here"])
    assert out.exit_code != 0 and "not found" in out.output
