"""Whole-game mode of the OpenSpiel game (:mod:`ginrummy.research.openspiel`): the score sheet as
the players see it, in words and floats, and the sheet copied before it is written."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import numpy as np

from ginrummy.scoring.game import Game

__all__ = ["GAME_COLUMNS", "GAME_SCALARS", "GAME_SIZE", "Facts", "sheet_copy", "sheet_facts"]

GAME_COLUMNS = 3
GAME_SCALARS: tuple[tuple[str, str], ...] = (
    (
        "game_scores",
        "per game on the sheet (3: Hollywood's; one otherwise): the player's, the opponent's points / target",
    ),
    ("game_hands_won", "per game on the sheet: the player's, the opponent's hands won / 10 (at most 1)"),
    ("game_over", "per game on the sheet: 1 once it is over (or not on the sheet)"),
    ("game_hands", "hands played / max_hands"),
)
"""Whole-game mode's score, after the observation in both tensors."""
GAME_SIZE = 5 * GAME_COLUMNS + 1


def sheet_copy(sheet: Game) -> Game:
    """A copy of ``sheet`` to write on (hand results are immutable and shared)."""
    other = copy.copy(sheet)
    other.results, other.dealers, other.entered = (
        list(sheet.results),
        list(sheet.dealers),
        list(sheet.entered),
    )
    other.hand_seeds = list(sheet.hand_seeds)
    other.columns = [dataclasses.replace(c, entries=list(c.entries)) for c in sheet.columns]
    return other


Facts = tuple[str, tuple[Any, Any]]


def sheet_facts(sheet: Game, max_hands: int) -> Facts:
    """What decides the rest of a game (every later deal is independent of the earlier hands'
    cards): the hands played and won, each game's points and hands won on the sheet; in words
    (for the information-state string) and as each player's :data:`GAME_SCALARS`."""
    won = sheet.hands_won
    cols = [(c.totals, c.hands_won, c.is_over) for c in sheet.columns]
    games = ", ".join(
        f"game {n + 1} {t[0]}-{t[1]} won {w[0]}-{w[1]}{' over' if o else ''}"
        for n, (t, w, o) in enumerate(cols)
    )
    words = f"hands {len(sheet.results)} won {won[0]}-{won[1]} {games};"
    target = sheet.rules.target

    def floats(p: int) -> Any:
        out = [0.0] * GAME_SIZE
        for n in range(GAME_COLUMNS):
            if n >= len(cols):
                out[12 + n] = 1.0
                continue
            t, w, o = cols[n]
            out[2 * n], out[2 * n + 1] = min(1.0, t[p] / target), min(1.0, t[1 - p] / target)
            out[6 + 2 * n], out[7 + 2 * n] = min(1.0, w[p] / 10), min(1.0, w[1 - p] / 10)
            out[12 + n] = float(o)
        out[15] = min(1.0, len(sheet.results) / max_hands)
        return np.array(out, np.float32)

    return words, (floats(0), floats(1))
