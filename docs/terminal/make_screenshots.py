"""Write the README's screenshots of the full-screen table (``ginrummy play`` in a terminal):
the table, the end of a hand and the end of a game, at 80x24 and 120x45, as SVG files here.

Run from the repository root: ``python docs/terminal/make_screenshots.py``. The game is seeded
(the computer and the person's moves, chosen by the simple level), so the pictures are the same
each time."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from collections.abc import Awaitable, Callable  # noqa: E402

from textual.pilot import Pilot  # noqa: E402

from ginrummy.agents import make_agent  # noqa: E402
from ginrummy.cli.tui import TableApp  # noqa: E402
from ginrummy.hand.phase import Phase  # noqa: E402
from helpers.tui import new_app, play_game, play_move, run  # noqa: E402

SEED = 11


def shots(app: TableApp, size: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """The script that plays the seeded game and saves the three pictures at ``size``."""

    async def script(pilot: Pilot[None]) -> None:
        bot = make_agent("simple", 5)
        while not (app.flow.view.phase is Phase.DISCARD and len(app.flow.view.history) > 6):
            await play_move(pilot, app, bot, mouse=False)
        await pilot.press("1")
        app.save_screenshot(str(HERE / f"table-{size}.svg"))
        await play_game(pilot, app, hands=1, seed=5)
        app.save_screenshot(str(HERE / f"hand-over-{size}.svg"))
        await pilot.press("enter")
        await play_game(pilot, app, seed=5)
        app.save_screenshot(str(HERE / f"game-over-{size}.svg"))

    return script


def main() -> None:
    for width, height in ((80, 24), (120, 45)):
        size = f"{width}x{height}"
        app = new_app(seed=SEED)
        run(app, (width, height), shots(app, size))
        print("wrote", size)


if __name__ == "__main__":
    main()
