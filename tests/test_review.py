"""The game review (ginrummy.review): planted blunders are caught, the expert's own choices lose
about nothing, the values of a decision do not depend on the cards the seat could not see, and a
game still going is not reviewed. Small sample counts keep each test to a few seconds."""

from __future__ import annotations

import math
import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.agents.expert import untimed
from ginrummy.cards import parse_card
from ginrummy.play import play_hand
from ginrummy.records import GameForfeit, GameRecord, HandRecord
from ginrummy.review import (
    CLASSES,
    NOISE_Z,
    ReviewRefusedError,
    accuracy,
    classify,
    cross_fitted_loss,
    rate_decision,
    review_record,
)
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.variants import deal_from
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState

C = parse_card


def deck(seat0: str, seat1: str, up: str, stock: str = "", seed: int = 0) -> list[int]:
    """A deck dealt by seat 1: seat 0's and seat 1's ten cards, the upcard, then ``stock`` (top
    first) and the other cards in a seeded order."""
    a, b = [C(c) for c in seat0.split()], [C(c) for c in seat1.split()]
    top = [C(c) for c in stock.split()]
    rest = [c for c in range(52) if c not in {*a, *b, C(up), *top}]
    random.Random(seed).shuffle(rest)
    out: list[int] = []
    for x, y in zip(a, b, strict=True):
        out += [x, y]
    return [*out, C(up), *top, *rest]


def dealt(cards: list[int]) -> HandState:
    state = deal_from(Rules(), 1, cards)
    assert isinstance(state, HandState)
    return state


# -- planted blunders -----------------------------------------------------------------------


def test_passing_a_gin_card_is_a_blunder() -> None:
    state = dealt(deck("As 2s 3s 4h 5h 6h 7c 7d 7s Kd", "2c 9c Jd Qh 4s 8d 5c Tc 3h Jc", "7h"))
    rated = rate_decision(state.view(0), Pass(), 16, random.Random(1))
    assert rated is not None
    assert rated.klass == "blunder" and rated.best.action == "take"
    assert rated.loss > 20


@pytest.mark.parametrize("card", ["9h", "7d", "2c"])
def test_discarding_a_card_of_a_meld_is_a_mistake_or_worse(card: str) -> None:
    state = dealt(deck("7c 7d 7s 8h 9h Th 2c 3c 4c Ks", "2d 9c Jd Qh 4s 8d 5c Tc 3h Jc", "Kd"))
    state.push(TakeDiscard(), player=0)
    rated = rate_decision(state.view(0), Discard(C(card)), 16, random.Random(1))
    assert rated is not None
    assert rated.klass in ("mistake", "blunder")
    assert rated.loss >= 3


def test_knocking_into_a_sure_undercut_is_a_blunder() -> None:
    # seat 1 takes nine cards from the pile that lay off on seat 0's melds (As 2s 3s, 4d 5d 6d,
    # Kc Kd Ks) or meld: its one unseen card is all its deadwood, so a knock with 9 is undercut
    taken = ["4s", "5s", "Kh", "3d", "2d", "7d", "8d", "9d"]
    junk = ["9s", "8h", "Jd", "6c", "4c", "Td", "5c", "Qd", "9h"]
    cards = deck("As 2s 3s 4d 5d 6d Kc Kd Ks 9c", " ".join([*junk, "2c"]), "6s", " ".join([*taken, "Qh"]))
    state = dealt(cards)
    state.push(Pass(), player=0)
    state.push(TakeDiscard(), player=1)
    state.push(Discard(C(junk[0])), player=1)
    for card, thrown in zip(taken, junk[1:], strict=True):
        state.push(DrawStock(), player=0)
        state.push(Discard(C(card)), player=0)
        state.push(TakeDiscard(), player=1)
        state.push(Discard(C(thrown)), player=1)
    state.push(DrawStock(), player=0)
    rated = rate_decision(state.view(0), Knock(C("Qh")), 16, random.Random(1))
    assert rated is not None
    assert rated.klass == "blunder" and rated.chosen.value < -20
    assert rated.best.action.startswith("discard")


# -- the expert's own choices ---------------------------------------------------------------


def test_the_experts_own_choices_lose_about_nothing() -> None:
    state = HandState.deal(Rules(), dealer=1, rng=11)
    # untimed: the same hand on a loaded machine
    play_hand(state, [untimed(make_agent("expert", 1)), untimed(make_agent("expert", 2))])
    review = review_record(HandRecord.from_state(state, seed=None), 0, samples=16, seed=3)
    f = review.figures
    assert f.decisions >= 5
    assert f.loss / f.decisions < 1.5  # points per decision
    assert f.classes["best"] >= 0.8 * f.decisions
    assert f.accuracy is not None and f.accuracy > 85
    for d in (d for h in review.hands for d in h.decisions):
        # a lead not told from the noise counts nothing lost; a told one counts whole
        assert d.lead >= 0 and d.loss == (0.0 if d.klass == "best" else d.lead)
        assert (d.klass == "best") == (d.lead <= 0 or d.lead < NOISE_Z * d.loss_se)
    counted = [d for h in review.hands for d in h.decisions if d.klass != "best"]
    assert f.loss == pytest.approx(sum(d.loss for d in counted))
    assert f.loss_se == pytest.approx(math.sqrt(sum(d.loss_se**2 for d in counted)))


