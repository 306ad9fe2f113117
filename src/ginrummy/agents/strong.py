"""The ``strong`` level: fast heuristics on top of card tracking (:mod:`ginrummy.agents.tracking`).

* **Hand value** of 10 cards (points, lower is better): least deadwood minus ``potential``
  times the expected deadwood saved by the next stock card (cards the opponent is likely
  to hold or that are dead cannot come, so melds that are still *live* count more).
* **Discard**: the card leaving the best hand value, plus ``danger`` points times the
  probability that the opponent can meld it.
* **Draw**: take the upcard when the best deadwood after taking it beats the expected
  deadwood after a stock draw by ``take_margin`` (``take_margin_meld`` when it makes a
  meld); taking shows the opponent a card, hence the margin.
* **Knock** (or play on): sample opponent hands from the tracking (each improved by as many
  draws as the opponent has had: extra cards drawn, worst ones dropped), estimate the
  knock's expected points and the undercut risk against the arrangement laid down (the
  opponent's best layoffs included); knock when the risk is low for the hand's stage
  (``max_undercut_early`` / ``max_undercut_late``) and the expected points are positive;
  go gin always.
* **Arrangement**: among the knocks, the discard and melds that minimise own deadwood plus
  the expected points the opponent can lay off.
* **Defence**: the engine's exact best layoff plan.

Every meld and deadwood count follows the hand's aces (``view.meld_rules``, through the
tracking's ``tr.mr``) and every knock the hand's knock limit (``view.knock_limit``: Oklahoma's
upcard, 0 in straight gin). Discard-pile pickup gin (another game) has its own policy,
:mod:`ginrummy.agents.pickup_strong`, chosen by :func:`ginrummy.agents.make_agent`.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import cast

from ginrummy.agents.simple import SimpleAgent
from ginrummy.agents.tracking import Tracking, track
from ginrummy.cards import Card, CardSet
from ginrummy.hand.phase import Phase
from ginrummy.layoff import best_layoff
from ginrummy.melds import (
    STANDARD,
    Meld,
    MeldRules,
    best_arrangement,
    discard_deadwoods,
    fits_meld,
    least_deadwood,
    least_deadwood_after_discard,
)
from ginrummy.rules import Rules
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "StrongAgent",
    "StrongParams",
    "hand_value",
    "knock_points",
    "sample_opponent_hand",
    "sample_stock",
]


@dataclass(frozen=True, slots=True)
class StrongParams:
    """Tuning of the ``strong`` level (points unless said otherwise)."""

    potential: float = 1.5
    """Weight of the expected deadwood saved by the next stock card."""
    danger: float = 2.0
    """Points charged per unit probability that the opponent melds the discard."""
    take_margin: float = 2.0
    """Deadwood (points) a take must gain over the expected stock draw when it makes no meld."""
    take_margin_meld: float = -3.0
    """The same when the taken card makes a meld (negative: take even at a small loss)."""
    knock_samples: int = 24
    """Opponent hands sampled to judge a knock."""
    max_undercut_early: float = 0.1
    """Highest estimated undercut probability to knock with while the stock is large."""
    max_undercut_late: float = 0.25
    """... and while it is small (``late_stock`` cards or fewer)."""
    late_stock: int = 12
    """Stock size (cards) from which the late threshold applies."""
    improve_draws: int = 6
    """At most this many of the opponent's draws are assumed to have improved the sampled hands."""
    infer_pool: int = 1
    """Candidate hands drawn for each sampled opponent hand, one kept by how well its latest
    discard fits it (:func:`infer_opponent_hand`; 1: no weighting)."""
    infer_beta: float = 1.0
    """How sharply the latest discard is weighed (per point of deadwood the discard gave up
    against the hand's best discard)."""


def hand_value(hand: CardSet, tr: Tracking, potential: float) -> float:
    """Value of a 10-card ``hand`` (lower is better): least deadwood minus ``potential`` times
    the expected deadwood saved by the next stock card (``sum p_next(u) * saved(u)``)."""
    mr = tr.mr
    dw = least_deadwood(hand, mr=mr)
    if dw == 0 or potential == 0.0:
        return float(dw)
    near = 0
    near_t = tr.near
    x = hand
    while x:
        low = x & -x
        near |= near_t[low.bit_length() - 1]
        x ^= low
    cands = near & tr.unseen
    gain = 0.0
    stock = tr.stock_size
    if not stock:
        return float(dw)
    prob = tr.prob
    while cands:
        low = cands & -cands
        u = low.bit_length() - 1
        cands ^= low
        q = 1.0 - prob[u]
        if q <= 0.0:
            continue
        saved = dw - least_deadwood_after_discard(hand | low, mr=mr)
        if saved > 0:
            gain += q * saved
    return dw - potential * gain / stock


