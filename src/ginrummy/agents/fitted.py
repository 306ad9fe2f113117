"""The expert's fitted rules: knock or play on, take the upcard or draw.

Each rule is a line over features the player can see (its view only, through the card
tracking): it predicts the points gained by knocking over playing on (or by taking the upcard
over drawing from the stock), and the expert knocks (takes) when the prediction is positive.
The weights were fitted by least squares on ``strong`` v ``strong`` hands under the ``eaai``
rules where, at each knock chance (close upcard choice), both branches of the true hand were
played out by ``strong`` (``bench/decision_data.py``, ``bench/fit_rule.py``): one step of
policy improvement over the ``strong`` level, whose own rules are hand-set thresholds. The
fit and its cross-validated gain are in bench/README.md, section Strength. The weights ship
in ``fitted.json`` (:mod:`ginrummy.agents.fitted_data`), which ``make fitted`` rebuilds.
"""

from __future__ import annotations

from typing import cast

from ginrummy.agents import fitted_data
from ginrummy.agents.strong import StrongAgent, expected_draw_deadwood, hand_value, knock_points
from ginrummy.agents.tracking import Tracking
from ginrummy.cards import CardSet
from ginrummy.layoff import best_layoff
from ginrummy.melds import (
    STANDARD,
    MeldRules,
    discard_deadwoods,
    fits_meld,
    least_deadwood,
    least_deadwood_after_discard,
)
from ginrummy.variants.standard.actions import Knock
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "DRAW_FEATURES",
    "DRAW_WEIGHTS",
    "KNOCK_FEATURES",
    "KNOCK_FITS",
    "KNOCK_WEIGHTS",
    "KNOCK_WEIGHTS_QUADRATIC",
    "draw_features",
    "knock_features",
    "knock_weights",
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


KNOCK_WEIGHTS: dict[str, float] = fitted_data.weights("knock_strong")
"""The fitted knock rule: knock (short of gin) when ``bias`` plus the weighted
:func:`knock_features` is positive; a prediction of the points gained by knocking over
playing on, fitted by ``bench/fit_rule.py`` on 10,635 knock chances of ``strong`` v
``strong`` hands, each played out both ways (``bench/decision_data.py``, rules ``eaai``,
1,500 hands); cross-validated it gains 0.63 +- 0.08 points per knock chance over the
``strong`` rule."""

KNOCK_WEIGHTS_QUADRATIC: dict[str, float] = fitted_data.weights("knock_quadratic")
"""The knock rule of ``expert`` (``ExpertParams.knock_fit`` ``"quadratic"``): like
:data:`KNOCK_WEIGHTS` a prediction of the points gained by knocking over playing on, over the
same :func:`knock_features` and the product of each pair of them (terms ``"f*g"``), fitted by
``bench/fit_rule.py --products`` on 16,256 knock chances of 2,800 ``eaai`` hands, each played
out both ways: 1,600 hands of the expert's rules (``strong`` with the :data:`KNOCK_WEIGHTS`
rule, no search) against themselves and 1,200 of ``strong`` v ``strong``
(``bench/decision_data.py --players rules`` and ``--players strong``). Cross-validated (five
folds of whole hands) it gains 0.30 +- 0.08 points per knock chance over :data:`KNOCK_WEIGHTS`
on the same chances (bench/README.md, "A second knock rule"); a line refitted on the same data
gains nothing (-0.02 +- 0.05): what the products add is the interplay of the undercut risk,
the opponent's threat and the chance of gin."""

DRAW_WEIGHTS: dict[str, float] = fitted_data.weights("draw")
"""The fitted upcard rule: take the upcard (when it fits a meld or lowers the deadwood) when
``bias`` plus the weighted :func:`draw_features` is positive; fitted like
:data:`KNOCK_WEIGHTS` on 4,432 close upcard choices. Off by default
(``ExpertParams.draw_rule``): cross-validated it gained nothing over the ``strong`` rule
(-0.05 +- 0.24 points per choice), unlike the knock rule."""


KNOCK_FITS = ("strong", "quadratic")
"""The names of the fitted knock rules (:func:`knock_weights`)."""


def knock_weights(fit: str) -> dict[str, float]:
    """The weights of the knock rule named ``fit``: ``"strong"`` (:data:`KNOCK_WEIGHTS`, a line
    fitted on ``strong`` v ``strong`` hands) or ``"quadratic"`` (:data:`KNOCK_WEIGHTS_QUADRATIC`,
    with products of the features, fitted on those and on hands of the expert's rules against
    themselves). Raises ``ValueError`` for another name.

    >>> knock_weights("strong") is KNOCK_WEIGHTS
    True
    """
    if fit == "strong":
        return KNOCK_WEIGHTS
    if fit == "quadratic":
        return KNOCK_WEIGHTS_QUADRATIC
    raise ValueError(f"unknown knock rule {fit!r}; rules: {', '.join(KNOCK_FITS)}")


def predict(weights: dict[str, float], features: dict[str, float]) -> float:
    """The rule's prediction (points gained by the first branch: knocking, taking the upcard):
    ``weights["bias"]`` plus the weighted terms. A term is a feature's name, or two names joined
    by ``*`` for their product (``bench/fit_rule.py --products``); a name missing from
    ``features`` raises ``KeyError``.

    >>> predict({"bias": 1.0, "dw": -0.5}, {"dw": 4.0, "stock": 20.0})
    -1.0
    >>> predict({"dw*stock": 0.5}, {"dw": 4.0, "stock": 20.0})
    40.0
    """
    total = weights.get("bias", 0.0)
    for k, w in weights.items():
        if k == "bias":
            continue
        f, _, g = k.partition("*")
        total += w * (features[f] * features[g] if g else features[f])
    return total
