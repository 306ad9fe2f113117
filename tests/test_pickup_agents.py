"""The computer levels under discard-pile pickup gin (002): every level plays it with its own
pickup policy (``beginner``, ``strong`` and ``expert`` no longer fall back to ``simple``) and
says so through :func:`ginrummy.agents.plays_as`."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import AGENTS, Level, make_agent, plays_as
from ginrummy.agents.pickup_simple import PickupBeginnerAgent
from ginrummy.agents.pickup_strong import PickupExpertAgent, PickupStrongAgent
from ginrummy.hand.phase import Phase
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import play_game
from ginrummy.variants.pickup import PickupState, PickupView, Take
from ginrummy.variants.pickup.actions import AddCard, Discard, DrawStock, LayMeld, Pass
from helpers.hands import until_over

PICKUP = Rules.preset("pickup")
PICKUP_ACTIONS = (Pass, Take, DrawStock, LayMeld, AddCard, Discard)
POLICIES = {"beginner": PickupBeginnerAgent, "strong": PickupStrongAgent, "expert": PickupExpertAgent}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_plays_as_names_the_level_itself_under_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    for level in AGENTS:
        assert plays_as(make_agent(level, 1), rules) == level, (level, preset)


@pytest.mark.parametrize("level", ["beginner", "strong", "expert"])
def test_each_level_plays_pickup_with_its_own_policy(level: str) -> None:
    """The policy that answers pickup views is the level's own (not ``simple``), and its moves
    differ from ``simple``'s in some of the same seeded hands."""
    agent = make_agent(level, 3)
    assert isinstance(agent, Level)
    assert type(agent.pickup) is POLICIES[level] and agent.pickup.name == level
    differ = 0
    for seed in range(12):
        logs = []
        for who in (level, "simple"):
            state = PickupState.deal(PICKUP, seed % 2, random.Random(seed))
            agents = [make_agent(who, seed), make_agent("random", seed + 1)]
            for _ in until_over(state):
                p = state.to_act
                action = agents[p].act(state.view(p))
                assert isinstance(action, PICKUP_ACTIONS)
                state.push(action, player=p)
                assert state.action_count < 3000
            assert state.is_over and state.result is not None
            logs.append(state.log)
        differ += logs[0] != logs[1]
    assert differ > 0


@pytest.mark.parametrize("level", ["beginner", "strong", "expert"])
def test_levels_given_pickup_views_return_legal_pickup_actions(level: str) -> None:
    """Every view met in random play, several-card takes whose deepest card is still to be
    laid included: the level answers with one of the view's legal actions."""
    strong = make_agent(level, 3)
    rng = random.Random(8)
    met = {phase: 0 for phase in Phase}
    pending = 0
    for seed in range(12):
        state = PickupState.deal(PICKUP, seed % 2, random.Random(seed))
        for _ in until_over(state):
            view = state.view(state.to_act)
            assert isinstance(view, PickupView)
            action = strong.act(view)
            assert isinstance(action, PICKUP_ACTIONS)
            assert action in view.legal_actions and state.can(action, view.player)
            met[view.phase] += 1
            pending += view.must_meld is not None
            legal = list(state.legal_actions)
            takes = [a for a in legal if isinstance(a, Take) and a.count > 1]
            state.push(
                max(takes, key=lambda a: a.count) if takes and rng.random() < 0.5 else rng.choice(legal)
            )
            assert state.action_count < 3000
        assert state.is_over
    assert met[Phase.OFFER] and met[Phase.DRAW] and met[Phase.DISCARD] and pending


def test_strong_and_expert_play_pickup_games_to_the_end() -> None:
    for seed in range(3):
        game = play_game(PICKUP, [make_agent("strong", seed), make_agent("expert", seed + 1)], seed=seed)
        assert game.is_over and game.summary().winner in (0, 1)
