"""Golden hands for Oklahoma (knock limit from the upcard or a second deck, spade double) and
straight gin, built by hand from the rule text (001, 002; RULES.md section 5), the outside
convention of an ace upcard meaning gin only (``oklahoma-150``, ext), plus a whole Oklahoma
game sheet with a doubled hand."""

from __future__ import annotations

import pytest

from ginrummy.cards import Card, parse_cards
from ginrummy.errors import KnockNotAllowedError
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.rules import KnockCard, Rules
from ginrummy.scoring.game import Game
from ginrummy.variants.standard.actions import BigGin, DrawStock, Knock, LayOff, Pass
from ginrummy.variants.standard.state import HandState, knock_value
from helpers.strategies import build_deck

# Non-dealer (player 0): three melds and a king; the dealer (player 1) holds 5c, which lays
# off on 2c 3c 4c, and 66 other points: Kh Qh Jc Tc 8s 7s 6d 3d 2h.
NON_DEALER = "2c 3c 4c 5h 6h 7h 9s 9d 9c Kd"
DEALER = "Kh Qh Jc Tc 8s 7s 6d 5c 3d 2h"
DEALER_AFTER_LAYOFF = 10 + 10 + 10 + 10 + 8 + 7 + 6 + 3 + 2  # 66
DEALER_ALL = DEALER_AFTER_LAYOFF + 5  # 71: no layoffs against gin

OKLAHOMA = Rules.preset("oklahoma")
OKLAHOMA_150 = Rules.preset("oklahoma-150")


def play_to_knock(rules: Rules, upcard: str, drawn: str, knock_card: int | None = None) -> HandState:
    """Both pass the upcard; the non-dealer draws ``drawn`` and it is their discard turn."""
    state = HandState(rules, 1, build_deck(NON_DEALER, DEALER, upcard, stock=drawn), knock_card)
    state.push(Pass())
    state.push(Pass())
    state.push(DrawStock())
    return state


@pytest.mark.parametrize(
    ("card", "value"), [("Kh", 10), ("Tc", 10), ("9d", 9), ("4s", 4), ("2c", 2), ("Ah", 1)]
)
def test_knock_value_of_a_card(card: str, value: int) -> None:
    assert knock_value(Card(card)) == value


def test_knock_value_of_an_ace_follows_the_settings() -> None:
    assert knock_value(Card("Ad"), ace_points=15) == 15  # Hollywood, aces high and low (002)
    assert knock_value(Card("Ad"), ace_means_gin=True) == 0  # ext: gin only
    assert knock_value(Card("Kd"), ace_means_gin=True) == 10


def test_oklahoma_ace_upcard_sets_a_limit_of_one() -> None:
    # 001 and 002 name no exception for the ace: its value, 1, is the knock limit.
    state = play_to_knock(OKLAHOMA, "Ah", "Ad")
    assert state.knock_limit == 1
    state.push(Knock(Card("Kd")))  # 1 point of deadwood (Ad)
    state.push(LayOff())
    r = state.result
    assert r is not None and r.outcome is Outcome.KNOCK and r.knocker_count == 1
    state = play_to_knock(OKLAHOMA, "Ah", "2d")
    with pytest.raises(KnockNotAllowedError, match="knock limit is 1"):
        state.push(Knock(Card("Kd")))  # 2 points: over the limit


def test_oklahoma_upcard_sets_the_knock_limit() -> None:
    # Upcard 4d: knock at 4 or less. Drawing Ad leaves 1 point after discarding Kd.
    state = play_to_knock(OKLAHOMA, "4d", "Ad")
    assert state.knock_limit == 4 and state.multiplier == 1
    state.push(Knock(Card("Kd")))
    state.push(LayOff())
    r = state.result
    assert r is not None and r.outcome is Outcome.KNOCK
    assert (r.knocker_count, r.defender_count) == (1, DEALER_AFTER_LAYOFF)
    assert r.points == DEALER_AFTER_LAYOFF - 1  # 65


def test_oklahoma_knock_over_the_upcard_value_is_refused() -> None:
    # Upcard 4d; drawing 5s leaves 5 points: over the limit, and the state is unchanged.
    state = play_to_knock(OKLAHOMA, "4d", "5s")
    before = state.view(0)
    with pytest.raises(KnockNotAllowedError, match="knock limit is 4"):
        state.push(Knock(Card("Kd")))
    assert state.view(0) == before


def test_oklahoma_spade_upcard_doubles_the_hand() -> None:
    state = play_to_knock(OKLAHOMA, "4s", "Ad")
    assert (state.knock_limit, state.multiplier) == (4, 2)
    state.push(Knock(Card("Kd")))
    state.push(LayOff())
    r = state.result
    assert r is not None and r.multiplier == 2
    assert r.points == 2 * (DEALER_AFTER_LAYOFF - 1)  # 130


def test_oklahoma_150_ace_upcard_means_gin_only() -> None:
    assert OKLAHOMA_150.ace_means_gin and OKLAHOMA_150.target == 150
    assert OKLAHOMA_150.replace(ace_means_gin=False, target=100) == OKLAHOMA
    state = play_to_knock(OKLAHOMA_150, "Ah", "Ad")
    assert state.knock_limit == 0
    with pytest.raises(KnockNotAllowedError):
        state.push(Knock(Card("Kd")))  # 1 point of deadwood is too many
    state = play_to_knock(OKLAHOMA_150, "Ah", "8h")  # 5h 6h 7h 8h: gin after discarding Kd
    state.push(Knock(Card("Kd")))
    r = state.result
    assert r is not None and r.outcome is Outcome.GIN
    assert r.points == OKLAHOMA_150.gin_bonus + DEALER_ALL  # 96, no layoffs against gin


