"""The ``strong`` and ``expert`` levels at discard-pile pickup gin (002; :mod:`ginrummy.variants.pickup`).

Pickup gin is scored at gin only: the cards each player put on the table count for them, the
cards left in hand against them (A 15, 10-K 10, 2-9 5), gin 25. So a card is worth its value
on the table and minus its value in hand, and a card that will never meld costs its value
whenever the opponent goes gin. The policy, built on the view's legal actions and what the
player can see (its hand, the table, the discard pile, the cards the opponent took):

* **Hand value** of the cards left in hand after the turn's plays (points, higher is better):
  each card counts minus its value times the chance it never reaches the table, judged from
  its *live* partners: the unseen cards (in the stock or the opponent's hand, weighted by the
  chance they are not the opponent's) that would make a meld with it and the hand, or carry it
  onto a table meld.
* **Take or draw**: every legal take (one card, or several whose deepest card can be laid) is
  played out for this turn (the melds it lays and the cards it adds, as the play below
  makes them), then scored as the points it puts on the table plus the value of the hand left
  after the best discard (gin: the bonus and the opponent's likely hand count instead); a
  stock draw is scored the same way, averaged over the unseen cards. Take when a take beats
  the draw by ``take_margin`` points (a take shows the opponent the cards).
* **Play**: lay the deepest card taken first, then every meld, then every card that fits a
  table meld (as :class:`~ginrummy.agents.pickup_simple.PickupSimpleAgent` plays).
* **Discard** the card whose loss leaves the best hand value, less ``danger`` times the chance
  the opponent can use it (meld it with two cards they may hold, or add it to a table meld)
  times its value to them.

``expert`` plays the same policy with a careful discard: it also charges each discard for the
cards it buries (the opponent's later take of several cards must take it too, so a discard
that makes a deep card worth taking is worse) and it judges the draw by all the unseen cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.agents.pickup_simple import PickupSimpleAgent, partners, planned_table_cards
from ginrummy.agents.tracking import NEAR, meld_partner_sets
from ginrummy.cards import FULL_DECK, CardSet
from ginrummy.hand.actions import Discard
from ginrummy.melds import fits_meld
from ginrummy.variants.pickup import PickupView, addable_cards
from ginrummy.variants.pickup.actions import Take
from ginrummy.variants.pickup.scoring import card_value, pickup_points

__all__ = ["PickupParams", "PickupStrongAgent", "PickupWorld", "hand_value"]

_PAIRS = tuple(meld_partner_sets(c) for c in range(52))
_AVERAGE_VALUE = sum(card_value(c) for c in range(13)) / 13


@dataclass(frozen=True, slots=True)
class PickupParams:
    """Tuning of the pickup policy (points unless said otherwise)."""

    per_way: float = 0.3
    """Chance of reaching the table added per live card that would meld a hand card."""
    per_partner: float = 0.08
    """... and per card of the hand that is a partner (same rank, or suit within two)."""
    max_chance: float = 0.85
    """Highest chance a card not yet melded is taken to reach the table."""
    danger: float = 1.0
    """Weight of the value the opponent gets from a discard (chance x (value + ``danger_bonus``))."""
    danger_bonus: float = 5.0
    """Points added to a discard's value to the opponent for the tempo it gives them."""
    take_margin: float = 1.0
    """Points a take must beat the stock draw by."""
    hold: float = 1.0
    """Weight of the hand value (the cards kept) against the points put on the table now."""
    stuck_base: float = 0.2
    stuck_slope: float = 0.7
    """The chance a card left in hand is still there when the opponent goes gin:
    ``stuck_base + stuck_slope / opponent's cards`` (at most 1): high when they are close to gin."""
    per_card: float = 0.0
    """Points charged per card left in hand: each one delays the player's own gin."""
    threat_cards: int = 2
    """With this many cards or fewer, an opponent who can use a discard may go gin with it:
    the discard's danger counts the gin (bonus and this hand) too."""
    deny: float = 0.0
    """Weight of the discard pile's value to the opponent, as the turn leaves it
    (:meth:`PickupStrongAgent.pile_value`): charged to each take, the draw and each discard
    (0: not counted, as ``strong``)."""
    deny_samples: int = 8
    """Opponent hands sampled to value the discard pile for the opponent."""
    deny_discards: int = 4
    """Discards (the best by :meth:`PickupStrongAgent.discard_rank`) whose pile is valued."""


