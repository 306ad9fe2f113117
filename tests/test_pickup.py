"""Discard-pile pickup gin (002): golden hands, illegal actions, hidden information,
card conservation, agents, games and the terminal (``ginrummy.variants.pickup.state`` and friends)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console

from ginrummy.agents import make_agent
from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.cards import CARDS, Card, cards_of, parse_cards
from ginrummy.cli.pickup_play import command_for
from ginrummy.cli.play import COMPUTER, PlaySession
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
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.hand.state import HandState
from ginrummy.melds import Meld, all_melds
from ginrummy.rules import Opening, Rules
from ginrummy.scoring.game import Game, play_game
from ginrummy.variants.pickup import (
    DeepestCardPendingError,
    InvalidTablePlayError,
    PickupEvent,
    PickupState,
    PickupView,
    UnusableDeepestCardError,
    placeable,
)
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take, parse_pickup_action
from ginrummy.variants.pickup.scoring import PickupResult, card_value, pickup_points, pickup_result
from helpers.hands import play_out, until_over

PICKUP = Rules.preset("pickup")
FULL = (1 << 52) - 1


def deck_for(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deck that deals these hands (10 cards each), this upcard, and a stock beginning with
    ``stock`` (top first), the other cards after in index order."""
    a = [Card(t) for t in non_dealer.split()]
    b = [Card(t) for t in dealer.split()]
    assert len(a) == len(b) == 10
    deck: list[Card] = []
    for x, y in zip(a, b, strict=True):
        deck += [x, y]
    deck.append(Card(upcard))
    deck += [Card(t) for t in stock.split()]
    deck += [c for c in CARDS if c not in deck]
    assert len(set(deck)) == 52
    return deck


def play(state: PickupState, script: str) -> None:
    """Play ``player: action`` steps separated by ``;`` (actions in pickup notation)."""
    for step in script.split(";"):
        who, _, text = step.strip().partition(":")
        state.push(parse_pickup_action(text.strip()), player=int(who))


def snapshot(s: PickupState) -> tuple[Any, ...]:
    return (
        repr(s),
        s.log,
        s.events(),
        s.view(0),
        s.view(1),
        s.phase,
        s.to_act,
        s.result,
        list(s.legal_actions),
    )


def accounted(s: PickupState) -> int:
    """Every card is in exactly one place: a hand, the stock, the pile or the table."""
    places = [s.hand(0), s.hand(1), sum(1 << c for c in s.stock), sum(1 << c for c in s.discard_pile)]
    places += [m.mask for m in s.table]
    union = 0
    total = 0
    for p in places:
        assert union & p == 0, "a card is in two places"
        union |= p
        total += p.bit_count()
    assert union == FULL
    return total


# -- golden hands (built from the text, points worked out by hand) ----------------------------


def test_golden_gin_with_a_discard_table_cards_for_and_hand_cards_against() -> None:
    # Player 1 deals; player 0 (non-dealer) passes the upcard 5s, the dealer takes it and lays
    # four fives, discards Qs. Player 0 draws Jh, lays three melds, discards Kd: gin.
    deck = deck_for("7c 7d 7s 8h 9h Th 2c 3c 4c Kd", "5c 5d 5h Qs Qd 2h 6s 9c Jd Ac", upcard="5s", stock="Jh")
    s = PickupState(PICKUP, dealer=1, deck=deck)
    assert (s.phase, s.to_act, s.stock_size, s.upcard) == (Phase.OFFER, 0, 31, Card("5s"))
    play(s, "0: pass; 1: take; 1: meld [5c 5d 5h 5s]; 1: discard Qs")
    assert s.phase is Phase.DRAW and s.to_act == 0
    play(s, "0: draw; 0: meld [7c 7d 7s]; 0: meld [8h 9h Th Jh]; 0: meld [2c 3c 4c]; 0: discard Kd")
    r = s.result
    assert isinstance(r, PickupResult) and s.is_over
    # Player 0: 7c 7d 7s = 15, 8h 9h = 10, Th Jh = 20, 2c 3c 4c = 15: 60 on the table, + 25 gin.
    # Player 1: 5c 5d 5h 5s = 20 on the table; Qd Jd 10 each, 2h 6s 9c 5 each, Ac 15: 50 in hand.
    assert r.table_points == (60, 20)
    assert r.held_points == (0, 50)
    assert r.bonus == (25, 0)
    assert r.net == (85, -30)
    assert (r.outcome, r.knocker, r.winner, r.points) == (Outcome.GIN, 0, 0, 115)
    assert r.hands == (0, parse_cards("Qd 2h 6s 9c Jd Ac"))
    assert r.describe(("Ann", "Bob")) == (
        "Ann goes gin: Ann 60 on the table + 25 gin = 85; Bob 20 on the table - 50 in hand = -30: Ann scores 115"
    )
    assert s.discard_pile == (Card("Qs"), Card("Kd"))
    assert accounted(s) == 52


