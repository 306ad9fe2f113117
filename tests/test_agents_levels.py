"""The levels (beginner, strong, expert) and the RLCard peer: legal play from views only."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import AGENTS, BY_STRENGTH, make_agent, strongest
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.agents import quick_agent
from helpers.hands import play_out

# every preset played with HandState (discard-pile pickup is another game, with its own state)
HAND_PRESETS = sorted(k for k, p in PRESETS.items() if variant_of(p.rules).knock_and_draw)


class Checked:
    """Wraps an agent: checks each view it gets is exactly its player's view and each action is legal."""

    def __init__(self, inner: object, state_ref: list[HandState]) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "x")
        self.state_ref = state_ref

    def act(self, view: PlayerView) -> Action:
        state = self.state_ref[0]
        assert isinstance(view, PlayerView)
        assert view == state.view(view.player)  # nothing more than the view (no state attached)
        action: Action = self.inner.act(view)  # type: ignore[attr-defined]
        assert state.can(action, player=view.player), (view.phase, action)
        return action


def test_levels_registered() -> None:
    assert list(AGENTS) == ["random", "simple", "beginner", "strong", "expert"]
    assert sorted(BY_STRENGTH) == sorted(AGENTS)  # every level has its place in the strength order
    assert strongest() == BY_STRENGTH[-1]


@pytest.mark.parametrize("preset", HAND_PRESETS)
@pytest.mark.parametrize("level", ["beginner", "strong"])
def test_levels_play_legally_under_every_preset(preset: str, level: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(60):
        state = HandState.deal(rules, seed % 2, random.Random(seed))
        ref = [state]
        opp = "random" if seed % 3 == 0 else "simple" if seed % 3 == 1 else level
        agents = [Checked(make_agent(level, seed), ref), Checked(make_agent(opp, seed + 1), ref)]
        if seed % 2:
            agents.reverse()
        play_out(state, agents, note=f"{preset} seed {seed}")


@pytest.mark.parametrize("preset", HAND_PRESETS)
def test_expert_plays_legally_under_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(3):
        state = HandState.deal(rules, seed % 2, random.Random(seed))
        ref = [state]
        agents = [Checked(quick_agent("expert", seed), ref), Checked(make_agent("strong", seed), ref)]
        play_out(state, agents, note=f"{preset} seed {seed}")


def test_levels_are_reproducible() -> None:
    def run(level: str) -> list[object]:
        state = HandState.deal(Rules(), 0, random.Random(5))
        agent = quick_agent("expert", 3) if level == "expert" else make_agent(level, 3)
        play_out(state, [agent, make_agent("simple", 4)])
        return [a for _, a in state.log]

    for level in ("beginner", "strong", "expert"):
        assert run(level) == run(level)


def test_rlcard_peer_plays_legally() -> None:
    pytest.importorskip("rlcard", reason="the peers extra is not installed: pip install -e '.[peers]'")
    from ginrummy.agents.peers import RLCardNoviceAgent

    for preset in ("eaai", "default"):
        for seed in range(8):
            state = HandState.deal(Rules.preset(preset), seed % 2, random.Random(seed))
            ref = [state]
            agents = [Checked(RLCardNoviceAgent(seed), ref), Checked(make_agent("strong", seed), ref)]
            play_out(state, agents, note=f"{preset} seed {seed}")
