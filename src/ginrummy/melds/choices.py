"""The set choices that the least-deadwood search tries.

Once the cards given to sets are fixed, the runs are forced (:mod:`ginrummy.melds.tables`), so
the search runs over set choices: for each rank holding 3 or 4 cards, the full set, a set of 3
of its 4 cards, or no set. At most three ranks of an 11-card hand hold 3 or more cards, and
most choices can be pruned without changing the least deadwood (:func:`_pruned_options`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ginrummy.cards import CardSet, format_cards
from ginrummy.errors import ArgumentError
from ginrummy.melds.aces import MeldRules
from ginrummy.melds.tables import _RANK_MASKS, _SUIT_BITS

MAX_SET_CHOICES = 50_000
"""The most set choices an exact search tries: a hand whose choices multiply to more (seven or
more ranks of 3-4 cards, most of them four, that could also run: 27 cards at the least) is
refused rather than searched for minutes. Six such ranks make at most ``6**6`` = 46,656 choices, so a
search with six ranks or fewer is never refused; no hand of a game comes near."""


def check_search_size(hand: CardSet, sizes: list[int]) -> None:
    """Raise :class:`~ginrummy.errors.ArgumentError` if the set choices of ``hand`` (``sizes``:
    how many per rank) multiply to more than :data:`MAX_SET_CHOICES`. Called by the searches
    only when they have more than six ranks to choose for (fewer never exceed it)."""
    total = 1
    for n in sizes:
        total *= n
    if total > MAX_SET_CHOICES:
        raise ArgumentError(
            f"hand must be one an exact search can solve: {format_cards(hand)} ({hand.bit_count()} cards) "
            f"has {total:,} ways to choose its sets, more than {MAX_SET_CHOICES:,}"
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
_PATTERNS: Final[tuple[tuple[tuple[int, bool], ...], ...]] = tuple(
    _PATTERN_OPTIONS.get((i & 15, i >> 4), ()) for i in range(256)
)
""":data:`_PATTERN_OPTIONS` indexed by ``members | runners << 4`` (a tuple index: no key to hash)."""


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


_RUN_STARTS = sum(((1 << 11) - 1) << (13 * suit) for suit in range(4))  # ranks A-J: a run may start there


def _pruned_options(hand: CardSet, mr: MeldRules) -> tuple[CardSet, bool, list[list[int]]]:
    """The set choices that can give the least deadwood, as ``(fixed, free, options)``.

    A card "could run" if two suit neighbours make a run with it (round the corner when
    ``mr.wrap``). For a rank whose cards cannot run, the full set beats every other choice,
    so it is ``fixed``; a 3-card subset of 4 is worth trying only when the card left out
    could run, and no set only when two of the 4 (or one of 3) could run. ``options``
    lists, per remaining rank, its choices (0 = no set). ``free`` is true when a fixed set
    holds 4 cards: one of them can then be discarded at no cost, which
    :func:`least_deadwood_after_discard` uses (with 11 cards, breaking a set of 3 that
    cannot run never helps either: the 8 other cards hold deadwood to throw away or a meld
    of 4+ to shorten at no cost). None of this depends on the points of a card (all are
    positive) or on runs turning the corner, once "could run" does.
    """
    s0 = hand & _SUIT_BITS
    s1 = (hand >> 13) & _SUIT_BITS
    s2 = (hand >> 26) & _SUIT_BITS
    s3 = hand >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return 0, False, []
    if mr.wrap:
        rn = mr.runners
        could_run = rn[s0] | rn[s1] << 13 | rn[s2] << 26 | rn[s3] << 39
    else:
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
