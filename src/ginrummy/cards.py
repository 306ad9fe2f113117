"""Cards, ranks, suits, sets of cards, and the deck.

A card is an int from 0 to 51, ``suit * 13 + rank``; :class:`Card` is an
``int`` subclass with a readable ``repr``. A set of cards (``CardSet``) is a
52-bit Python int in which bit ``suit * 13 + rank`` is set for each card held.

>>> Card.parse("7h")
Card('7h')
>>> int(Card.parse("7h")), Card.parse("10H") == Card.parse("Th") == Card.parse("7♥") + 3
(32, True)
>>> format_cards(parse_cards("Ks 2c ac"))
'Ac 2c Ks'
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import TypeAlias

from ginrummy.checks import CARDSET_WANT, check_bool, check_cardset, check_int, check_rng, check_str, shown
from ginrummy.errors import ArgumentTypeError, CardParseError, quoted

__all__ = [
    "CARDS",
    "FULL_DECK",
    "NUM_CARDS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_points",
    "cards_of",
    "cardset",
    "deadwood_points",
    "format_cards",
    "iter_cards",
    "parse_card",
    "parse_cards",
    "popcount",
    "shuffled_deck",
]

CardSet: TypeAlias = int
"""A set of cards: a 52-bit int, bit ``suit * 13 + rank`` set for each card held."""

NUM_CARDS = 52
FULL_DECK: CardSet = (1 << NUM_CARDS) - 1


class Rank(IntEnum):
    """Card rank, ace low (all sources): ACE = 0 ... KING = 12."""

    ACE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    EIGHT = 7
    NINE = 8
    TEN = 9
    JACK = 10
    QUEEN = 11
    KING = 12

    @property
    def symbol(self) -> str:
        """One character: ``A 2 ... 9 T J Q K``."""
        return _RANK_CHARS[self]

    @property
    def points(self) -> int:
        """Deadwood points: ace 1, 2-10 face value, J Q K 10 (all sources)."""
        return min(int(self) + 1, 10)


class Suit(IntEnum):
    """Card suit in bridge order: CLUBS = 0, DIAMONDS, HEARTS, SPADES = 3."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """Lower-case letter: ``c d h s``."""
        return _SUIT_CHARS[self]

    @property
    def glyph(self) -> str:
        """Unicode suit symbol: ``♣ ♦ ♥ ♠``."""
        return _SUIT_GLYPHS[self]


_RANK_CHARS = "A23456789TJQK"
_SUIT_CHARS = "cdhs"
_SUIT_GLYPHS = "♣♦♥♠"
_RANK_PARSE = {c: i for i, c in enumerate(_RANK_CHARS)} | {"10": 9}
_SUIT_PARSE = (
    {c: i for i, c in enumerate(_SUIT_CHARS)}
    | {g: i for i, g in enumerate(_SUIT_GLYPHS)}
    | {"♧": 0, "♢": 1, "♡": 2, "♤": 3}
)


class Card(int):
    """One card: an int 0-51, ``suit * 13 + rank``.

    ``Card(x)`` takes an index 0-51 or a token such as ``"7h"``, ``"Th"``,
    ``"10h"`` or ``"7♥"`` (case-insensitive); an index may be any int-like object but a
    ``bool`` (a numpy integer, see :mod:`ginrummy.checks`). Raises :class:`CardParseError`
    (a ``ValueError``) naming the bad token or index.

    Being an int, ``Card('Ac')`` is 0 and so false: test ``card is None``, not ``not card``.

    >>> Card("qs"), Card(0), Card("10♦").rank, Card("10♦").suit
    (Card('Qs'), Card('Ac'), <Rank.TEN: 9>, <Suit.DIAMONDS: 1>)
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_CARDS:
            return CARDS[value]
        if not isinstance(value, bool) and hasattr(type(value), "__index__"):
            index = operator.index(value)
            if 0 <= index < NUM_CARDS:
                return CARDS[index]
        raise CardParseError(f"card index must be an int 0-51, got {shown(value)}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token; same as ``Card(token)``."""
        return parse_card(token)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of this rank (0-12) and suit (0-3). Raises :class:`CardParseError` for
        a rank or suit out of range, :class:`~ginrummy.errors.ArgumentTypeError` for another kind."""
        r = check_int("rank", rank, want="an int 0-12")
        s = check_int("suit", suit, want="an int 0-3")
        if not (0 <= r < 13 and 0 <= s < 4):
            raise CardParseError(f"rank must be 0-12 and suit 0-3, got rank={r} suit={s}")
        return CARDS[s * 13 + r]

    @property
    def rank(self) -> Rank:
        return Rank(self % 13)

    @property
    def suit(self) -> Suit:
        return Suit(self // 13)

    @property
    def points(self) -> int:
        """Deadwood points of this card (ace 1, face cards 10)."""
        return _POINTS[self]

    @property
    def bit(self) -> CardSet:
        """This card as a one-card ``CardSet``."""
        return 1 << self

    def text(self, glyphs: bool = False) -> str:
        """Short notation: ``'7h'``, or ``'7♥'`` with ``glyphs=True``."""
        suit = _SUIT_GLYPHS[self // 13] if glyphs else _SUIT_CHARS[self // 13]
        return _RANK_CHARS[self % 13] + suit

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card({self.text()!r})"


_POINTS = tuple(min(i % 13 + 1, 10) for i in range(NUM_CARDS))
CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(NUM_CARDS))


def parse_card(token: str) -> Card:
    """Parse ``"7h"``, ``"Th"``, ``"10h"``, ``"7♥"`` (case-insensitive) into a :class:`Card`.

    Raises :class:`CardParseError` naming the token when it is not a card, and
    :class:`~ginrummy.errors.ArgumentTypeError` when it is not a ``str``.

    >>> parse_card("ah"), parse_card("10C")
    (Card('Ah'), Card('Tc'))
    """
    t = check_str("token", token, "a card such as '7h' (a str)").strip()
    if len(t) >= 2:
        rank = _RANK_PARSE.get(t[:-1].upper())
        suit = _SUIT_PARSE.get(t[-1].lower())
        if rank is not None and suit is not None:
            return CARDS[suit * 13 + rank]
    raise CardParseError(
        f"not a card: {quoted(token)} (write rank A 2-9 T/10 J Q K then suit c d h s or ♣ ♦ ♥ ♠, e.g. '7h')"
    )


def parse_cards(text: str | Iterable[str]) -> CardSet:
    """Parse cards separated by spaces or commas (a ``str``), or an iterable of card tokens
    (each a ``str``), into a ``CardSet``.

    Raises :class:`CardParseError` naming the first bad token, or a card given twice, and
    :class:`~ginrummy.errors.ArgumentTypeError` for ``text`` or a token of another kind.

    >>> parse_cards("7h 8h,9h") == cardset([Card('7h'), Card('8h'), Card('9h')])
    True
    """
    if isinstance(text, str):
        tokens: list[str] = text.replace(",", " ").split()
    elif isinstance(text, bytes | bytearray) or not hasattr(text, "__iter__"):
        raise ArgumentTypeError(
            f"text must be a str of cards or an iterable of card tokens, got {shown(text)}"
        )
    else:
        tokens = list(text)
    mask = 0
    for i, tok in enumerate(tokens):
        bit = 1 << parse_card(check_str(f"text[{i}]", tok, "a card such as '7h' (a str)"))
        if mask & bit:
            raise CardParseError(f"card given twice: {quoted(tok)}")
        mask |= bit
    return mask


def cardset(cards: Iterable[int]) -> CardSet:
    """The ``CardSet`` holding these cards (ints 0-51)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of a ``CardSet``, lowest index first (clubs A-K, then diamonds ...)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def iter_cards(mask: CardSet) -> Iterator[Card]:
    """Iterate the cards of a ``CardSet``, lowest index first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def popcount(mask: CardSet) -> int:
    """Number of cards in a ``CardSet``."""
    return mask.bit_count()


def card_points(card: int, ace_points: int = 1) -> int:
    """Deadwood points of one card index (ace ``ace_points``: 1, or 15 in Hollywood with
    aces high and low; 2-10 face value, J Q K 10)."""
    if ace_points == 1 or card % 13:
        return _POINTS[card]
    return ace_points


_ACES: CardSet = 1 | 1 << 13 | 1 << 26 | 1 << 39


_SUIT_POINTS = tuple(sum(_POINTS[r] for r in range(13) if m >> r & 1) for m in range(8192))
"""The points of each 13-bit suit mask's cards, aces 1 (a lookup per suit, where a loop over
the cards cost a step per card)."""


def deadwood_points(mask: CardSet, ace_points: int = 1) -> int:
    """Total points of the cards of a ``CardSet``, each ace counting ``ace_points``
    (1, or 15 in Hollywood with aces high and low, 002). Raises
    :class:`~ginrummy.errors.ArgumentError` for a ``mask`` that is not a ``CardSet`` or an
    ``ace_points`` below 1 (:class:`~ginrummy.errors.ArgumentTypeError` for another kind).

    >>> deadwood_points(parse_cards("Ah Kh 2c")), deadwood_points(parse_cards("Ah Kh 2c"), ace_points=15)
    (13, 27)
    """
    if type(mask) is not int or mask >> 52:  # a plain int of 52 bits (a negative one fails too)
        mask = check_cardset("mask", mask)
    total = (
        _SUIT_POINTS[mask & 0x1FFF]
        + _SUIT_POINTS[(mask >> 13) & 0x1FFF]
        + _SUIT_POINTS[(mask >> 26) & 0x1FFF]
        + _SUIT_POINTS[mask >> 39]
    )
    if ace_points != 1:
        total += (check_int("ace_points", ace_points, lo=1) - 1) * (mask & _ACES).bit_count()
    return total


def sort_key_rank(card: int) -> tuple[int, int]:
    """Sort key: by rank then suit."""
    return (card % 13, card // 13)


def format_cards(cards: CardSet | Iterable[int], glyphs: bool = False, by_rank: bool = False) -> str:
    """Cards as space-separated tokens, e.g. ``'7h 8h 9h'``.

    A ``CardSet`` prints sorted by rank then suit (``by_rank`` is implied);
    an iterable of cards (indices 0-51) prints in its own order unless ``by_rank`` is set.
    Raises :class:`~ginrummy.errors.ArgumentError` for a card set or card out of range
    (:class:`~ginrummy.errors.ArgumentTypeError` for another kind).
    """
    check_bool("glyphs", glyphs)
    check_bool("by_rank", by_rank)
    if isinstance(cards, str | bytes | bytearray):
        raise ArgumentTypeError(f"cards must be a CardSet or an iterable of cards, got {shown(cards)}")
    if hasattr(cards, "__iter__"):
        seq = [
            check_int(f"cards[{i}]", c, 0, NUM_CARDS - 1, "a card (an int 0-51)") for i, c in enumerate(cards)
        ]
        if by_rank:
            seq.sort(key=sort_key_rank)
    else:
        mask = check_int("cards", cards, 0, FULL_DECK, f"{CARDSET_WANT} or an iterable of cards")
        seq = sorted(cards_of(mask), key=sort_key_rank)
    return " ".join(CARDS[c].text(glyphs) for c in seq)


def shuffled_deck(rng: random.Random | int) -> list[Card]:
    """A new 52-card deck shuffled by ``rng`` (a ``random.Random``, or a seed for one).

    The global random generator is never used, so a seed gives the same deck on
    every run and platform.

    >>> shuffled_deck(7) == shuffled_deck(random.Random(7))
    True

    Raises :class:`~ginrummy.errors.ArgumentTypeError` (a ``TypeError``) for another kind of ``rng``.
    """
    rng = check_rng("rng", rng)
    r = random.Random(rng) if isinstance(rng, int) else rng
    deck = list(CARDS)
    r.shuffle(deck)
    return deck