def expected_draw_deadwood(hand: CardSet, tr: Tracking) -> float:
    """Expected least deadwood after drawing a stock card into ``hand`` (10 cards) and the best discard."""
    if not tr.stock_size:
        return float(least_deadwood(hand, mr=tr.mr))
    total = 0.0
    weight = 0.0
    x = tr.unseen
    mr = tr.mr
    base = least_deadwood(hand, mr=mr)
    prob = tr.prob
    near = 0
    near_t = tr.near
    y = hand
    while y:
        low = y & -y
        near |= near_t[low.bit_length() - 1]
        y ^= low
    while x:
        low = x & -x
        u = low.bit_length() - 1
        x ^= low
        q = 1.0 - prob[u]
        if q <= 0.0:
            continue
        weight += q
        if near & low:
            total += q * least_deadwood_after_discard(hand | low, mr=mr)
        else:
            # a card that melds with nothing: keep the best 10 (drop it or a worse card)
            total += q * min(base, least_deadwood_after_discard(hand | low, mr=mr))
    return total / weight if weight else float(base)


def sample_opponent_hand(tr: Tracking, rng: random.Random, extra: int = 0) -> CardSet:
    """One opponent hand drawn from the tracking: the known cards plus ``opp_unknown`` unseen
    cards drawn without replacement with weights ``prob`` (``CardSet``).

    With ``extra`` > 0, that many more unseen cards are drawn and then the opponent's worst
    cards are dropped one by one (least deadwood after each drop, never a known card): a
    player who has drawn ``extra`` times has had that many chances to improve their hand,
    so a plain random hand would make them look weaker than they are.
    """
    # weighted sampling without replacement by random keys u ** (1 / w) (Efraimidis and
    # Spirakis): the same distribution as drawing one card at a time by weight
    keys: list[tuple[float, int]] = []
    prob = tr.prob
    rand = rng.random
    x = tr.unseen
    while x:
        low = x & -x
        c = low.bit_length() - 1
        x ^= low
        keys.append((rand() ** (1.0 / max(prob[c], 1e-6)), c))
    take = min(tr.opp_unknown + extra, len(keys))
    hand = tr.opp_known
    for _, c in heapq.nlargest(take, keys):
        hand |= 1 << c
    for _ in range(take - min(tr.opp_unknown, len(keys))):
        dd = discard_deadwoods(hand, mr=tr.mr)
        drop = min((c for c in dd if not tr.opp_known >> c & 1), key=lambda c: (dd[c], -c))
        hand &= ~(1 << drop)
    return hand


def discard_regret(hand: CardSet, tr: Tracking) -> int:
    """Points of deadwood the opponent's latest discard (``tr.opp_last_discard``) gave up
    against the best discard of the 11 cards it then held, if it holds ``hand`` (10 cards,
    ``CardSet``) now: 0 when that discard was a least-deadwood discard, or before its first
    discard."""
    d = tr.opp_last_discard
    if d is None:
        return 0
    taken = tr.opp_last_take
    thrown = best = 1 << 30
    for c, v in discard_deadwoods(hand | 1 << d, mr=tr.mr).items():
        if c == d:
            thrown = v
        if c != taken and v < best:
            best = v
    return thrown - best


def infer_opponent_hand(
    tr: Tracking,
    rng: random.Random,
    extra: int = 0,
    pool: int = 1,
    beta: float = 1.0,
    at_once: bool = False,
) -> CardSet:
    """One opponent hand from the tracking, weighed by its latest discard: ``pool`` hands drawn
    by :func:`sample_opponent_hand` (with ``extra``), one kept with weight ``exp(-beta *
    regret)`` (:func:`discard_regret`, points), so that a hand which would have thrown another
    card is less likely (sampling importance resampling). ``pool`` 1 is
    :func:`sample_opponent_hand` itself.

    With ``at_once`` (an opponent who knocks as soon as it can) and ``pool`` above 1, a hand
    within the knock limit (least deadwood at most ``tr.knock_limit`` points) gets weight 0 once
    the opponent has discarded face up: such a player would have knocked with it instead. Where
    all ``pool`` hands are so left out, the weights are as without ``at_once``.

    Against the true hands at the expert's chances to knock (``strong`` and ``gin-seeker``
    opponents, bench/README.md, section Strength), the undercut chance so estimated ranks the
    chances better than the plain samples (area under the curve 0.79 with ``extra`` 2 against
    0.72)."""
    if pool <= 1 or tr.opp_last_discard is None:
        return sample_opponent_hand(tr, rng, extra)
    hands = [sample_opponent_hand(tr, rng, extra) for _ in range(pool)]
    weights = [math.exp(-beta * discard_regret(h, tr)) for h in hands]
    if at_once:
        kept = [
            w if least_deadwood(h, mr=tr.mr) > tr.knock_limit else 0.0
            for h, w in zip(hands, weights, strict=True)
        ]
        if any(kept):
            weights = kept
    return rng.choices(hands, weights)[0]


