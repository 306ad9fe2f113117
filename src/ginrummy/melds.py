"""Melds and deadwood, computed exactly.

A *set* is 3 or 4 cards of one rank; a *run* is 3 or more cards of one suit in
sequence, ace low (all sources; RULES.md section 1). A card belongs to at most
one meld. The *deadwood* of an arrangement is the point total of the cards in no
meld; the least deadwood of a hand is the minimum over all arrangements.

How it is fast: once the cards given to sets are fixed, the best runs of each
suit are forced (every maximal sequence of 3 or more cards is melded), so a
13-bit table built at import gives each suit's leftover points. At most three
ranks of an 11-card hand can hold 3 or more cards, so only a handful of set
choices need to be tried.

>>> least_deadwood(parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
10
>>> best_arrangement(parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
Arrangement(melds=(Meld('7c 7d 7s'), Meld('2c 3c 4c'), Meld('8h 9h Th')), deadwood=Card('Kd').bit)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ginrummy.cards import (
    CARDS,
    Card,
    CardSet,
    cards_of,
    deadwood_points,
    format_cards,
    parse_cards,
)
from ginrummy.errors import InvalidMeldError

__all__ = [
    "Arrangement",
    "Meld",
    "all_melds",
    "arrangements",
    "best_arrangement",
    "best_discards",
    "discard_deadwoods",
    "fits_meld",
    "is_meld",
    "least_deadwood",
    "least_deadwood_after_discard",
    "melds_with",
]

_SUIT_BITS = 0x1FFF
_RANK_MASKS = tuple((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)) for r in range(13))
_RANK_POINTS = tuple(min(r + 1, 10) for r in range(13))
_INF = 1 << 30


def _build_run_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For every 13-bit rank mask of one suit: cards melded in runs, leftover points,
    and the least leftover points after discarding one card of the suit."""
    melded = [0] * 8192
    left = [0] * 8192
    for m in range(8192):
        run_bits = 0
        r = 0
        while r < 13:
            if m >> r & 1:
                s = r
                while r < 13 and m >> r & 1:
                    r += 1
                if r - s >= 3:
                    run_bits |= ((1 << (r - s)) - 1) << s
            else:
                r += 1
        melded[m] = run_bits
        rest = m & ~run_bits
        left[m] = sum(_RANK_POINTS[b] for b in range(13) if rest >> b & 1)
    after_discard = [_INF] * 8192
    for m in range(1, 8192):
        best = _INF
        x = m
        while x:
            low = x & -x
            v = left[m ^ low]
            if v < best:
                best = v
            x ^= low
        after_discard[m] = best
    return tuple(melded), tuple(left), tuple(after_discard)


_RUN_MELDED, _RUN_LEFT, _RUN_LEFT_AFTER_DISCARD = _build_run_tables()
# For every 13-bit suit mask: the cards that could be in a run (two neighbours in sequence).
_RUNNERS13 = tuple(
    ((w := m & (m >> 1) & (m >> 2)) | (w << 1) | (w << 2)) & m & _SUIT_BITS for m in range(8192)
)


def _pattern_options(members: int, runners: int) -> tuple[tuple[int, bool], ...]:
    """Set choices of one rank in suit space: ``members`` and ``runners`` are 4-bit masks of
    the suits holding the rank and of those whose card could run; each choice is
    ``(suits giving a card to the set, whether the set has 4 cards)``, as in :func:`_rank_options`."""
    n = members.bit_count()
    if not runners:
        return ((members, n == 4),)
    opts: list[tuple[int, bool]] = [(members, n == 4)]
    if n == 3 or runners & (runners - 1):
        opts.append((0, False))
    if n == 4:
        opts.extend((members ^ (1 << i), False) for i in range(4) if runners >> i & 1)
    return tuple(opts)


_PATTERN_OPTIONS = {(m, r): _pattern_options(m, r) for m in range(16) for r in range(16) if r & ~m == 0}

# Change of a suit's leftover points when its best card to discard is thrown away (huge if empty).
_RUN_GAIN = tuple(a - b for a, b in zip(_RUN_LEFT_AFTER_DISCARD, _RUN_LEFT, strict=True))


