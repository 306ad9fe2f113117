"""The opponent model: what a finished hand shows of the opponent's knocking (checked against
the hidden state), the drivers that show agents their finished hands, and the expert's use."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ginrummy.agents import make_agent
from ginrummy.agents.base import Agent
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.opponent import (
    LATE_TURN,
    opponent_knock_turn,
    opponent_went_gin,
    passed_up_knock,
    shows_waiting,
)
from ginrummy.agents.simple import SimpleAgent
from ginrummy.agents.sparring import EarlyKnocker, GinSeeker
from ginrummy.agents.strong import StrongAgent
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import STANDARD, meld_rules
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring import match as match_score
from ginrummy.tournament import run_match
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import Action, BigGin, DrawStock, Knock, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.hands import Watched, play_out

KNOCK_AND_DRAW = sorted(n for n, p in PRESETS.items() if variant_of(p.rules).knock_and_draw)
EAAI = Rules.preset("eaai")


def _play_with_truth(rules: Rules, seed: int, agents: list[Agent]) -> tuple[HandState, list[bool]]:
    """Play a hand; for each player, whether their last discard was made while a knock was
    legal (read from the hidden state, which the model never sees)."""
    state = HandState.deal(rules, seed % 2, random.Random(seed))
    passed = [False, False]

    def truth(view: PlayerView, action: Action) -> None:
        """Before ``action`` is pushed: read the state it is pushed on."""
        if state.phase is Phase.DISCARD:
            could = any(isinstance(a, Knock) for a in state.legal_actions)
            passed[view.player] = could and not isinstance(action, Knock | BigGin)

    play_out(state, [Watched(agent, truth) for agent in agents], note=f"seed {seed}")
    return state, passed


@pytest.mark.parametrize("preset", KNOCK_AND_DRAW)
def test_passed_up_knock_matches_the_hidden_state(preset: str) -> None:
    rules = Rules.preset(preset)
    shown = 0
    for seed in range(16):
        agents = [make_agent("strong", seed), make_agent("strong" if seed % 2 else "simple", seed + 1)]
        state, passed = _play_with_truth(rules, seed, agents)
        result = state.result
        assert result is not None
        for p in (0, 1):
            # shown only when p knocked; then exactly when the opponent's last discard passed up a knock
            expected = result.knocker == p and passed[1 - p]
            assert passed_up_knock(state.view(p)) == expected, (preset, seed, p)
            shown += expected
    if meld_rules(rules) is STANDARD and rules.knock_limit:  # strong plays these (not gin-only)
        assert shown > 0  # the premise: strong passes up knocks that a finished hand shows


def test_a_player_who_knocks_at_once_is_never_seen_passing_up_a_knock() -> None:
    for seed in range(60):
        state, passed = _play_with_truth(EAAI, seed, [StrongAgent(seed), SimpleAgent(seed)])
        assert not passed[1]
        assert not passed_up_knock(state.view(0))


class _Watcher:
    """An agent (simple) that keeps the views it is shown at the end of each hand."""

    name = "watcher"

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        self.inner = SimpleAgent(seed)
        self.seats: set[int] = set()
        self.shown: list[PlayerView] = []

    def act(self, view: PlayerView) -> Action:
        self.seats.add(view.player)
        return self.inner.act(view)

    def hand_over(self, view: PlayerView) -> None:
        self.shown.append(view)


WATCHERS: list[_Watcher] = []


def _watcher_factory(name: str, rng: random.Random) -> Agent:
    if name != "watcher":
        return make_agent(name, rng)
    WATCHERS.append(_Watcher(rng))
    return WATCHERS[-1]


def test_the_runners_show_each_agent_its_finished_hands() -> None:
    watcher = _Watcher(1)
    state = HandState.deal(EAAI, 0, random.Random(5))
    play_out(state, [make_agent("simple", 0), watcher])
    assert [v.player for v in watcher.shown] == [1]
    assert watcher.shown[0].result == state.result and watcher.shown[0].phase is Phase.END

    watcher = _Watcher(2)
    match = match_score.Match(EAAI.replace(target=30), seed=6)
    match.play([watcher, make_agent("simple", 0)])  # the core's runner of matches
    assert match.is_over
    hands = [r for g in match.games for r in g.results]
    assert hands and [(v.player, v.result) for v in watcher.shown] == [(0, r) for r in hands]

    WATCHERS.clear()
    result = run_match(["watcher", "simple"], 2, EAAI, seed=3, factory=_watcher_factory)
    assert result.summary(include_times=False)["abandoned"] == 0
    assert len(WATCHERS) == 3  # one made to check the name, then one per game
    for w, game in zip(WATCHERS[1:], result.games, strict=True):
        assert len(w.shown) == len(game.hands)  # every finished hand, once
        assert all(v.result is not None and v.player in w.seats for v in w.shown)


@pytest.mark.parametrize("prior_gin", [True, False])
def test_the_expert_plays_a_fast_knocker_until_a_hand_shows_waiting(prior_gin: bool) -> None:
    # prior_gin: not a fast knocker either before a hand shows it knocking short of gin
    quick = ExpertParams(samples=2, max_samples=32, prior_gin=prior_gin).untimed()
    for opponent in (SimpleAgent, StrongAgent):
        expert = ExpertAgent(seed=3, search=quick)
        waiting_seen = False
        knock_seen = not prior_gin
        for i in range(12):
            assert expert.opponent_knocks_at_once() == (knock_seen and not waiting_seen)
            state = HandState.deal(EAAI, i % 2, random.Random(70 + i))
            play_out(state, [expert, opponent(i)])
            waiting_seen |= shows_waiting(state.view(0))
            knock_seen |= opponent_knock_turn(state.view(0)) is not None
        # the premise: strong showed it within these hands (a passed-up knock or a gin), simple not
        assert waiting_seen == (opponent is StrongAgent)
        assert knock_seen
        assert expert.opponent_knocks_at_once() == (not waiting_seen)


def test_shows_waiting_is_a_passed_up_knock_or_the_opponents_gin() -> None:
    signs = {"passed": 0, "gin": 0}
    for seed in range(30):
        state, _ = _play_with_truth(EAAI, seed, [StrongAgent(seed), StrongAgent(seed + 1)])
        result = state.result
        assert result is not None
        for p in (0, 1):
            view = state.view(p)
            gin = result.knocker == 1 - p and result.outcome is Outcome.GIN
            assert opponent_went_gin(view) == gin
            assert shows_waiting(view) == (gin or passed_up_knock(view))
            signs["passed"] += passed_up_knock(view)
            signs["gin"] += gin
    assert min(signs.values()) > 0  # both signs occur in these hands


@pytest.mark.parametrize("prior_gin", [True, False])
def test_the_expert_tells_a_gin_seeker_from_the_finished_hands(prior_gin: bool) -> None:
    quick = ExpertParams(samples=2, max_samples=32, prior_gin=prior_gin).untimed()
    seen = {}
    for opponent in (GinSeeker, EarlyKnocker):
        expert = ExpertAgent(seed=3, search=quick)
        assert expert.opponent_seeks_gin() == prior_gin  # a gin-seeker until shown otherwise
        gins = int(prior_gin)
        late = 0
        for i in range(8):
            state = HandState.deal(EAAI, i % 2, random.Random(90 + i))
            play_out(state, [expert, opponent(i)])
            view = state.view(0)
            gins += opponent_went_gin(view)
            turn = opponent_knock_turn(view)
            late += turn is not None and turn > 4
            assert expert.opponent_seeks_gin() == (gins > 4 * late)
        seen[opponent(0).name] = expert.opponent_seeks_gin()
        assert not ExpertAgent(seed=3, search=replace(quick, adapt=False)).opponent_seeks_gin()
    assert seen == {"gin-seeker": True, "early-knocker": False}  # the premise: both showed their style


def test_opponent_knock_turn_counts_the_knockers_turns() -> None:
    for seed in range(20):
        state = HandState.deal(EAAI, seed % 2, random.Random(seed))
        play_out(state, [SimpleAgent(seed), SimpleAgent(seed + 1)])
        result = state.result
        assert result is not None
        for p in (0, 1):
            turn = opponent_knock_turn(state.view(p))
            knocked = result.knocker == 1 - p and result.outcome in (Outcome.KNOCK, Outcome.UNDERCUT)
            assert (turn is not None) == knocked
            if knocked:
                draws = [a for q, a in state.log if q == 1 - p and isinstance(a, DrawStock | TakeDiscard)]
                assert turn == len(draws) > 0


def _finished(outcome: Outcome, knocks_short: bool) -> PlayerView:
    """Player 0's view of the first hand of ``simple`` against ``simple`` under the EAAI rules in
    which player 1 ended the hand so: ``outcome``, short of gin or not."""
    for seed in range(2000):
        state = HandState.deal(EAAI, seed % 2, random.Random(seed))
        play_out(state, [SimpleAgent(seed), SimpleAgent(seed + 1)])
        view = state.view(0)
        result = view.result
        assert result is not None
        if (
            result.knocker == 1
            and result.outcome is outcome
            and (opponent_knock_turn(view) is not None) == knocks_short
        ):
            return view
    raise AssertionError(f"no hand ending in {outcome}")


@pytest.mark.parametrize("knocks_before", [0, 1, 2, 3])
def test_weigh_gins_counts_a_gin_against_the_knocks_short_of_gin(knocks_before: int) -> None:
    # a player who knocks at once goes gin now and then: with weigh_gins its gin marks it as one
    # who waits only while its gins are at least as many as its knocks short of gin
    knock, gin = _finished(Outcome.KNOCK, True), _finished(Outcome.GIN, False)
    assert not passed_up_knock(gin)  # the opponent knocked: nothing of a passed-up knock shows
    for weigh in (False, True):
        expert = ExpertAgent(seed=1, search=ExpertParams(weigh_gins=weigh))
        for _ in range(knocks_before):
            expert.hand_over(knock)
        assert expert.opponent_knocks_at_once() == (knocks_before > 0)
        expert.hand_over(gin)
        at_once = weigh and knocks_before > 1  # 1 gin against 2 or more knocks
        assert expert.opponent_knocks_at_once() == at_once
        expert.hand_over(gin)  # a second gin: waiting unless the knocks still outnumber the gins
        assert expert.opponent_knocks_at_once() == (weigh and knocks_before > 2)


def _won_late(agents: list[Agent], passed: bool) -> PlayerView:
    """Player 0's view of a hand of ``agents`` under the EAAI rules that player 0 won by a knock
    or gin after more than LATE_TURN discards of player 1's, who had passed up a knock or not."""
    for seed in range(3000):
        state, truth = _play_with_truth(EAAI, seed, agents)
        view = state.view(0)
        result = view.result
        assert result is not None
        theirs = sum(1 for e in view.history if e.player == 1 and e.kind == "discard")
        if result.knocker == 0 and theirs > LATE_TURN and truth[1] == passed:
            return view
    raise AssertionError("no such hand")


def test_no_wait_hands_plays_an_opponent_shown_late_without_a_passed_up_knock_as_one_who_knocks_at_once() -> (
    None
):
    fast = _won_late([SimpleAgent(1), SimpleAgent(2)], passed=False)
    slow = _won_late([SimpleAgent(1), StrongAgent(2)], passed=True)
    assert not passed_up_knock(fast) and passed_up_knock(slow)  # the model sees what the truth says
    for n in (0, 1, 2):
        expert = ExpertAgent(seed=1, search=ExpertParams(no_wait_hands=n))
        assert expert.opponent_seeks_gin() and not expert.opponent_knocks_at_once()  # the prior
        for k in (1, 2):
            expert.hand_over(fast)
            assert expert.seen.shown == k
            fast_now = 0 < n <= k
            assert expert.opponent_knocks_at_once() == fast_now
            assert expert.opponent_seeks_gin() == (not fast_now)
        waiter = ExpertAgent(seed=1, search=ExpertParams(no_wait_hands=n))
        waiter.hand_over(slow)  # a passed-up knock: proof of waiting, never counted
        assert waiter.seen.shown == 0 and waiter.seen.waits
        for _ in range(2):
            waiter.hand_over(fast)
        assert not waiter.opponent_knocks_at_once()