# -- hidden information ---------------------------------------------------------------------


def test_a_decisions_values_do_not_depend_on_hidden_cards() -> None:
    # the same view for seat 0 (its hand, the upcard, the first stock card it draws); the
    # opponent's hand and the deeper stock dealt afresh from the cards seat 0 cannot see
    one = deck("As 2s 3s 4h 5h 6h 7c 8d Js Kd", "2c 9h Jd Qh 4s 8c 5c Tc 3h Jc", "Qd", "9c", seed=1)
    pool = [*one[1:20:2], *one[22:]]
    random.Random(7).shuffle(pool)
    two = list(one)
    two[1:20:2] = pool[:10]
    two[22:] = pool[10:]
    states = [dealt(one), dealt(two)]
    assert states[0].hand(1) != states[1].hand(1)
    assert states[0].view(0) == states[1].view(0)
    offers = [rate_decision(s.view(0), Pass(), 12, random.Random(5)) for s in states]
    assert offers[0] is not None and offers[0] == offers[1]
    for s in states:
        s.push(Pass(), player=0)
        s.push(Pass(), player=1)
        s.push(DrawStock(), player=0)
    assert states[0].view(0) == states[1].view(0)
    discards = [rate_decision(s.view(0), Discard(C("Kd")), 12, random.Random(5)) for s in states]
    assert discards[0] is not None and discards[0] == discards[1]
    # hindsight, kept apart, is what reads the real cards; the rating stays the same
    real = [
        rate_decision(s.view(0), Discard(C("Kd")), 12, random.Random(5), actual=(s.hand(1), tuple(s.stock)))
        for s in states
    ]
    assert real[0] is not None and real[1] is not None and real[0].hindsight is not None
    assert (real[0].options, real[0].loss, real[0].klass) == (real[1].options, real[1].loss, real[1].klass)
    assert (real[0].options, real[0].loss) == (discards[0].options, discards[0].loss)


# -- refusals -------------------------------------------------------------------------------


def test_a_hand_still_going_is_not_reviewed_for_either_seat() -> None:
    state = HandState.deal(Rules(), dealer=1, rng=4)
    state.push(Pass(), player=0)
    record = HandRecord.from_state(state, seed=4)
    for seat in (0, 1):
        with pytest.raises(ReviewRefusedError, match="still going"):
            review_record(record, seat, samples=4)


def test_a_game_still_going_is_not_reviewed_for_either_seat() -> None:
    game = Game(Rules(), seed=5, names=("Ann", "Bob"))
    first = game.new_hand()
    play_hand(first, [make_agent("simple", 1), make_agent("simple", 2)])
    assert first.result is not None
    game.enter(first.result)
    record = GameRecord.from_game(game, [first])
    for seat in (0, 1):
        with pytest.raises(ReviewRefusedError, match="still going"):
            review_record(record, seat, samples=4)
    with pytest.raises(ReviewRefusedError, match="seat"):
        review_record(record, 2, samples=4)


# -- the figures ----------------------------------------------------------------------------


def test_classes_follow_the_thresholds() -> None:
    assert [classify(x, 0.0) for x in (0.0, 0.5, 2.0, 5.0, 8.0)] == list(CLASSES)
    assert classify(5.0, 3.0) == "best"  # under two standard errors: not told from 0
    assert accuracy([]) is None


def test_a_review_is_the_same_for_a_seed() -> None:
    state = HandState.deal(Rules(), dealer=0, rng=2)
    play_hand(state, [make_agent("beginner", 1), make_agent("strong", 2)])
    record = HandRecord.from_state(state, seed=2)
    one = review_record(record, 0, samples=6, seed=9).to_json()
    assert one == review_record(record, 0, samples=6, seed=9).to_json()
    assert one["format"] == "ginrummy-review" and one["hands"][0]["result"]["points"] >= 0
    assert {d["class"] for h in one["hands"] for d in h["decisions"]} <= set(CLASSES)


def test_a_game_ended_by_a_forfeit_is_reviewed_to_its_last_finished_hand() -> None:
    game = Game(Rules(), seed=5, names=("Ann", "Bob"))
    first = game.new_hand()
    play_hand(first, [make_agent("simple", 1), make_agent("simple", 2)])
    assert first.result is not None
    game.enter(first.result)
    second = game.new_hand()
    second.push(Pass())
    record = GameRecord.from_game(game, [first, second], GameForfeit(second.to_act, "crash", "gone"))
    review = review_record(record, 0, samples=3)
    assert [h.number for h in review.hands] == [1]


def test_the_cross_fitted_loss_counts_no_noise_and_keeps_a_real_gap() -> None:
    rng = random.Random(3)
    noise = [[rng.gauss(0.0, 10.0) for _ in range(32)] for _ in range(10)]  # ten options of equal worth
    naive = max(sum(v) / 32 for v in noise) - sum(noise[0]) / 32
    loss, se = cross_fitted_loss(noise, 0)
    assert loss < naive and loss < 2 * se + 0.5
    gap = [[x + 20.0 for x in noise[1]], *noise[1:]]  # option 0 worth 20 points more than option 1
    loss, se = cross_fitted_loss(gap, 1)
    assert loss == pytest.approx(20.0) and se == 0.0  # the same worlds: the gap is exact
