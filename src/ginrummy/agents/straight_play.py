"""How ``expert`` plays a gin-only hand: straight gin (002), or an Oklahoma hand whose upcard is
an ace with ace-means-gin (001): a race to gin, valued by the chance of getting there first.

With no knock short of gin, a hand ends only when a player goes gin (or the stock runs out: a
dead hand). The deadwood left matters only when the opponent goes gin first; what wins is
reaching gin sooner, so a hand is valued by its *outs* as they are: the live cards still to
come from the stock that complete its melds, and how soon they come. The value of a 10-card
hand (:func:`race_value`, points, higher is better) is played out over ``worlds`` sampled
stock orders (:class:`StraightParams`): an opponent hand drawn from the card tracking
(:func:`ginrummy.agents.strong.sample_opponent_hand`: the cards the opponent likely holds are
not live), the rest of the unseen cards shuffled as the stock, and the player drawing every
other card of it. At each of its draws the player keeps the 10 cards with the least deadwood
(the fast policy of :func:`ginrummy.agents.expert.rollout`); before each draw the opponent goes
gin with a chance that grows with its turns and the discards it has taken this hand
(``hazard`` + ``hazard_turn`` per turn + ``hazard_take`` per discard taken, at most
``hazard_max``: 3%, plus 0.6% a turn, plus 2% a take by default; a flat 7% before the eighth
session, bench/README.md), costing the gin bonus and the deadwood held then; going gin first
scores the bonus and ``opp_deadwood``; a hand still short of gin when the stock is down to the
rules' ``stock_left_dead`` cards (or after ``horizon`` draws) scores 0. The same worlds value
every option (common random numbers), so the differences between options are much less noisy
than the values.

* **Discard**: the agent's own choice (``expert``'s: the ``strong`` heuristics checked by its
  search) stands unless another of the ``candidates`` discards leaving the least deadwood
  (within ``spread`` points of the best) has a clearly better race value, less ``danger``
  points times the chance the opponent melds the card
  (:meth:`ginrummy.agents.tracking.Tracking.p_opp_melds`): by more than ``z`` standard errors
  of the per-world differences. A search that took the best mean of a few dozen worlds
  played worse than the choice it started from (bench/README.md, "Every rule set").
* **Take or draw**: an upcard that goes gin is taken; one that melds with no card of the hand
  is judged as the agent judges it; otherwise the agent's choice stands unless the other
  (taking, then the agent's discard; or a stock draw, then the fast policy's discard) has a
  clearly better race value in the same worlds.
* **Gin** is always taken; everything else (laying off, the last-chance phase) as the agent
  plays it.

Used by ``expert`` (:func:`ginrummy.agents.variant_play.variant_action` dispatches each gin-only
view here); once its time budget for the game is spent (``expert``'s ``hurried``) it plays as
itself, without the race.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import cast

from ginrummy.agents.strong import StrongAgent, sample_opponent_hand, sample_stock
from ginrummy.agents.tracking import Tracking, track
from ginrummy.cards import Card, CardSet
from ginrummy.hand.phase import Phase
from ginrummy.melds import (
    MeldRules,
    discard_deadwoods,
    fits_meld,
    least_deadwood,
    least_deadwood_after_discard,
)
from ginrummy.variants.standard.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView

__all__ = ["StraightParams", "race_value", "straight_action"]


@dataclass(frozen=True, slots=True)
class StraightParams:
    """Settings of the gin-race policy (points unless said otherwise)."""

    worlds: int = 24
    """Sampled stock orders per decision."""
    hazard: float = 0.03
    """Chance that the opponent goes gin on each of its turns (before ``hazard_turn`` and
    ``hazard_take``)."""
    hazard_turn: float = 0.006
    """Added to ``hazard`` per turn the opponent has had this hand (its draws and takes so
    far and in the simulation: a hand grows closer to gin as it draws)."""
    hazard_take: float = 0.02
    """Added to ``hazard`` per discard the opponent has taken this hand (each made or
    grew a meld)."""
    hazard_max: float = 0.5
    """The most the opponent's chance of gin in one turn is taken to be."""
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
    z: float = 1.5
    """Standard errors (of the per-world differences) by which an option must beat the
    agent's own choice to replace it."""


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
    opp_turns: int = 0,
    opp_takes: int = 0,
) -> float:
    """Points (higher is better) of racing to gin from the 10-card ``hand`` drawing ``draws`` in
    turn (the player's own stock cards, the stock left dead once they run out), the opponent
    moving first when ``opp_first`` (see the module docstring), having had ``opp_turns`` turns
    and taken ``opp_takes`` discards this hand so far (they raise its chance of gin per turn
    by ``hazard_turn`` and ``hazard_take``).

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
    hz = p.hazard + p.hazard_take * opp_takes
    for t, card in enumerate(draws[: p.horizon]):
        if opp_first or t:
            opp_turns += 1
            h = min(p.hazard_max, hz + p.hazard_turn * opp_turns)
            value -= surv * h * (gin_bonus + dw)
            surv *= 1.0 - h
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
        stock = sample_stock(tr, sample_opponent_hand(tr, rng), rng)
        out.append(stock[:live])
    return out


class _Race:
    """One decision's worlds and the values of its options in each world (points)."""

    def __init__(self, agent: StrongAgent, view: PlayerView, tr: Tracking, p: StraightParams) -> None:
        self.tr = tr
        self.p = p
        self.bonus = view.rules.gin_bonus
        self.worlds = _worlds(agent, tr, view, p.worlds)
        self.opp = (tr.opp_turns, tr.opp_took.bit_count())

    def _value(self, hand: CardSet, draws: list[int]) -> float:
        """:func:`race_value` of the 10-card ``hand`` drawing ``draws``, the opponent next."""
        return race_value(hand, draws, True, self.bonus, self.p, self.tr.mr, *self.opp)

    def discard_values(self, hand: CardSet, card: int) -> list[float]:
        """Per world, the race value of discarding ``card`` from the 11-card ``hand`` (the
        opponent draws next: this player draws the 2nd, 4th, ... cards of each stock), less
        the danger of the card."""
        kept = hand & ~(1 << card)
        charge = self.p.danger * self.tr.p_opp_melds(card)
        return [self._value(kept, stock[1::2]) - charge for stock in self.worlds]

    def draw_values(self, hand: CardSet) -> list[float]:
        """Per world, the race value of drawing from the stock now into the 10-card ``hand``
        (the drawn card, then the fast policy's discard, charged for danger)."""
        tr = self.tr
        mr = tr.mr
        dw = least_deadwood(hand, mr=mr)
        out: list[float] = []
        for stock in self.worlds:
            if not stock:
                out.append(0.0)
                continue
            card = stock[0]
            kept, d = _draw_step(hand, card, dw, mr)
            if d == 0:
                out.append(self.bonus + self.p.opp_deadwood)
                continue
            thrown = ((hand | (1 << card)) & ~kept).bit_length() - 1
            v = self._value(kept, stock[2::2])
            out.append(v - self.p.danger * tr.p_opp_melds(thrown))
        return out

    def clearly_better(self, new: list[float], old: list[float]) -> bool:
        """Whether ``new`` beats ``old`` by more than ``z`` standard errors of the per-world
        differences (the same worlds for both: a paired test)."""
        diffs = [a - b for a, b in zip(new, old, strict=True)]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > 0 and mean * mean * n > self.p.z * self.p.z * var


