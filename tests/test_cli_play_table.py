"""The terminal table after the reviewer's game: the deadwood shown during the discard, quitting
confirmed, only Enter deals, "Play again?", the default name "You" and its grammar, the errors
worded as the table words cards, the upcard only on the first turn and the gin header."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.cards import Card
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import best_discards, least_deadwood
from ginrummy.records import GameRecord
from ginrummy.variants.standard.view import PlayerView
from helpers.terminal import bot_answer, run_session

COMMAND = ("Take", "Draw", "Discard", "You must")


def test_the_discard_shows_the_deadwood_after_the_best_discard_as_the_knock_offer_does() -> None:
    inner = bot_answer()
    expected: list[int] = []
    logs: set[tuple[int, int]] = set()

    def answer(session: PlaySession, prompt: str) -> str:
        state, view = session.state, session.view
        assert state is not None and view is not None
        turn = (len(session.states), len(state.log))
        if view.my_turn and view.phase is Phase.DISCARD and turn not in logs:
            logs.add(turn)
            exclude = 0 if view.taken is None else 1 << view.taken
            expected.append(best_discards(view.hand, exclude, mr=view.meld_rules)[0])
        return inner(session, prompt)

    _, out, _ = run_session(answer, seed=4)
    text = out.getvalue()
    blocks = re.split(r"\nYour hand, ", text)[1:]
    shown = [
        int(m.group(1)) for b in blocks if (m := re.match(r"deadwood (\d+) after your best discard:", b))
    ]
    assert shown == expected and len(shown) >= 5
    for block in blocks:
        m = re.match(r"deadwood (\d+) after your best discard:", block)
        if m is not None:
            offered = (
                re.search(r"You can (knock \(k\)|go gin|go big gin)", block.split("\n-- ")[0]) is not None
            )
            assert offered == (int(m.group(1)) <= 10), block  # the knock limit is 10
    assert any(
        int(n) > 10 for n in re.findall(r"Your hand, deadwood (\d+):", text)
    )  # while drawing: 10 cards


def test_q_asks_first_no_goes_on_and_yes_quits() -> None:
    inner = bot_answer()
    script = ["q", "maybe", "n", "quit", "y"]
    logs: list[int] = []

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        if script and (logs or prompt.startswith(COMMAND)):
            logs.append(len(state.log))
            return script.pop(0)
        return inner(session, prompt)

    session, out, given = run_session(answer, seed=3)
    text = out.getvalue()
    assert given[:5] == ["q", "maybe", "n", "quit", "y"] and len(given) == 5
    assert len(set(logs)) == 1  # nothing was played meanwhile
    assert "Not understood: answer y (yes) or n (no)" in text
    assert text.rstrip().endswith("You quit the game.") and not session.game.is_over


def test_end_of_input_at_the_quit_question_quits_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--save", str(save)], input="q\n")
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert "Quit the game? (y/n) > " in result.output and "You quit the game." in result.output
    assert f"Saved to {save}." in result.output
    assert GameRecord.load(save.read_text()).names == ("You", "Computer")


def test_only_enter_deals_the_next_hand() -> None:
    inner = bot_answer()
    seen: dict[str, int] = {}

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Press Enter") and "x" not in seen:
            seen["x"] = len(session.states)
            return "x"
        if prompt.startswith("Press Enter") and "deal now" not in seen:
            assert len(session.states) == seen["x"]  # "x" dealt nothing
            seen["deal now"] = len(session.states)
            return "deal now"
        return inner(session, prompt)

    session, out, given = run_session(answer, seed=3)
    text = out.getvalue()
    assert "Not understood: 'x': press Enter to go on, s for the sheet, q to quit" in text
    assert "Not understood: 'deal now': press Enter" in text
    i = given.index("deal now")
    assert given[i + 1] == "" and session.game.is_over


def test_play_again_starts_a_new_game_saved_beside_the_first(tmp_path: Path) -> None:
    inner = bot_answer()
    answers = iter(["y", "n"])

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Play again"):
            return next(answers)
        return inner(session, prompt)

    save = tmp_path / "g.json"
    session, out, given = run_session(answer, seed=3, save=save)
    text = out.getvalue()
    assert text.count("Gin Rummy against the computer") == 2 and given.count("y") >= 1
    assert text.count("Play again") == 0  # prompts are the input function's, not printed here
    assert text.rstrip().endswith("Thanks for playing.") and session.played == 2
    second = tmp_path / "g-2.json"
    assert f"This one is saved to {second}." in text
    first, again = GameRecord.load(save.read_text()), GameRecord.load(second.read_text())
    assert first.seed == 3 and again.seed == session.seed != 3
    assert again.replay().totals == session.game.totals and session.game.is_over
    assert text.count("Grand total") == 2  # each game's final sheet


def test_the_default_name_is_you_and_the_sentences_agree() -> None:
    session, out, _ = run_session(bot_answer(), seed=10)
    text = out.getvalue()
    assert session.names == ("You", "Computer")
    assert not re.search(r"\bYou (knocks|goes|scores|wins|has|deals|pays|forfeits)\b", text)
    assert re.search(r"\bYou (knock with \d+|go gin|score \d+)", text)
    assert "Player 0" not in text


def test_zero_and_x_zero_give_the_same_error_and_a_false_gin_is_not_allowed() -> None:
    inner = bot_answer()
    script: list[str] = []
    started: list[bool] = []

    def answer(session: PlaySession, prompt: str) -> str:
        view = session.view
        assert view is not None
        if view.my_turn and view.phase is Phase.DISCARD and not started:
            card = next(c for c in range(52) if view.hand >> c & 1)
            if least_deadwood(view.hand & ~(1 << card), mr=view.meld_rules) > 0:
                started.append(True)
                script.extend(["0", "x 0", f"g {Card(card).text(False)}"])
        if script:
            return script.pop(0)
        return inner(session, prompt)

    _, out, _ = run_session(answer, seed=3)
    lines = out.getvalue().splitlines()
    errors = [line for line in lines if line.startswith(("Not understood", "Not allowed"))]
    assert errors[0] == errors[1] == "Not understood: no card at position 0: your hand has 11 cards (1-11)"
    assert errors[2].startswith("Not allowed: that is not gin: discarding ")


def test_gin_is_headed_as_gin_and_the_upcard_is_named_only_on_the_first_turn() -> None:
    inner = bot_answer()
    phases: list[Phase] = []
    logs: set[tuple[int, int]] = set()

    def answer(session: PlaySession, prompt: str) -> str:
        state, view = session.state, session.view
        assert state is not None and view is not None
        if view.my_turn and not state.is_over and (len(session.states), len(state.log)) not in logs:
            logs.add((len(session.states), len(state.log)))
            phases.append(view.phase)
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=10)
    text = out.getvalue()
    first = sum(p in (Phase.OFFER, Phase.LAST_CHANCE) for p in phases)
    later = sum(p in (Phase.DRAW, Phase.DISCARD) for p in phases)
    assert text.count("\nUpcard ") == first >= 1
    empty = text.count("\nDiscard pile: empty")  # said so, not "Top of the discard pile none"
    assert text.count("\nTop of the discard pile ") + empty == later >= 1 and "pile none" not in text
    gins = sum(r.outcome is Outcome.GIN for r in session.game.results)
    knocks = sum(r.outcome in (Outcome.KNOCK, Outcome.UNDERCUT, Outcome.TIE) for r in session.game.results)
    assert gins >= 1 and text.count("(laid down, going gin):") == gins
    assert text.count("(laid down by the knocker):") == knocks


def test_errors_use_the_tables_card_glyphs() -> None:
    inner = bot_answer()
    done: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str:
        view = session.view
        assert view is not None
        if view.my_turn and view.phase is Phase.DISCARD and not done:
            done.append("d")
            return "d"
        return inner(session, prompt)

    _, out, _ = run_session(answer, seed=3)
    error = next(line for line in out.getvalue().splitlines() if line.startswith("Not allowed"))
    assert error.startswith("Not allowed: cannot draw during the discard; you can now: discard ")
    assert re.search(r"[♣♦♥♠]", error) and not re.search(r"\b(10|[A2-9TJQK])[cdhs]\b", error)
    assert "phase" not in error and "DISCARD" not in error


def test_ascii_prints_no_suit_symbols_even_in_the_help() -> None:
    result = CliRunner().invoke(main, ["play", "--ascii", "--seed", "1"], input="?\nd\nzz\n")
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert "x 7h, 7h, 3" in result.output and "Not allowed: cannot draw during the offer" in result.output
    assert not re.search(r"[♣♦♥♠]", result.output)


def test_oklahoma_says_the_knock_limit_and_the_doubling_before_any_scoring() -> None:
    seen: dict[int, str] = {}
    for seed in range(40):

        def answer(session: PlaySession, prompt: str, seed: int = seed) -> str:
            view = session.view
            if isinstance(view, PlayerView) and view.my_turn and seed not in seen:
                assert view.knock_card is not None
                seen[seed] = f"{view.multiplier}|{view.knock_card.text(True)}|{view.knock_limit}"
                return "q"
            return "y"  # quit: yes

        _, out, _ = run_session(answer, seed=seed, rules="oklahoma")
        multiplier, card, limit = seen[seed].split("|")
        first = out.getvalue().split("\nHand 1:")[1]
        status = next(line for line in first.splitlines() if line.startswith("-- "))
        assert f"knock limit {limit} (the upcard {card})" in status
        assert ("points doubled this hand" in status) == (multiplier == "2")
        if multiplier == "2":
            return
    pytest.fail("no spade upcard in 40 deals")
