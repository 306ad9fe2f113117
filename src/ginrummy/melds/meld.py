"""The value types :class:`Meld` (checked by :func:`is_meld`) and :class:`Arrangement`, and
their notation.

A set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit in sequence, ace low
(all sources; RULES.md section 1) or also round the corner when ``mr.wrap`` (Hollywood's
aces, 002; RULES.md section 5). A run round the corner is written in run order from its first
card in sequence: ``Qs Ks As 2s``. :func:`run_start`, :func:`meld_text` and
:func:`layoff_cards` are shared with :mod:`ginrummy.layoff`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Self, SupportsIndex, cast

from ginrummy.cards import NUM_CARDS, Card, CardSet, cards_of, deadwood_points, format_cards, parse_cards
from ginrummy.checks import CARDSET_WANT, check_cardset, check_instance, check_int, shown
from ginrummy.errors import ArgumentTypeError, InvalidMeldError
from ginrummy.melds.aces import STANDARD, MeldRules
from ginrummy.melds.tables import _RANK_MASKS, _SUIT_BITS, _rotl, _rotr


def check_meld_rules(mr: object) -> MeldRules:
    """``mr`` if it is a :class:`MeldRules`, else :class:`~ginrummy.errors.ArgumentTypeError`."""
    return check_instance("mr", mr, MeldRules, "a MeldRules (meld_rules(rules) or MeldRules.of(...))")


def check_hand_args(hand: object, mr: object) -> CardSet:
    """``hand`` as a plain-int ``CardSet`` (:func:`~ginrummy.checks.check_cardset`) once ``mr``
    is checked to be a :class:`MeldRules`: the checks of the meld package's public functions."""
    check_meld_rules(mr)
    return check_cardset("hand", hand)


def run_start(mask: CardSet, low: int) -> int:
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
        start = run_start(mask, low)
        if start != low % 13:
            i = next(i for i, c in enumerate(cards) if c % 13 == start)
            cards = cards[i:] + cards[:i]
    return cards


def layoff_cards(m: CardSet, wrap: bool) -> CardSet:
    """The cards that extend the meld ``m`` (a ``CardSet``) directly: the 4th card of a set of
    3, or the card next to either end of a run (round the corner when ``wrap``)."""
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


def meld_text(mask: CardSet, glyphs: bool = False) -> str:
    """The cards of the meld ``mask`` in playing order (a run round the corner from its queen)."""
    return " ".join(c.text(glyphs) for c in _run_cards(mask))


class Meld:
    """A set (3-4 cards of one rank) or a run (3+ cards of one suit in sequence).

    Built from a ``CardSet``, cards or a text such as ``"7c 7d 7s"``, and checked against
    ``mr`` (a :class:`MeldRules`, default :data:`STANDARD`: ace low): a run round the
    corner (``"Ks As 2s"``) is a meld only when ``mr.wrap``. Raises
    :class:`InvalidMeldError` if the cards are not a meld, and
    :class:`~ginrummy.errors.ArgumentError` for a card set or card out of range
    (:class:`~ginrummy.errors.ArgumentTypeError` for another kind). A meld is its cards:
    equality and hash are by cards, whatever ``mr`` it was checked against.

    >>> Meld("8h 9h Th"), Meld("8h 9h Th").is_run, Meld("7c 7d 7s").layoff_cards() == Card("7h").bit
    (Meld('8h 9h Th'), True, True)
    >>> Meld("2s As Qs Ks", mr=MeldRules.of(wrap=True)).text()
    'Qs Ks As 2s'
    """

    __slots__ = ("_mask",)

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        """A meld with no cards yet: :meth:`__init__` checks and sets them, :func:`_meld_unchecked`
        sets them unchecked (compiled by mypyc, a class is made without ``__init__`` only through
        its own ``__new__``)."""
        return super().__new__(cls)

    def __init__(self, cards: SupportsIndex | str | Iterable[int], mr: object = STANDARD) -> None:
        mr = check_meld_rules(mr)
        if isinstance(cards, str):
            mask = parse_cards(cards)
        elif isinstance(cards, bytes | bytearray):
            raise ArgumentTypeError(f"cards must be a CardSet, cards or a str of cards, got {shown(cards)}")
        elif hasattr(cards, "__iter__"):
            mask = 0
            for i, c in enumerate(cast("Iterable[object]", cards)):
                mask |= 1 << check_int(f"cards[{i}]", c, 0, NUM_CARDS - 1, "a card (an int 0-51)")
        else:
            mask = check_int(
                "cards", cards, 0, (1 << NUM_CARDS) - 1, f"{CARDSET_WANT}, cards or a str of cards"
            )
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
        return layoff_cards(self._mask, mr.wrap)

    def text(self, glyphs: bool = False) -> str:
        """The cards in the order of :attr:`cards`, e.g. ``'Qs Ks As 2s'``."""
        return meld_text(self._mask, glyphs)

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


_MELD: type[Meld] = Meld
"""The class, called as an object (see :func:`make_meld`)."""


def make_meld(cards: CardSet | str | Iterable[int], mr: MeldRules = STANDARD) -> Meld:
    """``Meld(cards, mr)``, checked, for the compiled modules (:mod:`ginrummy.compiled`): the class
    is called as an object (``type.__call__``), since compiled by mypyc, a direct call of a class
    with its own ``__new__`` (as :class:`Meld` has) loses an error its ``__init__`` raises: it
    returns the half-made object with the error still set. Where the cards may not be a meld, the
    compiled modules make a meld here; the pure build is the same either way."""
    return _MELD(cards, mr)


def _meld_unchecked(mask: CardSet) -> Meld:
    """A :class:`Meld` of ``mask`` built without the check (for melds the search has found)."""
    m = Meld.__new__(Meld)
    m._mask = mask
    return m
