"""The review in a real browser (Playwright, Debian's Chromium), over ``ginrummy serve`` with one
worker process (each review runs in a process of its own) and 4 worlds per decision.

At 390x844: "Review hand" after a hand (its progress, then every decision with its class, value
±, the best move and the points lost, the figures, the largest mistakes, hindsight apart); the
game resigned, "Review the game"; then the same review at 1280x800 (taken from the store: no
progress), and the statistics' accuracy trend at both sizes. Screenshots: :mod:`helpers.shots`.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ginrummy.review import ENGINE_VERSION
from ginrummy.rules import Rules
from ginrummy.storage.store import GameRow, HandRow, Store, owner_of
from helpers.browser import CHROMIUM, NO_MOTION, layout_problems, play_to_end_of_hand, version, wait_change
from helpers.shots import SHOTS
from helpers.web import LiveServer

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

LONG = 300_000
"""A guard against a hang only (ms): a review of a game at 4 worlds takes seconds."""


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    env = {"GINRUMMY_TEST_DEAL_SEED": "review3", "GINRUMMY_REVIEW_SAMPLES": "4"}
    live = LiveServer(tmp_path_factory.mktemp("web") / "games.sqlite3", env=env, args=["--workers", "1"])
    yield live.start()
    live.stop()


def earlier(db: Path, owner: str) -> None:
    """Four rated and two practice games (one hand each) of ``owner``, finished and reviewed before the others."""
    store = Store(db)
    accuracies = [("rated", 58.5), ("practice", 45.0), ("rated", 71.2), ("rated", 64.0), ("practice", 62.3)]
    accuracies.append(("rated", 80.4))
    for i, (mode, accuracy) in enumerate(accuracies):
        row = GameRow(
            id=f"earlier-game-{i:02d}-xxxxxxxx",
            owner=owner,
            preset="default",
            rules=Rules().settings(),
            level="simple",
            mode=mode,
            name="You",
            seed=i,
            secret="s",
            first_dealer=0,
            hands_dealt=1,
            status="over",
            final={"totals": [100, 40], "winner": 0},
        )
        store.create_game(row, hands=[HandRow(hand=0, outcome="knock", winner=0, knocker=0, points=20)])
        store.save_review((row.id, 0, 0, 4, 0), ENGINE_VERSION, accuracy, "{}")
    store.close()


def assert_fits(page: Any, where: str) -> None:
    problems, checked = layout_problems(page)
    assert checked >= 3 and not problems, f"{where}: {problems}"


def test_review_a_hand_and_the_game_then_the_trend(review_server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script(NO_MOTION)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(review_server.url + "/")
    page.select_option("#setup-mode", "rated")
    page.fill("#setup-target", "100")
    page.click("#start")
    page.wait_for_selector("#table")
    play_to_end_of_hand(page)
    assert page.locator("#btn-review").is_visible()
    # the progress: the first answer shown as 3 of 12 moves, the first poll held until the shot
    held: list[Any] = []

    def hold(route: Any) -> None:
        if route.request.method == "POST":
            route.fetch()  # starts the review
            route.fulfill(json={"state": "running", "done": 3, "total": 12})
        elif not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/games/*/review*", hold)
    page.click("#btn-review")
    page.wait_for_selector("#review-progress progress")
    assert "3 of 12" in page.inner_text("#review-progress")
    page.screenshot(path=str(SHOTS / "review-progress-390x844.png"))
    for _ in range(600):  # the page polls again soon (a guard against a hang only)
        if held:
            break
        page.wait_for_timeout(100)
    held[0].continue_()
    page.wait_for_selector("#rv-figures", timeout=LONG)
    page.unroute("**/api/games/*/review*")
    assert page.inner_text("h1") == "Review of hand 1"
    items = page.locator(".rv-d")
    assert items.count() >= 1
    first = items.first.inner_text()
    assert "±" in first and any(w in first for w in ("Best", "Good", "Inaccuracy", "Mistake", "Blunder"))
    assert "accuracy" in page.inner_text("#rv-figures") and "expected points lost" in page.inner_text(
        "#rv-figures"
    )
    assert page.locator("#rv-worst").count() == 1
    assert "not part of the rating" in page.inner_text("#rv-hindsight")
    assert_fits(page, "the hand's review at 390x844")
    page.screenshot(path=str(SHOTS / "review-hand-390x844.png"), full_page=True)
    # back to the table: resign; the game's review
    page.click("#rv-table")
    page.wait_for_selector("#table")
    old = version(page)
    page.click("#btn-end")
    page.wait_for_selector("#confirm[open]")
    page.check("#end-resign")
    page.click("#confirm-ok")
    wait_change(page, old)
    page.click("#btn-review-game")
    page.wait_for_selector("#rv-figures", timeout=LONG)
    assert page.inner_text("h1") == "Review of the game"
    page.wait_for_selector("#rv-other")  # the game over: the computer's review too
    assert page.inner_text("#rv-other") == "Review the computer's moves"
    assert page.get_attribute("#rv-other", "href").endswith("?seat=1")
    assert_fits(page, "the game's review at 390x844")
    page.screenshot(path=str(SHOTS / "review-game-390x844.png"))
    # the desktop: the same review, kept (no progress shown)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    page.wait_for_selector("#rv-figures", timeout=LONG)
    assert page.locator("#review-progress progress").count() == 0
    if page.is_checked("#rv-only"):
        page.uncheck("#rv-only")  # every decision
    assert_fits(page, "the game's review at 1280x800")
    page.screenshot(path=str(SHOTS / "review-game-1280x800.png"), full_page=True)
    # the statistics: the reviewed game's accuracy, rated, after earlier reviewed games (stored
    # here as the terminal would have: finished games of this player with their reviews kept)
    owner = owner_of(page.evaluate("() => localStorage.getItem('ginrummy.token')"))
    earlier(review_server.db, owner)
    page.goto(review_server.url + "/stats")
    page.wait_for_selector("#trend-rated svg")
    assert "5 reviewed games" in page.inner_text("#trend-rated")
    assert "2 reviewed games" in page.inner_text("#trend-practice")
    assert page.locator("#trend-rated circle").count() == 5
    page.screenshot(path=str(SHOTS / "statistics-review-1280x800.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert_fits(page, "the statistics at 390x844")
    page.screenshot(path=str(SHOTS / "statistics-review-390x844.png"), full_page=True)
    assert not errors, errors
    context.close()
