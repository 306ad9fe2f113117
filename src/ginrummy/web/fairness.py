"""Fair dealing: a commitment to each hand's shuffle seed, shown before the hand, opened after it.

Before a hand is dealt the page shows ``commitment = sha256("ginrummy-deal:v1:<salt>:<seed>")``
(hex). The seed is the one the engine deals from (``random.Random(seed)``), the salt is
32 hex digits kept secret with it. After the hand the server reveals both, and anyone
can check that the hash matches and that the deck dealt comes from the seed
(:func:`verify_deal`, ``ginrummy verify``).

>>> c = commitment(42, "00ff")
>>> verify_deal(c, 42, "00ff").ok, verify_deal(c, 43, "00ff").ok
(True, False)
>>> verify_deal(c, 42, "00ff", deck="Ac 2c 3c").message
'the deck given is not 52 distinct cards (3 cards, 3 distinct)'
>>> from ginrummy.cards import format_cards
>>> verify_deal(c, 42, "00ff", deck=format_cards(shuffled_deck(random.Random(42)))).ok
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import dataclass

from ginrummy.cards import Card, parse_card, shuffled_deck
from ginrummy.errors import CardParseError

__all__ = ["DealCheck", "commitment", "hand_salt", "verify_deal"]

_PREFIX = "ginrummy-deal:v1"


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 hex digest that commits to ``seed`` (with ``salt``)."""
    return hashlib.sha256(f"{_PREFIX}:{salt}:{seed}".encode()).hexdigest()


def hand_salt(secret: str, hand_index: int) -> str:
    """The salt of hand ``hand_index`` (0-based), derived from the game's secret."""
    return hmac.new(secret.encode(), f"salt:{hand_index}".encode(), hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class DealCheck:
    """The outcome of checking a revealed seed: ``ok``, the ``deck`` it deals and a ``message``."""

    ok: bool
    deck: tuple[Card, ...]
    message: str


def verify_deal(commit: str, seed: int, salt: str, deck: str | None = None) -> DealCheck:
    """Check that ``seed`` and ``salt`` open ``commit`` and, when ``deck`` (52 cards in
    dealing order, in card notation) is given, that the seed deals exactly that deck. A ``deck``
    that is not 52 distinct cards is reported as such, not as a deck the seed does not deal."""
    dealt = tuple(shuffled_deck(random.Random(seed)))
    expected = commitment(seed, salt)
    if not hmac.compare_digest(expected, commit.strip().lower()):
        return DealCheck(False, dealt, f"commitment mismatch: sha256 of the seed is {expected}")
    if deck is not None:
        try:
            given = tuple(parse_card(t) for t in deck.replace(",", " ").split())
        except CardParseError as exc:
            return DealCheck(False, dealt, f"the deck given is not a deck: {exc}")
        if len(given) != 52 or len(set(given)) != 52:
            return DealCheck(
                False,
                dealt,
                f"the deck given is not 52 distinct cards ({len(given)} cards, {len(set(given))} distinct)",
            )
        if given != dealt:
            return DealCheck(False, dealt, "the seed opens the commitment but does not deal this deck")
    return DealCheck(True, dealt, "the seed opens the commitment" + (" and deals this deck" if deck else ""))
