"""A text harness for language models: any player's view as a prompt, a free-text reply as an action.

:func:`render` writes what the player may see (nothing else): the rules in force, the player's
hand arranged in melds with its deadwood, the upcard and the whole discard pile, the stock count
and the dead-hand rule, the opponent's card count and known cards, the knocker's melds during the
layoffs, the last actions, and every legal move in words, in the engine's notation. It reads the
view alone, for every variant (discard-pile pickup too). :func:`parse_reply` reads a reply (the
move may be anywhere in it, e.g. after some reasoning, in quotes or backticks) and returns the
action, or raises :class:`ReplyError` naming the legal moves. :class:`ModelAgent` plays a seat
with any ``model(prompt) -> reply`` function, re-asking with the error on a bad reply. Nothing
here touches the network: the model function is the caller's.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> print(render(view).splitlines()[0])
You are player 0 in a hand of Gin Rummy; player 1 dealt.
>>> parse_reply(view, "I'll take it. Move: `take`")
TakeDiscard()
>>> parse_reply(view, "discard Kh")
Traceback (most recent call last):
...
ginrummy.research.text.ReplyError: 'discard Kh' is not a legal move now; legal moves: take, pass
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ginrummy.cards import format_cards
from ginrummy.errors import GinRummyError, IllegalActionError
from ginrummy.research.pickup_text import pickup_hand, pickup_moves, pickup_rules
from ginrummy.research.standard_text import (
    standard_allowed,
    standard_hand,
    standard_laid,
    standard_moves,
    standard_rules,
)
from ginrummy.rules import Rules
from ginrummy.variants import AnyAction, AnyView, parse_any_action

__all__ = [
    "TEXTS",
    "ModelAgent",
    "ReplyError",
    "VariantText",
    "legal_moves",
    "parse_reply",
    "render",
    "rules_text",
]


class ReplyError(IllegalActionError):
    """A reply that names no legal move; the message lists the legal moves."""


@dataclass(frozen=True, slots=True)
class VariantText:
    """What the harness says of one variant: its ``rules`` in words, its legal ``moves`` as
    ``(notation, words)``, the ``hand`` lines, the ``laid`` lines (what is laid down for all to
    see) and ``allowed``: whether a move not listed as written is one the engine checks when it is
    played (a knock with other melds)."""

    rules: Callable[[Rules], str]
    moves: Callable[[Any], list[tuple[str, str]]]
    hand: Callable[[Any], list[str]]
    laid: Callable[[Any], list[str]] = lambda view: []
    allowed: Callable[[object, list[object]], bool] = lambda action, legal: False


TEXTS: dict[str, VariantText] = {
    "standard": VariantText(standard_rules, standard_moves, standard_hand, standard_laid, standard_allowed),
    "pickup": VariantText(pickup_rules, pickup_moves, pickup_hand),
}
"""Each variant's words, by :attr:`Rules.variant <ginrummy.rules.Rules.variant>`."""


def rules_text(rules: Rules) -> str:
    """The rules of a hand that matter for play, in one paragraph."""
    return TEXTS[rules.variant].rules(rules)


def legal_moves(view: AnyView) -> list[tuple[str, str]]:
    """Each legal move as ``(notation, words)``: the notation to reply with and what it does."""
    return TEXTS[view.rules.variant].moves(view)


