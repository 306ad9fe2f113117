"""Least deadwood: of a hand, after its best discard, and for each discard.

The *deadwood* of an arrangement is the point total of the cards in no meld (a card belongs
to at most one meld; runs ace low in all sources, RULES.md section 1, or also round the corner
under Hollywood's aces, 002, RULES.md section 5); the least deadwood of a hand is the minimum
over all arrangements. Each function tries the set choices of :mod:`ginrummy.melds.choices`
and reads each suit's leftover points from the tables of the
:class:`~ginrummy.melds.aces.MeldRules` ``mr``. :func:`least_deadwood` and
:func:`least_deadwood_after_discard` are the engine's hot paths (``bench/bench_engines.py``):
their inner loops work on local names only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import SupportsIndex

from ginrummy.cards import (
    CARDS,
    Card,
    CardSet,
    format_cards,
    parse_cards,  # noqa: F401 (the doctests)
)
from ginrummy.checks import check_cardset
from ginrummy.errors import ArgumentError
from ginrummy.melds.aces import STANDARD, MeldRules
from ginrummy.melds.choices import _PATTERNS, _set_options, check_search_size
from ginrummy.melds.meld import check_meld_rules
from ginrummy.melds.tables import _COUNT, _INF, _SUIT_BITS


def least_deadwood(hand: SupportsIndex, mr: object = STANDARD) -> int:
    """Least deadwood count (points) of a hand of any size, over all arrangements.

    ``hand`` is a ``CardSet``; ``mr`` says how aces work (default: ace low, runs do not
    turn the corner, ace 1). Raises :class:`~ginrummy.errors.ArgumentError` for a hand that is
    not a ``CardSet`` or one too big to search exactly
    (:data:`~ginrummy.melds.choices.MAX_SET_CHOICES`; 27 cards at the least) (:class:`~ginrummy.errors.ArgumentTypeError` for another kind, and for
    an ``mr`` that is not a :class:`~ginrummy.melds.aces.MeldRules`).

    >>> least_deadwood(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"))
    0
    """
    if type(hand) is not int or hand >> 52:  # the one check of the hot path: a plain int of 52 bits
        hand = check_cardset("hand", hand)
    if type(mr) is not MeldRules:
        mr = check_meld_rules(mr)
    cards: int = hand  # an int from here (compiled: unboxed once, not at each use of ``hand``)
    left = mr.left
    s0 = cards & 0x1FFF
    s1 = (cards >> 13) & 0x1FFF
    s2 = (cards >> 26) & 0x1FFF
    s3 = cards >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return left[s0] + left[s1] + left[s2] + left[s3]
    # Suit space, as in least_deadwood_after_discard: a set choice says which suits give a card.
    runners = mr.runners
    r0, r1, r2, r3 = runners[s0], runners[s1], runners[s2], runners[s3]
    forced = ranks & ~(r0 | r1 | r2 | r3)  # no card of the rank could run: the full set is forced
    if forced:
        keep = ~forced
        s0 &= keep
        s1 &= keep
        s2 &= keep
        s3 &= keep
        ranks &= keep
        if not ranks:
            return left[s0] + left[s1] + left[s2] + left[s3]
    best = _INF
    if not ranks & (ranks - 1):  # one rank to choose a set for: the common case, inline
        b = ranks
        members = (s0 & b and 1) | (s1 & b and 2) | (s2 & b and 4) | (s3 & b and 8)
        runs = (r0 & b and 16) | (r1 & b and 32) | (r2 & b and 64) | (r3 & b and 128)
        for suits, _ in _PATTERNS[members | runs]:
            v = (
                left[s0 ^ b if suits & 1 else s0]
                + left[s1 ^ b if suits & 2 else s1]
                + left[s2 ^ b if suits & 4 else s2]
                + left[s3 ^ b if suits & 8 else s3]
            )
            if v < best:
                best = v
        return best
    branches = _branches(ranks, s0, s1, s2, s3, r0, r1, r2, r3)
    if len(branches) > 6:
        check_search_size(hand, [len(opts) for _, opts in branches])
    flips = [
        [(suits & 1 and b, suits & 2 and b, suits & 4 and b, suits & 8 and b) for suits, _ in opts]
        for b, opts in branches
    ]
    for combo in product(*flips):
        m0, m1, m2, m3 = s0, s1, s2, s3
        for x0, x1, x2, x3 in combo:
            m0 ^= x0
            m1 ^= x1
            m2 ^= x2
            m3 ^= x3
        v = left[m0] + left[m1] + left[m2] + left[m3]
        if v < best:
            best = v
    return best


def _branches(
    ranks: int, s0: int, s1: int, s2: int, s3: int, r0: int, r1: int, r2: int, r3: int
) -> list[tuple[int, tuple[tuple[int, bool], ...]]]:
    """In suit space: for each rank bit ``b`` of ``ranks`` (13-bit; the ranks holding 3-4
    cards whose set is not forced), ``(b, its set choices)``: each choice ``(suits giving a
    card to the set as a 4-bit mask, whether the set has 4 cards)``
    (:data:`~ginrummy.melds.choices._PATTERNS`); ``s*`` the suits' cards, ``r*`` those
    of them that could run."""
    branches: list[tuple[int, tuple[tuple[int, bool], ...]]] = []
    while ranks:
        b = ranks & -ranks
        ranks ^= b
        members = (s0 & b and 1) | (s1 & b and 2) | (s2 & b and 4) | (s3 & b and 8)
        runs = (r0 & b and 16) | (r1 & b and 32) | (r2 & b and 64) | (r3 & b and 128)
        branches.append((b, _PATTERNS[members | runs]))
    return branches


def discard_deadwoods(hand: CardSet, mr: MeldRules = STANDARD) -> dict[Card, int]:
    """For each card of ``hand`` (a ``CardSet``), the least deadwood count (points) of the
    hand without it, computed in one pass over the set choices.

    >>> d = discard_deadwoods(parse_cards("7c 7d 7s 8s 9s Kd"))
    >>> d[Card("Kd")], d[Card("7s")], d[Card("9s")]
    (14, 41, 18)
    """
    options = _set_options(hand)
    if not options:
        return _discards_for(hand, {}, mr)
    if len(options) > 6:
        check_search_size(hand, [len(o) for o in options])
    out: dict[Card, int] = {}
    for choice in product(*options):
        sets = 0
        for x in choice:
            sets |= x
        _discards_for(hand ^ sets, out, mr)
    return out


def _left_without(mask: int, mr: MeldRules) -> tuple[tuple[int, int], ...]:
    """For a 13-bit suit mask: ``(rank, leftover points without that card)`` per card (cached)."""
    cache = mr._without
    found = cache.get(mask)
    if found is None:
        left = mr.left
        found = tuple((r, left[mask ^ (1 << r)]) for r in range(13) if mask >> r & 1)
        cache[mask] = found
    return found


def _discards_for(rest: CardSet, out: dict[Card, int], mr: MeldRules) -> dict[Card, int]:
    """Fold into ``out`` the deadwood left by discarding each card of ``rest`` (cards for runs)."""
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
    """Least deadwood count (points) left after the best discard from ``hand``
    (a ``CardSet``, normally 11 cards after a draw; not checked: a hot path). Raises
    :class:`~ginrummy.errors.ArgumentError` on an empty hand.

    >>> least_deadwood_after_discard(parse_cards("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"))
    0
    """
    if not hand:
        raise ArgumentError("cannot discard from an empty hand")
    s0 = hand & 0x1FFF
    s1 = (hand >> 13) & 0x1FFF
    s2 = (hand >> 26) & 0x1FFF
    s3 = hand >> 39
    if s3 >> 13 or _COUNT[s0] + _COUNT[s1] + _COUNT[s2] + _COUNT[s3] != 11:
        return min(discard_deadwoods(hand, mr=mr).values())  # the search below is for 11 cards
    left = mr.left
    gain = mr.gain
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return _after_discard(s0, s1, s2, s3, False, left, gain)
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
        if not ranks:
            return _after_discard(s0, s1, s2, s3, free, left, gain)
    # One or two ranks to choose a set for (nearly every hand): loops inline, no product.
    best = _INF
    b = ranks & -ranks
    c = ranks ^ b
    if c == c & -c:
        opts = _PATTERNS[
            (s0 & b and 1)
            | (s1 & b and 2)
            | (s2 & b and 4)
            | (s3 & b and 8)
            | (r0 & b and 16)
            | (r1 & b and 32)
            | (r2 & b and 64)
            | (r3 & b and 128)
        ]
        if not c:
            for suits, is4 in opts:
                v = _after_discard(
                    s0 ^ b if suits & 1 else s0,
                    s1 ^ b if suits & 2 else s1,
                    s2 ^ b if suits & 4 else s2,
                    s3 ^ b if suits & 8 else s3,
                    free or is4,
                    left,
                    gain,
                )
                if v < best:
                    best = v
            return best
        opts2 = _PATTERNS[
            (s0 & c and 1)
            | (s1 & c and 2)
            | (s2 & c and 4)
            | (s3 & c and 8)
            | (r0 & c and 16)
            | (r1 & c and 32)
            | (r2 & c and 64)
            | (r3 & c and 128)
        ]
        for suits, is4 in opts:
            n0 = s0 ^ b if suits & 1 else s0
            n1 = s1 ^ b if suits & 2 else s1
            n2 = s2 ^ b if suits & 4 else s2
            n3 = s3 ^ b if suits & 8 else s3
            for suits2, is42 in opts2:
                v = _after_discard(
                    n0 ^ c if suits2 & 1 else n0,
                    n1 ^ c if suits2 & 2 else n1,
                    n2 ^ c if suits2 & 4 else n2,
                    n3 ^ c if suits2 & 8 else n3,
                    free or is4 or is42,
                    left,
                    gain,
                )
                if v < best:
                    best = v
        return best
    branches = _branches(ranks, s0, s1, s2, s3, r0, r1, r2, r3)
    if len(branches) > 6:
        check_search_size(hand, [len(opts) for _, opts in branches])
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
        v = _after_discard(m0, m1, m2, m3, four, left, gain)
        if v < best:
            best = v
    return best


def _after_discard(
    m0: int, m1: int, m2: int, m3: int, four: bool, left: tuple[int, ...], gain: tuple[int, ...]
) -> int:
    """The points left in four suits' cards for runs (13-bit masks ``m*``) after the best
    discard: each suit's leftover points (``left``) and the least of the suits' gains (``gain``,
    the change after a suit's best discard); with ``four`` (a set of 4 is melded) the 4th card
    of the set is discarded instead where no suit's discard lowers the count. The least of four
    is written out: compiled, ``min`` of four values is a call into Python."""
    g = gain[m0]
    x = gain[m1]
    if x < g:
        g = x
    x = gain[m2]
    if x < g:
        g = x
    x = gain[m3]
    if x < g:
        g = x
    if g > 0 and four:
        g = 0  # throw away the 4th card of a set
    return left[m0] + left[m1] + left[m2] + left[m3] + g


def best_discards(
    hand: SupportsIndex, exclude: SupportsIndex = 0, mr: object = STANDARD
) -> tuple[int, list[Card]]:
    """The discards from ``hand`` (a ``CardSet``, normally 11 cards) that leave the least
    deadwood, and that deadwood count in points. Cards in ``exclude`` (e.g. the card just
    taken from the discard pile) are not considered. Raises
    :class:`~ginrummy.errors.ArgumentError` if no card may be discarded, ``hand`` or
    ``exclude`` is not a ``CardSet`` or ``hand`` is too big to search exactly
    (:data:`~ginrummy.melds.choices.MAX_SET_CHOICES`) (:class:`~ginrummy.errors.ArgumentTypeError` for another
    kind, and for an ``mr`` that is not a :class:`~ginrummy.melds.aces.MeldRules`).

    >>> best_discards(parse_cards("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"))
    (0, [Card('3d')])
    """
    mr = check_meld_rules(mr)
    hand = check_cardset("hand", hand)
    exclude = check_cardset("exclude", exclude)
    candidates = hand & ~exclude
    if not candidates:
        raise ArgumentError(
            f"no card may be discarded: hand {format_cards(hand) or '(no cards)'}, "
            f"exclude {format_cards(exclude) or '(no cards)'}"
        )
    options = _set_options(hand)
    if len(options) > 6:
        check_search_size(hand, [len(o) for o in options])
    # As discard_deadwoods, without its per-card dict: a card is among the best when some set
    # choice leaves that least deadwood after discarding it, so ``tied`` (a CardSet) collects the
    # cards reaching the best so far. A suit whose best discard (its gain) cannot reach that is
    # skipped: the answer, ties included, does not depend on the order of the search.
    left = mr.left
    c0, c1, c2, c3 = (
        candidates & _SUIT_BITS,
        (candidates >> 13) & _SUIT_BITS,
        (candidates >> 26) & _SUIT_BITS,
        candidates >> 39,
    )
    best = _INF
    tied = 0
    for choice in product(*options) if options else _NO_SETS:
        rest = hand
        for x in choice:
            rest ^= x
        m0, m1, m2, m3 = rest & _SUIT_BITS, (rest >> 13) & _SUIT_BITS, (rest >> 26) & _SUIT_BITS, rest >> 39
        l0, l1, l2, l3 = left[m0], left[m1], left[m2], left[m3]
        base = l0 + l1 + l2 + l3
        if m0 & c0:
            best, tied = _suit_discards(m0, c0, 0, base, l0, best, tied, mr)
        if m1 & c1:
            best, tied = _suit_discards(m1, c1, 13, base, l1, best, tied, mr)
        if m2 & c2:
            best, tied = _suit_discards(m2, c2, 26, base, l2, best, tied, mr)
        if m3 & c3:
            best, tied = _suit_discards(m3, c3, 39, base, l3, best, tied, mr)
    out: list[Card] = []  # the cards of ``tied``, lowest first (inline: iter_cards is interpreted)
    while tied:
        low = tied & -tied
        out.append(CARDS[low.bit_length() - 1])
        tied ^= low
    return best, out


_NO_SETS: tuple[tuple[int, ...]] = ((),)
"""The one set choice of a hand with no rank of 3 or more cards: no set."""


def _suit_discards(
    mask: int, can: int, offset: int, base: int, lm: int, best: int, tied: int, mr: MeldRules
) -> tuple[int, int]:
    """One suit's part of :func:`best_discards` for one set choice: ``(best, tied)`` updated
    with the discards from the suit's cards for runs (13-bit ``mask``, of which ``can`` may be
    discarded; cards ``offset`` up), where the four suits leave ``base`` points, this one
    ``lm``. A suit whose gain cannot reach ``best`` is skipped."""
    mine = mask & can
    v = base + mr.gain[mask]
    if v > best:
        return best, tied  # no discard from this suit reaches the best so far
    ties = mr.drop[mask] & mine
    if ties:  # the suit's best discards (``drop``) include some that may be discarded
        if v < best:
            return v, ties << offset
        return best, tied | ties << offset
    other = base - lm  # only cards that are not the suit's best may be discarded: try each
    found = mr._without.get(mask)
    if found is None:
        found = _left_without(mask, mr)
    for r, without in found:
        if mine >> r & 1:
            v = other + without
            if v < best:
                best = v
                tied = 1 << (offset + r)
            elif v == best:
                tied |= 1 << (offset + r)
    return best, tied
