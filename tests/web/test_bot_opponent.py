"""``ginrummy serve --opponent cmd:COMMAND``: a protocol bot plays the computer's seat in the
browser (one process per game, :mod:`ginrummy.web.botplayer`); a bot that fails forfeits the
game, stored and told to the player."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ginrummy.agents import make_agent
from ginrummy.cli.main import main as cli
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState
from ginrummy.web import botplayer
from ginrummy.web.app import create_app
from ginrummy.web.botplayer import FORFEIT_STATUS, BotDecisions, GameBot, use_bot
from ginrummy.web.session import COMPUTER, GameSession
from helpers.bots import HELLO, REFERENCE_BOT, script_bot
from helpers.web import scripted_action

H = "x-player-token"
NEW = {"preset": "default", "level": "expert", "mode": "practice"}


def _client(
    tmp_path: Path, bot: str, time_ms: int = 20000, game_ms: int | None = None
) -> Iterator[TestClient]:
    app = create_app(tmp_path / "games.sqlite3", test_seed="bots")
    use_bot(app, bot, time_ms, game_ms)
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
        s: GameSession = client.app.state.server.sessions[gid]  # type: ignore[attr-defined]
        assert isinstance(s.decider, GameBot)
        pids = set()
        while game["hand"]["phase"] != "end":
            path, body = scripted_action(game)
            r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
            assert r.status_code == 200, r.text
            game = r.json()
            if s.decider.bot is not None and s.decider.bot.proc is not None:
                pids.add(s.decider.bot.proc.pid)
        assert len(pids) == 1  # one process played the computer's decisions of the game
        assert s.decider.bot is not None and s.decider.bot.proc is not None
        assert s.decider.bot.proc.poll() is None  # still running, for the next hand
        state = s.states[0].clone()
        log = state.log
        while state.log:
            state.pop()
        moves = 0
        agent = make_agent("simple", 0)  # the bot: one simple level seeded 0 for the whole game
        for player, action in log:
            if player == COMPUTER:
                probe = state.clone()
                probe.push(agent.act(state.view(COMPUTER)), player=COMPUTER)
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


def _logging_bot(folder: Path) -> tuple[str, Path]:
    """A bot playing the first legal action that appends each message's type (and its process
    id) to a log file."""
    log = folder / "bot.log"
    script = folder / "logging_bot.py"
    script.write_text(
        "import json, os, sys\n"
        f"LOG = {str(log)!r}\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    with open(LOG, 'a') as f:\n"
        "        f.write(f\"{os.getpid()} {msg['type']}\\n\")\n"
        "    if msg['type'] == 'hello':\n"
        "        " + HELLO + "\n"
        "    elif msg['type'] == 'act':\n"
        "        print(json.dumps({'action': msg['legal'][0]}), flush=True)\n"
        "    elif msg['type'] == 'quit':\n"
        "        break\n"
    )
    return f"cmd:{sys.executable} {script}", log


def test_one_bot_process_plays_the_game_told_each_hands_end_and_ended_with_the_session(
    tmp_path: Path,
) -> None:
    bot, log = _logging_bot(tmp_path)
    for client in _client(tmp_path, bot):
        r = client.post("/api/games", json=NEW)
        assert r.status_code == 201, r.text
        gid, headers, game = r.json()["game"]["id"], {H: r.json()["token"]}, r.json()["game"]
        hands = 1
        while hands < 3 or game["hand"]["phase"] == "end":  # into the third hand
            path, body = scripted_action(game)
            r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
            assert r.status_code == 200, r.text
            game = r.json()
            hands += path == "next"
        server = client.app.state.server  # type: ignore[attr-defined]
        seen = len(log.read_text().splitlines())  # the computer acts in the third hand:
        while not any(line.endswith(" act") for line in log.read_text().splitlines()[seen:]):
            path, body = scripted_action(game)
            r = client.post(f"/api/games/{gid}/{path}", json=body, headers=headers)
            assert r.status_code == 200, r.text
            game = r.json()
            hands += path == "next"
        lines = log.read_text().splitlines()
        assert len({line.split()[0] for line in lines}) == 1  # one process
        kinds = [line.split()[1] for line in lines]
        assert kinds[0] == "hello" and kinds.count("hello") == 1
        assert kinds.count("hand_over") == hands - 1  # each finished hand's end, before the next act
        first_over = kinds.index("hand_over")
        assert "act" in kinds[1:first_over] and "act" in kinds[first_over + 1 :]
        session = server.sessions[gid]
        assert isinstance(session.decider, GameBot) and session.decider.bot is not None
        proc = session.decider.bot.proc
        assert proc is not None and proc.poll() is None
        del session
        server.sessions.drop(gid)  # evicted: the game's bot process is told to quit
        gc.collect()
        proc.wait(timeout=30)
        assert log.read_text().splitlines()[-1].endswith(" quit")


def test_a_bot_past_its_budget_per_game_forfeits_in_the_browser(tmp_path: Path) -> None:
    bot = script_bot(
        tmp_path, "slow", "time.sleep(0.05)\nprint(json.dumps({'action': msg['legal'][0]}), flush=True)\n"
    )
    for client in _client(tmp_path, bot, game_ms=1):
        gid, headers, game = _first_game(client)
        path, request = scripted_action(game)
        r = client.post(f"/api/games/{gid}/{path}", json=request, headers=headers)
        assert r.status_code == 409, r.text
        message = r.json()["error"]
        assert "(timeout:" in message and "1 ms per game" in message and "You win by forfeit" in message


def test_an_idle_games_bot_process_is_ended_and_started_again_when_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = script_bot(tmp_path, "first", "print(json.dumps({'action': msg['legal'][0]}), flush=True)\n")
    pool = BotDecisions(0, bot)
    one, two = pool.decide, pool.decide  # two game sessions' deciders
    state = next(
        s for s in (HandState.deal(Rules(), dealer=d, rng=4) for d in (0, 1)) if s.to_act == COMPUTER
    )
    view = state.view(COMPUTER)
    try:
        one("simple", 0, [], view)
        assert one.bot is not None and one.bot.proc is not None
        first = one.bot.proc
        monkeypatch.setattr(botplayer, "IDLE_S", -1.0)  # every bot not deciding now counts as idle
        two("simple", 0, [], view)  # another game's decision ends the idle process
        assert one.bot is None and first.poll() is not None
        assert two.bot is not None and two.bot.proc is not None  # not its own
        one("simple", 0, [], view)  # the idle game's next decision starts a new process
        assert one.bot is not None and one.bot.proc is not None and one.bot.proc.pid != first.pid
    finally:
        pool.close()
    assert one.bot is None and two.bot is None  # the server stopping ends every game's bot
