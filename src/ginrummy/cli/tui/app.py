"""The full-screen table's Textual application: the table screen, and the notice shown while the
terminal is smaller than :data:`MIN_SIZE`."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import App

from ginrummy.cli.tui.base import BaseTable
from ginrummy.cli.tui.flow import TableFlow
from ginrummy.cli.tui.pickup import PickupTable
from ginrummy.cli.tui.screens import ConfirmScreen, TooSmallScreen
from ginrummy.cli.tui.table import TableScreen

__all__ = ["MIN_SIZE", "TABLES", "TableApp"]

TABLES: dict[str, type[BaseTable]] = {"standard": TableScreen, "pickup": PickupTable}
"""The full-screen table of each variant, by :attr:`Rules.variant <ginrummy.rules.Rules.variant>`."""

MIN_SIZE = (80, 24)
"""The smallest terminal the table fits (columns, lines)."""


class TableApp(App[None]):
    """``ginrummy play`` in a terminal: one table over ``flow`` (the standard game's
    :class:`~ginrummy.cli.tui.table.TableScreen`, or discard-pile pickup's
    :class:`~ginrummy.cli.tui.pickup.PickupTable`), whose first hand is dealt when the app starts."""

    TITLE = "Gin Rummy"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    TableApp.ascii .dialog { border: ascii $accent; }
    TableApp.ascii #side { border-left: ascii $panel-lighten-2; }
    TableApp.ascii #log { border-top: ascii $panel-lighten-2; }
    TableApp.ascii OptionList { border: ascii $panel-lighten-2; }
    """

    def __init__(self, flow: TableFlow) -> None:
        super().__init__()
        self.flow = flow
        self.set_class(not flow.glyphs, "ascii")  # --ascii: frames and lines in ASCII too
        self.table: BaseTable | None = None

    def on_mount(self) -> None:
        offer = self.flow.offer
        if offer is None or self.flow.state is not None:
            self.start(False)
            return
        question = Text(
            f"You have an unfinished {offer.mode} game against {offer.level} ({offer.preset}, hand "
            f"{offer.hands_dealt}, game {offer.id}). Resume it where it stopped, or start the new game?"
        )
        self.push_screen(ConfirmScreen(question, "Resume (y)", "New game (n)"), self.start)

    def start(self, resume: bool | None) -> None:
        """Open the table: on the game the flow offered to resume (``resume``), else on the new one
        (its first hand dealt)."""
        offer = self.flow.offer
        self.flow.offer = None
        self.flow.hold = True  # practice games: the reply to a discard waits, and undo may take it back
        if resume and offer is not None:
            self.flow.resume(offer.id)
        if self.flow.state is None:
            self.flow.deal()
        self.table = TABLES[self.flow.rules.variant](self.flow)
        self.push_screen(self.table)
        self.check_size(self.size.width, self.size.height)

    def on_base_table_new_table(self, event: BaseTable.NewTable) -> None:
        """A new game chosen at the end of one: a fresh table of its variant, its first hand dealt."""
        self.table = TABLES[self.flow.rules.variant](self.flow)
        self.switch_screen(self.table)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Show the too-small notice while the terminal is smaller than :data:`MIN_SIZE`, and
        take it away once it is big enough."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen if self.screen_stack else None
        if small:
            notice = top if isinstance(top, TooSmallScreen) else TooSmallScreen(MIN_SIZE)
            if notice is not top:
                self.push_screen(notice)
            notice.call_after_refresh(notice.show_size, width, height)
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    def action_quit_table(self) -> None:
        """``q`` on the too-small notice: ask, as the table does."""
        if self.table is not None:
            self.table.action_quit_table()

    async def action_quit(self) -> None:
        """Ctrl+Q (Textual's quit) asks first too."""
        self.action_quit_table()
