"""Melds and deadwood, computed exactly.

A *set* is 3 or 4 cards of one rank; a *run* is 3 or more cards of one suit in
sequence, ace low (all sources; RULES.md section 1). A card belongs to at most
one meld. The *deadwood* of an arrangement is the point total of the cards in no
meld; the least deadwood of a hand is the minimum over all arrangements.

Hollywood's aces high and low (002; RULES.md section 5): runs may also turn the corner
(Q-K-A, K-A-2, Q-K-A-2-3, ...; a run of 13 cards is the whole suit) and an unmelded ace
counts 15. How aces work is a :class:`MeldRules` (``wrap``, ``ace_points``); every function
here whose answer depends on it takes it as its last parameter ``mr`` (pass it by keyword:
``least_deadwood(hand, mr=mr)``), by default :data:`STANDARD` (ace low, ace 1); it is not
keyword-only because a keyword-only default costs the standard path a dict lookup per call.
:func:`meld_rules` gives the one of a :class:`~ginrummy.rules.Rules`.

A :class:`Meld` is its cards (equality and hash are by cards). It is validated when built,
against ``mr``: ``Meld("Ks As 2s")`` is refused, ``Meld("Ks As 2s", mr=meld_rules(rules))``
is accepted under Hollywood's aces. A run round the corner is written in run order from its
first card in sequence: ``Qs Ks As 2s``. Behaviour that depends on the rules
(:meth:`Meld.layoff_cards`) takes ``mr`` too.

How it is fast: once the cards given to sets are fixed, the best runs of each
suit are forced (every maximal sequence of 3 or more cards is melded), so a
13-bit table per suit mask (in :class:`MeldRules`: built at import for the standard
rules, on first use for the others) gives each suit's leftover points. At most three
ranks of an 11-card hand can hold 3 or more cards, so only a handful of set
choices need to be tried.

>>> least_deadwood(parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
10
>>> best_arrangement(parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
Arrangement(melds=(Meld('7c 7d 7s'), Meld('2c 3c 4c'), Meld('8h 9h Th')), deadwood=Card('Kd').bit)
>>> hollywood = MeldRules.of(wrap=True, ace_points=15)
>>> least_deadwood(parse_cards("Ks As 2s Ah 5c"), mr=hollywood), least_deadwood(parse_cards("Ks As 2s Ah 5c"))
(20, 19)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Protocol

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
    "STANDARD",
    "Arrangement",
    "Meld",
    "MeldRules",
    "all_melds",
    "arrangements",
    "best_arrangement",
    "best_discards",
    "discard_deadwoods",
    "fits_meld",
    "is_meld",
    "least_deadwood",
    "least_deadwood_after_discard",
    "meld_rules",
    "melds_with",
]

_SUIT_BITS = 0x1FFF
_RANK_MASKS = tuple((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)) for r in range(13))
_INF = 1 << 30


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
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every 13-bit suit mask: the leftover points once its runs are melded, and the
    change of that when the suit's best card to discard is thrown away (huge if empty)."""
    pts = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        pts[m] = pts[m ^ low] + rank_points[low.bit_length() - 1]
    left = tuple(pts[m & ~melded[m]] for m in range(8192))
    gain = [_INF] * 8192
    for m in range(1, 8192):
        best = _INF
        x = m
        while x:
            low = x & -x
            v = left[m ^ low]
            if v < best:
                best = v
            x ^= low
        gain[m] = best - left[m]
    return left, tuple(gain)


class _AceSettings(Protocol):
    """What :func:`meld_rules` reads of a :class:`~ginrummy.rules.Rules`."""

    @property
    def aces(self) -> str: ...

    @property
    def ace_points(self) -> int: ...


