"""The defender's best plan after a knock: own melds plus layoffs, least deadwood.

After a knock (not gin or big gin) the defender lays down melds and lays off
cards on the knocker's melds: the 4th card of a set of 3, or cards extending a
run at either end, one after another, so a laid-off card can itself be
extended (sources 000-004; RULES.md section 2). The knocker never lays off.
Under Hollywood's aces high and low (``mr.wrap``, a :class:`~ginrummy.melds.MeldRules`)
chains go round the corner (an ace on Q-K, then a 2 on it, ...) until the run is the
whole suit, and an ace left over counts ``mr.ace_points``.

:func:`best_layoff` tries every legal combination of layoffs (per set: the 4th
card or not; per run: how far to extend down and up along the defender's
consecutive cards) and takes the least deadwood of what is left, so the plan is
exact. :func:`layoff_choices` lists every such combination as a plan (best first), for a
defender who chooses their own layoffs.

>>> from ginrummy.cards import parse_cards
>>> plan = best_layoff([Meld("7c 7s 7d"), Meld("8h 9h Th")], parse_cards("7h Jh Qh 2c 3c 4c 5s 6s Kd Ks"))
>>> plan.points, format_cards(plan.laid_off)
(31, '7h Jh Qh')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import SupportsIndex

from ginrummy.cards import Card, CardSet, cards_of, cardset, deadwood_points, format_cards
from ginrummy.checks import check_instance, shown
from ginrummy.errors import ArgumentError, ArgumentTypeError, InvalidLayoffError
from ginrummy.melds import STANDARD, Meld, MeldRules, best_arrangement, is_meld, least_deadwood
from ginrummy.melds.meld import check_hand_args, check_meld_rules, layoff_cards, meld_text, run_start

__all__ = ["LayoffPlan", "best_layoff", "check_layoffs", "layoff_choices", "layoff_options"]


@dataclass(frozen=True, slots=True)
class LayoffPlan:
    """What the defender lays down after a knock.

    ``melds``: the defender's own melds; ``layoffs``: pairs ``(card, i)``, card laid
    off on the knocker's meld number ``i`` (in the order the knocker laid them
    down), in an order in which each can be played; ``deadwood``: the defender's
    remaining cards (a ``CardSet``). ``points`` is the deadwood count (points), each ace
    counting ``ace_points`` (1, or 15 under Hollywood's aces).
    """

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: CardSet
    ace_points: int = 1

    @property
    def points(self) -> int:
        """Defender's deadwood count after laying off, in points."""
        return deadwood_points(self.deadwood, self.ace_points)

    @property
    def laid_off(self) -> CardSet:
        """All cards laid off, as a ``CardSet``."""
        return cardset(c for c, _ in self.layoffs)

    def text(self, glyphs: bool = False) -> str:
        melds = " | ".join(m.text(glyphs) for m in self.melds) or "(no melds)"
        lay = ", ".join(f"{c.text(glyphs)} on meld {i + 1}" for c, i in self.layoffs) or "none"
        dw = format_cards(self.deadwood, glyphs) or "none"
        return f"melds {melds} ; layoffs {lay} ; deadwood {dw} ({self.points})"


def layoff_options(meld: Meld, hand: CardSet, mr: MeldRules = STANDARD) -> list[list[Card]]:
    """The ways to lay off cards of ``hand`` (a ``CardSet``) on one knocker's ``meld``,
    each a list of cards in a playable order; the empty list is always first. With
    ``mr.wrap`` chains go round the corner; each set of cards is listed once."""
    options: list[list[Card]] = [[]]
    fits = meld.layoff_cards(mr=mr) & hand
    if not fits:
        return options
    if meld.is_set:
        options.append(cards_of(fits))
        return options
    mask = meld.mask
    if mr.wrap:
        return _wrap_options(mask, hand)
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


def _wrap_options(mask: CardSet, hand: CardSet) -> list[list[Card]]:
    """:func:`layoff_options` on a run when runs turn the corner: chains below its first
    card and above its last, cyclically, through the gap of the cards the run lacks."""
    low = (mask & -mask).bit_length() - 1
    base = low - low % 13
    length = mask.bit_count()
    gap = 13 - length
    start = run_start(mask, low)
    below: list[Card] = []
    r = (start - 1) % 13
    while len(below) < gap and hand >> (base + r) & 1:
        below.append(Card(base + r))
        r = (r - 1) % 13
    above: list[Card] = []
    r = (start + length) % 13
    while len(above) < gap and hand >> (base + r) & 1:
        above.append(Card(base + r))
        r = (r + 1) % 13
    # When the whole gap is in the hand, below[:i] and above[:j] overlap once i + j > gap,
    # and every split with i + j == gap lays off the same cards (the whole suit): keep one.
    return [
        below[:i] + above[:j]
        for i in range(len(below) + 1)
        for j in range(len(above) + 1)
        if i + j < gap or (i + j == gap and i == 0)
    ]


def _plans(
    knocker_melds: Sequence[Meld], hand: CardSet, mr: MeldRules
) -> Iterable[tuple[CardSet, list[tuple[Card, int]]]]:
    per_meld = [layoff_options(m, hand, mr=mr) for m in knocker_melds]
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


def check_knock_position(knocker_melds: object, hand: object, mr: object) -> CardSet:
    """``hand`` as a plain-int ``CardSet`` once the arguments of :func:`best_layoff` are
    checked: ``knocker_melds`` a sequence of :class:`Meld` that share no card, ``hand`` a
    ``CardSet`` of at most 11 cards sharing none with them, ``mr`` a :class:`MeldRules`."""
    mask = check_hand_args(hand, mr)
    if isinstance(knocker_melds, str | bytes | bytearray) or not hasattr(knocker_melds, "__iter__"):
        raise ArgumentTypeError(f"knocker_melds must be a sequence of Meld, got {shown(knocker_melds)}")
    if mask.bit_count() > 11:
        raise ArgumentError(f"hand must hold at most 11 cards (a defender's hand), got {mask.bit_count()}")
    on_table = 0
    for i, m in enumerate(knocker_melds):
        meld = check_instance(f"knocker_melds[{i}]", m, Meld, "a Meld")
        if on_table & meld.mask:
            raise ArgumentError(
                f"knocker_melds must not share cards, got {format_cards(on_table & meld.mask)} twice"
            )
        on_table |= meld.mask
    if on_table & mask:
        raise ArgumentError(f"hand must not hold cards of knocker_melds, got {format_cards(on_table & mask)}")
    return mask


def best_layoff(knocker_melds: Sequence[Meld], hand: SupportsIndex, mr: object = STANDARD) -> LayoffPlan:
    """The defender's least-deadwood plan against the knocker's melds.

    ``knocker_melds``: the melds the knocker laid down (valid under ``mr``); ``hand``: the
    defender's 10 cards (a ``CardSet``); ``mr``: how aces work (default: ace low, ace 1).
    Ties are broken towards fewer layoffs, then the first arrangement of
    :func:`ginrummy.melds.arrangements`. Pass no melds for a gin hand (no layoffs against gin).

    Raises :class:`~ginrummy.errors.ArgumentError` for a hand of more than 11 cards or melds
    that share a card with each other or with the hand (no knock leaves such a position), and
    :class:`~ginrummy.errors.ArgumentTypeError` for arguments of another kind.
    """
    hand = check_knock_position(knocker_melds, hand, mr)
    mr = check_meld_rules(mr)
    best: tuple[int, int, CardSet, list[tuple[Card, int]]] | None = None
    for used, layoffs in _plans(knocker_melds, hand, mr):
        v = least_deadwood(hand & ~used, mr=mr)
        key = (v, len(layoffs))
        if best is None or key < (best[0], best[1]):
            best = (v, len(layoffs), used, layoffs)
    assert best is not None
    _, _, used, layoffs = best
    arr = best_arrangement(hand & ~used, mr=mr)
    return LayoffPlan(arr.melds, tuple(layoffs), arr.deadwood, mr.ace_points)


def layoff_choices(
    knocker_melds: Sequence[Meld], hand: CardSet, mr: MeldRules = STANDARD
) -> list[LayoffPlan]:
    """Every way the defender may lay off against the knocker's melds, best plan first.

    One :class:`LayoffPlan` per distinct set of layoffs (which cards go on which of the
    knocker's melds, chains included, round the corner when ``mr.wrap``; laying off nothing
    is one of them), each with the defender's least-deadwood melds of the cards kept (the
    first of :func:`ginrummy.melds.arrangements`). Sorted by deadwood (points), then fewer
    layoffs, then the order :func:`best_layoff` tries them in, so the first plan is exactly
    :func:`best_layoff`'s. Arguments as for :func:`best_layoff`; pass no melds for a gin
    hand (one plan, no layoffs). Rules: 000-004, RULES.md section 2.

    >>> from ginrummy.cards import parse_cards
    >>> plans = layoff_choices([Meld("8h 9h Th")], parse_cards("7h Jh 2c 3c 4c 5s 6s Kd Ks Qd"))
    >>> [(format_cards(p.laid_off), p.points) for p in plans]
    [('7h Jh', 41), ('Jh', 48), ('7h', 51), ('', 58)]
    """
    keyed: list[tuple[int, int, int, CardSet, list[tuple[Card, int]]]] = []
    for n, (used, layoffs) in enumerate(_plans(knocker_melds, hand, mr)):
        keyed.append((least_deadwood(hand & ~used, mr=mr), len(layoffs), n, used, layoffs))
    keyed.sort(key=lambda k: k[:3])
    out: list[LayoffPlan] = []
    for _, _, _, used, layoffs in keyed:
        arr = best_arrangement(hand & ~used, mr=mr)
        out.append(LayoffPlan(arr.melds, tuple(layoffs), arr.deadwood, mr.ace_points))
    return out


def check_layoffs(
    knocker_melds: Sequence[Meld],
    hand: CardSet,
    melds: Sequence[Meld],
    layoffs: Sequence[tuple[int, int]],
    mr: MeldRules = STANDARD,
) -> LayoffPlan:
    """Check a defender's own plan and return it as a :class:`LayoffPlan`.

    ``melds`` must be disjoint melds of ``hand``, valid under ``mr``; ``layoffs`` are
    ``(card, i)`` pairs played in order, each card in ``hand``, in no meld of ``melds``,
    and fitting the knocker's meld ``i`` as extended by earlier layoffs (round the corner
    when ``mr.wrap``). Raises :class:`InvalidLayoffError` naming the first card that does not fit.
    """
    own = 0
    for m in melds:
        if not is_meld(m.mask, mr=mr):
            raise InvalidLayoffError(f"{m} is not a meld under these rules (runs do not turn the corner)")
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
        takes = layoff_cards(current[i], mr.wrap)
        if not takes & bit:
            raise InvalidLayoffError(
                f"cannot lay off {c} on {meld_text(current[i])}: it takes {format_cards(takes) or 'nothing'}"
            )
        current[i] |= bit
        used |= bit
        out.append((c, i))
    return LayoffPlan(tuple(sorted(melds)), tuple(out), hand & ~own & ~used, mr.ace_points)
