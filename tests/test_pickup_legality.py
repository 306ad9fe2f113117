"""Discard-pile pickup gin (002): illegal actions are refused with specific errors and change
nothing, undo restores every step, rules that are not pickup are refused, the notation."""

from __future__ import annotations

import random

import pytest

from ginrummy.cards import CARDS, Card, parse_cards
from ginrummy.errors import (
    CardNotInHandError,
    IllegalActionError,
    IllegalDiscardError,
    IllegalDrawError,
    NotYourTurnError,
    RulesError,
    WrongPhaseError,
)
from ginrummy.hand.actions import ActionParseError, Discard, DrawStock, Pass
from ginrummy.melds import Meld
from ginrummy.rules import Opening, Rules
from ginrummy.variants.pickup import (
    DeepestCardPendingError,
    InvalidTablePlayError,
    PickupState,
    UnusableDeepestCardError,
    placeable,
)
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take, parse_pickup_action
from ginrummy.variants.standard.state import HandState
from helpers.hands import until_over
from helpers.pickup import PICKUP, deck_for, play, snapshot

# -- illegal actions ---------------------------------------------------------------------------


def _after_discard_of(cards: str, deepest_pile: str = "8s") -> PickupState:
    deck = deck_for(
        "8c 8d 3h 4h Kc Kd Ks Jc Tc 2s", "5h 6c 7d 9s Jd Qh Ah 2d 4s Td", upcard=deepest_pile, stock="Qc 6s"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, f"0: pass; 1: pass; 0: draw; 0: discard {cards}; 1: draw; 1: discard 5h")
    return s


def check_refused(
    s: PickupState, action: PickupAction, error: type[Exception], text: str, player: int | None = None
) -> None:
    before = snapshot(s)
    assert not s.can(action, player)
    if player is None:
        assert action not in s.legal_actions
    with pytest.raises(error, match=text) as exc:
        s.push(action, player)
    assert isinstance(exc.value, IllegalActionError) and isinstance(exc.value, ValueError)
    # the legal actions are named, but not the other player's (they name cards of their hand)
    assert ("legal now:" in str(exc.value)) != isinstance(exc.value, NotYourTurnError)
    with pytest.raises(error):
        s.verify(action, player)
    assert snapshot(s) == before


