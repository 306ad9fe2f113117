"""The JSON of a discard-pile pickup hand (002) for the page, from a player's
:class:`~ginrummy.variants.pickup.PickupView` only: the table melds and who laid them, the
discard pile (several cards may be taken from its top), the player's hand and legal plays.

Like :mod:`ginrummy.web.serialize` for the standard game: nothing here reads the hidden state.
"""

from __future__ import annotations

from typing import Any

from ginrummy.hand import order
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.melds import meld_rules
from ginrummy.variants.pickup import PickupState, PickupView
from ginrummy.variants.pickup.actions import AddCard, LayMeld, Take
from ginrummy.variants.pickup.scoring import PickupResult, pickup_points

__all__ = ["pickup_result_json", "pickup_view_json"]


def _cards(mask: int) -> list[str]:
    return [str(c) for c in order.by_rank(mask)]


def _legal(view: PickupView) -> dict[str, Any]:
    acts = view.legal_actions
    return {
        "take": [a.count for a in acts if isinstance(a, Take)],
        "pass": any(isinstance(a, Pass) for a in acts),
        "draw": any(isinstance(a, DrawStock) for a in acts),
        "melds": [[str(c) for c in a.meld.cards] for a in acts if isinstance(a, LayMeld)],
        "adds": [[str(a.card), a.meld] for a in acts if isinstance(a, AddCard)],
        "discard": [str(a.card) for a in acts if isinstance(a, Discard)],
    }


def pickup_result_json(r: PickupResult) -> dict[str, Any]:
    """What a finished pickup hand adds to the standard result's JSON: each player's cards on the
    table (for them) and left in hand (against them), the gin bonus, the hand scores (the points
    entered are their difference) and the table's melds at the end."""
    return {
        "table_points": list(r.table_points),
        "held_points": list(r.held_points),
        "bonus": list(r.bonus),
        "net": list(r.net),
        "table": [[str(c) for c in m.cards] for m in r.table_melds],
    }


def pickup_view_json(view: PickupView) -> dict[str, Any]:
    """One player's view of a pickup hand: ``table`` (melds numbered from 0 as in ``add CARD:N``,
    with the seat that laid each), ``laid_points`` (each player's cards on the table, in pickup
    values), ``must_meld`` (the deepest card taken, still to be laid) and ``legal``: ``take``
    (the counts that may be taken from the top of the pile), ``melds`` (cards that may be laid
    as a meld), ``adds`` (``[card, meld number]``), ``discard``, ``draw`` and ``pass``. The
    result is added by :func:`ginrummy.web.serialize.any_view_json`."""
    mr = meld_rules(view.rules)
    layout = order.hand_layout(view.hand, mr)
    return {
        "variant": "pickup",
        "phase": view.phase.value,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "my_turn": view.my_turn,
        "hand": {
            "melds": [[str(c) for c in m.cards] for m in layout.melds],
            "deadwood": [str(c) for c in layout.deadwood],
            "deadwood_count": pickup_points(view.hand),
            "size": view.hand.bit_count(),
        },
        "discard_pile": [str(c) for c in view.discard_pile],
        "upcard": str(view.upcard) if view.upcard is not None else None,
        "stock_size": view.stock_size,
        "opponent": {"count": view.opponent_hand_size, "known": _cards(view.opponent_known)},
        "table": [
            {"cards": [str(c) for c in m.cards], "owner": owner}
            for m, owner in zip(view.table, view.table_owners, strict=True)
        ],
        "laid_points": list(view.table_points),
        "events": [
            {"player": e.player, "kind": e.kind, "cards": [str(c) for c in e.cards], "meld": e.meld}
            for e in view.history
        ],
        "drawn": str(view.drawn) if view.drawn is not None else None,
        "taken": _cards(view.taken),
        "must_meld": str(view.must_meld) if view.must_meld is not None else None,
        "legal": _legal(view),
    }


def pickup_frame_json(state: PickupState) -> dict[str, Any]:
    """What a replay step adds in discard-pile pickup (every card there is revealed): the melds on
    the table (``table``: each meld's ``cards`` and ``owner``, a seat) and the points each player
    holds in hand (``in_hand``, pickup values)."""
    return {
        "table": [
            {"cards": [str(c) for c in m.cards], "owner": owner}
            for m, owner in zip(state.table, state.table_owners, strict=True)
        ],
        "in_hand": [pickup_points(state.hand(p)) for p in (0, 1)],
    }
