"""The hand state machine: the deal, the first turn, and undo, clone and replay (knocks and
endings: ``test_state_endings.py``; legality and errors: ``test_state_legality.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import cards_of
from ginrummy.errors import (
    IllegalActionError,
    IllegalDiscardError,
    NotYourTurnError,
    WrongPhaseError,
)
from ginrummy.melds import Meld
from ginrummy.rules import Opening, Rules
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState, Phase
from helpers import oracle
from helpers.hands import until_over
from helpers.state import (
    DEFENDER_001,
    KNOCKER_001,
    MODES,
    RULESETS,
    accounted,
    c,
    fresh,
    h,
    names_what_is_legal,
    snapshot,
)
from helpers.strategies import build_deck, choose_action

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


@pytest.mark.parametrize("preset", ["default", "pickup", "oklahoma", "hollywood"])
def test_snapshot_holds_the_undo_fields_in_order(preset: str) -> None:
    """Each variant's ``_snapshot`` (saved before each action, restored by ``pop``) reads the fields
    of its ``_UNDO_FIELDS``, in that order (the variant's own as one tuple, last), at every step."""
    import operator

    from ginrummy.agents import make_agent
    from ginrummy.variants import deal_hand

    state = deal_hand(Rules.preset(preset), 0, 3)
    read = operator.attrgetter(*state._UNDO_FIELDS)
    players = (make_agent("simple", 1), make_agent("simple", 2))
    while True:
        snap = state._snapshot()
        assert (*snap[:-1], *snap[-1]) == read(state)
        if state.is_over:
            break
        state.push(players[state.to_act].act(state.view(state.to_act)))
