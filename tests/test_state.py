"""The hand state machine: dealing, turns, knocks, endings, legality, undo and scoring."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, cards_of, parse_cards
from ginrummy.errors import (
    CardNotInHandError,
    IllegalActionError,
    IllegalDiscardError,
    InvalidLayoffError,
    KnockNotAllowedError,
    NotYourTurnError,
    WrongPhaseError,
)
from ginrummy.hand.actions import Action, BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.hand.results import Outcome
from ginrummy.hand.state import HandState, Phase
from ginrummy.melds import Meld, least_deadwood
from ginrummy.rules import Opening, Rules
from helpers import oracle
from helpers.hands import until_over
from helpers.strategies import arbitrary_action, build_deck, choose_action

RULESETS = [
    Rules(),
    Rules(big_gin=True),
    Rules(rediscard_taken_card=True),
    Rules(action_on_50th_card=True),
    Rules(action_on_50th_card=True, knock_limit=0, big_gin=True),
    Rules(opening=Opening.ELEVEN_CARDS, big_gin=True),
    Rules(opening=Opening.ELEVEN_CARDS, action_on_50th_card=True, rediscard_taken_card=True),
    Rules(knock_limit=3, undercut_on_tie=False),
]
MODES = ["mixed", "greedy", "random", "noknock"]


def c(text: str) -> Card:
    return Card(text)


def h(text: str) -> int:
    return parse_cards(text)


def snapshot(s: HandState) -> tuple[Any, ...]:
    """Everything observable about a state."""
    return (
        s.hand(0),
        s.hand(1),
        s.discard_pile,
        s.stock,
        s.stock_size,
        s.upcard,
        s.phase,
        s.to_act,
        s.is_over,
        s.log,
        s.known,
        s.result,
        s.knocker,
        s.knocker_melds,
        s.events(),
        tuple(s.legal_actions),
        s.view(0),
        s.view(1),
    )


def accounted(s: HandState) -> None:
    """Every card is in exactly one place: a hand, the discard pile, the stock or the
    knocker's face-down discard."""
    places = [s.hand(0), s.hand(1), oracle.mask_of(s.discard_pile), oracle.mask_of(s.stock)]
    knock_cards = [a.card for _, a in s.log if isinstance(a, Knock)]
    assert len(knock_cards) <= 1
    places.append(oracle.mask_of(knock_cards))
    total = 0
    for m in places:
        assert total & m == 0, "a card in two places"
        total |= m
    assert total == (1 << 52) - 1, "a card is missing"
    assert len(s.discard_pile) == len(set(s.discard_pile))
    assert len(s.stock) == s.stock_size


# -- the deal ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_deal(dealer: int, seed: int) -> None:
    s = HandState.deal(Rules(), dealer, seed)
    deck = s.deck
    non_dealer = 1 - dealer
    assert s.hand(non_dealer) == oracle.mask_of(deck[0:20:2])
    assert s.hand(dealer) == oracle.mask_of(deck[1:20:2])
    assert s.upcard == deck[20]
    assert s.discard_pile == (deck[20],)
    assert s.stock == tuple(deck[21:])
    assert s.stock_size == 31
    assert s.phase is Phase.OFFER
    assert s.to_act == non_dealer
    assert s.known == (0, 0)
    assert s.log == ()
    assert s.result is None and s.knocker is None and s.knocker_melds == ()
    assert list(s.legal_actions) == [TakeDiscard(), Pass()]
    assert HandState.deal(Rules(), dealer, random.Random(seed)).deck == deck
    accounted(s)


def test_deal_from_built_deck() -> None:
    deck = build_deck("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td", "Kh", "Qh Jh")
    s = HandState(Rules(), 1, deck)
    assert s.hand(0) == h("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc")
    assert s.hand(1) == h("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td")
    assert s.upcard == c("Kh")
    assert s.stock[:2] == (c("Qh"), c("Jh"))


@pytest.mark.parametrize("deck", [list(range(51)), [*range(51), 0], [*range(51), 52], list(range(53))])
def test_bad_deck(deck: list[int]) -> None:
    with pytest.raises(ValueError):
        HandState(Rules(), 0, deck)


