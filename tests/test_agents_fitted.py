"""The expert's fitted knock and upcard rules: features from the view checked against a
brute-force oracle, and decisions that follow the rule's sign."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ginrummy.agents import fitted
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.fitted import DRAW_FEATURES, KNOCK_FEATURES, draw_features, knock_features
from ginrummy.agents.tracking import track
from ginrummy.hand.phase import Phase
from ginrummy.melds import fits_meld
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView
from helpers import oracle
from helpers.strategies import strong_views

EAAI = Rules.preset("eaai")
NO_SEARCH = ExpertParams(
    samples=0, draw_rule=True, knock_rule=True, race_draw=False
)  # the fitted rules alone


def _knock_chance(view: PlayerView) -> bool:
    """A knock short of gin is legal, not forced."""
    knocks = any(isinstance(a, Knock) for a in view.legal_actions)
    return view.phase is Phase.DISCARD and not view.must_knock and knocks


def _close_upcard(view: PlayerView) -> bool:
    """The upcard may be taken and fits a meld."""
    up = view.upcard
    take = view.phase in (Phase.OFFER, Phase.DRAW) and TakeDiscard() in view.legal_actions
    return take and up is not None and fits_meld(up, view.hand)


def _chances(kind: str, wanted: int) -> list[PlayerView]:
    """Views of knock chances or close upcard choices, from seeded strong v strong hands."""
    return strong_views(_knock_chance if kind == "knock" else _close_upcard, wanted, EAAI)


def test_knock_features_match_a_brute_force_count() -> None:
    agent = ExpertAgent(seed=1, search=NO_SEARCH)
    for view in _chances("knock", 12):
        tr = track(view)
        knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
        knock, dw = agent.best_knock(tr, knocks)
        if dw == 0:
            continue
        f = knock_features(agent, view, tr, knock, dw)
        assert set(f) == set(KNOCK_FEATURES)
        for k in ("undercut", "opp_knocks", "gin_next"):
            assert 0.0 <= f[k] <= 1.0
        assert f["dw"] == dw
        # every sampled hand either undercuts (at least the 25-point bonus lost) or pays at least 1
        assert f["undercut"] > 0 or f["ev"] >= 1
        assert f["undercut"] < 1 or f["ev"] <= -EAAI.undercut_bonus
        assert f["stock"] == view.stock_size
        # the chance of gin next: every unseen card whose draw leaves some 10 cards all melded
        h10 = view.hand & ~(1 << knock.card)
        gin = sum(
            tr.p_next_draw(u)
            for u in range(52)
            if tr.unseen >> u & 1
            and any(
                oracle.least_deadwood((h10 | 1 << u) & ~(1 << d)) == 0
                for d in range(52)
                if (h10 | 1 << u) >> d & 1
            )
        )
        assert f["gin_next"] == pytest.approx(gin)


def test_draw_features_match_a_brute_force_count() -> None:
    agent = ExpertAgent(seed=1, search=NO_SEARCH)
    for view in _chances("draw", 12):
        tr = track(view)
        f = draw_features(agent, view, tr)
        assert set(f) == set(DRAW_FEATURES)
        up = view.upcard
        assert up is not None
        assert f["melds"] == 1.0
        assert f["dw"] == oracle.least_deadwood(view.hand)
        with_up = view.hand | 1 << up
        assert f["take_dw"] == min(
            oracle.least_deadwood(with_up & ~(1 << c)) for c in range(52) if view.hand >> c & 1
        )
        assert 0.0 <= f["danger"] <= 1.0
        assert f["stock"] == view.stock_size


@pytest.mark.parametrize("fit", fitted.KNOCK_FITS)
@pytest.mark.parametrize("bias", [1000.0, -1000.0])
def test_the_expert_knocks_as_the_fitted_rule_says(
    monkeypatch: pytest.MonkeyPatch, bias: float, fit: str
) -> None:
    name = {"strong": "KNOCK_WEIGHTS", "quadratic": "KNOCK_WEIGHTS_QUADRATIC"}[fit]
    monkeypatch.setattr(fitted, name, {"bias": bias})
    agent = ExpertAgent(seed=2, search=replace(NO_SEARCH, knock_fit=fit))
    seen = 0
    for view in _chances("knock", 8):
        tr = track(view)
        _, dw = agent.best_knock(tr, [a for a in view.legal_actions if isinstance(a, Knock)])
        action = agent.act(view)
        if dw == 0:
            assert isinstance(action, Knock)  # gin always
            continue
        seen += 1
        assert isinstance(action, Knock) if bias > 0 else isinstance(action, Discard)
    assert seen


@pytest.mark.parametrize("bias", [1000.0, -1000.0])
def test_the_expert_takes_the_upcard_as_the_fitted_rule_says(
    monkeypatch: pytest.MonkeyPatch, bias: float
) -> None:
    monkeypatch.setattr(fitted, "DRAW_WEIGHTS", {"bias": bias})
    agent = ExpertAgent(seed=2, search=NO_SEARCH)
    for view in _chances("draw", 8):
        action = agent.act(view)
        if bias > 0:
            assert action == TakeDiscard()
        else:
            assert action in (Pass(), DrawStock())


def test_every_term_of_the_quadratic_rule_is_a_feature_or_a_product_of_two() -> None:
    terms = [k for k in fitted.KNOCK_WEIGHTS_QUADRATIC if k != "bias"]
    for term in terms:
        assert all(name in KNOCK_FEATURES for name in term.split("*")), term
        assert term.count("*") <= 1
    n = len(KNOCK_FEATURES)
    assert len(terms) == n + n * (n + 1) // 2  # the features, then each pair (squares included)


def test_an_unknown_knock_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown knock rule"):
        fitted.knock_weights("linear")
    with pytest.raises(ValueError, match="unknown knock rule"):
        ExpertParams(knock_fit="linear")
