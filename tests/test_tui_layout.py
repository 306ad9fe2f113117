"""The full-screen table's layout read from what it draws (issue 29, point 11): at 80x24,
120x45 and 200x50 each row of the score sheet's panel is one line, the Hollywood header one
line at 80 columns, the table centred in a wide terminal, and ``--ascii`` all ASCII."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from ginrummy.cli.tui import TableApp
from ginrummy.cli.tui.layout import MOST
from ginrummy.cli.tui.screens import EndScreen
from ginrummy.cli.tui.widgets import CardRow, KeyBar, TextBox
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from helpers.tui import advance, new_app, run, shown

SIZES = [(80, 24), (120, 45), (200, 50)]


def _later(flow: object) -> bool:
    from ginrummy.cli.tui import TableFlow

    assert isinstance(flow, TableFlow)
    view = flow.view
    return flow.hand_number >= 5 and flow.stage == "play" and view.my_turn and view.phase is Phase.DISCARD


def _drawn(app: TableApp, selector: str) -> list[str]:
    """The lines the table's widget ``selector`` draws, as drawn (wrapped to its width)."""
    assert app.table is not None
    widget = app.table.query_one(selector)
    assert isinstance(widget, TextBox | CardRow | KeyBar)
    return widget.render().plain.splitlines()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", ["default", "hollywood"])
def test_every_row_of_the_sheet_is_one_line(size: tuple[int, int], preset: str) -> None:
    app = new_app(seed=8, rules=Rules.preset(preset))
    advance(app.flow, _later)
    game = app.flow.game

    async def script(pilot: Pilot[None]) -> None:
        assert app.table is not None
        side = app.table.query_one("#side", TextBox)
        lines = side.text.plain.splitlines()  # the sheet the panel is given
        assert all(len(line) <= side.size.width for line in lines)  # so nothing is wrapped
        drawn = _drawn(app, "#side")
        assert all(line.rstrip() in lines for line in drawn if line.strip())  # as given, line by line
        for i, result in enumerate(game.results):
            row = [line for line in lines if re.match(rf"\s*{i + 1} (?!open\b|over\b)[A-Za-z]", line)]
            assert len(row) == 1, (i, lines)  # the hand's row, whole on its line
            assert result.outcome.label.lower() in row[0] or str(result.points) in row[0]
            if result.winner is not None and preset == "default":
                assert str(result.points) in row[0].split()

    run(app, size, script)


@pytest.mark.parametrize("size", SIZES)
def test_the_hollywood_header_is_one_line(size: tuple[int, int]) -> None:
    app = new_app(seed=8, rules=Rules.preset("hollywood"))
    advance(app.flow, _later)

    async def script(pilot: Pilot[None]) -> None:
        header = _drawn(app, "#header")
        assert len(header) == 1 and "hand 5" in header[0] and "knock limit" in header[0]

    run(app, size, script)


@pytest.mark.parametrize("size", SIZES)
def test_the_table_is_centred_and_uses_the_height(size: tuple[int, int]) -> None:
    app = new_app(seed=8)
    advance(app.flow, _later)

    async def script(pilot: Pilot[None]) -> None:
        assert app.table is not None
        main = app.table.query_one("#main").region
        width, height = size
        assert main.width == min(width, MOST) and main.x == (width - main.width) // 2
        assert app.table.has_class("tall") == (height >= 40)
        hand = app.table.query_one("#hand").region
        assert hand.y + hand.height <= height - 2  # the hand and the prompt in view

    run(app, size, script)


def test_ascii_draws_nothing_but_ascii() -> None:
    app = new_app(seed=11, glyphs=False)
    advance(app.flow, _later)

    async def script(pilot: Pilot[None]) -> None:
        for selector in ("#header", "#opponent", "#piles", "#hand", "#prompt", "#log", "#side", "#keys"):
            for line in _drawn(app, selector):
                assert line.isascii(), (selector, line)
        await pilot.press("question_mark")
        assert shown(app, "#text").isascii()

    run(app, (80, 24), script)


def _long_hollywood(flow: object) -> bool:
    from ginrummy.cli.tui import TableFlow

    assert isinstance(flow, TableFlow)
    return flow.hand_number >= 19 and flow.stage == "play" and flow.view.phase is Phase.DISCARD


@pytest.mark.parametrize("size", SIZES)
def test_a_long_hollywood_sheet_fits_its_panel(size: tuple[int, int]) -> None:
    """Hand 19 of a Hollywood game: the panel shows the whole sheet as it is given, one line a
    row, the oldest hands folded into one line where the panel is too short (80x24), never a
    row cut off, the newest hand, each game's line and the points so far in view."""
    app = new_app(seed=6, rules=Rules.preset("hollywood"))
    advance(app.flow, _long_hollywood)

    async def script(pilot: Pilot[None]) -> None:
        assert app.table is not None
        side = app.table.query_one("#side", TextBox)
        lines = side.text.plain.splitlines()
        assert len(lines) <= side.size.height and all(len(line) <= side.size.width for line in lines)
        assert [line.rstrip() for line in _drawn(app, "#side")] == [line.rstrip() for line in lines]
        rows = [line for line in lines if re.match(r"\s*\d+ (knock|undercut|gin)", line)]
        folded = [line for line in lines if line.startswith("hands 1-")]
        first = int(rows[0].split()[0])
        assert rows[-1].split()[0] == "18" and len(rows) == 19 - first
        assert folded == ([f"hands 1-{first - 1}: on the full sheet"] if first > 1 else [])
        assert (first > 1) == (size == (80, 24))
        for game in ("1 over", "2 over", "3 open"):
            assert any(line.startswith(game) for line in lines)
        assert any(line.startswith("Hand points so far") for line in lines)
        header = _drawn(app, "#header")
        assert len(header) == 1 and "hand 19" in header[0]

    run(app, size, script)


@pytest.mark.parametrize("size", SIZES)
def test_every_button_of_the_end_of_a_hand_is_in_view(size: tuple[int, int]) -> None:
    """Next hand, Review, Sheet, New game and Quit: each whole inside the dialog, at every size
    (beside the sheet's panel too, where the dialog stays over the table and Sheet is left out:
    the sheet is in view)."""
    app = new_app(seed=8)
    advance(app.flow, lambda f: f.stage == "hand-over")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EndScreen) and screen.id == "hand-over"
        inside = screen.query_one(".dialog").content_region
        buttons = list(screen.query(Button))
        ids = [b.id for b in buttons]
        beside = screen.over is not None
        assert ids == (
            ["next", "review", "new", "quit"] if beside else ["next", "review", "sheet", "new", "quit"]
        )
        for button in buttons:
            region = button.region
            assert region.width >= len(str(button.label)) + 2 and inside.contains_region(region), button.id

    run(app, size, script)
