"""The defender's layoff choices (``ginrummy.layoff.layoff_choices``, ``ginrummy.variants.standard.defense``),
checked against the brute-force oracle: every listed plan is legal, the list is complete, the
first is the engine's best plan, and no plan has less deadwood than the first."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.agents import make_agent
from ginrummy.cards import Card, parse_cards
from ginrummy.errors import InvalidLayoffError, WrongPhaseError
from ginrummy.hand.phase import Phase
from ginrummy.layoff import best_layoff
from ginrummy.layoff import layoff_choices as plans_of
from ginrummy.melds import STANDARD, Meld, MeldRules
from ginrummy.rules import Opening, Rules
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.standard.actions import LayOff
from ginrummy.variants.standard.defense import LayoffChoice, custom_choice, layoff_choices
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers import oracle, strategies
from helpers.aces_high import o, variants
from helpers.hands import play_out
from helpers.strategies import build_deck


def _check(masks: list[int], hand: int, mr: MeldRules) -> None:
    knocker = [Meld(m, mr=mr) for m in masks]
    plans = plans_of(knocker, hand, mr=mr)
    reach = oracle.reachable_layoffs(tuple(masks), hand, wrap=mr.wrap)
    # Every plan is legal: own melds are disjoint melds of the hand, the layoffs play in order,
    # and the own melds are the least deadwood of the cards kept.
    seen = set()
    for plan in plans:
        own = 0
        for m in plan.melds:
            assert oracle.is_meld(m.mask, wrap=mr.wrap) and m.mask & ~hand == 0 and m.mask & own == 0
            own |= m.mask
        laid = oracle.mask_of(c for c, _ in plan.layoffs)
        assert len(plan.layoffs) == laid.bit_count() and laid & own == 0 and laid & ~hand == 0
        assert oracle.can_lay_off_in_order(masks, plan.layoffs, wrap=mr.wrap)
        assert laid in reach
        assert plan.deadwood == hand & ~own & ~laid
        assert plan.points == oracle.count(plan.deadwood, mr.ace_points)
        assert plan.points == oracle.least_deadwood(hand & ~laid, **o(mr))
        key = frozenset(plan.layoffs)
        assert key not in seen, "each set of layoffs once"
        seen.add(key)
    # Complete: every reachable set of laid-off cards is offered.
    assert {oracle.mask_of(c for c, _ in p.layoffs) for p in plans} == set(reach)
    # Best first: the oracle's least deadwood, the engine's own plan, sorted.
    best = min(oracle.least_deadwood(hand & ~laid, **o(mr)) for laid in reach)
    assert plans[0].points == best
    assert all(p.points >= plans[0].points for p in plans)
    assert [p.points for p in plans] == sorted(p.points for p in plans)
    engine = best_layoff(knocker, hand, mr=mr)
    assert (plans[0].melds, plans[0].layoffs, plans[0].deadwood) == (
        engine.melds,
        engine.layoffs,
        engine.deadwood,
    )


@settings(max_examples=250, deadline=None)
@given(strategies.layoff_cases())
def test_choices_match_the_oracle(case: tuple[list[int], int]) -> None:
    masks, hand = case
    _check(masks, hand, STANDARD)


@settings(max_examples=150, deadline=None)
@given(variants, st.one_of(strategies.corner_layoff_cases(), strategies.layoff_cases()))
def test_choices_match_the_oracle_round_the_corner(mr: MeldRules, case: tuple[list[int], int]) -> None:
    masks, hand = case
    if not all(oracle.is_meld(m, wrap=mr.wrap) for m in masks):
        return  # a run round the corner is not a knocker's meld under ace-low rules
    _check(masks, hand, mr)


def test_against_gin_there_is_one_plan() -> None:
    hand = parse_cards("7h Jh 2c 3c 4c 5s 6s Kd Ks Qd")
    plans = plans_of([], hand)
    assert len(plans) == 1 and plans[0].layoffs == () and plans[0].points == oracle.least_deadwood(hand)


# -- from the defender's view --------------------------------------------------------------


def _layoff_state() -> HandState:
    """001's layoff example at the table: seat 1 knocks at once (eleven-card opening)."""
    deck = build_deck("8h 9h Th 2c 2d 2s 4s 5s 6s Kc Qs", "Jc Jd Jh Js Qh 3c 4c 5c 6c Kd", None)
    state = HandState(Rules(opening=Opening.ELEVEN_CARDS), 0, deck)
    state.push(list(state.legal_actions)[-1])  # a knock (the last legal action)
    assert state.phase is Phase.LAYOFF and state.to_act == 0
    return state


