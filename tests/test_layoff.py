"""The defender's best layoff plan, checked against the brute-force oracle."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, cards_of, parse_cards
from ginrummy.errors import IllegalActionError, InvalidLayoffError
from ginrummy.layoff import LayoffPlan, best_layoff, check_layoffs, layoff_options
from ginrummy.melds import Meld, least_deadwood
from helpers import oracle, strategies


def h(text: str) -> int:
    return parse_cards(text)


def melds(*texts: str) -> list[Meld]:
    return [Meld(t) for t in texts]


def check_plan(knocker: list[Meld], hand: int, plan: LayoffPlan) -> None:
    """A plan is valid: own melds disjoint and from the hand, layoffs playable in the
    given order (by the oracle's rules), deadwood the rest, and the plan replays through
    ``check_layoffs`` to the same plan."""
    own = 0
    for m in plan.melds:
        assert oracle.is_meld(m.mask)
        assert m.mask & ~hand == 0 and m.mask & own == 0
        own |= m.mask
    laid = plan.laid_off
    assert laid & own == 0 and laid & ~hand == 0
    assert len(plan.layoffs) == laid.bit_count(), "no card laid off twice"
    assert all(type(c) is Card and 0 <= i < len(knocker) for c, i in plan.layoffs)
    assert oracle.can_lay_off_in_order([m.mask for m in knocker], plan.layoffs)
    assert plan.deadwood == hand & ~own & ~laid
    assert plan.points == oracle.count(plan.deadwood)
    assert plan.points == oracle.least_deadwood(hand & ~laid), "own melds must be the best"
    replay = check_layoffs(knocker, hand, plan.melds, plan.layoffs)
    assert replay.points == plan.points
    assert replay.deadwood == plan.deadwood
    assert replay.layoffs == plan.layoffs
    assert set(replay.melds) == set(plan.melds)


# -- properties against the oracle -------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(strategies.layoff_cases())
@example(([h("6h 7h 8h")], h("4h 5h 9h Th 2c 3c 5d 7s 9s Ks")))
@example(([h("3h 4h 5h"), h("8h 9h Th")], h("6h 7h 2h Jh Qh Ac 3c 5c 7c 9c")))
@example(([h("7c 7d 7s"), h("8h 9h Th")], h("7h 6h 5h Jh Qh 2c 4c 6d 8d Kd")))
def test_best_layoff_matches_oracle(case: tuple[list[int], int]) -> None:
    masks, hand = case
    knocker = [Meld(m) for m in masks]
    plan = best_layoff(knocker, hand)
    reach = oracle.reachable_layoffs(tuple(masks), hand)
    best = min(oracle.least_deadwood(hand & ~laid) for laid in reach)
    assert plan.points == best
    check_plan(knocker, hand, plan)
    # Ties are broken towards fewer layoffs.
    fewest = min(laid.bit_count() for laid in reach if oracle.least_deadwood(hand & ~laid) == best)
    assert len(plan.layoffs) == fewest


@settings(max_examples=100, deadline=None)
@given(strategies.hands(10))
def test_no_knocker_melds_means_no_layoffs(hand: int) -> None:
    plan = best_layoff([], hand)
    assert plan.layoffs == ()
    assert plan.points == oracle.least_deadwood(hand)
    check_plan([], hand, plan)


@settings(max_examples=250, deadline=None)
@given(st.data())
def test_check_layoffs_accepts_exactly_the_playable_sequences(data: st.DataObject) -> None:
    masks, hand = data.draw(strategies.layoff_cases())
    knocker = [Meld(m) for m in masks]
    pool = cards_of(hand)
    seq = data.draw(
        st.lists(
            st.tuples(st.sampled_from(pool), st.integers(0, len(masks) - 1)),
            max_size=5,
            unique_by=lambda t: t[0],
        )
    )
    if data.draw(st.booleans()) and seq:
        # Try a correct sequence found by the oracle, maybe with its order reversed.
        reach = oracle.reachable_layoffs(tuple(masks), hand)
        seq = data.draw(st.sampled_from(sorted(reach.values())))
        if data.draw(st.booleans()):
            seq = seq[::-1]
    playable = oracle.can_lay_off_in_order(masks, seq)
    if playable:
        plan = check_layoffs(knocker, hand, (), seq)
        assert plan.layoffs == tuple((Card(c), i) for c, i in seq)
        assert plan.deadwood == hand & ~oracle.mask_of(c for c, _ in seq)
        assert plan.melds == ()
    else:
        with pytest.raises(InvalidLayoffError) as info:
            check_layoffs(knocker, hand, (), seq)
        # The message names the first card that does not fit.
        current = list(masks)
        for c, i in seq:
            if not oracle.fits(current[i], c):
                assert str(Card(c)) in str(info.value)
                break
            current[i] |= 1 << c


# -- worked examples --------------------------------------------------------------


def test_source_001_layoff_example() -> None:
    # 001: the knocker has 7 points of deadwood; the defender has 20 at first and lays off
    # a queen and a jack on the knocker's heart run, reducing their deadwood to 10.
    # (The jack comes from a set of four jacks, which stays a set of three.)
    knocker = melds("8h 9h Th", "2c 2d 2s", "4s 5s 6s")
    defender = h("Jc Jd Jh Js Qh 3c 4c 5c 6c Kd")
    assert least_deadwood(defender) == 20
    plan = best_layoff(knocker, defender)
    assert plan.points == 10
    assert plan.laid_off == h("Jh Qh")
    assert [str(c) for c, _ in plan.layoffs] == ["Jh", "Qh"]
    assert {i for _, i in plan.layoffs} == {0}
    assert set(plan.melds) == {Meld("Jc Jd Js"), Meld("3c 4c 5c 6c")}
    check_plan(knocker, defender, plan)


def test_source_001_undercut_example() -> None:
    # 001: "You knock with 9 points of deadwood. Your opponent has 13 points, at first. But
    # they lay off two cards onto your melds and reduce their total to 7."
    knocker = melds("3h 4h 5h", "5d 6d 7d", "Kc Kd Kh")
    defender = h("2h 4d 7s Ac 2c 3c 4c Ts Js Qs")
    assert least_deadwood(defender) == 13
    plan = best_layoff(knocker, defender)
    assert plan.points == 7
    assert plan.laid_off == h("2h 4d")
    assert plan.deadwood == h("7s")
    check_plan(knocker, defender, plan)


def test_chain_at_both_ends() -> None:
    knocker = melds("6h 7h 8h")
    defender = h("4h 5h 9h Th 2c 5d 7s 9s Ks Kc")
    plan = best_layoff(knocker, defender)
    assert plan.laid_off == h("4h 5h 9h Th")
    assert plan.points == oracle.count(h("2c 5d 7s 9s Ks Kc"))
    order = [str(c) for c, _ in plan.layoffs]
    assert order.index("5h") < order.index("4h")
    assert order.index("9h") < order.index("Th")
    check_plan(knocker, defender, plan)
    with pytest.raises(InvalidLayoffError, match="4h"):
        check_layoffs(knocker, defender, (), [(Card("4h"), 0), (Card("5h"), 0)])
    with pytest.raises(InvalidLayoffError, match="Th"):
        check_layoffs(knocker, defender, (), [(Card("Th"), 0)])


def test_chain_does_not_wrap_or_cross_suits() -> None:
    assert best_layoff(melds("Jh Qh Kh"), h("Ah 2h Ts")).laid_off == 0
    assert best_layoff(melds("Ad 2d 3d"), h("Kc 4d 5d")).laid_off == h("4d 5d")
    assert best_layoff(melds("Ad 2d 3d"), h("Kc Qc 5d")).laid_off == 0
    assert best_layoff(melds("Jc Qc Kc"), h("Ad Tc 9c")).laid_off == h("Tc 9c")


def test_two_runs_in_one_suit() -> None:
    knocker = melds("3h 4h 5h", "8h 9h Th")
    defender = h("6h 7h Kc Ks Qd 2c 4d 6d 8s Js")
    plan = best_layoff(knocker, defender)
    assert plan.laid_off == h("6h 7h")
    check_plan(knocker, defender, plan)
    # Any split works: both on the lower run, both on the upper run, or one on each.
    for seq in (
        [(Card("6h"), 0), (Card("7h"), 0)],
        [(Card("7h"), 1), (Card("6h"), 1)],
        [(Card("6h"), 0), (Card("7h"), 1)],
    ):
        assert check_layoffs(knocker, defender, (), seq).points == plan.points
    with pytest.raises(InvalidLayoffError, match="6h"):
        check_layoffs(knocker, defender, (), [(Card("6h"), 1)])
    # The gap of one card fits either run.
    knocker = melds("3h 4h 5h", "7h 8h 9h")
    assert best_layoff(knocker, h("6h 2h Th Jh")).laid_off == h("6h 2h Th Jh")


def test_set_fourth_card_versus_run_extension() -> None:
    # 7h is the 4th seven or extends 8h 9h Th down; laying it on the run lets 6h and 5h follow.
    knocker = melds("7c 7d 7s", "8h 9h Th")
    defender = h("7h 6h 5h Kc Kd 2s 4c 9c Qs Qd")
    plan = best_layoff(knocker, defender)
    assert plan.points == oracle.count(h("Kc Kd 2s 4c 9c Qs Qd"))
    check_plan(knocker, defender, plan)
    # A seven laid on the set uses it up: the run extension then needs 7h on the run.
    knocker = melds("7c 7d 7s", "8h 9h Th")
    defender = h("7h 6h Kc Kd 2s 4c 9c Qs Qd Jd")
    plan = best_layoff(knocker, defender)
    assert plan.laid_off == h("7h 6h")
    assert dict((str(c), i) for c, i in plan.layoffs) == {"7h": 1, "6h": 1}
    check_plan(knocker, defender, plan)
    with pytest.raises(InvalidLayoffError, match="6h"):
        check_layoffs(knocker, defender, (), [(Card("7h"), 0), (Card("6h"), 1)])


def test_no_layoff_on_a_set_of_four() -> None:
    knocker = melds("7c 7d 7h 7s", "2c 3c 4c")
    defender = h("5c Ac 8s 9d Kd Qd Js Tc 6h 3d")
    plan = best_layoff(knocker, defender)
    assert plan.laid_off == h("5c Ac")
    assert layoff_options(Meld("7c 7d 7h 7s"), defender) == [[]]
    assert Meld("7c 7d 7h 7s").layoff_cards() == 0
    # A set of three takes its 4th card, and then nothing more.
    plan = check_layoffs(melds("7c 7d 7h"), h("7s 2c"), (), [(Card("7s"), 0)])
    assert plan.deadwood == h("2c")
    with pytest.raises(InvalidLayoffError, match="7s"):
        check_layoffs(knocker, h("7s"), (), [(Card("7s"), 0)])


def test_check_layoffs_rejects_bad_plans() -> None:
    knocker = melds("7c 7d 7s", "8h 9h Th")
    hand = h("7h Jh Qh 2c 3c 4c 5s 6s Kd Ks")
    # A card not in the hand.
    with pytest.raises(InvalidLayoffError, match="6h"):
        check_layoffs(knocker, hand, (), [(Card("6h"), 1)])
    # A card laid off twice.
    with pytest.raises(InvalidLayoffError, match="7h"):
        check_layoffs(knocker, hand, (), [(Card("7h"), 0), (Card("7h"), 1)])
    # A card in one of the defender's own melds.
    with pytest.raises(InvalidLayoffError, match="2c"):
        check_layoffs(knocker, hand | h("Ac"), melds("2c 3c 4c"), [(Card("2c"), 0)])
    # A meld number that does not exist.
    with pytest.raises(InvalidLayoffError, match="7h"):
        check_layoffs(knocker, hand, (), [(Card("7h"), 2)])
    with pytest.raises(InvalidLayoffError, match="7h"):
        check_layoffs(knocker, hand, (), [(Card("7h"), -1)])
    # A card that fits no meld.
    with pytest.raises(InvalidLayoffError, match="Kd"):
        check_layoffs(knocker, hand, (), [(Card("Kd"), 0)])
    # Own melds not in the hand, or overlapping.
    with pytest.raises(InvalidLayoffError, match="Ac 2c 3c"):
        check_layoffs(knocker, hand, melds("Ac 2c 3c"), [])
    with pytest.raises(InvalidLayoffError):
        check_layoffs(knocker, hand | h("Ac"), melds("Ac 2c 3c", "2c 3c 4c"), [])
    # All of these are illegal actions for the state machine too.
    assert issubclass(InvalidLayoffError, IllegalActionError)
    # A valid plan with an own meld.
    plan = check_layoffs(knocker, hand, melds("2c 3c 4c"), [(Card("7h"), 1), (Card("Jh"), 1)])
    assert plan.deadwood == h("Qh 5s 6s Kd Ks")
    plan = check_layoffs(
        knocker, hand, melds("2c 3c 4c"), [(Card("Jh"), 1), (Card("Qh"), 1), (Card("7h"), 0)]
    )
    assert plan.deadwood == h("5s 6s Kd Ks")


@pytest.mark.parametrize("bad", [52, -1, 99])
def test_check_layoffs_rejects_non_cards(bad: int) -> None:
    with pytest.raises(InvalidLayoffError):
        check_layoffs(melds("8h 9h Th"), h("7h"), (), [(bad, 0)])


def test_docstring_example() -> None:
    plan = best_layoff(melds("7c 7s 7d", "8h 9h Th"), h("7h Jh Qh 2c 3c 4c 5s 6s Kd Ks"))
    assert plan.points == 31
    assert plan.laid_off == h("7h Jh Qh")


def test_layoff_options() -> None:
    run = Meld("6h 7h 8h")
    opts = layoff_options(run, h("4h 5h 9h 2h Jh"))
    assert opts[0] == []
    assert sorted(map(sorted, opts)) == sorted(
        map(sorted, [[], [Card("5h")], [Card("5h"), Card("4h")], [Card("9h")],
                     [Card("5h"), Card("9h")], [Card("5h"), Card("4h"), Card("9h")]])
    )  # fmt: skip
    assert layoff_options(Meld("7c 7d 7s"), h("7h 8h")) == [[], [Card("7h")]]
    assert layoff_options(Meld("7c 7d 7s"), h("8h")) == [[]]
