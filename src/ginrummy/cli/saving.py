"""What ``ginrummy play`` writes with ``--save``: the record of what a session has played (a game,
match or team match record, any variant, with the computer's forfeit when its bot forfeited),
written atomically so that a session stopped mid-write never leaves half a record."""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ginrummy.records import GameForfeit, GameRecord, MatchRecord, TeamRecord
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.variants import AnyHandState

__all__ = ["play_record", "write_atomic"]

Hands = Sequence[Sequence[AnyHandState]]
"""The hands of each game of a match."""


def play_record(
    match: Match,
    game_states: Hands,
    *,
    team: TeamMatch | None = None,
    other_states: Sequence[Hands] = (),
    forfeit: GameForfeit | None = None,
) -> GameRecord | MatchRecord | TeamRecord:
    """The record of ``match`` (the person's; ``game_states`` the hands of each of its games), or of
    ``team`` with the other pairings' hands (``other_states``); ``forfeit`` goes on the person's
    current (last) game. A single game is a :class:`~ginrummy.records.GameRecord`."""
    if team is not None:
        record = TeamRecord.from_team(team, [game_states, *other_states])
        if forfeit is None:
            return record
        return dataclasses.replace(
            record, pairings=(_forfeited(record.pairings[0], forfeit), *record.pairings[1:])
        )
    if match.kind != "single":
        played = MatchRecord.from_match(match, game_states)
        return played if forfeit is None else _forfeited(played, forfeit)
    return GameRecord.from_game(match.games[-1], game_states[-1], forfeit)


def _forfeited(match: MatchRecord, forfeit: GameForfeit) -> MatchRecord:
    """``match`` with ``forfeit`` on its last game."""
    last = dataclasses.replace(match.games[-1], forfeit=forfeit)
    return dataclasses.replace(match, games=(*match.games[:-1], last))


def write_atomic(path: Path, data: str) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder. Raises ``OSError``."""
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
