"""The least-deadwood functions as they were before issue 26's levers (commit 8bf2fa6), kept
unchanged as an oracle: the faster versions in :mod:`ginrummy.melds.deadwood` must give the same
answers (the same tie lists too) on every hand (``tests/test_melds_levers.py``). Checks of the
arguments are left out: the tests pass good ones."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from ginrummy.cards import CARDS, Card, CardSet
from ginrummy.melds.aces import STANDARD, MeldRules
from ginrummy.melds.choices import _PATTERN_OPTIONS, _pruned_options, _set_options
from ginrummy.melds.tables import _INF, _SUIT_BITS


def least_deadwood(hand: CardSet, mr: MeldRules = STANDARD) -> int:
    left = mr.left
    s0 = hand & 0x1FFF
    s1 = (hand >> 13) & 0x1FFF
    s2 = (hand >> 26) & 0x1FFF
    s3 = hand >> 39
    if not ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))):
        return left[s0] + left[s1] + left[s2] + left[s3]
    fixed, _, options = _pruned_options(hand, mr)
    hand ^= fixed
    if not options:
        return (
            left[hand & 0x1FFF] + left[(hand >> 13) & 0x1FFF] + left[(hand >> 26) & 0x1FFF] + left[hand >> 39]
        )
    best = _INF
    for choice in product(*options) if len(options) > 1 else [(x,) for x in options[0]]:
        rest = hand
        for x in choice:
            rest ^= x
        v = left[rest & 0x1FFF] + left[(rest >> 13) & 0x1FFF] + left[(rest >> 26) & 0x1FFF] + left[rest >> 39]
        if v < best:
            best = v
    return best


def discard_deadwoods(hand: CardSet, mr: MeldRules = STANDARD) -> dict[Card, int]:
    options = _set_options(hand)
    if not options:
        return _discards_for(hand, {}, mr)
    out: dict[Card, int] = {}
    for choice in product(*options):
        sets = 0
        for x in choice:
            sets |= x
        _discards_for(hand ^ sets, out, mr)
    return out


def _left_without(mask: int, mr: MeldRules) -> tuple[tuple[int, int], ...]:
    cache = mr._without
    found = cache.get(mask)
    if found is None:
        left = mr.left
        found = tuple((r, left[mask ^ (1 << r)]) for r in range(13) if mask >> r & 1)
        cache[mask] = found
    return found


def _discards_for(rest: CardSet, out: dict[Card, int], mr: MeldRules) -> dict[Card, int]:
    left = mr.left
    m0, m1, m2, m3 = rest & _SUIT_BITS, (rest >> 13) & _SUIT_BITS, (rest >> 26) & _SUIT_BITS, rest >> 39
    l0, l1, l2, l3 = left[m0], left[m1], left[m2], left[m3]
    base = l0 + l1 + l2 + l3
    get = out.get
    cache = mr._without
    for offset, mask, lm in ((0, m0, l0), (13, m1, l1), (26, m2, l2), (39, m3, l3)):
        if not mask:
            continue
        other = base - lm
        found = cache.get(mask)
        if found is None:
            found = _left_without(mask, mr)
        for r, without in found:
            v = other + without
            c = CARDS[offset + r]
            if v < get(c, _INF):
                out[c] = v
    return out


def least_deadwood_after_discard(hand: CardSet, mr: MeldRules = STANDARD) -> int:
    if hand.bit_count() != 11:
        return min(discard_deadwoods(hand, mr=mr).values())
    left = mr.left
    gain = mr.gain
    s0 = hand & 0x1FFF
    s1 = (hand >> 13) & 0x1FFF
    s2 = (hand >> 26) & 0x1FFF
    s3 = hand >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return left[s0] + left[s1] + left[s2] + left[s3] + min(gain[s0], gain[s1], gain[s2], gain[s3])
    # Work in suit space: each set rank's choices say which suits give their card to the set.
    runners = mr.runners
    r0, r1, r2, r3 = runners[s0], runners[s1], runners[s2], runners[s3]
    forced = ranks & ~(r0 | r1 | r2 | r3)  # no card of the rank could run: the full set is forced
    free = bool(forced & s0 & s1 & s2 & s3)  # a forced set of 4: its 4th card is a free discard
    if forced:
        keep = ~forced
        s0 &= keep
        s1 &= keep
        s2 &= keep
        s3 &= keep
        ranks &= keep
    branches: list[tuple[int, tuple[tuple[int, bool], ...]]] = []
    while ranks:
        b = ranks & -ranks
        ranks ^= b
        members = (s0 & b and 1) | (s1 & b and 2) | (s2 & b and 4) | (s3 & b and 8)
        runs = (r0 & b and 1) | (r1 & b and 2) | (r2 & b and 4) | (r3 & b and 8)
        branches.append((b, _PATTERN_OPTIONS[members, runs]))
    if not branches:
        g = min(gain[s0], gain[s1], gain[s2], gain[s3])
        return left[s0] + left[s1] + left[s2] + left[s3] + (0 if free and g > 0 else g)
    best = _INF
    if len(branches) == 1:
        b, opts = branches[0]
        for suits, is4 in opts:
            m0 = s0 ^ b if suits & 1 else s0
            m1 = s1 ^ b if suits & 2 else s1
            m2 = s2 ^ b if suits & 4 else s2
            m3 = s3 ^ b if suits & 8 else s3
            g = min(gain[m0], gain[m1], gain[m2], gain[m3])
            if g > 0 and (free or is4):
                g = 0  # throw away the 4th card of a set
            v = left[m0] + left[m1] + left[m2] + left[m3] + g
            if v < best:
                best = v
        return best
    combos: Iterable[Sequence[tuple[int, tuple[int, bool]]]] = product(
        *[[(b, o) for o in opts] for b, opts in branches]
    )
    for combo in combos:
        m0, m1, m2, m3 = s0, s1, s2, s3
        four = free
        for b, (suits, is4) in combo:
            if suits & 1:
                m0 ^= b
            if suits & 2:
                m1 ^= b
            if suits & 4:
                m2 ^= b
            if suits & 8:
                m3 ^= b
            if is4:
                four = True
        g = min(gain[m0], gain[m1], gain[m2], gain[m3])
        if g > 0 and four:
            g = 0  # throw away the 4th card of a set
        v = left[m0] + left[m1] + left[m2] + left[m3] + g
        if v < best:
            best = v
    return best


def best_discards(hand: CardSet, exclude: CardSet = 0, mr: MeldRules = STANDARD) -> tuple[int, list[Card]]:
    candidates = hand & ~exclude
    best = _INF
    cards: list[Card] = []
    for c, v in discard_deadwoods(hand, mr=mr).items():
        if candidates >> c & 1:
            if v < best:
                best, cards = v, [c]
            elif v == best:
                cards.append(c)
    cards.sort()
    return best, cards
