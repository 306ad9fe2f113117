"""The canonical list of legal actions, from what the player to act knows.

Used by :class:`ginrummy.variants.standard.state.HandState` and by :class:`ginrummy.variants.standard.view.PlayerView`,
so an agent computes exactly the engine's list from its own view. Whether a given
action is legal is decided by :meth:`ginrummy.variants.standard.state.HandState.verify`.
"""

from __future__ import annotations

from ginrummy.cards import CARDS, Card, CardSet
from ginrummy.hand.phase import Phase
from ginrummy.layoff import best_layoff
from ginrummy.melds import Meld, arrangements, least_deadwood, meld_rules
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import (
    DISCARDS,
    DRAW_STOCK,
    PASS,
    TAKE_DISCARD,
    Action,
    BigGin,
    Knock,
    LayOff,
)

__all__ = ["legal_actions_of"]


def legal_actions_of(
    phase: Phase,
    rules: Rules,
    knock_limit: int,
    hand: CardSet,
    taken: Card | None,
    stock_size: int,
    may_take: bool,
    must_knock: bool,
    knocker_melds: tuple[Meld, ...],
) -> list[Action]:
    """The canonical legal actions from what the player to act knows (used by states and views).

    ``may_take``: the top discard may be taken now; ``must_knock``: in ``DISCARD``,
    only knocks are allowed (50th-card rule); in ``LAST_CHANCE``, taking the discard
    would allow a knock. Deadwood, melds and layoffs follow the rules' aces
    (:func:`ginrummy.melds.meld_rules`).
    """
    if phase is Phase.END:
        return []
    if phase is Phase.OFFER:
        return [TAKE_DISCARD, PASS]
    if phase is Phase.DRAW:
        out: list[Action] = [DRAW_STOCK] if stock_size else []
        if may_take:
            out.append(TAKE_DISCARD)
        return out
    if phase is Phase.LAST_CHANCE:
        return [PASS, TAKE_DISCARD] if must_knock else [PASS]
    mr = meld_rules(rules)
    if phase is Phase.LAYOFF:
        plan = best_layoff(knocker_melds, hand, mr=mr)
        return [LayOff(plan.melds, plan.layoffs)]
    result: list[Action] = []
    knocks: list[Action] = []
    for c in CARDS:
        if not hand >> c & 1 or (c == taken and not rules.rediscard_taken_card):
            continue
        if not must_knock:
            result.append(DISCARDS[c])
        rest = hand & ~(1 << c)
        if least_deadwood(rest, mr=mr) <= knock_limit:
            knocks.extend(Knock(c, a.melds) for a in arrangements(rest, mr=mr))
    if rules.big_gin and hand.bit_count() == 11 and least_deadwood(hand, mr=mr) == 0:
        knocks.extend(BigGin(a.melds) for a in arrangements(hand, mr=mr))
    return result + knocks
