"""The expert's fitted rules: knock or play on, take the upcard or draw.

Each rule is a line over features the player can see (its view only, through the card
tracking): it predicts the points gained by knocking over playing on (or by taking the upcard
over drawing from the stock), and the expert knocks (takes) when the prediction is positive.
The weights were fitted by least squares on ``strong`` v ``strong`` hands under the ``eaai``
rules where, at each knock chance (close upcard choice), both branches of the true hand were
played out by ``strong`` (``bench/decision_data.py``, ``bench/fit_rule.py``): one step of
policy improvement over the ``strong`` level, whose own rules are hand-set thresholds. The
fit and its cross-validated gain are in bench/README.md, section Strength.
"""

from __future__ import annotations

from typing import cast

from ginrummy.agents.strong import StrongAgent, expected_draw_deadwood, hand_value, knock_points
from ginrummy.agents.tracking import Tracking
from ginrummy.cards import CardSet
from ginrummy.hand.actions import Knock
from ginrummy.hand.view import PlayerView
from ginrummy.layoff import best_layoff
from ginrummy.melds import (
    STANDARD,
    MeldRules,
    discard_deadwoods,
    fits_meld,
    least_deadwood,
    least_deadwood_after_discard,
)

__all__ = [
    "DRAW_FEATURES",
    "DRAW_WEIGHTS",
    "KNOCK_FEATURES",
    "KNOCK_WEIGHTS",
    "draw_features",
    "knock_features",
    "predict",
    "upcard_is_close",
]

KNOCK_FEATURES = ("ev", "undercut", "opp_knocks", "dw", "stock", "gin_next", "draw_dw", "opp_turns")
"""The names :func:`knock_features` returns, in the order of the knock rule's weights."""


def knock_features(
    agent: StrongAgent, view: PlayerView, tr: Tracking, knock: Knock, dw: int
) -> dict[str, float]:
    """What the knocker can see about a knock short of gin (``dw`` > 0 points of deadwood),
    from its view only, over ``agent.params.knock_samples`` opponent hands sampled from the
    tracking:

    ``ev`` expected points of the knock (negative: undercut), ``undercut`` the probability
    of an undercut, ``opp_knocks`` the probability that the opponent's hand could knock now
    (least deadwood at most the knock limit), ``dw`` the deadwood (points), ``stock`` the
    stock size (cards), ``gin_next`` the probability that the next stock card gives gin,
    ``draw_dw`` the expected deadwood after the next stock draw (points) and
    ``opp_turns`` the opponent's draws so far.
    """
    rules = view.rules
    melds = knock.melds or ()
    n = agent.params.knock_samples
    total = 0.0
    under = 0
    threat = 0
    for _ in range(n):
        opp = agent.sample_opponent(tr)
        od = best_layoff(melds, opp, tr.mr).points
        total += knock_points(rules, dw, od)
        under += od < dw or (od == dw and rules.undercut_on_tie)
        threat += least_deadwood(opp, mr=tr.mr) <= view.knock_limit
    h10 = tr.hand & ~(1 << knock.card)
    gin = 0.0
    if tr.stock_size:
        x = tr.unseen
        while x:
            low = x & -x
            x ^= low
            if least_deadwood_after_discard(h10 | low, mr=tr.mr) == 0:
                gin += tr.p_next_draw(low.bit_length() - 1)
    return {
        "ev": total / n,
        "undercut": under / n,
        "opp_knocks": threat / n,
        "dw": float(dw),
        "stock": float(tr.stock_size),
        "gin_next": gin,
        "draw_dw": expected_draw_deadwood(h10, tr),
        "opp_turns": float(tr.opp_turns),
    }


def upcard_is_close(hand: CardSet, up: int, mr: MeldRules = STANDARD) -> bool:
    """Whether the upcard ``up`` is a close choice for the 10-card ``hand`` (``CardSet``): it
    fits a meld with the hand or lowers its least deadwood (under the aces ``mr``). The
    upcard rule judges only these.

    >>> from ginrummy.cards import Card, parse_cards
    >>> upcard_is_close(parse_cards("7h 8h Kc Kd 2s 4c 6d 9s Jc Qd"), int(Card.parse("9h")))
    True
    """
    return fits_meld(up, hand, mr=mr) or least_deadwood_after_discard(hand | 1 << up, mr=mr) < least_deadwood(
        hand, mr=mr
    )


