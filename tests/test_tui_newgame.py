"""The full-screen table's new-game screen (issue 29, point 13): at the end of a game, ``g``
chooses the computer's level, the rules, the target and practice or rated, and the table of the
chosen variant deals its first hand."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, Select

from ginrummy.cli.tui.newgame import NewGameScreen, presets_played
from ginrummy.cli.tui.pickup import PickupTable
from ginrummy.cli.tui.screens import EndScreen
from ginrummy.rules import Rules
from helpers.tui import advance, last_hand, new_app, run, shown

SHORT = Rules().with_setting("target=30")


def test_a_new_game_of_other_rules_level_target_and_mode() -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, last_hand)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(app.screen, EndScreen) and app.screen.id == "game-over"
        await pilot.press("g")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#target", Input).value == "30"  # the game just played
        screen.query_one("#preset", Select).value = "pickup"
        await pilot.pause()
        assert screen.query_one("#target", Input).value == str(Rules.preset("pickup").target)
        screen.query_one("#level", Select).value = "beginner"
        screen.query_one("#mode", Select).value = True
        target = screen.query_one("#target", Input)
        target.value = "x"
        target.focus()
        await pilot.press("enter")
        assert "Not allowed: the target is a number of points" in shown(app, "#said")
        target.value = "120"
        await pilot.press("enter")
        await pilot.pause()
        flow = app.flow
        assert isinstance(app.screen, PickupTable) and app.table is app.screen
        assert flow.rules.variant == "pickup" and flow.rules.target == 120
        assert flow.session.opponent == "beginner" and flow.practice and flow.session.preset == "pickup"
        assert flow.stage == "play" and flow.hand_number == 1 and flow.game.totals == (0, 0)

    run(app, (80, 24), script)


def test_cancel_goes_back_to_the_end_of_the_game() -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, last_hand)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "g")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen) and app.screen.id == "game-over"

    run(app, (80, 24), script)


def test_the_screen_lists_the_presets_the_table_plays() -> None:
    names = presets_played()
    assert "default" in names and "pickup" in names and "hollywood" in names
