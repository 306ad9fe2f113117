"""How ``expert`` plays a gin-only hand: straight gin (002), or an Oklahoma hand whose upcard is
an ace with ace-means-gin (001): a race to gin, valued by the chance of getting there first.

With no knock short of gin, a hand ends only when a player goes gin (or the stock runs out: a
dead hand). The deadwood left matters only when the opponent goes gin first; what wins is
reaching gin sooner, so a hand is valued by its *outs* as they are: the live cards still to
come from the stock that complete its melds, and how soon they come. The value of a 10-card
hand (:func:`race_value`, points, higher is better) is played out over ``worlds`` sampled
stock orders (:meth:`StraightParams`): an opponent hand drawn from the card tracking
(:func:`ginrummy.agents.strong.sample_opponent_hand`: the cards the opponent likely holds are
not live), the rest of the unseen cards shuffled as the stock, and the player drawing every
other card of it. At each of its draws the player keeps the 10 cards with the least deadwood
(the fast policy of :func:`ginrummy.agents.expert.rollout`); before each draw the opponent goes
gin with chance ``hazard``, costing the gin bonus and the deadwood held then; going gin first
scores the bonus and ``opp_deadwood``; a hand still short of gin when the stock is down to the
rules' ``stock_left_dead`` cards (or after ``horizon`` draws) scores 0. The same worlds value
every option (common random numbers), so the differences between options are much less noisy
than the values.

* **Discard**: among the ``candidates`` discards leaving the least deadwood (within
  ``spread`` points of the best), the one whose hand has the best race value, less
  ``danger`` points times the chance the opponent melds the card
  (:meth:`ginrummy.agents.tracking.Tracking.p_opp_melds`).
* **Take or draw**: an upcard that melds with no card of the hand is passed; otherwise taking
  it (then the best discard as above) is played against a stock draw (the drawn card, then the
  fast policy's discard) in the same worlds, and taken when it scores ``take_margin`` points
  more.
* **Gin** is always taken; everything else (laying off, the last-chance phase) as ``strong``.

Used by ``expert`` (:func:`ginrummy.agents.variant_play.variant_action` dispatches each gin-only
view here); once its time budget for the game is spent it plays with ``hurried_worlds``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ginrummy.agents.strong import StrongAgent, sample_opponent_hand
from ginrummy.agents.tracking import Tracking, track
from ginrummy.cards import Card, CardSet
from ginrummy.hand.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.hand.phase import Phase
from ginrummy.hand.view import PlayerView
from ginrummy.melds import (
    MeldRules,
    discard_deadwoods,
    fits_meld,
    least_deadwood,
    least_deadwood_after_discard,
)

__all__ = ["StraightParams", "race_value", "straight_action"]


@dataclass(frozen=True, slots=True)
class StraightParams:
    """Settings of the gin-race policy (points unless said otherwise)."""

    worlds: int = 24
    """Sampled stock orders per decision."""
    hurried_worlds: int = 6
    """... once the game's time budget is spent."""
    hazard: float = 0.07
    """Chance that the opponent goes gin on each of its turns."""
    opp_deadwood: float = 20.0
    """Points the opponent is taken to hold when the player goes gin."""
    horizon: int = 14
    """Draws of the player simulated at most."""
    danger: float = 4.0
    """Points charged per unit chance that the opponent melds a discard."""
    candidates: int = 6
    """Discards valued at most (those leaving the least deadwood)."""
    spread: int = 15
    """Deadwood points above the least within which a discard is a candidate."""
    take_margin: float = 0.0
    """Points a take must beat the stock draw by."""


DEFAULT = StraightParams()


def _draw_step(hand: CardSet, card: int, dw: int, mr: MeldRules) -> tuple[CardSet, int]:
    """The fast policy's turn: draw ``card`` into the 10-card ``hand`` (deadwood ``dw``) and keep
    the 10 cards with the least deadwood (the drawn card thrown back when nothing is better).
    Returns (hand, deadwood); deadwood 0 is gin."""
    h11 = hand | (1 << card)
    d = least_deadwood_after_discard(h11, mr=mr)
    if d >= dw:
        return hand, dw
    best_c, best_v = card, dw
    for c, v in discard_deadwoods(h11, mr=mr).items():
        if v < best_v or (v == best_v and c % 13 > best_c % 13):
            best_c, best_v = c, v
    return h11 & ~(1 << best_c), best_v


def race_value(
    hand: CardSet,
    draws: list[int],
    opp_first: bool,
    gin_bonus: int,
    p: StraightParams,
    mr: MeldRules,
) -> float:
    """Points (higher is better) of racing to gin from the 10-card ``hand`` drawing ``draws`` in
    turn (the player's own stock cards, the stock left dead once they run out), the opponent
    moving first when ``opp_first`` (see the module docstring).

    >>> from ginrummy.cards import parse_cards
    >>> from ginrummy.melds import STANDARD
    >>> h = parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ks")
    >>> race_value(h, [parse_cards("Kc").bit_length() - 1], False, 25, DEFAULT, STANDARD)
    0.0
    >>> race_value(h, [parse_cards("Th").bit_length() - 1], False, 25, DEFAULT, STANDARD)
    45.0
    """
    dw = least_deadwood(hand, mr=mr)
    surv = 1.0
    value = 0.0
    hz = p.hazard
    for t, card in enumerate(draws[: p.horizon]):
        if opp_first or t:
            value -= surv * hz * (gin_bonus + dw)
            surv *= 1.0 - hz
        hand, dw = _draw_step(hand, card, dw, mr)
        if dw == 0:
            return value + surv * (gin_bonus + p.opp_deadwood)
    return value


