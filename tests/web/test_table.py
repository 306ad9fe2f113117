"""The table in a real browser at phone, tablet and desktop sizes (Playwright, Debian's Chromium).

Every size: no sideways scrolling, every card, button and link inside the window and not
covered at its centre, touch targets of 44 px, measured by the page itself mid-hand, at the end
of a hand and at the game over; the score sheet in a drawer on narrow screens. Then the end of a
hand (stale parts hidden, one result line, your layoffs chosen), the game-over panel and "Play
again", motion and sound settings, the stale-tab and offline messages, moves, hints and replays
in words, sorting and rearranging. Screenshots: :mod:`helpers.shots`.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import (
    CHROMIUM,
    NO_MOTION,
    SIZES,
    layout_problems,
    play_to_end_of_hand,
    step,
    version,
    wait_change,
)
from helpers.shots import SHOTS
from helpers.web import LiveServer, call, never_knock

SHOT_SIZES = {(390, 844), (768, 1024), (1280, 800)}
"""The sizes whose screenshots go to ``docs/web/``: the start of a hand, mid hand, the knock, the end
of a hand, the game over, its replay and the statistics."""
NOTATION = re.compile(r"\b(?:[A2-9TJQK][cdhs])\b")

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(
        tmp_path_factory.mktemp("web") / "games.sqlite3", env={"GINRUMMY_TEST_DEAL_SEED": "t13"}
    )
    yield live.start()
    live.stop()


def open_page(browser: Any, size: tuple[int, int] = (1280, 800), init: str = NO_MOTION, **kw: Any) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **kw)
    context.add_init_script(init)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def start_game(
    page: Any, server: LiveServer, target: int = 10, preset: str = "default", level: str = "simple"
) -> None:
    page.goto(server.url + "/")
    page.select_option("#setup-preset", preset)
    page.select_option("#setup-level", level)
    page.fill("#setup-target", str(target))
    page.click("#start")
    page.wait_for_selector("#table")


def assert_fits(page: Any, where: str, scope: str | None = None, least: int = 5) -> None:
    problems, checked = layout_problems(page, scope)
    assert checked >= least, f"{where}: only {checked} elements measured"
    assert not problems, f"{where}: {problems}"


def draw_first(page: Any) -> None:
    """Pass or draw until you hold 11 cards (the widest hand)."""
    for _ in range(3):
        if page.locator(".hand .card").count() == 11 or page.get_attribute("#table", "data-phase") == "end":
            return
        step(page)


def knock_with_screenshot(page: Any, tag: str) -> bool:
    """Play this hand by clicks; at your first chance to knock (or go gin), screenshot its dialog
    to ``docs/web/knock-TAG.png`` and knock. Returns whether you did."""
    while page.get_attribute("#table", "data-phase") != "end":
        if page.locator("#btn-knock, #btn-gin").count():
            old = version(page)
            page.locator("#btn-knock, #btn-gin").first.click()
            page.wait_for_selector("#confirm-ok")
            page.screenshot(path=str(SHOTS / f"knock-{tag}.png"))
            page.click("#confirm-ok")
            wait_change(page, old)
            return True
        step(page)
    return False


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_fits_every_size(server: LiveServer, browser: Any, size: tuple[int, int]) -> None:
    page = open_page(browser, size)
    shots = size in SHOT_SIZES
    SHOTS.mkdir(parents=True, exist_ok=True)
    tag = f"{size[0]}x{size[1]}"
    start_game(page, server, target=20 if shots else 10)
    if shots:
        page.screenshot(path=str(SHOTS / f"start-of-hand-{tag}.png"))
    draw_first(page)
    assert_fits(page, "mid-hand")
    if shots:
        page.screenshot(path=str(SHOTS / f"mid-hand-{tag}.png"))
    if size[0] < 1100:  # the score sheet is a drawer
        assert not page.locator("#sheet").is_visible()
        page.click("#btn-sheet")
        assert page.locator("#sheet").is_visible()
        assert_fits(page, "the score sheet drawer", "#side", least=3)
        page.click("#btn-sheet-close")
        assert not page.locator("#sheet").is_visible()
    else:
        assert page.locator("#sheet").is_visible() and not page.locator("#btn-sheet").is_visible()
    hands = 0
    knock_shot = not shots
    while True:
        knock_shot = knock_shot or knock_with_screenshot(page, tag)
        play_to_end_of_hand(page)
        hands += 1
        # the end of a hand: the stale parts of the table are gone, the result is one line
        assert page.locator("#opp-cards, #opp-known, #hand, #stock").count() == 0
        line = page.locator("#result-line").inner_text()
        assert re.match(r"^(You|The computer) (knock|knocks|go|goes) |^Dead hand", line), line
        assert not re.search(r"You (scores|knocks|goes)|computer (score|knock|go) ", line), line
        assert_fits(page, f"the end of hand {hands}")
        if shots and hands == 1:
            page.screenshot(path=str(SHOTS / f"end-of-hand-{tag}.png"), full_page=True)
        if page.get_attribute("#table", "data-over") == "yes":
            break
        old = version(page)
        page.click("#btn-next")
        wait_change(page, old)
        assert hands < 15
    panel = page.locator("#game-over")
    assert panel.is_visible() and page.locator("#btn-again").is_visible()
    head = page.locator("#game-over-line").inner_text()
    assert re.match(r"^(You win|The computer wins|A drawn game)", head), head
    assert page.locator("#bonuses #b-game").count() == 1 and page.locator("#bonuses #b-box").count() == 1
    page.locator("#game-over").scroll_into_view_if_needed()
    assert_fits(page, "the game over")
    if shots:
        page.locator("#game-over").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"game-over-{tag}.png"))
    # "Play again": a new game with the same settings, dealt at once
    old_id = page.url
    page.click("#btn-again")
    page.wait_for_function(
        "old => location.href !== old && (document.querySelector('.felt-head h1') || {}).textContent.startsWith('Hand 1')",
        arg=old_id,
    )
    assert "simple" in page.locator(".opponent h2").inner_text()
    for _ in range(10):  # no knock of yours in that game: the next hands of the new one
        if knock_shot or page.get_attribute("#table", "data-over") == "yes":
            break
        knock_shot = knock_with_screenshot(page, tag)
        if page.locator("#btn-next").count():
            old = version(page)
            page.click("#btn-next")
            wait_change(page, old)
    if shots:  # the finished game's replay, at its last move, and the statistics
        page.goto(old_id)
        page.click("#btn-replay")
        page.wait_for_selector("#replay")
        page.click("#rp-last")
        page.screenshot(path=str(SHOTS / f"replay-{tag}.png"), full_page=True)
        page.goto(server.url + "/stats")
        page.wait_for_selector(".chart")
        page.screenshot(path=str(SHOTS / f"statistics-{tag}.png"), full_page=True)
    assert not page.errors, page.errors
    page.context.close()


def test_hollywood_sheet_fits_a_phone(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (360, 740))
    start_game(page, server, target=100, preset="hollywood")
    play_to_end_of_hand(page)
    page.click("#btn-sheet")
    assert page.locator("#hollywood-sheet .hw-game").count() == 3
    assert_fits(page, "Hollywood's sheet", "#side", least=3)
    page.context.close()


def test_setup_history_stats_and_rules_fit_a_phone(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (360, 740))
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert_fits(page, "the new game form")
    start_game(page, server)
    play_to_end_of_hand(page)
    for path, sel in (("/history", "#history"), ("/stats", "#stats"), ("/rules/pagat", "#rules-text li")):
        page.goto(server.url + path)
        page.wait_for_selector(sel)
        assert_fits(page, path)
    # the chart has a scale (ticks from 0) and says won and lost in words too
    ticks = page.goto(server.url + "/stats") and page.wait_for_selector(".chart")
    assert ticks is not None
    labels = page.eval_on_selector_all(".chart text.tick", "ts => ts.map(t => t.textContent)")
    assert "0" in labels and len(labels) >= 3
    assert page.locator(".chart text", has_text="won").count() >= 1
    page.context.close()


# -- the defender chooses the layoffs -------------------------------------------------------


def best_plans(plans: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The layoff plans the page offers: those leaving the least deadwood (at most 4)."""
    return [p for p in plans if plans and p["count"] == plans[0]["count"]][:4]


