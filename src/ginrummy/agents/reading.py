"""Reading the opponent's hand from its whole play in the hand: a Markov chain over the
opponent's hidden cards (:class:`HandReading`, made by :func:`read_hand`).

The card tracking (:mod:`ginrummy.agents.tracking`) weighs each unseen card on its own, and
:func:`~ginrummy.agents.strong.infer_opponent_hand` weighs a drawn hand by the opponent's latest
discard only. Here a drawn hand is weighed by every decision the opponent made this hand, each
judged on the hand it held when it made it:

* the opponent's hidden cards sit in **slots**: its ten dealt cards and one slot for each card it
  drew from the stock (known pickups of the discard pile are not hidden). Each face-up discard
  that was not a known pickup came out of a slot filled before it; the other slots hold the
  cards of its hand that are still unknown (drawn from the unseen cards);
* given a filling of the slots, the hands it held at each of its decisions follow from the
  public record, and each decision has a likelihood under a simple model of a sensible player
  (:class:`ReadingModel`): it takes an upcard mostly when the card melds with two of its cards,
  throws a card of least deadwood mostly (``exp(-beta * regret)``, regret in points), and does
  not pass up gin, nor a knock if it knocks at once;
* every filling is equally likely before the evidence (all deals are), so a Metropolis chain
  that swaps cards between slots, or trades an unknown card of the hand for another unseen card,
  with probability ``min(1, likelihood ratio)``, draws hands from the opponent's hand given its
  play under that model.

The view alone is read (never the hidden state). The reading covers hands where the record is
that of a knock-and-draw game before any knock (rule sources 000-004); elsewhere
:func:`read_hand` returns ``None`` and the caller reads the hand as before.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> from ginrummy.agents.tracking import track
>>> s = HandState.deal(Rules.preset("eaai"), dealer=1, rng=7)
>>> reading = read_hand(s.view(0), track(s.view(0)), random.Random(1))
>>> reading is not None and reading.sample().bit_count()
10
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ginrummy.agents.strong import sample_opponent_hand
from ginrummy.agents.tracking import Tracking, meld_partner_sets, opponent_events
from ginrummy.cards import CardSet
from ginrummy.melds import MeldRules, discard_deadwoods
from ginrummy.variants.standard.view import PlayerView

__all__ = ["AT_ONCE", "DISCARD", "DRAW", "OFFER", "HandReading", "ReadingModel", "read_hand"]

_PAIRS = tuple(meld_partner_sets(c) for c in range(52))
_PAIRS_WRAP = tuple(meld_partner_sets(c, True) for c in range(52))


@dataclass(frozen=True, slots=True)
class ReadingModel:
    """The opponent model the chain weighs decisions by: ``take_meld`` / ``take_other`` the
    chances (0-1) that it takes an upcard that melds with two of its cards / one that does not;
    ``beta`` (per point of regret) how surely it throws a card of least deadwood; ``pass_knock``
    the chance that it discards face up when it could knock (about 0 for one who knocks at once);
    ``pass_gin`` the chance that it passes up gin."""

    take_meld: float = 0.85
    take_other: float = 0.08
    beta: float = 3.0
    pass_knock: float = 0.6
    pass_gin: float = 0.02


AT_ONCE = ReadingModel(take_meld=0.95, take_other=0.03, pass_knock=0.03)
"""The model of an opponent who knocks as soon as it can."""

OFFER, DISCARD, DRAW = 0, 1, 2
"""The kinds of the opponent's recorded turns in a :class:`HandReading`."""


