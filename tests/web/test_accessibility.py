"""The accessibility checker (axe-core, the copy bundled with ``axe-playwright-python``) on the
page in a real browser (Playwright, Debian's Chromium) at a phone and a desktop size, light and
dark: the new-game form, the table mid-hand, the dialog that ends a game, the end panel, history,
statistics, the replay, and the seats panel of a game with a friend (the invitation and your
seat's link). No violation of
serious or critical impact is allowed (contrast, names of buttons and form fields, ARIA)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import CHROMIUM, step
from helpers.web import LiveServer

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
DEAL_SEED = "a11y"
axe_package = pytest.importorskip(
    "axe_playwright_python", reason="pip install -e '.[web]' (axe-playwright-python)"
)
AXE = Path(axe_package.__file__).parent / "axe.min.js"


def serious(page: Any, where: str) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["390x844", "1280x800"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_serious_violation(server: LiveServer, browser: Any, size: tuple[int, int], theme: str) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    prefs = "{speed: 'off', sound: false" + (", dark: true" if theme == "dark" else "") + "}"
    context.add_init_script(f"localStorage.setItem('ginrummy.prefs', JSON.stringify({prefs}))")
    page = context.new_page()
    found: list[str] = []
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    found += serious(page, "new game")
    page.click("#start")
    page.wait_for_selector("#table")
    for _ in range(2):
        step(page)
    found += serious(page, "mid-hand")
    page.click("#btn-end")
    page.wait_for_selector("#confirm[open]")
    found += serious(page, "the end-game dialog")
    page.click("#confirm-ok")
    page.wait_for_selector("#game-ended")
    found += serious(page, "resigned")
    page.goto(server.url + "/history")
    page.wait_for_selector("#history")
    found += serious(page, "history")
    page.goto(server.url + "/stats")
    page.wait_for_selector("#stats")
    found += serious(page, "statistics")
    page.go_back()
    page.wait_for_selector("#history")
    page.locator("#history a", has_text="replay").first.click()
    page.wait_for_selector("#rp-ended")
    found += serious(page, "replay")
    page.goto(server.url + "/")  # a game with a friend: the invitation and your seat's link
    page.select_option("#setup-opponent", "friend")
    page.click("#start")
    page.wait_for_selector("#invite-link")
    page.click("#claim-box summary")
    found += serious(page, "the seats panel")
    context.close()
    assert not found, "\n".join(found)
