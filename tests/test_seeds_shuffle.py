"""``ginrummy.seeds.shuffle``: the order of ``random.Random.shuffle`` and the generator's state
after it, for every length and many seeds (the compiled build runs it, the deal depends on it)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import CARDS, shuffled_deck
from ginrummy.hand.base import shuffle_for
from ginrummy.rules import Rules
from ginrummy.seeds import shuffle


@settings(max_examples=300, derandomize=True)
@given(seed=st.integers(0, 2**64), length=st.integers(0, 60))
def test_the_order_and_the_state_after_are_random_shuffles(seed: int, length: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(length)), list(range(length))
    shuffle(a, ours)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


class _Drawn(random.Random):
    """A generator of its own kind: its random() is not the base's."""

    def random(self) -> float:
        return 0.5


def test_a_subclass_shuffles_its_own_way() -> None:
    a, b = list(range(20)), list(range(20))
    shuffle(a, _Drawn(3))
    _Drawn(3).shuffle(b)
    assert a == b


@given(seed=st.integers(0, 2**32))
@settings(max_examples=50, derandomize=True)
def test_a_hand_deals_the_deck_of_shuffled_deck(seed: int) -> None:
    deck, second = shuffle_for(Rules(), seed)
    assert deck == shuffled_deck(seed)
    assert second is None
    assert sorted(deck) == list(CARDS)
