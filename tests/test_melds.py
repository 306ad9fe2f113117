"""Melds and deadwood, checked against the brute-force oracle and the rule sources."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, cards_of, deadwood_points, parse_cards
from ginrummy.errors import InvalidMeldError
from ginrummy.melds import (
    Arrangement,
    Meld,
    all_melds,
    arrangements,
    best_arrangement,
    best_discards,
    discard_deadwoods,
    fits_meld,
    is_meld,
    least_deadwood,
    least_deadwood_after_discard,
    melds_with,
)
from helpers import oracle, strategies

FAST = settings(max_examples=150, deadline=None)
SLOW = settings(max_examples=250, deadline=None)

OPENSPIEL_HAND = "2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"


def h(text: str) -> int:
    return parse_cards(text)


# -- golden cases from the rule sources ------------------------------------------------


def test_source_000_seven_seven_seven_eight_nine() -> None:
    # 000: "7, 7, 7, 8, 9: you can use the 7 either to make a set of three sevens or a
    # heart sequence, but not both at once. To form a set and a sequence you would need
    # a sixth card - either a 7 or a 10."
    hand = h("7c 7d 7h 8h 9h")
    assert least_deadwood(hand) == 14  # run 7h 8h 9h, deadwood 7c 7d
    [arr] = arrangements(hand)
    assert arr.melds == (Meld("7h 8h 9h"),)
    assert arr.deadwood == h("7c 7d")
    for sixth in ("7s", "Th"):
        full = hand | h(sixth)
        assert least_deadwood(full) == 0
        [arr] = arrangements(full)
        assert len(arr.melds) == 2
        assert {m.is_set for m in arr.melds} == {True, False}


def test_source_002_intersecting_melds() -> None:
    # 002: within 7♣7♠7♦8♦9♦ the 7♦ is in the set or in the run, not both.
    hand = h("7♣ 7♠ 7♦ 8♦ 9♦")
    assert least_deadwood(hand) == 14
    [arr] = arrangements(hand)
    assert arr.melds == (Meld("7d 8d 9d"),)
    assert arr.deadwood == h("7c 7s")
    assert arr.points == 14


def test_source_004_knock_example() -> None:
    # 004: 4,5,6 of hearts; 8,9,10 of clubs; 3 Queens and a 5 and Ace of spades:
    # discard the 5 of spades, leaving 1 unplayable point (the ace).
    hand = h("4h 5h 6h 8c 9c Tc Qc Qd Qh 5s As")
    assert least_deadwood(hand) == 6
    assert least_deadwood_after_discard(hand) == 1
    assert best_discards(hand) == (1, [Card("5s")])
    [arr] = arrangements(hand & ~h("5s"))
    assert arr.deadwood == h("As")
    assert set(arr.melds) == {Meld("4h 5h 6h"), Meld("8c 9c Tc"), Meld("Qc Qd Qh")}


def test_openspiel_wrong_eleven_card_hand() -> None:
    # RULES.md section 6: OpenSpiel reports a deadwood one discard short; the true least is 0
    # after discarding 3d (2s 2c 2d 2h, 9s 9c 9d, Ac Ad Ah).
    hand = h(OPENSPIEL_HAND)
    assert least_deadwood_after_discard(hand) == 0
    assert best_discards(hand) == (0, [Card("3d")])
    assert least_deadwood(hand & ~h("3d")) == 0
    assert oracle.least_after_discard(hand) == 0


@pytest.mark.parametrize("text", ["Qh Kh Ah", "Kh Ah 2h", "Jh Qh Kh Ah", "Ks As 2s 3s"])
def test_no_wrap_around_runs(text: str) -> None:
    mask = h(text)
    assert not is_meld(mask)
    with pytest.raises(InvalidMeldError):
        Meld(mask)
    if text == "Qh Kh Ah":
        assert least_deadwood(mask) == 21
    assert all(not (m.mask >> Card("Ah") & 1 and m.mask >> Card("Kh") & 1) for m in all_melds(mask))


def test_ace_low_run() -> None:
    assert is_meld(h("Ah 2h 3h"))
    assert least_deadwood(h("Ah 2h 3h Kh")) == 10
    assert least_deadwood(h("Jh Qh Kh Ah")) == 1


def test_docstring_examples() -> None:
    assert least_deadwood(h("7c 7s 7d 8h 9h Th 2c 3c 4c Kd")) == 10
    arr = best_arrangement(h("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
    assert arr.melds == (Meld("7c 7d 7s"), Meld("2c 3c 4c"), Meld("8h 9h Th"))
    assert arr.deadwood == h("Kd")
    assert least_deadwood(h("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc")) == 0


def test_grid_has_both_arrangements() -> None:
    arrs = arrangements(h("7c 7d 7h 8c 8d 8h 9c 9d 9h"))
    assert [a.melds for a in arrs] == [
        (Meld("7c 7d 7h"), Meld("8c 8d 8h"), Meld("9c 9d 9h")),
        (Meld("7c 8c 9c"), Meld("7d 8d 9d"), Meld("7h 8h 9h")),
    ]


def test_set_of_four_and_runs() -> None:
    # 7c 7d 7h 7s with 5s 6s 8s 9s: either the set of four and 5s 6s 8s 9s as deadwood,
    # or 7c 7d 7h + 5s 6s 7s 8s 9s (no deadwood).
    hand = h("7c 7d 7h 7s 5s 6s 8s 9s")
    assert least_deadwood(hand) == 0
    [arr] = arrangements(hand)
    assert set(arr.melds) == {Meld("7c 7d 7h"), Meld("5s 6s 7s 8s 9s")}


def test_empty_and_small_hands() -> None:
    assert least_deadwood(0) == 0
    assert arrangements(0) == [Arrangement((), 0)]
    assert least_deadwood(h("Kh")) == 10
    with pytest.raises(ValueError):
        least_deadwood_after_discard(0)
    with pytest.raises(ValueError):
        best_discards(0)


# -- properties against the oracle -------------------------------------------------


@FAST
@given(strategies.hands(10))
def test_least_deadwood_10(hand: int) -> None:
    assert least_deadwood(hand) == oracle.least_deadwood(hand)


@FAST
@given(strategies.hands(11))
@example(h(OPENSPIEL_HAND))
def test_least_deadwood_11(hand: int) -> None:
    assert least_deadwood(hand) == oracle.least_deadwood(hand)


@FAST
@given(st.integers(0, 9).flatmap(strategies.random_hands))
def test_least_deadwood_small(hand: int) -> None:
    assert least_deadwood(hand) == oracle.least_deadwood(hand)


def canonical(arr: Arrangement) -> frozenset[int]:
    return frozenset(m.mask for m in arr.melds)


def check_arrangement(hand: int, arr: Arrangement) -> None:
    """Every arrangement is valid: disjoint melds of the hand, deadwood the rest, runs
    maximal (no run of a suit touches another run of that suit or a deadwood card that
    would extend it)."""
    used = 0
    for m in arr.melds:
        assert isinstance(m, Meld)
        assert oracle.is_meld(m.mask)
        assert m.mask & ~hand == 0
        assert m.mask & used == 0
        used |= m.mask
    assert arr.melded == used
    assert arr.deadwood == hand & ~used
    assert arr.points == oracle.count(arr.deadwood) == deadwood_points(arr.deadwood)
    runs = [m.mask for m in arr.melds if m.is_run]
    for a in runs:
        for b in runs:
            if a != b:
                assert not oracle.is_run(a | b), "runs of one suit that touch must be merged"
        for c in cards_of(arr.deadwood):
            assert not oracle.is_run(a | (1 << c))
    assert list(arr.melds) == sorted(arr.melds)


@SLOW
@given(st.one_of(strategies.hands(10), strategies.hands(11)))
@example(h("7c 7d 7h 8c 8d 8h 9c 9d 9h Tc"))
@example(h("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"))
@example(h("7c 7d 7h 7s 5s 6s 8s 9s Ts 4s"))
def test_arrangements_are_exactly_the_optimal_ones(hand: int) -> None:
    """``arrangements`` returns every least-deadwood arrangement, each once, with maximal
    runs. The oracle enumerates every collection of disjoint melds, so it also lists the
    same arrangement with a long run split into shorter touching runs (3h 4h 5h + 6h 7h 8h
    as well as 3h..8h). Canonicalisation: merge touching runs of one suit into one run;
    the canonical oracle arrangements must equal the engine's, as sets of melds."""
    engine = arrangements(hand)
    best = oracle.least_deadwood(hand)
    assert engine, "there is always at least one arrangement"
    keys = [canonical(a) for a in engine]
    assert len(set(keys)) == len(keys), "no arrangement listed twice"
    for arr in engine:
        check_arrangement(hand, arr)
        assert arr.points == best
    expected = {oracle.merge_adjacent_runs(c) for c in oracle.optimal_arrangements(hand)}
    assert set(keys) == expected
    assert best_arrangement(hand) == engine[0]