def reach_layoff_choice(server: LiveServer) -> tuple[str, dict[str, Any]]:
    """A game (over the API) stopped where the computer has knocked and you can lay off in more
    than one way that leaves the least deadwood; returns the browser token and the table."""
    for _ in range(8):
        created = call(
            server, "POST", "/api/games", None, {"preset": "default", "level": "simple", "target": 500}
        )
        token, game = created["token"], created["game"]
        for _ in range(400):
            h = game["hand"]
            plans = h["layoff_plans"]
            if h["phase"] == "layoff" and h["my_turn"] and len(best_plans(plans)) > 1:
                return token, game
            if game["game_over"]:
                break
            path, body = never_knock(game)
            game = call(server, "POST", f"/api/games/{game['id']}/{path}", token, body)
    raise AssertionError("no layoff choice came up")


def test_the_defender_chooses_the_layoffs(server: LiveServer, browser: Any) -> None:
    token, game = reach_layoff_choice(server)
    plans = game["hand"]["layoff_plans"]
    hand = {c for m in game["hand"]["hand"]["melds"] for c in m} | set(game["hand"]["hand"]["deadwood"])
    for p in plans:  # only your own cards, and the best plan first
        assert {c for c, _ in p["layoffs"]} | set(p["deadwood"]) | {c for m in p["melds"] for c in m} == hand
    assert plans[0]["count"] == min(p["count"] for p in plans)
    offered = best_plans(plans)
    chosen = len(offered) - 1  # the last way offered: as few deadwood points, more layoffs
    page = open_page(
        browser, (390, 844), init=f"localStorage.setItem('ginrummy.token', {json.dumps(token)}); {NO_MOTION}"
    )
    page.goto(f"{server.url}/game/{game['id']}")
    page.wait_for_selector("#laid .plan")
    radios = page.locator("#laid input[name=plan]")
    assert radios.count() == len(offered) and radios.first.is_checked()  # no plan that gives points away
    assert_fits(page, "the layoff choice")
    assert "null" not in page.inner_text("#main")  # no empty part of the panel shows as text
    page.locator("#laid").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "layoff-choice-390x844.png"))  # the best plan, shown on the melds
    radios.nth(chosen).check()
    # before you confirm, the cards of the plan chosen show on the melds they would join
    for i in range(len(game["hand"]["laid_down"]["melds"])):
        shown = page.eval_on_selector_all(
            f"#laid-melds .numbered:nth-child({i + 1}) .laid-off.preview",
            "els => els.map(e => e.dataset.card)",
        )
        assert sorted(shown) == sorted(c for c, m in plans[chosen]["layoffs"] if m == i), (i, shown)
    assert page.locator(".laid-off.preview").count() == len(plans[chosen]["layoffs"])
    old = version(page)
    page.click("#btn-layoff")
    wait_change(page, old)
    done = call(server, "GET", f"/api/games/{game['id']}", token)
    defense = done["hand"]["result"]["defense"]
    assert defense["layoffs"] == plans[chosen]["layoffs"] and defense["count"] == plans[chosen]["count"]
    assert page.locator("#defender-hand").is_visible()
    n = len(plans[chosen]["layoffs"])
    assert page.locator("#knocker-hand .laid-off").count() == n
    assert page.locator("#score-line").inner_text().startswith(("You score", "The computer scores"))
    page.context.close()


