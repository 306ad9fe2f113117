"""The value of every option of one decision, from the deciding seat's view alone.

A value is the expected points of the hand for the seat that decides (positive: it scores,
negative: the opponent scores, 0: a dead hand), the hand's multiplier applied (Oklahoma's
spades), estimated by the expert's search machinery (:mod:`ginrummy.agents.expert`): ``n``
*worlds* drawn from the seat's card tracking (:func:`ginrummy.agents.tracking.track` of the
:class:`~ginrummy.variants.standard.view.PlayerView`, an opponent hand drawn as the expert's
search draws it (:func:`ginrummy.agents.strong.infer_opponent_hand` with the expert's
``infer_pool`` and ``infer_draws``: hands as if the opponent had improved on a few of its draws,
weighed by how well the opponent's latest discard fits them) and the other unseen cards as the
stock in a random order by :func:`ginrummy.agents.strong.sample_stock`), the opponent waiting for
an undercut in a share :data:`OPP_WAIT` of them, as the expert's own search assumes. Every
option is played out in the same worlds by :func:`ginrummy.agents.expert.rollout` (the fast
policy for both players; the seat knocks short of gin only when the knock scores, as the expert's
rollouts do), so two options' values are compared world by world (a paired difference).

What each option is worth in a world:

- take the upcard: the seat takes it, then plays on by the fast policy (a knock at once when it
  can and it scores); draw from the stock: the same from the stock's top card;
- pass the upcard: the opponent moves next, offered the upcard unless it already passed it;
- discard a card: the opponent moves next, offered that card;
- a knock, gin or big gin: scored exactly against the world's opponent hand (its best layoffs);
- the last chance (50th-card rule): passing ends the hand dead (0), taking knocks at once;
- the defender's layoff plan: exact (what it scores depends only on the defender's hand and the
  knocker's melds, both seen): every world gives the same value.

Nothing here reads a hidden card: two hands whose views are equal give equal values for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ginrummy.agents.expert import ExpertParams, draw_world, rollout
from ginrummy.agents.rollout import policy_discard
from ginrummy.agents.strong import knock_points
from ginrummy.agents.tracking import Tracking, track
from ginrummy.cards import CardSet
from ginrummy.hand.phase import Phase
from ginrummy.layoff import best_layoff
from ginrummy.melds import Meld, MeldRules, best_arrangement
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
from ginrummy.variants.standard.defense import custom_choice, layoff_choices
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "OPP_WAIT",
    "Estimate",
    "World",
    "decision_options",
    "option_values",
    "sample_worlds",
    "world_values",
]

_SEARCH = ExpertParams()
"""The expert's default search settings: the review draws its worlds as they do (:func:`draw_world`)."""

OPP_WAIT = _SEARCH.opp_wait
"""The share of worlds in which the opponent waits for an undercut (the expert's ``opp_wait``)."""


World = tuple[CardSet, tuple[int, ...], bool]
"""One world: the opponent's 10 cards, the stock (top first), whether the opponent waits."""


def decision_options(view: PlayerView) -> list[Action]:
    """The options of the decision in ``view`` (the seat to act): its legal actions, or in the
    layoff phase every distinct layoff plan (:func:`~ginrummy.variants.standard.defense.layoff_choices`),
    best first. Empty when it is not the seat's turn."""
    if view.phase is Phase.LAYOFF:
        return [c.action() for c in layoff_choices(view)]
    return list(view.legal_actions)


def sample_worlds(view: PlayerView, n: int, rng: random.Random) -> list[World]:
    """``n`` worlds consistent with ``view`` (see the module docstring), drawn with ``rng``."""
    tr = track(view)
    out: list[World] = []
    for _ in range(n):
        opp, stock, wait = draw_world(tr, rng, _SEARCH)
        out.append((opp, tuple(stock), wait))
    return out


def option_values(view: PlayerView, options: list[Action], n: int, rng: random.Random) -> list[list[float]]:
    """Per option of ``options`` (in order), its value (points for ``view.player``) in each of
    ``n`` worlds drawn with ``rng`` from ``view`` (:func:`sample_worlds`): ``n`` lists of ``n``
    values, the same worlds for every option. Raises ``ValueError`` for an option of no phase
    reviewed here."""
    if view.phase is Phase.LAYOFF:
        return [[_layoff_value(view, a)] * n for a in options]  # exact: nothing hidden matters
    worlds = sample_worlds(view, n, rng)
    return [world_values(view, a, worlds) for a in options]