def test_oklahoma_spade_double_includes_the_gin_bonus() -> None:
    state = play_to_knock(OKLAHOMA, "As", "8h")
    state.push(Knock(Card("Kd")))
    r = state.result
    assert r is not None and r.points == 2 * (OKLAHOMA.gin_bonus + DEALER_ALL)  # 192


def test_oklahoma_second_deck_card_sets_the_limit() -> None:
    rules = Rules.preset("oklahoma-second-deck")
    assert rules.knock_card is KnockCard.SECOND_DECK
    state = play_to_knock(rules, "4d", "5s", knock_card=Card("7s"))  # 5 points <= 7: allowed
    assert (state.knock_limit, state.multiplier, state.knock_card) == (7, 2, Card("7s"))
    state.push(Knock(Card("Kd")))
    state.push(LayOff())
    r = state.result
    assert r is not None and r.points == 2 * (DEALER_AFTER_LAYOFF - 5)  # 122
    with pytest.raises(ValueError, match="knock_card"):
        HandState(rules, 1, build_deck(NON_DEALER, DEALER, "4d"))  # the second deck's card is required


STRAIGHT = Rules.preset("straight")


def test_straight_gin_refuses_every_knock() -> None:
    state = play_to_knock(STRAIGHT, "4d", "Ad")
    with pytest.raises(KnockNotAllowedError, match="knock limit is 0"):
        state.push(Knock(Card("Kd")))
    assert not any(isinstance(a, Knock) for a in state.legal_actions)


def test_straight_gin_scores_gin() -> None:
    state = play_to_knock(STRAIGHT, "4d", "8h")
    state.push(Knock(Card("Kd")))
    r = state.result
    assert r is not None and r.outcome is Outcome.GIN
    assert r.points == STRAIGHT.gin_bonus + DEALER_ALL  # 96


def test_straight_gin_big_gin() -> None:
    # 2c 3c 4c, 5h 6h 7h 8h, 9s 9d 9c + 9h drawn: all 11 cards meld.
    deck = build_deck("2c 3c 4c 5h 6h 7h 8h 9s 9d 9c", DEALER, "4d", stock="9h")
    state = HandState(STRAIGHT, 1, deck)
    for action in (Pass(), Pass(), DrawStock()):
        state.push(action)
    assert state.hand(0) == parse_cards("2c 3c 4c 5h 6h 7h 8h 9s 9d 9c 9h")
    state.push(BigGin())
    r = state.result
    assert r is not None and r.outcome is Outcome.BIG_GIN
    assert r.points == STRAIGHT.big_gin_bonus + DEALER_ALL  # 31 + 71


def test_oklahoma_game_sheet_with_a_doubled_hand() -> None:
    """A whole game to 150 under Oklahoma (``oklahoma-150``): the sheet shows the doubled hand's arithmetic."""
    game = Game(OKLAHOMA_150, seed=0, names=("Ed", "Jim"), first_dealer=1)
    hands = [
        HandResult(Outcome.KNOCK, 0, 2 * 65, knocker=0, knocker_count=1, defender_count=66, multiplier=2),
        HandResult(Outcome.GIN, 1, 25 + 20, knocker=1, defender_count=20),
        HandResult(Outcome.DEAD, None, 0),
        HandResult(
            Outcome.UNDERCUT, 1, 2 * (4 + 25), knocker=0, knocker_count=7, defender_count=3, multiplier=2
        ),
        HandResult(Outcome.KNOCK, 0, 30, knocker=0, knocker_count=2, defender_count=32),
    ]
    for r in hands:
        assert not game.is_over
        game.enter(r)
    assert game.is_over
    s = game.summary()
    assert s.hand_points == (130 + 30, 45 + 58)
    assert s.game_bonus == (OKLAHOMA_150.game_bonus, 0)
    assert s.box_bonus == (2 * OKLAHOMA_150.box_bonus, 2 * OKLAHOMA_150.box_bonus)
    assert s.totals == (160 + 100 + 50, 103 + 50)
    sheet = game.sheet()
    assert "Ed scores 130: (66 - 1) x 2" in sheet
    assert "Jim scores 58: (4 + 25 as Undercut bonus) x 2" in sheet
    assert "Dead hand" in sheet


def test_straight_gin_game_sheet() -> None:
    """A whole straight-gin game: only gins and big gins score; bonuses as standard gin."""
    game = Game(STRAIGHT, seed=0, names=("Ed", "Jim"), first_dealer=0)
    for winner, defender_count, big in [(0, 30, False), (1, 12, True), (0, 41, False)]:
        bonus = STRAIGHT.big_gin_bonus if big else STRAIGHT.gin_bonus
        outcome = Outcome.BIG_GIN if big else Outcome.GIN
        game.enter(
            HandResult(outcome, winner, bonus + defender_count, knocker=winner, defender_count=defender_count)
        )
    assert game.is_over
    s = game.summary()
    assert s.hand_points == (55 + 66, 43)
    assert s.totals == (121 + STRAIGHT.game_bonus + 2 * STRAIGHT.box_bonus, 43 + STRAIGHT.box_bonus)
    sheet = game.sheet()
    assert "Jim scores 43: (12 + 31 as Big Gin bonus)" in sheet
    assert "Ed scores 66: (41 + 25 as Gin bonus)" in sheet
