"""What the game core stores and records, as rows and records: :class:`Progress` (what one change
did, in the store's rows), :func:`hand_row` (a finished hand's stored result) and
:func:`with_forfeit` (a match record whose last game a ``cmd:`` bot forfeited)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ginrummy.records import GameForfeit, MatchRecord
from ginrummy.storage.store import ActionRow, HandRow
from ginrummy.variants import AnyHandState

__all__ = ["Progress", "hand_row", "with_forfeit"]


@dataclass
class Progress:
    """What one change did, in the store's rows (what :meth:`~ginrummy.session.core.GameSession.sync` stores)."""

    actions: list[ActionRow] = field(default_factory=list)
    hands: list[HandRow] = field(default_factory=list)
    truncate_from: int | None = None


def hand_row(index: int, state: AnyHandState) -> HandRow:
    """The stored result of finished hand number ``index`` (from 0, across the match)."""
    result = state.result
    assert result is not None
    return HandRow(index, result.outcome.value, result.winner, result.knocker, result.points)


def with_forfeit(match: MatchRecord, forfeit: GameForfeit) -> MatchRecord:
    """``match`` with ``forfeit`` on its last game."""
    last = dataclasses.replace(match.games[-1], forfeit=forfeit)
    return dataclasses.replace(match, games=(*match.games[:-1], last))
