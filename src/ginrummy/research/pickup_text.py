"""Discard-pile pickup in the text harness (:mod:`ginrummy.research.text`): its rules in words,
its moves in notation, the hand and the table melds."""

from __future__ import annotations

from ginrummy.cards import format_cards
from ginrummy.rules import Rules
from ginrummy.variants.pickup import PickupView

__all__ = ["pickup_hand", "pickup_moves", "pickup_rules"]


def pickup_rules(rules: Rules) -> str:
    """Discard-pile pickup's rules that matter for play, in one paragraph."""
    return (
        "Discard-pile pickup gin: no knocking; you may take several cards from the top of the discard "
        "pile (the deepest one taken must be melded at once); melds go on the table and either player "
        "may add to them; at gin, table cards count for you and hand cards against (A 15, 2-9 5, "
        f"10-K 10); gin bonus {rules.gin_bonus}."
    )


def pickup_moves(view: PickupView) -> list[tuple[str, str]]:
    """Each legal move of a pickup hand as ``(notation, words)``: the notation itself."""
    return [(str(a), str(a)) for a in view.legal_actions]


def pickup_hand(view: PickupView) -> list[str]:
    """The hand and the melds on the table."""
    table = "; ".join(
        f"{i + 1}: [{m}] (player {o})"
        for i, (m, o) in enumerate(zip(view.table, view.table_owners, strict=True))
    )
    return [
        f"Your hand ({view.hand.bit_count()} cards): {format_cards(view.hand)}.",
        f"Table melds: {table or 'none'}.",
    ]