@FAST
@given(strategies.hands(11))
@example(h(OPENSPIEL_HAND))
@example(h("4h 5h 6h 8c 9c Tc Qc Qd Qh 5s As"))
@example(h("7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h"))
def test_least_deadwood_after_discard(hand: int) -> None:
    assert least_deadwood_after_discard(hand) == oracle.least_after_discard(hand)


@FAST
@given(st.data())
def test_best_discards(data: st.DataObject) -> None:
    hand = data.draw(strategies.hands(11))
    cs = cards_of(hand)
    excluded = data.draw(st.lists(st.sampled_from(cs), max_size=3, unique=True))
    exclude = sum(1 << c for c in excluded)
    outside = [c for c in range(52) if not hand >> c & 1]
    exclude |= 1 << data.draw(st.sampled_from(outside))  # a card not in the hand is ignored
    value, discards = best_discards(hand, exclude=exclude)
    assert (value, [int(c) for c in discards]) == oracle.best_discards(hand, exclude)  # sorted
    assert all(type(c) is Card for c in discards)
    assert not any(exclude >> c & 1 for c in discards)
    if not exclude:
        assert value == least_deadwood_after_discard(hand)


def test_best_discards_exclude_everything() -> None:
    hand = h("7c 7d 7h")
    with pytest.raises(ValueError):
        best_discards(hand, exclude=hand)
    assert best_discards(hand, exclude=h("7c 7d")) == (14, [Card("7h")])


