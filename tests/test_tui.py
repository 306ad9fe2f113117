"""The full-screen table (ginrummy.cli.tui) driven by Textual's pilot: whole hands and games with the
keys and with the mouse, at 80x24 and 120x45, against a seeded computer, checked against the
engine's state; quitting, the too-small notice, the discard pile, layoffs, undo and hints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from ginrummy.cli.tui.screens import ConfirmScreen, EndScreen, LayoffScreen, PileScreen, TooSmallScreen
from ginrummy.cli.tui.widgets import KeyBar
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from ginrummy.scoring.sheet import winner_text
from ginrummy.variants.standard.actions import LayOff, TakeDiscard
from helpers.tui import advance, check_table, click, last_hand, new_app, play_game, run, shown

SHORT = Rules().with_setting("target=30")
"""A game to 30: two hands with seeds 8 and 29, each with a layoff to choose in its first hand."""


def _check_hand_over(app: object) -> None:
    from ginrummy.cli.tui import TableApp

    assert isinstance(app, TableApp)
    result = app.flow.result
    assert result is not None
    text = shown(app, "#text")
    assert result.describe(app.flow.names) in text  # the result in one line, with its points
    assert f"{app.flow.names[0]} (laid down" in text or f"{app.flow.names[1]} (laid down" in text
    totals = app.flow.game.totals
    assert f"{totals[0]}" in shown(app, "#side") and f"{totals[1]}" in shown(app, "#side")


@pytest.mark.parametrize(("seed", "size", "mouse"), [(8, (80, 24), False), (29, (120, 45), True)])
def test_a_whole_game_with_keys_or_mouse(seed: int, size: tuple[int, int], mouse: bool) -> None:
    app = new_app(seed=seed, rules=SHORT)

    async def script(pilot: Pilot[None]) -> None:
        hands = await play_game(pilot, app, mouse=mouse, on_hand_over=_check_hand_over)
        game = app.flow.game
        assert game.is_over and hands == len(game.results) >= 2
        text = shown(app, "#text")
        assert winner_text(game.summary(), game.names) in text
        for p in (0, 1):
            assert f"total {game.summary().totals[p]}" in text
        assert "Play again" in str(app.screen.query_one("#again").render())
        if mouse:
            assert await click(pilot, "#quit")
        else:
            await pilot.press("q")  # the game is over: nothing is lost, no question

    run(app, size, script)
    assert not app.is_running


def test_play_again_deals_a_new_game_from_a_derived_seed() -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, last_hand)
    first_seed = app.flow.session.seed

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # the end of the last hand, then the end of the game
        assert isinstance(app.screen, EndScreen) and app.screen.id == "game-over"
        await pilot.press("a")
        assert app.flow.stage == "play" and app.flow.hand_number == 1
        assert app.flow.session.seed != first_seed and app.flow.game.totals == (0, 0)
        check_table(app)

    run(app, (80, 24), script)


def test_quit_asks_first_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = new_app(seed=3, save=save)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.is_running and app.screen is app.table
        await pilot.press("ctrl+q")  # Textual's own quit asks too
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        assert app.is_running and app.screen is app.table
        await pilot.press("q")
        assert await click(pilot, "#yes")

    run(app, (80, 24), script)
    assert not app.is_running
    record = json.loads(save.read_text())
    assert record["seed"] == 3 and len(record["hands"]) == 1 and record["names"] == ["You", "Computer"]


def test_too_small_says_so_until_the_terminal_is_big_enough() -> None:
    app = new_app(seed=3)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = shown(app, "#too-small")
        assert "too small: 60x20" in text and "at least 80x24" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is app.table
        check_table(app)

    run(app, (60, 20), script)


def test_the_whole_discard_pile_and_the_key_bar_with_the_mouse() -> None:
    app = new_app(seed=3)
    advance(app.flow, lambda f: len(f.view.discard_pile) >= 4 and f.view.my_turn)

    async def script(pilot: Pilot[None]) -> None:
        bar = app.screen.query_one("#keys", KeyBar)
        assert await click(pilot, bar, offset=bar.offset_of("pile"))
        assert isinstance(app.screen, PileScreen)
        pile = app.flow.view.discard_pile
        text = shown(app, "#text")
        assert text.split("\n")[0].split() == [c.text(True) for c in pile][:10]
        assert f"{len(pile)} cards; the top one is {pile[-1].text(True)}" in text
        await pilot.press("escape")
        assert app.screen is app.table

    run(app, (80, 24), script)


def test_choosing_the_second_layoff_plan() -> None:
    app = new_app(seed=8)
    advance(app.flow, lambda f: f.choosing_layoffs)
    choices = app.flow.layoff_choices()
    assert len(choices) > 1

    async def script(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, LayoffScreen)
        assert "(best)" in str(app.screen.query_one("#plans").render_line(0).text)
        await pilot.press("down", "enter")
        state = app.flow.state
        assert state is not None and state.is_over
        assert state.log[-1][1] == choices[1].action()
        result = app.flow.result
        assert result is not None and result.defense is not None
        assert result.defense.deadwood == choices[1].deadwood
        assert isinstance(app.screen, EndScreen)

    run(app, (80, 24), script)


def test_practice_undo_and_hint() -> None:
    app = new_app(seed=3, practice=True)
    advance(app.flow, lambda f: f.view.phase is Phase.DRAW and TakeDiscard() in f.view.legal_actions)

    async def script(pilot: Pilot[None]) -> None:
        flow = app.flow
        before = flow.view
        await pilot.press("t")
        assert flow.view.phase is Phase.DISCARD and flow.view.hand != before.hand
        await pilot.press("u")
        assert flow.view.hand == before.hand and flow.view.discard_pile == before.discard_pile
        assert "taken back" in shown(app, "#prompt")
        await pilot.press("d")
        hand = flow.view.hand
        await pilot.press("u")  # a draw from the stock showed a card: refused
        assert "Cannot undo: you drew from the stock" in shown(app, "#prompt")
        assert flow.view.hand == hand
        await pilot.press("h")
        hint = shown(app, "#prompt")
        assert "Hint (expert): " in hint and any(w in hint for w in ("Discard", "Knock", "gin"))
        check_table(app)

    run(app, (120, 45), script)


def test_rated_games_have_no_hint_or_undo() -> None:
    app = new_app(seed=3)

    async def script(pilot: Pilot[None]) -> None:
        keys = app.screen.query_one("#keys", KeyBar)
        actions = {str(s.key) for s in keys.spans}
        assert "hint" not in actions and "undo" not in actions and "quit_table" in actions
        await pilot.press("h", "u")
        assert "Hint" not in shown(app, "#prompt")

    run(app, (80, 24), script)


def test_the_last_moves_of_a_hand_and_the_laid_down_hands_are_shown() -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, lambda f: f.stage == "hand-over")

    async def script(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, EndScreen)
        check_table(app)  # the computer's hand is laid down, face up
        log = shown(app, "#log")
        assert app.flow.log_lines()[-1].plain in log
        state = app.flow.state
        assert state is not None and isinstance(state.log[-1][1], LayOff)
        await pilot.press("q")  # quitting from the end of a hand asks; no: back to it, once
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, EndScreen) and app.screen.id == "hand-over"
        assert sum(isinstance(s, EndScreen) for s in app.screen_stack) == 1
        await pilot.press("s")  # the whole sheet, then back to the end of the hand
        assert app.flow.sheet(76).splitlines()[3].strip() in shown(app, "#text")
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen) and app.screen.id == "hand-over"
        await pilot.press("enter")
        assert app.screen is app.table and app.flow.hand_number == 2
        check_table(app)

    run(app, (120, 45), script)
