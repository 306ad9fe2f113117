"""Discard-pile pickup's reasons for :func:`ginrummy.agents.hints.explain` (002): taking one or
several cards from the pile, laying a meld on the table, adding a card to a table meld."""

from __future__ import annotations

from ginrummy.agents.hint_words import CardFormat, listed, meld_words, take_words
from ginrummy.cards import Card
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.pickup import AddCard, LayMeld, PickupView, Take

__all__ = ["pickup_reason"]


def pickup_reason(action: AnyAction, view: AnyView, fmt: CardFormat) -> tuple[str, Card | None] | None:
    """Why pickup's own ``action`` is good in ``view`` (a pickup hand's), with the card it is
    about; ``None`` for the actions every variant shares."""
    if isinstance(action, Take):
        return take_words(action.count, view, fmt)
    if isinstance(action, LayMeld):
        why = f"Lay {meld_words(action.meld, fmt)} on the table: melded cards no longer count as deadwood."
        return why, action.meld.cards[0]
    if isinstance(action, AddCard) and isinstance(view, PickupView):
        table = view.table
        on = f" ({listed([fmt(c) for c in table[action.meld].cards])})" if action.meld < len(table) else ""
        why = f"Add {fmt(action.card)} to table meld {action.meld + 1}{on}: it fits, so it no longer counts as deadwood."
        return why, action.card
    return None
