"""Hollywood's aces high and low (002; RULES.md section 5): runs may turn the corner
(K-A-2, Q-K-A-2-3, ...) and an unmelded ace counts 15.

Checked against the brute-force oracle (``tests/helpers/oracle.py``, which takes the wrap and the
ace points as parameters) on random, meld-rich and corner-rich hands, under Hollywood's
aces (wrap, ace 15) and the two half-way settings (wrap with ace 1; ace low with ace 15);
the layoffs and the golden cases built by hand from the rule text are in
``test_aces_high_layoffs.py``, whole hands through ``HandState`` under the ``hollywood-aces``
preset in ``test_aces_high_hands.py``.
"""

from __future__ import annotations

import pickle
from itertools import pairwise

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, card_points, cards_of, deadwood_points
from ginrummy.errors import InvalidMeldError
from ginrummy.melds import (
    STANDARD,
    Arrangement,
    Meld,
    MeldRules,
    all_melds,
    arrangements,
    best_arrangement,
    best_discards,
    discard_deadwoods,
    fits_meld,
    is_meld,
    least_deadwood,
    least_deadwood_after_discard,
    meld_rules,
    melds_with,
)
from ginrummy.rules import Aces, Rules
from helpers import oracle, strategies
from helpers.aces_high import (
    FAST,
    HW,
    LOW15,
    PRESET,
    SLOW,
    WRAP1,
    h,
    o,
    variants,
)

# -- MeldRules ---------------------------------------------------------------------------


def test_meld_rules_of_rules() -> None:
    assert meld_rules(Rules()) is STANDARD
    assert meld_rules(None) is STANDARD
    assert meld_rules(PRESET) is HW
    assert meld_rules(Rules(aces=Aces.ROUND_THE_CORNER)) is WRAP1
    assert meld_rules(Rules(ace_points=15)) is LOW15
    assert MeldRules.of() is STANDARD and MeldRules.of(True, 15) is HW
    assert MeldRules(wrap=True, ace_points=15) == HW and hash(MeldRules(True, 15)) == hash(HW)
    assert HW != STANDARD and repr(HW) == "MeldRules(wrap=True, ace_points=15)"
    assert pickle.loads(pickle.dumps(HW)) is HW
    with pytest.raises(AttributeError):
        HW.wrap = False  # type: ignore[misc]
    with pytest.raises(ValueError):
        MeldRules(ace_points=0)
    assert HW.points(h("Ah Ks 2c")) == 27 and STANDARD.points(h("Ah Ks 2c")) == 13


def test_deadwood_points_with_ace_points() -> None:
    assert deadwood_points(h("Ac Ad Kh 5s")) == 17
    assert deadwood_points(h("Ac Ad Kh 5s"), 15) == 45
    assert deadwood_points(0, 15) == 0
    assert (card_points(Card("Ah"), 15), card_points(Card("Kh"), 15), card_points(Card("Ah"))) == (15, 10, 1)


def test_tables_have_the_standard_values_where_they_agree() -> None:
    # The wrap tables differ from the standard ones only for suits holding both K and A.
    for m in range(8192):
        if not (m & 1 and m >> 12 & 1):
            assert WRAP1.left[m] == STANDARD.left[m]
            assert WRAP1.melded[m] == STANDARD.melded[m]
        # ace 15 changes the points of an unmelded ace only
        assert LOW15.melded[m] == STANDARD.melded[m]
        assert LOW15.left[m] == STANDARD.left[m] + (14 if m & 1 and not STANDARD.melded[m] & 1 else 0)


# -- properties against the oracle ---------------------------------------------------------


@FAST
@given(variants, strategies.wrap_hands(10))
@example(HW, h("Qs Ks As 2s 3s 7h 7d 7c 9c Td"))
@example(HW, h("Ac Ad Ah Kh Qh 2h 3h Ks 2s 5c"))
def test_least_deadwood_10(mr: MeldRules, hand: int) -> None:
    assert least_deadwood(hand, mr=mr) == oracle.least_deadwood(hand, **o(mr))


@FAST
@given(variants, strategies.wrap_hands(11))
@example(HW, h("Ac Ad Ah As Kh Qh 2h 3h Ks 2s Kd"))
def test_least_deadwood_11(mr: MeldRules, hand: int) -> None:
    assert least_deadwood(hand, mr=mr) == oracle.least_deadwood(hand, **o(mr))