def _worlds(agent: StrongAgent, tr: Tracking, view: PlayerView, n: int) -> list[list[int]]:
    """``n`` sampled stocks (top first) that can still be drawn before the hand is dead."""
    out: list[list[int]] = []
    rng: random.Random = agent.rng
    live = max(0, view.stock_size - view.rules.stock_left_dead)
    for _ in range(n):
        opp = sample_opponent_hand(tr, rng)
        rest = tr.unseen & ~opp
        stock = [c for c in range(52) if rest >> c & 1]
        rng.shuffle(stock)
        out.append(stock[:live])
    return out


class _Race:
    """One decision's worlds and the values of hands in them."""

    def __init__(self, agent: StrongAgent, view: PlayerView, tr: Tracking, p: StraightParams) -> None:
        self.tr = tr
        self.p = p
        self.bonus = view.rules.gin_bonus
        hurried = getattr(agent, "hurried", None)
        n = p.hurried_worlds if hurried is not None and hurried() else p.worlds
        self.worlds = _worlds(agent, tr, view, n)

    def after_discard(self, hand: CardSet) -> float:
        """Mean race value of the 10-card ``hand`` after this player's discard (the opponent
        draws next: this player draws the 2nd, 4th, ... cards of each stock)."""
        mr = self.tr.mr
        total = 0.0
        for stock in self.worlds:
            total += race_value(hand, stock[1::2], True, self.bonus, self.p, mr)
        return total / len(self.worlds)

    def best_discard(self, hand: CardSet, cards: Sequence[int]) -> tuple[int, float]:
        """(card, value) of the best discard among ``cards`` from the 11-card ``hand``."""
        tr = self.tr
        dd = cast(dict[int, int], discard_deadwoods(hand, mr=tr.mr))
        best_dw = min(dd[c] for c in cards)
        ranked = sorted(
            (c for c in cards if dd[c] <= best_dw + self.p.spread),
            key=lambda c: (dd[c], -tr.mr.rank_points[c % 13]),
        )
        cands = ranked[: self.p.candidates]
        if len(cands) == 1:
            return cands[0], 0.0
        scored = [
            (self.after_discard(hand & ~(1 << c)) - self.p.danger * tr.p_opp_melds(c), c) for c in cands
        ]
        value, card = max(scored, key=lambda s: (s[0], -dd[s[1]]))
        return card, value

    def draw_value(self, hand: CardSet) -> float:
        """Mean race value of drawing from the stock now into the 10-card ``hand`` (the drawn
        card, then the fast policy's discard, charged for danger)."""
        tr = self.tr
        mr = tr.mr
        dw = least_deadwood(hand, mr=mr)
        total = 0.0
        for stock in self.worlds:
            if not stock:
                continue
            card = stock[0]
            h11 = hand | (1 << card)
            kept, d = _draw_step(hand, card, dw, mr)
            if d == 0:
                total += self.bonus + self.p.opp_deadwood
                continue
            thrown = (h11 & ~kept).bit_length() - 1
            total += race_value(kept, stock[2::2], True, self.bonus, self.p, mr)
            total -= self.p.danger * tr.p_opp_melds(thrown)
        return total / len(self.worlds)


def straight_action(agent: StrongAgent, view: PlayerView, params: StraightParams = DEFAULT) -> Action | None:
    """The gin-race policy's action for a gin-only ``view`` (see the module docstring), or
    ``None`` where ``agent`` plays as itself (laying off, the last-chance phase, gin).

    >>> from ginrummy.hand.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules.preset("straight"), dealer=0, rng=5)
    >>> straight_action(StrongAgent(seed=0), s.view(s.to_act)) in s.legal_actions
    True
    """
    phase = view.phase
    legal = view.legal_actions
    if phase in (Phase.OFFER, Phase.DRAW):
        up = view.upcard
        other: Action = Pass() if phase is Phase.OFFER else DrawStock()
        if up is None or TakeDiscard() not in legal:
            return None
        if other not in legal:
            return None  # the stock is empty: taking is the only move
        hand = view.hand
        tr = track(view)
        if not tr.near[up] & hand:
            return other
        race = _Race(agent, view, tr, params)
        with_up = hand | (1 << up)
        cards = [c for c in range(52) if with_up >> c & 1 and c != up]
        if fits_meld(up, hand, mr=tr.mr) and least_deadwood_after_discard(with_up, mr=tr.mr) == 0:
            return TakeDiscard()  # gin this turn
        _, take = race.best_discard(with_up, cards)
        return TakeDiscard() if take > race.draw_value(hand) + params.take_margin else other
    if phase is Phase.DISCARD:
        if any(isinstance(a, Knock | BigGin) for a in legal) or view.must_knock:
            return None  # gin (a knock is legal only with gin): played as the agent plays it
        discards = [a.card for a in legal if isinstance(a, Discard) and a.card != view.taken]
        if len(discards) <= 1:
            return None
        tr = track(view)
        card, _ = _Race(agent, view, tr, params).best_discard(view.hand, discards)
        return Discard(Card(card))
    return None
