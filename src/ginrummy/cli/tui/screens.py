"""The dialogs of the full-screen table: confirm (quit, knock), the whole discard pile, the end of a
hand, the end of a game, the layoff chooser, the keys, and the notice that the terminal is too
small. Each shows what it is given (built from the person's view by the table screen) and
answers with :meth:`~textual.screen.Screen.dismiss`; none holds game state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from ginrummy.cli import render
from ginrummy.errors import GinRummyError
from ginrummy.variants.standard.defense import LayoffChoice

__all__ = [
    "ChoiceScreen",
    "ConfirmScreen",
    "EndScreen",
    "HelpScreen",
    "LayoffScreen",
    "PileScreen",
    "TooSmallScreen",
    "checked_text",
]

DIALOG_CSS = """
ConfirmScreen, PileScreen, HelpScreen, EndScreen, LayoffScreen, ChoiceScreen { align: center middle; }
.dialog {
    width: auto; min-width: 40; max-width: 96%; height: auto; max-height: 96%;
    border: round $accent; background: $surface; padding: 0 1;
}
.dialog .title { text-style: bold; color: $accent; width: 100%; }
.dialog .body { height: auto; width: 100%; scrollbar-size-vertical: 1; }
.dialog .buttons { height: auto; width: auto; margin-top: 1; }
.dialog Button { margin: 0 1 0 0; }
"""


OVER_FROM = 56
"""The fewest columns a table needs for a dialog to stay over it rather than over the sheet."""


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: ``y`` says yes, ``n`` or Escape no, and Enter the ``default`` answer
    (its button is the one focused and highlighted; a question whose yes loses something, such
    as quitting, is asked with ``default=False``). Tab moves between the buttons."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("enter", "default", "The highlighted answer"),
    ]

    def __init__(
        self, question: Text | str, yes: str = "Yes (y)", no: str = "No (n)", *, default: bool = True
    ) -> None:
        super().__init__()
        self.question = question
        self.labels = (yes, no)
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="body")
            with Horizontal(classes="buttons"):
                yield Button(
                    self.labels[0], id="yes", variant="primary" if self.default else "default", compact=True
                )
                yield Button(
                    self.labels[1], id="no", variant="default" if self.default else "primary", compact=True
                )

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    def action_default(self) -> None:
        """Enter: the focused button's answer (the default one unless Tab moved the focus)."""
        focused = self.focused
        self.dismiss(focused.id == "yes" if isinstance(focused, Button) else self.default)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class _TextScreen(ModalScreen[str]):
    """A dialog of lines with buttons; each button (and its key) dismisses with its id. The lines
    scroll (arrows, Page Up and Down, the wheel) when they do not fit."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown", "scroll(10)", "Page down", show=False),
    ]

    def __init__(
        self,
        title: str,
        lines: Sequence[Text],
        buttons: Sequence[tuple[str, str]],
        *,
        id: str | None = None,
        over: tuple[int, int] | None = None,
        keys_only: Sequence[str] = (),
    ) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.lines = [part for line in lines for part in line.split("\n", allow_blank=True)]
        self.buttons = list(buttons)
        self.keys_only = frozenset(keys_only)
        """Choices taken by their key alone, with no button (where the dialog is too narrow)."""
        self.over = over
        """Columns (first, how many) of the screen to stay over when they are wide enough
        (:data:`OVER_FROM`): the table's, so that the score sheet beside it stays in view."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="title")
            with VerticalScroll(classes="body"):
                yield Static(Text("\n").join(self.lines), id="text")
            with Horizontal(classes="buttons"):
                for i, (key, label) in enumerate(self.buttons):
                    yield Button(label, id=key, variant="primary" if i == 0 else "default", compact=True)

    def on_mount(self) -> None:
        """Size the dialog to its text, within the screen (the text scrolls when longer)."""
        width, height = self.app.size
        widest = max([Text(self.title_text).cell_len, *(line.cell_len for line in self.lines)])
        room = height - 7
        scrolls = len(self.lines) > room  # a scroll bar takes a column
        if scrolls:
            arrows = "up, down" if self.app.has_class("ascii") else "↑ ↓"
            self.query_one(".title", Static).update(f"{self.title_text} ({arrows}: scroll)")
        over = self.over is not None and self.over[1] >= OVER_FROM
        cap = min(width - 6, self.over[1] - 4) if self.over is not None and over else width - 6
        labels = [len(label) for _, label in self.buttons]
        buttons = sum(max(16, n + 2) + 1 for n in labels) - 1  # Textual's buttons: 16 columns at least
        if buttons > cap:  # each button as narrow as its words, so that every one is in view
            for button in self.query(Button):
                button.styles.min_width = 0
            buttons = sum(n + 3 for n in labels) - 1
        inner = min(max(widest + 1 + scrolls, buttons), cap)
        dialog = self.query_one(".dialog")
        if self.over is not None and over:
            self.styles.align_horizontal = "left"
            dialog.styles.margin = (0, 0, 0, self.over[0] + (self.over[1] - inner - 4) // 2)
        lines = sum(max(1, len(line.wrap(self.app.console, inner - scrolls))) for line in self.lines)
        dialog.styles.width = inner + 4
        self.query_one(".body").styles.height = max(1, min(lines, room))

    def action_scroll(self, lines: int) -> None:
        """Scroll the text by ``lines`` (up when negative)."""
        self.query_one(".body", VerticalScroll).scroll_relative(y=lines, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "")

    def action_choose(self, key: str) -> None:
        self.dismiss(key)


class PileScreen(_TextScreen):
    """The whole discard pile, bottom to top (any key or Escape closes it)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,v,q", "choose('close')", "Close")]

    def __init__(self, lines: Sequence[Text]) -> None:
        super().__init__("The discard pile, bottom to top", lines, [("close", "Close (Esc)")])


class HelpScreen(_TextScreen):
    """The keys and clicks of the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,question_mark,q", "choose('close')", "Close")
    ]

    def __init__(self, lines: Sequence[Text]) -> None:
        super().__init__("Keys and clicks", lines, [("close", "Close (Esc)")])


