"""Least-deadwood arrangements: which melds to lay down.

Several arrangements can leave the least deadwood; they differ in the melds laid down, which
matters for layoffs. A card belongs to at most one meld; runs are maximal (a long run is one
meld), ace low (all sources; RULES.md section 1) or also round the corner when ``mr.wrap``
(Hollywood's aces, 002; RULES.md section 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import SupportsIndex

from ginrummy.cards import (
    CardSet,
    parse_cards,  # noqa: F401 (the doctests)
)
from ginrummy.checks import check_cardset
from ginrummy.melds.aces import STANDARD, MeldRules
from ginrummy.melds.choices import _pruned_options, check_search_size
from ginrummy.melds.meld import Arrangement, Meld, _meld_order, _meld_unchecked, check_meld_rules
from ginrummy.melds.tables import _INF, _RANK_MASKS, _SUIT_BITS, _segments


def _runs_of(rest: CardSet, mr: MeldRules) -> list[Meld]:
    """The runs of the cards ``rest`` (no sets): every maximal sequence of 3+ cards."""
    runs = []
    segs = mr._segs
    for suit in range(4):
        bits = (rest >> (13 * suit)) & _SUIT_BITS
        if not bits:
            continue
        found = segs.get(bits)
        if found is None:
            found = segs[bits] = tuple(_segments(mr.melded[bits], mr.wrap))
        for seg in found:
            runs.append(_meld_unchecked(seg << (13 * suit)))
    return runs


def _arrangement(hand: CardSet, choice: Sequence[int], mr: MeldRules) -> Arrangement:
    sets = [s for s in choice if s]
    setmask = 0
    for s in sets:
        setmask |= s
    runs = _runs_of(hand ^ setmask, mr)
    melded = setmask
    for r in runs:
        melded |= r.mask
    melds = tuple(sorted([_meld_unchecked(s) for s in sets] + runs))
    return Arrangement(melds, hand & ~melded, mr.ace_points)


def arrangements(hand: SupportsIndex, mr: object = STANDARD) -> list[Arrangement]:
    """Every least-deadwood arrangement of ``hand`` (a ``CardSet``), with maximal runs.

    Arrangements differ in which melds they lay down, which matters for layoffs. Raises
    :class:`~ginrummy.errors.ArgumentError` for a hand that is not a ``CardSet`` or one too
    big to search exactly (:data:`~ginrummy.melds.choices.MAX_SET_CHOICES`) (:class:`~ginrummy.errors.ArgumentTypeError` for another kind, and for an ``mr`` that is
    not a :class:`~ginrummy.melds.aces.MeldRules`).

    >>> [a.text() for a in arrangements(parse_cards("7c 7d 7h 8c 8d 8h 9c 9d 9h"))]
    ['7c 7d 7h | 8c 8d 8h | 9c 9d 9h ; deadwood none (0)', '7c 8c 9c | 7d 8d 9d | 7h 8h 9h ; deadwood none (0)']
    >>> [a.text() for a in arrangements(parse_cards("2h Ah Kh Qh 5c 5d 5s Ac"), mr=MeldRules.of(True, 15))]
    ['5c 5d 5s | Qh Kh Ah 2h ; deadwood Ac (15)']
    """
    mr = check_meld_rules(mr)
    hand = check_cardset("hand", hand)
    left = mr.left
    scored = []
    best = _INF
    fixed, _, options = _pruned_options(hand, mr)
    if len(options) > 6:
        check_search_size(hand, [len(o) for o in options])
    fixed_sets = [[fixed & m] for m in _RANK_MASKS if fixed & m]
    for choice in product(*options, *fixed_sets):
        rest = hand
        for s in choice:
            rest ^= s
        v = left[rest & 0x1FFF] + left[(rest >> 13) & 0x1FFF] + left[(rest >> 26) & 0x1FFF] + left[rest >> 39]
        if v <= best:
            best = v
            scored.append((v, choice))
    result = [_arrangement(hand, c, mr) for v, c in scored if v == best]
    result.sort(key=lambda a: [_meld_order(m) for m in a.melds])
    return result


def best_arrangement(hand: SupportsIndex, mr: object = STANDARD) -> Arrangement:
    """One least-deadwood arrangement of ``hand`` (a ``CardSet``): the first of :func:`arrangements`."""
    return arrangements(hand, mr=mr)[0]
