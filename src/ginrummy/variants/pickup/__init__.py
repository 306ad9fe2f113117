"""Discard-pile pickup gin (002): no knocking; several cards may be taken from the discard pile,
melds go on the table and either player adds to them; scored at gin with table cards for and
hand cards against.

:class:`PickupState` (a variant of :class:`ginrummy.hand.base.BaseHandState`) plays a hand; its
actions and notation are in :mod:`~ginrummy.variants.pickup.actions`, the legality rules in
:mod:`~ginrummy.variants.pickup.legality`, the view in :mod:`~ginrummy.variants.pickup.view` and
the scoring in :mod:`~ginrummy.variants.pickup.scoring`; :class:`Pickup` registers it.
"""

from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take, parse_pickup_action
from ginrummy.variants.pickup.legality import addable_cards, pickup_legal_actions, placeable
from ginrummy.variants.pickup.scoring import PICKUP_VALUES, PickupResult, card_value, pickup_points
from ginrummy.variants.pickup.state import (
    DeepestCardPendingError,
    InvalidTablePlayError,
    PickupState,
    UnusableDeepestCardError,
)
from ginrummy.variants.pickup.variant import Pickup
from ginrummy.variants.pickup.view import PickupEvent, PickupView

__all__ = [
    "PICKUP_VALUES",
    "AddCard",
    "DeepestCardPendingError",
    "InvalidTablePlayError",
    "LayMeld",
    "Pickup",
    "PickupAction",
    "PickupEvent",
    "PickupResult",
    "PickupState",
    "PickupView",
    "Take",
    "UnusableDeepestCardError",
    "addable_cards",
    "card_value",
    "parse_pickup_action",
    "pickup_legal_actions",
    "pickup_points",
    "placeable",
]
