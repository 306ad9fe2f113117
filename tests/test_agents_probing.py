"""The expert's discard search one question deep (``ExpertParams.probe``,
:mod:`ginrummy.agents.probing`): the rollout's fixed next discard against a rollout started after
it, the cross-fitted choice against a brute-force recount, and the search on real positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrummy.agents import expert as expert_module
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.probing import ProbeSearch, cross_fitted
from ginrummy.agents.rollout import policy_discard, rollout
from ginrummy.cards import Card, CardSet
from ginrummy.errors import ArgumentError
from ginrummy.melds import STANDARD, fits_meld
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard
from helpers.build import pure_only
from helpers.strategies import plain_discard, strong_views

EAAI = Rules.preset("eaai")


def _deal(seed: int) -> tuple[CardSet, CardSet, list[int]]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    me = sum(1 << c for c in deck[:10])
    opp = sum(1 << c for c in deck[10:20])
    return me, opp, deck[20:]


@pytest.mark.parametrize("seed", range(40))
def test_a_fixed_first_discard_plays_as_the_hand_started_after_it(seed: int) -> None:
    me, opp, stock = _deal(seed)
    drawn = stock[0]
    policy, dw = policy_discard(me | 1 << drawn, None)
    for first in (Card(c) for c in range(52) if me >> c & 1):
        got = rollout(EAAI, me, opp, list(stock), None, False, first=first)
        if dw <= EAAI.knock_limit:  # the policy's discard knocks: the fixed discard gives way
            assert got == rollout(EAAI, me, opp, list(stock), None, False)
        else:
            after = (me | 1 << drawn) & ~(1 << first)
            assert got == rollout(EAAI, after, opp, stock[1:], first, True)
    assert rollout(EAAI, me, opp, list(stock), None, False, first=Card(policy)) == rollout(
        EAAI, me, opp, list(stock), None, False
    )


def _recount(values: list[list[float]], answers: list[bool]) -> list[float]:
    """Brute force: for each world, the other fold's worlds with its answer (else all of the
    other fold), each option's total, the first best."""
    out = []
    for i, row in enumerate(values):
        others = [j for j in range(len(values)) if j % 2 != i % 2]
        same = [j for j in others if answers[j] == answers[i]] or others
        if not same:
            out.append(row[0])
            continue
        totals = [sum(values[j][k] for j in same) for k in range(len(row))]
        out.append(row[totals.index(max(totals))])
    return out


@given(
    st.integers(1, 4).flatmap(
        lambda k: st.lists(
            st.tuples(st.lists(st.integers(-30, 30).map(float), min_size=k, max_size=k), st.booleans()),
            min_size=0,
            max_size=12,
        )
    )
)
def test_cross_fitted_picks_each_worlds_option_without_it(worlds: list[tuple[list[float], bool]]) -> None:
    values = [v for v, _ in worlds]
    answers = [a for _, a in worlds]
    assert cross_fitted(values, answers) == _recount(values, answers)


def test_cross_fitting_does_not_score_a_choice_on_the_worlds_that_made_it() -> None:
    # one lucky world (the first) makes option 1 the best over all worlds, worth 100 in sum there;
    # cross-fitted, that world is scored by the other fold's choice (option 0), and its fold's by option 1
    values = [[0.0, 100.0], [1.0, 0.0], [0.0, 0.0], [1.0, 0.0]]
    assert cross_fitted(values, [True] * 4) == [0.0, 0.0, 0.0, 0.0]


def test_probe_must_not_be_negative() -> None:
    with pytest.raises(ArgumentError, match="probe"):
        ExpertParams(probe=-1)


def test_the_answers_are_whether_the_worlds_opponent_would_take_each_candidate() -> None:
    me, opp, stock = _deal(7)
    hand = me | 1 << stock[0]
    cands = [Card(c) for c in range(52) if hand >> c & 1][:3]
    search = ProbeSearch(hand, cands, 2, lambda *a, **k: 0, float, STANDARD, lambda: 0, lambda d: False)
    search.play((opp, stock[1:], False))
    assert {c: search.answers[c] for c in cands} == {c: [fits_meld(c, opp)] for c in cands}
    assert all(search.nexts[c][0] is None and c not in search.nexts[c] for c in cands)
    assert search.choice() == cands[0]  # nothing clearly better: the first candidate


@pure_only
def test_the_expert_asks_at_plain_discards_only_against_an_opponent_who_knocks_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    firsts: list[object] = []
    real = expert_module.rollout

    def spy(*args: object, **kwargs: object) -> int:
        firsts.append(kwargs.get("first"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "rollout", spy)
    for view in strong_views(plain_discard, 3, EAAI):
        for at_once in (True, False):
            firsts.clear()
            expert = ExpertAgent(seed=1, search=ExpertParams(samples=4, knock_rule=False, probe=2).untimed())
            if at_once:
                expert.seen.knocks = expert.seen.late_knocks = 1
            action = expert.act(view)
            assert action in view.legal_actions and isinstance(action, Discard)
            asked = [f for f in firsts if f is not None]
            assert bool(asked) == at_once  # a next discard fixed only where it asks
