"""Actions of discard-pile pickup gin (002): frozen dataclasses with a text notation.

Played by :class:`ginrummy.variants.pickup.state.PickupState`. ``pass``, ``draw`` and ``discard 7h`` are the
actions of :mod:`ginrummy.hand.actions`; taking from the discard pile, laying a meld on the table
and adding a card to a table meld are new:

========================================  =====================================
notation                                  action
========================================  =====================================
``pass``                                  :class:`~ginrummy.hand.actions.Pass` (decline the upcard)
``take`` / ``take 3``                     :class:`Take`: the top card / the top 3 cards of the pile
``draw``                                  :class:`~ginrummy.hand.actions.DrawStock`
``meld [7c 7d 7s]``                       :class:`LayMeld`: lay a meld from hand on the table
``add 8h:2``                              :class:`AddCard`: add 8h to table meld number 2
``discard 7h``                            :class:`~ginrummy.hand.actions.Discard`, ending the turn
========================================  =====================================

>>> parse_pickup_action("take 3"), str(parse_pickup_action("meld 7c 7s 7d"))
(Take(count=3), 'meld [7c 7d 7s]')
>>> parse_pickup_action("add 8h:2")
AddCard(card=Card('8h'), meld=1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from ginrummy.cards import Card, parse_card
from ginrummy.checks import check_str
from ginrummy.errors import quoted
from ginrummy.hand.actions import ActionParseError, Discard, DrawStock, Pass, is_number
from ginrummy.melds import Meld
from ginrummy.melds.meld import make_meld

__all__ = [
    "AddCard",
    "Discard",
    "DrawStock",
    "LayMeld",
    "Pass",
    "PickupAction",
    "Take",
    "parse_pickup_action",
]


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top ``count`` cards of the discard pile (the whole run from the top down to the
    ``count``-th card). With more than one card, the deepest card taken must be laid on the
    table (in a new meld or added to a table meld) before the turn's discard."""

    count: int = 1

    def __reduce__(self) -> tuple[type[Take], tuple[int]]:
        return Take, (self.count,)

    def __str__(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Lay ``meld`` (cards from the player's hand) face up on the table."""

    meld: Meld

    def __reduce__(self) -> tuple[type[LayMeld], tuple[Meld]]:
        return LayMeld, (self.meld,)

    def __str__(self) -> str:
        return f"meld [{self.meld}]"


@dataclass(frozen=True, slots=True)
class AddCard:
    """Add ``card`` from hand to the table meld number ``meld`` (0-based; 1-based in the
    notation), either player's: the 4th card of a set, or a card extending a run."""

    card: Card
    meld: int

    def __reduce__(self) -> tuple[type[AddCard], tuple[Card, int]]:
        return AddCard, (self.card, self.meld)

    def __str__(self) -> str:
        return f"add {self.card}:{self.meld + 1}"


PickupAction: TypeAlias = Pass | Take | DrawStock | LayMeld | AddCard | Discard
"""Any action of a discard-pile pickup hand."""

_MELD_RE = re.compile(r"^\[([^\]]*)\]$")


def parse_pickup_action(text: str) -> PickupAction:
    """Parse the notation above (case-insensitive). Raises :class:`~ginrummy.hand.actions.ActionParseError`
    (or ``CardParseError`` / ``InvalidMeldError`` for a bad card or meld), and
    :class:`~ginrummy.errors.ArgumentTypeError` for a ``text`` that is not a ``str``."""
    word, _, rest = check_str("text", text, "an action such as 'take 2' (a str)").strip().partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word == "pass" and not rest:
        return Pass()
    if word == "draw" and not rest:
        return DrawStock()
    if word == "take":
        if not rest:
            return Take(1)
        if is_number(rest) and int(rest) >= 1:
            return Take(int(rest))
        raise ActionParseError(f"take is written 'take N' with N >= 1 cards from the top; got {quoted(text)}")
    if word == "discard" and rest:
        return Discard(parse_card(rest))
    if word == "meld" and rest:
        m = _MELD_RE.match(rest)
        return LayMeld(make_meld(m.group(1) if m else rest))
    if word == "add" and rest:
        card, sep, num = rest.replace(" ", "").partition(":")
        if not sep or not is_number(num) or int(num) < 1:
            raise ActionParseError(
                f"an add is written add CARD:MELD-NUMBER, e.g. add 8h:2; got {quoted(text)}"
            )
        return AddCard(parse_card(card), int(num) - 1)
    raise ActionParseError(
        f"not a pickup action: {quoted(text)}; actions: pass, take N, draw, meld [CARDS], add CARD:N, discard CARD"
    )