class MeldRules:
    """How aces work in melds and deadwood, with the per-suit tables the meld functions use.

    ``wrap``: runs may turn the corner (Q-K-A, K-A-2; Hollywood, 002); ``ace_points``: the
    points of an unmelded ace (1, or 15 in Hollywood). Frozen; equal when both settings are.
    Get one with :func:`meld_rules` (from a ``Rules``) or :meth:`MeldRules.of`, which share
    one instance per setting (building the tables takes a tenth of a second);
    :data:`STANDARD` is ace low, ace 1.

    >>> MeldRules.of(wrap=True, ace_points=15)
    MeldRules(wrap=True, ace_points=15)
    >>> MeldRules.of() is STANDARD
    True
    """

    __slots__ = (
        "_segs",
        "_without",
        "ace_points",
        "gain",
        "left",
        "melded",
        "rank_points",
        "runners",
        "wrap",
    )

    wrap: bool
    ace_points: int
    melded: tuple[int, ...]
    """Per 13-bit suit mask: its cards melded in runs."""
    left: tuple[int, ...]
    """Per 13-bit suit mask: the points left once its runs are melded."""
    gain: tuple[int, ...]
    """Per 13-bit suit mask: the change of ``left`` after the suit's best discard."""
    runners: tuple[int, ...]
    """Per 13-bit suit mask: its cards that could run."""
    rank_points: tuple[int, ...]
    """Deadwood points per rank, ace first."""
    _without: dict[int, tuple[tuple[int, int], ...]]
    _segs: dict[int, tuple[int, ...]]

    def __init__(self, wrap: bool = False, ace_points: int = 1) -> None:
        if not isinstance(wrap, bool):
            raise TypeError(f"wrap must be true or false, got {wrap!r}")
        if isinstance(ace_points, bool) or not isinstance(ace_points, int) or ace_points < 1:
            raise ValueError(f"ace_points must be a positive int, got {ace_points!r}")
        melded, runners = _suit_tables(wrap)
        rank_points = (ace_points, *(min(r + 1, 10) for r in range(1, 13)))
        left, gain = _point_tables(melded, rank_points)
        for name, value in (
            ("wrap", wrap),
            ("ace_points", ace_points),
            ("melded", melded),
            ("left", left),
            ("gain", gain),
            ("runners", runners),
            ("rank_points", rank_points),
            ("_without", {}),
            ("_segs", {}),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def of(cls, wrap: bool = False, ace_points: int = 1) -> MeldRules:
        """The shared instance for these settings (built on first use)."""
        key = (wrap, ace_points)
        found = _MELD_RULES.get(key)
        if found is None:
            found = _MELD_RULES[key] = cls(wrap, ace_points)
        return found

    def points(self, cards: CardSet) -> int:
        """Deadwood points of a ``CardSet`` under these rules (each ace ``ace_points``)."""
        return deadwood_points(cards, self.ace_points)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"MeldRules is frozen: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"MeldRules is frozen: cannot delete {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (MeldRules.of, (self.wrap, self.ace_points))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MeldRules) and other.wrap == self.wrap and other.ace_points == self.ace_points
        )

    def __hash__(self) -> int:
        return hash((self.wrap, self.ace_points))

    def __repr__(self) -> str:
        return f"MeldRules(wrap={self.wrap}, ace_points={self.ace_points})"


_MELD_RULES: dict[tuple[bool, int], MeldRules] = {}
STANDARD: MeldRules = MeldRules.of()
"""Ace low only, ace 1 point (all sources): the default of every function here."""


def meld_rules(rules: _AceSettings | None = None) -> MeldRules:
    """The :class:`MeldRules` of a :class:`~ginrummy.rules.Rules` (its ``aces`` and
    ``ace_points``); :data:`STANDARD` for ``None``. Cheap: instances are shared.

    >>> from ginrummy.rules import Rules
    >>> meld_rules(Rules()) is STANDARD, meld_rules(Rules(aces="round-the-corner", ace_points=15))
    (True, MeldRules(wrap=True, ace_points=15))
    """
    if rules is None:
        return STANDARD
    wrap = rules.aces == "round-the-corner"
    ace_points = rules.ace_points
    if not wrap and ace_points == 1:
        return STANDARD
    return MeldRules.of(wrap, ace_points)


# Standard tables under their historical names (used by the standard fast paths below).
_RUN_LEFT = STANDARD.left
_RUN_GAIN = STANDARD.gain
_RUNNERS13 = STANDARD.runners


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


