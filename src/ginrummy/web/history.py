"""History, replay and statistics of stored games.

A replay steps through finished hands only (both hands shown, the seed revealed):
the hand being played stays hidden until it ends.
"""

from __future__ import annotations

from typing import Any

from ginrummy.cards import format_cards
from ginrummy.hand.state import HandState
from ginrummy.records import HandRecord
from ginrummy.web.serialize import cards, result_json, sheet_json
from ginrummy.web.session import GameSession
from ginrummy.web.store import GameRow, HandRow

__all__ = ["game_summary", "replay_json", "stats_json"]


def game_summary(row: GameRow) -> dict[str, Any]:
    """One line of the history page."""
    return {
        "id": row.id,
        "created": row.created,
        "preset": row.preset,
        "level": row.level,
        "mode": row.mode,
        "name": row.name,
        "status": row.status,
        "hands": row.hands_dealt,
        "final": row.final,
    }


def _frame(state: HandState, player: int | None, action: str | None) -> dict[str, Any]:
    return {
        "player": player,
        "action": action,
        "phase": state.phase.value,
        "hands": [cards(state.hand(0)), cards(state.hand(1))],
        "discard_pile": [str(c) for c in state.discard_pile],
        "stock_size": state.stock_size,
    }


def replay_json(s: GameSession) -> dict[str, Any]:
    """Every finished hand, step by step, with its deal revealed (seed, salt, deck)."""
    names = (s.game.names[0], s.game.names[1])
    hands = []
    for i, state in enumerate(s.states):
        if not state.is_over:
            continue
        seed = s.game.hand_seeds[i]
        replayed = HandState(state.rules, state.dealer, state.deck)
        frames = [_frame(replayed, None, None)]
        for p, a in state.log:
            replayed.push(a, player=p)
            frames.append(_frame(replayed, p, str(a)))
        assert state.result is not None
        hands.append(
            {
                "hand": i + 1,
                "dealer": state.dealer,
                "seed": str(seed),
                "salt": s.salt(i),
                "commitment": s.commitment(i),
                "deck": format_cards(state.deck),
                "record": HandRecord.from_state(state, seed, names).to_json(),
                "frames": frames,
                "result": result_json(state.result, names),
            }
        )
    return {
        "id": s.row.id,
        "names": list(names),
        "preset": s.row.preset,
        "level": s.row.level,
        "game_over": s.over,
        "game_seed": str(s.row.seed) if s.over else None,
        "hands": hands,
        "sheet": sheet_json(s.game),
    }


MODES = ("rated", "practice")
"""The statistics are counted apart by mode: practice games allow hints and undo."""


def _level_row(level: str) -> dict[str, Any]:
    return {
        "level": level,
        "games": 0,
        "games_finished": 0,
        "games_won": 0,
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

    ``hands`` are ``(mode, level, hand)`` (:meth:`ginrummy.web.store.Store.hand_rows`). The human
    is player 0. ``points_per_hand`` is the human's net points per hand (points won minus
    points lost) over every finished hand.
    """
    table: dict[str, dict[str, dict[str, Any]]] = {mode: {} for mode in MODES}

    def row_of(mode: str, level: str) -> dict[str, Any]:
        by_level = table.setdefault(mode, {})
        return by_level.setdefault(level, _level_row(level))

    for g in games:
        row = row_of(g.mode, g.level)
        row["games"] += 1
        if g.status == "over" and g.final:
            row["games_finished"] += 1
            row["games_won"] += int(g.final.get("winner") == 0)
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
