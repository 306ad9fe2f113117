"""History and replay of stored games (their statistics: :mod:`ginrummy.storage.stats`).

A replay steps through finished hands only (both hands shown, the seed revealed):
the hand being played stays hidden until it ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.cards import format_cards
from ginrummy.melds import meld_rules
from ginrummy.records import HandRecord
from ginrummy.records.replay import replay_steps
from ginrummy.storage.store import GameRow, SeatRow
from ginrummy.variants import AnyHandState, variant_of
from ginrummy.web.serialize import (
    REPLAY_FRAME,
    any_result_json,
    cards,
    ended_json,
    hand_json,
    match_json,
    sheet_json,
)
from ginrummy.web.session import GameSession

__all__ = ["game_summary", "replay_json"]


def game_summary(row: GameRow, seats: Sequence[SeatRow] = (), owner: str | None = None) -> dict[str, Any]:
    """One line of the history page, for the player whose token hashes to ``owner``: ``you``,
    their seat (0 unless they joined another's game); ``names``, both seats' names (the friend's
    in a game between two people; stored ``seats``, else the game's own); ``opponent``
    (``computer`` or ``person``); ``ended`` and ``ended_by`` when a player resigned or abandoned
    the game (:data:`~ginrummy.storage.store.ENDINGS`)."""
    you = next((s.seat for s in seats if s.kind == "person" and owner is not None and s.owner == owner), 0)
    names = [s.name for s in seats] if len(seats) == 2 else [row.name, "Computer"]
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
        "you": you,
        "names": names,
        "opponent": "person" if row.mode == "friend" else "computer",
        "ended": row.ended,
        "ended_by": row.ended_by,
    }


def _frame(state: AnyHandState, player: int | None, action: str | None) -> dict[str, Any]:
    """One step of a replay: both hands (as laid out), the piles, and what the variant adds
    (:data:`~ginrummy.web.serialize.REPLAY_FRAME`: in discard-pile pickup the melds on the table
    and the points each player holds in hand)."""
    out: dict[str, Any] = {
        "player": player,
        "action": action,
        "phase": state.phase.value,
        "hands": [cards(state.hand(0)), cards(state.hand(1))],
        "layouts": [hand_json(state.hand(p), meld_rules(state.rules)) for p in (0, 1)],
        "discard_pile": [str(c) for c in state.discard_pile],
        "stock_size": state.stock_size,
    }
    return out | REPLAY_FRAME[variant_of(state.rules).name](state)


def replay_json(s: GameSession, seat: int = 0) -> dict[str, Any]:
    """Every finished hand, step by step, with its deal revealed (seed, salt, deck), for the
    player in ``seat`` (``you``); ``ended``: how a player ended the game early, if one did
    (:func:`~ginrummy.web.serialize.ended_json`; the hand it ended in is not replayed)."""
    names = s.names
    hands = []
    seeds = s.hand_seeds
    for i, state in enumerate(s.states):
        if not state.is_over:
            continue
        seed = seeds[i]
        variant = variant_of(state.rules)  # the deal as the hand's record keeps it (a second deck's card)
        replayed = variant.deal_from(state.rules, state.dealer, state.deck, variant.record_extras(state))
        frames = [_frame(replayed, None, None)]
        for _, p, a in replay_steps(replayed, state.log):
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
                "result": any_result_json(state.result, names, state.rules.variant),
            }
        )
    return {
        "id": s.row.id,
        "you": seat,
        "opponent": "computer" if s.against_computer() else "person",
        "ended": ended_json(s),
        "names": list(names),
        "preset": s.row.preset,
        "level": s.row.level,
        "game_over": s.over,
        "game_seed": str(s.row.seed) if s.over else None,
        "hands": hands,
        "sheet": sheet_json(s.game),
        "match": match_json(s.match),
    }
