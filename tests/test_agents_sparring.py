"""The sparring partners (``ginrummy.agents.sparring``): legal play from views only under every
preset, and each one's style."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ginrummy.agents import AGENTS, make_agent
from ginrummy.agents.expert import ExpertParams
from ginrummy.agents.sparring import (
    BUDGETS,
    SPARRING,
    SPARRING_DESCRIPTIONS,
    GinSeeker,
    Undercutter,
    close_expert,
    own_turns,
)
from ginrummy.hand.phase import Phase
from ginrummy.melds import fits_meld, least_deadwood
from ginrummy.play import Agent
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import Game
from ginrummy.variants import deal_hand
from ginrummy.variants.standard.actions import Knock, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.hands import Watched, play_out


def test_sparring_partners_are_named_and_described() -> None:
    budgets = {"expert-0.5s", "expert-2s", "expert-8s", "expert-20s", "expert-25s"}
    others = {"gin-seeker", "early-knocker", "undercutter", "expert-2026-11", "expert-close"}
    assert set(SPARRING) == others | budgets
    assert set(SPARRING_DESCRIPTIONS) == set(SPARRING)
    assert not set(SPARRING) & set(AGENTS)  # not levels: the front ends do not offer them
    for name in SPARRING:
        assert make_agent(name, 1).name == name
    for name in budgets:  # the budget in the name is the search's time for a game's decisions
        assert BUDGETS[name].game_seconds == float(name.removeprefix("expert-").removesuffix("s"))
    assert BUDGETS["expert-25s"] == ExpertParams()  # the expert level searches so
    assert close_expert(1).search == replace(ExpertParams(), wide=False)  # expert-close: wide off


def checked(agent: Agent, ref: list[Any]) -> Watched:
    """``agent``, checked at each action: it got exactly its seat's view, and its action is legal."""

    def check(view: Any, action: Any) -> None:
        state = ref[0]
        assert view == state.view(view.player)
        assert state.can(action, player=view.player), (view.phase, action)

    return Watched(agent, check)


PAIRS = [
    (n, p)
    for n in sorted(SPARRING)
    for p in sorted(PRESETS)
    if n not in ("expert-25s", "expert-close") or p == "eaai"
]
"""Every sparring partner under every preset, but ``expert-25s`` (the expert level's own search,
timed, ExpertParams() as asserted above) and ``expert-close`` (the same, ``wide`` off) only under
the challenge's rules: the other presets' policies are the same code under every search setting,
played by the other budgets (~5 s a hand)."""


@pytest.mark.parametrize(("name", "preset"), PAIRS, ids=[f"{n}-{p}" for n, p in PAIRS])
def test_sparring_partners_play_legally_under_every_preset(preset: str, name: str) -> None:
    rules = Rules.preset(preset)
    # the frozen and budgeted experts are the expert's code with other settings: two hands and one
    seeds = range(2) if name == "expert-2026-11" else range(1) if name in BUDGETS else range(8)
    for seed in seeds:
        state = deal_hand(rules, seed % 2, random.Random(seed))
        ref = [state]
        agents = [checked(make_agent(name, seed), ref), checked(make_agent("strong", seed + 1), ref)]
        if seed % 2:
            agents.reverse()
        play_out(state, agents, note=f"{preset} seed {seed}")


def knocks_of(name_or_agent: str | Agent, opponent: str, seeds: range, check: Any) -> int:
    """Play a hand per seed under ``eaai``, ``check(view, action)`` at each of the first
    player's actions; the number of hands played."""
    rules = Rules.preset("eaai")
    for seed in seeds:
        agent = make_agent(name_or_agent, seed) if isinstance(name_or_agent, str) else name_or_agent
        state = HandState.deal(rules, seed % 2, random.Random(seed))
        play_out(state, [Watched(agent, check), make_agent(opponent, seed + 1)], note=f"seed {seed}")
    return len(seeds)


def knock_deadwood(view: PlayerView, action: Knock) -> int:
    rest = view.hand & ~(1 << action.card)
    return least_deadwood(rest)


def test_the_gin_seeker_knocks_short_of_gin_only_in_its_first_turns() -> None:
    seen = {"late": 0, "early": 0, "upcards": 0}

    def check(view: PlayerView, action: Any) -> None:
        if isinstance(action, Knock) and knock_deadwood(view, action) > 0:
            assert view.must_knock or own_turns(view) <= 3, (own_turns(view), action)
            seen["early"] += 1
        up = view.upcard
        takes = TakeDiscard() in view.legal_actions and view.phase is not Phase.LAST_CHANCE
        if takes and up is not None and fits_meld(up, view.hand):
            assert action == TakeDiscard()  # every upcard that makes or extends a meld
            seen["upcards"] += 1
        if view.phase is Phase.DISCARD and own_turns(view) > 3 and not view.must_knock:
            seen["late"] += 1

    knocks_of("gin-seeker", "simple", range(40), check)
    assert seen["upcards"] > 0 and seen["late"] > 0  # the checks met their cases


def test_the_gin_seeker_knocks_when_it_can_early() -> None:
    # a deal where it can knock on its first turn: it does
    agent = GinSeeker(0, knock_turns=3)
    knocked = []

    def check(view: PlayerView, action: Any) -> None:
        if any(isinstance(a, Knock) for a in view.legal_actions) and own_turns(view) <= 3:
            knocked.append(isinstance(action, Knock))

    knocks_of(agent, "simple", range(200), check)
    assert knocked and all(knocked)


def test_the_early_knocker_knocks_whenever_it_can() -> None:
    chances = []

    def check(view: PlayerView, action: Any) -> None:
        if any(isinstance(a, Knock) for a in view.legal_actions):
            chances.append(isinstance(action, Knock))

    knocks_of("early-knocker", "strong", range(30), check)
    assert chances and all(chances)


def test_the_undercutter_learns_the_opponents_knock_counts() -> None:
    game = Game(Rules.preset("eaai"), seed=3)
    agent = Undercutter(1)
    seen: list[int] = []
    for _ in range(6):
        if game.is_over:
            break
        state = game.new_hand()
        play_out(state, [agent, make_agent("simple", 2)])
        r = state.result
        assert r is not None
        if r.knocker == 1 and r.outcome.value in ("knock", "undercut"):
            seen.append(least_deadwood(r.hands[1]))
        game.enter(r)
    assert agent.seen_knocks == seen


def test_the_undercutter_waits_once_it_has_seen_high_knocks() -> None:
    waiting = Undercutter(0)
    waiting.seen_knocks = [8, 6]
    assert waiting.waiting()
    knocks: list[int] = []

    def check(view: PlayerView, action: Any) -> None:
        if isinstance(action, Knock) and not view.must_knock:
            knocks.append(knock_deadwood(view, action))

    knocks_of(waiting, "simple", range(60), check)
    assert knocks and max(knocks) <= waiting.low
    calm = Undercutter(0)
    calm.seen_knocks = [2, 1]
    assert not calm.waiting()
    knocks.clear()
    knocks_of(calm, "gin-seeker", range(60), check)
    assert max(knocks) > waiting.low  # as strong, it knocks with more
