"""The widgets of the full-screen table: rows of cards drawn as small boxes (a hand, the
computer's hand, the stock and the discard pile), clickable card by card.

A widget holds no game state: the screen gives it what to draw (:meth:`CardRow.show`) from the
person's view each time the table changes, and a click on a card or pile is posted as a
:class:`CardRow.Clicked` message naming what was clicked.

>>> from ginrummy.cards import Card
>>> lines, spans = card_boxes([[Card("7h"), Card("7s")], [None]], glyphs=False)
>>> [line.plain for line in lines]
['+--++--+ +--+', '|7h||7s| |##|', '+--++--+ +--+']
>>> [line.plain for line in card_boxes([[Card("7h")], [None]], glyphs=True)[0]]
['╭──╮ ╭──╮', '│7♥│ │▒▒│', '╰──╯ ╰──╯']
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

__all__ = [
    "BIG_WIDTH",
    "CARD_WIDTH",
    "PEEK",
    "CardRow",
    "KeyBar",
    "Span",
    "TextBox",
    "ascii_words",
    "card_boxes",
    "card_height",
    "fitting",
]

CARD_WIDTH = 4
"""Columns a card takes on the screen (its box); a big card (:data:`BIG_WIDTH`) takes more."""

BIG_WIDTH = 5
"""Columns a big card takes (from 110x36 the table draws big cards, four lines high)."""

PEEK = 3
"""Columns each card but the top one shows in a spread (the discard pile): its top-left corner."""

BACK = "▒▒"
"""The back of a card (face down)."""

ASCII = str.maketrans({"←": "<", "→": ">", "↑": "^", "↓": "v", "⏎": "Enter", "·": "-", "…": "..."})
"""What ``--ascii`` writes for the arrows and marks the table's words use."""


def ascii_words(text: Text, glyphs: bool) -> Text:
    """``text`` as it is (``glyphs``), or with its arrows and marks in ASCII (:data:`ASCII`)."""
    if glyphs or text.plain.isascii():
        return text
    cuts = sorted({edge for span in text.spans for edge in (span.start, span.end)} - {0, len(text)})
    out = Text(style=text.style, end=text.end)
    for piece in text.divide(cuts):  # each piece styled alike throughout: its spans cover it
        part = Text(piece.plain.translate(ASCII))
        for span in piece.spans:
            part.stylize(span.style)
        out.append_text(part)
    return out


class Span(NamedTuple):
    """Columns ``start`` (included) to ``end`` (excluded) of a row show ``key`` (a card, ``None``
    for a face-down card, or a name such as ``"stock"``)."""

    start: int
    end: int
    key: Hashable


Slot = Card | int | str | None
"""What one box shows: a card face up, ``None`` face down, or a word (``"stock"``: face down,
``"empty"``: an empty place)."""


def card_height(big: bool) -> int:
    """Lines a row of cards takes (without the position numbers under a hand)."""
    return 4 if big else 3


def _box(slot: Slot, glyphs: bool, big: bool, frame: str, heavy: bool, bold_face: bool) -> list[Text]:
    """The lines of one whole card box (3 lines of 4 columns, or 4 of :data:`BIG_WIDTH` when ``big``)."""
    inner = BIG_WIDTH - 2 if big else CARD_WIDTH - 2
    if slot == "empty":
        edge, side = ("╌", "╎") if glyphs else (".", ":")
        corners = "┌┐└┘" if glyphs else "...."
        top, bottom = corners[0] + edge * inner + corners[1], corners[2] + edge * inner + corners[3]
        frame = "bright_black"
        faces = [Text(" " * inner)] * (2 if big else 1)
    else:
        if glyphs:
            h, side, corners = ("━", "┃", "┏┓┗┛") if heavy else ("─", "│", "╭╮╰╯")
        else:  # --ascii: the chosen card's frame doubled
            h, side, corners = ("=", "#", "####") if heavy else ("-", "|", "++++")
        top, bottom = corners[0] + h * inner + corners[1], corners[2] + h * inner + corners[3]
        if slot is None or slot == "stock":
            faces = [Text(("▒" if glyphs else "#") * inner, style="blue")] * (2 if big else 1)
        else:
            assert isinstance(slot, int)
            face = render.card_text(slot, glyphs, "bold reverse" if bold_face else "bold")
            face = face if face.cell_len == 2 else Text(face.plain.ljust(2)[:2], style=face.style)
            pad = " " * (inner - 2)
            faces = [Text.assemble(face, pad), Text.assemble(pad, face)] if big else [face]
    lines = [Text(top, style=frame)]
    for face in faces:
        line = Text()
        line.append(side, style=frame)
        line.append_text(face)
        line.append(side, style=frame)
        lines.append(line)
    lines.append(Text(bottom, style=frame))
    return lines


