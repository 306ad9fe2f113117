"""The text harness's grammar and prompts (issue 28 item 3): only offered moves are accepted, a
``Final answer:`` line decides, the natural forms are read, the prompt has the public information
(the whole history, your draw, the score, the knocker's melds, numbered layoff plans) and nothing hidden."""

from __future__ import annotations

import random
import re

import pytest

from ginrummy.agents import make_agent
from ginrummy.agents.hint_words import card_words
from ginrummy.cards import CARDS, Card
from ginrummy.hand.phase import Phase
from ginrummy.play import play_hand
from ginrummy.research.text import ModelAgent, ReplyError, offers, parse_reply, render
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

_RANK_DIGITS = ("ace", *(str(n) for n in range(2, 11)), "jack", "queen", "king")
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def _find(test, seed: int = 4, hands: int = 60) -> tuple[HandState, PlayerView]:
    """The first state (of hands between two ``simple`` players) whose to-act view passes ``test``."""
    rng = random.Random(seed)
    players = [make_agent("simple", seed), make_agent("simple", seed + 1)]
    for _ in range(hands):
        state = HandState.deal(Rules(), dealer=rng.randrange(2), rng=rng)
        while not state.is_over:
            p = state.to_act
            view = state.view(p)
            if test(view):
                return state, view
            state.push(players[p].act(view))
    pytest.fail("no such position")


def _knocks(view: PlayerView) -> list[Knock]:
    return [a for a in view.legal_actions if isinstance(a, Knock)]


def test_layoff_none_is_refused_when_not_offered() -> None:
    """Before: ``layoff none`` laid nothing down though the prompt listed only ``layoff``."""
    _, view = _find(lambda v: v.phase is Phase.LAYOFF and bool(offers(v)[0].action.layoffs or ()))
    assert "layoff none" not in [o.notation for o in offers(view)]
    with pytest.raises(
        ReplyError, match=r"'layoff none' is not one of the offered moves; the offered moves: layoff 1"
    ):
        parse_reply(view, "I have nothing to lay off: layoff none")
    with pytest.raises(ReplyError, match="Final answer: <move>"):
        parse_reply(view, "Final answer: layoff none")
    best = view.legal_actions[0]
    for reply in ("lay off", "layoff", "Lay off.", "layoff 1", "plan 1", "Final answer: layoff 1", str(best)):
        assert parse_reply(view, reply) == best, reply


def test_the_layoff_is_a_choice_among_numbered_plans() -> None:
    state, view = _find(lambda v: v.phase is Phase.LAYOFF and len(offers(v)) > 1)
    plans = offers(view)
    text = render(view)
    assert "Your opponent knocked, laying down melds 1: [" in text and "; deadwood " in text
    for n, plan in enumerate(plans):
        assert f"- layoff {n + 1}: lay down " in text
        assert parse_reply(view, f"Final answer: layoff {n + 1}") == plan.action
        assert state.can(plan.action)
    assert parse_reply(view, f"layoff {len(plans)}") == plans[-1].action
    with pytest.raises(ReplyError, match="not one of the offered moves"):
        parse_reply(view, f"layoff {len(plans) + 1}")
    state.push(plans[-1].action)  # the engine takes any offered plan
    assert state.is_over


def test_a_final_answer_line_decides_and_its_first_move_wins() -> None:
    """Before: the last move written won (``discard 2c`` in ``Final answer: discard 5c (not discard 2c)``)."""
    _, view = _find(lambda v: v.phase is Phase.DISCARD and len(offers(v)) > 3)
    a, b = [o.action.card for o in offers(view) if isinstance(o.action, Discard)][:2]
    assert parse_reply(view, f"Final answer: discard {a} (not discard {b})") == Discard(a)
    assert parse_reply(view, f"discard {b} looks bad.\n**Final answer:** discard {a}") == Discard(a)
    assert parse_reply(view, f"Let me think: discard {b}?\nFinal answer:\n\n`discard {a}`") == Discard(a)
    with pytest.raises(ReplyError, match="names several moves"):
        parse_reply(view, f"discard {a} or discard {b}")


def test_a_reply_naming_two_offered_moves_is_refused() -> None:
    """Before: ``take it, not pass`` was read as ``pass`` (the last move written)."""
    view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
    with pytest.raises(ReplyError, match=r"names several moves \(take, pass\).*Final answer: <move>"):
        parse_reply(view, "take it, not pass")
    assert parse_reply(view, "take it") == TakeDiscard()
    assert parse_reply(view, "Final answer: pass") == Pass()
    assert parse_reply(view, "take it, not pass\nFinal answer: take") == TakeDiscard()
    state = HandState.deal(Rules(), dealer=1, rng=7)
    state.push(Pass())
    state.push(Pass())
    view = state.view(0)
    assert parse_reply(view, "Draw. Yes: draw.") == DrawStock()
    with pytest.raises(ReplyError, match="'take' is not one of the offered moves"):
        parse_reply(view, "I can't take it now, so I draw.")  # a move named that is not offered
    assert parse_reply(view, "I can't take it now.\nFinal answer: draw") == DrawStock()