def world_values(view: PlayerView, action: Action, worlds: list[World]) -> list[float]:
    """The value of ``action`` (points for ``view.player``) in each of ``worlds``. Raises
    ``ValueError`` for an action this review does not value (another variant's)."""
    if view.phase is Phase.LAYOFF:
        return [_layoff_value(view, action)] * len(worlds)
    tr = track(view)
    mult = view.multiplier
    return [mult * _value(view, tr, action, w) for w in worlds]


def _value(view: PlayerView, tr: Tracking, action: Action, world: World) -> float:
    rules, lim, hand, mr = view.rules, view.knock_limit, view.hand, tr.mr
    opp, stock, ow = world
    up = view.upcard
    if isinstance(action, TakeDiscard):
        if view.phase is Phase.LAST_CHANCE:
            return _knock_after_take(view, hand | (1 << up) if up is not None else hand, up, opp, mr)
        return rollout(rules, hand, opp, list(stock), up, False, True, ow, lim, take_top=True)
    if isinstance(action, DrawStock):
        return rollout(rules, hand, opp, list(stock), None, False, True, ow, lim)
    if isinstance(action, Pass):
        if view.phase is Phase.LAST_CHANCE:
            return 0.0
        passed = any(e.kind == "pass" and e.player != view.player for e in view.history)
        return rollout(rules, hand, opp, list(stock), None if passed else up, True, True, ow, lim)
    if isinstance(action, Discard):
        return rollout(rules, hand & ~(1 << action.card), opp, list(stock), action.card, True, True, ow, lim)
    if isinstance(action, Knock):
        return knock_value(view, hand & ~(1 << action.card), action.melds, opp, mr)
    if isinstance(action, BigGin):
        return rules.big_gin_bonus + _opp_deadwood(opp, mr)
    raise ValueError(f"no value for {action} in phase {view.phase.value}")


def knock_value(
    view: PlayerView, kept: CardSet, melds: tuple[Meld, ...] | None, opp: CardSet, mr: MeldRules
) -> int:
    """Points for the knocker (the seat of ``view``) of laying down the 10 cards ``kept`` in
    ``melds`` (``None``: the least-deadwood arrangement) against the opponent's 10 cards
    ``opp``: gin's bonus plus the opponent's deadwood, or a knock's points after the opponent's
    best layoffs (negative for an undercut)."""
    rules = view.rules
    if melds is None:
        melds = best_arrangement(kept, mr=mr).melds
    melded = 0
    for m in melds:
        melded |= m.mask
    dw = mr.points(kept & ~melded)
    if dw == 0:
        return rules.gin_bonus + _opp_deadwood(opp, mr)
    return knock_points(rules, dw, best_layoff(melds, opp, mr).points)


def _opp_deadwood(opp: CardSet, mr: MeldRules) -> int:
    return mr.points(opp & ~best_arrangement(opp, mr=mr).melded)


def _knock_after_take(
    view: PlayerView, hand11: CardSet, up: int | None, opp: CardSet, mr: MeldRules
) -> float:
    """The last chance's take: the least-deadwood discard (never the card taken) and a knock."""
    card, _ = policy_discard(hand11, up, mr)
    return knock_value(view, hand11 & ~(1 << card), None, opp, mr)


def _layoff_value(view: PlayerView, action: Action) -> float:
    """The defender's exact points of a layoff plan (negative: the knocker scores)."""
    if not isinstance(action, LayOff):
        raise ValueError(f"no value for {action} in the layoff phase")
    if action.melds is None and action.layoffs is None:
        points = layoff_choices(view)[0].points
    else:
        points = custom_choice(view, action.melds or (), action.layoffs or ()).points
    dw = view.meld_rules.points(view.knocker_deadwood)
    return -view.multiplier * knock_points(view.rules, dw, points)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean and its standard error (points) over worlds."""

    mean: float
    se: float

    @classmethod
    def of(cls, values: list[float]) -> Estimate:
        """The mean of ``values`` and its standard error (0 for fewer than two values)."""
        n = len(values)
        mean = sum(values) / n
        if n < 2:
            return cls(mean, 0.0)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, (var / n) ** 0.5)