class HandReading:
    """A Markov chain over the opponent's hidden cards (see the module docstring); made by
    :func:`read_hand`. :meth:`sample` moves it on and returns one opponent hand (``CardSet``,
    known cards included).

    ``turns``: the opponent's recorded decisions in order, each ``(kind, card, extra)``:
    ``(OFFER, upcard, 1 taken / 0 passed)``, ``(DRAW, -1, slot)`` (a stock draw into
    ``slot``), ``(DISCARD, card, card taken this turn or -1)``. ``slots``: the card in each
    slot (0-9 the dealt cards, then one per stock draw); ``free``: the slots that hold the hand's
    unknown cards; ``unused``: the unseen cards in no slot; ``known``: the cards the opponent
    surely holds (``CardSet``); ``limit``: the knock limit (points); ``steps``: the moves per
    :meth:`sample`; ``hands``: how many hands :meth:`sample` draws at most (0: no cap), after
    which it deals those out again in turn; ``last``: the number (from 0) of the distinct hand
    :meth:`sample` last returned (-1 before the first)."""

    __slots__ = (
        "_cap",
        "_drawn",
        "_free",
        "_known",
        "_limit",
        "_ll",
        "_logs",
        "_model",
        "_mr",
        "_next",
        "_pairs",
        "_rng",
        "_slots",
        "_steps",
        "_turns",
        "_unused",
        "last",
    )

    def __init__(
        self,
        turns: list[tuple[int, int, int]],
        slots: list[int],
        free: list[int],
        unused: list[int],
        known: CardSet,
        mr: MeldRules,
        limit: int,
        model: ReadingModel,
        rng: random.Random,
        steps: int,
        hands: int = 0,
    ) -> None:
        self._cap = hands
        self._drawn: list[CardSet] = []
        self._next = 0
        self.last = -1  # the number of the hand sample() last returned, from 0 (distinct hands)
        self._turns = turns
        self._slots = slots
        self._free = free
        self._unused = unused
        self._known = known
        self._mr = mr
        self._limit = limit
        self._model = model
        self._rng = rng
        self._steps = steps
        self._pairs = _PAIRS_WRAP if mr.wrap else _PAIRS
        m = model
        chances = (m.take_meld, 1 - m.take_meld, m.take_other, 1 - m.take_other, m.pass_gin, m.pass_knock)
        self._logs = tuple(math.log(p) for p in chances)
        self._ll = self.log_likelihood(slots)

    def log_likelihood(self, slots: list[int]) -> float:
        """The log-likelihood (natural log) of the opponent's recorded decisions if its hidden
        cards fill ``slots`` so; ``-inf`` where a recorded discard is not then in its hand."""
        m = self._model
        hand = 0
        for c in slots[:10]:
            hand |= 1 << c
        ll = 0.0
        pairs = self._pairs
        log_tm, log_tm_not, log_to, log_to_not, log_pass_gin, log_pass_knock = self._logs
        for kind, card, extra in self._turns:
            if kind == OFFER:
                melds = any(p & hand == p for p in pairs[card])
                if extra:
                    ll += log_tm if melds else log_to
                    hand |= 1 << card
                else:
                    ll += log_tm_not if melds else log_to_not
            elif kind == DISCARD:
                if not hand >> card & 1:
                    return -math.inf
                values = [
                    (v, c == card) for c, v in discard_deadwoods(hand, mr=self._mr).items() if c != extra
                ]
                best = min(v for v, _ in values)
                norm = sum(math.exp(-m.beta * (v - best)) for v, _ in values)
                thrown = next(v for v, mine in values if mine)
                ll += -m.beta * (thrown - best) - math.log(norm)
                if best == 0:
                    ll += log_pass_gin
                elif best <= self._limit:
                    ll += log_pass_knock
                hand &= ~(1 << card)
            else:  # a stock draw into slot ``extra``
                hand |= 1 << slots[extra]
        return ll

    def step(self) -> None:
        """One Metropolis move: swap the cards of two slots, or put an unused unseen card in
        place of one of the hand's unknown cards; kept with probability ``min(1, likelihood
        ratio)`` (both moves are symmetric, and every filling is equally likely a priori)."""
        rng = self._rng
        slots, free, unused = self._slots, self._free, self._unused
        new = list(slots)
        if not free or not unused or rng.random() < 0.5:
            i, j = rng.sample(range(len(slots)), 2)
            new[i], new[j] = new[j], new[i]
            if not self._accept(new):
                return
            if (i in free) != (j in free):  # a hand card and a discarded one changed slots
                k = free.index(i) if i in free else free.index(j)
                free[k] = j if free[k] == i else i
        else:
            fi, ui = rng.randrange(len(free)), rng.randrange(len(unused))
            new[free[fi]] = unused[ui]
            if not self._accept(new):
                return
            unused[ui] = slots[free[fi]]
        self._slots = new

    def _accept(self, new: list[int]) -> bool:
        """Whether the chain moves to the filling ``new`` (Metropolis; ``_ll`` updated if so)."""
        ll = self.log_likelihood(new)
        if ll == -math.inf or (ll < self._ll and self._rng.random() >= math.exp(ll - self._ll)):
            return False
        self._ll = ll
        return True

    def sample(self) -> CardSet:
        """Move the chain on by its ``steps`` and return the opponent hand it is at (known cards
        and the unknown cards, ``CardSet``); once ``hands`` have been drawn, those again in turn
        (:attr:`last`: which of the distinct hands it returned)."""
        drawn = self._drawn
        if self._cap and len(drawn) >= self._cap:
            self._next += 1
            self.last = (self._next - 1) % len(drawn)
            return drawn[self.last]
        for _ in range(self._steps):
            self.step()
        hand = self._known
        for s in self._free:
            hand |= 1 << self._slots[s]
        self.last = len(drawn)
        drawn.append(hand)
        return hand


