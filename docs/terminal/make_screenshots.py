"""Write the README's screenshots of the full-screen table (``ginrummy play`` in a terminal):
the table, the end of a hand and the end of a game, at 80x24 and 120x45; discard-pile pickup's
table and its list of takes; a layoff plan being typed; a long Hollywood game (its oldest hands
folded in the sheet's panel) and the new-game screen (``n``), at 80x24; as SVG files here.

Run from the repository root: ``make screenshots`` or ``python docs/terminal/make_screenshots.py``
(about a minute). The games are seeded (the computer and the person's moves, chosen by the simple
level), so the pictures are the same each time; look at them after a change of the screens."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from collections.abc import Awaitable, Callable  # noqa: E402

from textual.pilot import Pilot  # noqa: E402

from ginrummy.agents import make_agent  # noqa: E402
from ginrummy.cli.tui import TableApp, TableFlow, pickup_words  # noqa: E402
from ginrummy.hand.phase import Phase  # noqa: E402
from ginrummy.rules import Rules  # noqa: E402
from helpers.tui import advance, new_app, play_game, play_move, run  # noqa: E402

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


def _may_take_several(flow: TableFlow) -> bool:
    view = flow.view
    return (
        view.my_turn
        and view.phase is Phase.DRAW
        and len(pickup_words.take_choices(flow)) > 2
        and len(flow.pickup.table) >= 1
    )


def pickup_shots(app: TableApp, size: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """The pickup table with melds on it and a long pile, then its list of takes."""

    async def script(pilot: Pilot[None]) -> None:
        app.save_screenshot(str(HERE / f"pickup-{size}.svg"))
        await pilot.press("t")
        app.save_screenshot(str(HERE / f"pickup-takes-{size}.svg"))

    return script


def layoff_shot(app: TableApp) -> Callable[[Pilot[None]], Awaitable[None]]:
    """A plan of one's own typed at the layoff chooser (seed 5: a chained layoff)."""

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("o", *"[8d 9d Td] Jh:1 6s:2 5s:2")
        app.save_screenshot(str(HERE / "layoff-plan-80x24.svg"))

    return script


def key_shot(app: TableApp, name: str, keys: tuple[str, ...]) -> Callable[[Pilot[None]], Awaitable[None]]:
    """The screen after ``keys``, saved as ``name``."""

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        await pilot.pause()
        app.save_screenshot(str(HERE / name))

    return script


def _discarding_in(hand: int) -> Callable[[TableFlow], bool]:
    def at(flow: TableFlow) -> bool:
        view = flow.view
        return (
            flow.hand_number >= hand and flow.stage == "play" and view.my_turn and view.phase is Phase.DISCARD
        )

    return at


def main() -> None:
    for width, height in ((80, 24), (120, 45)):
        size = f"{width}x{height}"
        app = new_app(seed=SEED)
        run(app, (width, height), shots(app, size))
        pickup = new_app(seed=1, rules=Rules.preset("pickup"))
        advance(pickup.flow, _may_take_several)
        run(pickup, (width, height), pickup_shots(pickup, size))
        print("wrote", size)
    layoff = new_app(seed=5)
    advance(layoff.flow, lambda f: f.choosing_layoffs)
    run(layoff, (80, 24), layoff_shot(layoff))
    print("wrote the layoff plan")
    hollywood = new_app(seed=6, rules=Rules.preset("hollywood"))
    advance(hollywood.flow, _discarding_in(19))
    run(hollywood, (80, 24), key_shot(hollywood, "hollywood-80x24.svg", ()))
    new = new_app(seed=SEED)
    advance(new.flow, _discarding_in(2))
    run(new, (80, 24), key_shot(new, "new-game-80x24.svg", ("n", "y")))
    print("wrote Hollywood and the new-game screen")


if __name__ == "__main__":
    main()
