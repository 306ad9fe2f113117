"""The page in a real browser: Playwright driving Debian's Chromium (``make browser-deps``).

One game against a live server: a whole hand played by clicks (and one key), a reload
mid-hand that continues the same hand, a knock with the layoffs shown, the score sheet,
then the replay viewer, history and statistics. Screenshots: :mod:`helpers.shots`.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import CHROMIUM, FLAGS, NO_MOTION, step, version, wait_change
from helpers.shots import SHOTS as DOCS
from helpers.web import LiveServer

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(
        f"no Chromium at {CHROMIUM}: `make browser-deps` installs Debian's chromium (needs apt and root)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed: pip install -e '.[web]'"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    live = LiveServer(db, env={"GINRUMMY_TEST_DEAL_SEED": "b52"}).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def page(server: LiveServer) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(viewport={"width": 1360, "height": 900})
        context.add_init_script(NO_MOTION)
        pg = context.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        yield pg
        browser.close()
        assert not errors, errors


def hand_cards(page: Any) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")]


def test_play_reload_knock_replay(server: LiveServer, page: Any) -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    page.goto(server.url + "/")
    page.fill("#setup-name", "Ann")
    page.fill("#setup-target", "10")
    page.click("#start")
    page.wait_for_selector("#table")
    assert page.locator(".hand .card").count() in (10, 11)
    assert page.locator("#fairness summary").inner_text().startswith("Fair deal, hand 1")
    moves = 0
    reloaded = used_key = shot = False
    dragged: set[str] = set()  # after the first draw by key, a draw and a discard by drag and drop
    while not page.locator("#btn-next, #btn-new").count():
        did = step(
            page, use_key=not used_key and page.is_enabled("#stock"), use_drag=used_key and len(dragged) < 2
        )
        used_key = used_key or did == "draw"
        if did.startswith("drag-"):
            dragged.add(did)
        moves += 1
        if (
            not shot
            and page.get_attribute("#table", "data-phase") == "discard"
            and page.locator(".hand .card").count() == 11
        ):
            page.screenshot(path=str(DOCS / "table-1360x900.png"))
            shot = True
        if moves == 3 and not reloaded and page.get_attribute("#table", "data-phase") != "end":
            before, v = hand_cards(page), version(page)
            page.reload()
            page.wait_for_selector("#table")
            assert hand_cards(page) == before and version(page) == v
            reloaded = True
        assert moves < 200
    assert reloaded and used_key
    result = page.locator("#result")
    assert result.is_visible()
    heading = result.locator("h2").inner_text()
    assert any(w in heading for w in ("score", "No score", "tie")), heading
    assert "You scores" not in heading and "You knocks" not in heading
    if page.locator("#result .meld-block").count():
        assert page.locator("#layoffs").count() or "gin" in heading.lower()
    page.screenshot(path=str(DOCS / "end-of-hand-1360x900.png"), full_page=True)
    assert page.locator("#sheet tbody tr").count() >= 1
    assert "seed" in page.locator("#fairness").inner_text().lower()
    assert dragged == {"drag-draw", "drag-discard"}
    # play on to the end of the game (target 10)
    while page.locator("#btn-next").count():
        old = version(page)
        page.keyboard.press("n")
        wait_change(page, old)
        while not page.locator("#btn-next, #btn-new").count():
            step(page)
            moves += 1
            assert moves < 2000, "the game did not end"
    assert page.locator("#sheet tr.final").count() == 1
    assert page.locator("#game-over").is_visible()
    page.click("#settings summary")
    page.click("#opt-dark")
    page.click("#opt-four")
    page.click("#settings summary")
    page.screenshot(path=str(DOCS / "game-over-dark-1360x900.png"), full_page=True)
    page.click("#settings summary")
    page.click("#opt-dark")
    page.click("#opt-four")
    page.click("#settings summary")
    # replay the finished game
    page.click("#btn-replay")
    page.wait_for_selector("#replay")
    for _ in range(3):
        page.click("#rp-next")
    assert page.locator("#rp-step").inner_text().startswith("Step 3 of")
    assert page.locator(".rp-hand").count() == 2 and page.locator(".rp-hand .card").count() >= 20
    page.click("#rp-last")
    assert page.locator("#rp-result").is_visible()
    page.locator("#replay details.fairness summary").click()
    page.wait_for_function("() => document.querySelector('#replay .check').textContent.includes('opens')")
    words = page.locator("#replay").inner_text()
    assert "null" not in words and "layoff [" not in words
    page.screenshot(path=str(DOCS / "replay-1360x900.png"), full_page=True)
    page.goto(server.url + "/history")
    page.wait_for_selector("#history")
    assert page.locator("#history tbody tr").count() == 1
    page.goto(server.url + "/stats")
    page.wait_for_selector("#stats")
    assert page.locator("#stats tbody tr").count() == 1
    page.goto(server.url + "/rules/pagat")
    page.wait_for_selector("#rules-text li")
