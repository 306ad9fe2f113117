"""Hints for learning, shared by every front end: the strongest level's move (:func:`decide` with
:func:`hint_agent_name`) and why, worked out from the player's own view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.agents import make_agent, show_hand_over, strongest
from ginrummy.cards import Card
from ginrummy.hand.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.hand.view import PlayerView
from ginrummy.melds import discard_deadwoods, least_deadwood, melds_with
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.pickup import AddCard, LayMeld, Take

__all__ = ["decide", "explain", "hint_agent_name"]


def decide(level: str, seed: int, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
    """One computer decision: a fresh agent of ``level`` from ``seed``, shown the ``finished``
    hands' views (the same seat's), acts on ``view``. A pure function of its arguments (the
    agents' only randomness is their seed), so any process decides the same; its arguments
    and result pickle in about a kilobyte. Raises ``ValueError`` for an unknown level."""
    agent = make_agent(level, seed)
    for done in finished:
        show_hand_over(agent, done)
    return agent.act(view)


def hint_agent_name() -> str:
    """The level that gives hints: the strongest registered level (:func:`ginrummy.agents.strongest`)."""
    return strongest()


def _fits(card: Card, view: PlayerView) -> str:
    melds = melds_with(card, view.hand, mr=view.meld_rules)
    if not melds:
        return f"{card} makes no meld with your cards"
    return f"{card} makes the meld {melds[0]}"


def explain(action: AnyAction, view: AnyView, agent: str) -> dict[str, Any]:
    """The hint as JSON: the ``action`` (notation), a ``card`` to highlight, and ``why``."""
    if not isinstance(view, PlayerView) or isinstance(action, Take | LayMeld | AddCard):
        return {"action": str(action), "card": None, "why": f"{agent} would play {action}.", "agent": agent}
    why: str
    card: str | None = None
    up = view.upcard
    if isinstance(action, TakeDiscard) and up is not None:
        why = f"Take the {up}: {_fits(up, view)}."
        card = str(up)
    elif isinstance(action, Pass):
        why = f"Pass: {_fits(up, view)}." if up is not None else "Pass."
    elif isinstance(action, DrawStock):
        why = "Draw from the stock" + (f": {_fits(up, view)}." if up is not None else ".")
    elif isinstance(action, Discard | Knock):
        c = action.card
        card = str(c)
        after = discard_deadwoods(view.hand, mr=view.meld_rules)
        best = min(v for k, v in after.items() if k != view.taken or view.rules.rediscard_taken_card)
        left = least_deadwood(view.hand & ~(1 << c), mr=view.meld_rules)
        if isinstance(action, Knock):
            verb = "Go gin" if left == 0 else f"Knock (deadwood {left}, limit {view.knock_limit})"
            why = f"{verb}, discarding {c}."
        else:
            why = f"Discard {c}: it leaves {left} points of deadwood"
            why += " (the least possible)." if left == best else f" (the least possible is {best})."
            if left > view.knock_limit:
                why += f" You can knock at {view.knock_limit} or less."
    elif isinstance(action, BigGin):
        why = "Big gin: all 11 cards are in melds."
    elif isinstance(action, LayOff):
        why = "Lay down your melds; your best layoffs are made for you."
    else:  # pragma: no cover - every action kind is handled above
        why = str(action)
    return {"action": str(action).split(" [")[0], "card": card, "why": why, "agent": agent}