def card_boxes(
    groups: Sequence[Sequence[Slot]],
    glyphs: bool,
    *,
    selected: Hashable = None,
    highlight: Hashable = None,
    melds: int = 0,
    numbers: bool = False,
    big: bool = False,
    spread: bool = False,
    frames: Sequence[str] = (),
    labels: Sequence[str] = (),
) -> tuple[list[Text], list[Span]]:
    """Lines of card boxes (three, or four when ``big``; one more with ``numbers``: each card's
    position, 1 first), the ``groups`` separated by a space; the first ``melds`` groups framed in
    green as melds, the ``selected`` card's frame heavy and yellow, the ``highlight`` card (just
    drawn) reversed on its face. With ``spread`` the last group is fanned out (the discard pile,
    bottom first): each card but the last shows only its corner (:data:`PEEK` columns).
    ``frames`` gives groups their frame's style (e.g. whose meld it is), ``labels`` puts a word
    under each group instead of the positions. Returns the lines and, for clicks, which columns
    show which slot."""
    height = card_height(big)
    width = BIG_WIDTH if big else CARD_WIDTH
    lines = [Text() for _ in range(height + 1)]
    spans: list[Span] = []
    x = 0
    pos = 0
    for gi, group in enumerate(groups):
        if gi:
            for line in lines:
                line.append(" ")
            x += 1
        fanned = spread and gi == len(groups) - 1
        start = x
        for k, slot in enumerate(group):
            pos += 1
            is_selected = selected is not None and slot == selected
            frame = "green" if gi < melds else (frames[gi] if gi < len(frames) else "bright_black")
            frame = "bold yellow" if is_selected else frame
            bold_face = highlight is not None and slot == highlight
            box = _box(slot, glyphs, big, frame, is_selected, bold_face)
            cols = PEEK if fanned and k < len(group) - 1 else width
            if cols < width and big:  # a peek shows the top corner's face only
                box[2] = box[2][:1] + Text(" " * (width - 1))
            for line, part in zip(lines, box, strict=False):
                line.append_text(part[:cols] if cols < width else part)
            if not labels:
                lines[height].append(f"{pos:^{cols}}", style="bold" if is_selected else "dim")
            spans.append(Span(x, x + cols, Card(slot) if isinstance(slot, int) else slot))
            x += cols
        if labels:
            label = labels[gi] if gi < len(labels) else ""
            lines[height].append(f"{label[: x - start]:^{x - start}}", style="dim")
    return (lines if numbers else lines[:height]), spans


def fitting(cards: Sequence[Slot], room: int, big: bool) -> tuple[list[Slot], int]:
    """The newest cards of a spread pile (bottom first) that fit in ``room`` columns, and how many
    older ones are left out."""
    width = BIG_WIDTH if big else CARD_WIDTH
    most = max(1, (room - width) // PEEK + 1)
    kept = list(cards[-most:])
    return kept, len(cards) - len(kept)


class CardRow(Widget):
    """A row of card boxes with up to three lines of words beside them (see :meth:`show`)."""

    DEFAULT_CSS = """
    CardRow { height: 3; width: 1fr; }
    CardRow.numbered { height: 4; }
    CardRow.big { height: 4; }
    CardRow.big.numbered { height: 5; }
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
        big: bool = False,
        spread: bool = False,
        frames: Sequence[str] = (),
        labels: Sequence[str] = (),
    ) -> None:
        """Draw ``groups`` (see :func:`card_boxes`; ``big`` cards, the last group ``spread``,
        ``frames`` and ``labels`` of groups) with
        the lines ``beside`` on their right; ``keys``, when given, renames each slot's click (e.g.
        ``"stock"``, ``"pile"``)."""
        self.set_class(big, "big")
        lines, spans = card_boxes(
            groups,
            glyphs,
            selected=selected,
            highlight=highlight,
            melds=melds,
            numbers=self.numbers,
            big=big,
            spread=spread,
            frames=frames,
            labels=labels,
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
        return ascii_words(Text("\n").join(self._lines), not self.app.has_class("ascii"))

    def offset_of(self, key: Hashable) -> tuple[int, int]:
        """Where to click (column, line in this widget) to click ``key``. Raises ``KeyError``."""
        for span in self.spans:
            if span.key == key:
                return span.start + 1, 1
        raise KeyError(key)

    def on_click(self, event: events.Click) -> None:
        for span in self.spans:
            if span.start <= event.x < span.end and event.y < card_height(self.has_class("big")):
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
        return ascii_words(Text("\n").join(lines), not self.app.has_class("ascii"))


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
        self.keys: list[tuple[str, str, str]] = []
        self.spans: list[Span] = []

    def show(self, keys: Sequence[tuple[str, str, str]]) -> None:
        """Show ``keys``: (key, what it does, action) each."""
        self.keys = list(keys)
        self.spans = self._laid_out(self.size.width or 80)[1]
        self.refresh()

    def _laid_out(self, width: int) -> tuple[Text, list[Span]]:
        """The bar in ``width`` columns: two spaces between keys, else one, else the words of the
        keys before the last (Quit) left out from the right until it fits; each key's span."""
        n = len(self.keys)
        for gap, bare in [("  ", 0), *((" ", k) for k in range(n))]:
            text = Text(" ")
            spans: list[Span] = []
            for i, (key, label, action) in enumerate(self.keys):
                start = text.cell_len
                text.append(key, style="bold yellow")
                if not n - 1 - bare <= i < n - 1:
                    text.append(f" {label}")
                spans.append(Span(start, text.cell_len, action))
                text.append(gap)
            if text.cell_len - len(gap) <= width:
                break
        return text, spans

    def render(self) -> Text:
        text, self.spans = self._laid_out(max(self.size.width, 1))
        return ascii_words(text, not self.app.has_class("ascii"))

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
