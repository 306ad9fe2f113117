"""The words of hints (:mod:`ginrummy.agents.hints`), shared by every variant's reasons: how a
card is written (:func:`symbols`, :func:`notation`, :func:`card_words`), melds in words
(:func:`meld_words`), and the reasons for the actions every variant has (taking a card, leaving
it, discarding), from the player's own view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ginrummy.cards import Card, CardSet
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.phase import Event
from ginrummy.melds import (
    Meld,
    MeldRules,
    best_discards,
    discard_deadwoods,
    least_deadwood,
    meld_rules,
    melds_with,
)
from ginrummy.variants import AnyView

__all__ = [
    "CardFormat",
    "card_words",
    "discard_reason",
    "leave_reason",
    "listed",
    "meld_words",
    "notation",
    "shared_reason",
    "symbols",
    "take_reason",
    "take_words",
    "view_meld_rules",
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
    cards = listed([fmt(c) for c in meld.cards])
    if meld.is_set:
        count = "three" if len(meld.cards) == 3 else "four"
        return f"{count} {_RANK_PLURALS[meld.cards[0] % 13]} ({cards})"
    return f"a run of {_SUIT_NAMES[meld.cards[0] // 13]} ({cards})"


def listed(texts: Sequence[str]) -> str:
    """Cards side by side: ``7♣ 7♦ 7♠``, or with commas when each is several words."""
    return (", " if any(" " in t for t in texts) else " ").join(texts)


# -- the reasons every variant shares --------------------------------------------------------------------------


def _meld_of(card: Card, hand: CardSet, mr: MeldRules) -> Meld | None:
    """The longest meld ``card`` makes with ``hand`` (``None`` if none)."""
    melds = melds_with(card, hand & ~(1 << card), mr=mr)
    return max(melds, key=lambda m: (len(m.cards), m.is_set)) if melds else None


def _after_taking(card: Card, view: AnyView) -> int:
    """The least deadwood after taking ``card`` and making the best discard (not ``card``, unless
    the rules allow it back at once)."""
    rediscard = view.rules.rediscard_taken_card
    count, _ = best_discards(view.hand | 1 << card, 0 if rediscard else 1 << card, mr=view_meld_rules(view))
    return count


def view_meld_rules(view: AnyView) -> MeldRules:
    return meld_rules(view.rules)


def take_reason(card: Card, view: AnyView, fmt: CardFormat) -> str:
    meld = _meld_of(card, view.hand | 1 << card, view_meld_rules(view))
    if meld is not None:
        return f"it makes {meld_words(meld, fmt)}"
    now, then = least_deadwood(view.hand, mr=view_meld_rules(view)), _after_taking(card, view)
    return f"your deadwood goes from {now} to {then} once you discard your worst card"


def leave_reason(card: Card | None, view: AnyView, fmt: CardFormat) -> str:
    """Why not take the face-up ``card``."""
    if card is None:
        return "there is no card to take"
    now, then = least_deadwood(view.hand, mr=view_meld_rules(view)), _after_taking(card, view)
    meld = _meld_of(card, view.hand | 1 << card, view_meld_rules(view))
    if meld is None:
        return f"{fmt(card)} makes no meld with your cards"
    return (
        f"{fmt(card)} would make {meld_words(meld, fmt)}, but your deadwood would only go from {now} to "
        f"{then}, and taking it shows your opponent what you collect"
    )


def opponent_threw(card: Card, view: AnyView) -> bool:
    """Whether the opponent discarded or passed a card of ``card``'s rank (public history)."""
    opponent = 1 - view.player
    for e in view.history:
        shown = (e.card,) if isinstance(e, Event) else e.cards
        threw = e.player == opponent and e.kind in ("discard", "pass")
        if threw and any(c is not None and c % 13 == card % 13 for c in shown):
            return True
    return False


def discard_reason(card: Card, view: AnyView, fmt: CardFormat) -> str:
    mr = view_meld_rules(view)
    after = discard_deadwoods(view.hand, mr=mr)
    barred = view.not_discardable
    allowed = {k: v for k, v in after.items() if not barred >> k & 1}
    left = after[card]
    best = min(allowed.values(), default=left)
    in_meld = any(m.mask >> card & 1 for m in melds_with(card, view.hand, mr=mr))
    why = f"Discard {fmt(card)}: "
    why += "it is in no meld, and " if not in_meld else ""
    why += f"it leaves {left} point{'' if left == 1 else 's'} of deadwood"
    if left == best:
        why += ", the least you can leave"
    else:
        other = min(k for k, v in allowed.items() if v == best)
        why += f" (discarding {fmt(Card(other))} would leave {best}, but {fmt(card)} keeps better chances of melds)"
    if opponent_threw(card, view):
        why += "; your opponent threw away a card of that rank, so it is less likely to help them"
    return why + "."


def take_words(count: int, view: AnyView, fmt: CardFormat) -> tuple[str, Card | None]:
    """Why take the top ``count`` cards of the discard pile (1: the upcard or top discard), and
    the card it is about (the deepest taken)."""
    pile = view.discard_pile
    card = pile[-count] if count <= len(pile) else view.upcard
    if card is None:  # pragma: no cover - take is legal only with a discard pile
        return "Take the top discard.", None
    if count > 1:
        cards = listed([fmt(c) for c in reversed(pile[-count:])])
        reason = take_reason(card, view, fmt).removeprefix("it ")
        return f"Take the top {count} cards of the pile ({cards}): the deepest, {fmt(card)}, {reason}.", card
    return f"Take {fmt(card)}: {take_reason(card, view, fmt)}.", card


def shared_reason(action: object, view: AnyView, fmt: CardFormat) -> tuple[str, Card | None] | None:
    """Why an action every variant has (pass, draw, discard) is good in ``view``, with the card it
    is about; ``None`` for another action."""
    up = view.upcard
    if isinstance(action, Pass):
        return f"Pass: {leave_reason(up, view, fmt)}.", None
    if isinstance(action, DrawStock):
        return "Draw from the stock" + ("." if up is None else f": {leave_reason(up, view, fmt)}."), None
    if isinstance(action, Discard):
        return discard_reason(action.card, view, fmt), action.card
    return None