def test_taking_several_cards_whose_deepest_card_cannot_be_used_is_refused() -> None:
    # Pile 8s Kc 5h: taking all three, 8s fits nothing once 8c 8d are gone...
    deck = deck_for(
        "8c 2d 3h 4h Kc Kd Ks Jc Tc 2s", "5h 6c 7d 9s Jd Qh Ah 8d 4s Td", upcard="8s", stock="Qc 6s"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 2d; 1: draw; 1: discard 5h")
    assert s.discard_pile == (Card("8s"), Card("2d"), Card("5h"))
    check_refused(s, Take(3), UnusableDeepestCardError, "the deepest one, 8s, must be laid on the table")
    check_refused(s, Take(4), IllegalDrawError, "the discard pile holds 3")
    check_refused(s, Take(0), IllegalDrawError, "take at least one card")
    assert [a for a in s.legal_actions if isinstance(a, Take)] == [Take(1)]
    # 2d fits with 3h 4h? No: another suit. Taking two is refused too.
    check_refused(s, Take(2), UnusableDeepestCardError, "2d")
    assert issubclass(UnusableDeepestCardError, IllegalDrawError)


def test_a_play_that_strands_the_deepest_card_is_refused() -> None:
    # Pile 8s 3h 5h with 8c 8d in hand: laying a run with 8c would strand 8s.
    deck = deck_for(
        "8c 8d 3h 4h 6c 7c Ks Jc Tc 2s", "5h 6s 7d 9s Jd Qh Ah 2d 4s Td", upcard="8s", stock="Qc 6h"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 3h; 1: draw; 1: discard 5h; 0: take 3")
    check_refused(s, LayMeld(Meld("6c 7c 8c")), DeepestCardPendingError, "would leave 8s")
    check_refused(s, Discard(Card("2s")), DeepestCardPendingError, "must be laid on the table before")
    assert LayMeld(Meld("6c 7c 8c")) not in list(s.legal_actions)
    play(s, "0: meld [8c 8d 8s]; 0: meld [3h 4h 5h]")
    check_refused(s, Discard(Card("5h")), CardNotInHandError, "5h is not in your hand")
    # Cards just taken may not be discarded while other cards are held.
    play(s, "0: meld [Tc Jc Qc]")
    assert s.taken == parse_cards("8s 3h 5h")


def test_illegal_plays_are_refused_and_change_nothing() -> None:
    deck = deck_for(
        "5s Qd Kd Ad 2c 3c 4c 7h 7s 7d", "5c 5d 5h 9d Td Jd 2h 6s 8c Ah", upcard="Jh", stock="9h Kc 7c"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    check_refused(s, DrawStock(), WrongPhaseError, "cannot draw in phase OFFER")
    check_refused(s, Take(2), IllegalDrawError, "only the upcard may be taken on the first turn")
    check_refused(s, Pass(), NotYourTurnError, "it is player 0's turn", player=1)
    play(s, "0: pass; 1: pass")
    check_refused(s, Take(1), IllegalDrawError, "both players passed the upcard")
    check_refused(s, Discard(Card("2c")), WrongPhaseError, "cannot discard in phase DRAW")
    play(s, "0: draw; 0: discard 9h")
    play(s, "1: draw; 1: meld [5c 5d 5h]; 1: meld [9d Td Jd]; 1: discard Kc")
    play(s, "0: take")
    check_refused(s, Discard(Card("Kc")), IllegalDiscardError, "Kc was taken from the discard pile this turn")
    check_refused(
        s, AddCard(Card("Qd"), 0), InvalidTablePlayError, r"Qd does not fit table meld 1 \[5c 5d 5h\]"
    )
    check_refused(s, AddCard(Card("Kd"), 1), InvalidTablePlayError, "Kd does not fit table meld 2")
    check_refused(s, AddCard(Card("5s"), 2), InvalidTablePlayError, "no table meld number 3")
    check_refused(s, AddCard(Card("5c"), 0), CardNotInHandError, "5c is not in your hand")
    check_refused(s, LayMeld(Meld("7c 7d 7h")), CardNotInHandError, "uses cards not in your hand")
    check_refused(s, Pass(), WrongPhaseError, "cannot pass in phase DISCARD")
    check_refused(s, Take(1), WrongPhaseError, "cannot take from the discard pile in phase DISCARD")
    play(s, "0: add Qd:2; 0: add Kd:2; 0: add 5s:1; 0: meld [2c 3c 4c]; 0: meld [7d 7h 7s]")
    play(s, "0: discard Ad")
    assert not s.is_over  # Kc left in hand: not gin
    play(s, "1: draw")
    s2 = s.clone()
    play(s2, "1: discard 2h")
    assert s.hand(1) >> Card("2h") & 1 and not s2.hand(1) >> Card("2h") & 1  # clones are independent
    for _ in until_over(s2):
        s2.push(next(iter(s2.legal_actions)))
    check_refused(s2, DrawStock(), WrongPhaseError, "cannot draw in phase END")
    assert list(s2.legal_actions) == [] and not s2.legal_actions


def test_undo_restores_every_step() -> None:
    rng = random.Random(3)
    for seed in range(20):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        snaps = [snapshot(s)]
        for _ in until_over(s):
            s.push(rng.choice(list(s.legal_actions)))
            snaps.append(snapshot(s))
        for snap in reversed(snaps[:-1]):
            s.pop()
            assert snapshot(s) == snap
        with pytest.raises(IndexError):
            s.pop()


def test_rules_that_are_not_pickup_are_refused() -> None:
    deck = list(CARDS)
    with pytest.raises(RulesError, match="discard_pickup"):
        PickupState(Rules(), 0, deck)
    with pytest.raises(RulesError, match="upcard opening"):
        PickupState(PICKUP.replace(opening=Opening.ELEVEN_CARDS), 0, deck)
    with pytest.raises(RulesError, match="50th-card"):
        PickupState(PICKUP.replace(action_on_50th_card=True), 0, deck)
    with pytest.raises(RulesError):
        HandState(PICKUP, 0, deck)
    with pytest.raises(ValueError, match="52 cards"):
        PickupState(PICKUP, 0, deck[:51])
    p = Rules.preset("pickup")
    assert (p.discard_pickup, p.knock_limit, p.gin_bonus, p.target, p.stock_left_dead) == (
        True,
        0,
        25,
        250,
        2,
    )


def test_notation_round_trips() -> None:
    for text in ["pass", "draw", "take 1", "take 4", "meld [7c 7d 7s]", "add 8h:2", "discard 9c"]:
        assert str(parse_pickup_action(text)) == text
    assert parse_pickup_action("take") == Take(1)
    assert parse_pickup_action("MELD 7c 7s 7d") == LayMeld(Meld("7c 7d 7s"))
    for bad in ["take 0", "add 8h", "add 8h:0", "knock 7h", "take x"]:
        with pytest.raises(ActionParseError):
            parse_pickup_action(bad)


def test_placeable() -> None:
    assert placeable(Card("9h"), parse_cards("8h 9h"), [Meld("5h 6h 7h")])
    assert placeable(Card("4h"), parse_cards("4h"), [Meld("5h 6h 7h")])
    assert placeable(Card("2h"), parse_cards("2h 3h 4h"), [Meld("5h 6h 7h")])
    assert placeable(Card("2h"), parse_cards("2h 3h 4h"), [])
    assert not placeable(Card("2h"), parse_cards("2h 4h"), [Meld("5h 6h 7h")])
    assert placeable(Card("7s"), parse_cards("7s"), [Meld("7c 7d 7h")])
    assert not placeable(Card("7s"), parse_cards("7s"), [Meld("7c 8c 9c")])
    assert not placeable(Card("9s"), parse_cards("9s Ts"), [Meld("5h 6h 7h"), Meld("Jd Qd Kd")])
