"""The chance of winning a game from its score (``ginrummy.agents.gamewin``) and the expert's
use of it: hand-computed chances on tiny games, symmetry, monotony, and the search valuing
outcomes by it only under rules that count games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ginrummy.agents import expert as expert_module
from ginrummy.agents import gamewin
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.sparring import frozen_expert
from ginrummy.errors import ArgumentError
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard, Knock
from ginrummy.variants.standard.state import HandState
from helpers.build import pure_only
from helpers.strategies import knock_chance, strong_views

EAAI = Rules.preset("eaai")


@pytest.fixture
def one_point_hands(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every won hand scores 1 point (a game of coin flips), the table rebuilt."""
    monkeypatch.setattr(gamewin, "HAND_POINTS", {1: 7})
    gamewin.win_table.cache_clear()
    yield
    gamewin.win_table.cache_clear()


@pytest.mark.usefixtures("one_point_hands")
def test_a_game_of_coin_flips_matches_hand_computed_chances() -> None:
    # to 2 points, one point a hand won: from 1-0 I win the next hand (1/2) or reach 1-1 (1/2 then)
    assert gamewin.win_chance(1, 0, 2) == pytest.approx(0.75)
    assert gamewin.win_chance(0, 1, 2) == pytest.approx(0.25)
    # to 3 points from 1-0: 1/2 * W(2,0) + 1/2 * W(1,1); W(2,0) = 7/8, W(1,1) = 1/2
    assert gamewin.win_chance(1, 0, 3) == pytest.approx(0.5 * 7 / 8 + 0.25)


@pytest.mark.usefixtures("one_point_hands")
def test_two_point_hands_finish_from_one_short(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gamewin, "HAND_POINTS", {2: 1})
    gamewin.win_table.cache_clear()
    # every won hand scores 2: from 1-1 to 2 points the next hand decides
    assert gamewin.win_chance(1, 1, 2) == pytest.approx(0.5)
    assert gamewin.win_chance(1, 0, 3) == pytest.approx(0.5 + 0.5 * gamewin.win_chance(1, 2, 3))
    assert gamewin.win_chance(1, 2, 3) == pytest.approx(0.5)


def test_the_table_is_symmetric_and_monotone() -> None:
    t = EAAI.target
    for mine in range(0, t, 7):
        for theirs in range(0, t, 11):
            w = gamewin.win_chance(mine, theirs, t)
            assert w + gamewin.win_chance(theirs, mine, t) == pytest.approx(1.0)
            if mine + 5 < t:
                assert gamewin.win_chance(mine + 5, theirs, t) > w
            if theirs + 5 < t:
                assert gamewin.win_chance(mine, theirs + 5, t) < w
    assert gamewin.win_chance(0, 0, t) == pytest.approx(0.5)
    with pytest.raises(ArgumentError):
        gamewin.win_table(0)


def test_only_rules_without_bonuses_count_games() -> None:
    assert gamewin.counts_games(EAAI)
    assert not gamewin.counts_games(Rules())  # game and box bonuses: points count
    assert not gamewin.counts_games(Rules.preset("hollywood"))


def test_the_search_values_outcomes_by_the_game_only_when_games_count() -> None:
    view = HandState.deal(EAAI, dealer=0, rng=3).view(1)
    expert = ExpertAgent(seed=1)
    expert.totals = [90, 40]
    value = expert.outcome_value(view)
    assert value(15) == 1.0  # reaches 100
    assert value(-30) == pytest.approx(gamewin.win_chance(90, 70, 100))
    assert value(0) == pytest.approx(gamewin.win_chance(90, 40, 100))
    assert expert.in_endgame(view)
    expert.totals = [40, 60]
    assert not expert.in_endgame(view)
    expert.totals = [100, 60]  # that game is over: the next starts at 0-0
    assert expert.score(view) == (0, 0)
    # points are the value under the default rules, without the setting, and for the frozen expert
    assert ExpertAgent(seed=1).outcome_value(HandState.deal(Rules(), dealer=0, rng=3).view(1))(12) == 12
    off = ExpertAgent(seed=1, search=ExpertParams(score_aware=False))
    off.totals = [90, 40]
    assert off.outcome_value(view)(15) == 15 and not off.in_endgame(view)
    frozen = frozen_expert(1)
    frozen.totals = [90, 40]
    assert frozen.outcome_value(view)(-30) == -30 and not frozen.in_endgame(view)