def sample_stock(tr: Tracking, opp: CardSet, rng: random.Random) -> list[int]:
    """A sampled stock for a world whose opponent holds ``opp`` (a ``CardSet`` from
    :func:`sample_opponent_hand`): the other unseen cards in a random order, top first (card
    indices 0-51). The searches of ``expert`` and its race to gin build their worlds so.
    """
    rest = tr.unseen & ~opp
    stock = [c for c in range(52) if rest >> c & 1]
    rng.shuffle(stock)
    return stock


class StrongAgent:
    """Heuristic player with card tracking (see the module docstring).

    ``seed``: an int or a ``random.Random`` (all randomness comes from it);
    ``params``: the tuning.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules(), dealer=0, rng=1)
    >>> StrongAgent(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "strong"

    def __init__(self, seed: int | random.Random | None = 0, params: StrongParams | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.params = params or StrongParams()
        self._simple = SimpleAgent(self.rng)  # for rules it has no heuristics for (discard-pile pickup)

    # -- the decision ------------------------------------------------------------

    def act(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view.player`` from the view alone."""
        if not variant_of(view.rules).knock_and_draw:
            return self._simple.act(view)  # another game: played as the simple level
        phase = view.phase
        if phase is Phase.LAYOFF:
            return LayOff()
        if phase is Phase.LAST_CHANCE:
            return TakeDiscard() if view.must_knock else Pass()
        tr = track(view)
        if phase is Phase.OFFER:
            return TakeDiscard() if self.wants_upcard(view, tr) else Pass()
        if phase is Phase.DRAW:
            if view.may_take and (not view.stock_size or self.wants_upcard(view, tr)):
                return TakeDiscard()
            return DrawStock()
        if phase is Phase.DISCARD:
            return self.discard(view, tr)
        raise ValueError(f"no action in phase {phase.name}")

    # -- draws -------------------------------------------------------------------

    def wants_upcard(self, view: PlayerView, tr: Tracking) -> bool:
        """Whether taking the top discard beats drawing from the stock (see the module docstring)."""
        up = view.upcard
        if up is None:
            return False
        hand = view.hand
        mr = tr.mr
        with_up = hand | (1 << up)
        dd = discard_deadwoods(with_up, mr=mr)
        take_dw = min(v for c, v in dd.items() if c != up)
        if take_dw <= view.knock_limit and take_dw < least_deadwood(hand, mr=mr):
            return True  # a knock next turn's discard
        margin = self.params.take_margin_meld if fits_meld(up, hand, mr=mr) else self.params.take_margin
        return take_dw + margin < expected_draw_deadwood(hand, tr)

    # -- discards and knocks -------------------------------------------------------

    def discard(self, view: PlayerView, tr: Tracking) -> Action:
        """Discard, knock, gin or big gin from 11 cards."""
        hand = view.hand
        rules = view.rules
        if rules.big_gin and hand.bit_count() == 11 and least_deadwood(hand, mr=tr.mr) == 0:
            return BigGin(best_arrangement(hand, mr=tr.mr).melds)
        legal = view.legal_actions
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            knock = self.choose_knock(view, tr, knocks)
            if knock is not None:
                return knock
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            # must knock (50th-card rule) but every knock was judged bad: take the best one anyway
            return self.best_knock(tr, knocks)[0]
        if len(discards) == 1:
            return discards[0]
        return Discard(Card(self.choose_discard(hand, tr, [a.card for a in discards], view.taken)))

    def choose_discard(self, hand: CardSet, tr: Tracking, cards: list[int], taken: int | None) -> int:
        """The discard (card) with the best hand value plus danger; ties go to the higher card."""
        dd = cast(dict[int, int], discard_deadwoods(hand, mr=tr.mr))
        # only look closely at cards whose discard keeps deadwood near the best
        best_dw = min(dd[c] for c in cards)
        scored: list[tuple[float, int, int]] = []
        for c in cards:
            if dd[c] > best_dw + 12:
                continue
            if c == taken:
                continue
            scored.append((self.discard_value(hand, c, tr), -tr.mr.rank_points[c % 13], c))
        if not scored:
            return cards[0]
        scored.sort()
        return scored[0][2]

    def discard_value(self, hand: CardSet, card: int, tr: Tracking) -> float:
        """Value (points, lower is better) of discarding ``card`` from the 11-card ``hand``: the
        hand value left plus ``danger`` times the chance the opponent melds the card."""
        p = self.params
        return hand_value(hand & ~(1 << card), tr, p.potential) + p.danger * tr.p_opp_melds(card)

    def best_knock(self, tr: Tracking, knocks: list[Knock]) -> tuple[Knock, int]:
        """The knock with least own deadwood plus expected opponent layoffs, and its deadwood."""
        best: tuple[float, Knock, int] | None = None
        for k in knocks:
            melds = k.melds or ()
            rest = tr.hand & ~(1 << k.card)
            melded = 0
            for m in melds:
                melded |= m.mask
            dw_cards = rest & ~melded
            dw = tr.mr.points(dw_cards)
            lay = 0.0 if dw == 0 else tr.expected_layoff_points(layoff_cards(melds, tr.mr))
            score = dw + lay
            if best is None or score < best[0]:
                best = (score, k, dw)
        assert best is not None
        return best[1], best[2]

    def choose_knock(self, view: PlayerView, tr: Tracking, knocks: list[Knock]) -> Knock | None:
        """The knock to make, or ``None`` to play on (undercut risk by sampling)."""
        knock, dw = self.best_knock(tr, knocks)
        return knock if self.judge_knock(view, tr, knock, dw) else None

    def judge_knock(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        """Whether to make ``knock`` (``dw`` points of deadwood): always for gin or a forced
        knock, else when the sampled undercut risk is low for the stage and the expected
        points are positive."""
        if dw == 0 or view.must_knock:
            return True
        p = self.params
        undercuts, ev = self.knock_outlook(tr, knock.melds or (), dw, view)
        limit = p.max_undercut_late if view.stock_size <= p.late_stock else p.max_undercut_early
        return undercuts <= limit and ev > 0

    def sample_opponent(self, tr: Tracking) -> CardSet:
        """One opponent hand from the tracking under this level's parameters (``CardSet``)."""
        p = self.params
        return infer_opponent_hand(
            tr, self.rng, min(tr.opp_turns, p.improve_draws), p.infer_pool, p.infer_beta
        )

    def knock_outlook(
        self, tr: Tracking, melds: tuple[Meld, ...], dw: int, view: PlayerView
    ) -> tuple[float, float]:
        """(probability of an undercut, expected points) of knocking with ``melds`` and
        ``dw`` deadwood, over ``knock_samples`` opponent hands sampled from the tracking."""
        n = self.params.knock_samples
        under = 0
        total = 0.0
        rules = view.rules
        for _ in range(n):
            od = best_layoff(melds, self.sample_opponent(tr), tr.mr).points
            total += knock_points(rules, dw, od)
            under += od < dw or (od == dw and rules.undercut_on_tie)
        return under / n, total / n


def knock_points(rules: Rules, dw: int, od: int) -> int:
    """Points for the knocker of a knock short of gin: ``dw`` the knocker's deadwood and ``od``
    the defender's after layoffs (points); negative for an undercut (``rules.undercut_bonus``
    added; a tie is an undercut under ``rules.undercut_on_tie``, else worth 0).

    >>> knock_points(Rules.preset("eaai"), 7, 20), knock_points(Rules.preset("eaai"), 7, 5)
    (13, -27)
    """
    if od > dw:
        return od - dw
    if od == dw and not rules.undercut_on_tie:
        return 0
    return -(dw - od + rules.undercut_bonus)


def layoff_cards(melds: tuple[Meld, ...], mr: MeldRules = STANDARD) -> CardSet:
    """Cards that could go on these melds, with chains of up to two per run end (runs round
    the corner under ``mr.wrap``)."""
    out = 0
    for m in melds:
        lay = m.layoff_cards(mr)
        out |= lay
        if m.is_run:
            out |= Meld(m.mask | lay, mr).layoff_cards(mr) if m.mask.bit_count() + lay.bit_count() >= 3 else 0
    for m in melds:
        out &= ~m.mask
    return out
