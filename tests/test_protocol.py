"""The bot protocol (docs/protocol.md): a seat's view as JSON, bots as subprocesses, forfeits."""

from __future__ import annotations

import functools
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.agents import make_agent
from ginrummy.cards import cards_of
from ginrummy.cli.main import main
from ginrummy.errors import RecordError
from ginrummy.play import Agent, play_hand
from ginrummy.protocol import BotError, SubprocessBot, legal_json, view_from_json, view_json
from ginrummy.rules import Rules
from ginrummy.tournament.pairs import play_pair
from ginrummy.tournament.runner import run_match
from ginrummy.variants import deal_hand
from ginrummy.variants.standard.state import HandState
from helpers.bots import PY, script_bot

ROOT = Path(__file__).resolve().parents[1]
_script = script_bot


def _factory(bot: str, time_ms: int, name: str, rng: random.Random) -> Agent:
    if name == "bot":
        return SubprocessBot(bot, time_ms=time_ms)
    return make_agent(name, rng)


def _pair(bot: str, time_ms: int = 3000) -> list[object]:
    games = play_pair(Rules(), ("bot", "simple"), functools.partial(_factory, bot, time_ms), 7, 0)
    return list(games)


def test_a_full_match_against_the_python_reference_bot() -> None:
    bot = f"cmd:{PY} {ROOT / 'bots' / 'simple_bot.py'}"
    result = run_match([bot, "simple"], 2, Rules(), seed=3)
    summary = result.summary()
    assert "forfeits" not in summary
    assert all(g.forfeit is None and g.winner is not None for g in result.games)
    assert summary["hands"] > 0 and summary["times"][0]["decisions"] > 0


def test_the_reference_bot_plays_like_the_simple_level() -> None:
    bot = SubprocessBot(f"cmd:{PY} {ROOT / 'bots' / 'simple_bot.py'} 5")
    state = HandState.deal(Rules(), dealer=0, rng=11)
    mirror = HandState.deal(Rules(), dealer=0, rng=11)
    try:
        play_hand(state, [bot, make_agent("simple", 2)])
    finally:
        bot.close()
    play_hand(mirror, [make_agent("simple", 5), make_agent("simple", 2)])
    assert state.log == mirror.log and len(state.log) > 4
    assert bot.name == "simple (protocol)" and bot.author == "ginrummy"


@pytest.mark.parametrize(
    ("kind", "body", "time_ms"),
    [
        ("crash", "sys.exit(3)\n", 3000),
        ("timeout", "time.sleep(60)\n", 300),
        ("garbage", "print('I think I will discard', flush=True)\n", 3000),
        ("garbage", "print(json.dumps({'move': 'draw'}), flush=True)\n", 3000),
        (
            "illegal",
            "print(json.dumps({'action': 'discard 2c' if 'discard 2c' not in msg['legal'] else 'take'}), flush=True)\n",
            3000,
        ),
        ("illegal", "print(json.dumps({'action': 'fold'}), flush=True)\n", 3000),
    ],
)
def test_a_failing_bot_forfeits_the_game(tmp_path: Path, kind: str, body: str, time_ms: int) -> None:
    bot = _script(tmp_path, kind, body)
    games = run_match(
        ["bot", "simple"], 2, Rules(), seed=1, factory=functools.partial(_factory, bot, time_ms)
    ).games
    assert len(games) == 2
    for g in games:
        assert g.forfeit is not None and g.forfeit.agent == 0 and g.forfeit.kind == kind
        assert g.winner == 1 and g.record is None


def test_a_bot_that_cannot_start_or_refuses_the_rules_forfeits(tmp_path: Path) -> None:
    path = tmp_path / "pickup_only.py"
    path.write_text(
        "import json, sys\nsys.stdin.readline()\n"
        'print(json.dumps({"type": "hello", "protocol": 1, "name": "p", "variants": ["pickup"]}), flush=True)\n'
        "sys.stdin.read()\n"
    )
    bot = SubprocessBot(f"cmd:{PY} {path}")
    with pytest.raises(BotError) as info:
        bot.act(HandState.deal(Rules(), dealer=0, rng=1).view(1))
    assert info.value.kind == "unsupported" and bot.proc is None


