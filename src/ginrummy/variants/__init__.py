"""Every kind of hand, as one family over :class:`ginrummy.hand.base.BaseHandState`.

The standard game (:class:`~ginrummy.hand.state.HandState`, with its settings: Oklahoma,
straight gin, Hollywood's aces, the 11-card opening, the 50th-card rule) and discard-pile pickup
(:class:`~ginrummy.variants.pickup.PickupState`, 002) share the deal, ``verify``/``can``/
``push``/``pop``/``clone``, passing, drawing, discarding, the dead hand and the view. The rules
choose the variant: :func:`hand_type` and :func:`deal_hand`. The names every consumer (games,
agents, the hand loop, front ends, records) uses for "any hand" are :data:`AnyHandState`,
:data:`AnyView` and :data:`AnyAction`.

>>> from ginrummy.rules import Rules
>>> type(deal_hand(Rules.preset("pickup"), dealer=0, rng=1)).__name__
'PickupState'
>>> parse_any_action("take 2", Rules.preset("pickup")), parse_any_action("knock 7h", Rules())
(Take(count=2), Knock(card=Card('7h'), melds=None))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeAlias, get_args

from ginrummy.checks import check_instance, check_str
from ginrummy.errors import ArgumentError
from ginrummy.hand.actions import Action, parse_action
from ginrummy.hand.base import BaseHandState
from ginrummy.hand.state import HandState
from ginrummy.hand.view import PlayerView
from ginrummy.melds import meld_rules
from ginrummy.rules import Rules
from ginrummy.variants.pickup import PickupAction, PickupState, PickupView, parse_pickup_action

__all__ = [
    "ACTION_TYPES",
    "AnyAction",
    "AnyHandState",
    "AnyView",
    "deal_from",
    "deal_hand",
    "hand_type",
    "parse_any_action",
]

AnyHandState: TypeAlias = BaseHandState[Any, Any]
"""A hand of any variant: the type every consumer of hands uses (games, the hand loop, records,
front ends). Narrow it with ``isinstance(state, HandState)`` (or ``PickupState``) for what only
one variant has (a standard hand's knock card, a pickup hand's table)."""
AnyView: TypeAlias = PlayerView | PickupView
"""A player's view of a hand of any variant: what agents and front ends are given."""
AnyAction: TypeAlias = Action | PickupAction
"""An action of any variant."""
ACTION_TYPES: tuple[type, ...] = (*get_args(Action), *get_args(PickupAction))
"""The classes of :data:`AnyAction`, for ``isinstance``."""


def hand_type(rules: Rules) -> type[HandState] | type[PickupState]:
    """The state machine that plays a hand under ``rules``: :class:`PickupState` for
    discard-pile pickup (``rules.discard_pickup``), else :class:`HandState`."""
    return PickupState if rules.discard_pickup else HandState


def deal_hand(rules: Rules, dealer: int, rng: random.Random | int) -> AnyHandState:
    """Deal a hand of the variant ``rules`` name (see :func:`hand_type`), shuffled with ``rng``
    (a ``random.Random`` or an int seed; every variant deals the same deck from the same ``rng``).
    Raises :class:`~ginrummy.errors.ArgumentError` for a dealer that is not 0 or 1, and
    :class:`~ginrummy.errors.ArgumentTypeError` (a ``TypeError``) for ``rules`` that are not a
    :class:`~ginrummy.rules.Rules` or another kind of ``dealer`` or ``rng`` (a ``bool`` is
    not a dealer; a numpy integer is taken as an int: :mod:`ginrummy.checks`)."""
    check_instance("rules", rules, Rules, "a Rules")
    return hand_type(rules).deal(rules, dealer, rng)


def deal_from(rules: Rules, dealer: int, deck: Sequence[int], knock_card: int | None = None) -> AnyHandState:
    """Deal a hand of the variant ``rules`` name from ``deck`` (52 cards in dealing order);
    ``knock_card`` is the second deck's card of Oklahoma with a second deck (standard game only).
    Raises :class:`~ginrummy.errors.ArgumentError` (a :class:`~ginrummy.errors.RulesError` for
    rules) for what the variant refuses, and for a ``knock_card`` under pickup rules."""
    check_instance("rules", rules, Rules, "a Rules")
    if rules.discard_pickup:
        if knock_card is not None:
            raise ArgumentError("discard-pile pickup gin has no knock card")
        return PickupState(rules, dealer, deck)
    return HandState(rules, dealer, deck, knock_card)


def parse_any_action(text: str, rules: Rules) -> AnyAction:
    """Read an action in the notation of the variant ``rules`` name (:func:`ginrummy.hand.actions.parse_action`
    or :func:`ginrummy.variants.pickup.actions.parse_pickup_action`). Raises
    :class:`~ginrummy.hand.actions.ActionParseError` for text that is not one
    (:class:`~ginrummy.errors.ArgumentTypeError` for a ``text`` or ``rules`` of another kind)."""
    check_str("text", text, "an action such as 'discard 7h' (a str)")
    check_instance("rules", rules, Rules, "a Rules")
    if rules.discard_pickup:
        return parse_pickup_action(text)
    return parse_action(text, meld_rules(rules))
