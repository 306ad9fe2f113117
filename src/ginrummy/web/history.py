"""History and replay of stored games (their statistics: :mod:`ginrummy.storage.stats`).

A replay steps through finished hands only (both hands shown, the seed revealed):
the hand being played stays hidden until it ends.
"""

from __future__ import annotations

from typing import Any

from ginrummy.cards import format_cards
from ginrummy.melds import meld_rules
from ginrummy.records import HandRecord
from ginrummy.storage.store import GameRow
from ginrummy.variants import AnyHandState, deal_from
from ginrummy.web.serialize import any_result_json, cards, hand_json, match_json, sheet_json
from ginrummy.web.session import GameSession

__all__ = ["game_summary", "replay_json"]


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


def _frame(state: AnyHandState, player: int | None, action: str | None) -> dict[str, Any]:
    return {
        "player": player,
        "action": action,
        "phase": state.phase.value,
        "hands": [cards(state.hand(0)), cards(state.hand(1))],
        "layouts": [hand_json(state.hand(p), meld_rules(state.rules)) for p in (0, 1)],
        "discard_pile": [str(c) for c in state.discard_pile],
        "stock_size": state.stock_size,
    }


def replay_json(s: GameSession) -> dict[str, Any]:
    """Every finished hand, step by step, with its deal revealed (seed, salt, deck)."""
    names = s.names
    hands = []
    seeds = s.hand_seeds
    for i, state in enumerate(s.states):
        if not state.is_over:
            continue
        seed = seeds[i]
        replayed = deal_from(state.rules, state.dealer, state.deck, getattr(state, "knock_card", None))
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
                "result": any_result_json(state.result, names),
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
        "match": match_json(s.match),
    }
