"""A text harness for language models: any player's view as a prompt, a free-text reply as an action.

:func:`render` writes what the player may see (nothing else): the rules in force, the game score
when given, the player's hand arranged in melds with its deadwood, the upcard and the whole discard
pile, the stock count and the dead-hand rule, the opponent's card count and known cards, the
knocker's melds and deadwood after a knock, the hand's whole public history (who passed on, took or
discarded which card, who drew; the card you just drew), and every move offered, in words (the
defender's layoffs as numbered plans, best first). It reads the view alone, for every variant
(discard-pile pickup too). :func:`parse_reply` reads a reply by the grammar of
:mod:`ginrummy.research.reply` (a ``Final answer:`` line decides, else the reply must name exactly
one offered move; natural forms such as ``knock``, ``Knock, discarding 6s``, a bare ``2c``, ``the 2
of clubs``, ``lay off``) and returns the action, or raises :class:`ReplyError`; it never accepts a
move the prompt did not offer. :class:`ModelAgent` plays a seat with any ``model(prompt) -> reply``
function, re-asking with the error on a bad reply. Nothing here touches the network: the model
function is the caller's.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> print(render(view).splitlines()[0])
You are player 0 in a hand of Gin Rummy; player 1 dealt.
>>> parse_reply(view, "I'll take it.\\nFinal answer: take")
TakeDiscard()
>>> parse_reply(view, "discard Kh")
Traceback (most recent call last):
...
ginrummy.research.reply.ReplyError: 'discard Kh' is not one of the offered moves; the offered moves: take, pass. Reply again and end with one line `Final answer: <move>`, the move written as in the list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from ginrummy.cards import format_cards
from ginrummy.research.pickup_text import pickup_hand, pickup_mentions, pickup_moves, pickup_rules
from ginrummy.research.reply import Mention, Offer, ReplyError, choose, decisive_part
from ginrummy.research.standard_text import (
    standard_hand,
    standard_history,
    standard_laid,
    standard_mentions,
    standard_moves,
    standard_rules,
)
from ginrummy.rules import Rules
from ginrummy.variants import AnyAction, AnyView

__all__ = [
    "TEXTS",
    "ModelAgent",
    "Offer",
    "ReplyError",
    "VariantText",
    "legal_moves",
    "offers",
    "parse_reply",
    "render",
    "rules_text",
]


def _generic_history(view: Any) -> list[str]:
    me = view.player
    return [
        f"{n + 1}. {'you' if e.player == me else 'opponent'} {e.kind}{_shown(e)}"
        for n, e in enumerate(view.history)
    ]


@dataclass(frozen=True, slots=True)
class VariantText:
    """What the harness says of one variant: its ``rules`` in words, the ``moves`` it offers
    (:class:`Offer` each), the ``hand`` lines, the ``laid`` lines (what is laid down for all to
    see), the ``history`` lines and ``mentions``: the moves a reply names
    (:mod:`ginrummy.research.reply`)."""

    rules: Callable[[Rules], str]
    moves: Callable[[Any], list[Offer]]
    hand: Callable[[Any], list[str]]
    mentions: Callable[[Any, str, list[Offer]], list[Mention]]
    laid: Callable[[Any], list[str]] = lambda view: []
    history: Callable[[Any], list[str]] = _generic_history


TEXTS: dict[str, VariantText] = {
    "standard": VariantText(
        standard_rules, standard_moves, standard_hand, standard_mentions, standard_laid, standard_history
    ),
    "pickup": VariantText(pickup_rules, pickup_moves, pickup_hand, pickup_mentions),
}
"""Each variant's words, by :attr:`Rules.variant <ginrummy.rules.Rules.variant>`."""


def rules_text(rules: Rules) -> str:
    """The rules of a hand that matter for play, in one paragraph."""
    return TEXTS[rules.variant].rules(rules)


