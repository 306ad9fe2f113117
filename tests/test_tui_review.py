"""The review at the full-screen table (:mod:`ginrummy.cli.tui.review`): "Review (r)" at a hand's
end and "Review the game (r)" at the game's, the review made in a worker thread (its progress
told to the dialog) and shown as ``ginrummy review`` shows it; closed, the end-of-hand dialog
again; a stored game's review kept in its store; pickup offers none. Snapshots at 80x24 and
120x45 (seeded games, 2 worlds per decision)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static

from ginrummy.cli.tui import review as tui_review
from ginrummy.cli.tui.review import ReviewScreen, can_review, reviewer
from ginrummy.cli.tui.screens import EndScreen
from ginrummy.review import ENGINE_VERSION
from ginrummy.rules import Rules
from ginrummy.storage import Store
from helpers.tui import advance, last_hand, new_app, run

SHORT = Rules().with_setting("target=30")
REVIEW = {
    "format": "ginrummy-review",
    "seat": 0,
    "name": "You",
    "samples": 2,
    "seed": 0,
    "figures": {"decisions": 0, "loss": 0.0, "loss_se": 0.0, "accuracy": None, "classes": {}, "worst": []},
    "hands": [],
}


@pytest.fixture(autouse=True)
def few_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tui_review, "REVIEW_SAMPLES", 2)


async def _reviewed(pilot: Pilot[None]) -> None:
    """Press r on the dialog on top and wait for the review to be made."""
    await pilot.pause()
    await pilot.press("r")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_a_hand_reviewed_at_80x24(snap_compare: Any) -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, lambda f: f.stage == "hand-over")
    assert snap_compare(app, run_before=_reviewed, terminal_size=(80, 24))


def test_the_game_reviewed_at_120x45(snap_compare: Any) -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, last_hand)

    async def to_the_end(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("enter")  # the end of the game
        await _reviewed(pilot)

    assert snap_compare(app, run_before=to_the_end, terminal_size=(120, 45))


def test_the_review_shows_its_progress_while_the_table_stays_live() -> None:
    """A review that tells 2 of 5 and then waits: the dialog shows it, the app answers keys
    (the review is in a thread); let go, the review is shown; Escape closes it."""
    go_on = threading.Event()

    def make(progress: Any) -> dict[str, Any]:
        progress(2, 5)
        assert go_on.wait(600)  # a guard against a hang only
        progress(5, 5)
        return REVIEW

    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, lambda f: f.stage == "hand-over")

    async def script(pilot: Pilot[None]) -> None:
        screen = ReviewScreen("Review of hand 1", make)
        await app.push_screen(screen)
        for _ in range(1000):  # until the thread's first word arrives (a guard, not a time)
            await pilot.pause()
            if "2 of 5" in str(screen.query_one("#review-status", Static).render()):
                break
        assert "2 of 5" in str(screen.query_one("#review-status", Static).render())
        assert screen.query_one("#review-bar", ProgressBar).progress == 2
        await pilot.press("down")  # the app answers while the review thinks
        go_on.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.data == REVIEW and "Review of You" in str(
            screen.query_one("#review-text", Static).render()
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen

    run(app, (80, 24), script)


def test_a_stored_games_review_is_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    app = new_app(seed=8, rules=SHORT, store=store)
    advance(app.flow, lambda f: f.stage == "hand-over")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen) and "review" in [k for k, _ in app.screen.buttons]
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.data is not None and screen.data["hands"][0]["hand"] == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen) and app.screen.id == "hand-over"

    run(app, (100, 30), script)
    core = app.flow.session.core
    kept = store.load_review((core.row.id, 1, 0, 2, 0), ENGINE_VERSION)
    assert kept is not None and json.loads(kept)["engine"] == ENGINE_VERSION
    again = reviewer(app.flow.session, 1)
    assert again(lambda d, t: pytest.fail("a kept review is not made again")) == json.loads(kept)
    store.close()


def test_pickup_offers_no_review() -> None:
    app = new_app(seed=1, rules=Rules.preset("pickup"))
    assert not can_review(app.flow.session)
    assert can_review(new_app(seed=1).flow.session)