# -- motion, sound, messages, words, sorting -------------------------------------------------

COUNT_MOTION = """
window.__flying = 0; window.__sounds = 0;
new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => {
  if (n.classList && n.classList.contains('flying')) window.__flying += 1; }))).observe(document, { childList: true, subtree: true });
const AC = window.AudioContext;
window.AudioContext = class extends AC {
  createBufferSource() { window.__sounds += 1; return super.createBufferSource(); }
  createOscillator() { window.__sounds += 1; return super.createOscillator(); }
};
"""


def play_a_few(page: Any, moves: int) -> None:
    for _ in range(moves):
        if page.get_attribute("#table", "data-phase") == "end":
            return
        step(page)
        page.wait_for_function("() => document.documentElement.dataset.motion === 'idle'", timeout=20_000)


def test_motion_and_sound_follow_the_settings(server: LiveServer, browser: Any) -> None:
    moving = "localStorage.setItem('ginrummy.prefs', JSON.stringify({speed: 'fast'}));" + COUNT_MOTION
    page = open_page(browser, (1280, 800), init=moving)
    start_game(page, server, target=100)
    play_a_few(page, 4)
    assert page.evaluate("window.__flying") > 0  # the computer's cards moved
    assert page.evaluate("window.__sounds") > 0  # and were heard
    page.context.close()
    still = "localStorage.setItem('ginrummy.prefs', JSON.stringify({sound: false}));" + COUNT_MOTION
    page = open_page(browser, (1280, 800), init=still, reduced_motion="reduce")
    start_game(page, server, target=100)
    play_a_few(page, 4)
    assert page.evaluate("window.__flying") == 0 and page.evaluate("window.__sounds") == 0
    page.context.close()


