"""Tests of ``ginrummy play``: scripted games to the end, what the end of a hand shows, knocking,
and the computer's hidden cards and view (bad input and quitting: ``test_cli_play_input.py``;
every preset, matches, team play and ``--set``: ``test_cli_play_presets.py``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.agents import make_agent
from ginrummy.cards import CardSet, cards_of
from ginrummy.cli.main import main
from ginrummy.cli.session import COMPUTER, PlaySession
from ginrummy.hand.results import agree
from ginrummy.records import GameRecord
from ginrummy.rules import Opening, Rules
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.state import Phase
from helpers.terminal import bot_answer, run_session


@pytest.mark.parametrize("opponent", ["random", "simple"])
def test_full_game_to_the_end(opponent: str) -> None:
    session, out, _ = run_session(bot_answer(), seed=11, opponent=opponent)
    text = out.getvalue()
    game = session.game
    assert game.is_over
    assert len(session.states) == len(game.results) >= 1
    s = game.summary()
    assert s.winner is not None
    win = agree(game.names[s.winner], "win", "wins")  # the human is "You": "You win"
    assert f"{win} the game, {s.totals[s.winner]} to {s.totals[1 - s.winner]}." in text
    assert text.count("Game 1\n") == len(game.results)  # the sheet after every hand
    assert "Game bonus" in text and "Grand total" in text and "Game over." in text
    assert "Not allowed" not in text and "Not understood" not in text


def _reveal_index(segment: str) -> int:
    marks = [
        "  You knock.",
        "  You go gin.",
        "  You go big gin.",
        "  Computer knocks.",
        "  Computer goes gin.",
        "  Computer goes big gin.",
        "Dead hand",
    ]
    found = [segment.find(m) for m in marks if m in segment]
    assert found, "the end of the hand is not announced"
    return min(found)


def _shown(cards: CardSet, text: str) -> list[str]:
    tokens = [c.text(True) for c in cards_of(cards)] + [c.text() for c in cards_of(cards)]
    return [t for t in tokens if re.search(rf"(?<![\w♣♦♥♠]){re.escape(t)}(?![\w♣♦♥♠])", text)]


@pytest.mark.parametrize(("seed", "opponent"), [(2, "simple"), (7, "random"), (13, "simple")])
def test_computer_hidden_cards_never_shown_before_the_hand_ends(seed: int, opponent: str) -> None:
    inner = bot_answer(seed)
    checks = {"during": 0, "revealed": 0}
    holder: list[io.StringIO] = []

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        text = holder[0].getvalue()
        segment = text[text.rfind(f"\nHand {len(session.states)}:") :]
        hidden = state.hand(COMPUTER) & ~state.known[COMPUTER]
        if not state.is_over and state.phase is not Phase.LAYOFF:
            assert _shown(hidden, segment) == [], f"computer's hidden cards shown: {segment}"
            checks["during"] += 1
        else:  # the computer knocked (its cards are on the table) or the hand is over
            cut = _reveal_index(segment)
            assert _shown(hidden, segment[:cut]) == []
            if _shown(hidden, segment[cut:]):
                checks["revealed"] += 1
        return inner(session, prompt)

    out = io.StringIO()
    holder.append(out)
    session, _, _ = run_session(answer, seed=seed, opponent=opponent, rules=Rules(), out=out)
    assert session.game.is_over
    assert checks["during"] > 10
    assert checks["revealed"] >= 1  # the check would see the cards once they are laid down


def test_piped_stdin_game_matches_the_scripted_game(tmp_path: Path) -> None:
    session, out, answers = run_session(bot_answer(), seed=21, opponent="random")
    last = out.getvalue().strip().splitlines()[-2:]
    assert " the game" in last[0] and " win" in last[0] and last[1] == "Thanks for playing."
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        main,
        ["play", "--seed", "21", "--opponent", "random", "--save", str(save)],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-3:] == [last[0], "Play again? (y/n) > n", last[1]]
    assert "Traceback" not in result.output
    record = GameRecord.load(save.read_text())
    assert record.replay().totals == session.game.totals
    assert len(record.hands) == len(session.states)


def _first_knock_game(confirm_answers: list[str]) -> tuple[PlaySession, str, list[int]]:
    """A game in which the first knock or gin confirmation is answered with
    ``confirm_answers``; returns the log length at each of those answers and at the
    prompt that follows them."""
    inner = bot_answer()
    logs: list[int] = []
    script = list(confirm_answers)
    flags = {"checked": False}

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        if "(y/n)" in prompt and script:
            logs.append(len(state.log))
            return script.pop(0)
        if logs and not script and not flags["checked"]:
            flags["checked"] = True
            logs.append(len(state.log))
            assert prompt.startswith("Discard")
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=3)
    return session, out.getvalue(), logs


def test_knock_asks_for_confirmation_and_no_keeps_the_hand() -> None:
    session, text, state_at = _first_knock_game(["maybe", "n"])
    assert "answer y (yes) or n (no)" in text
    assert "Not done; choose again." in text
    assert len(state_at) == 3 and state_at[0] == state_at[1] == state_at[2]
    assert session.game.is_over
    assert re.search(r"^(Knock|Gin|Undercut|Big gin|Tie): ", text, re.MULTILINE)


def test_the_end_of_a_hand_shows_both_hands_melds_layoffs_and_points() -> None:
    session, out, _ = run_session(bot_answer(), seed=3)
    assert session.game.is_over
    text = out.getvalue()
    assert "(laid down by the knocker):" in text
    assert "(defender), whole hand:" in text
    assert "lays off:" in text
    for i, r in enumerate(session.game.results):
        line = r.describe(session.game.names)
        assert line in text, (i, line)


@pytest.mark.parametrize("rules", ["pagat", "wikipedia", "eaai"])
def test_other_presets_play_to_the_end(rules: str) -> None:
    session, out, _ = run_session(bot_answer(), seed=8, rules=rules)
    assert session.game.is_over
    assert "Game over." in out.getvalue()


def test_eleven_card_opening_and_50th_card_rule() -> None:
    rules = Rules(opening=Opening.ELEVEN_CARDS, action_on_50th_card=True)
    session, _, _ = run_session(bot_answer(), seed=2, rules=rules)
    assert session.game.is_over


def test_the_computer_sees_only_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.variants.standard.view import PlayerView

    seen: list[object] = []

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.inner = make_agent("simple", 0)

        def act(self, view: PlayerView) -> Action:
            seen.append(view)
            assert view.player == COMPUTER
            return self.inner.act(view)

        def hand_over(self, view: PlayerView) -> None:
            shown.append(view)

    shown: list[PlayerView] = []
    session, _, _ = run_session(bot_answer(), seed=9, rules=Rules(), agent=Spy())
    assert session.game.is_over
    assert seen and all(isinstance(v, PlayerView) for v in seen)
    # each finished hand is shown to the computer's agent once, from its seat
    assert [v.result for v in shown] == session.game.results
    assert all(v.player == COMPUTER and v.phase is Phase.END for v in shown)
