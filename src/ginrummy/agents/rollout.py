"""The expert's rollouts: a light simulator that plays a hand to its end on card sets (``CardSet``)
with a fast policy for both players, from a sampled world (:mod:`ginrummy.agents.expert`, whose
search plays each option out in every world, and :mod:`ginrummy.review`, which values decisions
so). Rules of the game follow the ``Rules`` given (knock limit, aces, bonuses; source 000-004 as
the rules say)."""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.agents.strong import knock_points
from ginrummy.agents.tracking import NEAR, NEAR_WRAP
from ginrummy.cards import Card, CardSet
from ginrummy.layoff import best_layoff
from ginrummy.melds import (
    STANDARD,
    MeldRules,
    best_arrangement,
    best_discards,
    discard_deadwoods,
    fits_meld,
    meld_rules,
)
from ginrummy.rules import Rules

__all__ = [
    "AT_ONCE_POTENTIAL",
    "GIN_ONLY",
    "MAX_ROLLOUT_TURNS",
    "PLAIN",
    "SAFE_DANGER",
    "OwnPlay",
    "clearly_better",
    "guarded_discard",
    "knock_or_play_on",
    "layoff_targets",
    "policy_discard",
    "rollout",
    "score_knock",
    "tied_discard",
]


GIN_ONLY = 2
"""``rollout``'s ``opp_wait`` for an opponent who knocks only with gin (a gin-seeker)."""

MAX_ROLLOUT_TURNS = 120
"""A simulated hand still going after this many turns (players can take each other's
discards for ever without drawing) is scored as a dead hand."""


@dataclass(frozen=True, slots=True)
class OwnPlay:
    """How a rollout plays my discards beyond the fast policy (:func:`guarded_discard`):
    ``keep_layoffs`` keeps back cards that lay off on the opponent's melds as they are (while it
    may knock short of gin), ``danger`` (points, 0 or more) is added to a discard that melds with
    the opponent's hand (the opponent would take it), ``potential`` (points, 0 or more) is added to
    a discard for each card of my hand that it would make a meld with, given one more card
    (:data:`~ginrummy.agents.tracking.NEAR` under the rules' aces: the same rank, or the same suit
    one or two ranks apart)."""

    keep_layoffs: bool = False
    danger: int = 0
    potential: int = 0

    def __bool__(self) -> bool:
        return self.keep_layoffs or self.danger > 0 or self.potential > 0


PLAIN = OwnPlay()
"""The fast policy alone for my discards."""

AT_ONCE_POTENTIAL = 4
"""``OwnPlay.potential`` (points) of the expert's rollouts while its opponent is played as one who
knocks as soon as it can (``ExpertParams.own_potential`` ``None``)."""

SAFE_DANGER = 5
"""``OwnPlay.danger`` (points) of the expert's ``safe_discards``."""


def policy_discard(hand: CardSet, taken: int | None, mr: MeldRules = STANDARD) -> tuple[int, int]:
    """(card, deadwood left) of the fast policy's discard from 11 cards: least deadwood, the
    highest card on ties, never the card just taken."""
    best_c, best_v = -1, 1 << 30
    for c, v in discard_deadwoods(hand, mr=mr).items():
        if c == taken:
            continue
        if v < best_v or (v == best_v and c % 13 > best_c % 13):
            best_c, best_v = c, v
    return best_c, best_v


_MASK64 = (1 << 64) - 1


