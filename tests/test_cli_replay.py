"""Tests of ``ginrummy replay`` and ``ginrummy rules``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ginrummy.agents import make_agent
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.records import GameRecord, HandRecord
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState
from helpers.hands import play_out
from helpers.terminal import bot_answer, run_session


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlaySession]:
    """A whole game played by the simple agent for the human, saved with ``--save``."""
    path = tmp_path_factory.mktemp("records") / "game.json"
    session, _, _ = run_session(bot_answer(1), seed=5, rules=Rules(), save=path, glyphs=False)
    assert session.game.is_over
    return path, session


def test_replay_a_saved_game(saved_game: tuple[Path, PlaySession]) -> None:
    path, session = saved_game
    result = run("replay", "--ascii", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    n = len(session.game.results)
    assert f"{n} hand{'s' if n != 1 else ''} recorded" in out
    for i in range(1, n + 1):
        assert f"Hand {i}: " in out
    assert "draws" in out and "from the stock" in out  # the drawn cards are shown in a replay
    assert session.game.sheet(layout="hands") in out  # the terminal's sheet, one row per hand
    paper = run("replay", "--ascii", "--sheet", "paper", str(path))
    assert paper.exit_code == 0 and session.game.sheet(layout="paper") in paper.output
    assert "Grand total" not in paper.output and "Game Bonus" in paper.output
    assert "Game over." in out
    first = session.states[0]
    assert f"Upcard {first.deck[20]}" in out
    for r in session.game.results:
        assert r.describe(session.game.names) in out


def test_replay_one_hand_of_a_game(saved_game: tuple[Path, PlaySession]) -> None:
    path, session = saved_game
    result = run("replay", "--ascii", str(path), "--hand", "1")
    assert result.exit_code == 0
    assert "Hand 1: " in result.output and "Hand 2: " not in result.output
    assert "Game over." not in result.output
    too_far = run("replay", str(path), "--hand", str(len(session.states) + 1))
    assert too_far.exit_code == 1
    assert (
        f"no hand {len(session.states) + 1}: the game record has {len(session.states)} hands"
        in too_far.output
    )


def test_replay_shows_both_hands_and_the_knock_card(tmp_path: Path) -> None:
    state = HandState.deal(Rules(), dealer=1, rng=random.Random(42))
    play_out(state, [make_agent("simple", 1), make_agent("simple", 2)])
    path = tmp_path / "hand.json"
    path.write_text(HandRecord.from_state(state, seed=42).dump())
    result = run("replay", "--ascii", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Hand 1: Player 1 deals (deck from seed 42)." in out
    assert "Player 0: " in out and "Player 1: " in out
    assert result.output.count("(deadwood ") >= 2
    assert state.result is not None
    if state.knocker is not None:
        assert "face down" in out
    assert state.result.describe() in out


def test_replay_names_the_players_of_a_hand_record(tmp_path: Path) -> None:
    state = HandState.deal(Rules(), dealer=0, rng=random.Random(8))
    play_out(state, [make_agent("simple", 1), make_agent("strong", 2)])
    path = tmp_path / "hand.json"
    path.write_text(HandRecord.from_state(state, seed=8, names=("Ann", "Strong")).dump())
    result = run("replay", "--ascii", str(path))
    assert result.exit_code == 0, result.output
    assert "Hand 1: Ann deals" in result.output and "Strong: " in result.output
    assert "Player 0" not in result.output


def test_replay_errors(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "does not exist" in missing.output
    not_json = tmp_path / "x.json"
    not_json.write_text("hello")
    result = run("replay", str(not_json))
    assert result.exit_code == 1 and "is not JSON" in result.output
    other = tmp_path / "y.json"
    other.write_text(json.dumps({"format": "chess"}))
    result = run("replay", str(other))
    assert result.exit_code == 1 and "is not a ginrummy record" in result.output
    assert "Traceback" not in result.output


def test_replay_refuses_a_tampered_record(saved_game: tuple[Path, PlaySession], tmp_path: Path) -> None:
    path, _ = saved_game
    data = json.loads(path.read_text())
    actions = data["hands"][0]["actions"]
    actions.insert(1, [actions[0][0], "discard Ac"])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert "does not replay" in result.output
    assert GameRecord.load(path.read_text()).replay().totals  # the original is fine


def test_rules_lists_presets_and_settings() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for name in ("default", "pagat", "wikipedia", "eaai", "openspiel"):
        assert name in result.output
    assert "source: 000 part 1" in result.output and "source: 000 part 2" in result.output
    one = run("rules", "pagat")
    assert one.exit_code == 0
    assert " * gin_bonus                20" in one.output
    assert "   knock_limit              10" in one.output
    bad = run("rules", "nope")
    assert bad.exit_code == 2 and "'nope' is not one of" in bad.output
