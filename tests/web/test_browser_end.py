"""Resigning, abandoning, dragging cards by touch, and seats reclaimed by link, in a real browser
(Playwright, Debian's Chromium).

Resign and abandon by the dialog (what counts is said in it); the end panel, history, statistics
and replay say so; "Play again"; a resignation in a game between two people arrives live on the
other screen. At 390x844 with touch: a card dragged by a finger to another place in the hand
(kept through the moves of the hand) and onto the discard pile, and by Shift+arrow keys. A seat's
link opens that seat, and only it, in a browser whose storage is empty; the terminal's link
(``ginrummy history --link``) is adopted by the page. Screenshots: :mod:`helpers.shots`.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ginrummy.storage.store import Store
from helpers.browser import CHROMIUM, NO_MOTION, layout_problems, step, version, wait_change
from helpers.shots import SHOTS
from helpers.web import LiveServer, call

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
DEAL_SEED = "end13"


def open_page(browser: Any, size: tuple[int, int], init: str = NO_MOTION, **kw: Any) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **kw)
    context.add_init_script(init)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def start_game(page: Any, server: LiveServer, mode: str = "practice", opponent: str = "computer") -> None:
    page.goto(server.url + "/")
    page.select_option("#setup-mode", mode)
    page.select_option("#setup-opponent", opponent)
    page.fill("#setup-target", "100")
    page.click("#start")
    page.wait_for_selector("#table")


def assert_fits(page: Any, where: str, scope: str | None = None) -> None:
    problems, checked = layout_problems(page, scope)
    assert checked >= 3 and not problems, f"{where}: {problems}"


def end_game(page: Any, how: str) -> None:
    old = version(page)
    page.click("#btn-end")
    page.wait_for_selector("#confirm[open]")
    assert page.locator("#confirm input[name=end-how]").first.is_checked()  # resign is the default
    page.check(f"#end-{how}")
    page.click("#confirm-ok")
    wait_change(page, old)
    page.wait_for_selector("#game-ended")


def test_resign_then_history_stats_replay_and_play_again(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (390, 844))
    start_game(page, server, mode="rated")
    for _ in range(3):
        step(page)
    page.click("#btn-end")
    dialog = page.locator("#confirm")
    words = dialog.inner_text()
    assert "counts as a loss" in words and "neither won nor lost" in words
    assert_fits(page, "the end-game dialog", "#confirm")
    page.click("#confirm-cancel")  # cancelled: the game goes on
    assert page.locator("#game-ended").count() == 0 and page.locator(".hand .card").count() >= 10
    end_game(page, "resign")
    assert page.inner_text("#ended-line") == "You resigned"
    assert page.inner_text("#ended-detail").startswith("The computer wins the game.")
    assert page.locator(".hand, #stock, #btn-end").count() == 0  # nothing left to play
    assert_fits(page, "resigned")
    assert "null" not in page.inner_text("#main")
    page.screenshot(path=str(SHOTS / "resigned-390x844.png"), full_page=True)
    page.goto(server.url + "/history")
    page.wait_for_selector("#history")
    assert "you resigned" in page.locator("#history tbody tr").first.inner_text()
    page.goto(server.url + "/stats")
    page.wait_for_selector("#stats-rated")
    head = page.eval_on_selector_all("#stats-rated th", "ths => ths.map(t => t.textContent)")
    cells = page.eval_on_selector_all("#stats-rated tbody td", "tds => tds.map(t => t.textContent)")
    assert cells[head.index("You resigned")] == "1" and cells[head.index("Games won")] == "0"
    page.go_back()
    page.wait_for_selector("#history")
    page.locator("#history a", has_text="replay").first.click()
    page.wait_for_selector("#rp-ended")
    assert page.inner_text("#rp-ended").startswith("You resigned in hand 1")
    assert "null" not in page.inner_text("#main")
    page.locator("#history a", has_text="table").count()
    page.go_back()
    page.wait_for_selector("#history")
    page.locator("#history a", has_text="table").first.click()
    page.wait_for_selector("#game-ended")
    page.click("#btn-again")
    page.wait_for_selector("#table[data-over=no]")
    assert page.locator(".hand .card").count() >= 10
    assert not page.errors, page.errors
    page.context.close()


def test_abandon_counts_neither_way(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (1280, 800))
    start_game(page, server)
    end_game(page, "abandon")
    assert page.inner_text("#ended-line") == "You abandoned this game"
    assert "neither won nor lost" in page.inner_text("#ended-detail")
    page.screenshot(path=str(SHOTS / "abandoned-1280x800.png"))
    page.goto(server.url + "/history")
    page.wait_for_selector("#history")
    assert page.locator("#history tbody tr").first.locator(".result-cell").inner_text() == "abandoned"
    assert not page.errors, page.errors
    page.context.close()


def test_two_people_a_resignation_arrives_live_and_history_names_the_friend(
    server: LiveServer, browser: Any
) -> None:
    ann = open_page(browser, (1280, 800))
    ann.goto(server.url + "/")
    ann.fill("#setup-name", "Ann")
    ann.select_option("#setup-opponent", "friend")
    ann.click("#start")
    ann.wait_for_selector("#invite-link")
    link = ann.input_value("#invite-link")
    bob = open_page(browser, (390, 844), has_touch=True, is_mobile=True)
    bob.goto(link)
    bob.fill("#join-name", "Bob")
    bob.click("#join")
    bob.wait_for_selector("#table")
    ann.wait_for_function(
        "() => (document.querySelector('#other-status') || {}).textContent?.includes('online')"
    )
    bob.click("#btn-end")
    assert bob.locator("#end-abandon").count() == 0  # between two people: resign only
    bob.click("#confirm-ok")
    bob.wait_for_selector("#game-ended")
    assert bob.inner_text("#ended-line") == "You resigned"
    ann.wait_for_selector("#game-ended", timeout=15_000)  # live, no reload
    assert ann.inner_text("#ended-line") == "Bob resigned"
    assert ann.inner_text("#ended-detail").startswith("You win the game")
    ann.screenshot(path=str(SHOTS / "friend-resigned-1280x800.png"))
    for page, other, result in ((ann, "Bob", "won, Bob resigned"), (bob, "Ann", "lost, you resigned")):
        page.goto(server.url + "/history")
        page.wait_for_selector("#history")
        row = page.locator("#history tbody tr").first
        assert row.locator(".against").inner_text() == other
        assert result in row.locator(".result-cell").inner_text()
    assert not ann.errors and not bob.errors, ann.errors + bob.errors
    ann.context.close()
    bob.context.close()


# -- dragging cards by touch ----------------------------------------------------------------


def touch_drag(page: Any, cdp: Any, source: str, target: str) -> None:
    """A finger pressed on ``source``'s visible strip, moved in steps to ``target``'s, lifted."""

    def point(sel: str) -> tuple[float, float]:
        box = page.locator(sel).bounding_box()
        assert box is not None, sel
        return box["x"] + min(box["width"], 40) / 2, box["y"] + box["height"] / 2

    (x0, y0), (x1, y1) = point(source), point(target)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        x, y = x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def cards(page: Any) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")]


def test_drag_cards_by_touch_and_by_keys(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (390, 844), has_touch=True, is_mobile=True)
    cdp = page.context.new_cdp_session(page)
    start_game(page, server)
    while page.locator(".hand .card").count() != 11:  # draw: every card can be discarded
        step(page)
    before = cards(page)
    first, last = before[0], before[-1]
    touch_drag(page, cdp, f'.slot[data-slot="{last}"]', f'.slot[data-slot="{first}"]')
    page.wait_for_function("c => document.querySelector('.hand .card').dataset.card === c", arg=last)
    moved = cards(page)
    assert moved == [last, *[c for c in before if c != last]], (before, moved)
    assert page.get_attribute("#table", "data-phase") == "discard"  # a drag is not a discard
    assert not page.locator(".drag-ghost").count()
    # the keyboard's way: Shift+Right moves the focused card one place on
    page.focus(f'.hand .card[data-card="{last}"]')
    page.keyboard.press("Shift+ArrowRight")
    assert cards(page)[:2] == [moved[1], last]
    assert page.evaluate("document.activeElement.dataset.card") == last
    page.keyboard.press("Shift+ArrowLeft")
    assert cards(page) == moved
    page.screenshot(path=str(SHOTS / "rearranged-390x844.png"))
    # a card dragged onto the discard pile is discarded; the order lasts through the hand
    old = version(page)
    gone = moved[3]
    touch_drag(page, cdp, f'.slot[data-slot="{gone}"]', "#discard-pile")
    wait_change(page, old)
    after = cards(page)
    assert gone not in after
    kept = [c for c in after if c in moved]
    assert kept == [c for c in moved if c != gone and c in after], (moved, after)
    assert not page.errors, page.errors
    page.context.close()


# -- a seat's link and the terminal's link ---------------------------------------------------


def test_a_seat_link_reclaims_that_seat_only(server: LiveServer, browser: Any) -> None:
    created = call(server, "POST", "/api/games", None, {"opponent": "friend", "name": "Ann"})
    gid, ann_token = created["game"]["id"], created["token"]
    invite = created["game"]["invite"].split("invite=")[1]
    joined = call(server, "POST", f"/api/games/{gid}/join", None, {"invite": invite, "name": "Bob"})
    bob_token = joined["token"]
    bob = open_page(
        browser, (390, 844), init=f"localStorage.setItem('ginrummy.token', {json.dumps(bob_token)})"
    )
    bob.goto(f"{server.url}/game/{gid}")
    bob.wait_for_selector("#claim-box")
    bob.click("#claim-box summary")
    link = bob.input_value("#claim-link")
    assert link.endswith(f"/game/{gid}#claim={bob_token}")
    bob.context.close()
    # the storage cleared (a new browser): the link gives Bob's seat back
    fresh = open_page(browser, (1280, 800), init="")
    fresh.goto(link)
    fresh.wait_for_selector("#table")
    assert fresh.evaluate("localStorage.getItem('ginrummy.token')") == bob_token
    assert "#claim" not in fresh.url  # the token leaves the address at once
    seen = call(server, "GET", f"/api/games/{gid}", bob_token)
    assert seen["you"] == 1 and fresh.inner_text("#score").startswith("You ")
    assert "Ann" in fresh.inner_text("#score")  # the other seat is Ann's, never this browser's
    fresh.context.close()
    # a browser that plays as Ann is asked before it switches, and keeps Ann's token
    ann = open_page(
        browser, (1280, 800), init=f"localStorage.setItem('ginrummy.token', {json.dumps(ann_token)})"
    )
    ann.goto(link)
    ann.wait_for_selector("#confirm[open]")
    assert ann_token in ann.input_value("#confirm input")
    ann.click("#confirm-cancel")
    ann.wait_for_selector("#table")
    assert ann.evaluate("localStorage.getItem('ginrummy.token')") == ann_token
    ann.context.close()


def test_the_terminal_link_shows_its_games_in_the_browser(server: LiveServer, browser: Any) -> None:
    store = Store(server.db)
    token = store.local_token()
    store.close()
    call(server, "POST", "/api/games", token, {"name": "Terminal"})  # a game of the local player
    page = open_page(browser, (390, 844), init="")
    page.goto(f"{server.url}/history#claim={token}")
    page.wait_for_selector("#history")
    assert page.evaluate("localStorage.getItem('ginrummy.token')") == token
    assert page.locator("#history tbody tr").count() == 1
    page.context.close()
