"""The hand state machine: knocks, layoffs, undercuts, ties, gin and big gin, dead hands and
the last-chance rule (examples from the sources, worked by hand)."""

from __future__ import annotations

import pytest

from ginrummy.errors import (
    CardNotInHandError,
    IllegalDiscardError,
    InvalidLayoffError,
    KnockNotAllowedError,
    WrongPhaseError,
)
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld, least_deadwood
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState, Phase
from helpers import oracle
from helpers.state import (
    DEFENDER_001,
    KNOCKER_001,
    accounted,
    c,
    fresh,
    h,
    snapshot,
)
from helpers.strategies import build_deck

# -- knocking and endings --------------------------------------------------------------


def test_knock_and_layoff_source_001() -> None:
    s = HandState(Rules(), 1, build_deck(KNOCKER_001, DEFENDER_001, "7d"))
    s.push(TakeDiscard())
    with pytest.raises(KnockNotAllowedError, match="limit"):
        s.push(Knock(c("6s")))  # 16 points of deadwood
    s.push(Knock(c("Kc")))
    assert (s.phase, s.to_act, s.knocker) == (Phase.LAYOFF, 1, 0)
    assert set(s.knocker_melds) == {Meld("8h 9h Th"), Meld("2c 2d 2s"), Meld("4s 5s 6s")}
    assert s.discard_pile == () and s.upcard is None  # the knock discard is face down
    accounted(s)
    [best] = list(s.legal_actions)
    assert isinstance(best, LayOff)
    s.push(LayOff())
    r = s.result
    assert r is not None and s.is_over and s.phase is Phase.END
    assert (r.outcome, r.winner, r.points) == (Outcome.KNOCK, 0, 3)
    assert (r.knocker, r.knocker_count, r.defender_count) == (0, 7, 10)
    assert r.knocker_deadwood == h("7d")
    assert r.defense is not None and r.defense.laid_off == h("Jh Qh")
    assert r.hands == (s.hand(0), s.hand(1))
    assert s.hand(0) == h(KNOCKER_001.replace("Kc", "7d"))
    assert list(s.legal_actions) == []
    accounted(s)


def test_knock_with_chosen_melds() -> None:
    s = HandState(Rules(), 1, build_deck(KNOCKER_001, DEFENDER_001, "7d"))
    s.push(TakeDiscard())
    melds = (Meld("8h 9h Th"), Meld("2c 2d 2s"))  # leaves 4s 5s 6s 7d: 22 points
    with pytest.raises(KnockNotAllowedError, match="22"):
        s.push(Knock(c("Kc"), melds))
    with pytest.raises(CardNotInHandError):
        s.push(Knock(c("Kc"), (Meld("Jc Jd Js"),)))
    with pytest.raises(CardNotInHandError):
        s.push(Knock(c("Kc"), (Meld("Tc Jc Qc Kc"),)))  # the discard is not melded
    with pytest.raises(KnockNotAllowedError, match="overlap"):
        s.push(Knock(c("Kc"), (Meld("8h 9h Th"), Meld("8h 9h Th"), Meld("4s 5s 6s"))))
    s.push(Knock(c("Kc"), (Meld("4s 5s 6s"), Meld("2c 2d 2s"), Meld("8h 9h Th"))))
    assert s.knocker_melds == (Meld("4s 5s 6s"), Meld("2c 2d 2s"), Meld("8h 9h Th"))
    # The defender's own plan, meld numbers in the knocker's order.
    with pytest.raises(InvalidLayoffError, match="Qh"):
        s.push(LayOff((), ((c("Qh"), 2),)))
    with pytest.raises(InvalidLayoffError, match="Jh"):
        s.push(LayOff((), ((c("Jh"), 0),)))
    s.push(LayOff((Meld("3c 4c 5c 6c"),), ((c("Jh"), 2), (c("Qh"), 2))))
    r = s.result
    assert r is not None
    assert r.defender_count == oracle.count(h("Jc Jd Js Kd"))
    assert (r.outcome, r.winner, r.points) == (Outcome.KNOCK, 0, 40 - 7)


# 001's undercut example: the knocker has 9, the defender 13 and lays off two cards to 7.
KNOCKER_U = "3h 4h 5h 5d 6d 7d Kc Kd Kh 9c"
DEFENDER_U = "2h 4d 7s Ac 2c 3c 4c Ts Js Qs"


@pytest.mark.parametrize(("bonus", "points"), [(25, 27), (10, 12)])
def test_undercut_source_001(bonus: int, points: int) -> None:
    # Both pass the upcard; the knocker draws Qc and knocks with it, keeping 9c.
    s = HandState(Rules(undercut_bonus=bonus), 1, build_deck(KNOCKER_U, DEFENDER_U, "2s", "Qc"))
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())
    s.push(Knock(c("Qc")))
    s.push(LayOff())
    r = s.result
    assert r is not None
    assert (r.knocker_count, r.defender_count) == (9, 7)
    assert r.defense is not None and r.defense.laid_off == h("2h 4d")
    assert (r.outcome, r.winner, r.points) == (Outcome.UNDERCUT, 1, points)


