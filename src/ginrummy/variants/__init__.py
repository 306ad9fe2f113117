"""Every kind of hand, as one family over :class:`ginrummy.hand.base.BaseHandState`, and the
registry of variants.

Each variant lives in its own folder and registers once, as a small class of class-level
metadata (:class:`~ginrummy.variants.variant.Variant`): the standard game
(:class:`~ginrummy.variants.standard.variant.Standard`: :class:`~ginrummy.variants.standard.state.HandState`,
with its settings: Oklahoma, straight gin, Hollywood's aces, the 11-card opening, the 50th-card
rule) and discard-pile pickup (:class:`~ginrummy.variants.pickup.variant.Pickup`, 002). They share
the deal, ``verify``/``can``/``push``/``pop``/``clone``, passing, drawing, discarding, the dead
hand and the view. The rules name the variant (:attr:`Rules.variant <ginrummy.rules.Rules.variant>`);
:func:`find_variant` and :func:`variant_of` find it in :data:`VARIANTS`, and :func:`deal_hand`,
:func:`deal_from` and :func:`parse_any_action` ask it. The names every consumer (games, agents,
the hand loop, front ends, records) uses for "any hand" are :data:`AnyHandState`,
:data:`AnyView` and :data:`AnyAction`.

>>> from ginrummy.rules import Rules
>>> [v.name for v in VARIANTS], find_variant("pickup").state.__name__
(['standard', 'pickup'], 'PickupState')
>>> type(deal_hand(Rules.preset("pickup"), dealer=0, rng=1)).__name__
'PickupState'
>>> parse_any_action("take 2", Rules.preset("pickup")), parse_any_action("knock 7h", Rules())
(Take(count=2), Knock(card=Card('7h'), melds=None))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeAlias

from ginrummy.checks import check_instance, check_str
from ginrummy.errors import GinRummyError
from ginrummy.hand.base import BaseHandState
from ginrummy.rules import Rules
from ginrummy.variants.pickup import PickupAction, PickupView
from ginrummy.variants.pickup.variant import Pickup
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.variant import Standard
from ginrummy.variants.standard.view import PlayerView
from ginrummy.variants.variant import Variant

__all__ = [
    "ACTION_TYPES",
    "VARIANTS",
    "AnyAction",
    "AnyHandState",
    "AnyView",
    "UnknownVariantError",
    "Variant",
    "deal_from",
    "deal_hand",
    "find_variant",
    "hand_type",
    "parse_any_action",
    "variant_of",
]

AnyHandState: TypeAlias = BaseHandState[Any, Any]
"""A hand of any variant: the type every consumer of hands uses (games, the hand loop, records,
front ends). What only one variant has is asked of its :class:`Variant` (:func:`variant_of`) or
of the variant's own modules."""
AnyView: TypeAlias = PlayerView | PickupView
"""A player's view of a hand of any variant: what agents and front ends are given."""
AnyAction: TypeAlias = Action | PickupAction
"""An action of any variant."""

VARIANTS: list[type[Variant]] = [Standard, Pickup]
"""Every registered variant, the standard game first. A new variant is a folder with its
:class:`Variant` subclass, added here (and to :data:`AnyView`, :data:`AnyAction`)."""
ACTION_TYPES: tuple[type, ...] = tuple(dict.fromkeys(t for v in VARIANTS for t in v.actions))
"""The classes of :data:`AnyAction` (every registered variant's actions), for ``isinstance``."""


class UnknownVariantError(GinRummyError):
    """A variant name that is not registered; the message lists the known names."""


def find_variant(name: str) -> type[Variant]:
    """The registered variant called ``name`` (as :attr:`Rules.variant <ginrummy.rules.Rules.variant>`
    says). Raises :class:`UnknownVariantError`.

    >>> find_variant("standard").title
    'knock-and-draw gin'
    """
    for v in VARIANTS:
        if v.name == name:
            return v
    raise UnknownVariantError(f"unknown variant {name!r}; known: {', '.join(v.name for v in VARIANTS)}")


def variant_of(rules: Rules) -> type[Variant]:
    """The variant ``rules`` play (:func:`find_variant` of ``rules.variant``)."""
    return find_variant(rules.variant)


def hand_type(rules: Rules) -> type[AnyHandState]:
    """The state machine that plays a hand under ``rules`` (the variant's ``state``)."""
    return variant_of(rules).state


def deal_hand(rules: Rules, dealer: int, rng: random.Random | int) -> AnyHandState:
    """Deal a hand of the variant ``rules`` name, shuffled with ``rng`` (a ``random.Random`` or an
    int seed; every variant deals the same deck from the same ``rng``). Raises
    :class:`~ginrummy.errors.ArgumentError` for a dealer that is not 0 or 1, and
    :class:`~ginrummy.errors.ArgumentTypeError` (a ``TypeError``) for ``rules`` that are not a
    :class:`~ginrummy.rules.Rules` or another kind of ``dealer`` or ``rng`` (a ``bool`` is
    not a dealer; a numpy integer is taken as an int: :mod:`ginrummy.checks`)."""
    check_instance("rules", rules, Rules, "a Rules")
    return variant_of(rules).deal(rules, dealer, rng)


def deal_from(rules: Rules, dealer: int, deck: Sequence[int], knock_card: int | None = None) -> AnyHandState:
    """Deal a hand of the variant ``rules`` name from ``deck`` (52 cards in dealing order);
    ``knock_card`` is the second deck's card of Oklahoma with a second deck (standard game only).
    Raises :class:`~ginrummy.errors.ArgumentError` (a :class:`~ginrummy.errors.RulesError` for
    rules) for what the variant refuses, and for a ``knock_card`` under pickup rules."""
    check_instance("rules", rules, Rules, "a Rules")
    return variant_of(rules).deal_from(rules, dealer, deck, {"knock_card": knock_card})


def parse_any_action(text: str, rules: Rules) -> AnyAction:
    """Read an action in the notation of the variant ``rules`` name
    (:func:`ginrummy.variants.standard.actions.parse_action` or
    :func:`ginrummy.variants.pickup.actions.parse_pickup_action`). Raises
    :class:`~ginrummy.hand.actions.ActionParseError` for text that is not one
    (:class:`~ginrummy.errors.ArgumentTypeError` for a ``text`` or ``rules`` of another kind)."""
    check_str("text", text, "an action such as 'discard 7h' (a str)")
    check_instance("rules", rules, Rules, "a Rules")
    action: AnyAction = variant_of(rules).parse_action(text, rules)
    return action
