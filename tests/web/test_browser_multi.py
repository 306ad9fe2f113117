"""Two people at one game in two browser contexts (Playwright, Debian's Chromium): one invites,
the other follows the link; a whole hand is played by clicks, each move appearing on the other
screen by the live stream; a reload rejoins the same seat. Then a discard-pile pickup table
played by clicks. Screenshots at 1280x800 and 390x844: :mod:`helpers.shots`."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import CHROMIUM, NO_MOTION, layout_problems, resize
from helpers.shots import SHOTS
from helpers.web import LiveServer, pickup_action

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
httpx = pytest.importorskip("httpx", reason="the web extra is not installed: pip install -e '.[web]'")

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(
        tmp_path_factory.mktemp("web2") / "games.sqlite3", env={"GINRUMMY_TEST_DEAL_SEED": "duo"}
    ).start()
    yield live
    live.stop()


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def wait_version(page: Any, at_least: int) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t && Number(t.dataset.version) >= v; }",
        arg=at_least,
        timeout=15_000,
    )


def step(page: Any) -> None:
    """One move by clicks: gin or knock (confirmed), lay down or pass, draw, else discard."""
    for button in ("#btn-gin", "#btn-knock", "#btn-big-gin"):
        if page.locator(button).count():
            page.click(button)
            page.click("#confirm-ok")
            return
    for button in ("#btn-layoff", "#btn-pass"):
        if page.locator(button).count():
            page.click(button)
            return
    if page.is_enabled("#stock"):
        page.click("#stock")
        return
    page.locator(".hand .card.playable").last.click()


def parts_fit(page: Any) -> None:
    """The page's own measurements (:func:`~helpers.browser.layout_problems`: no sideways scroll,
    nothing clickable outside the window or covered, 44 px targets), and the invitation,
    presence, match and pickup parts inside the screen's width."""
    problems, checked = layout_problems(page)
    assert checked and not problems, problems
    over = page.evaluate(
        """() => [...document.querySelectorAll('#seats, #match, .pickup-table, .table-meld, .pile-spread')]
            .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
                         || e.scrollWidth > e.clientWidth + 1)
            .map(e => e.id || e.className)"""
    )
    assert not over, f"wider than the screen: {over}"


def test_two_browsers_play_a_hand_live(server: LiveServer, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann_ctx, bob_ctx = browser.new_context(viewport=WIDE), browser.new_context(viewport=PHONE)
    for ctx in (ann_ctx, bob_ctx):
        ctx.add_init_script(NO_MOTION)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for pg in (ann, bob):
        pg.on("pageerror", lambda e: errors.append(str(e)))
    ann.goto(server.url + "/")
    ann.fill("#setup-name", "Ann")
    ann.select_option("#setup-opponent", "friend")
    ann.click("#start")
    ann.wait_for_selector("#invite-link")
    link = ann.input_value("#invite-link")
    assert "invite=" in link
    bob.goto(link)
    bob.fill("#join-name", "Bob")
    bob.click("#join")
    bob.wait_for_selector("#table")
    ann.wait_for_function(
        "() => !document.querySelector('#invite-link')", timeout=15_000
    )  # Bob's join arrived live
    ann.wait_for_selector("#other-status strong:text('online')")
    assert "Ann" in bob.locator(".opponent h2").inner_text()
    pages = {"ann": ann, "bob": bob}
    moves = 0
    rejoined = False
    shot = False
    while ann.get_attribute("#table", "data-phase") != "end":
        mover = next(p for p in pages.values() if p.get_attribute("#table", "data-turn") == "me")
        other = ann if mover is bob else bob
        before = version(mover)
        step(mover)
        wait_version(mover, before + 1)
        wait_version(other, version(mover))  # the move reached the other screen without a reload
        moves += 1
        if moves == 4 and not rejoined:  # Bob reloads: the same seat, the same table
            cards = bob.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")
            bob.reload()
            bob.wait_for_selector("#table")
            assert bob.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)") == cards
            rejoined = True
        if moves >= 6 and not shot and ann.get_attribute("#table", "data-phase") != "end":
            for who, pg in pages.items():
                parts_fit(pg)
                pg.screenshot(path=str(SHOTS / f"two-players-{who}-{'1280' if pg is ann else '390'}.png"))
            shot = True
        assert moves < 300
    bob.wait_for_selector("#table[data-phase='end']")
    for pg in (ann, bob):
        assert pg.locator("#result").is_visible()
    # the other sizes of both screens
    resize(ann, PHONE)
    resize(bob, WIDE)
    for who, pg in pages.items():
        pg.screenshot(
            path=str(SHOTS / f"two-players-end-{who}-{'390' if pg is ann else '1280'}.png"), full_page=True
        )
    assert rejoined and shot and not errors, errors
    # Bob leaves: Ann's screen says so and offers the computer for his seat
    bob_ctx.close()
    ann.wait_for_selector("#other-status strong:text('offline')", timeout=15_000)
    ann.select_option("#takeover-level", "beginner")
    ann.click("#btn-takeover")
    ann.wait_for_selector("#seats :text('The computer (beginner) plays for Bob')")
    before = version(ann)
    ann.click("#btn-next")
    wait_version(ann, before + 1)
    for _ in range(3):  # the computer answers in Bob's seat
        before = version(ann)
        step(ann)
        wait_version(ann, before + 1)
    assert not errors, errors
    ann_ctx.close()


