"""The widgets of the full-screen table: rows of cards drawn as small boxes (a hand, the
computer's hand, the stock and the discard pile), clickable card by card.

A widget holds no game state: the screen gives it what to draw (:meth:`CardRow.show`) from the
person's view each time the table changes, and a click on a card or pile is posted as a
:class:`CardRow.Clicked` message naming what was clicked.

>>> from ginrummy.cards import Card
>>> lines, spans = card_boxes([[Card("7h"), Card("7s")], [None]], glyphs=False)
>>> [line.plain for line in lines]
['╭──╮╭──╮ ╭──╮', '│7h││7s│ │▒▒│', '╰──╯╰──╯ ╰──╯']
>>> spans[1], spans[2]
(Span(start=4, end=8, key=Card('7s')), Span(start=9, end=13, key=None))
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ginrummy.cards import Card
from ginrummy.cli import render

__all__ = ["CARD_WIDTH", "CardRow", "KeyBar", "Span", "TextBox", "card_boxes"]

CARD_WIDTH = 4
"""Columns a card takes on the screen (its box)."""

BACK = "▒▒"
"""The back of a card (face down)."""


class Span(NamedTuple):
    """Columns ``start`` (included) to ``end`` (excluded) of a row show ``key`` (a card, ``None``
    for a face-down card, or a name such as ``"stock"``)."""

    start: int
    end: int
    key: Hashable


Slot = Card | int | str | None
"""What one box shows: a card face up, ``None`` face down, or a word (``"stock"``: face down,
``"empty"``: an empty place)."""


def card_boxes(
    groups: Sequence[Sequence[Slot]],
    glyphs: bool,
    *,
    selected: Hashable = None,
    highlight: Hashable = None,
    melds: int = 0,
    numbers: bool = False,
) -> tuple[list[Text], list[Span]]:
    """Three lines of card boxes (four with ``numbers``: each card's position, 1 first), the
    ``groups`` separated by a space; the first ``melds`` groups framed in green as melds, the
    ``selected`` card's frame heavy and yellow, the ``highlight`` card (just drawn) bold on its
    face. Returns the lines and, for clicks, which columns show which slot."""
    lines = [Text(), Text(), Text(), Text()]
    spans: list[Span] = []
    x = 0
    pos = 0
    for gi, group in enumerate(groups):
        if gi:
            for line in lines:
                line.append(" ")
            x += 1
        for slot in group:
            pos += 1
            is_selected = selected is not None and slot == selected
            frame = "bold yellow" if is_selected else ("green" if gi < melds else "bright_black")
            top, side, bottom = ("┏━━┓", "┃", "┗━━┛") if is_selected else ("╭──╮", "│", "╰──╯")
            if slot == "empty":
                top, side, bottom, frame = "┌╌╌┐", "╎", "└╌╌┘", "bright_black"
                face = Text("  ")
            elif slot is None or slot == "stock":
                face = Text(BACK, style="blue")
            elif isinstance(slot, int):
                style = "bold reverse" if highlight is not None and slot == highlight else "bold"
                face = render.card_text(slot, glyphs, style)
            else:  # pragma: no cover - every slot kind is handled above
                face = Text(str(slot)[:2])
            lines[0].append(top, style=frame)
            lines[1].append(side, style=frame)
            lines[1].append_text(face.copy() if face.cell_len == 2 else Text(face.plain.ljust(2)[:2]))
            lines[1].append(side, style=frame)
            lines[2].append(bottom, style=frame)
            lines[3].append(f"{pos:^{CARD_WIDTH}}", style="bold" if is_selected else "dim")
            spans.append(Span(x, x + CARD_WIDTH, Card(slot) if isinstance(slot, int) else slot))
            x += CARD_WIDTH
    return (lines if numbers else lines[:3]), spans


class CardRow(Widget):
    """A row of card boxes with up to three lines of words beside them (see :meth:`show`)."""

    DEFAULT_CSS = """
    CardRow { height: 3; width: 1fr; }
    CardRow.numbered { height: 4; }
    """

    class Clicked(Message):
        """A click on ``key`` (a :class:`~ginrummy.cards.Card`, ``None`` for a face-down card, or a
        name such as ``"stock"`` or ``"pile"``) in ``row``."""

        def __init__(self, row: CardRow, key: Hashable) -> None:
            super().__init__()
            self.row = row
            self.key = key

    def __init__(self, *, id: str, numbers: bool = False) -> None:
        super().__init__(id=id, classes="numbered" if numbers else "")
        self.numbers = numbers
        self._lines: list[Text] = []
        self.spans: list[Span] = []
        """Which columns show which card (or pile), as last drawn."""

    def show(
        self,
        groups: Sequence[Sequence[Slot]],
        glyphs: bool,
        *,
        selected: Hashable = None,
        highlight: Hashable = None,
        melds: int = 0,
        beside: Sequence[Text] = (),
        keys: Sequence[Hashable] | None = None,
    ) -> None:
        """Draw ``groups`` (see :func:`card_boxes`) with the lines ``beside`` on their right;
        ``keys``, when given, renames each slot's click (e.g. ``"stock"``, ``"pile"``)."""
        lines, spans = card_boxes(
            groups, glyphs, selected=selected, highlight=highlight, melds=melds, numbers=self.numbers
        )
        if keys is not None:
            spans = [Span(s.start, s.end, k) for s, k in zip(spans, keys, strict=True)]
        for line, words in zip(lines, beside, strict=False):
            line.append("  ")
            line.append_text(words)
        self._lines = lines
        self.spans = spans
        self.refresh()

    def render(self) -> Text:
        return Text("\n").join(self._lines)

    def offset_of(self, key: Hashable) -> tuple[int, int]:
        """Where to click (column, line in this widget) to click ``key``. Raises ``KeyError``."""
        for span in self.spans:
            if span.key == key:
                return span.start + 1, 1
        raise KeyError(key)

    def on_click(self, event: events.Click) -> None:
        for span in self.spans:
            if span.start <= event.x < span.end and event.y < 3:
                self.post_message(self.Clicked(self, span.key))
                return


class TextBox(Widget):
    """Lines of text in a box of fixed size, wrapped to its width. When they do not fit, the
    first ``head`` lines are kept and then the last ones (``tail``: the newest entries of a log or
    a score sheet), or the first ones. Changing the text redraws the box without moving anything
    else on the screen."""

    DEFAULT_CSS = "TextBox { height: 1; width: 1fr; }"

    def __init__(self, *, id: str, tail: bool = False, head: int = 0) -> None:
        super().__init__(id=id)
        self.tail = tail
        self.head = head
        self.crop = False
        """Cut lines at the box's width instead of wrapping them (a table wider than the box)."""
        self.text = Text()
        """What the box shows (before wrapping)."""

    def show(self, text: Text) -> None:
        self.text = text
        self.refresh()

    def render(self) -> Text:
        width, height = max(self.size.width, 1), max(self.size.height, 1)
        if self.crop:
            lines = list(self.text.split("\n", allow_blank=True))
            for line in lines:
                line.truncate(width)
        else:
            lines = list(self.text.wrap(self.app.console, width, overflow="fold"))
        if len(lines) > height:
            if self.tail:
                head = lines[: min(self.head, height - 1)]
                lines = head + lines[len(lines) - (height - len(head)) :]
            else:
                lines = lines[:height]
        return Text("\n").join(lines)


class KeyBar(Widget):
    """The keys that do something now, each clickable: ``d Draw  t Take ...``. A click posts
    :class:`KeyBar.Pressed` with the key's action."""

    DEFAULT_CSS = "KeyBar { height: 1; width: 1fr; background: $panel; }"

    class Pressed(Message):
        """A click on the key whose action is ``action``."""

        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._text = Text()
        self.spans: list[Span] = []

    def show(self, keys: Sequence[tuple[str, str, str]]) -> None:
        """Show ``keys``: (key, what it does, action) each."""
        text = Text(" ")
        spans: list[Span] = []
        for key, label, action in keys:
            start = text.cell_len
            text.append(key, style="bold yellow")
            text.append(f" {label}")
            spans.append(Span(start, text.cell_len, action))
            text.append("  ")
        self._text, self.spans = text, spans
        self.refresh()

    def render(self) -> Text:
        return self._text

    def offset_of(self, action: str) -> tuple[int, int]:
        """Where to click for ``action``. Raises ``KeyError``."""
        for span in self.spans:
            if span.key == action:
                return span.start, 0
        raise KeyError(action)

    def on_click(self, event: events.Click) -> None:
        for span in self.spans:
            if span.start <= event.x < span.end:
                self.post_message(self.Pressed(str(span.key)))
                return
