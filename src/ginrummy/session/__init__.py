"""The game core: one table's whole flow for every front end (the line mode ``cli/session``, the
full-screen table ``cli/tui/flow`` and the browser ``web/``), between the store and the front ends.

:mod:`~ginrummy.session.core` holds :class:`GameSession` (deal, act for a seat, the computer's
replies through the one hand loop, the next hand and game, undo and hint rules, matches, Hollywood,
team pairings, resigning and abandoning, storing as played); :mod:`~ginrummy.session.stored` a new
game's row, rebuilding a stored game, and the games a player may resume. A front end renders the
session and feeds it input; it holds no game state of its own.
"""

from ginrummy.session.core import (
    COMPUTER,
    HUMAN,
    PARTNER_LEVEL,
    Decider,
    GameSession,
    Progress,
    SessionError,
    show_finished,
    team_names,
)
from ginrummy.session.stored import RESUMABLE_MODES, latest_resumable, load, new_row, resumable

__all__ = [
    "COMPUTER",
    "HUMAN",
    "PARTNER_LEVEL",
    "RESUMABLE_MODES",
    "Decider",
    "GameSession",
    "Progress",
    "SessionError",
    "latest_resumable",
    "load",
    "new_row",
    "resumable",
    "show_finished",
    "team_names",
]