def read_hand(
    view: PlayerView,
    tr: Tracking,
    rng: random.Random,
    start: CardSet | None = None,
    model: ReadingModel | None = None,
    burn_in: int = 500,
    steps: int = 10,
    hands: int = 0,
) -> HandReading | None:
    """A chain over the opponent's hidden cards from ``view`` (its record) and ``tr`` (its
    tracking), started from ``start`` (an opponent hand, ``CardSet``; default drawn from the
    tracking's weights) and run ``burn_in`` steps; each :meth:`HandReading.sample` then runs
    ``steps`` more (``hands``: the most distinct hands it draws, as :class:`HandReading` says).
    ``None`` where the record is not a knock-and-draw hand before a knock, or
    does not fit the tracking (the caller then reads the hand as before)."""
    if view.knocker is not None:
        return None
    turns: list[tuple[int, int, int]] = []
    draw_turns: list[int] = []  # index in turns of each stock draw
    hidden_discards: list[int] = []  # the discards that came out of slots, in order
    discard_turn: list[int] = []  # the index of each such discard's turn
    held_known = 0
    took: int | None = None
    for ev, top, passed in opponent_events(view):
        if ev.kind == "pass":
            if top is None:
                return None
            turns.append((OFFER, top, 0))
        elif ev.kind == "take":
            if ev.card is None:
                return None
            turns.append((OFFER, ev.card, 1))
            held_known |= 1 << ev.card
            took = ev.card
        elif ev.kind == "draw":
            if passed and top is not None:
                turns.append((OFFER, top, 0))
            draw_turns.append(len(turns))
            turns.append((DRAW, -1, 10 + len(draw_turns) - 1))
            took = None
        elif ev.kind == "discard" and ev.card is not None:
            if held_known >> ev.card & 1:
                held_known &= ~(1 << ev.card)
            else:
                hidden_discards.append(ev.card)
                discard_turn.append(len(turns))
            turns.append((DISCARD, ev.card, -1 if took is None else took))
        else:
            return None
    if held_known != tr.opp_known or view.opponent_hand_size != 10:
        return None
    n_slots = 10 + len(draw_turns)
    free_count = n_slots - len(hidden_discards)
    if free_count != tr.opp_unknown or free_count < 0:
        return None
    # fill the slots: each hidden discard in a slot filled before it, then the unknown cards
    slot_turn = [-1] * 10 + draw_turns  # the turn index at which each slot is filled
    slots = [-1] * n_slots
    for card, t in zip(hidden_discards, discard_turn, strict=True):
        open_ = [s for s in range(n_slots) if slots[s] < 0 and slot_turn[s] < t]
        if not open_:
            return None
        slots[rng.choice(open_)] = card
    first = start if start is not None else sample_opponent_hand(tr, rng, min(tr.opp_turns, 3))
    unknown = [c for c in range(52) if (first & ~tr.opp_known) >> c & 1]
    free = [s for s in range(n_slots) if slots[s] < 0]
    if len(unknown) != len(free):
        return None
    rng.shuffle(unknown)
    for s, c in zip(free, unknown, strict=True):
        slots[s] = c
    used = first | tr.opp_known
    unused = [c for c in range(52) if (tr.unseen & ~used) >> c & 1]
    reading = HandReading(
        turns,
        slots,
        free,
        unused,
        tr.opp_known,
        tr.mr,
        tr.knock_limit,
        model or ReadingModel(),
        rng,
        steps,
        hands,
    )
    if reading._ll == -math.inf:
        return None
    for _ in range(burn_in):
        reading.step()
    return reading
