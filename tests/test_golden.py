"""The golden matches (tests/helpers/golden.py): seeded games, whole matches and tournament games
under every preset, played again, must give exactly what ``matches.json`` recorded: the same
decks, actions, results and sheets. A refactoring or speed-up keeps them; a change meant to
alter play rewrites the file (``python tests/helpers/golden.py``) and says so."""

from __future__ import annotations

import json
from typing import Any

import pytest

from helpers.golden import GOLDEN, cases, play_case

RECORDED: list[dict[str, Any]] = json.loads(GOLDEN.read_text())


def _key(case: dict[str, Any]) -> str:
    return f"{case['kind']}-{case['preset']}-{'-'.join(case['agents'])}"


def test_the_golden_cases_are_the_recorded_ones() -> None:
    assert [_key(c) for c in cases()] == [_key(c) for c in RECORDED]
    assert len(RECORDED) >= 2 * 17  # every preset, at least a game and a tournament pair each


@pytest.mark.parametrize("recorded", RECORDED, ids=_key)
def test_golden_case_replays_identically(recorded: dict[str, Any]) -> None:
    case = {k: v for k, v in recorded.items() if k != "out"}
    out = play_case(case)
    want = recorded["out"]
    if case["kind"] == "tournament":
        assert out["summary"]["games"] == 2 and out["summary"]["hands"] > 0
    else:
        assert out["hands"], "the case played no hand"
    for i, (got, exp) in enumerate(zip(out.get("hands", []), want.get("hands", []), strict=False)):
        assert got == exp, f"hand {i + 1} differs"
    assert out == want