def render(view: AnyView, last: int = 8) -> str:
    """``view`` as a prompt (see the module docstring); ``last``: how many recent actions to show."""
    me, rules = view.player, view.rules
    lines = [
        f"You are player {me} in a hand of Gin Rummy; "
        + ("you dealt." if view.dealer == me else f"player {1 - me} dealt."),
        "Rules: " + rules_text(rules),
    ]
    lines.extend(TEXTS[rules.variant].hand(view))
    pile = view.discard_pile
    lines.append(
        f"Upcard (top of the discard pile): {pile[-1] if pile else 'none'}; the pile, bottom to top: "
        f"{format_cards(pile) if pile else 'empty'}."
    )
    lines.append(f"Stock: {view.stock_size} cards.")
    lines.append(
        f"Opponent: {view.opponent_hand_size} cards; known to hold (taken from the pile): "
        f"{format_cards(view.opponent_known) or 'none'}."
    )
    lines.extend(TEXTS[rules.variant].laid(view))
    history = view.history[-last:] if last else ()
    if history:
        said = [f"{'you' if e.player == me else 'opponent'} {e.kind}" + _shown(e) for e in history]
        lines.append("Last actions: " + "; ".join(said) + ".")
    if view.result is not None:
        lines.append(f"The hand is over: {view.result.describe(('Player 0', 'Player 1'))}.")
    elif not view.my_turn:
        lines.append(f"It is player {view.to_act}'s turn, not yours.")
    else:
        lines.append("Legal moves:")
        lines.extend(f"- {n}: {w}" for n, w in legal_moves(view))
        lines.append("Reply with exactly one legal move, written as on the left above (e.g. `discard 7h`).")
    return "\n".join(lines)


def _shown(event: object) -> str:
    card = getattr(event, "card", None)
    cards = getattr(event, "cards", ())
    if card is not None:
        return f" {card}"
    return f" {format_cards(cards)}" if cards else ""


_MOVE = re.compile(
    r"(big-gin|biggin|layoff none|layoff(?:\s+\[[^\]]*\])*(?:\s+\w{2,3}:\d+)*|pass|take(?:\s+\d+)?|draw"
    r"|discard\s+\w{2,3}|(?:knock|gin)\s+\w{2,3}(?:\s+\[[^\]]*\])*|meld\s+\[[^\]]*\]|add\s+\w{2,3}:\d+)",
    re.IGNORECASE,
)


def parse_reply(view: AnyView, reply: str) -> AnyAction:
    """The legal action a free-text ``reply`` names in ``view``: the whole reply if it is a move,
    else the last move written in it. Raises :class:`ReplyError` (an ``IllegalActionError``)
    naming the legal moves when no legal move is found. A knock or layoff with explicit melds is
    read as written; the engine checks it when it is played."""
    legal = list(view.legal_actions)
    names = ", ".join(n for n, _ in legal_moves(view)) or "none (it is not your turn)"
    text = reply.strip().strip("`'\".").strip()
    candidates = [text, *reversed([m.group(0) for m in _MOVE.finditer(reply)])]
    tried = None
    for cand in candidates:
        try:
            action = parse_any_action(cand, view.rules)
        except GinRummyError:
            continue
        tried = tried or cand
        if _allowed(action, legal, view.rules):
            return action
    if tried is None:
        raise ReplyError(f"the reply names no move; legal moves: {names}")
    raise ReplyError(f"{tried!r} is not a legal move now; legal moves: {names}")


def _allowed(action: AnyAction, legal: list[AnyAction], rules: Rules) -> bool:
    return action in legal or TEXTS[rules.variant].allowed(action, list(legal))


class ModelAgent:
    """An :class:`~ginrummy.play.Agent` that asks ``model(prompt) -> reply`` (a language model
    behind any client, or a script) for each move: the prompt is :func:`render` of its view; on a
    reply with no legal move it asks again with the error appended, up to ``retries`` times, then
    raises the :class:`ReplyError`. ``transcript`` keeps every ``(prompt, reply)``."""

    def __init__(self, model: Callable[[str], str], name: str = "model", retries: int = 2) -> None:
        self.model = model
        self.name = name
        self.retries = retries
        self.transcript: list[tuple[str, str]] = []

    def act(self, view: AnyView) -> AnyAction:
        prompt = render(view)
        for attempt in range(self.retries + 1):
            reply = self.model(prompt)
            self.transcript.append((prompt, reply))
            try:
                return parse_reply(view, reply)
            except ReplyError as exc:
                if attempt == self.retries:
                    raise
                prompt = f"{render(view)}\nYour last reply was refused: {exc}"
        raise AssertionError("unreachable")
