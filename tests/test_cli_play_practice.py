"""Practice games in ``ginrummy play --practice``: undo (``u``) under the rule every front end
shares (never past new information), and hints from the strongest level with the reason in words;
rated games allow neither."""

from __future__ import annotations

import re
from typing import Any

import pytest
from click.testing import CliRunner

from ginrummy.agents import strongest
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.hand.phase import Phase
from ginrummy.session import core as core_module
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.standard.view import PlayerView
from helpers.terminal import bot_answer, run_session


def _turn(session: PlaySession) -> PlayerView | None:
    view = session.view
    return view if isinstance(view, PlayerView) and view.my_turn else None


def test_undo_takes_back_a_take_and_nothing_else() -> None:
    inner = bot_answer(5)
    seen: dict[str, Any] = {"undone": 0, "drawn": 0, "moved": 0}

    def answer(session: PlaySession, prompt: str) -> str:
        view = _turn(session)
        state = session.state
        if (
            view is None
            or state is None
            or prompt.startswith(("Press Enter", "Play again"))
            or "(y/n)" in prompt
        ):
            return inner(session, prompt)
        last = state.log[-1] if state.log else None
        if view.phase is Phase.DISCARD and view.taken is not None and not seen["undone"]:
            seen["undone"] = len(state.log)
            seen["before"] = (view.taken, len(state.log))
            return "u"
        if seen["undone"] and "after" not in seen:
            seen["after"] = (view.phase, len(state.log), view.hand)
        if view.phase is Phase.DISCARD and view.drawn is not None and not seen["drawn"]:
            seen["drawn"] = 1
            return "u"  # refused: the card drawn from the stock was seen
        if view.phase is Phase.DRAW and last is not None and last[0] == 1 and not seen["moved"]:
            seen["moved"] = 1
            return "undo"  # refused: the computer has moved since
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=4, practice=True)
    text = out.getvalue()
    taken, count = seen["before"]
    assert f"Taken back: You take {taken.text(True)}." in text
    phase, after_count, hand = seen["after"]
    assert phase in (Phase.DRAW, Phase.OFFER) and after_count == count - 1 and not hand >> taken & 1
    assert "Not allowed: you drew from the stock and saw the card; undo never shows you" in text
    assert "Not allowed: your opponent has moved since your last move" in text
    assert session.game.is_over


def test_rated_games_allow_neither_undo_nor_hints() -> None:
    inner = bot_answer(5)
    asked: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str:
        if _turn(session) is not None and len(asked) < 2 and not prompt.startswith("Press Enter"):
            asked.append(["u", "hint"][len(asked)])
            return asked[-1]
        return inner(session, prompt)

    _, out, _ = run_session(answer, seed=4)
    text = out.getvalue()
    assert "Not allowed: undo is for practice games (ginrummy play --practice)" in text
    assert "Not allowed: hints are for practice games (ginrummy play --practice)" in text
    assert "Taken back" not in text and "Hint from" not in text


def test_hints_come_from_the_strongest_level_from_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, list[AnyView], AnyView]] = []
    real = core_module.decide

    def spy(level: str, seed: int, finished: list[AnyView], view: AnyView) -> AnyAction:
        calls.append((level, list(finished), view))
        return real(level, seed, finished, view)

    monkeypatch.setattr(core_module, "decide", spy)
    inner = bot_answer(5)
    hinted: set[Phase] = set()

    def answer(session: PlaySession, prompt: str) -> str:
        view = _turn(session)
        if view is not None and view.phase not in hinted and not prompt.startswith("Press Enter"):
            hinted.add(view.phase)
            return "hint"
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=6, practice=True)
    text = out.getvalue()
    assert {Phase.DRAW, Phase.DISCARD, Phase.LAYOFF} <= hinted
    assert text.count(f"Hint from the {strongest()} player: ") == len(calls) == len(hinted)
    assert "Hint from the expert player: Enter (choice 1). Lay off" in text or "Lay down your melds" in text
    for level, finished, view in calls:
        assert level == strongest()
        assert isinstance(view, PlayerView) and view.player == 0
        assert all(isinstance(v, PlayerView) and v.player == 0 and v.result is not None for v in finished)
    assert session.game.is_over


def test_practice_flag_on_the_command_line() -> None:
    result = CliRunner().invoke(main, ["play", "--practice", "--seed", "3"], input="hint\nu\nq\ny\n")
    assert result.exit_code == 0
    assert "Hint from the expert player: " in result.output
    assert (
        "Not allowed: you have not moved in this hand" in result.output
        or "Not allowed: your opponent" in result.output
    )


def test_ascii_hints_layoffs_and_undo_print_no_suit_symbols() -> None:
    inner = bot_answer(5)
    asked: set[tuple[int, Phase]] = set()

    def answer(session: PlaySession, prompt: str) -> str:
        view = _turn(session)
        key = (len(session.states), view.phase) if view is not None else None
        if view is not None and key not in asked and not prompt.startswith("Press Enter"):
            asked.add(key)
            return "?" if view.phase is Phase.LAYOFF else ("h" if len(asked) % 2 else "hint")
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=6, practice=True, glyphs=False)
    text = out.getvalue()
    assert "Hint from the expert player" in text and "Lay down and lay off (best first):" in text
    assert "your own plan: your melds in brackets" in text  # the layoff help
    assert not re.search(r"[♣♦♥♠]", text)
    assert session.game.is_over
