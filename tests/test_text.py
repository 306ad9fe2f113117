"""The text harness for language models: prompts from views, replies to actions, a scripted model."""

from __future__ import annotations

import random
import re

import pytest

from ginrummy.agents import make_agent
from ginrummy.hand.phase import Phase
from ginrummy.play import play_hand
from ginrummy.research.text import ModelAgent, ReplyError, legal_moves, parse_reply, render
from ginrummy.rules import Rules
from ginrummy.variants import deal_hand
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, LayOff
from ginrummy.variants.standard.state import HandState


def _first_legal_model(chatter: str = "Let me think. "):
    """A scripted model: reads the prompt's legal moves and answers with the first one (a knock
    when there is one), wrapped in some chatter, as a real model might."""

    def model(prompt: str) -> str:
        moves = [m.split(": ")[0] for m in re.findall(r"^- (.+?): ", prompt, re.MULTILINE)]
        knocks = [m for m in moves if m.startswith(("knock", "big-gin"))]
        return f"{chatter}My move: `{(knocks or moves)[0]}`"

    return model


def test_the_prompt_shows_what_the_player_may_see_and_nothing_else() -> None:
    state = HandState.deal(Rules.preset("oklahoma"), dealer=1, rng=7)
    text = render(state.view(0))
    assert "Rules: Standard gin rummy: the knock limit is the first upcard's value" in text
    assert "Your hand (10 cards): melds" in text and "Upcard (top of the discard pile)" in text
    assert "Stock: 31 cards." in text and "the hand is dead (no score) when a discard leaves 2" in text
    assert "- take: take" in text and "- pass: decline the upcard" in text
    assert "Knock card:" in text
    hidden = state.hand(1)
    shown_cards = {c for c in range(52) if hidden >> c & 1}
    from ginrummy.cards import CARDS

    for c in shown_cards:
        assert re.search(rf"\b{CARDS[c]}\b", text) is None, f"the opponent's {CARDS[c]} leaked"
    assert "not yours" in render(state.view(1))


def test_the_defender_sees_the_knockers_melds_and_the_layoff_plan() -> None:
    rng = random.Random(4)
    players = [make_agent("simple", 1), make_agent("simple", 2)]
    for _ in range(30):
        state = HandState.deal(Rules(), dealer=rng.randrange(2), rng=rng)
        while not state.is_over and state.phase is not Phase.LAYOFF:
            p = state.to_act
            state.push(players[p].act(state.view(p)))
        if state.phase is Phase.LAYOFF:
            view = state.view(state.to_act)
            text = render(view)
            assert "Your opponent knocked, laying down melds 1: [" in text
            assert "- layoff 1: lay down " in text and "- the best plan" in text
            action = parse_reply(view, "I lay off everything I can: layoff")
            assert action == view.legal_actions[0] and isinstance(action, LayOff)
            state.push(action)
            assert "The hand is over" in render(state.view(0))
            return
    pytest.fail("no knock in 30 hands")


def test_replies_are_read_leniently_and_refused_precisely() -> None:
    state = HandState.deal(Rules(), dealer=1, rng=7)
    view = state.view(0)
    assert parse_reply(view, "PASS") == parse_reply(view, "I would rather **pass** here.\n\npass")
    state.push(parse_reply(view, "pass"))
    state.push(parse_reply(state.view(1), '"pass"'))
    view = state.view(0)
    assert parse_reply(view, "draw") == DrawStock()
    with pytest.raises(
        ReplyError, match=r"'take' is not one of the offered moves; the offered moves: draw\. "
    ):
        parse_reply(view, "take")
    with pytest.raises(ReplyError, match="the reply names no move; the offered moves: draw"):
        parse_reply(view, "I am not sure what to do.")
    state.push(DrawStock())
    view = state.view(0)
    card = next(a.card for a in view.legal_actions if isinstance(a, Discard))
    assert parse_reply(view, f"After some thought, discard {card}.") == Discard(card)
    names = [n for n, _ in legal_moves(view)]
    assert f"discard {card}" in names


def test_a_scripted_model_plays_whole_hands_through_the_harness() -> None:
    for seed, preset in [(1, "default"), (2, "hollywood-aces"), (3, "straight")]:
        model = ModelAgent(_first_legal_model())
        state = HandState.deal(Rules.preset(preset), dealer=0, rng=seed)
        result = play_hand(state, [model, make_agent("simple", seed)])
        assert result is not None and model.transcript
        assert all("Your moves:" in prompt for prompt, _ in model.transcript)


def test_a_bad_reply_is_asked_again_then_refused() -> None:
    replies = iter(["discard Zz", "hmm", "pass"])
    agent = ModelAgent(lambda prompt: next(replies), retries=2)
    view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
    assert str(agent.act(view)) == "pass"
    assert "Your last reply was refused:" in agent.transcript[1][0]
    stubborn = ModelAgent(lambda prompt: "discard Zz", retries=1)
    with pytest.raises(ReplyError, match="the offered moves: take, pass"):
        stubborn.act(view)


def test_a_knock_with_explicit_melds_is_read_as_written() -> None:
    rng = random.Random(0)
    players = [make_agent("simple", 1), make_agent("simple", 2)]
    for _ in range(30):
        state = HandState.deal(Rules(), dealer=0, rng=rng)
        while not state.is_over:
            p = state.to_act
            view = state.view(p)
            knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
            if knocks:
                written = str(knocks[-1])
                action = parse_reply(view, f"I knock: {written}")
                assert action == knocks[-1] and state.can(action)
                return
            state.push(players[p].act(view))
    pytest.fail("no knock in 30 hands")


def test_pickup_views_render_and_parse_too() -> None:
    state = deal_hand(Rules.preset("pickup"), dealer=1, rng=5)
    view = state.view(0)
    text = render(view)
    assert "Discard-pile pickup gin" in text and "Table melds: none." in text
    action = parse_reply(view, "take")
    assert state.can(action)