@dataclass(frozen=True, slots=True)
class PickupWorld:
    """What the player can see that the values need: ``unseen`` cards (in the stock or the
    opponent's hand), ``p_opp`` the chance an unseen card is the opponent's, ``opp_known``
    cards the opponent took and holds, ``table`` masks of the table melds, ``opp_size`` the
    opponent's card count."""

    unseen: CardSet
    p_opp: float
    opp_known: CardSet
    table: tuple[CardSet, ...]
    opp_size: int

    @classmethod
    def of(cls, view: PickupView) -> PickupWorld:
        table = tuple(m.mask for m in view.table)
        on_table = 0
        for m in table:
            on_table |= m
        pile = 0
        for c in view.discard_pile:
            pile |= 1 << c
        known = view.opponent_known
        unseen = FULL_DECK & ~view.hand & ~on_table & ~pile & ~known
        n = unseen.bit_count()
        p = max(0, view.opponent_hand_size - known.bit_count()) / n if n else 0.0
        return cls(unseen, min(p, 1.0), known, table, view.opponent_hand_size)

    def p_held(self, card: int) -> float:
        """The chance the opponent holds ``card``."""
        if self.opp_known >> card & 1:
            return 1.0
        return self.p_opp if self.unseen >> card & 1 else 0.0


def _extends_table(card: int, other: int, table: tuple[CardSet, ...]) -> bool:
    """Whether ``other`` then ``card`` can both go onto one table meld."""
    for m in table:
        lay = addable_cards(m)
        if lay >> other & 1 and addable_cards(m | 1 << other) >> card & 1:
            return True
    return False


def hand_value(hand: CardSet, world: PickupWorld, p: PickupParams) -> float:
    """Value (points, higher is better, at most 0) of the cards left in ``hand`` after the
    turn's plays: minus each card's value times the chance it never reaches the table and is
    still in hand when the opponent goes gin."""
    stuck = min(1.0, p.stuck_base + p.stuck_slope / max(world.opp_size, 1))
    total = 0.0
    live = world.unseen
    x = hand
    while x:
        low = x & -x
        c = low.bit_length() - 1
        x ^= low
        rest = hand & ~low
        ways = 0.0
        cands = NEAR[c] & live
        while cands:
            ub = cands & -cands
            u = ub.bit_length() - 1
            cands ^= ub
            if fits_meld(c, rest | ub) or _extends_table(c, u, world.table):
                ways += 1.0 - world.p_held(u)
        mates = (NEAR[c] & rest).bit_count()
        chance = min(p.max_chance, p.per_way * ways + p.per_partner * mates)
        total -= card_value(c) * (1.0 - chance)
    return total * stuck - p.per_card * hand.bit_count()


def danger(card: int, world: PickupWorld) -> float:
    """The chance the opponent can use ``card``: add it to a table meld, or meld it with two
    cards they may hold (pairs treated as independent)."""
    for m in world.table:
        if addable_cards(m) >> card & 1:
            return 1.0
    miss = 1.0
    for pair in _PAIRS[card]:
        a = pair & -pair
        b = pair ^ a
        miss *= 1.0 - world.p_held(a.bit_length() - 1) * world.p_held(b.bit_length() - 1)
    return 1.0 - miss


