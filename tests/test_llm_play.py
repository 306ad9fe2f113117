"""``ginrummy llm-play``: a model given as a command plays a level through the text harness; the
report counts wins, points, refused replies, retries, failed commands and forfeits. The models
here are scripted (awk and sh), so every run is the same."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from ginrummy.cli.main import main
from ginrummy.errors import ArgumentError
from ginrummy.research.llm_play import command_model, first_offered, llm_play

FIRST = 'awk \'/^- /{sub(/^- /, ""); sub(/:.*/, ""); print "Final answer: " $0; exit}\''
"""A scripted model: the first move the prompt offers."""
STUBBORN_ONCE = (
    'awk \'/refused/{again = 1} /^- / && !m {m = $0; sub(/^- /, "", m); sub(/:.*/, "", m)}'
    ' END {print again ? "Final answer: " m : "I would rather not say."}\''
)
"""A scripted model refused once a move: it names a move only when asked again."""


def _llm(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(main, ["llm-play", *args, "--json"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def test_a_scripted_model_plays_hands_against_a_level_and_the_report_is_repeatable() -> None:
    report = _llm("--model", f"cmd:{FIRST}", "--hands", "2", "--opponent", "simple", "--seed", "3")
    assert report["played"] == 2 and report["unit"] == "hand"
    assert report["model_wins"] + report["opponent_wins"] <= 2
    assert report["replies"] == report["decisions"] > 0
    assert report["refused"] == report["forfeits"] == report["failed"] == 0
    assert report["refused_rate"] == report["retry_rate"] == 0.0
    again = _llm("--model", f"cmd:{FIRST}", "--hands", "2", "--opponent", "simple", "--seed", "3")
    assert again == report
    # the same model through the Python API, as a function, plays the same moves
    direct = llm_play(first_offered, "simple", 2, seed=3).summary()
    assert {**direct, "model": ""} == {**report, "model": ""}


def test_refusals_are_retried_and_counted() -> None:
    report = _llm("--model", f"cmd:{STUBBORN_ONCE}", "--hands", "1", "--opponent", "random")
    assert report["refused"] == report["decisions"] > 0 and report["replies"] == 2 * report["decisions"]
    assert report["retry_rate"] == 1.0 and report["refused_rate"] == 0.5 and report["forfeits"] == 0


def test_a_model_never_understood_forfeits_and_a_failing_command_is_counted() -> None:
    report = _llm("--model", "cmd:echo nonsense", "--hands", "2", "--retries", "1")
    assert report["forfeits"] == report["opponent_wins"] == 2 and report["forfeit_rate"] == 1.0
    assert report["replies"] == 4 and report["refused_rate"] == 1.0 and report["points"] == 0
    failing = _llm("--model", "cmd:sh -c 'exit 3'", "--hands", "1", "--retries", "0")
    assert failing["failed"] == failing["refused"] == failing["forfeits"] == 1


def test_a_whole_game_reports_the_final_scores() -> None:
    report = llm_play(first_offered, "simple", games=1, rules="hollywood", seed=2)
    s = report.summary()
    assert s["unit"] == "game" and s["played"] == 1 and s["model_wins"] + s["opponent_wins"] == 1
    assert s["points_per_game"] == s["points"] != 0


def test_prompts_are_the_harness_prompts_of_the_models_own_view() -> None:
    """What the model is sent is render() of its own view (tests/test_research_text.py checks that
    no such prompt shows a hidden card), with the game score in a whole game."""
    seen: list[str] = []

    def model(prompt: str) -> str:
        seen.append(prompt)
        return first_offered(prompt)

    llm_play(model, "random", 2, seed=0)
    seats = {p.split(" in a hand")[0] for p in seen}
    assert seats == {"You are player 0", "You are player 1"}
    assert all("Your moves:" in p and "Game score" not in p for p in seen)
    games: list[str] = []
    llm_play(lambda p: games.append(p) or first_offered(p), "simple", games=1, seed=0)
    assert all("Game score: you " in p for p in games)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--model", "cmd:no-such-model-program"], "the model command 'no-such-model-program' is not found"),
        (["--model", "gpt-4"], "a model is cmd:COMMAND"),
        (["--model", "cmd:x", "--opponent", "nobody"], "'nobody' is not one of"),
    ],
)
def test_a_bad_model_or_level_is_one_usage_error_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["llm-play", *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("ginrummy llm-play: error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr
    with pytest.raises(ArgumentError):
        command_model("cmd:")


def test_no_prompt_shows_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every prompt the model gets before a knock, checked against the hand being played: no card
    of the stock and no card of the opponent's that it has not shown is named (after a knock, and
    the face-down discard: tests/test_research_text.py)."""
    import re

    import ginrummy.research.llm_play as lp
    from ginrummy.cards import cards_of

    states: list[object] = []
    play_hand = lp.play_hand

    def watched(state: Any, players: Any) -> Any:
        states.append(state)
        return play_hand(state, players)

    monkeypatch.setattr(lp, "play_hand", watched)
    checked = 0

    def model(prompt: str) -> str:
        nonlocal checked
        state = states[-1]
        me = int(prompt.split("You are player ", 1)[1][0])
        view = state.view(me)
        if view.knocker is not None:  # the knocker's cards are laid down for both to see
            return first_offered(prompt)
        known = set(cards_of(view.opponent_known))
        hidden = {str(c) for c in state.stock} | {
            str(c) for c in cards_of(state.hand(1 - me)) if c not in known
        }
        assert not set(re.findall(r"\b[A2-9TJQK][cdhs]\b", prompt)) & hidden
        checked += 1
        return first_offered(prompt)

    llm_play(model, "simple", 4, seed=5)
    assert checked > 20
