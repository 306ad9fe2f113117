"""The computer levels under discard-pile pickup gin (002): the standard-only levels
(``beginner``, ``strong``, ``expert``) play it as ``simple`` and say so through
:func:`ginrummy.agents.plays_as`."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import AGENTS, make_agent, plays_as
from ginrummy.hand.phase import Phase
from ginrummy.rules import PRESETS, Aces, Rules
from ginrummy.scoring.game import play_game
from ginrummy.variants.pickup import PickupState, PickupView, Take
from ginrummy.variants.pickup.actions import AddCard, Discard, DrawStock, LayMeld, Pass
from helpers.hands import until_over

PICKUP = Rules.preset("pickup")
PICKUP_ACTIONS = (Pass, Take, DrawStock, LayMeld, AddCard, Discard)


def expected_level(level: str, rules: Rules) -> str:
    """``random`` and ``simple`` follow every variant; the others know only knock-and-draw play
    with ace-low runs and 1-point aces, and play anything else as ``simple``."""
    standard = not rules.discard_pickup and rules.aces is Aces.LOW and rules.ace_points == 1
    return level if level in ("random", "simple") or standard else "simple"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_plays_as_names_the_level_that_plays_under_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    for level in AGENTS:
        assert plays_as(make_agent(level, 1), rules) == expected_level(level, rules), (level, preset)
    if rules.discard_pickup:
        assert {plays_as(make_agent(level), rules) for level in ("beginner", "strong", "expert")} == {
            "simple"
        }


@pytest.mark.parametrize("level", ["beginner", "strong", "expert"])
def test_standard_only_levels_play_pickup_move_for_move_as_simple(level: str) -> None:
    """Seeded alike, ``level`` and ``simple`` make the same moves in the same pickup hands."""
    for seed in range(15):
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
        assert logs[0] == logs[1]


def test_strong_given_pickup_views_returns_legal_pickup_actions() -> None:
    """Every view met in random play, several-card takes whose deepest card is still to be
    laid included: ``strong`` answers with one of the view's legal actions."""
    strong = make_agent("strong", 3)
    rng = random.Random(8)
    met = {phase: 0 for phase in Phase}
    pending = 0
    for seed in range(40):
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