@FAST
@given(
    variants,
    st.integers(0, 9).flatmap(
        lambda n: st.one_of(strategies.random_hands(n), strategies.corner_rich_hands(max(n, 3)))
    ),
)
def test_least_deadwood_small(mr: MeldRules, hand: int) -> None:
    assert least_deadwood(hand, mr=mr) == oracle.least_deadwood(hand, **o(mr))


def check_arrangement(hand: int, arr: Arrangement, mr: MeldRules) -> None:
    """Valid under ``mr``: disjoint melds of the hand, deadwood the rest with aces at
    ``mr.ace_points``, runs maximal round the corner too, melds sorted, runs written in run order."""
    used = 0
    for m in arr.melds:
        assert isinstance(m, Meld)
        assert oracle.is_meld(m.mask, wrap=mr.wrap)
        assert m.mask & ~hand == 0 and m.mask & used == 0
        used |= m.mask
        check_run_order(m)
    assert arr.melded == used
    assert arr.deadwood == hand & ~used
    assert arr.ace_points == mr.ace_points
    assert arr.points == oracle.count(arr.deadwood, mr.ace_points) == mr.points(arr.deadwood)
    runs = [m.mask for m in arr.melds if m.is_run]
    for a in runs:
        for b in runs:
            if a != b:
                assert not oracle.is_run(a | b, wrap=mr.wrap), "runs of one suit that touch must be merged"
        for c in cards_of(arr.deadwood):
            assert not oracle.is_run(a | (1 << c), wrap=mr.wrap)
    assert list(arr.melds) == sorted(arr.melds)


def check_run_order(m: Meld) -> None:
    """A run's cards come in run order from its first card in sequence (Q K A 2)."""
    cs = m.cards
    assert sorted(cs) == oracle.cards(m.mask)
    assert m.text() == " ".join(str(c) for c in cs)
    if m.is_run and len(cs) < 13:
        ranks = [c % 13 for c in cs]
        assert all((b - a) % 13 == 1 for a, b in pairwise(ranks))
        assert not m.mask >> (cs[0] - cs[0] % 13 + (ranks[0] - 1) % 13) & 1, "starts after the gap"


@SLOW
@given(variants, st.one_of(strategies.wrap_hands(10), strategies.wrap_hands(11)))
@example(HW, h("Jh Qh Kh Ah 2h 3h 4h 5h 6h 7h"))
@example(HW, h("Ac Ad Ah Kh Qh 2h 3h Ks 2s 5c"))
@example(WRAP1, h("Ac Ad Ah As Kc 2c Kd 2d Qh Kh"))
def test_arrangements_are_exactly_the_optimal_ones(mr: MeldRules, hand: int) -> None:
    engine = arrangements(hand, mr=mr)
    best = oracle.least_deadwood(hand, **o(mr))
    keys = [frozenset(m.mask for m in a.melds) for a in engine]
    assert engine and len(set(keys)) == len(keys)
    for arr in engine:
        check_arrangement(hand, arr, mr)
        assert arr.points == best
    expected = {
        oracle.merge_adjacent_runs(c, wrap=mr.wrap) for c in oracle.optimal_arrangements(hand, **o(mr))
    }
    assert set(keys) == expected
    assert best_arrangement(hand, mr=mr) == engine[0]


@SLOW
@given(variants, strategies.wrap_hands(11))
@example(HW, h("Ac Ad Ah As Kh Qh 2h 3h Ks 2s Kd"))
@example(HW, h("Ac Ad Ah Qs Ks 2s 3s 5c 5d 5h 9d"))
@example(HW, h("Ac Ad Ah As Kc Kd Kh Ks 2c 2d 2h"))
@example(WRAP1, h("Qc Kc Ac 2c Ad Ah As 7d 7h 7s 9s"))
@example(LOW15, h("Ac Ad Ah 2c 3c 2d 3d Kd Ks Qs Js"))
def test_least_deadwood_after_discard(mr: MeldRules, hand: int) -> None:
    # Exercises the suit-space pruning of 11-card hands ("could run" windows round the corner).
    assert least_deadwood_after_discard(hand, mr=mr) == oracle.least_after_discard(hand, **o(mr))


@FAST
@given(variants, st.data())
def test_best_discards(mr: MeldRules, data: st.DataObject) -> None:
    hand = data.draw(strategies.wrap_hands(11))
    cs = cards_of(hand)
    excluded = data.draw(st.lists(st.sampled_from(cs), max_size=3, unique=True))
    exclude = sum(1 << c for c in excluded)
    value, discards = best_discards(hand, exclude, mr=mr)
    assert (value, [int(c) for c in discards]) == oracle.best_discards(hand, exclude, **o(mr))
    if not exclude:
        assert value == least_deadwood_after_discard(hand, mr=mr)


