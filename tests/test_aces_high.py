"""Hollywood's aces high and low (002; RULES.md section 5): runs may turn the corner
(K-A-2, Q-K-A-2-3, ...) and an unmelded ace counts 15.

Checked against the brute-force oracle (``tests/helpers/oracle.py``, which takes the wrap and the
ace points as parameters) on random, meld-rich and corner-rich hands, under Hollywood's
aces (wrap, ace 15) and the two half-way settings (wrap with ace 1; ace low with ace 15);
then golden cases built by hand from the rule text, and whole hands through ``HandState``
under the ``hollywood-aces`` preset.
"""

from __future__ import annotations

import pickle
import random
from itertools import pairwise

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, card_points, cards_of, deadwood_points, parse_cards
from ginrummy.cli.analyze import analyze_hand, layoff_plan, parse_hand, parse_knocker_melds
from ginrummy.errors import IllegalActionError, InvalidLayoffError, InvalidMeldError
from ginrummy.hand.actions import Discard, DrawStock, Knock, LayOff, Pass
from ginrummy.hand.results import Outcome
from ginrummy.hand.state import HandState, Phase
from ginrummy.layoff import LayoffPlan, best_layoff, check_layoffs, layoff_options
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
from ginrummy.rules import Aces, KnockCard, Rules, Scoring
from helpers import oracle, strategies
from helpers.hands import until_over

HW = MeldRules.of(wrap=True, ace_points=15)
WRAP1 = MeldRules.of(wrap=True, ace_points=1)
LOW15 = MeldRules.of(wrap=False, ace_points=15)
variants = st.sampled_from([HW, HW, WRAP1, LOW15])  # Hollywood's own setting most often

FAST = settings(max_examples=150, deadline=None)
SLOW = settings(max_examples=200, deadline=None)
PRESET = Rules.preset("hollywood-aces")


def h(text: str) -> int:
    return parse_cards(text)


def o(mr: MeldRules) -> dict[str, int | bool]:
    """The oracle's keyword arguments for these rules."""
    return {"wrap": mr.wrap, "ace": mr.ace_points}


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


def check_plan(knocker: list[Meld], hand: int, plan: LayoffPlan, mr: MeldRules) -> None:
    """A plan is valid under ``mr`` and replays through ``check_layoffs`` to the same plan."""
    own = 0
    for m in plan.melds:
        assert oracle.is_meld(m.mask, wrap=mr.wrap)
        assert m.mask & ~hand == 0 and m.mask & own == 0
        own |= m.mask
    laid = plan.laid_off
    assert laid & own == 0 and laid & ~hand == 0
    assert len(plan.layoffs) == laid.bit_count()
    assert oracle.can_lay_off_in_order([m.mask for m in knocker], plan.layoffs, wrap=mr.wrap)
    assert plan.deadwood == hand & ~own & ~laid
    assert plan.ace_points == mr.ace_points
    assert plan.points == oracle.count(plan.deadwood, mr.ace_points)
    assert plan.points == oracle.least_deadwood(hand & ~laid, **o(mr)), "own melds must be the best"
    replay = check_layoffs(knocker, hand, plan.melds, plan.layoffs, mr=mr)
    assert (replay.points, replay.deadwood, replay.layoffs) == (plan.points, plan.deadwood, plan.layoffs)
    assert set(replay.melds) == set(plan.melds)


@settings(max_examples=300, deadline=None)
@given(
    variants,
    st.one_of(strategies.corner_layoff_cases(), strategies.corner_layoff_cases(), strategies.layoff_cases()),
)
@example(HW, ([h("Jh Qh Kh")], h("Ah 2h 3h 9c 9d 5s 6s 7d Kc Qd")))
@example(HW, ([h("4s 5s 6s 7s 8s 9s Ts Js Qs")], h("Ks As 2s 3s 9c 9d 5h 6h 7d Kc")))
@example(HW, ([h("Qd Kd Ad"), h("4d 5d 6d")], h("2d 3d Jd Td 9c 9h 5s 6s 7c Kc")))
@example(HW, ([h("Ac Ad Ah"), h("Qs Ks As")], h("2s 3s Js Kh Qh 5c 6c 7c 8d 9d")))
def test_best_layoff_matches_oracle(mr: MeldRules, case: tuple[list[int], int]) -> None:
    masks, hand = case
    if not all(oracle.is_meld(m, wrap=mr.wrap) for m in masks):
        return  # a run round the corner is not a knocker's meld under ace-low rules
    knocker = [Meld(m, mr=mr) for m in masks]
    plan = best_layoff(knocker, hand, mr=mr)
    reach = oracle.reachable_layoffs(tuple(masks), hand, wrap=mr.wrap)
    best = min(oracle.least_deadwood(hand & ~laid, **o(mr)) for laid in reach)
    assert plan.points == best
    check_plan(knocker, hand, plan, mr)
    fewest = min(laid.bit_count() for laid in reach if oracle.least_deadwood(hand & ~laid, **o(mr)) == best)
    assert len(plan.layoffs) == fewest
    # layoff_options lists each reachable set of cards of one meld once
    for m in knocker:
        sets = [oracle.mask_of(opt) for opt in layoff_options(m, hand, mr=mr)]
        assert len(set(sets)) == len(sets)
        assert set(sets) == set(oracle.reachable_layoffs((m.mask,), hand, wrap=mr.wrap))


