"""Hollywood's aces high and low (002): layoffs against the brute-force oracle (round the
corner, with aces counting 15), and golden cases built by hand from the rule text."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, cards_of
from ginrummy.errors import InvalidLayoffError, InvalidMeldError
from ginrummy.layoff import LayoffPlan, best_layoff, check_layoffs, layoff_options
from ginrummy.melds import (
    Meld,
    MeldRules,
    arrangements,
    best_arrangement,
    best_discards,
    is_meld,
    least_deadwood,
    least_deadwood_after_discard,
)
from helpers import oracle, strategies
from helpers.aces_high import (
    HW,
    h,
    o,
    variants,
)


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
