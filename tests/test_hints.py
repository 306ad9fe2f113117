"""Hints (``ginrummy.agents.hints``): a reason in words for every kind of action of both variants,
cards written by the formatter given, and nothing but the player's view behind them."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.agents import make_agent, strongest
from ginrummy.agents.hint_words import discard_reason
from ginrummy.agents.hints import Hint, card_words, decide, explain, hint_agent_name, notation, symbols
from ginrummy.cards import Card, parse_cards
from ginrummy.melds import Meld
from ginrummy.rules import Rules
from ginrummy.variants import AnyHandState, deal_hand
from ginrummy.variants.pickup import AddCard, LayMeld, Take
from ginrummy.variants.standard.actions import LayOff
from ginrummy.variants.standard.defense import layoff_choices
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.hands import until_over

CARD = re.compile(r"(?<![\w♣♦♥♠])(10|[A2-9TJQK])[cdhs♣♦♥♠](?![\w♣♦♥♠])")
GLYPH = re.compile(r"[♣♦♥♠]")


def _every_explanation(state: AnyHandState, rng: random.Random) -> list[tuple[object, Hint, Hint]]:
    """Play ``state`` out with random legal actions (a knock, meld or add whenever there is one);
    at each turn explain every legal action (and every layoff choice) with card words and with
    notation."""
    out: list[tuple[object, Hint, Hint]] = []
    for _ in until_over(state):
        view = state.view(state.to_act)
        actions = list(view.legal_actions)
        if isinstance(view, PlayerView):
            actions += [c.action() for c in layoff_choices(view)]
        for action in actions:
            out.append(
                (action, explain(action, view, "expert", card_words), explain(action, view, "x", notation))
            )
        knocks = [a for a in actions if type(a).__name__ in ("Knock", "LayMeld", "AddCard")]
        state.push(rng.choice(knocks or actions), player=state.to_act)
    return out


@pytest.mark.parametrize("preset", ["default", "hollywood-aces", "oklahoma", "pickup"])
def test_every_action_has_a_reason_in_words(preset: str) -> None:
    kinds: set[str] = set()
    for seed in range(12):
        state = deal_hand(Rules.preset(preset), seed % 2, random.Random(seed))
        for action, words, short in _every_explanation(state, random.Random(seed)):
            kinds.add(type(action).__name__)
            assert words.why and words.why[0].isupper() and words.why.endswith(".")
            assert not CARD.findall(words.why), f"a card not in words: {words.why}"
            assert not GLYPH.search(short.why), short.why
            assert words.action == action and words.agent == "expert"
            data = short.json()
            assert set(data) == {"action", "card", "why", "agent"}
            assert data["card"] is None or Card(data["card"]) == short.card
    expected = {"Pass", "DrawStock", "Discard"}
    expected |= {"Take", "LayMeld", "AddCard"} if preset == "pickup" else {"TakeDiscard", "Knock", "LayOff"}
    assert expected <= kinds


def test_reasons_name_the_meld_and_the_layoff() -> None:
    state = HandState.deal(Rules(), dealer=0, rng=5)
    view = state.view(1)._replace(
        hand=parse_cards("Jc Jh Js 2c 4d 6h 8s 9c Kd Qh"), discard_pile=(Card("Jd"),)
    )
    take = explain(make_agent("simple", 1).act(view), view, "simple", symbols)
    assert take.why == "Take J♦: it makes four jacks (J♣ J♦ J♥ J♠)." and take.card == Card("Jd")
    words = explain(take.action, view, "simple", card_words).why
    assert words.startswith("Take the jack of diamonds: it makes four jacks (the jack of clubs, ")


def test_a_discard_reason_counts_one_point_in_the_singular() -> None:
    view = HandState.deal(Rules(), dealer=0, rng=5).view(1)
    view = view._replace(hand=parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Kd Ah"), discard_pile=())
    why = discard_reason(Card("Kd"), view, symbols)
    assert "it leaves 1 point of deadwood, the least you can leave" in why, why
    assert "leaves 10 points of deadwood" in discard_reason(Card("Ah"), view, symbols)


def test_pickup_reasons_for_its_own_actions() -> None:
    state = deal_hand(Rules.preset("pickup"), 0, random.Random(3))
    view = state.view(state.to_act)
    meld = explain(LayMeld(Meld("7c 7d 7s")), view, "x", notation)
    assert meld.why.startswith("Lay three sevens (7c 7d 7s) on the table")
    add = explain(AddCard(Card("7h"), 0), view, "x", notation)
    assert add.why.startswith("Add 7h to table meld 1")
    assert explain(Take(1), view, "x", notation).card == view.upcard


# -- hidden information ----------------------------------------------------------------------


def _hidden_shuffled(seed: int) -> tuple[HandState, HandState]:
    """Two deals equal for seat 0 (the non-dealer) that differ in the dealer's cards and the stock."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hidden = [i for i in range(52) if (i % 2 == 1 and i < 20) or i > 20]
    other = list(deck)
    cards = [deck[i] for i in hidden]
    rng.shuffle(cards)
    for i, c in zip(hidden, cards, strict=True):
        other[i] = c
    return HandState(Rules(), 1, deck), HandState(Rules(), 1, other)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_a_hint_depends_on_the_players_view_only(seed: int) -> None:
    a, b = _hidden_shuffled(seed)
    assert a.hand(1) != b.hand(1) or a.stock != b.stock
    va, vb = a.view(0), b.view(0)
    assert va == vb
    level = hint_agent_name()
    assert level == strongest()
    ha = explain(decide(level, 7, [], va), va, level)
    hb = explain(decide(level, 7, [], vb), vb, level)
    assert ha == hb
    hidden = a.hand(1) & ~a.known[1]
    for token in re.findall(r"(?:10|[A2-9TJQK])[♣♦♥♠]", ha.why):
        assert not hidden >> Card(token) & 1, f"the hint names a hidden card: {ha.why}"


def test_a_layoff_hint_describes_the_best_plan() -> None:
    for seed in range(40):
        state = HandState.deal(Rules(), dealer=seed % 2, rng=seed)
        players = [make_agent("simple", seed), make_agent("simple", seed + 1)]
        for _ in until_over(state):
            view = state.view(state.to_act)
            choices = layoff_choices(view)
            if choices and choices[0].layoffs:
                hint = explain(LayOff(), view, "expert", notation)
                first = choices[0].layoffs[0][0]
                assert hint.why.startswith(f"Lay off {first}") and hint.card == first
                assert f"your deadwood is then {choices[0].points}, the least you can leave" in hint.why
                return
            state.push(players[state.to_act].act(view), player=state.to_act)
    pytest.fail("no hand with layoffs in 40 seeds")
