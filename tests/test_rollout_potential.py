"""The rollouts' own discards that keep cards with meld potential (``OwnPlay.potential``,
``rollout.PARTNERS``, ``ExpertParams.own_potential``), checked against brute force."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.rollout import (
    AT_ONCE_POTENTIAL,
    PARTNERS,
    PLAIN,
    OwnPlay,
    guarded_discard,
    policy_discard,
)
from ginrummy.errors import ArgumentError
from ginrummy.melds import discard_deadwoods, is_meld


def test_partners_are_the_cards_one_more_card_makes_a_meld_with() -> None:
    for a in range(52):
        brute = 0
        for b in range(52):
            if b != a and any(is_meld((1 << a) | (1 << b) | (1 << x)) for x in range(52) if x not in (a, b)):
                brute |= 1 << b
        assert PARTNERS[a] == brute, a


def _hands(count: int) -> list[tuple[int, int | None]]:
    out: list[tuple[int, int | None]] = []
    for seed in range(count):
        cards = random.Random(seed).sample(range(52), 11)
        out.append((sum(1 << c for c in cards), cards[0] if seed % 3 == 0 else None))
    return out


@pytest.mark.parametrize("potential", [1, 2, 4])
def test_a_discard_costs_its_deadwood_left_plus_potential_for_each_partner_kept(potential: int) -> None:
    changed = 0
    for hand, taken in _hands(300):
        costs = {
            c: v + potential * sum(1 for p in range(52) if hand >> p & 1 and PARTNERS[c] >> p & 1)
            for c, v in discard_deadwoods(hand).items()
            if c != taken
        }
        least = min(costs.values())
        want = max((c for c, v in costs.items() if v == least), key=lambda c: c % 13)
        got = guarded_discard(hand, taken, 0, OwnPlay(potential=potential), False)
        assert got == (want, discard_deadwoods(hand)[want])
        changed += got != policy_discard(hand, taken)
    assert changed > 10  # the setting changes some discards, so the test can tell it from none


def test_no_potential_is_the_fast_policy() -> None:
    for hand, taken in _hands(100):
        assert guarded_discard(hand, taken, 0, OwnPlay(potential=0), False) == policy_discard(hand, taken)
    assert not OwnPlay(potential=0) and OwnPlay(potential=1)


def test_the_expert_hands_its_setting_to_the_rollouts() -> None:
    agent = ExpertAgent(seed=1, search=ExpertParams(own_potential=3))
    assert agent.own_play().potential == 3
    agent._opponent_waits = True  # as hand_over sets it once the opponent is seen to wait
    assert agent.own_play().potential == 3


def test_the_rollouts_keep_potential_by_the_opponent_with_none() -> None:
    assert ExpertAgent(seed=1, search=ExpertParams(prior_gin=False)).own_play() == PLAIN  # the default: 0
    agent = ExpertAgent(seed=1, search=ExpertParams(own_potential=None, prior_gin=False))
    assert agent.opponent_knocks_at_once()
    assert agent.own_play() == OwnPlay(potential=AT_ONCE_POTENTIAL)
    agent._opponent_waits = True
    assert agent.own_play() == PLAIN
    assert ExpertAgent(seed=1, search=ExpertParams(own_potential=0, prior_gin=False)).own_play() == PLAIN


def test_a_negative_own_potential_is_refused() -> None:
    with pytest.raises(ArgumentError, match="own_potential"):
        ExpertParams(own_potential=-1)