@pytest.mark.parametrize("dealer", [-1, 2, None])
def test_bad_dealer(dealer: Any) -> None:
    with pytest.raises(ValueError):
        HandState(Rules(), dealer, list(range(52)))


# -- the first turn --------------------------------------------------------------------

DECK = build_deck(
    "2c 5c 8c Jc 3d 6d 9d Qd 4h 7h",  # non-dealer (player 0; dealer is 1)
    "3c 6c 9c Qc 4d 7d Td Kd 5h 8h",
    "Ks",
    "As 2s 3s 4s",
)


def fresh(rules: Rules | None = None, deck: list[int] | None = None, dealer: int = 1) -> HandState:
    return HandState(rules or Rules(), dealer, deck or DECK)


def test_offer_both_pass_then_non_dealer_draws() -> None:
    s = fresh()
    assert (s.phase, s.to_act) == (Phase.OFFER, 0)
    with pytest.raises(WrongPhaseError, match="legal now") as info:
        s.push(DrawStock())
    assert names_what_is_legal(s, str(info.value))
    with pytest.raises(NotYourTurnError):
        s.push(Pass(), player=1)
    s.push(Pass())
    assert (s.phase, s.to_act) == (Phase.OFFER, 1)
    assert list(s.legal_actions) == [TakeDiscard(), Pass()]
    s.push(Pass())
    assert (s.phase, s.to_act) == (Phase.DRAW, 0)
    assert list(s.legal_actions) == [DrawStock()]
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="draw"):
        s.push(TakeDiscard())
    assert snapshot(s) == before
    assert not s.can(TakeDiscard())
    assert TakeDiscard() not in s.legal_actions
    s.push(DrawStock())
    assert s.phase is Phase.DISCARD and s.to_act == 0
    assert s.hand(0) >> c("As") & 1 and s.stock_size == 30
    assert s.view(0).drawn == c("As") and s.view(1).drawn is None
    s.push(Discard(c("As")))  # a card drawn from the stock may be discarded at once
    assert (s.phase, s.to_act) == (Phase.DRAW, 1)
    assert s.discard_pile == (c("Ks"), c("As"))
    assert list(s.legal_actions) == [DrawStock(), TakeDiscard()]
    s.push(TakeDiscard())
    assert s.hand(1) >> c("As") & 1 and s.known[1] == h("As")


def test_non_dealer_takes_upcard() -> None:
    s = fresh()
    s.push(TakeDiscard())
    assert (s.phase, s.to_act) == (Phase.DISCARD, 0)
    assert s.hand(0) >> c("Ks") & 1 and s.discard_pile == ()
    assert s.known == (h("Ks"), 0)
    assert s.stock_size == 31
    s.push(Discard(c("2c")))
    assert (s.phase, s.to_act) == (Phase.DRAW, 1)
    assert s.known == (h("Ks"), 0)
    assert set(s.legal_actions) == {DrawStock(), TakeDiscard()}


def test_dealer_takes_upcard_after_non_dealer_passes() -> None:
    s = fresh()
    s.push(Pass())
    s.push(TakeDiscard())
    assert (s.phase, s.to_act) == (Phase.DISCARD, 1)
    assert s.hand(1) >> c("Ks") & 1
    s.push(Discard(c("3c")))
    assert (s.phase, s.to_act) == (Phase.DRAW, 0)
    assert set(s.legal_actions) == {DrawStock(), TakeDiscard()}


def test_taken_card_may_not_be_discarded() -> None:
    s = fresh()
    s.push(TakeDiscard())
    before = snapshot(s)
    for action in (Discard(c("Ks")), Knock(c("Ks"))):
        with pytest.raises(IllegalDiscardError, match="Ks"):
            s.push(action)
        assert snapshot(s) == before
    assert Discard(c("Ks")) not in list(s.legal_actions)
    # The same rule for a card taken from the discard pile later on.
    s.push(Discard(c("2c")))
    s.push(TakeDiscard())
    with pytest.raises(IllegalDiscardError, match="2c"):
        s.push(Discard(c("2c")))
    s.push(Discard(c("3c")))
    # ... but after drawing from the stock a card taken earlier may go.
    s.push(DrawStock())
    s.push(Discard(c("Ks")))
    assert s.upcard == c("Ks")


