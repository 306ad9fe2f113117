"""The rule sets' own policies of ``expert``: the race to gin of gin-only hands (straight gin,
:mod:`ginrummy.agents.straight_play`) and the discard pile valued for the opponent at
discard-pile pickup (:meth:`ginrummy.agents.pickup_strong.PickupStrongAgent.pile_value`)."""

from __future__ import annotations

import random

from ginrummy.agents import make_agent
from ginrummy.agents.expert import ExpertAgent
from ginrummy.agents.pickup_strong import EXPERT_PICKUP, PickupExpertAgent, PickupParams, PickupStrongAgent
from ginrummy.agents.sparring import frozen_expert
from ginrummy.agents.straight_play import DEFAULT, StraightParams, race_value, straight_action
from ginrummy.agents.strong import StrongAgent
from ginrummy.agents.variant_play import variant_action
from ginrummy.cards import Card, parse_cards
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import STANDARD
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import DrawStock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from helpers.agents import quick_agent
from helpers.build import pure_only
from helpers.hands import play_out
from helpers.pickup import deck_for

STRAIGHT = Rules.preset("straight")
MELDED = "Ac 2c 3c 4d 5d 6d 7h 8h 9h"  # three melds: gin is one card away with a lone card


def offer(hand: str, upcard: str, rules: Rules = STRAIGHT) -> HandState:
    """A hand dealt so that the non-dealer (player 0) holds ``hand`` and is offered ``upcard``."""
    dealer = "Qc Qd Jh Js 2s 3s 5h 6s 8c Jc"
    return HandState(rules, 1, deck_for(hand, dealer, upcard))


def test_gin_race_takes_the_upcard_that_goes_gin() -> None:
    s = offer(MELDED + " Ks", "Th")
    assert s.phase is Phase.OFFER and s.to_act == 0
    assert straight_action(ExpertAgent(seed=1), s.view(0)) == TakeDiscard()


def test_gin_race_passes_an_upcard_that_melds_with_nothing() -> None:
    # the jack of diamonds has no card of its rank and no suit neighbour within two in the hand
    s = offer(MELDED + " Ks", "Jd")
    assert straight_action(ExpertAgent(seed=1), s.view(0)) == Pass()


def test_only_gin_only_hands_and_only_the_expert_take_the_race() -> None:
    eaai = offer(MELDED + " Ks", "Jd", Rules.preset("eaai"))
    assert variant_action(ExpertAgent(seed=1), eaai.view(0)) is None  # knocking allowed: as itself
    straight = offer(MELDED + " Ks", "Jd")
    assert variant_action(ExpertAgent(seed=1), straight.view(0)) == Pass()
    assert variant_action(StrongAgent(seed=1), straight.view(0)) is None
    assert variant_action(frozen_expert(1), straight.view(0)) is None  # its November play


@pure_only
def test_an_expert_given_no_race_params_does_not_race() -> None:
    straight = offer(MELDED + " Ks", "Jd")
    off = ExpertAgent(seed=1)
    setattr(off, "straight_params", None)  # noqa: B010 - how measurements turn the race off
    assert variant_action(off, straight.view(0)) is None


def test_race_value_scores_an_early_gin_above_a_late_one() -> None:
    hand = parse_cards(MELDED + " Ks")
    out, blank = Card("Th"), Card("Jd")  # Th extends the heart run: gin; Jd melds with nothing
    no_hazard = StraightParams(hazard=0.0)
    # drawing the out at once: the gin bonus and the opponent's deadwood, nothing lost before it
    assert race_value(hand, [out], False, 25, no_hazard, STANDARD) == 25 + no_hazard.opp_deadwood
    soon = race_value(hand, [out], True, 25, DEFAULT, STANDARD)
    late = race_value(hand, [blank, blank, out], True, 25, DEFAULT, STANDARD)
    never = race_value(hand, [blank, blank, blank], True, 25, DEFAULT, STANDARD)
    assert soon > late > 0 > never
    # the opponent's chance of gin before each draw costs the gin bonus and the deadwood (10)
    assert never < -(25 + 10) * DEFAULT.hazard


def test_the_expert_plays_straight_gin_hands_to_gin_or_a_dead_hand() -> None:
    for seed in range(3):
        state = HandState.deal(STRAIGHT, seed % 2, random.Random(seed))
        result = play_out(state, [quick_agent("expert", seed), make_agent("simple", seed + 1)])
        assert result.outcome in (Outcome.GIN, Outcome.BIG_GIN, Outcome.DEAD)


def test_pile_value_is_the_best_take_gain_for_the_opponent() -> None:
    agent = PickupExpertAgent(seed=0)
    sevens = parse_cards("7c 7d Kh Qs 2h")
    pile = [Card("Js"), Card("7h")]
    # taking the 7h lays 7c 7d 7h (5 points each, 002): 15 points gained
    assert agent.pile_value(pile, [], [sevens]) == 15
    # with the jack on top, the take must go down to the 7h and keep the jack (10 in hand)
    assert agent.pile_value([Card("7h"), Card("Js")], [], [sevens]) == 15 - 10
    assert agent.pile_value(pile, [], [parse_cards("Kh Qs 2h 4d 9c")]) == 0
    assert agent.pile_value([], [], [sevens]) == 0


def test_only_the_expert_values_the_pile_for_the_opponent() -> None:
    assert EXPERT_PICKUP.deny > 0
    assert PickupExpertAgent(seed=0).params == EXPERT_PICKUP
    assert PickupStrongAgent(seed=0).params == PickupParams() and PickupParams().deny == 0


def test_a_straight_draw_is_a_legal_choice() -> None:
    s = offer(MELDED + " Ks", "Qs")  # the queen is a partner of the king: the race decides
    assert straight_action(ExpertAgent(seed=2), s.view(0)) in (TakeDiscard(), Pass())
    s.push(Pass())
    s.push(Pass())
    assert s.phase is Phase.DRAW
    assert straight_action(ExpertAgent(seed=2), s.view(0)) in (None, DrawStock())
