"""Issue 26's faster least-deadwood code gives the answers of the code it replaced.

``helpers/deadwood_before.py`` keeps the functions as they were (``least_deadwood`` on 52-bit set
choices, ``best_discards`` through the per-card dict of ``discard_deadwoods``); the new ones
(``least_deadwood`` in suit space, ``best_discards`` with the per-suit ``drop`` table and the gain
bound) must agree on every hand, tie lists included, under every way aces work. The hands are
seeded: random hands of 9 to 20 cards, meld-rich hands (sets crossing runs) and hands with a
card excluded from the discards.
"""

from __future__ import annotations

import random

import pytest

from ginrummy.cards import Card, cardset
from ginrummy.melds import STANDARD, MeldRules, best_discards, least_deadwood, least_deadwood_after_discard
from helpers import deadwood_before as before
from helpers import oracle

RULES = [
    STANDARD,
    MeldRules.of(wrap=True, ace_points=15),
    MeldRules.of(wrap=True),
    MeldRules.of(ace_points=15),
]
IDS = ["standard", "hollywood", "wrap-ace-1", "ace-15"]


def meld_rich(rng: random.Random, size: int) -> int:
    """A hand built from 2-3 sets and runs that mostly share cards, then random filler."""
    cards: set[int] = set()
    for _ in range(rng.choice((2, 3))):
        anchor = rng.choice(sorted(cards)) if cards and rng.random() < 0.75 else rng.randrange(52)
        rank, suit = anchor % 13, anchor // 13
        if rng.random() < 0.45:
            suits = [suit, *rng.sample([s for s in range(4) if s != suit], rng.choice((2, 3)))]
            new = {s * 13 + rank for s in suits}
        else:
            length = rng.choice((3, 4, 5))
            low = rng.randint(max(0, rank - length + 1), min(rank, 13 - length))
            new = {suit * 13 + r for r in range(low, low + length)}
        if len(cards | new) <= size:
            cards |= new
    cards |= set(rng.sample([c for c in range(52) if c not in cards], size - len(cards)))
    return cardset(cards)


def seeded_hands(seed: int, n: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        size = (10, 11, 11, 10, 9, 12, 20, 11)[i % 8]
        out.append(meld_rich(rng, size) if i % 2 else cardset(rng.sample(range(52), size)))
    return out


@pytest.mark.parametrize("mr", RULES, ids=IDS)
def test_least_deadwood_as_before(mr: MeldRules) -> None:
    for hand in seeded_hands(26, 6000):
        assert least_deadwood(hand, mr) == before.least_deadwood(hand, mr), hand
        if hand.bit_count() == 11:
            assert least_deadwood_after_discard(hand, mr) == before.least_deadwood_after_discard(hand, mr)


@pytest.mark.parametrize("mr", RULES, ids=IDS)
def test_best_discards_as_before(mr: MeldRules) -> None:
    rng = random.Random(261)
    for hand in seeded_hands(27, 4000):
        cards = [c for c in range(52) if hand >> c & 1]
        excludes = [0, 1 << rng.choice(cards), cardset(rng.sample(cards, 2))]
        for exclude in excludes:
            if not hand & ~exclude:
                continue
            got = best_discards(hand, exclude, mr=mr)
            assert got == before.best_discards(hand, exclude, mr), (hand, exclude)
            assert all(type(c) is Card for c in got[1])


def test_best_discards_as_the_oracle_when_the_best_card_is_excluded() -> None:
    """The slow branch (the suit's best discards all excluded) against the brute force."""
    checked = 0
    for hand in seeded_hands(28, 400):
        if hand.bit_count() != 11:
            continue
        _, best = before.best_discards(hand, 0, STANDARD)
        exclude = cardset(best)  # every best card excluded: the next best must be found card by card
        if not hand & ~exclude:
            continue
        assert best_discards(hand, exclude) == oracle.best_discards(hand, exclude)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("mr", RULES, ids=IDS)
def test_drop_table(mr: MeldRules) -> None:
    """``drop[m]``: the ranks whose discard leaves the least of suit mask ``m``, ``gain[m]`` the change."""
    left, gain, drop = mr.left, mr.gain, mr.drop
    assert drop[0] == 0
    for m in range(1, 8192):
        values = {r: left[m ^ (1 << r)] for r in range(13) if m >> r & 1}
        low = min(values.values())
        assert gain[m] == low - left[m]
        assert drop[m] == sum(1 << r for r, v in values.items() if v == low)
