"""The full-screen table of ``ginrummy play`` in an interactive terminal (Textual).

:func:`run_table` plays a session like the line mode's (:mod:`ginrummy.cli.session`), which stays
for pipes and scripts (``--plain``, and whenever standard input or output is not a terminal).
Every variant is played: the standard game and discard-pile pickup (002). The parts:
:mod:`~ginrummy.cli.tui.flow` (the game flow over the core, no screen),
:mod:`~ginrummy.cli.tui.widgets` (cards as boxes, a pile spread), :mod:`~ginrummy.cli.tui.words` and
:mod:`~ginrummy.cli.tui.pickup_words` (prompts, keys, choices), :mod:`~ginrummy.cli.tui.layout`
(sizes and the shared style), :mod:`~ginrummy.cli.tui.base` (what every table shares),
:mod:`~ginrummy.cli.tui.table` (the standard game's table), :mod:`~ginrummy.cli.tui.pickup`
(discard-pile pickup's table), :mod:`~ginrummy.cli.tui.screens` (dialogs) and
:mod:`~ginrummy.cli.tui.app` (the application).
"""

from __future__ import annotations

from ginrummy.cli.tui.app import MIN_SIZE, TableApp
from ginrummy.cli.tui.flow import TableFlow

__all__ = ["MIN_SIZE", "TableApp", "TableFlow", "run_table"]


def run_table(flow: TableFlow) -> str | None:
    """Run the table full screen until the person quits; the record is saved (``--save``) and a
    ``cmd:`` bot's process ended on the way out. Returns the forfeit message, if the bot forfeited."""
    try:
        TableApp(flow).run()
    finally:
        flow.close()
    return flow.forfeit