def offers(view: AnyView) -> list[Offer]:
    """The moves the prompt of ``view`` offers, in its order (empty when it is not the player's turn)."""
    return TEXTS[view.rules.variant].moves(view)


def legal_moves(view: AnyView) -> list[tuple[str, str]]:
    """Each offered move as ``(notation, words)``: the notation to reply with and what it does."""
    return [(o.notation, o.words) for o in offers(view)]


def render(view: AnyView, scores: tuple[int, int] | None = None, target: int | None = None) -> str:
    """``view`` as a prompt (see the module docstring); ``scores``: the game's scores by seat so far
    (and ``target``, the score that wins the game), when the hand is part of a game."""
    me, rules = view.player, view.rules
    text = TEXTS[rules.variant]
    lines = [
        f"You are player {me} in a hand of Gin Rummy; "
        + ("you dealt." if view.dealer == me else f"player {1 - me} dealt."),
        "Rules: " + rules_text(rules),
    ]
    if scores is not None:
        lines.append(
            f"Game score: you {scores[me]}, opponent {scores[1 - me]}"
            + (f" (the game goes to {target})." if target else ".")
        )
    lines.extend(text.hand(view))
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
    lines.extend(text.laid(view))
    history = text.history(view)
    if history:
        lines.append("What happened this hand, oldest first:")
        lines.extend(history)
    if view.result is not None:
        lines.append(f"The hand is over: {view.result.describe(('Player 0', 'Player 1'))}.")
    elif not view.my_turn:
        lines.append(f"It is player {view.to_act}'s turn, not yours.")
    else:
        lines.append("Your moves:")
        offered = offers(view)
        lines.extend(f"- {o.notation}: {o.words}" for o in offered)
        lines.append(
            "Think if you like, then end your reply with one line `Final answer: <move>`, the move "
            f"written as on the left above (e.g. `Final answer: {offered[-1].notation}`)."
        )
    return "\n".join(lines)


def _shown(event: object) -> str:
    card = getattr(event, "card", None)
    cards = getattr(event, "cards", ())
    if card is not None:
        return f" {card}"
    return f" {format_cards(cards)}" if cards else ""


def parse_reply(view: AnyView, reply: str) -> AnyAction:
    """The offered action a free-text ``reply`` names in ``view``, by the grammar of
    :mod:`ginrummy.research.reply`. Raises :class:`ReplyError` (an ``IllegalActionError``) saying
    what was wrong and listing the offered moves."""
    offered = offers(view)
    part, final = decisive_part(str(reply))
    part = part.strip().strip("`'\"*").strip()
    mentions = TEXTS[view.rules.variant].mentions(view, part, offered)
    return cast(AnyAction, choose(offered, mentions, final).action)


class ModelAgent:
    """An :class:`~ginrummy.play.Agent` that asks ``model(prompt) -> reply`` (a language model
    behind any client, or a script) for each move: the prompt is :func:`render` of its view (with
    ``scores`` and ``target`` when the caller keeps them up to date over a game); on a refused
    reply it asks again with the error appended, up to ``retries`` times, then raises the
    :class:`ReplyError`. ``transcript`` keeps every ``(prompt, reply)``; ``refused`` counts the
    refused replies."""

    def __init__(self, model: Callable[[str], str], name: str = "model", retries: int = 2) -> None:
        self.model = model
        self.name = name
        self.retries = retries
        self.transcript: list[tuple[str, str]] = []
        self.refused = 0
        self.scores: tuple[int, int] | None = None
        self.target: int | None = None

    def act(self, view: AnyView) -> AnyAction:
        prompt = render(view, self.scores, self.target)
        for attempt in range(self.retries + 1):
            reply = self.model(prompt)
            self.transcript.append((prompt, reply))
            try:
                return parse_reply(view, reply)
            except ReplyError as exc:
                self.refused += 1
                if attempt == self.retries:
                    raise
                prompt = f"{render(view, self.scores, self.target)}\nYour last reply was refused: {exc}"
        raise AssertionError("unreachable")