@FAST
@given(st.one_of(strategies.hands(10), strategies.hands(11), strategies.random_hands(20)))
def test_all_melds_equals_oracle(hand: int) -> None:
    engine = [m.mask for m in all_melds(hand)]
    assert len(set(engine)) == len(engine), "no meld listed twice"
    assert sorted(engine) == sorted(oracle.all_melds(hand))
    assert all(isinstance(m, Meld) for m in all_melds(hand))


@FAST
@given(st.integers(0, 51), st.one_of(strategies.hands(10), strategies.random_hands(20)))
@example(int(Card("Ah")), h("Kh Qh 2h"))
@example(int(Card("Ah")), h("Kh Qh Ac"))
@example(int(Card("Kh")), h("Ah 2h Jh"))
@example(int(Card("2h")), h("Ah 3h"))
@example(int(Card("Qs")), h("Ks Js"))
@example(int(Card("7h")), h("7c 7d"))
@example(int(Card("7h")), h("7h 7c"))
def test_melds_with_and_fits_meld(card: int, hand: int) -> None:
    full = hand | (1 << card)
    expected = sorted(m for m in oracle.all_melds(full) if m >> card & 1)
    assert sorted(m.mask for m in melds_with(card, hand)) == expected
    assert fits_meld(Card(card), hand) == bool(expected)
    assert fits_meld(Card(card), hand & ~(1 << card)) == bool(expected)


