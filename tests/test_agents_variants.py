"""The levels under every rule set: ``beginner``, ``strong`` and ``expert`` play each preset as
themselves (no fallback to ``simple``), legally from their own view, and follow the rules in force
in the hand (the knock limit of the view, gin only in straight gin, aces round the corner)."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import Level, make_agent, plays_as
from ginrummy.agents.beginner import BeginnerAgent
from ginrummy.agents.expert import ExpertAgent, rollout
from ginrummy.agents.strong import StrongAgent, layoff_cards
from ginrummy.agents.tracking import track
from ginrummy.agents.variant_play import rules_in_force
from ginrummy.cards import Card, format_cards, parse_cards
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld, least_deadwood, meld_rules
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import AnyAction, AnyView, deal_hand, variant_of
from ginrummy.variants.standard.actions import Knock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.agents import quick_agent
from helpers.hands import play_out

LEVELS = {"beginner": BeginnerAgent, "strong": StrongAgent, "expert": ExpertAgent}


def level(name: str, seed: int) -> Level:
    """``make_agent(name)``, the expert with a small search without time caps (as the level, only
    faster, and the same moves on a loaded machine)."""
    agent = quick_agent(name, seed)
    assert isinstance(agent, Level)
    return agent


class Knocks:
    """Wraps a level: records each knock with the view's knock limit and the deadwood it leaves
    (points, under the hand's aces). The hand loop refuses an illegal action (an error)."""

    def __init__(self, inner: Level) -> None:
        self.inner = inner
        self.name = inner.name
        self.knocks: list[tuple[int, int]] = []
        self.acted = 0

    def act(self, view: AnyView) -> AnyAction:
        action = self.inner.act(view)
        self.acted += 1
        if isinstance(action, Knock) and isinstance(view, PlayerView):
            left = least_deadwood(view.hand & ~(1 << action.card), mr=view.meld_rules)
            self.knocks.append((left, view.knock_limit))
        return action

    def hand_over(self, view: AnyView) -> None:
        self.inner.hand_over(view)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", sorted(LEVELS))
def test_each_level_plays_every_preset_as_itself(preset: str, name: str) -> None:
    """Whole hands from the view, the level's own policy answering (not ``simple``'s)."""
    rules = Rules.preset(preset)
    agent = level(name, 1)
    assert plays_as(agent, rules) == name
    policy = agent.policies[rules.variant]
    assert policy.name == name and (not variant_of(rules).knock_and_draw or type(agent.inner) is LEVELS[name])
    for seed in range(2 if name == "expert" else 4):
        me = Knocks(level(name, seed))
        state = deal_hand(rules, seed % 2, random.Random(seed))
        play_out(state, [me, make_agent("simple", seed + 1)], note=f"{preset} {name} seed {seed}")
        assert me.acted
        for left, limit in me.knocks:
            assert left <= limit


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_nobody_knocks_with_deadwood_in_straight_gin(name: str) -> None:
    rules = Rules.preset("straight")
    for seed in range(3 if name == "expert" else 8):
        me = Knocks(level(name, seed))
        state = HandState.deal(rules, seed % 2, random.Random(seed))
        result = play_out(state, [me, level("strong", seed + 1)], note=f"seed {seed}")
        assert result.outcome in (Outcome.GIN, Outcome.BIG_GIN, Outcome.DEAD)
        assert all(left == 0 for left, _ in me.knocks)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_levels_never_knock_above_the_oklahoma_limit(name: str) -> None:
    """Under Oklahoma the upcard sets each hand's limit; over many hands the levels knock, and
    never with more deadwood than that hand's limit, also in hands where it is below 10."""
    rules = Rules.preset("oklahoma")
    knocks: list[tuple[int, int]] = []
    for seed in range(30):
        me = Knocks(level(name, seed))
        state = HandState.deal(rules, seed % 2, random.Random(seed))
        play_out(state, [me, make_agent("simple", seed + 1)], note=f"seed {seed}")
        knocks += me.knocks
        if name == "expert" and len(knocks) >= 2:  # its search is slow: the first two knocks
            break
    assert knocks and all(left <= limit for left, limit in knocks)
    if name != "expert":
        assert any(0 < limit < 10 for _, limit in knocks)


def test_rollout_knocks_only_within_the_hands_limit() -> None:
    """The expert's simulator knocks at the limit it is given (Oklahoma's upcard), not the rules'."""
    rules = Rules.preset("eaai")
    me = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th 9s")  # 9 points after drawing a king and throwing it
    opp = parse_cards("Qs Qh Qd Js Jh Jd 2s 2h As Ah")  # 6 points: my 9-point knock is undercut
    stock = [int(Card.parse(c)) for c in ("Ks", "Kh", "Kd")]  # one draw, then a dead hand
    assert rollout(rules, me, opp, list(stock), None, False) < 0  # knocks at 9 under the rules' 10
    assert rollout(rules, me, opp, list(stock), None, False, knock_limit=5) == 0  # may not: dead hand


def test_rules_in_force_come_from_the_view() -> None:
    view = HandState.deal(Rules.preset("hollywood-aces"), dealer=0, rng=2).view(1)
    seen = rules_in_force(view)
    assert seen["knock_limit"] == view.knock_limit and seen["multiplier"] == view.multiplier
    assert seen["wrap"] is True and seen["ace_points"] == 15


HOLLYWOOD_ACES = Rules.preset("hollywood-aces")


def offer(rules: Rules, hand: str, upcard: str) -> PlayerView:
    """The non-dealer's first-turn view with ``hand`` and the ``upcard`` (a dealt view, edited)."""
    view = HandState.deal(rules, dealer=1, rng=4).view(0)
    assert view.phase is Phase.OFFER
    return view._replace(hand=parse_cards(hand), discard_pile=(Card.parse(upcard),))


def test_beginner_takes_an_upcard_that_melds_round_the_corner() -> None:
    """Q-K-A is a run only under Hollywood's aces: with Qs Ks the beginner (who takes only a
    card that melds) takes As there, not in the standard game."""
    hand = "Qs Ks 2c 4d 6h 8c 9d Th Jc 7s"
    agent = BeginnerAgent(1)
    agent.miss_take = 0.0
    assert agent.act(offer(HOLLYWOOD_ACES, hand, "As")) == TakeDiscard()
    assert agent.act(offer(Rules(), hand, "As")) == Pass()


def test_strong_takes_a_15_point_ace_only_when_it_melds() -> None:
    """Under Hollywood's aces an ace that melds nothing is 15 points of deadwood: ``strong``
    passes it, and takes it when it makes Q-K-A round the corner."""
    agent = StrongAgent(1)
    assert agent.act(offer(HOLLYWOOD_ACES, "Qs Ks 2c 4d 6h 8c 9d Th Jc 7s", "As")) == TakeDiscard()
    assert agent.act(offer(HOLLYWOOD_ACES, "5c 3h 2c 4d 6h 8c 9d Th Jc 7s", "As")) == Pass()


def test_tracking_and_layoffs_follow_the_aces() -> None:
    view = offer(HOLLYWOOD_ACES, "Qs Ks 2c 4d 6h 8c 9d Th Jc 7s", "As")
    tr = track(view)
    assert tr.mr == meld_rules(HOLLYWOOD_ACES)
    king = int(Card.parse("Ks"))
    assert tr.near[king] >> int(Card.parse("As")) & 1 and tr.near[king] >> int(Card.parse("2s")) & 1
    assert (
        not track(offer(Rules(), "Qs Ks 2c 4d 6h 8c 9d Th Jc 7s", "As")).near[king] >> int(Card.parse("As"))
        & 1
    )
    run = (Meld("Js Qs Ks", mr=tr.mr),)
    assert format_cards(layoff_cards(run, tr.mr)) == format_cards(parse_cards("9s Ts As 2s"))
    assert tr.expected_layoff_points(parse_cards("Ac")) == pytest.approx(15 * tr.prob[int(Card.parse("Ac"))])
