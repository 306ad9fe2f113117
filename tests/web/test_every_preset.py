"""Every preset in a real browser (Playwright, Debian's Chromium), as players see it.

Each preset's game is played to its end quickly over the API and its replay opened on a phone
(390x844, touch) and a desktop (1280x800): every step of every hand shown, no 5xx, no script
error, no "null" or "undefined" on screen, nothing wider than the phone. A representative few
are played whole by taps on the phone and by clicks on the desktop, making the scripted client's
choices: before every tap the control it needs is inside the window without scrolling, and
every touch target is at least 44 px (:mod:`helpers.clicks`). A dead hand's end (the stock down
to its last cards, nobody knocked) on both. Screenshots: :mod:`helpers.shots`.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ginrummy.rules import PRESETS
from helpers.browser import CHROMIUM, NO_MOTION, layout_problems
from helpers.clicks import STRAY, phone_checks, play_by_clicks
from helpers.shots import SHOTS
from helpers.web import LiveServer, call, never_knock, scripted_action

DEAL_SEED = "every-preset"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 1,
}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TARGETS = {
    "hollywood": 30,
    "hollywood-aces": 30,
    "hollywood-teams": 30,
    "tournament": 20,
    "pickup": 20,
    "slam": 20,
    "match-500": 20,
}
"""Low targets keep the long presets short (the rest play to 30): a game of a few hands shows
every screen a longer one does."""
BY_CLICKS = ["default", "pickup", "oklahoma", "hollywood", "tournament"]
ON_DESKTOP = ["default", "pickup", "hollywood"]
"""Played whole by clicks on the desktop (every preset's replay opens there too)."""
"""Played whole by taps on the phone: the standard game with its layoffs, discard-pile pickup, a
knock card from the upcard, three games at once, and a match of several games."""

if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def open_page(browser: Any, kind: dict[str, Any], token: str | None = None) -> Any:
    """A page that records script errors, console errors and 5xx answers in ``page.faults``."""
    context = browser.new_context(**kind)
    init = (
        NO_MOTION
        if token is None
        else f"localStorage.setItem('ginrummy.token', {json.dumps(token)}); {NO_MOTION}"
    )
    context.add_init_script(init)
    page = context.new_page()
    page.faults = []
    page.on("pageerror", lambda e: page.faults.append(f"script error: {e}"))
    page.on("console", lambda m: page.faults.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("response", lambda r: page.faults.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    return page


def play_over_api(server: LiveServer, preset: str) -> tuple[str, str]:
    """A game of ``preset`` against the computer played to its end; its id and the player's token."""
    target = TARGETS.get(preset, 30)
    created = call(
        server, "POST", "/api/games", None, {"preset": preset, "target": target, "level": "simple"}
    )
    token, game = created["token"], created["game"]
    for _ in range(4000):
        if game["game_over"]:
            return game["id"], token
        path, body = scripted_action(game)
        game = call(server, "POST", f"/api/games/{game['id']}/{path}", token, body)
    raise AssertionError(f"{preset}: the game did not end")


STEP_ALL = """
() => {
  const bad = [];
  const stray = /null|undefined|NaN/;
  const sel = document.querySelector('#rp-hand');
  const hands = sel ? sel.options.length : 0;
  let steps = 0;
  for (let i = 0; i < hands; i++) {
    const s = document.querySelector('#rp-hand');
    s.value = String(i);
    s.dispatchEvent(new Event('change'));
    for (let k = 0; k < 1000; k++) {
      steps += 1;
      const text = document.querySelector('#main').textContent;  // no layout: quick
      const m = stray.exec(text);
      if (m) bad.push(`hand ${i + 1}, ${document.querySelector('#rp-step').textContent}: "${m[0]}"`);
      const said = document.querySelector('#rp-action').textContent;  // moves in words, never notation
      if (/\\b[A2-9TJQK][cdhs]\\b|\\[/.test(said)) bad.push(`hand ${i + 1}: "${said}"`);
      const [at, of] = document.querySelector('#rp-step').textContent.match(/\\d+/g).map(Number);
      if (at === of) break;
      document.querySelector('#rp-next').click();
    }
  }
  return { bad, steps, hands };
}
"""


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_replays_on_a_phone_and_a_desktop(server: LiveServer, browser: Any, preset: str) -> None:
    gid, token = play_over_api(server, preset)
    for name, kind in (("phone", PHONE), ("desktop", DESKTOP)):
        page = open_page(browser, kind, token)
        page.goto(f"{server.url}/replay/{gid}")
        page.wait_for_selector("#rp-step")
        out = page.evaluate(STEP_ALL)
        assert out["hands"] >= 1 and not out["bad"], (preset, name, out["bad"][:5])
        size = "390x844" if name == "phone" else "1280x800"
        if preset == "pickup":
            page.click("#rp-last")
            assert page.locator("#rp-table").count() == 1
            page.screenshot(path=str(SHOTS / f"replay-pickup-{size}.png"), full_page=True)
        problems, _ = layout_problems(page)
        assert not problems, (preset, name, problems)
        if name == "phone":
            page.goto(f"{server.url}/history")
            page.wait_for_selector("#history")
            problems, _ = layout_problems(page)
            assert not problems and not STRAY.search(page.inner_text("#main")), (preset, problems)
            if preset == "default":
                page.screenshot(path=str(SHOTS / "history-390x844.png"))
        assert not page.faults, (preset, name, page.faults)
        page.context.close()


def new_game(page: Any, server: LiveServer, preset: str) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.select_option("#setup-preset", preset)
    page.select_option("#setup-level", "simple")
    page.fill("#setup-target", str(TARGETS.get(preset, 30)))
    page.click("#start")
    page.wait_for_selector("#table")


@pytest.mark.parametrize("preset", BY_CLICKS)
def test_whole_games_by_taps_on_a_phone(
    server: LiveServer, browser: Any, preset: str, tmp_path: Path
) -> None:
    page = open_page(browser, PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    if preset == "default":
        page.screenshot(path=str(SHOTS / "new-game-390x844.png"))
    problems: list[str] = []
    phone_checks(page, "the new game form", problems)("#start")
    new_game(page, server, preset)
    checks = phone_checks(page, preset, problems, layout_every=3, shot=tmp_path / "first-problem.png")
    seen: set[str] = set()

    def check_and_shoot(selector: str) -> None:  # the first time each kind of screen comes up
        checks(selector)
        kind = {
            "#btn-next": "end-of-hand",
            "#btn-layoff": "layoff",
            "#btn-meld": "meld",
            "#btn-discard": "discard",
        }.get(selector)
        if kind and kind not in seen and (preset != "pickup" or kind in ("meld", "discard")):
            seen.add(kind)
            page.screenshot(path=str(SHOTS / f"phone-{preset}-{kind}-390x844.png"))

    moves = play_by_clicks(page, server, check_and_shoot)
    phone_checks(page, f"{preset} game over", problems)("#btn-again")
    if preset in ("default", "tournament"):
        page.screenshot(path=str(SHOTS / f"phone-{preset}-game-over-390x844.png"))
    assert page.locator("#game-over-line").count() == 1
    assert not problems, (moves, problems[:12])
    assert not page.faults, page.faults
    page.context.close()


@pytest.mark.parametrize("preset", ON_DESKTOP)
def test_whole_games_by_clicks_on_a_desktop(server: LiveServer, browser: Any, preset: str) -> None:
    page = open_page(browser, DESKTOP)
    new_game(page, server, preset)
    play_by_clicks(page, server)
    assert page.locator("#game-over-line").count() == 1
    assert not STRAY.search(page.inner_text("#main"))
    page.click("#btn-replay")
    page.wait_for_selector("#rp-step")
    assert not page.evaluate(STEP_ALL)["bad"]
    assert not page.faults, page.faults
    page.context.close()


def test_a_full_games_invitation_says_so_at_once(server: LiveServer, browser: Any) -> None:
    created = call(server, "POST", "/api/games", None, {"opponent": "friend", "name": "Ann"})
    gid, invite = created["game"]["id"], created["game"]["invite"]
    call(
        server, "POST", f"/api/games/{gid}/join", None, {"invite": invite.split("invite=")[1], "name": "Bob"}
    )
    page = open_page(browser, PHONE)
    page.goto(server.url + invite)  # a third browser
    page.wait_for_selector("#game-full")
    assert page.locator("#join, #join-name").count() == 0
    problems, _ = layout_problems(page)
    assert not problems, problems
    page.screenshot(path=str(SHOTS / "game-full-390x844.png"))
    assert not page.faults, page.faults
    page.context.close()


def play_to_a_dead_hand(server: LiveServer) -> tuple[str, str]:
    """A standard game played over the API against the random level (which knocks only by chance)
    by a person who never knocks and discards each card they draw (their hand stays as dealt), to
    its first hand that ends dead (the stock down to the dead-hand limit, nobody knocked); the
    game's id and the player's token."""
    created = call(server, "POST", "/api/games", None, {"preset": "default", "level": "random"})
    token, game = created["token"], created["game"]
    for _ in range(3000):
        h = game["hand"]
        if h["phase"] == "end" and h["result"]["knocker"] is None:
            return game["id"], token
        assert not game["game_over"]
        path, body = never_knock(game)
        if h["phase"] != "end" and h["drawn"] in h["legal"]["discard"]:
            body["action"] = f"discard {h['drawn']}"
        game = call(server, "POST", f"/api/games/{game['id']}/{path}", token, body)
    raise AssertionError("no dead hand")


def test_a_dead_hand_on_a_phone_and_a_desktop(server: LiveServer, browser: Any) -> None:
    gid, token = play_to_a_dead_hand(server)
    for name, kind in (("phone", PHONE), ("desktop", DESKTOP)):
        page = open_page(browser, kind, token)
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector("#dead-hand")
        said = page.inner_text("#result")
        assert "The stock ran down to 2 cards and nobody knocked: nobody scores" in said
        assert (
            "the computer's cards stay hidden" in said
            and "Your hand" in said
            and "computer's hand" not in said
        )
        assert page.locator("#dead-hand .card").count() == 10  # your own cards; the computer's stay hidden
        problems: list[str] = []
        phone_checks(page, f"a dead hand, {name}", problems)("#btn-next")  # in view, no stray text
        assert not problems, problems
        size = "390x844" if name == "phone" else "1280x800"
        page.screenshot(path=str(SHOTS / f"dead-hand-{size}.png"))
        assert not page.faults, page.faults
        page.context.close()
