"""Card tracking and inference from one player's view (never the hidden state).

:func:`track` reads a :class:`~ginrummy.variants.standard.view.PlayerView` and returns a :class:`Tracking`:

* ``dead``: cards in the discard pile (``CardSet``); ``top`` the card that may still be taken;
* ``opp_known``: cards the opponent holds for sure (taken from the discard pile, or laid
  down after a knock);
* ``unseen``: cards neither in our hand, nor in the pile, nor known: each is in the
  opponent's hand or in the stock;
* ``prob[c]``: the probability that the opponent holds card ``c`` (0-51): 1 for known
  cards, 0 for our own and dead cards, and for unseen cards a weight-proportional share
  of the opponent's unknown cards, capped at 1, so that ``sum(prob)`` equals the
  opponent's hand size.

The weights are likelihood factors from the opponent's public actions, applied to the
cards that would meld with the card acted on (same rank, and the suit neighbours one
and two ranks away):

* the opponent **took** card X: cards that meld with X are more likely (``take``);
* the opponent **passed** X (declined the upcard, or drew from the stock while X was on
  top): a player who passes a card rarely holds cards that meld with it (``decline``);
* the opponent **discarded** X: a player rarely throws a card next to cards they keep
  (``discard``).

Factors are rough likelihood ratios (``Evidence``); a factor < 1 lowers a card's
weight. The sum stays exact whatever the factors.

Which cards meld together follows the hand's aces (``view.meld_rules``, kept as
``Tracking.mr``): under Hollywood's aces high and low (002) runs turn the corner, so K and A
(and Q, 2) are suit neighbours, and an ace counts ``mr.ace_points``.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> t = track(HandState.deal(Rules(), dealer=1, rng=7).view(0))
>>> round(sum(t.prob), 6), t.opp_unknown
(10.0, 10)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ginrummy.cards import FULL_DECK, CardSet
from ginrummy.hand.phase import Event
from ginrummy.melds import STANDARD, MeldRules
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "NEAR",
    "NEAR_WRAP",
    "Evidence",
    "Tracking",
    "meld_partner_sets",
    "neighbours",
    "opponent_events",
    "replay_pile",
    "track",
]


@dataclass(frozen=True, slots=True)
class Evidence:
    """Likelihood factors (dimensionless, > 0) applied to the weights of unseen cards.

    ``*_rank``: cards of the same rank as the card acted on; ``*_near``: the same suit,
    one rank away; ``*_far``: the same suit, two ranks away.
    """

    take_rank: float = 2.5
    take_near: float = 2.5
    take_far: float = 1.6
    decline_rank: float = 0.55
    decline_near: float = 0.55
    decline_far: float = 0.8
    discard_rank: float = 0.6
    discard_near: float = 0.6
    discard_far: float = 0.85


DEFAULT_EVIDENCE = Evidence()


def _rank_mask(card: int) -> CardSet:
    r = card % 13
    return (1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39))


def neighbours(card: int, distance: int, wrap: bool = False) -> CardSet:
    """The cards of ``card``'s suit exactly ``distance`` (1 or 2) ranks away (``CardSet``; ace
    low, or round the corner with ``wrap``: K and 2 are the ace's neighbours).

    >>> from ginrummy.cards import Card, format_cards
    >>> format_cards(neighbours(Card("Ks"), 1)), format_cards(neighbours(Card("Ks"), 1, wrap=True))
    ('Qs', 'As Qs')
    """
    r, base = card % 13, card - card % 13
    out = 0
    for d in (-distance, distance):
        if wrap or 0 <= r + d < 13:
            out |= 1 << (base + (r + d) % 13)
    return out


_RANK = tuple(_rank_mask(c) & ~(1 << c) for c in range(52))
_NEAR1 = tuple(neighbours(c, 1) for c in range(52))
_NEAR2 = tuple(neighbours(c, 2) for c in range(52))
_NEAR1_WRAP = tuple(neighbours(c, 1, True) for c in range(52))
_NEAR2_WRAP = tuple(neighbours(c, 2, True) for c in range(52))
NEAR: tuple[CardSet, ...] = tuple(_RANK[c] | _NEAR1[c] | _NEAR2[c] for c in range(52))
"""For each card: the cards that can share a meld with it directly (same rank, or the same
suit within two ranks)."""
NEAR_WRAP: tuple[CardSet, ...] = tuple(_RANK[c] | _NEAR1_WRAP[c] | _NEAR2_WRAP[c] for c in range(52))
""":data:`NEAR` when runs turn the corner (Hollywood's aces high and low)."""


def meld_partner_sets(card: int, wrap: bool = False) -> tuple[CardSet, ...]:
    """The pairs of other cards that make a 3-card meld with ``card``: three rank pairs and
    up to three run pairs (each a 2-card ``CardSet``; three run pairs with ``wrap``, runs
    round the corner).

    >>> len(meld_partner_sets(0)), len(meld_partner_sets(0, wrap=True))
    (4, 6)
    """
    r, base = card % 13, card - card % 13
    others = [c for c in range(r, 52, 13) if c != card]
    pairs = [(1 << a) | (1 << b) for i, a in enumerate(others) for b in others[i + 1 :]]
    for lo in (r - 2, r - 1, r):
        if wrap or (lo >= 0 and lo + 2 < 13):
            pairs.append(sum(1 << (base + x % 13) for x in range(lo, lo + 3) if x != r))
    return tuple(pairs)


_PAIRS = tuple(meld_partner_sets(c) for c in range(52))
_PAIRS_WRAP = tuple(meld_partner_sets(c, True) for c in range(52))


@dataclass(frozen=True, slots=True)
class Tracking:
    """What one player can infer about the opponent's hand (see the module docstring).

    ``prob``: 52 probabilities (index = card); ``opp_unknown``: how many of the opponent's
    cards are not known; ``declined``: cards the opponent passed on; ``opp_took``,
    ``opp_discarded``: cards the opponent took / threw this hand (``CardSet``); ``opp_turns``:
    how many times the opponent drew or took a card this hand; ``mr``: the hand's aces
    (``view.meld_rules``), which the meld functions take as ``mr=tr.mr``;
    ``opp_last_discard``: the card of the opponent's latest discard face up (``None`` before
    its first), ``opp_last_take``: the discard-pile card it took on that turn (``None`` where it
    drew from the stock); ``knock_limit``: the most deadwood (points) a knock may keep in this
    hand (``view.knock_limit``).
    """

    hand: CardSet
    dead: CardSet
    top: int | None
    opp_known: CardSet
    unseen: CardSet
    opp_unknown: int
    stock_size: int
    prob: tuple[float, ...]
    declined: CardSet
    opp_took: CardSet
    opp_discarded: CardSet
    opp_turns: int = 0
    mr: MeldRules = STANDARD
    opp_last_discard: int | None = None
    opp_last_take: int | None = None
    knock_limit: int = 10

    @property
    def near(self) -> tuple[CardSet, ...]:
        """:data:`NEAR` under this hand's aces (:data:`NEAR_WRAP` when runs turn the corner)."""
        return NEAR_WRAP if self.mr.wrap else NEAR

    def p_stock(self, card: int) -> float:
        """Probability that ``card`` is in the stock (0 for cards not unseen)."""
        return 1.0 - self.prob[card] if self.unseen >> card & 1 else 0.0

    def p_next_draw(self, card: int) -> float:
        """Probability that ``card`` is the next stock card (the stock order is uniform)."""
        return self.p_stock(card) / self.stock_size if self.stock_size else 0.0

    def p_opp_melds(self, card: int) -> float:
        """Probability that the opponent could meld ``card`` with two cards of their hand
        (cards treated as independent; ``1 - prod(1 - p(pair))`` over the partner pairs)."""
        prob = self.prob
        miss = 1.0
        for pair in (_PAIRS_WRAP if self.mr.wrap else _PAIRS)[card]:
            p = 1.0
            x = pair
            while x:
                low = x & -x
                p *= prob[low.bit_length() - 1]
                x ^= low
            miss *= 1.0 - p
        return 1.0 - miss

    def expected_layoff_points(self, layoff_cards: CardSet) -> float:
        """Expected points of ``layoff_cards`` held by the opponent (sum of p x points)."""
        total = 0.0
        x = layoff_cards
        points = self.mr.rank_points
        while x:
            low = x & -x
            c = low.bit_length() - 1
            total += self.prob[c] * points[c % 13]
            x ^= low
        return total


def replay_pile(view: PlayerView) -> list[tuple[Event, int | None]]:
    """Each public event with the discard-pile top card when it happened (``None`` if empty).

    The initial pile is found by undoing the history from the current pile (a discard
    put its card on top, a take removed it; a knock's discard is face down).
    """
    pile = list(view.discard_pile)
    for ev in reversed(view.history):
        if ev.kind == "discard":
            pile.pop()
        elif ev.kind == "take" and ev.card is not None:
            pile.append(ev.card)
    out: list[tuple[Event, int | None]] = []
    for ev in view.history:
        out.append((ev, pile[-1] if pile else None))
        if ev.kind == "discard" and ev.card is not None:
            pile.append(ev.card)
        elif ev.kind == "take":
            pile.pop()
    return out


def opponent_events(view: PlayerView) -> Iterator[tuple[Event, int | None, bool]]:
    """The opponent's public events of the hand in order (``view.player``'s own left out), each
    with the discard-pile top card when it happened (``None`` if empty) and whether the opponent
    then passed that card up: a pass of the upcard, or a stock draw while it lay on the pile
    (not the non-dealer's first draw after both passed the upcard, which is forced)."""
    me = view.player
    passes = 0
    forced = False
    for ev, top in replay_pile(view):
        if ev.kind == "pass" and top is not None:
            passes += 1
            forced = passes == 2
        if ev.player == me:
            if ev.kind == "draw":
                forced = False
            continue
        passed = top is not None and (ev.kind == "pass" or (ev.kind == "draw" and not forced))
        if ev.kind == "draw":
            forced = False
        yield ev, top, passed


def _scale(
    weights: list[float], cards: CardSet, card: int, factors: tuple[float, float, float], wrap: bool
) -> None:
    """Multiply the weights of ``cards`` that meld with ``card`` by ``factors`` (same rank,
    one rank away, two ranks away in the suit; round the corner with ``wrap``)."""
    near1, near2 = (_NEAR1_WRAP, _NEAR2_WRAP) if wrap else (_NEAR1, _NEAR2)
    for mask, f in zip((_RANK[card], near1[card], near2[card]), factors, strict=True):
        x = mask & cards
        while x:
            low = x & -x
            weights[low.bit_length() - 1] *= f
            x ^= low


def _water_fill(weights: dict[int, float], total: float) -> dict[int, float]:
    """Probabilities ``min(1, k * w)`` summing to ``total`` (0 <= total <= len(weights))."""
    out: dict[int, float] = {}
    rest = dict(weights)
    need = total
    while rest and need > 1e-12:
        s = sum(rest.values())
        if s <= 0:
            share = need / len(rest)
            for c in rest:
                out[c] = share
            return out
        k = need / s
        capped = [c for c, w in rest.items() if k * w >= 1.0]
        if not capped:
            for c, w in rest.items():
                out[c] = k * w
            return out
        for c in capped:
            out[c] = 1.0
            need -= 1.0
            del rest[c]
    for c in rest:
        out.setdefault(c, 0.0)
    return out


def track(view: PlayerView, evidence: Evidence = DEFAULT_EVIDENCE) -> Tracking:
    """Infer the opponent's hand from ``view`` alone (see the module docstring).

    Returns a :class:`Tracking` whose ``prob`` sums to ``view.opponent_hand_size``,
    with known cards at exactly 0 or 1.
    """
    me = view.player
    hand = view.hand
    mr = view.meld_rules
    wrap = mr.wrap
    dead = 0
    for c in view.discard_pile:
        dead |= 1 << c
    top = view.discard_pile[-1] if view.discard_pile else None
    opp_known = view.opponent_known
    if view.knocker is not None and view.knocker != me:
        # the knocker laid down every card: the whole hand is known
        for m in view.knocker_melds:
            opp_known |= m.mask
        opp_known |= view.knocker_deadwood
    unseen = FULL_DECK & ~hand & ~dead & ~opp_known
    weights = [1.0] * 52
    declined = took = discarded = 0
    take = (evidence.take_rank, evidence.take_near, evidence.take_far)
    decline = (evidence.decline_rank, evidence.decline_near, evidence.decline_far)
    throw = (evidence.discard_rank, evidence.discard_near, evidence.discard_far)
    last_discard: int | None = None
    last_take: int | None = None
    turn_take: int | None = None
    for ev, pile_top, passed in opponent_events(view):
        if ev.kind == "take":
            turn_take = ev.card
        elif ev.kind == "draw":
            turn_take = None
        elif ev.kind == "discard" and ev.card is not None:
            last_discard, last_take = ev.card, turn_take
        if ev.kind == "take" and ev.card is not None:
            took |= 1 << ev.card
            _scale(weights, unseen, ev.card, take, wrap)
        elif passed and pile_top is not None:
            declined |= 1 << pile_top
            _scale(weights, unseen, pile_top, decline, wrap)
        elif ev.kind == "discard" and ev.card is not None:
            discarded |= 1 << ev.card
            _scale(weights, unseen, ev.card, throw, wrap)
    opp_unknown = max(0, view.opponent_hand_size - opp_known.bit_count())
    cards: dict[int, float] = {}
    x = unseen
    while x:
        low = x & -x
        i = low.bit_length() - 1
        cards[i] = weights[i]
        x ^= low
    filled = _water_fill(cards, float(min(opp_unknown, len(cards))))
    prob = [0.0] * 52
    for card, p in filled.items():
        prob[card] = p
    x = opp_known
    while x:
        low = x & -x
        prob[low.bit_length() - 1] = 1.0
        x ^= low
    return Tracking(
        hand=hand,
        dead=dead,
        top=top,
        opp_known=opp_known,
        unseen=unseen,
        opp_unknown=opp_unknown,
        stock_size=view.stock_size,
        prob=tuple(prob),
        declined=declined,
        opp_took=took,
        opp_discarded=discarded,
        opp_turns=sum(1 for ev in view.history if ev.player != me and ev.kind in ("draw", "take")),
        mr=mr,
        opp_last_discard=last_discard,
        opp_last_take=last_take,
        knock_limit=view.knock_limit,
    )