def straight_action(agent: StrongAgent, view: PlayerView, params: StraightParams = DEFAULT) -> Action | None:
    """The gin-race policy's action for a gin-only ``view`` (see the module docstring), or
    ``None`` where ``agent`` plays as itself (laying off, the last-chance phase, gin).

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules.preset("straight"), dealer=0, rng=5)
    >>> straight_action(StrongAgent(seed=0), s.view(s.to_act)) in s.legal_actions
    True
    """
    hurried = getattr(agent, "hurried", None)
    if hurried is not None and hurried():
        return None  # the game's time budget is spent: no search
    phase = view.phase
    legal = view.legal_actions
    if phase in (Phase.OFFER, Phase.DRAW):
        up = view.upcard
        other: Action = Pass() if phase is Phase.OFFER else DrawStock()
        if up is None or TakeDiscard() not in legal or other not in legal:
            return None  # no choice (or the stock is empty: taking is the only move)
        hand = view.hand
        tr = track(view)
        mr = tr.mr
        with_up = hand | (1 << up)
        if fits_meld(up, hand, mr=mr) and least_deadwood_after_discard(with_up, mr=mr) == 0:
            return TakeDiscard()  # gin this turn
        takes = agent.wants_upcard(view, tr)
        if not tr.near[up] & hand:
            return TakeDiscard() if takes else other  # melds with nothing: as the agent judges it
        race = _Race(agent, view, tr, params)
        cards = [c for c in range(52) if with_up >> c & 1 and c != up]
        thrown = agent.choose_discard(with_up, tr, cards, up)
        take = race.discard_values(with_up, thrown)
        draw = race.draw_values(hand)
        if takes:
            return other if race.clearly_better(draw, take) else TakeDiscard()
        return TakeDiscard() if race.clearly_better(take, draw) else other
    if phase is Phase.DISCARD:
        if any(isinstance(a, Knock | BigGin) for a in legal) or view.must_knock:
            return None  # gin (a knock is legal only with gin): played as the agent plays it
        discards = [a.card for a in legal if isinstance(a, Discard) and a.card != view.taken]
        if len(discards) <= 1:
            return None
        tr = track(view)
        default = agent.discard(view, tr)
        if not isinstance(default, Discard):
            return default
        hand = view.hand
        dd = cast(dict[int, int], discard_deadwoods(hand, mr=tr.mr))
        best_dw = min(dd[c] for c in discards)
        ranked = sorted(
            (c for c in discards if dd[c] <= best_dw + params.spread and c != default.card),
            key=lambda c: (dd[c], -tr.mr.rank_points[c % 13]),
        )
        cands = ranked[: params.candidates - 1]
        if not cands:
            return default
        race = _Race(agent, view, tr, params)
        base = race.discard_values(hand, default.card)
        values = {c: race.discard_values(hand, c) for c in cands}
        best = max(cands, key=lambda c: sum(values[c]))
        return Discard(Card(best)) if race.clearly_better(values[best], base) else default
    return None
