"""The full-screen table (ginrummy.cli.tui) driven by Textual's pilot: whole hands and games with the
keys and with the mouse, at 80x24 and 120x45, against a seeded computer, checked against the engine."""

from __future__ import annotations

import pytest
from helpers.tui import check_table, new_app, play_game, run, shown
from textual.pilot import Pilot

from ginrummy.scoring.sheet import winner_text


@pytest.mark.parametrize(("size", "mouse"), [((80, 24), False), ((120, 45), True)])
def test_a_whole_game_to_the_end(size: tuple[int, int], mouse: bool) -> None:
    app = new_app(seed=11)

    async def script(pilot: Pilot[None]) -> None:
        hands = await play_game(pilot, app, mouse=mouse)
        game = app.flow.game
        assert game.is_over and hands == len(game.results)
        text = shown(app, "#text")
        assert winner_text(game.summary(), game.names) in text
        assert "Play again" in str(app.screen.query_one("#again").render())
        await pilot.press("q")

    run(app, size, script)
    assert app.return_code == 0 or app.return_code is None
