"""Discard-pile pickup gin (002): golden hands and their scoring, worked out by hand from the
text (``ginrummy.variants.pickup``). Illegal actions: ``test_pickup_legality.py``; random play,
hidden information, agents and games: ``test_pickup_random_play.py``; the terminal:
``test_pickup_terminal.py``."""

from __future__ import annotations

import pytest

from ginrummy.cards import Card, parse_cards
from ginrummy.hand.actions import Discard
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld
from ginrummy.variants.pickup import DeepestCardPendingError, PickupEvent, PickupState
from ginrummy.variants.pickup.actions import Take
from ginrummy.variants.pickup.scoring import PickupResult, card_value, pickup_points, pickup_result
from helpers.pickup import FULL, PICKUP, accounted, deck_for, play, snapshot

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
