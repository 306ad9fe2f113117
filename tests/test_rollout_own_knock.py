"""The rollouts' own side that knocks short of gin only within ``own_limit`` points of deadwood
(``rollout``'s ``own_limit``, ``ExpertParams.own_knock``)."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.rollout import rollout
from ginrummy.errors import ArgumentError
from ginrummy.rules import Rules

EAAI = Rules.preset("eaai")  # gin and undercut each score a 25-point bonus


def _results(own_limit: int | None, deals: int = 300) -> list[int]:
    """Points for me in ``deals`` random rollouts where both sides knock as soon as they may
    (mine within ``own_limit``)."""
    out = []
    for seed in range(deals):
        rng = random.Random(seed)
        cards = rng.sample(range(52), 52)
        me = sum(1 << c for c in cards[:10])
        opp = sum(1 << c for c in cards[10:20])
        out.append(rollout(EAAI, me, opp, cards[21:], cards[20], bool(seed % 2), own_limit=own_limit))
    return out


def test_my_knocks_short_of_gin_end_rollouts_only_within_own_limit() -> None:
    # a positive result under 25 points is my knock short of gin: gins and undercuts score 25 more
    mine_short = [p for p in _results(None) if 0 < p < 25]
    assert len(mine_short) > 10
    assert [p for p in _results(0) if 0 < p < 25] == []
    assert _results(10) == _results(None)  # the eaai knock limit: the same hands


def test_the_expert_limits_its_rollouts_knocks_only_against_a_player_who_knocks_at_once() -> None:
    agent = ExpertAgent(seed=1, search=ExpertParams(own_knock=0, prior_gin=False))
    assert agent.opponent_knocks_at_once() and agent.own_limit() == 0
    agent.seen.waits = True  # as hand_over sets it once the opponent is seen to wait
    assert agent.own_limit() is None
    assert ExpertAgent(seed=1).own_limit() is None


def test_a_negative_own_knock_is_refused() -> None:
    with pytest.raises(ArgumentError, match="own_knock"):
        ExpertParams(own_knock=-1)