def test_taken_card_may_be_discarded_when_the_rules_allow() -> None:
    s = fresh(Rules(rediscard_taken_card=True))
    s.push(TakeDiscard())
    assert Discard(c("Ks")) in list(s.legal_actions)
    s.push(Discard(c("Ks")))
    assert s.discard_pile == (c("Ks"),)
    assert s.known == (0, 0)


def test_eleven_card_opening() -> None:
    rules = Rules(opening=Opening.ELEVEN_CARDS)
    deck = build_deck("2c 5c 8c Jc 3d 6d 9d Qd 4h 7h Ks", "3c 6c 9c Qc 4d 7d Td Kd 5h 8h", None, "As")
    s = HandState(rules, 0, deck)
    assert s.hand(1).bit_count() == 11 and s.hand(0).bit_count() == 10
    assert s.hand(1) == oracle.mask_of(deck[0:20:2]) | (1 << deck[20])
    assert s.discard_pile == () and s.upcard is None
    assert s.stock_size == 31 and s.stock == tuple(deck[21:])
    assert (s.phase, s.to_act) == (Phase.DISCARD, 1)
    acts = list(s.legal_actions)
    assert {a.card for a in acts if isinstance(a, Discard)} == set(cards_of(s.hand(1)))
    for action in (Pass(), TakeDiscard(), DrawStock()):
        with pytest.raises(WrongPhaseError):
            s.push(action)
    s.push(Discard(c("Ks")))
    assert (s.phase, s.to_act) == (Phase.DRAW, 0)
    assert set(s.legal_actions) == {DrawStock(), TakeDiscard()}
    accounted(s)


def test_eleven_card_opening_knock_at_once() -> None:
    rules = Rules(opening=Opening.ELEVEN_CARDS)
    deck = build_deck("Ac 2c 3c 4d 5d 6d 7s 8s 9s Kh Qh", "3h 6c 9c Qc 4c 7d Td Kd 5h 8h", None)
    s = HandState(rules, 0, deck)
    s.push(Knock(c("Kh")))
    assert s.phase is Phase.LAYOFF and s.knocker == 1 and s.to_act == 0


# -- knocking and endings --------------------------------------------------------------

# 001's layoff example: the knocker has 7 of deadwood, the defender 20 before laying off
# Jh (from a set of four jacks) and Qh on the knocker's heart run, 10 after.
KNOCKER_001 = "8h 9h Th 2c 2d 2s 4s 5s 6s Kc"
DEFENDER_001 = "Jc Jd Jh Js Qh 3c 4c 5c 6c Kd"


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
    s = HandState(Rules(), 1, build_deck(GIN_HAND, GIN_DEFENDER, "Ts"))
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


# -- legality, errors and the state left unchanged ---------------------------------------


def expected_error(s: HandState, action: Action, player: int) -> type[IllegalActionError] | None:
    """An independent guess at the specific error class for some clear-cut cases."""
    if player != s.to_act and not s.is_over:
        return NotYourTurnError
    allowed = {
        Phase.OFFER: (TakeDiscard, Pass),
        Phase.DRAW: (DrawStock, TakeDiscard),
        Phase.DISCARD: (Discard, Knock, BigGin),
        Phase.LAST_CHANCE: (TakeDiscard, Pass),
        Phase.LAYOFF: (LayOff,),
        Phase.END: (),
    }[s.phase]
    if not isinstance(action, allowed):
        return WrongPhaseError
    if isinstance(action, (Discard, Knock)) and not s.hand(s.to_act) >> action.card & 1:
        return CardNotInHandError
    return None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS), mode=st.sampled_from(MODES))
