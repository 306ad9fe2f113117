"""The expert's shipped fitted data (``agents/fitted.json``): every entry loads with the names
its readers need, a name that is not there is refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ginrummy.agents import fitted, fitted_data, gamewin
from ginrummy.agents.fitted import DRAW_FEATURES, KNOCK_FEATURES
from ginrummy.errors import ArgumentError


def test_every_entry_says_how_it_was_made() -> None:
    about = fitted_data.entries()
    assert set(about) == {"draw", "hand_points", "hand_points_at_once", "knock_quadratic", "knock_strong"}
    for name, text in about.items():
        assert "bench/" in text, name


@pytest.mark.parametrize(
    ("name", "features"),
    [("knock_strong", KNOCK_FEATURES), ("knock_quadratic", KNOCK_FEATURES), ("draw", DRAW_FEATURES)],
)
def test_each_rule_weighs_only_its_own_features(name: str, features: tuple[str, ...]) -> None:
    w = fitted_data.weights(name)
    assert "bias" in w
    for term in w:
        if term != "bias":
            assert all(f in features for f in term.split("*")), term


def test_the_modules_read_the_shipped_file() -> None:
    assert fitted_data.weights("knock_strong") == fitted.KNOCK_WEIGHTS
    assert fitted_data.weights("knock_quadratic") == fitted.KNOCK_WEIGHTS_QUADRATIC
    assert fitted_data.weights("draw") == fitted.DRAW_WEIGHTS
    assert fitted_data.counts("hand_points") == gamewin.HAND_POINTS
    assert all(k > 0 and n > 0 for k, n in gamewin.HAND_POINTS.items())
    mine = fitted_data.counts("hand_points_at_once")
    theirs = fitted_data.counts("hand_points_at_once", "opponent_counts")
    assert gamewin.HandOdds.from_counts(mine, theirs) == gamewin.AT_ONCE_ODDS


@pytest.mark.parametrize(
    ("reader", "name"),
    [
        (fitted_data.weights, "hand_points"),
        (fitted_data.counts, "draw"),
        (fitted_data.weights, "nothing"),
        (lambda name: fitted_data.counts(name, "opponent_counts"), "hand_points"),
    ],
)
def test_a_name_without_that_table_is_refused(reader: Callable[[str], object], name: str) -> None:
    with pytest.raises(ArgumentError, match=repr(name)):
        reader(name)