def _run_start(mask: CardSet, low: int) -> int:
    """The rank of a run's first card in sequence (``low``: its lowest card index): the
    lowest rank, except for a run round the corner (Q K A 2: the queen)."""
    bits = (mask >> (low - low % 13)) & _SUIT_BITS
    if bits & 1 and bits >> 12 and bits != _SUIT_BITS:
        return (~bits & _SUIT_BITS).bit_length()
    return low % 13


def _run_cards(mask: CardSet) -> list[Card]:
    """A meld's cards: suit order for a set, run order for a run (round the corner too)."""
    cards = cards_of(mask)
    low = cards[0]
    if mask & ~_RANK_MASKS[low % 13]:
        start = _run_start(mask, low)
        if start != low % 13:
            i = next(i for i, c in enumerate(cards) if c % 13 == start)
            cards = cards[i:] + cards[:i]
    return cards


def _layoff_cards(m: CardSet, wrap: bool) -> CardSet:
    low = _low_card(m)
    rank_mask = _RANK_MASKS[low % 13]
    if m & ~rank_mask == 0:
        return 0 if m.bit_count() == 4 else rank_mask & ~m
    if wrap:
        shift = low - low % 13
        bits = m >> shift
        return ((_rotl(bits, 1) | _rotr(bits, 1)) & ~bits) << shift
    high = m.bit_length() - 1
    out = 0
    if low % 13 > 0:
        out |= 1 << (low - 1)
    if high % 13 < 12:
        out |= 1 << (high + 1)
    return out


def _meld_text(mask: CardSet, glyphs: bool = False) -> str:
    return " ".join(c.text(glyphs) for c in _run_cards(mask))


