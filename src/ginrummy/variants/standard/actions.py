"""The standard game's actions: frozen dataclasses with a text notation (``str(action)`` /
:func:`parse_action`); pass, draw and discard are every variant's (:mod:`ginrummy.hand.actions`).

========================================  =====================================
notation                                  action
========================================  =====================================
``pass``                                  :class:`Pass` (decline the upcard)
``take``                                  :class:`TakeDiscard` (upcard / top discard)
``draw``                                  :class:`DrawStock`
``discard 7h``                            :class:`Discard`
``knock 7h`` / ``gin 7h``                 :class:`Knock`, engine lays down its best melds
``knock 7h [7c 7d 7s] [8h 9h Th]``        :class:`Knock` with the melds to lay down
``big-gin`` / ``big-gin [..] [..]``       :class:`BigGin` (11 cards melded, no discard)
``layoff``                                :class:`LayOff`, the engine's best plan
``layoff [2c 3c 4c] 7h:1 Jh:2``           :class:`LayOff`: own melds, then card:meld-number
``layoff none``                           :class:`LayOff` that lays down nothing
========================================  =====================================

>>> parse_action("knock 7h [7c 7d 7s] [8h 9h Th]")
Knock(card=Card('7h'), melds=(Meld('7c 7d 7s'), Meld('8h 9h Th')))
>>> str(LayOff((Meld("2c 3c 4c"),), ((Card("7h"), 0),)))
'layoff [2c 3c 4c] 7h:1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from ginrummy.cards import Card, parse_card
from ginrummy.checks import check_str
from ginrummy.errors import quoted
from ginrummy.hand.actions import (
    DISCARDS,
    DRAW_STOCK,
    PASS,
    ActionParseError,
    Discard,
    DrawStock,
    Pass,
    is_number,
)
from ginrummy.melds import STANDARD, Meld, MeldRules
from ginrummy.melds.meld import check_meld_rules, make_meld

__all__ = [
    "DISCARDS",
    "DRAW_STOCK",
    "ENGINE_LAYOFF",
    "PASS",
    "TAKE_DISCARD",
    "Action",
    "ActionParseError",
    "BigGin",
    "Discard",
    "DrawStock",
    "Knock",
    "LayOff",
    "Pass",
    "TakeDiscard",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the upcard (first turn) or the top card of the discard pile."""

    def __str__(self) -> str:
        return "take"


def _melds_text(melds: tuple[Meld, ...] | None) -> str:
    return "" if melds is None else "".join(f" [{m}]" for m in melds)


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` face down and lay down ``melds`` (``None``: the engine's first
    least-deadwood arrangement). With no deadwood left this is gin."""

    card: Card
    melds: tuple[Meld, ...] | None = None

    def __reduce__(self) -> tuple[type[Knock], tuple[Card, tuple[Meld, ...] | None]]:
        return Knock, (self.card, self.melds)

    def __str__(self) -> str:
        return f"knock {self.card}{_melds_text(self.melds)}"


@dataclass(frozen=True, slots=True)
class BigGin:
    """Lay down all 11 cards in ``melds`` without a discard (``None``: the engine finds them)."""

    melds: tuple[Meld, ...] | None = None

    def __reduce__(self) -> tuple[type[BigGin], tuple[tuple[Meld, ...] | None]]:
        return BigGin, (self.melds,)

    def __str__(self) -> str:
        return f"big-gin{_melds_text(self.melds)}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """The defender's plan after a knock: own ``melds`` and ``layoffs`` as
    ``(card, i)`` pairs, card laid off on the knocker's meld number ``i`` (0-based,
    1-based in the notation), in playing order. ``None`` for both: the engine's best plan;
    otherwise ``None`` counts as empty (``LayOff(None, ())`` lays down nothing)."""

    melds: tuple[Meld, ...] | None = None
    layoffs: tuple[tuple[Card, int], ...] | None = None

    def __reduce__(
        self,
    ) -> tuple[type[LayOff], tuple[tuple[Meld, ...] | None, tuple[tuple[Card, int], ...] | None]]:
        return LayOff, (self.melds, self.layoffs)

    def __str__(self) -> str:
        if self.melds is None and self.layoffs is None:
            return "layoff"
        if not self.melds and not self.layoffs:
            return "layoff none"  # not "layoff", which asks for the engine's best plan
        lay = "".join(f" {c}:{i + 1}" for c, i in self.layoffs or ())
        return f"layoff{_melds_text(self.melds or ())}{lay}"


Action: TypeAlias = Pass | TakeDiscard | DrawStock | Discard | Knock | BigGin | LayOff
"""Any action of a hand."""

TAKE_DISCARD: TakeDiscard = TakeDiscard()
"""A :class:`TakeDiscard`, made once (shared, as :data:`~ginrummy.hand.actions.PASS` is)."""
ENGINE_LAYOFF: LayOff = LayOff()
"""``LayOff()``, the engine's best plan, made once (shared, as :data:`~ginrummy.hand.actions.PASS` is)."""

_MELD_RE = re.compile(r"\[([^\]]*)\]")


def _parse_melds(text: str, mr: MeldRules) -> tuple[tuple[Meld, ...] | None, str]:
    melds = tuple(make_meld(m, mr) for m in _MELD_RE.findall(text))
    rest = _MELD_RE.sub(" ", text).strip()
    return (melds if "[" in text else None), rest


def parse_action(text: str, mr: MeldRules = STANDARD) -> Action:
    """Parse the notation above (case-insensitive); melds are checked under ``mr`` (e.g.
    ``meld_rules(rules)`` for runs round the corner). Raises :class:`ActionParseError`
    (or ``CardParseError`` / ``InvalidMeldError`` for a bad card or meld), and
    :class:`~ginrummy.errors.ArgumentTypeError` for a ``text`` or ``mr`` of another kind."""
    t = check_str("text", text, "an action such as 'discard 7h' (a str)").strip()
    check_meld_rules(mr)
    word, _, rest = t.partition(" ")
    word = word.lower()
    rest = rest.strip()
    simple: dict[str, Action] = {"pass": Pass(), "take": TakeDiscard(), "draw": DrawStock()}
    if word in simple and not rest:
        return simple[word]
    if word == "discard" and rest:
        return Discard(parse_card(rest))
    if word in ("knock", "gin"):
        melds, card_text = _parse_melds(rest, mr)
        if card_text:
            return Knock(parse_card(card_text), melds)
    if word in ("big-gin", "biggin"):
        melds, leftover = _parse_melds(rest, mr)
        if not leftover:
            return BigGin(melds)
    if word == "layoff":
        if not rest:
            return LayOff()
        if rest.lower() == "none":
            return LayOff((), ())
        melds, tail = _parse_melds(rest, mr)
        layoffs = []
        for tok in tail.split():
            card, sep, num = tok.partition(":")
            if not sep or not is_number(num) or int(num) < 1:
                raise ActionParseError(f"a layoff is written card:meld-number, e.g. 7h:1; got {quoted(tok)}")
            layoffs.append((parse_card(card), int(num) - 1))
        return LayOff(melds or (), tuple(layoffs))
    raise ActionParseError(
        f"not an action: {quoted(text)}; actions: pass, take, draw, discard CARD, knock CARD [melds], "
        "gin CARD, big-gin, layoff, layoff none"
    )