@pytest.mark.parametrize(
    ("on_tie", "outcome", "winner", "points"),
    [(True, Outcome.UNDERCUT, 1, 25), (False, Outcome.TIE, None, 0)],
)
def test_tie(on_tie: bool, outcome: Outcome, winner: int | None, points: int) -> None:
    rules = Rules(undercut_on_tie=on_tie)
    knocker = KNOCKER_U.replace("9c", "7c")
    s = HandState(rules, 1, build_deck(knocker, DEFENDER_U, "2s", "Qc"))
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())
    s.push(Knock(c("Qc")))
    s.push(LayOff())
    r = s.result
    assert r is not None
    assert (r.knocker_count, r.defender_count) == (7, 7)
    assert (r.outcome, r.winner, r.points) == (outcome, winner, points)


GIN_HAND = "Ac 2c 3c 4c 4d 5d 6d 7s 8s 9s"
GIN_DEFENDER = "5c 6c Jd Js Qh Kh 2d 3d 9h 8d"  # 5c and 6c would lay off, but not on gin


@pytest.mark.parametrize("bonus", [25, 20])
def test_gin(bonus: int) -> None:
    deck = build_deck(GIN_HAND, GIN_DEFENDER, "Kd", "As")
    # Taking Kd and discarding 4c leaves 10 points (Kd): a knock, not gin.
    s = HandState(Rules(gin_bonus=bonus), 1, deck)
    s.push(TakeDiscard())
    s.push(Knock(c("4c")))
    assert s.phase is Phase.LAYOFF and s.to_act == 1
    # Drawing As and discarding it is gin: the hand ends at once, no layoffs.
    s = HandState(Rules(gin_bonus=bonus), 1, deck)
    s.push(Pass())
    s.push(Pass())
    s.push(DrawStock())
    with pytest.raises(KnockNotAllowedError):
        s.push(BigGin())
    s.push(Knock(c("As")))
    r = s.result
    assert s.is_over and r is not None
    count = least_deadwood(h(GIN_DEFENDER))
    assert (r.outcome, r.winner, r.points) == (Outcome.GIN, 0, bonus + count)
    assert r.knocker_count == 0 and r.defender_count == count
    assert r.defense is not None and r.defense.layoffs == ()
    accounted(s)


@pytest.mark.parametrize("bonus", [31, 50])
def test_big_gin(bonus: int) -> None:
    rules = Rules(big_gin=True, big_gin_bonus=bonus)
    s = HandState(rules, 1, build_deck(GIN_HAND, GIN_DEFENDER, "Ts"))
    s.push(TakeDiscard())  # Ac-4c, 4d-6d, 7s-Ts: 11 cards melded
    assert BigGin in {type(a) for a in s.legal_actions}
    s.push(BigGin())
    r = s.result
    assert s.is_over and r is not None
    count = least_deadwood(h(GIN_DEFENDER))
    assert (r.outcome, r.winner, r.points) == (Outcome.BIG_GIN, 0, bonus + count)
    assert s.hand(0).bit_count() == 11
    assert r.defense is not None and r.defense.layoffs == ()
    accounted(s)


def test_big_gin_only_when_allowed_and_all_melded() -> None:
    s = HandState(Rules(big_gin=False), 1, build_deck(GIN_HAND, GIN_DEFENDER, "Ts"))
    s.push(TakeDiscard())
    with pytest.raises(KnockNotAllowedError, match="big gin"):
        s.push(BigGin())
    assert BigGin not in {type(a) for a in s.legal_actions}
    s.push(Knock(c("Ac")))  # ordinary gin with a discard
    assert s.result is not None and s.result.outcome is Outcome.GIN
    s = HandState(Rules(big_gin=True), 1, build_deck(GIN_HAND, GIN_DEFENDER, "Ks"))
    s.push(TakeDiscard())
    with pytest.raises(KnockNotAllowedError):
        s.push(BigGin())
    with pytest.raises(KnockNotAllowedError):
        s.push(BigGin((Meld("Ac 2c 3c 4c"), Meld("4d 5d 6d"))))


def test_knock_limit_zero_means_gin_only() -> None:
    s = HandState(Rules(knock_limit=0), 1, build_deck(KNOCKER_001, DEFENDER_001, "7d"))
    s.push(TakeDiscard())
    assert not any(isinstance(a, Knock) for a in s.legal_actions)
    with pytest.raises(KnockNotAllowedError):
        s.push(Knock(c("Kc")))


