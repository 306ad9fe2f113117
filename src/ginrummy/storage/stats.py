"""Statistics of stored games: games and hands won, gins, undercuts and points per hand, by level.

Shared by every front end that stores games (the browser's statistics page, ``ginrummy stats``).
"""

from __future__ import annotations

from typing import Any

from ginrummy.storage.store import ABANDONED, RESIGNED, GameRow, HandRow

__all__ = ["MODES", "review_trend", "stats_json"]


MODES = ("rated", "practice")
"""The statistics are counted apart by mode: practice games allow hints and undo."""


def _level_row(level: str) -> dict[str, Any]:
    return {
        "level": level,
        "games": 0,
        "games_finished": 0,
        "games_won": 0,
        "resigned": 0,
        "abandoned": 0,
        "hands": 0,
        "hands_won": 0,
        "hands_lost": 0,
        "gins": 0,
        "gins_against": 0,
        "undercuts": 0,
        "undercut_against": 0,
        "net_points": 0,
    }


def stats_json(games: list[GameRow], hands: list[tuple[str, str, HandRow]]) -> dict[str, Any]:
    """Games and hands won, gins, undercuts and average points per hand, by computer level,
    counted apart for rated and practice games (practice allows hints and undo):
    ``{"rated": [row, ...], "practice": [row, ...]}``, each list sorted by level.

    ``hands`` are ``(mode, level, hand)`` (:meth:`ginrummy.storage.store.Store.hand_rows`). The human
    is player 0. ``points_per_hand`` is the human's net points per hand (points won minus
    points lost) over every finished hand. A game the human resigned counts as finished and lost
    (and in ``resigned``); one abandoned counts in ``abandoned`` only, neither won nor lost (its
    finished hands count).

    >>> from ginrummy.storage.store import GameRow
    >>> row = dict(owner="o", preset="default", rules={}, level="simple", mode="rated", name="You",
    ...            seed=1, secret="s", first_dealer=0)
    >>> games = [GameRow(id="a", status="over", final={"winner": 1}, ended="resigned", ended_by=0, **row),
    ...          GameRow(id="b", status="abandoned", ended="abandoned", ended_by=0, **row)]
    >>> r = stats_json(games, [])["rated"][0]
    >>> r["games"], r["games_finished"], r["games_won"], r["resigned"], r["abandoned"]
    (2, 1, 0, 1, 1)
    """
    table: dict[str, dict[str, dict[str, Any]]] = {mode: {} for mode in MODES}

    def row_of(mode: str, level: str) -> dict[str, Any]:
        by_level = table.setdefault(mode, {})
        return by_level.setdefault(level, _level_row(level))

    for g in games:
        if g.mode not in MODES:  # a game between two people has no computer level to count by
            continue
        row = row_of(g.mode, g.level)
        row["games"] += 1
        if g.status == "over" and g.final:
            row["games_finished"] += 1
            row["games_won"] += int(g.final.get("winner") == 0)
        row["resigned"] += int(g.ended == RESIGNED and g.ended_by == 0)
        row["abandoned"] += int(g.ended == ABANDONED)
    for mode, level, h in hands:
        row = row_of(mode, level)
        row["hands"] += 1
        row["hands_won"] += int(h.winner == 0)
        row["hands_lost"] += int(h.winner == 1)
        row["net_points"] += h.points if h.winner == 0 else -h.points if h.winner == 1 else 0
        if h.outcome in ("gin", "big-gin"):
            row["gins" if h.knocker == 0 else "gins_against"] += 1
        if h.outcome == "undercut":
            row["undercuts" if h.winner == 0 else "undercut_against"] += 1
    out: dict[str, Any] = {}
    for mode, by_level in table.items():
        for row in by_level.values():
            row["points_per_hand"] = round(row["net_points"] / row["hands"], 2) if row["hands"] else 0.0
        out[mode] = [by_level[level] for level in sorted(by_level)]
    return out


def review_trend(accuracies: list[tuple[str, float]], last: int = 10) -> dict[str, Any]:
    """The accuracy of reviewed games (:meth:`ginrummy.storage.store.Store.review_accuracies`:
    ``(mode, accuracy)`` oldest first), rated and practice apart: ``{mode: {"games": n, "mean":
    accuracy or None, "last": [the last ``last`` accuracies, oldest first]}}`` (accuracy 0-100).

    >>> review_trend([("rated", 80.0), ("practice", 50.0), ("rated", 90.0)])["rated"]
    {'games': 2, 'mean': 85.0, 'last': [80.0, 90.0]}
    """
    out: dict[str, Any] = {}
    for mode in MODES:
        values = [a for m, a in accuracies if m == mode]
        mean = round(sum(values) / len(values), 1) if values else None
        out[mode] = {"games": len(values), "mean": mean, "last": [round(a, 1) for a in values[-last:]]}
    return out
