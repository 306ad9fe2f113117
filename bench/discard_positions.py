"""Seat 0's discard decisions in seeded hands between two levels, with the true state: the
positions the inference benches score their readings on (``hand_reading.py``,
``knock_inference.py``, ``tracking_calibration.py``). The state is read only to score a reading,
never by a player."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

from ginrummy.agents import make_agent
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView


def discard_positions(
    hands: int, seed: int, me: str, opponent: str, preset: str = "eaai"
) -> Iterator[tuple[int, HandState, PlayerView]]:
    """(the hand's number from 0, the state, seat 0's view) at each of seat 0's discard decisions in ``hands`` hands of
    ``me`` (seat 0) against ``opponent`` (seat 1) under the ``preset`` rules, dealt and played
    from ``seed`` (the dealer alternates). The hand goes on with seat 0's own choice."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    for h in range(hands):
        state = HandState.deal(rules, dealer=h % 2, rng=rng.randrange(1 << 30))
        acts = [
            make_agent(me, random.Random(rng.randrange(1 << 30))).act,
            make_agent(opponent, random.Random(rng.randrange(1 << 30))).act,
        ]
        while not state.is_over:
            view = state.view(state.to_act)
            if state.to_act == 0 and state.phase is Phase.DISCARD:
                yield h, state, view
            state.push(cast(Action, acts[state.to_act](view)))  # knock-and-draw gin: a standard action