class Meld:
    """A set (3-4 cards of one rank) or a run (3+ cards of one suit in sequence, ace low).

    Built from a ``CardSet`` or a text such as ``"7c 7d 7s"``; raises
    :class:`InvalidMeldError` if the cards are neither.

    >>> Meld("8h 9h Th"), Meld("8h 9h Th").is_run, Meld("7c 7d 7s").layoff_cards() == Card("7h").bit
    (Meld('8h 9h Th'), True, True)
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: CardSet | str | Iterable[int]) -> None:
        if isinstance(cards, str):
            mask = parse_cards(cards)
        elif isinstance(cards, int):
            mask = cards
        else:
            mask = 0
            for c in cards:
                mask |= 1 << c
        if not is_meld(mask):
            raise InvalidMeldError(
                f"not a meld: {format_cards(mask) or '(no cards)'} "
                "(a set is 3 or 4 cards of one rank; a run is 3+ cards of one suit in sequence, ace low)"
            )
        self._mask = mask

    @property
    def mask(self) -> CardSet:
        """The meld's cards as a ``CardSet``."""
        return self._mask

    @property
    def cards(self) -> list[Card]:
        """The meld's cards, in rank order for a run and suit order for a set."""
        return cards_of(self._mask)

    @property
    def is_set(self) -> bool:
        return self._mask & ~_RANK_MASKS[_low_card(self._mask) % 13] == 0

    @property
    def is_run(self) -> bool:
        return not self.is_set

    @property
    def points(self) -> int:
        """Point total of the meld's cards."""
        return deadwood_points(self._mask)

    def layoff_cards(self) -> CardSet:
        """Cards that could be laid off on this meld directly (the 4th card of a set of 3;
        the card below and the card above a run). Cards laid off on runs may then be
        extended in turn (a chain), which :mod:`ginrummy.layoff` handles."""
        m = self._mask
        low = _low_card(m)
        if self.is_set:
            return 0 if m.bit_count() == 4 else _RANK_MASKS[low % 13] & ~m
        high = m.bit_length() - 1
        out = 0
        if low % 13 > 0:
            out |= 1 << (low - 1)
        if high % 13 < 12:
            out |= 1 << (high + 1)
        return out

    def text(self, glyphs: bool = False) -> str:
        return " ".join(c.text(glyphs) for c in self.cards)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Meld({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and other._mask == self._mask

    def __lt__(self, other: Meld) -> bool:
        return _meld_order(self) < _meld_order(other)

    def __hash__(self) -> int:
        return hash(self._mask)


def _meld_order(m: Meld) -> tuple[int, int, int]:
    low = _low_card(m.mask)
    return (0 if m.is_set else 1, low // 13 if m.is_run else 0, low % 13)


def _low_card(mask: CardSet) -> int:
    return (mask & -mask).bit_length() - 1


def is_meld(mask: CardSet) -> bool:
    """True if the ``CardSet`` is exactly one set or one run (ace low)."""
    n = mask.bit_count()
    if n < 3:
        return False
    low = _low_card(mask)
    rank_mask = _RANK_MASKS[low % 13]
    if mask & ~rank_mask == 0:
        return True  # 3 or 4 cards of one rank
    suit = low // 13
    bits = mask >> (suit * 13)
    if bits & ~_SUIT_BITS:
        return False
    bits >>= low % 13
    return bits & (bits + 1) == 0  # consecutive ones from the lowest card


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A way to lay down a hand: disjoint ``melds`` and the ``deadwood`` cards left (a ``CardSet``).

    ``points`` is the deadwood count (points). Melds are sorted: sets by rank,
    then runs by suit and rank. Runs are maximal: a long run is one meld.
    """

    melds: tuple[Meld, ...]
    deadwood: CardSet

    @property
    def points(self) -> int:
        """Deadwood count in points."""
        return deadwood_points(self.deadwood)

    @property
    def melded(self) -> CardSet:
        """All cards in melds, as a ``CardSet``."""
        out = 0
        for m in self.melds:
            out |= m.mask
        return out

    def text(self, glyphs: bool = False) -> str:
        """E.g. ``'7c 7d 7s | 8h 9h Th ; deadwood Kd (10)'``."""
        melds = " | ".join(m.text(glyphs) for m in self.melds) or "(no melds)"
        dw = format_cards(self.deadwood, glyphs) or "none"
        return f"{melds} ; deadwood {dw} ({self.points})"

    def __repr__(self) -> str:
        dw = " | ".join(f"Card({c.text()!r}).bit" for c in cards_of(self.deadwood)) or "0"
        return f"Arrangement(melds={self.melds!r}, deadwood={dw})"


def _set_options(hand: CardSet) -> list[list[int]]:
    """For each rank holding 3 or 4 cards: the ways to take a set from it (0 = no set)."""
    s0 = hand & _SUIT_BITS
    s1 = (hand >> 13) & _SUIT_BITS
    s2 = (hand >> 26) & _SUIT_BITS
    s3 = hand >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    options: list[list[int]] = []
    while ranks:
        low = ranks & -ranks
        r = low.bit_length() - 1
        ranks ^= low
        full = hand & _RANK_MASKS[r]
        if full.bit_count() == 4:
            opts = [0, full]
            x = full
            while x:
                b = x & -x
                opts.append(full ^ b)
                x ^= b
            options.append(opts)
        else:
            options.append([0, full])
    return options


def _set_choices(hand: CardSet) -> Iterable[tuple[int, ...]]:
    options = _set_options(hand)
    if not options:
        return ((),)
    return product(*options)


_RUN_STARTS = sum(((1 << 11) - 1) << (13 * suit) for suit in range(4))  # ranks A-J: a run may start there


def _pruned_options(hand: CardSet) -> tuple[CardSet, bool, list[list[int]]]:
    """The set choices that can give the least deadwood, as ``(fixed, free, options)``.

    A card "could run" if two suit neighbours make a run with it. For a rank whose cards
    cannot run, the full set beats every other choice, so it is ``fixed``; a 3-card subset
    of 4 is worth trying only when the card left out could run, and no set only when two
    of the 4 (or one of 3) could run. ``options`` lists, per remaining rank, its choices
    (0 = no set). ``free`` is true when a fixed set holds 4 cards: one of them can then be
    discarded at no cost, which :func:`least_deadwood_after_discard` uses (with 11 cards,
    breaking a set of 3 that cannot run never helps either: the 8 other cards hold
    deadwood to throw away or a meld of 4+ to shorten at no cost).
    """
    s0 = hand & _SUIT_BITS
    s1 = (hand >> 13) & _SUIT_BITS
    s2 = (hand >> 26) & _SUIT_BITS
    s3 = hand >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return 0, False, []
    w = hand & (hand >> 1) & (hand >> 2) & _RUN_STARTS
    could_run = (w | (w << 1) | (w << 2)) & hand
    fixed = 0
    free = False
    options: list[list[int]] = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        full = hand & _RANK_MASKS[low.bit_length() - 1]
        runners = full & could_run
        if runners:
            options.append(_rank_options(full, runners))
        else:
            fixed |= full
            if not free:
                free = full.bit_count() == 4
    return fixed, free, options


@lru_cache(maxsize=4096)
def _rank_options(full: CardSet, runners: CardSet) -> list[int]:
    """Set choices for one rank (``full``: its 3-4 cards) of which ``runners`` could run."""
    opts = [full, 0]
    if full.bit_count() == 4:
        if runners & (runners - 1) == 0:
            opts.pop()  # one runner: no set is beaten by the 3 others as a set
        x = runners
        while x:
            b = x & -x
            opts.append(full ^ b)
            x ^= b
    return opts


def _runs_left(rest: CardSet) -> int:
    return (
        _RUN_LEFT[rest & _SUIT_BITS]
        + _RUN_LEFT[(rest >> 13) & _SUIT_BITS]
        + _RUN_LEFT[(rest >> 26) & _SUIT_BITS]
        + _RUN_LEFT[rest >> 39]
    )


def least_deadwood(hand: CardSet) -> int:
    """Least deadwood count (points) of a hand of any size, over all arrangements.

    ``hand`` is a ``CardSet``. Ace is low; runs do not turn the corner.

    >>> least_deadwood(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"))
    0
    """
    s0 = hand & _SUIT_BITS
    s1 = (hand >> 13) & _SUIT_BITS
    s2 = (hand >> 26) & _SUIT_BITS
    s3 = hand >> 39
    if not ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))):
        return _RUN_LEFT[s0] + _RUN_LEFT[s1] + _RUN_LEFT[s2] + _RUN_LEFT[s3]
    fixed, _, options = _pruned_options(hand)
    hand ^= fixed
    left = _RUN_LEFT
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


def discard_deadwoods(hand: CardSet) -> dict[Card, int]:
    """For each card of ``hand`` (a ``CardSet``), the least deadwood count (points) of the
    hand without it, computed in one pass over the set choices.

    >>> d = discard_deadwoods(parse_cards("7c 7d 7s 8s 9s Kd"))
    >>> d[Card("Kd")], d[Card("7s")], d[Card("9s")]
    (14, 41, 18)
    """
    options = _set_options(hand)
    if not options:
        return _discards_for(hand, {})
    out: dict[Card, int] = {}
    for choice in product(*options):
        sets = 0
        for x in choice:
            sets |= x
        _discards_for(hand ^ sets, out)
    return out


_LEFT_WITHOUT: dict[int, tuple[tuple[int, int], ...]] = {}


def _left_without(mask: int) -> tuple[tuple[int, int], ...]:
    """For a 13-bit suit mask: ``(rank, leftover points without that card)`` per card (cached)."""
    found = _LEFT_WITHOUT.get(mask)
    if found is None:
        found = tuple((r, _RUN_LEFT[mask ^ (1 << r)]) for r in range(13) if mask >> r & 1)
        _LEFT_WITHOUT[mask] = found
    return found


def _discards_for(rest: CardSet, out: dict[Card, int]) -> dict[Card, int]:
    """Fold into ``out`` the deadwood left by discarding each card of ``rest`` (cards for runs)."""
    m0, m1, m2, m3 = rest & _SUIT_BITS, (rest >> 13) & _SUIT_BITS, (rest >> 26) & _SUIT_BITS, rest >> 39
    l0, l1, l2, l3 = _RUN_LEFT[m0], _RUN_LEFT[m1], _RUN_LEFT[m2], _RUN_LEFT[m3]
    base = l0 + l1 + l2 + l3
    get = out.get
    for offset, mask, left in ((0, m0, l0), (13, m1, l1), (26, m2, l2), (39, m3, l3)):
        if not mask:
            continue
        other = base - left
        for r, without in _left_without(mask):
            v = other + without
            c = CARDS[offset + r]
            if v < get(c, _INF):
                out[c] = v
    return out


def least_deadwood_after_discard(hand: CardSet) -> int:
    """Least deadwood count (points) left after the best discard from ``hand``
    (a ``CardSet``, normally 11 cards after a draw). Raises ``ValueError`` on an empty hand.

    >>> least_deadwood_after_discard(parse_cards("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"))
    0
    """
    if not hand:
        raise ValueError("cannot discard from an empty hand")
    if hand.bit_count() != 11:
        return min(discard_deadwoods(hand).values())
    left = _RUN_LEFT
    gain = _RUN_GAIN
    s0 = hand & 0x1FFF
    s1 = (hand >> 13) & 0x1FFF
    s2 = (hand >> 26) & 0x1FFF
    s3 = hand >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return left[s0] + left[s1] + left[s2] + left[s3] + min(gain[s0], gain[s1], gain[s2], gain[s3])
    # Work in suit space: each set rank's choices say which suits give their card to the set.
    r0, r1, r2, r3 = _RUNNERS13[s0], _RUNNERS13[s1], _RUNNERS13[s2], _RUNNERS13[s3]
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


def _runs_of(rest: CardSet) -> list[Meld]:
    runs = []
    for suit in range(4):
        melded = _RUN_MELDED[(rest >> (13 * suit)) & _SUIT_BITS]
        r = 0
        while melded >> r:
            if melded >> r & 1:
                s = r
                while melded >> r & 1:
                    r += 1
                seg = ((1 << (r - s)) - 1) << (s + 13 * suit)
                runs.append(_meld_unchecked(seg))
            else:
                r += 1
    return runs


def _meld_unchecked(mask: CardSet) -> Meld:
    m = Meld.__new__(Meld)
    m._mask = mask
    return m


def _arrangement(hand: CardSet, choice: Sequence[int]) -> Arrangement:
    sets = [s for s in choice if s]
    setmask = 0
    for s in sets:
        setmask |= s
    runs = _runs_of(hand ^ setmask)
    melded = setmask
    for r in runs:
        melded |= r.mask
    melds = tuple(sorted([_meld_unchecked(s) for s in sets] + runs))
    return Arrangement(melds, hand & ~melded)


def arrangements(hand: CardSet) -> list[Arrangement]:
    """Every least-deadwood arrangement of ``hand`` (a ``CardSet``), with maximal runs.

    Arrangements differ in which melds they lay down, which matters for layoffs.

    >>> [a.text() for a in arrangements(parse_cards("7c 7d 7h 8c 8d 8h 9c 9d 9h"))]
    ['7c 7d 7h | 8c 8d 8h | 9c 9d 9h ; deadwood none (0)', '7c 8c 9c | 7d 8d 9d | 7h 8h 9h ; deadwood none (0)']
    """
    scored = []
    best = _INF
    fixed, _, options = _pruned_options(hand)
    fixed_sets = [[fixed & m] for m in _RANK_MASKS if fixed & m]
    for choice in product(*options, *fixed_sets):
        sets = 0
        for s in choice:
            sets |= s
        v = _runs_left(hand ^ sets)
        if v <= best:
            best = v
            scored.append((v, choice))
    result = [_arrangement(hand, c) for v, c in scored if v == best]
    result.sort(key=lambda a: [_meld_order(m) for m in a.melds])
    return result


def best_arrangement(hand: CardSet) -> Arrangement:
    """One least-deadwood arrangement of ``hand`` (a ``CardSet``): the first of :func:`arrangements`."""
    return arrangements(hand)[0]


def best_discards(hand: CardSet, exclude: CardSet = 0) -> tuple[int, list[Card]]:
    """The discards from ``hand`` (a ``CardSet``, normally 11 cards) that leave the least
    deadwood, and that deadwood count in points. Cards in ``exclude`` (e.g. the card just
    taken from the discard pile) are not considered. Raises ``ValueError`` if no card may
    be discarded.

    >>> best_discards(parse_cards("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"))
    (0, [Card('3d')])
    """
    candidates = hand & ~exclude
    if not candidates:
        raise ValueError("no card may be discarded")
    best = _INF
    cards: list[Card] = []
    for c, v in discard_deadwoods(hand).items():
        if candidates >> c & 1:
            if v < best:
                best, cards = v, [c]
            elif v == best:
                cards.append(c)
    cards.sort()
    return best, cards


def all_melds(hand: CardSet) -> list[Meld]:
    """Every meld (set or run, including sub-runs and 3-card subsets of a 4-card set) whose
    cards are all in ``hand`` (a ``CardSet``)."""
    out: list[Meld] = []
    for r in range(13):
        full = hand & _RANK_MASKS[r]
        n = full.bit_count()
        if n >= 3:
            out.append(_meld_unchecked(full))
            if n == 4:
                x = full
                while x:
                    b = x & -x
                    out.append(_meld_unchecked(full ^ b))
                    x ^= b
    for suit in range(4):
        bits = (hand >> (13 * suit)) & _SUIT_BITS
        for lo in range(11):
            if bits >> lo & 7 != 7:
                continue
            hi = lo + 2
            while hi < 13 and bits >> hi & 1:
                out.append(_meld_unchecked((((1 << (hi - lo + 1)) - 1) << lo) << (13 * suit)))
                hi += 1
    return out


def fits_meld(card: int, hand: CardSet) -> bool:
    """True if ``card`` forms a meld with cards of ``hand`` (a ``CardSet``): two more of its
    rank, or two suit neighbours in sequence (ace low). Same as ``bool(melds_with(card, hand))``.

    >>> fits_meld(Card("7h"), parse_cards("7c 7d Kc")), fits_meld(Card("Ah"), parse_cards("Kh Qh"))
    (True, False)
    """
    rank = card % 13
    if (hand & ~(1 << card) & _RANK_MASKS[rank]).bit_count() >= 2:
        return True
    bits = (hand >> (card - rank)) & _SUIT_BITS | (1 << rank)
    window = (bits >> max(rank - 2, 0)) & (0x1F if rank >= 2 else 0x1F >> (2 - rank))
    w = window if rank >= 2 else window << (2 - rank)
    return w & 0b00111 == 0b00111 or w & 0b01110 == 0b01110 or w & 0b11100 == 0b11100


def melds_with(card: int, hand: CardSet) -> list[Meld]:
    """Melds of ``hand | card`` that contain ``card`` (used to judge whether a card "fits")."""
    bit = 1 << card
    return [m for m in all_melds(hand | bit) if m.mask & bit]
