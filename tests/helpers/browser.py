"""Shared by the browser tests: Debian's Chromium under Playwright, moves made by clicks the way
the scripted API client makes them, and the page's own measurements of its layout."""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = os.environ.get("GINRUMMY_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

SIZES = [(360, 740), (390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]
"""Phones in portrait and landscape, a tablet, desktops (CSS pixels)."""

NO_MOTION = (
    "if (!localStorage.getItem('ginrummy.prefs')) "
    "localStorage.setItem('ginrummy.prefs', JSON.stringify({speed: 'off', sound: false}))"
)
"""An init script: unless the page has preferences already, motion and sound off (quick, quiet tests)."""


def resize(page: Any, size: dict[str, int]) -> None:
    """Set ``page``'s viewport to ``size`` and wait two animation frames: the hand's fan is laid
    out again by a ``ResizeObserver``, whose callback runs after the next layout, so a measurement
    made at once could see the old widths."""
    page.set_viewport_size(size)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def version(page: Any) -> str:
    return str(page.get_attribute("#table", "data-version"))


def wait_change(page: Any, old: str) -> None:
    page.wait_for_function(
        "old => { const t = document.querySelector('#table'); return t && t.dataset.version !== old; }",
        arg=old,
        timeout=15_000,
    )


def step(page: Any, use_key: bool = False, use_drag: bool = False) -> str:
    """Make one move the way the scripted API client does; returns what was done."""
    old = version(page)
    for button in ("#btn-gin", "#btn-knock", "#btn-big-gin"):
        if page.locator(button).count():
            page.click(button)
            page.click("#confirm-ok")
            wait_change(page, old)
            return button
    for button in ("#btn-layoff", "#btn-pass"):
        if page.locator(button).count():
            page.click(button)
            wait_change(page, old)
            return button
    if page.is_enabled("#stock"):
        if use_drag:
            page.drag_and_drop("#stock", "section.me")  # drag the stock onto the hand
            wait_change(page, old)
            return "drag-draw"
        if use_key:
            page.keyboard.press("d")
        else:
            page.click("#stock")
        wait_change(page, old)
        return "draw"
    if use_drag:
        page.drag_and_drop(".hand .card.playable >> nth=-1", "#discard-pile")  # a card onto the pile
        wait_change(page, old)
        return "drag-discard"
    page.locator(".hand .card.playable").last.click()
    wait_change(page, old)
    return "discard"


def play_to_end_of_hand(page: Any, limit: int = 300) -> int:
    """Click moves until the hand is over; returns the number of moves."""
    moves = 0
    while page.get_attribute("#table", "data-phase") != "end":
        step(page)
        moves += 1
        assert moves < limit, "the hand did not end"
    return moves


LAYOUT_JS = """
(scope) => {
  const root = scope ? document.querySelector(scope) : document;
  const problems = [];
  const W = window.innerWidth;
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > W) problems.push(`page ${scroller.scrollWidth} px wide in a ${W} px window`);
  // text running out of its box (the page clips what is wider than the window, so this is how it shows)
  for (const n of (scope ? document.querySelector(scope) : document.querySelector('#main') || document.body).querySelectorAll('p, h1, h2, h3, td, th, li, code, span')) {
    if (n.closest('.scroll-x, pre, [aria-hidden="true"], details:not([open]) > :not(summary)') || getComputedStyle(n).overflowX !== 'visible') continue;
    const r = n.getBoundingClientRect();
    const inline = getComputedStyle(n).display.startsWith('inline');
    if (r.width && (r.right > W + 0.5 || (!inline && n.scrollWidth > n.clientWidth + 1 && r.left + n.scrollWidth > W + 0.5))) problems.push(`text ${n.tagName.toLowerCase()} "${(n.textContent || '').trim().slice(0, 30)}" runs to ${Math.round(r.right)} px of ${W}`);
  }
  const name = (n) => `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}${n.dataset.card ? '[' + n.dataset.card + ']' : ''}${n.dataset.slot ? '[slot ' + n.dataset.slot + ']' : ''} "${(n.textContent || '').trim().slice(0, 20)}"`;
  const targets = [...root.querySelectorAll(
    'button, a.button, nav a, select, summary, .slot, .pile, .card, input[type=radio]')]
    .filter((n) => !n.closest('[aria-hidden="true"]'))
    .filter((n) => !(n.classList.contains('card') && n.closest('.slot')));
  let checked = 0;
  for (const n of targets) {
    let r = n.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(n).visibility === 'hidden') continue;
    if (n.closest('details:not([open])') && !n.matches('summary')) continue;
    n.scrollIntoView({ block: 'center', inline: 'nearest' });
    r = n.getBoundingClientRect();
    checked += 1;
    if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${name(n)} outside the window: ${Math.round(r.left)}..${Math.round(r.right)} of ${W}`);
    const interactive = n.matches('button, a.button, nav a, select, summary, .slot, input[type=radio]') || n.matches('.pile.playable');
    if (interactive && !n.matches('input[type=radio]') && (r.height < 43.5 || r.width < 43.5)) problems.push(`${name(n)} is ${Math.round(r.width)}x${Math.round(r.height)} px (a touch target needs 44)`);
    const x = Math.min(Math.max(r.left + r.width / 2, 0), W - 1), y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const label = n.matches('input[type=radio]') ? n.closest('label') : null;
    if (label && (r.width < 19.5 || r.height < 19.5 || label.getBoundingClientRect().height < 43.5)) problems.push(`${name(n)} is ${Math.round(r.width)}x${Math.round(r.height)} px in a label ${Math.round(label.getBoundingClientRect().height)} px tall (a radio needs 20, its label 44)`);
    if (!hit || !(n === hit || n.contains(hit) || (label && label.contains(hit)))) problems.push(`${name(n)} is covered by ${hit ? name(hit) : 'nothing'}`);
  }
  // a label beside cards ("Known to hold:") readable: its first words not under a card
  for (const n of root.querySelectorAll('.known')) {
    const text = [...n.childNodes].find((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
    if (!text) continue;
    n.scrollIntoView({ block: 'center', inline: 'nearest' });
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const r = range.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.width && !(hit && n.contains(hit))) problems.push(`the start of ${name(n)} is covered by ${hit ? name(hit) : 'nothing'}`);
  }
  window.scrollTo(0, 0);
  return { problems, checked };
}
"""


def layout_problems(page: Any, scope: str | None = None) -> tuple[list[str], int]:
    """What the page measures wrong at its current size: sideways scrolling or text running past
    the window's edge (the page clips it), a card, button or
    link outside the window or covered at its centre (``elementFromPoint``), a touch target under
    44 px (a radio button under 20 px, or its label under 44 px tall), the first letter of a label
    beside cards (``.known``: "Known to hold:") covered. A card in your hand is checked by its slot, the strip of it that shows in the fan.
    ``scope``: a selector to check only what is inside it (an open drawer over the table).
    Returns the problems and how many elements were checked."""
    out = page.evaluate(LAYOUT_JS, scope)
    return [str(p) for p in out["problems"]], int(out["checked"])