def test_mute_and_speed_are_remembered(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (390, 844))
    page.goto(server.url + "/")
    page.click("#settings summary")
    page.set_checked("#opt-sound", True)
    page.set_checked("#opt-sound", False)
    page.select_option("#opt-speed", "slow")
    page.reload()
    page.click("#settings summary")
    assert not page.is_checked("#opt-sound") and page.input_value("#opt-speed") == "slow"
    prefs = json.loads(page.evaluate("localStorage.getItem('ginrummy.prefs')"))
    assert prefs["sound"] is False and prefs["speed"] == "slow"
    page.context.close()


def first_move(page: Any) -> str:
    """The button of a first move: pass the upcard when that is open, else draw."""
    return "#btn-pass" if page.locator("#btn-pass").count() else "#stock"


def test_stale_tab_and_server_down_say_so(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (390, 844))
    start_game(page, server, target=100)
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector("#table")
    step(page)  # the first tab moves on; the second is now stale
    other.click(first_move(other))
    other.wait_for_function(
        "() => document.querySelector('#table-error').textContent.includes('table now shows')"
    )
    assert other.get_attribute("#table", "data-version") == version(page)
    # the server unreachable: said in words, and the move goes through once it is back
    page.route("**/api/games/*/actions", lambda route: route.abort())
    old = version(page)
    page.click(first_move(page))
    page.wait_for_function(
        "() => document.querySelector('#table-error').textContent.includes('cannot be reached')"
    )
    assert "Failed to fetch" not in page.inner_text("#main")
    page.unroute("**/api/games/*/actions")
    wait_change(page, old)
    page.context.close()


def test_moves_hints_and_replays_in_words(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (1280, 800))
    start_game(page, server, target=10)
    page.click("#btn-hint")
    page.wait_for_function("() => document.querySelector('#hint').textContent.length > 5")
    assert not NOTATION.search(page.inner_text("#hint")), page.inner_text("#hint")
    while page.get_attribute("#table", "data-over") != "yes":
        play_to_end_of_hand(page)
        if page.locator("#btn-next").count():
            old = version(page)
            page.click("#btn-next")
            wait_change(page, old)
    page.click("#log-box summary")
    for text in (page.inner_text("#result"), page.inner_text("#log")):
        assert not NOTATION.search(text) and "null" not in text, text
    page.click("#btn-replay")
    page.wait_for_selector("#replay")
    for _ in range(25):
        words = page.inner_text("#rp-action")
        assert not NOTATION.search(words) and "null" not in words, words
        page.click("#rp-next")
    page.click("#rp-last")
    assert page.locator(".rp-hand .meld-block").count() >= 1  # hands grouped in melds
    assert "null" not in page.inner_text("#main")
    page.context.close()


def test_sort_and_rearrange_your_cards(server: LiveServer, browser: Any) -> None:
    page = open_page(browser, (1280, 800))
    start_game(page, server, target=100)
    cards = lambda: page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")  # noqa: E731
    before = cards()
    page.click("#sort-suit")
    by_suit = cards()
    assert sorted(by_suit) == sorted(before)
    suits = [c[1] for c in by_suit]
    assert suits == sorted(suits, key="shdc".index)
    page.click("#sort-rank")
    ranks = ["A23456789TJQK".index(c[0]) for c in cards()]
    assert ranks == sorted(ranks)
    first, last = cards()[0], cards()[-1]
    page.drag_and_drop(f'.slot[data-slot="{last}"]', f'.slot[data-slot="{first}"]')
    assert cards()[0] == last and page.get_attribute("#sort-melds", "aria-pressed") == "false"
    step(page)  # your order survives a move
    kept = [c for c in cards() if c in before]
    assert kept[0] == last or last not in cards()
    assert not page.errors, page.errors
    page.context.close()
