"""The review at the full-screen table: after a hand (its review, the person's seat) and after the
game (the game's), the same review as ``ginrummy review`` (:mod:`ginrummy.review`, shown as
:func:`ginrummy.cli.review.review_lines`), computed in a worker thread while the dialog shows its
progress, so the table stays live (Escape closes it at any time; the review stops then).

A stored game's reviews are kept in its store (:meth:`~ginrummy.storage.Store.save_review`, by the
review engine's :data:`~ginrummy.review.ENGINE_VERSION`), under the same keys as the browser's
(hand ``n`` counted across a match; 0 for a single game's whole review), so a second look is
instant. Only a finished hand or game is offered (the two-person rule of
:mod:`ginrummy.review.review`): the table asks for a review only at a hand's or a game's end.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, ProgressBar, Static

from ginrummy.cli.review import review_lines
from ginrummy.cli.terminal import TerminalGame
from ginrummy.errors import GinRummyError
from ginrummy.records import GameRecord, HandRecord
from ginrummy.review import ENGINE_VERSION, SAMPLES, Progress, review_record
from ginrummy.variants import variant_of

__all__ = ["REVIEW_SAMPLES", "ReviewScreen", "Reviewer", "can_review", "reviewer"]

REVIEW_SAMPLES = SAMPLES
"""Worlds per decision of the table's reviews (the tests set fewer)."""

Reviewer = Callable[[Progress], dict[str, Any]]
"""Makes the review's JSON (:meth:`~ginrummy.review.GameReview.to_json`), telling its progress
``(done, total)``; raises :class:`~ginrummy.errors.GinRummyError` when it may not be made."""


class Stopped(Exception):
    """Raised from the progress of a review whose dialog was closed: it stops there."""


def can_review(session: TerminalGame) -> bool:
    """Whether the game's hands can be reviewed: the standard game (knock and draw), no team play."""
    return session.rules.team_size == 1 and variant_of(session.rules).knock_and_draw


def reviewer(session: TerminalGame, hand: int | None, samples: int | None = None) -> Reviewer:
    """The review of ``hand`` (from 1, counted across a match; it must be over) or, with ``None``,
    of the current game (it must be over), for the person's seat (0), over ``samples`` worlds
    per decision (default :data:`REVIEW_SAMPLES`). The record is taken now (in the table's
    thread); the returned function may run in any thread. Raises ``IndexError`` for a hand not
    dealt."""
    n = samples or REVIEW_SAMPLES
    record: GameRecord | HandRecord
    if hand is None:
        record = GameRecord.from_game(session.game, session.game_states[-1])
        key_hand = 0 if session.match.kind == "single" else None  # one kept game review per game id
    else:
        record = HandRecord.from_state(session.states[hand - 1], names=session.names)
        key_hand = hand
    store, core = session.store, session.core
    key = None if store is None or not core.created or key_hand is None else (core.row.id, key_hand, 0, n, 0)

    def make(progress: Progress) -> dict[str, Any]:
        if store is not None and key is not None:
            kept = store.load_review(key, ENGINE_VERSION)
            if kept is not None:
                data: dict[str, Any] = json.loads(kept)
                return data
        result = review_record(record, 0, n, 0, progress, True if hand is None else None)
        data = result.to_json()
        if store is not None and key is not None:
            store.save_review(key, ENGINE_VERSION, result.figures.accuracy, json.dumps(data))
        return data

    return make


class ReviewScreen(ModalScreen[None]):
    """A review being made (its progress bar) and then shown (its lines, scrolling), with Close."""

    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen .dialog {
        width: 96%; max-width: 110; height: 96%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ReviewScreen .title { text-style: bold; color: $accent; width: 100%; }
    ReviewScreen #review-status { height: auto; width: 100%; }
    ReviewScreen ProgressBar { width: 100%; }
    ReviewScreen .body { height: 1fr; width: 100%; scrollbar-size-vertical: 1; }
    ReviewScreen .buttons { height: auto; width: auto; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,r", "close", "Close"),
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, title: str, make: Reviewer) -> None:
        super().__init__(id="review")
        self.title_text = title
        self.make = make
        self.closed = False
        self.data: dict[str, Any] | None = None
        """The review's JSON once made."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            arrows = "up, down" if self.app.has_class("ascii") else "↑ ↓"
            yield Static(f"{self.title_text} ({arrows}, Page Up, Page Down: scroll)", classes="title")
            yield Static("Reviewing your moves from what you could see…", id="review-status")
            yield ProgressBar(id="review-bar", show_eta=False)
            with VerticalScroll(classes="body"):
                yield Static("", id="review-text")
            with Horizontal(classes="buttons"):
                yield Button("Close (Esc)", id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.review()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def review(self) -> None:
        """Make the review in a worker thread; its progress and its end go to the dialog."""

        def progress(done: int, total: int) -> None:
            if self.closed:
                raise Stopped
            self.app.call_from_thread(self._progress, done, total)

        try:
            data = self.make(progress)
        except Stopped:
            return
        except GinRummyError as exc:
            if not self.closed:
                self.app.call_from_thread(self._failed, str(exc))
            return
        if not self.closed:
            self.app.call_from_thread(self._show, data)

    def _progress(self, done: int, total: int) -> None:
        if self.closed:
            return
        self.query_one("#review-bar", ProgressBar).update(total=total, progress=done)
        self.query_one("#review-status", Static).update(f"Reviewing your moves: {done} of {total}")

    def _failed(self, message: str) -> None:
        self.query_one("#review-bar", ProgressBar).display = False
        self.query_one("#review-status", Static).update(Text(message, style="red"))

    def _show(self, data: dict[str, Any]) -> None:
        self.data = data
        self.query_one("#review-bar", ProgressBar).display = False
        self.query_one("#review-status", Static).display = False
        self.query_one("#review-text", Static).update(Text("\n").join(review_lines(data)))

    def action_scroll(self, lines: int) -> None:
        """Scroll the review by ``lines`` (up when negative)."""
        self.query_one(".body", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.closed = True
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_close()
