"""A whole game of any preset played in the browser by clicks (or taps), making the scripted API
client's choices (:func:`helpers.web.scripted_action`), with the page measured before each one:
the control that move needs is inside the window without scrolling, and nothing on the page is
too small to tap or outside the window (:func:`helpers.browser.layout_problems`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers.browser import layout_problems, version, wait_change
from helpers.web import LiveServer, call, scripted_action

NEXT_JS = """
(sel) => {
  window.scrollTo(0, 0);
  const W = window.innerWidth, H = window.innerHeight;
  const nodes = [...document.querySelectorAll(sel)];
  if (!nodes.length) return `no ${sel} on the page`;
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) {
      return `${sel} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)} is not inside the ${W}x${H} window`;
    }
  }
  return null;
}
"""
"""Scrolls to the top and returns why the elements of a selector are not all inside the window
(``None`` when they are): the page as it shows after a move, before the player scrolls."""


def off_screen(page: Any, selector: str) -> str | None:
    """Why ``selector`` (every element it selects) is not inside the window at the top of the page."""
    out = page.evaluate(NEXT_JS, selector)
    return None if out is None else str(out)


def game_of(page: Any, server: LiveServer) -> dict[str, Any]:
    """The table JSON of the game on the page, for this browser's player."""
    gid = page.url.rstrip("/").split("/")[-1].split("?")[0]
    token = page.evaluate("localStorage.getItem('ginrummy.token')")
    return dict(call(server, "GET", f"/api/games/{gid}", token))


def _card(code: str) -> str:
    return f'.hand .card[data-card="{code}"]'


def controls(game: dict[str, Any], action: str) -> list[tuple[str, str | None]]:
    """The clicks that make ``action`` (the scripted client's) on the page: ``(selector, then)``
    pairs, ``then`` a radio value to check in the dialog that the click opens (else ``None``)."""
    h = game["hand"]
    word, *args = action.split()
    pickup = h.get("variant") == "pickup"
    if word == "next":
        return [("#btn-next", None)]
    if pickup:
        if word == "meld":
            clicks: list[tuple[str, str | None]] = [(_card(c), None) for c in args]
            return [*clicks, ("#btn-meld", None)]
        if word == "add":
            card, meld = args[0].split(":")
            return [(_card(card), None), (f"#btn-add-{meld}", None)]
        if word == "take":
            depth = int(args[0])
            return [(f"#discard-pile .card:nth-last-child({depth})", None)]
        if word == "discard":
            return [(_card(args[0]), None), ("#btn-discard", None)]
        return [({"draw": "#stock", "pass": "#btn-pass"}[word], None)]
    if word in ("gin", "knock"):
        return [(f"#btn-{word}", args[0])]
    if word == "big-gin":
        return [("#btn-big-gin", "")]
    if word == "discard":
        return [(_card(args[0]), None)]
    if word == "take":
        return [("#btn-take" if h["phase"] in ("offer", "last-chance") else "#discard-pile", None)]
    return [({"draw": "#stock", "pass": "#btn-pass", "layoff": "#btn-layoff"}[word], None)]


def play_by_clicks(
    page: Any, server: LiveServer, check: Callable[[str], None] | None = None, limit: int = 3000
) -> int:
    """Play the game on the page to its end by clicks, as the scripted client would; before each
    click ``check(selector)`` (e.g. :func:`phone_checks`). Returns the number of moves made."""
    moves = 0
    while page.get_attribute("#table", "data-over") != "yes":
        game = game_of(page, server)
        path, body = scripted_action(game)
        action = "next" if path == "next" else str(body["action"])
        old = version(page)
        for selector, then in controls(game, action):
            if check is not None:
                check(selector)
            # a card of the fan by the strip of it that shows (the next card covers its middle)
            page.click(selector, position={"x": 12, "y": 30} if selector.startswith(".hand") else None)
            if then is not None:
                page.wait_for_selector("#confirm[open]")
                if then:
                    page.check(f'#confirm input[value="{then}"]')
                if check is not None:
                    check("#confirm-ok")
                page.click("#confirm-ok")
        wait_change(page, old)
        moves += 1
        assert moves < limit, "the game did not end"
    return moves


STRAY = re.compile(r"\b(?:null|undefined|NaN)\b")


def phone_checks(
    page: Any, where: str, problems: list[str], layout_every: int = 1, shot: Path | None = None
) -> Callable[[str], None]:
    """A ``check`` for :func:`play_by_clicks` that adds to ``problems``: the control to click is
    not inside the window at the top of the page; a stray null/undefined on the page; and, every
    ``layout_every`` checks, what :func:`~helpers.browser.layout_problems` finds (touch targets
    under 44 px, sideways scrolling, covered controls; only inside an open dialog). The first
    problem's page is saved to ``shot`` (a PNG), to look at."""
    count = [0]

    def check(selector: str) -> None:
        count[0] += 1
        before = len(problems)
        phase = page.evaluate("(document.querySelector('#table') || {dataset: {}}).dataset.phase || 'page'")
        why = off_screen(page, selector)
        if why:
            problems.append(f"{where}, {phase}: {why}")
        text = page.inner_text("#main")
        if STRAY.search(text):
            problems.append(f"{where}, {phase}: stray text {STRAY.search(text)!r}")
        if count[0] % layout_every == 0:
            dialog = page.locator("#confirm[open]").count() > 0
            found, _ = layout_problems(page, "#confirm" if dialog else None)
            problems.extend(f"{where}, {phase}: {p}" for p in found)
        if shot is not None and before == 0 and problems:
            page.screenshot(path=str(shot))

    return check
