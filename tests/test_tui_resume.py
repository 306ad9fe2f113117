"""The full-screen table and stored games: its start offers the local player's unfinished game and
goes on with it where it stopped; quitting a rated game keeps it for later or resigns it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from ginrummy.agents import make_agent
from ginrummy.cli.tui import TableFlow
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


def _play(flow: TableFlow, until: Callable[[TableFlow], bool]) -> None:
    """The person's moves straight through the flow (the simple agent's, made afresh for each
    move so that they depend on the position only; the best layoffs), on to the next hand, until
    ``until(flow)`` at the person's turn or the end of the game."""
    if flow.state is None:
        flow.deal()
    while not until(flow):
        if flow.stage == "hand-over":
            flow.next()
        elif flow.stage != "play":
            return
        elif flow.choosing_layoffs:
            assert flow.act(flow.layoff_choices()[0].action())
        else:
            assert flow.act(make_agent("simple", 5).act(flow.view))


def test_a_game_left_mid_hand_resumes_at_the_table_with_the_same_computer_moves(tmp_path: Path) -> None:
    """A game left mid-hand at the table (everything played is stored) and resumed from the start's
    offer goes on with the computer moves of the same game played without a break."""
    whole = TableFlow(Rules(), seed=2, opponent="beginner")
    _play(whole, lambda flow: False)
    assert whole.all_over and len(whole.session.core.states) >= 3
    store = Store(tmp_path / "b.db")
    left = TableFlow(Rules(), seed=2, opponent="beginner", store=store)
    _play(left, lambda flow: flow.hand_number == 3 and flow.stage == "play" and len(flow.view.history) >= 6)
    game_id = left.session.core.row.id
    again = TableFlow(Rules(), seed=99, store=store, offer=True)  # a new start of the table
    assert again.offer is not None and again.offer.id == game_id
    assert again.resume(game_id) and again.session.opponent == "beginner" and again.hand_number == 3
    _play(again, lambda flow: False)
    assert again.all_over
    assert [s.log for s in again.session.core.states] == [s.log for s in whole.session.core.states]
    store.close()
