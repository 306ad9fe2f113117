"""A deliberately slow, obviously correct brute-force oracle for melds and layoffs.

Written independently of ``ginrummy.melds`` and ``ginrummy.layoff`` (it imports
neither): every function enumerates everything and takes the minimum. Only used
by the tests, on hands of 10-11 cards.

Card convention (the same as the engine's): index = suit * 13 + rank, rank
0 = ace ... 12 = king, suits c d h s; a set of cards (CardSet) is an int
bitmask with bit ``index`` set for each card held.

Variants (Hollywood's aces high and low, 002): every function that depends on them
takes ``wrap`` (runs may turn the corner: Q-K-A, K-A-2, ...; the whole suit is one run)
and ``ace`` (the points of an unmelded ace: 1, or 15), keyword-only, defaulting to the
standard rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "cdhs"


# -- cards ------------------------------------------------------------------------


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


def points(card: int, ace: int = 1) -> int:
    """Ace ``ace`` (1, or 15 in Hollywood), 2-10 face value, J Q K 10."""
    return ace if rank(card) == 0 else min(rank(card) + 1, 10)


def cards(mask: int) -> list[int]:
    """The cards of a CardSet, lowest index first."""
    return [c for c in range(52) if mask >> c & 1]


def mask_of(cs: Iterable[int]) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def count(mask: int, ace: int = 1) -> int:
    """Deadwood points of a CardSet (each ace ``ace``)."""
    return sum(points(c, ace) for c in cards(mask))


def card(text: str) -> int:
    """``'7h'`` / ``'Th'`` / ``'10h'`` -> index (a tiny independent parser)."""
    r = text[:-1].upper()
    r = "T" if r == "10" else r
    return SUITS.index(text[-1].lower()) * 13 + RANKS.index(r)


def hand(text: str) -> int:
    """``'7h 8h 9h'`` -> CardSet."""
    return mask_of(card(t) for t in text.split())


def text(mask: int) -> str:
    return " ".join(RANKS[rank(c)] + SUITS[suit(c)] for c in cards(mask))


# -- melds ------------------------------------------------------------------------


def is_set(mask: int) -> bool:
    cs = cards(mask)
    return len(cs) in (3, 4) and len({rank(c) for c in cs}) == 1


def is_run(mask: int, *, wrap: bool = False) -> bool:
    """3+ cards of one suit in sequence: ace low, or with ``wrap`` any sequence of ranks
    counted round the clock (K is followed by A): some rotation of the ranks is 0, 1, ..."""
    cs = cards(mask)
    if len(cs) < 3 or len({suit(c) for c in cs}) != 1:
        return False
    rs = sorted(rank(c) for c in cs)
    if rs == list(range(rs[0], rs[0] + len(rs))):
        return True
    return wrap and any(sorted((r - k) % 13 for r in rs) == list(range(len(rs))) for k in range(13))


def is_meld(mask: int, *, wrap: bool = False) -> bool:
    return is_set(mask) or is_run(mask, wrap=wrap)


def all_melds(hand_mask: int, *, wrap: bool = False) -> list[int]:
    """Every meld (as a CardSet) whose cards are all in the hand: every 3- and 4-card
    subset of one rank, and every run of 3+ consecutive cards of one suit (ace low; with
    ``wrap`` also those round the corner, each card set once)."""
    out: list[int] = []
    for r in range(13):
        same = [c for c in cards(hand_mask) if rank(c) == r]
        for size in (3, 4):
            for combo in combinations(same, size):
                out.append(mask_of(combo))
    for s in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                run = mask_of(s * 13 + r for r in range(lo, hi + 1))
                if run & ~hand_mask == 0:
                    out.append(run)
        if wrap:
            for lo in range(13):
                for length in range(3, 14):
                    if lo + length <= 13:
                        continue  # does not turn the corner: listed above
                    run = mask_of(s * 13 + (lo + i) % 13 for i in range(length))
                    if run & ~hand_mask == 0 and run not in out:
                        out.append(run)
    return out


def meld_collections(hand_mask: int, *, wrap: bool = False) -> Iterator[tuple[int, ...]]:
    """Every collection of pairwise disjoint melds of the hand (including the empty one),
    each exactly once, melds in the order of :func:`all_melds`."""
    melds = all_melds(hand_mask, wrap=wrap)

    def rec(start: int, used: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        yield chosen
        for i in range(start, len(melds)):
            if melds[i] & used == 0:
                yield from rec(i + 1, used | melds[i], (*chosen, melds[i]))

    return rec(0, 0, ())


def deadwood_of(hand_mask: int, collection: Iterable[int]) -> int:
    rest = hand_mask
    for m in collection:
        rest &= ~m
    return rest


@lru_cache(maxsize=200_000)
def least_deadwood(hand_mask: int, *, wrap: bool = False, ace: int = 1) -> int:
    """Least deadwood points over every collection of disjoint melds."""
    return min(count(deadwood_of(hand_mask, col), ace) for col in meld_collections(hand_mask, wrap=wrap))


def optimal_arrangements(hand_mask: int, *, wrap: bool = False, ace: int = 1) -> set[frozenset[int]]:
    """Every collection of disjoint melds (a frozenset of meld CardSets) reaching the
    least deadwood, exactly as enumerated (not canonicalised)."""
    best = least_deadwood(hand_mask, wrap=wrap, ace=ace)
    return {
        frozenset(col)
        for col in meld_collections(hand_mask, wrap=wrap)
        if count(deadwood_of(hand_mask, col), ace) == best
    }


def merge_adjacent_runs(collection: Iterable[int], *, wrap: bool = False) -> frozenset[int]:
    """Canonical form of an arrangement: runs of one suit that touch (one ends at rank r,
    the next starts at r + 1; with ``wrap`` also K then A) are merged into one longer run,
    repeatedly. Sets are kept. E.g. {3h 4h 5h, 6h 7h 8h} -> {3h 4h 5h 6h 7h 8h}."""
    melds = set(collection)
    changed = True
    while changed:
        changed = False
        for a in list(melds):
            for b in list(melds):
                if a != b and is_run(a, wrap=wrap) and is_run(b, wrap=wrap) and is_run(a | b, wrap=wrap):
                    melds -= {a, b}
                    melds.add(a | b)
                    changed = True
                    break
            if changed:
                break
    return frozenset(melds)


def discard_values(hand_mask: int, *, wrap: bool = False, ace: int = 1) -> dict[int, int]:
    """For each card of the hand: the least deadwood left after discarding it."""
    return {c: least_deadwood(hand_mask & ~(1 << c), wrap=wrap, ace=ace) for c in cards(hand_mask)}


def least_after_discard(hand_mask: int, exclude: int = 0, *, wrap: bool = False, ace: int = 1) -> int:
    vals = discard_values(hand_mask, wrap=wrap, ace=ace)
    return min(v for c, v in vals.items() if not exclude >> c & 1)


def best_discards(
    hand_mask: int, exclude: int = 0, *, wrap: bool = False, ace: int = 1
) -> tuple[int, list[int]]:
    vals = {c: v for c, v in discard_values(hand_mask, wrap=wrap, ace=ace).items() if not exclude >> c & 1}
    best = min(vals.values())
    return best, sorted(c for c, v in vals.items() if v == best)


# -- layoffs ----------------------------------------------------------------------


def fits(meld: int, c: int, *, wrap: bool = False) -> bool:
    """Whether card ``c`` may be laid off on the (possibly already extended) meld now:
    the 4th card of a set of three, or the card just below or just above a run (round
    the corner with ``wrap``)."""
    if meld >> c & 1:
        return False
    if is_set(meld):
        return len(cards(meld)) == 3 and rank(c) == rank(cards(meld)[0])
    if is_run(meld, wrap=wrap):
        return is_run(meld | (1 << c), wrap=wrap)
    raise ValueError(f"not a meld: {text(meld)}")


def reachable_layoffs(
    knocker_melds: tuple[int, ...], defender: int, *, wrap: bool = False
) -> dict[int, list[tuple[int, int]]]:
    """Every set of defender cards that can be laid off, one card at a time in some order,
    on the knocker's melds (each laid-off card extends the meld it joins), mapped to one
    sequence ``[(card, meld index), ...]`` that lays them off. Exhaustive search over all
    orders, with memoisation on the current melds."""
    out: dict[int, list[tuple[int, int]]] = {}
    seen: set[tuple[int, ...]] = set()

    def rec(current: tuple[int, ...], laid: int, seq: list[tuple[int, int]]) -> None:
        if current in seen:
            return
        seen.add(current)
        out.setdefault(laid, list(seq))
        for c in cards(defender & ~laid):
            for i, m in enumerate(current):
                if fits(m, c, wrap=wrap):
                    nxt = (*current[:i], m | (1 << c), *current[i + 1 :])
                    rec(nxt, laid | (1 << c), [*seq, (c, i)])

    rec(tuple(knocker_melds), 0, [])
    return out


def best_layoff_points(
    knocker_melds: Iterable[int], defender: int, *, wrap: bool = False, ace: int = 1
) -> int:
    """The defender's least deadwood after laying off any reachable set of cards and
    melding the rest in the best way."""
    reach = reachable_layoffs(tuple(knocker_melds), defender, wrap=wrap)
    return min(least_deadwood(defender & ~laid, wrap=wrap, ace=ace) for laid in reach)


def can_lay_off_in_order(
    knocker_melds: Iterable[int], layoffs: Iterable[tuple[int, int]], *, wrap: bool = False
) -> bool:
    """Whether the ``(card, meld index)`` sequence is playable in that order."""
    current = list(knocker_melds)
    for c, i in layoffs:
        if not 0 <= i < len(current) or not fits(current[i], c, wrap=wrap):
            return False
        current[i] |= 1 << c
    return True
