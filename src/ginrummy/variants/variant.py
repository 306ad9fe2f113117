"""The shape of a registered variant: :class:`Variant`, class-level metadata and hooks.

A variant is one small class in its own folder (``variants/standard/variant.py``,
``variants/pickup/variant.py``) naming everything the rest of the program asks of it: its
state machine, view, actions and their notation, legality, what a hand record stores beyond the
common fields, and the agents' policy hooks. :mod:`ginrummy.variants` lists them
(:data:`~ginrummy.variants.VARIANTS`) and finds one by the name the rules give
(:attr:`ginrummy.rules.Rules.variant`, :func:`~ginrummy.variants.find_variant`). Front ends key
their screens and JSON by the same name, in their own small registries.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, SupportsIndex

from ginrummy.cards import Card
from ginrummy.hand.base import BaseHandState
from ginrummy.rules import Rules

__all__ = ["Variant"]


class Variant:
    """One variant of the hand, as class-level metadata (never instantiated), in the style of
    python-chess's variants. A new variant subclasses it in its folder and is added to
    :data:`ginrummy.variants.VARIANTS`; the conformance test (``tests/test_variants.py``) then
    checks it with every other."""

    name: ClassVar[str]
    """The variant's name: what :attr:`Rules.variant <ginrummy.rules.Rules.variant>` says, and the
    key of every front end's registry."""
    title: ClassVar[str]
    """The variant in words, for people."""
    state: ClassVar[type[BaseHandState[Any, Any]]]
    """The state machine that plays a hand (a :class:`~ginrummy.hand.base.BaseHandState`)."""
    view: ClassVar[type[tuple[Any, ...]]]
    """The player's view (a ``NamedTuple`` whose first fields are
    :data:`ginrummy.hand.base.VIEW_FIELDS`)."""
    actions: ClassVar[tuple[type, ...]]
    """Every action type of the variant (the shared pass, draw and discard included)."""
    legality: ClassVar[Callable[..., list[Any]]]
    """The function of the canonical legal actions that the state and its view share."""
    record_fields: ClassVar[tuple[str, ...]] = ()
    """What a hand record of this variant stores beyond the common fields (rules, dealer, seed,
    deck, actions, names, result), filled by :meth:`record_extras` and read back by :meth:`deal_from`."""
    knock_and_draw: ClassVar[bool] = False
    """The agents' policy hook: the knock-and-draw levels (``beginner``, ``strong``, ``expert``:
    knock decisions, layoffs, card tracking of one card taken at a time) model this variant. A
    variant without it is played by its own policies (:mod:`ginrummy.agents` keys them by
    :attr:`name`), and those levels defer to ``simple`` when handed one of its views."""

    @classmethod
    def parse_action(cls, text: str, rules: Rules) -> Any:
        """Read an action in the variant's notation (under ``rules``: e.g. melds round the
        corner). Raises :class:`~ginrummy.hand.actions.ActionParseError` for text that is not one."""
        raise NotImplementedError

    @classmethod
    def deal(cls, rules: Rules, dealer: SupportsIndex, rng: random.Random | int) -> BaseHandState[Any, Any]:
        """Deal a hand shuffled with ``rng`` (every variant deals the same deck from the same ``rng``)."""
        return cls.state.deal(rules, dealer, rng)

    @classmethod
    def deal_from(
        cls, rules: Rules, dealer: SupportsIndex, deck: Sequence[int], extras: dict[str, Any]
    ) -> BaseHandState[Any, Any]:
        """Deal from ``deck`` (52 cards in dealing order) and the record's :attr:`record_fields`
        (``extras``, each ``None`` when absent). Raises ``ValueError`` for what the variant refuses."""
        raise NotImplementedError

    @classmethod
    def record_extras(cls, state: BaseHandState[Any, Any]) -> dict[str, Card | None]:
        """The values of :attr:`record_fields` for the hand ``state``."""
        return {}

    @classmethod
    def candidates(cls, state: BaseHandState[Any, Any]) -> list[Any]:
        """Actions of every kind worth asking ``state.can`` about now: a superset of the legal
        actions that also holds illegal ones of each kind (the conformance test checks that the
        legal list is exactly those ``can`` accepts)."""
        raise NotImplementedError