class Meld:
    """A set (3-4 cards of one rank) or a run (3+ cards of one suit in sequence).

    Built from a ``CardSet``, cards or a text such as ``"7c 7d 7s"``, and checked against
    ``mr`` (a :class:`MeldRules`, default :data:`STANDARD`: ace low): a run round the
    corner (``"Ks As 2s"``) is a meld only when ``mr.wrap``. Raises
    :class:`InvalidMeldError` if the cards are not a meld. A meld is its cards: equality
    and hash are by cards, whatever ``mr`` it was checked against.

    >>> Meld("8h 9h Th"), Meld("8h 9h Th").is_run, Meld("7c 7d 7s").layoff_cards() == Card("7h").bit
    (Meld('8h 9h Th'), True, True)
    >>> Meld("2s As Qs Ks", mr=MeldRules.of(wrap=True)).text()
    'Qs Ks As 2s'
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: CardSet | str | Iterable[int], mr: MeldRules = STANDARD) -> None:
        if isinstance(cards, str):
            mask = parse_cards(cards)
        elif isinstance(cards, int):
            mask = cards
        else:
            mask = 0
            for c in cards:
                mask |= 1 << c
        if not is_meld(mask, mr=mr):
            seq = "aces high or low, round the corner" if mr.wrap else "ace low"
            raise InvalidMeldError(
                f"not a meld: {format_cards(mask) or '(no cards)'} "
                f"(a set is 3 or 4 cards of one rank; a run is 3+ cards of one suit in sequence, {seq})"
            )
        self._mask = mask

    @property
    def mask(self) -> CardSet:
        """The meld's cards as a ``CardSet``."""
        return self._mask

    @property
    def cards(self) -> list[Card]:
        """The meld's cards: in suit order for a set, in run order for a run, from its first
        card in sequence (``Qs Ks As 2s`` for a run round the corner)."""
        return _run_cards(self._mask)

    @property
    def is_set(self) -> bool:
        return self._mask & ~_RANK_MASKS[_low_card(self._mask) % 13] == 0

    @property
    def is_run(self) -> bool:
        return not self.is_set

    @property
    def points(self) -> int:
        """Point total of the meld's cards (ace 1)."""
        return deadwood_points(self._mask)

    def layoff_cards(self, mr: MeldRules = STANDARD) -> CardSet:
        """Cards that could be laid off on this meld directly (the 4th card of a set of 3;
        the card below and the card above a run, round the corner when ``mr.wrap``; none on
        a run of the whole suit). Cards laid off on runs may then be extended in turn (a
        chain), which :mod:`ginrummy.layoff` handles. ``mr`` must be rules the meld is valid under."""
        return _layoff_cards(self._mask, mr.wrap)

    def text(self, glyphs: bool = False) -> str:
        """The cards in the order of :attr:`cards`, e.g. ``'Qs Ks As 2s'``."""
        return _meld_text(self._mask, glyphs)

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
    """Sets by rank, then runs by suit and first card in sequence."""
    mask = m._mask
    low = (mask & -mask).bit_length() - 1
    r = low % 13
    if mask & ~_RANK_MASKS[r] == 0:
        return (0, 0, r)
    bits = (mask >> (low - r)) & _SUIT_BITS
    if bits & 1 and bits >> 12 and bits != _SUIT_BITS:
        r = (~bits & _SUIT_BITS).bit_length()
    return (1, low // 13, r)


def _low_card(mask: CardSet) -> int:
    return (mask & -mask).bit_length() - 1


def is_meld(mask: CardSet, mr: MeldRules = STANDARD) -> bool:
    """True if the ``CardSet`` is exactly one set or one run (round the corner when
    ``mr.wrap``, else ace low).

    >>> is_meld(parse_cards("Ks As 2s")), is_meld(parse_cards("Ks As 2s"), mr=MeldRules.of(wrap=True))
    (False, True)
    """
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
    if mr.wrap:
        # one sequence: exactly one card whose rank below (cyclically) is missing, or the whole suit
        return bits == _SUIT_BITS or (bits & ~_rotl(bits, 1)).bit_count() == 1
    bits >>= low % 13
    return bits & (bits + 1) == 0  # consecutive ones from the lowest card


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A way to lay down a hand: disjoint ``melds`` and the ``deadwood`` cards left (a ``CardSet``).

    ``points`` is the deadwood count (points), each ace counting ``ace_points`` (1, or 15
    under Hollywood's aces). Melds are sorted: sets by rank, then runs by suit and first
    card in sequence. Runs are maximal: a long run is one meld.
    """

    melds: tuple[Meld, ...]
    deadwood: CardSet
    ace_points: int = 1

    @property
    def points(self) -> int:
        """Deadwood count in points."""
        return deadwood_points(self.deadwood, self.ace_points)

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
        aces = f", ace_points={self.ace_points}" if self.ace_points != 1 else ""
        return f"Arrangement(melds={self.melds!r}, deadwood={dw}{aces})"


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


def least_deadwood(hand: CardSet, mr: MeldRules = STANDARD) -> int:
    """Least deadwood count (points) of a hand of any size, over all arrangements.

    ``hand`` is a ``CardSet``; ``mr`` says how aces work (default: ace low, runs do not
    turn the corner, ace 1).

    >>> least_deadwood(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"))
    0
    """
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
    """For each card of ``hand`` (a ``CardSet``), the least deadwood count (points) of the
    hand without it, computed in one pass over the set choices.

    >>> d = discard_deadwoods(parse_cards("7c 7d 7s 8s 9s Kd"))
    >>> d[Card("Kd")], d[Card("7s")], d[Card("9s")]
    (14, 41, 18)
    """
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
    (a ``CardSet``, normally 11 cards after a draw). Raises ``ValueError`` on an empty hand.

    >>> least_deadwood_after_discard(parse_cards("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"))
    0
    """
    if not hand:
        raise ValueError("cannot discard from an empty hand")
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


def _meld_unchecked(mask: CardSet) -> Meld:
    m = Meld.__new__(Meld)
    m._mask = mask
    return m


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


def arrangements(hand: CardSet, mr: MeldRules = STANDARD) -> list[Arrangement]:
    """Every least-deadwood arrangement of ``hand`` (a ``CardSet``), with maximal runs.

    Arrangements differ in which melds they lay down, which matters for layoffs.

    >>> [a.text() for a in arrangements(parse_cards("7c 7d 7h 8c 8d 8h 9c 9d 9h"))]
    ['7c 7d 7h | 8c 8d 8h | 9c 9d 9h ; deadwood none (0)', '7c 8c 9c | 7d 8d 9d | 7h 8h 9h ; deadwood none (0)']
    >>> [a.text() for a in arrangements(parse_cards("2h Ah Kh Qh 5c 5d 5s Ac"), mr=MeldRules.of(True, 15))]
    ['5c 5d 5s | Qh Kh Ah 2h ; deadwood Ac (15)']
    """
    left = mr.left
    scored = []
    best = _INF
    fixed, _, options = _pruned_options(hand, mr)
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


def best_arrangement(hand: CardSet, mr: MeldRules = STANDARD) -> Arrangement:
    """One least-deadwood arrangement of ``hand`` (a ``CardSet``): the first of :func:`arrangements`."""
    return arrangements(hand, mr=mr)[0]


def best_discards(hand: CardSet, exclude: CardSet = 0, mr: MeldRules = STANDARD) -> tuple[int, list[Card]]:
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
    for c, v in discard_deadwoods(hand, mr=mr).items():
        if candidates >> c & 1:
            if v < best:
                best, cards = v, [c]
            elif v == best:
                cards.append(c)
    cards.sort()
    return best, cards


def all_melds(hand: CardSet, mr: MeldRules = STANDARD) -> list[Meld]:
    """Every meld (set or run, including sub-runs and 3-card subsets of a 4-card set) whose
    cards are all in ``hand`` (a ``CardSet``); runs round the corner too when ``mr.wrap``
    (the whole suit once)."""
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
        if mr.wrap:
            if bits == _SUIT_BITS:
                out.append(_meld_unchecked(_SUIT_BITS << (13 * suit)))
            for lo in range(13):
                seq = _rotr(bits, lo)
                if seq & 7 != 7:
                    continue
                n = 3
                while n < 13 and seq >> (n - 1) & 1:
                    out.append(_meld_unchecked(_rotl((1 << n) - 1, lo) << (13 * suit)))
                    n += 1
            continue
        for lo in range(11):
            if bits >> lo & 7 != 7:
                continue
            hi = lo + 2
            while hi < 13 and bits >> hi & 1:
                out.append(_meld_unchecked((((1 << (hi - lo + 1)) - 1) << lo) << (13 * suit)))
                hi += 1
    return out


def fits_meld(card: int, hand: CardSet, mr: MeldRules = STANDARD) -> bool:
    """True if ``card`` forms a meld with cards of ``hand`` (a ``CardSet``): two more of its
    rank, or two suit neighbours in sequence (round the corner when ``mr.wrap``). Same as
    ``bool(melds_with(card, hand, mr=mr))``.

    >>> fits_meld(Card("7h"), parse_cards("7c 7d Kc")), fits_meld(Card("Ah"), parse_cards("Kh Qh"))
    (True, False)
    >>> fits_meld(Card("Ah"), parse_cards("Kh Qh"), mr=MeldRules.of(wrap=True))
    True
    """
    rank = card % 13
    if (hand & ~(1 << card) & _RANK_MASKS[rank]).bit_count() >= 2:
        return True
    bits = (hand >> (card - rank)) & _SUIT_BITS | (1 << rank)
    if mr.wrap:
        w = _rotr(bits, (rank - 2) % 13) & 0x1F  # the card at bit 2, two neighbours each side
    else:
        window = (bits >> max(rank - 2, 0)) & (0x1F if rank >= 2 else 0x1F >> (2 - rank))
        w = window if rank >= 2 else window << (2 - rank)
    return w & 0b00111 == 0b00111 or w & 0b01110 == 0b01110 or w & 0b11100 == 0b11100


def melds_with(card: int, hand: CardSet, mr: MeldRules = STANDARD) -> list[Meld]:
    """Melds of ``hand | card`` that contain ``card`` (used to judge whether a card "fits")."""
    bit = 1 << card
    return [m for m in all_melds(hand | bit, mr=mr) if m.mask & bit]
