"""The full-screen table and stored games: its start offers the local player's unfinished game and
goes on with it where it stopped; quitting a rated game keeps it for later or resigns it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from ginrummy.cli.tui.screens import ConfirmScreen
from ginrummy.rules import Rules
from ginrummy.session import latest_resumable, load
from ginrummy.storage import Store
from ginrummy.storage.store import owner_of
from helpers.tui import new_app, run


def _quit(store_path: Path, keep: bool) -> str:
    """Play the start of a rated game at the table (stored), quit it, keep it or resign it; its id."""
    store = Store(store_path)
    app = new_app(seed=5, store=store)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        await pilot.press("y")  # quit
        assert isinstance(app.screen, ConfirmScreen) and "Keep this rated game" in str(app.screen.question)
        await pilot.press("y" if keep else "n")

    run(app, (80, 24), script)
    assert not app.is_running
    game_id = app.flow.session.core.row.id
    store.close()
    return game_id


def test_quitting_a_rated_game_keeps_it_and_the_start_offers_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = _quit(db, keep=True)
    store = Store(db)
    row = latest_resumable(store, owner_of(store.local_token()))
    assert row is not None and row.id == game_id
    before = load(store, game_id)
    app = new_app(seed=99, rules=Rules().with_setting("target=50"), store=store, offer=True)

    async def script(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ConfirmScreen) and game_id in str(app.screen.question)
        await pilot.press("y")  # resume it
        assert app.table is not None and app.screen is app.table
        assert [s.log for s in app.flow.session.core.states] == [s.log for s in before.states]
        assert app.flow.rules.target == 100 and app.flow.session.seed == before.row.seed

    run(app, (80, 24), script)
    store.close()


def test_the_start_may_decline_the_offer_and_deal_a_new_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = _quit(db, keep=True)
    store = Store(db)
    app = new_app(seed=99, store=store, offer=True)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("n")  # a new game
        assert app.flow.session.seed == 99 and app.flow.state is not None

    run(app, (80, 24), script)
    assert app.flow.session.core.row.id != game_id
    store.close()


def test_quitting_a_rated_game_may_resign_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = _quit(db, keep=False)
    store = Store(db)
    loaded = store.load_game(game_id)
    assert loaded is not None
    row = loaded[0]
    assert (row.status, row.ended, row.ended_by) == ("over", "resigned", 0)
    assert latest_resumable(store, owner_of(store.local_token())) is None
    store.close()
