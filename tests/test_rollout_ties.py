"""The rollouts' opponent that breaks ties between discards of least deadwood at random, as the 2021
EAAI challenge's SimpleGinRummyPlayer does (``rollout.tied_discard``, ``ExpertParams.opp_ties``)."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.rollout import policy_discard, tied_discard
from ginrummy.cards import Card, cards_of, parse_cards
from ginrummy.melds import best_discards

# unmelded: the nine of spades and the ten of clubs (no tie: the ten goes)
HAND11 = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th 9s Tc")
# three melds and four unmelded cards: the king, queen and jack tie (38 points left each)
TIED = parse_cards("2s 3s 4s 5h 6h 7h 9c 9d Kc Qd Jh")


def test_tied_discard_goes_at_random_among_the_least_deadwood_discards() -> None:
    picks = {tied_discard(TIED, None, seed) for seed in range(1, 200)}
    assert {c for c, _, _ in picks} == set(cards_of(parse_cards("Kc Qd Jh")))
    assert {dw for _, dw, _ in picks} == {38}
    assert all(state != seed for seed in range(1, 50) for _, _, state in [tied_discard(TIED, None, seed)])
    taken = int(Card.parse("Kc"))
    assert {tied_discard(TIED, taken, seed)[0] for seed in range(1, 200)} == set(
        cards_of(parse_cards("Qd Jh"))
    )
    # no tie: the fast policy's discard, and the seed is not moved on
    assert tied_discard(HAND11, None, 12345) == (*policy_discard(HAND11, None), 12345)


@pytest.mark.parametrize("seed", range(40))
def test_tied_discard_is_a_least_deadwood_discard(seed: int) -> None:
    rng = random.Random(seed)
    hand = sum(1 << c for c in rng.sample(range(52), 11))
    taken = rng.choice([None, *(c for c in range(52) if hand >> c & 1)])
    count, cards = best_discards(hand, 0 if taken is None else 1 << taken)
    card, dw, _ = tied_discard(hand, taken, rng.getrandbits(64) | 1)
    assert (card in cards, dw) == (True, count)


def test_the_rollouts_opponent_breaks_ties_at_random_only_with_opp_ties() -> None:
    off = ExpertAgent(seed=3, search=ExpertParams(opp_ties=False))
    state = off.rng.getstate()
    assert off.tie_seed() == 0 and off.rng.getstate() == state  # off: the generator is not drawn on
    on = ExpertAgent(seed=3, search=ExpertParams(opp_ties=True))
    assert {on.tie_seed() % 2 for _ in range(8)} == {1}
