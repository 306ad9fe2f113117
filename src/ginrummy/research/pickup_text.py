"""Discard-pile pickup in the text harness (:mod:`ginrummy.research.text`): its rules in words,
its moves in notation, the hand and the table melds."""

from __future__ import annotations

import re

from ginrummy.cards import format_cards
from ginrummy.errors import GinRummyError
from ginrummy.research.reply import Mention, Offer
from ginrummy.rules import Rules
from ginrummy.variants import parse_any_action
from ginrummy.variants.pickup import PickupView

__all__ = ["pickup_hand", "pickup_mentions", "pickup_moves", "pickup_rules"]


def pickup_rules(rules: Rules) -> str:
    """Discard-pile pickup's rules that matter for play, in one paragraph."""
    return (
        "Discard-pile pickup gin: no knocking; you may take several cards from the top of the discard "
        "pile (the deepest one taken must be melded at once); melds go on the table and either player "
        "may add to them; at gin, table cards count for you and hand cards against (A 15, 2-9 5, "
        f"10-K 10); gin bonus {rules.gin_bonus}."
    )


def pickup_moves(view: PickupView) -> list[Offer]:
    """Each legal move of a pickup hand, its notation as its words."""
    return [Offer(str(a), str(a), a) for a in view.legal_actions]


_MOVE = re.compile(
    r"(?:pass|take(?:\s+\d+)?|draw|discard\s+\w{2,3}|meld\s+\[[^\]]*\]|add\s+\w{2,3}:\d+)(?![\w:])",
    re.IGNORECASE,
)


def pickup_mentions(view: PickupView, text: str, offers: list[Offer]) -> list[Mention]:
    """The moves ``text`` names in pickup's notation, in order, each with the offers it equals."""
    out = []
    for m in _MOVE.finditer(text):
        try:
            action = parse_any_action(m[0], view.rules)
        except GinRummyError:
            continue
        out.append(Mention(m.start(), m[0], tuple(i for i, o in enumerate(offers) if o.action == action)))
    return out


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