@FAST
@given(
    st.one_of(strategies.hands(11), strategies.hands(10), st.integers(1, 12).flatmap(strategies.random_hands))
)
@example(h(OPENSPIEL_HAND))
@example(h("7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h"))
@example(h("7c 7d 7s 8s 9s Kd"))
def test_discard_deadwoods(hand: int) -> None:
    values = discard_deadwoods(hand)
    assert {int(c): v for c, v in values.items()} == oracle.discard_values(hand)
    assert all(type(c) is Card for c in values)


small_masks = st.lists(st.integers(0, 51), max_size=6, unique=True).map(oracle.mask_of)
meld_like = st.one_of(
    small_masks,
    strategies.run(1, 13),
    strategies.set_of_three(),
    strategies.set_of_four(),
    # a run or set with one card moved to another suit/rank
    st.tuples(strategies.run(3, 6), st.integers(0, 51)).map(lambda t: t[0] ^ (1 << t[1])),
    st.tuples(strategies.set_of_four(), st.integers(0, 51)).map(lambda t: t[0] ^ (1 << t[1])),
)


@settings(max_examples=400, deadline=None)
@given(meld_like)
def test_is_meld_and_meld_validation(mask: int) -> None:
    expected = oracle.is_meld(mask)
    assert is_meld(mask) == expected
    if expected:
        m = Meld(mask)
        assert m.mask == mask
        assert m.is_set == oracle.is_set(mask)
        assert m.is_run == oracle.is_run(mask)
        assert m.points == oracle.count(mask)
        assert [int(c) for c in m.cards] == oracle.cards(mask)
        assert Meld(m.text()) == m == Meld(cards_of(mask)) == Meld(m.text(glyphs=True))
        assert hash(Meld(m.text())) == hash(m)
        assert eval(repr(m), {"Meld": Meld}) == m
        fits = [c for c in range(52) if oracle.fits(mask, c)]
        assert oracle.cards(m.layoff_cards()) == fits
    else:
        with pytest.raises(InvalidMeldError) as info:
            Meld(mask)
        assert isinstance(info.value, ValueError)
        assert "not a meld" in str(info.value)


@pytest.mark.parametrize(
    "text", ["", "7h", "7h 8h", "7h 8h Th", "7h 7d 8h", "7h 8h 9d", "Qh Kh Ah", "2c 2d 3c 3d"]
)
def test_meld_rejects(text: str) -> None:
    with pytest.raises(InvalidMeldError) as info:
        Meld(text)
    message = str(info.value)
    assert "not a meld" in message
    for token in text.split():
        assert token in message  # names the cards


def test_meld_layoff_cards() -> None:
    assert Meld("7c 7d 7s").layoff_cards() == h("7h")
    assert Meld("7c 7d 7h 7s").layoff_cards() == 0
    assert Meld("8h 9h Th").layoff_cards() == h("7h Jh")
    assert Meld("Ah 2h 3h").layoff_cards() == h("4h")
    assert Meld("Jd Qd Kd").layoff_cards() == h("Td")
    assert Meld("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc").layoff_cards() == 0


def test_meld_ordering_and_text() -> None:
    melds = [Meld("8h 9h Th"), Meld("2c 3c 4c"), Meld("Qc Qd Qh"), Meld("7c 7d 7s")]
    assert sorted(melds) == [Meld("7c 7d 7s"), Meld("Qc Qd Qh"), Meld("2c 3c 4c"), Meld("8h 9h Th")]
    assert Meld("10h 8h 9h").text() == "8h 9h Th"
    assert str(Meld("7s 7c 7d")) == "7c 7d 7s"
    assert Meld("7c 7d 7s") != Meld("7c 7d 7h")
    assert Meld("7c 7d 7s") != "7c 7d 7s"
