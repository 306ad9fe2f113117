"""13-bit suit masks and the run tables built from them.

A ``CardSet`` holds each suit's cards as a 13-bit mask (bit ``r``: rank ``r``, ace 0 to king
12). Runs are 3 or more cards of one suit in sequence, ace low (all sources; RULES.md section
1), or also round the corner under Hollywood's aces (002; RULES.md section 5). Once the cards
given to sets are fixed, the best runs of each suit are forced (every maximal sequence of 3 or
more cards is melded), so tables indexed by the 8192 suit masks give each suit's part of the
search: :func:`_suit_tables` (the cards melded in runs, the cards that could run) and
:func:`_point_tables` (the points left, and their change after the suit's best discard).
:class:`~ginrummy.melds.aces.MeldRules` builds and holds them: at import for the standard
rules, on first use for the others.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

_SUIT_BITS: Final = 0x1FFF
_RANK_MASKS = tuple((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)) for r in range(13))
_INF: Final = 1 << 30
_COUNT: Final = bytes(m.bit_count() for m in range(8192))
"""The number of cards of each 13-bit suit mask (compiled, four reads of it cost less than
``int.bit_count``, a call into Python; ``bytes``: 8 KiB to keep in the CPU's caches)."""


def _rotl(m: int, k: int) -> int:
    """Rotate a 13-bit suit mask up by ``k`` ranks (0-13), K wrapping to A."""
    return ((m << k) | (m >> (13 - k))) & _SUIT_BITS


def _rotr(m: int, k: int) -> int:
    """Rotate a 13-bit suit mask down by ``k`` ranks (0-13), A wrapping to K."""
    return ((m >> k) | (m << (13 - k))) & _SUIT_BITS


def _segments(m: int, wrap: bool) -> list[int]:
    """The maximal sequences of consecutive ranks of a 13-bit suit mask, as masks; with
    ``wrap`` a sequence may turn the corner (K-A), and the whole suit is one sequence."""
    if wrap and m & 1 and m >> 12:
        if m == _SUIT_BITS:
            return [m]
        k = (~m & _SUIT_BITS).bit_length()  # first rank of the sequence through the corner
        return [_rotl(seg, k) for seg in _segments(_rotr(m, k), False)]
    out = []
    r = 0
    while m >> r:
        if m >> r & 1:
            s = r
            while m >> r & 1:
                r += 1
            out.append(((1 << (r - s)) - 1) << s)
        else:
            r += 1
    return out


@lru_cache(maxsize=2)
def _suit_tables(wrap: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every 13-bit suit mask: the cards melded in runs (every maximal sequence of 3+),
    and the cards that could run (two suit neighbours in sequence with them)."""
    melded = []
    runners = []
    for m in range(8192):
        run_bits = 0
        for seg in _segments(m, wrap):
            if seg.bit_count() >= 3:
                run_bits |= seg
        melded.append(run_bits)
        if wrap:
            w = m & _rotr(m, 1) & _rotr(m, 2)
            runners.append((w | _rotl(w, 1) | _rotl(w, 2)) & m)
        else:
            w = m & (m >> 1) & (m >> 2)
            runners.append((w | (w << 1) | (w << 2)) & m & _SUIT_BITS)
    return tuple(melded), tuple(runners)


def _point_tables(
    melded: tuple[int, ...], rank_points: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For every 13-bit suit mask: the leftover points once its runs are melded, the change
    of that when the suit's best card to discard is thrown away (huge if empty), and the ranks
    of the cards whose discard gives that change (a 13-bit mask; 0 if empty)."""
    pts = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        pts[m] = pts[m ^ low] + rank_points[low.bit_length() - 1]
    left = tuple(pts[m & ~melded[m]] for m in range(8192))
    gain = [_INF] * 8192
    drop = [0] * 8192
    for m in range(1, 8192):
        best = _INF
        ties = 0
        x = m
        while x:
            low = x & -x
            v = left[m ^ low]
            if v < best:
                best = v
                ties = low
            elif v == best:
                ties |= low
            x ^= low
        gain[m] = best - left[m]
        drop[m] = ties
    return left, tuple(gain), tuple(drop)