class PickupStrongAgent(PickupSimpleAgent):
    """The ``strong`` pickup policy (see the module docstring); ``seed``: an int or a
    ``random.Random`` (ties); ``params``: the tuning.

    >>> from ginrummy.variants.pickup import PickupState
    >>> from ginrummy.rules import Rules
    >>> s = PickupState.deal(Rules.preset("pickup"), dealer=0, rng=1)
    >>> PickupStrongAgent(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "strong"

    def __init__(self, seed: int | random.Random | None = 0, params: PickupParams | None = None) -> None:
        super().__init__(seed)
        self.params = params or PickupParams()

    # -- values ------------------------------------------------------------------

    def discard_score(self, hand: CardSet, card: int, world: PickupWorld) -> float:
        """Value (points, higher is better) of the hand left by discarding ``card`` from ``hand``
        (:func:`hand_value`), as the take rule judges a turn's end."""
        return hand_value(hand & ~(1 << card), world, self.params)

    def turn_value(self, hand: CardSet, taken: CardSet, world: PickupWorld, gin_value: float) -> float:
        """Value (points) of a turn from ``hand`` (after the draw or take; ``taken`` the cards
        taken from the pile, which may not be thrown back while others are held): the points
        the plays put on the table plus the best discard's value, or ``gin_value`` more when the
        turn goes gin."""
        placed = planned_table_cards(hand, list(world.table))
        rest = hand & ~placed
        gain = float(pickup_points(placed))
        if rest.bit_count() <= 1:
            return gain + gin_value
        hold = self.params.hold
        cards = rest & ~taken or rest
        best = None
        x = cards
        while x:
            low = x & -x
            x ^= low
            v = self.discard_score(rest, low.bit_length() - 1, world)
            if best is None or v > best:
                best = v
        assert best is not None
        return gain + hold * best

    def gin_value(self, world: PickupWorld) -> float:
        """Points of going gin beyond the cards laid: the bonus and the opponent's likely hand."""
        return 25.0 + world.opp_size * _AVERAGE_VALUE

    # -- the discard pile for the opponent ---------------------------------------------

    def opponent_hands(self, world: PickupWorld) -> list[CardSet]:
        """``deny_samples`` opponent hands: the cards it is known to hold plus unseen cards
        drawn at random (``CardSet`` each)."""
        unknown = max(0, world.opp_size - world.opp_known.bit_count())
        cards = [c for c in range(52) if world.unseen >> c & 1]
        hands = []
        for _ in range(self.params.deny_samples):
            h = world.opp_known
            for c in self.rng.sample(cards, min(unknown, len(cards))):
                h |= 1 << c
            hands.append(h)
        return hands

    def pile_value(self, pile: Sequence[int], table: list[CardSet], hands: list[CardSet]) -> float:
        """The discard pile's value to the opponent (points, at least 0): over the sampled
        opponent ``hands``, the mean of the best take's gain (the points it lays on the table
        this turn beyond what the hand would lay anyway, less the taken cards left in hand),
        as a greedy player takes (:class:`~ginrummy.agents.pickup_simple.PickupSimpleAgent`).
        ``pile`` bottom first; ``table`` the table melds' masks."""
        if not pile or not hands:
            return 0.0
        usable = 0
        for m in table:
            usable |= addable_cards(m)
        total = 0.0
        for h in hands:
            near = usable
            y = h
            while y:
                low = y & -y
                y ^= low
                near |= NEAR[low.bit_length() - 1]
            base = -1
            best = 0
            taken = 0
            for k in range(1, len(pile) + 1):
                deep = pile[-k]
                taken |= 1 << deep
                if not near >> deep & 1:
                    continue  # the deepest card taken melds with nothing: no take reaches it
                if base < 0:
                    base = pickup_points(planned_table_cards(h, table))
                placed = planned_table_cards(h | taken, table)
                if k > 1 and not placed >> deep & 1:
                    continue
                gain = pickup_points(placed) - base - pickup_points(taken & ~placed)
                best = max(best, gain)
            total += best
        return total / len(hands)

    # -- taking ------------------------------------------------------------------

    def _best_take(self, view: PickupView) -> int:
        legal = {a.count for a in view.legal_actions if isinstance(a, Take)}
        if not legal:
            return 0
        world = PickupWorld.of(view)
        gin = self.gin_value(world)
        hand = view.hand
        pile = view.discard_pile
        table = list(world.table)
        deny = self.params.deny
        hands = self.opponent_hands(world) if deny else []
        best = self._draw_value(view, world, gin) + self.params.take_margin
        if deny:
            best -= deny * self.pile_value(pile, table, hands)
        best_k = 0
        taken = 0
        for k in range(1, len(pile) + 1):
            taken |= 1 << pile[-k]
            if k not in legal:
                continue
            if k > 1 and not planned_table_cards(hand | taken, table) >> pile[-k] & 1:
                continue
            v = self.turn_value(hand | taken, taken, world, gin)
            if deny:
                v -= deny * self.pile_value(pile[:-k], table, hands)
            if v > best:
                best, best_k = v, k
        return best_k

    def _draw_value(self, view: PickupView, world: PickupWorld, gin: float) -> float:
        """The expected turn value of a stock draw (``-inf`` with no stock)."""
        if not view.stock_size:
            return float("-inf")
        total = weight = 0.0
        hand = view.hand
        near = 0
        y = hand
        while y:
            low = y & -y
            y ^= low
            near |= NEAR[low.bit_length() - 1]
        for m in world.table:
            near |= addable_cards(m)
        lone: dict[int, float] = {}  # a card that melds with nothing: its value is all that counts
        x = world.unseen
        while x:
            low = x & -x
            x ^= low
            c = low.bit_length() - 1
            w = 1.0 - world.p_held(c)
            if w <= 0.0:
                continue
            if near & low:
                v = self.turn_value(hand | low, 0, world, gin)
            else:
                key = card_value(c)
                if key not in lone:
                    lone[key] = self.turn_value(hand | low, 0, world, gin)
                v = lone[key]
            total += w * v
            weight += w
        return total / weight if weight else self.turn_value(hand, 0, world, gin)

    # -- discarding ----------------------------------------------------------------

    def _discard(self, view: PickupView, discards: list[Discard]) -> Discard:
        if len(discards) == 1:
            return discards[0]
        world = PickupWorld.of(view)
        hand = view.hand
        if not self.params.deny:
            return max(discards, key=lambda a: self.discard_rank(hand, a.card, world))
        ranked = sorted(((self.discard_rank(hand, a.card, world), a) for a in discards), reverse=True)
        ranked = ranked[: self.params.deny_discards]
        hands = self.opponent_hands(world)
        pile = list(view.discard_pile)
        table = list(world.table)
        deny = self.params.deny

        def charged(item: tuple[tuple[bool, float, int], Discard]) -> tuple[bool, float, int]:
            (lone, value, card), a = item
            return (lone, value - deny * self.pile_value([*pile, a.card], table, hands), card)

        return max(ranked, key=charged)[1]

    def discard_rank(self, hand: CardSet, card: int, world: PickupWorld) -> tuple[bool, float, int]:
        """How good throwing ``card`` from ``hand`` is (the highest is thrown): a card with no
        partner in hand first, then its value less 3 points per partner and less ``danger``
        times the chance the opponent can use it times its worth to them; the higher card on ties."""
        p = self.params
        n = partners(card, hand)
        v = card_value(card)
        worth = v + p.danger_bonus
        if world.opp_size <= p.threat_cards:
            worth += 25.0 + pickup_points(hand & ~(1 << card))
        return (n == 0, v - 3 * n - p.danger * danger(card, world) * worth, card)


EXPERT_PICKUP = PickupParams(deny=0.7)
"""The ``expert``'s tuning: ``strong``'s, and the discard pile valued for the opponent."""


class PickupExpertAgent(PickupStrongAgent):
    """The ``expert`` pickup policy (see the module docstring): ``strong``'s with
    :data:`EXPERT_PICKUP`."""

    name = "expert"

    def __init__(self, seed: int | random.Random | None = 0, params: PickupParams | None = None) -> None:
        super().__init__(seed, params or EXPERT_PICKUP)