DRAW_FEATURES = ("melds", "dw", "take_dw", "draw_dw", "take_value", "draw_value", "stock", "danger")
"""The names :func:`draw_features` returns, in the order of the draw rule's weights."""


def draw_features(agent: StrongAgent, view: PlayerView, tr: Tracking) -> dict[str, float]:
    """What the player can see about taking the upcard (``view.upcard``) instead of drawing
    from the stock (or passing it at the offer):

    ``melds`` 1 when the upcard fits a meld with the hand, ``dw`` the hand's least deadwood
    now, ``take_dw`` the least deadwood after taking and the best discard, ``draw_dw`` the
    expected least deadwood after a stock draw and the best discard (points), ``take_value``
    the ``strong`` value of the hand after taking and its best discard and ``draw_value``
    the ``strong`` value of the hand now (points of :func:`~ginrummy.agents.strong.hand_value`,
    lower is better), ``stock`` the stock size (cards) and ``danger`` the probability that
    the opponent melds the upcard (what passing it may give away at the offer).
    """
    up = view.upcard
    assert up is not None
    hand = view.hand
    with_up = hand | (1 << up)
    dd = cast(dict[int, int], discard_deadwoods(with_up, mr=tr.mr))
    cards = [c for c in dd if c != up]
    take_dw = min(dd[c] for c in cards)
    best = agent.choose_discard(with_up, tr, cards, up)
    p = agent.params
    return {
        "melds": float(fits_meld(up, hand, mr=tr.mr)),
        "dw": float(least_deadwood(hand, mr=tr.mr)),
        "take_dw": float(take_dw),
        "draw_dw": expected_draw_deadwood(hand, tr),
        "take_value": agent.discard_value(with_up, best, tr),
        "draw_value": hand_value(hand, tr, p.potential),
        "stock": float(tr.stock_size),
        "danger": tr.p_opp_melds(up),
    }


KNOCK_WEIGHTS: dict[str, float] = {
    "bias": 38.87,
    "ev": 0.3893,
    "undercut": 11.2,
    "opp_knocks": 4.556,
    "dw": -7.103,
    "stock": -0.9354,
    "gin_next": -52.47,
    "draw_dw": 7.148,
    "opp_turns": -3.152,
}
"""The fitted knock rule: knock (short of gin) when ``bias`` plus the weighted
:func:`knock_features` is positive; a prediction of the points gained by knocking over
playing on, fitted by ``bench/fit_rule.py`` on 10,635 knock chances of ``strong`` v
``strong`` hands, each played out both ways (``bench/decision_data.py``, rules ``eaai``,
1,500 hands); cross-validated it gains 0.63 +- 0.08 points per knock chance over the
``strong`` rule."""

DRAW_WEIGHTS: dict[str, float] = {
    "bias": 4.464,
    "melds": 2.239,
    "dw": 0.06065,
    "take_dw": 0.1307,
    "draw_dw": -1.706,
    "take_value": -0.5675,
    "draw_value": 2.047,
    "stock": -0.09535,
    "danger": 2.255,
}
"""The fitted upcard rule: take the upcard (when it fits a meld or lowers the deadwood) when
``bias`` plus the weighted :func:`draw_features` is positive; fitted like
:data:`KNOCK_WEIGHTS` on 4,432 close upcard choices. Off by default
(``ExpertParams.draw_rule``): cross-validated it gained nothing over the ``strong`` rule
(-0.05 +- 0.24 points per choice), unlike the knock rule."""


def predict(weights: dict[str, float], features: dict[str, float]) -> float:
    """The rule's prediction (points gained by the first branch: knocking, taking the upcard):
    ``weights["bias"]`` plus the weighted features.

    >>> predict({"bias": 1.0, "dw": -0.5}, {"dw": 4.0, "stock": 20.0})
    -1.0
    """
    return weights.get("bias", 0.0) + sum(w * features[k] for k, w in weights.items() if k != "bias")