@pure_only
@pytest.mark.parametrize("play_on", [100, -100])
def test_near_the_target_the_expert_searches_its_knocks_by_the_game(
    monkeypatch: pytest.MonkeyPatch, play_on: int
) -> None:
    # every discard is played out to +100 (I win the game) or -100 (I lose it); knocks are not
    # searched by the setting (knock_search=False), only because the score is 75-40
    monkeypatch.setattr(expert_module, "rollout", lambda *args, **kwargs: play_on)
    params = ExpertParams(samples=12, knock_search=False, finish=0.0, game_seconds=0.0)
    for view in strong_views(knock_chance, 4, EAAI):
        expert = ExpertAgent(seed=1, search=params)
        expert.totals = [75, 40]
        assert expert.in_endgame(view)
        action = expert.act(view)
        assert isinstance(action, Discard if play_on > 0 else Knock), action
        assert action in view.legal_actions


def test_unequal_odds_match_hand_computed_chances() -> None:
    # to 2 points, 1 point a won hand, and I win 3 hands in 4: W(1,1) = 3/4, W(0,1) = 3/4 W(1,1),
    # W(1,0) = 3/4 + 1/4 W(1,1), W(0,0) = 3/4 W(1,0) + 1/4 W(0,1)
    odds = gamewin.HandOdds.from_counts({1: 3}, {1: 1})
    assert odds.edge == pytest.approx(0.75)
    assert gamewin.win_chance(1, 1, 2, odds) == pytest.approx(0.75)
    assert gamewin.win_chance(0, 1, 2, odds) == pytest.approx(0.5625)
    assert gamewin.win_chance(0, 0, 2, odds) == pytest.approx(0.75 * 0.9375 + 0.25 * 0.5625)
    # an even chance of a hand, but my hands score 2 and the opponent's 1: W(0,1) = 1/2, W(0,0) = 3/4
    big = gamewin.HandOdds.from_counts({2: 5}, {1: 5})
    assert gamewin.win_chance(0, 1, 2, big) == pytest.approx(0.5)
    assert gamewin.win_chance(0, 0, 2, big) == pytest.approx(0.75)


def test_equal_odds_give_the_equal_table_and_bad_odds_raise() -> None:
    equal = gamewin.HandOdds.from_counts(gamewin.HAND_POINTS, gamewin.HAND_POINTS)
    assert equal.edge == pytest.approx(0.5)
    for mine, theirs in [(0, 0), (40, 75), (90, 10)]:
        assert gamewin.win_chance(mine, theirs, 100, equal) == pytest.approx(
            gamewin.win_chance(mine, theirs, 100)
        )
    for mine_counts, theirs_counts in [({}, {1: 1}), ({0: 2}, {1: 1}), ({1: 1}, {3: -1}), ({1: 0}, {1: 1})]:
        with pytest.raises(ArgumentError):
            gamewin.HandOdds.from_counts(mine_counts, theirs_counts)
    with pytest.raises(ArgumentError):
        gamewin.win_table(100, gamewin.HandOdds(1.0, equal.mine, equal.theirs))


def test_the_fitted_odds_favour_the_expert_and_are_used_against_a_player_who_knocks_at_once() -> None:
    odds = gamewin.AT_ONCE_ODDS
    assert odds is not None
    assert gamewin.win_chance(0, 0, 100, odds) > 0.6  # the expert wins most games against such a player
    view = HandState.deal(EAAI, dealer=0, rng=3).view(1)
    expert = ExpertAgent(seed=1, search=ExpertParams(hand_odds=None))
    expert.totals = [50, 60]
    assert expert.outcome_value(view)(-10) == pytest.approx(
        gamewin.win_chance(50, 70, 100)
    )  # not yet seen knocking
    expert.seen.knocks = 1  # a knock short of gin seen: played as one who knocks at once
    assert expert.opponent_knocks_at_once()
    assert expert.outcome_value(view)(-10) == pytest.approx(gamewin.win_chance(50, 70, 100, odds))
    assert expert.outcome_value(view)(-10) != pytest.approx(gamewin.win_chance(50, 70, 100))
    off = ExpertAgent(seed=1)  # the default: equal players
    off.totals, off.seen.knocks = [50, 60], 1
    assert off.outcome_value(view)(-10) == pytest.approx(gamewin.win_chance(50, 70, 100))