def test_illegal_actions_change_nothing(seed: int, rules: Rules, mode: str) -> None:
    """Random play with random legal and illegal actions: an illegal action raises an
    IllegalActionError and leaves the state exactly as it was; ``verify``, ``can``,
    ``in legal_actions`` and ``push`` agree; every canonical legal action is accepted."""
    rng = random.Random(seed)
    s = HandState.deal(rules, rng.randrange(2), rng.randrange(2**32))
    for _ in range(300):
        accounted(s)
        if s.is_over:
            break
        canonical = list(s.legal_actions)
        assert all(s.can(a) for a in canonical)
        for _ in range(4):
            action, player = arbitrary_action(s, rng)
            legal = s.can(action, player)
            assert legal == (player == s.to_act and action in s.legal_actions)
            if legal:
                s.verify(action, player)
                continue
            before = snapshot(s)
            with pytest.raises(IllegalActionError) as info:
                s.verify(action, player)
            with pytest.raises(type(info.value)):
                s.push(action, player)
            assert snapshot(s) == before
            expected = expected_error(s, action, player)
            if expected is not None:
                assert isinstance(info.value, expected), (action, player, info.value)
        if rng.random() < 0.3:
            action, player = arbitrary_action(s, rng)
            if s.can(action, player):
                s.push(action, player)
                continue
        s.push(choose_action(s, rng, mode), s.to_act)
    assert s.is_over
    before = snapshot(s)
    for action in (Pass(), TakeDiscard(), DrawStock(), Discard(c("Ac")), LayOff()):
        for player in (None, 0, 1):
            with pytest.raises(IllegalActionError):
                s.push(action, player)
            assert snapshot(s) == before


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS), mode=st.sampled_from(MODES))
def test_knock_legality_matches_oracle(seed: int, rules: Rules, mode: str) -> None:
    """In every DISCARD state of random play: a discard or knock of each card is legal as
    the rules say (not the taken card unless allowed; a knock only at least deadwood
    <= knock limit, by the brute-force oracle); big gin only with the rule and 11 cards
    melded; in LAST_CHANCE taking is legal only if some discard then allows a knock."""
    rng = random.Random(seed)
    s = HandState.deal(rules, rng.randrange(2), rng.randrange(2**32))
    for _ in until_over(s):
        p = s.to_act
        hand = s.hand(p)
        if s.phase is Phase.DISCARD and rng.random() < 0.35:
            taken = s.view(p).taken
            must_knock = s.view(p).must_knock
            for card in cards_of(hand):
                free = card != taken or rules.rediscard_taken_card
                assert s.can(Discard(card)) == (free and not must_knock)
                can_knock = free and oracle.least_deadwood(hand & ~(1 << card)) <= rules.knock_limit
                assert s.can(Knock(card)) == can_knock
                assert (Knock(card) in s.legal_actions) == can_knock
            big = rules.big_gin and hand.bit_count() == 11 and oracle.least_deadwood(hand) == 0
            assert s.can(BigGin()) == big
        elif s.phase is Phase.LAST_CHANCE:
            top = s.upcard
            assert top is not None
            eleven = hand | (1 << top)
            ok = any(
                (x != top or rules.rediscard_taken_card)
                and oracle.least_deadwood(eleven & ~(1 << x)) <= rules.knock_limit
                for x in cards_of(eleven)
            ) or (rules.big_gin and oracle.least_deadwood(eleven) == 0)
            assert s.can(TakeDiscard()) == ok
        s.push(choose_action(s, rng, mode))


def names_what_is_legal(s: HandState, message: str) -> bool:
    """The message says "legal now" and names every legal action: its kind (the first
    word of its notation) and its card, in whatever grouping."""
    if "legal now" not in message:
        return False
    for a in s.legal_actions:
        word = str(a).split()[0]
        card = getattr(a, "card", None)
        if word not in message or (card is not None and str(card) not in message):
            return False
    return True


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS))
def test_illegal_action_errors_are_specific_and_name_what_is_legal(seed: int, rules: Rules) -> None:
    """Each illegal action raises a specific subclass of IllegalActionError (not the base
    class) whose message says what is legal now (errors.py: "whose message names what was
    wrong and what is legal"); a wrong player's action names whose turn it is."""
    rng = random.Random(seed)
    s = HandState.deal(rules, rng.randrange(2), rng.randrange(2**32))
    for _ in until_over(s):
        for _ in range(3):
            action, player = arbitrary_action(s, rng)
            if s.can(action, player):
                continue
            with pytest.raises(IllegalActionError) as info:
                s.push(action, player)
            err = info.value
            assert type(err) is not IllegalActionError, f"{action}: {err}"
            if isinstance(err, NotYourTurnError):
                assert f"player {s.to_act}" in str(err)
            else:
                assert names_what_is_legal(s, str(err)), f"{action}: {err}"
        s.push(choose_action(s, rng, "mixed"))


