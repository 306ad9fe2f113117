"""The fast version of bench/fuzz.py: under every preset, hands of random legal play with malformed
and illegal actions thrown at every position; every refusal is an IllegalActionError that changes
nothing, every accepted action undoes exactly, and the 52 cards stay in place."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.rules import PRESETS
from ginrummy.variants.standard.state import HandState
from helpers.build import pure_only
from helpers.fuzzing import VIOLATIONS, fuzz_hand


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
def test_malformed_and_illegal_actions_are_refused_cleanly(preset: str, seed: int, dealer: int) -> None:
    figures: Counter[str] = Counter()
    violations: Counter[str] = Counter()
    state = fuzz_hand(PRESETS[preset].rules, dealer, random.Random(seed), 4, figures, violations)
    assert state.is_over, "a random hand did not end within the fuzzer's step cap"
    assert figures["tried"] > 0 and figures["refused"] > 0
    assert {k: violations[k] for k in VIOLATIONS} == dict.fromkeys(VIOLATIONS, 0), dict(figures)


@pure_only
def test_the_fuzzer_counts_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: an undo that leaves the hands swapped shows as a ``pop`` violation."""
    figures: Counter[str] = Counter()
    violations: Counter[str] = Counter()
    original = HandState.pop

    def broken_pop(self: HandState) -> object:
        action = original(self)
        self._hands = (self._hands[1], self._hands[0])
        return action

    monkeypatch.setattr(HandState, "pop", broken_pop)
    fuzz_hand(PRESETS["default"].rules, 0, random.Random(1), 6, figures, violations)
    assert violations["pop"] > 0
