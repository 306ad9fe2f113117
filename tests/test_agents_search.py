"""The expert's simulator (``rollout``) and the opponent-hand sampler, on constructed positions."""

from __future__ import annotations

import random

from ginrummy.agents.expert import ExpertAgent, rollout
from ginrummy.agents.strong import sample_opponent_hand
from ginrummy.agents.tracking import track
from ginrummy.cards import Card, parse_cards
from ginrummy.layoff import best_layoff
from ginrummy.melds import best_arrangement, least_deadwood
from ginrummy.rules import Rules
from ginrummy.state import HandState

EAAI = Rules.preset("eaai")
# I hold three runs and a 9: drawing the king of spades and throwing it back knocks with 9 points
ME = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th 9s")
OPP = parse_cards("Qs Qh Qd Js Jh Jd 2s 2h As Ah")  # 6 points of deadwood: an undercut of a 9-point knock
STOCK = [int(Card.parse(c)) for c in ("Ks", "Kh", "Kd")]  # one draw, then 2 cards left: the hand is dead


def knock_points_now() -> int:
    melds = best_arrangement(ME).melds
    od = best_layoff(melds, OPP).points
    assert od <= 9  # the position is what the test says it is
    return -(9 - od + EAAI.undercut_bonus)


def test_rollout_knocks_at_once_by_default() -> None:
    assert rollout(EAAI, ME, OPP, list(STOCK), None, False) == knock_points_now()


def test_rollout_waits_for_a_knock_that_scores() -> None:
    # waiting, I throw the king and play on; the stock then runs out: a dead hand (0)
    assert rollout(EAAI, ME, OPP, list(STOCK), None, False, wait=True) == 0


def test_rollout_opponent_waits_only_when_asked() -> None:
    # the same position from the opponent's seat: OPP to move knocks into my undercut unless waiting
    opp_me = parse_cards("Qs Qh Qd Js Jh Jd Tc 9c 8c 9s")  # 9 points after the melds
    mine = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th As")  # 1 point
    stock = [int(Card.parse(c)) for c in ("Ks", "Kh", "Kd")]
    assert least_deadwood(opp_me) == 9
    at_once = rollout(EAAI, mine, opp_me, list(stock), None, True)
    assert at_once > EAAI.undercut_bonus  # my undercut
    assert rollout(EAAI, mine, opp_me, list(stock), None, True, wait=True, opp_wait=True) == 0


def test_sampled_opponent_hands_are_consistent_with_the_view() -> None:
    state = HandState.deal(EAAI, dealer=1, rng=random.Random(5))
    for _ in range(12):  # a few turns of plain play
        state.push(next(iter(state.legal_actions)))
    view = state.view(state.to_act)
    tr = track(view)
    rng = random.Random(3)
    counts = [0] * 52
    n = 400
    for _ in range(n):
        hand = sample_opponent_hand(tr, rng, extra=3)
        assert hand.bit_count() == tr.opp_known.bit_count() + tr.opp_unknown
        assert hand & tr.opp_known == tr.opp_known
        assert hand & ~(tr.opp_known | tr.unseen) == 0  # never my cards or dead cards
        for c in range(52):
            counts[c] += hand >> c & 1
    # plain samples (no improvement draws) follow the tracking's probabilities
    plain = [0] * 52
    for _ in range(n):
        hand = sample_opponent_hand(tr, rng)
        for c in range(52):
            plain[c] += hand >> c & 1
    for c in range(52):
        assert abs(plain[c] / n - tr.prob[c]) < 0.12, (c, plain[c] / n, tr.prob[c])


def test_expert_leaves_the_strong_choice_only_for_a_clear_gain() -> None:
    agent = ExpertAgent(seed=0)
    assert agent._clearly_better([3.0, 2.0, 4.0, 3.0, 2.5, 3.5])  # every world gains
    assert not agent._clearly_better([25.0, -25.0, 25.0, -25.0, 1.0, 0.0])  # noise around zero
    assert not agent._clearly_better([-1.0, -2.0, -1.5, -1.0])  # a loss
    assert not agent._clearly_better([5.0])  # one world proves nothing
