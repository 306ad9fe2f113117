"""The rollouts' own discards that keep cards with meld potential (``OwnPlay.potential``,
``ExpertParams.own_potential``), checked against brute force."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.rollout import AT_ONCE_POTENTIAL, PLAIN, OwnPlay, guarded_discard, policy_discard
from ginrummy.errors import ArgumentError
from ginrummy.melds import STANDARD, MeldRules, discard_deadwoods, is_meld


def _partners(card: int, mr: MeldRules) -> set[int]:
    """The cards that one more card makes a 3-card meld with ``card`` (brute force)."""
    others = [c for c in range(52) if c != card]
    return {
        b for b in others if any(is_meld((1 << card) | (1 << b) | (1 << x), mr) for x in others if x != b)
    }


def _hands(count: int) -> list[tuple[int, int | None]]:
    out: list[tuple[int, int | None]] = []
    for seed in range(count):
        cards = random.Random(seed).sample(range(52), 11)
        out.append((sum(1 << c for c in cards), cards[0] if seed % 3 == 0 else None))
    return out


@pytest.mark.parametrize(
    ("potential", "mr"), [(1, STANDARD), (2, STANDARD), (4, STANDARD), (4, MeldRules.of(wrap=True))]
)
def test_a_discard_costs_its_deadwood_left_plus_potential_for_each_partner_kept(
    potential: int, mr: MeldRules
) -> None:
    partners = [_partners(c, mr) for c in range(52)]
    changed = 0
    for hand, taken in _hands(300):
        left = discard_deadwoods(hand, mr)
        costs = {
            c: v + potential * sum(1 for p in partners[c] if hand >> p & 1)
            for c, v in left.items()
            if c != taken
        }
        least = min(costs.values())
        want = max((c for c, v in costs.items() if v == least), key=lambda c: c % 13)
        got = guarded_discard(hand, taken, 0, OwnPlay(potential=potential), False, mr)
        assert got == (want, left[want])
        changed += got != policy_discard(hand, taken, mr)
    assert changed > 10  # the setting changes some discards, so the test can tell it from none


def test_no_potential_is_the_fast_policy() -> None:
    for hand, taken in _hands(100):
        assert guarded_discard(hand, taken, 0, OwnPlay(potential=0), False) == policy_discard(hand, taken)
    assert not OwnPlay(potential=0) and OwnPlay(potential=1)


def test_the_expert_hands_its_setting_to_the_rollouts() -> None:
    agent = ExpertAgent(seed=1, search=ExpertParams(own_potential=3))
    assert agent.own_play().potential == 3
    agent.seen.waits = True  # as hand_over sets it once the opponent is seen to wait
    assert agent.own_play().potential == 3


def test_the_rollouts_keep_potential_by_the_opponent_with_none() -> None:
    assert ExpertAgent(seed=1, search=ExpertParams(prior_gin=False)).own_play() == PLAIN  # the default: 0
    agent = ExpertAgent(seed=1, search=ExpertParams(own_potential=None, prior_gin=False))
    assert agent.opponent_knocks_at_once()
    assert agent.own_play() == OwnPlay(potential=AT_ONCE_POTENTIAL)
    agent.seen.waits = True
    assert agent.own_play() == PLAIN
    assert ExpertAgent(seed=1, search=ExpertParams(own_potential=0, prior_gin=False)).own_play() == PLAIN


def test_a_negative_own_potential_is_refused() -> None:
    with pytest.raises(ArgumentError, match="own_potential"):
        ExpertParams(own_potential=-1)
