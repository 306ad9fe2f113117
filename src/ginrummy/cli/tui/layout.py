"""The terminal table's sizes and shared style: from which terminal size the score sheet widens,
the cards grow and the rows spread out; the orders the person's hand may be shown in; the
stylesheet every table starts from (:class:`~ginrummy.cli.tui.base.BaseTable`)."""

from __future__ import annotations

from typing import Literal

__all__ = [
    "BIG",
    "BIG_SIDE",
    "BIG_SIDE_FROM",
    "CSS",
    "HOLD",
    "MOST",
    "SIDE",
    "SORTS",
    "SORT_WORDS",
    "TALL",
    "WIDE",
    "Sort",
]

WIDE = 100
"""From this many columns the score sheet's panel is wider."""
SIDE = {False: 32, True: 44}
"""The score sheet panel's width (columns) below and from :data:`WIDE` columns."""
BIG = (110, 36)
"""From this size (columns, lines) the table draws big cards and spreads the discard pile."""
BIG_SIDE, BIG_SIDE_FROM = 58, 120
"""The score sheet panel's width with big cards from :data:`BIG_SIDE_FROM` columns."""

Sort = Literal["melds", "suit", "rank", "own"]
SORTS: tuple[Sort, ...] = ("melds", "suit", "rank")
"""The orders ``r`` goes through (an order of one's own is made with Shift+arrows)."""
SORT_WORDS: dict[Sort, str] = {
    "melds": "Your hand: melds first, then the rest by rank",
    "suit": "Your hand by suit",
    "rank": "Your hand by rank",
    "own": "Your hand in your own order",
}

HOLD = 1.5
"""Seconds a practice game's computer waits before its reply to the person's discard, while
``u`` may take the discard back (nothing hidden has been shown yet)."""
MOST = 160
"""The most columns the table and its sheet take: in a wider terminal they are centred."""
TALL = 40
"""From this many lines the table's rows are spaced out (a blank line between them)."""

CSS = """
#header { background: $panel; text-style: bold; }
#main { height: 1fr; }
#header, #main, #keys { width: MOST; max-width: 100%; }
.tall #opponent, .tall #piles, .tall #hand, .tall #prompt, .tall #log { margin-top: 1; }
#table { width: 1fr; }
#side { width: 32; height: 1fr; border-left: solid $panel-lighten-2; padding: 0 0 0 1; }
#prompt { height: 1; }
#log { height: 1fr; border-top: solid $panel-lighten-2; }
""".replace("MOST", str(MOST))
