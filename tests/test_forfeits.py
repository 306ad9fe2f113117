"""Forfeits written into records (a game record's ``forfeit``) and the bots' time budget
(``--bot-time``, ``--bot-game-time``): ``ginrummy match --records`` and ``ginrummy play --save``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ginrummy.cli.main import main
from ginrummy.errors import RecordError
from ginrummy.records import GameRecord, MatchRecord, TeamRecord, load_any
from helpers.bots import REFERENCE_BOT, script_bot

CRASH_AFTER_TWO = """
acts = globals().get('acts', 0) + 1
if acts > 2:
    sys.exit(4)
print(json.dumps({'action': msg['legal'][0]}), flush=True)
"""
FIRST_LEGAL = "print(json.dumps({'action': msg['legal'][0]}), flush=True)\n"


def _match(args: list[str]) -> dict[str, Any]:
    out = CliRunner().invoke(main, ["match", *args, "--no-progress", "--json"])
    assert out.exit_code == 0, out.output
    summary: dict[str, Any] = json.loads(out.output)
    return summary


def test_match_records_hold_the_forfeit_and_replay(tmp_path: Path) -> None:
    bot = script_bot(tmp_path, "crash2", CRASH_AFTER_TWO)
    folder = tmp_path / "games"
    summary = _match([bot, "simple", "--games", "2", "--records", str(folder)])
    assert summary["wins"] == [0, 2]
    files = sorted(folder.glob("game-*.json"))
    assert [f.name for f in files] == ["game-00000-a.json", "game-00000-b.json"]
    for path, seat in zip(files, (0, 1), strict=True):
        data = json.loads(path.read_text())
        assert data["forfeit"]["player"] == seat and data["forfeit"]["kind"] == "crash"
        record = GameRecord.load(path.read_text())
        game = record.replay()  # the hands up to the forfeit replay
        assert not game.is_over and record.winner == 1 - seat
        last = record.hands[-1].replay()
        assert not last.is_over and last.to_act == seat  # the bot's turn: it failed to act
        # the bot's own actions (two) are in the record
        assert sum(1 for h in record.hands for p, _ in h.replay().log if p == seat) == 2
    shown = CliRunner().invoke(main, ["replay", str(files[0]), "--ascii"])
    assert shown.exit_code == 0, shown.output
    assert "forfeited the game (crash: the bot closed its output" in shown.output
    assert "simple wins by forfeit" in shown.output


def test_a_tight_bot_time_forfeits_a_slow_bot(tmp_path: Path) -> None:
    slow = script_bot(tmp_path, "slow", "time.sleep(30)\n")
    summary = _match([slow, "simple", "--games", "2", "--bot-time", "0.2"])
    assert [f["kind"] for f in summary["forfeits"]] == ["timeout", "timeout"]
    assert all("200 ms" in f["message"] for f in summary["forfeits"])
    assert [f["hand"] for f in summary["forfeits"]] == [1, 1]  # numbered as the report prints it (issue 28)
    bad = CliRunner().invoke(main, ["match", slow, "simple", "--bot-time", "0"])
    assert bad.exit_code != 0 and "--bot-time" in bad.output


def test_match_bot_game_time_forfeits_a_bot_that_uses_more(tmp_path: Path) -> None:
    slow = script_bot(tmp_path, "slow", "time.sleep(0.1)\n" + FIRST_LEGAL)
    summary = _match([slow, "simple", "--games", "2", "--bot-time", "20", "--bot-game-time", "0.3"])
    assert [f["kind"] for f in summary["forfeits"]] == ["timeout", "timeout"]
    assert all("300 ms per game" in f["message"] for f in summary["forfeits"])
    assert summary["wins"] == [0, 2]
    bad = CliRunner().invoke(main, ["match", slow, "simple", "--bot-game-time", "0"])
    assert bad.exit_code != 0 and "--bot-game-time" in bad.output


def test_the_reference_bot_plays_without_forfeit_under_the_option() -> None:
    summary = _match([REFERENCE_BOT, "simple", "--games", "2", "--bot-time", "30"])
    assert "forfeits" not in summary and summary["hands"] > 0


@pytest.mark.parametrize("preset", ["default", "tournament", "hollywood-teams"])
def test_play_save_writes_the_forfeit(tmp_path: Path, preset: str) -> None:
    bot = script_bot(tmp_path, "crash2", CRASH_AFTER_TWO)
    save = tmp_path / "game.json"
    args = ["play", "--opponent", bot, "--seed", "3", "--save", str(save), "--rules", preset]
    out = CliRunner().invoke(main, args, input="p\nd\n1\n" * 10 + "q\ny\n")
    assert out.exit_code == 0, out.output
    assert "forfeits the game" in out.output and f"Saved to {save}" in out.output
    record = load_any(save.read_text())
    match = record.pairings[0] if isinstance(record, TeamRecord) else record
    assert isinstance(match, GameRecord | MatchRecord)
    game = match if isinstance(match, GameRecord) else match.games[-1]
    assert game.forfeit is not None and game.forfeit.player == 1 and game.forfeit.kind == "crash"
    assert game.winner == 0
    record.replay()
    again = load_any(record.dump())
    assert again == record


def _forfeited_record(tmp_path: Path) -> dict[str, Any]:
    bot = script_bot(tmp_path, "crash2", CRASH_AFTER_TWO)
    folder = tmp_path / "games"
    _match([bot, "simple", "--games", "2", "--records", str(folder)])
    data: dict[str, Any] = json.loads((folder / "game-00000-a.json").read_text())
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player": 2}, '"player" must be 0 or 1, got 2'),
        ({"kind": "sulk"}, '"kind" must be "crash", "timeout"'),
        ({"message": 7}, '"message" must be a string, got 7'),
        ({"player": 1}, "it was player 0's turn"),
    ],
)
def test_a_bad_forfeit_is_a_record_error(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    data = _forfeited_record(tmp_path)
    data["forfeit"] |= change
    with pytest.raises(RecordError, match="forfeit") as info:
        GameRecord.load(json.dumps(data)).replay()
    assert message in str(info.value)


def test_a_forfeit_must_be_an_object_and_needs_a_hand(tmp_path: Path) -> None:
    data = _forfeited_record(tmp_path)
    with pytest.raises(RecordError, match='"forfeit" must be an object'):
        GameRecord.load(json.dumps(data | {"forfeit": "crash"}))
    empty = data | {"hands": [], "result": {"points": [0, 0], "final": None, "winner": None}}
    with pytest.raises(RecordError, match="no hand was dealt"):
        GameRecord.load(json.dumps(empty)).replay()


def test_records_without_a_forfeit_load_as_before(tmp_path: Path) -> None:
    data = _forfeited_record(tmp_path)
    del data["forfeit"]
    record = GameRecord.load(json.dumps(data))
    assert record.forfeit is None and record.winner is None  # an unfinished game, no winner yet
    record.replay()
    assert "forfeit" not in record.to_json()