def test_a_pickup_table_by_clicks(server: LiveServer, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(viewport=WIDE)
    ctx.add_init_script(NO_MOTION)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.select_option("#setup-preset", "pickup")
    page.click("#start")
    page.wait_for_selector(".pickup-table")  # the melds show once one is laid
    token = page.evaluate("() => localStorage.getItem('ginrummy.token')")
    gid = page.url.rsplit("/", 1)[1]
    headers = {"x-player-token": token}
    # play on by the API until a meld is on the table and it is our turn to draw
    with httpx.Client(base_url=server.url, timeout=20) as client:
        t = client.get(f"/api/games/{gid}", headers=headers).json()
        for _ in range(400):
            h = t["hand"]
            if h["table"] and h["phase"] == "draw" and h["legal"]["draw"]:
                break
            if h["phase"] == "end":
                body = {"version": t["version"]}
                t = client.post(f"/api/games/{gid}/next", json=body, headers=headers).json()
                continue
            body = {"version": t["version"], "action": pickup_action(h)}
            r = client.post(f"/api/games/{gid}/actions", json=body, headers=headers)
            assert r.status_code == 200, r.text
            t = r.json()
    assert t["hand"]["table"], "no meld reached the table"
    page.reload()
    page.wait_for_selector(".table-meld")
    parts_fit(page)
    page.screenshot(path=str(SHOTS / "pickup-1280.png"), full_page=True)
    # draw by a click, then choose one card and discard it by a click
    before = version(page)
    page.click("#stock")
    wait_version(page, before + 1)
    if page.get_attribute("#table", "data-phase") == "discard":
        hand = page.evaluate(
            "() => [...document.querySelectorAll('.hand .card.playable')].map(e => e.dataset.card)"
        )
        legal = client_legal = httpx.get(f"{server.url}/api/games/{gid}", headers=headers).json()["hand"][
            "legal"
        ]
        card = [c for c in hand if c in legal["discard"]][-1]
        page.click(f".hand .card[data-card='{card}']")
        page.wait_for_selector("#btn-discard")
        assert client_legal is legal
        before = version(page)
        page.click("#btn-discard")
        wait_version(page, before + 1)
    resize(page, PHONE)
    parts_fit(page)
    page.screenshot(path=str(SHOTS / "pickup-390.png"), full_page=True)
    # on to the end of the hand: both players' table and hand points
    with httpx.Client(base_url=server.url, timeout=20) as client:
        t = client.get(f"/api/games/{gid}", headers=headers).json()
        while t["hand"]["phase"] != "end":
            body = {"version": t["version"], "action": pickup_action(t["hand"])}
            t = client.post(f"/api/games/{gid}/actions", json=body, headers=headers).json()
    page.reload()
    page.wait_for_selector("#result")
    assert page.locator("#result h2").inner_text() == t["hand"]["result"]["describe"]
    assert page.locator(".pickup-score tbody tr").count() == 2
    assert not errors, errors
    ctx.close()


def test_a_match_shows_its_score(server: LiveServer, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_init_script(NO_MOTION)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.select_option("#setup-preset", "slam")
    page.click("#start")
    page.wait_for_selector("#match")
    text = page.locator("#match").inner_text()
    assert "Game 1 of the match" in text and "to 500" in text and "SLAM points" in text
    page.goto(server.url + "/")
    page.select_option("#setup-preset", "hollywood-teams")
    page.click("#start")
    page.wait_for_selector("#team")
    assert "pairing 1" in page.locator("#team").inner_text()
    ctx.close()
