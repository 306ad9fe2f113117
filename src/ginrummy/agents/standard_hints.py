"""The standard game's reasons for :func:`ginrummy.agents.hints.explain`: taking the upcard or
top discard, passing at the 50th card, knocking, gin, big gin and layoffs."""

from __future__ import annotations

from typing import cast

from ginrummy.agents.hint_words import CardFormat, listed, take_words, view_meld_rules
from ginrummy.cards import Card, cards_of
from ginrummy.hand.phase import Phase
from ginrummy.melds import least_deadwood
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.standard.actions import BigGin, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.defense import custom_choice, layoff_choices
from ginrummy.variants.standard.view import PlayerView

__all__ = ["standard_reason"]


def standard_reason(action: AnyAction, view: AnyView, fmt: CardFormat) -> tuple[str, Card | None] | None:
    """Why the standard game's own ``action`` is good in ``view`` (a standard hand's), with the card
    it is about; ``None`` for the actions every variant shares."""
    standard = cast(PlayerView, view)
    if isinstance(action, TakeDiscard):
        return take_words(1, view, fmt)
    if isinstance(action, Pass) and view.phase is Phase.LAST_CHANCE:
        return "Pass: taking the last discard would not let you knock.", None
    if isinstance(action, Knock):
        card = action.card
        left = least_deadwood(view.hand & ~(1 << card), mr=view_meld_rules(view))
        if left == 0:
            return f"Go gin, discarding {fmt(card)}: all your other cards are in melds.", card
        return (
            f"Knock, discarding {fmt(card)} face down: your deadwood is {left}, within the knock "
            f"limit of {standard.knock_limit}.",
            card,
        )
    if isinstance(action, BigGin):
        return "Go big gin: all 11 of your cards are in melds.", None
    if isinstance(action, LayOff):
        return _layoff_reason(action, standard, fmt)
    return None


def _layoff_reason(action: LayOff, view: PlayerView, fmt: CardFormat) -> tuple[str, Card | None]:
    choices = layoff_choices(view)
    if not choices:  # pragma: no cover - a hint is asked for only at the defender's layoff
        return "Lay down your melds.", None
    plan = choices[0]
    if action.melds is not None or action.layoffs is not None:
        plan = custom_choice(view, action.melds or (), action.layoffs or ())
    best = choices[0].points
    parts = []
    for c, i, meld in plan.steps(view.knocker_melds):
        on = listed([fmt(x) for x in cards_of(meld)])
        parts.append(f"{fmt(c)} on the knocker's meld {i + 1} ({on})")
    lay = (
        "Lay off " + ", then ".join(parts) if parts else "Lay down your melds; none of your other cards fits"
    )
    tail = f"your deadwood is then {plan.points}"
    if plan.points == best:
        tail += ", the least you can leave"
    card = plan.layoffs[0][0] if plan.layoffs else None
    return f"{lay}: {tail}.", card
