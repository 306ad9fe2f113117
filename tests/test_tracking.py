"""Card tracking: probabilities stay consistent, and each kind of evidence moves them the right way."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.agents.tracking import track
from ginrummy.cards import Card, parse_cards
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import Discard, DrawStock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.fixed_deal import P0, UP, deck
from helpers.hands import Watched, play_out

# every preset played with HandState (discard-pile pickup is another game, with its own state)
HAND_PRESETS = sorted(k for k, p in PRESETS.items() if variant_of(p.rules).knock_and_draw)


def test_initial_probabilities_are_uniform_over_unseen() -> None:
    s = HandState(Rules(), 1, deck())
    t = track(s.view(0))
    assert t.opp_unknown == 10
    assert sum(t.prob) == pytest.approx(10)
    own = parse_cards(P0)
    for c in range(52):
        if own >> c & 1 or c == Card(UP):
            assert t.prob[c] == 0.0
    unseen = [t.prob[c] for c in range(52) if t.unseen >> c & 1]
    assert len(unseen) == 41 and max(unseen) == pytest.approx(min(unseen)) == pytest.approx(10 / 41)


def test_take_makes_neighbours_likely_and_the_card_certain() -> None:
    s = HandState(Rules(), 1, deck())
    s.push(Pass())  # player 0 passes Ts
    s.push(TakeDiscard())  # player 1 takes Ts
    s.push(Discard(Card("2s")))
    t = track(s.view(0))
    assert t.prob[Card("Ts")] == 1.0 and t.opp_known == Card("Ts").bit
    assert t.prob[Card("2s")] == 0.0  # discarded: dead
    base = t.prob[Card("5d")]  # no evidence about 5d... except none
    assert t.prob[Card("Js")] > base and t.prob[Card("Td")] > base and t.prob[Card("9s")] > base
    assert sum(t.prob) == pytest.approx(10)


def test_discard_makes_neighbours_unlikely() -> None:
    s = HandState(Rules(), 1, deck())
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())  # player 0 draws (forced: not a decline)
    s.push(Discard(Card("Kc")))
    s.push(DrawStock())  # player 1 declines Kc
    s.push(Discard(Card("8h")))
    t = track(s.view(0))
    far = t.prob[Card("Ad")]
    assert t.prob[Card("8c")] < far and t.prob[Card("9h")] < far and t.prob[Card("7h")] < far
    # declining Kc: queens/kings less likely
    assert t.prob[Card("Qc")] < far and t.prob[Card("Kd")] < far
    assert sum(t.prob) == pytest.approx(10)


def test_pass_of_the_upcard_is_a_decline() -> None:
    s = HandState(Rules(), 0, deck())  # player 1 is the non-dealer and sees the offer first
    s.push(Pass())
    t = track(s.view(0))
    assert t.declined == Card(UP).bit
    assert t.prob[Card("9s")] < t.prob[Card("5d")]


@pytest.mark.parametrize("preset", HAND_PRESETS)
def test_probabilities_consistent_through_play(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(12):
        s = HandState.deal(rules, seed % 2, random.Random(seed))

        def consistent(view: PlayerView, action: object, s: HandState = s) -> None:
            """Before each action: both players' tracking of the state as it stands."""
            for p in (0, 1):
                v = s.view(p)
                t = track(v)
                assert sum(t.prob) == pytest.approx(v.opponent_hand_size)
                opp = s.hand(1 - p)
                for c in range(52):
                    if v.hand >> c & 1 or t.dead >> c & 1:
                        assert t.prob[c] == 0.0
                    if t.opp_known >> c & 1:
                        assert t.prob[c] == 1.0 and opp >> c & 1
                    assert 0.0 <= t.prob[c] <= 1.0
                    if opp >> c & 1:
                        assert t.prob[c] > 0.0  # never rules out a card the opponent holds

        agents = [
            Watched(make_agent("strong", seed), consistent),
            Watched(make_agent("simple", seed), consistent),
        ]
        play_out(s, agents, note=f"{preset} seed {seed}")
