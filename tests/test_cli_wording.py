"""The terminal's words (issue 29, point 12): ``replay`` of a ``play --save`` record in the second
person for "You", ``verify`` of such a record in plain words, the line mode's help and rules
within 80 columns, and counts and an empty pile said as a player says them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ginrummy.cli import render
from ginrummy.cli.commands import HELP
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.cli.table.pickup_commands import HELP as PICKUP_HELP
from ginrummy.rules import PRESETS, Rules
from helpers.terminal import bot_answer, run_session


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlaySession]:
    path = tmp_path_factory.mktemp("records") / "game.json"
    session, _, _ = run_session(bot_answer(1), seed=5, rules=Rules(), save=path, glyphs=False)
    return path, session


def test_replay_says_you_draw_knock_and_pass(saved: tuple[Path, PlaySession]) -> None:
    path, _ = saved
    result = run("replay", "--ascii", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"\bYou (draw|discard|take|pass|knock|go gin)\b", out)
    assert not re.search(r"\bYou (draws|discards|takes|passes|knocks|goes|lays)\b", out)


def test_verify_of_a_terminal_record_is_in_plain_words(saved: tuple[Path, PlaySession]) -> None:
    path, _ = saved
    result = run("verify", str(path))
    assert result.exit_code == 1
    said = result.output
    assert "replays correctly" in said and "played in the terminal" in said
    assert "commitment" not in said and "fairness" not in said and len(said.strip().splitlines()) == 1


def test_the_line_modes_help_and_rules_fit_80_columns() -> None:
    for text in (HELP, PICKUP_HELP):
        assert max(len(line) for line in text.splitlines()) <= 80
    for preset in PRESETS:
        lines = render.rules_lines(Rules.preset(preset), preset, ["target=50"])
        assert all(len(line.plain) <= 80 for line in lines), preset
        settings = " ".join(
            line.plain.strip() for line in lines if "=" in line.plain and "--set" not in line.plain
        )
        for key in Rules.preset(preset).settings():
            assert re.search(rf"\b{key}=", settings)  # a setting is never cut across lines


def test_counts_and_an_empty_pile_in_words() -> None:
    assert render.cards(1) == "1 card" and render.cards(0) == "0 cards" and render.cards(7) == "7 cards"