@settings(max_examples=250, deadline=None)
@given(variants, st.data())
def test_check_layoffs_accepts_exactly_the_playable_sequences(mr: MeldRules, data: st.DataObject) -> None:
    masks, hand = data.draw(strategies.corner_layoff_cases())
    if not all(oracle.is_meld(m, wrap=mr.wrap) for m in masks):
        return
    knocker = [Meld(m, mr=mr) for m in masks]
    seq = data.draw(
        st.lists(
            st.tuples(st.sampled_from(cards_of(hand)), st.integers(0, len(masks) - 1)),
            max_size=6,
            unique_by=lambda t: t[0],
        )
    )
    if data.draw(st.booleans()):
        reach = oracle.reachable_layoffs(tuple(masks), hand, wrap=mr.wrap)
        seq = data.draw(st.sampled_from(sorted(reach.values())))
        if data.draw(st.booleans()):
            seq = seq[::-1]
    if oracle.can_lay_off_in_order(masks, seq, wrap=mr.wrap):
        plan = check_layoffs(knocker, hand, (), seq, mr=mr)
        assert plan.layoffs == tuple((Card(c), i) for c, i in seq)
        assert plan.points == oracle.count(hand & ~oracle.mask_of(c for c, _ in seq), mr.ace_points)
    else:
        with pytest.raises(InvalidLayoffError) as info:
            check_layoffs(knocker, hand, (), seq, mr=mr)
        current = list(masks)
        for c, i in seq:
            if not oracle.fits(current[i], c, wrap=mr.wrap):
                assert str(Card(c)) in str(info.value)
                break
            current[i] |= 1 << c


# -- golden cases from the rule text (002: "aces can be used high or low, and runs can be
# formed 'around the corner' (such as K♠A♠2♠). If you are caught with an unmelded ace, it
# counts as 15 points against you.") ------------------------------------------------------


def test_golden_run_round_the_corner() -> None:
    # Q♠K♠A♠2♠3♠ is one run round the corner; the sevens a set; 9♣ T♦ are left: 9 + 10.
    hand = h("Qs Ks As 2s 3s 7h 7d 7c 9c Td")
    assert least_deadwood(hand, mr=HW) == 19
    [arr] = arrangements(hand, mr=HW)
    assert arr.text() == "7c 7d 7h | Qs Ks As 2s 3s ; deadwood 9c Td (19)"
    assert [str(c) for c in arr.melds[1].cards] == ["Qs", "Ks", "As", "2s", "3s"]
    # Under the standard rules only A♠2♠3♠ runs: Q♠ K♠ 9♣ T♦ are left (39).
    assert least_deadwood(hand) == 39
    # K♠A♠2♠, the source's own example, is a meld only when runs turn the corner.
    assert is_meld(h("Ks As 2s"), mr=HW) and not is_meld(h("Ks As 2s"))
    assert str(Meld("2s Ks As", mr=HW)) == "Ks As 2s"
    with pytest.raises(InvalidMeldError):
        Meld("Ks As 2s")


def test_golden_unmelded_ace_counts_15() -> None:
    # A♣ cannot meld: 15 points, not 1.
    hand = h("Ac 5h 5d 5s 8c 9c Tc Jd Qd Kd")
    assert least_deadwood(hand, mr=HW) == 15
    assert least_deadwood(hand) == 1
    assert best_arrangement(hand, mr=HW).points == 15
    # With 11 cards the ace is the card to throw: it costs the most.
    eleven = hand | h("4c")
    assert best_discards(eleven, mr=HW) == (4, [Card("Ac")])
    assert least_deadwood_after_discard(eleven, mr=HW) == 4
    assert best_discards(eleven) == (1, [Card("4c")])


