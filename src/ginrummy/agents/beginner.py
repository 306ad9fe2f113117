"""The ``beginner`` level: plays like a casual human who makes the usual mistakes.

* Takes the upcard only when it makes a meld, and overlooks such a card now and then
  (``miss_take``).
* Usually discards a card that leaves the least deadwood, but sometimes (``blunder``)
  throws another card that looks about as good (within ``blunder_points``), as someone
  who misses a meld in their hand would.
* Knocks late: only with ``knock_at`` points of deadwood or fewer (or gin), unless the
  stock is nearly gone.
* As defender, forgets to lay off now and then (``miss_layoff``): lays down its own melds only.

Melds and deadwood follow the hand's aces (``view.meld_rules``) and knocks the hand's knock
limit (the view's legal knocks). Discard-pile pickup gin (another game) has its own beginner,
:class:`ginrummy.agents.pickup_simple.PickupBeginnerAgent`, chosen by
:func:`ginrummy.agents.make_agent`.
"""

from __future__ import annotations

import random

from ginrummy.agents.simple import SimpleAgent
from ginrummy.hand.phase import Phase
from ginrummy.melds import best_arrangement, discard_deadwoods, fits_meld, least_deadwood
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)
from ginrummy.variants.standard.view import PlayerView

__all__ = ["BeginnerAgent"]


class BeginnerAgent:
    """A human-like weak player; every mistake is drawn from its own ``random.Random``.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules(), dealer=0, rng=1)
    >>> BeginnerAgent(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "beginner"
    miss_take = 0.25
    blunder = 0.25
    blunder_points = 6
    knock_at = 4
    late_stock = 8
    miss_layoff = 0.5

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._simple = SimpleAgent(self.rng)

    def act(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view.player`` from the view alone."""
        if not variant_of(view.rules).knock_and_draw:
            return self._simple.act(view)  # another game: played as the simple level
        phase = view.phase
        if phase is Phase.OFFER:
            return TakeDiscard() if self._wants(view) else Pass()
        if phase is Phase.DRAW:
            if view.may_take and (not view.stock_size or self._wants(view)):
                return TakeDiscard()
            return DrawStock()
        if phase is Phase.LAST_CHANCE:
            return TakeDiscard() if view.must_knock else Pass()
        if phase is Phase.LAYOFF:
            if self.rng.random() < self.miss_layoff:
                return LayOff(best_arrangement(view.hand, mr=view.meld_rules).melds, ())
            return LayOff()
        if phase is Phase.DISCARD:
            return self._discard(view)
        raise ValueError(f"no action in phase {phase.name}")

    def _wants(self, view: PlayerView) -> bool:
        up = view.upcard
        return (
            up is not None
            and fits_meld(up, view.hand, mr=view.meld_rules)
            and self.rng.random() >= self.miss_take
        )

    def _discard(self, view: PlayerView) -> Action:
        hand = view.hand
        mr = view.meld_rules
        if view.rules.big_gin and hand.bit_count() == 11 and least_deadwood(hand, mr=mr) == 0:
            return BigGin(best_arrangement(hand, mr=mr).melds)
        legal = view.legal_actions
        knocks = [a for a in legal if isinstance(a, Knock)]
        dd = discard_deadwoods(hand, mr=mr)
        if knocks:
            card = min((a.card for a in knocks), key=lambda c: (dd[c], -c))
            left = dd[card]
            if left == 0 or left <= self.knock_at or view.stock_size <= self.late_stock or view.must_knock:
                return Knock(card, best_arrangement(hand & ~(1 << card), mr=mr).melds)
        cards = [a.card for a in legal if isinstance(a, Discard)]
        if not cards:
            return knocks[0]
        best = min(dd[c] for c in cards)
        if self.rng.random() < self.blunder:
            options = [c for c in cards if dd[c] <= best + self.blunder_points]
        else:
            options = [c for c in cards if dd[c] == best]
        return Discard(self.rng.choice(sorted(options)))
