"""The defender's best plan after a knock: own melds plus layoffs, least deadwood.

After a knock (not gin or big gin) the defender lays down melds and lays off
cards on the knocker's melds: the 4th card of a set of 3, or cards extending a
run at either end, one after another, so a laid-off card can itself be
extended (sources 000-004; RULES.md section 2). The knocker never lays off.

:func:`best_layoff` tries every legal combination of layoffs (per set: the 4th
card or not; per run: how far to extend down and up along the defender's
consecutive cards) and takes the least deadwood of what is left, so the plan is
exact.

>>> from ginrummy.cards import parse_cards
>>> plan = best_layoff([Meld("7c 7s 7d"), Meld("8h 9h Th")], parse_cards("7h Jh Qh 2c 3c 4c 5s 6s Kd Ks"))
>>> plan.points, format_cards(plan.laid_off)
(31, '7h Jh Qh')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from ginrummy.cards import Card, CardSet, cards_of, deadwood_points, format_cards
from ginrummy.errors import InvalidLayoffError
from ginrummy.melds import Meld, best_arrangement, least_deadwood

__all__ = ["LayoffPlan", "best_layoff", "check_layoffs", "layoff_options"]


@dataclass(frozen=True, slots=True)
class LayoffPlan:
    """What the defender lays down after a knock.

    ``melds``: the defender's own melds; ``layoffs``: pairs ``(card, i)``, card laid
    off on the knocker's meld number ``i`` (in the order the knocker laid them
    down), in an order in which each can be played; ``deadwood``: the defender's
    remaining cards (a ``CardSet``). ``points`` is the deadwood count (points).
    """

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: CardSet

    @property
    def points(self) -> int:
        """Defender's deadwood count after laying off, in points."""
        return deadwood_points(self.deadwood)

    @property
    def laid_off(self) -> CardSet:
        """All cards laid off, as a ``CardSet``."""
        out = 0
        for c, _ in self.layoffs:
            out |= 1 << c
        return out

    def text(self, glyphs: bool = False) -> str:
        melds = " | ".join(m.text(glyphs) for m in self.melds) or "(no melds)"
        lay = ", ".join(f"{c.text(glyphs)} on meld {i + 1}" for c, i in self.layoffs) or "none"
        dw = format_cards(self.deadwood, glyphs) or "none"
        return f"melds {melds} ; layoffs {lay} ; deadwood {dw} ({self.points})"


def layoff_options(meld: Meld, hand: CardSet) -> list[list[Card]]:
    """The ways to lay off cards of ``hand`` (a ``CardSet``) on one knocker's ``meld``,
    each a list of cards in a playable order; the empty list is always first."""
    options: list[list[Card]] = [[]]
    fits = meld.layoff_cards() & hand
    if not fits:
        return options
    if meld.is_set:
        options.append(cards_of(fits))
        return options
    mask = meld.mask
    low = (mask & -mask).bit_length() - 1
    high = mask.bit_length() - 1
    below: list[Card] = []
    c = low - 1
    while c % 13 != 12 and c >= 0 and hand >> c & 1:
        below.append(Card(c))
        c -= 1
    above: list[Card] = []
    c = high + 1
    while c % 13 != 0 and c < 52 and hand >> c & 1:
        above.append(Card(c))
        c += 1
    return [below[:i] + above[:j] for i in range(len(below) + 1) for j in range(len(above) + 1)]


def _plans(knocker_melds: Sequence[Meld], hand: CardSet) -> Iterable[tuple[CardSet, list[tuple[Card, int]]]]:
    per_meld = [layoff_options(m, hand) for m in knocker_melds]
    for combo in product(*per_meld):
        used = 0
        ok = True
        layoffs: list[tuple[Card, int]] = []
        for i, cards in enumerate(combo):
            for c in cards:
                bit = 1 << c
                if used & bit:
                    ok = False
                    break
                used |= bit
                layoffs.append((c, i))
            if not ok:
                break
        if ok:
            yield used, layoffs


def best_layoff(knocker_melds: Sequence[Meld], hand: CardSet) -> LayoffPlan:
    """The defender's least-deadwood plan against the knocker's melds.

    ``knocker_melds``: the melds the knocker laid down; ``hand``: the defender's
    10 cards (a ``CardSet``). Ties are broken towards fewer layoffs, then the
    first arrangement of :func:`ginrummy.melds.arrangements`. Pass no melds for a
    gin hand (no layoffs against gin).
    """
    best: tuple[int, int, CardSet, list[tuple[Card, int]]] | None = None
    for used, layoffs in _plans(knocker_melds, hand):
        v = least_deadwood(hand & ~used)
        key = (v, len(layoffs))
        if best is None or key < (best[0], best[1]):
            best = (v, len(layoffs), used, layoffs)
    assert best is not None
    _, _, used, layoffs = best
    arr = best_arrangement(hand & ~used)
    return LayoffPlan(arr.melds, tuple(layoffs), arr.deadwood)


def check_layoffs(
    knocker_melds: Sequence[Meld],
    hand: CardSet,
    melds: Sequence[Meld],
    layoffs: Sequence[tuple[int, int]],
) -> LayoffPlan:
    """Check a defender's own plan and return it as a :class:`LayoffPlan`.

    ``melds`` must be disjoint melds of ``hand``; ``layoffs`` are ``(card, i)`` pairs
    played in order, each card in ``hand``, in no meld of ``melds``, and fitting the
    knocker's meld ``i`` as extended by earlier layoffs. Raises
    :class:`InvalidLayoffError` naming the first card that does not fit.
    """
    own = 0
    for m in melds:
        if m.mask & ~hand:
            raise InvalidLayoffError(f"meld {m} uses cards not in the defender's hand")
        if m.mask & own:
            raise InvalidLayoffError(f"meld {m} overlaps another meld")
        own |= m.mask
    current = [m.mask for m in knocker_melds]
    used = 0
    out: list[tuple[Card, int]] = []
    for card, i in layoffs:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise InvalidLayoffError(f"cannot lay off {card!r}: not a card")
        c = Card(card)
        bit = 1 << c
        if not hand & bit or (own | used) & bit:
            raise InvalidLayoffError(f"cannot lay off {c}: not a free card of the defender's hand")
        if not 0 <= i < len(current):
            raise InvalidLayoffError(f"cannot lay off {c}: no knocker's meld number {i + 1}")
        if not Meld(current[i]).layoff_cards() & bit:
            raise InvalidLayoffError(
                f"cannot lay off {c} on {format_cards(current[i])}: "
                f"it takes {format_cards(Meld(current[i]).layoff_cards()) or 'nothing'}"
            )
        current[i] |= bit
        used |= bit
        out.append((c, i))
    return LayoffPlan(tuple(sorted(melds)), tuple(out), hand & ~own & ~used)
