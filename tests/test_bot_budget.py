"""A ``cmd:`` bot's budget per game (``--bot-game-time``, docs/protocol.md): the time of all its
decisions in one game; a bot that uses more forfeits the game (``timeout``). Tiny budgets only:
these check the budget's mechanics, not how fast anything is."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.agents import make_agent
from ginrummy.cli.main import main
from ginrummy.play import play_hand
from ginrummy.protocol import BotError, SubprocessBot
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState
from helpers.bots import script_bot

FIRST_LEGAL = "print(json.dumps({'action': msg['legal'][0]}), flush=True)\n"
SLOW = "time.sleep(0.1)\n" + FIRST_LEGAL


def test_a_bot_past_its_budget_per_game_forfeits_with_a_clear_message(tmp_path: Path) -> None:
    bot = SubprocessBot(script_bot(tmp_path, "slow", SLOW), time_ms=20000, game_ms=300)
    state = HandState.deal(Rules(), dealer=0, rng=3)
    with pytest.raises(BotError) as info:
        play_hand(state, [bot, make_agent("simple", 1)])
    assert info.value.kind == "timeout" and "300 ms per game" in str(info.value)
    assert "all its decisions in one game" in str(info.value)
    assert bot.proc is None and bot.failure is info.value  # the process is ended


def test_no_time_left_in_the_game_is_a_timeout_and_a_new_game_starts_the_clock(tmp_path: Path) -> None:
    fast = script_bot(tmp_path, "fast", FIRST_LEGAL)
    view = HandState.deal(Rules(), dealer=0, rng=3).view(1)
    spent = SubprocessBot(fast, game_ms=5000)
    spent.start(view.rules)
    spent.game_used_ms = 5000.0  # as if its earlier decisions had used the game's budget
    with pytest.raises(BotError, match=r"timeout: no time left: used 5000 ms of its 5000 ms per game"):
        spent.act(view)
    again = SubprocessBot(fast, game_ms=5000)
    try:
        again.start(view.rules)
        again.game_used_ms = 5000.0
        again.new_game()
        assert again.game_left_ms() == 5000.0
        assert str(again.act(view)) in {"pass", "take"}
        assert again.game_used_ms > 0  # the decision counted
    finally:
        again.close()


@pytest.mark.parametrize("game_ms", [None, 600_000])
def test_the_messages_carry_the_budget_per_game_only_when_there_is_one(
    tmp_path: Path, game_ms: int | None
) -> None:
    """The bot exits (a crash) unless the hello and each act carry ``game_time_ms`` exactly when a
    budget per game is set (the act's: the time left, within the budget)."""
    path = tmp_path / "checker.py"
    path.write_text(
        "import json, sys\n"
        f"HAS = {game_ms is not None}\n"
        "hello = json.loads(sys.stdin.readline())\n"
        "if ('game_time_ms' in hello) != HAS:\n    sys.exit(5)\n"
        'print(json.dumps({"type": "hello", "protocol": 1, "name": "c", "variants": ["standard"]}), flush=True)\n'
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['type'] != 'act':\n        continue\n"
        "    if ('game_time_ms' in msg) != HAS or (HAS and not 0 <= msg['game_time_ms'] <= hello['game_time_ms']):\n"
        "        sys.exit(6)\n"
        "    print(json.dumps({'action': msg['legal'][0]}), flush=True)\n"
    )
    bot = SubprocessBot(f"cmd:{sys.executable} {path}", game_ms=game_ms)
    state = HandState.deal(Rules(), dealer=0, rng=5)
    try:
        play_hand(state, [bot, make_agent("simple", 1)])
    finally:
        bot.close()
    assert state.is_over


@pytest.mark.parametrize("command", ["play", "serve"])
def test_play_and_serve_take_the_budget_per_game(command: str) -> None:
    out = CliRunner().invoke(main, [command, "--help"])
    assert out.exit_code == 0 and "--bot-game-time" in out.output
