"""The public baseline of the 2021 EAAI Gin Rummy challenge (``SimpleGinRummyPlayer``).

* Take the upcard (first-turn offer or later top discard) only if it forms a meld
  with cards in hand; otherwise pass the offer / draw from the stock.
* Discard, at random among ties, a card that leaves the least deadwood, never the
  card just taken from the discard pile.
* Knock (or go gin) as soon as the deadwood allows, laying down a least-deadwood
  arrangement; go big gin when the rules allow it and all 11 cards meld.
* As defender, use the engine's best layoff plan.

Discard-pile pickup gin (``rules.discard_pickup``) is played by
:class:`~ginrummy.agents.pickup_simple.PickupSimpleAgent`, to which :meth:`SimpleAgent.act`
hands a :class:`~ginrummy.variants.pickup.state.PickupView`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, overload

from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.melds import (
    STANDARD,
    MeldRules,
    best_arrangement,
    best_discards,
    fits_meld,
    least_deadwood,
    meld_rules,
)
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.pickup import PickupAction, PickupView
from ginrummy.variants.standard.actions import (
    DISCARDS,
    DRAW_STOCK,
    ENGINE_LAYOFF,
    PASS,
    TAKE_DISCARD,
    Action,
    BigGin,
    Knock,
)
from ginrummy.variants.standard.state import Phase
from ginrummy.variants.standard.view import PlayerView

__all__ = ["SimpleAgent"]


class SimpleAgent:
    """The EAAI 2021 baseline; ties between discards are broken with its own ``random.Random``.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules(), dealer=0, rng=1)
    >>> SimpleAgent(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "simple"

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._pickup = PickupSimpleAgent(self.rng)  # discard-pile pickup gin (same generator)
        self._policies: dict[str, Callable[[Any], AnyAction]] = {
            "standard": self._standard,
            "pickup": self._pickup.act,  # its own policy, agents/pickup_simple.py
        }
        """Each variant's policy, by :attr:`Rules.variant <ginrummy.rules.Rules.variant>`."""
        self._rules: object = None
        self._policy: Callable[[Any], AnyAction] = self._standard
        """The policy of the rules of the last view acted on (:attr:`_rules`): looked up once
        per rules object, not per decision (``Rules.variant`` is a property of an interpreted class)."""
        self._mr: MeldRules = STANDARD
        """How aces meld under those rules (``view.meld_rules``, looked up once per rules object)."""

    @overload
    def act(self, view: PlayerView) -> Action: ...
    @overload
    def act(self, view: PickupView) -> PickupAction: ...
    @overload
    def act(self, view: AnyView) -> AnyAction: ...

    def act(self, view: AnyView) -> AnyAction:
        rules = view.rules
        if rules is not self._rules:
            self._policy = self._policies[rules.variant]
            self._mr = meld_rules(rules)
            self._rules = rules
        return self._policy(view)

    def _standard(self, view: PlayerView) -> Action:
        """The standard game's policy (each variant's: :attr:`_policies`)."""
        phase = view.phase
        if phase is Phase.OFFER:
            return TAKE_DISCARD if self._wants(view) else PASS
        if phase is Phase.DRAW:
            return TAKE_DISCARD if view.may_take and self._wants(view) else DRAW_STOCK
        if phase is Phase.LAST_CHANCE:
            return TAKE_DISCARD if view.must_knock else PASS
        if phase is Phase.LAYOFF:
            return ENGINE_LAYOFF
        if phase is Phase.DISCARD:
            return self._discard(view)
        raise ValueError(f"no action in phase {phase.name}")

    def _wants(self, view: PlayerView) -> bool:
        up = view.upcard
        return up is not None and fits_meld(up, view.hand, mr=self._mr)

    def _discard(self, view: PlayerView) -> Action:
        hand = view.hand
        rules = view.rules
        mr = self._mr
        if rules.big_gin and hand.bit_count() == 11 and least_deadwood(hand, mr=mr) == 0:
            return BigGin(best_arrangement(hand, mr=mr).melds)
        # Never the card just taken (EAAI baseline), even where the rules allow it; only a
        # forced knock under the 50th-card rule may turn it down when nothing else knocks.
        exclude = 0 if view.taken is None else 1 << view.taken
        count, cards = best_discards(hand, exclude, mr=mr)
        if view.must_knock and count > view.knock_limit and rules.rediscard_taken_card:
            count, cards = best_discards(hand, mr=mr)
        card = cards[0] if len(cards) == 1 else self.rng.choice(cards)
        if count <= view.knock_limit:
            return Knock(card, best_arrangement(hand & ~(1 << card), mr=mr).melds)
        return DISCARDS[card]