def test_view_choices_start_with_the_engines_plan_and_push() -> None:
    state = _layoff_state()
    view = state.view(0)
    choices = layoff_choices(view)
    assert choices[0].action() == view.legal_actions[0]
    assert choices[0].points == 10 and choices[0].laid_off == parse_cards("Jh Qh")
    steps = choices[0].steps(view.knocker_melds)
    assert [(str(c), oracle.text(m)) for c, _, m in steps] == [("Jh", "8h 9h Th"), ("Qh", "8h 9h Th Jh")]
    assert "on meld" in choices[0].text()
    # One choice lays off nothing; playing it scores its deadwood.
    last = next(c for c in choices if not c.layoffs)
    assert last.points == oracle.least_deadwood(view.hand) == 20
    state.push(last.action(), player=0)
    assert state.result is not None and state.result.defense is not None
    assert state.result.defense.points == last.points


def test_no_choices_outside_the_defenders_layoff() -> None:
    state = _layoff_state()
    assert layoff_choices(state.view(1)) == ()  # the knocker's view
    with pytest.raises(WrongPhaseError):
        custom_choice(state.view(1), (), ())


def test_custom_choice_is_checked() -> None:
    state = _layoff_state()
    view = state.view(0)
    run = next(i for i, m in enumerate(view.knocker_melds) if m == Meld("8h 9h Th"))
    mine = custom_choice(view, (Meld("3c 4c 5c 6c"),), ((Card("Jh"), run),))
    assert isinstance(mine, LayoffChoice) and mine.points == oracle.count(parse_cards("Jc Jd Js Qh Kd"))
    with pytest.raises(InvalidLayoffError, match="Kd"):
        custom_choice(view, (), ((Card("Kd"), run),))
    state.push(mine.action(), player=0)
    assert state.result is not None and state.result.defense is not None
    assert state.result.defense.points == mine.points


class _Chooser:
    """A strong player that, as the defender, picks a random listed layoff choice (from its view)."""

    name = "chooser"

    def __init__(self, seed: int) -> None:
        self.inner = make_agent("simple", seed)
        self.rng = random.Random(seed)
        self.picked: list[tuple[PlayerView, LayoffChoice]] = []

    def act(self, view: AnyView) -> AnyAction:
        if not isinstance(view, PlayerView) or not layoff_choices(view):
            return self.inner.act(view)
        choices = layoff_choices(view)
        assert choices[0].action() == view.legal_actions[0]
        pick = self.rng.choice(choices)
        self.picked.append((view, pick))
        return pick.action()


@pytest.mark.parametrize("preset", ["default", "hollywood-aces", "oklahoma"])
def test_every_choice_is_accepted_by_the_engine(preset: str) -> None:
    picked = 0
    for seed in range(30):
        state = HandState.deal(Rules.preset(preset), dealer=seed % 2, rng=seed)
        players = [_Chooser(seed), _Chooser(seed + 1)]
        result = play_out(state, players, note=f"seed {seed}")
        for p in players:
            for _, pick in p.picked:
                assert result.defense is not None and result.defense.points == pick.points
                assert isinstance(pick.action(), LayOff)
                picked += 1
    assert picked >= 5, "the defenders chose their layoffs in some hands"
