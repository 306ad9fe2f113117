"""The worlds of the expert's search: an opponent hand read from the card tracking, the other
unseen cards as the stock, and whether the opponent waits for an undercut
(:mod:`ginrummy.agents.expert`; the game review draws its worlds so too, :mod:`ginrummy.review.values`)."""

from __future__ import annotations

import random

from ginrummy.agents.expert_params import ExpertParams
from ginrummy.agents.strong import infer_opponent_hand, sample_stock
from ginrummy.agents.tracking import Tracking
from ginrummy.cards import CardSet

__all__ = ["draw_world", "read_opponent_hand"]


def read_opponent_hand(
    tr: Tracking, rng: random.Random, search: ExpertParams, at_once: bool = False, draws: int | None = None
) -> CardSet:
    """One opponent hand (``CardSet``) as the expert reads it:
    :func:`~ginrummy.agents.strong.infer_opponent_hand` with ``search``'s ``infer_pool`` and
    ``infer_draws`` (improving draws, no more than the opponent's turns so far; ``draws`` instead
    where given), and ``at_once``."""
    n = search.infer_draws if draws is None else draws
    return infer_opponent_hand(tr, rng, min(tr.opp_turns, n), search.infer_pool, at_once=at_once)


def draw_world(
    tr: Tracking,
    rng: random.Random,
    search: ExpertParams,
    at_once: bool = False,
    opp: CardSet | None = None,
    draws: int | None = None,
) -> tuple[CardSet, list[int], bool]:
    """One world of the expert's search, drawn with ``rng`` from the tracking ``tr``: the
    opponent's hand (:func:`~ginrummy.agents.strong.infer_opponent_hand` with ``search``'s
    ``infer_pool`` and ``infer_draws``, and ``at_once`` for an opponent played as one who knocks
    at once), the other unseen cards as the stock (top first), and whether the opponent waits
    for an undercut (a share ``search.opp_wait`` of the worlds). The game review draws its
    worlds so too (:mod:`ginrummy.review.values`). ``opp``: the opponent's hand where the caller
    has drawn it (``read_play``'s chain); ``draws``: the improving draws instead of ``infer_draws``.

    >>> from ginrummy.agents.tracking import track
    >>> from ginrummy.rules import Rules
    >>> from ginrummy.variants.standard.state import HandState
    >>> view = HandState.deal(Rules(), dealer=0, rng=1).view(1)
    >>> opp, stock, waits = draw_world(track(view), random.Random(0), ExpertParams())
    >>> bin(opp).count("1"), len(stock), opp & view.hand
    (10, 31, 0)
    """
    if opp is None:
        opp = read_opponent_hand(tr, rng, search, at_once, draws)
    stock = sample_stock(tr, opp, rng)
    return opp, stock, rng.random() < search.opp_wait