def tied_discard(
    hand: CardSet, taken: int | None, ties: int, mr: MeldRules = STANDARD
) -> tuple[int, int, int]:
    """(card, deadwood left, next ``ties``) of a discard of least deadwood from 11 cards, never the
    card just taken, with ties broken at random as the 2021 EAAI challenge's SimpleGinRummyPlayer
    breaks them (:func:`~ginrummy.melds.best_discards`'s cards): by ``ties``, a 64-bit state (not 0)
    moved on by a splitmix64 step at each tie, so that the options searched in one world see the
    same tie-breaks (common random numbers). Without a tie, ``ties`` comes back unchanged.

    >>> from ginrummy.cards import parse_cards
    >>> hand = parse_cards("2s 3s 4s 5h 6h 7h 9c 9d Kc Qd Jh")
    >>> sorted({tied_discard(hand, None, seed)[0] for seed in range(1, 40)})
    [Card('Kc'), Card('Qd'), Card('Jh')]
    """
    best_v, best = best_discards(hand, 0 if taken is None else 1 << taken, mr=mr)
    if len(best) == 1:
        return best[0], best_v, ties
    ties = (ties + 0x9E3779B97F4A7C15) & _MASK64
    z = ((ties ^ (ties >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return best[((z ^ (z >> 31)) >> 11) % len(best)], best_v, ties


def layoff_targets(opp: CardSet, mr: MeldRules = STANDARD) -> CardSet:
    """The cards that extend a meld of ``opp``'s least-deadwood arrangement directly (the 4th card
    of a set, the card beside either end of a run): what a defender could lay off on it now."""
    out = 0
    for m in best_arrangement(opp, mr=mr).melds:
        out |= m.layoff_cards(mr)
    return out


def guarded_discard(
    hand: CardSet, taken: int | None, opp: CardSet, own: OwnPlay, gin_only: bool, mr: MeldRules = STANDARD
) -> tuple[int, int]:
    """(card, deadwood left) of my discard from 11 cards in a rollout played as ``own`` says
    against the opponent's 10-card hand ``opp``: least deadwood plus ``own.danger`` for a card that
    melds with ``opp`` plus, with ``own.keep_layoffs`` and not ``gin_only``, a card of
    :func:`layoff_targets` as dear as its points, plus ``own.potential`` for each card of the hand
    left that it would meld with given one more card (:data:`~ginrummy.agents.tracking.NEAR`,
    ``NEAR_WRAP`` where runs turn the corner); the highest card on ties, never the card just taken.

    >>> from ginrummy.cards import Card, parse_cards
    >>> hand = parse_cards("2s 3s 4s 5h 6h 7h Kd Qd Jc 8c Ah")
    >>> Card(guarded_discard(hand, None, 0, PLAIN, False)[0])
    Card('Kd')
    >>> Card(guarded_discard(hand, None, 0, OwnPlay(potential=2), False)[0])
    Card('Jc')
    """
    targets = layoff_targets(opp, mr) if own.keep_layoffs and not gin_only else 0
    near = NEAR_WRAP if mr.wrap else NEAR
    best_c, best_v, best_dw = -1, 1 << 30, 0
    for c, v in discard_deadwoods(hand, mr=mr).items():
        if c == taken:
            continue
        cost = v + (mr.points(1 << c) if targets >> c & 1 else 0)
        if own.danger and fits_meld(c, opp, mr=mr):
            cost += own.danger
        if own.potential:
            cost += own.potential * (hand & near[c]).bit_count()
        if cost < best_v or (cost == best_v and c % 13 > best_c % 13):
            best_c, best_v, best_dw = c, cost, v
    return best_c, best_dw


def rollout(
    rules: Rules,
    me: CardSet,
    opp: CardSet,
    stock: list[int],
    top: int | None,
    opp_to_move: bool,
    wait: bool = False,
    opp_wait: bool | int = False,
    knock_limit: int | None = None,
    take_top: bool = False,
    own: OwnPlay = PLAIN,
    ties: int = 0,
    own_limit: int | None = None,
    first: Card | None = None,
) -> int:
    """Play a hand to its end with the fast policy from a position after a discard; return
    the points for ``me`` (positive: I score, negative: the opponent scores, 0: dead or tie).

    ``me``/``opp``: 10-card hands; ``stock``: the stock, top first (consumed); ``top``: the
    top discard; ``opp_to_move``: the opponent draws next (else I do). A hand longer than
    :data:`MAX_ROLLOUT_TURNS` turns counts as dead (0). With ``wait``, I knock (short of gin)
    only when the knock scores against the opponent's hand as it is, and play on otherwise,
    as a player who waits for an undercut would; with ``opp_wait`` the opponent does the same
    (else the opponent knocks at once), and with ``opp_wait`` 2 (:data:`GIN_ONLY`) the opponent
    knocks only with gin. ``knock_limit``: the hand's knock limit (points;
    ``view.knock_limit``: Oklahoma's upcard), by default ``rules.knock_limit``; melds and
    deadwood follow the rules' aces. A ``stock`` of ``rules.stock_left_dead`` cards or fewer is a
    hand already dead (0; source 000's dead hand: nobody may draw). With ``take_top`` the first
    player to move takes ``top`` whether or not it melds (a review's "take the upcard", :mod:`ginrummy.review`).
    ``own``: how my discards go beyond the fast policy (:class:`OwnPlay`, :func:`guarded_discard`).
    ``ties``: 0, the opponent's discards break ties of least deadwood by the highest card, as
    mine do; else its ties go at random from this seed (:func:`tied_discard`). ``own_limit``: the
    most deadwood (points) at which I knock short of gin (``None``: the knock limit; 0: only gin).
    ``first``: a card of ``me`` that my first discard throws, unless my policy's discard would
    knock there (a next decision fixed in advance: :mod:`ginrummy.agents.probing`).
    """
    n = len(stock)
    if n <= rules.stock_left_dead and not take_top:
        return 0  # the stock was down to the dead hand's cards after the last discard: a dead hand
    mr = meld_rules(rules)
    hands = [me, opp]
    p = 1 if opp_to_move else 0
    limit = rules.knock_limit if knock_limit is None else knock_limit
    mine = limit if own_limit is None else min(limit, own_limit)
    pos = 0
    for _ in range(MAX_ROLLOUT_TURNS):
        hand = hands[p]
        taken: int | None = None
        if top is not None and (take_top or fits_meld(top, hand, mr=mr)):
            hand |= 1 << top
            taken = top
        elif pos < n:
            hand |= 1 << stock[pos]
            pos += 1
        else:
            return 0
        take_top = False
        if own and not p:
            card, dw = guarded_discard(hand, taken, hands[1], own, opp_wait == GIN_ONLY, mr)
        elif p and ties:
            card, dw, ties = tied_discard(hand, taken, ties, mr)
        else:
            card, dw = policy_discard(hand, taken, mr)
        if first is not None and not p:
            if dw > mine and first != taken and hand >> first & 1:
                card, dw = first, discard_deadwoods(hand, mr=mr)[first]
            first = None
        hand &= ~(1 << card)
        hands[p] = hand
        if dw <= (limit if p else mine) and (dw == 0 or not p or opp_wait != GIN_ONLY):
            pts = score_knock(rules, hands, p, dw)
            if dw == 0 or (-pts if p else pts) > 0 or not (opp_wait if p else wait):
                return pts
        top = card
        if n - pos <= rules.stock_left_dead:
            return 0
        p = 1 - p
    return 0  # both players kept taking each other's discards: scored as a dead hand


def knock_or_play_on(
    rules: Rules,
    kept: CardSet,
    dw: int,
    opp: CardSet,
    stock: list[int],
    card: int,
    wait: bool,
    opp_wait: bool | int,
    limit: int,
    own: OwnPlay = PLAIN,
    ties: int = 0,
    own_limit: int | None = None,
) -> int:
    """Points for me after I discarded ``card`` keeping ``kept`` (``dw`` points of deadwood): the
    knock at once where ``dw`` is within ``limit`` (with ``wait`` only when it scores against
    ``opp``), else the hand played on by :func:`rollout` (``stock`` consumed; ``own``, ``ties``
    and ``own_limit`` as there)."""
    if dw <= limit:
        pts = score_knock(rules, [kept, opp], 0, dw)
        if not (wait and dw and pts <= 0):
            return pts
    return rollout(
        rules, kept, opp, stock, card, True, wait, opp_wait, limit, own=own, ties=ties, own_limit=own_limit
    )


def score_knock(rules: Rules, hands: list[CardSet], knocker: int, dw: int) -> int:
    mr = meld_rules(rules)
    arr = best_arrangement(hands[knocker], mr=mr)
    defender = hands[1 - knocker]
    if dw == 0:
        pts = rules.gin_bonus + mr.points(defender & ~best_arrangement(defender, mr=mr).melded)
        return pts if knocker == 0 else -pts
    pts = knock_points(rules, dw, best_layoff(arr.melds, defender, mr).points)
    return pts if knocker == 0 else -pts


def clearly_better(diffs: list[float], z: float, groups: list[int] | None = None) -> bool:
    """Whether per-world gains ``diffs`` (points) of one option over another, played out in the
    same worlds, are positive beyond ``z`` standard errors (a paired test). ``groups``, one per
    world where given (as long as ``diffs``): worlds of one group (those sharing an opponent hand
    dealt out again) count as one, their mean, so a repeated hand does not narrow the error.

    >>> clearly_better([3.0, 2.0, 4.0, 3.0], 2.0)
    True
    >>> clearly_better([3.0, -1.0] * 16, 2.0), clearly_better([3.0, -1.0] * 16, 2.0, [0, 1] * 16)
    (True, False)
    """
    if groups is not None and len(groups) == len(diffs) and len(set(groups)) < len(diffs):
        by_group: dict[int, list[float]] = {}
        for g, d in zip(groups, diffs, strict=True):
            by_group.setdefault(g, []).append(d)
        diffs = [sum(v) / len(v) for v in by_group.values()]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > z * z * var