def test_golden_aces_in_a_set_or_a_run() -> None:
    # A♥ makes either A♣A♦A♥ or Q♥K♥A♥: the set leaves Q♥ K♥ (20), the run A♣ A♦ (30).
    hand = h("Ac Ad Ah Qh Kh")
    assert least_deadwood(hand, mr=HW) == 20
    [arr] = arrangements(hand, mr=HW)
    assert arr.melds == (Meld("Ac Ad Ah"),)
    # A fourth ace lets both melds be made (A♣A♦A♠ and Q♥K♥A♥): no deadwood.
    assert least_deadwood(hand | h("As"), mr=HW) == 0
    assert {str(m) for m in best_arrangement(hand | h("As"), mr=HW).melds} == {"Ac Ad As", "Qh Kh Ah"}


def test_golden_layoff_of_an_ace_on_queen_king() -> None:
    # The knocker shows J♥Q♥K♥; the defender lays off A♥ on it, then 2♥ on the ace: a chain
    # round the corner. Left: 9♣ 9♦ 5♠ 6♠ 7♦ K♣ Q♦ 4♣ = 60.
    knocker = [Meld("Jh Qh Kh", mr=HW)]
    hand = h("Ah 2h 9c 9d 5s 6s 7d Kc Qd 4c")
    plan = best_layoff(knocker, hand, mr=HW)
    assert [(str(c), i) for c, i in plan.layoffs] == [("Ah", 0), ("2h", 0)]
    assert plan.points == 60 and plan.ace_points == 15
    assert least_deadwood(hand, mr=HW) == 60 + 15 + 2  # without layoffs the ace counts 15
    # Under the standard rules the ace does not fit: A♥ (1) and 2♥ stay.
    std = best_layoff([Meld("Jh Qh Kh")], hand)
    assert std.laid_off == 0 and std.points == 63
    # The chain is checked card by card: 2♥ cannot go before the ace.
    with pytest.raises(InvalidLayoffError, match="2h"):
        check_layoffs(knocker, hand, (), [(Card("2h"), 0)], mr=HW)
    assert check_layoffs(knocker, hand, (), [(Card("Ah"), 0)], mr=HW).points == 62
    with pytest.raises(InvalidLayoffError, match="Ah"):
        check_layoffs([Meld("Jh Qh Kh")], hand, (), [(Card("Ah"), 0)])
    # A♥2♥3♥ of the defender's own is as good as laying the three off: no layoff is made.
    own = best_layoff(knocker, h("Ah 2h 3h 9c 9d 5s 6s 7d Kc Qd"), mr=HW)
    assert own.layoffs == () and own.melds == (Meld("Ah 2h 3h"),) and own.points == 56


def test_golden_layoffs_up_to_the_whole_suit() -> None:
    # The knocker's run 4♠..Q♠ (9 cards) takes K♠ above, then A♠, 2♠, 3♠ (or 3♠ 2♠ A♠ K♠
    # below): a run of 13 cards is the whole suit, which takes nothing more.
    knocker = [Meld("4s 5s 6s 7s 8s 9s Ts Js Qs", mr=HW)]
    hand = h("Ks As 2s 3s 9c 9d 5h 6h 7d Kc")
    rest = 9 + 9 + 5 + 6 + 7 + 10
    for order in (("Ks", "As", "2s", "3s"), ("3s", "2s", "As", "Ks"), ("3s", "Ks", "2s", "As")):
        plan = check_layoffs(knocker, hand, (), [(Card(c), 0) for c in order], mr=HW)
        assert plan.points == rest
    with pytest.raises(InvalidLayoffError, match="2s"):
        check_layoffs(knocker, hand, (), [(Card("Ks"), 0), (Card("2s"), 0)], mr=HW)
    whole = Meld(h("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"), mr=HW)
    assert whole.layoff_cards(mr=HW) == 0 and whole.text().startswith("As 2s")
    assert Meld("4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s", mr=HW).layoff_cards(mr=HW) == h("3s")
    # The best plan: K♠A♠2♠3♠ is also a run of the defender's own, so no layoff is needed.
    plan = best_layoff(knocker, hand, mr=HW)
    assert plan.points == rest and plan.layoffs == ()
    # The four cards can go on from either end: each set of cards is listed once
    # (i below and j above with i + j < 4, and the whole suit once).
    opts = layoff_options(knocker[0], hand, mr=HW)
    assert len(opts) == len({oracle.mask_of(x) for x in opts}) == 11
    # Two knocker's runs in one suit, on either side of the corner: the gap cards fit either.
    knocker2 = [Meld("Qd Kd Ad", mr=HW), Meld("4d 5d 6d", mr=HW)]
    plan2 = best_layoff(knocker2, h("2d 3d Jd Td 9c 9h 5s 6s 7c Kc"), mr=HW)
    assert plan2.laid_off == h("2d 3d Jd Td")


