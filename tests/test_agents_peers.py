"""Peer adapters: the OpenSpiel bot playing from our view decides exactly as on the true state."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState, Phase
from helpers.hands import play_out, until_over

pyspiel = pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")

from ginrummy.agents.peers import OpenSpielSimpleAgent, openspiel_card  # noqa: E402


def test_openspiel_adapter_matches_the_bot_on_the_true_state() -> None:
    """Both engines in lockstep on one deck: at every draw and discard the adapter (which
    sees only our view and rebuilds an OpenSpiel state) returns what the bot returns on the
    true OpenSpiel state, until the first knock."""
    game = pyspiel.load_game("gin_rummy")
    bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in (0, 1)]
    rules = Rules.preset("openspiel")
    compared = 0
    for seed in range(25):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        dealer = seed % 2
        s = HandState(rules, dealer, deck)
        os_state = game.new_initial_state()
        for c in [*deck[0:20:2], *deck[1:20:2], deck[20]]:
            os_state.apply_action(openspiel_card(c))
        adapters = [OpenSpielSimpleAgent(seed), OpenSpielSimpleAgent(seed + 1)]
        for _ in until_over(s):
            if os_state.is_terminal():
                break
            p = s.to_act
            osp = 0 if p == 1 - dealer else 1
            assert os_state.current_player() == osp
            ours = adapters[p].act(s.view(p))
            bots[osp].restart()
            want = int(bots[osp].step(os_state))
            if isinstance(ours, Knock) or want == 55:
                assert isinstance(ours, Knock) and want == 55
                break
            mapped = {TakeDiscard: 52, DrawStock: 53, Pass: 54}.get(type(ours))
            if isinstance(ours, Discard):
                mapped = openspiel_card(ours.card)
            assert mapped == want, (seed, s.phase, ours, want)
            compared += 1
            if isinstance(ours, DrawStock):
                nxt = s.stock[0]
                os_state.apply_action(53)
                os_state.apply_action(openspiel_card(nxt))
            else:
                os_state.apply_action(want)
            s.push(ours, player=p)
        assert adapters[0].fallbacks == adapters[1].fallbacks == 0
    assert compared > 300


def test_openspiel_adapter_plays_whole_hands_legally() -> None:
    rules = Rules.preset("openspiel")
    for seed in range(12):
        s = HandState.deal(rules, seed % 2, random.Random(seed))
        agents = [OpenSpielSimpleAgent(seed), make_agent("strong", seed)]
        if seed % 4 >= 2:
            agents.reverse()
        play_out(s, agents, note=f"seed {seed}")  # an illegal action raises IllegalActionError
        assert s.phase is Phase.END