def test_golden_several_cards_taken_deepest_melded_at_once() -> None:
    # The text's example: <bottom> 8s 3h 5h <top>; taking all three, 8s must be used in a meld.
    deck = deck_for(
        "8c 8d 3h 4h Kc Kd Ks Jc Tc 2s", "5h 6c 7d 9s Jd Qh Ah 2d 4s Td", upcard="8s", stock="Qc 6s"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 3h; 1: draw; 1: discard 5h")
    assert s.discard_pile == (Card("8s"), Card("3h"), Card("5h"))
    view = s.view(0)
    assert [a for a in view.legal_actions if isinstance(a, Take)] == [Take(1), Take(2), Take(3)]
    play(s, "0: take 3")
    assert s.must_meld == Card("8s") and s.view(0).must_meld == Card("8s")
    assert s.taken == parse_cards("8s 3h 5h")
    assert s.events()[-1] == PickupEvent(0, "take", (Card("8s"), Card("3h"), Card("5h")))
    # The discard must wait until 8s is on the table; nothing changes.
    before = snapshot(s)
    with pytest.raises(DeepestCardPendingError, match="8s, the deepest card you took, must be laid"):
        s.push(Discard(Card("2s")))
    assert snapshot(s) == before
    play(s, "0: meld [3h 4h 5h]")  # other melds may come first
    assert s.must_meld == Card("8s")
    play(s, "0: meld [8c 8d 8s]")
    assert s.must_meld is None
    play(s, "0: meld [Kc Kd Ks]; 0: meld [Tc Jc Qc]; 0: discard 2s")
    r = s.result
    assert isinstance(r, PickupResult)
    # Player 0: 8c 8d 8s 15, 3h 4h 5h 15, Kc Kd Ks 30, Tc Jc Qc 30 = 90, + 25 = 115.
    # Player 1: nothing on the table; 6c 7d 9s 2d 4s 6s 5 each, Jd Qh Td 10 each, Ah 15 = 75.
    assert (r.table_points, r.held_points, r.net) == ((90, 0), (0, 75), (115, -75))
    assert (r.winner, r.points) == (0, 190)
    assert accounted(s) == 52


def test_golden_adding_to_the_opponents_melds_and_gin_by_laying_the_last_cards() -> None:
    deck = deck_for(
        "5s Qd Kd Ad 2c 3c 4c 7h 7s 7d", "5c 5d 5h 9d Td Jd 2h 6s 8c Ah", upcard="Jh", stock="9h Kc 7c"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 9h")
    play(s, "1: draw; 1: meld [5c 5d 5h]; 1: meld [9d Td Jd]; 1: discard Kc")
    play(s, "0: draw; 0: add 5s:1; 0: add Qd:2; 0: add Kd:2")
    assert s.table == (Meld("5c 5d 5h 5s"), Meld("9d Td Jd Qd Kd"))
    assert s.table_owners == (1, 1)
    assert s.laid == (parse_cards("5s Qd Kd"), parse_cards("5c 5d 5h 9d Td Jd"))
    play(s, "0: meld [2c 3c 4c]; 0: meld [7c 7d 7h 7s]; 0: discard Ad")
    r = s.result
    assert isinstance(r, PickupResult)
    # Player 0's cards added to player 1's melds count for player 0: 5s 5, Qd Kd 10 each = 25;
    # 2c 3c 4c 15, four sevens 20: 60 on the table, + 25 gin = 85.
    # Player 1: 5c 5d 5h 15, 9d 5 + Td Jd 20 = 40 on the table; 2h 6s 8c 15 + Ah 15 = 30 in hand.
    assert (r.table_points, r.held_points, r.net) == ((60, 40), (0, 30), (85, 10))
    assert (r.winner, r.points, r.defender_count) == (0, 75, 50)
    assert r.table_melds == (
        Meld("5c 5d 5h 5s"),
        Meld("9d Td Jd Qd Kd"),
        Meld("2c 3c 4c"),
        Meld("7c 7d 7h 7s"),
    )


def test_gin_by_discarding_a_taken_card_or_by_laying_the_last_card() -> None:
    p0, p1 = "5s Qd Kd 7c 2c 3c 4c 7h 7s 7d", "5c 5d 5h 9d Td Jd 2h 6s 8c Ah"
    s = PickupState(PICKUP, dealer=1, deck=deck_for(p0, p1, upcard="Jh", stock="9h Kc 8d"))
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 9h")
    play(s, "1: draw; 1: meld [5c 5d 5h]; 1: meld [9d Td Jd]; 1: discard Kc")
    play(s, "0: take; 0: add 5s:1; 0: add Qd:2; 0: add Kd:2; 0: meld [2c 3c 4c]; 0: meld [7c 7d 7h 7s]")
    assert s.hand(0) == parse_cards("Kc") and not s.is_over
    # Kc was just taken, but it is the only card left: it may be discarded, and that is gin.
    assert [a for a in s.legal_actions if isinstance(a, Discard)] == [Discard(Card("Kc"))]
    play(s, "0: discard Kc")
    r = s.result
    assert isinstance(r, PickupResult) and r.knocker == 0
    # 5s 5 + Qd Kd 20 + 2c 3c 4c 15 + four sevens 20 = 60, + 25; player 1: 40 - 30 = 10.
    assert (r.table_points, r.net, r.winner, r.points) == ((60, 40), (85, 10), 0, 75)
    # Drawing 8d instead, it goes below 9d: every card is laid, gin without a discard.
    s = PickupState(PICKUP, dealer=1, deck=deck_for(p0, p1, upcard="Jh", stock="9h Kc 8d"))
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 9h")
    play(s, "1: draw; 1: meld [5c 5d 5h]; 1: meld [9d Td Jd]; 1: discard Kc")
    play(s, "0: draw; 0: add 5s:1; 0: add Qd:2; 0: add Kd:2; 0: add 8d:2; 0: meld [2c 3c 4c]")
    assert not s.is_over
    play(s, "0: meld [7c 7d 7h 7s]")
    assert s.is_over and s.hand(0) == 0 and s.discard_pile == (Card("Jh"), Card("9h"), Card("Kc"))
    r = s.result
    assert isinstance(r, PickupResult)
    assert (r.table_points, r.net, r.points) == ((65, 40), (90, 10), 80)
    assert r.table_melds[1] == Meld("8d 9d Td Jd Qd Kd")


def test_scoring_values_a_gin_player_behind_and_a_tie() -> None:
    assert [card_value(Card(t)) for t in ["Ac", "2c", "9c", "Tc", "Jc", "Qc", "Kc"]] == [
        15,
        5,
        5,
        10,
        10,
        10,
        10,
    ]
    assert pickup_points(FULL) == 4 * (15 + 8 * 5 + 4 * 10)
    # The opponent put four aces and two kings on the table: the gin player is behind.
    r = pickup_result(
        PICKUP, 0, (parse_cards("2c 3c 4c"), parse_cards("Ac Ad Ah As Kc Kd")), (0, parse_cards("9s")), ()
    )
    assert r.net == (40, 75) and (r.winner, r.points, r.defender_count) == (1, 35, 35)
    assert r.describe() == (
        "Player 0 goes gin: Player 0 15 on the table + 25 gin = 40; "
        "Player 1 80 on the table - 5 in hand = 75: Player 1 scores 35"
    )
    tie = pickup_result(
        PICKUP, 1, (parse_cards("Ac Ad Ah"), parse_cards("2c 3c 4c")), (parse_cards("5s"), 0), ()
    )
    assert tie.net == (40, 40) and (tie.winner, tie.points) == (None, 0)
    assert tie.describe().endswith(": no score")


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
    assert "legal now:" in str(exc.value)
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


# -- random play: legality, conservation, hidden information ---------------------------------


def candidates(s: PickupState) -> Iterator[PickupAction]:
    """Many actions, legal or not, for the player to act."""
    both = s.hand(0) | s.hand(1)
    yield Pass()
    yield DrawStock()
    for k in range(0, len(s.discard_pile) + 2):
        yield Take(k)
    for m in all_melds(both):
        yield LayMeld(m)
    yield LayMeld(Meld("Ac 2c 3c"))
    for c in cards_of(both | (1 << s.discard_pile[-1] if s.discard_pile else 0)):
        yield Discard(c)
        for i in range(len(s.table) + 1):
            yield AddCard(c, i)


def test_legal_actions_match_the_engine_and_cards_are_conserved() -> None:
    rng = random.Random(11)
    seen_kinds: set[str] = set()
    for seed in range(16):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        agents = [RandomAgent(seed), PickupSimpleAgent(seed)]
        for _ in until_over(s):
            assert accounted(s) == 52
            legal = list(s.legal_actions)
            assert len(set(legal)) == len(legal)
            accepted = [a for a in candidates(s) if s.can(a)]
            assert set(accepted) == set(legal)
            for a in legal:
                assert parse_pickup_action(str(a)) == a
            view = s.view(s.to_act)
            assert list(view.legal_actions) == legal
            assert s.view(1 - s.to_act).legal_actions == ()
            action = rng.choice(legal) if rng.random() < 0.6 else agents[s.to_act].act(view)  # type: ignore[arg-type]
            seen_kinds.add(
                type(action).__name__ + (str(action.count > 1) if isinstance(action, Take) else "")
            )
            s.push(action)
        assert accounted(s) == 52
    assert {"TakeTrue", "TakeFalse", "LayMeld", "AddCard", "Discard", "DrawStock", "Pass"} <= seen_kinds


def seen_by(s: PickupState, viewer: int) -> int:
    """Every card ``viewer`` has seen: own hand, discard pile, table at every step, and at the
    end the hands shown with the result."""
    replay = PickupState(s.rules, s.dealer, s.deck)
    seen = 0

    def look() -> int:
        return (
            replay.hand(viewer) | sum(1 << c for c in replay.discard_pile) | sum(m.mask for m in replay.table)
        )

    seen = look()
    for player, action in s.log:
        replay.push(action, player)
        seen |= look()
    if replay.result is not None:
        seen |= replay.result.hands[0] | replay.result.hands[1]
    return seen


def mentioned(value: Any) -> int:
    """Every card a view mentions, walking its fields."""
    if isinstance(value, Card):
        return 1 << value
    if isinstance(value, Meld):
        return value.mask
    if isinstance(value, PickupView):
        out = value.hand | value.opponent_known | value.laid[0] | value.laid[1] | value.taken
        for name in ("discard_pile", "table", "history", "drawn", "must_meld", "result"):
            out |= mentioned(getattr(value, name))
        return out
    if isinstance(value, PickupResult):
        return value.hands[0] | value.hands[1] | value.laid[0] | value.laid[1] | mentioned(value.table_melds)
    if isinstance(value, PickupEvent):
        return mentioned(value.cards)
    if isinstance(value, tuple):
        out = 0
        for item in value:
            out |= mentioned(item)
        return out
    assert value is None, value
    return 0


def test_views_hide_the_opponents_hand_and_the_stock() -> None:
    rng = random.Random(5)
    checked = {p: 0 for p in Phase}
    for seed in range(60):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        agents = [RandomAgent(seed), PickupSimpleAgent(seed)]
        stop = rng.randrange(1, 80)
        while not s.is_over and len(s.log) < stop:
            s.push(agents[s.to_act].act(s.view(s.to_act)))  # type: ignore[arg-type]
        for viewer in (0, 1):
            if s.to_act != viewer and s.must_meld is not None:
                continue  # the opponent's take of several cards shows they can lay the deepest card
            seen = seen_by(s, viewer)
            hidden = FULL & ~seen
            view = s.view(viewer)
            assert mentioned(view) & hidden == 0
            assert sum(1 << c for c in s.stock) & ~hidden == 0
            if not s.is_over:
                assert s.hand(1 - viewer) & ~s.known[1 - viewer] & ~hidden == 0
            # Permute the hidden cards in the deck and replay: the view does not change.
            cards = cards_of(hidden)
            shuffled = cards[:]
            rng.shuffle(shuffled)
            if len(cards) >= 2 and shuffled == cards:
                shuffled = shuffled[1:] + shuffled[:1]
            sigma = dict(zip(cards, shuffled, strict=True))
            twin = PickupState(s.rules, s.dealer, [CARDS[sigma.get(c, c)] for c in s.deck])
            for player, action in s.log:
                twin.push(action, player)
            if len(cards) >= 2:
                assert twin.deck != s.deck
            assert twin.view(viewer) == view
            assert twin.view(viewer).legal_actions == view.legal_actions
            checked[s.phase] += 1
    assert all(checked[p] for p in (Phase.DRAW, Phase.DISCARD, Phase.END))


def test_thousands_of_seeded_hands_random_against_simple() -> None:
    outcomes = {Outcome.GIN: 0, Outcome.DEAD: 0}
    wins = [0, 0]
    hands = 2000
    for seed in range(hands):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        simple_seat = seed % 2
        agents: list[Any] = [RandomAgent(seed), PickupSimpleAgent(seed)]
        if simple_seat == 0:
            agents.reverse()
        r = play_out(s, agents, note=f"seed {seed}")  # an illegal action would raise
        assert (
            s.hand(0).bit_count()
            + s.hand(1).bit_count()
            + s.stock_size
            + len(s.discard_pile)
            + sum(m.mask.bit_count() for m in s.table)
            == 52
        )
        outcomes[r.outcome] += 1
        if r.outcome is Outcome.DEAD:
            assert s.stock_size <= PICKUP.stock_left_dead and isinstance(s.log[-1][1], Discard)
            assert r.winner is None and r.points == 0
        else:
            assert isinstance(r, PickupResult) and r.knocker is not None
            assert s.hand(r.knocker) == 0
            assert r.points == abs(r.net[0] - r.net[1]) and r.points >= 0
            if r.winner is not None:
                wins[r.winner == simple_seat] += 1
    assert outcomes[Outcome.GIN] > 0.9 * hands
    assert wins[1] > 3 * wins[0]  # the simple policy beats random play


def test_make_agent_simple_and_random_play_pickup_views() -> None:
    for seed in range(30):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        agents = [make_agent("simple", seed), make_agent("random", seed)]
        play_out(s, agents, note=f"seed {seed}")  # an illegal action raises IllegalActionError


def test_simple_lays_the_deepest_card_and_takes_when_it_melds() -> None:
    deck = deck_for(
        "8c 8d 3h 4h Kc Kd Ks Jc Tc 2s", "5h 6c 7d 9s Jd Qh Ah 2d 4s Td", upcard="8s", stock="Qc 6s"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 3h; 1: draw; 1: discard 5h")
    agent = PickupSimpleAgent(0)
    assert agent.act(s.view(0)) == Take(3)
    while s.to_act == 0 and not s.is_over:
        s.push(agent.act(s.view(0)), 0)
    assert s.is_over and s.result is not None and s.result.knocker == 0 and s.result.points == 190


def test_games_to_the_target() -> None:
    game = play_game(PICKUP, [make_agent("simple", 1), make_agent("random", 2)], seed=4)
    assert game.is_over and max(game.totals) >= 250
    assert all(isinstance(r, PickupResult) for r in game.results)
    assert game.sheet()
    g = Game(PICKUP, seed=9)
    state: object = g.new_hand()
    assert isinstance(state, PickupState) and state.dealer == g.dealer
    assert isinstance(Game(Rules(), seed=9).new_hand(), HandState)


# -- the terminal -------------------------------------------------------------------------------


def run_terminal(
    answer: Callable[[PlaySession, str], str], seed: int = 3, opponent: str = "simple"
) -> tuple[PlaySession, str, list[str]]:
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    given: list[str] = []
    holder: list[PlaySession] = []

    def input_fn(prompt: str) -> str:
        assert len(given) < 5000, "the game does not end"
        given.append(answer(holder[0], prompt))
        return given[-1]

    session = PlaySession(
        PICKUP, seed=seed, opponent=opponent, console=console, input_fn=input_fn, glyphs=False
    )
    holder.append(session)
    assert session.run() == 0
    return session, out.getvalue(), given


def bot(seed: int = 5) -> Callable[[PlaySession, str], str]:
    agent = PickupSimpleAgent(seed)

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        view = session.view
        assert isinstance(view, PickupView) and view.my_turn
        return command_for(agent.act(view))

    return answer


@pytest.mark.parametrize("opponent", ["simple", "random"])
def test_scripted_terminal_game_to_the_end(opponent: str) -> None:
    session, text, given = run_terminal(bot(), seed=7, opponent=opponent)
    game = session.game
    assert game.is_over and len(session.states) == len(game.results) >= 2
    s = game.summary()
    assert s.winner is not None
    assert f"{game.names[s.winner]} wins the game" in text
    assert "Not allowed" not in text and "Not understood" not in text
    assert "Discard-pile pickup gin: no knocking" in text
    assert "went gin." in text and "Discard pile, top first:" in text
    assert any(a.startswith("m ") for a in given) and any(a.startswith("x ") for a in given)


def test_terminal_bad_input_reprompts_and_changes_nothing() -> None:
    script = iter(["x 1", "t 3", "zz", "m 1 2 3 4 5 6 7 8 9 10 11 12", "a 99", "p"])
    logs: list[int] = []
    inner = bot(2)

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert isinstance(state, PickupState)
        for line in script:
            logs.append(len(state.log))
            return line
        if len(state.log) > 12:
            return "q"
        return inner(session, prompt)

    _, text, given = run_terminal(answer, seed=1)
    assert given[:5] == ["x 1", "t 3", "zz", "m 1 2 3 4 5 6 7 8 9 10 11 12", "a 99"]
    assert len(set(logs[:5])) == 1  # nothing changed meanwhile
    assert "Not allowed: x " in text and "cannot discard in phase" in text
    assert "cannot take 3 cards" in text
    assert "Not understood: unknown command 'zz'" in text
    assert "no card at position 11" in text and "no card at position 99" in text
    assert "You quit the game." in text


def _shown(cards: int, text: str) -> list[str]:
    tokens = [c.text() for c in cards_of(cards)]
    return [t for t in tokens if re.search(rf"(?<![\w♣♦♥♠]){re.escape(t)}(?![\w♣♦♥♠])", text)]


@pytest.mark.parametrize(("seed", "opponent"), [(8, "simple"), (9, "random")])
def test_terminal_never_shows_the_computers_hidden_cards(seed: int, opponent: str) -> None:
    holder: list[io.StringIO] = []
    inner = bot(4)
    checks = {"during": 0, "revealed": 0}

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert isinstance(state, PickupState)
        text = holder[0].getvalue()
        segment = text[text.rfind(f"\nHand {len(session.states)}:") :]
        hidden = state.hand(COMPUTER) & ~state.known[COMPUTER]
        if not state.is_over:
            assert _shown(hidden, segment) == [], segment
            checks["during"] += 1
        elif _shown(hidden, segment[segment.find("went gin") :]):
            checks["revealed"] += 1
        return inner(session, prompt)

    out = io.StringIO()
    holder.append(out)
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    given: list[str] = []

    def input_fn(prompt: str) -> str:
        assert len(given) < 5000
        given.append(answer(session, prompt))
        return given[-1]

    session = PlaySession(
        PICKUP, seed=seed, opponent=opponent, console=console, input_fn=input_fn, glyphs=False
    )
    assert session.run() == 0
    assert checks["during"] > 20 and checks["revealed"] >= 1
    assert session.game.is_over


def test_play_command_with_the_pickup_preset() -> None:
    from click.testing import CliRunner

    from ginrummy.cli.main import main

    result = CliRunner().invoke(
        main, ["play", "--rules", "pickup", "--seed", "3", "--ascii"], input="p\nd\nm\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert "Discard-pile pickup gin: no knocking" in result.output and "You quit the game." in result.output
