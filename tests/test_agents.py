"""Agents: the EAAI baseline's behaviour, legality under every preset, and seeded play."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import AGENTS, SimpleAgent, UnknownAgentError, make_agent
from ginrummy.cards import Card, cards_of, parse_cards
from ginrummy.hand.phase import Phase
from ginrummy.melds import best_discards, fits_meld
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import AnyHandState, hand_type
from ginrummy.variants.standard.actions import DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.hands import Watched, play_out


class Recorder:
    """Wraps an agent, checking that each action it returns is legal in the view it got."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "x")
        self.views: list[PlayerView] = []

    def act(self, view: PlayerView):  # type: ignore[no-untyped-def]
        self.views.append(view)
        action = self.inner.act(view)  # type: ignore[attr-defined]
        return action


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_agents_play_legally_under_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(120):
        dealer = hand_type(rules)  # each variant has its own state machine
        state = dealer.deal(rules, seed % 2, random.Random(seed))
        agents = [make_agent("simple", seed), make_agent("random", seed)]

        def accounted(state: AnyHandState, p: int, action: object) -> None:
            if isinstance(state, HandState):  # 52 cards accounted for (pickup: tests/test_pickup.py)
                face_down = sum(isinstance(a, Knock) for _, a in state.log)
                held = state.hand(0).bit_count() + state.hand(1).bit_count()
                assert held + len(state.discard_pile) + state.stock_size + face_down == 52

        # an illegal action raises IllegalActionError in play_hand's push
        result = play_out(state, agents, on_action=accounted, note=f"{preset} seed {seed}")
        assert state.result is result and result.points >= 0


def test_simple_takes_upcard_only_if_it_melds() -> None:
    agent = SimpleAgent(seed=0)
    for seed in range(200):
        state = HandState.deal(Rules(), 1, random.Random(seed))
        view = state.view(0)
        up = view.upcard
        assert up is not None
        action = agent.act(view)
        assert action == (TakeDiscard() if fits_meld(up, view.hand) else Pass())


def test_simple_discards_least_deadwood_never_the_taken_card() -> None:
    agent = SimpleAgent(seed=1)
    seen_take = 0

    def check(view: PlayerView, action: object) -> None:
        nonlocal seen_take
        if view.phase is Phase.DISCARD and not view.must_knock:
            exclude = 0 if view.taken is None else 1 << view.taken
            best, cards = best_discards(view.hand, exclude)
            card = getattr(action, "card", None)
            assert card in cards
            assert card != view.taken
            seen_take += view.taken is not None
            # knocks exactly when allowed
            assert isinstance(action, Knock) == (best <= view.knock_limit)
        if view.phase is Phase.DRAW and not (view.may_take and fits_meld(view.upcard, view.hand)):  # type: ignore[arg-type]
            assert action == DrawStock()
        if view.phase is Phase.LAYOFF:
            assert action == LayOff()

    watched = Watched(agent, check)
    for seed in range(150):
        state = HandState.deal(Rules(), seed % 2, random.Random(seed))
        play_out(state, [watched, watched])
    assert seen_take > 0


def test_simple_tie_breaks_are_seeded() -> None:
    def run(seed: int) -> list[object]:
        state = HandState.deal(Rules(), 0, random.Random(5))
        play_out(state, [SimpleAgent(seed), SimpleAgent(seed + 1)])
        return [a for _, a in state.log]

    assert run(3) == run(3)


def test_agents_receive_only_views() -> None:
    rec = Recorder(make_agent("simple", 0))
    state = HandState.deal(Rules(), 0, random.Random(1))
    play_out(state, [rec, make_agent("random", 1)])
    assert rec.views and all(isinstance(v, PlayerView) and v.player == 0 for v in rec.views)
    for v in rec.views:
        assert not (set(cards_of(v.hand)) & set(state.stock)) or v.phase is Phase.END


def test_make_agent_names() -> None:
    assert set(AGENTS) >= {"random", "simple"}
    with pytest.raises(UnknownAgentError, match="random, simple"):
        make_agent("grandmaster")


def test_simple_knocks_on_golden_hand() -> None:
    # 004's example: 4-5-6h, 8-9-Tc, three queens, 5s As -> discard 5s, knock with 1.
    hand = parse_cards("4h 5h 6h 8c 9c Tc Qc Qd Qh 5s As")
    best, cards = best_discards(hand)
    assert (best, cards) == (1, [Card("5s")])
