"""A fixed deal for tests that need known hands: the non-dealer (player 0) gets ``P0``, the
dealer (player 1) ``P1``, the upcard is ``UP`` (``HandState(Rules(), 1, deck())``)."""

from __future__ import annotations

from ginrummy.cards import Card

# deal: non-dealer (player 0) gets deck[0::2][:10], dealer (1) deck[1::2][:10], upcard deck[20]
P0 = "Ac 3c 5c 7c 9c Jc Kc 2d 4d 6d"
P1 = "2h 4h 6h 8h Th Qh 2s 4s 6s 8s"
UP = "Ts"


def deck() -> list[int]:
    """The 52 card indices of the deal, dealt from the front."""
    p0 = [Card(t) for t in P0.split()]
    p1 = [Card(t) for t in P1.split()]
    head = [c for pair in zip(p0, p1, strict=True) for c in pair] + [Card(UP)]
    used = set(head)
    return head + [c for c in range(52) if c not in used]