class EndScreen(_TextScreen):
    """The end of a hand or of a game: what was laid down, the result and the score, with the
    choices (next hand, next game, play again, quit), each with its key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "first", "Go on"),
        Binding("n", "choose('next')", "Next", show=False),
        Binding("a", "choose('again')", "Play again", show=False),
        Binding("g", "choose('new')", "New game", show=False),
        Binding("q", "choose('quit')", "Quit", show=False),
        Binding("s", "choose('sheet')", "Sheet", show=False),
        Binding("r", "choose('review')", "Review", show=False),
    ]

    def action_first(self) -> None:
        self.dismiss(self.buttons[0][0])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        keys = {key for key, _ in self.buttons} | self.keys_only
        return not (action == "choose" and parameters and parameters[0] not in keys)


class LayoffScreen(ModalScreen["LayoffChoice | int"]):
    """The defender's choice of how to lay down: the knocker's melds, then each plan (best first);
    Enter (or a click) chooses the highlighted one, and the answer is its index. Or the person's
    own plan (``o``, or Tab, goes to it; ``e`` starts it from the highlighted plan, given its
    ``notations``), typed as in the line mode, e.g. ``[3c 4c 5c] Jh:2 Qh:2``
    (their melds in brackets, then each card and the number of the knocker's meld it joins, in
    playing order): ``check`` (the engine) says as it is typed what it lays off and its deadwood,
    or why it is not allowed, and Enter plays it when it is allowed (the answer is the plan)."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
    LayoffScreen OptionList { height: auto; max-height: 10; }
    LayoffScreen Input { margin-top: 1; }
    LayoffScreen #said { height: auto; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back or the best plan"),
        Binding("o", "own", "Your own plan", show=False),
        Binding("e", "edit", "Edit the highlighted plan", show=False),
    ]

    def __init__(
        self,
        head: Sequence[Text],
        plans: Sequence[Text],
        check: Callable[[str], LayoffChoice] | None = None,
        glyphs: bool = True,
        notations: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.head = list(head)
        self.plans = list(plans)
        self.check = check
        self.glyphs = glyphs
        self.notations = list(notations)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Lay down: choose your layoffs", classes="title")
            yield Static(Text("\n").join(self.head), classes="body")
            yield OptionList(*(Option(p, id=str(i)) for i, p in enumerate(self.plans)), id="plans")
            if self.check is not None:
                yield Input(
                    placeholder="or your own plan (o; e edits the highlighted one): [3c 4c 5c] Jh:2", id="own"
                )
                yield Static(id="said")

    def on_mount(self) -> None:
        plans = self.query_one(OptionList)
        plans.highlighted = 0
        plans.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_own(self) -> None:
        if self.check is not None:
            self.query_one("#own", Input).focus()

    def action_edit(self) -> None:
        """Start one's own plan from the highlighted one (its notation in the plan's line)."""
        index = self.query_one(OptionList).highlighted
        if self.check is None or index is None or index >= len(self.notations):
            return
        own = self.query_one("#own", Input)
        own.value = self.notations[index]
        own.cursor_position = len(own.value)
        own.focus()

    def action_back(self) -> None:
        """Escape: from the plan being typed, back to the list; from the list, the best plan."""
        if self.check is not None and self.query_one("#own", Input).has_focus:
            self.query_one(OptionList).focus()
        else:
            self.dismiss(0)

    def _checked(self, text: str) -> LayoffChoice | GinRummyError:
        assert self.check is not None
        try:
            return self.check(text)
        except GinRummyError as exc:
            return exc

    def on_input_changed(self, event: Input.Changed) -> None:
        said = self.query_one("#said", Static)
        if not event.value.strip():
            said.update("")
            return
        checked = self._checked(event.value)
        if isinstance(checked, GinRummyError):
            said.update(Text(render.table_words(str(checked), self.glyphs), style="yellow"))
        else:
            said.update(Text("Enter plays: ") + checked_text(checked, self.glyphs))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        checked = self._checked(event.value)
        if isinstance(checked, GinRummyError):
            self.query_one("#said", Static).update(
                Text(f"Not allowed: {render.table_words(str(checked), self.glyphs)}", style="bold yellow")
            )
        else:
            self.dismiss(checked)


def checked_text(plan: LayoffChoice, glyphs: bool) -> Text:
    """A checked plan in words: ``melds [..]; lay off J♥ on 2, Q♥ on 2; deadwood 4``."""
    text = Text("melds ")
    text.append_text(render.melds_text(plan.melds, glyphs) if plan.melds else Text("none"))
    text.append("; lay off ")
    for k, (card, i) in enumerate(plan.layoffs):
        if k:
            text.append(", ")
        text.append_text(render.card_text(card, glyphs))
        text.append(f" on {i + 1}")
    if not plan.layoffs:
        text.append("nothing")
    text.append(f"; deadwood {plan.points}", style="bold")
    return text


class ChoiceScreen(ModalScreen[int]):
    """A list to choose from (discard-pile pickup's takes, melds and adds): ↑ ↓ and Enter, a
    click, or a line's number key choose; Escape chooses nothing. The answer is the line's index
    (``-1`` for nothing)."""

    DEFAULT_CSS = DIALOG_CSS + "ChoiceScreen OptionList { height: auto; max-height: 16; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose(-1)", "Nothing"),
        *(Binding(str(d), f"choose({d - 1})", str(d), show=False) for d in range(1, 10)),
    ]

    def __init__(self, title: str, lines: Sequence[Text]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="title")
            numbered = [Text(f"{i + 1}. ", style="bold") + line for i, line in enumerate(self.lines)]
            yield OptionList(*(Option(line, id=str(i)) for i, line in enumerate(numbered)), id="choices")
            yield Static(Text("Enter or a click chooses; Esc: none", style="dim"))

    def on_mount(self) -> None:
        choices = self.query_one(OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_choose(self, index: int) -> None:
        if index < len(self.lines):
            self.dismiss(index)


class TooSmallScreen(Screen[None]):
    """Shown while the terminal is smaller than the table needs; gone once it is big enough."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: 100%; height: auto; text-align: center; color: $warning; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit_table", "Quit")]

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def show_size(self, width: int, height: int) -> None:
        w, h = self.need
        self.query_one("#too-small", Static).update(
            f"The terminal is too small: {width}x{height}.\n"
            f"The table needs at least {w}x{h}: enlarge the window.\n(q quits)"
        )
