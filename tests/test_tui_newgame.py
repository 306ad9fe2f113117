"""The full-screen table's new-game screen (issue 29, point 13): at the end of a game, ``g``
chooses the computer's level, the rules, the target and practice or rated, and the table of the
chosen variant deals its first hand. At any time ``n`` (or the end of a hand's "New game") asks
first, as quitting asks, then opens the same screen; Cancel goes back to the game untouched, and
a rated stored game left for a new one is kept to resume or resigned."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from ginrummy.cli.tui.newgame import NewGameScreen, presets_played
from ginrummy.cli.tui.pickup import PickupTable
from ginrummy.cli.tui.screens import ConfirmScreen, EndScreen
from ginrummy.cli.tui.table import TableScreen
from ginrummy.cli.tui.widgets import KeyBar
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from ginrummy.storage import Store
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


# -- a new game from anywhere: n -------------------------------------------------------------


def _discarding(flow: object) -> bool:
    from ginrummy.cli.tui import TableFlow

    assert isinstance(flow, TableFlow)
    return flow.hand_number >= 2 and flow.stage == "play" and flow.view.phase is Phase.DISCARD


def test_n_asks_first_and_play_on_changes_nothing() -> None:
    app = new_app(seed=8)
    advance(app.flow, _discarding)
    log = list(app.flow.view.history)

    async def script(pilot: Pilot[None]) -> None:
        assert app.table is not None
        assert "n New" in app.table.query_one("#keys", KeyBar).render().plain  # shown in the key bar
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, ConfirmScreen) and "Leave this game for a new one?" in str(screen.question)
        await pilot.press("enter")  # No is highlighted: play on
        assert app.screen is app.table and app.flow.hand_number == 2
        await pilot.press("n", "y")
        chooser = app.screen
        assert isinstance(chooser, NewGameScreen)
        await pilot.pause()
        inside = chooser.query_one(".dialog").content_region
        for part in ("#level", "#preset", "#target", "#mode", "#start", "#cancel"):
            assert inside.contains_region(chooser.query_one(part).region), part  # all in view at 80x24
        await pilot.press("escape")  # cancelled: back at the same game
        assert app.screen is app.table and list(app.flow.view.history) == log

    run(app, (80, 24), script)


def test_n_mid_game_starts_the_chosen_game() -> None:
    app = new_app(seed=8)
    advance(app.flow, _discarding)
    first = app.flow.session.seed

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("n", "y")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#level", Select).value = "beginner"
        screen.query_one("#mode", Select).value = True
        target = screen.query_one("#target", Input)
        target.value = "60"
        target.focus()
        await pilot.press("enter")
        await pilot.pause()
        flow = app.flow
        assert isinstance(app.screen, TableScreen) and app.table is app.screen
        assert flow.session.seed != first and flow.rules.target == 60 and flow.practice
        assert flow.session.opponent == "beginner" and flow.hand_number == 1 and flow.game.totals == (0, 0)

    run(app, (80, 24), script)


def test_the_end_of_a_hand_offers_a_new_game() -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, lambda f: f.stage == "hand-over" and not f.game.is_over)

    async def script(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, EndScreen) and app.screen.id == "hand-over"
        await pilot.press("g")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # play on: the end of the hand again
        assert isinstance(app.screen, EndScreen) and app.screen.id == "hand-over"
        await pilot.press("g", "y")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen) and app.screen.id == "hand-over"

    run(app, (80, 24), script)


@pytest.mark.parametrize("keep", [True, False])
def test_a_rated_stored_game_left_for_a_new_one_is_kept_or_resigned(tmp_path: Path, keep: bool) -> None:
    store = Store(tmp_path / "games.sqlite3")
    app = new_app(seed=5, store=store)
    old = app.flow.session.core.row.id

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("n", "y")
        chooser = app.screen
        assert isinstance(chooser, NewGameScreen)
        chooser.query_one("#target", Input).focus()
        await pilot.press("enter")  # Start
        screen = app.screen
        assert isinstance(screen, ConfirmScreen) and "Keep this rated game" in str(screen.question)
        await pilot.press("y" if keep else "n")
        await pilot.pause()
        assert app.table is app.screen and app.flow.session.core.row.id != old

    run(app, (80, 24), script)
    app.flow.close()
    loaded = store.load_game(old)
    assert loaded is not None
    row = loaded[0]
    if keep:
        assert row.ended is None and row.status != "over"
    else:
        assert (row.status, row.ended, row.ended_by) == ("over", "resigned", 0)
    store.close()


def test_n_while_the_computer_holds_its_reply_lets_it_play_first() -> None:
    """Practice: after the person's discard the computer's reply waits (for ever here, so that a
    slow machine cannot let it in first); ``n`` plays it, then asks."""
    app = new_app(seed=11, practice=True)
    advance(app.flow, _discarding)

    async def script(pilot: Pilot[None]) -> None:
        flow = app.flow
        assert app.table is not None and flow.state is not None
        app.table.hold = 24 * 3600.0
        moves = len(flow.state.log)
        await pilot.press("enter")  # discard the card the cursor sits on
        assert flow.waiting
        await pilot.press("n")
        assert not flow.waiting and len(flow.state.log) > moves + 1  # the computer has moved
        screen = app.screen
        assert flow.stage == "play"
        assert isinstance(screen, ConfirmScreen) and "Leave this game" in str(screen.question)

    run(app, (80, 24), script)
