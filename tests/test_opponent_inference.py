"""Opponent hands weighed by the opponent's latest discard (``strong.infer_opponent_hand``), and
the tracking's record of that discard, checked against a brute-force oracle and the true hands."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.strong import StrongAgent, discard_regret, infer_opponent_hand, sample_opponent_hand
from ginrummy.agents.tracking import track
from ginrummy.cards import Card, CardSet
from ginrummy.errors import ArgumentError
from ginrummy.hand.phase import Phase
from ginrummy.melds import least_deadwood
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard, DrawStock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from helpers.fixed_deal import deck


def test_the_tracking_keeps_the_opponents_latest_discard_and_its_take() -> None:
    s = HandState(Rules(), 1, deck())
    assert track(s.view(0)).opp_last_discard is None
    s.push(Pass())  # player 0 passes Ts
    s.push(TakeDiscard())  # player 1 takes Ts
    s.push(Discard(Card("2s")))
    t = track(s.view(0))
    assert (t.opp_last_discard, t.opp_last_take) == (Card("2s"), Card("Ts"))
    s.push(DrawStock())
    s.push(Discard(Card("Kc")))
    s.push(DrawStock())  # player 1 draws from the stock this time
    s.push(Discard(Card("4h")))
    t = track(s.view(0))
    assert (t.opp_last_discard, t.opp_last_take) == (Card("4h"), None)
    # the opponent's own view knows nothing of its own discards as an opponent's
    assert track(s.view(1)).opp_last_discard == Card("Kc")


def _regret_oracle(hand: CardSet, thrown: int, taken: int | None) -> int:
    """The discard's deadwood cost against the best legal discard, by least deadwood of each
    10-card hand left (the meld search itself, not the discard table)."""
    h11 = hand | 1 << thrown
    left = {c: least_deadwood(h11 & ~(1 << c)) for c in range(52) if h11 >> c & 1}
    return left[thrown] - min(v for c, v in left.items() if c != taken)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=11, max_size=11, unique=True), st.booleans())
def test_discard_regret_matches_the_oracle(cards: list[int], with_take: bool) -> None:
    thrown, hand_cards = cards[0], cards[1:]
    hand = sum(1 << c for c in hand_cards)
    taken = hand_cards[0] if with_take else None
    s = HandState(Rules(), 1, deck())
    tr = replace(track(s.view(0)), opp_last_discard=thrown, opp_last_take=taken)
    got = discard_regret(hand, tr)
    assert got == _regret_oracle(hand, thrown, taken)
    assert got >= 0


def _position() -> tuple[HandState, int]:
    """A hand a few turns in, seat 0 to discard, and the seed that dealt it."""
    rng = random.Random(11)
    s = HandState.deal(Rules.preset("eaai"), dealer=1, rng=rng.randrange(1 << 30))
    agents = [StrongAgent(1), StrongAgent(2)]
    while not (s.to_act == 0 and track(s.view(0)).opp_turns >= 4 and s.phase is Phase.DISCARD):
        s.push(agents[s.to_act].act(s.view(s.to_act)))
    return s, 11


def test_inferred_hands_are_hands_the_opponent_could_hold() -> None:
    s, _ = _position()
    tr = track(s.view(0))
    rng = random.Random(5)
    for _ in range(50):
        h = infer_opponent_hand(tr, rng, extra=2, pool=8)
        assert h.bit_count() == s.view(0).opponent_hand_size
        assert h & tr.opp_known == tr.opp_known
        assert h & ~(tr.unseen | tr.opp_known) == 0  # never my cards or the discard pile's


def test_pool_one_is_the_plain_sample() -> None:
    s, _ = _position()
    tr = track(s.view(0))
    a, b = random.Random(9), random.Random(9)
    for _ in range(20):
        assert infer_opponent_hand(tr, a, extra=3, pool=1) == sample_opponent_hand(tr, b, 3)


def test_weighing_favours_hands_that_explain_the_discard() -> None:
    s, _ = _position()
    tr = track(s.view(0))
    assert tr.opp_last_discard is not None
    plain = [discard_regret(sample_opponent_hand(tr, random.Random(i), 2), tr) for i in range(300)]
    weighed = [discard_regret(infer_opponent_hand(tr, random.Random(i), 2, 8), tr) for i in range(300)]
    assert sum(weighed) < 0.7 * sum(plain)


@pytest.mark.parametrize(("pool", "draws"), [(0, 2), (8, -1)])
def test_expert_params_refuse_a_bad_inference_setting(pool: int, draws: int) -> None:
    with pytest.raises(ArgumentError, match="infer_pool"):
        ExpertParams(infer_pool=pool, infer_draws=draws)


def test_the_tracking_keeps_the_hands_knock_limit() -> None:
    for preset in ("default", "eaai", "oklahoma"):
        s = HandState.deal(Rules.preset(preset), dealer=0, rng=3)
        view = s.view(1)
        assert track(view).knock_limit == view.knock_limit
    # Oklahoma: the first upcard's value is the limit, so it varies by deal
    limits = {
        track(HandState.deal(Rules.preset("oklahoma"), dealer=0, rng=r).view(1)).knock_limit
        for r in range(40)
    }
    assert len(limits) > 1


def test_an_opponent_who_knocks_at_once_holds_no_hand_it_could_knock_with() -> None:
    s, _ = _position()
    tr = track(s.view(0))
    assert tr.opp_last_discard is not None
    plain = [least_deadwood(infer_opponent_hand(tr, random.Random(i), 3, 8)) for i in range(200)]
    read = [least_deadwood(infer_opponent_hand(tr, random.Random(i), 3, 8, at_once=True)) for i in range(200)]
    assert min(plain) <= tr.knock_limit  # the plain reading does draw such hands here
    assert min(read) > tr.knock_limit


@pytest.mark.parametrize("limit", [-1, 200])
def test_at_once_changes_nothing_where_it_leaves_out_no_hand_or_every_hand(limit: int) -> None:
    s, _ = _position()
    tr = replace(track(s.view(0)), knock_limit=limit)
    a, b = random.Random(4), random.Random(4)
    for _ in range(30):
        assert infer_opponent_hand(tr, a, 3, 8, at_once=True) == infer_opponent_hand(tr, b, 3, 8)


def test_before_any_discard_at_once_is_the_plain_sample() -> None:
    s = HandState.deal(Rules.preset("eaai"), dealer=1, rng=8)
    tr = track(s.view(0))
    assert tr.opp_last_discard is None
    a, b = random.Random(2), random.Random(2)
    for _ in range(20):
        assert infer_opponent_hand(tr, a, 3, 8, at_once=True) == sample_opponent_hand(tr, b, 3)


@pytest.mark.parametrize("infer_at_once", [True, False])
def test_the_expert_reads_an_opponent_seen_to_knock_at_once(infer_at_once: bool) -> None:
    s, _ = _position()
    tr = track(s.view(0))
    expert = ExpertAgent(seed=6, search=ExpertParams(infer_at_once=infer_at_once))
    assert not expert.opponent_knocks_at_once()  # nothing seen yet (prior_gin)
    expert.seen.knocks = expert.seen.late_knocks = 1  # as if a hand showed it knocking short of gin
    assert expert.opponent_knocks_at_once()
    worlds = [least_deadwood(opp) for opp, _, _ in expert._worlds(tr, 200)]
    judged = [least_deadwood(expert.sample_opponent(tr)) for _ in range(200)]
    if infer_at_once:
        assert min(worlds) > tr.knock_limit and min(judged) > tr.knock_limit
    else:
        assert min(worlds) <= tr.knock_limit and min(judged) <= tr.knock_limit
