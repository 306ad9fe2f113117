"""Which plays discard-pile pickup gin allows (002): what may be added to a table meld, whether
a card can still reach the table, and the canonical list of legal actions from what the player
to act knows (shared by :class:`~ginrummy.variants.pickup.state.PickupState` and its view, so an
agent computes exactly the engine's list)."""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.cards import Card, CardSet, iter_cards
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.phase import Phase
from ginrummy.melds import Meld, all_melds, fits_meld
from ginrummy.rules import Rules
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take

__all__ = [
    "addable_cards",
    "card_mask",
    "discard_allowed",
    "keeps_deepest",
    "pickup_legal_actions",
    "placeable",
    "take_allowed",
]


def card_mask(cards: Sequence[int]) -> CardSet:
    """The ``CardSet`` of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_RANK_MASKS = tuple(sum(1 << (r + 13 * s) for s in range(4)) for r in range(13))
_SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))


def addable_cards(meld: CardSet) -> CardSet:
    """The cards that can be added to the table meld ``meld`` (a ``CardSet``) directly: the 4th
    card of a set of 3, or the card next to either end of a run (ace low).

    >>> from ginrummy.cards import parse_cards, format_cards
    >>> format_cards(addable_cards(parse_cards("7c 7d 7s"))), format_cards(addable_cards(parse_cards("Ah 2h 3h")))
    ('7h', '4h')
    """
    low = (meld & -meld).bit_length() - 1
    ranks = _RANK_MASKS[low % 13]
    if meld & ~ranks == 0:
        return 0 if meld.bit_count() == 4 else ranks & ~meld
    high = meld.bit_length() - 1
    out = 0
    if low % 13:
        out |= 1 << (low - 1)
    if high % 13 != 12:
        out |= 1 << (high + 1)
    return out


def placeable(card: int, hand: CardSet, table: Sequence[Meld]) -> bool:
    """Whether ``card`` (held in ``hand``) can be laid on the table this turn: in a meld of
    cards of ``hand``, or added to a ``table`` meld (a set of 3 of its rank, or a run of its
    suit, possibly after adding the ``hand`` cards between the run and it).

    >>> from ginrummy.cards import parse_cards
    >>> placeable(Card("9h"), parse_cards("8h 9h Kc"), [Meld("5h 6h 7h")])
    True
    >>> placeable(Card("9h"), parse_cards("9h Kc"), [Meld("5h 6h 7h")])
    False
    """
    if fits_meld(card, hand):
        return True
    ranks = _RANK_MASKS[card % 13]
    suit = _SUIT_MASKS[card // 13]
    for m in table:
        mask = m.mask
        if mask & ~ranks == 0:
            if mask.bit_count() == 3:
                return True
            continue
        if mask & ~suit:
            continue
        low = (mask & -mask).bit_length() - 1
        high = mask.bit_length() - 1
        if card > high:
            gap = ((1 << card) - 1) & ~((1 << (high + 1)) - 1)
        else:
            gap = ((1 << low) - 1) & ~((1 << (card + 1)) - 1)
        if gap & ~hand == 0:
            return True
    return False


def take_allowed(count: int, hand: CardSet, pile: Sequence[Card], table: Sequence[Meld]) -> bool:
    """Whether the top ``count`` cards of ``pile`` may be taken: one card always; several only
    if the deepest can be laid on the table this turn (002)."""
    if count == 1:
        return True
    return placeable(pile[-count], hand | card_mask(pile[-count:]), table)


def keeps_deepest(pending: Card | None, hand: CardSet, table: Sequence[Meld]) -> bool:
    """After a play (``hand`` and ``table`` as they are after it, the meld just laid
    included): the deepest card taken is on the table, or can still get there."""
    return pending is None or not hand >> pending & 1 or placeable(pending, hand, table)


def discard_allowed(card: int, hand: CardSet, taken: CardSet, rules: Rules) -> bool:
    """Whether ``card`` may be discarded: not a card ``taken`` this turn, unless the rules allow
    it or every card left in ``hand`` was taken this turn (so a turn can always end)."""
    return not taken >> card & 1 or rules.rediscard_taken_card or hand & ~taken == 0


def pickup_legal_actions(
    phase: Phase,
    rules: Rules,
    hand: CardSet,
    pile: Sequence[Card],
    stock_size: int,
    table: Sequence[Meld],
    taken: CardSet,
    pending: Card | None,
    draw_only: bool,
) -> list[PickupAction]:
    """The canonical legal actions from what the player to act knows (used by states and views):
    ``taken`` are the cards taken from the pile this turn, ``pending`` the deepest card of a
    several-card take not yet on the table, ``draw_only`` both players passed the upcard.
    Order: takes and passes, draws, melds, adds, discards."""
    if phase is Phase.END:
        return []
    if phase is Phase.OFFER:
        return [Take(1), Pass()]
    if phase is Phase.DRAW:
        out: list[PickupAction] = [DrawStock()] if stock_size else []
        if not draw_only:
            out.extend(Take(k) for k in range(1, len(pile) + 1) if take_allowed(k, hand, pile, table))
        return out
    result: list[PickupAction] = []
    for m in all_melds(hand):
        if keeps_deepest(pending, hand & ~m.mask, (*table, m)):
            result.append(LayMeld(m))
    adds: list[AddCard] = []
    for i, m in enumerate(table):
        for c in iter_cards(addable_cards(m.mask) & hand):
            bit = 1 << c
            if pending is None or keeps_deepest(
                pending, hand & ~bit, (*table[:i], Meld(m.mask | bit), *table[i + 1 :])
            ):
                adds.append(AddCard(c, i))
    adds.sort(key=lambda a: (a.card, a.meld))
    result.extend(adds)
    if pending is None or not hand >> pending & 1:
        result.extend(Discard(c) for c in iter_cards(hand) if discard_allowed(c, hand, taken, rules))
    return result