def test_take_after_both_passed_is_a_specific_error() -> None:
    s = fresh()
    s.push(Pass())
    s.push(Pass())
    with pytest.raises(IllegalActionError) as info:
        s.push(TakeDiscard())
    assert type(info.value) is not IllegalActionError, "raise a specific subclass"
    assert "draw" in str(info.value)


def test_error_for_rediscard_names_what_is_legal() -> None:
    s = fresh()
    s.push(TakeDiscard())
    with pytest.raises(IllegalDiscardError) as info:
        s.push(Discard(c("Ks")))
    assert "Ks" in str(info.value)
    assert names_what_is_legal(s, str(info.value)), str(info.value)


def test_not_your_turn() -> None:
    s = fresh()
    before = snapshot(s)
    with pytest.raises(NotYourTurnError, match="player 0"):
        s.push(TakeDiscard(), player=1)
    assert not s.can(TakeDiscard(), 1) and s.can(TakeDiscard(), 0)
    assert snapshot(s) == before


# -- undo, clone and replay ------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS), mode=st.sampled_from(MODES))
def test_push_pop_clone_replay(seed: int, rules: Rules, mode: str) -> None:
    rng = random.Random(seed)
    s = HandState.deal(rules, rng.randrange(2), rng.randrange(2**32))
    start = snapshot(s)
    history = [start]
    for _ in until_over(s):
        action = choose_action(s, rng, mode)
        s.push(action)
        history.append(snapshot(s))
        accounted(s)
        # Replaying the log on a fresh deal of the same deck gives the same state.
        if rng.random() < 0.15 or s.is_over:
            replay = HandState(rules, s.dealer, s.deck)
            for player, a in s.log:
                replay.push(a, player)
            assert snapshot(replay) == snapshot(s)
        # A clone is independent of the original both ways.
        if rng.random() < 0.15 and not s.is_over:
            other = s.clone()
            assert snapshot(other) == snapshot(s)
            mine = snapshot(s)
            other.push(choose_action(other, rng, mode))
            assert snapshot(s) == mine
            other.pop()
            assert snapshot(other) == mine
            other.push(choose_action(other, rng, mode))
            theirs = snapshot(other)
            s.push(choose_action(s, rng, mode))
            s.pop()
            assert snapshot(other) == theirs
    # Undo everything, checking each earlier state on the way back.
    n = len(s.log)
    assert n == len(history) - 1
    for i in range(n, 0, -1):
        assert snapshot(s) == history[i]
        player, action = s.log[-1]
        assert s.pop() == action
    assert snapshot(s) == start
    with pytest.raises(IndexError):
        s.pop()


def test_pop_restores_a_knock() -> None:
    s = HandState(Rules(), 1, build_deck(KNOCKER_001, DEFENDER_001, "7d"))
    s.push(TakeDiscard())
    before = snapshot(s)
    s.push(Knock(c("Kc")))
    s.push(LayOff())
    assert s.is_over
    melds = s.knocker_melds
    assert isinstance(s.pop(), LayOff)
    assert s.phase is Phase.LAYOFF and s.result is None and s.knocker == 0
    assert s.pop() == Knock(c("Kc"), melds)
    assert set(melds) == {Meld("8h 9h Th"), Meld("2c 2d 2s"), Meld("4s 5s 6s")}
    assert snapshot(s) == before
    assert s.knocker is None and s.knocker_melds == ()
