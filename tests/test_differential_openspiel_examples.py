"""Known examples of each category in which OpenSpiel's ``gin_rummy`` differs from the rules
(skipped when ``pyspiel`` is missing): ``tests/test_differential_openspiel.py`` describes the
categories; each example is checked in both engines and against the brute force."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")

from ginrummy.cards import Card
from ginrummy.melds import least_deadwood_after_discard
from ginrummy.variants.standard.actions import Discard, DrawStock, Pass, TakeDiscard
from ginrummy.variants.standard.state import Phase
from helpers.openspiel import (
    DRAW_STOCK,
    DRAW_UPCARD,
    GR,
    OS_PARAMS,
    PASS,
    UTILS,
    Summary,
    bf_cards,
    bf_least_after_discard,
    bf_reachable_layoffs,
    os_card,
    os_cards,
    os_expected_returns,
    pyspiel,
)
from helpers.openspiel_mirror import Mirror


def parse(cards: str) -> int:
    hand = 0
    for tok in cards.split():
        hand |= 1 << ("cdhs".index(tok[1]) * 13 + "A23456789TJQK".index(tok[0]))
    return hand


def test_category_b_example() -> None:
    """OpenSpiel's 11-card deadwood is one discard short; ours and the brute force agree."""
    hand = parse("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h")
    assert least_deadwood_after_discard(hand) == bf_least_after_discard(hand) == 0
    assert UTILS.min_deadwood(os_cards(hand)) == 1


def test_category_c_example() -> None:
    """OpenSpiel offers at most two chained layoffs per end of a run; the rules go on."""
    meld = [int(UTILS.meld_to_int(os_cards(parse("Ah 2h 3h"))))]
    four, five, six = (os_card(c) for c in bf_cards(parse("4h 5h 6h")))
    assert four in UTILS.all_layoffs(meld, [])
    assert five in UTILS.all_layoffs(meld, [four])
    assert six not in UTILS.all_layoffs(meld, [four, five])
    assert parse("4h 5h 6h") in bf_reachable_layoffs([parse("Ah 2h 3h")], parse("4h 5h 6h Kc"))


def test_category_a_example() -> None:
    """A knock with equal counts: OpenSpiel scores 0-0, the rules an undercut of 25."""
    assert os_expected_returns(0, 7, 7) == [0.0, 0.0]
    assert os_expected_returns(0, 7, 6) == [-26.0, 26.0]


def test_category_e_example() -> None:
    """Both players keep taking the upcard (and throwing another card): OpenSpiel ends the
    hand 0-0 at the 50th take in its draw phase; ours goes on, as every source says."""
    initial = pyspiel.load_game("gin_rummy", OS_PARAMS).new_initial_state()
    m = Mirror(initial, 0, Summary())
    s, os_state = m.s, m.os
    for _ in range(2):
        m.apply_os(PASS)
        s.push(Pass())
    m.draw_os_stock()
    s.push(DrawStock())
    takes = 0
    while not os_state.is_terminal():
        p = s.to_act
        if s.phase is Phase.DISCARD:
            taken = s.view(p).taken
            card = next(c for c in bf_cards(s.hand(p)) if c != taken)
            m.apply_os(os_card(card))
            s.push(Discard(Card(card)))
        else:
            assert set(os_state.legal_actions()) == {DRAW_UPCARD, DRAW_STOCK}
            assert {type(a) for a in s.legal_actions} == {TakeDiscard, DrawStock}
            m.apply_os(DRAW_UPCARD)
            s.push(TakeDiscard())
            takes += 1
    assert takes == int(GR.MAX_NUM_DRAW_UPCARD_ACTIONS) == 50
    assert list(os_state.returns()) == [0.0, 0.0]
    assert not s.is_over and s.phase is Phase.DISCARD


def test_category_d_example() -> None:
    """The dealer takes the first upcard and throws it back, the non-dealer does the same:
    OpenSpiel ends the hand 0-0 (repeated move); ours goes on, as every source says."""
    initial = pyspiel.load_game("gin_rummy", OS_PARAMS).new_initial_state()
    m = Mirror(initial, 1, Summary())
    s, os_state = m.s, m.os
    up = s.upcard
    assert up is not None
    m.apply_os(PASS)
    s.push(Pass())
    for _ in range(2):
        m.apply_os(DRAW_UPCARD)
        s.push(TakeDiscard())
        m.apply_os(os_card(up))
        s.push(Discard(up))
    assert os_state.is_terminal() and list(os_state.returns()) == [0.0, 0.0]
    assert (
        not s.is_over
        and s.phase is Phase.DRAW
        and m.threw_back(len(s.log) - 1)
        and m.threw_back(len(s.log) - 3)
    )
