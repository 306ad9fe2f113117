"""Discard-pile pickup (002) as a registered variant (:class:`Pickup`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, SupportsIndex, cast

from ginrummy.cards import CARDS
from ginrummy.errors import ArgumentError
from ginrummy.hand.base import BaseHandState
from ginrummy.melds import all_melds
from ginrummy.rules import Rules
from ginrummy.variants.pickup.actions import (
    AddCard,
    Discard,
    DrawStock,
    LayMeld,
    Pass,
    PickupAction,
    Take,
    parse_pickup_action,
)
from ginrummy.variants.pickup.legality import pickup_legal_actions
from ginrummy.variants.pickup.state import PickupState
from ginrummy.variants.pickup.view import PickupView
from ginrummy.variants.variant import Variant

__all__ = ["Pickup"]


class Pickup(Variant):
    """Discard-pile pickup gin (:class:`PickupState`, :class:`PickupView`): no knocking, several
    cards taken from the pile, melds on the table; its records store nothing beyond the common fields."""

    name: ClassVar[str] = "pickup"
    title: ClassVar[str] = "discard-pile pickup gin"
    state = PickupState
    view = PickupView
    actions: ClassVar[tuple[type, ...]] = (Pass, Take, DrawStock, LayMeld, AddCard, Discard)
    legality = pickup_legal_actions

    @classmethod
    def parse_action(cls, text: str, rules: Rules) -> PickupAction:
        return parse_pickup_action(text)

    @classmethod
    def deal_from(
        cls, rules: Rules, dealer: SupportsIndex, deck: Sequence[int], extras: dict[str, Any]
    ) -> PickupState:
        if any(v is not None for v in extras.values()):
            raise ArgumentError("discard-pile pickup gin has no knock card")
        made: type[PickupState] = PickupState  # called as an object: see make_meld in ginrummy.melds.meld
        return made(rules, dealer, deck)

    @classmethod
    def candidates(cls, state: BaseHandState[Any, Any]) -> list[PickupAction]:
        hand = state.hand(state.to_act)
        table = cast(PickupState, state).table
        out: list[PickupAction] = [
            Pass(),
            DrawStock(),
            *(Take(k) for k in range(1, len(state.discard_pile) + 2)),
        ]
        out.extend(Discard(c) for c in CARDS)
        out.extend(LayMeld(m) for m in all_melds(hand))
        out.extend(AddCard(c, i) for c in CARDS if hand >> c & 1 for i in range(len(table) + 1))
        return out
