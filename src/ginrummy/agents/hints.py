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
from ginrummy.cards import Card, CardSet, cards_of
from ginrummy.hand.phase import Event, Phase
from ginrummy.melds import (
    Meld,
    MeldRules,
    best_discards,
    discard_deadwoods,
    least_deadwood,
    meld_rules,
    melds_with,
)
from ginrummy.variants import AnyAction, AnyView
from ginrummy.variants.pickup import AddCard, LayMeld, Take
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.defense import custom_choice, layoff_choices
from ginrummy.variants.standard.view import PlayerView

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

CardFormat = Callable[[Card], str]
"""How a hint writes a card: ``fmt(card) -> str``."""

_RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
_RANK_PLURALS = (
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
)
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def notation(card: Card) -> str:
    """``Jd``: the card in notation (ASCII)."""
    return card.text(False)


def symbols(card: Card) -> str:
    """``J♦``: the card with its suit symbol."""
    return card.text(True)


def card_words(card: Card) -> str:
    """``the jack of diamonds``."""
    return f"the {_RANK_NAMES[card % 13]} of {_SUIT_NAMES[card // 13]}"


def meld_words(meld: Meld, fmt: CardFormat = symbols) -> str:
    """A meld in words: ``four jacks (J♣ J♦ J♥ J♠)``, ``a run of hearts (8♥ 9♥ T♥)``."""
    cards = _listed([fmt(c) for c in meld.cards])
    if meld.is_set:
        count = "three" if len(meld.cards) == 3 else "four"
        return f"{count} {_RANK_PLURALS[meld.cards[0] % 13]} ({cards})"
    return f"a run of {_SUIT_NAMES[meld.cards[0] // 13]} ({cards})"


def _listed(texts: Sequence[str]) -> str:
    """Cards side by side: ``7♣ 7♦ 7♠``, or with commas when each is several words."""
    return (", " if any(" " in t for t in texts) else " ").join(texts)


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
    agents' only randomness is their seed), so any process decides the same; its arguments
    and result pickle in about a kilobyte. Raises ``ValueError`` for an unknown level."""
    agent = make_agent(level, seed)
    for done in finished:
        show_hand_over(agent, done)
    return agent.act(view)


def hint_agent_name() -> str:
    """The level that gives hints: the strongest registered level (:func:`ginrummy.agents.strongest`)."""
    return strongest()


# -- the reasons --------------------------------------------------------------------------


def _meld_of(card: Card, hand: CardSet, mr: MeldRules) -> Meld | None:
    """The longest meld ``card`` makes with ``hand`` (``None`` if none)."""
    melds = melds_with(card, hand & ~(1 << card), mr=mr)
    return max(melds, key=lambda m: (len(m.cards), m.is_set)) if melds else None


def _after_taking(card: Card, view: AnyView) -> int:
    """The least deadwood after taking ``card`` and making the best discard (not ``card``, unless
    the rules allow it back at once)."""
    rediscard = view.rules.rediscard_taken_card
    count, _ = best_discards(view.hand | 1 << card, 0 if rediscard else 1 << card, mr=_mr(view))
    return count


def _mr(view: AnyView) -> MeldRules:
    return meld_rules(view.rules)


def _take_reason(card: Card, view: AnyView, fmt: CardFormat) -> str:
    meld = _meld_of(card, view.hand | 1 << card, _mr(view))
    if meld is not None:
        return f"it makes {meld_words(meld, fmt)}"
    now, then = least_deadwood(view.hand, mr=_mr(view)), _after_taking(card, view)
    return f"your deadwood goes from {now} to {then} once you discard your worst card"


def _leave_reason(card: Card | None, view: AnyView, fmt: CardFormat) -> str:
    """Why not take the face-up ``card``."""
    if card is None:
        return "there is no card to take"
    now, then = least_deadwood(view.hand, mr=_mr(view)), _after_taking(card, view)
    meld = _meld_of(card, view.hand | 1 << card, _mr(view))
    if meld is None:
        return f"{fmt(card)} makes no meld with your cards"
    return (
        f"{fmt(card)} would make {meld_words(meld, fmt)}, but your deadwood would only go from {now} to "
        f"{then}, and taking it shows your opponent what you collect"
    )


def _opponent_threw(card: Card, view: AnyView) -> bool:
    """Whether the opponent discarded or passed a card of ``card``'s rank (public history)."""
    opponent = 1 - view.player
    for e in view.history:
        shown = (e.card,) if isinstance(e, Event) else e.cards
        threw = e.player == opponent and e.kind in ("discard", "pass")
        if threw and any(c is not None and c % 13 == card % 13 for c in shown):
            return True
    return False