def test_golden_layoff_on_a_set_of_aces() -> None:
    # A set of three aces takes the fourth; the ace left in the hand would count 15.
    plan = best_layoff([Meld("Ac Ad Ah", mr=HW)], h("As 5c 6c 9d Td 2h 3h 7s 8s Kc"), mr=HW)
    assert plan.laid_off == h("As")
    assert plan.points == 5 + 6 + 9 + 10 + 2 + 3 + 7 + 8 + 10


# -- the preset and whole hands ----------------------------------------------------------------


def test_preset() -> None:
    r = PRESET
    assert (r.aces, r.ace_points, r.knock_card, r.spade_doubles, r.target) == (
        Aces.ROUND_THE_CORNER,
        15,
        KnockCard.UPCARD,
        True,
        200,
    )
    assert r.scoring in (Scoring.STANDARD, Scoring.HOLLYWOOD)


def _hollywood_hand() -> HandState:
    # Non-dealer 0: Q♠K♠A♠2♠ (round the corner), J♥Q♥K♥, 2♣ 3♣ 4♦; dealer 1: A♥ 2♥ (they go
    # on J♥Q♥K♥), J♠ 3♠ (on Q♠..2♠), 7♣7♦7♥, 9♦, A♣ (an ace caught: 15), 6♥.
    # Upcard 9♣: knock limit 9, not a spade. The stock starts with T♦.
    deck = strategies.build_deck(
        "Qs Ks As 2s Jh Qh Kh 2c 3c 4d",
        "Ah 2h Js 3s 7c 7d 7h 9d Ac 6h",
        upcard="9c",
        stock="Td",
    )
    return HandState(PRESET, 1, deck)


def test_full_hand_under_the_preset() -> None:
    s = _hollywood_hand()
    assert s.knock_limit == 9 and s.multiplier == 1
    assert s.view(0).meld_rules is HW and s.meld_rules is HW
    assert HandState(Rules(), 1, list(range(52))).meld_rules is STANDARD
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())
    assert s.hand(0) >> Card("Td") & 1
    # Knocking with T♦ leaves 2♣ 3♣ 4♦ = 9 (the limit); throwing 4♦ would leave T♦ 2♣ 3♣ = 15.
    assert Knock(Card("Td")) in s.legal_actions
    assert Knock(Card("4d")) not in s.legal_actions
    knocks = [a for a in s.legal_actions if isinstance(a, Knock)]
    assert {str(a.card) for a in knocks} == {"Td"}
    s.push(Knock(Card("Td")))
    assert s.phase is Phase.LAYOFF
    assert [str(m) for m in s.knocker_melds] == ["Jh Qh Kh", "Qs Ks As 2s"]
    assert str(s.log[-1][1]) == "knock Td [Jh Qh Kh] [Qs Ks As 2s]"
    [lay] = list(s.legal_actions)
    assert isinstance(lay, LayOff)
    s.push(LayOff())
    r = s.result
    assert r is not None and r.outcome is Outcome.KNOCK and r.winner == 0
    assert r.knocker_count == 9
    # The defender lays off A♥ 2♥ on J♥Q♥K♥ and J♠ 3♠ on Q♠K♠A♠2♠, melds 7♣7♦7♥, and is
    # left with 9♦ + A♣ (15) + 6♥ = 30.
    assert r.defense is not None
    assert r.defense.laid_off == h("Ah 2h Js 3s")
    assert r.defense.deadwood == h("9d Ac 6h")
    assert r.defender_count == 30
    assert r.points == 21
    # Undo and lay off by hand: keeping A♥ back costs its 15 points.
    s.pop()
    s.push(LayOff((Meld("7c 7d 7h"),), ((Card("Js"), 1), (Card("3s"), 1))))
    assert s.result is not None and s.result.defender_count == 30 + 15 + 2
    s.pop()
    with pytest.raises(IllegalActionError, match="2h"):
        s.push(LayOff((), ((Card("2h"), 0),)))


