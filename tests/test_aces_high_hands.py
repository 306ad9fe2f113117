"""Hollywood's aces high and low (002): the ``hollywood-aces`` preset, whole hands through
``HandState`` scored by the brute-force oracle, and the analysis commands under its rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card
from ginrummy.cli.analyze import analyze_hand, layoff_plan, parse_hand, parse_knocker_melds
from ginrummy.errors import IllegalActionError, InvalidMeldError
from ginrummy.hand.results import Outcome
from ginrummy.melds import (
    STANDARD,
    Meld,
)
from ginrummy.rules import Aces, KnockCard, Rules, Scoring
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, LayOff, Pass
from ginrummy.variants.standard.state import HandState, Phase
from helpers import oracle, strategies
from helpers.aces_high import (
    HW,
    PRESET,
    h,
)
from helpers.hands import until_over

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
    plan = layoff_plan(melds, parse_hand("Ah 2h Js 2s 9c 3d 5c 6d 8c Td", sizes=None), PRESET)
    assert plan["layoffs"] == [["Ah", 1], ["2h", 1], ["Js", 2], ["2s", 2]]
    assert plan["deadwood"] == 9 + (3 + 5 + 6 + 8 + 10)  # 9c and five cards that fit nothing
