"""For users of PettingZoo's removed ``gin_rummy_v4``: its observation planes and action ids, in
terms of this engine (docs/pettingzoo_migration.md tells the whole move). No numpy needed.

``gin_rummy_v4`` ordered cards by suit spades, hearts, diamonds, clubs (ranks ace to king in each);
this engine orders them clubs, diamonds, hearts, spades (:mod:`ginrummy.cards`). :func:`v4_card`
and :func:`card_of_v4` convert a card index; :func:`v4_observation` is a view as ``gin_rummy_v4``'s
four public planes (its ``opponents_hand_visible=False`` observation): a policy trained on those
can keep its input layer. :func:`from_v4_action` maps a ``gin_rummy_v4`` action id to this engine's
ids (:mod:`ginrummy.research.encoding`) in a view, :func:`to_v4_action` back.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> planes = v4_observation(view)
>>> len(planes), [int(sum(p)) for p in planes]
(4, [10, 1, 0, 0])
>>> from_v4_action(view, 3), to_v4_action(1)  # pick up the discard: our take
(1, 3)
"""

from __future__ import annotations

from ginrummy.cards import CARDS, cards_of
from ginrummy.errors import IllegalActionError
from ginrummy.melds import discard_deadwoods
from ginrummy.research.encoding import DISCARD, DRAW, KNOCK, PASS, TAKE, legal_ids
from ginrummy.variants.standard.view import PlayerView

__all__ = ["V4_ACTIONS", "card_of_v4", "from_v4_action", "to_v4_action", "v4_card", "v4_observation"]

V4_ACTIONS = 110
"""``gin_rummy_v4``'s action count: 0, 1 score a player; 2 draw; 3 pick up the discard; 4 declare
a dead hand; 5 gin; 6 + i discard card ``i``; 58 + i knock with card ``i`` (``i`` in its order)."""


def v4_card(c: int) -> int:
    """This engine's card index ``c`` (clubs first) as ``gin_rummy_v4``'s (spades first).

    >>> v4_card(0), v4_card(51)  # Ac, Ks
    (39, 12)
    """
    return (3 - c // 13) * 13 + c % 13


def card_of_v4(i: int) -> int:
    """``gin_rummy_v4``'s card index ``i`` as this engine's (the same swap both ways)."""
    return v4_card(i)


def v4_observation(view: PlayerView) -> list[list[float]]:
    """``view`` as ``gin_rummy_v4``'s public planes (4 x 52, its card order): the player's hand,
    the top discard, the rest of the discard pile, the opponent's known cards (taken from the pile
    and still held). Its fifth plane, the unknown cards, is left out: with them shown it held the
    opponent's hidden hand."""
    planes = [[0.0] * 52 for _ in range(4)]
    pile = view.discard_pile
    groups = (cards_of(view.hand), pile[-1:], pile[:-1], cards_of(view.opponent_known))
    for plane, cards in zip(planes, groups, strict=True):
        for card in cards:
            plane[v4_card(card)] = 1.0
    return planes


def from_v4_action(view: PlayerView, action: int) -> int:
    """This engine's action id for ``gin_rummy_v4``'s ``action`` in ``view``: draw, pick up (our
    ``take``; at the first upcard offer ``draw`` is our ``pass``), discard and knock by card, gin as
    the knock that leaves no deadwood. Raises :class:`~ginrummy.errors.IllegalActionError` for an
    id with no counterpart (score a player, declare a dead hand: the engine does both itself) or
    not legal here."""
    legal = legal_ids(view)
    ours: int | None = None
    if action == 2:
        ours = DRAW if DRAW in legal else PASS
    elif action == 3:
        ours = TAKE
    elif action == 5:
        ours = next((a for a in legal if KNOCK <= a < KNOCK + 52 and _gin(view, a)), None)
    elif 6 <= action < 58:
        ours = DISCARD + card_of_v4(action - 6)
    elif 58 <= action < V4_ACTIONS:
        ours = KNOCK + card_of_v4(action - 58)
    if ours is None or ours not in legal:
        raise IllegalActionError(f"gin_rummy_v4 action {action} has no legal counterpart here")
    return ours


def to_v4_action(action: int) -> int | None:
    """``gin_rummy_v4``'s id for this engine's ``action`` (``None`` for pass, big gin and layoff,
    which it has no id for; a knock to gin maps to the knock id, not 5)."""
    if action == DRAW:
        return 2
    if action == TAKE:
        return 3
    if DISCARD <= action < DISCARD + 52:
        return 6 + v4_card(action - DISCARD)
    if KNOCK <= action < KNOCK + 52:
        return 58 + v4_card(action - KNOCK)
    return None


def _gin(view: PlayerView, knock: int) -> bool:
    return discard_deadwoods(view.hand, mr=view.meld_rules)[CARDS[knock - KNOCK]] == 0