@FAST
@given(
    variants,
    st.one_of(
        strategies.wrap_hands(11),
        strategies.wrap_hands(10),
        st.integers(1, 9).flatmap(strategies.random_hands),
    ),
)
def test_discard_deadwoods(mr: MeldRules, hand: int) -> None:
    values = discard_deadwoods(hand, mr=mr)
    assert {int(c): v for c, v in values.items()} == oracle.discard_values(hand, **o(mr))


full_suits = st.lists(strategies.suits, min_size=1, max_size=2, unique=True).map(
    lambda ss: sum(((1 << 13) - 1) << (13 * s) for s in ss)
)


@FAST
@given(
    variants,
    st.one_of(
        strategies.wrap_hands(10),
        strategies.wrap_hands(11),
        strategies.random_hands(20),
        st.tuples(full_suits, strategies.random_hands(6)).map(lambda t: t[0] | t[1]),
    ),
)
def test_all_melds_equals_oracle(mr: MeldRules, hand: int) -> None:
    engine = [m.mask for m in all_melds(hand, mr=mr)]
    assert len(set(engine)) == len(engine), "no meld listed twice (the whole suit once)"
    assert sorted(engine) == sorted(oracle.all_melds(hand, wrap=mr.wrap))


@FAST
@given(variants, st.integers(0, 51), st.one_of(strategies.wrap_hands(10), strategies.random_hands(20)))
@example(HW, int(Card("Ah")), h("Kh Qh 2c"))
@example(HW, int(Card("Ah")), h("Kh 2h"))
@example(HW, int(Card("Kh")), h("Ah 2h"))
@example(HW, int(Card("2h")), h("Kh Ah"))
@example(HW, int(Card("Qh")), h("Kh Ah"))
@example(HW, int(Card("3h")), h("Kh Ah"))
def test_melds_with_and_fits_meld(mr: MeldRules, card: int, hand: int) -> None:
    full = hand | (1 << card)
    expected = sorted(m for m in oracle.all_melds(full, wrap=mr.wrap) if m >> card & 1)
    assert sorted(m.mask for m in melds_with(card, hand, mr=mr)) == expected
    assert fits_meld(card, hand, mr=mr) == bool(expected)
    assert fits_meld(card, hand & ~(1 << card), mr=mr) == bool(expected)


small_masks = st.lists(st.integers(0, 51), max_size=6, unique=True).map(oracle.mask_of)
meld_like = st.one_of(
    small_masks,
    strategies.run(1, 13),
    strategies.corner_run(2, 13),
    strategies.set_of_three(),
    strategies.ace_set(),
    full_suits.filter(lambda m: m.bit_count() == 13),
    st.tuples(strategies.corner_run(3, 12), st.integers(0, 51)).map(lambda t: t[0] ^ (1 << t[1])),
    st.tuples(strategies.corner_run(3, 6), strategies.corner_run(3, 6)).map(lambda t: t[0] | t[1]),
)


@settings(max_examples=400, deadline=None)
@given(variants, meld_like)
@example(HW, h("Qs Ks As 2s"))
@example(HW, h("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"))
@example(HW, h("Ks As 2s 4s 5s 6s"))
def test_is_meld_and_meld_validation(mr: MeldRules, mask: int) -> None:
    expected = oracle.is_meld(mask, wrap=mr.wrap)
    assert is_meld(mask, mr=mr) == expected
    assert is_meld(mask) == oracle.is_meld(mask)  # the standard rules are unchanged
    if expected:
        m = Meld(mask, mr=mr)
        assert m.mask == mask and m.is_run == oracle.is_run(mask, wrap=mr.wrap)
        check_run_order(m)
        assert Meld(m.text(), mr=mr) == m == Meld(cards_of(mask), mr=mr)
        assert eval(repr(m).replace(")", ", mr=mr)"), {"Meld": Meld, "mr": mr}) == m
        fits = [c for c in range(52) if oracle.fits(mask, c, wrap=mr.wrap)]
        assert oracle.cards(m.layoff_cards(mr=mr)) == fits
        if not oracle.is_meld(mask):
            with pytest.raises(InvalidMeldError, match="ace low"):
                Meld(mask)
    else:
        with pytest.raises(InvalidMeldError, match="not a meld"):
            Meld(mask, mr=mr)
