"""A simple policy for discard-pile pickup gin (:mod:`ginrummy.variants.pickup.state`), in the spirit of the
``simple`` agent: greedy, no card tracking.

* **Take or draw**: for each legal take (1 card, or several whose deepest card can go on the
  table), plan the cards it would put on the table this turn (its hand's best melds, then every
  card that fits a meld on the table, chains included). Take the run that gains the most value
  on the table, less the value of taken cards left in hand, if that is positive; otherwise draw
  (and pass the first-turn upcard). A several-card take counts only if the plan lays its
  deepest card.
* **Play**: lay the deepest card taken first (in the largest meld, else onto a table meld, else
  by adding the cards between it and a table run); then lay every meld of the hand's best
  arrangement, then add every card that fits a table meld, the opponent's included.
* **Discard** the highest-value card (A 15, 10-K 10, 2-9 5) with no partner in hand (another of
  its rank or a suit neighbour within two ranks); if every card has one, the highest-value card
  with the fewest partners; ties at random with its own ``random.Random``.
"""

from __future__ import annotations

import random

from ginrummy.cards import CardSet, iter_cards
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.phase import Phase
from ginrummy.melds import best_arrangement
from ginrummy.variants.pickup import PickupView, addable_cards
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take
from ginrummy.variants.pickup.scoring import card_value, pickup_points

__all__ = ["PickupBeginnerAgent", "PickupSimpleAgent", "partners", "planned_table_cards"]


def planned_table_cards(hand: CardSet, table: list[CardSet]) -> CardSet:
    """The cards of ``hand`` a greedy turn would put on the table: the melds of the hand's best
    arrangement, then, repeatedly, every card that fits a table meld or one of those melds."""
    arr = best_arrangement(hand) if hand else None
    placed = arr.melded if arr is not None else 0
    melds = list(table) + ([m.mask for m in arr.melds] if arr is not None else [])
    rest = hand & ~placed
    changed = True
    while changed and rest and melds:
        changed = False
        for c in iter_cards(rest):
            bit = 1 << c
            for i, m in enumerate(melds):
                if addable_cards(m) & bit:
                    melds[i] = m | bit
                    rest &= ~bit
                    placed |= bit
                    changed = True
                    break
    return placed


def partners(card: int, hand: CardSet) -> int:
    """Cards of ``hand`` that could meld with ``card``: its rank, suit neighbours within two."""
    rank, suit = card % 13, card // 13
    n = sum(1 for s in range(4) if s != suit and hand >> (s * 13 + rank) & 1)
    for d in (-2, -1, 1, 2):
        r = rank + d
        if 0 <= r < 13 and hand >> (suit * 13 + r) & 1:
            n += 1
    return n


class PickupSimpleAgent:
    """The simple discard-pile pickup policy above; ties broken with its own ``random.Random``.

    >>> from ginrummy.variants.pickup import PickupState
    >>> from ginrummy.rules import Rules
    >>> s = PickupState.deal(Rules.preset("pickup"), dealer=0, rng=1)
    >>> PickupSimpleAgent(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "simple"

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def act(self, view: PickupView) -> PickupAction:
        phase = view.phase
        if phase is Phase.OFFER:
            return Take(1) if self._best_take(view) else Pass()
        if phase is Phase.DRAW:
            if view.draw_only:
                return DrawStock()
            k = self._best_take(view)
            return Take(k) if k or not view.stock_size else DrawStock()
        if phase is Phase.DISCARD:
            return self._play(view)
        raise ValueError(f"no action in phase {phase.name}")

    # -- taking ------------------------------------------------------------------

    def _best_take(self, view: PickupView) -> int:
        """The number of cards to take (0: draw instead)."""
        legal = {a.count for a in view.legal_actions if isinstance(a, Take)}
        table = [m.mask for m in view.table]
        base = pickup_points(planned_table_cards(view.hand, table))
        pile = view.discard_pile
        best, best_k = 0, 0
        taken = 0
        for k in range(1, len(pile) + 1):
            taken |= 1 << pile[-k]
            if k not in legal:
                continue
            placed = planned_table_cards(view.hand | taken, table)
            if k > 1 and not placed >> pile[-k] & 1:
                continue
            gain = pickup_points(placed) - base - pickup_points(taken & ~placed)
            if gain > best:
                best, best_k = gain, k
        return best_k

    # -- playing -----------------------------------------------------------------

    def _play(self, view: PickupView) -> PickupAction:
        legal = view.legal_actions
        hand = view.hand
        pending = view.must_meld
        if pending is not None:
            lays = [a for a in legal if isinstance(a, LayMeld) and a.meld.mask >> pending & 1]
            if lays:
                return max(lays, key=lambda a: a.meld.mask.bit_count())
            adds = [a for a in legal if isinstance(a, AddCard)]
            direct = [a for a in adds if a.card == pending]
            if direct:
                return direct[0]
            chain = [a for a in adds if a.card // 13 == pending // 13]
            if chain:
                return min(chain, key=lambda a: abs(a.card - pending))
            plays = [a for a in legal if isinstance(a, LayMeld | AddCard)]
            return plays[0]
        arr = best_arrangement(hand)
        for m in arr.melds:
            action = LayMeld(m)
            if action in legal:
                return action
        for a in legal:
            if isinstance(a, AddCard):
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:  # pragma: no cover - the engine always leaves a play or a discard
            return legal[0]
        return self._discard(view, discards)

    def _discard(self, view: PickupView, discards: list[Discard]) -> Discard:
        """The discard among the legal ``discards`` once every play is made."""
        hand = view.hand

        def score(a: Discard) -> tuple[bool, int]:
            n = partners(a.card, hand)
            return (n == 0, card_value(a.card) - 3 * n)

        top = max(score(a) for a in discards)
        choices = [a for a in discards if score(a) == top]
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)


class PickupBeginnerAgent(PickupSimpleAgent):
    """The ``beginner`` level at discard-pile pickup gin: the simple policy above with a casual
    player's mistakes, each drawn from its own ``random.Random``: it overlooks a good take now
    and then (``miss_take``), and sometimes (``blunder``) throws any card of its hand that has
    no partner instead of the best one, or when every card has one, any card.
    """

    name = "beginner"
    miss_take = 0.25
    blunder = 0.25

    def _best_take(self, view: PickupView) -> int:
        k = super()._best_take(view)
        return 0 if k and self.rng.random() < self.miss_take else k

    def _discard(self, view: PickupView, discards: list[Discard]) -> Discard:
        if len(discards) > 1 and self.rng.random() < self.blunder:
            lone = [a for a in discards if not partners(a.card, view.hand)]
            return self.rng.choice(lone or discards)
        return super()._discard(view, discards)
