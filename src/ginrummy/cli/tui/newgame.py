"""The full-screen table's new-game screen: the computer's level, the rules (a preset the table
plays), the target and practice or rated, chosen without leaving the table (opened from the end
of a game, ``g``, or at any time, ``n``). It answers a :class:`~ginrummy.cli.tui.flow.NewGame`,
or ``None`` when cancelled; the flow starts the game
(:meth:`~ginrummy.cli.tui.flow.TableFlow.play_again`). And leaving the game under way, for a new
one or to quit: asked first, then a rated stored game kept to resume or resigned."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static

from ginrummy.agents import BY_STRENGTH
from ginrummy.cli.tui.flow import NewGame, TableFlow
from ginrummy.cli.tui.screens import DIALOG_CSS, ConfirmScreen
from ginrummy.rules import PRESETS, Rules

__all__ = ["NewGameScreen", "ask_to_leave", "choices_of", "leave_game", "presets_played"]

MODES = (("rated: counts in the statistics", False), ("practice: hints and undo", True))


def presets_played() -> list[str]:
    """The presets the full-screen table plays, in the order of :data:`~ginrummy.rules.PRESETS`."""
    return [name for name in PRESETS if TableFlow.plays(Rules.preset(name))]


def choices_of(flow: TableFlow) -> NewGame:
    """The new-game screen's first choices: the game just played (a level the screen does not
    list, such as a ``cmd:`` bot, is shown as ``simple``)."""
    session = flow.session
    level = session.opponent if session.opponent in BY_STRENGTH else "simple"
    preset = session.preset if session.preset in presets_played() else "default"
    return NewGame(level, preset or "default", flow.rules.target, flow.practice)


class NewGameScreen(ModalScreen[NewGame | None]):
    """Choose the next game: level, rules, target and mode; Start (Enter in the target) or
    Cancel (Escape). A target the rules do not take is said, and nothing starts."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
    NewGameScreen { align: center middle; }
    NewGameScreen Select { width: 44; }
    NewGameScreen Input { width: 14; }
    NewGameScreen .label { margin-top: 1; }
    NewGameScreen #said { height: auto; color: $warning; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, first: NewGame, presets: Sequence[str]) -> None:
        super().__init__()
        self.first = first
        self.presets = list(presets)
        self.shown = first.preset
        """The preset whose target the target's field was last given."""

    def compose(self) -> ComposeResult:
        first = self.first
        with Vertical(classes="dialog"):
            yield Static("A new game", classes="title")
            yield Static("The computer", classes="label")
            yield Select(
                [(level, level) for level in BY_STRENGTH],
                value=first.level,
                allow_blank=False,
                id="level",
                compact=True,
            )
            yield Static("Rules", classes="label")
            yield Select(
                [(n, n) for n in self.presets],
                value=first.preset,
                allow_blank=False,
                id="preset",
                compact=True,
            )
            yield Static("Game to (points)", classes="label")
            yield Input(str(first.target), type="integer", id="target", compact=True)
            yield Static("Mode", classes="label")
            yield Select(list(MODES), value=first.practice, allow_blank=False, id="mode", compact=True)
            yield Static(id="said")
            with Horizontal(classes="buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#level", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another preset: its own target."""
        if event.select.id == "preset" and isinstance(event.value, str) and event.value != self.shown:
            self.shown = event.value
            self.query_one("#target", Input).value = str(Rules.preset(event.value).target)

    def chosen(self) -> NewGame | None:
        """What is chosen, or ``None`` (said) when the target is not a number of points."""
        text = self.query_one("#target", Input).value.strip()
        if not text.isdigit() or int(text) < 1:
            self.query_one("#said", Static).update(
                f"Not allowed: the target is a number of points, not {text!r}"
            )
            return None
        level, preset, mode = (self.query_one(f"#{i}", Select).value for i in ("level", "preset", "mode"))
        assert isinstance(level, str) and isinstance(preset, str) and isinstance(mode, bool)
        return NewGame(level, preset, int(text), mode)

    def start(self) -> None:
        choice = self.chosen()
        if choice is not None:
            self.dismiss(choice)

    def on_input_submitted(self) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_to_leave(
    app: App[Any], flow: TableFlow, question: Text, yes: str, answer: Callable[[bool | None], None]
) -> None:
    """Ask whether to leave the game under way (``question``, the ``--save`` file said), No
    highlighted (Enter plays on); ``answer`` gets the reply."""
    if flow.session.save_path is not None:
        question.append(f" It is saved to {flow.session.save_path}.")
    app.push_screen(ConfirmScreen(question, yes, "Play on (n, Enter)", default=False), answer)


def leave_game(app: App[Any], flow: TableFlow, then: Callable[[], None], *, close: bool = False) -> None:
    """Leave the game under way, then ``then()``: a rated stored game is kept to resume later or
    resigned (asked, as quitting asks); what was played is saved (``--save``); with ``close`` (to
    quit) the computer's process ends too."""

    def left(keep: bool | None) -> None:
        if keep is False:
            flow.resign()
        if close:
            flow.close()
        elif flow.session.states:
            flow.save()
        then()

    if flow.keepable:
        keep = Text(
            "Keep this rated game to resume later (ginrummy play --resume)? No resigns it: it counts as lost."
        )
        app.push_screen(ConfirmScreen(keep, "Keep (y)", "Resign (n)"), left)
    else:
        left(True)
