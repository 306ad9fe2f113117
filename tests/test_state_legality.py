"""The hand state machine: illegal actions raise specific errors that name what is legal and
leave the state unchanged; knock legality agrees with the brute-force oracle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import cards_of
from ginrummy.errors import (
    CardNotInHandError,
    IllegalActionError,
    IllegalDiscardError,
    NotYourTurnError,
    WrongPhaseError,
)
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)
from ginrummy.variants.standard.state import HandState, Phase
from helpers import oracle
from helpers.hands import until_over
from helpers.state import (
    MODES,
    RULESETS,
    accounted,
    c,
    fresh,
    names_what_is_legal,
    snapshot,
)
from helpers.strategies import arbitrary_action, choose_action

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
