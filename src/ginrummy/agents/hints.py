"""Hints for learning, shared by every front end: the strongest level's move (:func:`decide` with
:func:`hint_agent_name`) and why, in words (:func:`explain`), worked out from the player's own
view only (and the views of the game's finished hands).

:func:`explain` returns a :class:`Hint`: the ``action``, the ``card`` to point at and ``why``, a
sentence a player understands, its cards written by the formatter each front end passes
(:func:`symbols` ``J♦``, :func:`notation` ``Jd`` for ASCII terminals, or :func:`card_words`
``the jack of diamonds``); :meth:`Hint.json` is what the browser receives.

>>> from ginrummy.variants.standard.actions import TakeDiscard
>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> from ginrummy.cards import parse_cards
>>> state = HandState.deal(Rules(), dealer=0, rng=5)
>>> view = state.view(1)._replace(hand=parse_cards("Jc Jh Js 2c 4d 6h 8s 9c Kd Qh"), discard_pile=(Card("Jd"),))
>>> explain(TakeDiscard(), view, "expert", notation).why
'Take Jd: it makes four jacks (Jc Jd Jh Js).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.agents import make_agent, show_hand_over, strongest
from ginrummy.agents.hint_words import CardFormat, card_words, meld_words, notation, shared_reason, symbols
from ginrummy.agents.pickup_hints import pickup_reason
from ginrummy.agents.standard_hints import standard_reason
from ginrummy.cards import Card
from ginrummy.variants import AnyAction, AnyView

__all__ = [
    "CardFormat",
    "Hint",
    "card_words",
    "decide",
    "explain",
    "hint_agent_name",
    "meld_words",
    "notation",
    "symbols",
]

REASONS: dict[str, Callable[[AnyAction, AnyView, CardFormat], tuple[str, Card | None] | None]] = {
    "standard": standard_reason,
    "pickup": pickup_reason,
}
"""Each variant's reasons for its own actions (keyed by :attr:`Rules.variant
<ginrummy.rules.Rules.variant>`): the sentence and the card it is about, or ``None`` for the
actions every variant shares (:func:`ginrummy.agents.hint_words.shared_reason`)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint: ``action`` (the move), ``card`` (the card it is about, to point at; ``None`` for
    a draw, say), ``why`` (a sentence in words), ``agent`` (the level that chose it)."""

    action: AnyAction
    card: Card | None
    why: str
    agent: str

    def json(self) -> dict[str, Any]:
        """``{"action": notation without melds, "card": "7h" or None, "why": ..., "agent": ...}``."""
        return {
            "action": str(self.action).split(" [")[0],
            "card": None if self.card is None else str(self.card),
            "why": self.why,
            "agent": self.agent,
        }


def decide(level: str, seed: int, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
    """One computer decision: a fresh agent of ``level`` from ``seed``, shown the ``finished``
    hands' views (the same seat's), acts on ``view``. A pure function of its arguments (the
    agents' only randomness is their seed), so any process decides the same, unless the
    ``expert``'s time cap (5 s a decision, :class:`~ginrummy.agents.expert.ExpertParams`) cuts a
    search short on a slow or loaded machine; its arguments and result pickle in about a
    kilobyte. Each call is a fresh agent, so the ``expert``'s budget for a game's decisions
    does not carry from one call to the next. Raises ``ValueError`` for an unknown level."""
    agent = make_agent(level, seed)
    for done in finished:
        show_hand_over(agent, done)
    return agent.act(view)


def hint_agent_name() -> str:
    """The level that gives hints: the strongest registered level (:func:`ginrummy.agents.strongest`)."""
    return strongest()


# -- the reasons --------------------------------------------------------------------------


def explain(action: AnyAction, view: AnyView, agent: str, fmt: CardFormat = symbols) -> Hint:
    """Why ``action`` (the move of level ``agent``) is good in ``view``, in words (cards written
    by ``fmt``), from ``view`` alone: every action of the standard game (take, pass, draw,
    discard, knock, gin, big gin, layoffs) and of discard-pile pickup (002: take from the pile,
    lay a meld, add a card to a table meld)."""
    reason = REASONS[view.rules.variant](action, view, fmt) or shared_reason(action, view, fmt)
    why, card = reason if reason is not None else (f"{agent} would play {action}.", None)
    return Hint(action, card, why, agent)
