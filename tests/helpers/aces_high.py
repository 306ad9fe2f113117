"""What the tests of Hollywood's aces high and low share (``tests/test_aces_high*.py``): the
three meld-rule settings sampled (Hollywood's wrap with ace 15, and the half-way settings),
hypothesis settings, the ``hollywood-aces`` preset, and shorthands."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

from ginrummy.cards import parse_cards
from ginrummy.melds import MeldRules
from ginrummy.rules import Rules

HW = MeldRules.of(wrap=True, ace_points=15)
WRAP1 = MeldRules.of(wrap=True, ace_points=1)
LOW15 = MeldRules.of(wrap=False, ace_points=15)
variants = st.sampled_from([HW, HW, WRAP1, LOW15])  # Hollywood's own setting most often

FAST = settings(max_examples=150, deadline=None)
SLOW = settings(max_examples=200, deadline=None)
PRESET = Rules.preset("hollywood-aces")


def h(text: str) -> int:
    return parse_cards(text)


def o(mr: MeldRules) -> dict[str, int | bool]:
    """The oracle's keyword arguments for these rules."""
    return {"wrap": mr.wrap, "ace": mr.ace_points}
