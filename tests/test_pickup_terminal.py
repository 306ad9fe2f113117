"""Discard-pile pickup gin (002) in the terminal: a scripted game to the end, bad input, the
computer's hidden cards never shown, and ``ginrummy play --rules pickup``."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest

from ginrummy.cards import cards_of
from ginrummy.cli.session import COMPUTER, PlaySession
from ginrummy.hand.results import agree
from ginrummy.variants.pickup import PickupState
from helpers.pickup import PICKUP
from helpers.terminal import pickup_answer, run_session

# -- the terminal -------------------------------------------------------------------------------


def run_terminal(
    answer: Callable[[PlaySession, str], str], seed: int = 3, opponent: str = "simple"
) -> tuple[PlaySession, str, list[str]]:
    session, out, given = run_session(answer, seed=seed, opponent=opponent, rules=PICKUP, glyphs=False)
    return session, out.getvalue(), given


def bot(seed: int = 5) -> Callable[[PlaySession, str], str]:
    return pickup_answer(seed)


@pytest.mark.parametrize("opponent", ["simple", "random"])
def test_scripted_terminal_game_to_the_end(opponent: str) -> None:
    session, text, given = run_terminal(bot(), seed=7, opponent=opponent)
    game = session.game
    assert game.is_over and len(session.states) == len(game.results) >= 2
    s = game.summary()
    assert s.winner is not None
    assert f"{agree(game.names[s.winner], 'win', 'wins')} the game" in text
    assert "Not allowed" not in text and "Not understood" not in text
    assert "Discard-pile pickup gin: no knocking" in text
    assert "went gin." in text and "Discard pile, top first:" in text
    assert any(a.startswith("m ") for a in given) and any(a.startswith("x ") for a in given)


def test_terminal_bad_input_reprompts_and_changes_nothing() -> None:
    script = iter(["x 1", "t 3", "zz", "m 1 2 3 4 5 6 7 8 9 10 11 12", "a 99", "p"])
    logs: list[int] = []
    inner = bot(2)

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert isinstance(state, PickupState)
        for line in script:
            logs.append(len(state.log))
            return line
        if len(state.log) > 12:
            return "q"
        return inner(session, prompt)

    _, text, given = run_terminal(answer, seed=1)
    assert given[:5] == ["x 1", "t 3", "zz", "m 1 2 3 4 5 6 7 8 9 10 11 12", "a 99"]
    assert len(set(logs[:5])) == 1  # nothing changed meanwhile
    assert "Not allowed: x " in text and "cannot discard during the" in text
    assert "cannot take 3 cards" in text
    assert "Not understood: unknown command 'zz'" in text
    assert "no card at position 11" in text and "no card at position 99" in text
    assert "You quit the game." in text


def _shown(cards: int, text: str) -> list[str]:
    tokens = [c.text() for c in cards_of(cards)]
    return [t for t in tokens if re.search(rf"(?<![\w♣♦♥♠]){re.escape(t)}(?![\w♣♦♥♠])", text)]


@pytest.mark.parametrize(("seed", "opponent"), [(8, "simple"), (9, "random")])
def test_terminal_never_shows_the_computers_hidden_cards(seed: int, opponent: str) -> None:
    holder: list[io.StringIO] = []
    inner = bot(4)
    checks = {"during": 0, "revealed": 0}

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert isinstance(state, PickupState)
        text = holder[0].getvalue()
        segment = text[text.rfind(f"\nHand {len(session.states)}:") :]
        hidden = state.hand(COMPUTER) & ~state.known[COMPUTER]
        if not state.is_over:
            assert _shown(hidden, segment) == [], segment
            checks["during"] += 1
        elif _shown(hidden, segment[segment.find("went gin") :]):
            checks["revealed"] += 1
        return inner(session, prompt)

    out = io.StringIO()
    holder.append(out)
    session, _, _ = run_session(answer, seed=seed, opponent=opponent, rules=PICKUP, glyphs=False, out=out)
    assert checks["during"] > 20 and checks["revealed"] >= 1
    assert session.game.is_over


def test_play_command_with_the_pickup_preset() -> None:
    from click.testing import CliRunner

    from ginrummy.cli.main import main

    result = CliRunner().invoke(
        main, ["play", "--rules", "pickup", "--seed", "3", "--ascii"], input="p\nd\nm\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert "Discard-pile pickup gin: no knocking" in result.output and "You quit the game." in result.output