def test_standard_game_refuses_runs_round_the_corner() -> None:
    deck = strategies.build_deck(
        "Qs Ks As 2s Jh Qh Kh 2c 3c 4d",
        "Ah 2h Js 3s 7c 7d 7h 9d Ac 6h",
        upcard="9c",
        stock="Td",
    )
    s = HandState(Rules(), 1, deck)
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())
    wrap_knock = Knock(Card("Td"), (Meld("Jh Qh Kh"), Meld("Qs Ks As 2s", mr=HW)))
    assert not s.can(wrap_knock)
    with pytest.raises(IllegalActionError, match="not a meld under these rules"):
        s.push(wrap_knock)
    # Under the standard rules Q♠ K♠ count and A♠ 2♠ count 1 + 2: no knock at all.
    assert not any(isinstance(a, Knock) for a in s.legal_actions)
    assert Discard(Card("Td")) in s.legal_actions


def test_hollywood_state_checks_melds_against_its_rules() -> None:
    s = _hollywood_hand()
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())
    # The melds given are the ones counted: 2♠ left out makes 2 + 9 = 11, over the limit 9;
    # Q♠ left out 10 + 9.
    assert not s.can(Knock(Card("Td"), (Meld("Jh Qh Kh"), Meld("Qs Ks As", mr=HW))))
    assert not s.can(Knock(Card("Td"), (Meld("Jh Qh Kh"), Meld("Ks As 2s", mr=HW))))
    s.push(Knock(Card("Td"), (Meld("Qs Ks As 2s", mr=HW), Meld("Jh Qh Kh"))))
    assert s.knocker_melds[0] == Meld("Qs Ks As 2s", mr=HW)
    clone = s.clone()
    clone.push(LayOff())
    assert clone.result is not None and clone.result.defender_count == 30
    assert s.phase is Phase.LAYOFF


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_random_hands_under_the_preset_score_by_the_oracle(seed: int) -> None:
    """Whole hands played by a mixed policy; every knock's count, the defender's count after
    the engine's best layoffs, and the points agree with the oracle under wrap and ace 15."""
    rng = random.Random(seed)
    s = HandState.deal(PRESET, seed % 2, rng)
    for _ in until_over(s):
        s.push(strategies.choose_action(s, rng))
    r = s.result
    assert r is not None
    if r.outcome is Outcome.DEAD:
        return
    assert r.knocker is not None
    knocker_hand, defender_hand = r.hands[r.knocker], r.hands[1 - r.knocker]
    for m in r.knocker_melds:
        assert oracle.is_meld(m.mask, wrap=True)
    assert r.knocker_count == oracle.count(r.knocker_deadwood, 15) <= s.knock_limit
    if r.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        assert r.defender_count == oracle.least_deadwood(defender_hand, wrap=True, ace=15)
    else:
        melds = tuple(m.mask for m in r.knocker_melds)
        assert r.defender_count == oracle.best_layoff_points(melds, defender_hand, wrap=True, ace=15)
        assert r.knocker_deadwood == knocker_hand & ~sum(melds)


# -- analysis commands --------------------------------------------------------------------------


def test_analyze_and_layoff_commands_follow_the_rules() -> None:
    data = analyze_hand(parse_hand("Qs Ks As 2s 3s 7h 7d 7c 9c Td Ac"), PRESET)
    assert data["discards"] == ["Ac"] and data["deadwood"] == 19
    assert data["melds"] == [["7c", "7d", "7h"], ["Qs", "Ks", "As", "2s", "3s"]]
    assert data["can_knock"] is False
    std = analyze_hand(parse_hand("Qs Ks As 2s 3s 7h 7d 7c 9c Td Ac"), Rules())
    assert std["deadwood"] == 30  # A♠2♠3♠ only; Q♠ K♠ 9♣ T♦ A♣ less a ten
    melds = parse_knocker_melds("Jh Qh Kh | Qs Ks As", PRESET)
    with pytest.raises(InvalidMeldError):
        parse_knocker_melds("Jh Qh Kh | Qs Ks As")
    plan = layoff_plan(melds, parse_hand("Ah 2h Js 2s 9c", sizes=None), PRESET)
    assert plan["layoffs"] == [["Ah", 1], ["2h", 1], ["Js", 2], ["2s", 2]]
    assert plan["deadwood"] == 9