def test_the_bot_process_is_ended_after_each_game(tmp_path: Path) -> None:
    bots: list[SubprocessBot] = []

    def factory(name: str, rng: random.Random) -> Agent:
        if name == "bot":
            bots.append(SubprocessBot(f"cmd:{PY} {ROOT / 'bots' / 'simple_bot.py'}"))
            return bots[-1]
        return make_agent(name, rng)

    play_pair(Rules(), ("bot", "simple"), factory, 2, 0)
    assert len(bots) == 2 and all(b.proc is None for b in bots)


def test_the_view_never_holds_the_opponents_hidden_cards() -> None:
    checked = 0
    for rules in (Rules(), Rules.preset("pickup")):
        for seed in range(15):
            state = deal_hand(rules, 0, random.Random(seed))
            players = [make_agent("simple", 1), make_agent("simple", 2)]
            while not state.is_over:
                p = state.to_act
                view = state.view(p)
                data = json.dumps(view_json(view)) + json.dumps(legal_json(view))
                shown = view.opponent_known  # taken from the pile; and what a knocker laid down:
                shown |= getattr(view, "knocker_deadwood", 0)
                for meld in getattr(view, "knocker_melds", ()):
                    shown |= meld.mask
                hidden = cards_of(state.hand(1 - p) & ~shown)
                for card in hidden:
                    assert f'"{card}"' not in data and f"{card} " not in data and f"{card}]" not in data
                    checked += 1
                state.push(players[p].act(view), player=p)
    assert checked > 1000


def test_a_standard_view_reads_back_equal() -> None:
    state = HandState.deal(Rules.preset("oklahoma"), dealer=1, rng=4)
    players = [make_agent("simple", 1), make_agent("simple", 2)]
    while not state.is_over:
        view = state.view(state.to_act)
        assert view_from_json(json.loads(json.dumps(view_json(view)))) == view
        state.push(players[state.to_act].act(view), player=state.to_act)
    with pytest.raises(RecordError):
        view_from_json({"rules": {}, "player": 0})


def test_the_pickup_view_is_written_but_not_read_back() -> None:
    state = deal_hand(Rules.preset("pickup"), 0, random.Random(2))
    data = view_json(state.view(state.to_act))
    assert data["rules"]["discard_pickup"] is True and isinstance(data["table"], list)
    with pytest.raises(RecordError):
        view_from_json(data)


def test_match_takes_a_cmd_player_and_reports_a_forfeit(tmp_path: Path) -> None:
    bot = _script(tmp_path, "crash", "sys.exit(1)\n")
    out = CliRunner().invoke(main, ["match", bot, "simple", "--games", "2", "--no-progress", "--json"])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["wins"] == [0, 2] and [f["kind"] for f in summary["forfeits"]] == ["crash", "crash"]
    bad = CliRunner().invoke(main, ["match", "cmd:no-such-program-here", "simple"])
    assert bad.exit_code != 0 and "not found" in bad.output


def test_play_against_a_cmd_opponent_that_crashes_is_won_by_forfeit(tmp_path: Path) -> None:
    bot = _script(tmp_path, "crash", "sys.exit(1)\n")
    out = CliRunner().invoke(main, ["play", "--opponent", bot, "--seed", "1"], input="d\n" * 5 + "q\n")
    assert out.exit_code == 0, out.output
    assert "forfeit" in out.output.lower()


@pytest.mark.skipif(
    shutil.which("javac") is None or shutil.which("java") is None, reason="javac/java not installed"
)
def test_the_java_minimal_bot_plays_a_game(tmp_path: Path) -> None:
    subprocess.run(
        ["javac", "-d", str(tmp_path), str(ROOT / "bots" / "java" / "MinimalBot.java")], check=True
    )
    bot = f"cmd:java -cp {tmp_path} MinimalBot"
    result = run_match([bot, "simple"], 2, Rules(), seed=2)
    assert "forfeits" not in result.summary()
    assert all(g.winner is not None for g in result.games) and result.summary()["hands"] > 0