def test_natural_forms_of_a_discard() -> None:
    _, view = _find(lambda v: v.phase is Phase.DISCARD and not v.must_knock)
    card = next(o.action.card for o in offers(view) if isinstance(o.action, Discard))
    for reply in (
        str(card),
        f"`{card}`",
        f"{card}.",
        card_words(card),
        f"discard {card_words(card)}",
        f"I'll discard {str(card).upper()}",
        f"Final answer: {card}",
        f"the {_RANK_DIGITS[card % 13]} of {_SUIT_NAMES[card // 13]}",
        f"Discard the {_RANK_DIGITS[card % 13]} of {_SUIT_NAMES[card // 13]}.",
    ):
        assert parse_reply(view, reply) == Discard(card), reply
    missing = next(c for c in CARDS if not view.hand >> c & 1)
    with pytest.raises(ReplyError, match=f"'{missing}' is not one of the offered moves"):
        parse_reply(view, str(missing))


def test_natural_forms_of_a_knock() -> None:
    """Before: a bare ``knock`` (one knock offered) and ``Knock, discarding 6s`` were refused."""
    _, view = _find(
        lambda v: (
            len({k.card for k in _knocks(v)}) == 1
            and not any(sum(m.mask for m in k.melds or ()) == v.hand & ~(1 << k.card) for k in _knocks(v))
        )
    )
    knock = _knocks(view)[0]
    card = knock.card
    for reply in (
        "knock",
        "Knock!",
        f"Knock, discarding {card}",
        f"knock with {card}",
        f"knock {card}",
        f"I knock and discard {card_words(card)}",
        str(knock),
        f"Final answer: knock {card}",
    ):
        assert parse_reply(view, reply) == knock, reply
    with pytest.raises(ReplyError, match="not one of the offered moves"):
        parse_reply(view, "gin")  # no gin is offered here
    _, view2 = _find(lambda v: len({k.card for k in _knocks(v)}) > 1, seed=6, hands=200)
    with pytest.raises(ReplyError, match="could be any of knock"):
        parse_reply(view2, "Final answer: knock")
    with pytest.raises(ReplyError, match="'knock' could be any of knock"):
        parse_reply(view2, "knock")
    k = _knocks(view2)[-1]
    assert parse_reply(view2, f"knock, discarding {k.card}").card == k.card


def _hidden_cards(state: HandState, p: int) -> set[Card]:
    """The cards ``p`` cannot see: the stock, and the opponent's hand less what it showed."""
    view = state.view(p)
    shown = view.opponent_known | view.knocker_deadwood | sum(m.mask for m in view.knocker_melds)
    opp = state.hand(1 - p) & ~shown
    hidden = {c for c in state.stock} | {c for c in CARDS if opp >> c & 1}
    if state.phase is Phase.LAYOFF and state.to_act == p:  # the knocker's face-down discard
        knock = next(a for q, a in reversed(state.log) if isinstance(a, Knock))
        hidden.add(knock.card)
    return hidden


def test_prompts_show_the_public_history_and_never_a_hidden_card() -> None:
    """Every prompt of whole hands: the history with who discarded what, the card just drawn, the
    score, and no card the player cannot see, anywhere in the text."""
    checked = 0
    for seed in range(8):
        state = HandState.deal(Rules.preset("oklahoma" if seed % 2 else "default"), dealer=seed % 2, rng=seed)
        players = [make_agent("simple", seed), make_agent("random", seed)]
        while not state.is_over:
            p = state.to_act
            for q in (0, 1):
                text = render(state.view(q), scores=(17, 42), target=100)
                tokens = set(re.findall(r"\b(?:[2-9TJQKA][cdhs])\b", text))
                leaked = tokens & {str(c) for c in _hidden_cards(state, q)}
                assert not leaked, f"player {q} is shown {leaked}"
                assert (
                    f"Game score: you {(17, 42)[q]}, opponent {(17, 42)[1 - q]} (the game goes to 100)."
                    in text
                )
                checked += 1
            view = state.view(p)
            text = render(view)
            for e in view.history:
                if e.kind == "discard":
                    assert f"{'you' if e.player == p else 'opponent'} discarded {e.card}" in text
            if view.drawn is not None:
                assert f"you drew {view.drawn} (it is in your hand)" in text
            state.push(players[p].act(view))
    assert checked > 300


def test_a_model_replying_in_natural_forms_plays_whole_hands() -> None:
    """A scripted model that answers in the natural forms (bare cards, cards in words, ``knock``,
    ``lay off``, ``Final answer:`` lines) plays hands through ModelAgent without a refusal."""
    rng = random.Random(2)

    def model(prompt: str) -> str:
        moves = re.findall(r"^- (.+?): ", prompt, re.MULTILINE)
        knocks = [m for m in moves if m.startswith("knock")]
        move = knocks[0] if knocks and len({k.split()[1] for k in knocks}) == 1 else rng.choice(moves)
        word, _, rest = move.partition(" ")
        forms = [move, f"Final answer: {move}"]
        if word == "discard":
            forms += [rest, card_words(CARDS[[str(c) for c in CARDS].index(rest)])]
        elif word == "knock":
            forms += [f"Knock, discarding {rest.split()[0]}"]
        elif move == "layoff 1":
            forms += ["lay off", "Final answer: lay off"]
        return f"Some thinking about {rng.choice(moves)}...\nFinal answer: {rng.choice(forms).removeprefix('Final answer: ')}"

    for seed in range(6):
        agent = ModelAgent(model, retries=0)
        result = play_hand(
            HandState.deal(Rules(), dealer=seed % 2, rng=seed), [agent, make_agent("simple", seed)]
        )
        assert result is not None and agent.refused == 0 and agent.transcript
