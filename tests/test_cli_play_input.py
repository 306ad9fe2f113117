"""Tests of ``ginrummy play``: bad input reprompts and changes nothing, meta commands, quitting,
end of input and interrupts, echoed piped input, and bad options."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.cards import CARDS
from ginrummy.cli import session as play_module
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.records import GameRecord
from ginrummy.variants.standard.state import Phase
from helpers.terminal import bot_answer, run_session


def test_bad_input_reprompts_with_the_reason_and_changes_nothing() -> None:
    bad_done: list[str] = []
    seen_logs: list[int] = []
    inner = bot_answer()

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        view = session.view
        if view is not None and view.phase is Phase.DISCARD and view.my_turn and len(bad_done) < 6:
            seen_logs.append(len(state.log))
            missing = next(c for c in CARDS if not view.hand >> c & 1)
            bad = ["zz", "d", f"x {missing}", "x 12", "k 99", "9z"][len(bad_done)]
            bad_done.append(bad)
            return bad
        if len(bad_done) == 6 and len(seen_logs) == 6:
            seen_logs.append(len(state.log))
            return "q"
        return inner(session, prompt)

    _, out, _ = run_session(answer, seed=4)
    text = out.getvalue()
    assert len(seen_logs) == 7 and len(set(seen_logs)) == 1  # nothing changed meanwhile
    assert "Not understood: unknown command 'zz'; type ? for help" in text
    assert "Not allowed: cannot draw during the discard" in text
    assert "is not in your hand" in text
    assert "no card at position 12" in text
    assert "no card at position 99" in text
    assert "not a card: '9z'" in text
    assert "You quit the game." in text


def test_taken_card_may_not_be_discarded_and_bad_phase_commands() -> None:
    calls: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str:
        view = session.view
        assert view is not None
        step = len(calls)
        if step == 0:
            assert view.phase is Phase.OFFER  # seed 1: the computer passed the upcard to us
            calls.append("x 1")
        elif step == 1:
            calls.append("t")
        elif step == 2:
            assert view.taken is not None and view.phase is Phase.DISCARD
            calls.append(str(view.taken))
        else:
            calls.append("q")
        return calls[-1]

    _, out, given = run_session(answer, seed=1)
    text = out.getvalue()
    assert "Not allowed: cannot discard during the offer; you can now: take; pass" in text
    assert "was just taken from the discard pile and may not be discarded this turn" in text
    assert given == calls and given[-1] == "q"


def test_meta_commands_help_sheet_hint_and_between_hands() -> None:
    inner = bot_answer()
    done: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str:
        for word in ("help", "?", "s", "h", "hint", ""):
            if word not in done and not prompt.startswith("Press Enter"):
                done.append(word)
                return word
        if prompt.startswith("Press Enter") and "sheet" not in done:
            done.append("sheet")
            return "s"
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=6)
    text = out.getvalue()
    assert text.count("k 7h, k        knock") >= 3  # start, help and ?
    assert (
        text.count("Not allowed: hints are for practice games (ginrummy play --practice)") == 2
    )  # h, hint: rated
    assert "Type a command (? for help)." in text
    assert "The game goes on: the first to 100 ends it." in text
    assert session.game.is_over


def test_echo_q_exits_cleanly() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1"], input="q\n")
    assert result.exit_code == 0
    assert "You quit the game." in result.output
    assert "Your hand, deadwood" in result.output
    assert "Traceback" not in result.output


def test_end_of_input_exits_cleanly_and_saves_the_unfinished_hand(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--save", str(save)], input="p\nd\n")
    assert result.exit_code == 0
    assert "End of input" in result.output
    assert "Traceback" not in result.output
    record = GameRecord.load(save.read_text())
    assert len(record.hands) == 1
    assert record.hands[0].actions  # the unfinished hand is kept
    assert record.replay().results == []


def test_keyboard_interrupt_exits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(play_module, "read_line", interrupted)
    result = CliRunner().invoke(main, ["play", "--seed", "1"])
    assert result.exit_code == 0
    assert "Interrupted" in result.output
    assert "Traceback" not in result.output and "Aborted" not in result.output


def test_piped_input_is_echoed_after_the_prompt() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--ascii"], input="zz\nq\n")
    assert "? > zz\n" in result.output
    assert "Not understood: unknown command 'zz'" in result.output
    assert "♠" not in result.output.split("Hand 1:")[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "nope"], "'nope' is not one of 'bicycle', 'classic', 'default'"),
        (["--opponent", "genius"], "'genius' is not one of"),
        (["--name", "  "], "choose a name"),
        (["--seed", "x"], "'x' is not a valid integer"),
        (["--save", "/nonexistent-folder/g.json"], "no folder '/nonexistent-folder' to save in"),
    ],
)
def test_bad_options_are_clean_click_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