def run_to_stock_end(s: HandState) -> None:
    """Both players pass, then each draws from the stock and discards the drawn card, until
    the stock is down to 3 cards with a player to draw."""
    s.push(Pass())
    s.push(Pass())
    while s.stock_size > 3:
        s.push(DrawStock())
        drawn = s.view(s.to_act).drawn
        assert drawn is not None
        s.push(Discard(drawn))


def test_dead_hand() -> None:
    s = fresh()
    run_to_stock_end(s)
    assert s.phase is Phase.DRAW and s.stock_size == 3
    s.push(DrawStock())
    assert s.stock_size == 2 and s.phase is Phase.DISCARD
    p = s.to_act
    drawn = s.view(p).drawn
    assert drawn is not None
    s.push(Discard(drawn))
    r = s.result
    assert s.is_over and r is not None
    assert (r.outcome, r.winner, r.points, r.knocker) == (Outcome.DEAD, None, 0, None)
    assert s.stock_size == 2
    assert list(s.legal_actions) == []
    with pytest.raises(WrongPhaseError):
        s.push(DrawStock())
    accounted(s)


def test_knock_still_allowed_on_the_last_draw() -> None:
    # Player 0 holds 2c 3c 4c, 3d 4d 5d, 7s 8s 9s and Kh; the 29th stock card is Ah, which
    # the non-dealer draws last: knocking is allowed instead of the dead-hand discard.
    deck = build_deck("2c 3c 4c 3d 4d 5d 7s 8s 9s Kh", "Ac 5c 6h 7h 8h Jc Jd Js Qc Kd", "Qs")
    # Put Ah at stock position 28 (the non-dealer's 15th draw).
    deck.remove(c("Ah"))
    deck.insert(21 + 28, c("Ah"))
    s = HandState(Rules(), 1, deck)
    run_to_stock_end(s)
    s.push(DrawStock())
    assert s.to_act == 0 and s.hand(0) >> c("Ah") & 1 and s.stock_size == 2
    s.push(Knock(c("Kh")))
    assert s.phase is Phase.LAYOFF


def last_chance_state(last: str, rules: Rules) -> HandState:
    """The non-dealer (0) discards ``last``, the 29th stock card, leaving 2 in the stock;
    the dealer (1) holds Ac 2c 3c 4d 5d 6d 7s 8s Kh Qh."""
    deck = build_deck("2h 3h 5h 7h 9h Jh Kc Qc Tc 9c", "Ac 2c 3c 4d 5d 6d 7s 8s Kh Qh", "Kd")
    deck.remove(c(last))
    deck.insert(21 + 28, c(last))
    s = HandState(rules, 1, deck)
    run_to_stock_end(s)
    s.push(DrawStock())
    assert s.to_act == 0
    s.push(Discard(c(last)))
    return s


def test_last_chance_take_to_knock() -> None:
    rules = Rules(action_on_50th_card=True)
    s = last_chance_state("9s", rules)
    assert (s.phase, s.to_act, s.stock_size) == (Phase.LAST_CHANCE, 1, 2)
    assert set(s.legal_actions) == {Pass(), TakeDiscard()}
    assert s.view(1).must_knock
    with pytest.raises(WrongPhaseError):
        s.push(DrawStock())
    s.push(TakeDiscard())
    assert s.phase is Phase.DISCARD
    acts = list(s.legal_actions)
    assert acts and all(isinstance(a, Knock) for a in acts)
    before = snapshot(s)
    with pytest.raises(IllegalDiscardError):
        s.push(Discard(c("Kh")))
    assert snapshot(s) == before
    with pytest.raises(IllegalDiscardError):
        s.push(Knock(c("9s")))  # the taken card
    s.push(Knock(c("Kh")))
    assert s.phase is Phase.LAYOFF and s.knocker == 1


def test_last_chance_pass_is_dead() -> None:
    s = last_chance_state("9s", Rules(action_on_50th_card=True))
    s.push(Pass())
    r = s.result
    assert r is not None and r.outcome is Outcome.DEAD and s.is_over


def test_last_chance_take_only_to_knock() -> None:
    s = last_chance_state("2d", Rules(action_on_50th_card=True))
    assert s.phase is Phase.LAST_CHANCE
    assert list(s.legal_actions) == [Pass()]
    assert not s.view(1).must_knock
    before = snapshot(s)
    with pytest.raises(KnockNotAllowedError):
        s.push(TakeDiscard())
    assert snapshot(s) == before
    s.push(Pass())
    assert s.result is not None and s.result.outcome is Outcome.DEAD


def test_without_last_chance_rule_the_discard_ends_the_hand() -> None:
    s = last_chance_state("9s", Rules())
    assert s.is_over and s.result is not None and s.result.outcome is Outcome.DEAD
