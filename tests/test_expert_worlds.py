"""How the expert's search draws its worlds (``ginrummy.agents.worlds``): ``ExpertParams.at_once_draws``
applies only while the opponent is played as one who knocks at once."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import cast

import pytest

from ginrummy.agents import make_agent
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.tracking import track
from ginrummy.errors import ArgumentError
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView


def _late_view() -> PlayerView:
    """Seat 0's view at a discard after the opponent's sixth turn (``strong`` v ``simple``)."""
    for seed in range(40):
        state = HandState.deal(Rules.preset("eaai"), dealer=1, rng=seed)
        agents = [make_agent("strong", random.Random(seed)), make_agent("simple", random.Random(seed + 1))]
        while not state.is_over:
            view = state.view(state.to_act)
            if state.to_act == 0 and view.phase is Phase.DISCARD and track(view).opp_turns >= 6:
                return view
            state.push(cast(Action, agents[state.to_act].act(view)))
    raise AssertionError("no hand lasted so long")


def _worlds(search: ExpertParams, at_once: bool) -> list[tuple[int, list[int], bool | int]]:
    agent = ExpertAgent(random.Random(4), search=search)
    if at_once:  # as if finished hands had shown it knocking short of gin late in a hand
        agent.seen.knocks = agent.seen.late_knocks = 1
    assert agent.opponent_knocks_at_once() is at_once
    return agent._worlds(track(_late_view()), 24)


@pytest.mark.parametrize("at_once", [True, False])
def test_at_once_draws_reads_only_a_player_who_knocks_at_once(at_once: bool) -> None:
    base = ExpertParams()
    same = _worlds(replace(base, at_once_draws=base.infer_draws), at_once)
    assert same == _worlds(base, at_once)  # the same draws: the same worlds
    other = _worlds(replace(base, at_once_draws=6), at_once)
    assert (other != same) is at_once


def test_bad_at_once_draws_raise() -> None:
    with pytest.raises(ArgumentError, match="at_once_draws"):
        ExpertParams(at_once_draws=-1)