def _not_to_discard(view: AnyView) -> CardSet:
    """The cards that may not be discarded now (the card just taken, unless the rules allow it)."""
    if isinstance(view, PlayerView):
        if view.taken is None or view.rules.rediscard_taken_card:
            return 0
        return 1 << view.taken
    return view.taken


def _discard_reason(card: Card, view: AnyView, fmt: CardFormat) -> str:
    mr = _mr(view)
    after = discard_deadwoods(view.hand, mr=mr)
    barred = _not_to_discard(view)
    allowed = {k: v for k, v in after.items() if not barred >> k & 1}
    left = after[card]
    best = min(allowed.values(), default=left)
    in_meld = any(m.mask >> card & 1 for m in melds_with(card, view.hand, mr=mr))
    why = f"Discard {fmt(card)}: "
    why += "it is in no meld, and " if not in_meld else ""
    why += f"it leaves {left} points of deadwood"
    if left == best:
        why += ", the least you can leave"
    else:
        other = min(k for k, v in allowed.items() if v == best)
        why += f" (discarding {fmt(Card(other))} would leave {best}, but {fmt(card)} keeps better chances of melds)"
    if _opponent_threw(card, view):
        why += "; your opponent threw away a card of that rank, so it is less likely to help them"
    return why + "."


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
        on = _listed([fmt(x) for x in cards_of(meld)])
        parts.append(f"{fmt(c)} on the knocker's meld {i + 1} ({on})")
    lay = (
        "Lay off " + ", then ".join(parts) if parts else "Lay down your melds; none of your other cards fits"
    )
    tail = f"your deadwood is then {plan.points}"
    if plan.points == best:
        tail += ", the least you can leave"
    card = plan.layoffs[0][0] if plan.layoffs else None
    return f"{lay}: {tail}.", card


def explain(action: AnyAction, view: AnyView, agent: str, fmt: CardFormat = symbols) -> Hint:
    """Why ``action`` (the move of level ``agent``) is good in ``view``, in words (cards written
    by ``fmt``), from ``view`` alone: every action of the standard game (take, pass, draw,
    discard, knock, gin, big gin, layoffs) and of discard-pile pickup (002: take from the pile,
    lay a meld, add a card to a table meld)."""
    up = view.upcard
    card: Card | None = None
    if isinstance(action, TakeDiscard | Take):
        count = action.count if isinstance(action, Take) else 1
        pile = view.discard_pile
        card = pile[-count] if count <= len(pile) else up
        if card is None:  # pragma: no cover - take is legal only with a discard pile
            why = "Take the top discard."
        elif count > 1:
            cards = _listed([fmt(c) for c in reversed(pile[-count:])])
            why = f"Take the top {count} cards of the pile ({cards}): the deepest, {fmt(card)}, {_take_reason(card, view, fmt).removeprefix('it ')}."
        else:
            why = f"Take {fmt(card)}: {_take_reason(card, view, fmt)}."
    elif isinstance(action, Pass):
        if view.phase is Phase.LAST_CHANCE:
            why = "Pass: taking the last discard would not let you knock."
        else:
            why = f"Pass: {_leave_reason(up, view, fmt)}."
    elif isinstance(action, DrawStock):
        why = "Draw from the stock" + ("." if up is None else f": {_leave_reason(up, view, fmt)}.")
    elif isinstance(action, Knock):
        card = action.card
        left = least_deadwood(view.hand & ~(1 << card), mr=_mr(view))
        if left == 0:
            why = f"Go gin, discarding {fmt(card)}: all your other cards are in melds."
        else:
            limit = view.knock_limit if isinstance(view, PlayerView) else left
            why = (
                f"Knock, discarding {fmt(card)} face down: your deadwood is {left}, within the knock "
                f"limit of {limit}."
            )
    elif isinstance(action, Discard):
        card = action.card
        why = _discard_reason(card, view, fmt)
    elif isinstance(action, BigGin):
        why = "Go big gin: all 11 of your cards are in melds."
    elif isinstance(action, LayOff) and isinstance(view, PlayerView):
        why, card = _layoff_reason(action, view, fmt)
    elif isinstance(action, LayMeld):
        card = action.meld.cards[0]
        why = f"Lay {meld_words(action.meld, fmt)} on the table: melded cards no longer count as deadwood."
    elif isinstance(action, AddCard):
        card = action.card
        table = getattr(view, "table", ())
        on = f" ({_listed([fmt(c) for c in table[action.meld].cards])})" if action.meld < len(table) else ""
        why = f"Add {fmt(card)} to table meld {action.meld + 1}{on}: it fits, so it no longer counts as deadwood."
    else:  # pragma: no cover - every action kind is handled above
        why = f"{agent} would play {action}."
    return Hint(action, card, why, agent)
